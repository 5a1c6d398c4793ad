//! Clocks as a user meets them in the line mode: `--time` read (and a bad
//! control refused in one sentence), the clock said on `clock`, a flag
//! falling by itself while the person at the prompt types nothing, the
//! result saved and kept by `--resume`, and review after the game.
//!
//! The controls are a few seconds and every wait is bounded with a wide
//! margin: a late flag fails the test after its deadline, never hangs it.

use crate::support::process::Running;
use crate::support::scratch::Scratch;
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(30);

#[test]
fn a_flag_falls_at_the_prompt_and_the_result_is_saved() {
    let saves = Scratch::new("clockflag");
    let dir = saves.path().to_string_lossy().into_owned();
    // 0.04 minutes: 2.4 seconds each.
    let mut line = Running::start(&[
        "line",
        "--black",
        "human",
        "--time",
        "0.04+0",
        "--save-dir",
        &dir,
    ]);
    line.send(b"e4\n");
    line.read_until_containing("White pawn to e4", PATIENCE);
    line.send(b"clock\n");
    let said = line.read_until_containing("to move (0.04+0)", PATIENCE);
    let clock = said.last().cloned().unwrap_or_default();
    assert!(
        clock.contains("White ") && clock.contains("Black "),
        "{clock}"
    );
    // Black types nothing: its flag falls by itself.
    let said = line.read_until_containing("flag fell", PATIENCE);
    let result = said.last().cloned().unwrap_or_default();
    assert!(
        result.contains("Black's flag fell") && result.contains("White wins"),
        "{said:?}"
    );
    // Review opens at the last move, the flag; back steps to White's.
    line.send(b"review\n");
    line.read_until_containing("Move 2 of 2: Black's flag fell", PATIENCE);
    line.send(b"back\n");
    line.read_until_containing("Move 1 of 2: White played", PATIENCE);
    line.send(b"live\nquit\n");
    let (status, _) = line.finish(PATIENCE);
    assert!(status.success());
    // The save holds the time control, each move's clock and the flag.
    let file = std::fs::read_dir(saves.path())
        .expect("the saves folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("a save");
    let text = std::fs::read_to_string(&file).expect("readable");
    for part in [r#""time": "0.04+0""#, r#""flag:black""#, r#""clocks""#] {
        assert!(text.contains(part), "{part} in {text}");
    }
}

#[test]
fn a_bad_time_control_is_one_sentence_naming_it() {
    for bad in ["5+x", "0+3", "-1+0", "fast"] {
        let mut line = Running::start(&["line", "--time", bad]);
        line.close();
        let (status, _) = line.finish(PATIENCE);
        assert_eq!(status.code(), Some(2), "{bad}");
    }
}
