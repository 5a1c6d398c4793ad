//! What a move changed beyond the piece it moved, found by comparing the
//! game before and after it, whatever the variant: pieces that appeared
//! or left the board (BacCanCat's refills, a mated army's pieces), by
//! kind, pieces disarmed or armed again (Cat Chess; the zones themselves
//! are said on asking), the panel's figures that changed (who is out and who mated
//! them, the points, the Reserve, Chu's Lion rule), a count nearing its
//! limit, and every seat newly in check. One sentence each, so what a
//! sighted player sees change is said.

use super::{Event, EventKind, piece_words, seat_subject};
use crate::speech::Voice;
use crate::words::{and_list, plural};
use catboard::core::{
    Annotations, Cell, CellSet, Figure, Game, Move, MoveKind, Piece, Retire, Seat,
};
use catboard::variants::AnyGame;

/// The sentences for `mv`, played in `before` to give `after`: the move
/// itself, with what befell the moved piece and the check it gives
/// folded in as a chess player says them ("White queen to d3,
/// disarmed.", "White queen to h5, check." in a two-seat game, "…,
/// checking Green and Blue." with more seats), then what else it
/// changed, then any seat still in check from before ("Blue is in
/// check.").
pub fn move_and_changes(before: &AnyGame, after: &AnyGame, voice: Voice, mv: Move) -> Vec<Event> {
    let checked = checks(before, after);
    let given: Vec<&str> = checked
        .iter()
        .filter(|c| c.given)
        .map(|c| c.subject.as_str())
        .collect();
    let mut arming = Arming::of(before, after, mv);
    let mut sentence = super::move_played(before, voice, mv);
    let stem = |s: &str| s.strip_suffix('.').unwrap_or(s).to_string();
    if let Some(word) = arming.take_mover(before, after, mv) {
        sentence = format!("{}, {word}.", stem(&sentence));
    }
    if !given.is_empty() {
        let two_seats = after.seat_names().len() == 2;
        sentence = if two_seats {
            format!("{}, check.", stem(&sentence))
        } else {
            format!("{}, checking {}.", stem(&sentence), and_list(&given))
        };
    }
    let mut events = vec![Event::new(EventKind::Move, sentence)];
    events.extend(side_changes(before, after, voice, mv, arming));
    events.extend(
        checked
            .iter()
            .filter(|c| !c.given)
            .map(|c| Event::new(EventKind::Check, format!("{} is in check.", c.subject))),
    );
    events
}

/// What `mv` changed besides the move and the checks, one sentence each.
fn side_changes(
    before: &AnyGame,
    after: &AnyGame,
    voice: Voice,
    mv: Move,
    arming: Arming,
) -> Vec<Event> {
    let mut said = board_changes(before, after, voice, mv);
    said.extend(arming.sentences(after, voice));
    said.extend(note_changes(
        voice,
        &before.annotations(),
        &after.annotations(),
    ));
    said.into_iter()
        .map(|text| Event::new(EventKind::Info, text))
        .collect()
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

/// Pieces that appeared on or left cells the move did not touch, seat by
/// seat and kind by kind: "Red gets pawns c1, d1, e1, f1.", "Blue loses
/// 8 pawns, 2 rooks, a queen and a king."
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
    for (game, pieces, verbs) in [
        (after, &appeared, ("gets", "get")),
        (before, &left, ("loses", "lose")),
    ] {
        let mut seats: Vec<Seat> = pieces.iter().map(|(p, _)| p.seat()).collect();
        seats.sort_by_key(|s| s.0);
        seats.dedup();
        for seat in seats {
            let own: Vec<(Piece, Cell)> = pieces
                .iter()
                .copied()
                .filter(|(p, _)| p.seat() == seat)
                .collect();
            let who = seat_subject(game, seat);
            let verb = if who.starts_with("The ") {
                verbs.1
            } else {
                verbs.0
            };
            if let Some(list) = say_pieces(game, voice, &own, false, LISTED) {
                said.push(format!("{who} {verb} {list}."));
            }
        }
    }
    said
}

