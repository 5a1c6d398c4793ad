//! What a move changed beyond the piece it moved, found by comparing the
//! game before and after it, whatever the variant: pieces that appeared
//! or left the board (BacCanCat's refills, a mated army's pieces),
//! pieces disarmed or armed again and the zone of a Cat that moved (Cat
//! Chess), the panel's figures that changed (who is out and who mated
//! them, the points, the Reserve, Chu's Lion rule), a count nearing its
//! limit, and every seat newly in check. One sentence each, so what a
//! sighted player sees change is said.

use super::{Event, EventKind, piece_words, seat_subject};
use crate::speech::Voice;
use crate::words::plural;
use catboard::core::{
    Annotations, Cell, CellSet, Figure, Game, Move, MoveKind, Piece, PieceKind, Seat,
};
use catboard::variants::AnyGame;

/// The sentences for what `mv`, played in `before` to give `after`,
/// changed besides the move itself; the checks come last.
pub fn changes(before: &AnyGame, after: &AnyGame, voice: Voice, mv: Move) -> Vec<Event> {
    let was = before.annotations();
    let now = after.annotations();
    let mut said = board_changes(before, after, voice, mv);
    said.extend(disarm_changes(before, after, &was, &now, voice, mv));
    said.extend(zone_moved(before, after, voice, mv));
    said.extend(note_changes(voice, &was, &now));
    let mut events: Vec<Event> = said
        .into_iter()
        .map(|text| Event::new(EventKind::Info, text))
        .collect();
    events.extend(
        checks(before, after, &was, &now)
            .into_iter()
            .map(|text| Event::new(EventKind::Check, text)),
    );
    events
}

/// The cells `mv` itself changes: where it starts, passes, takes and ends,
/// and a castling rook's.
fn move_cells(before: &AnyGame, mv: Move) -> Vec<Cell> {
    let mut cells = vec![mv.from, mv.to];
    if mv.kind != MoveKind::Pass {
        cells.push(mv.aux);
    }
    if mv.kind == MoveKind::Castle {
        // The rook lands beside the king, on the side it came from.
        let geo = before.geometry();
        for c in geo.cells() {
            if geo.rank(c) == geo.rank(mv.to)
                && (i32::from(geo.file(c)) - i32::from(geo.file(mv.to))).abs() == 1
            {
                cells.push(c);
            }
        }
    }
    cells
}

/// Pieces that appeared on or left cells the move did not touch.
fn board_changes(before: &AnyGame, after: &AnyGame, voice: Voice, mv: Move) -> Vec<String> {
    let geo = before.geometry();
    let touched = move_cells(before, mv);
    let mut appeared: Vec<(Piece, Cell)> = Vec::new();
    let mut left: Vec<(Piece, Cell)> = Vec::new();
    for cell in geo.cells().filter(|c| !touched.contains(c)) {
        let (was, now) = (before.piece_at(cell), after.piece_at(cell));
        if was == now {
            continue;
        }
        if let Some(p) = was {
            left.push((p, cell));
        }
        if let Some(p) = now {
            appeared.push((p, cell));
        }
    }
    let mut said = Vec::new();
    if !appeared.is_empty() {
        said.push(format!(
            "New on the board: {}.",
            grouped(after, voice, &appeared)
        ));
    }
    if !left.is_empty() {
        said.push(format!(
            "Gone from the board: {}.",
            grouped(before, voice, &left)
        ));
    }
    said
}

