use super::*;
use crate::serve::store::suite::{self, Subject, opening, store_suite};
use catboard::core::{Departure, EndReason, Outcome, Retire, Seat, Termination};
use catboard_testkit::Scratch;
use std::sync::Arc;

store_suite!({
    let dir = Scratch::new("suite");
    let store = Database::open(&dir.0).expect("a database");
    (dir, Arc::new(store) as Subject)
});

fn version(dir: &Path) -> i64 {
    let db = Connection::open(dir.join(FILE_NAME)).expect("opened");
    db.query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .expect("a version")
}

fn claim<'a>(name: &'a str, key: &'a str) -> NameClaim<'a> {
    NameClaim {
        name,
        folded: name,
        key,
        per_key: 4,
        most: 100,
        now: 1_796_083_200,
        lapse: 1_000,
        unplayed_lapse: 1_000,
    }
}

#[test]
fn the_json_files_of_an_older_server_are_imported_once_and_kept() {
    let dir = Scratch::new("import");
    std::fs::create_dir_all(dir.0.join("tables")).expect("tables");
    std::fs::create_dir_all(dir.0.join("seats")).expect("seats");
    let game = serde_json::to_string(&opening(&["e2e4"], None)).expect("json");
    std::fs::write(dir.0.join("tables/t1.json"), &game).expect("a game");
    std::fs::write(dir.0.join("tables/t1.moves"), "2 e7e5\n").expect("a journal");
    std::fs::write(
        dir.0.join("seats/t1.json"),
        r#"{"owner":"key:A","holders":[{"identity":"key:A","name":"ann"},null],"think_ms":500}"#,
    )
    .expect("seats");
    std::fs::write(dir.0.join("names.json"), r#"{"names":{"ann":"key:A"}}"#).expect("names");
    std::fs::write(dir.0.join("guests.json"), r#"{"first_free":129}"#).expect("guests");
    // A table whose file cannot be read is not counted as imported.
    std::fs::write(dir.0.join("tables/t2.json"), "{ not a game").expect("a bad game");
    // Made readable by others, as older servers left them.
    for path in ["tables", "seats", "tables/t1.json", "names.json"] {
        let open = if path.contains('.') { 0o644 } else { 0o755 };
        std::fs::set_permissions(dir.0.join(path), std::fs::Permissions::from_mode(open))
            .expect("chmod");
    }

    let (db, logged) = crate::serve::log::capture::lines(|| Database::open(&dir.0));
    let db = db.expect("opened");
    let said = logged.concat();
    assert!(
        said.contains("imported 1 table (1 more could not be read) and 1 name from the JSON files"),
        "{said}"
    );
    for (path, mode) in [
        ("tables", 0o700),
        ("seats", 0o700),
        ("tables/t1.json", 0o600),
        ("names.json", 0o600),
    ] {
        let now = std::fs::metadata(dir.0.join(path))
            .expect("kept")
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(now, mode, "{path} is {now:o}");
    }
    let tables = db.tables().expect("tables");
    assert_eq!(tables.len(), 1);
    assert_eq!(
        tables[0].game.clone().expect("a game").moves,
        ["e2e4", "e7e5"]
    );
    let seats = tables[0].seats.clone().expect("seats");
    assert_eq!(seats.think_ms, Some(500));
    assert_eq!(
        seats.holders[0].as_ref().map(|h| h.name.as_str()),
        Some("ann")
    );
    assert_eq!(
        db.claim_name(&claim("ann", "key:B")),
        Ok(Claim::Taken),
        "still ann's"
    );
    assert_eq!(db.claim_name(&claim("ann", "key:A")), Ok(Claim::Held));
    assert_eq!(db.reserve_guests(1), Ok(129));
    assert_eq!(version(&dir.0), MIGRATIONS.len() as i64);
    // The journal's move follows the imported game.
    db.record_move("t1", 3, "g1f3", None)
        .expect("the next move");

    // The game ends and leaves play; the files stay, and are not read again.
    db.finish_game("t1", &suite::finished(Some("key:A"), Some("key:B"), false))
        .expect("archived");
    drop(db);
    assert!(dir.0.join("tables/t1.json").exists(), "kept as a backup");
    let again = Database::open(&dir.0).expect("opened");
    assert!(again.tables().expect("tables").is_empty(), "imported once");
}

#[test]
fn an_older_schema_is_migrated_and_keeps_what_it_had() {
    let dir = Scratch::new("migrate");
    let old = Database::open_at(&dir.0, 1).expect("a version 1 database");
    // A table, a move and a name as schema 1 kept them.
    let game = serde_json::to_string(&opening(&["e2e4"], None)).expect("json");
    old.connection()
        .execute_batch(&format!(
            "INSERT INTO live_tables (name, game, touched) VALUES ('t', '{game}', 1);
             INSERT INTO live_moves (tbl, ply, text) VALUES ('t', 2, 'e7e5');
             INSERT INTO names (name, key) VALUES ('ann', 'key:A');"
        ))
        .expect("kept");
    drop(old);
    assert_eq!(version(&dir.0), 1);
    let db = Database::open(&dir.0).expect("migrated");
    assert_eq!(version(&dir.0), MIGRATIONS.len() as i64);
    let tables = db.tables().expect("tables");
    assert_eq!(
        tables[0].game.clone().expect("a game").moves,
        ["e2e4", "e7e5"]
    );
    assert_eq!(
        db.record_move("t", 2, "c7c5", None),
        Err(StoreError::Conflict(Conflict::NotNextMove { kept: 2 })),
        "the moves kept before the migration are counted"
    );
    db.record_move("t", 3, "g1f3", None).expect("the next move");
    assert_eq!(db.claim_name(&claim("ann", "key:B")), Ok(Claim::Taken));
    let archived = db
        .finish_game("t", &suite::finished(Some("key:A"), Some("key:B"), true))
        .expect("the archive is there");
    assert_eq!(archived.id, 1);
}

/// An archive of schema 7, its endings in words.
fn archive_in_words(dir: &Path, games: &[(&str, &str, &[&str])]) {
    let old = Database::open_at(dir, 7).expect("a version 7 database");
    for (n, (variant, words, seats)) in games.iter().enumerate() {
        let id = n as i64 + 1;
        let connection = old.connection();
        connection
            .execute(
                "INSERT INTO games (id, tbl, variant, termination, result, rated, finished, plies, pgn)
                 VALUES (?1, 't', ?2, ?3, '1-0', 0, 0, 1, '')",
                params![id, variant, words],
            )
            .expect("a game");
        for (seat, name) in seats.iter().enumerate() {
            connection
                .execute(
                    "INSERT INTO game_players (game, seat, seat_name, name, score)
                     VALUES (?1, ?2, ?3, 'x', 0)",
                    params![id, seat as i64, name],
                )
                .expect("a player");
        }
    }
}

#[test]
fn endings_kept_in_words_are_migrated_to_codes() {
    let dir = Scratch::new("endings");
    let two = &["White", "Black"][..];
    archive_in_words(
        &dir.0,
        &[
            ("chess", "Checkmate — White wins", two),
            (
                "chess",
                "Black's flag fell, but White could not have mated: a draw",
                two,
            ),
            (
                "cat",
                "Draw by threefold repetition — the Cats win",
                &["White", "Black", "Cats"],
            ),
            ("chess", "White resigns — Black wins", two),
            ("chess", "Something nobody wrote", two),
        ],
    );
    let db = Database::open(&dir.0).expect("migrated");
    let ending = |id| {
        db.archived(id)
            .expect("read")
            .expect("there")
            .game
            .termination
    };
    let won = |winner, reason| Outcome { winner, reason };
    assert_eq!(
        ending(1),
        Some(Termination::new(
            won(Some(Seat::WHITE), EndReason::Checkmate),
            None
        ))
    );
    assert_eq!(
        ending(2),
        Some(Termination::new(
            won(None, EndReason::TimeAgainstMaterial),
            Some(Retire::Leave(Seat::BLACK, Departure::Flagged).to_move())
        ))
    );
    assert_eq!(
        ending(3),
        Some(Termination::new(
            won(Some(Seat::THIRD), EndReason::Repetition),
            None
        ))
    );
    let resigned = db.archive_page(None, Page::first(5)).expect("a page");
    assert_eq!(resigned[1].ending(), "White resigns — Black wins");
    assert_eq!(ending(5), None, "not known; its PGN still says it");
    let codes: Vec<(String, Option<i64>, Option<String>)> = db
        .connection()
        .prepare("SELECT termination, winner, retired FROM games ORDER BY id")
        .expect("a query")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("rows")
        .collect::<rusqlite::Result<_>>()
        .expect("read");
    assert_eq!(
        codes[3],
        (
            "resignation".to_string(),
            Some(1),
            Some("resign:white".to_string())
        )
    );
    assert!(
        codes.iter().all(|(code, ..)| !code.contains(' ')),
        "{codes:?}"
    );
}

#[test]
fn a_newer_schema_is_refused_in_a_sentence() {
    let dir = Scratch::new("newer");
    drop(Database::open(&dir.0).expect("made"));
    let db = Connection::open(dir.0.join(FILE_NAME)).expect("opened");
    db.execute("UPDATE schema_version SET version = 99", [])
        .expect("from the future");
    drop(db);
    let err = Database::open(&dir.0).expect_err("refused");
    assert!(err.contains("newer than this catboard knows"), "{err}");
}

#[test]
fn a_finish_that_fails_part_way_leaves_nothing_behind() {
    let dir = Scratch::new("atomic");
    let db = Database::open(&dir.0).expect("made");
    db.open_table(
        "t",
        &opening(&["f2f3", "e7e5", "g2g4"], None),
        &SeatsRecord::default(),
    )
    .expect("kept");
    // The second seat's row cannot be written: everything before it in
    // the transaction must go too.
    db.connection()
        .execute_batch(
            "CREATE TRIGGER no_black BEFORE INSERT ON game_players WHEN NEW.seat = 1
             BEGIN SELECT RAISE(ABORT, 'no black today'); END;",
        )
        .expect("a trigger");
    let game = suite::finished(Some("key:A"), Some("key:B"), true);
    assert_eq!(
        db.finish_game("t", &game).map(|_| ()),
        Err(StoreError::Failed)
    );
    assert_eq!(
        db.archive_page(None, Page::first(10)),
        Ok(Vec::new()),
        "no game archived"
    );
    assert_eq!(
        db.leaderboard("chess", Page::first(10)),
        Ok(Vec::new()),
        "no rating moved"
    );
    assert_eq!(db.account("key:A"), Ok(None), "no game counted");
    assert_eq!(db.tables().expect("tables").len(), 1, "still in play");

    db.connection()
        .execute_batch("DROP TRIGGER no_black")
        .expect("dropped");
    let archived = db.finish_game("t", &game).expect("archived");
    assert_eq!(
        db.archived(archived.id)
            .expect("read")
            .map(|a| a.game.players.len()),
        Some(2)
    );
    assert!(db.tables().expect("tables").is_empty(), "out of play");
}

#[test]
fn a_full_disk_and_a_held_database_are_told_apart_and_in_our_words() {
    let dir = Scratch::new("full");
    let db = Database::open(&dir.0).expect("made");
    db.open_table("t", &opening(&[], None), &SeatsRecord::default())
        .expect("kept");
    // The database may grow no further: as a full disk.
    db.connection()
        .query_row("PRAGMA max_page_count = 1", [], |_| Ok(()))
        .expect("capped");
    let long = "x".repeat(64 * 1024);
    let full = db.record_move("t", 1, &long, None);
    assert_eq!(full, Err(StoreError::Full));
    let said = full.map_err(String::from).expect_err("refused");
    assert_eq!(said, "The server's disk is full.");
    drop(db);

    // Another writer holds the database: busy, and told in our words.
    let dir = Scratch::new("busy");
    let db = Database::open(&dir.0).expect("made");
    db.open_table("t", &opening(&[], None), &SeatsRecord::default())
        .expect("kept");
    let other = Connection::open(dir.0.join(FILE_NAME)).expect("opened");
    other
        .execute_batch("BEGIN IMMEDIATE")
        .expect("the write lock");
    let busy = db.record_move("t", 1, "e2e4", None);
    assert_eq!(busy, Err(StoreError::Busy));
    assert!(busy.as_ref().is_err_and(StoreError::is_passing));
    other.execute_batch("ROLLBACK").expect("let go");
    db.record_move("t", 1, "e2e4", None)
        .expect("kept once free");
}

#[test]
fn the_database_is_the_owners_alone_and_in_wal_mode() {
    let dir = Scratch::new("modes");
    std::fs::set_permissions(&dir.0, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let db = Database::open(&dir.0).expect("made");
    db.reserve_guests(64).expect("kept");
    let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&dir.0), 0o700);
    assert_eq!(mode(&dir.0.join(FILE_NAME)), 0o600);
    assert_eq!(mode(&dir.0.join("catboard.db-wal")), 0o600);
    let journal: String = db
        .connection()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("a mode");
    assert_eq!(journal, "wal");
}

#[test]
fn each_operation_reads_through_an_index() {
    let dir = Scratch::new("plans");
    let db = Database::open(&dir.0).expect("made");
    let connection = db.connection();
    let plan = |sql: &str| -> String {
        connection
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .expect("a plan")
            .query_map([], |r| r.get::<_, String>(3))
            .expect("rows")
            .collect::<rusqlite::Result<Vec<_>>>()
            .expect("read")
            .join("; ")
    };
    for (what, sql) in [
        (
            "a key's names",
            "SELECT name FROM names WHERE key = 'k' ORDER BY name",
        ),
        ("a name's key", "SELECT key FROM names WHERE name = 'n'"),
        (
            "a key's account",
            "SELECT identity FROM account_keys WHERE key = 'k'",
        ),
        (
            "an account's keys",
            "SELECT key FROM account_keys WHERE identity = 'k'",
        ),
        (
            "a table's moves",
            "SELECT max(ply) FROM live_moves WHERE tbl = 't'",
        ),
        (
            "a player's games",
            "SELECT DISTINCT game FROM game_players WHERE identity = 'k' AND game < 9 ORDER BY game DESC LIMIT 5",
        ),
        (
            "a leaderboard",
            "SELECT identity FROM ratings WHERE variant = 'chess' ORDER BY rating DESC, games DESC, identity LIMIT 5",
        ),
    ] {
        let plan = plan(sql);
        assert!(
            !plan.contains("SCAN") && !plan.contains("TEMP B-TREE"),
            "{what}: {plan}"
        );
    }
}

/// Not a test: what a move and a finished game cost to keep (each a
/// transaction synced to disk), for docs/operator.md. Run with
/// `cargo test --release --bin catboard measure_the_writes -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement"]
fn measure_the_writes() {
    let dir = Scratch::new("measure");
    let db = Database::open(&dir.0).expect("made");
    const MOVES: usize = 500;
    db.open_table("t", &opening(&[], None), &SeatsRecord::default())
        .expect("kept");
    let start = std::time::Instant::now();
    for ply in 1..=MOVES {
        db.record_move("t", ply, "e2e4", None).expect("kept");
    }
    let per_move = start.elapsed() / MOVES as u32;
    let start = std::time::Instant::now();
    const GAMES: usize = 100;
    for n in 0..GAMES {
        let name = format!("g{n}");
        db.open_table(&name, &opening(&["f2f3"], None), &SeatsRecord::default())
            .expect("kept");
        db.finish_game(&name, &suite::finished(Some("key:A"), Some("key:B"), true))
            .expect("archived");
    }
    let per_game = start.elapsed() / GAMES as u32;
    // The JSON files' journal, for comparison: a line appended and synced.
    let journal = dir.0.join("t.moves");
    let start = std::time::Instant::now();
    for ply in 1..=MOVES {
        catboard::durable::append(
            &journal,
            format!("{ply} e2e4\n").as_bytes(),
            catboard::durable::Access::Private,
        )
        .expect("appended");
    }
    let per_line = start.elapsed() / MOVES as u32;
    eprintln!("a journal line appended and synced (the JSON files' move): {per_line:?}");
    eprintln!(
        "a move kept: {per_move:?}; a table made and its game archived and rated: {per_game:?}"
    );
}

/// Not a test: how much 130 names claimed through the hub (each a new
/// key's first login) write to the write-ahead log, on a new server and
/// on one whose book holds 5,000 names already (checkpoints held off, so
/// the log holds every page written). Run with
/// `cargo test --release --bin catboard measure_the_name_claims -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement"]
fn measure_the_name_claims() {
    use crate::serve::hub::Shared;
    use crate::serve::identity::Login;
    const CLAIMS: usize = 130;
    for held in [0, 5_000] {
        let dir = Scratch::new("claims");
        let store = Arc::new(Database::open(&dir.0).expect("made"));
        store
            .connection()
            .execute_batch(&format!(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {held})
                 INSERT INTO names (name, key, shown) SELECT 'held' || i, 'key:held' || i, 'held' || i FROM n
                 WHERE {held} > 0;
                 PRAGMA wal_checkpoint(TRUNCATE);
                 PRAGMA wal_autocheckpoint = 0;"
            ))
            .expect("names held");
        let shared =
            Shared::load(store.clone(), crate::serve::limits::Limits::default()).expect("a hub");
        let start = std::time::Instant::now();
        for n in 0..CLAIMS {
            let login = Login {
                user: format!("player{n}"),
                key: Some(format!("key:SHA256:{n:043}")),
                // One address each: an address may claim only so many
                // names an hour, and this measures the store's writes.
                address: std::net::IpAddr::from([10, 0, (n / 256) as u8, (n % 256) as u8]),
            };
            shared.who(&login).expect("claimed");
        }
        let took = start.elapsed();
        let wal = std::fs::metadata(dir.0.join("catboard.db-wal")).map_or(0, |m| m.len());
        eprintln!(
            "{CLAIMS} names claimed beside {held} held, in {took:?}: {wal} bytes written to the write-ahead log ({:.2} MB, {} bytes a claim)",
            wal as f64 / 1e6,
            wal / CLAIMS as u64
        );
    }
}

