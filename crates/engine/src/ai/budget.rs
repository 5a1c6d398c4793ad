//! What every search keeps about one run, whatever its number of seats:
//! the budget that says when to stop, and the principal variations found.

use super::level::Limits;
use super::ordering::MAX_PLY;
use super::thought::Thought;
use crate::core::Move;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The stop flag, node cap and clock of one search run, and the nodes it
/// has counted against them.
pub(super) struct Budget<'a> {
    stop: &'a AtomicBool,
    limits: &'a Limits,
    start: Instant,
    deadline: Option<Instant>,
    /// Nodes visited so far.
    pub nodes: u64,
    /// The deepest ply entered so far.
    pub seldepth: usize,
    /// Whether the budget ran out: the depth being searched is unfinished.
    pub aborted: bool,
}

impl<'a> Budget<'a> {
    /// A budget starting now, for `limits`, that also stops when `stop` is
    /// raised.
    pub fn new(limits: &'a Limits, stop: &'a AtomicBool) -> Budget<'a> {
        let start = Instant::now();
        Budget {
            stop,
            limits,
            start,
            deadline: limits.time.map(|t| start + t),
            nodes: 0,
            seldepth: 0,
            aborted: false,
        }
    }

    /// Whether the search must stop now (stop flag, node cap or clock; the
    /// clock is read every 1,024 nodes).
    #[inline]
    pub fn spent(&mut self) -> bool {
        if !self.aborted
            && (self.stop.load(Ordering::Relaxed)
                || self.limits.nodes.is_some_and(|n| self.nodes >= n)
                || (self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Counts a node at `ply`, emptying its principal variation; `false`
    /// when the budget is spent (the caller returns at once).
    #[inline]
    pub fn enter(&mut self, pv: &mut PrincipalVariations, ply: usize) -> bool {
        pv.start_at(ply);
        if self.spent() {
            return false;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        true
    }

    /// Time since the run began.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether a search with a time limit should not begin another depth:
    /// its only move needs no thought, or, on a running clock, half its
    /// share is gone (the next depth would rarely finish, and the time is
    /// kept for later moves). A fixed time a move is searched to its end.
    pub fn no_time_for_another_depth(&self, root_moves: usize) -> bool {
        self.limits
            .time
            .is_some_and(|t| root_moves == 1 || (self.limits.clock && self.start.elapsed() * 2 > t))
    }

    /// What the run has found after a finished `depth`: `best`, its
    /// `score` and the principal variation.
    pub fn thought(&self, pv: &PrincipalVariations, best: Move, score: i32, depth: i32) -> Thought {
        Thought {
            best: Some(best),
            score,
            depth: depth.max(0) as u32,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            pv: pv.line(),
        }
    }
}

/// The triangular table of principal variations: one row per ply, each
/// the best line found from that ply on.
pub(super) struct PrincipalVariations {
    moves: Vec<Move>,
    len: [usize; MAX_PLY + 1],
}

impl PrincipalVariations {
    /// An empty table.
    pub fn new() -> PrincipalVariations {
        PrincipalVariations {
            moves: vec![Move::default(); (MAX_PLY + 1) * (MAX_PLY + 1)],
            len: [0; MAX_PLY + 1],
        }
    }

    /// Empties the variation at `ply`, as a node there is entered.
    #[inline]
    pub fn start_at(&mut self, ply: usize) {
        if ply <= MAX_PLY {
            self.len[ply] = ply;
        }
    }

    /// Makes `mv` the head of the variation at `ply`, followed by the
    /// variation found below it.
    #[inline]
    pub fn update(&mut self, ply: usize, mv: Move) {
        if ply >= MAX_PLY {
            return;
        }
        let row = ply * (MAX_PLY + 1);
        let child = (ply + 1) * (MAX_PLY + 1);
        self.moves[row + ply] = mv;
        let child_len = self.len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.moves[row + i] = self.moves[child + i];
        }
        self.len[ply] = child_len;
    }

    /// The line found from the root.
    pub fn line(&self) -> Vec<Move> {
        self.moves[..self.len[0]].to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Cell;

    fn mv(from: u8, to: u8) -> Move {
        Move::normal(Cell(from), Cell(to))
    }

    #[test]
    fn a_variation_is_its_move_then_the_line_below_it() {
        let mut pv = PrincipalVariations::new();
        pv.start_at(0);
        pv.start_at(1);
        pv.start_at(2);
        pv.update(1, mv(3, 4));
        pv.update(0, mv(1, 2));
        assert_eq!(pv.line(), vec![mv(1, 2), mv(3, 4)]);
        // Entering the root again forgets the line.
        pv.start_at(0);
        assert!(pv.line().is_empty());
    }

    #[test]
    fn a_fixed_move_time_is_searched_to_its_end_and_a_clock_share_to_its_half() {
        let stop = AtomicBool::new(false);
        let fixed = Limits::time(Duration::from_millis(2));
        let clock = Limits::depth(64).on_clock(Duration::from_millis(2));
        let (fixed_budget, clock_budget) = (Budget::new(&fixed, &stop), Budget::new(&clock, &stop));
        std::thread::sleep(Duration::from_millis(3));
        assert!(!fixed_budget.no_time_for_another_depth(20));
        assert!(clock_budget.no_time_for_another_depth(20));
        // An only move needs no thought either way.
        assert!(fixed_budget.no_time_for_another_depth(1));
        let untimed = Limits::depth(64);
        assert!(!Budget::new(&untimed, &stop).no_time_for_another_depth(1));
    }

    #[test]
    fn a_node_cap_spends_the_budget_and_the_stop_flag_too() {
        let stop = AtomicBool::new(false);
        let limits = Limits {
            nodes: Some(3),
            ..Limits::depth(4)
        };
        let mut pv = PrincipalVariations::new();
        let mut budget = Budget::new(&limits, &stop);
        assert!((0..3).all(|_| budget.enter(&mut pv, 0)));
        assert!(!budget.enter(&mut pv, 0));
        assert!(budget.aborted);
        let unlimited = Limits::depth(4);
        let mut budget = Budget::new(&unlimited, &stop);
        assert!(budget.enter(&mut pv, 0));
        stop.store(true, Ordering::Relaxed);
        assert!(!budget.enter(&mut pv, 0));
        assert_eq!(budget.nodes, 1);
    }
}
