//! How a game of chess ends: mate, stalemate, dead material, the
//! fifty-move rule and threefold repetition (each a toggle), and the
//! castling, en-passant and promotion rules that decide what is legal.

use crate::support::legal_texts;
use catboard::core::{EndReason, Game, ListedMoveError, Options, Outcome, Seat};
use catboard::variants::chess::{Chess, OPTIONS};

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen, &Options::new()).expect("test FEN is valid")
}

fn play(g: &mut Chess, moves: &[&str]) {
    for m in moves {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.make_move(mv);
    }
}

#[test]
fn fools_mate_is_checkmate_for_black() {
    let mut g = Chess::new(&Options::new());
    play(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    assert!(g.in_check());
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Seat::BLACK),
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn stalemate_is_a_draw() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!g.in_check());
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn dead_material_positions_are_drawn() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",     // bare kings
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",   // king and bishop
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",   // king and knight
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",  // bishops on one colour (c1 and f8 are dark)
        "1b2kb2/8/8/8/8/8/8/B3K3 w - - 0 1", // three bishops, all dark
    ] {
        assert_eq!(
            game(fen).outcome().map(|o| o.reason),
            Some(EndReason::Material),
            "{fen}"
        );
    }
}

#[test]
fn material_that_can_still_mate_is_not_dead() {
    for fen in [
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", // two knights: not dead
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", // bishops on both colours
        "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1",  // opposite-coloured bishops
        "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", // bishop against knight
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",  // a pawn
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",   // a rook
    ] {
        assert_eq!(game(fen).outcome(), None, "{fen}");
    }
}

#[test]
fn fifty_move_rule_draws_at_a_hundred_half_moves() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.outcome(), None);
    play(&mut g, &["a1a2"]);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::FiftyMoves));
    // A pawn move resets the clock.
    let mut g = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play(&mut g, &["e2e3"]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn fifty_move_rule_can_be_switched_off() {
    let off = Options::parse(OPTIONS, ["fifty_moves=off"]).expect("option");
    let mut g = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &off).expect("valid");
    play(&mut g, &["a1a2"]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn checkmate_on_the_hundredth_half_move_is_still_mate() {
    let mut g = game("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut g, &["Ra8#"]);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
}

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let mut g = Chess::new(&Options::new());
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut g, &cycle);
    assert_eq!(g.outcome(), None, "second occurrence");
    assert!(g.is_repeat());
    play(&mut g, &cycle);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Repetition));
}

#[test]
fn repetition_can_be_switched_off() {
    let off = Options::parse(OPTIONS, ["repetition=off"]).expect("option");
    let mut g = Chess::new(&off);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    assert_eq!(g.outcome(), None);
}

#[test]
fn repetition_counts_castling_rights() {
    // The rook goes out and back: same placement, but White lost the right.
    let mut g = game("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play(&mut g, &["Rh2", "Kd8", "Rh1", "Ke8"]);
    play(&mut g, &["Rh2", "Kd8", "Rh1", "Ke8"]);
    assert_eq!(g.outcome(), None, "first position had the castling right");
    play(&mut g, &["Rh2", "Kd8", "Rh1", "Ke8"]);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Repetition));
}

#[test]
fn castling_needs_empty_safe_path_and_no_check() {
    // Free to castle both ways.
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let l = legal_texts(&g);
    assert!(l.contains(&"e1g1".into()) && l.contains(&"e1c1".into()));
    // In check: no castling.
    let g = game("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let l = legal_texts(&g);
    assert!(!l.contains(&"e1g1".into()) && !l.contains(&"e1c1".into()));
    // f1 attacked: no king-side castling; queen side still fine.
    let g = game("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let l = legal_texts(&g);
    assert!(!l.contains(&"e1g1".into()) && l.contains(&"e1c1".into()));
    // g1 attacked (landing square): no king-side castling.
    let g = game("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal_texts(&g).contains(&"e1g1".into()));
    // A piece in between: no castling.
    let g = game("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    let l = legal_texts(&g);
    assert!(!l.contains(&"e1g1".into()) && !l.contains(&"e1c1".into()));
}

#[test]
fn queen_side_castling_allowed_when_only_the_b_square_is_attacked() {
    let g = game("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(legal_texts(&g).contains(&"e1c1".into()));
    // ... but not when d1 is attacked.
    let g = game("3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(!legal_texts(&g).contains(&"e1c1".into()));
}

#[test]
fn rights_are_lost_by_king_and_rook_moves_and_rook_capture_on_its_corner() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, &["Rxa8+"]);
    // White's a-rook moved (Q gone) and captured Black's a8 rook (q gone).
    assert_eq!(g.castling_rights().fen(), "Kk");
    play(&mut g, &["Ke7"]);
    assert_eq!(g.castling_rights().fen(), "K");
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, &["Kf1"]);
    assert_eq!(g.castling_rights().fen(), "kq");
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, &["d5"]);
    assert!(legal_texts(&g).contains(&"e5d6".into()));
    play(&mut g, &["Kd1", "Kd8"]);
    assert!(
        !legal_texts(&g).contains(&"e5d6".into()),
        "the chance has passed"
    );
}

#[test]
fn en_passant_capture_removes_the_passed_pawn() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, &["d5", "exd6"]);
    assert_eq!(g.position_text(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn promotion_offers_all_four_pieces() {
    let g = game("8/P3k3/8/8/8/8/8/4K3 w - - 0 1");
    let l = legal_texts(&g);
    for p in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
        assert!(l.contains(&p.to_string()), "{p}");
    }
    assert!(
        !l.contains(&"a7a8".to_string()),
        "promotion is not optional"
    );
}

#[test]
fn pinned_pieces_keep_to_the_pin_line() {
    // The bishop on d2 is pinned by the queen on a5 along the diagonal.
    let g = game("4k3/8/8/q7/8/8/3B4/4K3 w - - 0 1");
    let l = legal_texts(&g);
    let bishop: Vec<&String> = l.iter().filter(|m| m.starts_with("d2")).collect();
    assert_eq!(bishop, vec!["d2a5", "d2b4", "d2c3"]);
}

#[test]
fn a_listed_move_after_the_end_or_an_illegal_one_is_refused_with_its_reason() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let illegal = g.read_listed_move("e2e5").expect_err("e2e5 is not legal");
    assert!(matches!(illegal, ListedMoveError::Refused(_)));
    assert!(illegal.describe(1, "e2e5").starts_with("move 1 'e2e5': "));
    play(&mut g, &["f3", "e5", "g4"]);
    let mate = g.read_listed_move("Qh4").expect("Qh4 is legal");
    g.make_move(mate);
    let after = g.read_listed_move("a3").expect_err("the game is over");
    assert_eq!(after, ListedMoveError::GameOver(EndReason::Checkmate));
    assert_eq!(
        after.describe(5, "a3"),
        "move 5 'a3' comes after the game ended by checkmate"
    );
}
