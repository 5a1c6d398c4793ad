//! Text forms shared by variants: grid placement fields, SAN, PGN.

pub mod fen;
pub mod pgn;
pub mod placement;
pub mod san;
