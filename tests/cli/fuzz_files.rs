//! Property tests for the files the binary reads: saved games (through
//! `catboard --resume`) and theme TOML (through `catboard play --theme
//! FILE`), each a valid file with random edits. The binary runs in a new
//! session with no controlling terminal (`setsid`), so it stops where it
//! would open the screen; everything it reads before that is exercised.
//! Properties: never the panic status; exit status 2 with one sentence on
//! standard error; a save that cannot be resumed is left untouched. (A
//! theme's own error appears on the screen, which is not reached here, so
//! for themes only "no panic" is checked.)
//!
//! `PROPTEST_CASES=2000 cargo test --release --test cli fuzz_files` is the
//! longer run.

use crate::support::pty::TempHome;
use crate::support::{edit_text, proptest_config};
use proptest::prelude::*;
use std::process::{Command, Output};

/// Whether `setsid` is there to detach the binary from any terminal.
fn have_setsid() -> bool {
    Command::new("setsid")
        .arg("true")
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs the binary with `args` in a new session, its home at `home`.
fn run_detached(home: &TempHome, args: &[&str]) -> Output {
    home.binary(true).args(args).output().expect("run catboard")
}

/// Exit status 2 and one sentence after `catboard: `, never a panic.
fn assert_refused_in_one_sentence(out: &Output, input: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(101), "a panic on {input:?}: {err}");
    assert_eq!(out.status.code(), Some(2), "{input:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{input:?}: {err}");
    let line = err.trim_end();
    assert!(
        line.starts_with("catboard: ") && line.ends_with('.'),
        "{input:?}: {err}"
    );
}

const SAVES: &[&str] = &[
    r#"{"format": 1, "variant": "chess", "options": ["fifty_moves=off"], "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "players": ["human", "casual"], "moves": ["e2e4", "e7e5", "g1f3"]}"#,
    r#"{"format": 1, "variant": "cat", "options": [], "start": "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "players": ["human", "human", "club"], "moves": ["e2e4", "e7e5", "a4b5", "d2d4", "e5d4", "pass"]}"#,
];

const THEME: &str = "name = \"mine\"\n[board]\nlight = \"#d6b07a\"\ndark = \"#9a6b3f\"\n[pieces]\nseats = [\"#ffffff\", \"#000000\"]\ncat = \"#e0812b\"\n[marks]\ncursor = \"lightblue\"\n[text]\nnormal = \"default\"\n";

/// `text` with a few random edits: characters replaced, inserted, removed,
/// or a slice repeated.
fn edited(text: &'static str) -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            0u8..4,
            prop_oneof![
                any::<char>(),
                prop::sample::select(&['"', '[', ']', '{', '}', ',', '=', '#', '\n', '0', '9'][..])
            ],
        ),
        1..5,
    )
    .prop_map(move |edits| edit_text(text, &edits))
}

proptest! {
    #![proptest_config(proptest_config(32))]

    #[test]
    fn an_edited_save_is_refused_in_one_sentence_and_left_untouched(
        text in prop::sample::select(SAVES).prop_flat_map(edited)
    ) {
        if !have_setsid() {
            eprintln!("skipped: no setsid to run catboard without a terminal");
            return Ok(());
        }
        let home = TempHome::new("fuzz-save");
        let games = home.games();
        std::fs::create_dir_all(&games).expect("games dir");
        let path = games.join("game-1.json");
        std::fs::write(&path, &text).expect("write the save");
        let out = run_detached(&home, &["--resume"]);
        assert_refused_in_one_sentence(&out, &text);
        prop_assert_eq!(std::fs::read_to_string(&path).expect("still there"), text);
    }

    #[test]
    fn an_edited_theme_never_panics(text in edited(THEME)) {
        if !have_setsid() {
            eprintln!("skipped: no setsid to run catboard without a terminal");
            return Ok(());
        }
        let home = TempHome::new("fuzz-theme");
        let path = home.0.join("mine.toml");
        std::fs::write(&path, &text).expect("write the theme");
        let shown = path.display().to_string();
        let out = run_detached(&home, &["play", "--theme", &shown]);
        assert_refused_in_one_sentence(&out, &text);
    }
}