/// Pieces grouped by owner and kind: "red pawns on b2, c2; red yeoman on
/// a1", or a count for a long list: "30 blue pieces".
fn grouped(game: &AnyGame, voice: Voice, pieces: &[(Piece, Cell)]) -> String {
    let geo = game.geometry();
    let mut groups: Vec<(Piece, Vec<Cell>)> = Vec::new();
    for &(p, c) in pieces {
        match groups.iter_mut().find(|(q, _)| *q == p) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((p, vec![c])),
        }
    }
    if pieces.len() > 12 {
        let mut seats: Vec<Seat> = groups.iter().map(|(p, _)| p.seat()).collect();
        seats.dedup();
        return seats
            .iter()
            .map(|s| {
                let n = pieces.iter().filter(|(p, _)| p.seat() == *s).count();
                format!("{n} {} pieces", game.seat_name(*s))
            })
            .collect::<Vec<_>>()
            .join(", ");
    }
    groups
        .iter()
        .map(|(p, cells)| {
            let words = piece_words(game, *p);
            format!(
                "{} on {}",
                if cells.len() > 1 {
                    plural(&words)
                } else {
                    words
                },
                voice.cell_list(geo, cells.iter().copied())
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Where a piece that stood on `cell` before `mv` stands after it.
fn follow(mv: Move, cell: Cell) -> Cell {
    if mv.kind != MoveKind::Pass && cell == mv.from {
        mv.to
    } else {
        cell
    }
}

/// Pieces newly disarmed, and pieces armed again.
fn disarm_changes(
    before: &AnyGame,
    after: &AnyGame,
    was: &Annotations,
    now: &Annotations,
    voice: Voice,
    mv: Move,
) -> Vec<String> {
    let geo = after.geometry();
    let mut carried = CellSet::new();
    for c in was.disarmed.iter() {
        carried.insert(follow(mv, c));
    }
    let said_of = |game: &AnyGame, cells: Vec<Cell>| -> Vec<String> {
        cells
            .into_iter()
            .filter_map(|c| {
                game.piece_at(c)
                    .map(|p| format!("{} {}", piece_words(game, p), voice.cell(geo, c)))
            })
            .collect()
    };
    let newly: Vec<Cell> = now
        .disarmed
        .iter()
        .filter(|c| !carried.contains(*c))
        .collect();
    let armed: Vec<Cell> = carried
        .iter()
        .filter(|c| !now.disarmed.contains(*c) && after.piece_at(*c).is_some())
        .filter(|c| {
            // A piece taken is not armed again.
            let from = if *c == mv.to { mv.from } else { *c };
            before.piece_at(from).map(|p| p.seat()) == after.piece_at(*c).map(|p| p.seat())
        })
        .collect();
    let mut said = Vec::new();
    let newly = said_of(after, newly);
    if !newly.is_empty() {
        said.push(format!("Now disarmed: {}.", newly.join(", ")));
    }
    let armed = said_of(after, armed);
    if !armed.is_empty() {
        said.push(format!("Armed again: {}.", armed.join(", ")));
    }
    said
}

/// The zone of a Cat that moved, as it is now.
fn zone_moved(before: &AnyGame, after: &AnyGame, voice: Voice, mv: Move) -> Option<String> {
    if mv.is_pass()
        || before
            .piece_at(mv.from)
            .is_none_or(|p| p.kind() != PieceKind::Cat)
    {
        return None;
    }
    let geo = after.geometry();
    let zones = after.annotations().zones;
    let mut cells: Vec<Cell> = std::iter::once(mv.to)
        .chain(geo.neighbours(mv.to).iter().map(|n| n.cell))
        .filter(|c| zones.contains(*c))
        .collect();
    cells.sort_by_key(|c| (geo.rank(*c), geo.file(*c)));
    Some(format!(
        "The Cat's zone is now {}.",
        voice.cell_list(geo, cells)
    ))
}

/// The panel's figures that changed: the new items of a list ("Out:
/// Blue (mated by Red)"), a count passing three quarters and nine tenths
/// of its limit; whose turn it is and who is in check are said elsewhere.
fn note_changes(voice: Voice, was: &Annotations, now: &Annotations) -> Vec<String> {
    let mut said = Vec::new();
    for note in &now.notes {
        let (label, value) = (note.label, &note.value);
        let old = was
            .notes
            .iter()
            .find(|n| n.label == label)
            .map(|n| &n.value);
        // Who is in check is said by `checks`.
        if old == Some(value) || matches!(value, Figure::InCheck(_)) {
            continue;
        }
        // A count is said only as it nears its limit.
        match (value.as_count(), old.and_then(Figure::as_count)) {
            (Some((n, Some(limit))), Some((before, _))) => {
                let crossed = [limit * 3 / 4, limit * 9 / 10]
                    .into_iter()
                    .any(|mark| before < mark && n >= mark);
                if crossed {
                    said.push(format!("{label}: {value}."));
                }
            }
            (Some(_), _) => {}
            (None, _) => {
                let old_items = old.map_or(Vec::new(), Figure::items);
                let new_items: Vec<String> = value
                    .items()
                    .into_iter()
                    .filter(|item| !old_items.contains(item) && item != "none")
                    .collect();
                if matches!(value, Figure::Pieces { .. }) {
                    said.push(format!("{label}: {}.", super::note_words(voice, value)));
                } else if !new_items.is_empty() {
                    said.push(format!("{label}: {}.", new_items.join(", ")));
                }
            }
        }
    }
    said
}

/// "Black is in check." for every seat whose King is newly in check (the
/// side to move whenever it is), while the game goes on.
fn checks(before: &AnyGame, after: &AnyGame, was: &Annotations, now: &Annotations) -> Vec<String> {
    if after.outcome().is_some() {
        return Vec::new();
    }
    let seat_of = |game: &AnyGame, cell: Cell| game.piece_at(cell).map(|p| p.seat());
    let before_seats: Vec<Seat> = was
        .checked
        .iter()
        .filter_map(|c| seat_of(before, c))
        .collect();
    let mut seats: Vec<Seat> = now
        .checked
        .iter()
        .filter_map(|c| seat_of(after, c))
        .filter(|s| *s == after.to_move() || !before_seats.contains(s))
        .collect();
    if after.in_check() && !seats.contains(&after.to_move()) {
        seats.insert(0, after.to_move());
    }
    // The side to move first, then the others in turn order.
    let n = after.seat_names().len().max(1) as u8;
    let first = after.to_move().0;
    seats.sort_by_key(|s| (s.0 + n - first) % n);
    seats.dedup();
    seats
        .into_iter()
        .map(|s| format!("{} is in check.", seat_subject(after, s)))
        .collect()
}
