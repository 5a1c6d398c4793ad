//! The command line as a user runs it: `perft` and `rules` per variant,
//! `play` arguments, the documented limits and output failures, and the
//! property tests (fuzzing) of the files and text parsers the binary reads.

#[path = "../support/mod.rs"]
mod support;

mod cat_cli;
mod chu_cli;
mod cli_limits;
mod clock_cli;
mod engine_cli;
mod fuzz_files;
mod fuzz_parsers;
mod input_hardening;
mod mistakes_cli;
mod pgn_cli;
mod play_cli;
mod polar_cli;
