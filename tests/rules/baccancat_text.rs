//! BacCanCat: the position text, move text and notation, bad input, the
//! hash, registration as a variant, the command line, and the computer
//! playing every seat.

use crate::support::baccancat::{CORNERS, KINGS, game, play, position};
use crate::support::legal_texts;
use crate::support::process::catboard;
use catboard::ai::{Level, think};
use catboard::core::{Game, Move, Options, perft};
use catboard::variants::baccancat::{BacCanCat, Leapers};
use catboard::variants::{AnyGame, Variant};
use std::sync::atomic::AtomicBool;

#[test]
fn start_text_matches_the_rules_file_array_and_reads_back() {
    let g = BacCanCat::with_leapers(Leapers::One);
    let text = g.position_text();
    // Rank a: Red's B B A C R P, empty middle, Blue's mirror image.
    let rank_a = text.split(' ').next().unwrap().split('/').nth(15).unwrap();
    assert_eq!(rank_a, "rBrBrArCrRrP4bPbRbCbAbBbB");
    let rank_e = text.split(' ').next().unwrap().split('/').nth(11).unwrap();
    assert_eq!(rank_e, "rRrRrNrNrKrY4bYbKbNbNbRbR");
    assert!(text.ends_with(" r - - Q8,T8,G8 0 1") || text.contains(" Q8,T8,G8 0 1"));
    let again = BacCanCat::from_text(&text).expect("reads back");
    assert_eq!(again.position_text(), text);
    assert_eq!(again.hash(), g.hash());
    for leapers in [Leapers::Two, Leapers::Three, Leapers::Four] {
        let g = BacCanCat::with_leapers(leapers);
        let back = BacCanCat::from_text(&g.position_text()).expect("reads back");
        assert_eq!(back.position_text(), g.position_text());
    }
}

#[test]
fn bad_position_texts_give_one_sentence_each() {
    let good = position(&format!("{KINGS} {CORNERS}"), "r - - - Q8 0 1");
    let fields: Vec<&str> = good.split(' ').collect();
    let with = |i: usize, v: &str| {
        let mut f = fields.clone();
        f[i] = v;
        f.join(" ")
    };
    let bad = [
        String::new(),
        "r - - - Q8 0 1".to_string(),
        with(0, "16/16"),
        with(0, &fields[0].replacen("16", "17", 1)),
        with(0, &fields[0].replacen("16", "xK15", 1)),
        with(0, &fields[0].replacen("16", "rZ15", 1)),
        with(0, &fields[0].replacen("16", "rK15", 1)),
        with(1, "x"),
        with(2, "rr"),
        with(2, "zq"),
        with(3, "ee"),
        with(3, "zz"),
        with(4, "ee"),
        with(5, "Q"),
        with(5, "P3"),
        with(6, "x"),
        with(6, "9"),
        with(7, "5"),
        position(&format!("{KINGS} {CORNERS} rP@ff"), "r - - - Q8 0 1"),
        position(&format!("{KINGS} {CORNERS}"), "r or - - Q8 0 1"),
    ];
    for text in bad {
        match BacCanCat::from_text(&text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.ends_with('.') && !msg.contains('\n'), "{msg}");
                assert_eq!(msg.matches(". ").count(), 0, "one sentence: {msg}");
            }
        }
    }
}

