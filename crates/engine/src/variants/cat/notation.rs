//! Move text for the move list and the prompt: SAN for White and Black,
//! `Ca4-b5` and `Cats pass` for the Cats; coordinates (`e2e4`, `a4b5`,
//! `pass`) or SAN read back.

use super::position::seat_possessive;
use super::{CATS, CatChess};
use crate::core::orthodox::coordinate_text;
use crate::core::{EndReason, Game, Move, Seat};
use crate::notation::san;

/// `mv` in coordinates (`e2e4`, `a4b5`), or `pass`.
pub fn move_text(game: &CatChess, mv: Move) -> String {
    if mv.is_pass() {
        "pass".to_string()
    } else {
        coordinate_text(game.geometry(), mv)
    }
}

/// `mv` as the move list shows it; `mv` must be legal now.
///
/// An army's move gets `+` when it leaves the enemy King open and `#` when
/// that is mate; after Black's move the Cats move first, so Black's checks
/// are never marked as mate.
pub fn move_notation(game: &CatChess, mv: Move) -> String {
    let geo = game.geometry();
    if game.to_move() == CATS {
        return if mv.is_pass() {
            "Cats pass".to_string()
        } else {
            format!("C{}-{}", geo.name(mv.from), geo.name(mv.to))
        };
    }
    let legal = game.legal_move_list();
    let mut text = san::san_body(game, mv, &legal);
    let enemy = game.to_move().opponent();
    let mut after = game.clone();
    after.make_move(mv);
    if after.king_open(enemy) {
        let mated = after.to_move() == enemy
            && after
                .outcome()
                .is_some_and(|o| o.reason == EndReason::Checkmate);
        text.push(if mated { '#' } else { '+' });
    }
    text
}

/// Why Cat Chess refuses a move's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A pass when it is not the Cats' turn.
    #[error("Only the Cats may pass, and it is {} move.", seat_possessive(*.to_move))]
    OnlyCatsPass {
        /// Whose turn it is.
        to_move: Seat,
    },
    /// A move in coordinates or SAN refused.
    #[error(transparent)]
    San(#[from] san::SanError),
}

/// Reads a move in coordinates (`e2e4`, `e7e8q`, `a4b5`, `pass`) or as the
/// move list writes it (`Nf3`, `O-O`, `Ca4-b5`, `Cats pass`), and checks
/// that it is legal.
pub fn parse_move(game: &CatChess, text: &str) -> Result<Move, Refusal> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    if lower == "pass" || lower == "cats pass" {
        return if game.to_move() == CATS {
            Ok(Move::PASS)
        } else {
            Err(Refusal::OnlyCatsPass {
                to_move: game.to_move(),
            })
        };
    }
    Ok(san::parse_coordinate_or_san(game, trimmed)?)
}
