//! The store test suite: what every [`Store`] must do, written once and
//! run against each implementation by [`store_suite!`] (SQLite in
//! `database`, the memory store in `memory`).

use super::{
    ArchivedPlayer, Claim, Conflict, FinishedGame, NameClaim, Page, PuzzleAttempt, PuzzleStanding,
    SeatsRecord, Store, StoreError,
};
use crate::serve::room::Holder;
use crate::session::save::SavedGame;
use catboard::analysis::AnalysisRecord;
use catboard::analysis::record::PositionRecord;
use catboard::core::{Departure, EndReason, Outcome, Retire, Seat, Termination};
use catboard::rating::Rating;
use catboard::variants::Variant;
use std::sync::Arc;

/// Writes a `#[test]` for each test of the suite, each on a store made
/// by `$make` (an expression giving what must live as long as the store,
/// and the store).
macro_rules! store_suite {
    ($make:expr) => {
        $crate::serve::store::suite::store_suite!(@each $make;
            tables_are_opened_moved_on_and_read_back,
            a_move_that_does_not_follow_is_a_conflict,
            a_dropped_table_leaves_play_and_the_archive_alone,
            moves_at_a_timed_table_keep_their_clocks,
            a_finished_game_is_archived_rated_and_leaves_play,
            an_unrated_game_moves_no_rating,
            rated_games_together_are_counted_from_a_time,
            ratings_move_one_game_after_another_from_many_threads,
            every_ending_is_kept_as_codes_and_read_back,
            the_archive_is_read_a_page_at_a_time,
            the_leaderboard_is_read_a_page_at_a_time,
            a_name_is_claimed_once_and_bounded,
            an_unplayed_name_lapses_and_a_played_one_is_kept,
            an_aborted_game_is_not_played_and_keeps_no_name,
            keys_are_linked_and_unlinked_with_conflicts_named,
            an_accounts_keys_are_listed_with_their_sights,
            guest_numbers_are_never_set_aside_twice,
            an_archived_games_analysis_is_kept_and_replaced,
            puzzle_attempts_are_rated_and_kept_one_after_another,
        );
    };
    (@each $make:expr; $($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                let (_keep, store) = $make;
                $crate::serve::store::suite::$name(store);
            }
        )*
    };
}
pub(crate) use store_suite;

/// A store under test.
pub type Subject = Arc<dyn Store>;

/// A chess game of `moves` (coordinate notation), untimed or at `time`.
pub fn opening(moves: &[&str], time: Option<&str>) -> SavedGame {
    SavedGame {
        format: SavedGame::FORMAT,
        variant: "chess".into(),
        options: Vec::new(),
        start: catboard::variants::chess::START_FEN.into(),
        players: vec!["human".into(), "human".into()],
        moves: moves.iter().map(|m| m.to_string()).collect(),
        series: None,
        verdict: None,
        think_ms: None,
        engines: Vec::new(),
        time: time.map(str::to_string),
        clocks: Vec::new(),
        turn_ms: None,
        analysis: None,
        roster: None,
    }
}

fn seats(owner: &str) -> SeatsRecord {
    SeatsRecord {
        owner: owner.into(),
        holders: vec![
            Some(Holder {
                identity: owner.into(),
                name: owner.into(),
            }),
            None,
        ],
        think_ms: Some(500),
        address: Some("192.0.2.1".into()),
    }
}

/// A finished chess game between `white` and `black` (identities, or
/// `None` for a guest), won by Black by checkmate, rated when told.
pub fn finished(white: Option<&str>, black: Option<&str>, rated: bool) -> FinishedGame {
    let player = |seat: usize, identity: Option<&str>| ArchivedPlayer {
        seat_name: ["White", "Black"][seat].into(),
        identity: identity.map(str::to_string),
        name: identity
            .map_or("guest-1", |id| id.trim_start_matches("key:"))
            .into(),
        score: seat as u32,
        before: None,
        after: None,
    };
    FinishedGame {
        variant: "chess".into(),
        time_control: Some("5+0".into()),
        termination: Some(Termination {
            outcome: Outcome {
                winner: Some(Seat::BLACK),
                reason: EndReason::Checkmate,
            },
            retire: None,
        }),
        result: "0-1".into(),
        rated,
        finished: 1_796_083_200,
        plies: 4,
        pgn: "1. f3 e5 2. g4 Qh4# 0-1\n".into(),
        saved: Some(opening(&["f2f3", "e7e5", "g2g4", "d8h4"], None)),
        players: vec![player(0, white), player(1, black)],
    }
}

