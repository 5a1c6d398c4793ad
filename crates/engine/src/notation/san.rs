//! Standard algebraic notation (SAN) for games with chess's armies on a
//! grid: written for the move list, read from the move prompt.

use crate::core::{Game, Move, MoveKind, MoveList, PieceKind};
use crate::text::{or_list, quoted};

/// The file part and rank part of a grid cell's name (`e` and `4` of `e4`).
fn split_name(name: &str) -> (&str, &str) {
    let cut = name.char_indices().nth(1).map_or(name.len(), |(i, _)| i);
    name.split_at(cut)
}

/// `mv` in SAN without the check mark: `Nbd2`, `exd5`, `e8=Q`, `O-O`.
pub fn san_body<G: Game>(game: &G, mv: Move, legal: &[Move]) -> String {
    let geo = game.geometry();
    if mv.kind == MoveKind::Castle {
        return if geo.file(mv.aux) > geo.file(mv.from) {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    if mv.is_pass() {
        return "pass".to_string();
    }
    let Some(piece) = game.piece_at(mv.from) else {
        return game.move_text(mv);
    };
    let to_name = geo.name(mv.to);
    let capture = game.captured(mv).is_some();
    let mut s = String::new();
    if piece.kind() == PieceKind::Pawn {
        if capture {
            s.push_str(split_name(geo.name(mv.from)).0);
            s.push('x');
        }
        s.push_str(to_name);
    } else {
        s.push(piece.kind().letter());
        let rivals: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.to == mv.to
                    && m.from != mv.from
                    && m.kind != MoveKind::Castle
                    && game.piece_at(m.from) == Some(piece)
            })
            .collect();
        if !rivals.is_empty() {
            let (file, rank) = split_name(geo.name(mv.from));
            let same_file = rivals
                .iter()
                .any(|m| split_name(geo.name(m.from)).0 == file);
            let same_rank = rivals
                .iter()
                .any(|m| split_name(geo.name(m.from)).1 == rank);
            if !same_file {
                s.push_str(file);
            } else if !same_rank {
                s.push_str(rank);
            } else {
                s.push_str(file);
                s.push_str(rank);
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(to_name);
    }
    if let Some(kind) = mv.promotion {
        s.push('=');
        s.push(kind.letter());
    }
    s
}

/// `mv` in SAN with `+` for check and `#` for mate; `mv` must be legal.
pub fn to_san<G: Game>(game: &G, mv: Move) -> String {
    let legal = game.legal_move_list();
    let mut s = san_body(game, mv, &legal);
    let mut after = game.clone();
    after.make_move(mv);
    if after.in_check() {
        let mut replies = MoveList::new();
        after.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

/// Why a move written in coordinates or SAN is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Nothing was written.
    #[error("The move is empty.")]
    Empty,
    /// Coordinates in capitals (`E2E4`) that name no legal move.
    #[error("{} is not a legal move.", quoted(.text))]
    NotLegal {
        /// The move as written.
        text: String,
    },
    /// No legal move of `side` is written so.
    #[error("{} is not a legal move for {side} in this position.", quoted(.text))]
    NotLegalFor {
        /// The move as written.
        text: String,
        /// The side to move's name.
        side: &'static str,
    },
    /// More than one legal move is written so.
    #[error("{} is ambiguous here: it could be {}.", quoted(.text), or_list(.could_be))]
    Ambiguous {
        /// The move as written.
        text: String,
        /// Each move it could be, in SAN, sorted.
        could_be: Vec<String>,
    },
}

/// Reads a move written as coordinates (`e2e4`, `e7e8q`) or in SAN (`Nf3`,
/// `exd5`, `O-O`, `e8=Q+`), and checks it is legal.
pub fn parse_coordinate_or_san<G: Game>(game: &G, text: &str) -> Result<Move, SanError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SanError::Empty);
    }
    let legal = game.legal_move_list();
    let lower = text.to_ascii_lowercase();
    let coordinate = || legal.iter().copied().find(|m| game.move_text(*m) == lower);
    // A capital first letter names a piece (`B1c2` is a Bishop, not the
    // coordinate move b1c2); coordinates in capitals are read after SAN.
    let piece_first = text.starts_with(|c: char| c.is_ascii_uppercase());
    if !piece_first && let Some(mv) = coordinate() {
        return Ok(mv);
    }
    let wanted = normalise_san(text);
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| normalise_san(&san_body(game, *m, &legal)) == wanted)
        .collect();
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] if piece_first && coordinate().is_some() => {
            coordinate().ok_or_else(|| SanError::NotLegal {
                text: text.to_string(),
            })
        }
        [] => {
            // A piece move written with more disambiguation than needed
            // (`Ngf3`, `Pe4`) is still accepted when it names one legal move.
            let loose: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| over_specified_match(game, *m, &wanted))
                .collect();
            if let [mv] = loose.as_slice() {
                return Ok(*mv);
            }
            // A piece move without the detail its rivals need (`Nd2` with
            // knights on b1 and f3) names more than one move.
            let vague: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| under_specified_match(game, *m, &wanted))
                .collect();
            if vague.len() > 1 {
                return Err(ambiguous(game, text, &vague, &legal));
            }
            Err(SanError::NotLegalFor {
                text: text.to_string(),
                side: game.seat_name(game.to_move()),
            })
        }
        many => Err(ambiguous(game, text, many, &legal)),
    }
}

