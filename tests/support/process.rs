//! Running the `catboard` binary from tests with every wait bounded: a
//! test that waits on the program fails after its deadline instead of
//! hanging.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_catboard");

/// The match runner, `catboard-match`.
pub const MATCH_BIN: &str = env!("CARGO_BIN_EXE_catboard-match");

/// The command line of catboard as an XBoard engine with a small hash, for
/// `catboard-match --engine1/--engine2`.
pub fn xboard_engine() -> String {
    format!("{BIN} xboard --hash-mb 4")
}

/// A running `catboard` with piped streams; killed when dropped.
pub struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// When it was started.
    pub started: Instant,
}

impl Running {
    /// Starts `catboard ARGS`.
    pub fn start(args: &[&str]) -> Running {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the catboard binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Running {
            child,
            stdin,
            lines,
            started: Instant::now(),
        }
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills it at once (`kill -9`) and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Reads lines until one contains `text` (a line mode's prompt comes
    /// before the next sentence on the same line), within `patience`.
    pub fn read_until_containing(&mut self, text: &str, patience: Duration) -> Vec<String> {
        self.read_until_line(|l| l.contains(text), &format!("with '{text}'"), patience)
    }

    /// Writes `bytes` to its standard input.
    pub fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).expect("the program reads");
        stdin.flush().expect("flush");
    }

    /// Closes its standard input: the end of the input.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Reads lines until one starts with `prefix`, within `patience`;
    /// every line read, or a panic naming them when none came in time.
    pub fn read_until(&mut self, prefix: &str, patience: Duration) -> Vec<String> {
        self.read_until_line(
            |l| l.starts_with(prefix),
            &format!("starting '{prefix}'"),
            patience,
        )
    }

    /// Reads lines until one is `wanted` (a line `what` describes, as in
    /// "a line starting 'X'"), within `patience`; every line read, or a
    /// panic naming them when none came in time.
    fn read_until_line(
        &mut self,
        wanted: impl Fn(&str) -> bool,
        what: &str,
        patience: Duration,
    ) -> Vec<String> {
        let deadline = Instant::now() + patience;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let found = wanted(&line);
                    seen.push(line);
                    if found {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no line {what} within {patience:?}; saw {seen:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the output ended without a line {what}; saw {seen:?}")
                }
            }
        }
    }

    /// Waits up to `patience` for the program to end; its status and the
    /// lines it wrote meanwhile. Panics (after killing it) when it does not.
    pub fn finish(&mut self, patience: Duration) -> (ExitStatus, Vec<String>) {
        let deadline = Instant::now() + patience;
        loop {
            if let Some(status) = self.child.try_wait().expect("poll the child") {
                let rest = self.lines.iter().collect();
                return (status, rest);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("catboard did not end within {patience:?}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// What a finished run gave.
pub struct Finished {
    /// How it ended.
    pub status: ExitStatus,
    /// Its standard output.
    pub stdout: Vec<u8>,
    /// Its standard error.
    pub stderr: String,
}

/// Runs `catboard ARGS` with `input` on standard input and standard output
/// sent to `stdout`, within `patience` (killed and a panic past it).
pub fn run_with(args: &[&str], input: &[u8], stdout: Stdio, patience: Duration) -> Finished {
    run_program(BIN, args, input, stdout, patience)
}

/// Runs `program ARGS` as [`run_with`] runs catboard.
fn run_program(
    program: &str,
    args: &[&str],
    input: &[u8],
    stdout: Stdio,
    patience: Duration,
) -> Finished {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} does not start: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.stdout.take().map(|mut o| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = o.read_to_end(&mut buf);
            buf
        })
    });
    let mut err_pipe = child.stderr.take().expect("stderr");
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = err_pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let deadline = Instant::now() + patience;
    let status = loop {
        if let Some(status) = child.try_wait().expect("poll the child") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} {args:?} did not end within {patience:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Finished {
        status,
        stdout: out.map_or_else(Vec::new, |t| t.join().unwrap_or_default()),
        stderr: err.join().unwrap_or_default(),
    }
}

/// Runs `catboard ARGS` with `input`, output piped, within `patience`.
pub fn run(args: &[&str], input: &[u8], patience: Duration) -> Finished {
    run_with(args, input, Stdio::piped(), patience)
}

/// How long a plain [`catboard`] run may take before the test fails: far
/// beyond any command the tests run, even in an unoptimised build.
pub const PATIENCE: Duration = Duration::from_secs(600);

/// Runs `catboard ARGS` with an empty standard input and both outputs
/// captured, as `Command::output` would, but killed with a panic after
/// [`PATIENCE`] instead of hanging the test.
pub fn catboard(args: &[&str]) -> Output {
    let done = run(args, b"", PATIENCE);
    Output {
        status: done.status,
        stdout: done.stdout,
        stderr: done.stderr.into_bytes(),
    }
}

/// [`catboard`] with its outputs as text: how it ended, its standard
/// output and its standard error.
pub fn catboard_text(args: &[&str]) -> (ExitStatus, String, String) {
    let done = run(args, b"", PATIENCE);
    (
        done.status,
        String::from_utf8_lossy(&done.stdout).into_owned(),
        done.stderr,
    )
}

/// Runs `catboard-match ARGS` as [`catboard_text`] runs catboard: how it
/// ended, its standard output and its standard error.
pub fn catboard_match(args: &[&str]) -> (ExitStatus, String, String) {
    let done = run_program(MATCH_BIN, args, b"", Stdio::piped(), PATIENCE);
    (
        done.status,
        String::from_utf8_lossy(&done.stdout).into_owned(),
        done.stderr,
    )
}

/// The standard output of a run as JSON (a panic naming the text when it
/// is not).
pub fn stdout_json(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// Runs `script` in python3 with `input` on its standard input and
/// returns what it prints; `None`, after saying so, where python3 or
/// python-chess is not installed.
pub fn python_chess(script: &str, input: &str) -> Option<String> {
    let probe = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        println!("skipped: python3 with the chess package (pip install chess) is not installed");
        return None;
    }
    let (script, input) = (script.to_string(), input.to_string());
    Some(crate::support::within(
        Duration::from_secs(120),
        "python-chess",
        move || {
            let mut child = Command::new("python3")
                .args(["-c", &script])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("python3 starts");
            child
                .stdin
                .take()
                .expect("a pipe")
                .write_all(input.as_bytes())
                .expect("python3 reads its input");
            let out = child.wait_with_output().expect("python3 ends");
            assert!(
                out.status.success(),
                "python3 failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8(out.stdout).expect("UTF-8")
        },
    ))
}
