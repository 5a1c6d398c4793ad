//! The Cat Chess evaluation: White and Black count material; the Cats, who
//! win every draw, want the material kept level.

use super::{CATS, CatChess};
use crate::ai::Evaluate;
use crate::ai::evaluate::default_piece_value;
use crate::core::Seat;

impl CatChess {
    /// White's material minus Black's, in centipawns.
    pub fn material_balance(&self) -> i32 {
        self.board()
            .pieces(64)
            .map(|(_, p)| {
                let v = default_piece_value(p.kind());
                match p.seat() {
                    Seat::WHITE => v,
                    Seat::BLACK => -v,
                    _ => 0,
                }
            })
            .sum()
    }
}

impl Evaluate for CatChess {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        let balance = self.material_balance();
        match seat {
            Seat::WHITE => balance,
            Seat::BLACK => -balance,
            s if s == CATS => -balance.abs(),
            _ => 0,
        }
    }
}
