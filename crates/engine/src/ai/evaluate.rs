//! What the search needs from a variant besides its rules: a static
//! evaluation, piece values for ordering captures, and whether passing a
//! turn is a safe test of a position.

use super::model::Model;
use crate::core::{PieceKind, Seat};

/// A position's static evaluation, supplied by each variant.
///
/// Scores are in centipawns from a given seat's point of view, so the same
/// evaluation serves two-seat negamax (which asks for the side to move) and
/// later three- and four-seat searches (which ask for every seat).
pub trait Evaluate {
    /// How good the position is for `seat`, in centipawns (positive is good).
    fn evaluate_for(&self, seat: Seat) -> i32;

    /// What a piece of `kind` is worth in centipawns: used to order captures
    /// (most valuable victim first) and for pruning margins.
    fn piece_value(&self, kind: PieceKind) -> i32 {
        default_piece_value(kind)
    }

    /// Whether the side to move has enough material that passing a turn
    /// (null-move pruning) will not mislead the search through zugzwang.
    /// The default, `false`, turns null-move pruning off.
    fn null_move_safe(&self) -> bool {
        false
    }

    /// Static exchange evaluation of the legal capture `mv`: what the
    /// mover wins (negative: loses) once the exchange on its target is
    /// played out, in centipawns; `None` where the variant cannot tell
    /// (the default). The search orders losing captures after the quiet
    /// moves and leaves them out of its capture search.
    fn exchange_value(&self, mv: crate::core::Move) -> Option<i32> {
        let _ = mv;
        None
    }

    /// Whether the exchange that the legal capture `mv` begins wins at
    /// least `threshold` ([`Evaluate::exchange_value`] compared, which a
    /// variant may answer faster without playing the exchange out); `None`
    /// where the variant cannot tell.
    fn exchange_at_least(&self, mv: crate::core::Move, threshold: i32) -> Option<bool> {
        self.exchange_value(mv).map(|gain| gain >= threshold)
    }

    /// The evaluation for `seat` worked out from the pieces alone, where
    /// [`Evaluate::evaluate_for`] reads sums kept up to date move by move:
    /// the reference the incremental evaluation must always equal (tested
    /// over random games). `None` (the default) where nothing is kept.
    fn evaluate_from_scratch(&self, seat: Seat) -> Option<i32> {
        let _ = seat;
        None
    }

    /// Games of more than two seats: every seat's evaluation at once, one
    /// per seat in turn order, for the max-n search. The default asks
    /// [`Evaluate::evaluate_for`] seat by seat; a variant may share the work.
    fn evaluate_all(&self, out: &mut [i32]) {
        for (i, score) in out.iter_mut().enumerate() {
            *score = self.evaluate_for(Seat(i as u8));
        }
    }

    /// Games of more than two seats: how many seats are still playing (an
    /// army out of a four-army game no longer moves); all of them by default.
    fn seats_in_play(&self) -> Option<usize> {
        None
    }

    /// Games of more than two seats: how `seat` looks ahead (see
    /// [`super::multi`]); paranoid unless the variant says otherwise.
    fn seat_model(&self, seat: Seat) -> Model {
        let _ = seat;
        Model::Paranoid
    }
}

/// Rough values of the orthodox pieces (and a guess for the rest), for
/// variants that do not give their own.
pub const fn default_piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn | PieceKind::Yeoman => 100,
        PieceKind::Knight | PieceKind::Bishop | PieceKind::Camel | PieceKind::Zebra => 320,
        PieceKind::Rook | PieceKind::Cannon | PieceKind::Arrow => 500,
        PieceKind::Queen | PieceKind::Tank => 950,
        PieceKind::Lion => 1200,
        PieceKind::King | PieceKind::Cat => 0,
        _ => 400,
    }
}
