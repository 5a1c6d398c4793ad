//! catboard against itself in Chu Chess under XBoard itself (run on a
//! virtual display, Xvfb), when both are installed (the test says it is
//! skipped when not): from a position where Black's best move is the
//! Lion's pass, XBoard relays the pass to White and the game is played to
//! its end, mate, with no illegal-move claim. (XBoard 4.9 relayed a Black
//! pass written in legs, `j9j8,` `j8j9`, as castling, `j9j9,j8i9`, and
//! scored the refusal as a false illegal-move claim.)

use crate::support::process::BIN;
use crate::support::scratch::Scratch;
use catboard::core::Game;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Black (Lion j9, King h7) passes: any other move loses more at once.
const BLACK_PASSES: &str = "9l/4p5/7k2/2R7/10/6Q3/1KP7/10/2p7/10 b - - 0 1";

/// The program `name` where Debian puts it, if installed.
fn installed(name: &str) -> Option<String> {
    catboard::protocol::engine::process::find_program(name)
        .map(|path| path.to_string_lossy().into_owned())
}

/// A child process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for `child` at most `patience`; whether it ended.
fn ended_within(child: &mut Child, patience: Duration) -> bool {
    let deadline = Instant::now() + patience;
    while Instant::now() < deadline {
        if matches!(child.try_wait(), Ok(Some(_))) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn a_chu_game_with_a_lion_pass_is_played_to_mate_under_xboard() {
    let (Some(xboard), Some(xvfb)) = (installed("xboard"), installed("Xvfb")) else {
        eprintln!("skipped: XBoard and Xvfb are not both installed (apt-get install xboard xvfb)");
        return;
    };
    let dir = Scratch::new("xboard-gui");
    let display = format!(":{}", 200 + std::process::id() % 500);
    let _screen = Killed(
        Command::new(xvfb)
            .args([display.as_str(), "-screen", "0", "1024x768x24"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts"),
    );
    std::thread::sleep(Duration::from_millis(500));
    let fen = dir.path().join("start.fen");
    std::fs::write(&fen, format!("{BLACK_PASSES}\n")).expect("writes");
    let game = dir.path().join("game.pgn");
    let log = dir.path().join("debug.txt");
    let engine = format!("{BIN} xboard --hash-mb 8");
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();
    let mut gui = Killed(
        Command::new(xboard)
            .env("DISPLAY", &display)
            .args(["-variant", "elven", "-fcp", &engine, "-scp", &engine])
            .args([
                "-matchGames",
                "1",
                "-searchDepth",
                "5",
                "-tc",
                "5",
                "-inc",
                "1",
            ])
            .args(["-lpf", &path(&fen), "-sgf", &path(&game)])
            .args(["-debug", "-nameOfDebugFile", &path(&log)])
            .args(["-testLegality", "true", "-popupExitMessage", "false"])
            .args(["-fd", &path(dir.path()), "-sd", &path(dir.path())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("XBoard starts"),
    );
    assert!(
        ended_within(&mut gui.0, Duration::from_secs(240)),
        "XBoard's match did not end"
    );
    let pgn = std::fs::read_to_string(&game).expect("XBoard saved the game");
    let debug = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!debug.contains("Illegal move"), "{debug}");
    assert!(debug.contains("usermove @@@@"), "the pass relayed: {debug}");
    assert!(pgn.contains("1... --"), "Black passes first: {pgn}");
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.contains('#'),
        "{pgn}"
    );
    // catboard reads XBoard's game back, the pass (`--`) included.
    let read = catboard::notation::pgn::read_game(&pgn, 1).expect("reads");
    assert!(read.position.outcome().is_some());
}
