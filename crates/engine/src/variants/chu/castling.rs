//! Chu Chess castling: an unmoved King moves three cells towards an unmoved
//! Rook on its rank, which lands on the cell next to the King's new cell.
//! `K`/`k` castle towards file j, `Q`/`q` towards file a, for both colours.

use super::tables::ChuTables;
use crate::core::orthodox::{CastleSide, CastlingRights};
use crate::core::{Board, Cell, Move, MoveList, PieceKind, Seat};

/// The back rank of `seat`.
const fn back_rank(seat: Seat) -> i32 {
    if seat.0 == 0 { 0 } else { 9 }
}

/// The Rook's corner on `seat`'s side towards `side`.
fn corner(t: &ChuTables, seat: Seat, side: CastleSide) -> Option<Cell> {
    let file = if side == CastleSide::King { 9 } else { 0 };
    t.geo.at(file, back_rank(seat))
}

/// One step along the back rank towards `side`.
const fn towards(side: CastleSide) -> i32 {
    if matches!(side, CastleSide::King) {
        1
    } else {
        -1
    }
}

/// The King's and Rook's cells for `seat` castling to `side` as the board
/// stands: King on its back rank, Rook of its side on the corner, at least
/// four files apart. Returns (king, rook).
fn pair(t: &ChuTables, board: &Board, seat: Seat, side: CastleSide) -> Option<(Cell, Cell)> {
    let king = board.king(seat)?;
    let rook = corner(t, seat, side)?;
    let geo = &t.geo;
    let apart = (geo.file(rook) as i32 - geo.file(king) as i32).abs();
    (geo.rank(king) as i32 == back_rank(seat)
        && board.get(rook).is_some_and(|p| p.is(seat, PieceKind::Rook))
        && apart >= 4)
        .then_some((king, rook))
}

/// The rights of a position text that count: those whose King stands on
/// its back rank with the Rook on its corner at least four files away.
pub fn effective_rights(t: &ChuTables, board: &Board, rights: CastlingRights) -> CastlingRights {
    let mut bits = 0;
    for seat in [Seat::WHITE, Seat::BLACK] {
        for side in [CastleSide::King, CastleSide::Queen] {
            if rights.has(seat, side) && pair(t, board, seat, side).is_some() {
                bits |= CastlingRights::bit(seat, side);
            }
        }
    }
    CastlingRights(bits)
}

/// Adds `us`'s castling moves: the right held, every cell between King and
/// Rook empty, the King not in check and neither crossing nor landing on a
/// cell `attacked` (by the enemy) says is attacked.
pub fn push_castles(
    t: &ChuTables,
    board: &Board,
    rights: CastlingRights,
    us: Seat,
    attacked: impl Fn(Cell) -> bool,
    out: &mut MoveList,
) {
    let geo = &t.geo;
    for side in [CastleSide::King, CastleSide::Queen] {
        if !rights.has(us, side) {
            continue;
        }
        let Some((king, rook)) = pair(t, board, us, side) else {
            continue;
        };
        let (kf, rf, rank) = (
            geo.file(king) as i32,
            geo.file(rook) as i32,
            geo.rank(king) as i32,
        );
        let dir = towards(side);
        let between_empty = (1..(rf - kf).abs())
            .filter_map(|i| geo.at(kf + dir * i, rank))
            .all(|c| board.is_empty(c));
        if !between_empty {
            continue;
        }
        let safe = (0..=3)
            .filter_map(|i| geo.at(kf + dir * i, rank))
            .all(|c| !attacked(c));
        if !safe {
            continue;
        }
        if let Some(to) = geo.at(kf + 3 * dir, rank) {
            out.push(Move::castle(king, to, rook));
        }
    }
}

/// The cell the Rook lands on when the King castles `from` → `to`: the one
/// the King skipped next to its new cell.
pub fn rook_landing(t: &ChuTables, from: Cell, to: Cell) -> Cell {
    let geo = &t.geo;
    let dir = if geo.file(to) > geo.file(from) { -1 } else { 1 };
    geo.at(geo.file(to) as i32 + dir, geo.rank(to) as i32)
        .unwrap_or(to)
}

/// The rights left after a move of a piece of `mover` from `from` that
/// touched `cells` (its destination and any cell it captured on): a King
/// move gives up both of its side's rights, a Rook leaving or losing its
/// corner gives up that one.
pub fn rights_after(
    t: &ChuTables,
    rights: CastlingRights,
    mover: Seat,
    mover_kind: PieceKind,
    from: Cell,
    cells: &[Cell],
) -> CastlingRights {
    let mut bits = rights.0;
    if mover_kind == PieceKind::King {
        bits &= !(CastlingRights::bit(mover, CastleSide::King)
            | CastlingRights::bit(mover, CastleSide::Queen));
    }
    for seat in [Seat::WHITE, Seat::BLACK] {
        for side in [CastleSide::King, CastleSide::Queen] {
            if let Some(c) = corner(t, seat, side)
                && (c == from || cells.contains(&c))
            {
                bits &= !CastlingRights::bit(seat, side);
            }
        }
    }
    CastlingRights(bits)
}
