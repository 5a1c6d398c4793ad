//! The levels are the ladder's rungs: budgets that stay within their node
//! caps, weak rungs that err like people (a fog of noise and overlooked
//! captures, not random moves) yet take a free Queen, give and parry a
//! mate in one and develop their pieces, and Master thinking to a time
//! budget.

use catboard::ai::bench::POSITIONS;
use catboard::ai::{Level, Limits, think};
use catboard::core::{Game, Move, Options, PieceKind};
use catboard::variants::{AnyGame, Variant};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

fn position(fen: &str) -> AnyGame {
    Variant::Chess
        .from_position(fen, &Options::new())
        .expect("valid FEN")
}

/// The move `level` plays in `game` with `seed` for its fog.
fn choice(game: &AnyGame, level: Level, seed: u64) -> Move {
    let stop = AtomicBool::new(false);
    let t = think(game, &level.limits().with_seed(seed), &stop, |_| {});
    let mv = t.best.expect("a move");
    assert!(game.legal_move_list().contains(&mv), "{level}: illegal");
    mv
}

/// How many of `seeds` seeds make `level` play a move `good` accepts in
/// each of `fens`, and how many tries that was.
fn tally(
    level: Level,
    fens: &[&str],
    seeds: u64,
    good: impl Fn(&AnyGame, Move) -> bool,
) -> (usize, usize) {
    let mut hits = 0;
    for fen in fens {
        let game = position(fen);
        hits += (0..seeds)
            .filter(|&seed| good(&game, choice(&game, level, seed)))
            .count();
    }
    (hits, fens.len() * seeds as usize)
}

/// Whether `mv` captures a Queen.
fn takes_queen(game: &AnyGame, mv: Move) -> bool {
    game.captured(mv)
        .is_some_and(|p| p.kind() == PieceKind::Queen)
}

/// Whether `mv` mates.
fn mates(game: &AnyGame, mv: Move) -> bool {
    let mut after = game.clone();
    after.make_move(mv);
    after.in_check() && after.legal_move_list().is_empty()
}

/// Whether, after `mv`, the opponent has no mate in one.
fn parries_mate(game: &AnyGame, mv: Move) -> bool {
    let mut after = game.clone();
    after.make_move(mv);
    !after
        .legal_move_list()
        .iter()
        .any(|reply| mates(&after, *reply))
}

/// Positions where a Queen hangs: taken for nothing by a minor piece or a
/// pawn.
const FREE_QUEENS: [&str; 8] = [
    "4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1",
    "r1b1kb1r/pppp1ppp/2n2n2/4p1q1/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 3 5",
    "rnb1kbnr/ppp2ppp/8/3pp3/4P1Q1/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3",
    "8/5k2/4p3/3Q4/8/8/5K2/8 b - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1b1kbnr/pppp1ppp/2n5/4p3/3qP3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 5",
    "rnbqkb1r/ppp2ppp/3p1n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 1 4",
    "r1bqkbnr/pppp1ppp/2n5/4p3/1Q2P3/8/PPPP1PPP/RNB1KBNR b KQkq - 3 3",
];

/// Positions with a mate in one for the side to move.
const MATES_IN_ONE: [&str; 5] = [
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
    "6k1/5ppp/8/8/8/1q6/5PPP/3R2K1 b - - 0 1",
];

/// Positions where the opponent threatens a mate in one.
const MATE_THREATS: [&str; 6] = [
    "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
    "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 b - - 0 1",
    "rnbqk1nr/pppp1ppp/8/2b1p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
    "r1b1k1nr/pppp1ppp/2n5/2b1p3/4P2q/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 5",
    "6k1/5ppp/8/8/8/2q5/5PPP/6K1 w - - 0 1",
    "r5k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
];

#[test]
fn every_rung_below_master_keeps_within_its_node_cap_and_plays_legal_moves() {
    let stop = AtomicBool::new(false);
    for level in Level::ALL.into_iter().filter(|&l| l != Level::Master) {
        let limits = level.limits().with_seed(1);
        let cap = limits.nodes.expect("a node cap");
        for (name, fen) in POSITIONS {
            let game = position(fen);
            let t = think(&game, &limits, &stop, |_| {});
            assert!(t.nodes <= cap, "{level} on {name}: {} nodes", t.nodes);
            assert!(t.depth >= 1 && t.depth <= limits.depth, "{level} on {name}");
            assert!(game.legal_move_list().contains(&t.best.expect("a move")));
        }
    }
}

#[test]
fn a_level_out_of_nodes_plays_its_last_finished_depth() {
    let game = position(POSITIONS[1].1);
    let stop = AtomicBool::new(false);
    let limits = Level::Expert.limits().with_nodes(1_000);
    let mut finished = Vec::new();
    let t = think(&game, &limits, &stop, |p| finished.push((p.depth, p.best)));
    assert!(t.nodes <= 1_000);
    assert!((1..6).contains(&t.depth), "depth {}", t.depth);
    assert_eq!(finished.last().copied(), Some((t.depth, t.best)));
}

