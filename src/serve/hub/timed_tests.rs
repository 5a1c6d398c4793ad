//! The hub as the time authority, and what goes through it besides moves:
//! flags falling on its tick, clocks kept per move and across a restart,
//! resignations and draws checked, quick pairing, rematches and archived
//! games read back. The hub's clock is moved by hand: nothing here waits
//! on the time.

use super::tests::{HubScratch, chess, game, mv, play_fools_mate, sit, timed_chess, who};
use super::*;
use crate::session::table::{Player, TableSpec};
use catboard::clock::TimeControl;
use catboard::core::{Departure, EndReason, Options, Retire};
use catboard::variants::Variant;
use catboard_testkit::Scratch;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn said(mailbox: &Mailbox) -> Vec<String> {
    mailbox
        .take()
        .notices
        .into_iter()
        .map(|n| n.text.plain())
        .collect()
}

fn left(shared: &Shared, name: &str, seat: usize) -> Duration {
    let view = shared.view(name).expect("a table");
    view.table.clocks().expect("timed").left(seat)
}

fn control(text: &str) -> TimeControl {
    TimeControl::parse(text)
        .ok()
        .flatten()
        .expect("a time control")
}

fn resign(seat: u8) -> Move {
    Retire::Leave(Seat(seat), Departure::Resigned).to_move()
}

/// Waits (up to 20 s) for `done` to hold of table `name`.
fn wait_for(shared: &Shared, name: &str, done: impl Fn(&Record) -> bool) -> Record {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let view = shared.view(name).expect("a table");
        if done(&view) || Instant::now() > deadline {
            return view;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn moves_are_charged_the_hubs_time_and_a_flag_falls_on_its_tick_while_both_are_idle() {
    let dir = Scratch::new("flag");
    let (shared, hand) = dir.timed_hub();
    shared
        .create("t", timed_chess("1+2"), &who("key:a"), 100)
        .expect("made");
    let _ann = sit(&shared, "t", 1, "key:a");
    let bob = sit(&shared, "t", 2, "key:b");
    hand.advance(secs(9));
    shared.play("t", 1, mv(&shared, "t", "e4")).expect("e4");
    assert_eq!(left(&shared, "t", 0), secs(60), "the first move is free");
    hand.advance(secs(5));
    shared.play("t", 2, mv(&shared, "t", "e5")).expect("e5");
    hand.advance(secs(7));
    shared.play("t", 1, mv(&shared, "t", "Nf3")).expect("Nf3");
    assert_eq!(left(&shared, "t", 0), secs(55), "60 - 7 + 2");
    assert_eq!(left(&shared, "t", 1), secs(57), "60 - 5 + 2");
    hand.advance(secs(56));
    shared.tick();
    let view = shared.view("t").expect("a table");
    assert!(view.table.outcome().is_none(), "Black has a second left");
    assert_eq!(
        view.table.carried(),
        secs(56),
        "the turn so far, for the screens"
    );
    bob.take();
    hand.advance(secs(1));
    shared.tick();
    let view = shared.view("t").expect("a table");
    let outcome = view.table.outcome().expect("the flag fell");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Time, Some(Seat::WHITE))
    );
    assert_eq!(view.table.clocks().map(|c| c.left(1)), Some(Duration::ZERO));
    let mail = bob.take();
    assert!(mail.table, "the players see the flag");
    assert!(
        mail.notices
            .iter()
            .any(|n| n.text.plain().starts_with("Kept as game 1")),
        "{:?}",
        mail.notices
    );
    let archived = shared.store.archived(1).expect("read").expect("archived");
    assert!(
        archived.game.ending().contains("flag fell"),
        "{}",
        archived.game.ending()
    );
    assert_eq!(archived.game.time_control.as_deref(), Some("1+2"));
}

#[test]
fn a_move_that_comes_after_the_time_ran_out_is_the_flag_instead() {
    let dir = Scratch::new("late");
    let (shared, hand) = dir.timed_hub();
    shared
        .create("t", timed_chess("1+0"), &who("key:a"), 100)
        .expect("made");
    sit(&shared, "t", 1, "key:a");
    sit(&shared, "t", 2, "key:b");
    hand.advance(secs(61));
    // No clock runs before the first move.
    let e4 = mv(&shared, "t", "e4");
    shared.play("t", 1, e4).expect("handled");
    assert_eq!(
        shared.view("t").map(|v| v.table.last_move()),
        Some(Some(e4))
    );
    hand.advance(secs(61));
    // The tick has not come yet; the move is timed by the hub all the same.
    let e5 = mv(&shared, "t", "e5");
    shared.play("t", 2, e5).expect("handled");
    let view = shared.view("t").expect("a table");
    assert_eq!(view.table.ply(), 2);
    assert_ne!(view.table.last_move(), Some(e5), "not played");
    assert_eq!(
        view.table.outcome().map(|o| o.reason),
        Some(EndReason::Time)
    );
}