/// Every disarmed piece of the position, grouped as a Cat's move says them
/// ("Disarmed: white knight c3; white pawns a2, b2."), or "No piece is
/// disarmed." — the `zones` command's last sentence.
pub fn disarmed_now(game: &AnyGame, voice: Voice) -> String {
    let pieces: Vec<(Piece, Cell)> = game
        .annotations()
        .disarmed
        .iter()
        .filter_map(|c| game.piece_at(c).map(|p| (p, c)))
        .collect();
    match say_pieces(game, voice, &pieces, true, usize::MAX) {
        Some(list) => format!("Disarmed: {list}."),
        None => "No piece is disarmed.".to_string(),
    }
}

/// At most this many pieces are listed with their cells; more are
/// counted kind by kind.
const LISTED: usize = 4;

/// `pieces` grouped by kind (and by owner, when `owners`): with their
/// cells when `listed` or fewer ("pawns c1, d1; rook a1", "black knight
/// f6; black pawns f7, g7"), else counted ("8 pawns, 2 rooks and a
/// queen"). `None` when there are none.
fn say_pieces(
    game: &AnyGame,
    voice: Voice,
    pieces: &[(Piece, Cell)],
    owners: bool,
    listed: usize,
) -> Option<String> {
    let geo = game.geometry();
    let mut groups: Vec<(Piece, Vec<Cell>)> = Vec::new();
    for &(p, c) in pieces {
        match groups.iter_mut().find(|(q, _)| *q == p) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((p, vec![c])),
        }
    }
    let named = |p: Piece| {
        if owners {
            piece_words(game, p)
        } else {
            p.kind().name().to_string()
        }
    };
    let parts: Vec<String> = if pieces.len() <= listed {
        groups
            .iter()
            .map(|(p, cells)| {
                let words = named(*p);
                let words = if cells.len() > 1 {
                    plural(&words)
                } else {
                    words
                };
                format!("{words} {}", voice.cell_list(geo, cells.iter().copied()))
            })
            .collect()
    } else {
        groups
            .iter()
            .map(|(p, cells)| counted(cells.len(), &named(*p)))
            .collect()
    };
    if parts.is_empty() {
        return None;
    }
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    Some(if pieces.len() <= listed {
        parts.join("; ")
    } else {
        and_list(&parts)
    })
}

/// "a queen", "an elephant", "3 tanks".
fn counted(n: usize, name: &str) -> String {
    match n {
        1 if name.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {name}"),
        1 => format!("a {name}"),
        _ => format!("{n} {}", plural(name)),
    }
}

/// Where a piece that stood on `cell` before `mv` stands after it.
fn follow(mv: Move, cell: Cell) -> Cell {
    if mv.kind != MoveKind::Pass && cell == mv.from {
        mv.to
    } else {
        cell
    }
}

/// Pieces newly disarmed by a move, and pieces armed again (Cat Chess;
/// the Cats' zones themselves are said on asking).
struct Arming {
    /// Where the pieces newly disarmed stand.
    disarmed: Vec<Cell>,
    /// Where the pieces armed again stand.
    armed: Vec<Cell>,
}

impl Arming {
    /// What `mv`, played in `before` to give `after`, disarmed and armed
    /// again: a piece is followed to where the move takes it, and a
    /// piece taken is not armed again.
    fn of(before: &AnyGame, after: &AnyGame, mv: Move) -> Arming {
        let (was, now) = (before.annotations(), after.annotations());
        let mut carried = CellSet::new();
        for c in was.disarmed.iter() {
            carried.insert(follow(mv, c));
        }
        let disarmed = now
            .disarmed
            .iter()
            .filter(|c| !carried.contains(*c) && after.piece_at(*c).is_some())
            .collect();
        let armed = carried
            .iter()
            .filter(|c| !now.disarmed.contains(*c) && after.piece_at(*c).is_some())
            .filter(|c| {
                let from = if *c == mv.to { mv.from } else { *c };
                before.piece_at(from).map(|p| p.seat()) == after.piece_at(*c).map(|p| p.seat())
            })
            .collect();
        Arming { disarmed, armed }
    }

