//! Static exchange evaluation: what a capture wins once every piece that
//! can take on its target cell has taken there, least valuable first, each
//! side free to stop when going on would lose.

use super::Chess;
use crate::core::bitboard::{Bits, bit};
use crate::core::{Move, MoveKind, PieceKind, Seat};

/// Exchange values of Pawn, Knight, Bishop, Rook, Queen, King (the King
/// is never given for less than everything).
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

const ORDER: [PieceKind; 6] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::King,
];

#[inline(always)]
fn value(kind: PieceKind) -> i32 {
    SEE_VALUE[((kind as usize).wrapping_sub(1)).min(5)]
}

impl Chess {
    /// Every piece of either seat attacking `target` over `occupied`.
    #[inline(always)]
    fn all_attackers(&self, target: crate::core::Cell, occupied: Bits) -> Bits {
        let t = self.tables();
        self.attackers_by(t, target, Seat::WHITE, occupied)
            | self.attackers_by(t, target, Seat::BLACK, occupied)
    }

    /// The seat making the legal move `mv`, what it takes at once (with
    /// what a promotion adds) and the value then standing on its target;
    /// `None` for a castling or a pass, which win nothing.
    #[inline(always)]
    fn first_exchange(&self, mv: Move) -> Option<(Seat, i32, i32)> {
        let mover = self.board.get(mv.from)?;
        let mut first = match mv.kind {
            MoveKind::Castle | MoveKind::Pass => return None,
            MoveKind::EnPassant => SEE_VALUE[0],
            _ => self.board.get(mv.to).map_or(0, |p| value(p.kind())),
        };
        let mut on_target = value(mover.kind());
        if let Some(kind) = mv.promotion {
            first += value(kind) - SEE_VALUE[0];
            on_target = value(kind);
        }
        Some((mover.seat(), first, on_target))
    }

    /// Whether [`Chess::static_exchange`] of `mv` is at least `threshold`,
    /// without playing the exchange out when its first capture decides:
    /// the exchange wins at most what is taken first (the opponent may
    /// stop), and at least that less the piece left on the target (the
    /// mover may stop after a recapture).
    pub fn static_exchange_at_least(&self, mv: Move, threshold: i32) -> bool {
        let Some(start @ (_, first, on_target)) = self.first_exchange(mv) else {
            return threshold <= 0;
        };
        if first < threshold {
            false
        } else if first - on_target >= threshold {
            true
        } else {
            self.play_out(mv, start) >= threshold
        }
    }

    /// The material the legal move `mv` wins (negative: loses) when the
    /// exchange on its target is played out; pins are not looked at.
    pub fn static_exchange(&self, mv: Move) -> i32 {
        self.first_exchange(mv)
            .map_or(0, |start| self.play_out(mv, start))
    }

    /// The exchange on `mv`'s target played out from its first capture,
    /// `start` ([`Chess::first_exchange`]'s).
    fn play_out(&self, mv: Move, (mover, first, mut on_target): (Seat, i32, i32)) -> i32 {
        let b = &self.bits;
        let (from, to) = (mv.from, mv.to);
        let mut occupied = b.occupied() & !bit(from);
        if mv.kind == MoveKind::EnPassant {
            occupied &= !bit(mv.aux);
        }
        let mut gain = [0i32; 32];
        gain[0] = first;
        let mut depth = 0;
        let mut side = mover.opponent();
        let mut attackers = self.all_attackers(to, occupied);
        loop {
            let ours = attackers & b.seat(side) & occupied;
            if ours == 0 || depth >= 31 {
                break;
            }
            let Some((kind, piece)) = ORDER.iter().find_map(|&k| {
                let set = ours & b.kind(k);
                (set != 0).then_some((k, set & set.wrapping_neg()))
            }) else {
                break;
            };
            depth += 1;
            gain[depth] = on_target - gain[depth - 1];
            if gain[depth].max(-gain[depth - 1]) < 0 {
                break;
            }
            on_target = value(kind);
            occupied &= !piece;
            // Sliders behind the piece that took now see the target.
            attackers = self.all_attackers(to, occupied);
            side = side.opponent();
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, Options};

    fn see(fen: &str, mv: &str) -> i32 {
        let game = Chess::from_fen(fen, &Options::new()).expect("valid FEN");
        let mv = game.parse_move(mv).expect("a legal move");
        game.static_exchange(mv)
    }

    #[test]
    fn exchanges_are_played_out_least_valuable_first() {
        // A pawn defended by a pawn: the Knight that takes it is lost.
        assert_eq!(
            see("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"),
            100 - 320
        );
        // An undefended pawn is simply won.
        assert_eq!(see("4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"), 100);
        // Rook takes a Rook defended by a Rook and the King, with a second
        // Rook behind the first (an x-ray): taking and retaking nets nothing.
        assert_eq!(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 0);
        // Without the King's defence the x-rayed Rook wins the exchange.
        assert_eq!(see("3r2k1/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 500);
        // A quiet move onto a cell a pawn guards loses the piece; elsewhere nothing.
        assert_eq!(see("4k3/8/8/3p4/8/8/8/1B2K3 w - - 0 1", "b1e4"), -330);
        assert_eq!(see("4k3/8/8/3p4/8/8/8/1B2K3 w - - 0 1", "b1d3"), 0);
    }

    #[test]
    fn the_quick_threshold_answer_agrees_with_the_exchange_played_out() {
        let positions = [
            "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1",
            "3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1",
            "3r2k1/3r4/8/8/8/8/3R4/3RK3 w - - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        ];
        for fen in positions {
            let game = Chess::from_fen(fen, &Options::new()).expect("valid FEN");
            let mut moves = crate::core::MoveList::new();
            game.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let full = game.static_exchange(mv);
                for threshold in [-1000, -300, -100, -1, 0, 1, 100, 300, 1000] {
                    assert_eq!(
                        game.static_exchange_at_least(mv, threshold),
                        full >= threshold,
                        "{fen} {mv:?} at {threshold} (full {full})"
                    );
                }
            }
        }
    }
}
