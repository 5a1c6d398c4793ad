//! One suite of table behaviours, run against both keepers of a game:
//! the local keeper (an App's own record, as the screen and the line mode
//! keep it) and the server's table keeper (the hub). Each behaviour is
//! written once, over a [`Bench`]; `for_both_keepers!` runs it on each.
//! A move accepted, an illegal move refused with its reason, a
//! computer's reply, a flag falling, a draw offer answered and a
//! retirement must come out the same, whoever keeps the game. Both
//! clocks move by hand: nothing here waits on the time, except for a
//! computer's search at the hub (on its own threads), waited for with a
//! deadline so a broken keeper fails rather than hangs.

use super::hub::Shared;
use super::hub::tests::{HubScratch, sit, who};
use super::table_keeper::TableKeeper;
use crate::session::action::Action;
use crate::session::app::{App, Effect, Playing, Screen, update};
use crate::session::keeper::{Answer, Intent, Keeper, LocalKeeper, Record};
use crate::session::look::LookChoice;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::timing::{ManualTime, TimeSource};
use catboard::ai::Level;
use catboard::clock::TimeControl;
use catboard::core::{EndReason, Game, Move, Options, Retire, Seat};
use catboard::variants::Variant;
use catboard_testkit::Scratch;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A table of chess under one keeper, as the suite drives it.
trait Bench: Sized {
    /// A game of chess between `players` (a person at a seat asks
    /// through the keeper), timed at `control` when given, from the
    /// start.
    fn open(players: Vec<Player>, control: Option<&str>) -> Self;
    /// The person at seat `seat` asks `intent`: the keeper's answer.
    fn ask(&mut self, seat: usize, intent: Intent) -> Answer;
    /// The record as the keeper has it.
    fn record(&mut self) -> Record;
    /// `time` passes on the keeper's clock, and the keeper looks at it.
    fn pass(&mut self, time: Duration);
    /// The record once the computers have played up to ply `ply` (or
    /// given up trying).
    fn settled(&mut self, ply: usize) -> Record;
}

fn table(players: Vec<Player>, control: Option<&str>) -> TableGame {
    TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: None,
        players,
        time: control.and_then(|c| TimeControl::parse(c).expect("a control")),
    })
    .expect("chess")
}

/// The game an App holds, kept by its [`LocalKeeper`]; the searches it
/// asks for run here, one after another.
struct Local {
    app: App,
    hand: ManualTime,
    searches: Vec<Effect>,
}

impl Local {
    /// Runs `action` through `update`, keeping the searches it starts.
    fn act(&mut self, action: Action) {
        let effects = update(&mut self.app, action);
        self.searches.extend(
            effects
                .into_iter()
                .filter(|e| matches!(e, Effect::Think(_))),
        );
    }
}

impl Bench for Local {
    fn open(players: Vec<Player>, control: Option<&str>) -> Local {
        let playing = Playing::new(table(players, control), 0, None);
        let mut app = App::new(
            Screen::Playing(Box::new(playing)),
            None,
            LookChoice::default(),
        );
        let (source, hand) = TimeSource::manual();
        app.time = source;
        let mut local = Local {
            app,
            hand,
            searches: Vec::new(),
        };
        // The game opens: the first turn's timer starts, a computer to
        // move starts thinking.
        local.act(Action::Tick);
        local
    }

    /// At one screen the person at the keyboard plays every human seat.
    fn ask(&mut self, _seat: usize, intent: Intent) -> Answer {
        self.act(Action::Ask(intent));
        match self.app.message.take() {
            Some(m) if m.error => Answer::Refused(m.text),
            _ => Answer::Done,
        }
    }

    fn record(&mut self) -> Record {
        LocalKeeper::new(&mut self.app)
            .record()
            .expect("a game is played")
    }

    fn pass(&mut self, time: Duration) {
        self.hand.advance(time);
        self.act(Action::Tick);
    }