    /// "disarmed" or "re-armed" when that befell the piece `mv` moved
    /// (said in the move's own sentence, so taken out of the lists); a
    /// castling's two pieces, a pass and a retirement are left listed.
    fn take_mover(&mut self, before: &AnyGame, after: &AnyGame, mv: Move) -> Option<&'static str> {
        let moved = matches!(
            mv.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::TwoLeg
        ) && Retire::of(mv).is_none()
            && before.piece_at(mv.from) == after.piece_at(mv.to);
        if !moved {
            return None;
        }
        for (cells, word) in [
            (&mut self.disarmed, "disarmed"),
            (&mut self.armed, "re-armed"),
        ] {
            if let Some(i) = cells.iter().position(|c| *c == mv.to) {
                cells.remove(i);
                return Some(word);
            }
        }
        None
    }

    /// The lists, grouped by owner and kind ("Disarmed: black knight f6,
    /// black pawns f7, g7, h7.", "Re-armed: white pawn e4.").
    fn sentences(self, after: &AnyGame, voice: Voice) -> Vec<String> {
        let pieces = |cells: Vec<Cell>| -> Vec<(Piece, Cell)> {
            cells
                .into_iter()
                .filter_map(|c| after.piece_at(c).map(|p| (p, c)))
                .collect()
        };
        let mut said = Vec::new();
        for (cells, head) in [(self.disarmed, "Disarmed"), (self.armed, "Re-armed")] {
            if let Some(list) = say_pieces(after, voice, &pieces(cells), true, usize::MAX) {
                said.push(format!("{head}: {list}."));
            }
        }
        said
    }
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
                    let old = old.map_or(String::new(), |o| super::note_words(voice, o));
                    let now = super::note_words(voice, value);
                    said.push(format!("{label}: {}.", changed_counts(&old, &now)));
                } else if !new_items.is_empty() {
                    said.push(format!("{label}: {}.", new_items.join(", ")));
                }
            }
        }
    }
    said
}

/// The items of a count list (`8 queens, 7 tanks`) that changed from
/// `old` to `now`, or the whole of `now` when its items cannot be
/// matched: "7 tanks", "no gnus".
fn changed_counts(old: &str, now: &str) -> String {
    let name = |item: &str| item.split_once(' ').map(|(_, n)| plural(n.trim()));
    let old_items: Vec<&str> = old.split(", ").filter(|i| !i.is_empty()).collect();
    let now_items: Vec<&str> = now.split(", ").filter(|i| !i.is_empty()).collect();
    let mut changed: Vec<String> = now_items
        .iter()
        .filter(|i| !old_items.contains(i))
        .map(|i| (*i).to_string())
        .collect();
    for gone in &old_items {
        if let Some(n) = name(gone)
            && !now_items
                .iter()
                .any(|i| name(i).as_deref() == Some(n.as_str()))
        {
            changed.push(format!("no {n}"));
        }
    }
    if changed.is_empty() {
        now.to_string()
    } else {
        changed.join(", ")
    }
}

/// A seat in check after a move: who ("Black", "The Cats"), and whether
/// the move gave the check (the seat was not in check before it).
struct Checked {
    subject: String,
    given: bool,
}

/// Every seat whose King is newly in check after the move (and the side
/// to move whenever it is), while the game goes on: the side to move
/// first, then the others in turn order.
fn checks(before: &AnyGame, after: &AnyGame) -> Vec<Checked> {
    if after.outcome().is_some() {
        return Vec::new();
    }
    let (was, now) = (before.annotations(), after.annotations());
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
    let n = after.seat_names().len().max(1) as u8;
    let first = after.to_move().0;
    seats.sort_by_key(|s| (s.0 + n - first) % n);
    seats.dedup();
    seats
        .into_iter()
        .map(|s| Checked {
            subject: seat_subject(after, s),
            given: !before_seats.contains(&s),
        })
        .collect()
}
