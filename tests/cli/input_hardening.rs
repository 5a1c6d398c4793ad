//! Issue 21 against the binary, item by item: what a user types or leaves
//! on disk neither loses a game nor garbles a message, in every variant.
//! (Item 1, two catboards on one game, is in tests/e2e/saves_locked.rs;
//! the parsers' property tests are in fuzz_parsers.rs.)

use crate::support::process::{BIN, Finished, PATIENCE, Running, run};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const SOON: Duration = Duration::from_secs(60);

use crate::support::scratch::Scratch;

/// Exit status 2 and exactly `catboard: SENTENCE` on standard error.
fn refused(done: &Finished, sentence: &str) {
    assert_eq!(done.status.code(), Some(2), "{}", done.stderr);
    assert_eq!(done.stderr, format!("catboard: {sentence}\n"));
}

/// Exit status 2 and one clean sentence on standard error.
fn refused_in_one_clean_sentence(done: &Finished, input: &str) {
    assert_eq!(done.status.code(), Some(2), "{input:?}: {}", done.stderr);
    let line = done.stderr.strip_suffix('\n').unwrap_or(&done.stderr);
    let message = line
        .strip_prefix("catboard: ")
        .unwrap_or_else(|| panic!("{line:?}"));
    crate::support::assert_one_sentence(message, input);
}

/// Runs `catboard ARGS` in `dir` with exactly the environment `vars`.
fn run_in(dir: &Path, args: &[&str], vars: &[(&str, &str)], input: &[u8]) -> Finished {
    use std::io::Write;
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the binary runs");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input);
    }
    let out = child.wait_with_output().expect("it ends");
    Finished {
        status: out.status,
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

// ---- Item 2: threads for selfplay ------------------------------------

/// Whether this test may run the binary as `nobody` under a process limit
/// (root, with setpriv and prlimit; root itself ignores the limit).
fn can_limit_processes() -> bool {
    let root = std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"))
    });
    let have = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    root && have("setpriv") && have("prlimit")
}

