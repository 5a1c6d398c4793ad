//! Helpers for catboard's tests, shared by the crates' own tests and the
//! test crates in `tests/`: scratch folders removed when done, and the
//! engines the engine client's tests play (the fake engine of
//! `examples/fake_engine.rs`, and the real ones when installed).

pub mod engines;
pub mod scratch;

pub use engines::{fake_engine, fake_engine_program, real_engine};
pub use scratch::Scratch;
