//! "Your mistakes" on the command line: `catboard puzzle --mistakes`
//! reads the saves folder, skips a game without an analysis in a
//! sentence (or analyses it with `--analyse`), makes the player's own
//! blunder a puzzle kept in the folder, and sets it in the line mode.

use crate::support::process::run;
use crate::support::scratch::Scratch;
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(120);

/// Both back ranks open on the a-file: the person (White) plays h3??,
/// missing Rxa8#; the computer (Black) Kh8??, missing Rxa1+; Rxa8#.
const SAVE: &str = r#"{"format":1,"variant":"chess","options":[],"start":"r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1","players":["human","casual"],"moves":["h2h3","g8h8","a1a8"]}"#;

#[test]
fn your_blunder_is_mined_once_into_the_puzzle_of_the_move_you_missed() {
    let dir = Scratch::new("mistakes-cli");
    let folder = dir.path().to_string_lossy().into_owned();
    let save = dir.path().join("game-1.json");
    std::fs::write(&save, SAVE).expect("written");
    let shown = save.to_string_lossy().into_owned();
    let base = ["puzzle", "--mistakes", "--line", "--save-dir", &folder];
    let done = run(&base, b"quit\n", PATIENCE);
    let said = String::from_utf8_lossy(&done.stdout).into_owned();
    assert!(done.status.success(), "{said} {}", done.stderr);
    assert_eq!(
        said.trim_end(),
        "No mistakes found: your one game has no analysis; analyse a game with catboard analyse SAVE (or add --analyse to analyse those without one)."
    );
    assert!(
        done.stderr
            .contains(&format!("{shown} has no analysis; skipped")),
        "{}",
        done.stderr
    );
    let mut args = base.to_vec();
    args.extend(["--analyse", "--pass-nodes", "20000"]);
    let done = run(&args, b"Qxf7\nRxa8#\nquit\n", PATIENCE);
    let said = String::from_utf8_lossy(&done.stdout).into_owned();
    assert!(done.status.success(), "{said} {}", done.stderr);
    assert!(
        done.stderr.contains("1 mistake of yours, 1 new puzzle."),
        "{}",
        done.stderr
    );
    assert!(said.contains("'Qxf7' is no legal move here."), "{said}");
    assert!(said.contains("Solved!"), "{said}");
    let kept = std::fs::read_to_string(dir.path().join("mistakes-chess.txt")).expect("kept");
    let line = kept
        .lines()
        .find(|l| !l.starts_with('#'))
        .expect("a puzzle");
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(
        (fields[1], fields[2], fields[7]),
        ("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8", "game")
    );
    assert_ne!(
        fields[3], "1500",
        "the puzzle's own rating moved and was kept"
    );
    assert!(dir.path().join("puzzle-ratings.txt").exists());
    // The analysis was kept in the save, and the game is not mined again.
    let saved = std::fs::read_to_string(&save).expect("read");
    assert!(saved.contains("\"analysis\""), "{saved}");
    let done = run(&base, b"quit\n", PATIENCE);
    assert!(!done.stderr.contains("new puzzle"), "{}", done.stderr);
    assert!(
        done.stderr.contains("1 Chess puzzle from your mistakes."),
        "{}",
        done.stderr
    );
}
