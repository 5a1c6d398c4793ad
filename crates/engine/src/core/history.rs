//! A game's history, written once for every variant: the moves played and,
//! for each, the variant's snapshot of the state before it (what Stockfish
//! keeps in its `StateInfo`), whose key the repetition count compares.
//! Make, unmake, the search's null move and the repetition count are the
//! functions of this module, whatever the game.

use super::moves::{Move, MoveKind};
use super::retire::{Retire, Retirements};

/// A variant's snapshot of its state before a move: what taking the move
/// back restores, and the key of that position for the repetition count.
pub trait Snapshot {
    /// The key repetitions are compared by: the position's hash, or the
    /// part of it the variant's repetition rule looks at.
    fn repetition_key(&self) -> u64;
}

/// The snapshot of a variant that plays its moves on a board and keeps the
/// rest of its state in one value: the state before the move, and what
/// taking the board change back needs (the piece taken, say).
#[derive(Clone, Copy, Debug)]
pub struct Before<State, Change> {
    /// The variant's state before the move.
    pub state: State,
    /// What taking the move's board change back needs.
    pub change: Change,
}

impl<State: Snapshot, Change> Snapshot for Before<State, Change> {
    #[inline(always)]
    fn repetition_key(&self) -> u64 {
        self.state.repetition_key()
    }
}

/// A variant's state that records who has left the game (resigned,
/// flagged) or agreed a draw, so that [`Before::retiring`] records a
/// retirement the same way for every variant built on [`Before`].
pub trait RecordsRetirements: Copy {
    /// The retirements this state records.
    fn retirements_mut(&mut self) -> &mut Retirements;
}

impl<State: RecordsRetirements, Change> Before<State, Option<Change>> {
    /// Records `retire` in `state` (nothing moves on the board, the turn
    /// stays) and returns the snapshot that takes it back: the state as it
    /// was, with no board change. The variant refreshes any key derived
    /// from its state afterwards.
    pub fn retiring(state: &mut State, retire: Retire) -> Self {
        let before = *state;
        let retired = state.retirements_mut();
        *retired = retired.with(retire);
        Before {
            state: before,
            change: None,
        }
    }
}

/// One ply taken off a [`History`]: what [`Recorded::take_back`] is given.
#[derive(Clone, Copy, Debug)]
pub struct Ply<S> {
    /// The move played ([`Move::PASS`] for a null move or a pass).
    pub mv: Move,
    /// The variant's snapshot of the state before the move.
    pub before: S,
}

/// The moves played since the start position, oldest first, each with the
/// variant's snapshot `S` of the state before it.
#[derive(Clone, Debug)]
pub struct History<S> {
    moves: Vec<Move>,
    befores: Vec<S>,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        History {
            moves: Vec::new(),
            befores: Vec::new(),
        }
    }
}

impl<S> History<S> {
    /// An empty history with room for `plies` moves before it grows.
    pub fn with_capacity(plies: usize) -> History<S> {
        History {
            moves: Vec::with_capacity(plies),
            befores: Vec::with_capacity(plies),
        }
    }

    /// Records `mv` with the snapshot `before` of the state it was played from.
    #[inline(always)]
    pub fn push(&mut self, mv: Move, before: S) {
        self.moves.push(mv);
        self.befores.push(before);
    }

    /// Takes the last ply off, if any.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<Ply<S>> {
        let before = self.befores.pop()?;
        let mv = self.moves.pop()?;
        Some(Ply { mv, before })
    }

    /// The moves played, oldest first.
    #[inline(always)]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played.
    #[inline(always)]
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }
}

impl<S: Snapshot> History<S> {
    /// How many earlier positions have repetition key `key`, looking
    /// `period`, 2 × `period`, … plies back (the plies after which the same
    /// side is to move again: the number of seats) and no further than
    /// `reach` plies (the last irreversible move).
    pub fn earlier_occurrences(&self, key: u64, reach: usize, period: usize) -> usize {
        let n = self.befores.len();
        let period = period.max(1);
        (period..=reach.min(n))
            .step_by(period)
            .filter(|&back| self.befores[n - back].repetition_key() == key)
            .count()
    }
}

/// A position whose moves a [`History`] records: the variant says how a
/// move changes it and how to take that back; [`make_move`],
/// [`unmake_move`], [`make_null_move`] and [`unmake_null_move`] do the rest
/// the same way for every variant.
pub trait Recorded {
    /// The variant's snapshot of its state before a move (castling
    /// rights, en-passant cell, clocks, hash, what was taken...), small and
    /// cheap to copy; or, for a copy-make variant, the whole position.
    type Before: Snapshot;

    /// The history, to record in.
    fn history_mut(&mut self) -> &mut History<Self::Before>;

    /// Plays the legal move `mv`, returning the snapshot that takes it back.
    fn play(&mut self, mv: Move) -> Self::Before;

    /// Passes the turn without moving, for the search's null move,
    /// returning the snapshot that takes it back; `None`, changing nothing,
    /// where passing is not allowed (in check) or the variant has no such
    /// thing (the default).
    fn pass(&mut self) -> Option<Self::Before> {
        None
    }

    /// Takes back the last ply: a move [`Recorded::play`] played or a pass
    /// [`Recorded::pass`] made (then `ply.mv` is [`Move::PASS`]).
    fn take_back(&mut self, ply: Ply<Self::Before>);

