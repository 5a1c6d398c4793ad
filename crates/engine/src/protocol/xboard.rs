//! The XBoard / WinBoard engine protocol (CECP version 2): how other
//! programs (XBoard, match runners, other engines' managers) play against
//! catboard's computer player.
//!
//! [`Session`] answers one command line at a time and writes its replies
//! to any `Write`, so it can be driven and tested with in-memory text;
//! [`run`] connects it to a line source and reads ahead on another thread,
//! so `?` (move now) and `quit` interrupt a search.

pub use super::read_ahead::Interrupts;
use super::read_ahead::{Protocol, Urgency, serve};
use crate::ai::level::{DEFAULT_THINK_MS, MAX_DEPTH};
use crate::ai::score::{is_mate, mate_in_moves};
use crate::ai::{Level, Limits, Searcher, Thought};
use crate::core::{EndReason, Game, Options, Outcome, Seat};
use crate::limits::{CECP_DEPTH, HASH_MB};
use crate::text::shown;
use crate::variants::{AnyGame, Variant};
use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The largest hash table `--hash-mb` and the `memory` command may ask
/// for, in MiB ([`crate::limits::HASH_MB`]).
pub const MAX_HASH_MB: usize = HASH_MB.most as usize;

/// The protocol's name for a variant (its record's: chess is `normal`);
/// `None` for a variant the protocol does not offer.
pub fn protocol_name(variant: Variant) -> Option<&'static str> {
    variant.record().names.xboard
}

/// The engine options the session offers (`feature option=...`), from
/// the variants' records: the protocol's name for each, the variant whose
/// rule option it sets, and that option's key. Chu Chess's promotion mode
/// is `Promotion`, a combo of `chess` (the default) and `shogi`.
pub fn engine_options() -> impl Iterator<Item = (&'static str, Variant, &'static str)> {
    Variant::known().flat_map(|variant| {
        variant
            .record()
            .engine_options
            .iter()
            .map(move |o| (o.xboard, variant, o.key))
    })
}

/// The `feature option="..."` text of every engine option: a combo of the
/// rule option's choices, the default marked with `*`.
fn option_features() -> String {
    let mut text = String::new();
    for (name, variant, key) in engine_options() {
        let Some(spec) = variant.options().iter().find(|s| s.key == key) else {
            continue;
        };
        let choices: Vec<String> = spec
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    format!("*{c}")
                } else {
                    c.to_string()
                }
            })
            .collect();
        text.push_str(&format!(
            " option=\"{name} -combo {}\"",
            choices.join(" /// ")
        ));
    }
    text
}

/// The variant with a protocol name (`elven` is Chu Chess).
pub fn variant_named(name: &str) -> Option<Variant> {
    Variant::ALL
        .iter()
        .copied()
        .find(|&v| protocol_name(v) == Some(name))
}

/// What a command read while the engine may be thinking asks of the
/// search: `?` and a move (`usermove`, or a bare move in coordinates, which
/// is refused, see [`Session::handle`]) stop it and the engine plays at
/// once; commands that leave the game stop it and nothing is played.
pub fn urgency(line: &str) -> Urgency {
    match line.split_whitespace().next().unwrap_or("") {
        "." => Urgency::Idle,
        "?" | "usermove" => Urgency::Stop,
        "quit" | "force" | "new" | "result" | "undo" | "remove" | "setboard" | "edit"
        | "analyze" | "exit" => Urgency::Abandon,
        word if looks_like_coordinates(word) => Urgency::Stop,
        _ => Urgency::Wait,
    }
}

/// Whether `word` is written as a move in coordinates: a file letter and a
/// rank number twice, then perhaps a promotion letter or `+` (`e2e4`,
/// `e7e8q`, `b6b7+`); or such legs joined by commas (a Chu Lion's
/// `e1f2,f2g3`).
fn looks_like_coordinates(word: &str) -> bool {
    !word.is_empty() && word.split(',').all(looks_like_one_leg)
}

