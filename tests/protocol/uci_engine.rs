//! `catboard uci` through catboard's own engine client
//! (`catboard::protocol::engine`): the handshake and its options, legal
//! moves in every variant through `UCI_Variant`, `UCI_Elo` set, by the
//! clock and by the move; and analysis (UCI `go infinite` with `MultiPV`,
//! XBoard `analyze` of `catboard xboard`) read back as lines of legal
//! moves.

use crate::support::process::BIN;
use catboard::core::{Game, Options};
use catboard::protocol::engine::{
    Answer, Ask, Budget, Clocks, Engine, EngineSpec, Patience, Protocol,
};
use catboard::variants::{AnyGame, Variant};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn engine(protocol: Protocol, options: &[&str]) -> Engine {
    let command = match protocol {
        Protocol::Uci => format!("{BIN} uci"),
        Protocol::Cecp => format!("{BIN} xboard --hash-mb 16"),
    };
    let mut spec = EngineSpec {
        protocol,
        command,
        options: Vec::new(),
    };
    for pair in options {
        spec.add_option(pair).expect("NAME=VALUE");
    }
    Engine::start(&spec, Patience::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// `engine` plays `plies` moves of `variant` against itself by `budget`.
fn self_play(engine: &mut Engine, variant: Variant, plies: usize, budget: Budget) -> AnyGame {
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
            other => panic!("{variant:?} at ply {ply}: {other:?}"),
        }
        if game.outcome().is_some() {
            break;
        }
    }
    game
}

#[test]
fn catboard_uci_announces_every_variant_and_plays_each_through_the_client() {
    let mut uci = engine(Protocol::Uci, &["Hash=8", "UCI_Elo=1300"]);
    assert!(uci.name().starts_with("catboard "), "{}", uci.name());
    assert_eq!(uci.variants(), Variant::ALL.to_vec());
    for &variant in Variant::ALL {
        let game = self_play(
            &mut uci,
            variant,
            4,
            Budget::PerMove(Duration::from_millis(50)),
        );
        assert!(!game.moves_played().is_empty());
    }
    // By the clock, a chess game long enough to see the time shared out.
    let clocks = Budget::Clock(Clocks {
        own: Duration::from_millis(3000),
        opponent: Duration::from_millis(3000),
        own_increment: Duration::from_millis(20),
        opponent_increment: Duration::from_millis(20),
    });
    let game = self_play(&mut uci, Variant::Chess, 12, clocks);
    assert_eq!(game.moves_played().len(), 12);
}

#[test]
fn an_option_catboard_uci_does_not_have_is_refused_in_a_sentence() {
    let spec = EngineSpec {
        protocol: Protocol::Uci,
        command: format!("{BIN} uci"),
        options: vec![("Contempt".into(), "10".into())],
    };
    let err = Engine::start(&spec, Patience::default()).expect_err("no such option");
    assert!(
        err.sentence.contains("has no option 'Contempt'") && err.sentence.contains("MultiPV"),
        "{err}"
    );
}

/// The analysis of `game` by `engine`: `lines` lines after `ms`.
fn analyse(
    engine: &mut Engine,
    game: &AnyGame,
    lines: usize,
    ms: u64,
) -> Vec<catboard::analysis::Line> {
    let stop = AtomicBool::new(false);
    engine
        .analyse(
            game,
            &Options::new(),
            lines,
            Duration::from_millis(ms),
            &stop,
        )
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn analysis_through_the_client_gives_legal_lines_in_both_protocols() {
    let mut game = Variant::Chess
        .from_position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &Options::new())
        .expect("a FEN");
    let mut uci = engine(Protocol::Uci, &[]);
    let lines = analyse(&mut uci, &game, 3, 400);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(game.move_text(lines[0].moves[0]), "a1a8");
    assert_eq!(lines[0].score_words(), "mates in 1");
    let firsts: std::collections::HashSet<_> = lines.iter().map(|l| l.moves[0]).collect();
    assert_eq!(firsts.len(), 3, "three different first moves");
    // The engine plays on afterwards with one line again.
    let options = Options::new();
    let stop = AtomicBool::new(false);
    let ask = Ask {
        game: &game,
        options: &options,
        budget: Budget::PerMove(Duration::from_millis(100)),
        depth: None,
    };
    let answer = uci.best_move(&ask, &stop).expect("a move");
    assert_eq!(answer, Answer::Move(lines[0].moves[0]));
    let mut xboard = engine(Protocol::Cecp, &[]);
    let lines = analyse(&mut xboard, &game, 3, 400);
    assert_eq!(lines.len(), 1, "CECP gives one line");
    assert_eq!(game.move_text(lines[0].moves[0]), "a1a8");
    // Chu Chess, Lion moves and all, through XBoard's analyze.
    game = Variant::Chu.new_game(&Options::new());
    let lines = analyse(&mut xboard, &game, 1, 300);
    assert!(!lines.is_empty() && !lines[0].moves.is_empty());
    let lines = analyse(&mut uci, &game, 2, 300);
    assert_eq!(lines.len(), 2);
}