#[test]
fn a_weak_rung_varies_by_seed_and_repeats_itself_for_one_seed() {
    let game = Variant::Chess.new_game(&Options::new());
    let mut seen = HashSet::new();
    for seed in 0..24 {
        let first = choice(&game, Level::Beginner, seed);
        assert_eq!(first, choice(&game, Level::Beginner, seed), "seed {seed}");
        seen.insert(first);
    }
    assert!(seen.len() >= 3, "only {} different openings", seen.len());
    let expert: HashSet<Move> = (0..6).map(|s| choice(&game, Level::Expert, s)).collect();
    assert_eq!(expert.len(), 1, "no fog above the weak rungs");
}

/// The rungs below Club, the ones with a fog: each must still play like a
/// person learning the game.
const LOW_RUNGS: [Level; 3] = [Level::Beginner, Level::Novice, Level::Casual];

#[test]
fn every_low_rung_takes_a_free_queen_most_of_the_time_and_the_expert_always() {
    // 8 positions × 16 seeds = 128 tries a rung.
    for level in LOW_RUNGS {
        let (hits, tries) = tally(level, &FREE_QUEENS, 16, takes_queen);
        eprintln!("{level}: took a free Queen in {hits} of {tries}");
        assert!(hits * 10 >= tries * 8, "{level} took {hits} of {tries}");
    }
    let (hits, tries) = tally(Level::Expert, &FREE_QUEENS, 2, takes_queen);
    assert_eq!(hits, tries);
}

#[test]
fn the_beginner_sometimes_overlooks_a_capture() {
    // A Rook taken for nothing, no check in it: the fog hides it now and then.
    let fens = ["4k3/8/8/3r4/8/2N5/PP6/4K3 w - - 0 1"];
    let rook = |g: &AnyGame, mv: Move| g.captured(mv).is_some_and(|p| p.kind() == PieceKind::Rook);
    let (hits, tries) = tally(Level::Beginner, &fens, 40, rook);
    assert!(hits < tries, "never missed in {tries}");
    assert!(hits * 2 > tries, "took it only {hits} times of {tries}");
}

#[test]
fn every_low_rung_gives_mate_in_one_and_parries_one_most_of_the_time() {
    // 5 mates × 16 seeds = 80 tries, 6 threats × 16 seeds = 96 tries a rung.
    for level in LOW_RUNGS {
        let (hits, tries) = tally(level, &MATES_IN_ONE, 16, mates);
        eprintln!("{level}: mated in one in {hits} of {tries}");
        assert!(hits * 10 >= tries * 8, "{level} mated in {hits} of {tries}");
        let (hits, tries) = tally(level, &MATE_THREATS, 16, parries_mate);
        eprintln!("{level}: parried a mate in one in {hits} of {tries}");
        assert!(hits * 10 >= tries * 8, "{level} parried {hits} of {tries}");
    }
}

/// How many of the four minor pieces of `rank` are still on their home
/// cells.
fn minors_at_home(game: &AnyGame, rank: &str) -> usize {
    ["b", "c", "f", "g"]
        .iter()
        .filter(|file| {
            let cell = game
                .geometry()
                .cell(&format!("{file}{rank}"))
                .expect("a cell");
            game.piece_at(cell)
                .is_some_and(|p| matches!(p.kind(), PieceKind::Knight | PieceKind::Bishop))
        })
        .count()
}

#[test]
fn every_low_rung_develops_its_pieces() {
    // Twenty seeded openings of eight moves a side between two players of
    // the rung: in most, each side has brought out two Knights or Bishops.
    for level in LOW_RUNGS {
        let mut developed = 0;
        for seed in 0..20 {
            let mut game = Variant::Chess.new_game(&Options::new());
            for ply in 0..16 {
                if game.outcome().is_some() {
                    break;
                }
                let mv = choice(&game, level, seed * 100 + ply);
                game.make_move(mv);
            }
            if minors_at_home(&game, "1") <= 2 && minors_at_home(&game, "8") <= 2 {
                developed += 1;
            }
        }
        eprintln!("{level}: developed two minor pieces a side in {developed} of 20");
        assert!(developed >= 14, "{level} developed in {developed} of 20");
    }
}

#[test]
fn every_rung_plays_legal_moves_in_every_variant() {
    let stop = AtomicBool::new(false);
    for variant in Variant::ALL {
        for level in [Level::Beginner, Level::Club] {
            let mut game = variant.new_game(&Options::new());
            for ply in 0..4 {
                if game.outcome().is_some() {
                    break;
                }
                let limits = level.limits().with_seed(ply).with_nodes(20_000);
                let t = think(&game, &limits, &stop, |_| {});
                let mv = t.best.expect("a move");
                assert!(game.legal_move_list().contains(&mv), "{variant:?} {level}");
                game.make_move(mv);
            }
        }
    }
}

#[test]
fn master_iterates_deeper_than_strong_within_a_time_budget() {
    let game = position(POSITIONS[2].1);
    let stop = AtomicBool::new(false);
    let strong = think(&game, &Level::Strong.limits(), &stop, |_| {});
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

#[test]
fn limits_without_a_fog_see_every_capture() {
    let game = position("4k3/8/8/3r4/8/2N5/PP6/4K3 w - - 0 1");
    let stop = AtomicBool::new(false);
    for seed in 0..10 {
        let t = think(&game, &Limits::depth(2).with_seed(seed), &stop, |_| {});
        assert_eq!(game.move_text(t.best.expect("a move")), "c3d5");
    }
}
