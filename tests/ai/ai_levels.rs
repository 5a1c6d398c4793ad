//! The levels are budgets: each reaches its depth within its node cap on
//! the bench positions, Casual picks among near-best moves at random (and
//! never throws away a Queen), and Master thinks to a time budget.

use catboard::ai::bench::POSITIONS;
use catboard::ai::{Level, Limits, think};
use catboard::core::{Game, Options};
use catboard::variants::{AnyGame, Variant};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

fn position(fen: &str) -> AnyGame {
    Variant::Chess
        .from_position(fen, &Options::new())
        .expect("valid FEN")
}

#[test]
fn fixed_depth_levels_reach_their_depth_within_their_node_caps() {
    let stop = AtomicBool::new(false);
    for level in [Level::Casual, Level::Club, Level::Strong] {
        let limits = level.limits().with_seed(1);
        let cap = limits.nodes.expect("a node cap");
        for (name, fen) in POSITIONS {
            let game = position(fen);
            let t = think(&game, &limits, &stop, |_| {});
            assert!(t.nodes <= cap, "{level} on {name}: {} nodes", t.nodes);
            assert_eq!(t.depth, limits.depth, "{level} on {name}");
            assert!(game.legal_move_list().contains(&t.best.expect("a move")));
        }
    }
}

#[test]
fn a_level_out_of_nodes_plays_its_last_finished_depth() {
    let game = position(POSITIONS[1].1);
    let stop = AtomicBool::new(false);
    let limits = Level::Strong.limits().with_nodes(1_000);
    let mut finished = Vec::new();
    let t = think(&game, &limits, &stop, |p| finished.push((p.depth, p.best)));
    assert!(t.nodes <= 1_000);
    assert!((1..4).contains(&t.depth), "depth {}", t.depth);
    assert_eq!(finished.last().copied(), Some((t.depth, t.best)));
}

#[test]
fn casual_varies_its_choice_by_seed_and_repeats_it_for_one_seed() {
    let game = Variant::Chess.new_game(&Options::new());
    let stop = AtomicBool::new(false);
    let mut seen = HashSet::new();
    for seed in 0..24 {
        let limits = Level::Casual.limits().with_seed(seed);
        let first = think(&game, &limits, &stop, |_| {}).best;
        let again = think(&game, &limits, &stop, |_| {}).best;
        assert_eq!(first, again, "seed {seed}");
        seen.insert(first);
    }
    assert!(seen.len() >= 3, "only {} different openings", seen.len());
}

#[test]
fn casual_stays_within_two_thirds_of_a_pawn_of_the_best() {
    let stop = AtomicBool::new(false);
    for (name, fen) in POSITIONS {
        let game = position(fen);
        let best = think(&game, &Limits::depth(2), &stop, |_| {}).score;
        for seed in 0..6 {
            let t = think(
                &game,
                &Level::Casual.limits().with_seed(seed),
                &stop,
                |_| {},
            );
            assert!(
                t.score >= best - 67,
                "{name}, seed {seed}: chose a move scoring {} against {best}",
                t.score
            );
        }
    }
}

#[test]
fn casual_never_leaves_a_free_queen() {
    let game = position("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1");
    let stop = AtomicBool::new(false);
    for seed in 0..10 {
        let t = think(
            &game,
            &Level::Casual.limits().with_seed(seed),
            &stop,
            |_| {},
        );
        assert_eq!(
            game.move_text(t.best.expect("a move")),
            "c3d5",
            "seed {seed}"
        );
    }
}

#[test]
fn master_iterates_deeper_than_strong_within_a_time_budget() {
    let game = position(POSITIONS[2].1);
    let stop = AtomicBool::new(false);
    let strong = think(&game, &Level::Strong.limits(), &stop, |_| {});
    assert_eq!(strong.depth, Level::Strong.limits().depth);
    let t = think(
        &game,
        &Level::Master.limits_with_think_ms(1500),
        &stop,
        |_| {},
    );
    assert!(
        t.depth > strong.depth,
        "Master reached depth {} in 1.5 s, Strong depth {}",
        t.depth,
        strong.depth
    );
    assert!(game.legal_move_list().contains(&t.best.expect("a move")));
}
