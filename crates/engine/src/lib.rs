//! catboard's engine library: the shared core, the variants, notation, and
//! the computer player and move entry. It knows nothing of terminals.

pub mod ai;
pub mod analysis;
pub mod clock;
pub mod core;
pub mod durable;
pub mod entry;
pub mod limits;
pub mod notation;
pub mod protocol;
pub mod puzzle;
pub mod rating;
pub mod series;
pub mod text;
pub mod variants;
