use super::testing::TestSchema;
use super::*;
use crate::serve::database::{Database, FILE_NAME};
use crate::serve::store::suite::{Subject, finished, opening, store_suite};
use crate::serve::store::{Claim, FinishedGame, NameClaim, Page, SeatsRecord, Store};
use catboard_testkit::Scratch;
use std::sync::Arc;

store_suite!({
    let Some(schema) = TestSchema::new("suite") else {
        return;
    };
    let store = schema.store();
    (schema, Arc::new(store) as Subject)
});

/// A claim at a fixed time, as a login makes it.
fn claim<'a>(name: &'a str, key: &'a str) -> NameClaim<'a> {
    NameClaim {
        name,
        folded: name,
        key,
        per_key: 4,
        most: 100,
        now: 1_796_083_200,
        lapse: 90 * 24 * 60 * 60,
        unplayed_lapse: 24 * 60 * 60,
    }
}

/// A server's worth of everything kept: names and accounts, a linked
/// key, rated games in two variants, an unrated one with a guest, a table
/// in play with moves and clocks, guest numbers set aside.
fn fill(store: &dyn Store) {
    for (name, key) in [("ann", "key:ann"), ("bob", "key:bob"), ("cy", "key:cy")] {
        assert_eq!(store.claim_name(&claim(name, key)), Ok(Claim::Claimed));
    }
    store
        .link_key("key:ann-laptop", "key:ann", 7)
        .expect("linked");
    // Each key of Ann's seen since: the sights move in with the keys.
    let later = claim("", "").now + 600;
    for (key, at) in [("key:ann-laptop", later), ("key:ann", later + 60)] {
        store.key_seen(key, "key:ann", at).expect("seen");
    }
    let games = [
        finished(Some("key:ann"), Some("key:bob"), true),
        finished(Some("key:bob"), Some("key:ann"), true),
        FinishedGame {
            variant: "cat".into(),
            ..finished(Some("key:cy"), Some("key:ann"), true)
        },
        finished(Some("key:cy"), None, false),
    ];
    for (n, game) in games.iter().enumerate() {
        let table = format!("t{n}");
        store
            .open_table(&table, &opening(&[], None), &SeatsRecord::default())
            .expect("opened");
        store.finish_game(&table, game).expect("archived");
    }
    let mut timed = opening(&["e2e4"], Some("5+0"));
    timed.clocks = vec![299_000];
    store
        .open_table("live", &timed, &SeatsRecord::default())
        .expect("opened");
    store
        .record_move("live", 2, "e7e5", Some(298_000))
        .expect("kept");
    store
        .open_table("quiet", &opening(&[], None), &SeatsRecord::default())
        .expect("opened");
    store.reserve_guests(40).expect("set aside");
}

/// Every question the server asks, answered alike by `a` and `b`.
fn same_answers(a: &dyn Store, b: &dyn Store) {
    let tables = |s: &dyn Store| -> Vec<_> {
        s.tables()
            .expect("tables")
            .into_iter()
            .map(|t| (t.name, t.game, t.seats))
            .collect()
    };
    assert_eq!(tables(a), tables(b));
    for id in 1..=5 {
        assert_eq!(a.archived(id), b.archived(id), "game {id}");
    }
    for who in [None, Some("key:ann"), Some("key:cy")] {
        assert_eq!(
            a.archive_page(who, Page::first(10)),
            b.archive_page(who, Page::first(10))
        );
    }
    for variant in ["chess", "cat"] {
        assert_eq!(
            a.leaderboard(variant, Page::first(10)),
            b.leaderboard(variant, Page::first(10))
        );
        assert_eq!(
            a.ratings(&["key:ann", "key:bob", "key:cy"], variant),
            b.ratings(&["key:ann", "key:bob", "key:cy"], variant)
        );
    }
    for key in ["key:ann", "key:bob", "key:cy", "key:ann-laptop"] {
        assert_eq!(a.account(key), b.account(key), "{key}");
        assert_eq!(a.account_of_key(key), b.account_of_key(key), "{key}");
        assert_eq!(a.keys(key, 10), b.keys(key, 10), "{key}'s keys");
    }
    assert_eq!(
        a.rated_together("key:ann", "key:bob", 0),
        b.rated_together("key:ann", "key:bob", 0)
    );
}