#[test]
fn moves_read_in_every_spelling() {
    let g = game(&position(
        &format!("{KINGS} {CORNERS} rR@eb rP@oc rR@hj oB@hm"),
        "r - eb - Q8,T8 0 1",
    ));
    let text = |s: &str| g.parse_move(s).map(|m| g.move_text(m));
    assert_eq!(text("ee-ec"), Ok("ee-ec".into()));
    assert_eq!(text("eeec"), Ok("ee-ec".into()));
    assert_eq!(text("Kee-ec"), Ok("ee-ec".into()));
    assert_eq!(text("EE-EC"), Ok("ee-ec".into()));
    assert_eq!(text(" oc-pc=T "), Ok("oc-pc=T".into()));
    assert_eq!(text("ocpcq"), Ok("oc-pc=Q".into()));
    assert_eq!(text("hjxhm"), Ok("hj-hm".into()));
    assert_eq!(text("hj×hm=q"), Ok("hj-hm=Q".into()));
    assert_eq!(text("Rhj-hm+"), Ok("hj-hm".into()));
    for bad in [
        "", "e", "zz-aa", "aa-ab-ac", "ab-ac", "hj-ik", "oc-pc", "oc-pc=G", "oc-pc=Z", "Nhj-hm",
        "pass", "hj-hk=Q", "aé-bb", "ééé", "éé", "=", "hj-hm=", "hj-hm=QQ", "Ké-ec",
    ] {
        match g.parse_move(bad) {
            Ok(m) => panic!("accepted '{bad}' as {}", g.move_text(m)),
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.ends_with('.') && !msg.contains('\n'), "{bad}: {msg}");
            }
        }
    }
}

#[test]
fn the_move_list_notation_names_the_piece_and_marks_captures_checks_and_mates() {
    let g = game(&position(
        &format!("{KINGS} {CORNERS} rR@hj oB@hm rP@oc"),
        "r - - - Q8 0 1",
    ));
    let n = |g: &BacCanCat, s: &str| g.move_notation(g.parse_move(s).expect("legal"));
    assert_eq!(n(&g, "hj-hm"), "Rhjxhm");
    assert_eq!(n(&g, "hj-hm=Q"), "Rhjxhm=Q");
    assert_eq!(n(&g, "hj-hi"), "Rhj-hi");
    assert_eq!(n(&g, "hj-he"), "Rhj-he+", "checks Blue's King on le");
    assert_eq!(n(&g, "oc-pc=Q"), "Poc-pc=Q");
    let g = game(&position(
        &format!("{KINGS} {CORNERS} rN@jl oR@hl"),
        "r - - - Q8 0 1",
    ));
    assert_eq!(n(&g, "jl-kj"), "Njl-kj#", "Orange then mates Green at once");
}

#[test]
fn the_hash_is_kept_incrementally_and_unmaking_restores_everything() {
    for leapers in [Leapers::One, Leapers::Four] {
        let mut g = BacCanCat::with_leapers(leapers);
        let start = (g.position_text(), g.hash());
        let mut seed = 12345u64;
        for _ in 0..300 {
            let moves = g.legal_move_list();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            g.make_move(mv);
            assert_eq!(
                g.hash(),
                g.position().hash_from_scratch(),
                "after {}",
                g.position_text()
            );
            let reread = BacCanCat::from_text(&g.position_text()).expect("own text reads back");
            assert_eq!(reread.hash(), g.hash());
        }
        while g.unmake_move().is_some() {}
        assert_eq!((g.position_text(), g.hash()), start);
    }
}

#[test]
fn annotations_show_reserve_points_checks_and_who_is_out() {
    let g = game(&position(
        &format!("{KINGS} {CORNERS} rN@jl oR@hl gR@ge"),
        "r - - - Q8 0 1",
    ));
    let notes = g.annotations().notes;
    let note = |notes: &[catboard::core::Note], k: &str| {
        notes
            .iter()
            .find(|n| n.label == k)
            .map(|n| n.value.to_string())
            .unwrap_or_default()
    };
    assert_eq!(note(&notes, "In check"), "Red, Blue");
    assert_eq!(note(&notes, "Reserve"), "Q8");
    let mut g = game(&position(
        &format!("{KINGS} {CORNERS} rN@jl oR@hl"),
        "r - - - Q8 0 1",
    ));
    play(&mut g, &["jl-kj"]);
    let notes = g.annotations().notes;
    assert_eq!(note(&notes, "Out"), "Green (mated by Orange)");
    assert_eq!(note(&notes, "Reserve"), "Q8 B1 K1");
    assert_eq!(note(&notes, "Points"), "Red 0, Orange 0, Green 0, Blue 0");
    // Who is to move is the panel's own line, not a note said twice.
    assert_eq!(g.to_move(), catboard::core::Seat(1));
    assert!(notes.iter().all(|n| n.label != "To move"));
}

