//! Whether a cell is attacked: by leapers, Kings, Pawns, Yeomen, sliders
//! and hoppers of the armies a filter picks.

use super::pieces::{Leapers, hops, leaps, slides};
use super::tables::Tables;
use crate::core::{Board, Cell, Direction, LineKind, PieceKind, Seat};

/// Whether `target` is attacked on `board` by a piece of an army for
/// which `by` is true. Every piece on the board belongs to an army in play.
pub fn is_attacked(
    t: &Tables,
    board: &Board,
    leapers: Leapers,
    target: Cell,
    by: impl Fn(Seat) -> bool,
) -> bool {
    let geo = t.geo;
    for &leap in leapers.patterns() {
        for &c in geo.leaps(target, leap) {
            if let Some(p) = board.get(c)
                && by(p.seat())
                && leaps(p.kind()).contains(&leap)
            {
                return true;
            }
        }
    }
    for d in Direction::ALL {
        let Some(c) = geo.step(target, d) else {
            continue;
        };
        let Some(p) = board.get(c) else {
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
        .any(|d| attacked_along(t, board, target, d, &by))
}

/// Whether a slider or hopper of an army for which `by` is true attacks
/// `target` along the line leaving it towards `d`: the first piece on the
/// ray if it slides that way, the second if it hops that way.
#[inline]
pub fn attacked_along(
    t: &Tables,
    board: &Board,
    target: Cell,
    d: Direction,
    by: &impl Fn(Seat) -> bool,
) -> bool {
    let line = if d.is_diagonal() {
        LineKind::Diagonal
    } else {
        LineKind::Orthogonal
    };
    let mut screened = false;
    for &c in t.geo.ray_towards(target, d) {
        let Some(p) = board.get(c) else {
            continue;
        };
        if screened {
            return hops(p.kind(), line) && by(p.seat());
        }
        if slides(p.kind(), line) && by(p.seat()) {
            return true;
        }
        screened = true;
    }
    false
}

/// The direction from `from` to `to` if they share a rank, file or
/// diagonal (and differ).
pub fn direction_between(t: &Tables, from: Cell, to: Cell) -> Option<Direction> {
    let df = t.geo.file(to) as i32 - t.geo.file(from) as i32;
    let dr = t.geo.rank(to) as i32 - t.geo.rank(from) as i32;
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    Some(match (df.signum(), dr.signum()) {
        (0, 1) => Direction::North,
        (1, 1) => Direction::NorthEast,
        (1, 0) => Direction::East,
        (1, -1) => Direction::SouthEast,
        (0, -1) => Direction::South,
        (-1, -1) => Direction::SouthWest,
        (-1, 0) => Direction::West,
        _ => Direction::NorthWest,
    })
}
