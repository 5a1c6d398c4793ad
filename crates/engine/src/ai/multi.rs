//! The search for games of three or four seats, in which every seat plays
//! for its own result.
//!
//! Two ways of looking ahead are offered, and the variant chooses one per
//! seat ([`Evaluate::seat_model`]):
//!
//! - **Paranoid**: the seat to move assumes every other seat plays against
//!   it. The tree then has one score, the thinking seat's, maximised on its
//!   own turns and minimised on everybody else's, so alpha-beta (with
//!   principal-variation windows and late-move reductions), the
//!   transposition table and killer moves all work and the search goes
//!   deep. It is right when the others really do lose whenever the thinker
//!   wins (in Cat Chess, White's mate is a loss for Black and the Cats).
//! - **Max-n**: every seat picks, on its own turn, the move best for itself
//!   by its own evaluation; a node's value is a score per seat. Nothing can
//!   be pruned, so it sees less far, but it does not credit the others with
//!   hurting themselves to hurt the thinker (paranoid Cats would expect
//!   White to walk into Black's mate just to end the game).
//!
//! Both use iterative deepening within the [`Limits`] budget (nodes, time,
//! the stop flag, checked at every node), keep the best move of the last
//! finished depth, score a win `MATE - plies` so the nearest is preferred,
//! recognise the game's own rule endings inside the tree and a position
//! repeated within the line searched (as the draw it heads for),
//! extend checks, order captures first, and end each line with a capture
//! search (quiescence) in which a seat that cannot capture but may pass
//! does so, letting the exchange go on.

use super::budget::{Budget, PrincipalVariations};
use super::evaluate::Evaluate;
use super::fog::Fog;
use super::level::{Limits, MAX_DEPTH};
pub use super::model::Model;
use super::ordering::{Heuristics, MAX_PLY};
use super::score::{INFINITY, MATE, MATE_BOUND};
use super::table::{Bound, Table};
use super::thought::Thought;
use crate::core::{Game, Move, MoveList, Seat};
use arrayvec::ArrayVec;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How far beyond its victim's value a capture in the capture search must
/// be able to move the score to be tried (delta pruning).
const DELTA_MARGIN: i32 = 200;

/// How far outside the window a static score one ply from the capture
/// search must stand for its quiet moves to be passed over (four armies).
const FUTILITY_MARGIN: i32 = 200;

/// The most seats a game may have.
pub const MAX_SEATS: usize = 4;

/// A score for every seat (unused seats stay 0).
pub type Scores = [i32; MAX_SEATS];

/// The deepest a capture search goes below the main search: four rounds
/// of a three-seat game, two of a four-seat one (see [`quiescence_plies`]).
const MAX_QUIESCENCE: usize = 12;

/// How deep the capture search goes in a game of `seats` seats: at most
/// [`MAX_QUIESCENCE`] plies, and two full rounds of the table with four
/// seats, where every army has Cannons and Arrows to capture with and
/// twelve plies of captures made the capture search most of the tree.
pub fn quiescence_plies(seats: usize) -> usize {
    if seats >= 4 {
        2 * seats
    } else {
        MAX_QUIESCENCE
    }
}

/// How many plies into a capture search a seat in check still tries every
/// reply in a game of `seats` seats; deeper, it captures or stands like
/// anybody else. With four armies of hoppers a King is in check somewhere
/// most of the time, and answering every check with every move made the
/// capture search a full search: two plies there. Fewer seats answer
/// every check all the way down.
pub fn evasion_plies(seats: usize) -> usize {
    if seats >= 4 { 2 } else { MAX_QUIESCENCE }
}

/// Thinks about `game` (three or four seats) for its seat to move with
/// `model`, within `limits`, reusing `table` and `heuristics`; `progress`
/// hears of every finished depth. The thought's score is the seat to move's.
pub fn think<G: Game + Evaluate>(
    table: &mut Table,
    heuristics: &mut Heuristics,
    game: &G,
    limits: &Limits,
    model: Model,
    stop: &AtomicBool,
    progress: impl FnMut(&Thought),
) -> Thought {
    think_skipping(table, heuristics, game, limits, model, &[], stop, progress)
}