/// Plays `game` out at a new table `name`: opened, then finished.
pub fn play_out(store: &dyn Store, name: &str, game: &FinishedGame) -> super::ArchivedGame {
    store
        .open_table(name, &opening(&[], None), &SeatsRecord::default())
        .expect("opened");
    store.finish_game(name, game).expect("archived")
}

fn moves_of(store: &dyn Store, name: &str) -> Vec<String> {
    let tables = store.tables().expect("tables");
    let table = tables.iter().find(|t| t.name == name).expect("in play");
    table.game.clone().expect("readable").moves
}

/// A table is opened with its game and seats, moves are recorded one by
/// one and the game kept whole now and then; it reads back whole, the
/// table touched last first.
pub fn tables_are_opened_moved_on_and_read_back(store: Subject) {
    store
        .open_table("t1", &opening(&["e2e4"], None), &seats("key:A"))
        .expect("opened");
    store.record_move("t1", 2, "e7e5", None).expect("kept");
    store
        .open_table("t2", &opening(&[], None), &SeatsRecord::default())
        .expect("opened");
    let names = |store: &Subject| -> Vec<String> {
        store
            .tables()
            .expect("tables")
            .into_iter()
            .map(|t| t.name)
            .collect()
    };
    assert_eq!(names(&store), ["t2", "t1"], "the newest first");
    assert_eq!(moves_of(&*store, "t1"), ["e2e4", "e7e5"]);
    let t1 = store.tables().expect("tables").pop().expect("t1");
    assert_eq!(t1.seats, Some(seats("key:A")));

    store
        .save_game("t1", &opening(&["e2e4", "e7e5", "g1f3"], None))
        .expect("kept whole");
    store.record_move("t1", 4, "b8c6", None).expect("kept");
    assert_eq!(moves_of(&*store, "t1"), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(names(&store), ["t1", "t2"], "kept whole last");
    store.save_seats("t2", &seats("key:B")).expect("seated");
    let t2 = store.tables().expect("tables").pop().expect("t2");
    assert_eq!(t2.seats, Some(seats("key:B")));
}

/// A table dropped (expired before a game was played) is gone with its
/// moves, is not archived, and its name may be used again.
pub fn a_dropped_table_leaves_play_and_the_archive_alone(store: Subject) {
    store
        .open_table("t1", &opening(&["e2e4"], None), &seats("key:A"))
        .expect("opened");
    store.record_move("t1", 2, "e7e5", None).expect("kept");
    assert_eq!(store.drop_table("t1").ok(), Some(true));
    assert_eq!(store.drop_table("t1").ok(), Some(false), "dropped once");
    assert!(store.tables().expect("tables").is_empty());
    assert!(
        store
            .archive_page(None, Page::first(10))
            .expect("a page")
            .is_empty()
    );
    store
        .open_table("t1", &opening(&[], None), &seats("key:B"))
        .expect("the name is free again");
    assert!(moves_of(&*store, "t1").is_empty(), "no old moves");
}

/// Two writers cannot both keep a move at one ply, nor one a move after
/// a gap; a table of a name in play cannot be opened twice, and nothing
/// is kept for a table not in play.
pub fn a_move_that_does_not_follow_is_a_conflict(store: Subject) {
    store
        .open_table("t", &opening(&["e2e4"], None), &SeatsRecord::default())
        .expect("opened");
    store.record_move("t", 2, "e7e5", None).expect("kept");
    let not_next = StoreError::Conflict(Conflict::NotNextMove { kept: 2 });
    assert_eq!(
        store.record_move("t", 2, "c7c5", None),
        Err(not_next.clone())
    );
    assert_eq!(
        store.record_move("t", 1, "d2d4", None),
        Err(not_next.clone())
    );
    assert_eq!(store.record_move("t", 4, "b8c6", None), Err(not_next));
    assert_eq!(moves_of(&*store, "t"), ["e2e4", "e7e5"], "nothing changed");
    assert_eq!(
        store.open_table("t", &opening(&[], None), &SeatsRecord::default()),
        Err(StoreError::Conflict(Conflict::TableExists))
    );
    assert_eq!(moves_of(&*store, "t"), ["e2e4", "e7e5"], "not replaced");
    let gone = Err(StoreError::Conflict(Conflict::NoTable));
    assert_eq!(store.record_move("nowhere", 1, "e2e4", None), gone);
    assert_eq!(store.save_seats("nowhere", &SeatsRecord::default()), gone);
    assert_eq!(store.save_game("nowhere", &opening(&[], None)), gone);
    assert_eq!(
        store
            .finish_game("nowhere", &finished(None, None, false))
            .map(|_| ()),
        gone
    );
    assert_eq!(store.tables().expect("tables").len(), 1);
}

/// At a timed table each move keeps the mover's clock.
pub fn moves_at_a_timed_table_keep_their_clocks(store: Subject) {
    let mut game = opening(&["e2e4"], Some("1+0"));
    game.clocks = vec![58_000];
    game.turn_ms = Some(1_500);
    store
        .open_table("t", &game, &SeatsRecord::default())
        .expect("opened");
    store
        .record_move("t", 2, "e7e5", Some(57_000))
        .expect("kept");
    let tables = store.tables().expect("tables");
    let saved = tables[0].game.clone().expect("readable");
    assert_eq!(saved.clocks, [58_000, 57_000]);
    assert_eq!(saved.turn_ms, None, "the turn it was saved in is over");
}

/// A rated game's players' ratings move in the transaction that archives
/// it; the table leaves play; each keyed player's game is counted.
pub fn a_finished_game_is_archived_rated_and_leaves_play(store: Subject) {
    store
        .open_table("t", &opening(&["f2f3"], None), &seats("key:A"))
        .expect("opened");
    let game = finished(Some("key:A"), Some("key:B"), true);
    let archived = store.finish_game("t", &game).expect("archived");
    assert_eq!((archived.id, archived.table.as_str()), (1, "t"));
    let (a, b) = (&archived.game.players[0], &archived.game.players[1]);
    assert_eq!(a.before, Some(Rating::default()));
    let (a_after, b_after) = (a.after.expect("rated"), b.after.expect("rated"));
    assert!(
        b_after.rating > 1500.0 && a_after.rating < 1500.0,
        "{a_after:?} {b_after:?}"
    );
    assert!(store.tables().expect("tables").is_empty(), "out of play");

    let read = store.archived(1).expect("read").expect("there");
    assert_eq!(read.game.pgn, game.pgn);
    assert_eq!(read.game.saved, game.saved);
    assert_eq!(read.game.termination, game.termination);
    assert_eq!(
        read.game.players[1].after.map(|r| r.rating),
        Some(b_after.rating)
    );
    assert_eq!(store.archived(2), Ok(None));
    assert_eq!(
        store.ratings(&["key:B", "key:C"], "chess"),
        Ok(vec![b_after, Rating::default()])
    );
    assert_eq!(
        store.ratings(&["key:B"], "cat"),
        Ok(vec![Rating::default()]),
        "another variant's rating did not move"
    );
    let board = store
        .leaderboard("chess", Page::first(10))
        .expect("a board");
    assert_eq!(
        board
            .iter()
            .map(|s| (s.name.as_str(), s.games))
            .collect::<Vec<_>>(),
        [("B", 1), ("A", 1)]
    );
    assert_eq!(
        store.account("key:A").map(|a| a.map(|a| a.games)),
        Ok(Some(1))
    );
    assert_eq!(
        store.finish_game("t", &game).map(|_| ()),
        Err(StoreError::Conflict(Conflict::NoTable)),
        "a game is finished once"
    );
}

/// An unrated game is archived without ratings; a guest has no account.
pub fn an_unrated_game_moves_no_rating(store: Subject) {
    let archived = play_out(&*store, "t", &finished(Some("key:A"), None, false));
    assert!(
        archived
            .game
            .players
            .iter()
            .all(|p| p.after.is_none() && p.before.is_none())
    );
    assert_eq!(store.leaderboard("chess", Page::first(10)), Ok(Vec::new()));
    assert_eq!(
        store.account("key:A").map(|a| a.map(|a| a.games)),
        Ok(Some(1))
    );
    assert_eq!(store.account("guest-1"), Ok(None));
}

/// The rated games two accounts finished together are counted from a
/// time on, whoever played which seat; unrated games and games with
/// others are not counted.
pub fn rated_games_together_are_counted_from_a_time(store: Subject) {
    let at = |game: FinishedGame, finished: u64| FinishedGame { finished, ..game };
    let t0 = 1_796_083_200;
    let games = [
        at(finished(Some("key:A"), Some("key:B"), true), t0),
        at(finished(Some("key:B"), Some("key:A"), true), t0 + 10),
        at(finished(Some("key:A"), Some("key:B"), false), t0 + 20),
        at(finished(Some("key:A"), Some("key:C"), true), t0 + 30),
    ];
    for (n, game) in games.iter().enumerate() {
        play_out(&*store, &format!("t{n}"), game);
    }
    assert_eq!(store.rated_together("key:A", "key:B", t0), Ok(2));
    assert_eq!(store.rated_together("key:B", "key:A", t0 + 1), Ok(1));
    assert_eq!(store.rated_together("key:A", "key:B", t0 + 11), Ok(0));
    assert_eq!(store.rated_together("key:C", "key:A", 0), Ok(1));
    assert_eq!(store.rated_together("key:B", "key:C", 0), Ok(0));
}

/// Games of one player finished at once from many threads are rated one
/// after another: each starts from the ratings the one before left.
pub fn ratings_move_one_game_after_another_from_many_threads(store: Subject) {
    const THREADS: usize = 4;
    const GAMES: usize = 5;
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let store = store.clone();
            scope.spawn(move || {
                for g in 0..GAMES {
                    let (white, black) = if g % 2 == 0 {
                        ("key:A", "key:B")
                    } else {
                        ("key:B", "key:A")
                    };
                    play_out(
                        &*store,
                        &format!("t{t}-{g}"),
                        &finished(Some(white), Some(black), true),
                    );
                }
            });
        }
    });
    let total = (THREADS * GAMES) as u64;
    let mut last: Option<f64> = None;
    for id in 1..=total {
        let game = store.archived(id).expect("read").expect("there");
        let a = game
            .game
            .players
            .iter()
            .find(|p| p.identity.as_deref() == Some("key:A"))
            .expect("A played");
        let before = a.before.expect("rated").rating;
        assert_eq!(
            before,
            last.unwrap_or(1500.0),
            "game {id} starts where game {} ended",
            id - 1
        );
        last = a.after.map(|r| r.rating);
    }
    assert_eq!(
        store.ratings(&["key:A"], "chess").expect("read")[0].rating,
        last.expect("rated")
    );
    let board = store.leaderboard("chess", Page::first(2)).expect("a board");
    assert!(board.iter().all(|s| s.games == total), "{board:?}");
}