/// A SQLite server's data moved in answers as it did: the same tables,
/// archive, ratings, accounts, keys and names; and both stores go on
/// alike (the next game's number and ratings, the next guest number).
#[test]
fn a_sqlite_server_moves_in_and_answers_the_same() {
    let Some(schema) = TestSchema::new("import") else {
        return;
    };
    let dir = Scratch::new("import-sqlite");
    let sqlite = Database::open(&dir.0).expect("a database");
    fill(&sqlite);
    let pg = schema.store();
    let imported = pg.import_sqlite(&dir.0.join(FILE_NAME)).expect("imported");
    let rows: std::collections::HashMap<_, _> = imported.rows.iter().copied().collect();
    assert_eq!(
        (rows["accounts"], rows["account_keys"], rows["names"]),
        (3, 1, 3)
    );
    assert_eq!((rows["games"], rows["game_players"]), (4, 8));
    assert_eq!((rows["live_tables"], rows["live_moves"]), (2, 1));
    same_answers(&sqlite, &pg);
    for (name, key) in [("ann", "key:ann"), ("bob", "key:ann"), ("dee", "key:dee")] {
        assert_eq!(
            sqlite.claim_name(&claim(name, key)),
            pg.claim_name(&claim(name, key)),
            "{name} by {key}"
        );
    }
    assert_eq!(sqlite.reserve_guests(1), pg.reserve_guests(1));
    let next = finished(Some("key:bob"), Some("key:ann"), true);
    for store in [&sqlite as &dyn Store, &pg] {
        store
            .record_move("live", 3, "g1f3", Some(297_000))
            .expect("kept");
        store.finish_game("live", &next).expect("archived");
    }
    same_answers(&sqlite, &pg);

    let again = pg.import_sqlite(&dir.0.join(FILE_NAME));
    assert!(
        again.as_ref().is_err_and(|e| e.contains("already")),
        "{again:?}"
    );
}

/// An import is refused, in a sentence, for a file that is no server's
/// database and for one at an older schema; nothing is moved.
#[test]
fn an_import_of_what_is_not_a_current_database_is_refused() {
    let Some(schema) = TestSchema::new("refused") else {
        return;
    };
    let pg = schema.store();
    let dir = Scratch::new("import-refused");
    let missing = pg.import_sqlite(&dir.0.join(FILE_NAME));
    assert!(
        missing
            .as_ref()
            .is_err_and(|e| e.contains("no SQLite database")),
        "{missing:?}"
    );
    drop(Database::open_at(&dir.0, 4).expect("an old database"));
    let old = pg.import_sqlite(&dir.0.join(FILE_NAME));
    assert!(
        old.as_ref().is_err_and(|e| e.contains("schema version 4")),
        "{old:?}"
    );
    assert_eq!(pg.tables().map(|t| t.len()), Ok(0));
}

/// The schema is brought to the newest version once, whoever opens it
/// after; a schema newer than this catboard knows is refused.
#[test]
fn the_schema_is_migrated_once_and_a_newer_one_refused() {
    let Some(schema) = TestSchema::new("schema") else {
        return;
    };
    let first = schema.store();
    first
        .open_table("t", &opening(&["e2e4"], None), &SeatsRecord::default())
        .expect("opened");
    drop(first);
    let again = schema.store();
    assert_eq!(
        again.tables().map(|t| t.len()),
        Ok(1),
        "kept, not made anew"
    );
    assert_eq!(again.migrate(STEPS_NOW), Ok((STEPS_NOW, STEPS_NOW)));
    drop(again);
    schema.run(&format!(
        "UPDATE schema_version SET version = {}",
        STEPS_NOW + 1
    ));
    let refused = schema.open();
    assert!(
        refused.as_ref().is_err_and(|e| e.contains("newer")),
        "{refused:?}"
    );
}

