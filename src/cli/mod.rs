//! The command-line subcommands, one module each.

pub mod engine;
pub mod play;
pub mod selfplay;
pub mod tools;
pub mod uci_cat;