    /// Records a retirement (a seat resigns or its flag falls, or a draw
    /// is agreed) in the variant's state, returning the snapshot that takes
    /// it back. Nothing moves on the board and the turn stays where it is,
    /// unless the variant's rules move it (an eliminated army's turn).
    fn retire(&mut self, retire: Retire) -> Self::Before;

    /// Takes back a retirement [`Recorded::retire`] recorded.
    fn take_back_retire(&mut self, before: Self::Before);
}

/// Plays `mv` (legal in `game`, or a retirement the game allows) and
/// records it.
#[inline(always)]
pub fn make_move<R: Recorded>(game: &mut R, mv: Move) {
    let before = if mv.kind == MoveKind::Retire {
        match Retire::of(mv) {
            Some(retire) => game.retire(retire),
            None => return,
        }
    } else {
        game.play(mv)
    };
    game.history_mut().push(mv, before);
}

/// Takes back the last move recorded, returning it.
#[inline(always)]
pub fn unmake_move<R: Recorded>(game: &mut R) -> Option<Move> {
    let ply = game.history_mut().pop()?;
    let mv = ply.mv;
    if mv.kind == MoveKind::Retire {
        game.take_back_retire(ply.before);
    } else {
        game.take_back(ply);
    }
    Some(mv)
}

/// Passes the turn (the search's null move) where the variant allows it,
/// recording the pass; returns whether it passed.
pub fn make_null_move<R: Recorded>(game: &mut R) -> bool {
    match game.pass() {
        Some(before) => {
            game.history_mut().push(Move::PASS, before);
            true
        }
        None => false,
    }
}

/// Takes back a pass made by [`make_null_move`]; nothing if the last ply
/// is not a pass.
pub fn unmake_null_move<R: Recorded>(game: &mut R) {
    if game.history_mut().last_move().is_some_and(Move::is_pass) {
        unmake_move(game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cell::Cell;

    /// A snapshot that is its own key.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Value(u64);

    impl Snapshot for Value {
        fn repetition_key(&self) -> u64 {
            self.0
        }
    }

    /// A counter that a move adds to.
    #[derive(Default)]
    struct Counter {
        value: u64,
        history: History<Value>,
    }

    impl Recorded for Counter {
        type Before = Value;
        fn history_mut(&mut self) -> &mut History<Value> {
            &mut self.history
        }
        fn play(&mut self, mv: Move) -> Value {
            let before = Value(self.value);
            self.value += u64::from(mv.to.0);
            before
        }
        fn pass(&mut self) -> Option<Value> {
            (self.value < 100).then_some(Value(self.value))
        }
        fn take_back(&mut self, ply: Ply<Value>) {
            self.value = ply.before.0;
        }
        fn retire(&mut self, _: Retire) -> Value {
            let before = Value(self.value);
            self.value += 1000;
            before
        }
        fn take_back_retire(&mut self, before: Value) {
            self.value = before.0;
        }
    }

    fn step(n: u8) -> Move {
        Move::normal(Cell(0), Cell(n))
    }

    #[test]
    fn make_and_unmake_restore_in_reverse_order() {
        let mut c = Counter::default();
        for n in [3, 5, 7] {
            make_move(&mut c, step(n));
        }
        assert_eq!((c.value, c.history.moves().len()), (15, 3));
        assert_eq!(unmake_move(&mut c), Some(step(7)));
        assert_eq!(c.value, 8);
        assert_eq!(unmake_move(&mut c), Some(step(5)));
        assert_eq!(unmake_move(&mut c), Some(step(3)));
        assert_eq!((c.value, unmake_move(&mut c)), (0, None));
    }

    #[test]
    fn a_null_move_is_recorded_as_a_pass_and_only_a_pass_is_taken_back_so() {
        let mut c = Counter::default();
        make_move(&mut c, step(4));
        unmake_null_move(&mut c);
        assert_eq!(c.history.moves(), &[step(4)], "a real move stays");
        assert!(make_null_move(&mut c));
        assert_eq!(c.history.last_move(), Some(Move::PASS));
        unmake_null_move(&mut c);
        assert_eq!((c.value, c.history.moves().len()), (4, 1));
        make_move(&mut c, step(200));
        assert!(!make_null_move(&mut c), "refused, and nothing recorded");
        assert_eq!(c.history.moves().len(), 2);
    }

    #[test]
    fn a_retirement_is_recorded_and_taken_back_through_its_own_hooks() {
        let mut c = Counter::default();
        make_move(&mut c, step(4));
        make_move(&mut c, Retire::Agreement.to_move());
        assert_eq!((c.value, c.history.moves().len()), (1004, 2));
        assert_eq!(unmake_move(&mut c), Some(Retire::Agreement.to_move()));
        assert_eq!((c.value, c.history.moves().len()), (4, 1));
    }

    #[test]
    fn counts_only_every_period_within_reach() {
        // Keys of the positions before moves 0..=6; the current key is 1.
        let mut h = History::default();
        for key in [1, 2, 3, 1, 1, 1, 1] {
            h.push(Move::PASS, Value(key));
        }
        assert_eq!(h.earlier_occurrences(1, 7, 2), 2);
        assert_eq!(h.earlier_occurrences(1, 7, 3), 1);
        assert_eq!(h.earlier_occurrences(1, 3, 2), 1);
        assert_eq!(h.earlier_occurrences(1, 0, 3), 0);
        assert_eq!(h.earlier_occurrences(2, 7, 2), 1, "the key is compared");
        assert_eq!(
            h.earlier_occurrences(1, 100, 2),
            2,
            "reach stops at the start"
        );
    }
}
