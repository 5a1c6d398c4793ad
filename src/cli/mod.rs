//! The command-line subcommands, one module each.

pub mod tools;
