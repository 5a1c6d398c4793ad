//! SAN out and in: disambiguation by file, rank and square, captures,
//! checks, mates, promotions, castling; and every legal move read back.

use catboard::core::{Game, Options};
use catboard::variants::chess::Chess;

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen, &Options::new()).expect("test FEN is valid")
}

/// SAN of the move given in coordinates.
fn san(fen: &str, uci: &str) -> String {
    let g = game(fen);
    let mv = g.parse_move(uci).expect("legal move");
    g.move_notation(mv)
}

#[test]
fn pawn_and_piece_moves_plain() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san(start, "e2e4"), "e4");
    assert_eq!(san(start, "g1f3"), "Nf3");
}

#[test]
fn captures_by_pawns_and_pieces_and_en_passant() {
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(san(fen, "e5f6"), "exf6");
    let fen = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
    assert_eq!(san(fen, "e4d5"), "exd5");
    assert_eq!(san(fen, "f3e5"), "Nxe5");
}

#[test]
fn disambiguation_by_file() {
    // Knights on b1 and f3 can both reach d2.
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_eq!(san(fen, "b1d2"), "Nbd2");
    assert_eq!(san(fen, "f3d2"), "Nfd2");
}

#[test]
fn disambiguation_by_rank() {
    // Rooks on a1 and a5 share the a-file; both reach a3.
    let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san(fen, "a1a3"), "R1a3");
    assert_eq!(san(fen, "a5a3"), "R5a3");
}

#[test]
fn disambiguation_by_whole_square() {
    // Queens on e4, h4 and h1 all reach e1... use h4: shares rank with e4 and file with h1.
    let fen = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_eq!(san(fen, "h4e1"), "Qh4e1");
    assert_eq!(san(fen, "e4e1"), "Qee1");
    assert_eq!(san(fen, "h1e1"), "Q1e1");
}

#[test]
fn pinned_rival_does_not_force_disambiguation() {
    // The knight on c3 is pinned by the bishop on a5 against the king on e1,
    // so Ng1-e2 needs no disambiguation.
    let fen = "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1";
    assert_eq!(san(fen, "g1e2"), "Ne2");
}

#[test]
fn checks_and_mates_are_marked() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    assert_eq!(san(fen, "a1a8"), "Ra8+");
    // Back-rank mate.
    let fen = "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1";
    assert_eq!(san(fen, "a1a8"), "Ra8#");
}

#[test]
fn promotions_with_and_without_capture_and_check() {
    let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san(fen, "e7e8q"), "e8=Q+");
    assert_eq!(san(fen, "e7e8n"), "e8=N");
    assert_eq!(san(fen, "e7d8r"), "exd8=R+");
    assert_eq!(san(fen, "e7d8b"), "exd8=B");
}

#[test]
fn castling_both_ways_with_check_mark() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san(fen, "e1g1"), "O-O");
    assert_eq!(san(fen, "e1c1"), "O-O-O");
    // Castling that gives check through the rook.
    let fen = "5k2/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(san(fen, "e1g1"), "O-O+");
}

#[test]
fn san_input_variants_are_read() {
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castle = g.parse_move("e1g1").expect("uci");
    assert_eq!(g.parse_move("O-O").expect("san"), castle);
    assert_eq!(g.parse_move("0-0").expect("zeros"), castle);
    let g = game("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(g.parse_move("Nbd2"), g.parse_move("b1d2"));
    // Over-specified but unambiguous is accepted.
    assert_eq!(g.parse_move("Nb1d2"), g.parse_move("b1d2"));
    assert!(g.parse_move("Nd2").is_err(), "ambiguous");
    assert!(g.parse_move("Nd4").is_ok());
    assert!(g.parse_move("Nc5").is_err(), "no knight reaches c5");
    assert!(g.parse_move("").is_err());
    assert!(g.parse_move("hello").is_err());
    let g = game("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.parse_move("e8=Q+"), g.parse_move("e7e8q"));
    assert_eq!(g.parse_move("exd8N"), g.parse_move("e7d8n"));
}

#[test]
fn every_legal_move_reads_back_from_its_san_along_a_game() {
    let mut g = game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut seed = 7u64;
    for _ in 0..60 {
        let moves = g.legal_move_list();
        if moves.is_empty() {
            break;
        }
        for &mv in moves.iter() {
            let text = g.move_notation(mv);
            assert_eq!(
                g.parse_move(&text),
                Ok(mv),
                "SAN {text} in {}",
                g.position_text()
            );
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        g.make_move(moves[(seed >> 33) as usize % moves.len()]);
    }
}

#[test]
fn an_under_specified_move_is_called_ambiguous_with_its_candidates() {
    // The case: 1. d4 e5 2. Nf3 e4, then Nd2 (knights on b1 and f3).
    let mut g = Chess::new(&Options::new());
    for m in ["d4", "e5", "Nf3", "e4"] {
        let mv = g.parse_move(m).expect("legal");
        g.make_move(mv);
    }
    let err = g.parse_move("Nd2").expect_err("two knights reach d2");
    assert_eq!(
        err.to_string(),
        "'Nd2' is ambiguous here: it could be Nbd2 or Nfd2."
    );
    // Three rooks on one square's lines: every candidate is listed.
    let g = game("4k3/8/8/8/R6R/8/8/4K2R w - - 0 1");
    let err = g.parse_move("Rh3").expect_err("two rooks reach h3");
    assert_eq!(
        err.to_string(),
        "'Rh3' is ambiguous here: it could be R1h3 or R4h3."
    );
    let err = g.parse_move("Rd4").expect_err("two rooks reach d4");
    assert_eq!(
        err.to_string(),
        "'Rd4' is ambiguous here: it could be Rad4 or Rhd4."
    );
    // A move no piece can make is still illegal, not ambiguous.
    let err = g.parse_move("Nd2").expect_err("no knight");
    assert!(
        err.to_string().contains("is not a legal move"),
        "{}",
        err.to_string()
    );
}

#[test]
fn a_huge_bad_move_is_cut_in_the_message() {
    let g = Chess::new(&Options::new());
    let err = g.parse_move(&"Q".repeat(100_000)).expect_err("not a move");
    assert!(
        err.to_string().len() < 150,
        "{} bytes",
        err.to_string().len()
    );
    assert!(
        err.to_string().contains("... (100000 characters)"),
        "{}",
        err.to_string()
    );
}
