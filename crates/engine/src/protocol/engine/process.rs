//! An engine's process: started through `sh -c` in a process group of its
//! own (standard error discarded), written to a line at a time, its output
//! read on a thread a bounded line at a time ([`read_line`] with
//! [`ENGINE_LINE`], through a bounded channel: an engine printing a 200 MB
//! line, or lines without end, costs a few megabytes at most), and every
//! read given a deadline. Dropping it asks the engine to quit, then kills
//! the whole group and reaps it.

use crate::limits::ENGINE_LINE;
use crate::protocol::read_ahead::{Line, read_line};
use std::io::{self, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// How many lines the reading thread may hold before the engine waits:
/// with [`ENGINE_LINE`], the most its output can cost.
const QUEUED_LINES: usize = 64;

/// How often a wait looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(20);

/// How long an engine asked to quit has before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// The folders Debian and others install games in, looked in after the
/// `PATH` for a command named by one word.
pub const GAME_FOLDERS: [&str; 2] = ["/usr/games", "/usr/local/games"];

/// What a wait for the engine's next line found.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// A line of text, without its line ending.
    Line(String),
    /// Nothing before the deadline.
    Silence,
    /// The engine's output ended: it has stopped.
    Ended,
    /// The stop flag was raised.
    Stopped,
}

/// A running engine program.
pub struct Process {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// The lines skipped as too long or not text, and the longest's length.
    skipped: (u64, u64),
}

/// Where the program `name` (one word, no `/`) is: on the `PATH` or in
/// one of the [`GAME_FOLDERS`].
pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(GAME_FOLDERS.iter().map(PathBuf::from))
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|file| is_executable(file))
}

fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The program a command runs: its first word as the shell splits it
/// (`"/opt/my engine/run" -x` and `/opt/my\ engine/run -x` both run
/// `/opt/my engine/run`); empty when the command is empty or its quotes
/// are not closed.
pub fn program_of(command: &str) -> String {
    words_of(command)
        .ok()
        .and_then(|words| words.into_iter().next())
        .unwrap_or_default()
}

/// A command whose quotes are not closed, so it cannot be split into
/// words (a clause).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("its quotes are not closed")]
pub struct QuotesNotClosed;

/// `command` split into words as a shell splits it (quotes, `\ `), or
/// why it cannot be.
pub fn words_of(command: &str) -> Result<Vec<String>, QuotesNotClosed> {
    shell_words::split(command).map_err(|_| QuotesNotClosed)
}

/// Why `command` cannot run, when that can be told without running it:
/// it is empty or its quotes are not closed, or its program (its first
/// word as the shell splits it) is named by one word found neither on
/// the `PATH` nor in the [`GAME_FOLDERS`], or is a path to no program (a
/// clause: `there is no program 'stokfish' on the PATH or in
/// /usr/games`). The path is named whole, never cut.
pub fn missing_program(command: &str) -> Option<String> {
    let program = match words_of(command) {
        Ok(words) => words.into_iter().next().unwrap_or_default(),
        Err(why) => return Some(why.to_string()),
    };
    if program.is_empty() {
        return Some("the command is empty".to_string());
    }
    if program.contains('/') {
        return (!is_executable(Path::new(&program))).then(|| {
            format!(
                "there is no program {}",
                crate::text::quoted_command(&program)
            )
        });
    }
    if is_shell_word(&program) {
        return None;
    }
    find_program(&program).is_none().then(|| {
        format!(
            "there is no program {} on the PATH or in {}",
            crate::text::quoted_command(&program),
            crate::text::or_list(&GAME_FOLDERS)
        )
    })
}

/// Whether `word` is one the shell runs itself (`exec`, `cd`, a variable
/// setting), so its program cannot be looked up beforehand.
fn is_shell_word(word: &str) -> bool {
    word.contains('=') || matches!(word, "exec" | "cd" | "env" | "nice" | "." | "(" | "{")
}

/// `command` with its program, when named by one word that is not on the
/// `PATH` but in one of the [`GAME_FOLDERS`], given by its full path (so
/// `stockfish` runs where Debian installs it, `/usr/games`, whether that
/// folder is on the `PATH` or not).
pub fn resolved(command: &str) -> String {
    let trimmed = command.trim_start();
    let program = program_of(trimmed);
    // Only a program written as it is named (no quotes, no `\`) is
    // replaced by its path; the shell finds the rest as written.
    if program.is_empty()
        || program.contains('/')
        || is_shell_word(&program)
        || !trimmed.starts_with(program.as_str())
    {
        return command.to_string();
    }
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path)
            .filter(|dir| !dir.as_os_str().is_empty())
            .any(|dir| is_executable(&dir.join(&program)))
    });
    if on_path {
        return command.to_string();
    }
    match find_program(&program) {
        Some(full) => format!("{}{}", full.to_string_lossy(), &trimmed[program.len()..]),
        None => command.to_string(),
    }
}

