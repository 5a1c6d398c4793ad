//! `catboard uci-cat`: `stop` ends a search that would otherwise run for a
//! very long time, at once, with a legal `bestmove`, and the session goes
//! on answering. Every wait has a deadline, so a broken stop fails the test
//! instead of hanging it.

use catboard::core::Game;
use catboard::protocol::uci_cat::read_position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The binary speaking uci-cat, its output lines arriving on a channel.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(level: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_catboard"))
            .args(["uci-cat", "--level", level])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start catboard uci-cat");
        let input = child.stdin.take().expect("a stdin");
        let output = child.stdout.take().expect("a stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("write a line");
        self.input.flush().expect("flush");
    }

    /// The first line starting with `prefix` within `limit`, failing the
    /// test when none comes.
    fn expect_line(&self, prefix: &str, limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(_) => continue,
                Err(_) => panic!("no '{prefix}' line within {limit:?}"),
            }
        }
    }

    /// Whether a line starting with `prefix` arrives within `limit`.
    fn line_within(&self, prefix: &str, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            if line.starts_with(prefix) {
                return true;
            }
        }
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const POSITION: &str = "position startpos moves e2e4 e7e5";

#[test]
fn stop_during_go_answers_a_legal_bestmove_at_once_and_the_session_goes_on() {
    let mut engine = Engine::start("strong");
    engine.send("uci");
    engine.expect_line("uciok", Duration::from_secs(10));
    engine.send(POSITION);
    engine.send("go depth 60");
    // The search is running: no answer comes by itself for a while.
    assert!(
        !engine.line_within("bestmove", Duration::from_millis(400)),
        "a depth-60 search ended by itself"
    );
    let stopped = Instant::now();
    engine.send("stop");
    let answer = engine.expect_line("bestmove ", Duration::from_secs(5));
    let took = stopped.elapsed();
    assert!(
        took < Duration::from_secs(2),
        "bestmove came {took:?} after stop"
    );
    let mv = answer.trim_start_matches("bestmove ").trim();
    let words: Vec<&str> = POSITION.split_whitespace().skip(1).collect();
    let game = read_position(&words).expect("a good position");
    let legal = game.legal_move_list();
    assert!(
        game.parse_move(mv).is_ok_and(|m| legal.contains(&m)),
        "'{mv}' is not a legal move of the Cats here"
    );
    // The session goes on, and a second go is answered too.
    engine.send("isready");
    engine.expect_line("readyok", Duration::from_secs(5));
    engine.send("go depth 1");
    engine.expect_line("bestmove ", Duration::from_secs(5));
    engine.send("quit");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(status) = engine.child.try_wait().expect("poll the engine") {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(Instant::now() < deadline, "uci-cat did not quit");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_stop_with_no_search_running_is_ignored() {
    let mut engine = Engine::start("casual");
    engine.send("stop");
    engine.send(POSITION);
    engine.send("stop");
    engine.send("isready");
    engine.expect_line("readyok", Duration::from_secs(5));
    engine.send("go");
    engine.expect_line("bestmove ", Duration::from_secs(10));
    assert!(
        !engine.line_within("bestmove", Duration::from_millis(300)),
        "a stray stop produced a second bestmove"
    );
}
