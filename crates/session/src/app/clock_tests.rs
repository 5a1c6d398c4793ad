//! Tests of the clocks at the table, on a clock set by hand: a move takes
//! its time off and adds the increment, a flag falls when the time runs
//! out (before anything else is done), the low-time warning is said
//! once, saves keep the clocks, undo sets them back, a pause stops them,
//! the computer plays by its clock, and the Cats pass once their flag
//! has fallen.

use super::tests::{keys, p, started, type_move};
use super::*;
use crate::action::Action;
use crate::table::{Player, TableSpec};
use crate::timing::{ManualTime, TimeSource};
use catboard::ai::Level;
use catboard::clock::TimeControl;
use catboard::core::{EndReason, Options};
use catboard::variants::Variant;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// A timed game of `variant` between `players` at `control`, on a clock
/// set by hand.
fn timed(variant: Variant, players: Vec<Player>, control: &str) -> (App, ManualTime) {
    let time = TimeControl::parse(control).expect("a control");
    let table = TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: None,
        players,
        time,
    })
    .expect("a game");
    let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
    let mut app = App::new(
        Screen::Playing(Box::new(playing)),
        None,
        LookChoice::default(),
    );
    let (source, hand) = TimeSource::manual();
    app.time = source;
    // The game opens: the first turn's timer starts.
    update(&mut app, Action::Tick);
    (app, hand)
}

fn faces(app: &App) -> Vec<Duration> {
    p(app).clock_faces.clone()
}

#[test]
fn a_move_takes_its_time_off_and_adds_the_increment() {
    let (mut app, hand) = timed(Variant::Chess, vec![Player::Human; 2], "1+2");
    assert_eq!(faces(&app), [secs(60), secs(60)]);
    hand.advance(secs(5));
    update(&mut app, Action::Tick);
    assert_eq!(
        faces(&app),
        [secs(60), secs(60)],
        "no clock runs before the game's first move"
    );
    type_move(&mut app, "e4");
    assert_eq!(faces(&app), [secs(60), secs(60)], "the first move is free");
    hand.advance(secs(10));
    update(&mut app, Action::Tick);
    assert_eq!(faces(&app), [secs(60), secs(50)], "Black's clock runs");
    type_move(&mut app, "e5");
    assert_eq!(faces(&app), [secs(60), secs(52)], "10 s off, 2 s on");
    hand.advance(secs(5));
    type_move(&mut app, "Nf3");
    assert_eq!(faces(&app), [secs(57), secs(52)]);
    assert_eq!(
        p(&app).table.clock_readings(),
        [Some(secs(60)), Some(secs(52)), Some(secs(57))]
    );
}

#[test]
fn a_computers_first_move_is_timed() {
    let (mut app, hand) = timed(
        Variant::Chess,
        vec![Player::Computer(Level::Club), Player::Human],
        "1+0",
    );
    hand.advance(secs(3));
    update(&mut app, Action::Tick);
    assert_eq!(faces(&app), [secs(57), secs(60)], "White's clock runs");
}

#[test]
fn the_flag_falls_when_the_time_runs_out_and_no_move_comes_after_it() {
    let (mut app, hand) = timed(Variant::Chess, vec![Player::Human; 2], "0.5+0");
    type_move(&mut app, "e4");
    hand.advance(secs(29));
    update(&mut app, Action::Tick);
    assert!(p(&app).table.outcome().is_none());
    let warned = app
        .events
        .iter()
        .filter(|e| e.text.contains("left."))
        .count();
    assert_eq!(warned, 1, "the low-time warning, once");
    update(&mut app, Action::Tick);
    let warned = app
        .events
        .iter()
        .filter(|e| e.text.contains("left."))
        .count();
    assert_eq!(warned, 1, "and not again");
    hand.advance(secs(2));
    // A move typed after the flag fell: the flag falls first.
    type_move(&mut app, "e5");
    let outcome = p(&app).table.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat(0)), EndReason::Time)
    );
    assert_eq!(p(&app).table.notation().last(), Some("Black's flag fell"));
    assert_eq!(faces(&app)[1], Duration::ZERO);
    let said = app
        .events
        .iter()
        .any(|e| e.text.contains("Black's flag fell; White wins"));
    assert!(said, "{:?}", app.events);
    // Undo takes the flag back; the clock reads what it did before.
    update(&mut app, Action::Undo);
    assert!(p(&app).table.outcome().is_none());
    assert_eq!(faces(&app)[1], secs(30));
}

#[test]
fn a_flag_with_nothing_to_mate_on_the_other_side_is_a_draw() {
    let time = TimeControl::parse("1+0").expect("a control");
    let table = TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into()),
        players: vec![Player::Human; 2],
        time,
    })
    .expect("a game");
    let mut app = App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, None))),
        None,
        LookChoice::default(),
    );
    let (source, hand) = TimeSource::manual();
    app.time = source;
    update(&mut app, Action::Tick);
    // The clocks start with the first move.
    type_move(&mut app, "Kd1");
    type_move(&mut app, "Kd8");
    hand.advance(secs(61));
    update(&mut app, Action::Tick);
    let outcome = p(&app).table.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::TimeAgainstMaterial)
    );
}

