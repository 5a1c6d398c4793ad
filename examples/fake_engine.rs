//! A small fake engine for the tests of catboard's engine client: it
//! speaks UCI (`--uci`, the default) or XBoard (`--xboard`), keeps the
//! game it is sent with catboard's own rules, plays the first legal move,
//! and misbehaves on demand. `cargo test` builds it (every example is
//! built), and the tests run it from `target/<profile>/examples/`.
//!
//! ```sh
//! cargo run --example fake_engine -- --uci --mode hang --after 2 --log /tmp/sent.txt
//! ```
//!
//! - `--mode play` (the default): answers with the first legal move.
//! - `--mode die`: exits (code 3) when asked for a move; `hang`: never
//!   answers; `illegal`: answers `a1a1`; `garbage`: answers `xyzzy`;
//!   `huge`: writes a 200 MB line before its (good) answer, and `huge-only`
//!   one instead of its answer; `resign` (XBoard): resigns; `claim`
//!   (XBoard): claims a draw; `refuse` (XBoard): says `Illegal move` to the
//!   last move sent.
//! - `--after N`: plays well for its first N answers and only then
//!   misbehaves.
//! - `--slow-ms N`: waits that long before finishing its handshake
//!   (`uciok`, `feature done=1`); with `--never-done` an XBoard engine says
//!   `done=0` and never `done=1`; `--no-features` says no feature at all
//!   (protocol version 1); `--no-ping`, `--no-setboard` leave those out.
//! - `--name NAME` (default `Fake Engine`), `--variants a,b` (UCI: the
//!   `UCI_Variant` choices, none by default; XBoard: `variants=`, `normal`
//!   by default).
//! - `--log FILE`: appends every line received to FILE.

use catboard::core::{Game, Options};
use catboard::variants::{AnyGame, Variant};
use std::io::{BufRead, Write};
use std::time::Duration;

/// What the engine was told to be.
struct Config {
    xboard: bool,
    mode: String,
    after: u32,
    slow_ms: u64,
    never_done: bool,
    no_features: bool,
    ping: bool,
    setboard: bool,
    name: String,
    variants: Option<String>,
    log: Option<std::fs::File>,
}

fn config() -> Config {
    let mut c = Config {
        xboard: false,
        mode: "play".into(),
        after: 0,
        slow_ms: 0,
        never_done: false,
        no_features: false,
        ping: true,
        setboard: true,
        name: "Fake Engine".into(),
        variants: None,
        log: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match arg.as_str() {
            "--uci" => c.xboard = false,
            "--xboard" => c.xboard = true,
            "--mode" => c.mode = value(),
            "--after" => c.after = value().parse().unwrap_or(0),
            "--slow-ms" => c.slow_ms = value().parse().unwrap_or(0),
            "--never-done" => c.never_done = true,
            "--no-features" => c.no_features = true,
            "--no-ping" => c.ping = false,
            "--no-setboard" => c.setboard = false,
            "--name" => c.name = value(),
            "--variants" => c.variants = Some(value()),
            "--log" => {
                c.log = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(value())
                    .ok()
            }
            other => eprintln!("fake_engine: unknown argument {other}"),
        }
    }
    c
}

/// The engine: its configuration, the game it holds, how many answers it
/// has given.
struct Fake {
    c: Config,
    game: AnyGame,
    answers: u32,
    /// XBoard: whether it plays (after `go`) rather than in force mode.
    playing: bool,
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A line of 200 MB, written 64 KiB at a time.
fn huge_line() {
    let mut out = std::io::stdout().lock();
    let chunk = vec![b'x'; 64 * 1024];
    let _ = out.write_all(b"info string ");
    for _ in 0..(200 * 1024 * 1024 / chunk.len()) {
        if out.write_all(&chunk).is_err() {
            return;
        }
    }
    let _ = out.write_all(b"\n");
    let _ = out.flush();
}

impl Fake {
    /// The answer to a request for a move: the move's text, or `None`
    /// when the engine says something else of its own.
    fn answer(&mut self) -> Option<String> {
        self.answers += 1;
        let misbehave = self.answers > self.c.after;
        let mode = if misbehave {
            self.c.mode.as_str()
        } else {
            "play"
        };
        match mode {
            "die" => std::process::exit(3),
            "hang" => loop {
                std::thread::sleep(Duration::from_secs(60));
            },
            "illegal" => Some("a1a1".into()),
            "garbage" => Some("xyzzy".into()),
            "huge-only" => {
                huge_line();
                None
            }
            "resign" => {
                say("resign");
                None
            }
            "claim" => {
                say("1/2-1/2 {Draw by agreement}");
                None
            }
            _ => {
                if mode == "huge" {
                    huge_line();
                }
                let mv = self.game.legal_move_list().iter().next().copied()?;
                let text = self.game.move_text(mv);
                self.game.make_move(mv);
                Some(text)
            }
        }
    }

