//! Moves in writing: `ee-ec`, `fo-fp=Q`, `pass` for the oracle and saves;
//! `Nce-ab`, `Rea×eh+`, `Kee-ec` for the move list; every spelling read back.

use super::BacCanCat;
use super::armies::{ARMIES, army_name};
use super::pieces::letter;
use crate::core::{Game, Move, PieceKind, Seat};
use crate::text::{quoted, with_article};

/// `mv` as the oracle writes it: `from-to`, `=X` for a promotion, `pass`.
pub fn move_text(game: &BacCanCat, mv: Move) -> String {
    if mv.is_pass() {
        return "pass".to_string();
    }
    let geo = game.geometry();
    let mut s = format!("{}-{}", geo.name(mv.from), geo.name(mv.to));
    if let Some(kind) = mv.promotion {
        s.push('=');
        s.push(letter(kind));
    }
    s
}

/// `mv` for the move list: the piece letter, `-` or `x` for a capture,
/// `=X` for a promotion, then `+` if it leaves a King in check or `#` if
/// it knocks an army out (`!` if it wins the game).
pub fn move_notation(game: &BacCanCat, mv: Move) -> String {
    if mv.is_pass() {
        return format!("{} passes", army_name(game.to_move()));
    }
    let geo = game.geometry();
    let piece = game.piece_at(mv.from).map_or('?', |p| letter(p.kind()));
    let sep = if game.captured(mv).is_some() {
        'x'
    } else {
        '-'
    };
    let mut s = format!("{piece}{}{sep}{}", geo.name(mv.from), geo.name(mv.to));
    if let Some(kind) = mv.promotion {
        s.push('=');
        s.push(letter(kind));
    }
    let mut after = game.clone();
    after.make_move(mv);
    let pos = after.position();
    if pos.outcome().is_some() {
        s.push('!');
    } else if pos.knocked_out().len() > game.position().knocked_out().len() {
        s.push('#');
    } else if !after.annotations().checked.is_empty() {
        s.push('+');
    }
    s
}

/// The army a pass written as the move list writes it names (`Red
/// passes`), if `text` is one.
fn named_pass(text: &str) -> Option<Seat> {
    let (army, verb) = text.split_once(' ')?;
    if !verb.trim().eq_ignore_ascii_case("passes") {
        return None;
    }
    ARMIES
        .into_iter()
        .find(|&s| army_name(s).eq_ignore_ascii_case(army.trim()))
}

/// Why BacCanCat refuses a move's text; `from` and `to` are cell names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// An army named passing out of turn.
    #[error("It is {}'s turn, so {} cannot pass now.", army_name(*.to_move), army_name(*.army))]
    NotYourPass {
        /// The army to move.
        to_move: Seat,
        /// The army named.
        army: Seat,
    },
    /// A pass by an army with a move to make.
    #[error("{} has a move to make, so it may not pass.", army_name(*.0))]
    MustMove(Seat),
    /// Not written from-to with two-letter cells.
    #[error(
        "{} is not a move: write it from-to with two-letter cells, like ee-ec or fo-fp=Q.",
        quoted(.0)
    )]
    NotAMove(String),
    /// What follows `=` is no piece letter.
    #[error(
        "{} after = is no piece letter; promotions are written =Q, =T, =G, =R, =B, =N, =M, =C or =A.",
        quoted(.0)
    )]
    NotAPieceLetter(String),
    /// The army to move has no piece on the cell.
    #[error("{} has no piece on {cell}.", army_name(*.army))]
    NoPiece {
        /// The army to move.
        army: Seat,
        /// The cell.
        cell: String,
    },
    /// A piece letter that is not the piece on the cell.
    #[error(
        "The piece on {cell} is {}, not {}.",
        with_article(.kind.name()),
        quoted(&.letter.to_string())
    )]
    WrongPiece {
        /// The cell.
        cell: String,
        /// The piece there.
        kind: PieceKind,
        /// The letter written.
        letter: char,
    },
    /// The piece cannot go there now.
    #[error("{}'s {} on {from} cannot move to {to} now.", army_name(*.army), .kind.name())]
    CannotMove {
        /// The army to move.
        army: Seat,
        /// Its piece.
        kind: PieceKind,
        /// The cell it leaves.
        from: String,
        /// The cell named.
        to: String,
    },
    /// A move that must promote written without its piece.
    #[error("{from}-{to} must promote: add one of {}.", .choices.join(", "))]
    MustPromote {
        /// The cell left.
        from: String,
        /// The cell reached.
        to: String,
        /// The promotions allowed (`=Q`).
        choices: Vec<String>,
    },
    /// A promotion where the move does not promote.
    #[error("{from}-{to} cannot promote to {} here.", .kind.name())]
    NoPromotion {
        /// The cell left.
        from: String,
        /// The cell reached.
        to: String,
        /// The piece written.
        kind: PieceKind,
    },
    /// A promotion to a piece the Reserve does not hold.
    #[error("{from}-{to} cannot promote to {}; the Reserve allows {}.", .kind.name(), .choices.join(", "))]
    NotInReserve {
        /// The cell left.
        from: String,
        /// The cell reached.
        to: String,
        /// The piece written.
        kind: PieceKind,
        /// The promotions allowed (`=Q`).
        choices: Vec<String>,
    },
}

