//! Perft for Cat Chess: leaf counts that two independent programs agree on
//! (catboard, and a separate implementation written from the seed's rules
//! in another language), from the start and from three corpus positions
//! with castling, en passant and zones in play.

use catboard::core::perft;
use catboard::variants::cat::CatChess;

fn perft_of(fen: &str, depth: u32) -> u64 {
    let mut game = CatChess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    perft(&mut game, depth)
}

#[test]
fn perft_of_the_start() {
    let mut game = CatChess::new();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&mut game, d)).collect();
    assert_eq!(counts, [19, 361, 3743, 77878, 1_621_568]);
}

#[test]
fn perft_with_both_castlings_available_to_white() {
    let fen = "rn2kb1r/1C2qpp1/p1n5/4p2p/2pB2b1/1PPBP2C/1PQ1NPPP/R3K2R w KQkq - 4 18";
    assert_eq!(perft_of(fen, 3), 9559);
    assert_eq!(perft_of(fen, 4), 344_186);
}

#[test]
fn perft_with_black_to_castle_among_cats() {
    let fen = "rn2k2r/2C2p2/p1n3pb/R3p2p/1qBB2bC/2P1P3/1P3PPP/3QK1NR b Kkq - 5 22";
    assert_eq!(perft_of(fen, 3), 19039);
    assert_eq!(perft_of(fen, 4), 759_107);
}

#[test]
fn perft_with_black_to_take_en_passant() {
    let fen = "4N3/8/8/8/2kP4/1b4P1/4C2C/4K2R b - d3 0 47";
    assert_eq!(perft_of(fen, 3), 1372);
    assert_eq!(perft_of(fen, 4), 17882);
}
