//! Moves of Polar chess in writing. The coordinate form is `from-to` with
//! the board's cell names (`15N-16N`), a promotion adding `=` and the
//! piece (`19S-10E=Q`); captures and en passant are written the same way.
//! The move list form adds the piece letter (none for a pawn), `x` for a
//! capture and `+` or `#` for check or mate: `B2Ex3N`, `19Sx10E=Q+`.
//! Either form is read, in any case, with or without `-`, `x` or `=`.

use super::Polar;
use super::position::cell_named;
use crate::core::orthodox::PROMOTIONS;
use crate::core::{Game, Move, PieceKind};
use crate::text::quoted;

/// `mv` in coordinates: `15N-16N`, `19S-10E=Q`.
pub fn move_text(game: &Polar, mv: Move) -> String {
    let geo = game.geometry();
    let mut s = format!("{}-{}", geo.name(mv.from), geo.name(mv.to));
    if let Some(kind) = mv.promotion {
        s.push('=');
        s.push(kind.letter());
    }
    s
}

/// `mv` as the move list shows it: `B2Ex3N`, `15N-16N`, `19Sx10E=Q+`.
pub fn move_notation(game: &Polar, mv: Move) -> String {
    let geo = game.geometry();
    let mut s = String::new();
    if let Some(p) = game.piece_at(mv.from)
        && p.kind() != PieceKind::Pawn
    {
        s.push(p.kind().letter());
    }
    s.push_str(geo.name(mv.from));
    s.push(if game.captured(mv).is_some() {
        'x'
    } else {
        '-'
    });
    s.push_str(geo.name(mv.to));
    if let Some(kind) = mv.promotion {
        s.push('=');
        s.push(kind.letter());
    }
    let mut after = game.clone();
    after.make_move(mv);
    if after.in_check() {
        s.push(if after.legal_move_list().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}

/// A move as written: an optional piece letter, two cells, an optional
/// promotion letter.
struct Written<'a> {
    piece: Option<char>,
    from: &'a str,
    to: &'a str,
    promotion: Option<char>,
}

/// Splits `text` (marks such as `+`, `#`, `!` and `?` already taken off)
/// into its parts; `None` when it has not that shape.
fn split(text: &str) -> Option<Written<'_>> {
    let mut rest = text;
    let mut piece = None;
    if let Some(first) = rest.chars().next()
        && first.is_ascii_alphabetic()
    {
        piece = Some(first.to_ascii_uppercase());
        rest = &rest[1..];
    }
    // A cell: digits then one letter.
    let cell = |s: &str| -> Option<usize> {
        let digits = s.chars().take_while(char::is_ascii_digit).count();
        (digits > 0 && s[digits..].chars().next()?.is_ascii_alphabetic()).then_some(digits + 1)
    };
    let n = cell(rest)?;
    let (from, mut rest) = rest.split_at(n);
    rest = rest.trim_start_matches(['-', 'x', 'X', ':']);
    let n = cell(rest)?;
    let (to, mut rest) = rest.split_at(n);
    rest = rest.trim_start_matches(['=', '(']).trim_end_matches(')');
    let mut letters = rest.chars();
    let promotion = letters.next().map(|c| c.to_ascii_uppercase());
    if letters.next().is_some() {
        return None;
    }
    Some(Written {
        piece,
        from,
        to,
        promotion,
    })
}

/// Why Polar chess refuses a move's text. `text` is the move as written;
/// `shown` a move's cells as `15N-16N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Not written from-to with cell names.
    #[error(
        "{} is not a Polar chess move; write it as from-to with cell names, such as 15N-16N or 19S-10E=Q.",
        quoted(.text)
    )]
    NotAMove {
        /// The move as written.
        text: String,
    },
    /// A cell name the sphere does not have.
    #[error("There is no cell {} on the polar board (in the move {}).", quoted(.cell), quoted(.text))]
    NoCell {
        /// The name.
        cell: String,
        /// The move as written.
        text: String,
    },
    /// A piece letter that is not the piece on the cell.
    #[error(
        "The move {} names a piece {} but {from} holds no such piece of the side to move.",
        quoted(.text),
        quoted(&.letter.to_string())
    )]
    NoSuchPiece {
        /// The move as written.
        text: String,
        /// The letter written.
        letter: char,
        /// The cell it leaves.
        from: String,
    },
    /// No legal move goes from-to.
    #[error("{shown} is not a legal move here.")]
    Illegal {
        /// The move's cells.
        shown: String,
    },
    /// A promotion letter that is no piece to promote to.
    #[error(
        "{} in the move {} is not a piece to promote to; choose Q, R, B or N.",
        quoted(&.letter.to_string()),
        quoted(.text)
    )]
    NotAPromotion {
        /// The letter written.
        letter: char,
        /// The move as written.
        text: String,
    },
    /// A move that promotes written without its piece.
    #[error("{shown} promotes; add the piece, such as {shown}=Q.")]
    MustPromote {
        /// The move's cells.
        shown: String,
    },
    /// A promotion to a piece the pawn may not become there.
    #[error(
        "{shown} does not promote to that piece; a pawn there becomes Q, R, B or N, and only on an enemy central cell."
    )]
    WrongPromotion {
        /// The move's cells.
        shown: String,
    },
}

/// Reads a move in either form and checks that it is legal.
pub fn parse_move(game: &Polar, text: &str) -> Result<Move, Refusal> {
    let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let written = || text.trim().to_string();
    let Some(w) = split(trimmed) else {
        return Err(Refusal::NotAMove { text: written() });
    };
    let (Some(from), Some(to)) = (cell_named(game, w.from), cell_named(game, w.to)) else {
        let bad = if cell_named(game, w.from).is_none() {
            w.from
        } else {
            w.to
        };
        return Err(Refusal::NoCell {
            cell: bad.to_string(),
            text: written(),
        });
    };
    let geo = game.geometry();
    let shown = format!("{}-{}", geo.name(from), geo.name(to));
    let mover = game.piece_at(from);
    if let Some(letter) = w.piece
        && mover.is_none_or(|p| p.kind().letter() != letter)
    {
        return Err(Refusal::NoSuchPiece {
            text: written(),
            letter,
            from: geo.name(from).to_string(),
        });
    }
    let candidates: Vec<Move> = game
        .legal_move_list()
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    if candidates.is_empty() {
        return Err(Refusal::Illegal { shown });
    }
    let wanted = match w.promotion {
        None => None,
        Some(letter) => match PROMOTIONS.iter().find(|k| k.letter() == letter) {
            Some(&kind) => Some(kind),
            None => {
                return Err(Refusal::NotAPromotion {
                    letter,
                    text: written(),
                });
            }
        },
    };
    match candidates.iter().find(|m| m.promotion == wanted) {
        Some(&mv) => Ok(mv),
        None if wanted.is_none() => Err(Refusal::MustPromote { shown }),
        None => Err(Refusal::WrongPromotion { shown }),
    }
}
