//! The computer player in Cat Chess: the multi-seat search finds mates for
//! White and Black, the Cats find the move that keeps the game drawn, the
//! hundred-turn rule and repetition are seen inside the tree, the levels
//! keep to their node budgets, and the stop flag is obeyed.

use crate::support;

use catboard::ai::multi::{self, Model};
use catboard::ai::ordering::Heuristics;
use catboard::ai::score::{MATE, MATE_BOUND};
use catboard::ai::table::Table;
use catboard::ai::{Evaluate, Level, Limits, Thought, think};
use catboard::core::{Game, Move, Seat};
use catboard::variants::cat::CatChess;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn position(fen: &str) -> CatChess {
    CatChess::from_fen(fen).expect("a valid Cat FEN")
}

/// The game after playing `moves` (coordinates) from `fen`.
fn after(fen: &str, moves: &[&str]) -> CatChess {
    let mut game = position(fen);
    for text in moves {
        let mv = game.parse_move(text).expect("a legal move");
        game.make_move(mv);
    }
    game
}

fn search(game: &CatChess, depth: u32) -> Thought {
    let stop = AtomicBool::new(false);
    think(game, &Limits::depth(depth), &stop, |_| {})
}

fn with_model(game: &CatChess, limits: &Limits, model: Model) -> Thought {
    let stop = AtomicBool::new(false);
    multi::think(
        &mut Table::new(4),
        &mut Heuristics::new(),
        game,
        limits,
        model,
        &stop,
        |_| {},
    )
}

fn best(game: &CatChess, thought: &Thought) -> String {
    game.move_text(thought.best.expect("a best move"))
}

/// White mates on the back rank; the Cats (d4, e4) are too far to help.
const WHITE_MATES: &str = "6k1/5ppp/8/8/3CC3/8/5PPP/R5K1 w - - 0 1";
/// Black's Ra1 leaves White's King open and the Cats cannot shelter it.
const BLACK_MATES: &str = "r5k1/5ppp/8/3CC3/8/8/5PPP/6K1 b - - 0 1";
/// White threatens Ra8 mate; only the Cat stepping e6-e7 (its zone then
/// holds f8, a cell the King may step to though attacked) stops it.
const CATS_SAVE_THE_KING: &str = "6k1/5ppp/4C3/8/3C4/8/5PPP/R5K1 c - - 0 1";
/// White's e4 pawn could take the Black Queen on d5; the Cat stepping
/// b7-c6 puts the Queen in its zone, where nothing can take it.
const CATS_SAVE_THE_QUEEN: &str = "4k3/pC6/8/3q4/4P3/8/8/Q3K2C c - - 0 1";

#[test]
fn white_finds_a_mate_in_one() {
    let game = position(WHITE_MATES);
    for model in [Model::Paranoid, Model::MaxN] {
        let t = with_model(&game, &Limits::depth(3), model);
        assert_eq!(best(&game, &t), "a1a8", "{model:?}");
        assert_eq!(t.score, MATE - 1, "{model:?}");
    }
    let t = search(&game, 3);
    let mut played = game.clone();
    played.make_move(t.best.expect("a move"));
    let outcome = played.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Seat::WHITE));
}

#[test]
fn black_finds_the_mate_the_cats_cannot_stop() {
    let game = position(BLACK_MATES);
    let t = search(&game, 3);
    assert_eq!(best(&game, &t), "a8a1");
    // Black moves, the Cats move, and White has no move: a win two plies on.
    assert_eq!(t.score, MATE - 2);
}

#[test]
fn the_cats_shelter_a_king_about_to_be_mated() {
    let game = position(CATS_SAVE_THE_KING);
    // Passing would lose: White then mates at once.
    let mut passed = game.clone();
    passed.make_move(Move::PASS);
    assert!(search(&passed, 3).score >= MATE_BOUND);
    for model in [Model::Paranoid, Model::MaxN] {
        let t = with_model(&game, &Limits::depth(3), model);
        assert_eq!(best(&game, &t), "e6e7", "{model:?}");
        assert!(t.score > -MATE_BOUND, "{model:?}: {}", t.score);
    }
}

