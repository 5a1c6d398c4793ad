//! `catboard uci`: the Universal Chess Interface, so that UCI programs
//! (GUIs, match runners, python-chess) can play and analyse with
//! catboard. Chess by default; Cat Chess, Chu Chess, Polar chess and
//! BacCanCat through the option `UCI_Variant`, as Fairy-Stockfish offers
//! its variants (`position fen` then takes the variant's position text).
//!
//! The session reads commands on the calling thread and searches on a
//! thread of its own, so `isready` is answered at once while it thinks,
//! and `stop`, `ponderhit` and `quit` act at once. A search's `info` and
//! `bestmove` lines and the session's own replies share one output, a
//! whole line at a time ([`Output`]). docs/protocols.md lists every
//! command and option.

mod go;
pub mod options;
pub mod strength;

pub use go::Go;
use options::{Change, Settings, option_lines, read_setoption};

use super::line_texts;
use super::read_ahead::{Line, read_line, too_long_words};
use crate::ai::score::mate_in_moves;
use crate::ai::{Report, Searcher, Thought};
use crate::core::{Game, Options};
use crate::limits::PROTOCOL_LINE;
use crate::text::{clause, quoted};
use crate::variants::{AnyGame, Variant};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long a search runs before it also reports the root move it is on
/// (`info currmove`).
const CURRMOVE_AFTER: Duration = Duration::from_secs(1);

