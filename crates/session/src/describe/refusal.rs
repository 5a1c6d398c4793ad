//! Why a typed move was refused, in the voice's words: what the text was
//! read as (a piece, the cell it leaves, the cell it goes to, castling),
//! the facts of the position that forbid it (check, a Cat's zone, a
//! disarmed piece, a cell held by one's own piece or guarded), and what is
//! legal nearby.

use super::piece_words;
use super::position::{moves_from, reaching};
use crate::speech::{Notation, Voice};
use crate::words::capitalise;
use catboard::core::{Cell, Game, Move, Piece, PieceKind};
use catboard::entry::cells_named;
use catboard::variants::AnyGame;

/// What a typed move names, as far as it can be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The piece letter it starts with, read as a kind of the side to move.
    pub kind: Option<PieceKind>,
    /// The cell it leaves, when two cells are named.
    pub from: Option<Cell>,
    /// The cell it goes to: the last cell named.
    pub to: Option<Cell>,
    /// Whether it is castling (`O-O`, `0-0-0`).
    pub castle: bool,
}

/// Reads `text` as a move of the side to move in `game`, as far as it goes.
pub fn read_intent(game: &AnyGame, text: &str) -> Reading {
    let geo = game.geometry();
    let trimmed = text
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .split('=')
        .next()
        .unwrap_or("")
        .trim();
    let castle_marks: String = trimmed.chars().filter(|c| !matches!(c, '-')).collect();
    if matches!(
        castle_marks.as_str(),
        "OO" | "OOO" | "00" | "000" | "oo" | "ooo"
    ) {
        return Reading {
            castle: true,
            kind: Some(PieceKind::King),
            ..Reading::default()
        };
    }
    let mut reading = Reading::default();
    let mut body = trimmed;
    if let Some(first) = trimmed.chars().next().filter(|c| c.is_ascii_uppercase()) {
        let rest = &trimmed[first.len_utf8()..];
        // A capital that starts a cell name (Polar's `15N` does not start
        // so; BacCanCat writes cells in lower case) is a piece letter.
        if cells_named(geo, trimmed).is_none() || rest.starts_with(|c: char| c.is_ascii_lowercase())
        {
            reading.kind = kind_of_letter(game, first);
            body = rest;
        }
    }
    let cells = cells_named(geo, body).or_else(|| {
        // The last cell named, after whatever comes before it (`Nbd2`).
        (0..body.len())
            .filter(|&i| body.is_char_boundary(i))
            .find_map(|i| cells_named(geo, &body[i..]).filter(|c| c.len() == 1))
    });
    if let Some(cells) = cells {
        reading.to = cells.last().copied();
        if cells.len() >= 2 {
            reading.from = cells.first().copied();
        }
    }
    if reading.kind.is_none() && reading.from.is_none() && reading.to.is_some() {
        // A bare destination (`e4`) is a pawn's move where pawns go so.
        reading.kind = Some(PieceKind::Pawn);
    }
    reading
}

/// The kind of the side to move's pieces that `letter` names: the letter
/// its moves are written with, else the usual letter of a kind it has.
fn kind_of_letter(game: &AnyGame, letter: char) -> Option<PieceKind> {
    let side = game.to_move();
    let written = game.legal_move_list().iter().copied().find_map(|m| {
        let text = game.move_notation(m);
        let piece = game.piece_at(m.from)?;
        (text.starts_with(letter) && piece.kind() != PieceKind::Pawn).then_some(piece.kind())
    });
    written.or_else(|| {
        let geo = game.geometry();
        geo.cells()
            .filter_map(|c| game.piece_at(c))
            .filter(|p| p.seat() == side)
            .map(|p| p.kind())
            .find(|k| k.letter() == letter.to_ascii_uppercase())
    })
}