#[test]
fn clocks_are_kept_with_each_move_and_a_restart_does_not_count_its_downtime() {
    let dir = Scratch::new("restart-clocks");
    {
        let (shared, hand) = dir.timed_hub();
        shared
            .create("t", timed_chess("5+3"), &who("key:a"), 100)
            .expect("made");
        sit(&shared, "t", 1, "key:a");
        sit(&shared, "t", 2, "key:b");
        hand.advance(secs(10));
        shared.play("t", 1, mv(&shared, "t", "e4")).expect("e4");
        hand.advance(secs(20));
        shared.play("t", 2, mv(&shared, "t", "e5")).expect("e5");
        let db = rusqlite::Connection::open(dir.0.join("catboard.db")).expect("the database");
        let kept: Vec<i64> = db
            .prepare("SELECT clock_ms FROM live_moves WHERE tbl = 't' ORDER BY ply")
            .expect("a query")
            .query_map([], |r| r.get(0))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("read");
        assert_eq!(
            kept,
            [300_000, 283_000],
            "each move's clock, kept with it (the first move free)"
        );
        // A crash here would lose nothing but the turn under way.
        drop(shared);
        let (again, hand) = dir.timed_hub();
        assert_eq!(left(&again, "t", 0), secs(300));
        assert_eq!(left(&again, "t", 1), secs(283));
        hand.advance(secs(7));
        assert_eq!(
            again.stop_clocks(),
            1,
            "the server stops, 7 s into White's turn"
        );
    }
    // Back up, however long later: the 7 s are carried, nothing more.
    let (shared, hand) = dir.timed_hub();
    let view = shared.view("t").expect("brought back");
    assert_eq!(view.table.carried(), secs(7));
    sit(&shared, "t", 1, "key:a");
    hand.advance(secs(3));
    shared.play("t", 1, mv(&shared, "t", "Nf3")).expect("Nf3");
    assert_eq!(left(&shared, "t", 0), secs(293), "300 - 7 - 3 + 3");
    drop(shared);
    let (again, _) = dir.timed_hub();
    let view = again.view("t").expect("brought back");
    assert_eq!(view.table.carried(), Duration::ZERO, "a new turn since");
    assert_eq!(left(&again, "t", 0), secs(293));
}

#[test]
fn a_player_resigns_their_own_seat_only_and_no_flag_or_agreement_comes_from_a_client() {
    let dir = Scratch::new("resign");
    let (shared, _) = dir.timed_hub();
    shared
        .create("t", chess(), &who("key:a"), 100)
        .expect("made");
    sit(&shared, "t", 1, "key:a");
    let bob = sit(&shared, "t", 2, "key:b");
    let carol = Arc::new(Mailbox::new());
    shared
        .join("t", 3, &who("key:c"), carol, false, None)
        .expect("watching");
    let err = shared.play("t", 1, resign(1)).expect_err("not hers");
    assert!(err.contains("only Black can resign"), "{err}");
    let flag = Retire::Leave(Seat::BLACK, Departure::Flagged).to_move();
    let err = shared.play("t", 1, flag).expect_err("a fake flag");
    assert!(err.contains("server's clock"), "{err}");
    let err = shared
        .play("t", 2, Retire::Agreement.to_move())
        .expect_err("no offer");
    assert!(err.contains("No draw has been offered"), "{err}");
    let err = shared.play("t", 3, resign(0)).expect_err("a spectator");
    assert!(err.contains("watching"), "{err}");
    assert_eq!(shared.view("t").map(|v| v.table.ply()), Some(0));
    bob.take();
    shared.play("t", 1, resign(0)).expect("she resigns");
    let outcome = shared
        .view("t")
        .and_then(|v| v.table.outcome())
        .expect("over");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Resignation, Some(Seat::BLACK))
    );
    assert!(bob.take().table, "Black sees it");
    let archived = shared.store.archived(1).expect("read").expect("archived");
    assert_eq!(
        (archived.game.result.as_str(), archived.game.rated),
        ("*", false),
        "a resignation before each player has moved aborts the game"
    );
}