/// Where the session and its search write: one line at a time, whole.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// An output writing to `sink`.
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(sink))))
    }

    /// Writes `text` and a line ending, and flushes.
    pub fn line(&self, text: &str) -> io::Result<()> {
        let mut sink = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(sink, "{text}")?;
        sink.flush()
    }
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit` was received.
    Quit,
}

/// Whether a search's `bestmove` waits (for `stop`, or `ponderhit`), and
/// whether the search has finished.
#[derive(Debug, Default)]
struct Hold {
    /// `go infinite` or `go ponder`: `bestmove` waits to be released.
    waiting: bool,
    /// `go ponder` before its `ponderhit`.
    pondering: bool,
    /// The search is over (only its `bestmove` may still wait).
    finished: bool,
}

/// What the session and a running search share.
#[derive(Debug, Default)]
struct Control {
    stop: AtomicBool,
    hold: Mutex<Hold>,
    changed: Condvar,
}

impl Control {
    fn hold(&self) -> MutexGuard<'_, Hold> {
        self.hold.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stops the search and releases its `bestmove`.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        let mut hold = self.hold();
        hold.waiting = false;
        hold.pondering = false;
        self.changed.notify_all();
    }

    /// Called by the search when it is over: waits until its `bestmove`
    /// may be written.
    fn finish(&self) {
        let mut hold = self.hold();
        hold.finished = true;
        self.changed.notify_all();
        while hold.waiting && !self.stop.load(Ordering::SeqCst) {
            hold = self
                .changed
                .wait(hold)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Raises the stop flag after `time`, unless the search finishes
    /// first (a ponder search's clock, from `ponderhit`).
    fn stop_after(self: &Arc<Self>, time: Duration) {
        let control = Arc::clone(self);
        // Without a thread for the clock, the search runs to its other
        // limits or to `stop`.
        let _ = std::thread::Builder::new()
            .name("uci-clock".into())
            .spawn(move || {
                let hold = control.hold();
                let (hold, _) = control
                    .changed
                    .wait_timeout_while(hold, time, |h| !h.finished)
                    .unwrap_or_else(PoisonError::into_inner);
                if !hold.finished {
                    control.stop.store(true, Ordering::SeqCst);
                }
            });
    }
}

/// A search running on its thread, which gives the searcher back.
struct Running {
    thread: JoinHandle<(Searcher, io::Result<()>)>,
    control: Arc<Control>,
    /// A ponder search's time for its move, counted from `ponderhit`.
    ponder_time: Option<Duration>,
}

/// One UCI session: the options, the position, and the search.
pub struct Session {
    out: Output,
    settings: Settings,
    /// The position `go` searches; `None` after a bad `position` line.
    game: Option<AnyGame>,
    /// The searcher, when no search has it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    /// `debug on`: say more on `info string` lines.
    debug: bool,
}

impl Session {
    /// A session at the start of a chess game, writing to `out`.
    pub fn new(out: Output) -> Session {
        let settings = Settings::default();
        Session {
            out,
            game: Some(Variant::Chess.new_game(&settings.rules)),
            searcher: Some(Searcher::new(settings.hash_mb)),
            settings,
            running: None,
            debug: false,
        }
    }

    /// The position the session holds, if any.
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// The options as set.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Answers one command line. A word the session does not know before
    /// the command is passed over, as UCI asks (`joho debug on`).
    pub fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| is_command(w)) else {
            if let Some(first) = words.first() {
                self.say(&format!("unknown command {}.", quoted(first)))?;
            }
            return Ok(Flow::Continue);
        };
        let (command, rest) = (words[at], &words[at + 1..]);
        match command {
            "uci" => {
                self.out
                    .line(&format!("id name catboard {}", env!("CARGO_PKG_VERSION")))?;
                self.out.line("id author the catboard authors")?;
                for option in option_lines() {
                    self.out.line(&option)?;
                }
                self.out.line("uciok")?;
            }
            "isready" => self.out.line("readyok")?,
            "debug" => self.debug = rest.first() != Some(&"off"),
            "register" => {}
            "setoption" => {
                self.finish_search()?;
                self.set_option(rest)?;
            }
            "ucinewgame" => {
                self.finish_search()?;
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                self.game = Some(self.start());
            }
            "position" => {
                self.finish_search()?;
                match read_position(rest, self.settings.variant, &self.settings.rules) {
                    Ok(game) => self.game = Some(game),
                    Err(e) => {
                        self.game = None;
                        self.say(&e.to_string())?;
                    }
                }
            }
            "go" => {
                self.finish_search()?;
                self.go(rest)?;
            }
            "stop" => self.finish_search()?,
            "ponderhit" => self.ponderhit(),
            _ => {
                // `quit`
                self.finish_search()?;
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }

    /// Stops a running search and waits for it (its `bestmove` written).
    pub fn finish_search(&mut self) -> io::Result<()> {
        match &self.running {
            Some(running) => {
                running.control.stop();
                self.join()
            }
            None => Ok(()),
        }
    }

    /// Waits for a running search to end by its own limits and write its
    /// `bestmove` (never returns for `go infinite` without a limit; send
    /// `stop` through [`Session::handle`] for that).
    pub fn wait(&mut self) -> io::Result<()> {
        self.join()
    }

    fn join(&mut self) -> io::Result<()> {
        let Some(running) = self.running.take() else {
            return Ok(());
        };
        match running.thread.join() {
            Ok((searcher, written)) => {
                self.searcher = Some(searcher);
                written
            }
            Err(_) => {
                self.searcher = Some(Searcher::new(self.settings.hash_mb));
                self.say("the search failed; its table is new.")
            }
        }
    }

    /// `ponderhit`: the move pondered on was played; the search goes on
    /// as the engine's own, on its clock.
    fn ponderhit(&mut self) {
        let Some(running) = &self.running else {
            return;
        };
        let mut hold = running.control.hold();
        if !hold.pondering {
            return;
        }
        hold.pondering = false;
        hold.waiting = false;
        running.control.changed.notify_all();
        let finished = hold.finished;
        drop(hold);
        if let (false, Some(time)) = (finished, running.ponder_time) {
            running.control.stop_after(time);
        }
    }

    /// The variant's start with the rule options.
    fn start(&self) -> AnyGame {
        self.settings.variant.new_game(&self.settings.rules)
    }

    /// `info string error: ...`, a sentence.
    fn say(&self, sentence: &str) -> io::Result<()> {
        self.out
            .line(&format!("info string error: {}.", clause(sentence)))
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, words: &[&str]) -> io::Result<()> {
        let (name, value) = match read_setoption(words) {
            Ok(pair) => pair,
            Err(why) => return self.say(&why.to_string()),
        };
        match self.settings.set(&name, &value) {
            Ok(Change::Nothing) => Ok(()),
            Ok(Change::Hash) => {
                self.searcher = Some(Searcher::new(self.settings.hash_mb));
                Ok(())
            }
            Ok(Change::ClearHash) => {
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                Ok(())
            }
            Ok(Change::Game) => {
                self.game = Some(self.start());
                Ok(())
            }
            // The refusal quotes and cuts what was given itself.
            Err(why) => self.say(&why.to_string()),
        }
    }

    /// `go ...`: starts a search of the position on its thread.
    fn go(&mut self, words: &[&str]) -> io::Result<()> {
        let go = match Go::read(words) {
            Ok(go) => go,
            Err(e) => {
                self.say(&e.to_string())?;
                return self.out.line("bestmove (none)");
            }
        };
        let Some(game) = self.game.clone() else {
            self.say("no position is set; send a position line first")?;
            return self.out.line("bestmove (none)");
        };
        if let Some(outcome) = game.outcome() {
            let score = match outcome.winner {
                Some(w) if w != game.to_move() => "mate 0",
                Some(_) => "mate 1",
                None => "cp 0",
            };
            self.out.line(&format!("info depth 0 score {score}"))?;
            self.out.line(&format!(
                "info string the game is over: {}.",
                outcome.reason.describe()
            ))?;
            return self.out.line("bestmove (none)");
        }
        let seat = game.to_move().index();
        let limits = go.limits(seat, self.settings.overhead, self.settings.strength());
        let lines = self.settings.multipv;
        let control = Arc::new(Control::default());
        {
            let mut hold = control.hold();
            hold.waiting = go.waits();
            hold.pondering = go.ponder;
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.settings.hash_mb));
        let out = self.out.clone();
        let shared = Arc::clone(&control);
        let spawned = std::thread::Builder::new()
            .name("uci-search".into())
            .spawn(move || {
                let mut written = Ok(());
                let thought = searcher.analyse(&game, &limits, lines, &shared.stop, |report| {
                    if written.is_ok()
                        && let Some(text) = info_line(&game, &report)
                    {
                        written = out.line(&text);
                    }
                });
                shared.finish();
                if written.is_ok() {
                    written = out.line(&bestmove_line(&game, &thought));
                }
                (searcher, written)
            });
        match spawned {
            Ok(thread) => {
                self.running = Some(Running {
                    thread,
                    control,
                    ponder_time: go
                        .ponder
                        .then(|| go.time_for(seat, self.settings.overhead))
                        .flatten(),
                });
                Ok(())
            }
            Err(e) => {
                self.say(&format!(
                    "could not start the search: {}",
                    crate::text::foreign(&e.to_string())
                ))?;
                self.out.line("bestmove (none)")
            }
        }
    }
}

/// Whether `word` is a UCI command.
fn is_command(word: &str) -> bool {
    matches!(
        word,
        "uci"
            | "isready"
            | "debug"
            | "register"
            | "setoption"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
    )
}

/// The `info` line of a search report: a finished depth of a line, or
/// (after a second) the root move being searched; `None` for a root move
/// before that.
pub fn info_line<G: Game>(game: &G, report: &Report<'_>) -> Option<String> {
    match *report {
        Report::Line {
            rank,
            thought,
            hashfull,
        } => {
            let ms = thought.elapsed.as_millis() as u64;
            let nps = thought.nodes.saturating_mul(1000) / ms.max(1);
            let hashfull = hashfull.map_or(String::new(), |h| format!(" hashfull {h}"));
            Some(format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {nps}{hashfull} time {ms} pv {}",
                thought.depth.max(1),
                thought.seldepth.max(thought.depth),
                rank + 1,
                score_words(thought.score),
                thought.nodes,
                line_texts(game, &thought.pv).join(" ")
            ))
        }
        Report::RootMove {
            mv,
            number,
            depth,
            elapsed,
            ..
        } => (elapsed >= CURRMOVE_AFTER).then(|| {
            format!(
                "info depth {depth} currmove {} currmovenumber {number}",
                game.move_text(mv)
            )
        }),
    }
}

/// A score as UCI writes it: `cp 35`, `mate 3` (moves, not plies),
/// `mate -2` when the side to move is mated.
pub fn score_words(score: i32) -> String {
    match mate_in_moves(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// `bestmove MOVE [ponder MOVE]`, or `bestmove (none)`.
fn bestmove_line<G: Game>(game: &G, thought: &Thought) -> String {
    let Some(best) = thought.best else {
        return "bestmove (none)".to_string();
    };
    let mut line = format!("bestmove {}", game.move_text(best));
    if let [first, reply, ..] = thought.pv[..]
        && first == best
    {
        let mut after = game.clone();
        after.make_move(best);
        line.push_str(&format!(" ponder {}", after.move_text(reply)));
    }
    line
}

/// Why a UCI line is refused: the shared protocol line's reasons, with
/// any variant's move refusals.
pub type LineError = super::position_line::LineError<crate::variants::MoveError>;

/// Reads the words after `position`: `startpos` or `fen` and a position
/// text of `variant`, then perhaps `moves` and the moves, each checked
/// and played (so they count for repetition and the draw rules).
pub fn read_position(
    words: &[&str],
    variant: Variant,
    rules: &Options,
) -> Result<AnyGame, LineError> {
    super::position_line::read_position(
        words,
        || variant.new_game(rules),
        |text| variant.from_position(text, rules),
    )
}

/// Runs a session on `input` and `output` until `quit` or the end of the
/// input (which stops a search as `quit` does; its `bestmove` is still
/// written). A line that is not UTF-8 text, or too long, is answered with
/// an `info string error: ...` line.
pub fn run<R, W>(mut input: R, output: W) -> io::Result<()>
where
    R: BufRead,
    W: Write + Send + 'static,
{
    let out = Output::new(output);
    let mut session = Session::new(out.clone());
    let mut buf = Vec::new();
    let mut number = 0u64;
    while let Some(line) = read_line(&mut input, &mut buf, PROTOCOL_LINE.most as usize)? {
        number += 1;
        let flow = match line {
            Line::Text(text) => session.handle(&text)?,
            Line::NotText => {
                out.line(&format!(
                    "info string error: line {number} is not UTF-8 text."
                ))?;
                Flow::Continue
            }
            Line::TooLong(length) => {
                out.line(&format!(
                    "info string error: {}.",
                    too_long_words(number, length)
                ))?;
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            return Ok(());
        }
    }
    session.finish_search()
}

#[cfg(test)]
mod tests;
