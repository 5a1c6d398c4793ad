//! The keepers of a game and the policy they share.

pub mod policy;
