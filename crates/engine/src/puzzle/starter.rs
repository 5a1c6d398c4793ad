//! The starter sets shipped with catboard: one puzzle file a variant in
//! `crates/engine/puzzles/`, made by `catboard puzzle --mine` (docs/analysis.md).

use crate::variants::Variant;

/// Each variant's starter set, by the variant's identifier.
const SETS: &[(&str, &str)] = &[
    ("chess", include_str!("../../puzzles/chess.txt")),
    ("cat", include_str!("../../puzzles/cat.txt")),
    ("chu", include_str!("../../puzzles/chu.txt")),
    ("polar", include_str!("../../puzzles/polar.txt")),
    ("baccancat", include_str!("../../puzzles/baccancat.txt")),
];

/// The text of `variant`'s starter set (empty when it has none).
pub fn text(variant: Variant) -> &'static str {
    SETS.iter()
        .find(|(id, _)| *id == variant.id())
        .map_or("", |(_, text)| text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_set_and_it_reads() {
        for &variant in Variant::ALL {
            let puzzles =
                super::super::read_file(variant, text(variant)).unwrap_or_else(|e| panic!("{e}"));
            assert!(!puzzles.is_empty(), "{} has no puzzles", variant.name());
            assert!(puzzles.iter().all(|p| p.variant == variant));
        }
    }
}
