//! The engines the engine client's tests play, from the test kit.

#[allow(unused_imports, reason = "each test crate uses some of them")]
pub use catboard_testkit::engines::*;