/// [`think`], leaving out the root moves in `skip` (how the best lines
/// after the first are found: the best of the moves not yet shown); a
/// thought with no best move when every root move is skipped.
#[allow(
    clippy::too_many_arguments,
    reason = "think's arguments and the root moves to leave out"
)]
pub fn think_skipping<G: Game + Evaluate>(
    table: &mut Table,
    heuristics: &mut Heuristics,
    game: &G,
    limits: &Limits,
    model: Model,
    skip: &[Move],
    stop: &AtomicBool,
    mut progress: impl FnMut(&Thought),
) -> Thought {
    table.new_search();
    heuristics.new_search();
    let root = game.to_move();
    let seats = game.seat_names().len().clamp(1, MAX_SEATS);
    let limits = &limits.for_seats(seats);
    let mut run = Run {
        table,
        heuristics,
        limits,
        budget: Budget::new(limits, stop),
        fog: Fog::new(limits),
        root,
        seats,
        // Two rounds of the armies still playing, with four seats.
        quiescence: if seats >= 4 {
            2 * game.seats_in_play().unwrap_or(seats).clamp(2, seats)
        } else {
            quiescence_plies(seats)
        },
        evasions: evasion_plies(seats),
        salt: ROOT_SALT[root.index() % MAX_SEATS],
        pv: PrincipalVariations::new(),
        order: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
        keyed: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
        passers: [false; MAX_SEATS],
        path: [0; MAX_PLY + 1],
    };
    let mut game = game.clone();
    run.iterate(&mut game, model, skip, &mut progress)
}

/// Mixed into the hash of every position the paranoid search stores, one
/// value per thinking seat: its scores are that seat's and nobody else's.
const ROOT_SALT: [u64; MAX_SEATS] = [
    0x6A09_E667_F3BC_C908,
    0xBB67_AE85_84CA_A73B,
    0x3C6E_F372_FE94_F82B,
    0xA54F_F53A_5F1D_36F1,
];

/// How many plies a search to `depth` goes in a game of `seats` seats: a
/// level's depth counts plies of a two-seat game, so it is stretched to
/// give each seat as many turns of its own to look at (Strong's 4 plies,
/// two moves each, become 6 in Cat Chess: W B C W B C).
pub fn plies_for(depth: u32, seats: usize) -> u32 {
    (depth.max(1) as u64 * seats.max(2) as u64 / 2).min(MAX_DEPTH as u64) as u32
}

/// The scores of a finished game: `MATE - ply` for the winner and its
/// negation for everybody else (nothing for a drawn game).
fn outcome_scores(winner: Option<Seat>, seats: usize, ply: usize) -> Scores {
    let mut scores = [0; MAX_SEATS];
    if let Some(w) = winner {
        let win = MATE - ply as i32;
        for (i, s) in scores.iter_mut().enumerate().take(seats) {
            *s = if i == w.index() { win } else { -win };
        }
    }
    scores
}

/// The state of one multi-seat search.
struct Run<'a> {
    table: &'a mut Table,
    heuristics: &'a mut Heuristics,
    limits: &'a Limits,
    budget: Budget<'a>,
    /// The rung's noise and oversights (none above the weak rungs).
    fog: Fog,
    /// The seat the search is thinking for.
    root: Seat,
    seats: usize,
    /// The deepest the capture search goes.
    quiescence: usize,
    /// How deep into the capture search a seat in check tries every reply.
    evasions: usize,
    salt: u64,
    pv: PrincipalVariations,
    /// One buffer of move-ordering scores per ply.
    order: Vec<Vec<i32>>,
    /// One buffer of scored moves per ply, for sorting.
    keyed: Vec<Vec<(i32, Move)>>,
    /// The seats seen with a pass among their legal moves.
    passers: [bool; MAX_SEATS],
    /// The hash of the position at each ply of the line being searched.
    path: [u64; MAX_PLY + 1],
}

