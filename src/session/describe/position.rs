//! The position in words, for the line mode and the cell list: the board
//! rank by rank with empty runs counted, a rank, a file, a cell with what
//! can reach it, the pieces by seat or kind, the legal moves of a piece.

use super::piece_words;
use crate::session::words::capitalise;
use catboard::core::geometry::Across;
use catboard::core::{Cell, Game, Geometry, MoveKind, Piece, PieceKind, Seat};
use catboard::variants::AnyGame;
use catboard::variants::polar::layout::{self, Circle};

/// A line of cells (a rank or a file) in words: each piece with its cell,
/// runs of empty cells counted: "black rook a8, empty b8 to c8, black king d8".
fn line_words(game: &AnyGame, cells: &[Cell]) -> String {
    let geo = game.geometry();
    let mut parts: Vec<String> = Vec::new();
    let mut empty: Vec<Cell> = Vec::new();
    let flush = |empty: &mut Vec<Cell>, parts: &mut Vec<String>| {
        match empty.as_slice() {
            [] => {}
            [one] => parts.push(format!("empty {}", geo.name(*one))),
            [first, .., last] if empty.len() == cells.len() => parts.push(format!(
                "all empty, {} to {}",
                geo.name(*first),
                geo.name(*last)
            )),
            [first, .., last] => {
                parts.push(format!("empty {} to {}", geo.name(*first), geo.name(*last)))
            }
        }
        empty.clear();
    };
    for &cell in cells {
        match game.piece_at(cell) {
            Some(p) => {
                flush(&mut empty, &mut parts);
                parts.push(format!("{} {}", piece_words(game, p), geo.name(cell)));
            }
            None => empty.push(cell),
        }
    }
    flush(&mut empty, &mut parts);
    parts.join(", ")
}

/// The cells of rank `rank` (counted from 0), left to right.
fn rank_cells(geo: &Geometry, rank: u8) -> Vec<Cell> {
    let files = geo.grid_size().map_or(0, |(f, _)| f);
    (0..files)
        .filter_map(|f| geo.at(i32::from(f), i32::from(rank)))
        .collect()
}

/// The cells of file `file` (counted from 0), from the first rank up.
fn file_cells(geo: &Geometry, file: u8) -> Vec<Cell> {
    let ranks = geo.grid_size().map_or(0, |(_, r)| r);
    (0..ranks)
        .filter_map(|r| geo.at(i32::from(file), i32::from(r)))
        .collect()
}

/// The rank part of a cell name (`8` of `e8`).
fn rank_name(geo: &Geometry, cell: Cell) -> &str {
    let name = geo.name(cell);
    name.trim_start_matches(|c: char| c.is_ascii_alphabetic())
}

/// The file part of a cell name (`e` of `e8`).
fn file_name(geo: &Geometry, cell: Cell) -> &str {
    let name = geo.name(cell);
    let split = name
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(name.len());
    &name[..split]
}

/// The rank named `name` (`8`, `10`), counted from 0.
pub fn rank_named(geo: &Geometry, name: &str) -> Option<u8> {
    let (_, ranks) = geo.grid_size()?;
    (0..ranks).find(|&r| {
        geo.at(0, i32::from(r))
            .is_some_and(|c| rank_name(geo, c) == name)
    })
}

/// The file named `name` (`e`), counted from 0.
pub fn file_named(geo: &Geometry, name: &str) -> Option<u8> {
    let (files, _) = geo.grid_size()?;
    let name = name.to_ascii_lowercase();
    (0..files).find(|&f| {
        geo.at(i32::from(f), 0)
            .is_some_and(|c| file_name(geo, c) == name)
    })
}

/// "Rank 8: black rook a8, ..., black rook h8."
pub fn rank(game: &AnyGame, rank: u8) -> String {
    let geo = game.geometry();
    let cells = rank_cells(geo, rank);
    let name = cells.first().map_or("?", |c| rank_name(geo, *c));
    format!("Rank {name}: {}.", line_words(game, &cells))
}

/// "File e: white king e1, white pawn e2, empty e3 to e6, ..."
pub fn file(game: &AnyGame, file: u8) -> String {
    let geo = game.geometry();
    let cells = file_cells(geo, file);
    let name = cells.first().map_or("?", |c| file_name(geo, *c));
    format!("File {name}: {}.", line_words(game, &cells))
}

/// The whole board, one sentence a rank from the last rank down; the
/// sphere one sentence a ring, away from White's pole; another board that
/// is no grid, every piece, one sentence a seat.
pub fn board(game: &AnyGame) -> Vec<String> {
    let geo = game.geometry();
    if let Some((_, ranks)) = geo.grid_size() {
        return (0..ranks).rev().map(|r| rank(game, r)).collect();
    }
    let rings = sphere_rings(game);
    if !rings.is_empty() {
        return rings;
    }
    (0..game.seat_names().len())
        .map(|i| pieces_of_seat(game, Seat(i as u8)))
        .collect()
}