/// The one sentence a refused typed move gets: the refusal's own (the
/// variant's reason, its `Display`) for the written notations, and one in
/// words that names cells as the voice does for the spoken ones.
pub fn typed_refusal(
    game: &AnyGame,
    voice: Voice,
    text: &str,
    refusal: &impl std::fmt::Display,
) -> String {
    if matches!(voice.notation, Notation::San | Notation::Uci) {
        return refusal.to_string();
    }
    let shown = quoted(text);
    let side = capitalise(game.seat_name(game.to_move()));
    let reading = read_intent(game, text);
    if reading.castle {
        return format!("{shown} is not legal now: {side} cannot castle that way.");
    }
    let Some(to) = reading.to else {
        let example = game
            .legal_move_list()
            .iter()
            .copied()
            .find(|m| !m.is_pass())
            .map(|m| format!(", such as {}", voice.typed(game, m)))
            .unwrap_or_default();
        return format!(
            "{shown} is not a move: write the cell a piece leaves and the cell it goes to{example}."
        );
    };
    let candidates: Vec<Move> = game
        .legal_move_list()
        .iter()
        .copied()
        .filter(|m| !m.is_pass() && m.to == to)
        .filter(|m| reading.from.is_none_or(|f| f == m.from))
        .filter(|m| {
            reading
                .kind
                .is_none_or(|k| game.piece_at(m.from).is_some_and(|p| p.kind() == k))
        })
        .collect();
    let mut origins: Vec<Cell> = candidates.iter().map(|m| m.from).collect();
    origins.dedup();
    if origins.len() > 1 {
        return which_one(game, voice, text, &candidates);
    }
    format!("{shown} is not a legal move for {side} now.")
}

/// The question for a typed move that could be several: "'bc4' could be
/// bishop from f1 to c4 (f1-c4) or pawn from b3 to c4 (b3-c4); type the
/// one you mean." Each in the voice's words with a way to type it that
/// names it alone.
pub fn which_one(game: &AnyGame, voice: Voice, text: &str, moves: &[Move]) -> String {
    let said: Vec<String> = moves
        .iter()
        .map(|m| {
            let typed = voice.typed(game, *m);
            let words = voice.mv(game, *m);
            if words == typed {
                words
            } else {
                format!("{words} ({typed})")
            }
        })
        .collect();
    format!(
        "{} could be {}; type the one you mean.",
        quoted(text),
        or_list(&said)
    )
}

/// What forbids the move `text` names and what is legal nearby: one
/// sentence each, for the line mode to say after the refusal.
pub fn why_not(game: &AnyGame, voice: Voice, text: &str) -> Vec<String> {
    let geo = game.geometry();
    let name = |c: Cell| voice.cell(geo, c);
    let side = game.to_move();
    let side_name = capitalise(game.seat_name(side));
    let reading = read_intent(game, text);
    let mut said = Vec::new();
    if game.in_check() {
        said.push(if reading.castle {
            format!("{side_name} is in check, and no side may castle out of check.")
        } else {
            format!("{side_name} is in check: only a move that ends the check is legal.")
        });
    } else if reading.castle {
        said.push(castling_why(game, voice, text));
    }
    let movers: Vec<Cell> = match (reading.from, reading.kind) {
        (Some(from), _) => vec![from],
        (None, Some(kind)) => geo
            .cells()
            .filter(|c| {
                game.piece_at(*c)
                    .is_some_and(|p| p.seat() == side && p.kind() == kind)
            })
            .collect(),
        (None, None) => Vec::new(),
    };
    if let Some(to) = reading.to {
        let notes = game.annotations();
        match game.piece_at(to) {
            Some(p) if p.seat() == side => {
                said.push(format!("{} holds your own {}.", name(to), p.kind().name()));
            }
            Some(p) if notes.zones.contains(to) => said.push(format!(
                "The {} on {} stands in {}: a piece in a zone is never captured.",
                piece_words(game, p),
                name(to),
                zone_of(game, voice, to)
            )),
            _ => {}
        }
        let taking = game.piece_at(to).is_some_and(|p| p.seat() != side);
        for &from in &movers {
            if taking
                && notes.disarmed.contains(from)
                && let Some(p) = game.piece_at(from)
            {
                said.push(format!(
                    "The {} on {} is disarmed, in {}: it moves but never captures.",
                    p.kind().name(),
                    name(from),
                    zone_of(game, voice, from)
                ));
            }
        }
        // A King steps to a neighbour: one it may not step to is guarded.
        let king_beside = movers
            .iter()
            .any(|&m| geo.neighbours(m).iter().any(|n| n.cell == to));
        if reading.kind == Some(PieceKind::King)
            && !reading.castle
            && !king_beside
            && let [from] = movers.as_slice()
            && game.piece_at(to).is_none_or(|p| p.seat() != side)
        {
            said.push(format!(
                "A king steps to a next cell, and {} is not next to {}.",
                name(to),
                name(*from)
            ));
        }
        if reading.kind == Some(PieceKind::King) && !reading.castle && king_beside {
            let guards = guards(game, to);
            if !guards.is_empty() {
                let list: Vec<String> = guards
                    .iter()
                    .map(|(p, c)| format!("{} {}", piece_words(game, *p), name(*c)))
                    .collect();
                said.push(format!("{} is guarded by {}.", name(to), list.join(", ")));
            }
        }
    }
    let nearby: Vec<String> = movers
        .iter()
        .take(3)
        .map(|&c| moves_from(game, voice, c))
        .collect();
    if nearby.is_empty() {
        match reading.to {
            Some(to) => said.push(super::position::cell_detail(game, voice, to)),
            None => said.push("Type moves to hear every legal move.".to_string()),
        }
    } else {
        said.extend(nearby);
    }
    said
}