#[test]
fn a_draw_offered_goes_to_the_other_army_within_its_budget_and_only_it_agrees() {
    let dir = Scratch::new("draw");
    let (shared, hand) = dir.timed_hub();
    shared
        .create("t", timed_chess("5+3"), &who("key:a"), 100)
        .expect("made");
    let ann = sit(&shared, "t", 1, "key:a");
    let bob = sit(&shared, "t", 2, "key:b");
    let carol = Arc::new(Mailbox::new());
    shared
        .join("t", 3, &who("key:c"), carol.clone(), false, None)
        .expect("watching");
    let err = shared.offer_draw("t", 2).expect_err("Black, off turn");
    assert!(err.contains("own turn"), "{err}");
    assert!(
        shared
            .offer_draw("t", 3)
            .expect_err("a spectator")
            .contains("watching")
    );
    said(&bob);
    said(&carol);
    shared.offer_draw("t", 1).expect("White offers");
    assert_eq!(said(&bob), ["White offers a draw; Black answers y or n."]);
    assert_eq!(said(&carol), ["White offers a draw; Black answers y or n."]);
    assert_eq!(
        shared.view("t").and_then(|v| v.draw_offer),
        Some(Seat::WHITE)
    );
    let err = shared.offer_draw("t", 1).expect_err("one at a time");
    assert!(err.contains("waiting for its answer"), "{err}");
    let err = shared
        .play("t", 1, Retire::Agreement.to_move())
        .expect_err("her own");
    assert!(err.contains("You offered the draw"), "{err}");
    assert!(shared.decline_draw("t", 1).is_err(), "not hers to decline");
    // The offer stands while White moves, and Black moving declines it.
    shared.play("t", 1, mv(&shared, "t", "e4")).expect("e4");
    assert_eq!(
        shared.view("t").and_then(|v| v.draw_offer),
        Some(Seat::WHITE)
    );
    shared.play("t", 2, mv(&shared, "t", "e5")).expect("e5");
    assert_eq!(shared.view("t").and_then(|v| v.draw_offer), None);
    let err = shared.offer_draw("t", 1).expect_err("too soon");
    assert!(err.contains("you may offer again in"), "{err}");
    hand.advance(secs(31));
    shared.offer_draw("t", 1).expect("again");
    said(&ann);
    said(&bob);
    shared.decline_draw("t", 2).expect("Black declines");
    assert_eq!(said(&ann), ["Black declines the draw."]);
    assert!(said(&bob).is_empty(), "Black said it on his own screen");
    hand.advance(secs(31));
    shared.offer_draw("t", 1).expect("a third time");
    shared
        .play("t", 2, Retire::Agreement.to_move())
        .expect("Black accepts");
    let outcome = shared
        .view("t")
        .and_then(|v| v.table.outcome())
        .expect("over");
    assert_eq!(outcome.reason, EndReason::Agreement);
    assert_eq!(shared.view("t").and_then(|v| v.draw_offer), None);
}

#[test]
fn a_computer_judges_a_draw_offered_by_its_search() {
    let dir = Scratch::new("judge");
    let (shared, _) = dir.timed_hub();
    // Black, the computer, a queen up, and then a queen down.
    for (name, fen, takes) in [
        (
            "up",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
            false,
        ),
        (
            "down",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            true,
        ),
    ] {
        let table = TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: Some(fen.into()),
            players: vec![Player::Human, Player::Computer(catboard::ai::Level::Casual)],
            time: None,
        })
        .expect("a position");
        shared
            .create(name, table, &who("key:a"), 100)
            .expect("made");
        let ann = sit(&shared, name, 1, "key:a");
        shared.offer_draw(name, 1).expect("offered");
        let view = wait_for(&shared, name, |v| v.draw_offer.is_none());
        assert_eq!(view.draw_offer, None, "{name}: answered");
        let agreed = view.table.outcome().map(|o| o.reason) == Some(EndReason::Agreement);
        assert_eq!(agreed, takes, "{name}");
        let words = said(&ann);
        let answer = if takes {
            "Black accepts the draw."
        } else {
            "Black declines the draw."
        };
        assert!(words.iter().any(|w| w == answer), "{name}: {words:?}");
    }
}