/// The sphere ring by ring, from White's pole to Black's, each ring
/// eastwards: "White's pole, the four central cells: white queen 14N, ...".
fn sphere_rings(game: &AnyGame) -> Vec<String> {
    let geo = game.geometry();
    let mut out = Vec::new();
    for (north, rings) in [(true, Circle::ALL), (false, reversed(Circle::ALL))] {
        let pole = capitalise(game.seat_name(Seat(if north { 0 } else { 1 })));
        for ring in rings {
            let cells = layout::ring_cells(geo, north, ring);
            if cells.is_empty() {
                return Vec::new();
            }
            out.push(format!(
                "{pole}'s pole, {}: {}.",
                ring.words(),
                line_words(game, &cells)
            ));
        }
    }
    out
}

/// The rings from the band in to the pole.
fn reversed(rings: [Circle; 3]) -> [Circle; 3] {
    [rings[2], rings[1], rings[0]]
}

/// The pieces of `seat` with their cells: "White: king e1, queen d1, ..."
pub fn pieces_of_seat(game: &AnyGame, seat: Seat) -> String {
    let geo = game.geometry();
    let mut by_kind: Vec<(PieceKind, Vec<&str>)> = Vec::new();
    for cell in geo.cells() {
        if let Some(p) = game.piece_at(cell).filter(|p| p.seat() == seat) {
            match by_kind.iter_mut().find(|(k, _)| *k == p.kind()) {
                Some((_, cells)) => cells.push(geo.name(cell)),
                None => by_kind.push((p.kind(), vec![geo.name(cell)])),
            }
        }
    }
    by_kind.sort_by_key(|(k, _)| std::cmp::Reverse(*k as u8));
    let who = capitalise(game.seat_name(seat));
    if by_kind.is_empty() {
        return format!("{who}: no pieces.");
    }
    let parts: Vec<String> = by_kind
        .iter()
        .map(|(k, cells)| {
            let name = if cells.len() > 1 {
                k.plural()
            } else {
                k.name().to_string()
            };
            format!("{name} {}", cells.join(", "))
        })
        .collect();
    format!("{who}: {}.", parts.join("; "))
}

/// The pieces of every seat, one sentence each.
pub fn all_pieces(game: &AnyGame) -> Vec<String> {
    (0..game.seat_names().len())
        .map(|i| pieces_of_seat(game, Seat(i as u8)))
        .collect()
}

/// The pieces of `seat` that have a legal move ending on `cell` in `game`.
fn reaching(game: &AnyGame, cell: Cell) -> Vec<(Piece, Cell)> {
    let mut found: Vec<(Piece, Cell)> = game
        .legal_move_list()
        .iter()
        .filter(|m| m.kind != MoveKind::Pass && m.to == cell)
        .filter_map(|m| game.piece_at(m.from).map(|p| (p, m.from)))
        .collect();
    let geo = game.geometry();
    found.sort_by_key(|(_, c)| (geo.file(*c), geo.rank(*c)));
    found.dedup();
    found
}

