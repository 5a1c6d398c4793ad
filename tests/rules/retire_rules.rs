//! Resigning, a flag falling and a draw by agreement, in every variant, as
//! the rulings say (`docs/rules/*.md`, "Leaving the game"): a
//! property over positions reached by random play that a retirement is
//! taken back whole and reads back from its text, and each variant's
//! ruling on a position of its own.

use crate::support::{play_picks, proptest_config};
use catboard::core::{Departure, EndReason, Game, Move, Options, Outcome, Retire, Seat};
use catboard::variants::{AnyGame, Variant};
use proptest::prelude::*;

fn new_game(variant: Variant) -> AnyGame {
    variant.new_game(&Options::new())
}

fn from(variant: Variant, text: &str) -> AnyGame {
    variant
        .from_position(text, &Options::new())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn resign(seat: u8) -> Retire {
    Retire::Leave(Seat(seat), Departure::Resigned)
}

fn flag(seat: u8) -> Retire {
    Retire::Leave(Seat(seat), Departure::Flagged)
}

/// Plays `retire` after checking the game allows it, through its text as a
/// save would.
fn play(game: &mut AnyGame, retire: Retire) {
    let text = game.move_text(retire.to_move());
    let mv = game
        .parse_move(&text)
        .unwrap_or_else(|e| panic!("{text} refused: {e}"));
    assert_eq!(mv, retire.to_move());
    game.make_move(mv);
}

fn won(winner: u8, reason: EndReason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(Seat(winner)),
        reason,
    })
}

proptest! {
    #![proptest_config(proptest_config(64))]

    /// Any retirement the game allows is recorded as a ply, changes no
    /// piece, and is taken back whole; one it refuses changes nothing.
    #[test]
    fn a_retirement_is_a_ply_taken_back_whole(
        variant in prop::sample::select(Variant::ALL),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
        seat in 0u8..4,
        kind in 0u8..3,
    ) {
        let mut game = play_picks(variant, &picks);
        let retire = match kind {
            0 => resign(seat),
            1 => flag(seat),
            _ => Retire::Agreement,
        };
        let (text, hash, plies) = (game.position_text(), game.hash(), game.moves_played().len());
        match game.may_retire(retire) {
            Err(why) => {
                prop_assert!(why.to_string().ends_with('.'), "{}", why.to_string());
                prop_assert!(game.parse_move(&game.move_text(retire.to_move())).is_err());
            }
            Ok(()) => {
                game.make_move(retire.to_move());
                prop_assert_eq!(game.moves_played().len(), plies + 1);
                prop_assert_eq!(game.moves_played().last().copied(), Some(retire.to_move()));
                if variant != Variant::BacCanCat {
                    let geo = game.geometry();
                    let fresh = play_picks(variant, &picks);
                    for cell in geo.cells() {
                        prop_assert_eq!(game.piece_at(cell), fresh.piece_at(cell));
                    }
                }
                prop_assert_eq!(game.unmake_move(), Some(retire.to_move()));
                prop_assert_eq!(game.position_text(), text);
                prop_assert_eq!(game.hash(), hash);
            }
        }
    }
}

#[test]
fn in_two_army_games_who_leaves_loses_and_an_agreement_draws() {
    for variant in [Variant::Chess, Variant::Chu, Variant::Polar] {
        let mut game = new_game(variant);
        let first = game.legal_move_list()[0];
        game.make_move(first);
        play(&mut game, resign(1));
        assert_eq!(
            game.outcome(),
            won(0, EndReason::Resignation),
            "{variant:?}"
        );
        assert!(game.legal_move_list().is_empty() || game.outcome().is_some());
        game.unmake_move();
        assert_eq!(game.outcome(), None);
        play(&mut game, flag(1));
        assert_eq!(game.outcome(), won(0, EndReason::Time), "{variant:?}");
        game.unmake_move();
        assert!(
            game.may_retire(flag(0)).is_err(),
            "White's flag cannot fall on Black's turn"
        );
        play(&mut game, Retire::Agreement);
        assert_eq!(
            game.outcome().map(|o| (o.winner, o.reason)),
            Some((None, EndReason::Agreement))
        );
        assert!(
            game.may_retire(resign(0)).is_err(),
            "nothing more once it is over"
        );
    }
}

