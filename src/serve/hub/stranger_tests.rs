//! What throwaway keys buy at the hub: codes for adding a key (a share
//! for keys in their first hour, a share per address, one per account),
//! link codes tried (so many an address), and names claimed (so many new
//! ones an address an hour). Each attack fills its share and a real
//! player still gets what they came for.

use super::tests::HubScratch;
use super::*;
use crate::serve::database::now_secs;
use crate::serve::limits::{LINK_TRIES_PER_ADDRESS, LINKS_NEW_KEYS, LINKS_PER_ADDRESS};
use catboard_testkit::Scratch;
use std::net::{IpAddr, Ipv4Addr};

/// The `n`th address of a test, each its own.
fn address(n: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + n as u32))
}

/// Key `key`, its account first seen at `first_seen`, from `at`.
fn keyed(key: &str, at: IpAddr, first_seen: u64) -> Who {
    Who::with_key(key, key.trim_start_matches("key:").to_string()).from(at, Some(first_seen))
}

#[test]
fn new_keys_pressing_k_cannot_take_the_codes_of_older_keys() {
    let dir = Scratch::new("link-flood");
    let (shared, _) = dir.timed_hub();
    let now = now_secs();
    // 300 keys new this hour, each from an address of its own.
    let given = (0..300)
        .filter(|n| {
            shared
                .link_code(&keyed(&format!("key:new{n}"), address(*n), now))
                .is_ok()
        })
        .count();
    assert_eq!(given, LINKS_NEW_KEYS, "their own small share");
    let refused = shared
        .link_code(&keyed("key:late", address(400), now))
        .expect_err("the new keys' share is taken");
    assert!(refused.contains("first hour"), "{refused}");
    // A key older than an hour still gets its code.
    let old = keyed("key:old", address(500), now - 2 * 3600);
    shared.link_code(&old).expect("an older key's code");
    // An account has one code waiting: asking again replaces it.
    shared.link_code(&old).expect("again");
    let waiting = lock(&shared.links)
        .values()
        .filter(|l| l.identity == "key:old")
        .count();
    assert_eq!(waiting, 1);
}

#[test]
fn one_address_has_so_many_codes_waiting_whatever_its_keys() {
    let dir = Scratch::new("link-address");
    let (shared, _) = dir.timed_hub();
    let old = now_secs() - 2 * 3600;
    for n in 0..LINKS_PER_ADDRESS {
        shared
            .link_code(&keyed(&format!("key:k{n}"), address(1), old))
            .expect("a code");
    }
    let refused = shared
        .link_code(&keyed("key:more", address(1), old))
        .expect_err("the address's share is taken");
    assert!(refused.contains("Your address has"), "{refused}");
    shared
        .link_code(&keyed("key:more", address(2), old))
        .expect("another address");
}

#[test]
fn an_address_tries_so_many_link_codes_right_or_wrong() {
    let dir = Scratch::new("link-tries");
    let (shared, hand) = dir.timed_hub();
    let login = |user: &str, key: &str, at: IpAddr| Login {
        user: user.into(),
        key: Some(key.into()),
        address: at,
    };
    let alice = shared
        .who(&login("alice", "key:A", address(1)))
        .expect("in");
    let code = shared.link_code(&alice).expect("a code");
    for n in 0..LINK_TRIES_PER_ADDRESS {
        let wrong = shared
            .who(&login(&format!("link-guess{n}"), "key:M", address(9)))
            .expect_err("a wrong code");
        assert!(wrong.contains("not known"), "{wrong}");
    }
    let slowed = shared
        .who(&login(&format!("link-{code}"), "key:M", address(9)))
        .expect_err("too many tries");
    assert!(slowed.starts_with("Too many codes"), "{slowed}");
    // The code was not used up, and another address may use it.
    let laptop = shared
        .who(&login(&format!("link-{code}"), "key:L", address(3)))
        .expect("added");
    assert_eq!(laptop.identity, "key:A");
    hand.advance(crate::serve::limits::LINK_TRY_WINDOW);
    let later = shared
        .who(&login("link-guess", "key:M", address(9)))
        .expect_err("a wrong code");
    assert!(later.contains("not known"), "a new window: {later}");
}

#[test]
fn throwaway_keys_from_one_address_claim_so_many_names_an_hour() {
    let dir = Scratch::new("name-flood");
    let (shared, hand) = dir.timed_hub_with(Limits {
        names_per_address: 3,
        ..Limits::default()
    });
    let login = |user: &str, key: &str, at: IpAddr| Login {
        user: user.into(),
        key: Some(key.into()),
        address: at,
    };
    for n in 0..3 {
        shared
            .who(&login(&format!("spam{n}"), &format!("key:{n}"), address(1)))
            .expect("claimed");
    }
    let refused = shared
        .who(&login("spam3", "key:3", address(1)))
        .expect_err("the address's share is spent");
    assert!(
        refused.starts_with("Your address has claimed 3 new names"),
        "{refused}"
    );
    // A key showing under a name it holds still comes in, and another
    // address claims as ever.
    shared
        .who(&login("spam0", "key:0", address(1)))
        .expect("held");
    shared
        .who(&login("ann", "key:ann", address(2)))
        .expect("another address");
    hand.advance(crate::serve::limits::NAME_WINDOW);
    shared
        .who(&login("spam3", "key:3", address(1)))
        .expect("an hour later");
}

#[test]
fn strangers_filling_the_new_names_lock_no_one_out_after_a_day() {
    let dir = Scratch::new("name-book");
    let (shared, hand) = dir.timed_hub_with(Limits {
        new_names: 8,
        names_per_address: 4,
        ..Limits::default()
    });
    let login = |user: &str, key: &str, at: IpAddr| Login {
        user: user.into(),
        key: Some(key.into()),
        address: at,
    };
    // Bob came and played: his name is not counted among the new ones.
    shared
        .who(&login("bob", "key:bob", address(100)))
        .expect("bob");
    let game = FinishedGame {
        finished: shared.wall_secs(),
        ..crate::serve::store::suite::finished(Some("key:bob"), None, false)
    };
    crate::serve::store::suite::play_out(&*shared.store, "t1", &game);
    // Throwaway keys from two addresses take every new name there is.
    for n in 0..8 {
        shared
            .who(&login(
                &format!("spam{n}"),
                &format!("key:s{n}"),
                address(n / 4),
            ))
            .expect("a new name");
    }
    let refused = shared
        .who(&login("ann", "key:ann", address(9)))
        .expect_err("the new names are taken");
    assert!(refused.contains("lapses a day after"), "{refused}");
    // A day on, their claims have lapsed (logging in again keeps none of
    // them), and a new key is in; Bob keeps his name.
    hand.advance(crate::serve::limits::UNPLAYED_NAME_LAPSE + Duration::from_secs(1));
    shared
        .who(&login("spam0", "key:s0", address(0)))
        .expect("its own name, while nobody claims it");
    let ann = shared
        .who(&login("ann", "key:ann", address(9)))
        .expect("a new key after the lapse");
    assert_eq!(ann.name, "ann");
    shared
        .who(&login("spam1", "key:other", address(9)))
        .expect("a lapsed name is free");
    let taken = shared
        .who(&login("bob", "key:eve", address(9)))
        .expect_err("a player's name is kept");
    assert!(taken.contains("belongs to another key"), "{taken}");
}
