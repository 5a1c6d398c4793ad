//! `catboard-match`: a short match between two copies of catboard's own
//! engine (and, when it is installed, one game against Fairy-Max).

use crate::support::process::{catboard_match, xboard_engine};

#[test]
fn two_games_with_colours_reversed_and_a_scored_summary() {
    let engine = xboard_engine();
    let (status, out, err) = catboard_match(&[
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--games",
        "2",
        "--st",
        "1",
        "--depth",
        "1",
        "--max-moves",
        "15",
    ]);
    assert!(status.success(), "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games[0].contains("(white)"));
    let last = out.lines().last().expect("a summary");
    assert!(last.contains("2 games: +"), "{last}");
    assert!(last.contains("score "), "{last}");
    assert!(last.contains("± "), "{last}");
}

#[test]
fn a_missing_engine_is_reported_in_one_sentence() {
    let (status, _, err) = catboard_match(&[
        "--engine1",
        "/nonexistent/engine",
        "--engine2",
        "/nonexistent/engine",
        "--games",
        "1",
    ]);
    assert!(!status.success());
    assert!(err.starts_with("catboard-match: "), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn a_bad_openings_file_is_reported() {
    let dir = std::env::temp_dir().join(format!("catboard-openings-{}", std::process::id()));
    std::fs::write(&dir, "e2e4 e7e5 e1e3\n").expect("write a temporary file");
    let engine = xboard_engine();
    let path = dir.to_string_lossy().into_owned();
    let (status, _, err) = catboard_match(&[
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--openings",
        &path,
    ]);
    let _ = std::fs::remove_file(&dir);
    assert!(!status.success());
    assert!(err.contains("opening 1"), "{err}");
}

#[test]
fn one_game_against_fairy_max_when_installed() {
    let fairymax = ["/usr/games/fairymax", "/usr/bin/fairymax"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(fairymax) = fairymax else {
        eprintln!("skipped: fairymax is not installed (apt-get install fairymax)");
        return;
    };
    let engine = xboard_engine();
    let (status, out, err) = catboard_match(&[
        "--engine1",
        &engine,
        "--engine2",
        fairymax,
        "--games",
        "1",
        "--st",
        "1",
        "--depth",
        "2",
        "--max-moves",
        "10",
    ]);
    assert!(status.success(), "{err}");
    assert!(out.contains("Fairy-Max"), "{out}");
    assert!(
        out.lines().last().is_some_and(|l| l.contains("1 games: +")),
        "{out}"
    );
}
