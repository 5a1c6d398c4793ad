//! The Cat Chess evaluation, term by term: each test changes one thing in a
//! position and checks that the term, and the seats' scores, move the way
//! the rules say they should.

use catboard::ai::Evaluate;
use catboard::core::{Game, Seat};
use catboard::variants::cat::eval::{
    CatTerms, NO_MATING_MATERIAL, SHELTER_DISTANT, SHELTER_FAR, SHELTER_IN_ZONE, SHELTER_NEAR,
};
use catboard::variants::cat::{CATS, CatChess, START_FEN};

fn game(fen: &str) -> CatChess {
    CatChess::from_fen(fen).expect("a valid Cat FEN")
}

fn terms(fen: &str) -> CatTerms {
    game(fen).eval_terms()
}

fn scores(fen: &str) -> [i32; 3] {
    let g = game(fen);
    [
        g.evaluate_for(Seat::WHITE),
        g.evaluate_for(Seat::BLACK),
        g.evaluate_for(CATS),
    ]
}

#[test]
fn the_start_is_level_in_material_and_placement() {
    let t = terms(START_FEN);
    assert_eq!(t.material[0], t.material[1]);
    assert_eq!(t.placement[0], t.placement[1]);
    assert_eq!(t.advantage(), 0);
    // The Cats are not placed alike: h5 is three steps from Black's King,
    // both four from White's.
    assert_eq!(t.shelter, [SHELTER_DISTANT, SHELTER_FAR]);
}

#[test]
fn every_seat_scored_at_once_matches_one_at_a_time() {
    let g = game("r1bqk2r/pppp1ppp/2n2n2/C1b1p3/2B1P2C/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5");
    let mut all = [0; 3];
    g.evaluate_all(&mut all);
    assert_eq!(all, [0, 1, 2].map(|s| g.evaluate_for(Seat(s))));
}

#[test]
fn material_counts_for_its_army_and_against_the_other() {
    let level = "4k3/8/8/8/8/8/C7/4K2C w - - 0 1";
    let knight_up = "4k3/8/8/8/8/8/C7/1N2K2C w - - 0 1";
    assert_eq!(terms(knight_up).material[0] - terms(level).material[0], 320);
    let (a, b) = (scores(level), scores(knight_up));
    assert!(b[0] > a[0], "White {a:?} -> {b:?}");
    assert!(b[1] < a[1], "Black {a:?} -> {b:?}");
}

#[test]
fn the_cats_want_material_level() {
    let level = "r3k3/p7/8/8/8/8/P6C/R3K2C w - - 0 1";
    let pawn_up = "r3k3/8/8/8/8/8/P6C/R3K2C w - - 0 1";
    assert_eq!(terms(level).advantage(), 0);
    assert!(terms(pawn_up).advantage() > 0);
    assert!(scores(pawn_up)[2] < scores(level)[2]);
}

#[test]
fn an_advanced_pawn_is_placed_better() {
    let home = "4k3/8/8/8/8/8/C3P3/4K2C w - - 0 1";
    let advanced = "4k3/8/4P3/8/8/8/C7/4K2C w - - 0 1";
    assert!(terms(advanced).placement[0] > terms(home).placement[0]);
    assert!(scores(advanced)[0] > scores(home)[0]);
}

#[test]
fn the_hundred_turn_clock_helps_the_cats_and_hurts_both_armies() {
    let fresh = "4k3/pppp4/8/8/8/8/C3PPPP/4K2C w - - 0 20";
    let late = "4k3/pppp4/8/8/8/8/C3PPPP/4K2C w - - 80 20";
    assert_eq!(terms(fresh).draw_pressure, 0);
    assert!(terms(late).draw_pressure > 0);
    let (a, b) = (scores(fresh), scores(late));
    assert!(b[0] < a[0] && b[1] < a[1], "{a:?} -> {b:?}");
    assert!(b[2] > a[2], "{a:?} -> {b:?}");
}

#[test]
fn a_repeated_position_helps_the_cats() {
    let mut g = game(START_FEN);
    let first = g.eval_terms().draw_pressure;
    for text in ["g1f3", "g8f6", "pass", "f3g1", "f6g8", "pass"] {
        let mv = g.parse_move(text).expect("legal");
        g.make_move(mv);
    }
    let again = g.eval_terms();
    assert!(
        again.draw_pressure > first,
        "{first} -> {}",
        again.draw_pressure
    );
    assert!(again.score_for(CATS) > game(START_FEN).eval_terms().score_for(CATS));
}

