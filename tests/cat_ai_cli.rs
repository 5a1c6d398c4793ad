//! The Cat Chess computer player from the command line: `catboard bench
//! --variant cat` (a move at every level on the Cat positions, and perft)
//! and the hidden `catboard selfplay`.

use std::process::Command;

fn catboard(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_catboard"))
        .args(args)
        .output()
        .expect("the catboard binary starts");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bench_cat_plays_every_level_on_every_cat_position() {
    let (ok, text, err) = catboard(&[
        "bench",
        "--variant",
        "cat",
        "--think-ms",
        "50",
        "--perft",
        "3",
    ]);
    assert!(ok, "{err}");
    for level in ["casual", "club", "strong", "master"] {
        for (name, _) in catboard::ai::bench::CAT_POSITIONS {
            assert!(
                text.lines()
                    .any(|l| l.starts_with(name) && l.split_whitespace().nth(1) == Some(level)),
                "{name} at {level} missing from {text}"
            );
        }
        assert!(text.contains(&format!("{level} slowest move")), "{text}");
    }
    assert!(
        text.contains("perft 3 of the Cat Chess start: 3743 leaves"),
        "{text}"
    );
}

#[test]
fn bench_refuses_an_unknown_variant_in_one_sentence() {
    let (ok, _, err) = catboard(&["bench", "--variant", "draughts"]);
    assert!(!ok);
    assert!(err.contains("There is no variant 'draughts'"), "{err}");
}

#[test]
fn selfplay_plays_and_counts_the_wins_per_seat() {
    let (ok, text, err) = catboard(&[
        "selfplay",
        "--games",
        "2",
        "--level",
        "casual",
        "--max-plies",
        "24",
        "--seat-model",
        "cats=maxn",
    ]);
    assert!(ok, "{err}");
    assert!(text.contains("cats casual (maxn)"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{text}"
    );
    for seat in ["white", "black", "cats"] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(seat) && l.contains("wins")),
            "{seat} missing from {text}"
        );
    }
    let (ok, _, err) = catboard(&["selfplay", "--seat-level", "dogs=club"]);
    assert!(!ok);
    assert!(err.contains("there is no seat 'dogs'"), "{err}");
}
