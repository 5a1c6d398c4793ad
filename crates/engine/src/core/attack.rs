//! Whether a cell is attacked by the orthodox chess pieces of one seat, on
//! any grid; shared by the variants built on chess's armies.

use super::board::Board;
use super::cell::Cell;
use super::geometry::{Direction, Geometry, Leap, LineKind};
use super::piece::{PieceKind, Seat};

/// Whether a piece of `kind` slides along lines of `line`.
#[inline(always)]
pub fn slides_along(kind: PieceKind, line: LineKind) -> bool {
    match line {
        LineKind::Orthogonal => matches!(kind, PieceKind::Rook | PieceKind::Queen),
        LineKind::Diagonal => matches!(kind, PieceKind::Bishop | PieceKind::Queen),
    }
}

/// The two directions a pawn moving `forward` captures in.
#[inline(always)]
pub const fn pawn_capture_directions(forward: Direction) -> [Direction; 2] {
    match forward {
        Direction::North => [Direction::NorthWest, Direction::NorthEast],
        Direction::South => [Direction::SouthWest, Direction::SouthEast],
        Direction::East => [Direction::NorthEast, Direction::SouthEast],
        _ => [Direction::NorthWest, Direction::SouthWest],
    }
}

/// Whether `target` is attacked by an armed Pawn, Knight, Bishop, Rook,
/// Queen or King of `by`, whose pawns move `by_forward`.
///
/// `ignore` is treated as empty (a King stepping away from a slider does not
/// shield itself); `armed` says whether the piece on a cell may attack (Cat
/// Chess disarms pieces; chess passes `|_| true`). Every piece, armed or not,
/// blocks lines.
#[inline(always)]
pub fn is_attacked(
    geo: &Geometry,
    board: &Board,
    target: Cell,
    by: Seat,
    by_forward: Direction,
    ignore: Option<Cell>,
    armed: impl Fn(Cell) -> bool,
) -> bool {
    let hits = |c: Cell, kind: PieceKind| {
        board
            .get(c)
            .is_some_and(|p| p.seat() == by && p.kind() == kind)
            && armed(c)
    };
    for &c in geo.leaps(target, Leap::Knight) {
        if hits(c, PieceKind::Knight) {
            return true;
        }
    }
    for d in pawn_capture_directions(by_forward) {
        if let Some(c) = geo.step(target, d.opposite())
            && hits(c, PieceKind::Pawn)
        {
            return true;
        }
    }
    for line in [LineKind::Orthogonal, LineKind::Diagonal] {
        for ray in geo.rays(target, line) {
            for (i, &c) in ray.iter().enumerate() {
                if Some(c) == ignore {
                    continue;
                }
                if let Some(p) = board.get(c) {
                    if p.seat() == by
                        && (slides_along(p.kind(), line) || (i == 0 && p.kind() == PieceKind::King))
                        && armed(c)
                    {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    false
}
