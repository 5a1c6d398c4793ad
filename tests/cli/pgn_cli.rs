//! PGN as a user meets it on the command line: `catboard export` writes
//! the game saved last (or the file named) as PGN, `--pgn FILE --game N`
//! goes on from a game of a file, and bad input of either is one
//! sentence with exit status 2.

use crate::support::process::{BIN, Running};
use crate::support::scratch::Scratch;
use std::process::Command;
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(30);

/// Plays `lines` in the line mode with saves in `dir`, to the end.
fn play_lines(dir: &str, args: &[&str], lines: &str) -> Vec<String> {
    let mut all = vec!["line", "--save-dir", dir];
    all.extend(args);
    let mut line = Running::start(&all);
    line.send(lines.as_bytes());
    line.close();
    let (status, said) = line.finish(PATIENCE);
    assert!(status.success(), "{said:?}");
    said
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("catboard runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_timed_game_is_exported_and_goes_on_from_its_pgn() {
    let saves = Scratch::new("pgnexport");
    let dir = saves.path().to_string_lossy().into_owned();
    play_lines(
        &dir,
        &["--black", "human", "--time", "5+3"],
        "e4\ne5\nNf3\nNc6\nquit\n",
    );
    let (code, pgn, err) = run(&["export", "--save-dir", &dir]);
    assert_eq!(code, Some(0), "{err}");
    for part in [
        "[White \"human\"]",
        "[TimeControl \"300+3\"]",
        "[Result \"*\"]",
        "1. e4 {[%clk 0:05:0",
        "2. Nf3",
        "Nc6",
    ] {
        assert!(pgn.contains(part), "{part} in {pgn}");
    }
    // Two games in one file: the second is the one exported.
    let file = saves.path().join("two.pgn");
    let first = "[Event \"first\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";
    std::fs::write(&file, format!("{first}{pgn}")).expect("write");
    let path = file.to_string_lossy().into_owned();
    let said = play_lines(
        &dir,
        &["--pgn", &path, "--game", "2", "--black", "human"],
        "history\nclock\nBb5\nquit\n",
    );
    let text = said.join("\n");
    assert!(text.contains("knight from b8 to c6"), "{text}");
    assert!(text.contains("(5+3)"), "the clock comes with it: {text}");
    assert!(text.contains("White bishop to b5"), "{text}");
}

#[test]
fn bad_exports_and_bad_pgn_are_one_sentence() {
    let saves = Scratch::new("pgnbad");
    let dir = saves.path().to_string_lossy().into_owned();
    let junk = saves.path().join("junk.pgn");
    std::fs::write(&junk, "[Event \"x\"]\n\n1. e4 Ke7 2. Qxf7 *\n").expect("write");
    let junk = junk.to_string_lossy().into_owned();
    let missing = saves
        .path()
        .join("none.json")
        .to_string_lossy()
        .into_owned();
    for args in [
        vec!["export", "--save-dir", &dir],
        vec!["export", &missing],
        vec!["line", "--pgn", &junk],
        vec!["line", "--pgn", &junk, "--game", "3"],
        vec!["line", "--pgn", &missing],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        let line = err.trim_end();
        assert_eq!(line.lines().count(), 1, "{args:?}: {err}");
        assert!(
            line.starts_with("catboard: ") && line.ends_with('.'),
            "{args:?}: {err}"
        );
    }
    // The file's variant is the game's: another is refused by the parser.
    let (code, _, err) = run(&["play", "--pgn", &junk, "--variant", "cat"]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn a_pgn_game_is_analysed_into_its_pgn_and_bad_arguments_are_one_sentence() {
    let dir = Scratch::new("analyse");
    let file = dir.path().join("mate.pgn");
    std::fs::write(&file, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n").expect("written");
    let path = file.to_string_lossy().into_owned();
    let (status, out, err) = run(&["analyse", "--pgn", &path, "--nodes", "20000"]);
    assert_eq!(status, Some(0), "{err}");
    // PGN's lines are folded at 80 columns: the words, whatever the fold.
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        out.matches("[%eval ").count(),
        6,
        "an eval after every move but the mate: {out}"
    );
    assert!(out.contains(" Nf6?? {[%eval #1] Blunder: "), "{out}");
    assert!(
        out.contains("4. Qxf7# 1-0"),
        "the last position has no eval: {out}"
    );
    assert!(err.contains("White: accuracy "), "{err}");
    assert!(
        err.contains("Black: accuracy ") && err.contains("1 blunder."),
        "{err}"
    );
    for (args, said) in [
        (
            vec!["analyse", "--pgn", &path, "--time", "0"],
            "--time takes more than 0 and at most 600 seconds, not 0.",
        ),
        (
            vec!["analyse", "--pgn", &path, "--engine", "stockfish"],
            "--engine takes uci:COMMAND or xboard:COMMAND, not 'stockfish'.",
        ),
    ] {
        let (status, out, err) = run(&args);
        assert_eq!((status, out.as_str()), (Some(2), ""), "{args:?}");
        assert_eq!(err.trim_end(), format!("catboard: {said}"), "{args:?}");
    }
}

#[test]
fn a_saved_game_keeps_its_analysis_and_is_analysed_once() {
    let dir = Scratch::new("analyse-save");
    let file = dir.path().join("game-1.json");
    // A save as catboard wrote them before analyses were kept.
    std::fs::write(
        &file,
        r#"{"format":1,"variant":"chess","options":[],"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","players":["human","human"],"moves":["e2e4","e7e5","f1c4","b8c6","d1h5","g8f6","h5f7"]}"#,
    )
    .expect("written");
    let path = file.to_string_lossy().into_owned();
    let (status, first, err) = run(&["analyse", &path, "--nodes", "20000"]);
    assert_eq!(status, Some(0), "{err}");
    let text = std::fs::read_to_string(&file).expect("read");
    let mut saved: serde_json::Value = serde_json::from_str(&text).expect("json");
    let positions = saved["analysis"]["positions"]
        .as_array()
        .expect("the analysis is kept in the save")
        .len();
    assert_eq!(positions, 8, "{text}");
    // What the file keeps is what is shown: a score no search gives.
    saved["analysis"]["positions"][2]["scores"] = serde_json::json!([555, -555]);
    std::fs::write(&file, saved.to_string()).expect("written");
    let (status, again, err) = run(&["analyse", &path, "--nodes", "20000"]);
    assert_eq!(status, Some(0), "{err}");
    assert!(again.contains("[%eval 5.55]"), "{again}");
    assert!(!first.contains("[%eval 5.55]"), "{first}");
    // Another budget is another analysis.
    let (status, other, err) = run(&["analyse", &path, "--nodes", "20001"]);
    assert_eq!(status, Some(0), "{err}");
    assert!(!other.contains("[%eval 5.55]"), "{other}");
}
