//! A scratch folder for one test, from the test kit.

#[allow(unused_imports, reason = "not every test crate makes scratch folders")]
pub use catboard_testkit::Scratch;
