//! The line mode against another engine (the fake engine of
//! `examples/fake_engine.rs`): its moves said as any computer's, and when
//! it plays an illegal move, the sentence saying so and catboard's
//! computer playing on in its seat; the game is saved without it.

use super::run;
use crate::session::look::LookChoice;
use crate::session::save::SaveStore;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::{SessionConfig, SpeechChoice, Start};
use catboard::ai::Level;
use catboard::core::{Options, Seat};
use catboard::protocol::engine::{EngineSpec, Protocol};
use catboard::variants::Variant;
use catboard_testkit::Scratch;
use catboard_testkit::fake_engine;
use std::io::Cursor;

#[test]
fn an_engine_that_plays_an_illegal_move_gives_its_seat_to_catboards_computer() {
    let saves = Scratch::empty("line-engine");
    let mut table = TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: None,
        players: vec![Player::Human, Player::Human],
        time: None,
    })
    .expect("chess");
    let spec = EngineSpec {
        protocol: Protocol::Uci,
        command: fake_engine("--uci --mode illegal --after 1"),
        options: vec![("UCI_Elo".into(), "1500".into())],
    };
    table.set_engine(Seat::BLACK, spec, Level::Casual);
    let config = SessionConfig {
        start: Start::Play {
            table: Box::new(table),
            near_side: 0,
            path: None,
        },
        look: LookChoice::default(),
        saves: Some(SaveStore::new(saves.0.clone())),
        notice: None,
        think_ms: 200,
        speech: SpeechChoice::default(),
    };
    let mut out = Vec::new();
    let script = "players\ne4\nd4\nhistory\n";
    run(config, Cursor::new(script.as_bytes().to_vec()), &mut out).expect("the line mode runs");
    let text = String::from_utf8(out).expect("UTF-8");
    for said in [
        "Black is fake_engine (UCI engine)",
        "The engine Fake Engine answered 'a1a1', which is not legal here (",
        "catboard's computer (casual) plays Black from now on.",
    ] {
        assert!(text.contains(said), "{said:?} not in:\n{text}");
    }
    let failed = text
        .lines()
        .position(|l| l.contains("which is not legal here"))
        .expect("the failure said");
    assert!(
        text.lines()
            .skip(failed + 1)
            .any(|l| l.starts_with("Black ")),
        "Black moves after it:\n{text}"
    );
    // The save has catboard's computer in the seat, and no engine.
    let store = SaveStore::new(saves.0.clone());
    let path = store.newest_first().expect("the folder").remove(0);
    let saved = SaveStore::load(&path).expect("a save");
    assert_eq!(saved.players, ["human", "casual"]);
    assert!(saved.engines.is_empty());
    assert!(saved.moves.len() >= 4, "{:?}", saved.moves);
}
