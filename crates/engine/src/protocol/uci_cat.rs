//! `uci-cat`: a small line protocol through which other programs (match
//! scripts, bots, other Cat Chess players) ask catboard for a move in Cat
//! Chess, for whichever faction is to move.
//!
//! - `position <Cat FEN> [moves <m1> <m2> ...]` or `position startpos
//!   [moves ...]`: sets the position; the moves are played from it, so they
//!   count for repetition and the hundred-turn rule.
//! - `go`: thinks at the session's level; `go movetime <ms>` thinks that
//!   long (`go depth <n>` searches as a level of depth `n` does, `n` plies
//!   of a two-seat game becoming `n × 3 / 2` for three seats; `go nodes
//!   <n>` caps the level's nodes). The
//!   answer is one line, `bestmove <move>`, in the notation of
//!   `rules/cat-chess.md` (`e2e4`, `e7e8q`, `a4b5`, `pass`), or
//!   `bestmove (none)` when there is nothing to play.
//! - `isready` → `readyok`; `uci` → `id name ...`, `uciok`; `ucinewgame`
//!   clears what the search has learnt; `debug on` adds an `info depth ...
//!   score cp ... nodes ... time ... pv ...` line per finished depth before
//!   `bestmove` (`debug off` stops it); `stop` ends a search at once;
//!   `quit` ends the session, stopping a search at once (its `bestmove`
//!   is still written), and so does the end of the input.
//! - Anything else is ignored. A bad position or move is answered with one
//!   line `info string error: ...` and leaves no position set. A bad `go`
//!   (`go depth abc`, a depth above [`MAX_DEPTH`]) is answered with one
//!   such line and `bestmove (none)`, without searching. A line that is not
//!   UTF-8 text is answered `info string error: line N is not UTF-8 text.`
//!
//! [`Session`] answers one line at a time into any `Write`, so the protocol
//! is tested with in-memory text; [`run`] connects it to a line source,
//! reading ahead on another thread so that `stop` interrupts a search.

use super::read_ahead::{Protocol, Urgency, serve};
pub use crate::ai::level::MAX_DEPTH;
use crate::ai::{Level, Limits, Searcher};
use crate::core::Game;
use crate::variants::cat::CatChess;
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The hash table size of a session, in MiB.
pub const TABLE_MB: usize = 32;

/// Whether the session goes on after a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received.
    Quit,
}

/// One protocol session: the position and the search.
pub struct Session {
    /// The position `go` thinks about; `None` after a bad `position` line.
    game: Option<CatChess>,
    level: Level,
    searcher: Searcher,
    /// `debug on`: report every finished depth on an `info` line.
    debug: bool,
}

impl Session {
    /// A session at the start position, thinking at `level` on `go`.
    pub fn new(level: Level) -> Session {
        Session {
            game: Some(CatChess::new()),
            level,
            searcher: Searcher::new(TABLE_MB),
            debug: false,
        }
    }

    /// The position the session holds, if any.
    pub fn game(&self) -> Option<&CatChess> {
        self.game.as_ref()
    }

