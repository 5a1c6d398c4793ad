//! Polar chess perft from every formation, confirmed by the separately
//! written generator in `tests/polar_brute` (rules text over `lines.json`,
//! no code shared with `src/variants/polar`), and a differential run:
//! random games from every formation, where at every position both
//! generators must agree on the legal moves and on check.
//!
//! Longer counts: `cargo test --release --test rules polar_perft -- --ignored`.

use crate::polar_brute;

use catboard::core::{Game, MoveKind, Options, perft};
use catboard::variants::{AnyGame, Variant};
use polar_brute::{Facts, Position, formation_text, text};

const FORMATIONS: [&str; 4] = ["option1", "option2", "rooks_and_pawns", "original_2004"];

/// Perft to depth 3 from each formation: the counts the engine and the
/// brute-force generator agreed on when they were written here.
const PUBLISHED: [(&str, [u64; 3]); 4] = [
    ("option1", [40, 1489, 59617]),
    ("option2", [46, 2048, 95496]),
    ("rooks_and_pawns", [35, 1202, 42446]),
    ("original_2004", [14, 196, 4834]),
];

fn new_game(formation: &str) -> AnyGame {
    let options = Options::parse(
        Variant::Polar.options(),
        [format!("formation={formation}").as_str()],
    )
    .expect("a formation option");
    Variant::Polar.new_game(&options)
}

fn engine_moves(game: &AnyGame) -> Vec<String> {
    let mut moves: Vec<String> = game
        .legal_move_list()
        .iter()
        .map(|m| game.move_text(*m))
        .collect();
    moves.sort();
    moves
}

fn brute_moves(facts: &Facts, position: &Position) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal(facts)
        .iter()
        .map(|m| text(facts, *m))
        .collect();
    moves.sort();
    moves
}

#[test]
fn formations_are_set_up_as_the_data_and_polar_md_give_them() {
    for key in FORMATIONS {
        let game = new_game(key);
        let from_data = Variant::Polar
            .from_position(&formation_text(key), &Options::new())
            .expect("the brute's formation text reads");
        assert_eq!(game.position_text(), from_data.position_text(), "{key}");
        assert_eq!(game.hash(), from_data.hash(), "{key}");
    }
    assert_eq!(
        new_game("option1").position_text(),
        Variant::Polar.start_position()
    );
}

#[test]
fn perft_to_depth_three_agrees_with_the_brute_force_count() {
    let facts = Facts::load();
    for (key, counts) in PUBLISHED {
        let mut game = new_game(key);
        let brute = Position::read(&facts, &formation_text(key));
        assert_eq!(
            engine_moves(&game),
            brute_moves(&facts, &brute),
            "{key} first moves"
        );
        for (depth, &published) in (1..=3).zip(counts.iter()) {
            let engine = perft(&mut game, depth);
            let separate = brute.perft(&facts, depth);
            assert_eq!(
                engine, separate,
                "{key} perft {depth}: engine v brute force"
            );
            assert_eq!(engine, published, "{key} perft {depth}");
        }
    }
}

/// A small deterministic generator for choosing moves.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn random_games_agree_move_for_move_with_the_brute_force_generator() {
    let facts = Facts::load();
    let mut rng = Lcg(0x9017_A7C4);
    let (mut en_passant, mut promotions, mut doubles, mut checks, mut ends) = (0, 0, 0, 0, 0);
    for key in FORMATIONS {
        for _ in 0..12 {
            let mut game = new_game(key);
            for _ in 0..160 {
                let position = game.position_text();
                let brute = Position::read(&facts, &position);
                let moves = engine_moves(&game);
                assert_eq!(
                    moves,
                    brute_moves(&facts, &brute),
                    "legal moves at {position}"
                );
                assert_eq!(
                    game.in_check(),
                    brute.in_check(&facts),
                    "check at {position}"
                );
                let reread = Variant::Polar
                    .from_position(&position, &Options::new())
                    .expect("the engine reads its own text");
                assert_eq!(reread.hash(), game.hash(), "incremental hash at {position}");
                checks += game.in_check() as u32;
                let list = game.legal_move_list();
                if list.is_empty() || game.outcome().is_some() {
                    ends += 1;
                    break;
                }
                // Prefer captures and pawn moves, so that games reach
                // en passant and promotion.
                let noisy: Vec<_> = list
                    .iter()
                    .copied()
                    .filter(|m| {
                        game.captured(*m).is_some()
                            || m.kind != MoveKind::Normal
                            || m.promotion.is_some()
                    })
                    .collect();
                let pool = if !noisy.is_empty() && rng.below(3) > 0 {
                    &noisy[..]
                } else {
                    &list[..]
                };
                let mv = pool[rng.below(pool.len())];
                en_passant += (mv.kind == MoveKind::EnPassant) as u32;
                promotions += mv.promotion.is_some() as u32;
                doubles += (mv.kind == MoveKind::DoubleStep) as u32;
                game.make_move(mv);
            }
        }
    }
    // The run must have met every special rule, or it proves little.
    assert!(en_passant > 0, "no en passant was played");
    assert!(promotions > 0, "no promotion was played");
    assert!(doubles > 0, "no double step was played");
    assert!(checks > 0, "no check arose");
    assert!(ends > 0, "no game ended");
    eprintln!(
        "en passant {en_passant}, promotions {promotions}, double steps {doubles}, checks {checks}, ends {ends}"
    );
}

#[test]
#[ignore = "about half a minute: perft 4 from every formation by both generators"]
fn perft_four_agrees_with_the_brute_force_count() {
    let facts = Facts::load();
    for key in FORMATIONS {
        let mut game = new_game(key);
        let brute = Position::read(&facts, &formation_text(key));
        let engine = perft(&mut game, 4);
        assert_eq!(engine, brute.perft(&facts, 4), "{key} perft 4");
        eprintln!("{key} perft 4 = {engine}");
    }
}