/// One root move and what the last finished depth made of it (for the
/// thinking seat).
#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    score: i32,
}

impl Run<'_> {
    /// Iterative deepening at the root.
    fn iterate<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        model: Model,
        skip: &[Move],
        progress: &mut impl FnMut(&Thought),
    ) -> Thought {
        self.path[0] = game.hash();
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        self.note_passing(game, &list);
        if !game.in_check() {
            self.drop_overlooked(game, &mut list);
        }
        list.retain(|mv| !skip.contains(mv));
        self.order_moves(game, &mut list, 0, None);
        let mut root: Vec<RootMove> = list.iter().map(|&mv| RootMove { mv, score: 0 }).collect();
        let mut result = Thought {
            best: root.first().map(|r| r.mv),
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: root.first().map(|r| r.mv).into_iter().collect(),
        };
        if root.is_empty() {
            return result;
        }
        for depth in 1..=plies_for(self.limits.depth, self.seats) as i32 {
            let mut scored = root.clone();
            let best = match model {
                Model::Paranoid => self.paranoid_root(game, &mut scored, depth),
                Model::MaxN => self.maxn_root(game, &mut scored, depth),
            };
            if self.budget.aborted {
                break;
            }
            // The best first, the rest by score, for the next depth.
            scored.swap(0, best);
            scored[1..].sort_by_key(|r| std::cmp::Reverse(r.score));
            root = scored;
            result = self
                .budget
                .thought(&self.pv, root[0].mv, root[0].score, depth);
            progress(&result);
            let plies_to_end = MATE - root[0].score.abs();
            if root[0].score.abs() >= MATE_BOUND && depth > plies_to_end
                || self.budget.no_time_for_another_depth(root.len())
            {
                break;
            }
        }
        result.nodes = self.budget.nodes;
        result.elapsed = self.budget.elapsed();
        result
    }

    /// Sorts `moves` best first for searching: the hash move, captures by
    /// victim, killers, history.
    fn order_moves<G: Game + Evaluate>(
        &mut self,
        game: &G,
        moves: &mut MoveList,
        ply: usize,
        hash_move: Option<Move>,
    ) {
        let slot = ply.min(MAX_PLY);
        let mut scores = std::mem::take(&mut self.order[slot]);
        scores.clear();
        scores.resize(moves.len(), 0);
        self.heuristics
            .score_moves(game, moves, hash_move, slot, &mut scores);
        // Every move is searched in this order (a sort, not a selection
        // one at a time: four armies have a hundred moves and more).
        let mut keyed = std::mem::take(&mut self.keyed[slot]);
        keyed.clear();
        keyed.extend(scores.iter().copied().zip(moves.iter().copied()));
        keyed.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        for (slot_move, &(_, mv)) in moves.iter_mut().zip(keyed.iter()) {
            *slot_move = mv;
        }
        self.keyed[slot] = keyed;
        self.order[slot] = scores;
    }

    /// How the game stands if it has ended by a rule, or heads for a draw
    /// by repeating a position of this line of play (scored as that draw):
    /// every seat's score. A position that only repeats one played before
    /// the root is not scored so, as a seat could otherwise play into it
    /// for a draw that the others need not allow.
    fn ended<G: Game + Evaluate>(&mut self, game: &G, ply: usize) -> Option<Scores> {
        let hash = game.hash();
        if ply <= MAX_PLY {
            self.path[ply] = hash;
        }
        if game.is_repeat() && self.path[..ply.min(MAX_PLY)].contains(&hash) {
            return Some(outcome_scores(
                game.end_rules().draw_goes_to,
                self.seats,
                ply,
            ));
        }
        game.rule_outcome()
            .map(|o| outcome_scores(o.winner, self.seats, ply))
    }

    /// Every seat's score of a position where the side to move has no move.
    fn no_move_scores<G: Game + Evaluate>(&self, game: &G, ply: usize) -> Scores {
        let winner = game
            .outcome()
            .map_or(game.end_rules().draw_goes_to, |o| o.winner);
        outcome_scores(winner, self.seats, ply)
    }

    /// Fills `out` with the captures and promotions of the side to move,
    /// for a capture search; returns whether it may pass instead (asked
    /// only of a seat with no capture that has been seen passing).
    fn noisy_moves<G: Game>(&self, game: &G, out: &mut MoveList) -> bool {
        game.capture_moves(out);
        if !out.is_empty() || !self.passers[game.to_move().index() % MAX_SEATS] {
            return false;
        }
        let mut all = MoveList::new();
        game.legal_moves(&mut all);
        all.iter().any(|m| m.is_pass())
    }

    /// Notes whether the seat to move may pass, from its legal `moves`.
    #[inline]
    fn note_passing<G: Game>(&mut self, game: &G, moves: &MoveList) {
        let seat = game.to_move().index() % MAX_SEATS;
        if !self.passers[seat] && moves.iter().any(|m| m.is_pass()) {
            self.passers[seat] = true;
        }
    }

    // ----- Paranoid -------------------------------------------------------

    /// One depth of the paranoid search at the root: each move's score is
    /// stored in `root`; returns the index of the best.
    fn paranoid_root<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        root: &mut [RootMove],
        depth: i32,
    ) -> usize {
        self.pv.start_at(0);
        let mut alpha = -INFINITY;
        let mut best = 0;
        let mut best_score = -INFINITY;
        for (i, entry) in root.iter_mut().enumerate() {
            let mv = entry.mv;
            game.make_move(mv);
            let score = if i == 0 || alpha <= -INFINITY {
                self.paranoid(game, depth - 1, alpha, INFINITY, 1)
            } else {
                // A null window first: most moves only need to be shown
                // no better than the best so far (their score is then a
                // bound, enough to order the next depth).
                let s = self.paranoid(game, depth - 1, alpha, alpha + 1, 1);
                if s > alpha && !self.budget.aborted {
                    self.paranoid(game, depth - 1, alpha, INFINITY, 1)
                } else {
                    s
                }
            };
            game.unmake_move();
            if self.budget.aborted {
                return best;
            }
            entry.score = score;
            if score > best_score {
                best_score = score;
                best = i;
                self.pv.update(0, mv);
                alpha = alpha.max(score);
            }
        }
        if !self.budget.aborted {
            self.table.store(
                game.hash() ^ self.salt,
                0,
                Some(root[best].mv),
                best_score,
                depth,
                Bound::Exact,
            );
        }
        best
    }

    /// The paranoid search below the root: the thinking seat maximises its
    /// score, every other seat minimises it.
    fn paranoid<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        if !self.budget.enter(&mut self.pv, ply) {
            return 0;
        }
        let me = self.root.index();
        if let Some(scores) = self.ended(game, ply) {
            return scores[me];
        }
        let in_check = game.in_check();
        if in_check && ply < 2 * self.limits.depth as usize + 4 {
            depth += 1;
        }
        if depth <= 0 {
            return self.paranoid_quiesce(game, alpha, beta, ply, 0);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate_root(game);
        }
        let key = game.hash() ^ self.salt;
        let entry = self.table.probe(key, ply);
        if let Some(e) = entry
            && e.settles(depth, alpha, beta)
        {
            return e.score;
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.no_move_scores(game, ply)[me];
        }
        self.note_passing(game, &moves);
        if !in_check {
            self.drop_overlooked(game, &mut moves);
        }
        self.order_moves(game, &mut moves, ply, entry.and_then(|e| e.mv));
        let maximising = game.to_move() == self.root;
        let side = game.to_move().index();
        let (alpha0, beta0) = (alpha, beta);
        // Frontier futility (four armies): one ply from the capture search,
        // a quiet move that gives no check cannot move a static score this
        // far outside the window back into it.
        let futile = depth == 1 && self.seats >= 4 && !in_check && {
            let standing = self.evaluate_root(game);
            if maximising {
                standing + FUTILITY_MARGIN <= alpha
            } else {
                standing - FUTILITY_MARGIN >= beta
            }
        };
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        for (searched, &mv) in moves.iter().enumerate() {
            let quiet = mv.promotion.is_none() && game.captured(mv).is_none();
            let late = searched >= 3 && quiet && !in_check && !self.heuristics.is_killer(ply, mv);
            game.make_move(mv);
            if futile && quiet && searched > 0 && !game.in_check() {
                game.unmake_move();
                continue;
            }
            let score = if searched == 0 {
                self.paranoid(game, depth - 1, alpha, beta, ply + 1)
            } else {
                // A null window on the mover's own bound first, a late quiet
                // move a ply or two shallower; searched again in full only
                // if it might be better.
                let reduce = if late && depth >= 3 && !game.in_check() {
                    1 + i32::from(depth >= 6 && searched >= 8)
                } else {
                    0
                };
                let (lo, hi) = if maximising {
                    (alpha, alpha + 1)
                } else {
                    (beta - 1, beta)
                };
                let inside = |s: i32| if maximising { s > alpha } else { s < beta };
                let mut s = self.paranoid(game, depth - 1 - reduce, lo, hi, ply + 1);
                if reduce > 0 && inside(s) {
                    s = self.paranoid(game, depth - 1, lo, hi, ply + 1);
                }
                if inside(s) && s > alpha && s < beta {
                    s = self.paranoid(game, depth - 1, alpha, beta, ply + 1);
                }
                s
            };
            game.unmake_move();
            if self.budget.aborted {
                return 0;
            }
            let improves = if maximising {
                score > best
            } else {
                score < best
            };
            if improves {
                best = score;
                best_move = Some(mv);
                self.pv.update(ply, mv);
                if maximising {
                    alpha = alpha.max(score);
                } else {
                    beta = beta.min(score);
                }
                if alpha >= beta {
                    if quiet {
                        self.heuristics.reward(side, ply, depth, mv, &quiets_tried);
                    }
                    break;
                }
            }
            if quiet {
                let _ = quiets_tried.try_push(mv);
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// The paranoid capture search: a seat may stand on the static score or
    /// capture (every reply when in check); a seat that cannot capture but
    /// may pass passes, so the exchange goes on.
    fn paranoid_quiesce<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        if !self.budget.enter(&mut self.pv, ply) {
            return 0;
        }
        let me = self.root.index();
        if ply >= MAX_PLY - 1 || qply >= self.quiescence {
            return self.evaluate_root(game);
        }
        let maximising = game.to_move() == self.root;
        let mut moves = MoveList::new();
        let mut best;
        if qply < self.evasions && game.in_check() {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                return self.no_move_scores(game, ply)[me];
            }
            best = if maximising { -INFINITY } else { INFINITY };
        } else {
            let can_pass = self.noisy_moves(game, &mut moves);
            if moves.is_empty() && can_pass {
                game.make_move(Move::PASS);
                let score = self.paranoid_quiesce(game, alpha, beta, ply + 1, qply + 1);
                game.unmake_move();
                return score;
            }
            if !maximising && self.seats >= 4 {
                // With four armies an opponent taking a third army's piece
                // only raises the thinking seat's score (its rivals'
                // average falls): standing pat is better for it, so its
                // capture search looks only at taking the thinker's pieces.
                let root = self.root;
                moves.retain(|&mv| {
                    mv.promotion.is_some() || game.captured(mv).is_some_and(|p| p.seat() == root)
                });
            }
            best = self.evaluate_root(game);
            if maximising {
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
            } else {
                if best <= alpha {
                    return best;
                }
                beta = beta.min(best);
            }
        }
        if best.abs() < INFINITY {
            self.drop_overlooked(game, &mut moves);
        }
        self.order_moves(game, &mut moves, ply, None);
        let stand_pat = best;
        for &mv in moves.iter() {
            if stand_pat.abs() < INFINITY && mv.promotion.is_none() {
                // Delta pruning: a capture that, even winning its victim
                // outright and a margin more, cannot reach the window.
                let gain = game
                    .captured(mv)
                    .map_or(0, |victim| game.piece_value(victim.kind()))
                    + DELTA_MARGIN;
                if (maximising && stand_pat + gain <= alpha)
                    || (!maximising && stand_pat - gain >= beta)
                {
                    continue;
                }
            }
            game.make_move(mv);
            let score = self.paranoid_quiesce(game, alpha, beta, ply + 1, qply + 1);
            game.unmake_move();
            if self.budget.aborted {
                return 0;
            }
            if maximising && score > best {
                best = score;
                alpha = alpha.max(score);
            } else if !maximising && score < best {
                best = score;
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    // ----- Max-n ----------------------------------------------------------

    /// One depth of the max-n search at the root: each move's score (for
    /// the thinking seat) is stored in `root`; returns the index of the best.
    fn maxn_root<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        root: &mut [RootMove],
        depth: i32,
    ) -> usize {
        self.pv.start_at(0);
        let me = self.root.index();
        let mut best = 0;
        let mut best_score = -INFINITY;
        for (i, entry) in root.iter_mut().enumerate() {
            let mv = entry.mv;
            game.make_move(mv);
            let scores = self.maxn(game, depth - 1, 1);
            game.unmake_move();
            if self.budget.aborted {
                return best;
            }
            entry.score = scores[me];
            if scores[me] > best_score {
                best_score = scores[me];
                best = i;
                self.pv.update(0, mv);
            }
        }
        best
    }

    /// The max-n search below the root: the seat to move picks the move
    /// whose outcome is best for itself.
    fn maxn<G: Game + Evaluate>(&mut self, game: &mut G, mut depth: i32, ply: usize) -> Scores {
        if !self.budget.enter(&mut self.pv, ply) {
            return [0; MAX_SEATS];
        }
        if let Some(scores) = self.ended(game, ply) {
            return scores;
        }
        let in_check = game.in_check();
        if in_check && ply < 2 * self.limits.depth as usize + 4 {
            depth += 1;
        }
        if depth <= 0 {
            return self.maxn_quiesce(game, ply, 0);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate_all(game);
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.no_move_scores(game, ply);
        }
        self.note_passing(game, &moves);
        if !in_check {
            self.drop_overlooked(game, &mut moves);
        }
        self.order_moves(game, &mut moves, ply, None);
        let me = game.to_move().index();
        let mut best: Option<Scores> = None;
        for &mv in moves.iter() {
            game.make_move(mv);
            let scores = self.maxn(game, depth - 1, ply + 1);
            game.unmake_move();
            if self.budget.aborted {
                return [0; MAX_SEATS];
            }
            if best.is_none_or(|b| scores[me] > b[me]) {
                best = Some(scores);
                self.pv.update(ply, mv);
            }
        }
        best.unwrap_or([0; MAX_SEATS])
    }

    /// The max-n capture search: a seat takes the better (for itself) of
    /// standing on the static scores and its best capture; a seat that
    /// cannot capture but may pass passes.
    fn maxn_quiesce<G: Game + Evaluate>(
        &mut self,
        game: &mut G,
        ply: usize,
        qply: usize,
    ) -> Scores {
        if !self.budget.enter(&mut self.pv, ply) {
            return [0; MAX_SEATS];
        }
        if ply >= MAX_PLY - 1 || qply >= self.quiescence {
            return self.evaluate_all(game);
        }
        let me = game.to_move().index();
        let mut moves = MoveList::new();
        let mut best: Option<Scores> = None;
        if qply < self.evasions && game.in_check() {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                return self.no_move_scores(game, ply);
            }
        } else {
            let can_pass = self.noisy_moves(game, &mut moves);
            if moves.is_empty() && can_pass {
                game.make_move(Move::PASS);
                let scores = self.maxn_quiesce(game, ply + 1, qply + 1);
                game.unmake_move();
                return scores;
            }
            best = Some(self.evaluate_all(game));
            self.drop_overlooked(game, &mut moves);
        }
        self.order_moves(game, &mut moves, ply, None);
        for &mv in moves.iter() {
            game.make_move(mv);
            let scores = self.maxn_quiesce(game, ply + 1, qply + 1);
            game.unmake_move();
            if self.budget.aborted {
                return [0; MAX_SEATS];
            }
            if best.is_none_or(|b| scores[me] > b[me]) {
                best = Some(scores);
            }
        }
        best.unwrap_or([0; MAX_SEATS])
    }

    /// Every seat's static score, through the rung's fog.
    #[inline]
    fn evaluate_all<G: Game + Evaluate>(&self, game: &G) -> Scores {
        let mut scores = [0; MAX_SEATS];
        game.evaluate_all(&mut scores[..self.seats]);
        if !self.fog.clear() {
            let hash = game.hash();
            for (seat, score) in scores.iter_mut().enumerate().take(self.seats) {
                *score += self.fog.error(hash, seat);
            }
        }
        scores
    }

    /// The thinking seat's static score, through the rung's fog.
    #[inline]
    fn evaluate_root<G: Game + Evaluate>(&self, game: &G) -> i32 {
        game.evaluate_for(self.root) + self.fog.error(game.hash(), self.root.index())
    }

    /// Leaves out of `moves` the captures the rung does not see in this
    /// position (never one that gives check), unless that would leave none.
    fn drop_overlooked<G: Game + Evaluate>(&self, game: &mut G, moves: &mut MoveList) {
        if self.fog.clear() {
            return;
        }
        let hash = game.hash();
        let mut seen = MoveList::new();
        for &mv in moves.iter() {
            let overlooked = game.captured(mv).is_some_and(|victim| {
                self.fog
                    .overlooks(hash, mv, game.piece_value(victim.kind()))
            }) && {
                game.make_move(mv);
                let check = game.in_check();
                game.unmake_move();
                !check
            };
            if !overlooked {
                seen.push(mv);
            }
        }
        if !seen.is_empty() {
            *moves = seen;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_scores_the_winner_up_and_everybody_else_down() {
        let s = outcome_scores(Some(Seat(2)), 3, 4);
        assert_eq!(s, [-(MATE - 4), -(MATE - 4), MATE - 4, 0]);
        assert_eq!(outcome_scores(None, 3, 4), [0; MAX_SEATS]);
    }

    #[test]
    fn the_capture_search_is_two_rounds_deep_with_four_seats_and_twelve_plies_with_fewer() {
        assert_eq!(quiescence_plies(2), MAX_QUIESCENCE);
        assert_eq!(quiescence_plies(3), MAX_QUIESCENCE);
        assert_eq!(quiescence_plies(4), 8);
        assert_eq!(evasion_plies(3), MAX_QUIESCENCE);
        assert_eq!(evasion_plies(4), 2);
    }

    #[test]
    fn models_parse_by_name() {
        assert_eq!("paranoid".parse::<Model>(), Ok(Model::Paranoid));
        assert_eq!("MaxN".parse::<Model>(), Ok(Model::MaxN));
        assert_eq!(
            "random".parse::<Model>().unwrap_err().to_string(),
            "There is no search model 'random'; choose paranoid or maxn."
        );
    }
}