/// Whether `word` is one leg of a move in coordinates.
fn looks_like_one_leg(word: &str) -> bool {
    let mut rest = word.as_bytes();
    for _ in 0..2 {
        let Some((file, after)) = rest.split_first() else {
            return false;
        };
        let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
        if !file.is_ascii_lowercase() || !(1..=2).contains(&digits) {
            return false;
        }
        rest = &after[digits..];
    }
    matches!(rest, [] | [b'a'..=b'z'] | [b'+'])
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit` was received.
    Quit,
}

/// The time the engine may use, as the interface set it.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    /// `st`: exactly this long a move.
    per_move: Option<Duration>,
    /// `level`: moves per session (0 for the whole game).
    moves_per_session: u32,
    /// `level`: the increment per move.
    increment: Duration,
    /// `time`: what is left on the engine's clock.
    left: Option<Duration>,
}

/// One engine session: the game, whose side the engine plays, its clock
/// and its search.
pub struct Session {
    variant: Variant,
    /// The rule options games are set up with (Chu's promotion mode).
    options: Options,
    game: AnyGame,
    /// The seat the engine plays; `None` in force mode.
    engine_seat: Option<Seat>,
    searcher: Searcher,
    clock: Clock,
    max_depth: Option<u32>,
    /// `nps`: time is counted in nodes searched, this many a second (the
    /// protocol's node-count mode, for matches that do not depend on the
    /// machine's speed or load).
    nps: Option<u64>,
    post: bool,
    /// A fixed level to play at instead of the interface's clock.
    level: Option<Level>,
    /// The lines that arrived while the engine last thought about its
    /// move: after the line that started it, up to the last read when it
    /// moved. A move among them was sent out of turn and is refused.
    thinking: Option<(u64, u64)>,
    /// Analysis mode (`analyze` until `exit`): the engine thinks about the
    /// position on the board, posting its lines, whenever no command waits.
    analysing: bool,
    /// The position (its hash and ply) whose result line was written: a
    /// game's end is announced once, however often it is asked to move.
    announced: Option<(u64, usize)>,
}

impl Session {
    /// A session at the start of a chess game, the engine playing Black,
    /// with a hash table of about `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Session {
        let variant = Variant::Chess;
        Session {
            variant,
            options: Options::new(),
            game: variant.new_game(&Options::new()),
            engine_seat: Some(Seat::BLACK),
            searcher: Searcher::new(hash_mb),
            clock: Clock::default(),
            max_depth: None,
            nps: None,
            post: false,
            level: None,
            thinking: None,
            analysing: false,
            announced: None,
        }
    }

    /// The same session playing at a fixed `level`: Casual, Club and Strong
    /// keep their own depth and node budgets whatever the clock says (an
    /// `sd` limit still applies); Master thinks by the interface's clock.
    pub fn with_level(self, level: Level) -> Session {
        Session {
            level: Some(level),
            ..self
        }
    }

    /// The same session setting up its games with rule `options` (for
    /// example Chu Chess's `promotion=shogi`), as `catboard xboard
    /// --option` gives them.
    pub fn with_options(self, options: Options) -> Session {
        let game = self.variant.new_game(&options);
        Session {
            options,
            game,
            ..self
        }
    }

    /// The game as the session sees it.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Answers one command line, writing any reply to `out`. A search
    /// started by the command stops when `interrupts` says so.
    ///
    /// A move (`usermove` or a bare move) that arrived while the engine
    /// was thinking about its own move is not the opponent's to make: it
    /// stops the search (the engine moves at once) and is answered
    /// `Illegal move (the engine was thinking): MOVE`, deterministically,
    /// whatever the timing.
    pub fn handle(
        &mut self,
        line: &str,
        interrupts: &Interrupts,
        out: &mut impl Write,
    ) -> io::Result<Flow> {
        let line = line.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        if urgency(command) == Urgency::Abandon {
            // A command that leaves the game (`result`, `new`, `force`...)
            // ends the window of moves sent while the engine thought: the
            // moves after it belong to what follows.
            self.thinking = None;
        }
        match command {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "otim" | "draw" | "?" | "bk" | "." => {}
            "analyze" => {
                self.analysing = true;
                self.engine_seat = None;
            }
            "exit" => self.analysing = false,
            "nopost" => self.post = false,
            "post" => self.post = true,
            "protover" => {
                let variants: Vec<&str> = Variant::ALL
                    .iter()
                    .filter_map(|&v| protocol_name(v))
                    .collect();
                // Not a message: the protocol's feature syntax.
                writeln!(
                    out,
                    "feature setboard=1 usermove=1 ping=1 memory=1 nps=1 analyze=1 sigint=0 sigterm=0 colors=0 \
                     variants=\"{}\" myname=\"catboard {}\"{} done=1",
                    variants.join(","),
                    env!("CARGO_PKG_VERSION"),
                    option_features()
                )?;
            }
            "new" => {
                // As the protocol says, `new` is a game of standard chess;
                // an interface sends `variant` after it for anything else.
                self.variant = Variant::Chess;
                self.game = self.variant.new_game(&self.options);
                self.engine_seat = Some(Seat::BLACK);
                self.analysing = false;
                self.max_depth = None;
                self.clock.left = None;
                self.searcher.clear();
            }
            "variant" => match variant_named(rest) {
                Some(v) => {
                    self.variant = v;
                    self.game = v.new_game(&self.options);
                }
                None => writeln!(out, "Error (unsupported variant): {}", shown(rest))?,
            },
            "force" => self.engine_seat = None,
            "result" => self.engine_seat = None,
            "go" => {
                self.engine_seat = Some(self.game.to_move());
                self.play_if_engine_turn(interrupts, out)?;
            }
            "playother" => self.engine_seat = Some(self.game.to_move().opponent()),
            "white" | "black" => {}
            "usermove" => self.user_move(rest, interrupts, out)?,
            "option" => self.set_option(rest, out)?,
            "setboard" => match self.variant.from_position(rest, &self.options) {
                Ok(game) => self.game = game,
                Err(e) => writeln!(out, "tellusererror Illegal position: {e}")?,
            },
            "undo" => {
                self.game.unmake_move();
            }
            "remove" => {
                self.game.unmake_move();
                self.game.unmake_move();
            }
            "level" => match parse_level(rest) {
                Some((mps, increment)) => {
                    self.clock.moves_per_session = mps;
                    self.clock.increment = increment;
                    self.clock.per_move = None;
                }
                None => writeln!(out, "Error (bad level): {}", shown(line))?,
            },
            "st" => match rest
                .parse::<f64>()
                .ok()
                .filter(|s| *s > 0.0)
                .and_then(|s| Duration::try_from_secs_f64(s).ok())
            {
                Some(per_move) => self.clock.per_move = Some(per_move),
                None => writeln!(out, "Error (bad time): {}", shown(line))?,
            },
            "nps" => match rest.parse::<u64>() {
                Ok(0) => self.nps = None,
                Ok(rate) => self.nps = Some(rate),
                Err(_) => writeln!(out, "Error (bad node rate): {}", shown(line))?,
            },
            // A depth beyond the search's deepest counts as the deepest.
            "sd" => match CECP_DEPTH.read(rest) {
                Ok(d) => self.max_depth = Some(d as u32),
                Err(_) => writeln!(out, "Error (bad depth): {}", shown(line))?,
            },
            // A negative time is a clock past its flag: none left.
            "time" => match rest.parse::<i64>() {
                Ok(cs) => {
                    let ms = cs.max(0).unsigned_abs().saturating_mul(10);
                    self.clock.left = Some(Duration::from_millis(ms));
                }
                Err(_) => writeln!(out, "Error (bad time): {}", shown(line))?,
            },
            "ping" => writeln!(out, "pong {}", shown(rest))?,
            "memory" => match HASH_MB.read(rest) {
                Ok(mb) => self.searcher = Searcher::new(mb as usize),
                _ => writeln!(
                    out,
                    "Error (memory is 1 to {MAX_HASH_MB} MiB): {}",
                    shown(line)
                )?,
            },
            "hint" => {
                let thought =
                    self.think(&Limits::depth(6), &interrupts.stop, false, &mut io::sink())?;
                if let Some(mv) = thought.best {
                    writeln!(out, "Hint: {}", self.game.move_text(mv))?;
                }
            }
            "quit" => return Ok(Flow::Quit),
            _ => {
                // A bare move (an interface that did not take `usermove=1`).
                if looks_like_coordinates(line) || self.game.parse_move(line).is_ok() {
                    self.user_move(line, interrupts, out)?;
                } else {
                    writeln!(out, "Error (unknown command): {}", shown(command))?;
                }
            }
        }
        out.flush()?;
        if self.analysing && command != "." {
            self.analyse(interrupts, out)?;
        }
        Ok(Flow::Continue)
    }

    /// Analyses the position on the board, posting a thinking line a
    /// depth, until a command waits (or the search ends, at its deepest
    /// or a mate seen to the end). A finished game is not analysed.
    fn analyse(&mut self, interrupts: &Interrupts, out: &mut impl Write) -> io::Result<()> {
        if self.game.outcome().is_some() {
            return Ok(());
        }
        let limits = Limits::depth(self.max_depth.unwrap_or(MAX_DEPTH));
        self.think(&limits, &interrupts.pending, true, out)?;
        out.flush()
    }

    /// `option NAME=VALUE`: sets an engine option. It applies to the game
    /// on the board when no move has been played in it yet, and otherwise
    /// from the next `new`, `variant` or `setboard`.
    fn set_option(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        let (name, value) = text.split_once('=').unwrap_or((text, ""));
        let Some((_, variant, key)) = engine_options().find(|o| o.0 == name.trim()) else {
            return writeln!(out, "Error (unknown option): {}", shown(name));
        };
        let value = value.trim();
        if self.options.set(variant.options(), key, value).is_err() {
            let choices = variant
                .options()
                .iter()
                .find(|s| s.key == key)
                .map_or(String::new(), |s| s.choices.join(" or "));
            return writeln!(
                out,
                "Error ({} takes {choices}): {}",
                name.trim(),
                shown(value)
            );
        }
        if self.variant == variant && self.game.moves_played().is_empty() {
            let position = self.game.position_text();
            let game = if position == variant.start_position() {
                Ok(variant.new_game(&self.options))
            } else {
                variant.from_position(&position, &self.options)
            };
            if let Ok(game) = game {
                self.game = game;
            }
        }
        Ok(())
    }

    /// Plays the opponent's move, then replies if it is the engine's turn.
    fn user_move(
        &mut self,
        text: &str,
        interrupts: &Interrupts,
        out: &mut impl Write,
    ) -> io::Result<()> {
        if self.game.outcome().is_some() {
            writeln!(out, "Illegal move (the game is over): {}", shown(text))?;
            return Ok(());
        }
        let line = interrupts.current_line();
        if self
            .thinking
            .is_some_and(|(from, through)| from < line && line <= through)
        {
            writeln!(
                out,
                "Illegal move (the engine was thinking): {}",
                shown(text)
            )?;
            return Ok(());
        }
        match self.game.parse_move(text) {
            Ok(mv) => {
                self.game.make_move(mv);
                if !self.announce_end(out)? {
                    self.play_if_engine_turn(interrupts, out)?;
                }
            }
            Err(_) => writeln!(out, "Illegal move: {}", shown(text))?,
        }
        Ok(())
    }

    /// Thinks and plays a move when the engine is to move and the game is on.
    fn play_if_engine_turn(
        &mut self,
        interrupts: &Interrupts,
        out: &mut impl Write,
    ) -> io::Result<()> {
        if self.engine_seat != Some(self.game.to_move()) {
            return Ok(());
        }
        if self.announce_end(out)? {
            return Ok(());
        }
        let limits = self.limits();
        let started = interrupts.current_line();
        let post = self.post;
        let thought = self.think(&limits, &interrupts.stop, post, out)?;
        self.thinking = Some((started, interrupts.lines_read()));
        if interrupts.abandon.load(Ordering::Relaxed) {
            return Ok(());
        }
        if let Some(mv) = thought.best {
            // A move of several legs goes out one leg a `move` line, each
            // but the last ending in a comma (`move e1f2,` `move f2g3`), as
            // XBoard reads an engine's multi-leg moves.
            for leg in self.game.move_text(mv).split_inclusive(',') {
                writeln!(out, "move {leg}")?;
            }
            self.game.make_move(mv);
            self.announce_end(out)?;
        }
        Ok(())
    }

    /// Searches the current position until `stop` is raised, posting each
    /// finished depth if asked.
    fn think(
        &mut self,
        limits: &Limits,
        stop: &std::sync::atomic::AtomicBool,
        post: bool,
        out: &mut impl Write,
    ) -> io::Result<Thought> {
        let mut failure = None;
        let thought = self.searcher.think(&self.game, limits, stop, |p| {
            if post && failure.is_none() {
                let line = thinking_line(&self.game, p);
                if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
                    failure = Some(e);
                }
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(thought),
        }
    }

    /// The search budget for the engine's next move, from `st`, `sd`,
    /// `level` and `time`.
    fn limits(&self) -> Limits {
        if let Some(level) = self.level.filter(|&l| l != Level::Master) {
            let limits = level.limits();
            return Limits {
                depth: self.max_depth.map_or(limits.depth, |d| d.min(limits.depth)),
                ..limits
            };
        }
        let depth = self.max_depth.unwrap_or(MAX_DEPTH);
        let on_clock = self.clock.per_move.is_none() && self.clock.left.is_some();
        let time = if let Some(per_move) = self.clock.per_move {
            Some(per_move.saturating_sub(per_move.min(Duration::from_millis(30)) / 2))
        } else if let Some(left) = self.clock.left {
            let played = self.game.moves_played().len() as u32 / 2;
            let to_go = match self.clock.moves_per_session {
                0 => None,
                mps => Some((mps - played % mps).max(1)),
            };
            Some(crate::clock::think_budget(
                left,
                self.clock.increment,
                to_go,
            ))
        } else if self.max_depth.is_some() {
            None
        } else {
            Some(Duration::from_millis(DEFAULT_THINK_MS))
        };
        if let (Some(rate), Some(time)) = (self.nps, time) {
            // Node-count mode: the whole time, in nodes, with no clock.
            let seconds = self.clock.per_move.unwrap_or(time).as_secs_f64();
            return Limits::depth(depth).with_nodes(((seconds * rate as f64) as u64).max(1));
        }
        match time {
            Some(budget) if on_clock => Limits::depth(depth).on_clock(budget),
            _ => Limits {
                time,
                ..Limits::depth(depth)
            },
        }
    }

    /// Writes the result line when the game has ended, once for the
    /// position that ended it; says whether it had.
    fn announce_end(&mut self, out: &mut impl Write) -> io::Result<bool> {
        let Some(outcome) = self.game.outcome() else {
            return Ok(false);
        };
        let here = (self.game.hash(), self.game.moves_played().len());
        if self.announced != Some(here) {
            writeln!(out, "{}", result_line(&self.game, outcome))?;
            self.announced = Some(here);
        }
        Ok(true)
    }
}

/// `level MPS BASE INC`: the moves per session and the increment (the base
/// time comes with each `time` command). `BASE` is minutes or `min:sec`.
fn parse_level(args: &str) -> Option<(u32, Duration)> {
    let mut parts = args.split_whitespace();
    let mps = parts.next()?.parse::<u32>().ok()?;
    let base = parts.next()?;
    let base_ok = match base.split_once(':') {
        Some((m, s)) => m.parse::<u32>().is_ok() && s.parse::<u32>().is_ok(),
        None => base.parse::<f64>().is_ok_and(|m| m.is_finite() && m >= 0.0),
    };
    let inc = Duration::try_from_secs_f64(parts.next()?.parse::<f64>().ok()?).ok()?;
    (base_ok && parts.next().is_none()).then_some((mps, inc))
}

/// The result line for `outcome`: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`.
pub fn result_line<G: Game>(game: &G, outcome: Outcome) -> String {
    match outcome.winner {
        Some(seat) => {
            let token = if seat == Seat::WHITE { "1-0" } else { "0-1" };
            let mut name = game.seat_name(seat).to_string();
            if let Some(first) = name.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            let how = if outcome.reason == EndReason::Checkmate {
                "mates".to_string()
            } else {
                format!("wins by {}", outcome.reason.describe())
            };
            format!("{token} {{{name} {how}}}")
        }
        None => format!("1/2-1/2 {{Draw by {}}}", outcome.reason.describe()),
    }
}

/// A thinking line: depth, score (mates as 100000 + moves), time in
/// centiseconds, nodes, and the principal variation.
fn thinking_line<G: Game>(game: &G, p: &Thought) -> String {
    let score = if is_mate(p.score) {
        match mate_in_moves(p.score) {
            Some(n) if n > 0 => 100_000 + n,
            Some(n) => -100_000 + n,
            None => p.score,
        }
    } else {
        p.score
    };
    let pv = super::line_texts(game, &p.pv);
    format!(
        "{} {} {} {} {}",
        p.depth,
        score,
        p.elapsed.as_millis() / 10,
        p.nodes,
        pv.join(" ")
    )
}

/// Runs a session on `input` and `output` until `quit` or the end of input.
/// Lines are read ahead on a second thread, so a search can be interrupted;
/// the end of the input abandons a search as `quit` does. A line that is
/// not UTF-8 text is answered `Error (not UTF-8 text): line N`.
pub fn run<R, W>(input: R, output: W, hash_mb: usize) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    run_session(Session::new(hash_mb), input, output)
}

