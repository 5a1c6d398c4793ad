//! FEN in and out: round trips, and impossible or malformed positions
//! refused with a sentence naming the field and the reason.

use catboard::core::{Game, Options};
use catboard::variants::chess::Chess;

fn parse(fen: &str) -> Result<Chess, String> {
    Chess::from_fen(fen, &Options::new()).map_err(|e| e.to_string())
}

fn error_of(fen: &str) -> String {
    match parse(fen) {
        Ok(_) => panic!("{fen} should be refused"),
        Err(e) => e,
    }
}

#[test]
fn fens_round_trip() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/8/8/8/8/4K2R b K - 37 80",
    ] {
        assert_eq!(parse(fen).expect("valid").position_text(), fen);
    }
}

#[test]
fn clocks_may_be_left_out() {
    let g = parse("4k3/8/8/8/8/8/8/4K3 w - -").expect("four fields are enough");
    assert_eq!(g.position_text(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn fen_after_moves_tracks_rights_clocks_and_en_passant() {
    let mut g = Chess::new(&Options::new());
    for m in ["e2e4", "g8f6", "e4e5", "d7d5"] {
        let mv = g.parse_move(m).expect("legal");
        g.make_move(mv);
    }
    assert_eq!(
        g.position_text(),
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    for m in ["e1e2", "h8g8"] {
        let mv = g.parse_move(m).expect("legal");
        g.make_move(mv);
    }
    assert_eq!(
        g.position_text(),
        "rnbqkbr1/ppp1pppp/5n2/3pP3/8/8/PPPPKPPP/RNBQ1BNR w q - 2 4"
    );
}

#[test]
fn each_side_needs_exactly_one_king() {
    let e = error_of("8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(e.contains("Black has 0 kings"), "{e}");
    let e = error_of("4k3/8/8/8/8/8/8/3KK3 w - - 0 1");
    assert!(e.contains("White has 2 kings"), "{e}");
}

#[test]
fn pawns_on_first_or_last_rank_are_refused() {
    let e = error_of("4k2P/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(e.contains("h8") && e.contains("pawn"), "{e}");
    let e = error_of("4k3/8/8/8/8/8/8/p3K3 w - - 0 1");
    assert!(e.contains("a1"), "{e}");
}

#[test]
fn side_not_to_move_may_not_be_in_check() {
    let e = error_of("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert!(
        e.contains("Black is in check but it is White's move"),
        "{e}"
    );
}

#[test]
fn en_passant_square_must_come_from_a_double_step() {
    // No black pawn on d5 could have made d6.
    let e = error_of("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1");
    assert!(e.contains("en passant") && e.contains("d6"), "{e}");
    // Wrong rank for the side to move.
    let e = error_of("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1");
    assert!(e.contains("d3"), "{e}");
    // The right case is accepted.
    assert!(parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").is_ok());
}

#[test]
fn castling_rights_need_king_and_rook_at_home() {
    let e = error_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
    assert!(e.contains("castling") && e.contains("h1"), "{e}");
    let e = error_of("r3k3/8/8/8/8/8/8/4K3 w k - 0 1");
    assert!(e.contains("h8"), "{e}");
}

#[test]
fn malformed_fields_name_the_field() {
    let cases = [
        ("", "empty"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "placement",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6",
        ),
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'X'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
            "twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "fullmove",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "fields"),
    ];
    for (fen, word) in cases {
        let e = error_of(fen);
        assert!(
            e.contains(word),
            "error for {fen:?} should mention {word}: {e}"
        );
        assert!(e.ends_with('.'), "one sentence: {e}");
        assert_eq!(e.lines().count(), 1, "one line: {e}");
    }
}

#[test]
fn a_clock_beyond_its_limit_says_the_limit() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert!(parse(&format!("{start} 65535 1")).is_ok());
    assert_eq!(
        error_of(&format!("{start} 65536 1")),
        "FEN halfmove clock (field 5): 65536 is more than the largest allowed, 65535."
    );
    assert_eq!(
        error_of(&format!("{start} 0 99999999999999999999")),
        "FEN fullmove number (field 6): 99999999999999999999 is more than the largest allowed, 65535."
    );
    assert_eq!(
        error_of(&format!("{start} -1 1")),
        "FEN halfmove clock (field 5): '-1' is not a whole number."
    );
}

#[test]
fn a_huge_bad_field_is_cut_in_the_message() {
    let big = "x".repeat(100_000);
    for fen in [
        format!("8/8/8/8/8/8/8/8 {big} - - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - {big} 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - {big} 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {big}"),
    ] {
        let err = error_of(&fen);
        assert!(err.len() < 150, "{} bytes: {}", err.len(), &err[..150]);
        assert!(err.contains("... (100000 characters)"), "{err}");
    }
}
