//! Whether a cell is attacked: by leapers, Kings, Pawns, Yeomen, sliders
//! and hoppers of the armies a filter picks. The tests read the board
//! through a [`Sight`]: the pieces as they stand, or as they would stand
//! after a move, so that a move can be judged without playing it.

use super::pieces::{Leapers, hops, leaps, slides};
use super::tables::Tables;
use crate::core::{Board, Cell, CellSet, Direction, LineKind, Move, Piece, PieceKind, Seat};

/// The pieces an attack test looks at: the occupied cells and what stands
/// on each.
pub trait Sight {
    /// Every occupied cell.
    fn occupied(&self) -> &CellSet;
    /// The piece on `cell`.
    fn at(&self, cell: Cell) -> Option<Piece>;
    /// The cells of `seat`'s pieces.
    fn pieces_of(&self, seat: Seat) -> CellSet;
}

/// The board as it stands.
pub struct Standing<'a> {
    board: &'a Board,
    occupied: CellSet,
}

impl<'a> Standing<'a> {
    /// The pieces of `board`.
    #[inline]
    pub fn new(board: &'a Board) -> Standing<'a> {
        Standing {
            board,
            occupied: board.occupied(),
        }
    }
}

impl Sight for Standing<'_> {
    #[inline(always)]
    fn occupied(&self) -> &CellSet {
        &self.occupied
    }
    #[inline(always)]
    fn at(&self, cell: Cell) -> Option<Piece> {
        self.board.get(cell)
    }
    #[inline(always)]
    fn pieces_of(&self, seat: Seat) -> CellSet {
        self.board.occupied_by(seat)
    }
}

/// The board as it would stand after a move that changes only its two
/// cells: the mover gone from `from`, and `arriving` on `to` (whatever
/// stood there taken).
pub struct After<'a> {
    board: &'a Board,
    occupied: CellSet,
    from: Cell,
    to: Cell,
    arriving: Option<Piece>,
}

impl<'a> After<'a> {
    /// The pieces of `standing` once `mv` (neither a castling nor a move
    /// that sets off a refill) is played.
    #[inline]
    pub fn new(standing: &Standing<'a>, mv: Move) -> After<'a> {
        let board = standing.board;
        let arriving = board.get(mv.from).map(|p| match mv.promotion {
            Some(kind) => Piece::new(p.seat(), kind),
            None => p,
        });
        let mut occupied = standing.occupied;
        occupied.remove(mv.from);
        occupied.insert(mv.to);
        After {
            board,
            occupied,
            from: mv.from,
            to: mv.to,
            arriving,
        }
    }
}

impl Sight for After<'_> {
    #[inline(always)]
    fn occupied(&self) -> &CellSet {
        &self.occupied
    }
    #[inline(always)]
    fn at(&self, cell: Cell) -> Option<Piece> {
        if cell == self.to {
            self.arriving
        } else if cell == self.from {
            None
        } else {
            self.board.get(cell)
        }
    }
    #[inline(always)]
    fn pieces_of(&self, seat: Seat) -> CellSet {
        let mut cells = self.board.occupied_by(seat);
        cells.remove(self.from);
        cells.remove(self.to);
        if self.arriving.is_some_and(|p| p.seat() == seat) {
            cells.insert(self.to);
        }
        cells
    }
}

/// Whether `target` is attacked on `board` by a piece of an army for
/// which `by` is true. Every piece on the board belongs to an army in play.
#[inline]
pub fn is_attacked(
    t: &Tables,
    board: &Board,
    leapers: Leapers,
    target: Cell,
    by: impl Fn(Seat) -> bool,
) -> bool {
    attacked_in(t, &Standing::new(board), leapers, target, &by)
}

/// Whether `target` is attacked, as `sight` sees the pieces, by a piece of
/// an army for which `by` is true.
#[inline]
pub fn attacked_in(
    t: &Tables,
    sight: &impl Sight,
    leapers: Leapers,
    target: Cell,
    by: &impl Fn(Seat) -> bool,
) -> bool {
    let geo = t.geo;
    // The attacking armies' pieces: only a line or a leap that meets one
    // of them needs looking at.
    let attackers = (0..4)
        .map(Seat)
        .filter(|&s| by(s))
        .fold(CellSet::new(), |all, s| all.union(&sight.pieces_of(s)));
    let leaps_from = &t.leap_sets[target.index()];
    for &leap in leapers.patterns() {
        if !leaps_from[leap as usize].meets(&attackers) {
            continue;
        }
        for &c in geo.leaps(target, leap) {
            if let Some(p) = sight.at(c)
                && by(p.seat())
                && leaps(p.kind()).contains(&leap)
            {
                return true;
            }
        }
    }
    let rays = &t.ray_sets[target.index()];
    let near = t.steps[target.index()].meets(&attackers);
    for d in Direction::ALL {
        if !near {
            break;
        }
        let Some(c) = geo.step(target, d) else {
            continue;
        };
        let Some(p) = sight.at(c) else {
            continue;
        };
        if !by(p.seat()) {
            continue;
        }
        let steps = &t.army(p.seat());
        let foot = match p.kind() {
            PieceKind::King => return true,
            PieceKind::Pawn if d.is_diagonal() => &steps.pawn,
            PieceKind::Yeoman if !d.is_diagonal() => &steps.yeoman,
            _ => continue,
        };
        if foot.captures[c.index()].contains(&Some(target)) {
            return true;
        }
    }
    Direction::ALL
        .into_iter()
        .any(|d| rays[d as usize].meets(&attackers) && attacked_along(t, sight, target, d, by))
}

/// Whether a slider or hopper of an army for which `by` is true attacks
/// `target` along the line leaving it towards `d`, as `sight` sees the
/// pieces: the first piece on the ray if it slides that way, the second if
/// it hops that way.
#[inline]
pub fn attacked_along(
    t: &Tables,
    sight: &impl Sight,
    target: Cell,
    d: Direction,
    by: &impl Fn(Seat) -> bool,
) -> bool {
    let line = if d.is_diagonal() {
        LineKind::Diagonal
    } else {
        LineKind::Orthogonal
    };
    let di = d as usize;
    let mut blockers = t.ray_sets[target.index()][di].intersection(sight.occupied());
    let next = |set: &CellSet| {
        if t.increasing[di] {
            set.first()
        } else {
            set.last()
        }
    };
    let Some(first) = next(&blockers) else {
        return false;
    };
    if let Some(p) = sight.at(first)
        && slides(p.kind(), line)
        && by(p.seat())
    {
        return true;
    }
    blockers.remove(first);
    next(&blockers)
        .and_then(|second| sight.at(second))
        .is_some_and(|p| hops(p.kind(), line) && by(p.seat()))
}