#[test]
fn once_the_cats_flag_falls_the_hub_passes_for_them() {
    let dir = Scratch::new("cats");
    let (shared, hand) = dir.timed_hub();
    let table = TableGame::new(&TableSpec {
        variant: Variant::Cat,
        options: Options::new(),
        position: None,
        players: vec![Player::Human; 3],
        time: Some(control("1+0")),
    })
    .expect("Cat Chess");
    shared.create("c", table, &who("key:a"), 100).expect("made");
    for (conn, id) in [(1, "key:a"), (2, "key:b"), (3, "key:c")] {
        sit(&shared, "c", conn, id);
    }
    let to_move = |shared: &Shared| shared.view("c").map(|v| v.table.game().to_move().0);
    // Play on until the Cats are to move.
    while to_move(&shared) != Some(2) {
        let view = shared.view("c").expect("a table");
        let seat = view.table.game().to_move().0;
        let first = view.table.game().legal_move_list()[0];
        shared
            .play("c", u64::from(seat) + 1, first)
            .expect("played");
    }
    hand.advance(secs(61));
    shared.tick();
    let view = wait_for(&shared, "c", |v| v.table.game().to_move().0 != 2);
    assert!(view.table.outcome().is_none(), "the game goes on");
    let fell = view
        .table
        .moves()
        .find_map(Retire::of)
        .expect("the Cats' flag");
    assert_eq!(fell, Retire::Leave(Seat(2), Departure::Flagged));
    // Each later turn of theirs is passed by the hub.
    let passes = |v: &Record| v.table.moves().filter(|m| m.is_pass()).count();
    let before = passes(&view);
    while to_move(&shared) != Some(2) {
        let view = shared.view("c").expect("a table");
        if view.table.outcome().is_some() {
            return;
        }
        let seat = view.table.game().to_move().0;
        let first = view.table.game().legal_move_list()[0];
        shared
            .play("c", u64::from(seat) + 1, first)
            .expect("played");
    }
    let view = wait_for(&shared, "c", |v| v.table.game().to_move().0 != 2);
    assert_eq!(passes(&view), before + 1, "the hub passed for the Cats");
}

#[test]
fn quick_games_pair_the_waiting_and_offer_the_computer_after_a_while() {
    let dir = Scratch::new("quick");
    let (shared, hand) = dir.timed_hub();
    let five = control("5+3");
    let (ma, mb, mc) = (
        Arc::new(Mailbox::new()),
        Arc::new(Mailbox::new()),
        Arc::new(Mailbox::new()),
    );
    shared
        .seek(1, &who("key:a"), ma.clone(), Variant::Chess, five)
        .expect("waits");
    assert!(shared.seek_status(1).is_some());
    assert_eq!(ma.take().go_to, None, "nobody yet");
    shared
        .seek(3, &who("key:c"), mc.clone(), Variant::Polar, five)
        .expect("waits for another game");
    shared
        .seek(2, &who("key:b"), mb.clone(), Variant::Chess, five)
        .expect("waits");
    let name = ma.take().go_to.expect("sent to a table");
    assert_eq!(mb.take().go_to.as_deref(), Some(name.as_str()));
    assert_eq!(name, "quick-1");
    assert_eq!(shared.seek_status(1), None, "no longer waiting");
    let view = shared.view(&name).expect("made");
    assert_eq!(view.table.time_control(), Some(five));
    let mut people: Vec<String> = view.people.into_iter().flatten().collect();
    people.sort();
    assert_eq!(people, ["key:a", "key:b"], "both seats held for them");
    let bob = sit(&shared, &name, 12, "key:b");
    drop(bob);
    assert!(
        shared
            .view(&name)
            .is_some_and(|v| !v.people.contains(&Some("free".into())))
    );

    hand.advance(secs(31));
    let status = shared.seek_status(3).expect("still waiting");
    assert!(status.computer_offered, "{status:?}");
    let name = shared
        .quick_computer(3, &who("key:c"), mc, Variant::Polar, five)
        .expect("made");
    let view = shared.view(&name).expect("made");
    assert_eq!(
        view.table
            .players()
            .iter()
            .filter(|p| p.level().is_some())
            .count(),
        1
    );
    assert_eq!(shared.seek_status(3), None);
    shared
        .seek(
            4,
            &who("key:d"),
            Arc::new(Mailbox::new()),
            Variant::Chess,
            five,
        )
        .expect("waits");
    shared.leave_lobby(4);
    assert_eq!(
        shared.seek_status(4),
        None,
        "leaving the lobby ends the wait"
    );
}

