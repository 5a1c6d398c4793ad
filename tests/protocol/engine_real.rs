//! The engine client against the real engines catboard knows, when they
//! are installed (each test says it is skipped when not): each announces
//! the variants the known engines' table says it plays (or plays by other
//! rules), and plays a few legal moves of each against itself; Stockfish
//! at `UCI_Elo` by the clock.

use crate::support::engines::real_engine;
use catboard::core::{Game, Options};
use catboard::protocol::engine::known::KNOWN_ENGINES;
use catboard::protocol::engine::{
    Answer, Ask, Budget, Clocks, Engine, EngineSpec, Patience, Protocol,
};
use catboard::variants::Variant;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// `engine` plays `plies` moves of `variant` against itself, each legal
/// (the client checks every answer against catboard's rules).
fn self_play(engine: &mut Engine, variant: Variant, plies: usize, budget: Budget) {
    let options = Options::new();
    let mut game = variant.new_game(&options);
    let stop = AtomicBool::new(false);
    for ply in 0..plies {
        let ask = Ask {
            game: &game,
            options: &options,
            budget,
            depth: None,
        };
        match engine.best_move(&ask, &stop) {
            Ok(Answer::Move(mv)) => game.make_move(mv),
            other => panic!("{} in {variant:?} at ply {ply}: {other:?}", engine.name()),
        }
        if game.outcome().is_some() {
            return;
        }
    }
}

#[test]
fn each_known_engine_installed_announces_its_variants_and_plays_them() {
    for known in KNOWN_ENGINES {
        if real_engine(known.program).is_none() {
            continue;
        }
        let mut engine = Engine::start(&known.spec(), Patience::default())
            .unwrap_or_else(|e| panic!("{}: {e}", known.name));
        let mut announced: Vec<Variant> = known.variants.to_vec();
        announced.extend(known.different.iter().map(|(v, _)| *v));
        assert_eq!(engine.variants(), announced, "{}", known.name);
        for &variant in &announced {
            self_play(
                &mut engine,
                variant,
                4,
                Budget::PerMove(Duration::from_millis(100)),
            );
        }
        eprintln!(
            "{} ({}) played {:?}",
            known.name,
            engine.name(),
            known.variants
        );
    }
}

#[test]
fn stockfish_plays_at_uci_elo_1500_by_the_clock() {
    if real_engine("stockfish").is_none() {
        return;
    }
    let mut spec = EngineSpec {
        protocol: Protocol::Uci,
        command: "stockfish".into(),
        options: Vec::new(),
    };
    spec.add_option("UCI_Elo=1500").expect("an option");
    let mut engine = Engine::start(&spec, Patience::default()).expect("Stockfish starts");
    assert!(engine.name().starts_with("Stockfish"), "{}", engine.name());
    let clocks = Clocks {
        own: Duration::from_secs(2),
        opponent: Duration::from_secs(2),
        own_increment: Duration::from_millis(100),
        opponent_increment: Duration::from_millis(100),
    };
    self_play(&mut engine, Variant::Chess, 10, Budget::Clock(clocks));
}

#[test]
fn a_cecp_engine_that_does_not_know_chu_is_refused_by_name() {
    if real_engine("fairymax").is_none() {
        return;
    }
    let spec = EngineSpec {
        protocol: Protocol::Cecp,
        command: "fairymax".into(),
        options: Vec::new(),
    };
    let mut engine = Engine::start(&spec, Patience::default()).expect("Fairy-Max starts");
    let options = Options::new();
    let chu = Variant::Chu.new_game(&options);
    let err = engine
        .best_move(
            &Ask {
                game: &chu,
                options: &options,
                budget: Budget::PerMove(Duration::from_millis(100)),
                depth: None,
            },
            &AtomicBool::new(false),
        )
        .expect_err("Fairy-Max has no elven");
    assert!(
        err.sentence
            .starts_with("The engine Fairy-Max 5.0b cannot play Chu Chess: it announces no variant elven (it plays normal, nocastle,"),
        "{err}"
    );
    assert_eq!(catboard::text::sentence_fault(&err.sentence), None, "{err}");
}
