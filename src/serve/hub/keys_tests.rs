//! An account's keys at the hub: listed with their sights, one removed
//! (then it logs in as a stranger), never the key in use, the account's
//! first, or another account's; a linked key's login keeps the
//! account's names from lapsing.

use super::tests::HubScratch;
use super::*;
use crate::serve::database::now_secs;
use crate::serve::limits::NAME_LAPSE;
use crate::serve::store::suite;
use catboard_testkit::Scratch;
use std::net::IpAddr;

fn login(user: &str, key: &str) -> Login {
    Login {
        user: user.into(),
        key: Some(key.into()),
        address: "10.0.0.1".parse::<IpAddr>().expect("an address"),
    }
}

/// Alice's account (`key:A`) with her laptop's key `key:L` added, and
/// her logged in with each.
fn alice_with_a_laptop(shared: &Shared) -> (Who, Who) {
    let desk = shared.who(&login("alice", "key:A")).expect("alice");
    let code = shared.link_code(&desk).expect("a code");
    let laptop = shared
        .who(&login(&format!("link-{code}"), "key:L"))
        .expect("added");
    (desk, laptop)
}

#[test]
fn a_key_removed_logs_in_as_a_stranger() {
    let dir = Scratch::new("keys-remove");
    let (shared, _) = dir.shared(Limits::default());
    let (desk, laptop) = alice_with_a_laptop(&shared);
    assert_eq!(laptop.key.as_deref(), Some("key:L"));
    let listed = shared.keys_of(&laptop).expect("listed");
    let keys: Vec<(&str, bool)> = listed.iter().map(|k| (k.key.as_str(), k.first)).collect();
    assert_eq!(keys, [("key:A", true), ("key:L", false)]);
    let said = shared.remove_key(&desk, "key:L").expect("removed");
    assert!(said.contains("is removed"), "{said}");
    assert_eq!(shared.keys_of(&desk).expect("listed").len(), 1);
    let stranger = shared.who(&login("lapdog", "key:L")).expect("in");
    assert_eq!(
        (stranger.identity.as_str(), stranger.name.as_str()),
        ("key:L", "lapdog"),
        "no longer alice"
    );
    let again = shared.remove_key(&desk, "key:L").expect_err("removed once");
    assert_eq!(again, "The key L is not one of your account's.");
}

#[test]
fn the_key_in_use_the_first_key_and_anothers_key_are_kept() {
    let dir = Scratch::new("keys-kept");
    let (shared, _) = dir.shared(Limits::default());
    let (desk, laptop) = alice_with_a_laptop(&shared);
    let in_use = shared
        .remove_key(&laptop, "key:L")
        .expect_err("the key in use");
    assert_eq!(
        in_use,
        "The key L is the one you are connected with; connect with another of your keys to remove it."
    );
    let first = shared
        .remove_key(&laptop, "key:A")
        .expect_err("the account's first");
    assert!(first.contains("cannot be removed"), "{first}");
    // Bob's account cannot remove Alice's laptop.
    let bob = shared.who(&login("bob", "key:B")).expect("bob");
    let code = shared.link_code(&bob).expect("a code");
    let phone = shared
        .who(&login(&format!("link-{code}"), "key:P"))
        .expect("bob's phone");
    let not_his = shared
        .remove_key(&phone, "key:L")
        .expect_err("another account's key");
    assert_eq!(not_his, "The key L is not one of your account's.");
    assert_eq!(
        shared.who(&login("x", "key:L")).expect("in").identity,
        "key:A"
    );
    assert_eq!(shared.keys_of(&desk).expect("listed").len(), 2);
    let guest = shared
        .who(&Login {
            key: None,
            ..login("g", "")
        })
        .expect("a guest");
    assert!(shared.keys_of(&guest).is_err() && shared.remove_key(&guest, "key:L").is_err());
}

#[test]
fn an_account_holds_so_many_keys() {
    let dir = Scratch::new("keys-full");
    let (shared, _) = dir.shared(Limits::default());
    let desk = shared.who(&login("alice", "key:A")).expect("alice");
    for n in 1..KEYS_PER_ACCOUNT {
        let code = shared.link_code(&desk).expect("a code");
        // Each from an address of its own: an address tries so many codes.
        let from = Login {
            address: IpAddr::from([10, 0, 1, u8::try_from(n).expect("a few")]),
            ..login(&format!("link-{code}"), &format!("key:{n}"))
        };
        shared.who(&from).expect("added");
    }
    assert_eq!(
        shared.keys_of(&desk).expect("listed").len(),
        KEYS_PER_ACCOUNT
    );
    let full = shared.link_code(&desk).expect_err("full");
    assert!(
        full.starts_with(&format!("Your account has {KEYS_PER_ACCOUNT} keys")),
        "{full}"
    );
    shared.remove_key(&desk, "key:1").expect("removed");
    shared.link_code(&desk).expect("room again");
}

#[test]
fn a_linked_keys_login_keeps_the_accounts_names() {
    let dir = Scratch::new("keys-seen");
    let (shared, _) = dir.shared(Limits::default());
    // Alice claimed her name, played a game and added her laptop long
    // ago, and has used only the laptop since (a name of an account
    // that has played is kept while the account is seen).
    let long_ago = now_secs() - NAME_LAPSE.as_secs() - 3600;
    let claim = names::claim_of("alice", "alice", "key:A", long_ago, 10).expect("a claim");
    shared.store.claim_name(&claim).expect("claimed");
    let game = FinishedGame {
        finished: long_ago,
        ..suite::finished(Some("key:A"), None, false)
    };
    suite::play_out(&*shared.store, "t1", &game);
    shared
        .store
        .link_key("key:L", "key:A", long_ago)
        .expect("linked");
    let laptop = shared.who(&login("", "key:L")).expect("the laptop");
    assert_eq!(laptop.name, "alice");
    let seen = shared.keys_of(&laptop).expect("listed");
    assert!(seen[1].last_seen >= now_secs() - 60, "{seen:?}");
    assert_eq!(seen[0].last_seen, long_ago, "the desk's key was not used");
    let refused = shared
        .who(&login("alice", "key:M"))
        .expect_err("alice's name is in use");
    assert!(refused.contains("belongs to another key"), "{refused}");
}
