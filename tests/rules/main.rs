//! The rules of every variant, checked through the library: perft against
//! published counts and against the independent generators kept beside the
//! tests (`tests/chu_brute`, `tests/polar_brute`, `tests/baccancat_reference`,
//! `tests/support/cat_brute.rs`), position texts, notation, SAN and PGN (of
//! every variant, and against python-chess), each
//! rule on a hand-built position, the differential run against cozy-chess,
//! the Cat Chess corpus and the properties every variant must have.

#[path = "../baccancat_reference/mod.rs"]
mod baccancat_reference;
#[path = "../chu_brute/mod.rs"]
mod chu_brute;
#[path = "../polar_brute/mod.rs"]
mod polar_brute;
#[path = "../support/mod.rs"]
mod support;

mod baccancat_camps;
mod baccancat_perft;
mod baccancat_pieces;
mod baccancat_rules;
mod baccancat_text;
mod cat_corpus;
mod cat_fen;
mod cat_notation;
mod cat_perft;
mod cat_rules;
mod chess_differential;
mod chess_endings;
mod chess_fen;
mod chess_perft;
mod chess_pgn;
mod chess_san;
mod chu_fen;
mod chu_perft;
mod chu_rules;
mod pgn_variants;
mod polar_geometry;
mod polar_notation;
mod polar_perft;
mod polar_rules;
mod retire_rules;
mod variant_properties;