/// The pieces of the other seats that guard `cell` against the side to
/// move: those that could move there were it their turn (a pawn's step
/// forward guards nothing), and a King next to it, which guards it
/// though it may not step there itself.
fn guards(game: &AnyGame, cell: Cell) -> Vec<(Piece, Cell)> {
    let side = game.to_move();
    let mut after_pass = game.clone();
    if !after_pass.make_null_move() {
        return Vec::new();
    }
    let mut guards: Vec<(Piece, Cell)> = reaching(&after_pass, cell)
        .into_iter()
        .filter(|&(p, from)| {
            p.kind() != PieceKind::Pawn
                || after_pass
                    .legal_move_list()
                    .iter()
                    .any(|m| m.from == from && m.to == cell && after_pass.captured(*m).is_some())
        })
        .collect();
    for n in game.geometry().neighbours(cell) {
        if let Some(p) = game.piece_at(n.cell)
            && p.kind() == PieceKind::King
            && p.seat() != side
            && !guards.iter().any(|&(_, c)| c == n.cell)
        {
            guards.push((p, n.cell));
        }
    }
    guards
}

/// Why castling the way `text` asks (`O-O`, `O-O-O`) is not legal, when
/// the side is not in check: the cells between king and rook that are
/// not empty, the cells the king crosses that are attacked, or the right
/// lost (the king or that rook has moved).
fn castling_why(game: &AnyGame, voice: Voice, text: &str) -> String {
    let geo = game.geometry();
    let name = |c: Cell| voice.cell(geo, c);
    let side = game.to_move();
    let long = text
        .chars()
        .filter(|c| matches!(c, 'O' | 'o' | '0'))
        .count()
        >= 3;
    let way = if long { "queen side" } else { "king side" };
    let Some(king) = geo.cells().find(|c| {
        game.piece_at(*c)
            .is_some_and(|p| p.seat() == side && p.kind() == PieceKind::King)
    }) else {
        return "There is no king to castle with.".to_string();
    };
    let rank = geo.rank(king);
    let file = i32::from(geo.file(king));
    let step: i32 = if long { -1 } else { 1 };
    let on_rank = |f: i32| {
        geo.cells()
            .find(|c| geo.rank(*c) == rank && i32::from(geo.file(*c)) == f)
    };
    let mut between = Vec::new();
    let mut rook = None;
    let mut f = file + step;
    while let Some(cell) = on_rank(f) {
        match game.piece_at(cell) {
            Some(p) if p.seat() == side && p.kind() == PieceKind::Rook => rook = Some(cell),
            _ => {}
        }
        between.push(cell);
        f += step;
    }
    let Some(rook) = rook else {
        return format!("There is no rook on the {way} of the king to castle with.");
    };
    between.retain(|c| {
        (i32::from(geo.file(*c)) - file).abs() < (i32::from(geo.file(rook)) - file).abs()
    });
    let held: Vec<String> = between
        .iter()
        .filter_map(|c| {
            game.piece_at(*c)
                .map(|p| format!("{} holds the {}", name(*c), piece_words(game, p)))
        })
        .collect();
    if !held.is_empty() {
        return format!(
            "Castling {way} needs the cells between the king and the rook empty: {}.",
            held.join(", ")
        );
    }
    let crossed: Vec<String> = between
        .iter()
        .take(2)
        .filter_map(|c| {
            let by = guards(game, *c);
            let (p, from) = by.first()?;
            Some(format!(
                "{} is attacked by the {} on {}",
                name(*c),
                piece_words(game, *p),
                name(*from)
            ))
        })
        .collect();
    if !crossed.is_empty() {
        return format!(
            "The king may not cross or land on an attacked cell: {}.",
            crossed.join(", ")
        );
    }
    format!(
        "{} may no longer castle {way}: the king or the rook on {} has moved.",
        capitalise(game.seat_name(side)),
        name(rook)
    )
}

