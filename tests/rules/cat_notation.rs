//! Cat Chess move text (`docs/rules/cat-chess.md`): SAN for White and
//! Black, `Ca4-b5` and `Cats pass` for the Cats, and every form read back.

use catboard::core::{Game, Move};
use catboard::variants::cat::CatChess;

fn game_at(text: &str) -> CatChess {
    CatChess::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn after(moves: &[&str]) -> CatChess {
    let mut game = CatChess::new();
    for text in moves {
        let mv = game.parse_move(text).expect("legal");
        game.make_move(mv);
    }
    game
}

/// How the move list writes the move given in coordinates.
fn shown(game: &CatChess, coordinates: &str) -> String {
    let mv = game.parse_move(coordinates).expect("legal");
    game.move_notation(mv)
}

#[test]
fn white_and_black_moves_read_as_san() {
    let game = CatChess::new();
    assert_eq!(shown(&game, "e2e4"), "e4");
    assert_eq!(shown(&game, "g1f3"), "Nf3");
    let game = after(&["e2e4", "d7d5", "pass"]);
    assert_eq!(shown(&game, "e4d5"), "exd5");
    let castle = game_at("1k5r/8/p7/C7/8/8/6C1/4K2R w K - 0 1");
    assert_eq!(shown(&castle, "e1g1"), "O-O");
    let promote = game_at("n1r4k/1P6/3C4/8/6C1/8/8/K7 w - - 0 1");
    assert_eq!(shown(&promote, "b7a8q"), "bxa8=Q");
}

#[test]
fn the_cats_moves_read_as_cat_steps_and_pass() {
    let game = after(&["e2e4", "e7e5"]);
    assert_eq!(shown(&game, "a4b5"), "Ca4-b5");
    assert_eq!(game.move_notation(Move::PASS), "Cats pass");
}

#[test]
fn checks_are_marked_only_on_kings_outside_zones_and_mate_only_after_whites_move() {
    // White mates: Black moves next.
    let mate = game_at("7k/6pp/8/8/8/8/R7/CC4K1 w - - 0 1");
    assert_eq!(shown(&mate, "a2a8"), "Ra8#");
    // Black's rook check: the Cats move before White, so never mate.
    let check = game_at("4kC2/r7/8/2C5/8/8/6PP/7K b - - 0 1");
    assert_eq!(shown(&check, "a7a1"), "Ra1+");
    // A King in a zone is not in check.
    let sheltered = game_at("4k3/3C4/8/8/8/7C/8/KR6 w - - 0 1");
    assert_eq!(shown(&sheltered, "b1b8"), "Rb8");
    let open = game_at("4k3/8/8/8/6C1/7C/8/KR6 w - - 0 1");
    assert_eq!(shown(&open, "b1b8"), "Rb8+");
}

#[test]
fn moves_are_read_in_coordinates_san_and_the_cats_forms() {
    let game = after(&["e2e4", "e7e5"]);
    let step = game.parse_move("a4b5").expect("coordinates");
    for text in ["Ca4-b5", "Cb5", " a4b5 "] {
        assert_eq!(game.parse_move(text), Ok(step), "{text}");
    }
    for text in ["pass", "Cats pass", "PASS", "cats pass"] {
        assert_eq!(game.parse_move(text), Ok(Move::PASS), "{text}");
    }
    let start = CatChess::new();
    assert_eq!(start.parse_move("Nf3"), start.parse_move("g1f3"));
}

#[test]
fn bad_moves_are_refused_in_one_sentence() {
    let start = CatChess::new();
    let e = start.parse_move("pass").expect_err("White cannot pass");
    assert_eq!(
        e.to_string(),
        "Only the Cats may pass, and it is White's move."
    );
    let e = start.parse_move("a4b5").expect_err("not the Cats' turn");
    assert!(e.to_string().contains("not a legal move for white"), "{e}");
    let game = after(&["e2e4", "e7e5"]);
    for text in ["Ca4-c6", "e4e5", "", "zz"] {
        let e = game.parse_move(text).expect_err("refused");
        assert!(
            e.to_string().ends_with('.') && e.to_string().lines().count() == 1,
            "{e}"
        );
    }
}

#[test]
fn every_legal_move_reads_back_from_its_notation_and_its_coordinates() {
    // A long game of pseudo-random moves (a fixed linear congruential
    // sequence), checked at every turn of all three seats.
    let mut game = CatChess::new();
    let mut seed: u64 = 0x5EED_CA75;
    for _ in 0..300 {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_move_list();
        for &mv in legal.iter() {
            let notation = game.move_notation(mv);
            assert_eq!(game.parse_move(&notation), Ok(mv), "{notation}");
            assert_eq!(game.parse_move(&game.move_text(mv)), Ok(mv));
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pick = (seed >> 33) as usize % legal.len();
        game.make_move(legal[pick]);
    }
    assert!(game.moves_played().len() > 30);
}