/// Every ending of every variant is kept as codes and read back as it was.
pub fn every_ending_is_kept_as_codes_and_read_back(store: Subject) {
    let mut n = 0;
    for variant in [Variant::Chess, Variant::Cat, Variant::BacCanCat] {
        for termination in Termination::all(variant.seats().len()) {
            n += 1;
            let mut game = finished(None, None, false);
            game.variant = variant.id().into();
            game.termination = Some(termination);
            let archived = play_out(&*store, &format!("t{n}"), &game);
            let read = store.archived(archived.id).expect("read").expect("there");
            assert_eq!(read.game.termination, Some(termination), "{}", variant.id());
        }
    }
    let lines = store.archive_page(None, Page::first(1)).expect("a page");
    assert_eq!(lines[0].termination, Termination::all(4).pop());
    let mut unknown = finished(None, None, false);
    unknown.termination = None;
    let archived = play_out(&*store, "unknown", &unknown);
    let read = store.archived(archived.id).expect("read").expect("there");
    assert_eq!(
        (read.game.termination, read.game.ending()),
        (None, String::new())
    );
}

/// The archive is read newest first, a page at a time, of everyone or
/// of one account.
pub fn the_archive_is_read_a_page_at_a_time(store: Subject) {
    let resigned = Termination::new(
        Outcome {
            winner: Some(Seat::WHITE),
            reason: EndReason::Resignation,
        },
        Some(Retire::Leave(Seat::BLACK, Departure::Resigned).to_move()),
    );
    for n in 1..=5 {
        let mut game = if n % 2 == 0 {
            finished(Some("key:ann"), Some("key:bob"), false)
        } else {
            finished(Some("key:cat"), None, false)
        };
        game.termination = Some(resigned);
        play_out(&*store, &format!("t{n}"), &game);
    }
    let ids = |identity: Option<&str>, after: Option<u64>, limit: usize| -> Vec<u64> {
        store
            .archive_page(identity, Page { after, limit })
            .expect("a page")
            .iter()
            .map(|g| g.id)
            .collect()
    };
    assert_eq!(ids(None, None, 2), [5, 4]);
    assert_eq!(ids(None, Some(4), 2), [3, 2]);
    assert_eq!(ids(None, Some(2), 2), [1]);
    assert_eq!(ids(Some("key:ann"), None, 10), [4, 2]);
    assert_eq!(ids(Some("key:ann"), Some(4), 10), [2]);
    assert_eq!(ids(Some("key:dan"), None, 10), Vec::<u64>::new());
    let line = store
        .archive_page(None, Page::first(1))
        .expect("a page")
        .remove(0);
    assert_eq!(line.players, "cat · guest-1");
    assert_eq!(
        (line.variant.as_str(), line.result.as_str(), line.rated),
        ("chess", "0-1", false)
    );
    assert_eq!(line.ending(), "Black resigns — White wins");
}

