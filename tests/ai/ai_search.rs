//! The search: mates (the shortest preferred), quiescence, repetition and
//! fifty-move awareness, the stop flag, and the last finished depth.

use catboard::ai::score::{MATE, mate_in_moves};
use catboard::ai::{Limits, Thought, think};
use catboard::core::{Game, Options};
use catboard::variants::{AnyGame, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::support;

fn position(fen: &str) -> AnyGame {
    Variant::Chess
        .from_position(fen, &Options::new())
        .expect("valid FEN")
}

fn search(game: &AnyGame, depth: u32) -> Thought {
    let stop = AtomicBool::new(false);
    think(game, &Limits::depth(depth), &stop, |_| {})
}

fn best_text(game: &AnyGame, thought: &Thought) -> String {
    game.move_text(thought.best.expect("a best move"))
}

#[test]
fn finds_a_back_rank_mate_in_one() {
    let game = position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let t = search(&game, 3);
    assert_eq!(best_text(&game, &t), "a1a8");
    assert_eq!(t.score, MATE - 1);
    assert_eq!(mate_in_moves(t.score), Some(1));
}

#[test]
fn prefers_the_shortest_mate() {
    // Ra8 mates at once; the Queen could also mate more slowly.
    let game = position("6k1/5ppp/8/8/8/8/Q4PPP/R5K1 w - - 0 1");
    let t = search(&game, 5);
    assert_eq!(t.score, MATE - 1);
    let mut after = game.clone();
    after.make_move(t.best.expect("a move"));
    assert!(after.outcome().is_some_and(|o| o.winner.is_some()));
}

#[test]
fn finds_a_mate_in_two() {
    // 1. Kg6 Kg8 2. Rb8# (or 1. Kf7 Kh7 2. Rh1#); no mate in one.
    let game = position("7k/8/5K2/8/8/8/8/1R6 w - - 0 1");
    let t = search(&game, 5);
    assert_eq!(mate_in_moves(t.score), Some(2), "score {}", t.score);
    assert_eq!(t.pv.len(), 3);
}

#[test]
fn the_side_being_mated_knows_it() {
    // Black to move is mated next move whatever it does.
    let game = position("k7/8/1K6/8/8/8/8/7R b - - 0 1");
    let t = search(&game, 4);
    assert!(t.score < 0);
    assert_eq!(mate_in_moves(t.score), Some(-1), "score {}", t.score);
}

#[test]
fn quiescence_sees_the_recapture() {
    // Qxd5 wins a pawn but the pawn on e6 takes the Queen back: a search
    // of one ply that stopped dead would grab it.
    let game = position("4k3/8/4p3/3p4/8/8/3Q4/4K3 w - - 0 1");
    let t = search(&game, 1);
    assert_ne!(best_text(&game, &t), "d2d5");
}

#[test]
fn takes_a_free_queen() {
    let game = position("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1");
    let t = search(&game, 2);
    assert_eq!(best_text(&game, &t), "c3d5");
}

#[test]
fn a_lost_side_heads_for_a_repetition() {
    let mut game = position("7k/6pp/8/8/8/1q6/5PPP/6K1 w - - 0 1");
    for mv in ["g1h1", "b3b4", "h1g1", "b4b3"] {
        let m = game.parse_move(mv).expect("legal");
        game.make_move(m);
    }
    let t = search(&game, 3);
    assert_eq!(best_text(&game, &t), "g1h1");
    assert_eq!(t.score, 0);
}

#[test]
fn the_winning_side_keeps_the_fifty_move_count_alive() {
    // One more quiet move would end the game drawn by the fifty-move rule.
    let game = position("8/8/8/4k3/8/8/P7/K6Q w - - 99 80");
    let t = search(&game, 3);
    let mv = t.best.expect("a move");
    assert_eq!(
        game.geometry().name(mv.from),
        "a2",
        "played {}",
        best_text(&game, &t)
    );
    assert!(t.score > 500);
    // Without the rule the Queen is free to move.
    let mut options = Options::new();
    options
        .set(Variant::Chess.options(), "fifty_moves", "off")
        .expect("a known option");
    let free = Variant::Chess
        .from_position("8/8/8/4k3/8/8/P7/K6Q w - - 99 80", &options)
        .expect("valid FEN");
    let t = think(&free, &Limits::depth(3), &AtomicBool::new(false), |_| {});
    assert!(t.score > 500);
    // Without a Pawn to push, every move draws with the rule on and the
    // search sees it; with the rule off the Queen still wins.
    let pawnless = "8/8/8/4k3/8/8/8/K6Q w - - 99 80";
    let ruled = search(&position(pawnless), 3);
    assert_eq!(ruled.score, 0, "with the rule on every move draws");
    let unruled = Variant::Chess
        .from_position(pawnless, &options)
        .expect("valid FEN");
    let t = think(&unruled, &Limits::depth(3), &AtomicBool::new(false), |_| {});
    assert!(t.score > 500, "with the rule off: {}", t.score);
    // And the rule is what decides: a quiet Queen move ends the game drawn
    // with the rule on, and not with it off.
    let quiet = |game: &AnyGame| {
        let mut after = game.clone();
        let mv = after.parse_move("h1h8").expect("a legal Queen move");
        after.make_move(mv);
        after.outcome().map(|o| o.reason)
    };
    assert_eq!(quiet(&game), Some(catboard::core::EndReason::FiftyMoves));
    assert_eq!(quiet(&free), None);
}

#[test]
fn reports_every_finished_depth_and_returns_the_last() {
    let game = Variant::Chess.new_game(&Options::new());
    let mut depths = Vec::new();
    let mut last = None;
    let stop = AtomicBool::new(false);
    let t = think(&game, &Limits::depth(5), &stop, |p| {
        depths.push(p.depth);
        last = p.best;
        assert_eq!(p.pv.first().copied(), p.best);
    });
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(t.depth, 5);
    assert_eq!(t.best, last);
}

#[test]
fn a_raised_stop_flag_ends_the_search_with_the_last_finished_depth() {
    let game = Variant::Chess.new_game(&Options::new());
    let stop = AtomicBool::new(false);
    let mut at_three = None;
    let t = think(&game, &Limits::depth(30), &stop, |p| {
        if p.depth == 3 {
            at_three = p.best;
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(t.depth, 3);
    assert_eq!(t.best, at_three);
}

#[test]
fn stopped_before_it_starts_it_still_names_a_legal_move() {
    let game = Variant::Chess.new_game(&Options::new());
    let stop = AtomicBool::new(true);
    let t = think(&game, &Limits::depth(10), &stop, |_| {});
    assert_eq!(t.depth, 0);
    let legal = game.legal_move_list();
    assert!(legal.contains(&t.best.expect("a move")));
}

#[test]
fn a_stop_from_another_thread_ends_an_unlimited_search() {
    let game = Variant::Chess.new_game(&Options::new());
    let t = support::think_stopped_after(&game, 64, Duration::from_millis(100));
    assert!(t.depth < 64);
    assert!(game.legal_move_list().contains(&t.best.expect("a move")));
}

#[test]
fn no_legal_move_means_no_best_move() {
    let game = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let t = search(&game, 3);
    assert_eq!(t.best, None);
}

#[test]
fn a_node_cap_is_never_exceeded() {
    let game = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for cap in [1, 100, 5_000, 40_000] {
        let stop = AtomicBool::new(false);
        let t = think(&game, &Limits::depth(30).with_nodes(cap), &stop, |_| {});
        assert!(t.nodes <= cap, "{} nodes for a cap of {cap}", t.nodes);
        assert!(game.legal_move_list().contains(&t.best.expect("a move")));
    }
}

#[test]
fn the_search_leaves_the_callers_game_untouched() {
    let game = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let before = game.position_text();
    let _ = search(&game, 4);
    assert_eq!(game.position_text(), before);
}

#[test]
fn a_null_move_passes_the_turn_and_is_taken_back_exactly() {
    let mut game = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let (text, hash) = (game.position_text(), game.hash());
    assert!(game.make_null_move());
    assert_eq!(game.to_move(), catboard::core::Seat::BLACK);
    assert_ne!(game.hash(), hash);
    game.unmake_null_move();
    assert_eq!((game.position_text(), game.hash()), (text, hash));
    // Never while in check: passing would leave the King en prise.
    let mut checked = position("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert!(!checked.make_null_move());
    assert_eq!(checked.moves_played().len(), 0);
}

#[test]
fn capture_moves_are_the_legal_captures_and_promotions() {
    let game = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut captures = catboard::core::MoveList::new();
    game.capture_moves(&mut captures);
    let expected: Vec<_> = game
        .legal_move_list()
        .iter()
        .copied()
        .filter(|&m| game.captured(m).is_some() || m.promotion.is_some())
        .collect();
    assert_eq!(captures.to_vec(), expected);
    assert_eq!(captures.len(), 8);
}

/// The lines of a MultiPV search of `game` to `depth`, by rank, as the
/// last depth reported them.
fn lines(game: &AnyGame, depth: u32, count: usize) -> (Thought, Vec<Thought>) {
    let stop = AtomicBool::new(false);
    let mut found: Vec<Thought> = Vec::new();
    let mut searcher = catboard::ai::Searcher::new(4);
    let best = searcher.analyse(game, &Limits::depth(depth), count, &stop, |r| {
        if let catboard::ai::Report::Line { rank, thought, .. } = r {
            assert!(
                rank <= found.len(),
                "line {rank} reported before the ones above it"
            );
            found.truncate(rank);
            found.push(thought.clone());
        }
    });
    (best, found)
}

#[test]
fn multipv_gives_distinct_lines_best_first_and_the_best_is_the_single_search() {
    let game = position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let (best, found) = lines(&game, 4, 3);
    assert_eq!(found.len(), 3);
    assert_eq!(best_text(&game, &found[0]), "a1a8");
    assert_eq!(mate_in_moves(found[0].score), Some(1));
    assert!(found[1..].iter().all(|t| mate_in_moves(t.score).is_none()));
    let firsts: std::collections::HashSet<_> = found.iter().map(|t| t.best).collect();
    assert_eq!(firsts.len(), 3, "each line starts with another move");
    assert!(found.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(found.iter().all(|t| t.pv.first() == t.best.as_ref()));
    assert_eq!(best.best, search(&game, 4).best);
    // More lines than moves: one a move.
    let bare = position("7k/8/8/8/8/8/8/K7 w - - 0 1");
    let (_, found) = lines(&bare, 3, 10);
    assert_eq!(found.len(), 3, "a king in the corner has three moves");
}