    /// Plays `text` on its board; false when it is not legal.
    fn play(&mut self, text: &str) -> bool {
        match self.game.parse_move(text) {
            Ok(mv) => {
                self.game.make_move(mv);
                true
            }
            Err(_) => false,
        }
    }

    fn uci(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say(&format!("id name {}", self.c.name));
                say("id author catboard's tests");
                say("option name Hash type spin default 16 min 1 max 1024");
                say("option name Skill Level type spin default 20 min 0 max 20");
                say("option name UCI_LimitStrength type check default false");
                say("option name UCI_Elo type spin default 1350 min 1350 max 2850");
                if let Some(vars) = &self.c.variants {
                    let list: Vec<String> = vars.split(',').map(|v| format!("var {v}")).collect();
                    say(&format!(
                        "option name UCI_Variant type combo default chess {}",
                        list.join(" ")
                    ));
                }
                std::thread::sleep(Duration::from_millis(self.c.slow_ms));
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("position") => {
                let moves_at = words.iter().position(|w| *w == "moves");
                let setup = &words[1..moves_at.unwrap_or(words.len())];
                self.game = match setup {
                    ["startpos"] => Variant::Chess.new_game(&Options::new()),
                    ["fen", fen @ ..] => {
                        match Variant::Chess.from_position(&fen.join(" "), &Options::new()) {
                            Ok(g) => g,
                            Err(_) => return true,
                        }
                    }
                    _ => return true,
                };
                for mv in words.iter().skip(moves_at.map_or(words.len(), |i| i + 1)) {
                    if !self.play(mv) {
                        say(&format!("info string illegal move {mv}"));
                    }
                }
            }
            Some("go") => {
                if let Some(mv) = self.answer() {
                    say(&format!("info depth 1 score cp 0 pv {mv}"));
                    say(&format!("bestmove {mv}"));
                }
            }
            Some("quit") => return false,
            _ => {}
        }
        true
    }

    fn xboard(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let first = words.first().copied().unwrap_or("");
        match first {
            "protover" => {
                if self.c.no_features {
                    return true;
                }
                let variants = self.c.variants.clone().unwrap_or_else(|| "normal".into());
                say("feature done=0");
                say(&format!(
                    "feature myname=\"{}\" usermove=1 ping={} setboard={} variants=\"{variants}\"",
                    self.c.name, self.c.ping as u8, self.c.setboard as u8
                ));
                say("feature option=\"Level -spin 5 1 10\"");
                std::thread::sleep(Duration::from_millis(self.c.slow_ms));
                if !self.c.never_done {
                    say("feature done=1");
                }
            }
            "new" => {
                self.game = Variant::Chess.new_game(&Options::new());
                self.playing = false;
            }
            "variant" if words.get(1) == Some(&"elven") => {
                self.game = Variant::Chu.new_game(&Options::new());
            }
            "setboard" => {
                let fen = words[1..].join(" ");
                if let Ok(g) = self.game.variant().from_position(&fen, &Options::new()) {
                    self.game = g;
                }
            }
            "force" => self.playing = false,
            "ping" => say(&format!("pong {}", words.get(1).unwrap_or(&""))),
            "go" => {
                self.playing = true;
                self.move_now();
            }
            "quit" => return false,
            "usermove" => self.usermove(words.get(1).copied().unwrap_or("")),
            // Without usermove=1 (no features at all) a move comes bare.
            _ if self.c.no_features && self.game.parse_move(first).is_ok() => self.usermove(first),
            _ => {}
        }
        true
    }

    /// A move sent: refused in `refuse` mode (once misbehaving) or when
    /// illegal, else played, and answered when the engine plays.
    fn usermove(&mut self, mv: &str) {
        let refusing = self.c.mode == "refuse" && self.answers >= self.c.after;
        if refusing || !self.play(mv) {
            say(&format!("Illegal move: {mv}"));
            return;
        }
        if self.playing {
            self.move_now();
        }
    }

    fn move_now(&mut self) {
        if let Some(mv) = self.answer() {
            say(&format!("move {mv}"));
        }
    }
}

fn main() {
    let c = config();
    let mut fake = Fake {
        c,
        game: Variant::Chess.new_game(&Options::new()),
        answers: 0,
        playing: false,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        if let Some(log) = &mut fake.c.log {
            let _ = writeln!(log, "{line}");
        }
        let go_on = if fake.c.xboard {
            fake.xboard(&line)
        } else {
            fake.uci(&line)
        };
        if !go_on {
            return;
        }
    }
}
