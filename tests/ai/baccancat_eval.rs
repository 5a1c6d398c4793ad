//! BacCanCat evaluation: symmetric at the start, material counts, the
//! marriage race counts, an army out is lost.

use crate::support::baccancat::{CORNERS, KINGS, game, position};
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

/// Red's evaluation of `pieces` added to the four boxed Kings.
fn red_eval(pieces: &str, rest: &str) -> i32 {
    game(&position(&format!("{KINGS} {CORNERS} {pieces}"), rest)).evaluate_for(Seat(0))
}

#[test]
fn a_hopper_with_its_screen_on_the_kings_line_is_a_danger_to_that_king() {
    // Green's Cannon fires down file e over Red's own Knight at Red's King;
    // the same pieces off the line leave the King safe.
    let attacked = red_eval("rN@eg gC@ej", "r - - - Q8 0 1");
    let safe = red_eval("rN@eg gC@jc", "r - - - Q8 0 1");
    assert!(attacked < safe - 150, "attacked {attacked}, safe {safe}");
    // A slider that one piece moving away would unmask counts too.
    let masked = red_eval("rN@gg gB@ii", "r - - - Q8 0 1");
    let away = red_eval("rN@gg gB@ic", "r - - - Q8 0 1");
    assert!(masked < away, "masked {masked}, away {away}");
}

#[test]
fn the_army_moving_right_after_is_the_most_dangerous_attacker() {
    // The same Arrow over the same screen at Red's King: Orange moves
    // right after Red, Blue last.
    let by_orange = red_eval("rN@ff oA@gg", "r - - - Q8 0 1");
    let by_blue = red_eval("rN@ff bA@gg", "r - - - Q8 0 1");
    assert!(
        by_orange < by_blue - 50,
        "by Orange {by_orange}, by Blue {by_blue}"
    );
}

#[test]
fn a_soldier_near_the_edge_with_an_empty_reserve_is_close_to_winning() {
    // Nothing to promote to: reaching the edge wins the game.
    let near = red_eval("rY@no", "r - - - - 0 1");
    let far = red_eval("rY@hg", "r - - - - 0 1");
    assert!(near > far + 400, "near {near}, far {far}");
}

#[test]
fn a_marriage_piece_beside_the_king_is_worth_more_than_one_further_away() {
    let close = red_eval("rQ@cg", "r - - - Q8 0 1");
    let further = red_eval("rQ@bh", "r - - - Q8 0 1");
    assert!(close > further, "close {close}, further {further}");
}