#[test]
fn registered_and_offered_on_the_setup_screen_with_the_leapers_option() {
    let v = Variant::from_id("baccancat").expect("known");
    assert_eq!(v, Variant::BacCanCat);
    assert_eq!(v.name(), "BacCanCat");
    assert!(Variant::ALL.contains(&v), "the setup screen offers it");
    assert_eq!(v.seats(), &["red", "orange", "green", "blue"]);
    let o = Options::parse(v.options(), ["leapers=3"]).expect("valid");
    let mut g = v.new_game(&o);
    assert_eq!(perft(&mut g, 1), 38);
    assert!(Options::parse(v.options(), ["leapers=5"]).is_err());
    let from_text: AnyGame = v
        .from_position(v.start_position(), &Options::new())
        .expect("start");
    assert_eq!(from_text.position_text(), v.start_position());
}

#[test]
fn perft_and_rules_run_from_the_command_line() {
    let out = catboard(&[
        "perft",
        "--variant",
        "baccancat",
        "--option",
        "leapers=2",
        "--depth",
        "2",
    ]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().last(),
        Some("1853")
    );
    let out = catboard(&[
        "rules",
        "--variant",
        "baccancat",
        "--moves",
        "fa-ga",
        "fp-gp",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["to_move"], "green");
    assert_eq!(v["legal"].as_array().map(|a| a.len()), Some(27));
    assert_eq!(v["eliminated"], serde_json::json!([]));
    assert_eq!(v["reserve"], serde_json::json!({"Q": 8, "T": 8, "G": 8}));
    assert_eq!(v["scores"]["red"], 0);
    // Orange mated at once by Red's first move (sub-variant 4, the rules file's note).
    let out = catboard(&[
        "rules",
        "--variant",
        "baccancat",
        "--option",
        "leapers=4",
        "--moves",
        "cd-dg",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["eliminated"], serde_json::json!(["orange"]));
    assert_eq!(v["to_move"], "green");
    assert_eq!(v["reserve"]["K"], 1);
    assert_eq!(v["reserve"]["R"], 4);
    let out = catboard(&["rules", "--variant", "baccancat", "--position", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_computer_finds_a_legal_move_for_every_seat() {
    let mut g = BacCanCat::with_leapers(Leapers::One);
    let stop = AtomicBool::new(false);
    let limits = Level::Casual.limits().with_seed(1);
    for _ in 0..4 {
        let thought = think(&g, &limits, &stop, |_| {});
        let mv = thought.best.expect("a move");
        assert!(g.legal_move_list().contains(&mv));
        g.make_move(mv);
    }
    assert_eq!(g.moves_played().len(), 4);
    assert!(legal_texts(&g).len() > 1);
}

#[test]
fn the_oracle_writes_half_points_as_halves() {
    let mut g = game(&position(
        "rK@aa oK@el oR@hb oR@bh oB@ap oN@fa oN@ff oN@af",
        "r gr,bo - - Q8 1 1",
    ));
    play(&mut g, &["pass"]);
    let fields = catboard::variants::baccancat::oracle::oracle_fields(&g);
    assert_eq!(fields["scores"]["red"], 2.5);
    assert_eq!(fields["scores"]["blue"], 1);
    assert_eq!(fields["eliminated"], serde_json::json!(["green", "blue"]));
}

#[test]
fn a_pass_reads_back_as_the_move_list_writes_it() {
    let g = game(&position(
        "rK@aa oK@el oR@hb oR@bh oB@ap oN@fa oN@ff oN@af",
        "r gr,bo - - Q8 1 1",
    ));
    let written = g.move_notation(Move::PASS);
    assert_eq!(written, "Red passes");
    assert_eq!(g.parse_move(&written), Ok(Move::PASS));
    assert_eq!(g.parse_move("red PASSES"), Ok(Move::PASS));
    let why = g
        .parse_move("Orange passes")
        .expect_err("not Orange's turn");
    assert_eq!(
        why.to_string(),
        "It is Red's turn, so Orange cannot pass now."
    );
}