impl Process {
    /// Starts `command` through `sh -c`, in a process group of its own.
    pub fn start(command: &str) -> io::Result<Process> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(resolved(command))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("no standard input or output"));
        };
        let (send, lines) = sync_channel(QUEUED_LINES);
        let started = std::thread::Builder::new()
            .name("engine-output".into())
            .spawn(move || {
                let mut output = BufReader::new(output);
                let mut buf = Vec::new();
                let limit = ENGINE_LINE.most as usize;
                while let Ok(Some(line)) = read_line(&mut output, &mut buf, limit) {
                    if send.send(line).is_err() {
                        return;
                    }
                }
            });
        if let Err(e) = started {
            kill_group(&mut child);
            return Err(e);
        }
        Ok(Process {
            child,
            input: Some(input),
            lines,
            skipped: (0, 0),
        })
    }

    /// Writes `line` and a line ending, and flushes.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let input = self
            .input
            .as_mut()
            .ok_or_else(|| io::Error::from(io::ErrorKind::BrokenPipe))?;
        writeln!(input, "{line}")?;
        input.flush()
    }

    /// The engine's next line of text, waiting until `deadline` at most,
    /// and no longer than `stop` stays down (when given). Lines too long
    /// or not text are skipped (and counted, see [`Process::skipped`]).
    pub fn hear(&mut self, deadline: Instant, stop: Option<&AtomicBool>) -> Heard {
        loop {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Heard::Stopped;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Heard::Silence;
            }
            let wait = if stop.is_some() {
                left.min(STOP_POLL)
            } else {
                left
            };
            match self.lines.recv_timeout(wait) {
                Ok(Line::Text(text)) => return Heard::Line(text),
                Ok(Line::TooLong(length)) => {
                    self.skipped = (self.skipped.0 + 1, self.skipped.1.max(length));
                }
                Ok(Line::NotText) => self.skipped.0 += 1,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Heard::Ended,
            }
        }
    }

    /// Forgets every line the engine has written and not yet been read
    /// (what it said about a search abandoned).
    pub fn forget_waiting(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// How many lines were skipped as too long or not text, and the
    /// length of the longest too long.
    pub fn skipped(&self) -> (u64, u64) {
        self.skipped
    }

    /// How the engine ended, when it has (waiting up to `wait` for it).
    pub fn exit_status(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => return None,
            }
        }
    }
}

/// Kills `child`'s process group (the shell and what it started) and reaps
/// the shell.
fn kill_group(child: &mut Child) {
    let pid = rustix::process::Pid::from_child(child);
    let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    let _ = child.kill();
    let _ = child.wait();
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.send("quit");
            // The end of its input also tells an engine to go.
            self.input = None;
            let _ = self.exit_status(QUIT_GRACE);
        }
        // Whatever the engine left running in its group goes too.
        kill_group(&mut self.child);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_by_one_word_is_looked_for_on_the_path_and_in_the_game_folders() {
        assert_eq!(program_of("  sjaakii -x  "), "sjaakii");
        assert!(find_program("sh").is_some());
        assert_eq!(missing_program("sh -c true"), None);
        let missing = missing_program("catboard-no-such-engine --uci").expect("missing");
        assert!(
            missing.starts_with("there is no program 'catboard-no-such-engine' on the PATH"),
            "{missing}"
        );
        assert_eq!(
            missing_program(""),
            Some("the command is empty".to_string())
        );
        assert!(missing_program("/no/such/engine").is_some());
        assert_eq!(missing_program("exec sh"), None);
        assert_eq!(
            resolved("sh -c true"),
            "sh -c true",
            "on the PATH: as given"
        );
        assert_eq!(resolved("nothing-here x"), "nothing-here x");
    }

    #[test]
    fn a_command_is_split_as_a_shell_splits_it_and_a_missing_path_named_whole() {
        for command in [
            "\"/opt/my engines/run\" -x",
            "'/opt/my engines/run' -x",
            "/opt/my\\ engines/run -x",
        ] {
            assert_eq!(program_of(command), "/opt/my engines/run", "{command}");
            assert_eq!(
                missing_program(command),
                Some("there is no program '/opt/my engines/run'".to_string()),
                "{command}"
            );
        }
        let long = format!("/{}/engine", "folder with spaces/".repeat(5));
        assert_eq!(
            missing_program(&format!("'{long}' --uci")),
            Some(format!("there is no program '{long}'"))
        );
        assert_eq!(
            missing_program("\"/opt/engine --uci"),
            Some("its quotes are not closed".to_string())
        );
        assert_eq!(missing_program("'sh' -c true"), None);
        assert_eq!(resolved("'sh' -c true"), "'sh' -c true");
    }

    #[test]
    fn a_process_is_heard_line_by_line_and_its_end_is_seen() {
        let mut p = Process::start("echo one; printf 'two\\r\\n'; exec cat").expect("sh runs");
        let soon = || Instant::now() + Duration::from_secs(10);
        assert_eq!(p.hear(soon(), None), Heard::Line("one".into()));
        assert_eq!(p.hear(soon(), None), Heard::Line("two".into()));
        p.send("echoed").expect("cat reads");
        assert_eq!(p.hear(soon(), None), Heard::Line("echoed".into()));
        let quiet = Instant::now() + Duration::from_millis(30);
        assert_eq!(p.hear(quiet, None), Heard::Silence);
        let stop = AtomicBool::new(true);
        assert_eq!(p.hear(soon(), Some(&stop)), Heard::Stopped);
        p.input = None;
        assert_eq!(
            p.hear(soon(), None),
            Heard::Ended,
            "cat ends with its input"
        );
    }

    #[test]
    fn dropping_a_process_kills_what_it_started_in_its_group() {
        let p = Process::start("sleep 30 & echo $!; sleep 30").expect("sh runs");
        let mut p = p;
        let Heard::Line(pid) = p.hear(Instant::now() + Duration::from_secs(10), None) else {
            panic!("no pid");
        };
        let proc = PathBuf::from(format!("/proc/{}", pid.trim()));
        assert!(proc.exists(), "the background sleep runs");
        drop(p);
        let deadline = Instant::now() + Duration::from_secs(10);
        // Killed, it may linger as a zombie of init for a moment.
        while proc.exists()
            && !std::fs::read_to_string(proc.join("stat")).is_ok_and(|s| s.contains(") Z"))
        {
            assert!(
                Instant::now() < deadline,
                "the group's sleep was not killed"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
