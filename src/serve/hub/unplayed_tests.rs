//! Games nobody plays on, at the hub: a player away from a timed table
//! loses when another player there claims the win after
//! [`Limits::claim_after`], never sooner; two keys of one account never
//! take two seats of one game; a quick game's seats are kept with its
//! table, in one step. The hub's clock is moved by hand.

use super::tests::{HubScratch, mv, sit, timed_chess, who};
use super::*;
use crate::serve::identity::Login;
use catboard::core::EndReason;
use catboard::variants::Variant;
use catboard_testkit::Scratch;
use std::net::IpAddr;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

#[test]
fn a_player_away_long_enough_loses_when_another_claims_and_not_sooner() {
    let dir = Scratch::new("claim");
    let (shared, hand) = dir.timed_hub();
    let wait = shared.limits.claim_after;
    shared
        .create("t", timed_chess("10+0"), &who("key:a"), 100)
        .expect("made");
    let _ann = sit(&shared, "t", 1, "key:a");
    let bob = sit(&shared, "t", 2, "key:b");
    let _carol = sit(&shared, "t", 3, "key:c");
    for (conn, text) in [(1, "e4"), (2, "e5"), (1, "Nf3")] {
        shared
            .play("t", conn, mv(&shared, "t", text))
            .expect("a move");
    }
    let here = shared.claim_win("t", 1).expect_err("everyone is here");
    assert!(here.contains("Every player is at the table"), "{here}");
    let watching = shared.claim_win("t", 3).expect_err("a spectator");
    assert!(watching.contains("watching"), "{watching}");

    // Bob leaves; his clock runs. Coming back before the wait is out
    // starts his absence again.
    shared.leave("t", 2, &who("key:b"));
    drop(bob);
    hand.advance(wait - secs(1));
    let soon = shared.claim_win("t", 1).expect_err("too soon");
    assert!(
        soon.contains(&format!("away {} s", (wait - secs(1)).as_secs())),
        "{soon}"
    );
    let _bob = sit(&shared, "t", 4, "key:b");
    shared.leave("t", 4, &who("key:b"));
    hand.advance(wait - secs(1));
    assert!(
        shared.claim_win("t", 1).is_err(),
        "away again only since he left again"
    );
    let view = shared.view("t").expect("in play");
    assert_eq!(
        view.table.carried(),
        (wait - secs(1)) * 2,
        "Black's clock ran while he was away"
    );

    hand.advance(secs(1));
    shared.claim_win("t", 1).expect("claimed");
    let game = shared.store.archived(1).expect("read").expect("kept").game;
    assert_eq!(
        game.termination.map(|t| t.outcome.reason),
        Some(EndReason::Resignation)
    );
    assert_eq!((game.result.as_str(), game.rated), ("1-0", true));
}

#[test]
fn a_win_is_not_claimed_at_an_untimed_table_and_before_each_moved_it_aborts() {
    let dir = Scratch::new("claim-untimed");
    let (shared, hand) = dir.timed_hub();
    let wait = shared.limits.claim_after;
    shared
        .create("u", super::tests::chess(), &who("key:a"), 100)
        .expect("made");
    let _ann = sit(&shared, "u", 1, "key:a");
    hand.advance(wait * 10);
    let untimed = shared.claim_win("u", 1).expect_err("untimed");
    assert!(
        untimed.contains("only at a table with a clock"),
        "{untimed}"
    );

    // A quick game's opponent who never comes: the claim aborts it.
    shared
        .create("q", timed_chess("10+0"), &who("key:c"), 100)
        .expect("made");
    let _carol = sit(&shared, "q", 5, "key:c");
    let dan = sit(&shared, "q", 6, "key:d");
    shared.play("q", 5, mv(&shared, "q", "e4")).expect("e4");
    shared.leave("q", 6, &who("key:d"));
    drop(dan);
    hand.advance(wait);
    shared.claim_win("q", 5).expect("claimed");
    let game = shared.store.archived(1).expect("read").expect("kept").game;
    assert_eq!(
        game.termination.map(|t| t.outcome.reason),
        Some(EndReason::Aborted)
    );
    assert!(!game.rated);
}

#[test]
fn two_keys_of_one_account_never_hold_two_seats_of_a_game_nor_wait_twice() {
    let dir = Scratch::new("two-keys");
    let (shared, _) = dir.timed_hub();
    let address: IpAddr = "10.0.0.1".parse().expect("an address");
    let login = |user: &str, key: &str| Login {
        user: user.into(),
        key: Some(key.into()),
        address,
    };
    let desk = shared.who(&login("farmer", "key:D")).expect("in");
    let code = shared.link_code(&desk).expect("a code");
    let laptop = shared
        .who(&login(&format!("link-{code}"), "key:L"))
        .expect("linked");
    assert_eq!(laptop.identity, desk.identity);

    // Waiting for a quick game from both keys, they are not paired.
    let five = catboard::clock::TimeControl::parse("5+0")
        .ok()
        .flatten()
        .expect("a control");
    let (a, b) = (Arc::new(Mailbox::new()), Arc::new(Mailbox::new()));
    shared
        .seek(3, &desk, a.clone(), Variant::Chess, five)
        .expect("waits");
    let twice = shared
        .seek(4, &laptop, b.clone(), Variant::Chess, five)
        .expect_err("one wait an account");
    assert!(twice.contains("another connection"), "{twice}");
    assert_eq!((a.take().go_to, b.take().go_to), (None, None));
    shared.cancel_seek(3);
    // At one table, the second key takes the first one's seat over.
    shared
        .create("t", timed_chess("5+0"), &desk, 100)
        .expect("made");
    for (conn, who) in [(1, &desk), (2, &laptop)] {
        let joined = shared
            .join("t", conn, who, Arc::new(Mailbox::new()), true, None)
            .expect("joined");
        assert_eq!(joined.seat, Some(0), "one account, one seat");
    }
}

#[test]
fn a_quick_games_table_is_kept_with_both_seats_held() {
    let dir = Scratch::new("quick-seats");
    let (shared, _) = dir.timed_hub();
    let five = catboard::clock::TimeControl::parse("5+0")
        .ok()
        .flatten()
        .expect("a control");
    for (conn, id) in [(1, "key:a"), (2, "key:b")] {
        shared
            .seek(
                conn,
                &who(id),
                Arc::new(Mailbox::new()),
                Variant::Chess,
                five,
            )
            .expect("waits");
    }
    // Nobody has come to the table yet: the seats are kept already, so
    // neither a restart nor a race leaves a rated table nobody holds.
    let kept = shared.store.tables().expect("read");
    let seats = kept[0].seats.clone().expect("seats kept");
    let mut holders: Vec<String> = seats
        .holders
        .into_iter()
        .flatten()
        .map(|h| h.identity)
        .collect();
    holders.sort();
    assert_eq!(holders, ["key:a", "key:b"]);
}
