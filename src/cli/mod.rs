//! The command-line subcommands, one module each.

pub mod play;
pub mod tools;
