//! The built-in openings: short lines in coordinate notation, so that a
//! match is not the same game played again and again.

use catboard::variants::Variant;

/// The built-in opening lines of `variant`: chess's well-known lines, or
/// Chu Chess's short developing lines.
pub fn built_in(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chu => CHU_OPENINGS,
        _ => OPENINGS,
    }
}

/// Chess opening lines, each a space-separated list of moves from the start.
pub const OPENINGS: &[&str] = &[
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",
    "e2e4 e7e5 f2f4 e5f4 g1f3",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6",
    "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4",
    "e2e4 c7c5 b1c3 b8c6 g2g3",
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",
    "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5",
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4",
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
    "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6",
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",
    "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6",
    "d2d4 f7f5 g2g3 g8f6 f1g2 g7g6",
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
    "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6",
    "g1f3 d7d5 g2g3 g8f6 f1g2 c7c6",
    "g1f3 g8f6 c2c4 g7g6 b2b3 f8g7",
    "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5",
    "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5",
    "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5",
    "b2b3 e7e5 c1b2 b8c6 e2e3 g8f6",
];

/// Chu Chess opening lines (Pawn steps and double steps, Knights out, a
/// Lion's first jump), each a space-separated list of moves from the start.
pub const CHU_OPENINGS: &[&str] = &[
    "e2e4 f7f5 b1c3 i8h6",
    "f2f4 e7e5 i1h3 b8c6",
    "d2d4 g7g5 e1e3 f8f6",
    "g2g4 d7d5 b1c3 b8c6",
    "e2e3 e7e6 i1h3 i8h6",
    "c2c4 h7h5 e1d3 f8g6",
    "h2h4 c7c5 b1a3 i8j6",
    "f2f3 f7f6 d2d3 e7e5",
    "e2e4 e7e5 e1e3 f8f6",
    "d2d4 f7f5 c2c3 b8c6",
    "i2i4 b7b5 i1h3 e7e5",
    "b2b4 i7i5 g2g3 d7d5",
];