/// "the zone of the Cat on b4" (the Cat whose zone holds `cell`), or "a
/// Cat's zone".
pub fn zone_of(game: &AnyGame, voice: Voice, cell: Cell) -> String {
    let geo = game.geometry();
    let cats: Vec<Cell> = geo
        .cells()
        .filter(|c| {
            game.piece_at(*c)
                .is_some_and(|p| p.kind() == PieceKind::Cat)
        })
        .filter(|c| *c == cell || geo.neighbours(*c).iter().any(|n| n.cell == cell))
        .collect();
    match cats.as_slice() {
        [] => "a Cat's zone".to_string(),
        [one] => format!("the zone of the Cat on {}", voice.cell(geo, *one)),
        many => format!(
            "the zones of the Cats on {}",
            voice.cell_list(geo, many.iter().copied())
        ),
    }
}

/// "a, b or c".
fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// `text` in quotes, cut to a readable length, control characters dropped.
pub fn quoted(text: &str) -> String {
    let clean: String = text.chars().filter(|c| !c.is_control()).take(40).collect();
    let more = if text.chars().count() > 40 { "…" } else { "" };
    format!("'{clean}{more}'")
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    fn chess(fen: &str) -> AnyGame {
        Variant::Chess
            .from_position(fen, &Options::new())
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_refused_king_move_says_why_and_what_the_king_can_do() {
        let game = chess("7k/8/5K2/8/8/8/8/R7 w - - 0 1");
        let reading = read_intent(&game, "Kh7");
        assert_eq!(reading.kind, Some(PieceKind::King));
        let said = why_not(&game, Voice::SPOKEN, "Kh7");
        assert_eq!(
            said,
            [
                "A king steps to a next cell, and h7 is not next to f6.",
                "King f6 can move to e5, e6, e7, f5, f7, g5, g6."
            ]
        );
        let said = why_not(&game, Voice::SPOKEN, "Kg7");
        assert_eq!(
            said.first().map(String::as_str),
            Some("g7 is guarded by black king h8.")
        );
        let rook = chess("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
        let said = why_not(&rook, Voice::SPOKEN, "Kd2");
        assert_eq!(
            said.first().map(String::as_str),
            Some("d2 is guarded by black rook a2.")
        );
        let refused = game.parse_move("Kh7").expect_err("not legal");
        assert_eq!(
            typed_refusal(&game, Voice::SPOKEN, "Kh7", &refused),
            "'Kh7' is not a legal move for White now."
        );
        assert_eq!(
            typed_refusal(&game, Voice::SCREEN, "Kh7", &refused),
            "'Kh7' is not a legal move for white in this position."
        );
    }

    #[test]
    fn castling_in_check_is_explained() {
        let game = chess("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
        let said = why_not(&game, Voice::SPOKEN, "O-O");
        assert_eq!(
            said.first().map(String::as_str),
            Some("White is in check, and no side may castle out of check.")
        );
    }

    #[test]
    fn a_capture_a_cats_zone_forbids_is_explained() {
        let game = Variant::Cat
            .from_position("4k3/8/8/3p4/4p3/2NC4/6B1/4K2C w - - 0 1", &Options::new())
            .unwrap_or_else(|e| panic!("{e}"));
        let said = why_not(&game, Voice::SPOKEN, "Bxe4");
        assert!(
            said.contains(&"The black pawn on e4 stands in the zone of the Cat on d3: a piece in a zone is never captured.".to_string()),
            "{said:?}"
        );
        let said = why_not(&game, Voice::SPOKEN, "Nxd5");
        assert!(
            said.contains(&"The knight on c3 is disarmed, in the zone of the Cat on d3: it moves but never captures.".to_string()),
            "{said:?}"
        );
    }

    #[test]
    fn an_ambiguous_move_names_its_readings() {
        let game = chess("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        let refused = game.parse_move("Nd2").expect_err("ambiguous");
        assert_eq!(
            typed_refusal(&game, Voice::SPOKEN, "Nd2", &refused),
            "'Nd2' could be knight from b1 to d2 (b1-d2) or knight from f3 to d2 (f3-d2); type the one you mean."
        );
    }
}