#[test]
fn a_rematch_is_made_when_both_players_ask_with_the_colours_swapped() {
    let dir = Scratch::new("rematch");
    let (shared, _) = dir.timed_hub();
    shared
        .create("t", timed_chess("3+2"), &who("key:a"), 100)
        .expect("made");
    let ann = sit(&shared, "t", 1, "key:a");
    let bob = sit(&shared, "t", 2, "key:b");
    let err = shared
        .rematch("t", 1, &who("key:a"))
        .expect_err("still going");
    assert!(err.contains("goes on"), "{err}");
    for (conn, text) in [(1, "f3"), (2, "e5"), (1, "g4"), (2, "Qh4#")] {
        shared
            .play("t", conn, mv(&shared, "t", text))
            .expect("played");
    }
    said(&bob);
    assert_eq!(shared.rematch("t", 1, &who("key:a")), Ok(None));
    assert_eq!(
        said(&bob),
        ["key:a asks for a rematch, the seats turned: n accepts."]
    );
    assert!(
        shared.rematch("t", 1, &who("key:a")).is_err(),
        "asked already"
    );
    let name = shared
        .rematch("t", 2, &who("key:b"))
        .expect("made")
        .expect("a new table");
    assert_eq!(name, "t-2");
    assert_eq!(ann.take().go_to.as_deref(), Some("t-2"));
    assert_eq!(bob.take().go_to.as_deref(), Some("t-2"));
    let view = shared.view("t-2").expect("made");
    assert_eq!(view.people, [Some("key:b".into()), Some("key:a".into())]);
    assert_eq!(view.table.time_control(), Some(control("3+2")));
    assert_eq!(view.table.ply(), 0);
    let joined = shared
        .join(
            "t-2",
            1,
            &who("key:a"),
            Arc::new(Mailbox::new()),
            true,
            None,
        )
        .expect("joined");
    assert_eq!(joined.seat, Some(1), "ann plays Black now");
}

