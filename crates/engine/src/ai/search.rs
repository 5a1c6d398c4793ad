//! The two-seat search: negamax with alpha-beta (principal variation
//! search), iterative deepening with aspiration windows, a capture-only
//! quiescence tail (with its own hash-table entries), a transposition
//! table, null-move pruning, reverse futility, razoring, futility and
//! late-move pruning (tighter when the position is not improving),
//! pruning of captures that lose by exchange, internal iterative
//! reduction, late-move reductions by history, singular extensions (with
//! multi-cut) and check extensions. Mates are scored by distance so the
//! shortest is preferred; repetitions and the game's own draw rules are
//! recognised inside the tree.
//!
//! The search is synchronous. It checks the caller's stop flag at every
//! node and, once stopped, returns the best move of the last depth it
//! finished.

use super::budget::{Budget, PrincipalVariations};
use super::eval_cache::EvalCache;
use super::evaluate::Evaluate;
use super::fog::Fog;
use super::level::Limits;
use super::ordering::{HISTORY_MAX, Heuristics, MAX_PLY, pick_next};
use super::score::{DRAW, INFINITY, MATE, MATE_BOUND, is_mate, mate_in_moves, mated_in};
use super::table::{Bound, Table};
use super::thought::{Report, Thought};
use crate::core::{Game, Move, MoveList, Outcome};
use arrayvec::ArrayVec;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The static evaluation of a node in check (none is taken).
const NO_EVAL: i32 = i32::MIN;

/// The transposition table size of [`think`], in MiB.
pub const DEFAULT_TABLE_MB: usize = 16;

/// Thinks about `game` for its side to move within `limits`, stopping at
/// once when `stop` is raised; `progress` hears of every finished depth.
///
/// This is the call a front end makes on a worker thread, for the
/// computer's move and for a hint alike. It uses a fresh search (its own
/// hash table); keep a [`Searcher`] to reuse one across moves.
pub fn think<G: Game + Evaluate>(
    game: &G,
    limits: &Limits,
    stop: &AtomicBool,
    progress: impl FnMut(&Thought),
) -> Thought {
    Searcher::new(DEFAULT_TABLE_MB).think(game, limits, stop, progress)
}

/// A search that keeps its hash table and move-ordering history from one
/// move to the next (as an engine playing a whole game does).
pub struct Searcher {
    table: Table,
    heuristics: Heuristics,
    reductions: Vec<i32>,
    evaluations: EvalCache,
}

impl Searcher {
    /// A searcher with a hash table of about `table_mb` MiB.
    pub fn new(table_mb: usize) -> Searcher {
        let mut reductions = vec![0; 64 * 64];
        for depth in 1..64 {
            for count in 1..64 {
                let r = (depth as f64).ln() * (count as f64).ln() / 2.2 + 0.3;
                reductions[depth * 64 + count] = r as i32;
            }
        }
        Searcher {
            table: Table::new(table_mb),
            heuristics: Heuristics::new(),
            reductions,
            evaluations: EvalCache::new(),
        }
    }

    /// Thinks about a game of three or more seats as [`Searcher::think`]
    /// does, but looking ahead by `model` instead of the variant's choice
    /// for the seat to move (for measuring one model against another).
    pub fn think_as<G: Game + Evaluate>(
        &mut self,
        game: &G,
        model: super::multi::Model,
        limits: &Limits,
        stop: &AtomicBool,
        progress: impl FnMut(&Thought),
    ) -> Thought {
        super::multi::think(
            &mut self.table,
            &mut self.heuristics,
            game,
            limits,
            model,
            stop,
            progress,
        )
    }

