//! Whether a cell is attacked by one side's Chu Chess pieces: the orthodox
//! pieces, the Commoner and the crowned pieces' king steps, and the Lion's
//! whole 24-cell area; worked out on `u128` bitboards ([`WideBitTables`],
//! built from the board's geometry) over any occupancy, so that a move can
//! be judged on the cells as they would be without playing it.

use crate::core::attack::pawn_capture_directions;
use crate::core::bitboard::BitSet;
use crate::core::geometry::WideBitTables;
use crate::core::orthodox::pawn_forward;
use crate::core::piece_sets::PieceSets;
use crate::core::{Cell, Leap, PieceKind, Seat};

/// Chu Chess's pieces as `u128` bitboards.
pub type ChuSets = PieceSets<u128>;

/// The cells of `target`'s Lion area beyond its king steps: those at
/// Chebyshev distance exactly 2.
#[inline(always)]
pub fn outer(t: &WideBitTables, target: Cell) -> u128 {
    t.leap(target, Leap::Dabbaba) | t.leap(target, Leap::Knight) | t.leap(target, Leap::Alfil)
}

/// The pieces among `theirs` (pieces of `by`, as `sets` has them kinded)
/// that attack `target` when `occupied` is occupied, by their ordinary
/// moves and ignoring pins; the King counts only when `with_king` (trading
/// rule 1 leaves it out).
#[inline(always)]
pub fn attackers(
    t: &WideBitTables,
    sets: &ChuSets,
    target: Cell,
    by: Seat,
    theirs: u128,
    occupied: u128,
    with_king: bool,
) -> u128 {
    let kind = |k: PieceKind| sets.kind(k);
    let [x, y] = pawn_capture_directions(pawn_forward(by));
    let pawns = t.step(target, x.opposite()) | t.step(target, y.opposite());
    let wazir = t.leap(target, Leap::Wazir);
    let ferz = t.leap(target, Leap::Ferz);
    let lions = kind(PieceKind::Lion);
    let mut steppers = kind(PieceKind::Commoner) | lions;
    if with_king {
        steppers |= kind(PieceKind::King);
    }
    let orthogonal = kind(PieceKind::Rook) | kind(PieceKind::Queen) | kind(PieceKind::CrownedRook);
    let diagonal =
        kind(PieceKind::Bishop) | kind(PieceKind::Queen) | kind(PieceKind::CrownedBishop);
    let found = (t.knight(target) & kind(PieceKind::Knight))
        | (pawns & kind(PieceKind::Pawn))
        | ((wazir | ferz) & steppers)
        | (wazir & kind(PieceKind::CrownedBishop))
        | (ferz & kind(PieceKind::CrownedRook))
        | (outer(t, target) & lions)
        | (t.rook(target, occupied) & orthogonal)
        | (t.bishop(target, occupied) & diagonal);
    found & theirs
}

/// Whether any of `theirs` (pieces of `by`, as `sets` has them kinded)
/// attacks `target` when `occupied` is occupied: [`attackers`] answered
/// with the cheapest tests first, a slider's line worked out only when one
/// stands on it.
#[inline(always)]
pub fn is_attacked(
    t: &WideBitTables,
    sets: &ChuSets,
    target: Cell,
    by: Seat,
    theirs: u128,
    occupied: u128,
    with_king: bool,
) -> bool {
    let kind = |k: PieceKind| sets.kind(k) & theirs;
    let lions = kind(PieceKind::Lion);
    let mut steppers = kind(PieceKind::Commoner) | lions;
    if with_king {
        steppers |= kind(PieceKind::King);
    }
    let wazir = t.leap(target, Leap::Wazir);
    let ferz = t.leap(target, Leap::Ferz);
    if !(((wazir | ferz) & steppers)
        | (wazir & kind(PieceKind::CrownedBishop))
        | (ferz & kind(PieceKind::CrownedRook))
        | (t.knight(target) & kind(PieceKind::Knight)))
    .is_empty()
    {
        return true;
    }
    let [x, y] = pawn_capture_directions(pawn_forward(by));
    let pawns = t.step(target, x.opposite()) | t.step(target, y.opposite());
    if !(pawns & kind(PieceKind::Pawn)).is_empty()
        || (!lions.is_empty() && !(outer(t, target) & lions).is_empty())
    {
        return true;
    }
    let queens = kind(PieceKind::Queen);
    let orthogonal =
        (kind(PieceKind::Rook) | queens | kind(PieceKind::CrownedRook)) & t.rook_rays(target);
    if !orthogonal.is_empty() && !(t.rook(target, occupied) & orthogonal).is_empty() {
        return true;
    }
    let diagonal =
        (kind(PieceKind::Bishop) | queens | kind(PieceKind::CrownedBishop)) & t.bishop_rays(target);
    !diagonal.is_empty() && !(t.bishop(target, occupied) & diagonal).is_empty()
}

/// Whether `target` is attacked by a piece of `by` as `sets` stand, by
/// its ordinary moves and ignoring pins; the King counts only when
/// `with_king`.
#[inline]
pub fn attacked(
    t: &WideBitTables,
    sets: &ChuSets,
    target: Cell,
    by: Seat,
    with_king: bool,
) -> bool {
    is_attacked(
        t,
        sets,
        target,
        by,
        sets.seat(by),
        sets.occupied(),
        with_king,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Board, Piece};
    use crate::variants::chu::tables::ChuTables;

    #[test]
    fn lion_attacks_its_whole_area_and_crowns_add_steps() {
        let t = ChuTables::get();
        let w = t.wide();
        let c = |n: &str| t.geo.cell(n).expect("a cell");
        let mut b = Board::new();
        b.put(c("e4"), Piece::new(Seat::BLACK, PieceKind::Lion));
        let sets = |b: &Board| ChuSets::of(b, 100);
        assert!(attacked(w, &sets(&b), c("g6"), Seat::BLACK, true));
        assert!(attacked(w, &sets(&b), c("f5"), Seat::BLACK, true));
        assert!(!attacked(w, &sets(&b), c("h6"), Seat::BLACK, true));
        b.put(c("a0"), Piece::new(Seat::WHITE, PieceKind::CrownedBishop));
        assert!(attacked(w, &sets(&b), c("a1"), Seat::WHITE, true));
        assert!(!attacked(w, &sets(&b), c("a2"), Seat::WHITE, true));
        b.put(c("j9"), Piece::new(Seat::WHITE, PieceKind::King));
        assert!(attacked(w, &sets(&b), c("j8"), Seat::WHITE, true));
        assert!(!attacked(w, &sets(&b), c("j8"), Seat::WHITE, false));
        b.put(c("a5"), Piece::new(Seat::WHITE, PieceKind::CrownedRook));
        b.put(c("a7"), Piece::new(Seat::BLACK, PieceKind::Pawn));
        assert!(attacked(w, &sets(&b), c("a6"), Seat::WHITE, true));
        assert!(
            attacked(w, &sets(&b), c("b6"), Seat::WHITE, true),
            "the step"
        );
        assert!(
            !attacked(w, &sets(&b), c("a8"), Seat::WHITE, true),
            "blocked"
        );
        assert!(
            attacked(w, &sets(&b), c("b6"), Seat::BLACK, true),
            "the pawn"
        );
    }
}