#[test]
fn an_archived_game_reads_back_whole_to_look_through() {
    let dir = Scratch::new("review");
    let (shared, hand) = dir.timed_hub();
    play_fools_mate(&shared, &hand);
    let (table, people, title) = shared.archived_table(1).expect("read back");
    assert_eq!(
        table.notation().collect::<Vec<_>>(),
        ["f3", "e5", "g4", "Qh4#"]
    );
    assert_eq!(
        table.outcome().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
    assert_eq!(
        table.clocks().map(|c| c.left(0)),
        Some(secs(298)),
        "its clocks too (f3 was free)"
    );
    assert_eq!(people, [Some("key:a".into()), Some("key:b".into())]);
    assert!(title.starts_with("Game 1: key:a · key:b, 0-1"), "{title}");
    let err = shared.archived_table(9).expect_err("no such game");
    assert_eq!(err, "There is no game 9 in the archive.".into());
}

#[test]
fn the_lobby_lists_each_tables_time_control() {
    let dir = Scratch::new("lobby-clock");
    let (shared, _) = dir.timed_hub();
    shared
        .create("a", timed_chess("10+5"), &who("key:a"), 100)
        .expect("made");
    shared
        .create("b", game(vec![Player::Human; 2]), &who("key:a"), 100)
        .expect("made");
    shared.tick();
    let times: Vec<Option<String>> = shared.summaries().iter().map(|t| t.time.clone()).collect();
    assert_eq!(times, [Some("10+5".to_string()), None]);
}

/// The ratings of `ids` in chess, as the store has them.
fn chess_ratings(shared: &Shared, ids: &[&str]) -> Vec<f64> {
    let ratings = shared.store.ratings(ids, "chess").expect("ratings");
    ratings.iter().map(|r| r.rating).collect()
}

/// Table `name`, timed 5+3, with `white` and `black` seated (connections
/// `conn` and `conn + 1`); their mailboxes.
fn seated(shared: &Shared, name: &str, conn: u64, white: &str, black: &str) -> [Arc<Mailbox>; 2] {
    shared
        .create(name, timed_chess("5+3"), &who(white), 100)
        .expect("made");
    [
        sit(shared, name, conn, white),
        sit(shared, name, conn + 1, black),
    ]
}

#[test]
fn a_game_is_aborted_unrated_until_each_player_has_moved() {
    let dir = Scratch::new("abort");
    let (shared, hand) = dir.timed_hub();
    let wait = shared.limits.first_move_wait;
    let before = chess_ratings(&shared, &["key:a", "key:b"]);
    let archived = |id: u64| shared.store.archived(id).expect("read").expect("kept");
    let aborted = |id: u64| {
        let game = archived(id).game;
        let reason = game.termination.map(|t| t.outcome.reason);
        (reason, game.result, game.rated)
    };
    let abort = (Some(EndReason::Aborted), "*".to_string(), false);

    // White never moves: past the wait for a first move, the game is off.
    let [ann, _bob] = seated(&shared, "t1", 1, "key:a", "key:b");
    hand.advance(wait - secs(1));
    shared.tick();
    assert!(shared.view("t1").expect("t1").table.outcome().is_none());
    hand.advance(secs(1));
    shared.tick();
    assert_eq!(aborted(1), abort, "White never moved");
    assert!(
        said(&ann).iter().any(|n| n.contains("Aborted")),
        "the players are told"
    );

    // Black never answers 1.e4: aborted, though Black's clock ran.
    seated(&shared, "t2", 3, "key:a", "key:b");
    shared.play("t2", 3, mv(&shared, "t2", "e4")).expect("e4");
    hand.advance(wait);
    shared.tick();
    assert_eq!(aborted(2), abort, "Black never moved");

    // White resigns after 1.e4 before Black's first move: aborted too.
    seated(&shared, "t3", 5, "key:a", "key:b");
    shared.play("t3", 5, mv(&shared, "t3", "e4")).expect("e4");
    shared.play("t3", 5, resign(0)).expect("resigns");
    assert_eq!(aborted(3), abort, "resigned before Black moved");
    assert_eq!(chess_ratings(&shared, &["key:a", "key:b"]), before);

    // Once each has moved, a resignation is a result, and rated.
    seated(&shared, "t4", 7, "key:a", "key:b");
    shared.play("t4", 7, mv(&shared, "t4", "e4")).expect("e4");
    shared.play("t4", 8, mv(&shared, "t4", "e5")).expect("e5");
    shared.play("t4", 7, resign(0)).expect("resigns");
    let game = archived(4).game;
    assert_eq!((game.result.as_str(), game.rated), ("0-1", true));
    assert_ne!(chess_ratings(&shared, &["key:a", "key:b"]), before);
}

#[test]
fn two_accounts_are_rated_together_only_so_many_times_a_day() {
    let dir = Scratch::new("together");
    let (shared, _) = dir.timed_hub_with(Limits {
        rated_together_a_day: 2,
        ..Limits::default()
    });
    let mut rated = Vec::new();
    for n in 0..3u64 {
        let name = format!("t{n}");
        let [ann, _bob] = seated(&shared, &name, 10 * n + 1, "key:a", "key:b");
        shared
            .play(&name, 10 * n + 1, mv(&shared, &name, "e4"))
            .expect("e4");
        shared
            .play(&name, 10 * n + 2, mv(&shared, &name, "e5"))
            .expect("e5");
        let before = chess_ratings(&shared, &["key:a", "key:b"]);
        shared.play(&name, 10 * n + 1, resign(0)).expect("resigns");
        let moved = chess_ratings(&shared, &["key:a", "key:b"]) != before;
        let game = shared.store.archived(n + 1).expect("read").expect("kept");
        assert_eq!(game.game.rated, moved, "game {n}");
        rated.push(moved);
        if n == 2 {
            let news = said(&ann);
            assert!(
                news.iter().any(|n| n.contains("the most a day")),
                "{news:?}"
            );
        }
    }
    assert_eq!(rated, [true, true, false]);
    // A third account is not held back by the other two's games.
    let [_carol, _bob] = seated(&shared, "t9", 91, "key:c", "key:b");
    shared.play("t9", 91, mv(&shared, "t9", "e4")).expect("e4");
    shared.play("t9", 92, mv(&shared, "t9", "e5")).expect("e5");
    shared.play("t9", 91, resign(0)).expect("resigns");
    let game = shared.store.archived(4).expect("read").expect("kept");
    assert!(game.game.rated);
}