    /// [`Searcher::analyse`] for a game of three or more seats, whose
    /// search finds one line: MultiPV over the root moves, each line after
    /// the first the best of the root moves not yet shown, each search
    /// within an equal share of `limits`' nodes and time so that the
    /// lines together keep to them. The thought returned is the first
    /// line's.
    fn analyse_many_seats<G: Game + Evaluate>(
        &mut self,
        game: &G,
        limits: &Limits,
        lines: usize,
        stop: &AtomicBool,
        mut report: impl FnMut(Report<'_>),
    ) -> Thought {
        let model = game.seat_model(game.to_move());
        let lines = lines.max(1);
        let share = Limits {
            nodes: limits.nodes.map(|n| (n / lines as u64).max(1)),
            time: limits.time.map(|t| t / lines as u32),
            ..limits.clone()
        };
        let mut search = |searcher: &mut Searcher, rank: usize, skip: &[Move]| {
            super::multi::think_skipping(
                &mut searcher.table,
                &mut searcher.heuristics,
                game,
                &share,
                model,
                skip,
                stop,
                |thought| {
                    report(Report::Line {
                        rank,
                        thought,
                        hashfull: None,
                    })
                },
            )
        };
        let first = search(self, 0, &[]);
        let mut shown: Vec<Move> = first.best.into_iter().collect();
        for rank in 1..lines {
            if shown.len() < rank || stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            let thought = search(self, rank, &shown);
            shown.extend(thought.best);
        }
        first
    }

    /// Forgets everything learnt, as for a new game.
    pub fn clear(&mut self) {
        self.table.clear();
        self.heuristics = Heuristics::new();
        self.evaluations.clear();
    }

    /// Thinks about `game` as [`think`] does, reusing this searcher's tables.
    pub fn think<G: Game + Evaluate>(
        &mut self,
        game: &G,
        limits: &Limits,
        stop: &AtomicBool,
        mut progress: impl FnMut(&Thought),
    ) -> Thought {
        self.analyse(game, limits, 1, stop, |report| {
            if let Report::Line {
                rank: 0, thought, ..
            } = report
            {
                progress(thought);
            }
        })
    }

    /// Thinks about `game` as [`Searcher::think`] does, finding its `lines`
    /// best lines at every depth (MultiPV: the best, then the best of the
    /// other root moves, and so on; at least one, at most every legal
    /// move), and reporting each finished line and each root move as it is
    /// begun. The thought returned is the best line's. Games of more than
    /// two seats find their lines one after another
    /// ([`Searcher::analyse_many_seats`]) and report no root moves.
    pub fn analyse<G: Game + Evaluate>(
        &mut self,
        game: &G,
        limits: &Limits,
        lines: usize,
        stop: &AtomicBool,
        mut report: impl FnMut(Report<'_>),
    ) -> Thought {
        // Games of more than two seats (Cat Chess) have their own search,
        // in which each seat plays for itself: see `super::multi`.
        if game.seat_names().len() > 2 {
            return self.analyse_many_seats(game, limits, lines, stop, report);
        }
        let mut run = self.run(limits, stop);
        let mut game = game.clone();
        run.iterate(&mut game, lines.max(1), &mut report)
    }

    /// A new search with this searcher's tables, within `limits`.
    fn run<'a>(&'a mut self, limits: &'a Limits, stop: &'a AtomicBool) -> Run<'a> {
        self.table.new_search();
        self.heuristics.new_search();
        Run {
            table: &mut self.table,
            heuristics: &mut self.heuristics,
            reductions: &self.reductions,
            evaluations: &mut self.evaluations,
            limits,
            budget: Budget::new(limits, stop),
            fog: Fog::new(limits),
            pv: PrincipalVariations::new(),
            score_buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            partial: None,
            evals: [NO_EVAL; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
        }
    }

    /// How full the hash table is, in thousandths (UCI's `hashfull`): the
    /// share of a sample of its entries written by the latest search.
    pub fn hashfull(&self) -> u32 {
        self.table.hashfull()
    }
}

/// The state of one search.
struct Run<'a> {
    table: &'a mut Table,
    heuristics: &'a mut Heuristics,
    reductions: &'a [i32],
    /// The static evaluations already computed (this search's and the
    /// searcher's earlier ones).
    evaluations: &'a mut EvalCache,
    limits: &'a Limits,
    budget: Budget<'a>,
    /// The rung's noise and oversights (none above the weak rungs).
    fog: Fog,
    pv: PrincipalVariations,
    /// One buffer of move-ordering scores per ply, reused node after node.
    score_buffers: Vec<Vec<i32>>,
    /// The best root move of the depth being searched that has been
    /// searched in full and scored inside its window, with its score: what
    /// a search stopped in the middle of a depth plays.
    partial: Option<(Move, i32)>,
    /// The static evaluation of the node at each ply of the current line
    /// ([`NO_EVAL`] in check): whether a position is improving.
    evals: [i32; MAX_PLY + 1],
    /// The move a singular-extension search at each ply leaves out (none
    /// outside one).
    excluded: [Option<Move>; MAX_PLY + 1],
}

