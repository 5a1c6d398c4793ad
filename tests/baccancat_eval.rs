//! BacCanCat evaluation: symmetric at the start, material counts, the
//! marriage race counts, an army out is lost.

mod baccancat_common;

use baccancat_common::{CORNERS, KINGS, game, position};
use catboard::ai::Evaluate;
use catboard::core::Seat;
use catboard::variants::baccancat::eval::OUT_SCORE;
use catboard::variants::baccancat::{BacCanCat, Leapers};

#[test]
fn the_start_is_even_for_every_army() {
    for leapers in [Leapers::One, Leapers::Four] {
        let g = BacCanCat::with_leapers(leapers);
        let mut all = [0; 4];
        g.evaluate_all(&mut all);
        assert_eq!(all, [0; 4]);
        for s in 0..4 {
            assert_eq!(g.evaluate_for(Seat(s)), 0);
        }
    }
}

#[test]
fn an_extra_queen_is_worth_having_and_marriage_pieces_gathered_are_worth_more() {
    let base = format!("{KINGS} {CORNERS}");
    let even = game(&position(&base, "r - - - Q8 0 1"));
    let queen = game(&position(&format!("{base} rQ@hj"), "r - - - Q8 0 1"));
    assert!(queen.evaluate_for(Seat(0)) > even.evaluate_for(Seat(0)) + 800);
    assert!(queen.evaluate_for(Seat(1)) < even.evaluate_for(Seat(1)));
    let spread = game(&position(
        &format!("{base} rQ@hj rT@bj rG@jb"),
        "r - - - Q8 0 1",
    ));
    let gathered = game(&position(
        &format!("{base} rQ@fe rT@ef rG@gg"),
        "r - - - Q8 0 1",
    ));
    assert!(gathered.evaluate_for(Seat(0)) > spread.evaluate_for(Seat(0)));
}

#[test]
fn an_army_out_scores_as_lost() {
    let g = game(&position(
        "rK@ee gK@ll bK@le rB@aa gB@pp bB@pa",
        "r or - - Q8 0 1",
    ));
    assert_eq!(g.evaluate_for(Seat(1)), OUT_SCORE);
    let mut all = [0; 4];
    g.evaluate_all(&mut all);
    assert_eq!(all[1], OUT_SCORE);
    assert_eq!(all[0], g.evaluate_for(Seat(0)));
}
