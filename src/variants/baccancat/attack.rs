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
    for line in [LineKind::Orthogonal, LineKind::Diagonal] {
        for ray in geo.rays(target, line) {
            let mut screened = false;
            for &c in ray {
                let Some(p) = board.get(c) else {
                    continue;
                };
                let hits = if screened {
                    hops(p.kind(), line)
                } else {
                    slides(p.kind(), line)
                };
                if hits && by(p.seat()) {
                    return true;
                }
                if screened {
                    break;
                }
                screened = true;
            }
        }
    }
    false
}
