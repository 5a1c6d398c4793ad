//! One reader for a move typed in any form a player may write it, for
//! every variant: the game's own notation (SAN, the move list's), its
//! coordinates with or without `-`, a space or `x` between the cells,
//! the cells of the path alone, a piece's letter in either case or its
//! name (`knight f3`, `kn f3`) before the cells, more detail than needed
//! (`Ng1f3`, `Le1-e3`), and a promotion without its piece. What the text
//! names among the legal moves is one move, moves that differ only by a
//! choice (ask which piece), several moves (ask which one was meant), or
//! none (the game's reason).

use super::{Choice, MoveEntry, Step, cells_named};
use crate::core::{Game, Move, MoveKind, PieceKind};
use std::fmt;

/// Why a typed text names no legal move, for a game whose move refusals
/// are `R`.
#[derive(Clone, Debug, PartialEq)]
pub enum Unread<R> {
    /// Nothing was typed but marks or spaces.
    Empty,
    /// The text was read, and nothing legal matched it.
    NoMove,
    /// The game's own reason.
    Refused(R),
}

impl<R: fmt::Display> fmt::Display for Unread<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unread::Empty => f.write_str("The move is empty."),
            Unread::NoMove => f.write_str("No legal move."),
            Unread::Refused(why) => write!(f, "{why}"),
        }
    }
}

/// What a typed move names among the legal moves, for a game whose move
/// refusals are `R`.
#[derive(Clone, Debug, PartialEq)]
pub enum Reading<R> {
    /// One legal move.
    Move(Move),
    /// Moves that share their path and differ by a choice (which piece a
    /// pawn becomes, or whether to promote): ask which.
    Choose(Vec<(Choice, Move)>),
    /// Different moves the text may mean (a lower-case letter read as a
    /// piece or a file, a piece without the detail its rivals need): ask
    /// which was meant.
    Either(Vec<Move>),
    /// No legal move, and why.
    NotLegal(Unread<R>),
}

/// Reads `text` as a move of the side to move in `game`.
pub fn read_move<G: Game>(game: &G, text: &str) -> Reading<G::Refusal> {
    let text = without_marks(text.trim());
    if text.is_empty() {
        return Reading::NotLegal(Unread::Empty);
    }
    match read_written(game, text) {
        Reading::NotLegal(e) => match piece_word_as_letter(game, text) {
            Some(lettered) => match read_written(game, &lettered) {
                Reading::NotLegal(_) => Reading::NotLegal(e),
                found => found,
            },
            None => Reading::NotLegal(e),
        },
        found => found,
    }
}

/// Reads `text` (not empty, without marks after it) as it is written.
fn read_written<G: Game>(game: &G, text: &str) -> Reading<G::Refusal> {
    // The cells of a path alone: the entry asks for a choice the notation
    // would settle without asking (a capture that may promote).
    if let Some(cells) = cells_named(game.geometry(), text) {
        match MoveEntry::for_game(game).enter_path(&cells) {
            Step::Complete(mv) => return Reading::Move(mv),
            Step::Choose(choices) => return Reading::Choose(choices),
            _ => {}
        }
    }
    let parsed = game.parse_move(text);
    if let Ok(mv) = parsed
        && written_exactly(game, mv, text)
    {
        return Reading::Move(mv);
    }
    let legal = game.legal_move_list();
    let loose = loose_matches(game, &legal, text);
    match parsed {
        Ok(mv) if loose.iter().all(|m| *m == mv) => Reading::Move(mv),
        Ok(mv) => {
            let mut all = vec![mv];
            all.extend(loose.into_iter().filter(|m| *m != mv));
            settle(all)
        }
        Err(e) if loose.is_empty() => Reading::NotLegal(Unread::Refused(e)),
        Err(_) => settle(loose),
    }
}

/// The one legal move `text` most likely meant when it names none: the
/// move one of whose spellings (as [`read_move`] reads them) is a typo
/// away from it (`Nf4` for a knight that can reach f3 only, `e2e5`
/// for `e2e4`), when only one move is that near.
pub fn nearest_move<G: Game>(game: &G, text: &str) -> Option<Move> {
    let wanted = folded(without_marks(text.trim()));
    if wanted.len() < 2 {
        return None;
    }
    let legal = game.legal_move_list();
    let spelled: Vec<(String, Move)> = legal
        .iter()
        .flat_map(|&mv| spellings(game, mv).into_iter().map(move |(s, _)| (s, mv)))
        .collect();
    let meant = crate::text::nearest(&wanted, spelled.iter().map(|(s, _)| s.as_str()))?;
    let mut moves: Vec<Move> = spelled
        .iter()
        .filter(|(s, _)| s == meant)
        .map(|(_, m)| *m)
        .collect();
    moves.dedup();
    match moves.as_slice() {
        [mv] => Some(*mv),
        _ => None,
    }
}

/// Several moves named: one, those differing by a choice, or a question.
fn settle<R>(moves: Vec<Move>) -> Reading<R> {
    match moves.as_slice() {
        [] => Reading::NotLegal(Unread::NoMove),
        [mv] => Reading::Move(*mv),
        [first, rest @ ..]
            if rest
                .iter()
                .all(|m| m.from == first.from && m.to == first.to && m.aux == first.aux) =>
        {
            Reading::Choose(moves.iter().map(|&m| (Choice::of(m), m)).collect())
        }
        _ => Reading::Either(moves),
    }
}

/// `text` without the marks that follow a move (check, mate, comments).
fn without_marks(text: &str) -> &str {
    text.trim_end_matches(['#', '!', '?', ' '])
        .trim_end_matches("e.p.")
        .trim()
}

