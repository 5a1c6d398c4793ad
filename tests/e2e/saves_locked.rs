//! Item 1 of issue 21 against the binary: a game resumed in a second
//! terminal while the first still has it open is watched there, read-only
//! (told "This game is open in another catboard (pid N)."), sees the
//! first's moves as they are saved, and is taken over once the first
//! quits; a game killed with `kill -9` at any moment leaves a whole save.
//! Every wait is bounded.

use crate::support::process::Running;
use std::path::{Path, PathBuf};
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(30);

/// A scratch saves folder, removed afterwards.
struct Saves(PathBuf);

impl Saves {
    fn new(tag: &str) -> Saves {
        let dir =
            std::env::temp_dir().join(format!("catboard-locked-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Saves(dir)
    }

    fn arg(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }

    /// The saves (not their locks or temporaries).
    fn files(&self) -> Vec<PathBuf> {
        std::fs::read_dir(&self.0)
            .expect("listed")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect()
    }
}

impl Drop for Saves {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The moves of the save at `path`.
fn moves_in(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the save reads");
    let value: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the save is not whole JSON ({e}): {text:?}"));
    value["moves"]
        .as_array()
        .expect("a move list")
        .iter()
        .map(|m| m.as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn a_game_open_in_one_catboard_is_watched_in_another_then_taken_over() {
    let saves = Saves::new("watch");
    let dir = saves.arg();
    let mut first = Running::start(&[
        "line",
        "--save-dir",
        &dir,
        "--white",
        "human",
        "--black",
        "human",
    ]);
    first.send(b"e4\n");
    first.read_until_containing("White pawn to e4", PATIENCE);
    let mut second = Running::start(&["line", "--resume", "--save-dir", &dir]);
    let told = format!(
        "This game is open in another catboard (pid {}).",
        first.pid()
    );
    second.read_until_containing(&told, PATIENCE);
    second.read_until_containing("You are watching it, read-only", PATIENCE);
    // The watcher cannot move, and writes nothing.
    second.send(b"e5\n");
    second.read_until_containing("cannot move here", PATIENCE);
    first.send(b"e5\n");
    first.read_until_containing("Black pawn to e5", PATIENCE);
    second.read_until_containing("Black pawn to e5", PATIENCE);
    first.send(b"quit\n");
    let (status, _) = first.finish(PATIENCE);
    assert!(status.success(), "{status:?}");
    second.read_until_containing("it is yours to play now", PATIENCE);
    second.send(b"Nf3\n");
    second.read_until_containing("White knight to f3", PATIENCE);
    second.send(b"quit\n");
    let (status, _) = second.finish(PATIENCE);
    assert!(status.success(), "{status:?}");
    let files = saves.files();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(moves_in(&files[0]), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn a_game_killed_at_any_moment_leaves_a_whole_save() {
    let saves = Saves::new("kill");
    let dir = saves.arg();
    let mut game = Running::start(&[
        "line",
        "--save-dir",
        &dir,
        "--white",
        "human",
        "--black",
        "human",
        "--option",
        "repetition=off",
        "--option",
        "fifty_moves=off",
    ]);
    game.send(b"e4\n");
    game.read_until_containing("White pawn to e4", PATIENCE);
    game.kill();
    let moves = b"Nf6\nNf3\nNg8\nNg1\n".repeat(12);
    for round in 0..12u64 {
        let mut game = Running::start(&["line", "--resume", "--save-dir", &dir]);
        game.send(&moves);
        // Killed somewhere in the middle of its moves and saves.
        std::thread::sleep(Duration::from_millis(5 + round * 7));
        game.kill();
        let files = saves.files();
        assert_eq!(files.len(), 1, "round {round}: {files:?}");
        assert!(!moves_in(&files[0]).is_empty(), "round {round}");
    }
}
