//! `catboard rules` and `catboard perft` with `--variant cat`, as a user
//! runs them: the same JSON shape as chess, with "cats" as a winner.

use crate::support::process::catboard;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn json_of(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn rules(args: &[&str]) -> Value {
    let mut all = vec!["rules", "--variant", "cat"];
    all.extend_from_slice(args);
    let out = catboard(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_of(&String::from_utf8_lossy(&out.stdout))
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .expect("an array")
        .iter()
        .filter_map(|m| m.as_str())
        .collect()
}

#[test]
fn rules_describes_the_start_and_the_cats_turn() {
    let v = rules(&[]);
    assert_eq!(v["variant"], "cat");
    assert_eq!(
        v["position"],
        "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(v["to_move"], "white");
    assert_eq!(strings(&v["legal"]).len(), 19);
    let v = rules(&["--moves", "e2e4", "Nf6"]);
    assert_eq!(v["to_move"], "cats");
    assert_eq!(v["in_check"], false);
    assert_eq!(v["outcome"], Value::Null);
    let legal = strings(&v["legal"]);
    assert!(legal.contains(&"pass") && legal.contains(&"a4b5"));
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted, "legal moves are sorted");
    let v = rules(&["--moves", "e2e4", "Nf6", "Ca4-b5"]);
    assert_eq!(v["to_move"], "white");
    assert!(v["position"].as_str().is_some_and(|p| p.contains("1C")));
}

#[test]
fn rules_names_the_winner_white_black_or_cats() {
    let v = rules(&[
        "--position",
        "7k/6pp/8/8/8/8/R7/CC4K1 w - - 0 1",
        "--moves",
        "Ra8",
    ]);
    assert_eq!(v["outcome"]["winner"], "white");
    assert_eq!(v["outcome"]["reason"], "checkmate");
    assert_eq!(v["in_check"], true);
    assert_eq!(
        strings(&v["legal"]).len(),
        0,
        "no moves once the game is over"
    );
    let v = rules(&["--position", "4k3/8/8/2C5/8/8/5C2/4K1B1 w - - 0 1"]);
    assert_eq!(v["outcome"]["winner"], "cats");
    assert_eq!(v["outcome"]["reason"], "material");
    let v = rules(&[
        "--position",
        "4k3/8/8/2C5/8/8/5C2/R3K3 c - - 99 70",
        "--moves",
        "pass",
    ]);
    assert_eq!(v["outcome"]["winner"], "cats");
    assert_eq!(v["outcome"]["reason"], "hundred_turns");
}

#[test]
fn rules_batch_answers_cat_queries_line_by_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catboard"))
        .args(["rules", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let input = concat!(
        "{\"variant\": \"cat\", \"moves\": [\"e2e4\", \"e7e5\", \"pass\"]}\n",
        "{\"variant\": \"cat\", \"moves\": [\"pass\"]}\n",
        "{\"variant\": \"cat\", \"position\": \"8/8/8/8/8/8/8/8 w - - 0 1\"}\n",
    );
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("finished");
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<Value> = text.lines().map(json_of).collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["to_move"], "white");
    assert!(
        answers[0]["position"]
            .as_str()
            .is_some_and(|p| p.ends_with(" w KQkq - 1 2"))
    );
    let error = answers[1]["error"].as_str().expect("an error");
    assert!(error.contains("Only the Cats may pass"), "{error}");
    let error = answers[2]["error"].as_str().expect("an error");
    assert!(error.starts_with("Cat FEN"), "{error}");
}

#[test]
fn bad_cat_input_is_one_sentence_on_stderr() {
    let out = catboard(&["rules", "--variant", "cat", "--position", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Cat FEN") && err.lines().count() == 1, "{err}");
}

#[test]
fn perft_counts_cat_chess_moves() {
    // 19 White moves, 19 Black replies, then the Cats' steps and pass.
    let out = catboard(&["perft", "--variant", "cat", "--depth", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().last(), Some("361"));
    let out = catboard(&[
        "perft",
        "--variant",
        "cat",
        "--depth",
        "1",
        "--moves",
        "e2e4",
        "e7e5",
        "--divide",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("pass: 1") && text.contains("a4b5: 1"),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("11"));
}