/// Whether `text` is the game's own spelling of `mv`, letter for letter
/// (check marks aside): then it means `mv` whatever else it could mean.
fn written_exactly<G: Game>(game: &G, mv: Move, text: &str) -> bool {
    let bare = |s: &str| s.trim_end_matches(['+', '#']).to_string();
    let text = bare(text);
    text == bare(&game.move_notation(mv)) || text == bare(&game.move_text(mv))
}

/// `text` with a piece's name or the start of it as its first word
/// (`knight f3`, `kn f3`, `Queen d1 e2`) replaced by the piece's letter;
/// `None` when its first word names no piece of the side to move.
fn piece_word_as_letter<G: Game>(game: &G, text: &str) -> Option<String> {
    let (first, rest) = text.split_once(' ')?;
    let word = first.to_ascii_lowercase();
    if word.len() < 2 {
        return None;
    }
    let geo = game.geometry();
    let on_board: Vec<PieceKind> = geo
        .cells()
        .filter_map(|c| game.piece_at(c))
        .filter(|p| p.seat() == game.to_move())
        .map(|p| p.kind())
        .collect();
    let exact = PieceKind::named(&word).filter(|k| on_board.contains(k));
    let mut begun: Vec<PieceKind> = on_board
        .iter()
        .copied()
        .filter(|k| k.name().starts_with(&word))
        .collect();
    begun.sort_by_key(|k| k.name());
    begun.dedup();
    let kind = match (exact, begun.as_slice()) {
        (Some(kind), _) | (None, &[kind]) => kind,
        _ => return None,
    };
    Some(format!("{}{}", kind.letter(), rest.trim()))
}

/// `text` folded for loose comparison: lower case, without separators,
/// capture marks, `=` and check marks, castling's zeros read as O.
fn folded(text: &str) -> String {
    let text = text.trim().trim_end_matches(['+', '#']);
    let castling = !text.is_empty() && text.chars().all(|c| matches!(c, '0' | 'O' | 'o' | '-'));
    text.chars()
        .filter(|c| !matches!(c, ' ' | '-' | ':' | ',' | '=' | 'x' | 'X' | '×'))
        .map(|c| if castling && c == '0' { 'o' } else { c })
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The legal moves `text` names when read loosely: in any case, with any
/// separators, by any of the forms [`spellings`] lists. A promotion named
/// without its piece names each promotion. A capital first letter that
/// names a piece reads as that piece only (`Bc4` is no pawn's `bxc4`).
fn loose_matches<G: Game>(game: &G, legal: &[Move], text: &str) -> Vec<Move> {
    let wanted = folded(text);
    let mut found: Vec<(Move, bool)> = Vec::new();
    for &mv in legal {
        let matched = spellings(game, mv)
            .into_iter()
            .filter(|(s, _)| *s == wanted);
        let lettered = matched.map(|(_, lettered)| lettered).reduce(|a, b| a || b);
        if let Some(lettered) = lettered
            && !found.iter().any(|(m, _)| *m == mv)
        {
            found.push((mv, lettered));
        }
    }
    let capital = text.starts_with(|c: char| c.is_ascii_uppercase());
    if capital && found.iter().any(|(_, lettered)| *lettered) {
        found.retain(|(_, lettered)| *lettered);
    }
    found.into_iter().map(|(mv, _)| mv).collect()
}

/// Every folded way of writing `mv`: the game's notation and coordinates,
/// then, for each path it may be entered by, the cells alone, the piece's
/// letter and the cells, the letter and the destination, the letter with
/// the origin's file or rank and the destination, and for a pawn the
/// destination alone; each also without a promotion's piece. Each says
/// whether it starts with a piece's letter.
fn spellings<G: Game>(game: &G, mv: Move) -> Vec<(String, bool)> {
    let notation = game.move_notation(mv);
    let lettered = |s: &str| s.starts_with(|c: char| c.is_ascii_uppercase() || c == '+');
    let mut said = vec![
        (folded(&notation), lettered(&notation)),
        (folded(&game.move_text(mv)), false),
    ];
    if let Some((body, _)) = notation.rsplit_once('=') {
        said.push((folded(body), lettered(body)));
    }
    if mv.kind == MoveKind::Pass || mv.kind == MoveKind::Castle {
        return said;
    }
    let Some(piece) = game.piece_at(mv.from) else {
        return said;
    };
    let geo = game.geometry();
    let mut letters = vec![piece.kind().letter().to_string()];
    let written: String = notation
        .chars()
        .take_while(|c| c.is_ascii_uppercase() || *c == '+')
        .collect();
    if !written.is_empty() && !letters.contains(&written) {
        letters.push(written);
    }
    let pawn = piece.kind() == PieceKind::Pawn;
    let promotions: Vec<String> = match mv.promotion {
        Some(kind) => vec![kind.letter().to_string(), String::new()],
        None => vec![String::new()],
    };
    let to = geo.name(mv.to);
    for path in game.entry_paths(mv) {
        let cells: String = path.iter().map(|c| geo.name(*c)).collect();
        for promo in &promotions {
            said.push((folded(&format!("{cells}{promo}")), false));
            if pawn {
                said.push((folded(&format!("{to}{promo}")), false));
            }
            for letter in &letters {
                said.push((folded(&format!("{letter}{cells}{promo}")), true));
                said.push((folded(&format!("{letter}{to}{promo}")), true));
                if geo.grid_size().is_some() {
                    let from = geo.name(mv.from);
                    let cut = from.char_indices().nth(1).map_or(from.len(), |(i, _)| i);
                    let (file, rank) = from.split_at(cut);
                    said.push((folded(&format!("{letter}{file}{to}{promo}")), true));
                    said.push((folded(&format!("{letter}{rank}{to}{promo}")), true));
                }
            }
        }
    }
    said.sort();
    said.dedup();
    said
}

#[cfg(test)]
mod tests;