    fn settled(&mut self, ply: usize) -> Record {
        while self.record().table.ply() < ply {
            let Some(Effect::Think(request)) = self.searches.pop() else {
                break;
            };
            let thought = catboard::ai::think(
                &request.game,
                &request.limits,
                &AtomicBool::new(false),
                |_| {},
            );
            self.act(Action::Reply {
                id: request.id,
                thought,
            });
        }
        self.record()
    }
}

/// The table `t` at a hub on a scratch store, kept by its
/// [`TableKeeper`]: the person at seat `s` is connection `s + 1`.
struct Hub {
    _dir: Scratch,
    shared: Arc<Shared>,
    hand: ManualTime,
    people: Vec<usize>,
}

/// The identity of the person at seat `seat`.
fn person(seat: usize) -> String {
    format!("key:{seat}")
}

impl Bench for Hub {
    fn open(players: Vec<Player>, control: Option<&str>) -> Hub {
        let dir = Scratch::new("keeper");
        // The suite holds the keepers to the policy they share; the
        // server's own wait for a first move (which aborts a game nobody
        // starts) is the hub's, tested there.
        let (shared, hand) = dir.timed_hub_with(crate::serve::limits::Limits {
            first_move_wait: Duration::from_secs(24 * 60 * 60),
            ..Default::default()
        });
        let people: Vec<usize> = (0..players.len())
            .filter(|&s| players[s] == Player::Human)
            .collect();
        shared
            .create("t", table(players, control), &who(&person(0)), 100)
            .expect("made");
        for &seat in &people {
            sit(&shared, "t", seat as u64 + 1, &person(seat));
        }
        Hub {
            _dir: dir,
            shared,
            hand,
            people,
        }
    }

    fn ask(&mut self, seat: usize, intent: Intent) -> Answer {
        assert!(self.people.contains(&seat), "a person sits at seat {seat}");
        let (conn, who) = (seat as u64 + 1, who(&person(seat)));
        TableKeeper::new(self.shared.clone(), "t", conn, who).ask(intent)
    }

    fn record(&mut self) -> Record {
        self.shared.view("t").expect("the table")
    }

    fn pass(&mut self, time: Duration) {
        self.hand.advance(time);
        self.shared.tick();
    }

