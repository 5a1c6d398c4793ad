//! `catboard xboard` in the protocol's node-count mode (`nps`): the time
//! per move becomes a number of nodes, so a match at fixed nodes plays the
//! same games on any machine under any load.

use catboard::protocol::xboard::{Interrupts, Session};

/// Sends each line to a session and returns everything it wrote.
fn talk(session: &mut Session, lines: &[&str]) -> String {
    let interrupts = Interrupts::default();
    let mut out = Vec::new();
    for line in lines {
        session
            .handle(line, &interrupts, &mut out)
            .expect("writing to memory works");
    }
    String::from_utf8(out).expect("UTF-8 output")
}

/// The node counts of the thinking lines (`depth score time nodes pv`).
fn node_counts(output: &str) -> Vec<u64> {
    output
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .filter_map(|l| l.split_whitespace().nth(3)?.parse().ok())
        .collect()
}

#[test]
fn nps_turns_the_time_per_move_into_nodes() {
    let lines = ["protover 2", "new", "post", "nps 1000", "st 3", "e2e4"];
    let mut first = Session::new(1);
    let out = talk(&mut first, &lines);
    assert!(out.contains("nps=1"), "the feature is announced: {out}");
    let nodes = node_counts(&out);
    assert!(!nodes.is_empty(), "it thought: {out}");
    assert!(
        nodes.iter().all(|&n| n <= 3_000),
        "3 s at 1000 nodes a second is 3000 nodes: {nodes:?}"
    );
    let mut second = Session::new(1);
    let again = talk(&mut second, &lines);
    let moves = |o: &str| -> Vec<String> {
        o.lines()
            .filter(|l| l.starts_with("move "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        moves(&out),
        moves(&again),
        "a node budget plays the same move"
    );
    assert!(
        talk(&mut second, &["nps fast"]).starts_with("Error (bad node rate)"),
        "a bad rate is refused"
    );
}