/// The leaderboard read a page at a time is the whole board, in order.
pub fn the_leaderboard_is_read_a_page_at_a_time(store: Subject) {
    let players = ["key:a", "key:b", "key:c", "key:d", "key:e"];
    for (n, pair) in players.windows(2).enumerate() {
        play_out(
            &*store,
            &format!("t{n}"),
            &finished(Some(pair[0]), Some(pair[1]), true),
        );
    }
    // Two who never played each other, with the same game: a tie.
    play_out(&*store, "x1", &finished(Some("key:f"), Some("key:g"), true));
    play_out(&*store, "x2", &finished(Some("key:h"), Some("key:i"), true));
    let whole = store
        .leaderboard("chess", Page::first(100))
        .expect("a board");
    assert_eq!(whole.len(), 9);
    assert!(
        whole
            .windows(2)
            .all(|w| w[0].rating.rating >= w[1].rating.rating)
    );
    let mut paged = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .leaderboard(
                "chess",
                Page {
                    after: after.clone(),
                    limit: 2,
                },
            )
            .expect("a page");
        let Some(last) = page.last() else { break };
        after = Some(last.clone());
        paged.extend(page);
    }
    assert_eq!(paged, whole);
    assert_eq!(store.leaderboard("cat", Page::first(10)), Ok(Vec::new()));
}

