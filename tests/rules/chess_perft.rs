//! Perft: catboard's chess move counts against the published numbers of the
//! start position and the usual suite of generator-breaking positions.

use catboard::core::{Game, Options, perft};
use catboard::variants::chess::{Chess, START_FEN};

fn count(fen: &str, depth: u32) -> u64 {
    let mut game = Chess::from_fen(fen, &Options::new()).expect("suite FEN is valid");
    let before = game.position_text();
    let n = perft(&mut game, depth);
    assert_eq!(
        game.position_text(),
        before,
        "perft left the position changed"
    );
    n
}

#[test]
fn start_position_to_depth_five() {
    assert_eq!(count(START_FEN, 1), 20);
    assert_eq!(count(START_FEN, 2), 400);
    assert_eq!(count(START_FEN, 3), 8_902);
    assert_eq!(count(START_FEN, 4), 197_281);
    assert_eq!(count(START_FEN, 5), 4_865_609);
}

#[test]
fn kiwipete_to_depth_four() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(count(fen, 1), 48);
    assert_eq!(count(fen, 2), 2_039);
    assert_eq!(count(fen, 3), 97_862);
    assert_eq!(count(fen, 4), 4_085_603);
}

#[test]
fn position_three_en_passant_and_pins_to_depth_six() {
    let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(count(fen, 4), 43_238);
    assert_eq!(count(fen, 5), 674_624);
    assert_eq!(count(fen, 6), 11_030_083);
}

#[test]
fn position_four_and_its_mirror_to_depth_four() {
    let fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    let mirror = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
    for f in [fen, mirror] {
        assert_eq!(count(f, 3), 9_467);
        assert_eq!(count(f, 4), 422_333);
    }
}

#[test]
fn position_five_to_depth_four() {
    let fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    assert_eq!(count(fen, 3), 62_379);
    assert_eq!(count(fen, 4), 2_103_487);
}

#[test]
fn position_six_to_depth_four() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    assert_eq!(count(fen, 3), 89_890);
    assert_eq!(count(fen, 4), 3_894_594);
}

#[test]
fn en_passant_that_exposes_the_king_is_refused() {
    // Taking e3 en passant would open the rank from the rook on a4 to the king on h4.
    let fen = "8/8/8/8/R3Pp1k/8/8/4K3 b - e3 0 1";
    let game = Chess::from_fen(fen, &Options::new()).expect("valid");
    let moves: Vec<String> = game
        .legal_move_list()
        .iter()
        .map(|m| game.move_text(*m))
        .collect();
    assert!(!moves.contains(&"f4e3".to_string()), "{moves:?}");
    assert!(moves.contains(&"f4f3".to_string()));
    // The same capture without the rook is allowed.
    let game = Chess::from_fen("8/8/8/8/4Pp1k/8/8/4K3 b - e3 0 1", &Options::new()).expect("valid");
    assert!(game.parse_move("f4e3").is_ok());
}
