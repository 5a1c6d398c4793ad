//! Chu Chess moves as text.
//!
//! - Coordinates, as XBoard writes them: `e2e4`, `a6a7q` (Chess-like
//!   promotion), `b6b7+` (Shogi-like; no `+` declines), a Lion's two-step
//!   with its legs `e1f2,f2g3`, igui `e1f2,f2e1`, castling as the King's
//!   move `f0i0`, and the Lion's pass as XBoard's null move `@@@@`
//!   (XBoard 4.9 relays a Black Lion's pass written in legs, `g9h9,h9g9`,
//!   as castling, `g9g9,h9f9`: its backend.c takes a two-leg move whose
//!   middle cell is empty or the mover's own for castling; a null move it
//!   records and relays as `@@@@`). Reading also takes the pass in legs
//!   through any empty neighbour (`e1e2,e2e1`), `pass`, `null` and `--`
//!   (XBoard's and PGN's null move), and a two-step through an empty cell
//!   (`e1e2,e2e3`, the same move as `e1e3`).
//! - The readable move list: the piece (`L`, `+R`, none for a Pawn), the
//!   origin only where two pieces could make the same move, `x` for a
//!   capture, the destination, then `=Q` (Chess-like) or `+` (Shogi-like)
//!   for a promotion; a Pawn's capture starts with its file (`dxe4`). The
//!   Lion's two-step: `Lxf2-g3` (hit and run), `Lxf2xg3` (double capture),
//!   `Lxf2-e1` (igui, back to its origin e1), `L pass`; castling `O-O`
//!   (towards file j) and `O-O-O`. No check marks are written.

use super::Chu;
use super::pieces::{kind_of_letter, kind_text};
use super::play::is_lion_pass;
use super::promotion::PromotionMode;
use crate::core::{Cell, Game, Move, MoveKind, MoveList, PieceKind};
use crate::text::quoted;

/// The Lion's pass as XBoard writes a null move.
pub const NULL_MOVE: &str = "@@@@";

/// The other words read as the Lion's pass: XBoard's and PGN's null moves.
const PASS_WORDS: [&str; 4] = [NULL_MOVE, "pass", "null", "--"];

/// `mv` in XBoard's coordinates.
pub fn move_text(game: &Chu, mv: Move) -> String {
    let geo = &game.t.geo;
    let name = |c: Cell| geo.name(c);
    match mv.kind {
        MoveKind::TwoLeg if is_lion_pass(mv) => NULL_MOVE.to_string(),
        MoveKind::TwoLeg => format!(
            "{}{},{}{}",
            name(mv.from),
            name(mv.aux),
            name(mv.aux),
            name(mv.to)
        ),
        _ => {
            let mut s = format!("{}{}", name(mv.from), name(mv.to));
            if let Some(kind) = mv.promotion {
                match game.options.promotion {
                    PromotionMode::Chess => s.push(kind.letter().to_ascii_lowercase()),
                    PromotionMode::Shogi => s.push('+'),
                }
            }
            s
        }
    }
}

