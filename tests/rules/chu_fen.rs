//! Chu Chess position texts (XBoard's FEN for the 10 × 10 board) and move
//! texts: coordinates as XBoard writes them, every spelling `parse_move`
//! accepts, the readable move list, and one-sentence errors.

use catboard::core::{Game, Options};
use catboard::variants::chu::{Chu, OPTIONS, START_FEN};

fn read(text: &str) -> Chu {
    Chu::from_fen(text, &Options::new()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn shogi(text: &str) -> Chu {
    let o = Options::parse(OPTIONS, ["promotion=shogi"]).expect("an option");
    Chu::from_fen(text, &o).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn start_position_round_trips_with_crowns_commoners_and_empty_ranks() {
    let g = read(START_FEN);
    assert_eq!(g.position_text(), START_FEN);
    let new = Chu::new(&Options::new());
    assert_eq!(new.position_text(), START_FEN);
    let f0 = g.geometry().cell("f0").expect("f0");
    assert_eq!(g.piece_at(f0).map(|p| p.kind().name()), Some("king"));
    let d1 = g.geometry().cell("d1").expect("d1");
    assert_eq!(
        g.piece_at(d1).map(|p| p.kind().name()),
        Some("crowned bishop")
    );
}

#[test]
fn double_step_writes_the_en_passant_cell_and_clocks_count() {
    let mut g = read(START_FEN);
    let mv = g.parse_move("e2e4").expect("legal");
    g.make_move(mv);
    assert_eq!(
        g.position_text(),
        "r3k4r/mnb+rql+bbnm/pppppppppp/10/10/4P5/10/PPPP1PPPPP/MNB+BLQ+RBNM/R4K3R b KQkq e3 0 1"
    );
    let mv = g.parse_move("b8c6").expect("legal");
    g.make_move(mv);
    assert!(
        g.position_text().ends_with(" KQkq - 1 2"),
        "{}",
        g.position_text()
    );
}

#[test]
fn en_passant_cell_without_a_pawn_beyond_it_is_ignored() {
    let g = read("4k5/10/10/10/10/10/10/10/10/5K4 b - e3 0 1");
    assert!(g.position_text().contains(" - 0 1"));
}

#[test]
fn castling_letters_mean_towards_file_j_and_a() {
    let g = read("r3k4r/10/10/10/10/10/10/10/10/R4K3R w Kq - 0 1");
    let moves: Vec<String> = g
        .legal_move_list()
        .iter()
        .map(|m| g.move_text(*m))
        .collect();
    assert!(moves.contains(&"f0i0".to_string()));
    assert!(!moves.contains(&"f0c0".to_string()));
    assert!(g.position_text().contains(" Kq "));
}

#[test]
fn bad_position_texts_are_refused_in_one_sentence() {
    let cases = [
        ("", "empty"),
        ("r3k4r w - -", "1 rank, not 10"),
        ("X3k5/10/10/10/10/10/10/10/10/5K4 w - - 0 1", "'X'"),
        ("4k5/10/10/10/10/10/10/10/10/5K4+N w - - 0 1", "'+'"),
        ("4k6/10/10/10/10/10/10/10/10/5K4 w - - 0 1", "cells"),
        ("4k5/10/10/10/10/10/10/10/10/5K4 x - - 0 1", "side to move"),
        ("4k5/10/10/10/10/10/10/10/10/5K4 w KX - 0 1", "castling"),
        ("4k5/10/10/10/10/10/10/10/10/5K4 w - z9 0 1", "en passant"),
        ("4k5/10/10/10/10/10/10/10/10/5K4 w - - a 1", "halfmove"),
        ("10/10/10/10/10/10/10/10/10/5K4 w - - 0 1", "kings"),
        ("4k1P3/10/10/10/10/10/10/10/10/5K4 w - - 0 1", "last rank"),
        ("4k5/4R5/10/10/10/10/10/10/10/5K4 w - - 0 1", "in check"),
    ];
    for (text, word) in cases {
        let e = Chu::from_fen(text, &Options::new())
            .expect_err(text)
            .to_string();
        assert!(e.contains(word), "{text}: {e}");
        assert_eq!(e.matches(". ").count(), 0, "one sentence: {e}");
        assert!(e.ends_with('.'), "{e}");
    }
}

#[test]
fn coordinate_texts_as_xboard_writes_them() {
    let g = read("4k5/10/10/1P8/10/4p5/10/5p4/4L5/5K4 w - - 0 1");
    let text = |s: &str| g.move_text(g.parse_move(s).expect(s));
    assert_eq!(text("b6b7q"), "b6b7q");
    assert_eq!(text("e1f2,f2g3"), "e1f2,f2g3");
    assert_eq!(text("e1f2,f2e1"), "e1f2,f2e1");
    // The pass goes out as XBoard's null move, which XBoard relays as it
    // is (in legs, a Black Lion's pass reached the other engine as castling).
    assert_eq!(text("e1e2,e2e1"), "@@@@");
    assert_eq!(text("e1d2,d2e1"), "@@@@", "one pass, one spelling out");
    for word in ["@@@@", "pass", "null", "--"] {
        assert_eq!(text(word), "@@@@", "{word}");
    }
    assert_eq!(text("e1e2,e2e3"), "e1e3", "through an empty cell: the jump");
    let s = shogi("4k5/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1");
    let mv = s.parse_move("b6b7+").expect("a Shogi-like promotion");
    assert_eq!(s.move_text(mv), "b6b7+");
    assert_eq!(s.move_text(s.parse_move("b6b7").expect("declined")), "b6b7");
}

#[test]
fn readable_move_list_forms() {
    let g = read("4k5/10/10/1P8/10/4p5/10/5p4/4L5/5K4 w - - 0 1");
    let readable = |s: &str| g.move_notation(g.parse_move(s).expect(s));
    assert_eq!(readable("e1f2,f2g3"), "Lxf2-g3");
    assert_eq!(readable("e1f2,f2e1"), "Lxf2-e1");
    assert_eq!(readable("e1e2,e2e1"), "L pass");
    assert_eq!(readable("e1e3"), "Le3");
    assert_eq!(readable("b6b7q"), "b7=Q");
    assert!(g.parse_move("b6b7l").is_err(), "no second Lion");
    let lionless = read("4k5/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1");
    let mv = lionless
        .parse_move("b6b7l")
        .expect("a Pawn may become a Lion");
    assert_eq!(lionless.move_notation(mv), "b7=L");
    let d = read("4k5/10/10/10/10/10/4p5/5p4/4L5/5K4 w - - 0 1");
    let mv = d.parse_move("e1f2,f2e3").expect("a double capture");
    assert_eq!(d.move_notation(mv), "Lxf2xe3");
    let castle = read("r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_eq!(
        castle.move_notation(castle.parse_move("f0i0").expect("castling")),
        "O-O"
    );
    assert_eq!(
        castle.move_notation(castle.parse_move("f0c0").expect("castling")),
        "O-O-O"
    );
    let s = shogi("4k5/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(
        s.move_notation(s.parse_move("b6b7+").expect("crowning")),
        "b7+"
    );
    let crowned = read("4k5/10/10/10/10/10/10/10/+B9/5K4 w - - 0 1");
    assert_eq!(
        crowned.move_notation(crowned.parse_move("a1b1").expect("a step")),
        "+Bb1"
    );
}

#[test]
fn every_legal_move_reads_back_from_both_its_texts() {
    for text in [
        START_FEN,
        "4k5/10/10/1P8/10/4p5/10/5p4/4L5/5K4 w - - 0 1",
        "r3k4r/10/10/10/3pP5/10/10/10/10/R4K3R b KQkq e3 0 1",
        "4k5/10/3p6/4l5/4np4/4L5/1B8/10/10/5K4 w - - 0 1",
    ] {
        for g in [read(text), shogi(text)] {
            for &mv in g.legal_move_list().iter() {
                assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv), "{text}");
                assert_eq!(g.parse_move(&g.move_notation(mv)), Ok(mv), "{text}");
            }
        }
    }
}

#[test]
fn readable_text_adds_the_origin_when_two_pieces_could_move() {
    let g = read("4k5/10/10/10/10/10/10/10/5K4/R8R w - - 0 1");
    let mv = g.parse_move("a0e0").expect("a rook move");
    assert_eq!(g.move_notation(mv), "Ra0e0");
    let other = g.parse_move("Rj0e0").expect("read with its origin");
    assert_eq!(g.move_text(other), "j0e0");
    let alone = g.parse_move("a0a5").expect("a rook move");
    assert_eq!(g.move_notation(alone), "Ra5");
}

#[test]
fn bad_moves_are_refused_in_one_sentence() {
    let g = read("4k5/10/10/1P8/10/4p5/10/5p4/4L5/5K4 w - - 0 1");
    for (text, word) in [
        ("", "cannot be read"),
        ("zz", "cannot be read"),
        ("e1e5", "not legal"),
        ("b6b7", "not legal"),
        ("b6b7+", "not legal"),
        ("b6b7xyz", "cannot be read"),
        ("e1f2,f3g4", "second leg"),
        ("e1g3,g3g4", "king step"),
        ("f0e0,e0f0", "not legal"),
    ] {
        let e = g.parse_move(text).expect_err(text).to_string();
        assert!(e.contains(word), "{text}: {e}");
        assert!(e.ends_with('.') && e.matches(". ").count() == 0, "{e}");
    }
}
