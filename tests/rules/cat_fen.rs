//! Cat FEN in and out (`docs/rules/cat-chess.md`): round trips, and
//! malformed or impossible positions refused with one sentence naming the
//! field and the fault.

use catboard::core::Game;
use catboard::variants::cat::{CatChess, START_FEN};

fn error_of(text: &str) -> String {
    match CatChess::from_fen(text) {
        Ok(game) => panic!("{text} should be refused, but reads as {game:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn cat_fens_round_trip() {
    for text in [
        START_FEN,
        "rnbqkbnr/pppppppp/8/7C/C1P5/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p2C/C3P3/8/PPPP1PPP/RNBQKBNR c KQkq e6 0 2",
        "1r2kb1r/pqpppppp/1pNB3n/8/2PC1n1N/1P3C1b/P1QPPPPP/R3KBR1 c - - 100 36",
        "4k3/8/8/2C5/8/8/5C2/4K2R w K - 37 80",
    ] {
        let game = CatChess::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.position_text(), text);
    }
}

#[test]
fn the_clocks_may_be_left_out() {
    let game = CatChess::from_fen("4k3/8/8/2C5/8/8/5C2/4K3 c - -").expect("four fields");
    assert_eq!(game.position_text(), "4k3/8/8/2C5/8/8/5C2/4K3 c - - 0 1");
}

#[test]
fn the_position_text_follows_the_game() {
    let mut game = CatChess::new();
    for text in ["e2e4", "e7e5", "a4b5", "g1f3"] {
        let mv = game.parse_move(text).expect("legal");
        game.make_move(mv);
    }
    assert_eq!(
        game.position_text(),
        "rnbqkbnr/pppp1ppp/8/1C2p2C/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2"
    );
}

#[test]
fn bad_cat_fens_are_refused_with_one_sentence_naming_the_field() {
    for (text, words) in [
        ("", &["empty"][..]),
        ("8/8/8 w", &["fields"]),
        (
            "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            &["side to move", "'x'", "'c'"],
        ),
        (
            "rnbqkbnr/pppppppp/8/7c/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["placement", "'c'"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["placement", "exactly two Cats, not 1"],
        ),
        (
            "rnbqkbnr/pppppppp/8/C6C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["not 3"],
        ),
        (
            "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
            &["castling", "'X'"],
        ),
        (
            "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            &["castling", "h1"],
        ),
        (
            "rnbqkbnr/pppp1ppp/8/4p2C/C7/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2",
            &["en passant", "White's move", "Cats"],
        ),
        (
            "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
            &["en passant", "e3", "White double step"],
        ),
        (
            "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
            &["en passant", "'z9'"],
        ),
        (
            "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            &["halfmove clock", "'x'"],
        ),
        (
            "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            &["fullmove number"],
        ),
        (
            "rnbqkbnP/pppppppp/8/7C/C7/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
            &["pawn", "h8"],
        ),
        ("4k3/8/8/2C5/8/8/5C2/8 w - - 0 1", &["White has 0 kings"]),
        (
            "4k3/1C6/8/2C5/8/8/8/4K2r b - - 0 1",
            &["White is in check but it is Black's move"],
        ),
        (
            "4k2R/8/8/2C5/8/8/5C2/4K3 c - - 0 1",
            &["Black is in check but it is the Cats' move"],
        ),
    ] {
        let e = error_of(text);
        assert!(e.starts_with("Cat FEN "), "{e}");
        for word in words {
            assert!(e.contains(word), "'{text}': '{e}' should mention {word}");
        }
        assert!(
            e.ends_with('.') && e.lines().count() == 1,
            "one sentence: {e}"
        );
    }
}

#[test]
fn an_open_king_is_allowed_when_the_cats_have_just_moved() {
    // White to move with Black's King attacked: a Cat walked away.
    let game = CatChess::from_fen("4k2R/8/8/2C5/8/8/5C2/4K3 w - - 0 1").expect("possible");
    assert!(game.annotations().checked.len() == 1);
}