fn claim<'a>(name: &'a str, key: &'a str) -> NameClaim<'a> {
    NameClaim {
        name,
        folded: name,
        key,
        per_key: 2,
        most: 4,
        now: 1_796_083_200,
        lapse: 1_000,
        unplayed_lapse: 100,
    }
}

/// A name of an account that has finished no game lapses a fixed time
/// after its claim (a login does not extend it), and only such names,
/// while they are held, count against the bound: strangers who fill it
/// fill it for that long only. A name of an account that has played is
/// kept while the account is seen (a login, a game) within the lapse,
/// and never counts against the bound.
pub fn an_unplayed_name_lapses_and_a_played_one_is_kept(store: Subject) {
    let t0 = claim("", "").now;
    let (lapse, unplayed) = (claim("", "").lapse, claim("", "").unplayed_lapse);
    let at = |name: &'static str, key: &'static str, now: u64| NameClaim {
        now,
        ..claim(name, key)
    };
    let ask = |name: &'static str, key: &'static str, now: u64| {
        store.claim_name(&at(name, key, now)).expect("answered")
    };
    let plays = |key: &str, table: &str, when: u64| {
        let game = FinishedGame {
            finished: when,
            ..finished(Some(key), None, false)
        };
        play_out(&*store, table, &game);
    };
    for (name, key) in [("ann", "key:A"), ("bob", "key:B"), ("cy", "key:C")] {
        assert_eq!(ask(name, key, t0), Claim::Claimed);
    }
    // Cy finishes a game: his name no longer counts, so the book (4)
    // holds Ann, Bob, Dee and Eve besides.
    plays("key:C", "t1", t0 + 10);
    assert_eq!(ask("dee", "key:D", t0 + 10), Claim::Claimed);
    assert_eq!(ask("eve", "key:E", t0 + 10), Claim::Claimed);
    assert_eq!(ask("fay", "key:F", t0 + 10), Claim::BookFull);
    // Bob logs in: that does not extend a claim of an account that has
    // not played. Ann's and Bob's hold to the last second of the lapse.
    assert_eq!(ask("bob", "key:B", t0 + 50), Claim::Held);
    assert_eq!(ask("ann", "key:G", t0 + unplayed), Claim::Taken);
    let lapsed = t0 + unplayed + 1;
    assert_eq!(ask("ann", "key:G", lapsed), Claim::Claimed);
    assert_eq!(ask("bob", "key:G", lapsed), Claim::Claimed);
    // The account that showed the lapsed name no longer shows it.
    let old = store.account("key:A").expect("read").expect("kept");
    assert_ne!(
        crate::serve::names::folded(&old.name),
        crate::serve::names::folded("ann"),
        "two accounts show one name"
    );
    // Dee, Eve and the Gs' two fill the book until Dee's and Eve's claims
    // lapse; Dee finishes a game first, so hers is kept.
    assert_eq!(ask("fay", "key:F", lapsed), Claim::BookFull);
    plays("key:D", "t2", t0 + 105);
    let both = t0 + 10 + unplayed + 1;
    assert_eq!(ask("dee", "key:H", both), Claim::Taken);
    assert_eq!(ask("eve", "key:H", both), Claim::Claimed);
    assert_eq!(ask("fay", "key:F", both), Claim::Claimed);
    // Cy's name is kept while he is seen: a login refreshes it, and it
    // lapses a whole lapse after his last sight.
    assert_eq!(ask("cy", "key:C", t0 + 900), Claim::Held);
    assert_eq!(ask("cy", "key:I", t0 + 10 + lapse + 1), Claim::Taken);
    assert_eq!(ask("cy", "key:I", t0 + 900 + lapse), Claim::Taken);
    assert_eq!(ask("cy", "key:I", t0 + 900 + lapse + 1), Claim::Claimed);
}