/// The error for `text` naming each of `candidates`: `'Nd2' is ambiguous
/// here: it could be Nbd2 or Nfd2.`
fn ambiguous<G: Game>(game: &G, text: &str, candidates: &[Move], legal: &[Move]) -> SanError {
    let mut names: Vec<String> = candidates
        .iter()
        .map(|m| san_body(game, *m, legal))
        .collect();
    names.sort();
    SanError::Ambiguous {
        text: text.to_string(),
        could_be: names,
    }
}

/// Whether `wanted` names `mv`'s piece and destination without the
/// from-cell detail SAN needs to tell it from its rivals (`Nd2` for `Nbd2`).
fn under_specified_match<G: Game>(game: &G, mv: Move, wanted: &str) -> bool {
    let Some(piece) = game.piece_at(mv.from) else {
        return false;
    };
    if mv.kind == MoveKind::Castle || piece.kind() == PieceKind::Pawn {
        return false;
    }
    let promo = mv
        .promotion
        .map(|k| k.letter().to_string())
        .unwrap_or_default();
    format!(
        "{}{}{promo}",
        piece.kind().letter(),
        game.geometry().name(mv.to)
    ) == wanted
}

/// SAN with check marks, annotations, `x`, `=`, `e.p.` and spaces removed,
/// and `0-0` read as `O-O`.
fn normalise_san(s: &str) -> String {
    let s = s.trim().replace("e.p.", "");
    let s = s.replace('0', "O");
    s.chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':' | '=' | ' ' | '-'))
        .collect()
}

/// Whether `wanted` names `mv` with extra from-cell detail (`Ngf3`, `Ng1f3`, `Pe4`).
fn over_specified_match<G: Game>(game: &G, mv: Move, wanted: &str) -> bool {
    let geo = game.geometry();
    let Some(piece) = game.piece_at(mv.from) else {
        return false;
    };
    if mv.kind == MoveKind::Castle {
        return false;
    }
    let letter = piece.kind().letter().to_string();
    let to = geo.name(mv.to);
    let promo = mv
        .promotion
        .map(|k| k.letter().to_string())
        .unwrap_or_default();
    let from = geo.name(mv.from);
    let (file, rank) = split_name(from);
    let body_letter = if piece.kind() == PieceKind::Pawn {
        "P"
    } else {
        letter.as_str()
    };
    [file, rank, from].iter().any(|d| {
        format!("{body_letter}{d}{to}{promo}") == wanted
            || (piece.kind() == PieceKind::Pawn && format!("P{to}{promo}") == wanted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_drops_marks_and_reads_zero_castling() {
        assert_eq!(normalise_san("Nbxd2+"), "Nbd2");
        assert_eq!(normalise_san("0-0-0"), "OOO");
        assert_eq!(normalise_san("e8=Q#"), "e8Q");
        assert_eq!(split_name("e4"), ("e", "4"));
        assert_eq!(split_name("pp"), ("p", "p"));
    }
}
