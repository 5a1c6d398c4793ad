//! Ratings at the hub are kept per variant: a rated game of one variant
//! starts from its players' ratings in that variant and moves those, and
//! no other variant's.

use super::tests::{HubScratch, sit, who};
use super::*;
use crate::serve::identity::Login;
use crate::session::table::{Player, TableSpec};
use catboard::core::{MoveList, Options};
use catboard::rating::Rating;
use catboard::variants::Variant;
use catboard_testkit::Scratch;

/// A table of `variant` at 5+3 (so rated), every seat a person's.
fn timed(variant: Variant) -> TableGame {
    TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: None,
        players: vec![Player::Human; variant.seats().len()],
        time: catboard::clock::TimeControl::parse("5+3").expect("a control"),
    })
    .expect("a table")
}

/// Table `name` of `variant` between `white` and `black` (connections
/// `conn` and `conn + 1`): each makes a first move (so the game was
/// played), then White resigns. Returns the game as archived, game `id`.
fn played(shared: &Shared, name: &str, variant: Variant, conn: u64, id: u64) -> FinishedGame {
    shared
        .create(name, timed(variant), &who("key:alice"), 100)
        .expect("made");
    let _seats = [
        sit(shared, name, conn, "key:alice"),
        sit(shared, name, conn + 1, "key:bob"),
    ];
    for mover in [conn, conn + 1] {
        let (table, _) = shared.table(name).expect("in play");
        let mut moves = MoveList::new();
        table.game().legal_moves(&mut moves);
        let first = *moves.first().expect("a legal move");
        shared.play(name, mover, first).expect("a move");
    }
    shared.resign(name, conn).expect("resigned");
    shared.store.archived(id).expect("read").expect("kept").game
}

fn ratings(shared: &Shared, variant: Variant) -> Vec<Rating> {
    shared
        .store
        .ratings(&["key:alice", "key:bob"], variant.id())
        .expect("ratings")
}

#[test]
fn a_rated_game_of_another_variant_moves_its_ratings_and_leaves_chesss_alone() {
    let dir = Scratch::new("variant-ratings");
    let (shared, _) = dir.shared(Limits::default());
    for id in ["alice", "bob"] {
        let login = Login {
            user: id.into(),
            key: Some(format!("key:{id}")),
            address: "10.0.0.1".parse().expect("an address"),
        };
        shared.who(&login).expect("an account");
    }
    let chess = played(&shared, "c", Variant::Chess, 10, 1);
    assert!(chess.rated, "a timed game both played");
    let after_chess = ratings(&shared, Variant::Chess);
    assert!(
        after_chess.iter().all(|r| *r != Rating::default()),
        "{after_chess:?}"
    );
    // Every other variant two people play (Chu Chess, Polar chess).
    let others: Vec<Variant> = Variant::known()
        .filter(|v| *v != Variant::Chess && v.seats().len() == 2)
        .collect();
    assert!(!others.is_empty());
    for (n, variant) in others.into_iter().enumerate() {
        let name = format!("v{n}");
        let game = played(&shared, &name, variant, 100 + 10 * n as u64, 2 + n as u64);
        assert_eq!(game.variant, variant.id());
        assert!(game.rated, "{variant:?}");
        let fresh = Rating::default();
        for player in &game.players {
            let before = player.before.expect("rated");
            assert_eq!(
                (before.rating, before.deviation),
                (fresh.rating, fresh.deviation),
                "{variant:?} starts from its own ratings, not chess's"
            );
        }
        let moved: Vec<Rating> = game
            .players
            .iter()
            .map(|p| p.after.expect("rated"))
            .collect();
        assert!(
            moved.iter().all(|r| *r != Rating::default()),
            "{variant:?}: {moved:?}"
        );
        // The archive keeps a rating and its deviation, not its volatility.
        let kept: Vec<(f64, f64)> = ratings(&shared, variant)
            .iter()
            .map(|r| (r.rating, r.deviation))
            .collect();
        let archived: Vec<(f64, f64)> = moved.iter().map(|r| (r.rating, r.deviation)).collect();
        assert_eq!(kept, archived, "{variant:?} kept");
        assert_eq!(
            ratings(&shared, Variant::Chess),
            after_chess,
            "a game of {variant:?} left chess's ratings alone"
        );
    }
}