#[test]
fn a_pass_repeating_a_position_from_before_the_search_is_no_win() {
    // The Kings stepped away and back: passing now brings the position a
    // second time only, and White would mate; the Cats must still shelter.
    let game = after(
        "6k1/5ppp/4C3/8/3C4/8/5PPP/R5K1 w - - 0 1",
        &["g1f1", "g8h8", "pass", "f1g1", "h8g8"],
    );
    let t = search(&game, 3);
    assert_eq!(best(&game, &t), "e6e7");
    assert!(t.score < MATE_BOUND, "{}", t.score);
}

#[test]
fn the_cats_cover_a_piece_about_to_be_taken() {
    let game = position(CATS_SAVE_THE_QUEEN);
    let t = search(&game, 3);
    assert_eq!(best(&game, &t), "b7c6");
    let mut covered = game.clone();
    covered.make_move(t.best.expect("a move"));
    let d5 = covered.geometry().cell("d5").expect("a cell");
    assert!(covered.zones().contains(d5));
}

/// An open middlegame, both Cats near the action.
const MIDDLEGAME: &str = "r1bqk2r/pppp1ppp/2n2n2/C1b1p3/2B1P2C/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";

/// Knights out and back: after these the start position (White to move)
/// has come up twice, and the Cats to move can bring it a third time.
const SHUFFLE: [&str; 11] = [
    "g1f3", "g8f6", "pass", "f3g1", "f6g8", "pass", "g1f3", "g8f6", "pass", "f3g1", "f6g8",
];

#[test]
fn the_cats_complete_a_threefold_repetition() {
    let game = after(catboard::variants::cat::START_FEN, &SHUFFLE);
    let t = search(&game, 3);
    assert_eq!(best(&game, &t), "pass");
    assert_eq!(t.score, MATE - 1);
}

#[test]
fn white_and_black_steer_clear_of_repetitions() {
    // The start again, White to move: g1f3 would repeat a position.
    let white = after(catboard::variants::cat::START_FEN, &SHUFFLE[..6]);
    assert_ne!(best(&white, &search(&white, 4)), "g1f3");
    // Black to move: f6g8 would repeat one, and let the Cats repeat the start a third time.
    let black = after(catboard::variants::cat::START_FEN, &SHUFFLE[..10]);
    assert_ne!(best(&black, &search(&black, 4)), "f6g8");
}

#[test]
fn the_armies_reset_the_hundred_turn_clock_in_time() {
    // Ninety-nine turns without a capture or a pawn move: any other White
    // move ends the game for the Cats, so White pushes its pawn.
    let game = position("4k3/8/8/8/8/8/4P3/C3K2C w - - 99 60");
    let t = search(&game, 3);
    assert_eq!(best(&game, &t).get(..2), Some("e2"));
    assert!(t.score > -MATE_BOUND, "{}", t.score);
    // Without a pawn to push, every move loses to the clock.
    let stuck = position("4k3/8/8/8/8/8/8/C3K1RC w - - 99 60");
    assert!(search(&stuck, 2).score <= -MATE_BOUND);
}

#[test]
fn fixed_levels_keep_to_their_node_budgets() {
    let stop = AtomicBool::new(false);
    let positions = [
        catboard::variants::cat::START_FEN,
        CATS_SAVE_THE_QUEEN,
        MIDDLEGAME,
    ];
    for level in [Level::Casual, Level::Club, Level::Strong] {
        let limits = level.limits().with_seed(3);
        let cap = limits.nodes.expect("a node cap");
        for fen in positions {
            let game = position(fen);
            let t = think(&game, &limits, &stop, |_| {});
            assert!(t.nodes <= cap, "{level} on {fen}: {} nodes", t.nodes);
            assert!(t.depth >= 1, "{level} on {fen} finished no depth");
            assert!(game.legal_move_list().contains(&t.best.expect("a move")));
        }
    }
}

