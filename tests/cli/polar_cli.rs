//! Polar chess from the command line (`catboard perft|rules --variant
//! polar`), the variant's registration, and the computer playing it.

use crate::support::process::catboard;
use catboard::ai::{Evaluate, Level, think};
use catboard::core::{Game, Options};
use catboard::variants::Variant;
use serde_json::Value;
use std::process::Output;
use std::sync::atomic::AtomicBool;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn perft_counts_from_each_formation() {
    // The counts `polar_perft` confirms with its separate generator.
    for (formation, count) in [("option1", "1489"), ("original_2004", "196")] {
        let out = catboard(&[
            "perft",
            "--variant",
            "polar",
            "--option",
            &format!("formation={formation}"),
            "--depth",
            "2",
        ]);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(stdout(&out).lines().last(), Some(count), "{formation}");
    }
}

#[test]
fn rules_answers_in_json_with_polar_moves() {
    let out = catboard(&[
        "rules",
        "--variant",
        "polar",
        "--moves",
        "15n-17n",
        "10N-12N",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["variant"], "polar");
    assert_eq!(v["to_move"], "white");
    assert!(v["position"].as_str().is_some_and(|p| p.contains(" w ")));
    let legal = v["legal"].as_array().expect("moves");
    assert!(legal.iter().any(|m| m == "15S-16S"));
}

#[test]
fn bad_input_exits_2_with_one_sentence() {
    for args in [
        &[
            "rules",
            "--variant",
            "polar",
            "--option",
            "formation=square",
        ][..],
        &[
            "rules",
            "--variant",
            "polar",
            "--position",
            "K14S w - - 0 1",
        ],
        &["rules", "--variant", "polar", "--moves", "15N-18N"],
    ] {
        let out = catboard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn polar_is_offered_on_the_setup_screen() {
    assert!(Variant::ALL.contains(&Variant::Polar));
    assert!(!Variant::ENGINE_ONLY.contains(&Variant::Polar));
    assert_eq!(Variant::from_id("polar"), Ok(Variant::Polar));
    assert_eq!(Variant::Polar.name(), "Polar chess");
    assert!(Variant::from_id("sphere").is_err_and(|e| e.to_string().contains("polar")));
}

#[test]
fn the_computer_plays_a_legal_move_and_takes_a_free_queen() {
    let stop = AtomicBool::new(false);
    let game = Variant::Polar.new_game(&Options::new());
    let thought = think(&game, &Level::Casual.limits(), &stop, |_| {});
    let best = thought.best.expect("a move");
    assert!(game.legal_move_list().contains(&best));
    // Black's queen stands en prise to the rook on 16N's line.
    let game = Variant::Polar
        .from_position("K14S,R16N,P15S,k9S,q24N,p18S w - - 0 1", &Options::new())
        .expect("valid");
    assert!(
        game.evaluate_for(catboard::core::Seat::WHITE) < 0,
        "a queen down"
    );
    let thought = think(&game, &Level::Club.limits(), &stop, |_| {});
    let best = thought.best.expect("a move");
    assert_eq!(game.move_text(best), "16N-24N");
}
