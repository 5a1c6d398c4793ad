//! The command line's limits and its output failures: depths and sizes
//! beyond a documented maximum are refused in one sentence (exit 2); a
//! closed standard output ends a command quietly (exit 0) and a full one
//! is an error (exit 1), for every command that prints.

use std::fs::File;
use std::process::Stdio;
use std::time::Duration;

use crate::support::process;
use crate::support::process::{Finished, run, run_with};

const PATIENCE: Duration = Duration::from_secs(30);

/// Asserts `done` was refused with exit status 2 and exactly `sentence`.
fn refused(done: &Finished, sentence: &str) {
    assert_eq!(done.status.code(), Some(2), "{}", done.stderr);
    assert_eq!(done.stderr, format!("catboard: {sentence}\n"));
    assert!(done.stdout.is_empty());
}

#[test]
fn perft_deeper_than_the_variant_allows_is_refused() {
    let done = run(&["perft", "--depth", "10000"], b"", PATIENCE);
    refused(
        &done,
        "--depth 10000 is more than the largest allowed for Chess perft, 9.",
    );
    let done = run(&["perft", "--depth", "10"], b"", PATIENCE);
    refused(
        &done,
        "--depth 10 is more than the largest allowed for Chess perft, 9.",
    );
    let done = run(
        &["perft", "--variant", "cat", "--depth", "8"],
        b"",
        PATIENCE,
    );
    refused(
        &done,
        "--depth 8 is more than the largest allowed for Cat Chess perft, 7.",
    );
    let done = run(&["perft", "--depth", "3"], b"", PATIENCE);
    assert!(done.status.success());
    assert_eq!(String::from_utf8_lossy(&done.stdout), "8902\n");
}

#[test]
fn bench_and_thinking_times_out_of_range_are_refused() {
    let done = run(&["bench", "--depth", "0"], b"", PATIENCE);
    refused(&done, "--depth 0 is less than the smallest allowed, 1.");
    let done = run(&["bench", "--depth", "1", "--think-ms", "0"], b"", PATIENCE);
    refused(&done, "--think-ms 0 is less than the smallest allowed, 1.");
    for ms in ["0", "3600001", "18446744073709551615"] {
        let done = run(&["play", "--think-ms", ms], b"", PATIENCE);
        let words = if ms == "0" {
            "less than the smallest allowed, 1"
        } else {
            "more than the largest allowed, 3600000"
        };
        refused(&done, &format!("--think-ms {ms} is {words}."));
        let done = run(&["--think-ms", ms], b"", PATIENCE);
        assert_eq!(done.status.code(), Some(2), "{}", done.stderr);
    }
}

#[test]
fn a_seat_given_two_players_is_refused() {
    let done = run(
        &["play", "--seat", "white=human", "--white", "club"],
        b"",
        PATIENCE,
    );
    refused(
        &done,
        "The white seat is given twice, to club and to human; give each seat once.",
    );
}

use crate::support::scratch::Scratch;