impl Run<'_> {
    /// Iterative deepening at the root, one depth after another, each
    /// depth finding the `lines` best lines in turn (the best over every
    /// root move, the next over the others, ...).
    fn iterate<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        lines: usize,
        report: &mut dyn FnMut(Report<'_>),
    ) -> Thought {
        let mut root = MoveList::new();
        game.legal_moves(&mut root);
        self.order_root(game, &mut root);
        let mut result = Thought {
            best: root.first().copied(),
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: root.first().copied().into_iter().collect(),
        };
        if root.is_empty() {
            return result;
        }
        self.evals[0] = if game.in_check() {
            NO_EVAL
        } else {
            self.evaluate(game)
        };
        let lines = lines.min(root.len());
        let mut previous = vec![0; lines];
        'deepening: for depth in 1..=self.limits.depth.max(1) as i32 {
            for (rank, previous) in previous.iter_mut().enumerate() {
                self.partial = None;
                let (score, best) =
                    self.aspiration(game, &mut root, rank, depth, *previous, report);
                if self.budget.aborted {
                    // A move that beat the last depth's choice at this
                    // depth before time ran out is the better move to play.
                    if let Some((mv, score)) = self.partial
                        && rank == 0
                        && result.depth > 0
                        && Some(mv) != result.best
                    {
                        result.best = Some(mv);
                        result.score = score;
                        let line = self.pv.line();
                        result.pv = if line.first() == Some(&mv) {
                            line
                        } else {
                            vec![mv]
                        };
                    }
                    break 'deepening;
                }
                *previous = score;
                let thought = self.budget.thought(&self.pv, best, score, depth);
                report(Report::Line {
                    rank,
                    thought: &thought,
                    hashfull: Some(self.table.hashfull()),
                });
                if rank == 0 {
                    result = thought;
                }
            }
            if self.budget.no_time_for_another_depth(root.len())
                || mate_in_moves(result.score).is_some_and(|n| depth >= 2 * n.abs() + 2)
            {
                break;
            }
        }
        result.nodes = self.budget.nodes;
        result.seldepth = self.budget.seldepth as u32;
        result.elapsed = self.budget.elapsed();
        result
    }

    /// Puts the hash move first and the captures next at the root.
    fn order_root<G: Game + Evaluate>(&self, game: &G, root: &mut MoveList) {
        let hash_move = self.table.probe(game.hash(), 0).and_then(|e| e.mv);
        let mut scores = vec![0; root.len()];
        self.heuristics
            .score_moves(game, root, hash_move, 0, &mut scores);
        for i in 0..root.len() {
            pick_next(root, &mut scores, i);
        }
    }

    /// One depth of the line ranked `rank` at the root (over the root
    /// moves from `rank` on), in a narrow window around the last score
    /// that widens until the score falls inside it.
    fn aspiration<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        root: &mut MoveList,
        rank: usize,
        depth: i32,
        previous: i32,
        report: &mut dyn FnMut(Report<'_>),
    ) -> (i32, Move) {
        if depth < 5 || is_mate(previous) {
            return self.root(game, root, rank, depth, (-INFINITY, INFINITY), report);
        }
        let mut delta = 25;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let (score, best) = self.root(game, root, rank, depth, (alpha, beta), report);
            if self.budget.aborted {
                return (score, best);
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return (score, best);
            }
            delta *= 2;
            if delta > 600 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Searches the root moves from `rank` on, in the window `(alpha,
    /// beta)`; the best is moved to place `rank` (the lines ranked before
    /// it keep theirs).
    fn root<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        root: &mut MoveList,
        rank: usize,
        depth: i32,
        (mut alpha, beta): (i32, i32),
        report: &mut dyn FnMut(Report<'_>),
    ) -> (i32, Move) {
        self.pv.start_at(0);
        let mut best_score = -INFINITY;
        let mut best_index = rank;
        let (key, in_check) = (game.hash(), game.in_check());
        for i in rank..root.len() {
            let mv = root[i];
            // A capture the rung does not see, unless nothing else is left.
            if !in_check
                && (best_score > -INFINITY || i + 1 < root.len())
                && self.overlooks(game, key, mv)
            {
                continue;
            }
            report(Report::RootMove {
                mv,
                number: i + 1,
                depth: depth as u32,
                nodes: self.budget.nodes,
                elapsed: self.budget.elapsed(),
            });
            game.make_move(mv);
            let score = if i == rank {
                -self.negamax(game, depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.negamax(game, depth - 1, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta {
                    -self.negamax(game, depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            game.unmake_move();
            if self.budget.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                best_index = i;
                self.pv.update(0, mv);
                if score > alpha {
                    self.partial = Some((mv, score));
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let best = root[best_index];
        if !self.budget.aborted {
            root[rank..=best_index].rotate_right(1);
            let bound = if best_score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            // The root's entry is the best line's: a lesser line's move
            // would mislead the next search of the position.
            if rank == 0 {
                self.table
                    .store(game.hash(), 0, Some(best), best_score, depth, bound);
            }
        }
        (best_score, best)
    }

    /// The static evaluation for the side to move, through the rung's fog.
    #[inline]
    fn evaluate<G: Game + Evaluate>(&mut self, game: &G) -> i32 {
        let (seat, key) = (game.to_move(), game.hash());
        self.evaluations.get_or(key, || game.evaluate_for(seat)) + self.fog.error(key, seat.index())
    }

    /// Whether the rung fails to see the capture `mv` in the position
    /// hashed `key`: never a quiet move, a promotion without capture, or a
    /// capture that gives check (checks are always seen).
    #[inline]
    fn overlooks<G: Game + Evaluate>(&self, game: &mut G, key: u64, mv: Move) -> bool {
        if self.fog.clear() {
            return false;
        }
        let Some(victim) = game.captured(mv) else {
            return false;
        };
        if !self.fog.overlooks(key, mv, game.piece_value(victim.kind())) {
            return false;
        }
        game.make_move(mv);
        let check = game.in_check();
        game.unmake_move();
        !check
    }

    /// The ordering scores of `moves` at `ply`, in that ply's reusable
    /// buffer (hand it back with `self.score_buffers[ply] = scores`).
    /// Quiescence passes `killers: false`, as its quiet moves (evasions)
    /// are not the ones the killers were found among.
    fn ordering_scores<G: Game + Evaluate>(
        &mut self,
        game: &G,
        moves: &MoveList,
        hash_move: Option<Move>,
        ply: usize,
        killers: bool,
    ) -> Vec<i32> {
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        scores.clear();
        scores.resize(moves.len(), 0);
        let killer_ply = if killers { ply } else { MAX_PLY };
        self.heuristics
            .score_moves(game, moves, hash_move, killer_ply, &mut scores);
        scores
    }

    /// The score of a node whose game has ended, for the side to move.
    fn outcome_score<G: Game>(game: &G, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner {
            None => DRAW,
            Some(seat) if seat == game.to_move() => MATE - ply as i32,
            Some(_) => mated_in(ply),
        }
    }

    /// The score of a node with no legal move.
    fn no_move_score<G: Game>(game: &G, ply: usize) -> i32 {
        match game.outcome() {
            Some(outcome) => Self::outcome_score(game, outcome, ply),
            None if game.in_check() => mated_in(ply),
            None => DRAW,
        }
    }

    /// The alpha-beta search below the root.
    fn negamax<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        if !self.budget.enter(&mut self.pv, ply) {
            return 0;
        }
        if game.is_repeat() {
            return DRAW;
        }
        if let Some(outcome) = game.rule_outcome() {
            return Self::outcome_score(game, outcome, ply);
        }
        // A mate found nearer the root makes any longer one pointless.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = game.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(game, alpha, beta, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(game);
        }
        let pv_node = beta - alpha > 1;
        let key = game.hash();
        let excluded = self.excluded[ply];
        let entry = self.table.probe(key, ply);
        let hash_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry
            && !pv_node
            && excluded.is_none()
            && e.settles(depth, alpha, beta)
        {
            return e.score;
        }
        let raw_eval = if in_check {
            -INFINITY
        } else {
            self.evaluate(game)
        };
        self.evals[ply] = if in_check { NO_EVAL } else { raw_eval };
        // A stored score bounding the true one on the right side is a
        // better guess than the static score.
        let mut static_eval = raw_eval;
        if !in_check
            && let Some(e) = entry
            && !is_mate(e.score)
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score > raw_eval,
                Bound::Upper => e.score < raw_eval,
                Bound::None => false,
            }
        {
            static_eval = e.score;
        }
        // Better than two plies ago (the same side's last turn).
        let improving = !in_check
            && (ply < 2 || self.evals[ply - 2] == NO_EVAL || raw_eval > self.evals[ply - 2]);
        // Internal iterative reduction: a node never searched before has
        // no hash move to start from; a shallower search costs less.
        if depth >= 4 && hash_move.is_none() {
            depth -= 1;
        }
        if !pv_node && !in_check && !is_mate(beta) {
            // The position is so good that even a margin per ply cannot
            // bring it back under beta.
            let margin = 80 * depth - if improving { 60 } else { 0 };
            if depth <= 6 && static_eval - margin >= beta {
                return static_eval;
            }
            // Razoring: so far below alpha that only a capture could help.
            if depth <= 3 && static_eval + 200 + 150 * depth <= alpha {
                let score = self.quiesce(game, alpha - 1, alpha, ply);
                if self.budget.aborted {
                    return 0;
                }
                if score < alpha {
                    return score;
                }
            }
            // Null move: if passing still fails high, a real move would too.
            if allow_null && depth >= 3 && static_eval >= beta && game.null_move_safe() {
                let r = 3 + depth / 3 + ((static_eval - beta) / 200).min(3);
                if game.make_null_move() {
                    let score = -self.negamax(
                        game,
                        (depth - 1 - r).max(0),
                        -beta,
                        -beta + 1,
                        ply + 1,
                        false,
                    );
                    game.unmake_null_move();
                    if self.budget.aborted {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        // Singular extension: a hash move that scored well at nearly this
        // depth, when a shallower search of every other move falls short
        // of its score by a margin, is searched a ply deeper; when even
        // the others reach beta, the node fails high at once (multi-cut).
        let mut singular = None;
        if let Some(e) = entry
            && excluded.is_none()
            && ply > 0
            && depth >= 6
            && e.mv.is_some()
            && e.depth as i32 >= depth - 3
            && matches!(e.bound, Bound::Lower | Bound::Exact)
            && !is_mate(e.score)
        {
            let singular_beta = e.score - 2 * depth;
            self.excluded[ply] = e.mv;
            let score = self.negamax(
                game,
                (depth - 1) / 2,
                singular_beta - 1,
                singular_beta,
                ply,
                false,
            );
            self.excluded[ply] = None;
            if self.budget.aborted {
                return 0;
            }
            self.pv.start_at(ply);
            if score < singular_beta {
                singular = e.mv;
            } else if singular_beta >= beta {
                return singular_beta;
            }
        }

        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return Self::no_move_score(game, ply);
        }
        let mut scores = self.ordering_scores(game, &moves, hash_move, ply, true);

        let futile = !pv_node && !in_check && depth <= 2 && static_eval + 120 * depth <= alpha;
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut searched = 0usize;
        for i in 0..moves.len() {
            let mv = pick_next(&mut moves, &mut scores, i);
            if Some(mv) == excluded {
                continue;
            }
            let quiet = mv.promotion.is_none() && game.captured(mv).is_none();
            if !in_check && self.overlooks(game, key, mv) {
                continue;
            }
            // Late quiet moves near the leaves (fewer when the position is
            // not improving) are passed over unless they give check.
            let late = 3 + (depth * depth) as usize * 2;
            let late_quiet = quiet
                && searched > 0
                && !pv_node
                && !in_check
                && depth <= 3
                && searched >= if improving { late } else { late / 2 }
                && !is_mate(best_score);
            // A capture losing much by exchange, near the leaves.
            if !quiet
                && searched > 0
                && !pv_node
                && !in_check
                && depth <= 4
                && !is_mate(best_score)
                && game.exchange_at_least(mv, -100 * depth) == Some(false)
            {
                continue;
            }
            game.make_move(mv);
            let gives_check = game.in_check();
            if (late_quiet || futile && quiet && searched > 0) && !gives_check {
                game.unmake_move();
                continue;
            }
            let new_depth = depth - 1 + i32::from(Some(mv) == singular);
            let score = if searched == 0 {
                -self.negamax(game, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let reduce = depth >= 3
                    && searched >= 3
                    && quiet
                    && !in_check
                    && !gives_check
                    && !self.heuristics.is_killer(ply, mv);
                let r = if reduce {
                    let mut r = self.reductions[(depth as usize).min(63) * 64 + searched.min(63)];
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    // The mover's history: a move that often refuted others
                    // is reduced less, one that never did more.
                    let side = game.to_move().index() ^ 1;
                    r -= self.heuristics.history_of(side, mv) / (HISTORY_MAX / 2);
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s = -self.negamax(game, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(game, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(game, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            game.unmake_move();
            if self.budget.aborted {
                return 0;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            let side = game.to_move().index();
                            self.heuristics.reward(side, ply, depth, mv, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = quiets_tried.try_push(mv);
            }
        }
        self.score_buffers[ply] = scores;
        if searched == 0 {
            // Every move was pruned as hopeless (or left out): the static
            // score stands.
            return static_eval.max(alpha);
        }
        if excluded.is_some() {
            // A search without the best move says nothing of the position.
            return best_score;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, ply, best_move, best_score, depth, bound);
        best_score
    }

    /// The quiescence tail: captures and promotions only (every reply when
    /// in check), with the side to move free to stand on the static score.
    fn quiesce<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if !self.budget.enter(&mut self.pv, ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(game);
        }
        let key = game.hash();
        let entry = self.table.probe(key, ply);
        if let Some(e) = entry
            && beta - alpha == 1
            && e.settles(0, alpha, beta)
        {
            return e.score;
        }
        let hash_move = entry.and_then(|e| e.mv);
        let original_alpha = alpha;
        let in_check = game.in_check();
        let mut moves = MoveList::new();
        let stand_pat;
        let mut best_score;
        if in_check {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                return Self::no_move_score(game, ply);
            }
            stand_pat = -INFINITY;
            best_score = -INFINITY;
        } else {
            stand_pat = self.evaluate(game);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            game.capture_moves(&mut moves);
        }
        let mut scores = self.ordering_scores(game, &moves, hash_move, ply, false);
        let mut best_move = None;
        for i in 0..moves.len() {
            let mv = pick_next(&mut moves, &mut scores, i);
            if !in_check && self.overlooks(game, key, mv) {
                continue;
            }
            if !in_check && game.exchange_at_least(mv, 0) == Some(false) {
                // A capture that loses material by exchange.
                continue;
            }
            if !in_check && mv.promotion.is_none() {
                let gain = game
                    .captured(mv)
                    .map_or(0, |victim| game.piece_value(victim.kind()));
                if stand_pat + gain + 200 <= alpha {
                    continue;
                }
            }
            game.make_move(mv);
            let score = -self.quiesce(game, -beta, -alpha, ply + 1);
            game.unmake_move();
            if self.budget.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.score_buffers[ply] = scores;
        // Stored at depth 0, unless a real search of this position is.
        if entry.is_none_or(|e| e.depth <= 0) {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(key, ply, best_move, best_score, 0, bound);
        }
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Options;
    use crate::variants::chess::Chess;

    /// White to move can take Black's undefended Queen on d5 with its Rook.
    const FREE_QUEEN: &str = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";

    #[test]
    fn a_search_leaving_the_best_move_out_scores_without_it_and_stores_nothing() {
        let game = Chess::from_fen(FREE_QUEEN, &Options::new()).expect("valid FEN");
        let take = Move::normal(crate::core::Cell(3), crate::core::Cell(35));
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert!(moves.contains(&take), "Rd1xd5 is legal");
        let (limits, stop) = (Limits::depth(4), AtomicBool::new(false));
        let mut searcher = Searcher::new(1);
        let mut search = |excluded: Option<Move>| {
            let mut run = searcher.run(&limits, &stop);
            run.excluded[0] = excluded;
            let score = run.negamax(&mut game.clone(), 4, -INFINITY, INFINITY, 0, false);
            (score, run.table.probe(game.hash(), 0))
        };
        let (without, entry) = search(Some(take));
        assert!(without < 300, "a Queen down without Rxd5: {without}");
        assert!(entry.is_none(), "stored {entry:?}");
        let (with, entry) = search(None);
        assert!(with > 600, "a Queen up after Rxd5: {with}");
        assert_eq!(entry.and_then(|e| e.mv), Some(take));
    }
}
