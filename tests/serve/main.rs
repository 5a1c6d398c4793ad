//! `catboard serve` end to end, with russh clients on a loopback port.

// The server exists only with the `ssh` feature (on by default).
#![cfg(feature = "ssh")]

#[path = "../support/mod.rs"]
mod support;

mod archive;
mod clocks;
mod hardening;
mod lines;
mod pairing;
mod serve;
mod unplayed;
mod verdicts;