/// An aborted game (a player never moved) is archived, but its accounts
/// have not played it: it is not counted as a game of theirs, and a name
/// claimed by an account whose only games were aborted lapses as any
/// unplayed name does — aborting games buys a stranger no names.
pub fn an_aborted_game_is_not_played_and_keeps_no_name(store: Subject) {
    let t0 = claim("", "").now;
    let unplayed = claim("", "").unplayed_lapse;
    let ask = |name: &'static str, key: &'static str, now: u64| {
        let asked = NameClaim {
            now,
            ..claim(name, key)
        };
        store.claim_name(&asked).expect("answered")
    };
    assert_eq!(ask("ann", "key:A", t0), Claim::Claimed);
    assert_eq!(ask("bob", "key:B", t0), Claim::Claimed);
    let aborted = FinishedGame {
        termination: Some(Termination {
            outcome: Outcome {
                winner: None,
                reason: EndReason::Aborted,
            },
            retire: None,
        }),
        result: "*".into(),
        plies: 0,
        finished: t0 + 10,
        ..finished(Some("key:A"), Some("key:B"), false)
    };
    for table in ["t1", "t2", "t3"] {
        play_out(&*store, table, &aborted);
    }
    let ann = store.account("key:A").expect("read").expect("kept");
    assert_eq!(ann.games, 0, "three aborted games are no game played");
    // Bob finishes one game really played; Ann only aborted hers.
    let played = FinishedGame {
        finished: t0 + 20,
        ..finished(Some("key:B"), None, false)
    };
    play_out(&*store, "t4", &played);
    let bob = store.account("key:B").expect("read").expect("kept");
    assert_eq!(bob.games, 1);
    let lapsed = t0 + unplayed + 1;
    assert_eq!(ask("ann", "key:C", lapsed), Claim::Claimed);
    assert_eq!(ask("bob", "key:C", lapsed), Claim::Taken);
}

/// A name is the first key's that claims it; one key claims so many, the
/// server keeps so many; a key's first claim opens its account.
pub fn a_name_is_claimed_once_and_bounded(store: Subject) {
    assert_eq!(store.claim_name(&claim("ann", "key:A")), Ok(Claim::Claimed));
    let account = store.account("key:A").expect("read").expect("opened");
    assert_eq!((account.name.as_str(), account.games), ("ann", 0));
    let shouting = NameClaim {
        name: "ANN",
        ..claim("ann", "key:A")
    };
    assert_eq!(store.claim_name(&shouting), Ok(Claim::Held));
    assert_eq!(store.claim_name(&claim("ann", "key:B")), Ok(Claim::Taken));
    assert_eq!(
        store.account("key:B"),
        Ok(None),
        "no account for a refused key"
    );
    assert_eq!(store.claim_name(&claim("amy", "key:A")), Ok(Claim::Claimed));
    assert_eq!(
        store.claim_name(&claim("ada", "key:A")),
        Ok(Claim::KeyFull(vec!["amy".into(), "ann".into()]))
    );
    assert_eq!(store.claim_name(&claim("bob", "key:B")), Ok(Claim::Claimed));
    assert_eq!(store.claim_name(&claim("cy", "key:C")), Ok(Claim::Claimed));
    assert_eq!(
        store.claim_name(&claim("dee", "key:D")),
        Ok(Claim::BookFull)
    );
    assert_eq!(
        store.claim_name(&claim("ann", "key:A")),
        Ok(Claim::Held),
        "still held"
    );
    assert_eq!(
        store.account("key:A").map(|a| a.map(|a| a.name)),
        Ok(Some("ann".into())),
        "an account keeps its first name"
    );
}