/// A cell with what stands on it, and the pieces that can move there now
/// (and, for the side not to move, that could after a pass):
/// "e4: empty, light square. White can move there: pawn e2."
pub fn cell_detail(game: &AnyGame, cell: Cell) -> String {
    let geo = game.geometry();
    let mut text = super::cell(game, cell);
    let who = |seat: Seat| capitalise(game.seat_name(seat));
    let list = |found: &[(Piece, Cell)]| {
        found
            .iter()
            .map(|(p, from)| format!("{} {}", p.kind().name(), geo.name(*from)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mover = game.to_move();
    let now = reaching(game, cell);
    if now.is_empty() {
        text.push_str(&format!(" No piece of {} can move there now.", who(mover)));
    } else {
        text.push_str(&format!(" {} can move there: {}.", who(mover), list(&now)));
    }
    let mut after_pass = game.clone();
    if after_pass.make_null_move() {
        let other = after_pass.to_move();
        let then = reaching(&after_pass, cell);
        if !then.is_empty() {
            text.push_str(&format!(
                " {} could move there on its turn: {}.",
                who(other),
                list(&then)
            ));
        }
    }
    text
}

/// The neighbours of `cell` in order round it, numbered from 1, each with
/// the way it lies (`way` gives the compass word from `cell`), whether
/// across an edge or a corner, and what stands there:
/// "1 north-east edge: 16N, black knight".
pub fn neighbour_words(
    game: &AnyGame,
    cell: Cell,
    way: impl Fn(Cell) -> &'static str,
) -> Vec<String> {
    let geo = game.geometry();
    geo.neighbours(cell)
        .iter()
        .enumerate()
        .map(|(i, nb)| {
            let across = match nb.across {
                Across::Edge => "edge",
                Across::Corner => "corner",
            };
            format!(
                "{} {} {across}: {}",
                i + 1,
                way(nb.cell),
                cell_brief(game, nb.cell)
            )
        })
        .collect()
}

/// A cell in a few words, for lists: "e5, empty", "e5, black pawn".
pub fn cell_brief(game: &AnyGame, cell: Cell) -> String {
    let geo = game.geometry();
    match game.piece_at(cell) {
        Some(p) => format!("{}, {}", geo.name(cell), piece_words(game, p)),
        None => format!("{}, empty", geo.name(cell)),
    }
}

/// The legal moves of the piece on `cell`: "Knight g1 can move to f3 (Nf3), h3 (Nh3)."
pub fn moves_from(game: &AnyGame, cell: Cell) -> String {
    let geo = game.geometry();
    let mut moves: Vec<_> = game
        .legal_move_list()
        .iter()
        .copied()
        .filter(|m| m.kind != MoveKind::Pass && m.from == cell)
        .collect();
    moves.sort_by_key(|m| (geo.file(m.to), geo.rank(m.to)));
    let moves: Vec<String> = moves
        .iter()
        .map(|m| {
            let written = game.move_notation(*m);
            if written == geo.name(m.to) {
                written
            } else {
                format!("{} ({written})", geo.name(m.to))
            }
        })
        .collect();
    match game.piece_at(cell) {
        None => format!("{} is empty.", geo.name(cell)),
        Some(p) if p.seat() != game.to_move() && p.kind() != PieceKind::Cat => format!(
            "The {} on {} cannot move now: it is {}'s turn.",
            piece_words(game, p),
            geo.name(cell),
            capitalise(game.seat_name(game.to_move()))
        ),
        Some(p) if moves.is_empty() => format!(
            "The {} on {} has no legal move.",
            piece_words(game, p),
            geo.name(cell)
        ),
        Some(p) => format!(
            "{} {} can move to {}.",
            capitalise(p.kind().name()),
            geo.name(cell),
            moves.join(", ")
        ),
    }
}

/// Every legal move, grouped by piece: one sentence a piece that can move.
pub fn all_moves(game: &AnyGame) -> Vec<String> {
    let list = game.legal_move_list();
    let mut origins: Vec<Cell> = Vec::new();
    let mut can_pass = false;
    for m in list.iter() {
        if m.kind == MoveKind::Pass {
            can_pass = true;
        } else if !origins.contains(&m.from) {
            origins.push(m.from);
        }
    }
    let mut lines: Vec<String> = origins.into_iter().map(|c| moves_from(game, c)).collect();
    if can_pass {
        lines.push(format!(
            "{} may pass (type pass).",
            capitalise(game.seat_name(game.to_move()))
        ));
    }
    if lines.is_empty() {
        lines.push("There is no legal move.".to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    fn start() -> AnyGame {
        Variant::Chess.new_game(&Options::new())
    }

    #[test]
    fn ranks_and_files_count_their_empty_runs() {
        let game = start();
        let geo = game.geometry();
        assert_eq!(
            rank(&game, rank_named(geo, "8").unwrap_or(0)),
            "Rank 8: black rook a8, black knight b8, black bishop c8, black queen d8, black king e8, black bishop f8, black knight g8, black rook h8."
        );
        assert_eq!(rank(&game, 4), "Rank 5: all empty, a5 to h5.");
        assert_eq!(
            file(&game, file_named(geo, "E").unwrap_or(0)),
            "File e: white king e1, white pawn e2, empty e3 to e6, black pawn e7, black king e8."
        );
        assert_eq!(board(&game).len(), 8);
        assert_eq!(rank_named(geo, "9"), None);
        assert_eq!(file_named(geo, "z"), None);
    }

    #[test]
    fn a_cell_says_who_can_reach_it() {
        let game = start();
        let geo = game.geometry();
        let f3 = geo.cell("f3").unwrap_or_default();
        assert_eq!(
            cell_detail(&game, f3),
            "f3: empty, light square. White can move there: pawn f2, knight g1."
        );
        let f6 = geo.cell("f6").unwrap_or_default();
        assert_eq!(
            cell_detail(&game, f6),
            "f6: empty, dark square. No piece of White can move there now. Black could move there on its turn: pawn f7, knight g8."
        );
    }

    #[test]
    fn pieces_and_moves_are_listed() {
        let game = start();
        let geo = game.geometry();
        assert_eq!(
            pieces_of_seat(&game, Seat::WHITE),
            "White: king e1; queen d1; rooks a1, h1; bishops c1, f1; knights b1, g1; pawns a2, b2, c2, d2, e2, f2, g2, h2."
        );
        assert_eq!(
            moves_from(&game, geo.cell("g1").unwrap_or_default()),
            "Knight g1 can move to f3 (Nf3), h3 (Nh3)."
        );
        assert_eq!(all_moves(&game).len(), 10, "eight pawns and two knights");
        assert_eq!(
            moves_from(&game, geo.cell("a1").unwrap_or_default()),
            "The white rook on a1 has no legal move."
        );
    }
}
