//! Whether a cell is attacked by one side's Chu Chess pieces: the orthodox
//! pieces, the Commoner and the crowned pieces' king steps, and the Lion's
//! whole 24-cell area.

use super::tables::ChuTables;
use crate::core::attack::pawn_capture_directions;
use crate::core::orthodox::pawn_forward;
use crate::core::{Board, Cell, Leap, LineKind, PieceKind, Seat};

/// Whether a piece of `kind` slides along lines of `line`.
#[inline(always)]
pub fn slides(kind: PieceKind, line: LineKind) -> bool {
    match line {
        LineKind::Orthogonal => matches!(
            kind,
            PieceKind::Rook | PieceKind::Queen | PieceKind::CrownedRook
        ),
        LineKind::Diagonal => matches!(
            kind,
            PieceKind::Bishop | PieceKind::Queen | PieceKind::CrownedBishop
        ),
    }
}

/// Whether a piece of `kind` takes one step along lines of `line` (besides
/// sliding): King, Commoner, Lion, and the crowned pieces' extra step.
#[inline(always)]
pub fn steps(kind: PieceKind, line: LineKind) -> bool {
    match kind {
        PieceKind::King | PieceKind::Commoner | PieceKind::Lion => true,
        PieceKind::CrownedRook => line == LineKind::Diagonal,
        PieceKind::CrownedBishop => line == LineKind::Orthogonal,
        _ => false,
    }
}

/// Whether `target` is attacked by a piece of `by` on `board`, by its
/// ordinary moves and ignoring pins; the King counts only when `with_king`
/// (trading rule 1 leaves it out).
pub fn attacked(t: &ChuTables, board: &Board, target: Cell, by: Seat, with_king: bool) -> bool {
    let geo = &t.geo;
    let is = |c: Cell, kind: PieceKind| board.get(c).is_some_and(|p| p.is(by, kind));
    if geo
        .leaps(target, Leap::Knight)
        .iter()
        .any(|&c| is(c, PieceKind::Knight))
    {
        return true;
    }
    for d in pawn_capture_directions(pawn_forward(by)) {
        if geo
            .step(target, d.opposite())
            .is_some_and(|c| is(c, PieceKind::Pawn))
        {
            return true;
        }
    }
    for line in [LineKind::Orthogonal, LineKind::Diagonal] {
        for ray in geo.rays(target, line) {
            for (i, &c) in ray.iter().enumerate() {
                let Some(p) = board.get(c) else { continue };
                if p.seat() == by {
                    let kind = p.kind();
                    if slides(kind, line)
                        || (i == 0 && steps(kind, line) && (with_king || kind != PieceKind::King))
                    {
                        return true;
                    }
                }
                break;
            }
        }
    }
    t.outer[target.index()]
        .iter()
        .any(|&c| is(c, PieceKind::Lion))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Piece;

    #[test]
    fn lion_attacks_its_whole_area_and_crowns_add_steps() {
        let t = ChuTables::get();
        let c = |n: &str| t.geo.cell(n).expect("a cell");
        let mut b = Board::new();
        b.put(c("e4"), Piece::new(Seat::BLACK, PieceKind::Lion));
        assert!(attacked(t, &b, c("g6"), Seat::BLACK, true));
        assert!(attacked(t, &b, c("f5"), Seat::BLACK, true));
        assert!(!attacked(t, &b, c("h6"), Seat::BLACK, true));
        b.put(c("a0"), Piece::new(Seat::WHITE, PieceKind::CrownedBishop));
        assert!(attacked(t, &b, c("a1"), Seat::WHITE, true));
        assert!(!attacked(t, &b, c("a2"), Seat::WHITE, true));
        b.put(c("j9"), Piece::new(Seat::WHITE, PieceKind::King));
        assert!(attacked(t, &b, c("j8"), Seat::WHITE, true));
        assert!(!attacked(t, &b, c("j8"), Seat::WHITE, false));
    }
}