    fn settled(&mut self, ply: usize) -> Record {
        // The hub's computers search on its own threads.
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let record = self.record();
            if record.table.ply() >= ply || Instant::now() > deadline {
                return record;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The move `text` in the game as `record` has it.
fn mv(record: &Record, text: &str) -> Move {
    record.table.game().parse_move(text).expect("a legal move")
}

/// The person to move at `bench` plays `text`, which is done.
fn play(bench: &mut impl Bench, seat: usize, text: &str) {
    let record = bench.record();
    let answer = bench.ask(seat, Intent::Play(mv(&record, text)));
    assert_eq!(answer, Answer::Done, "{text}");
}

/// Whether `answer` is a refusal.
fn refused(answer: &Answer) -> bool {
    matches!(answer, Answer::Refused(_))
}

fn a_move_is_accepted_and_recorded<B: Bench>() {
    let mut bench = B::open(vec![Player::Human; 2], None);
    let e4 = mv(&bench.record(), "e4");
    assert_eq!(bench.ask(0, Intent::Play(e4)), Answer::Done);
    let record = bench.record();
    assert_eq!(record.table.ply(), 1);
    assert_eq!(record.table.last_move(), Some(e4));
    assert_eq!(record.table.game().to_move(), Seat::BLACK);
    assert!(record.table.outcome().is_none());
}

fn an_illegal_move_is_refused_with_its_reason_and_changes_nothing<B: Bench>() {
    let mut bench = B::open(vec![Player::Human; 2], None);
    let e4 = mv(&bench.record(), "e4");
    play(&mut bench, 0, "e4");
    // White's move again, for Black: no pawn stands on e2 any more.
    assert_eq!(
        bench.ask(1, Intent::Play(e4)),
        Answer::Refused("That move is not legal here.".into())
    );
    let record = bench.record();
    assert_eq!(
        (record.table.ply(), record.table.last_move()),
        (1, Some(e4))
    );
}

fn the_computer_replies_to_a_persons_move<B: Bench>() {
    let mut bench = B::open(vec![Player::Human, Player::Computer(Level::Casual)], None);
    play(&mut bench, 0, "e4");
    let record = bench.settled(2);
    assert_eq!(record.table.ply(), 2, "the computer has answered");
    assert_eq!(record.table.last_mover(), Some(Seat::BLACK));
    assert_eq!(bench.settled(3).table.ply(), 2, "and waits for the person");
}

fn a_flag_falls_when_the_time_runs_out_and_no_move_comes_after<B: Bench>() {
    let mut bench = B::open(vec![Player::Human; 2], Some("1+0"));
    bench.pass(Duration::from_secs(90));
    play(&mut bench, 0, "e4");
    assert!(
        bench.record().table.outcome().is_none(),
        "no clock runs before the first move"
    );
    bench.pass(Duration::from_secs(59));
    assert!(bench.record().table.outcome().is_none(), "a second left");
    bench.pass(Duration::from_secs(1));
    let record = bench.record();
    let outcome = record.table.outcome().expect("Black's flag fell");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Time, Some(Seat::WHITE))
    );
    let e5 = mv(&record, "e5");
    let answer = bench.ask(1, Intent::Play(e5));
    assert!(
        matches!(&answer, Answer::Refused(why) if why.starts_with("The game is over")),
        "{answer:?}"
    );
    assert_eq!(bench.record().table.ply(), 2, "e4 and the flag");
}

fn a_draw_offered_is_declined_then_agreed<B: Bench>() {
    let mut bench = B::open(vec![Player::Human; 2], None);
    play(&mut bench, 0, "e4");
    play(&mut bench, 1, "e5");
    assert_eq!(bench.ask(0, Intent::OfferDraw), Answer::Done);
    assert_eq!(bench.record().draw_offer, Some(Seat::WHITE));
    assert_eq!(bench.ask(1, Intent::AnswerDraw(false)), Answer::Done);
    let record = bench.record();
    assert_eq!(record.draw_offer, None, "the offer is answered");
    assert!(record.table.outcome().is_none(), "declined: play on");
    assert!(
        refused(&bench.ask(1, Intent::AnswerDraw(true))),
        "no offer waits"
    );
    play(&mut bench, 0, "Nf3");
    assert_eq!(bench.ask(1, Intent::OfferDraw), Answer::Done);
    assert_eq!(bench.record().draw_offer, Some(Seat::BLACK));
    assert_eq!(bench.ask(0, Intent::AnswerDraw(true)), Answer::Done);
    let record = bench.record();
    let outcome = record.table.outcome().expect("agreed");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Agreement, None)
    );
    assert_eq!(record.table.last_move(), Some(Retire::Agreement.to_move()));
    assert_eq!(record.draw_offer, None);
}

fn a_resignation_ends_the_game_for_the_other_side<B: Bench>() {
    let mut bench = B::open(vec![Player::Human; 2], None);
    play(&mut bench, 0, "e4");
    assert_eq!(bench.ask(1, Intent::Resign), Answer::Done);
    let record = bench.record();
    let outcome = record.table.outcome().expect("resigned");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Resignation, Some(Seat::WHITE))
    );
    assert!(refused(&bench.ask(0, Intent::Resign)), "the game is over");
    assert_eq!(bench.record().table.ply(), 2, "e4 and the resignation");
}

/// Runs each behaviour named against the local keeper and the table
/// keeper, as a test of its own in each.
macro_rules! for_both_keepers {
    ($($behaviour:ident),* $(,)?) => {
        mod local {
            $(#[test] fn $behaviour() { super::$behaviour::<super::Local>(); })*
        }
        mod table {
            $(#[test] fn $behaviour() { super::$behaviour::<super::Hub>(); })*
        }
    };
}

for_both_keepers!(
    a_move_is_accepted_and_recorded,
    an_illegal_move_is_refused_with_its_reason_and_changes_nothing,
    the_computer_replies_to_a_persons_move,
    a_flag_falls_when_the_time_runs_out_and_no_move_comes_after,
    a_draw_offered_is_declined_then_agreed,
    a_resignation_ends_the_game_for_the_other_side,
);