#[test]
fn names_kept_before_the_skeleton_are_compared_by_it() {
    let dir = Scratch::new("skeleton");
    let old = Database::open_at(&dir.0, 8).expect("a version 8 database");
    old.connection()
        .execute_batch(
            "INSERT INTO names (name, key, shown, claimed) VALUES
                 ('b0b', 'key:A', 'b0b', 5),
                 ('bob', 'key:B', 'bob', 9),
                 ('ann', 'key:C', 'Ann', NULL);
             -- Each account has played, so its names are kept whatever
             -- their claims' times (Ann's unknown: from before claims
             -- were timed).
             INSERT INTO accounts (identity, name, first_seen, games) VALUES
                 ('key:A', 'b0b', 1, 1), ('key:B', 'bob', 1, 1), ('key:C', 'Ann', 1, 1);",
        )
        .expect("kept");
    drop(old);
    let db = Database::open(&dir.0).expect("migrated");
    let ask = |name: &str, key: &str| {
        let folded = crate::serve::names::folded(name);
        let claim =
            crate::serve::names::claim_of(name, &folded, key, now_secs(), 10).expect("a name");
        db.claim_name(&claim).expect("answered")
    };
    assert_eq!(ask("b0b", "key:A"), Claim::Held);
    assert_eq!(
        ask("BOB", "key:D"),
        Claim::Taken,
        "a look-alike of an old name"
    );
    assert_eq!(
        ask("bob", "key:B"),
        Claim::Taken,
        "the later of two old look-alikes"
    );
    assert_eq!(ask("ANN", "key:C"), Claim::Held);
    assert_eq!(ask("Аnn", "key:D"), Claim::Taken);
}
