//! The engine client (`catboard::protocol::engine`) against the fake
//! engine of `examples/fake_engine.rs`, in both protocols: the handshake,
//! the options set, the whole history and the time sent, each failure
//! (death, a hang, an illegal or unreadable move, a 200 MB line, a slow or
//! endless handshake, a refused move, a claim) giving its one sentence,
//! a stop, and a variant refused.
//!
//! Every wait has a deadline: the client's own, kept short here.

use crate::support::assert_one_sentence;
use crate::support::engines::fake_engine;
use crate::support::scratch::Scratch;
use catboard::core::{Game, Options};
use catboard::protocol::engine::{
    Answer, Ask, Budget, Clocks, Engine, EngineError, EngineSpec, Fault, Patience, Protocol,
};
use catboard::variants::{AnyGame, Variant};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Short patience, so a failure shows in well under a second or two.
fn patience() -> Patience {
    Patience {
        handshake: Duration::from_secs(5),
        features: Duration::from_millis(300),
        margin: Duration::from_millis(500),
    }
}

fn spec(protocol: Protocol, args: &str, options: &[&str]) -> EngineSpec {
    let mut spec = EngineSpec {
        protocol,
        command: fake_engine(args),
        options: Vec::new(),
    };
    for pair in options {
        spec.add_option(pair).expect("NAME=VALUE");
    }
    spec
}

fn start(protocol: Protocol, args: &str, options: &[&str]) -> Result<Engine, EngineError> {
    Engine::start(&spec(protocol, args, options), patience())
}

/// A game of `variant` after `moves`.
fn game_after(variant: Variant, moves: &[&str]) -> AnyGame {
    let mut game = variant.new_game(&Options::new());
    for text in moves {
        let mv = game.parse_move(text).expect("a legal move");
        game.make_move(mv);
    }
    game
}

const FAST: Budget = Budget::PerMove(Duration::from_millis(300));

fn ask(engine: &mut Engine, game: &AnyGame, budget: Budget) -> Result<Answer, EngineError> {
    let options = Options::new();
    let stop = AtomicBool::new(false);
    engine.best_move(
        &Ask {
            game,
            options: &options,
            budget,
            depth: None,
        },
        &stop,
    )
}

/// The first legal move of `game`, which the fake engine plays.
fn first_legal(game: &AnyGame) -> Answer {
    Answer::Move(*game.legal_move_list().iter().next().expect("a legal move"))
}

/// The lines the fake engine logged, once it has quit.
fn logged(log: &Scratch) -> Vec<String> {
    std::fs::read_to_string(log.path().join("sent.txt"))
        .expect("the fake engine's log")
        .lines()
        .map(str::to_string)
        .collect()
}

fn log_args(log: &Scratch, args: &str) -> String {
    format!("{args} --log {}", log.path().join("sent.txt").display())
}

/// Where `line` is in `lines`.
fn at(lines: &[String], line: &str) -> usize {
    lines
        .iter()
        .position(|l| l == line)
        .unwrap_or_else(|| panic!("no line {line:?} in {lines:#?}"))
}

/// `result`'s failure, which must be of `fault` and one sentence holding
/// every one of `words`.
fn failure<T: std::fmt::Debug>(result: Result<T, EngineError>, fault: Fault, words: &[&str]) {
    let e = result.expect_err("a failure");
    assert_eq!(e.fault, fault, "{}", e.sentence);
    assert_one_sentence(&e.sentence, "");
    for w in words {
        assert!(e.sentence.contains(w), "{w:?} not in {:?}", e.sentence);
    }
}

