//! The command-line subcommands, one module each.

pub mod engine;
pub mod tools;
