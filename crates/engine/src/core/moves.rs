//! The one move type every variant uses, and the fixed-capacity move list.

use super::cell::Cell;
use super::piece::PieceKind;
use arrayvec::ArrayVec;
use std::ops::{Deref, DerefMut};

/// What sort of move a [`Move`] is, and so what its `aux` cell means.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(u8)]
pub enum MoveKind {
    /// A step, slide or leap, with or without a capture on `to`.
    #[default]
    Normal,
    /// A pawn's two-cell first step; `aux` is the cell it passes over.
    DoubleStep,
    /// An en-passant capture; `aux` is the cell of the pawn taken.
    EnPassant,
    /// Castling, written as the King's move; `aux` is the partner piece's cell.
    Castle,
    /// A whole-turn pass (the Cats' pass); `from`, `to` and `aux` mean nothing.
    Pass,
    /// A move in two legs (the Lion): `from` → `aux` → `to`, capturing on both.
    TwoLeg,
    /// Not a move on the board: a seat resigns or its flag falls, or a draw
    /// is agreed ([`crate::core::retire::Retire`] reads it); never among a
    /// position's legal moves.
    Retire,
}

/// One move of any variant: small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move {
    /// The cell the moving piece leaves.
    pub from: Cell,
    /// The cell the moving piece ends on.
    pub to: Cell,
    /// A third cell whose meaning depends on `kind` (see [`MoveKind`]).
    pub aux: Cell,
    /// What the move is.
    pub kind: MoveKind,
    /// The kind the piece becomes on arrival, if it promotes.
    pub promotion: Option<PieceKind>,
}

impl Move {
    /// An ordinary move (with or without capture) from `from` to `to`.
    #[inline(always)]
    pub const fn normal(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            aux: Cell(0),
            kind: MoveKind::Normal,
            promotion: None,
        }
    }

    /// A move that promotes the piece to `kind` on arrival.
    #[inline(always)]
    pub const fn promoting(from: Cell, to: Cell, kind: PieceKind) -> Move {
        Move {
            from,
            to,
            aux: Cell(0),
            kind: MoveKind::Normal,
            promotion: Some(kind),
        }
    }

    /// A pawn's double step over `over`.
    #[inline(always)]
    pub const fn double_step(from: Cell, to: Cell, over: Cell) -> Move {
        Move {
            from,
            to,
            aux: over,
            kind: MoveKind::DoubleStep,
            promotion: None,
        }
    }

    /// An en-passant capture of the pawn on `taken`.
    #[inline(always)]
    pub const fn en_passant(from: Cell, to: Cell, taken: Cell) -> Move {
        Move {
            from,
            to,
            aux: taken,
            kind: MoveKind::EnPassant,
            promotion: None,
        }
    }

    /// Castling: the King goes `from` → `to` with the partner on `partner`.
    #[inline(always)]
    pub const fn castle(from: Cell, to: Cell, partner: Cell) -> Move {
        Move {
            from,
            to,
            aux: partner,
            kind: MoveKind::Castle,
            promotion: None,
        }
    }

    /// A move in two legs through `transit`.
    #[inline(always)]
    pub const fn two_leg(from: Cell, transit: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            aux: transit,
            kind: MoveKind::TwoLeg,
            promotion: None,
        }
    }

    /// The cells the move passes through when entered by picks: origin,
    /// transit cell (a two-leg move's first leg), destination. Empty for a
    /// whole-turn pass, which is not entered by cells. A variant may offer
    /// more paths for one move ([`crate::core::Game::entry_paths`]).
    pub fn path(self) -> ArrayVec<Cell, 3> {
        let mut cells = ArrayVec::new();
        match self.kind {
            MoveKind::Pass | MoveKind::Retire => {}
            MoveKind::TwoLeg => {
                cells.push(self.from);
                cells.push(self.aux);
                cells.push(self.to);
            }
            _ => {
                cells.push(self.from);
                cells.push(self.to);
            }
        }
        cells
    }

    /// Passing the turn.
    pub const PASS: Move = Move {
        from: Cell(0),
        to: Cell(0),
        aux: Cell(0),
        kind: MoveKind::Pass,
        promotion: None,
    };

    /// Whether the move is a pass.
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self.kind == MoveKind::Pass
    }

    /// Whether the move changes the board: false for a pass and for a
    /// retirement ([`MoveKind::Retire`]).
    #[inline(always)]
    pub fn on_board(self) -> bool {
        !matches!(self.kind, MoveKind::Pass | MoveKind::Retire)
    }

    /// The transit cell of a two-leg move.
    pub fn transit(self) -> Option<Cell> {
        (self.kind == MoveKind::TwoLeg).then_some(self.aux)
    }
}

/// Most moves a position of any variant may have.
pub const MAX_MOVES: usize = 1024;

/// A list of moves that lives on the stack and never allocates.
#[derive(Clone, Default)]
pub struct MoveList {
    moves: ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new(),
        }
    }

    /// Adds a move; a move past the capacity is dropped (no position of any
    /// variant comes near it).
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        let _ = self.moves.try_push(mv);
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Keeps the first `len` moves, dropping the rest.
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(|m| keep(m));
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves
    }
}

impl DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small_and_list_keeps_order() {
        assert!(std::mem::size_of::<Move>() <= 6);
        let mut list = MoveList::new();
        list.push(Move::normal(Cell(1), Cell(2)));
        list.push(Move::PASS);
        list.push(Move::two_leg(Cell(1), Cell(9), Cell(1)));
        assert_eq!(list.len(), 3);
        assert!(list[1].is_pass());
        assert_eq!(list[2].transit(), Some(Cell(9)));
        list.retain(|m| !m.is_pass());
        assert_eq!(list.len(), 2);
    }
}
