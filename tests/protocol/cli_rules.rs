//! The command-line tools as a user runs them: `catboard rules` (one
//! position or a batch) and `catboard perft`, including bad input.

use crate::support::process::{catboard, stdout_json as json};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn rules_describes_the_position_after_moves() {
    let out = catboard(&[
        "rules",
        "--variant",
        "chess",
        "--moves",
        "e2e4",
        "e7e5",
        "Nf3",
    ]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["variant"], "chess");
    assert_eq!(
        v["position"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["in_check"], false);
    assert_eq!(v["outcome"], Value::Null);
    let legal: Vec<&str> = v["legal"]
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|m| m.as_str())
        .collect();
    assert_eq!(legal.len(), 29);
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted, "legal moves are sorted");
}

#[test]
fn rules_reports_checkmate_with_winner_and_no_moves() {
    let out = catboard(&["rules", "--moves", "f2f3", "e7e5", "g2g4", "d8h4"]);
    let v = json(&out);
    assert_eq!(v["in_check"], true);
    assert_eq!(v["outcome"]["winner"], "black");
    assert_eq!(v["outcome"]["reason"], "checkmate");
    assert_eq!(v["legal"].as_array().map(|a| a.len()), Some(0));
}

#[test]
fn rules_reports_draws_with_null_winner_and_honours_options() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let v = json(&catboard(&["rules", "--position", fen, "--moves", "a1a2"]));
    assert_eq!(v["outcome"]["winner"], Value::Null);
    assert_eq!(v["outcome"]["reason"], "fifty_moves");
    let v = json(&catboard(&[
        "rules",
        "--position",
        fen,
        "--moves",
        "a1a2",
        "--option",
        "fifty_moves=off",
    ]));
    assert_eq!(v["outcome"], Value::Null);
}

#[test]
fn bad_input_gets_one_sentence_and_status_two() {
    for args in [
        vec!["rules", "--position", "not a fen"],
        vec!["rules", "--moves", "e2e5"],
        vec!["rules", "--variant", "checkers"],
        vec!["rules", "--option", "fifty_moves=sometimes"],
        vec![
            "perft",
            "--position",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--depth",
            "2",
        ],
    ] {
        let out = catboard(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
    let err = String::from_utf8_lossy(&catboard(&["rules", "--moves", "e4", "e5", "Ke3"]).stderr)
        .to_string();
    assert!(
        err.contains("Move 3 'Ke3'"),
        "names the move and where: {err}"
    );
}

#[test]
fn batch_answers_every_line_and_survives_bad_ones() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catboard"))
        .args(["rules", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let input = concat!(
        "{\"variant\": \"chess\", \"moves\": [\"e2e4\"]}\n",
        "this is not json\n",
        "{\"variant\": \"chess\", \"position\": \"8/8/8/8/8/8/8/8 w - - 0 1\"}\n",
        "{\"variant\": \"chess\", \"position\": \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"}\n",
    );
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("finish");
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each answer is JSON"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["to_move"], "black");
    assert!(lines[1]["error"].is_string());
    assert!(lines[2]["error"].as_str().unwrap_or("").contains("kings"));
    assert_eq!(lines[3]["outcome"]["reason"], "stalemate");
}

#[test]
fn perft_prints_the_count_last_and_divides() {
    let out = catboard(&["perft", "--variant", "chess", "--depth", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.trim().lines().last(), Some("8902"));
    let out = catboard(&["perft", "--depth", "2", "--divide", "--moves", "e2e4"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.trim().lines().collect();
    assert_eq!(lines.last(), Some(&"600"));
    assert!(lines.contains(&"e7e5: 29"), "{text}");
    assert_eq!(lines.iter().filter(|l| l.contains(':')).count(), 20);
}