#[test]
fn a_flag_against_a_side_that_cannot_mate_is_a_draw() {
    // Black to move, its flag falls; White has a lone King (twice), then a
    // Knight against a pawn that could block its King in, then a Rook.
    for (fen, drawn) in [
        ("4k3/8/8/8/8/8/4p3/4K3 b - - 0 1", true),
        ("q3k3/8/8/8/8/8/8/4K3 b - - 0 1", true),
        ("4k3/7p/8/8/8/8/8/4KN2 b - - 0 1", false),
        ("4k3/8/8/8/8/8/8/4KR2 b - - 0 1", false),
    ] {
        let mut game = from(Variant::Chess, fen);
        play(&mut game, flag(1));
        let reason = if drawn {
            EndReason::TimeAgainstMaterial
        } else {
            EndReason::Time
        };
        let winner = (!drawn).then_some(Seat(0));
        assert_eq!(game.outcome(), Some(Outcome { winner, reason }), "{fen}");
    }
}

#[test]
fn the_cats_flag_makes_them_pass_and_a_draw_agreed_is_theirs() {
    let mut game = new_game(Variant::Cat);
    let cats = Seat(2);
    assert!(
        game.may_retire(resign(2)).is_err(),
        "the Cats cannot resign"
    );
    for _ in 0..2 {
        let mv = game.legal_move_list()[0];
        game.make_move(mv);
    }
    assert_eq!(game.to_move(), cats);
    let before = game.hash();
    play(&mut game, flag(2));
    assert_eq!(game.outcome(), None, "the game goes on");
    assert_ne!(game.hash(), before, "the hash knows the Cats only pass now");
    assert_eq!(game.legal_move_list().to_vec(), vec![Move::PASS]);
    game.make_move(Move::PASS);
    let mv = game.legal_move_list()[0];
    game.make_move(mv);
    let mv = game.legal_move_list()[0];
    game.make_move(mv);
    assert_eq!(game.to_move(), cats);
    assert_eq!(game.legal_move_list().to_vec(), vec![Move::PASS]);
    game.make_move(Move::PASS);
    play(&mut game, Retire::Agreement);
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(cats)));
    game.unmake_move();
    play(&mut game, resign(0));
    assert_eq!(game.outcome(), won(1, EndReason::Resignation));
}

#[test]
fn a_baccancat_army_that_leaves_is_out_without_credit_and_the_last_wins() {
    let mut game = new_game(Variant::BacCanCat);
    assert!(game.may_retire(Retire::Agreement).is_err());
    assert!(game.may_retire(flag(2)).is_err(), "not Green's turn");
    play(&mut game, resign(2));
    assert_eq!(game.outcome(), None);
    let text = game.position_text();
    assert!(
        text.split(' ').nth(2) == Some("g!"),
        "the out field says Green resigned: {text}"
    );
    assert_eq!(
        from(Variant::BacCanCat, &text).position_text(),
        text,
        "and reads back"
    );
    assert!(game.may_retire(resign(2)).is_err(), "Green is out already");
    // Red is to move; its flag falls: the turn goes to Orange.
    assert_eq!(game.to_move(), Seat(0));
    play(&mut game, flag(0));
    assert_eq!(game.to_move(), Seat(1));
    assert_eq!(game.outcome(), None);
    play(&mut game, resign(1));
    assert_eq!(game.outcome(), won(3, EndReason::Resignation));
    assert_eq!(game.points(), Some(vec![2, 4, 0, 6]));
    for _ in 0..3 {
        game.unmake_move();
    }
    assert_eq!(
        game.position_text(),
        new_game(Variant::BacCanCat).position_text()
    );
}

#[test]
fn a_game_over_refuses_every_retirement() {
    // Fool's mate.
    let mut game = new_game(Variant::Chess);
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let mv = game.parse_move(text).expect("legal");
        game.make_move(mv);
    }
    assert!(game.outcome().is_some());
    for r in [resign(0), flag(0), Retire::Agreement] {
        let why = game.may_retire(r).expect_err("over");
        assert_eq!(why.to_string(), "The game is already over.");
    }
}