#[test]
fn out_of_nodes_it_plays_the_best_move_of_the_last_finished_depth() {
    let game = position(CATS_SAVE_THE_QUEEN);
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(30).with_nodes(20_000);
    let mut finished = Vec::new();
    let t = think(&game, &limits, &stop, |p| finished.push((p.depth, p.best)));
    assert!(t.nodes <= 20_000, "{} nodes", t.nodes);
    let (depth, best) = *finished.last().expect("a finished depth");
    assert_eq!((t.depth, t.best), (depth, best));
    assert!(t.depth < 30);
    let depths: Vec<u32> = finished.iter().map(|f| f.0).collect();
    assert!(depths.windows(2).all(|w| w[1] == w[0] + 1), "{depths:?}");
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_once() {
    let game = CatChess::new();
    let stop = AtomicBool::new(true);
    let t = think(&game, &Limits::depth(30), &stop, |_| {});
    assert_eq!(t.depth, 0);
    assert!(t.nodes <= 1);
    assert!(game.legal_move_list().contains(&t.best.expect("a move")));
}

#[test]
fn a_stop_from_another_thread_ends_a_deep_search() {
    let game = position(CATS_SAVE_THE_QUEEN);
    let t = support::think_stopped_after(&game, 60, Duration::from_millis(50));
    assert!(t.depth < 60);
    assert!(game.legal_move_list().contains(&t.best.expect("a move")));
}

#[test]
fn casual_picks_among_near_best_moves_and_keeps_its_queen() {
    let stop = AtomicBool::new(false);
    // Black's Queen stands attacked by the Rook; Casual may play any move
    // that is nearly best, but none that leaves the Queen to be taken.
    let game = position("r3k3/8/8/3q4/8/8/C7/3RK1QC b - - 0 1");
    for seed in 0..12 {
        let limits = Level::Casual.limits().with_seed(seed);
        let mv = think(&game, &limits, &stop, |_| {}).best.expect("a move");
        let mut played = game.clone();
        played.make_move(mv);
        played.make_move(Move::PASS);
        let queen_taken = played.legal_move_list().iter().any(|&m| {
            played
                .captured(m)
                .is_some_and(|p| p.kind() == catboard::core::PieceKind::Queen)
        });
        assert!(!queen_taken, "seed {seed}: {}", game.move_text(mv));
    }
    // From the start many moves are about as good, and the seed picks.
    let start = CatChess::new();
    let chosen: std::collections::HashSet<Move> = (0..12)
        .filter_map(|seed| {
            let limits = Level::Casual.limits().with_seed(seed);
            think(&start, &limits, &stop, |_| {}).best
        })
        .collect();
    assert!(chosen.len() > 1, "Casual always chose {chosen:?}");
}

#[test]
fn every_faction_looks_ahead_paranoid_and_a_draw_is_the_cats_win() {
    let game = CatChess::new();
    for seat in [Seat::WHITE, Seat::BLACK, Seat::THIRD] {
        assert_eq!(game.seat_model(seat), Model::Paranoid);
    }
    assert_eq!(game.end_rules().draw_goes_to, Some(Seat::THIRD));
}

#[test]
fn a_level_stretches_its_depth_over_the_three_seats() {
    assert_eq!(multi::plies_for(4, 3), 6);
    assert_eq!(multi::plies_for(2, 3), 3);
    assert_eq!(multi::plies_for(4, 2), 4);
    // Four plies of a two-seat game are a full two rounds for White on a
    // quiet position.
    let game = CatChess::new();
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(4).with_nodes(1_000_000);
    let t = think(&game, &limits, &stop, |_| {});
    assert_eq!(t.depth, 6);
}