/// A key is linked to an existing account once, never when it has an
/// account of its own, and unlinked by that account only.
pub fn keys_are_linked_and_unlinked_with_conflicts_named(store: Subject) {
    store.claim_name(&claim("ann", "key:A")).expect("claimed");
    store.claim_name(&claim("bob", "key:B")).expect("claimed");
    assert_eq!(store.account_of_key("key:A2"), Ok(None));
    store.link_key("key:A2", "key:A", 5).expect("linked");
    assert_eq!(store.account_of_key("key:A2"), Ok(Some("key:A".into())));
    let conflict = |c| Err(StoreError::Conflict(c));
    assert_eq!(
        store.link_key("key:A2", "key:B", 5),
        conflict(Conflict::KeyLinked)
    );
    assert_eq!(
        store.link_key("key:B", "key:A", 5),
        conflict(Conflict::KeyHasAccount)
    );
    assert_eq!(
        store.link_key("key:C", "key:nobody", 5),
        conflict(Conflict::NoAccount)
    );
    assert_eq!(store.account_of_key("key:C"), Ok(None));
    assert_eq!(
        store.unlink_key("key:A2", "key:B"),
        Ok(false),
        "not B's key"
    );
    assert_eq!(store.account_of_key("key:A2"), Ok(Some("key:A".into())));
    assert_eq!(store.unlink_key("key:A2", "key:A"), Ok(true));
    assert_eq!(store.account_of_key("key:A2"), Ok(None));
    assert_eq!(store.unlink_key("key:A2", "key:A"), Ok(false), "once");
}

/// An account's keys are listed, its first key first, each with when
/// it was first and last seen; a login by a key of the account is a
/// sight of the key and of the account (its names do not lapse), a
/// login by any other key changes nothing.
pub fn an_accounts_keys_are_listed_with_their_sights(store: Subject) {
    let t0 = claim("", "").now;
    let lapse = claim("", "").lapse;
    store.claim_name(&claim("ann", "key:A")).expect("claimed");
    store.claim_name(&claim("bob", "key:B")).expect("claimed");
    // Both play, so their names are kept while they are seen.
    play_out(
        &*store,
        "t1",
        &finished(Some("key:A"), Some("key:B"), false),
    );
    store.link_key("key:A3", "key:A", t0 + 20).expect("linked");
    store.link_key("key:A2", "key:A", t0 + 10).expect("linked");
    let sights = |identity: &str| -> Vec<(String, u64, u64, bool)> {
        store
            .keys(identity, 10)
            .expect("read")
            .into_iter()
            .map(|k| (k.key, k.first_seen, k.last_seen, k.first))
            .collect()
    };
    let row = |key: &str, first: u64, last: u64, own: bool| (key.to_string(), first, last, own);
    assert_eq!(
        sights("key:A"),
        [
            row("key:A", t0, t0, true),
            row("key:A2", t0 + 10, t0 + 10, false),
            row("key:A3", t0 + 20, t0 + 20, false),
        ]
    );
    assert_eq!(store.keys("key:A", 2).expect("read").len(), 2, "at most");
    assert_eq!(store.keys("key:nobody", 10), Ok(Vec::new()));
    // Ann logs in with her second key near the end of the lapse; Bob
    // does not; a stranger's key and Bob's own change nothing of Ann's.
    let late = t0 + lapse - 10;
    store.key_seen("key:A2", "key:A", late).expect("seen");
    store.key_seen("key:X", "key:A", late + 5).expect("nothing");
    store.key_seen("key:B", "key:A", late + 5).expect("nothing");
    store
        .key_seen("key:A2", "key:A", t0)
        .expect("an older sight");
    assert_eq!(
        sights("key:A"),
        [
            row("key:A", t0, t0, true),
            row("key:A2", t0 + 10, late, false),
            row("key:A3", t0 + 20, t0 + 20, false),
        ]
    );
    let after = NameClaim {
        now: t0 + lapse + 1,
        ..claim("ann", "key:D")
    };
    assert_eq!(store.claim_name(&after), Ok(Claim::Taken), "ann was seen");
    let bobs = NameClaim {
        now: t0 + lapse + 1,
        ..claim("bob", "key:D")
    };
    assert_eq!(store.claim_name(&bobs), Ok(Claim::Claimed), "bob was not");
    // The first key's own login.
    store.key_seen("key:A", "key:A", late).expect("seen");
    assert_eq!(sights("key:A")[0], row("key:A", t0, late, true));
    // A key removed is listed no more.
    assert_eq!(store.unlink_key("key:A2", "key:A"), Ok(true));
    assert_eq!(sights("key:A").len(), 2);
}

/// Guest numbers are set aside in blocks, from 1, never twice.
pub fn guest_numbers_are_never_set_aside_twice(store: Subject) {
    assert_eq!(store.reserve_guests(64), Ok(1));
    assert_eq!(store.reserve_guests(64), Ok(65));
    assert_eq!(store.reserve_guests(1), Ok(129));
    assert_eq!(store.reserve_guests(10), Ok(130));
}