/// Runs `catboard ARGS` with exactly the environment `vars`.
fn run_in_env(args: &[&str], vars: &[(&str, &std::path::Path)]) -> Finished {
    let mut cmd = std::process::Command::new(process::BIN);
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    Finished {
        status: out.status,
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn resume_says_why_there_is_nothing_to_resume() {
    let done = run_in_env(&["--resume"], &[]);
    refused(
        &done,
        "There is no saved game to resume: neither HOME nor XDG_DATA_HOME is set; give --save-dir DIR.",
    );
    let scratch = Scratch::new("resume");
    let empty = scratch.0.join("empty");
    let done = run_in_env(&["--resume", "--save-dir", &empty.to_string_lossy()], &[]);
    refused(
        &done,
        &format!(
            "There is no unfinished game to resume in {}.",
            empty.display()
        ),
    );
    // The saves folder is a file: said as that, not as an OS error.
    let games = scratch.0.join("catboard").join("games");
    std::fs::create_dir_all(games.parent().expect("a parent")).expect("mkdir");
    std::fs::write(&games, "not a folder").expect("write");
    let done = run_in_env(&["--resume"], &[("XDG_DATA_HOME", &scratch.0)]);
    refused(
        &done,
        &format!(
            "There is no saved game to resume: the saves folder {} is a file, not a folder; give --save-dir DIR.",
            games.display()
        ),
    );
}

/// Every command that prints, with input that makes it print.
const PRINTING: &[(&[&str], &[u8])] = &[
    (&["rules"], b""),
    (&["rules", "--batch"], b"{\"variant\": \"chess\"}\n"),
    (&["perft", "--depth", "2"], b""),
    (&["perft", "--depth", "2", "--divide"], b""),
    (&["bench", "--depth", "1", "--perft", "1"], b""),
    (&["xboard"], b"protover 2\nping 1\nquit\n"),
    (&["uci-cat"], b"uci\nisready\nquit\n"),
    (&["--help"], b""),
    (
        &[
            "selfplay",
            "--variant",
            "chess",
            "--games",
            "1",
            "--level",
            "casual",
            "--max-plies",
            "4",
        ],
        b"",
    ),
];

#[test]
fn a_closed_output_ends_every_command_quietly() {
    for (args, input) in PRINTING {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let done = run_with(args, input, Stdio::from(writer), PATIENCE);
        assert_eq!(done.status.code(), Some(0), "{args:?}: {}", done.stderr);
        assert_eq!(done.stderr, "", "{args:?} said something");
    }
}

#[test]
fn a_full_output_is_an_error_for_every_command() {
    let Ok(full) = File::options().write(true).open("/dev/full") else {
        eprintln!("skipped: this system has no /dev/full");
        return;
    };
    for (args, input) in PRINTING {
        let out = full.try_clone().expect("another handle");
        let done = run_with(args, input, Stdio::from(out), PATIENCE);
        if args == &["--help"] {
            // clap prints help itself; it must not panic at least.
            assert!(!done.stderr.contains("panicked"), "{}", done.stderr);
            continue;
        }
        assert_eq!(done.status.code(), Some(1), "{args:?}: {}", done.stderr);
        assert!(
            done.stderr
                .starts_with("catboard: could not write the output: No space left on device"),
            "{args:?}: {}",
            done.stderr
        );
    }
}

#[test]
fn a_batch_answers_every_line_even_blank_and_unreadable_ones() {
    let input = b"{\"variant\": \"chess\", \"moves\": [\"e2e4\"]}\n\n   \n\xff\xfe\n{\"variant\": \"chess\"}\n";
    let done = run(&["rules", "--batch"], input, PATIENCE);
    assert!(done.status.success(), "{}", done.stderr);
    let text = String::from_utf8(done.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(lines[0].contains("\"to_move\":\"black\""), "{}", lines[0]);
    assert_eq!(lines[1], r#"{"error":"Line 2 is empty."}"#);
    assert_eq!(lines[2], r#"{"error":"Line 3 is empty."}"#);
    assert_eq!(lines[3], r#"{"error":"Line 4 is not UTF-8 text."}"#);
    assert!(lines[4].contains("\"to_move\":\"white\""), "{}", lines[4]);
}

#[test]
fn a_huge_bad_field_is_cut_in_the_message() {
    let field = "x".repeat(100_000);
    let fen = format!("8/8/8/8/8/8/8/8 {field} - - 0 1");
    let done = run(&["rules", "--position", &fen], b"", PATIENCE);
    assert_eq!(done.status.code(), Some(2));
    assert!(done.stderr.len() < 200, "{} bytes", done.stderr.len());
    assert!(
        done.stderr.contains("... (100000 characters)"),
        "{}",
        done.stderr
    );
    let done = run(&["rules", "--moves", &field], b"", PATIENCE);
    assert!(done.stderr.len() < 300, "{} bytes", done.stderr.len());
}