/// `mv` as the move list writes it, with the origin when `with_origin`.
fn spelled(game: &Chu, mv: Move, with_origin: bool) -> String {
    let geo = &game.t.geo;
    let name = |c: Cell| geo.name(c).to_string();
    let Some(piece) = game.board.get(mv.from) else {
        return move_text(game, mv);
    };
    let origin = if with_origin {
        name(mv.from)
    } else {
        String::new()
    };
    let letter = kind_text(piece.kind());
    match mv.kind {
        MoveKind::Castle => {
            if geo.file(mv.to) > geo.file(mv.from) {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        MoveKind::TwoLeg if is_lion_pass(mv) => format!("{letter}{origin} pass"),
        MoveKind::TwoLeg => {
            let second = if mv.to != mv.from && game.board.get(mv.to).is_some() {
                'x'
            } else {
                '-'
            };
            format!("{letter}{origin}x{}{second}{}", name(mv.aux), name(mv.to))
        }
        _ => {
            let capture = game.captured(mv).is_some();
            let mut s = if piece.kind() == PieceKind::Pawn {
                if capture && !with_origin {
                    name(mv.from)[..1].to_string()
                } else {
                    origin
                }
            } else {
                format!("{letter}{origin}")
            };
            if capture {
                s.push('x');
            }
            s.push_str(&name(mv.to));
            if let Some(kind) = mv.promotion {
                match game.options.promotion {
                    PromotionMode::Chess => {
                        s.push('=');
                        s.push_str(&kind_text(kind));
                    }
                    PromotionMode::Shogi => s.push('+'),
                }
            }
            s
        }
    }
}

/// The readable texts of every legal move, the origin added where two
/// moves would read alike.
fn readable_all(game: &Chu, moves: &MoveList) -> Vec<String> {
    let plain: Vec<String> = moves.iter().map(|&m| spelled(game, m, false)).collect();
    moves
        .iter()
        .zip(&plain)
        .map(|(&m, text)| {
            if plain.iter().filter(|t| *t == text).count() > 1 {
                spelled(game, m, true)
            } else {
                text.clone()
            }
        })
        .collect()
}

/// `mv` (legal now) as the move list writes it.
pub fn move_notation(game: &Chu, mv: Move) -> String {
    let moves = game.legal_move_list();
    match moves.iter().position(|&m| m == mv) {
        Some(i) => readable_all(game, &moves).swap_remove(i),
        None => spelled(game, mv, false),
    }
}

/// How to write a move, for error messages.
const SPELLINGS: &str =
    "write it as e2e4, a6a7q, b6b7+, e1f2,f2g3 or as the move list does (Lxf2-g3)";

/// One leg `e1f2`: its two cells, and what follows them.
fn leg<'a>(game: &Chu, text: &'a str) -> Option<(Cell, Cell, &'a str)> {
    let geo = &game.t.geo;
    let from = geo.cell(text.get(0..2)?)?;
    let to = geo.cell(text.get(2..4)?)?;
    Some((from, to, text.get(4..)?))
}

/// Why Chu Chess refuses a move's text (each holding the text as written).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Not a move in any spelling Chu reads.
    #[error("Move {} cannot be read; {SPELLINGS}.", quoted(.0))]
    Unreadable(String),
    /// A move that is not legal now.
    #[error("Move {} is not legal here.", quoted(.0))]
    Illegal(String),
    /// The Lion's pass (written as a null move) when no Lion may pass.
    #[error("Move {} is the Lion's pass, which is not legal here.", quoted(.0))]
    PassIllegal(String),
    /// A Lion's two legs that do not meet.
    #[error("Move {}: the second leg must start where the first ends.", quoted(.0))]
    LegsApart(String),
    /// A Lion's leg longer than a king step.
    #[error("Move {}: each leg must be one king step.", quoted(.0))]
    LongLeg(String),
    /// A Lion's first leg ending on its own side's piece.
    #[error("Move {}: the first leg ends on a piece of the side to move.", quoted(.0))]
    OwnPieceMidway(String),
}

/// Reads a move in any spelling and checks that it is legal now.
pub fn parse_move(game: &Chu, text: &str) -> Result<Move, Refusal> {
    let text = text.trim();
    let moves = game.legal_move_list();
    if let Some(i) = readable_all(game, &moves).iter().position(|t| t == text) {
        return Ok(moves[i]);
    }
    if PASS_WORDS.contains(&text) {
        return moves
            .iter()
            .copied()
            .find(|&m| is_lion_pass(m))
            .ok_or_else(|| Refusal::PassIllegal(text.to_string()));
    }
    let unreadable = || Refusal::Unreadable(text.to_string());
    let illegal = || Refusal::Illegal(text.to_string());
    let wanted = match text.split_once(',') {
        None => {
            let (from, to, rest) = leg(game, text).ok_or_else(unreadable)?;
            let found = moves.iter().copied().find(|m| {
                m.from == from
                    && m.to == to
                    && m.kind != MoveKind::TwoLeg
                    && match rest {
                        "" => m.promotion.is_none(),
                        "+" => {
                            m.promotion.is_some() && game.options.promotion == PromotionMode::Shogi
                        }
                        letters => {
                            let mut chars = letters.chars();
                            let letter = chars.next().map(|c| c.to_ascii_uppercase());
                            chars.next().is_none()
                                && game.options.promotion == PromotionMode::Chess
                                && letter
                                    .and_then(|l| kind_of_letter(l, false))
                                    .is_some_and(|k| m.promotion == Some(k))
                        }
                    }
            });
            return found.ok_or_else(|| {
                if rest.is_empty() || rest == "+" || rest.len() == 1 {
                    illegal()
                } else {
                    unreadable()
                }
            });
        }
        Some((first, second)) => {
            let (from, mid, r1) = leg(game, first).ok_or_else(unreadable)?;
            let (mid2, to, r2) = leg(game, second).ok_or_else(unreadable)?;
            if !r1.is_empty() || !r2.is_empty() || mid != mid2 {
                return Err(Refusal::LegsApart(text.to_string()));
            }
            if !game.t.adjacent(from, mid) || !game.t.adjacent(mid, to) {
                return Err(Refusal::LongLeg(text.to_string()));
            }
            match game.board.get(mid) {
                None if to == from => Move::two_leg(from, from, from),
                None => Move::normal(from, to),
                Some(p) if p.seat() != game.side => Move::two_leg(from, mid, to),
                Some(_) => {
                    return Err(Refusal::OwnPieceMidway(text.to_string()));
                }
            }
        }
    };
    if moves.contains(&wanted) {
        Ok(wanted)
    } else {
        Err(illegal())
    }
}
