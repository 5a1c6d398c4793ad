//! Tests of the seats other engines play: the engine asked for the move
//! with the whole game and the time, its move played, its failure said and
//! its seat handed to catboard's computer (the game goes on, never lost
//! to it), its resignation, stale news ignored, and the save.

use super::tests::{against, notation, p, started, stopped, thought, type_move};
use super::*;
use crate::action::Action;
use crate::engines::{EngineNews, EngineRequest};
use crate::table::Player;
use catboard::ai::Level;
use catboard::core::Seat;
use catboard::protocol::engine::{Budget, EngineSpec};

/// The engine requests `effects` make.
fn asked(effects: &[Effect]) -> Vec<EngineRequest> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::AskEngine(r) => Some((**r).clone()),
            _ => None,
        })
        .collect()
}

/// A person (White) against an engine (Black), Strong taking over.
fn against_engine() -> App {
    let mut app = against(Level::Strong);
    let Screen::Playing(p) = &mut app.screen else {
        panic!("playing");
    };
    let mut spec = EngineSpec::parse("uci:stockfish")
        .expect("uci")
        .expect("a command");
    spec.add_option("UCI_Elo=1500").expect("an option");
    p.table.set_engine(Seat::BLACK, spec, Level::Strong);
    app.think_ms = 700;
    app
}

#[test]
fn the_engine_is_asked_with_the_whole_game_and_its_move_played() {
    let mut app = against_engine();
    let effects = type_move(&mut app, "e4");
    assert!(started(&effects).is_empty(), "catboard does not search");
    let [request] = asked(&effects).try_into().expect("one request");
    assert_eq!(request.seat, Seat::BLACK);
    assert_eq!(request.spec.id(), "uci:stockfish");
    assert_eq!(request.spec.option_pairs(), ["UCI_Elo=1500"]);
    assert_eq!(
        request.game.moves_played(),
        p(&app).table.game().moves_played()
    );
    assert_eq!(
        request.budget,
        Budget::PerMove(std::time::Duration::from_millis(700))
    );
    let thinking = p(&app).thinking.clone().expect("thinking");
    assert_eq!((thinking.id, thinking.seat), (request.id, Seat::BLACK));
    // Its move comes back as a reply and is played; saved with the engine.
    let reply = thought(&app, "c5", 0);
    let effects = update(
        &mut app,
        Action::Reply {
            id: request.id,
            thought: reply,
        },
    );
    assert_eq!(notation(&app), ["e4", "c5"]);
    let saved = effects
        .iter()
        .find_map(|e| match e {
            Effect::Save(_, saved) => Some(saved.clone()),
            _ => None,
        })
        .expect("saved");
    assert_eq!(saved.engines.len(), 1);
    // The person's move was refused while the engine thought; the words
    // name the engine.
    let effects = type_move(&mut app, "Nf3");
    let id = asked(&effects)[0].id;
    type_move(&mut app, "a6");
    let said = app.message.clone().expect("refused");
    assert_eq!(
        said.text,
        "Black is played by the engine Stockfish (UCI engine); wait for its move."
    );
    // Undo while it thinks stops the request.
    let effects = update(&mut app, Action::Undo);
    assert_eq!(stopped(&effects), [id]);
}

#[test]
fn a_failed_engine_hands_its_seat_to_catboards_computer_and_the_game_goes_on() {
    let mut app = against_engine();
    let id = asked(&type_move(&mut app, "e4"))[0].id;
    let why = "The engine Stockfish 15.1 stopped running (exit code 3) while choosing its move.";
    let effects = update(
        &mut app,
        Action::EngineNews {
            id,
            seat: Seat::BLACK,
            news: EngineNews::Failed(why.into()),
        },
    );
    let said = app.message.clone().expect("said");
    assert!(said.error);
    assert_eq!(
        said.text,
        format!("{why} catboard's computer (strong) plays Black from now on.")
    );
    assert_eq!(catboard::text::sentence_fault(&said.text), None);
    assert_eq!(p(&app).table.engine(Seat::BLACK), None);
    assert_eq!(
        p(&app).table.player(Seat::BLACK),
        Player::Computer(Level::Strong)
    );
    assert_eq!(p(&app).table.outcome(), None, "the game is not lost to it");
    // catboard's computer thinks at once, at the level given.
    let search = started(&effects).pop().expect("catboard's search");
    assert_eq!(search.limits.depth, Level::Strong.limits().depth);
    let saved = effects
        .iter()
        .find_map(|e| match e {
            Effect::Save(_, saved) => Some(saved.clone()),
            _ => None,
        })
        .expect("saved at once");
    assert!(saved.engines.is_empty(), "the save forgets the engine");
    assert_eq!(saved.players, ["human", "strong"]);
    let reply = thought(&app, "e5", 3);
    update(
        &mut app,
        Action::Reply {
            id: search.id,
            thought: reply,
        },
    );
    assert_eq!(notation(&app), ["e4", "e5"]);
}

