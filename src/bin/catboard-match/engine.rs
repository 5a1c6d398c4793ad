//! One engine program spoken to over the XBoard protocol: started through
//! the shell, its output read on a thread, its features noted.

use catboard::text::quoted;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// What an engine said when asked to move.
pub enum Reply {
    /// `move X`.
    Move(String),
    /// `resign`, or a result claiming its own loss.
    Resign,
    /// `Illegal move ...`: it refused the last move sent to it (which the
    /// match runner had judged legal), its reply given.
    Refused(String),
}

/// A running engine.
pub struct Engine {
    /// The name it gave (`myname`), or its command.
    pub name: String,
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
    usermove: bool,
    ping: bool,
    /// The variants it listed (`variants=...`); chess when it listed none.
    variants: Vec<String>,
    pings: u32,
}

impl Engine {
    /// Starts `command` through `sh -c` and completes the protocol's
    /// opening (`xboard`, `protover 2`, features).
    pub fn start(command: &str) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("could not start engine {}: {e}", quoted(command)))?;
        let (Some(input), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!(
                "engine {} has no standard input or output",
                quoted(command)
            ));
        };
        let (send, output) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            name: command.to_string(),
            child,
            input,
            output,
            usermove: false,
            ping: false,
            variants: vec!["normal".to_string()],
            pings: 0,
        };
        engine.send("xboard")?;
        engine.send("protover 2")?;
        engine.read_features(command)?;
        Ok(engine)
    }

    /// Reads `feature` lines until `done=1` (or two seconds of silence from
    /// an engine that never said `done=0`).
    fn read_features(&mut self, command: &str) -> Result<(), String> {
        let mut waiting_for_done = false;
        let start = Instant::now();
        loop {
            let patience = if waiting_for_done {
                Duration::from_secs(30)
            } else {
                Duration::from_secs(2)
            };
            let line = match self.output.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) if start.elapsed() < patience => continue,
                Err(RecvTimeoutError::Timeout) => return Ok(()),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "engine {} stopped during start-up",
                        quoted(command)
                    ));
                }
            };
            let Some(features) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            for (key, value) in parse_features(features) {
                match key.as_str() {
                    "usermove" => self.usermove = value == "1",
                    "ping" => self.ping = value == "1",
                    "myname" => self.name = value.clone(),
                    "variants" => {
                        self.variants = value.split(',').map(|v| v.trim().to_string()).collect()
                    }
                    "done" if value == "0" => waiting_for_done = true,
                    "done" => return Ok(()),
                    _ => {}
                }
            }
        }
    }

    /// Refuses, in a sentence, a variant the engine did not list.
    pub fn check_plays(&self, variant: &str) -> Result<(), String> {
        if self.variants.iter().any(|v| v == variant) {
            Ok(())
        } else {
            Err(format!(
                "{} does not play variant {variant} (it lists {})",
                self.name,
                self.variants.join(", ")
            ))
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("could not write to {}: {e}", self.name))
    }

    /// Sends a move played on the board (with `usermove` if it asked for it).
    pub fn send_move(&mut self, mv: &str) -> Result<(), String> {
        if self.usermove {
            self.send(&format!("usermove {mv}"))
        } else {
            self.send(mv)
        }
    }

    /// Waits until the engine has read everything sent (`ping` / `pong`).
    pub fn sync(&mut self) -> Result<(), String> {
        if !self.ping {
            std::thread::sleep(Duration::from_millis(100));
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(line) if line.trim() == format!("pong {n}") => return Ok(()),
                Ok(_) => {}
                Err(_) => return Err(format!("{} did not answer ping {n}", self.name)),
            }
        }
    }

    /// Waits up to `timeout` for the engine's move.
    /// A move of several legs may come one leg a line, each but the last
    /// ending in a comma (`move e1f2,` then `move f2g3`); it is read whole.
    pub fn wait_for_move(&mut self, timeout: Duration) -> Result<Reply, String> {
        let deadline = Instant::now() + timeout;
        let mut legs = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.output.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{} did not move in time", self.name));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} stopped running", self.name));
                }
            };
            let line = line.trim();
            if let Some(mv) = line.strip_prefix("move ") {
                legs.push_str(mv.trim());
                if !legs.ends_with(',') {
                    return Ok(Reply::Move(legs));
                }
                continue;
            }
            if line == "resign" {
                return Ok(Reply::Resign);
            }
            if line.starts_with("Illegal move") || line.starts_with("Error (Illegal move") {
                return Ok(Reply::Refused(line.to_string()));
            }
            if line.starts_with("Error") {
                return Err(format!("{} said: {line}", self.name));
            }
        }
    }

    /// Asks the engine to quit, and ends it if it does not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Splits `key=value key="quoted value"` pairs.
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = text.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((v, n)) => (v.to_string(), n),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((v, n)) => (v.to_string(), n),
                None => (after.to_string(), ""),
            }
        };
        pairs.push((key, value));
        rest = next.trim();
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_split_with_quotes() {
        let f = parse_features(
            r#"setboard=1 myname="Fairy-Max 5.0b" variants="normal,shatranj" done=0"#,
        );
        assert_eq!(
            f,
            vec![
                ("setboard".to_string(), "1".to_string()),
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("variants".to_string(), "normal,shatranj".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
    }
}
