//! Won endgames are won: the bare-king term lets the search mate a lone
//! King with King and Queen or King and Rook from several start positions,
//! against a defender that searches too, within a move limit.

use catboard::ai::{Limits, think};
use catboard::core::{EndReason, Game, Options};
use catboard::variants::Variant;
use std::sync::atomic::AtomicBool;

/// Plays the game out (attacker at `attack` plies, defender at 3) and
/// returns after how many of the attacker's moves it was mated, if it was.
fn moves_to_mate(fen: &str, attack: u32, limit: usize) -> Option<usize> {
    let mut game = Variant::Chess
        .from_position(fen, &Options::new())
        .expect("valid FEN");
    let attacker = game.to_move();
    let stop = AtomicBool::new(false);
    for _ in 0..2 * limit {
        if let Some(outcome) = game.outcome() {
            return (outcome.reason == EndReason::Checkmate && outcome.winner == Some(attacker))
                .then(|| game.moves_played().len().div_ceil(2));
        }
        let depth = if game.to_move() == attacker {
            attack
        } else {
            3
        };
        let limits = Limits::depth(depth).with_nodes(400_000);
        let mv = think(&game, &limits, &stop, |_| {})
            .best
            .expect("a legal move while the game is on");
        game.make_move(mv);
    }
    None
}

const QUEEN_STARTS: &[&str] = &[
    "8/8/8/4k3/8/8/8/K6Q w - - 0 1",
    "8/8/3k4/8/8/8/1Q6/6K1 w - - 0 1",
    "K7/8/8/8/3k4/8/8/7Q w - - 0 1",
    "8/8/8/8/8/3k4/8/QK6 w - - 0 1",
    "k7/8/8/8/3q4/8/8/7K b - - 0 1",
];

const ROOK_STARTS: &[&str] = &[
    "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    "8/8/8/3k4/8/8/8/6KR w - - 0 1",
    "7R/8/8/8/3k4/8/8/K7 w - - 0 1",
    "8/8/8/8/8/8/5k2/R6K w - - 0 1",
    "8/8/1r6/8/4K3/8/8/7k b - - 0 1",
];

#[test]
fn king_and_queen_mate_a_lone_king() {
    for fen in QUEEN_STARTS {
        let mated = moves_to_mate(fen, 4, 30);
        assert!(mated.is_some(), "no mate within 30 moves from {fen}");
    }
}

#[test]
fn king_and_rook_mate_a_lone_king() {
    for fen in ROOK_STARTS {
        let mated = moves_to_mate(fen, 4, 50);
        assert!(mated.is_some(), "no mate within 50 moves from {fen}");
    }
}

#[test]
fn a_lone_king_is_not_mated_by_a_lone_knight() {
    // King and Knight cannot mate: the game must not end in a win for White.
    assert_eq!(moves_to_mate("8/8/8/4k3/8/8/8/N3K3 w - - 0 1", 3, 10), None);
}
