//! The Cat Chess computer player from the command line: `catboard bench
//! --variant cat` (a move at every level on the Cat positions, and perft)
//! and the hidden `catboard selfplay`.

use crate::support::process::catboard_text;

#[test]
fn bench_cat_plays_every_level_on_every_cat_position() {
    let (status, text, err) = catboard_text(&[
        "bench",
        "--variant",
        "cat",
        "--think-ms",
        "50",
        "--perft",
        "3",
    ]);
    assert!(status.success(), "{err}");
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
    let (status, _, err) = catboard_text(&["bench", "--variant", "draughts"]);
    assert!(!status.success());
    assert!(err.contains("There is no variant 'draughts'"), "{err}");
}

#[test]
fn selfplay_plays_and_counts_the_wins_per_seat() {
    let (status, text, err) = catboard_text(&[
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
    assert!(status.success(), "{err}");
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
    let (status, _, err) = catboard_text(&["selfplay", "--seat-level", "dogs=club"]);
    assert!(!status.success());
    assert!(err.contains("there is no seat 'dogs'"), "{err}");
}

#[test]
fn selfplay_gives_a_seat_a_fixed_depth_instead_of_a_level() {
    let (status, text, err) = catboard_text(&[
        "selfplay",
        "--games",
        "1",
        "--level",
        "casual",
        "--max-plies",
        "12",
        "--seat-depth",
        "cats=1",
    ]);
    assert!(status.success(), "{err}");
    assert!(
        text.contains("white casual, black casual, cats depth 1"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("cats") && l.contains("depth1") && l.contains("wins")),
        "{text}"
    );
    for bad in ["cats=0", "cats=65", "cats=one"] {
        let (status, _, err) = catboard_text(&["selfplay", "--seat-depth", bad]);
        assert!(!status.success(), "{bad}");
        assert!(
            err.contains("--seat-depth takes 1 to 64 plies"),
            "{bad}: {err}"
        );
    }
}
