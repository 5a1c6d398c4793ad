//! The real `catboard` binary in a pseudo-terminal (portable-pty), its
//! output read by a terminal emulator (vt100), played by keys. Its data and
//! config directories point at a temporary directory, so the real home is
//! never touched. Waits poll for expected text with a timeout rather than
//! sleeping fixed times.

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const ROWS: u16 = 24;
pub const COLS: u16 = 80;
pub const PATIENCE: Duration = Duration::from_secs(15);

/// A temporary home for one test, removed afterwards.
pub struct TempHome(pub PathBuf);

impl TempHome {
    pub fn new(tag: &str) -> TempHome {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "catboard-e2e-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temp dir");
        TempHome(dir)
    }

    /// The binary as a plain command (no terminal), its data and config
    /// in this home; with `detached`, run through `setsid` in a new session
    /// so that no controlling terminal can be opened.
    pub fn binary(&self, detached: bool) -> std::process::Command {
        let mut cmd = if detached {
            let mut c = std::process::Command::new("setsid");
            c.arg("-w").arg(env!("CARGO_BIN_EXE_catboard"));
            c
        } else {
            std::process::Command::new(env!("CARGO_BIN_EXE_catboard"))
        };
        cmd.env("HOME", &self.0)
            .env("XDG_DATA_HOME", self.0.join("data"))
            .env("XDG_CONFIG_HOME", self.0.join("config"))
            .stdin(std::process::Stdio::null());
        cmd
    }

    pub fn games(&self) -> PathBuf {
        self.0.join("data").join("catboard").join("games")
    }

    /// The text of every save file.
    pub fn saves(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.games()) else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .collect()
    }
}

impl Drop for TempHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn command(home: &Path, args: &[&str]) -> CommandBuilder {
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_catboard"));
    cmd.args(args);
    cmd.env("HOME", home);
    cmd.env("XDG_DATA_HOME", home.join("data"));
    cmd.env("XDG_CONFIG_HOME", home.join("config"));
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    cmd.env_remove("COLORTERM");
    cmd
}

/// The binary running in a pseudo-terminal, its screen kept by vt100.
pub struct Session {
    pub child: Box<dyn Child + Send + Sync>,
    pub master: Option<Box<dyn MasterPty + Send>>,
    pub writer: Option<Box<dyn Write + Send>>,
    pub screen: Arc<Mutex<vt100::Parser>>,
    pub stop_reading: Arc<AtomicBool>,
    pub started: Instant,
}

impl Session {
    pub fn start(cmd: CommandBuilder) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let started = Instant::now();
        let child = pair.slave.spawn_command(cmd).expect("spawn catboard");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("a non-zero size");
        let parser = vt100::Parser::new(size(ROWS), size(COLS), 0);
        let screen = Arc::new(Mutex::new(parser));
        let stop_reading = Arc::new(AtomicBool::new(false));
        let (screen2, stop2) = (screen.clone(), stop_reading.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut parser) = screen2.lock() {
                    parser.process(&buf[..n]);
                }
                if stop2.load(Ordering::Relaxed) {
                    break;
                }
            }
        });
        Session {
            child,
            master: Some(pair.master),
            writer: Some(writer),
            screen,
            stop_reading,
            started,
        }
    }

    pub fn contents(&self) -> String {
        self.screen
            .lock()
            .map(|p| p.screen().contents())
            .unwrap_or_default()
    }

    /// Waits until the screen shows every one of `texts`.
    pub fn wait_for(&self, texts: &[&str]) -> Duration {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.contents();
            if texts.iter().all(|t| screen.contains(t)) {
                return self.started.elapsed();
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {texts:?}; the screen shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits until `test` holds for the screen's text; the screen's text.
    pub fn wait_until(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.contents();
            if test(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; the screen shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits until the program has left the alternate screen and shown the
    /// cursor again, as it must on the way out.
    pub fn wait_restored(&self) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let restored = self
                .screen
                .lock()
                .map(|p| !p.screen().alternate_screen() && !p.screen().hide_cursor())
                .unwrap_or(false);
            if restored {
                return;
            }
            assert!(Instant::now() < deadline, "the terminal was not restored");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The screen's row `row` (0 at the top).
    /// The screen row that the rank label `rank` starts.
    pub fn rank_row(&self, rank: &str) -> String {
        self.contents()
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{rank} ")))
            .unwrap_or_default()
            .to_string()
    }

    /// The text of screen row `row`.
    pub fn row(&self, row: u16) -> String {
        self.contents()
            .lines()
            .nth(row as usize)
            .unwrap_or_default()
            .to_string()
    }

    pub fn keys(&mut self, bytes: &str) {
        let w = self.writer.as_mut().expect("the terminal is open");
        w.write_all(bytes.as_bytes()).expect("send keys");
        w.flush().expect("flush keys");
    }

    /// Waits for the process to end; its exit code.
    pub fn wait_exit(&mut self) -> u32 {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("poll the child") {
                return status.exit_code();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!(
                    "catboard did not exit; the screen shows:\n{}",
                    self.contents()
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The rank label of the board's top row on `screen`: the first line that
/// begins (after spaces) with a number.
pub fn top_rank_label(screen: &str) -> Option<&str> {
    screen
        .lines()
        .map(str::trim_start)
        .find(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .and_then(|l| l.split_whitespace().next())
}
