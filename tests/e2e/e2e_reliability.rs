//! End-to-end reliability in a pseudo-terminal (portable-pty, read by
//! vt100): a terminal that dies without a hang-up signal, and a start with
//! nowhere to save games. Every wait is bounded.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(15);

use crate::support::scratch::Scratch;

/// The text of every save in `dir`.
fn saves_in(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// `catboard ARGS` run by `sh`, with the shell's `prelude` first, HOME
/// and XDG_DATA_HOME as given (absent when `None`).
fn command(prelude: &str, args: &[&str], home: Option<&std::path::Path>) -> CommandBuilder {
    let mut cmd = CommandBuilder::new("/bin/sh");
    let script = format!("{prelude} exec \"$0\" \"$@\"");
    cmd.args(["-c", &script, env!("CARGO_BIN_EXE_catboard")]);
    cmd.args(args);
    cmd.env_remove("HOME");
    cmd.env_remove("XDG_DATA_HOME");
    if let Some(home) = home {
        cmd.env("HOME", home);
    }
    cmd.env("XDG_CONFIG_HOME", "/nonexistent");
    cmd.env("TERM", "xterm-256color");
    cmd
}

/// The program in a pty: its screen, its input, its process.
struct Pty {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    master: Option<Box<dyn portable_pty::MasterPty + Send>>,
    writer: Option<Box<dyn Write + Send>>,
    screen: Arc<Mutex<vt100::Parser>>,
    stop_reading: Arc<AtomicBool>,
}

impl Pty {
    fn start(cmd: CommandBuilder) -> Pty {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 100,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let child = pair.slave.spawn_command(cmd).expect("spawn catboard");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("a non-zero size");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(size(24), size(100), 0)));
        let stop_reading = Arc::new(AtomicBool::new(false));
        let (screen2, stop2) = (screen.clone(), stop_reading.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || stop2.load(Ordering::Relaxed) {
                    break;
                }
                if let Ok(mut parser) = screen2.lock() {
                    parser.process(&buf[..n]);
                }
            }
        });
        Pty {
            child,
            master: Some(pair.master),
            writer: Some(writer),
            screen,
            stop_reading,
        }
    }

    fn contents(&self) -> String {
        self.screen
            .lock()
            .map(|p| p.screen().contents())
            .unwrap_or_default()
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.contents().contains(text) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {text:?}; the screen shows:\n{}",
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn keys(&mut self, bytes: &str) {
        let w = self.writer.as_mut().expect("the terminal is open");
        w.write_all(bytes.as_bytes()).expect("send keys");
        w.flush().expect("flush keys");
    }

    /// Closes the terminal's far end, as a closed terminal window does.
    fn close_terminal(&mut self) {
        self.stop_reading.store(true, Ordering::Relaxed);
        self.writer = None;
        self.master = None;
    }

    /// Waits for the process to end by itself; its exit code.
    fn wait_exit(&mut self) -> u32 {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("poll the child") {
                return status.exit_code();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("catboard did not exit by itself within {PATIENCE:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

const PLAY: &[&str] = &["play", "--white", "human", "--black", "human"];

#[test]
fn a_terminal_closed_under_nohup_saves_and_exits_as_a_hang_up_does() {
    let scratch = Scratch::new("nohup");
    let dir = scratch.0.join("games");
    let dir_text = dir.to_string_lossy().into_owned();
    let mut args = PLAY.to_vec();
    args.extend(["--save-dir", &dir_text]);
    // `trap '' HUP` is what nohup does: the hang-up signal is ignored, so
    // only the dead terminal itself tells the program.
    let mut pty = Pty::start(command("trap '' HUP;", &args, None));
    pty.wait_for("White to move");
    pty.keys(":e4\r");
    pty.wait_for("Black to move");
    pty.close_terminal();
    assert_eq!(
        pty.wait_exit(),
        0,
        "the documented status, not a panic's 101"
    );
    let saves = saves_in(&dir);
    assert!(saves.iter().any(|t| t.contains("\"e2e4\"")), "{saves:?}");
}

#[test]
fn with_nowhere_to_save_the_screen_says_so() {
    let mut pty = Pty::start(command("", PLAY, None));
    pty.wait_for("Games will not be saved");
    pty.keys("q");
    assert_eq!(pty.wait_exit(), 0);
}

#[test]
fn save_dir_gives_a_place_to_save_without_home() {
    let scratch = Scratch::new("savedir");
    let dir = scratch.0.join("games");
    let dir_text = dir.to_string_lossy().into_owned();
    let mut args = PLAY.to_vec();
    args.extend(["--save-dir", &dir_text]);
    let mut pty = Pty::start(command("", &args, None));
    pty.wait_for("White to move");
    pty.keys(":d4\r");
    pty.wait_for("Black to move");
    assert!(!pty.contents().contains("will not be saved"));
    pty.keys("q");
    assert_eq!(pty.wait_exit(), 0);
    let saves = saves_in(&dir);
    assert!(saves.iter().any(|t| t.contains("\"d2d4\"")), "{saves:?}");
}
