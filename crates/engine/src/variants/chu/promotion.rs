//! The promotion zone (the last three ranks) and the two promotion modes:
//! Chess-like (only Pawns, mandatory, to Q R B N or a Lion when the side
//! has none) and Shogi-like (a move starting or ending in the zone may
//! crown the piece; a Pawn on the last rank must).

use crate::core::{Cell, Geometry, Move, MoveList, PieceKind, Seat};

/// How pieces promote.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum PromotionMode {
    /// Only Pawns promote, always, to a piece of their choice.
    #[default]
    Chess,
    /// Pieces may crown on moves that touch the zone.
    Shogi,
}

impl PromotionMode {
    /// The mode an option value names (`chess`, `shogi`).
    pub fn from_value(value: &str) -> PromotionMode {
        if value == "shogi" {
            PromotionMode::Shogi
        } else {
            PromotionMode::Chess
        }
    }
}

/// Pieces a Pawn may become in the Chess-like game, besides the Lion.
const CHESS_CHOICES: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// Whether `cell` lies in `seat`'s promotion zone (ranks 7–9 for White,
/// 0–2 for Black).
#[inline(always)]
pub fn in_zone(geo: &Geometry, seat: Seat, cell: Cell) -> bool {
    let rank = geo.rank(cell);
    if seat == Seat::WHITE {
        rank >= 7
    } else {
        rank <= 2
    }
}

/// Whether `cell` is `seat`'s last rank.
#[inline(always)]
pub fn on_last_rank(geo: &Geometry, seat: Seat, cell: Cell) -> bool {
    geo.rank(cell) == if seat == Seat::WHITE { 9 } else { 0 }
}

/// What a piece of `kind` becomes when it crowns in the Shogi-like game;
/// `None` for the pieces that never promote. A Knight becomes a Lion only
/// when its side has none (`has_lion`).
pub const fn shogi_promotion(kind: PieceKind, has_lion: bool) -> Option<PieceKind> {
    match kind {
        PieceKind::Pawn => Some(PieceKind::Commoner),
        PieceKind::Knight if !has_lion => Some(PieceKind::Lion),
        PieceKind::Rook => Some(PieceKind::CrownedRook),
        PieceKind::Bishop => Some(PieceKind::CrownedBishop),
        _ => None,
    }
}

/// Adds the moves of a piece of `kind` from `from` to `to` (a plain move or
/// capture): one move, or one per promotion choice (with the move that
/// declines, where declining is allowed).
#[allow(
    clippy::too_many_arguments,
    reason = "called once per generated move with the move's parts; they form no value of their own"
)]
#[inline]
pub fn push_with_promotions(
    geo: &Geometry,
    mode: PromotionMode,
    seat: Seat,
    kind: PieceKind,
    has_lion: bool,
    from: Cell,
    to: Cell,
    out: &mut MoveList,
) {
    match mode {
        PromotionMode::Chess => {
            if kind == PieceKind::Pawn && in_zone(geo, seat, to) {
                for choice in CHESS_CHOICES {
                    out.push(Move::promoting(from, to, choice));
                }
                if !has_lion {
                    out.push(Move::promoting(from, to, PieceKind::Lion));
                }
            } else {
                out.push(Move::normal(from, to));
            }
        }
        PromotionMode::Shogi => {
            let touches = in_zone(geo, seat, from) || in_zone(geo, seat, to);
            match shogi_promotion(kind, has_lion) {
                Some(crowned) if touches => {
                    out.push(Move::promoting(from, to, crowned));
                    if !(kind == PieceKind::Pawn && on_last_rank(geo, seat, to)) {
                        out.push(Move::normal(from, to));
                    }
                }
                _ => out.push(Move::normal(from, to)),
            }
        }
    }
}
