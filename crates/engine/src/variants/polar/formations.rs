//! The starting formations: Option 1 (the default), Option 2, Rooks and
//! pawns (read from `data/polar/formations.json`), and the original
//! program's own array, Original (2004), as `docs/rules/polar.md` gives it.

use crate::core::orthodox::piece_of_letter;
use crate::core::{Piece, PieceKind, Seat};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The formations' data, as the repository keeps it.
const FORMATIONS_JSON: &str = include_str!("../../../../../data/polar/formations.json");

/// A starting formation of Polar chess.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Formation {
    /// Pawns on the ring edge cells, bishops and knights on the corners.
    #[default]
    Option1,
    /// The quietest: pawns on all four corners.
    Option2,
    /// Option 1 without bishops and knights.
    RooksAndPawns,
    /// The SphereChess program's array round its naming poles.
    Original2004,
}

impl Formation {
    /// Every formation, in the order the setup screen lists them.
    pub const ALL: [Formation; 4] = [
        Formation::Option1,
        Formation::Option2,
        Formation::RooksAndPawns,
        Formation::Original2004,
    ];

    /// The formation's key on the command line and in the data file.
    pub const fn key(self) -> &'static str {
        match self {
            Formation::Option1 => "option1",
            Formation::Option2 => "option2",
            Formation::RooksAndPawns => "rooks_and_pawns",
            Formation::Original2004 => "original_2004",
        }
    }

    /// The formation's name as players see it.
    pub const fn name(self) -> &'static str {
        match self {
            Formation::Option1 => "Option 1",
            Formation::Option2 => "Option 2",
            Formation::RooksAndPawns => "Rooks and pawns",
            Formation::Original2004 => "Original (2004)",
        }
    }

    /// The formation with this key.
    pub fn from_key(key: &str) -> Option<Formation> {
        Formation::ALL.into_iter().find(|f| f.key() == key)
    }

    /// Every piece of the formation with the name of its cell, White's
    /// first.
    pub fn pieces(self) -> Vec<(String, Piece)> {
        match self {
            Formation::Original2004 => original_2004(),
            _ => from_data(self.key()),
        }
    }
}

/// One formation in the data file: per army, cell name → piece letter.
#[derive(Deserialize)]
struct Armies {
    white: BTreeMap<String, String>,
    black: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct FormationsData {
    formations: BTreeMap<String, Armies>,
}

/// The formation `key` of the data file.
fn from_data(key: &str) -> Vec<(String, Piece)> {
    static DATA: OnceLock<FormationsData> = OnceLock::new();
    let data = DATA.get_or_init(|| match serde_json::from_str(FORMATIONS_JSON) {
        Ok(data) => data,
        Err(e) => panic!("the polar formations data in the repository is broken: {e}"),
    });
    let Some(armies) = data.formations.get(key) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (army, lower) in [(&armies.white, false), (&armies.black, true)] {
        for (cell, letter) in army {
            let letter = letter.chars().next().unwrap_or('?');
            let letter = if lower {
                letter.to_ascii_lowercase()
            } else {
                letter
            };
            if let Some(piece) = piece_of_letter(letter) {
                out.push((cell.clone(), piece));
            }
        }
    }
    out
}

/// The original program's array (`docs/rules/polar.md`, "Starting
/// formations"): White's queen and king on the triangle pair 1N/2N, rooks
/// 3N 6N, bishops 4N 7N, knights 5N 8N, pawns 10N–13N and 15N–18N; Black
/// the same on the S cells with king and queen swapped (king 1S, queen 2S).
fn original_2004() -> Vec<(String, Piece)> {
    use PieceKind::*;
    let pawns = [10, 11, 12, 13, 15, 16, 17, 18].map(|n| (n, Pawn));
    let mut out = Vec::new();
    for (seat, suffix, royals) in [
        (Seat::WHITE, 'N', [(1, Queen), (2, King)]),
        (Seat::BLACK, 'S', [(1, King), (2, Queen)]),
    ] {
        let officers = [
            (3, Rook),
            (6, Rook),
            (4, Bishop),
            (7, Bishop),
            (5, Knight),
            (8, Knight),
        ];
        for (number, kind) in royals.into_iter().chain(officers).chain(pawns) {
            out.push((format!("{number}{suffix}"), Piece::new(seat, kind)));
        }
    }
    out
}
