//! `catboard perft` and `catboard rules` with `--variant chu`, as a user
//! runs them: the same JSON shape as chess, the promotion option, and bad
//! input refused with exit status 2.

use crate::support::process::{catboard, stdout_json as json};
use serde_json::Value;

#[test]
fn perft_counts_the_chu_start() {
    let out = catboard(&["perft", "--variant", "chu", "--depth", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.trim().lines().last(), Some("3600"));
}

#[test]
fn rules_answers_in_the_shape_chess_uses() {
    let chess = json(&catboard(&["rules", "--variant", "chess"]));
    let out = catboard(&[
        "rules",
        "--variant",
        "chu",
        "--option",
        "promotion=shogi",
        "--moves",
        "e2e4",
        "e7e5",
        "e1e2,e2e3",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&v), keys(&chess));
    assert_eq!(v["variant"], "chu");
    assert_eq!(v["to_move"], "black");
    assert!(v["position"].as_str().is_some_and(|p| p.contains("/4L5/")));
}

#[test]
fn bad_chu_input_exits_with_status_2() {
    for args in [
        &["rules", "--variant", "chu", "--option", "promotion=crazy"][..],
        &["rules", "--variant", "chu", "--position", "10/10 w - -"][..],
        &["rules", "--variant", "chu", "--moves", "e2e5"][..],
        &[
            "perft",
            "--variant",
            "chu",
            "--depth",
            "1",
            "--moves",
            "e1f2,f2g3",
        ][..],
    ] {
        let out = catboard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn chu_is_accepted_by_name_and_offered_on_the_setup_screen() {
    use catboard::variants::Variant;
    assert_eq!(Variant::from_id("chu"), Ok(Variant::Chu));
    assert_eq!(Variant::Chu.name(), "Chu Chess");
    assert!(Variant::ALL.contains(&Variant::Chu));
    assert!(Variant::known().any(|v| v == Variant::Chu));
    let keys: Vec<&str> = Variant::Chu.options().iter().map(|o| o.key).collect();
    assert_eq!(
        keys,
        ["promotion", "fifty_moves", "repetition", "bare_kings"]
    );
}
