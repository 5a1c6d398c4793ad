//! End to end: the real binary played by keys in a pseudo-terminal, its
//! reliability when the terminal dies or saving fails, two catboards on
//! one saved game, the `selfplay` soak and the `catboard-match` runner.

#[path = "../support/mod.rs"]
mod support;

mod e2e_play;
mod e2e_reliability;
mod match_runner;
mod saves_locked;
mod soak_cli;
