//! catboard's engine library: the shared core, the variants, notation, and
//! (in later modules) the computer player. It knows nothing of terminals.

pub mod ai;
pub mod core;
pub mod notation;
pub mod protocol;
pub mod variants;