const STEPS_NOW: usize = schema::STEPS.len();

/// Writers of one table at one ply on many threads: one move is kept,
/// the others are told the table moved on; none is lost or doubled.
#[test]
fn one_move_a_ply_from_many_writers() {
    let Some(schema) = TestSchema::new("race") else {
        return;
    };
    let store = schema.store();
    store
        .open_table("t", &opening(&["e2e4"], None), &SeatsRecord::default())
        .expect("opened");
    let answers: Vec<_> = std::thread::scope(|scope| {
        let writers: Vec<_> = ["e7e5", "c7c5", "e7e6", "d7d5", "g8f6", "b8c6"]
            .into_iter()
            .map(|mv| {
                let store = &store;
                scope.spawn(move || store.record_move("t", 2, mv, None))
            })
            .collect();
        writers
            .into_iter()
            .map(|w| w.join().expect("a writer"))
            .collect()
    });
    let kept = answers.iter().filter(|a| a.is_ok()).count();
    assert_eq!(kept, 1, "{answers:?}");
    assert!(
        answers.iter().all(
            |a| a.is_ok() || *a == Err(StoreError::Conflict(Conflict::NotNextMove { kept: 2 }))
        ),
        "{answers:?}"
    );
    let tables = store.tables().expect("tables");
    let moves = &tables[0].game.as_ref().expect("readable").moves;
    assert_eq!(moves.len(), 2, "{moves:?}");
}

/// A database that fails under the store is said in the store's words
/// (what PostgreSQL said goes to the log), and the next operation, the
/// fault mended, goes through.
#[test]
fn a_failing_database_is_refused_in_our_words() {
    let Some(schema) = TestSchema::new("fails") else {
        return;
    };
    let store = schema.store();
    store
        .open_table("t", &opening(&["e2e4"], None), &SeatsRecord::default())
        .expect("opened");
    schema.run("ALTER TABLE live_moves RENAME TO live_moves_away");
    let refused = store.record_move("t", 2, "e7e5", None);
    assert_eq!(refused, Err(StoreError::Failed));
    let sentence = String::from(StoreError::Failed);
    assert!(!sentence.contains("live_moves") && !sentence.contains("relation"));
    schema.run("ALTER TABLE live_moves_away RENAME TO live_moves");
    store.record_move("t", 2, "e7e5", None).expect("kept");
}

/// A database that cannot be reached is one sentence at start, naming it
/// without its password; a store whose database is gone refuses every
/// operation (a move too) as failed, at once, rather than hang.
#[test]
fn an_unreachable_database_is_said_in_a_sentence() {
    let url = "postgres://catboard:secret@127.0.0.1:1/catboard";
    let refused = Postgres::open(url).expect_err("nothing listens on port 1");
    assert!(
        refused.starts_with("The PostgreSQL database catboard@127.0.0.1:1/catboard cannot be used")
            && !refused.contains("secret"),
        "{refused}"
    );
    let gone = Postgres::connect_to(url, None).expect("a store");
    assert_eq!(
        gone.record_move("t", 1, "e2e4", None),
        Err(StoreError::Failed)
    );
    assert_eq!(gone.tables().map(|t| t.len()), Err(StoreError::Failed));
    let socket = Postgres::connect_to("postgres://catboard@%2Fvar%2Frun%2Fpostgresql/cb", None);
    assert_eq!(
        socket.map(|s| s.shown().to_string()),
        Ok("catboard@/var/run/postgresql:5432/cb".to_string()),
        "a socket's folder, as the docs give it"
    );
    let unread = Postgres::open("mysql://somewhere").expect_err("not PostgreSQL's");
    assert!(unread.contains("postgres://"), "{unread}");
    let tls = Postgres::open("postgres://a@b/c?sslmode=require").expect_err("no TLS");
    assert!(tls.contains("TLS"), "{tls}");
}
