//! How a game of BacCanCat ends: the wins by marriage and by promotion
//! (found as a move is played), mates "at once" of Kings the next army
//! attacks, mates on one's own turn with their credit, passing out the
//! game, eliminations, the third mate, and the points each army scores.
//! None of the common end rules applies ([`EndRules::NONE`]): the game's
//! result is kept in its position ([`crate::core::Game::variant_ending`]).

use super::attack::is_attacked;
use super::state::{Cause, Knockout, Position};
use super::tables::tables;
use crate::core::{Cell, EndReason, EndRules, Outcome, PieceKind, Seat};

/// The end rules every army plays under besides its own: none.
pub const END_RULES: EndRules = EndRules::NONE;

/// The points a game shares, in half-points.
pub const GAME_HALF_POINTS: u8 = 12;

impl Position {
    /// Whether `seat` has its King, a Queen, a Tank and a compound on the
    /// four cells of one 2 × 2 square.
    pub fn married(&self, seat: Seat) -> bool {
        let geo = tables().geo;
        let Some(king) = self.board.king(seat) else {
            return false;
        };
        let compound = self.leapers.kinds()[2];
        if self.board.count(seat, PieceKind::Queen) == 0
            || self.board.count(seat, PieceKind::Tank) == 0
            || self.board.count(seat, compound) == 0
        {
            return false;
        }
        let (kf, kr) = (geo.file(king) as i32, geo.rank(king) as i32);
        [(0, 0), (-1, 0), (0, -1), (-1, -1)]
            .iter()
            .any(|&(df, dr)| {
                let mut found = [false; 3];
                for (f, r) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let piece = geo
                        .at(kf + df + f, kr + dr + r)
                        .and_then(|c| self.board.get(c))
                        .filter(|p| p.seat() == seat);
                    match piece.map(|p| p.kind()) {
                        Some(PieceKind::Queen) => found[0] = true,
                        Some(PieceKind::Tank) => found[1] = true,
                        Some(k) if k == compound => found[2] = true,
                        _ => {}
                    }
                }
                found == [true; 3]
            })
    }

    /// Ends the game with `winner` winning for `reason`.
    pub(super) fn finish(&mut self, winner: Seat, reason: EndReason) {
        self.outcome = Some(Outcome {
            winner: Some(winner),
            reason,
        });
    }

    /// After a move or a pass, with the next army in play to move: the
    /// endings by passing and by the third mate, mates "at once" of every
    /// King that army attacks, its own mate when it is in check with no
    /// move, each elimination refilling camps emptied, until nothing more
    /// happens.
    pub(super) fn settle(&mut self) {
        let t = tables();
        loop {
            // Whatever brought the position here (a move, an army leaving,
            // an elimination), the mover's check is worked out afresh.
            self.checked = None;
            if self.in_play_count() == 1 {
                let last = self.next_in_play(self.side);
                self.finish(last, EndReason::ThirdMate);
                return;
            }
            if self.passes as usize >= self.in_play_count() {
                self.outcome = Some(Outcome {
                    winner: None,
                    reason: EndReason::AllPassed,
                });
                return;
            }
            let mover = self.side;
            let mut victims = Vec::new();
            let mut s = self.next_in_play(mover);
            while s != mover {
                if let Some(king) = self.board.king(s)
                    && is_attacked(t, &self.board, self.leapers, king, |x| x == mover)
                {
                    victims.push(s);
                }
                s = self.next_in_play(s);
            }
            if !victims.is_empty() {
                for v in victims {
                    self.eliminate(v, Cause::MatedBy(mover));
                }
                continue;
            }
            let checked = self.king_attacked(mover);
            self.checked = Some(checked);
            if checked && !self.has_legal_move() {
                let by = self.first_attacker_after(mover);
                self.side = self.next_in_play(mover);
                self.eliminate(mover, Cause::MatedBy(by));
                continue;
            }
            return;
        }
    }

    /// The first army after `seat` in turn order that attacks its King.
    fn first_attacker_after(&self, seat: Seat) -> Seat {
        let t = tables();
        let mut s = self.next_in_play(seat);
        while s != seat {
            if let Some(king) = self.board.king(seat)
                && is_attacked(t, &self.board, self.leapers, king, |x| x == s)
            {
                return s;
            }
            s = self.next_in_play(s);
        }
        self.next_in_play(seat)
    }

    /// Knocks `army` out for `cause`: its pieces go into the Reserve,
    /// passes in a row start again, and camps emptied are refilled.
    pub(super) fn eliminate(&mut self, army: Seat, cause: Cause) {
        let cells: Vec<Cell> = self.board.occupied_by(army).iter().collect();
        for c in cells {
            if let Some(piece) = self.board.take(c) {
                let kind = piece.kind();
                if !matches!(kind, PieceKind::Pawn | PieceKind::Yeoman) {
                    self.set_reserve(kind, self.reserve(kind).saturating_add(1));
                }
            }
            self.set_partner(c, false);
            self.set_fresh(c, false);
        }
        self.checked = None;
        self.knock_out_record(Knockout { army, cause });
        self.set_passes(0);
        self.refill_camps();
    }

    /// Each army's points this game, in half-points: an army knocked out
    /// while k armies were in play scores 4 − k; at the end the winner
    /// takes the rest (after a marriage or promotion every other army in
    /// play scores as though it dropped out then), or the armies in play
    /// share it after every one passed. Armies in play score nothing
    /// before the end.
    pub fn half_points(&self) -> [u8; 4] {
        let mut points = [0u8; 4];
        for (i, k) in self.out.iter().enumerate() {
            points[k.army.index() & 3] = 2 * i as u8;
        }
        let Some(outcome) = self.outcome else {
            return points;
        };
        let in_play: Vec<Seat> = super::armies::ARMIES
            .into_iter()
            .filter(|&s| self.in_play(s))
            .collect();
        let k = in_play.len() as u8;
        match outcome.winner {
            Some(winner) => {
                for &s in &in_play {
                    if s != winner {
                        points[s.index()] = 2 * (4 - k);
                    }
                }
                let others: u8 = points.iter().sum::<u8>() - points[winner.index() & 3];
                points[winner.index() & 3] = GAME_HALF_POINTS.saturating_sub(others);
            }
            None => {
                let taken: u8 = points.iter().sum();
                for &s in &in_play {
                    points[s.index()] = GAME_HALF_POINTS.saturating_sub(taken) / k.max(1);
                }
            }
        }
        points
    }
}