#[test]
fn news_about_a_request_no_longer_wanted_is_ignored() {
    let mut app = against_engine();
    let id = asked(&type_move(&mut app, "e4"))[0].id;
    update(&mut app, Action::Undo);
    update(
        &mut app,
        Action::EngineNews {
            id,
            seat: Seat::BLACK,
            news: EngineNews::Failed("The engine x stopped running.".into()),
        },
    );
    assert!(
        p(&app).table.engine(Seat::BLACK).is_some(),
        "still its seat"
    );
    let effects = type_move(&mut app, "d4");
    assert_eq!(asked(&effects).len(), 1, "asked again");
}

#[test]
fn an_engine_that_resigns_loses_the_game() {
    let mut app = against_engine();
    let id = asked(&type_move(&mut app, "e4"))[0].id;
    let effects = update(
        &mut app,
        Action::EngineNews {
            id,
            seat: Seat::BLACK,
            news: EngineNews::Resigned,
        },
    );
    let ending = p(&app).table.outcome().expect("over");
    assert_eq!(ending.winner, Some(Seat::WHITE));
    assert!(asked(&effects).is_empty() && started(&effects).is_empty());
    let said = app.message.clone().expect("said");
    assert!(said.text.contains("Black resigns"), "{}", said.text);
}

#[test]
fn a_new_game_after_one_keeps_the_engine_and_the_setup_names_it() {
    let mut app = against_engine();
    type_move(&mut app, "e4");
    crate::app::tests::keys(&mut app, &[Action::NewGame, Action::Yes]);
    let Screen::Setup(setup) = &app.screen else {
        panic!("the setup screen");
    };
    assert_eq!(
        setup.describe(crate::setup_form::SetupRow::Seat(1)).1,
        "Stockfish (UCI engine)"
    );
    // Off the "resume" row (resuming checks that the engine is installed
    // here, which is another test's matter): a new game.
    assert_eq!(setup.current(), crate::setup_form::SetupRow::Resume);
    update(&mut app, Action::Cursor(crate::action::Dir::Down));
    let effects = update(&mut app, Action::Submit);
    assert!(matches!(app.screen, Screen::Playing(_)));
    assert!(p(&app).table.engine(Seat::BLACK).is_some());
    let _ = effects;
    // Restart keeps it too.
    update(&mut app, Action::Restart);
    assert!(p(&app).table.engine(Seat::BLACK).is_some());
}

#[test]
fn in_a_timed_game_the_engine_is_told_both_clocks() {
    use crate::table::TableSpec;
    use crate::timing::TimeSource;
    use catboard::clock::TimeControl;
    use catboard::protocol::engine::Clocks;
    use std::time::Duration;
    let table = TableGame::new(&TableSpec {
        variant: catboard::variants::Variant::Chess,
        options: catboard::core::Options::new(),
        position: None,
        players: vec![Player::Human, Player::Human],
        time: TimeControl::parse("1+2").expect("a control"),
    })
    .expect("a game");
    let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
    let mut app = App::new(
        Screen::Playing(Box::new(playing)),
        None,
        crate::look::LookChoice::default(),
    );
    let (source, hand) = TimeSource::manual();
    app.time = source;
    if let Screen::Playing(p) = &mut app.screen {
        let spec = EngineSpec::parse("xboard:fairymax")
            .and_then(Result::ok)
            .expect("an engine");
        p.table.set_engine(Seat::BLACK, spec, Level::Club);
    }
    update(&mut app, Action::Tick);
    // White's first move costs nothing (clocks start with it); the
    // engine answers at once, its 2 s increment on.
    let effects = type_move(&mut app, "e4");
    let [first] = asked(&effects).try_into().expect("one request");
    let reply = thought(&app, "e5", 1);
    update(
        &mut app,
        Action::Reply {
            id: first.id,
            thought: reply,
        },
    );
    hand.advance(Duration::from_secs(5));
    let effects = type_move(&mut app, "Nf3");
    let [request] = asked(&effects).try_into().expect("one request");
    assert_eq!(
        request.budget,
        Budget::Clock(Clocks {
            own: Duration::from_secs(62),
            opponent: Duration::from_secs(57),
            own_increment: Duration::from_secs(2),
            opponent_increment: Duration::from_secs(2),
        })
    );
    assert_eq!(request.min_time, Duration::ZERO, "no pause paid for");
}