    /// Answers one line; `stop` is the flag that ends a search early.
    pub fn handle(
        &mut self,
        line: &str,
        stop: &AtomicBool,
        out: &mut impl Write,
    ) -> io::Result<Flow> {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("quit") => return Ok(Flow::Quit),
            Some("uci") => {
                writeln!(out, "id name catboard {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the catboard authors")?;
                writeln!(out, "uciok")?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("ucinewgame") => self.searcher.clear(),
            Some("debug") => self.debug = words.next() != Some("off"),
            Some("position") => {
                let rest: Vec<&str> = words.collect();
                match read_position(&rest) {
                    Ok(game) => self.game = Some(game),
                    Err(e) => {
                        self.game = None;
                        writeln!(out, "info string error: {}", full_stop(&e.to_string()))?;
                    }
                }
            }
            Some("go") => {
                let rest: Vec<&str> = words.collect();
                self.go(&rest, stop, out)?;
            }
            _ => {}
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    /// Thinks and answers `bestmove`.
    fn go(&mut self, args: &[&str], stop: &AtomicBool, out: &mut impl Write) -> io::Result<()> {
        let limits = match read_go(args, self.level) {
            Ok(limits) => limits,
            Err(e) => {
                writeln!(out, "info string error: {}", full_stop(&e.to_string()))?;
                return writeln!(out, "bestmove (none)");
            }
        };
        let Some(game) = &self.game else {
            writeln!(
                out,
                "info string error: no position is set; send a position line first."
            )?;
            return writeln!(out, "bestmove (none)");
        };
        if let Some(outcome) = game.outcome() {
            let winner = outcome.winner.map_or("nobody", |w| game.seat_name(w));
            writeln!(
                out,
                "info string the game is over by {}; the winner is {}",
                outcome.reason.describe(),
                winner
            )?;
            return writeln!(out, "bestmove (none)");
        }
        let debug = self.debug;
        let mut report = Ok(());
        let thought = self.searcher.think(game, &limits, stop, |t| {
            if debug && report.is_ok() {
                let pv = super::line_texts(game, &t.pv);
                report = writeln!(
                    out,
                    "info depth {} score cp {} nodes {} time {} pv {}",
                    t.depth,
                    t.score,
                    t.nodes,
                    t.elapsed.as_millis(),
                    pv.join(" ")
                );
            }
        });
        report?;
        match thought.best {
            Some(mv) => writeln!(out, "bestmove {}", game.move_text(mv)),
            None => writeln!(out, "bestmove (none)"),
        }
    }
}

/// Why a uci-cat line is refused: the shared protocol line's reasons,
/// with Cat Chess's move refusals.
pub type LineError = super::position_line::LineError<crate::variants::cat::notation::Refusal>;

/// Reads the words after `position`: a Cat FEN (six fields) or `startpos`,
/// then optionally `moves` and the moves, each checked and played.
pub fn read_position(words: &[&str]) -> Result<CatChess, LineError> {
    super::position_line::read_position(words, CatChess::new, CatChess::from_fen)
}

/// Reads the words after `go` into a budget: the level's, or `movetime`,
/// `depth` or `nodes`.
pub fn read_go(words: &[&str], level: Level) -> Result<Limits, LineError> {
    let mut limits = level.limits();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let known = matches!(key, "movetime" | "depth" | "nodes");
        if !known {
            i += 1;
            continue;
        }
        let limit = match key {
            "depth" => &crate::limits::GO_DEPTH,
            "movetime" => &crate::limits::GO_MOVETIME,
            _ => &crate::limits::GO_NODES,
        };
        let Some(word) = words.get(i + 1) else {
            return Err(LineError::MissingNumber(key.to_string()));
        };
        let value = limit.check_text(word)?;
        limits = match key {
            "movetime" => Limits::time(Duration::from_millis(value)).with_seed(limits.seed),
            "depth" => Limits::depth(value as u32).with_seed(limits.seed),
            _ => limits.with_nodes(value),
        };
        i += 2;
    }
    Ok(limits)
}

/// What a line read ahead asks of a running search: `stop` and `quit`
/// stop it (its `bestmove` is still written).
pub fn urgency(line: &str) -> Urgency {
    match line.split_whitespace().next() {
        Some("stop" | "quit") => Urgency::Stop,
        _ => Urgency::Wait,
    }
}

/// Runs a session at `level` on `input` and `output` until `quit` or the
/// end of the input. A reading thread passes lines on and raises the stop
/// flag for `stop`, `quit` and the end of the input, which end a search at
/// once, even one not yet begun when they were read.
pub fn run<R, W>(level: Level, input: R, output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let mut session = Session::new(level);
    let protocol = Protocol {
        urgency,
        at_end: Urgency::Stop,
        not_text: |n| format!("info string error: line {n} is not UTF-8 text."),
        too_long: |n, length| {
            format!(
                "info string error: {}.",
                super::read_ahead::too_long_words(n, length)
            )
        },
    };
    serve(input, output, &protocol, |line, interrupts, out| {
        Ok(session.handle(line, &interrupts.stop, out)? == Flow::Continue)
    })
}
/// `text` ending in a full stop, as every error line does.
fn full_stop(text: &str) -> String {
    let text = text.trim_end();
    if text.ends_with('.') {
        text.to_string()
    } else {
        format!("{text}.")
    }
}