/// `catboard ARGS` as user nobody allowed `processes` processes (threads
/// count) in all.
fn run_limited(processes: u32, args: &[&str]) -> Finished {
    let out = Command::new("setpriv")
        .args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "prlimit",
        ])
        .arg(format!("--nproc={processes}"))
        .arg(BIN)
        .args(args)
        .current_dir("/")
        .env("HOME", "/nonexistent")
        .output()
        .expect("setpriv runs");
    Finished {
        status: out.status,
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn selfplay_starts_no_more_threads_than_games_and_says_when_it_cannot() {
    let game = [
        "selfplay",
        "--variant",
        "chess",
        "--games",
        "1",
        "--level",
        "casual",
        "--max-plies",
        "2",
    ];
    let done = run(&[&game[..], &["--jobs", "4294967295"]].concat(), b"", SOON);
    refused(
        &done,
        "--jobs 4294967295 is more than the largest allowed, 1024.",
    );
    let done = run(&[&game[..3], &["--games", "0"]].concat(), b"", SOON);
    refused(&done, "--games 0 is less than the smallest allowed, 1.");
    if !can_limit_processes() {
        eprintln!("skipped the process-limit half: needs root, setpriv and prlimit");
        return;
    }
    // One game, a hundred jobs asked: one thread, which a limit of two
    // processes (the program and that thread) allows.
    let done = run_limited(2, &[&game[..], &["--jobs", "100"]].concat());
    assert_eq!(done.status.code(), Some(0), "{}", done.stderr);
    assert!(String::from_utf8_lossy(&done.stdout).contains("game   1: "));
    // No thread at all: a sentence, not a panic (exit 101).
    let done = run_limited(1, &[&game[..], &["--jobs", "100"]].concat());
    assert_eq!(done.status.code(), Some(2), "{}", done.stderr);
    assert!(
        done.stderr
            .starts_with("catboard: Could not start thread 1 of 1 for the games: "),
        "{}",
        done.stderr
    );
    refused_in_one_clean_sentence(&done, "selfplay under a process limit");
}

// ---- Item 4: a bad file in the saves folder ---------------------------

#[test]
fn a_bad_newer_file_in_the_saves_folder_is_skipped_and_the_real_game_resumed() {
    let scratch = Scratch::new("skip");
    let dir = scratch.0.to_string_lossy().into_owned();
    let start = run(
        &[
            "line",
            "--save-dir",
            &dir,
            "--white",
            "human",
            "--black",
            "human",
        ],
        b"e4\nquit\n",
        SOON,
    );
    assert!(start.status.success(), "{}", start.stderr);
    std::thread::sleep(Duration::from_millis(50));
    std::fs::write(scratch.0.join("notes.json"), "{\"todo\": 1}").expect("a stray file");
    std::fs::write(scratch.0.join("game-9.json"), "{\"format\": 1, \"vari").expect("a cut save");
    let done = run(
        &["line", "--resume", "--save-dir", &dir],
        b"history\nquit\n",
        SOON,
    );
    assert!(done.status.success(), "{}", done.stderr);
    let text = String::from_utf8_lossy(&done.stdout);
    assert!(
        text.contains(
            "2 files in the saves folder are not games catboard can resume and were skipped"
        ),
        "{text}"
    );
    assert!(text.contains("e4"), "the real game is resumed:\n{text}");
}

// ---- Item 5: an option the position text also decides ----------------

#[test]
fn an_option_that_disagrees_with_the_position_text_is_refused() {
    let position = catboard::variants::Variant::BacCanCat.start_position();
    let done = run(
        &[
            "rules",
            "--variant",
            "baccancat",
            "--position",
            position,
            "--option",
            "leapers=3",
        ],
        b"",
        SOON,
    );
    refused(
        &done,
        "The option leapers=3 disagrees with the position text, whose leapers field says 1; give only one of them, or the same in both.",
    );
    let done = run(
        &[
            "rules",
            "--variant",
            "baccancat",
            "--position",
            position,
            "--option",
            "leapers=1",
        ],
        b"",
        SOON,
    );
    assert!(done.status.success(), "{}", done.stderr);
}

// ---- Item 6: limits said the same way everywhere ----------------------

#[test]
fn numbers_beyond_their_limits_get_the_same_words_in_every_variant() {
    use catboard::variants::Variant;
    let with_field = |variant: Variant, i: usize, value: &str| {
        let mut fields: Vec<String> = variant
            .start_position()
            .split(' ')
            .map(str::to_string)
            .collect();
        fields[i] = value.to_string();
        fields.join(" ")
    };
    let cases = [
        (
            Variant::Chess,
            4,
            "65536",
            "FEN halfmove clock (field 5): 65536 is more than the largest allowed, 65535.",
        ),
        (
            Variant::Chu,
            4,
            "65536",
            "Chu FEN halfmove clock (field 5): 65536 is more than the largest allowed, 65535.",
        ),
        (
            Variant::Chu,
            5,
            "0",
            "Chu FEN fullmove number (field 6): 0 is less than the smallest allowed, 1.",
        ),
        (
            Variant::Polar,
            4,
            "65536",
            "The halfmove clock (field 5) of the position text: 65536 is more than the largest allowed, 65535.",
        ),
        (
            Variant::BacCanCat,
            6,
            "256",
            "The passes field (field 7): 256 is more than the largest allowed, 4.",
        ),
        (
            Variant::BacCanCat,
            6,
            "5",
            "The passes field (field 7): 5 is more than the largest allowed, 4.",
        ),
        (
            Variant::BacCanCat,
            7,
            "9",
            "The leapers field (field 8): 9 is more than the largest allowed, 4.",
        ),
    ];
    for (variant, field, value, sentence) in cases {
        let position = with_field(variant, field, value);
        let done = run(
            &["rules", "--variant", variant.id(), "--position", &position],
            b"",
            SOON,
        );
        refused(&done, sentence);
    }
    // Thousands of digits: cut, not echoed whole.
    let position = with_field(Variant::Chess, 4, &"9".repeat(5_000));
    let done = run(&["rules", "--position", &position], b"", SOON);
    assert!(
        done.stderr
            .contains("(5000 characters) is more than the largest allowed, 65535."),
        "{}",
        done.stderr
    );
    assert!(done.stderr.len() < 200, "{} bytes", done.stderr.len());
    for (variant, perft, most) in [
        ("chu", "5", 4),
        ("baccancat", "5", 4),
        ("cat", "6", 5),
        ("polar", "99", 4),
    ] {
        let done = run(
            &[
                "bench",
                "--variant",
                variant,
                "--depth",
                "1",
                "--perft",
                perft,
            ],
            b"",
            SOON,
        );
        let name = catboard::variants::Variant::from_id(variant)
            .expect("a variant")
            .name();
        refused(
            &done,
            &format!(
                "--perft {perft} is more than the largest allowed for the {name} bench, {most}."
            ),
        );
    }
    let done = run(
        &["bench", "--variant", "baccancat", "--depth", "3"],
        b"",
        SOON,
    );
    refused(
        &done,
        "--depth 3 is more than the largest allowed for BacCanCat, 2.",
    );
    let done = run(&["perft", "--variant", "chu", "--depth", "99"], b"", SOON);
    refused(
        &done,
        "--depth 99 is more than the largest allowed for Chu Chess perft, 6.",
    );
}

// ---- Item 7: user text in messages ------------------------------------

#[test]
fn hostile_text_on_the_command_line_gets_one_clean_sentence() {
    for hostile in crate::support::hostile_texts() {
        if hostile.contains('\0') {
            continue; // no argument can hold a NUL
        }
        for variant in ["chess", "cat", "chu", "polar", "baccancat"] {
            for args in [
                vec!["rules", "--variant", variant, "--moves", hostile.as_str()],
                vec![
                    "rules",
                    "--variant",
                    variant,
                    "--position",
                    hostile.as_str(),
                ],
                vec!["rules", "--variant", variant, "--option", hostile.as_str()],
                vec!["play", "--variant", variant, "--seat", hostile.as_str()],
                vec!["play", "--variant", variant, "--white", hostile.as_str()],
                vec!["play", "--variant", variant, "--view", hostile.as_str()],
            ] {
                let done = run(&args, b"", SOON);
                if done.status.code() == Some(2) && !done.stderr.starts_with("error:") {
                    refused_in_one_clean_sentence(&done, &hostile);
                }
                assert!(
                    !done.stderr.contains('\u{1b}'),
                    "{args:?}: {:?}",
                    done.stderr
                );
            }
        }
        let done = run(&["rules", "--variant", &hostile], b"", SOON);
        refused_in_one_clean_sentence(&done, &hostile);
    }
    // clap's own errors repeat the value too: escaped.
    let done = run(&["perft", "--depth", "\u{1b}[2J"], b"", SOON);
    assert_eq!(done.status.code(), Some(2));
    assert!(!done.stderr.contains('\u{1b}'), "{:?}", done.stderr);
}

// ---- Item 8: where games are saved -------------------------------------

#[test]
fn misleading_save_folder_messages_say_what_is_wrong() {
    let scratch = Scratch::new("where");
    let game = ["line", "--white", "human", "--black", "human"];
    // HOME set but empty: nothing saved in the current folder.
    let done = run_in(&scratch.0, &game, &[("HOME", "")], b"e4\nquit\n");
    let text = String::from_utf8_lossy(&done.stdout);
    assert!(
        text.contains("Games will not be saved: HOME is set but empty, and XDG_DATA_HOME is not set; start with --save-dir DIR to save them."),
        "{text}"
    );
    assert!(
        !scratch.0.join(".local").exists(),
        "saved into the current folder"
    );
    // A relative XDG_DATA_HOME and no HOME: said as that.
    let done = run_in(&scratch.0, &game, &[("XDG_DATA_HOME", "data")], b"quit\n");
    let text = String::from_utf8_lossy(&done.stdout);
    assert!(
        text.contains(
            "XDG_DATA_HOME is 'data', a relative path, which does not count, and HOME is not set"
        ),
        "{text}"
    );
    assert!(!scratch.0.join("data").exists());
    // A saves folder that is a file: said once, not "File exists" a move.
    let file = scratch.0.join("games");
    std::fs::write(&file, "x").expect("a file");
    let dir = file.to_string_lossy().into_owned();
    let args = [&game[..], &["--save-dir", &dir]].concat();
    let done = run_in(&scratch.0, &args, &[], b"e4\ne5\nquit\n");
    let text = String::from_utf8_lossy(&done.stdout);
    assert!(
        text.contains(&format!(
            "Games will not be saved: the saves folder {dir} is a file, not a folder"
        )),
        "{text}"
    );
    assert!(!text.contains("os error"), "{text}");
}

// ---- Item 9: bounded lines ---------------------------------------------

/// The most memory `pid` has held, in kB (`VmHWM`); `None` without /proc.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Sends a line of `mb` megabytes, then `after`, to `catboard ARGS`; waits
/// for a line holding `answer`, and gives the process's peak memory in kB
/// while it still runs.
fn peak_after_a_long_line(args: &[&str], mb: usize, after: &[u8], answer: &str) -> Option<u64> {
    let mut running = Running::start(args);
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..mb {
        running.send(&chunk);
    }
    running.send(b"\n");
    running.send(after);
    running.read_until_containing(answer, PATIENCE);
    let peak = peak_kb(running.pid());
    running.close();
    let _ = running.finish(PATIENCE);
    peak
}

#[test]
fn a_200_megabyte_line_costs_megabytes_not_hundreds_and_is_answered() {
    let rules = peak_after_a_long_line(
        &["rules", "--batch"],
        200,
        b"{\"variant\": \"chess\"}\n",
        "more than the largest allowed, 1048576, and was skipped",
    );
    let line = peak_after_a_long_line(
        &["line", "--white", "human", "--black", "human"],
        200,
        b"board\n",
        "none of it was read",
    );
    let xboard = peak_after_a_long_line(
        &["xboard"],
        200,
        b"ping 7\n",
        "Error (line too long): line 1 is 209715200 bytes long",
    );
    let uci = peak_after_a_long_line(
        &["uci-cat"],
        200,
        b"isready\n",
        "info string error: line 1 is 209715200 bytes long",
    );
    for (name, peak) in [
        ("rules --batch", rules),
        ("line", line),
        ("xboard", xboard),
        ("uci-cat", uci),
    ] {
        let Some(kb) = peak else {
            eprintln!("skipped the memory check of {name}: no /proc");
            continue;
        };
        // The binary itself, its tables and hash table (xboard's 64 MiB is
        // allocated lazily), and the 1 MiB line: far from 200 MB.
        assert!(kb < 120_000, "{name} held {kb} kB for a 200 MB line");
    }
}

// ---- Item 10: wording ---------------------------------------------------

#[test]
fn counts_take_the_number_of_their_nouns() {
    let done = run(
        &[
            "selfplay",
            "--variant",
            "chess",
            "--games",
            "1",
            "--level",
            "casual",
            "--max-plies",
            "1",
            "--random-plies",
            "1",
        ],
        b"",
        SOON,
    );
    assert!(done.status.success(), "{}", done.stderr);
    let text = String::from_utf8_lossy(&done.stdout);
    assert!(text.starts_with("1 game of Chess: "), "{text}");
    assert!(text.contains("; 1 random ply, "), "{text}");
    assert!(text.contains("after 1 ply\n"), "{text}");
    assert!(text.contains("; 1 ply a game on average"), "{text}");
    let done = run(&["rules", "--variant", "chu", "--position", "x"], b"", SOON);
    refused(
        &done,
        "Chu FEN has 1 field; it needs placement, side to move, castling, en passant, and optionally the two clocks.",
    );
    let done = run(
        &["rules", "--variant", "polar", "--position", "x"],
        b"",
        SOON,
    );
    assert!(done.stderr.contains(", not 1 field."), "{}", done.stderr);
}
