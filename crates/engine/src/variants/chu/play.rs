//! How a Chu Chess move changes the position, and how to take it back:
//! on the board plain moves and promotions, castling, en passant, and the
//! Lion's two legs (a first-leg victim on `aux`; `to == from` for igui;
//! `aux == from` for the pass); then the rights, clocks and trading rule 3,
//! kept for taking back in the snapshot each ply keeps in the game's
//! [`History`].

use super::castling::{self, rook_landing};
use super::promotion::PromotionMode;
use super::tables::ChuTables;
use super::{Chu, KEY_LION_BAN, KEY_SHOGI};
use crate::core::history::{self, Snapshot};
use crate::core::orthodox::CastlingRights;
use crate::core::zobrist::Zobrist;
use crate::core::{
    Board, Cell, Game, History, Move, MoveKind, Piece, PieceKind, Ply, Recorded, Retire,
    Retirements, Seat,
};

/// The pieces a move took: on its destination, and on its `aux` cell (a
/// Lion's first-leg victim or the Pawn taken en passant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Taken {
    /// The piece taken on the destination.
    pub at_to: Option<Piece>,
    /// The piece taken on the transit or en-passant cell.
    pub at_aux: Option<Piece>,
}

impl Taken {
    /// Whether the move took anything.
    pub fn any(self) -> bool {
        self.at_to.is_some() || self.at_aux.is_some()
    }

    /// Whether the move took a Lion.
    pub fn lion(self) -> bool {
        [self.at_to, self.at_aux]
            .iter()
            .any(|p| p.is_some_and(|p| p.kind() == PieceKind::Lion))
    }
}

/// Whether `mv` is the Lion's pass (the turn given up in place).
#[inline(always)]
pub fn is_lion_pass(mv: Move) -> bool {
    mv.kind == MoveKind::TwoLeg && mv.aux == mv.from && mv.to == mv.from
}

/// Plays `mv` on `board`, returning what it took.
#[inline]
pub fn play(t: &ChuTables, board: &mut Board, mv: Move) -> Taken {
    let mut taken = Taken::default();
    match mv.kind {
        MoveKind::Castle => {
            board.shift(mv.aux, rook_landing(t, mv.from, mv.to));
            board.shift(mv.from, mv.to);
        }
        MoveKind::EnPassant => {
            taken.at_aux = board.take(mv.aux);
            board.shift(mv.from, mv.to);
        }
        MoveKind::TwoLeg if mv.aux == mv.from => {}
        MoveKind::TwoLeg => {
            taken.at_aux = board.take(mv.aux);
            if mv.to != mv.from {
                taken.at_to = board.take(mv.to);
                board.shift(mv.from, mv.to);
            }
        }
        _ => {
            taken.at_to = board.take(mv.to);
            if let Some(piece) = board.take(mv.from) {
                let arriving = match mv.promotion {
                    Some(kind) => Piece::new(piece.seat(), kind),
                    None => piece,
                };
                board.put(mv.to, arriving);
            }
        }
    }
    taken
}

/// Undoes [`play`]: `mover` is the piece that moved, as it was before the
/// move; `taken` is what [`play`] returned.
#[inline]
pub fn take_back(t: &ChuTables, board: &mut Board, mv: Move, mover: Piece, taken: Taken) {
    match mv.kind {
        MoveKind::Castle => {
            board.shift(mv.to, mv.from);
            board.shift(rook_landing(t, mv.from, mv.to), mv.aux);
        }
        MoveKind::TwoLeg if mv.aux == mv.from => {}
        _ => {
            if mv.to != mv.from {
                board.take(mv.to);
                board.put(mv.from, mover);
                if let Some(p) = taken.at_to {
                    board.put(mv.to, p);
                }
            }
            if let Some(p) = taken.at_aux {
                board.put(mv.aux, p);
            }
        }
    }
}

/// What a move changed on the board: the piece that moved, as it was
/// before (a promotion changes it), and what it took.
#[derive(Clone, Copy, Debug)]
pub struct BoardChange {
    mover: Piece,
    taken: Taken,
}

/// What a move changes besides the board and the side to move.
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// The castling rights.
    pub(super) castling: CastlingRights,
    /// The cell a Pawn just passed over with a double step.
    pub(super) ep: Option<Cell>,
    /// Half-moves since the last capture or Pawn move.
    pub(super) halfmove: u16,
    /// The number of the move being played, from 1.
    pub(super) fullmove: u16,
    /// Trading rule 3 in force: the side to move may not take a Lion with
    /// anything but a Lion.
    pub(super) lion_ban: bool,
    /// The position's hash.
    pub(super) hash: u64,
    /// Who has left the game (resigned, flag fallen) and whether a draw
    /// was agreed.
    pub(super) retired: Retirements,
}

impl history::RecordsRetirements for State {
    fn retirements_mut(&mut self) -> &mut Retirements {
        &mut self.retired
    }
}