#[test]
fn a_save_keeps_the_clocks_and_the_turn_so_far_and_reads_back() {
    let (mut app, hand) = timed(Variant::Chess, vec![Player::Human; 2], "5+3");
    // The first move is free: the clocks start with it.
    type_move(&mut app, "e4");
    hand.advance(secs(20));
    type_move(&mut app, "e5");
    hand.advance(secs(7));
    let effects = update(&mut app, Action::Quit);
    let Some(Effect::Save(_, saved)) = effects.iter().find(|e| matches!(e, Effect::Save(..)))
    else {
        panic!("saved on quit: {effects:?}");
    };
    assert_eq!(saved.time.as_deref(), Some("5+3"));
    assert_eq!(saved.clocks, [300_000, 283_000]);
    assert_eq!(saved.turn_ms, Some(7_000), "White's turn so far");
    // Read back (time while catboard was not running is not counted):
    // White's clock goes on from 300 - 7 s.
    let table = TableGame::from_saved(saved).expect("reads back");
    let mut resumed = App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, None))),
        None,
        LookChoice::default(),
    );
    let (source, hand) = TimeSource::manual();
    resumed.time = source;
    update(&mut resumed, Action::Tick);
    assert_eq!(faces(&resumed), [secs(293), secs(283)]);
    hand.advance(secs(3));
    type_move(&mut resumed, "Nf3");
    assert_eq!(faces(&resumed), [secs(293), secs(283)], "10 s off, 3 on");
}

#[test]
fn a_pause_stops_the_clocks() {
    let (mut app, hand) = timed(
        Variant::Chess,
        vec![Player::Computer(Level::Club), Player::Human],
        "1+0",
    );
    update(&mut app, Action::PauseComputer);
    hand.advance(secs(100));
    update(&mut app, Action::Tick);
    assert!(p(&app).table.outcome().is_none(), "no flag while paused");
    assert_eq!(faces(&app)[0], secs(60));
    update(&mut app, Action::PauseComputer);
    hand.advance(secs(1));
    update(&mut app, Action::Tick);
    assert_eq!(faces(&app)[0], secs(59));
}

#[test]
fn the_computer_thinks_by_its_clock() {
    let (mut app, _hand) = timed(
        Variant::Chess,
        vec![Player::Human, Player::Computer(Level::Master)],
        "1+1",
    );
    let effects = type_move(&mut app, "e4");
    let requests = started(&effects);
    let limits = requests.first().expect("Black thinks").limits.clone();
    let budget = catboard::clock::think_budget(secs(60), secs(1), None);
    assert_eq!(limits.time, Some(budget));
    assert!(budget < ms(3_000), "{budget:?}");
    assert_eq!(requests[0].min_time, Duration::ZERO);
}

#[test]
fn the_cats_pass_on_every_turn_once_their_flag_has_fallen() {
    let (mut app, hand) = timed(Variant::Cat, vec![Player::Human; 3], "0.1+0");
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    hand.advance(secs(7));
    update(&mut app, Action::Tick);
    let table = &p(&app).table;
    assert!(table.outcome().is_none(), "the game goes on");
    assert_eq!(
        table.notation().collect::<Vec<_>>(),
        ["e4", "e5", "Cats' flag fell", "Cats pass"]
    );
    assert_eq!(table.game().to_move(), Seat(0));
    type_move(&mut app, "Nf3");
    type_move(&mut app, "Nc6");
    assert_eq!(
        p(&app).table.notation().last(),
        Some("Cats pass"),
        "and again, at once"
    );
    let said = app
        .events
        .iter()
        .any(|e| e.text.contains("they pass from now on"));
    assert!(said);
}

#[test]
fn untimed_games_have_no_clock_and_nothing_wakes_them() {
    let mut app = super::tests::playing(None);
    keys(&mut app, &[Action::Tick]);
    assert!(p(&app).clock_faces.is_empty());
    assert_eq!(app.clock_wake(true), None);
}

#[test]
fn the_wake_comes_when_the_shown_time_changes_or_a_flag_is_due() {
    let (mut app, hand) = timed(Variant::Chess, vec![Player::Human; 2], "1+0");
    // The clocks start with the first move.
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    hand.advance(ms(300));
    update(&mut app, Action::Tick);
    assert_eq!(app.clock_wake(true), Some(ms(700)), "the next whole second");
    assert_eq!(app.clock_wake(false), Some(ms(49_700)), "the low-time mark");
    hand.advance(ms(50_000));
    update(&mut app, Action::Tick);
    assert_eq!(
        app.clock_wake(true),
        Some(ms(100)),
        "tenths under ten seconds"
    );
    assert_eq!(app.clock_wake(false), Some(ms(9_700)), "the flag");
}

#[test]
fn where_the_game_is_kept_elsewhere_the_clocks_are_only_shown() {
    let (mut app, hand) = timed(Variant::Chess, vec![Player::Human; 2], "1+0");
    // The clocks start with the first move.
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    app.kept_elsewhere = true;
    // A copy from the keeper carries the 20 s White has had so far.
    if let Screen::Playing(p) = &mut app.screen {
        p.table.set_carried(secs(20));
        p.timer = crate::timing::TurnTimer::default();
    }
    update(&mut app, Action::Tick);
    assert_eq!(faces(&app), [secs(40), secs(60)], "the keeper's time shown");
    hand.advance(secs(45));
    update(&mut app, Action::Tick);
    assert!(p(&app).table.outcome().is_none(), "no flag played here");
    assert_eq!(faces(&app)[0], Duration::ZERO);
    assert_eq!(
        app.clock_wake(true),
        None,
        "nothing to wake for till the keeper says"
    );
    // A move made here is asked of the keeper, which times it: the record
    // here changes only when the keeper's record comes.
    let effects = type_move(&mut app, "Nf3");
    let nf3 = p(&app).table.game().parse_move("Nf3").expect("legal");
    assert_eq!(
        effects,
        [Effect::Ask(crate::keeper::Intent::Play(nf3))],
        "the move, not a flag"
    );
    assert_eq!(p(&app).table.ply(), 2);
}
