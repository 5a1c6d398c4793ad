//! The position in words, for the line mode and the cell list: the board
//! rank by rank with empty runs counted, a rank, a file, a cell with what
//! can reach it, the pieces by seat or kind, the legal moves of a piece.

use super::piece_words;
use crate::speech::Voice;
use crate::words::capitalise;
use catboard::core::geometry::{Across, Neighbour};
use catboard::core::sphere::{self as layout, Circle};
use catboard::core::{Cell, Game, Geometry, MoveKind, Piece, PieceKind, Seat};
use catboard::variants::AnyGame;

/// A line of cells (a rank or a file) in words: each piece with its cell,
/// runs of empty cells counted: "black rook a8, empty b8 to c8, black king d8".
fn line_words(game: &AnyGame, voice: Voice, cells: &[Cell]) -> String {
    let geo = game.geometry();
    let mut parts: Vec<String> = Vec::new();
    let mut empty: Vec<Cell> = Vec::new();
    let flush = |empty: &mut Vec<Cell>, parts: &mut Vec<String>| {
        match empty.as_slice() {
            [] => {}
            [one] => parts.push(format!("empty {}", voice.cell(geo, *one))),
            [first, .., last] if empty.len() == cells.len() => parts.push(format!(
                "all empty, {} to {}",
                voice.cell(geo, *first),
                voice.cell(geo, *last)
            )),
            [first, .., last] => parts.push(format!(
                "empty {} to {}",
                voice.cell(geo, *first),
                voice.cell(geo, *last)
            )),
        }
        empty.clear();
    };
    for &cell in cells {
        match game.piece_at(cell) {
            Some(p) => {
                flush(&mut empty, &mut parts);
                parts.push(format!(
                    "{} {}",
                    piece_words(game, p),
                    voice.cell(geo, cell)
                ));
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

/// What every one of `names` ends with (`8` of a8 … h8), or begins with
/// when `prefix` (`e` of e1 … e8), without the spaces round it.
fn shared_part(names: &[String], prefix: bool) -> String {
    let Some(first) = names.first() else {
        return "?".to_string();
    };
    let mut part: Vec<char> = first.chars().collect();
    if !prefix {
        part.reverse();
    }
    for name in &names[1..] {
        let mut chars: Vec<char> = name.chars().collect();
        if !prefix {
            chars.reverse();
        }
        let same = part.iter().zip(&chars).take_while(|(a, b)| a == b).count();
        part.truncate(same);
    }
    if !prefix {
        part.reverse();
    }
    part.into_iter().collect::<String>().trim().to_string()
}

/// The name of rank `rank` (counted from 0) as `voice` says its cells:
/// what they share (`8`; BacCanCat's `a`, said `1` in words).
pub fn rank_label(geo: &Geometry, voice: Voice, rank: u8) -> String {
    let names: Vec<String> = rank_cells(geo, rank)
        .into_iter()
        .map(|c| voice.cell(geo, c))
        .collect();
    shared_part(&names, false)
}

/// The name of file `file` (counted from 0) as `voice` says its cells (`e`).
pub fn file_label(geo: &Geometry, voice: Voice, file: u8) -> String {
    let names: Vec<String> = file_cells(geo, file)
        .into_iter()
        .map(|c| voice.cell(geo, c))
        .collect();
    shared_part(&names, true)
}

/// The rank named `name` (`8`, `10`; BacCanCat's `c` or `3`), counted
/// from 0: as its cells' names share it, as `voice` says it, or its number.
pub fn rank_named(geo: &Geometry, voice: Voice, name: &str) -> Option<u8> {
    let (_, ranks) = geo.grid_size()?;
    let name = name.trim().to_ascii_lowercase();
    let by_label = (0..ranks).find(|&r| {
        [Voice::SCREEN, voice]
            .iter()
            .any(|v| rank_label(geo, *v, r).to_ascii_lowercase() == name)
    });
    by_label.or_else(|| {
        let n: u8 = name.parse().ok()?;
        (1..=ranks).contains(&n).then(|| n - 1)
    })
}

/// The file named `name` (`e`), counted from 0.
pub fn file_named(geo: &Geometry, voice: Voice, name: &str) -> Option<u8> {
    let (files, _) = geo.grid_size()?;
    let name = name.trim().to_ascii_lowercase();
    (0..files).find(|&f| {
        [Voice::SCREEN, voice]
            .iter()
            .any(|v| file_label(geo, *v, f).to_ascii_lowercase() == name)
    })
}

/// "Rank 8: black rook a8, ..., black rook h8."
pub fn rank(game: &AnyGame, voice: Voice, rank: u8) -> String {
    let geo = game.geometry();
    let cells = rank_cells(geo, rank);
    let name = rank_label(geo, voice, rank);
    format!("Rank {name}: {}.", line_words(game, voice, &cells))
}

/// "File e: white king e1, white pawn e2, empty e3 to e6, ..."
pub fn file(game: &AnyGame, voice: Voice, file: u8) -> String {
    let geo = game.geometry();
    let cells = file_cells(geo, file);
    let name = file_label(geo, voice, file);
    format!("File {name}: {}.", line_words(game, voice, &cells))
}

/// The whole board, one sentence a rank from the last rank down; the
/// sphere one sentence a ring, away from White's pole; another board that
/// is no grid, every piece, one sentence a seat.
pub fn board(game: &AnyGame, voice: Voice) -> Vec<String> {
    let geo = game.geometry();
    if let Some((_, ranks)) = geo.grid_size() {
        return (0..ranks).rev().map(|r| rank(game, voice, r)).collect();
    }
    let rings = sphere_rings(game, voice);
    if !rings.is_empty() {
        return rings;
    }
    (0..game.seat_names().len())
        .map(|i| pieces_of_seat(game, voice, Seat(i as u8)))
        .collect()
}

/// The sphere ring by ring, from White's pole to Black's, each ring
/// eastwards: "White's pole, the four central cells: white queen 14N, ...".
fn sphere_rings(game: &AnyGame, voice: Voice) -> Vec<String> {
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
                line_words(game, voice, &cells)
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
pub fn pieces_of_seat(game: &AnyGame, voice: Voice, seat: Seat) -> String {
    let geo = game.geometry();
    let mut by_kind: Vec<(PieceKind, Vec<String>)> = Vec::new();
    for cell in geo.cells() {
        if let Some(p) = game.piece_at(cell).filter(|p| p.seat() == seat) {
            match by_kind.iter_mut().find(|(k, _)| *k == p.kind()) {
                Some((_, cells)) => cells.push(voice.cell(geo, cell)),
                None => by_kind.push((p.kind(), vec![voice.cell(geo, cell)])),
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
pub fn all_pieces(game: &AnyGame, voice: Voice) -> Vec<String> {
    (0..game.seat_names().len())
        .map(|i| pieces_of_seat(game, voice, Seat(i as u8)))
        .collect()
}

/// The pieces of `seat` that have a legal move ending on `cell` in `game`.
pub(crate) fn reaching(game: &AnyGame, cell: Cell) -> Vec<(Piece, Cell)> {
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

/// Where `cell` lies on the sphere, with its shape, as the cell's sentence
/// says it after the name: "a triangle on the equator, on White's side";
/// `None` on a board that is not the sphere.
pub fn place_on_sphere(game: &AnyGame, cell: Cell) -> Option<String> {
    let spot = layout::Spot::of(game.geometry(), cell)?;
    let side = capitalise(game.seat_name(Seat(u8::from(!spot.north))));
    Some(match spot.ring {
        Circle::Band if spot.triangle => format!("a triangle on the equator, on {side}'s side"),
        Circle::Band => format!("in the band on {side}'s side of the equator"),
        Circle::Ring => format!("in the ring round {side}'s pole"),
        Circle::Central => format!("one of the four cells at {side}'s pole"),
    })
}

/// The numbered neighbours of `cell` as one sentence, the numbers those
/// of the keys 1–8 that step to them: "Neighbours of 2 N: 1 south-west
/// corner: 4 N, empty; ...". `None` on a grid, whose neighbours its
/// coordinates already say.
pub fn neighbours_sentence(
    game: &AnyGame,
    voice: Voice,
    orientation: crate::orientation::Orientation,
    cell: Cell,
) -> Option<String> {
    let geo = game.geometry();
    if geo.grid_size().is_some() {
        return None;
    }
    let way = |to| layout::compass(geo, cell, to);
    let numbered = orientation.numbered_neighbours(geo, cell);
    let around = neighbour_words(game, voice, &numbered, way).join("; ");
    Some(format!(
        "Neighbours of {}: {around}.",
        voice.cell(geo, cell)
    ))
}

/// What the screen reader view says of the cursor's cell: its detail
/// ([`cell_detail`]) and, on the sphere, its numbered neighbours.
pub fn cursor_sentence(
    game: &AnyGame,
    voice: Voice,
    orientation: crate::orientation::Orientation,
    cell: Cell,
) -> String {
    let detail = cell_detail(game, voice, cell);
    match neighbours_sentence(game, voice, orientation, cell) {
        Some(around) => format!("{detail} {around}"),
        None => detail,
    }
}

/// A cell with what stands on it, and the pieces that can move there now
/// (and, for the side not to move, that could after a pass):
/// "e4: empty, light square. White can move there: pawn e2."
pub fn cell_detail(game: &AnyGame, voice: Voice, cell: Cell) -> String {
    let geo = game.geometry();
    let mut text = super::cell(game, voice, cell);
    let who = |seat: Seat| capitalise(game.seat_name(seat));
    let list = |found: &[(Piece, Cell)]| {
        found
            .iter()
            .map(|(p, from)| format!("{} {}", p.kind().name(), voice.cell(geo, *from)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mover = game.to_move();
    let now = reaching(game, cell);
    let own_piece = game.piece_at(cell).is_some_and(|p| p.seat() == mover);
    if own_piece {
        // The mover's own piece: no piece of theirs moves onto it.
    } else if now.is_empty() {
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

/// The neighbours `numbered` of `cell`, each with its number, the way it
/// lies (`way` gives the compass word from `cell`), whether across an
/// edge or a corner, and what stands there: "1 north-east edge: 16N,
/// black knight".
pub fn neighbour_words(
    game: &AnyGame,
    voice: Voice,
    numbered: &[(u8, Neighbour)],
    way: impl Fn(Cell) -> &'static str,
) -> Vec<String> {
    numbered
        .iter()
        .map(|(n, nb)| {
            let across = match nb.across {
                Across::Edge => "edge",
                Across::Corner => "corner",
            };
            format!(
                "{n} {} {across}: {}",
                way(nb.cell),
                cell_brief(game, voice, nb.cell)
            )
        })
        .collect()
}

/// A cell in a few words, for lists: "e5, empty", "e5, black pawn".
pub fn cell_brief(game: &AnyGame, voice: Voice, cell: Cell) -> String {
    let geo = game.geometry();
    match game.piece_at(cell) {
        Some(p) => format!("{}, {}", voice.cell(geo, cell), piece_words(game, p)),
        None => format!("{}, empty", voice.cell(geo, cell)),
    }
}

/// The legal moves of the piece on `cell`: "Knight g1 can move to f3 (Nf3), h3 (Nh3)."
pub fn moves_from(game: &AnyGame, voice: Voice, cell: Cell) -> String {
    let geo = game.geometry();
    let mut moves: Vec<_> = game
        .legal_move_list()
        .iter()
        .copied()
        .filter(|m| m.kind != MoveKind::Pass && m.from == cell)
        .collect();
    moves.sort_by_key(|m| (geo.file(m.to), geo.rank(m.to)));
    let moves: Vec<String> = moves.iter().map(|m| voice.destination(game, *m)).collect();
    match game.piece_at(cell) {
        None => format!("{} is empty.", voice.cell(geo, cell)),
        Some(p) if p.seat() != game.to_move() && p.kind() != PieceKind::Cat => format!(
            "The {} on {} cannot move now: it is {}'s turn.",
            piece_words(game, p),
            voice.cell(geo, cell),
            capitalise(game.seat_name(game.to_move()))
        ),
        Some(p) if moves.is_empty() => format!(
            "The {} on {} has no legal move.",
            piece_words(game, p),
            voice.cell(geo, cell)
        ),
        Some(p) => format!(
            "{} {} can move to {}.",
            capitalise(p.kind().name()),
            voice.cell(geo, cell),
            moves.join(", ")
        ),
    }
}

/// Every legal move, grouped by piece: one sentence a piece that can move.
pub fn all_moves(game: &AnyGame, voice: Voice) -> Vec<String> {
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
    let mut lines: Vec<String> = origins
        .into_iter()
        .map(|c| moves_from(game, voice, c))
        .collect();
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

    /// The screen's voice, in which these sentences were written.
    const V: Voice = Voice::SCREEN;
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
            rank(&game, V, rank_named(geo, V, "8").unwrap_or(0)),
            "Rank 8: black rook a8, black knight b8, black bishop c8, black queen d8, black king e8, black bishop f8, black knight g8, black rook h8."
        );
        assert_eq!(rank(&game, V, 4), "Rank 5: all empty, a5 to h5.");
        assert_eq!(
            file(&game, V, file_named(geo, V, "E").unwrap_or(0)),
            "File e: white king e1, white pawn e2, empty e3 to e6, black pawn e7, black king e8."
        );
        assert_eq!(board(&game, V).len(), 8);
        assert_eq!(rank_named(geo, V, "9"), None);
        assert_eq!(file_named(geo, V, "z"), None);
    }

    #[test]
    fn a_cell_says_who_can_reach_it() {
        let game = start();
        let geo = game.geometry();
        let f3 = geo.cell("f3").unwrap_or_default();
        assert_eq!(
            cell_detail(&game, V, f3),
            "f3: empty, light square. White can move there: pawn f2, knight g1."
        );
        let f6 = geo.cell("f6").unwrap_or_default();
        assert_eq!(
            cell_detail(&game, V, f6),
            "f6: empty, dark square. No piece of White can move there now. Black could move there on its turn: pawn f7, knight g8."
        );
    }

    #[test]
    fn pieces_and_moves_are_listed() {
        let game = start();
        let geo = game.geometry();
        assert_eq!(
            pieces_of_seat(&game, V, Seat::WHITE),
            "White: king e1; queen d1; rooks a1, h1; bishops c1, f1; knights b1, g1; pawns a2, b2, c2, d2, e2, f2, g2, h2."
        );
        assert_eq!(
            moves_from(&game, V, geo.cell("g1").unwrap_or_default()),
            "Knight g1 can move to f3 (Nf3), h3 (Nh3)."
        );
        assert_eq!(all_moves(&game, V).len(), 10, "eight pawns and two knights");
        assert_eq!(
            moves_from(&game, V, geo.cell("a1").unwrap_or_default()),
            "The white rook on a1 has no legal move."
        );
    }
}

#[cfg(test)]
mod ranks_and_files {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    #[test]
    fn baccancat_ranks_and_files_are_named_by_their_letters_or_numbers() {
        let game = Variant::BacCanCat.new_game(&Options::new());
        let geo = game.geometry();
        for voice in [Voice::SCREEN, Voice::SPOKEN] {
            assert_eq!(rank_named(geo, voice, "p"), Some(15));
            assert_eq!(rank_named(geo, voice, "3"), Some(2));
            assert_eq!(file_named(geo, voice, "a"), Some(0));
            assert_eq!(file_named(geo, voice, "P"), Some(15));
        }
        assert!(rank(&game, Voice::SCREEN, 15).starts_with("Rank p: "));
        assert!(rank(&game, Voice::SPOKEN, 15).starts_with("Rank 16: "));
        assert!(file(&game, Voice::SPOKEN, 5).starts_with("File f: "));
        for line in board(&game, Voice::SCREEN) {
            assert!(!line.starts_with("Rank :"), "{line}");
        }
        let chu = Variant::Chu.new_game(&Options::new());
        assert!(rank(&chu, Voice::SPOKEN, 9).starts_with("Rank 9: "));
        assert!(file(&chu, Voice::SPOKEN, 0).starts_with("File a: "));
    }
}
