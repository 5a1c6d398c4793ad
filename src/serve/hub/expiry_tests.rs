//! Nothing a stranger makes lasts forever: tables expire when nobody
//! moves at them, each maker (key, address, new key) has a share, and at
//! the server's limit the idlest table of the heaviest maker makes room,
//! never a table in play. The hub's clock moves by hand.

use super::tests::{HubScratch, chess, mv, sit, who};
use super::*;
use catboard_testkit::Scratch;

fn minutes(n: u64) -> Duration {
    Duration::from_secs(60 * n)
}

/// Key `id`, connecting from `address`, first seen `age` seconds ago.
fn keyed(id: &str, address: &str, age: u64) -> Who {
    let address: std::net::IpAddr = address.parse().expect("an address");
    let now = crate::serve::database::now_secs();
    Who::with_key(id, id.into()).from(address, Some(now - age))
}

fn tables(shared: &Shared) -> Vec<String> {
    shared.names_of_tables()
}

#[test]
fn an_empty_table_goes_after_minutes_an_idle_one_after_a_day_a_watched_one_stays() {
    let dir = Scratch::new("expiry");
    let (shared, hand) = dir.timed_hub();
    let limits = Limits::default();
    for name in ["empty", "begun", "watched"] {
        shared
            .create(name, chess(), &who("key:a"), 100)
            .expect("made");
    }
    let white = sit(&shared, "begun", 1, "key:a");
    let black = sit(&shared, "begun", 2, "key:b");
    shared
        .play("begun", 1, mv(&shared, "begun", "e4"))
        .expect("e4");
    shared
        .play("begun", 2, mv(&shared, "begun", "e5"))
        .expect("e5");
    shared.leave("begun", 1, &who("key:a"));
    shared.leave("begun", 2, &who("key:b"));
    drop((white, black));
    let _watcher = sit(&shared, "watched", 3, "key:c");

    hand.advance(limits.table_empty - Duration::from_secs(1));
    shared.tick();
    assert_eq!(tables(&shared), ["begun", "empty", "watched"], "not yet");
    hand.advance(Duration::from_secs(1));
    shared.tick();
    assert_eq!(
        tables(&shared),
        ["begun", "watched"],
        "an empty table with no game begun goes after {:?}",
        limits.table_empty
    );
    assert_eq!(
        dir.flaky().tables().expect("kept").len(),
        2,
        "gone from disk too"
    );

    hand.advance(limits.table_idle);
    shared.tick();
    assert_eq!(
        tables(&shared),
        ["watched"],
        "a game nobody moved at for {:?} goes; one somebody is at stays",
        limits.table_idle
    );
    let archive = dir.flaky().archive_page(None, Page::first(10));
    assert!(
        archive.expect("the archive").is_empty(),
        "nothing is archived or rated"
    );
}

#[test]
fn a_new_key_an_address_and_a_key_each_have_a_share() {
    let dir = Scratch::new("shares");
    let limits = Limits {
        tables_per_person: 3,
        tables_per_address: 4,
        tables_new_key: 1,
        ..Limits::default()
    };
    let (shared, _) = dir.shared(limits);
    let new = keyed("key:new", "10.0.0.1", 60);
    shared.create("n1", chess(), &new, 100).expect("one");
    let err = shared.create("n2", chess(), &new, 100).expect_err("new");
    assert!(
        err.contains("first hour may have 1 unfinished table;"),
        "{err}"
    );
    let old = keyed("key:old", "10.0.0.1", 2 * NEW_KEY.as_secs());
    for name in ["o1", "o2", "o3"] {
        shared.create(name, chess(), &old, 100).expect("an old key");
    }
    let err = shared
        .create("o4", chess(), &old, 100)
        .expect_err("its share");
    assert!(err.contains("You have 3 unfinished tables"), "{err}");
    let neighbour = keyed("key:other", "10.0.0.1", 2 * NEW_KEY.as_secs());
    let err = shared
        .create("x", chess(), &neighbour, 100)
        .expect_err("the address's share");
    assert!(
        err.contains("Your address has 4 unfinished tables"),
        "{err}"
    );
    let v6 = |a: &str| keyed(a, a, 2 * NEW_KEY.as_secs());
    shared
        .create("v1", chess(), &v6("2001:db8:0:1::1"), 100)
        .expect("elsewhere");
    for (n, address) in ["2001:db8:0:1::2", "2001:db8:0:1:ffff::9", "2001:db8:0:1::3"]
        .iter()
        .enumerate()
    {
        shared
            .create(&format!("w{n}"), chess(), &v6(address), 100)
            .expect("the same /64 up to its share");
    }
    let err = shared
        .create("v5", chess(), &v6("2001:db8:0:1::77"), 100)
        .expect_err("one /64 is one address");
    assert!(err.contains("Your address has 4"), "{err}");
}

#[test]
fn at_the_limit_the_heaviest_makers_idlest_table_makes_room_never_one_in_play() {
    let dir = Scratch::new("room");
    let limits = Limits {
        tables: 5,
        ..Limits::default()
    };
    let (shared, hand) = dir.timed_hub_with(limits);
    let heavy = keyed("key:heavy", "10.0.0.9", 2 * NEW_KEY.as_secs());
    for name in ["h1", "h2", "h3"] {
        shared.create(name, chess(), &heavy, 100).expect("made");
        hand.advance(minutes(1));
    }
    shared
        .create("light", chess(), &who("key:light"), 100)
        .expect("made");
    shared
        .create("game", chess(), &who("key:a"), 100)
        .expect("made");
    let _white = sit(&shared, "game", 1, "key:a");
    let _black = sit(&shared, "game", 2, "key:b");
    shared
        .play("game", 1, mv(&shared, "game", "e4"))
        .expect("e4");

    let real = keyed("key:real", "10.0.0.2", 0);
    shared
        .create("mine", chess(), &real, 100)
        .expect("room is made");
    assert_eq!(
        tables(&shared),
        ["game", "h2", "h3", "light", "mine"],
        "the heaviest maker's idlest table went"
    );
    let _h2 = sit(&shared, "h2", 5, "key:heavy");
    let _h3 = sit(&shared, "h3", 6, "key:heavy");
    let _light = sit(&shared, "light", 7, "key:light");
    let _mine = sit(&shared, "mine", 8, "key:real");
    let err = shared
        .create("more", chess(), &who("key:late"), 100)
        .expect_err("every table is in play");
    assert!(err.starts_with("The server has 5 tables in play"), "{err}");
    assert!(tables(&shared).contains(&"game".to_string()));
}
