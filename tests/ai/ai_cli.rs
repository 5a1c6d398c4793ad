//! `catboard bench`: the bench positions searched, with nodes, time and
//! nodes per second, and the perft figure.

use crate::support::process::catboard;

#[test]
fn bench_prints_every_position_a_total_and_perft() {
    let out = catboard(&["bench", "--depth", "3", "--perft", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let header = text.lines().next().expect("a header");
    assert!(header.contains("nodes/s"), "{header}");
    for (name, _) in catboard::ai::bench::POSITIONS {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing from {text}"
        );
    }
    let total = text
        .lines()
        .find(|l| l.starts_with("total"))
        .expect("a total line");
    let nodes: u64 = total
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .expect("a node count");
    assert!(nodes > 0);
    assert!(text.contains("perft 3 of the start: 8902 leaves"), "{text}");
}

#[test]
fn bench_levels_lists_every_level() {
    let out = catboard(&[
        "bench",
        "--depth",
        "1",
        "--perft",
        "0",
        "--levels",
        "--think-ms",
        "50",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for level in ["casual", "club", "strong", "master"] {
        assert!(
            text.contains(&format!("{level} slowest move")),
            "{level} missing from {text}"
        );
    }
}

#[test]
fn bench_baccancat_searches_every_position_and_counts_perft() {
    let out = catboard(&[
        "bench",
        "--variant",
        "baccancat",
        "--depth",
        "1",
        "--perft",
        "2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (name, _) in catboard::ai::bench::BACCANCAT_POSITIONS {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing from {text}"
        );
    }
    assert!(text.contains("perft 2 of the start: 729 leaves"), "{text}");
}