#[test]
fn uci_handshake_sets_the_options_with_limit_strength_and_sends_the_whole_game() {
    let log = Scratch::new("engine-uci");
    let mut engine = start(
        Protocol::Uci,
        &log_args(&log, "--uci --name Fakefish"),
        &["UCI_Elo=1500", "Hash=32"],
    )
    .expect("the handshake");
    assert_eq!(engine.name(), "Fakefish");
    assert_eq!(engine.variants(), [Variant::Chess]);
    let game = game_after(Variant::Chess, &["e4", "e5", "Nf3"]);
    let reply = ask(&mut engine, &game, FAST);
    assert_eq!(reply, Ok(first_legal(&game)));
    // The next move goes on from the game the engine was told.
    let mut next = game.clone();
    if let Ok(Answer::Move(mv)) = reply {
        next.make_move(mv);
    }
    let mv = next.parse_move("Bb5").expect("legal");
    next.make_move(mv);
    assert_eq!(ask(&mut engine, &next, FAST), Ok(first_legal(&next)));
    // Another game: a new game for the engine.
    let other = game_after(Variant::Chess, &["d4"]);
    assert_eq!(ask(&mut engine, &other, FAST), Ok(first_legal(&other)));
    drop(engine);
    let lines = logged(&log);
    let limit = at(&lines, "setoption name UCI_LimitStrength value true");
    let elo = at(&lines, "setoption name UCI_Elo value 1500");
    let hash = at(&lines, "setoption name Hash value 32");
    let uciok_wait = at(&lines, "isready");
    assert!(limit < elo && elo < hash && hash < uciok_wait, "{lines:#?}");
    let first = at(&lines, "position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(lines[first + 1], "go movetime 300");
    assert_eq!(lines[first - 2], "ucinewgame", "{lines:#?}");
    let second = at(&lines, "position startpos moves e2e4 e7e5 g1f3 e8e7 f1b5");
    assert_ne!(lines[second - 1], "readyok");
    assert!(
        !lines[first..second].contains(&"ucinewgame".to_string()),
        "no new game while the game goes on: {lines:#?}"
    );
    let third = at(&lines, "position startpos moves d2d4");
    assert!(
        lines[second..third].contains(&"ucinewgame".to_string()),
        "{lines:#?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("quit"));
}

#[test]
fn uci_clocks_are_sent_by_colour_and_a_set_up_position_as_its_fen() {
    let log = Scratch::new("engine-uci-clock");
    let mut engine = start(Protocol::Uci, &log_args(&log, "--uci"), &[]).expect("starts");
    let clocks = Clocks {
        own: Duration::from_millis(61_500),
        opponent: Duration::from_secs(50),
        own_increment: Duration::from_secs(2),
        opponent_increment: Duration::from_secs(1),
    };
    // Black to move: its own clock is btime.
    let game = game_after(Variant::Chess, &["e4"]);
    assert_eq!(
        ask(&mut engine, &game, Budget::Clock(clocks)),
        Ok(first_legal(&game))
    );
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
    let mut set_up = Variant::Chess
        .from_position(fen, &Options::new())
        .expect("a position");
    let mv = set_up.parse_move("Kd7").expect("legal");
    set_up.make_move(mv);
    assert_eq!(
        ask(&mut engine, &set_up, Budget::Clock(clocks)),
        Ok(first_legal(&set_up))
    );
    drop(engine);
    let lines = logged(&log);
    at(&lines, "go wtime 50000 btime 61500 winc 1000 binc 2000");
    at(&lines, &format!("position fen {fen} moves e8d7"));
    // After Black's move from the set-up position, White is to move.
    at(&lines, "go wtime 61500 btime 50000 winc 2000 binc 1000");
}

#[test]
fn xboard_handshake_accepts_features_sets_options_and_sends_the_game_in_force_mode() {
    let log = Scratch::new("engine-cecp");
    let mut engine = start(
        Protocol::Cecp,
        &log_args(&log, "--xboard --name Fakemax"),
        &["Level=3"],
    )
    .expect("the handshake");
    assert_eq!(engine.name(), "Fakemax");
    assert_eq!(engine.variants(), [Variant::Chess]);
    let game = game_after(Variant::Chess, &["e4", "e5"]);
    assert_eq!(ask(&mut engine, &game, FAST), Ok(first_legal(&game)));
    let mut next = game.clone();
    for text in [
        game.move_text(*game.legal_move_list().iter().next().expect("a move")),
        "a6".to_string(),
    ] {
        let mv = next.parse_move(&text).expect("legal");
        next.make_move(mv);
    }
    let clocks = Clocks {
        own: Duration::from_secs(125),
        opponent: Duration::from_secs(60),
        own_increment: Duration::from_millis(500),
        opponent_increment: Duration::ZERO,
    };
    assert_eq!(
        ask(&mut engine, &next, Budget::Clock(clocks)),
        Ok(first_legal(&next))
    );
    drop(engine);
    let lines = logged(&log);
    let expected_start = [
        "xboard",
        "protover 2",
        "accepted done",
        "accepted myname",
        "accepted usermove",
        "accepted ping",
        "accepted setboard",
        "accepted variants",
        "accepted option",
        "accepted done",
        "option Level=3",
        "easy",
        "ping 1",
    ];
    assert_eq!(lines[..expected_start.len()], expected_start, "{lines:#?}");
    let new = at(&lines, "new");
    assert_eq!(
        lines[new..new + 7],
        [
            "new",
            "force",
            "usermove e2e4",
            "usermove e7e5",
            "st 0.3",
            "ping 2",
            "go"
        ],
        "{lines:#?}"
    );
    // The next ask sends only the moves since: the engine's own reply is
    // on its board already.
    assert_eq!(
        lines[new + 7..new + 14],
        [
            "force",
            "usermove a7a6",
            "level 0 2:05 0.5",
            "time 12500",
            "otim 6000",
            "ping 3",
            "go"
        ],
        "{lines:#?}"
    );
}

#[test]
fn an_xboard_engine_plays_chu_as_elven_from_a_set_up_position() {
    let log = Scratch::new("engine-elven");
    let mut engine = start(
        Protocol::Cecp,
        &log_args(&log, "--xboard --variants normal,elven"),
        &[],
    )
    .expect("starts");
    assert_eq!(engine.variants(), [Variant::Chess, Variant::Chu]);
    let fen = "4k5/10/10/4q5/4q5/4L5/10/10/10/5K4 w - - 0 1";
    let mut game = Variant::Chu
        .from_position(fen, &Options::new())
        .expect("a position");
    let mv = game
        .parse_move("e4e5,e5e6")
        .expect("the Lion's double capture");
    game.make_move(mv);
    assert_eq!(ask(&mut engine, &game, FAST), Ok(first_legal(&game)));
    drop(engine);
    let lines = logged(&log);
    let new = at(&lines, "new");
    assert_eq!(
        lines[new..new + 5],
        [
            "new",
            "variant elven",
            "force",
            &format!("setboard {fen}"),
            "usermove e4e5,e5e6"
        ],
        "{lines:#?}"
    );
}

#[test]
fn a_variant_the_engine_does_not_know_is_refused_in_a_sentence_naming_both() {
    let mut uci = start(Protocol::Uci, "--uci --name Fakefish", &[]).expect("starts");
    let chu = game_after(Variant::Chu, &[]);
    failure(
        ask(&mut uci, &chu, FAST),
        Fault::Unplayable,
        &[
            "The engine Fakefish cannot play Chu Chess: it announces no variant chuchess (it plays chess).",
        ],
    );
    // catboard's own UCI names (which catboard uci announces) are asked
    // for, and an engine without them refuses in the same words.
    let cat = game_after(Variant::Cat, &[]);
    failure(
        ask(&mut uci, &cat, FAST),
        Fault::Unplayable,
        &[
            "The engine Fakefish cannot play Cat Chess: it announces no variant catchess (it plays chess).",
        ],
    );
    // Refused, the engine still plays what it knows.
    let chess = game_after(Variant::Chess, &[]);
    assert_eq!(ask(&mut uci, &chess, FAST), Ok(first_legal(&chess)));
    let mut xboard = start(Protocol::Cecp, "--xboard --name Fakemax", &[]).expect("starts");
    failure(
        ask(&mut xboard, &chu, FAST),
        Fault::Unplayable,
        &[
            "The engine Fakemax cannot play Chu Chess: it announces no variant elven (it plays normal).",
        ],
    );
    let mut no_setboard = start(Protocol::Cecp, "--xboard --no-setboard", &[]).expect("starts");
    let set_up = Variant::Chess
        .from_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &Options::new())
        .expect("a position");
    failure(
        ask(&mut no_setboard, &set_up, FAST),
        Fault::Unplayable,
        &["cannot start from a set-up position (it has no setboard)"],
    );
    // A UCI engine that announces UCI_Variant without chess plays no chess.
    let mut shogi = start(Protocol::Uci, "--uci --variants shogi,xiangqi", &[]).expect("starts");
    failure(
        ask(&mut shogi, &chess, FAST),
        Fault::Unplayable,
        &["cannot play Chess: it announces no variant chess (it plays shogi and xiangqi)"],
    );
    // A rule option that changes the moves.
    let shogi_promotion =
        Options::parse(Variant::Chu.options(), ["promotion=shogi"]).expect("an option");
    let mut elven = start(Protocol::Cecp, "--xboard --variants normal,elven", &[]).expect("starts");
    let result = elven.best_move(
        &Ask {
            game: &chu,
            options: &shogi_promotion,
            budget: FAST,
            depth: None,
        },
        &AtomicBool::new(false),
    );
    failure(
        result,
        Fault::Unplayable,
        &["engines play it with promotion=chess, and this game has promotion=shogi"],
    );
}

#[test]
fn options_the_engine_lacks_or_cannot_take_are_refused_in_a_sentence() {
    failure(
        start(Protocol::Uci, "--uci", &["Bogus=1"]),
        Fault::Option,
        &[
            "The engine Fake Engine has no option 'Bogus' (its options are Hash, Skill Level, UCI_LimitStrength and UCI_Elo).",
        ],
    );
    failure(
        start(Protocol::Uci, "--uci", &["UCI_Elo=1000"]),
        Fault::Option,
        &["cannot set UCI_Elo to '1000': it takes 1350 to 2850."],
    );
    failure(
        start(Protocol::Cecp, "--xboard", &["Bogus=1"]),
        Fault::Option,
        &["has no option 'Bogus' (its options are Level)."],
    );
}

#[test]
fn an_engine_that_dies_gives_a_sentence_with_its_exit_code() {
    for (protocol, args) in [
        (Protocol::Uci, "--uci --mode die --after 1"),
        (Protocol::Cecp, "--xboard --mode die --after 1"),
    ] {
        let mut engine = start(protocol, args, &[]).expect("starts");
        let game = game_after(Variant::Chess, &[]);
        assert_eq!(ask(&mut engine, &game, FAST), Ok(first_legal(&game)));
        let later = game_after(Variant::Chess, &["e4", "e5"]);
        failure(
            ask(&mut engine, &later, FAST),
            Fault::Died,
            &["The engine Fake Engine stopped running (exit code 3)"],
        );
    }
}

#[test]
fn a_program_that_is_not_there_gives_a_sentence() {
    let spec = EngineSpec {
        protocol: Protocol::Uci,
        command: "catboard-no-such-engine".into(),
        options: Vec::new(),
    };
    failure(
        Engine::start(&spec, patience()),
        Fault::Died,
        &["The engine catboard-no-such-engine stopped running"],
    );
}

#[test]
fn an_engine_that_hangs_is_given_up_after_its_time_and_the_margin() {
    for (protocol, args) in [
        (Protocol::Uci, "--uci --mode hang"),
        (Protocol::Cecp, "--xboard --mode hang"),
    ] {
        let mut engine = start(protocol, args, &[]).expect("starts");
        let game = game_after(Variant::Chess, &[]);
        let budget = Budget::PerMove(Duration::from_millis(200));
        let started = Instant::now();
        failure(
            ask(&mut engine, &game, budget),
            Fault::Hung,
            &["said nothing for 0.7 s while choosing its move."],
        );
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}

#[test]
fn an_illegal_or_unreadable_answer_gives_a_sentence_quoting_it() {
    for protocol_args in ["--uci", "--xboard"] {
        let protocol = if protocol_args == "--uci" {
            Protocol::Uci
        } else {
            Protocol::Cecp
        };
        let game = game_after(Variant::Chess, &["e4"]);
        let mut illegal =
            start(protocol, &format!("{protocol_args} --mode illegal"), &[]).expect("starts");
        failure(
            ask(&mut illegal, &game, FAST),
            Fault::Illegal,
            &["The engine Fake Engine answered 'a1a1', which is not legal here ("],
        );
        let mut garbage =
            start(protocol, &format!("{protocol_args} --mode garbage"), &[]).expect("starts");
        failure(
            ask(&mut garbage, &game, FAST),
            Fault::Unreadable,
            &["answered 'xyzzy', which is not legal here"],
        );
    }
}

#[test]
fn a_200_megabyte_line_is_skipped_and_the_move_after_it_read() {
    let game = game_after(Variant::Chess, &["e4"]);
    let budget = Budget::PerMove(Duration::from_secs(5));
    let mut engine = start(Protocol::Uci, "--uci --mode huge", &[]).expect("starts");
    assert_eq!(ask(&mut engine, &game, budget), Ok(first_legal(&game)));
    // A huge line instead of the answer: silence, said with the line.
    let mut engine = start(Protocol::Uci, "--uci --mode huge-only", &[]).expect("starts");
    failure(
        ask(&mut engine, &game, Budget::PerMove(Duration::from_secs(3))),
        Fault::Hung,
        &["it wrote 1 line, the longest 209,715,212 bytes, too long to read"],
    );
}

#[test]
fn a_slow_handshake_is_waited_for_within_the_patience_and_not_beyond() {
    let slow = |ms: u64| format!("--uci --slow-ms {ms}");
    let patient = Patience {
        handshake: Duration::from_millis(2000),
        ..patience()
    };
    let spec_slow = spec(Protocol::Uci, &slow(300), &[]);
    assert!(Engine::start(&spec_slow, patient).is_ok());
    let impatient = Patience {
        handshake: Duration::from_millis(100),
        ..patience()
    };
    failure(
        Engine::start(&spec_slow, impatient),
        Fault::Hung,
        &["said nothing for 0.1 s while starting (before uciok)."],
    );
    // XBoard: done=0 and then done=1 late is waited for; never is not.
    let late = spec(Protocol::Cecp, "--xboard --slow-ms 600", &[]);
    assert!(
        Engine::start(&late, patient).is_ok(),
        "done=0 extends the wait"
    );
    let never = spec(Protocol::Cecp, "--xboard --never-done", &[]);
    failure(
        Engine::start(&never, impatient),
        Fault::Hung,
        &["while starting (before feature done=1)"],
    );
    // No features at all (protocol 1): assumed done after the features'
    // patience, and spoken to without usermove or ping.
    let mut v1 = Engine::start(
        &spec(Protocol::Cecp, "--xboard --no-features", &[]),
        patience(),
    )
    .expect("starts");
    let game = game_after(Variant::Chess, &["e4"]);
    assert_eq!(ask(&mut v1, &game, FAST), Ok(first_legal(&game)));
}

#[test]
fn an_xboard_engine_that_refuses_a_move_resigns_or_claims_is_said_so() {
    let game = game_after(Variant::Chess, &["e4"]);
    let mut refuser = start(Protocol::Cecp, "--xboard --mode refuse", &[]).expect("starts");
    failure(
        ask(&mut refuser, &game, FAST),
        Fault::Refused,
        &["refused the move 'e2e4' of the game (its rules differ from catboard's)."],
    );
    let mut resigner = start(Protocol::Cecp, "--xboard --mode resign", &[]).expect("starts");
    assert_eq!(ask(&mut resigner, &game, FAST), Ok(Answer::Resign));
    let mut claimer = start(Protocol::Cecp, "--xboard --mode claim", &[]).expect("starts");
    failure(
        ask(&mut claimer, &game, FAST),
        Fault::Claimed,
        &["claimed '1/2-1/2 {Draw by agreement}', where catboard's rules go on."],
    );
}

#[test]
fn a_stop_ends_the_wait_at_once_and_the_engine_plays_on_afterwards() {
    for (protocol, args) in [
        (Protocol::Uci, "--uci --mode hang --after 1"),
        (Protocol::Cecp, "--xboard --mode hang --after 1"),
    ] {
        let mut engine = start(protocol, args, &[]).expect("starts");
        let game = game_after(Variant::Chess, &[]);
        assert_eq!(ask(&mut engine, &game, FAST), Ok(first_legal(&game)));
        let stop = AtomicBool::new(true);
        let options = Options::new();
        let started = Instant::now();
        let later = game_after(Variant::Chess, &["e4", "e5"]);
        let answer = engine.best_move(
            &Ask {
                game: &later,
                options: &options,
                budget: Budget::PerMove(Duration::from_secs(60)),
                depth: None,
            },
            &stop,
        );
        assert_eq!(answer, Ok(Answer::Stopped));
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "stopped, not waited out: {:?}",
            started.elapsed()
        );
    }
}