#[test]
fn a_king_in_a_zone_is_sheltered_and_hard_to_mate() {
    // Black's King on e8 with a Cat on d7 (in its zone), or on a4 (far).
    let sheltered = "4k3/3C4/8/8/8/8/8/R3K2C w - - 0 1";
    let open = "4k3/8/8/8/8/8/C7/R3K2C w - - 0 1";
    assert_eq!(terms(sheltered).shelter[1], SHELTER_IN_ZONE);
    assert_eq!(terms(open).shelter[1], 0);
    let (s, o) = (scores(sheltered), scores(open));
    assert!(s[0] < o[0], "White: sheltered {s:?} open {o:?}");
    assert!(s[2] > o[2], "Cats: sheltered {s:?} open {o:?}");
}

#[test]
fn a_king_a_few_steps_from_a_cat_is_partly_sheltered() {
    let black_shelter = |fen: &str| terms(fen).shelter[1];
    assert_eq!(
        black_shelter("4k3/8/4C3/8/8/8/8/R3K2C w - - 0 1"),
        SHELTER_NEAR
    );
    assert_eq!(
        black_shelter("4k3/8/8/4C3/8/8/8/R3K2C w - - 0 1"),
        SHELTER_FAR
    );
    assert_eq!(
        black_shelter("4k3/8/8/8/4C3/8/8/R3K2C w - - 0 1"),
        SHELTER_DISTANT
    );
    assert_eq!(black_shelter("4k3/8/8/8/8/4C3/8/R3K2C w - - 0 1"), 0);
}

#[test]
fn the_losing_kings_exposure_counts_most() {
    // White is a Rook up: Black's King is the one in danger, and its
    // exposure counts more for White (and against the Cats) than White's.
    let t = terms("4k3/8/8/8/8/8/8/R3KC1C w - - 0 1");
    assert_eq!(t.shelter, [SHELTER_IN_ZONE, 0]);
    assert_eq!(t.weighted_exposure(0), 0);
    assert!(
        t.weighted_exposure(1) > SHELTER_IN_ZONE,
        "{}",
        t.weighted_exposure(1)
    );
    let level = terms("r3k3/8/8/8/8/8/8/R3KC1C w - - 0 1");
    assert_eq!(level.weighted_exposure(1), SHELTER_IN_ZONE);
}

#[test]
fn an_attacked_piece_in_a_zone_is_covered() {
    // Black's Queen on d5 is attacked by the e4 pawn: covered when a Cat
    // on c6 holds it in its zone, not when the Cat is far away.
    let covered = "4k3/p7/2C5/3q4/4P3/8/8/1Q2K2C w - - 0 1";
    let bare = "4k3/pC6/8/3q4/4P3/8/8/1Q2K2C w - - 0 1";
    assert_eq!(terms(covered).covered, 900);
    assert_eq!(terms(bare).covered, 0);
    assert!(scores(covered)[2] > scores(bare)[2]);
}

#[test]
fn mobility_counts_the_cells_pieces_reach() {
    // A lone Rook on a1 reaches the seven cells up its file and the three
    // along its rank before the King.
    assert_eq!(terms("7k/8/8/8/8/8/7C/R3K2C w - - 0 1").mobility, 10);
    let open = "7k/8/8/8/8/8/7C/R3K2C w - - 0 1";
    let boxed = "7k/8/8/8/8/8/P6C/RN2K2C w - - 0 1";
    assert!(terms(boxed).mobility < terms(open).mobility);
}

#[test]
fn an_army_without_mating_material_cannot_win() {
    let knight = "4k3/8/8/8/8/8/C7/1N2K2C w - - 0 1";
    let rook = "4k3/8/8/8/8/8/C7/R3K2C w - - 0 1";
    let two_knights = "4k3/8/8/8/8/8/C7/1N2KN1C w - - 0 1";
    assert!(!terms(knight).can_mate[0]);
    assert!(terms(rook).can_mate[0]);
    assert!(terms(two_knights).can_mate[0]);
    let t = terms(knight);
    let without = CatTerms {
        can_mate: [true, t.can_mate[1]],
        ..t
    };
    assert_eq!(
        without.score_for(Seat::WHITE) - t.score_for(Seat::WHITE),
        NO_MATING_MATERIAL
    );
}

#[test]
fn pieces_near_the_enemy_king_attack_it() {
    let far = "7k/8/8/8/8/8/C7/Q3K2C w - - 0 1";
    let near = "7k/8/8/5Q2/8/8/C7/4K2C w - - 0 1";
    assert!(terms(near).attack[0] > terms(far).attack[0]);
    assert!(scores(near)[0] > scores(far)[0]);
}

#[test]
fn a_lone_king_is_better_driven_to_the_edge() {
    let centre = "8/8/8/3k4/8/8/C7/R3K2C w - - 0 1";
    let edge = "3k4/8/8/8/8/8/C7/R3K2C w - - 0 1";
    assert!(terms(edge).attack[0] > terms(centre).attack[0]);
}