/// Reads a move (`ee-ec`, `eeec`, `Kee-ec`, `ce×ab`, `fo-fp=Q`, `fofpq`,
/// `pass`, `Red passes`; trailing `+ # !` ignored) and checks it is legal.
pub fn parse_move(game: &BacCanCat, text: &str) -> Result<Move, Refusal> {
    let trimmed = text.trim().trim_end_matches(['+', '#', '!']);
    let legal = game.legal_move_list();
    if let Some(army) = named_pass(trimmed)
        && army != game.to_move()
    {
        return Err(Refusal::NotYourPass {
            to_move: game.to_move(),
            army,
        });
    }
    if trimmed.eq_ignore_ascii_case("pass") || named_pass(trimmed).is_some() {
        return if legal.iter().any(|m| m.is_pass()) {
            Ok(Move::PASS)
        } else {
            Err(Refusal::MustMove(game.to_move()))
        };
    }
    let shape = || Refusal::NotAMove(text.trim().to_string());
    let mut body = trimmed;
    let mut named_piece = None;
    let mut chars = body.chars();
    if let (Some(first), Some(second)) = (chars.next(), chars.next())
        && first.is_ascii_uppercase()
        && second.is_ascii_lowercase()
    {
        named_piece = Some(first);
        body = &body[1..];
    }
    let (cells, promo) = match body.split_once('=') {
        Some((c, p)) => (c, Some(p)),
        None => (body, None),
    };
    let letters: String = cells
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | '×' | ':'))
        .collect::<String>()
        .to_ascii_lowercase();
    if !letters.is_ascii() {
        return Err(shape());
    }
    let (cells, promo) = match (letters.len(), promo) {
        (4, p) => (letters.as_str(), p.map(str::to_string)),
        (5, None) => (&letters[..4], Some(letters[4..].to_string())),
        _ => return Err(shape()),
    };
    let geo = game.geometry();
    let (Some(from), Some(to)) = (geo.cell(&cells[..2]), geo.cell(&cells[2..])) else {
        return Err(shape());
    };
    let promotion = match promo.as_deref().map(str::trim) {
        None => None,
        Some(p) => {
            let mut chars = p.chars();
            match (
                chars
                    .next()
                    .and_then(|c| game.position().leapers().kind_of_letter(c)),
                chars.next(),
            ) {
                (Some(kind), None) => Some(kind),
                _ => {
                    return Err(Refusal::NotAPieceLetter(p.to_string()));
                }
            }
        }
    };
    let army = game.to_move();
    let Some(piece) = game.piece_at(from).filter(|p| p.seat() == army) else {
        return Err(Refusal::NoPiece {
            army,
            cell: geo.name(from).to_string(),
        });
    };
    if let Some(ch) = named_piece
        && ch != letter(piece.kind())
    {
        return Err(Refusal::WrongPiece {
            cell: geo.name(from).to_string(),
            kind: piece.kind(),
            letter: ch,
        });
    }
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !m.is_pass() && m.from == from && m.to == to)
        .collect();
    if candidates.is_empty() {
        return Err(Refusal::CannotMove {
            army,
            kind: piece.kind(),
            from: geo.name(from).to_string(),
            to: geo.name(to).to_string(),
        });
    }
    if let Some(mv) = candidates.iter().find(|m| m.promotion == promotion) {
        return Ok(*mv);
    }
    let choices: Vec<String> = candidates
        .iter()
        .filter_map(|m| m.promotion.map(|k| format!("={}", letter(k))))
        .collect();
    let (from, to) = (geo.name(from).to_string(), geo.name(to).to_string());
    Err(match promotion {
        None => Refusal::MustPromote { from, to, choices },
        Some(kind) if choices.is_empty() => Refusal::NoPromotion { from, to, kind },
        Some(kind) => Refusal::NotInReserve {
            from,
            to,
            kind,
            choices,
        },
    })
}