/// A ply's snapshot: the state before the move and its board change
/// (`None` for a pass, which changes nothing there).
pub type Before = history::Before<State, Option<BoardChange>>;

impl Snapshot for State {
    /// The whole hash.
    #[inline(always)]
    fn repetition_key(&self) -> u64 {
        self.hash
    }
}

impl Chu {
    /// Hands the turn to the other side, counting a move after Black's.
    #[inline(always)]
    fn next_turn(&mut self) {
        if self.side == Seat::BLACK {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.state.hash = self.compute_hash();
    }

    /// The hash of the position from its parts (the placement part is kept
    /// up to date by the board as pieces move).
    pub(super) fn compute_hash(&self) -> u64 {
        let z = Zobrist::get();
        let mut h = self.board.placement_hash()
            ^ z.seat(self.side)
            ^ z.extra(self.state.castling.0 as usize);
        if let Some(ep) = self.state.ep
            && self.en_passant_possible(ep)
        {
            h ^= z.extra(16 + ep.index());
        }
        if self.state.lion_ban {
            h ^= z.extra(KEY_LION_BAN);
        }
        if self.options.promotion == PromotionMode::Shogi {
            h ^= z.extra(KEY_SHOGI);
        }
        h
    }

    /// Brings the bitboards up to date with the cells `mv` changed: its
    /// origin and destination, the cell a Lion's first leg or en passant
    /// took on, a castling Rook's corner and landing cell.
    #[inline(always)]
    fn refresh_sets(&mut self, mv: Move) {
        self.sets.refresh(&self.board, mv.from);
        self.sets.refresh(&self.board, mv.to);
        match mv.kind {
            MoveKind::TwoLeg | MoveKind::EnPassant => self.sets.refresh(&self.board, mv.aux),
            MoveKind::Castle => {
                self.sets.refresh(&self.board, mv.aux);
                let landing = rook_landing(self.t, mv.from, mv.to);
                self.sets.refresh(&self.board, landing);
            }
            _ => {}
        }
    }

    /// Whether a Pawn of the side to move could take en passant on `ep`.
    fn en_passant_possible(&self, ep: Cell) -> bool {
        let fwd = crate::core::orthodox::pawn_forward(self.side);
        crate::core::attack::pawn_capture_directions(fwd)
            .iter()
            .any(|&d| {
                self.t
                    .geo
                    .step(ep, d.opposite())
                    .and_then(|c| self.board.get(c))
                    .is_some_and(|p| p.is(self.side, PieceKind::Pawn))
            })
    }
}

impl Recorded for Chu {
    type Before = Before;

    fn history_mut(&mut self) -> &mut History<Before> {
        &mut self.history
    }

    fn play(&mut self, mv: Move) -> Before {
        let state = self.state;
        let Some(mover) = self.board.get(mv.from) else {
            // Not a legal move (nothing stands on its origin): the turn
            // passes with the board as it is, so taking it back is exact.
            self.next_turn();
            return Before {
                state,
                change: None,
            };
        };
        let taken = play(self.t, &mut self.board, mv);
        self.refresh_sets(mv);
        let kind = mover.kind();
        self.state.ep = (mv.kind == MoveKind::DoubleStep).then_some(mv.aux);
        // `aux` is a cell touched only by a Lion's first leg or en passant.
        let touched = match mv.kind {
            MoveKind::TwoLeg | MoveKind::EnPassant => [mv.to, mv.aux],
            _ => [mv.to, mv.to],
        };
        self.state.castling =
            castling::rights_after(self.t, state.castling, self.side, kind, mv.from, &touched);
        self.state.lion_ban = kind != PieceKind::Lion && taken.lion();
        self.state.halfmove = if kind == PieceKind::Pawn || taken.any() {
            0
        } else {
            state.halfmove.saturating_add(1)
        };
        self.next_turn();
        Before {
            state,
            change: Some(BoardChange { mover, taken }),
        }
    }

    fn pass(&mut self) -> Option<Before> {
        if self.in_check() {
            return None;
        }
        let state = self.state;
        self.state.ep = None;
        self.state.lion_ban = false;
        self.state.halfmove = state.halfmove.saturating_add(1);
        self.next_turn();
        Some(Before {
            state,
            change: None,
        })
    }

    fn take_back(&mut self, ply: Ply<Before>) {
        let Ply { mv, before } = ply;
        self.side = self.side.opponent();
        if let Some(BoardChange { mover, taken }) = before.change {
            take_back(self.t, &mut self.board, mv, mover, taken);
            self.refresh_sets(mv);
        }
        self.state = before.state;
    }

    fn retire(&mut self, retire: Retire) -> Before {
        Before::retiring(&mut self.state, retire)
    }

    fn take_back_retire(&mut self, before: Before) {
        self.state = before.state;
    }
}