/// An analysis of `positions` positions of the chess game of
/// [`finished`] (White to move first).
fn analysis_of(positions: usize) -> AnalysisRecord {
    AnalysisRecord {
        by: "catboard".into(),
        budget: "100000nodes".into(),
        positions: (0..positions)
            .map(|i| PositionRecord {
                to_move: (i % 2) as u8,
                scores: vec![10 * i as i32, -10 * i as i32],
                depth: 5,
                line: vec!["e7e5".into()],
            })
            .collect(),
    }
}

/// A game is archived without an analysis; one kept is read back with
/// it, replaces any kept before, and leaves the rest of the game alone;
/// a game not in the archive keeps none.
pub fn an_archived_games_analysis_is_kept_and_replaced(store: Subject) {
    let archived = play_out(&*store, "t", &finished(None, None, false));
    assert_eq!(archived.analysis, None);
    let read = store.archived(archived.id).expect("read").expect("there");
    assert_eq!(read.analysis, None, "not analysed yet");

    let (half, whole) = (analysis_of(3), analysis_of(5));
    assert_eq!(store.keep_analysis(archived.id, &half), Ok(true));
    let read = store.archived(archived.id).expect("read").expect("there");
    assert_eq!(read.analysis.as_ref(), Some(&half));
    assert_eq!(read.game.pgn, archived.game.pgn, "the game is as it was");
    assert_eq!(read.game.saved, archived.game.saved);

    assert_eq!(store.keep_analysis(archived.id, &whole), Ok(true));
    let read = store.archived(archived.id).expect("read").expect("there");
    assert_eq!(read.analysis, Some(whole.clone()), "the newer replaces it");

    assert_eq!(store.keep_analysis(archived.id + 1, &whole), Ok(false));
    assert_eq!(store.archived(archived.id + 1), Ok(None));
}

/// An attempt of account `identity` at chess puzzle `puzzle`.
fn attempt<'a>(identity: &'a str, puzzle: &'a str, start: f64, won: bool) -> PuzzleAttempt<'a> {
    PuzzleAttempt {
        identity,
        variant: "chess",
        puzzle,
        start: Rating {
            rating: start,
            ..Rating::default()
        },
        won,
    }
}

pub fn puzzle_attempts_are_rated_and_kept_one_after_another(store: Subject) {
    assert_eq!(store.puzzle_standings("key:A"), Ok(Vec::new()));
    assert_eq!(store.puzzle_ratings("chess"), Ok(Vec::new()));
    // Solved: the account rises, the puzzle falls from its start.
    let (solved, p1) = store
        .keep_puzzle(&attempt("key:A", "chess-1", 1500.0, true))
        .expect("kept");
    let fresh = attempt("key:A", "chess-1", 1500.0, true).start;
    assert_eq!(
        (solved, p1),
        PuzzleStanding::default().after(fresh, true),
        "rated as the session rates"
    );
    assert!(solved.rating.rating > 1500.0 && p1.rating < 1500.0);
    assert_eq!((solved.streak, solved.best), (1, 1));
    // Failed: the puzzle's kept rating is used, not the start given.
    let (failed, p2) = store
        .keep_puzzle(&attempt("key:A", "chess-1", 2400.0, false))
        .expect("kept");
    assert_eq!((failed, p2), solved.after(p1, false));
    assert_eq!((failed.streak, failed.best), (0, 1));
    assert_eq!(
        store.puzzle_standings("key:A"),
        Ok(vec![("chess".to_string(), failed)])
    );
    assert_eq!(store.puzzle_standings("key:B"), Ok(Vec::new()));
    assert_eq!(
        store.puzzle_ratings("chess"),
        Ok(vec![("chess-1".to_string(), p2)])
    );
    assert_eq!(store.puzzle_ratings("cat"), Ok(Vec::new()));
    // Attempts from many threads are rated one after another: each
    // solve lengthens the streak once.
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let store = store.clone();
            std::thread::spawn(move || {
                store
                    .keep_puzzle(&attempt("key:C", &format!("chess-{}", i % 2), 1500.0, true))
                    .map(|(s, _)| s.streak)
            })
        })
        .collect();
    let mut streaks: Vec<u32> = threads
        .into_iter()
        .map(|t| t.join().expect("a thread").expect("kept"))
        .collect();
    streaks.sort_unstable();
    assert_eq!(streaks, (1..=8).collect::<Vec<u32>>());
    let kept = store.puzzle_standings("key:C").expect("read");
    assert_eq!((kept[0].1.streak, kept[0].1.best), (8, 8));
}