/// Runs `session` on `input` and `output` as [`run`] does.
pub fn run_session<R, W>(mut session: Session, input: R, output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let protocol = Protocol {
        urgency,
        at_end: Urgency::Abandon,
        not_text: |n| format!("Error (not UTF-8 text): line {n}"),
        too_long: |n, length| {
            format!(
                "Error (line too long): {}",
                super::read_ahead::too_long_words(n, length)
            )
        },
    };
    serve(input, output, &protocol, |line, interrupts, out| {
        Ok(session.handle(line, interrupts, out)? == Flow::Continue)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The budget of the engine's next move after the `lines`.
    fn limits_after(lines: &[&str]) -> Limits {
        let mut session = Session::new(1);
        let interrupts = Interrupts::default();
        for line in lines {
            session
                .handle(line, &interrupts, &mut Vec::new())
                .expect("written to memory");
        }
        session.limits()
    }

    #[test]
    fn a_time_a_move_is_spent_to_its_end_and_a_clock_share_stops_at_half() {
        let fixed = limits_after(&["st 2"]);
        assert_eq!(fixed.time, Some(Duration::from_millis(1985)));
        assert!(!fixed.clock);
        let clock = limits_after(&["level 40 5 0", "time 30000"]);
        assert!(clock.time.is_some_and(|t| t < Duration::from_secs(300)));
        assert!(clock.clock);
        assert_eq!(limits_after(&["sd 4"]).time, None);
    }
}
