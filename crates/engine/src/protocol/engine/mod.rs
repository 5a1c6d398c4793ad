//! Other engines as opponents: one client for UCI and XBoard (CECP v2)
//! programs, used by the game's engine seats and by `catboard-match`.
//!
//! An [`Engine`] is a program started through `sh -c` (standard error
//! discarded), its handshake done ([`uci`], [`cecp`]), the options given
//! set, and the variants it announces noted ([`variants`] says which of
//! catboard's it can play). [`Engine::best_move`] gives it the whole game,
//! from its start position with every move played (so it knows the
//! repetitions), and a [`Budget`]: a fixed time a move, or both sides'
//! clocks and increments. Every read has a deadline; an engine that dies,
//! hangs past its time and a margin, refuses a move of the game, or
//! answers with a move that is not legal or cannot be read gives an
//! [`EngineError`] whose sentence says so (the engine's own text quoted
//! through [`crate::text`]), never a panic or a hang. Lines are read
//! bounded ([`crate::limits::ENGINE_LINE`]). Dropping the engine asks it to
//! quit, then kills and reaps it.

pub mod cecp;
pub mod known;
pub mod process;
pub mod uci;
pub mod variants;

use crate::core::{Game, Move, Options};
use crate::text::{quoted, shown};
use crate::variants::{AnyGame, Variant};
use process::{Heard, Process};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// The Universal Chess Interface.
    Uci,
    /// The Chess Engine Communication Protocol (XBoard's), version 2.
    Cecp,
}

impl Protocol {
    /// The word that names it before a command (`uci:stockfish`,
    /// `xboard:fairymax`).
    pub const fn id(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Cecp => "xboard",
        }
    }

    /// Its name in a sentence: `UCI`, `XBoard`.
    pub const fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "UCI",
            Protocol::Cecp => "XBoard",
        }
    }

    /// The protocol named `word` (`uci`, `xboard` or `cecp`).
    pub fn from_id(word: &str) -> Option<Protocol> {
        match word.trim().to_ascii_lowercase().as_str() {
            "uci" => Some(Protocol::Uci),
            "xboard" | "cecp" => Some(Protocol::Cecp),
            _ => None,
        }
    }
}

/// Why an engine as written cannot be read: each says its sentence, the
/// text as written quoted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// `uci:` or `xboard:` with no command after it.
    #[error(
        "{} names no command after {}:; write for example {}:stockfish.",
        quoted(.text),
        .protocol.id(),
        .protocol.id()
    )]
    NoCommand {
        /// The engine as written.
        text: String,
        /// The protocol it names.
        protocol: Protocol,
    },
    /// An option not written `NAME=VALUE`.
    #[error(
        "The engine option {} should be written NAME=VALUE, as UCI_Elo=1500.",
        quoted(.0)
    )]
    OptionNotPair(String),
}

/// A front end whose own errors are still sentences takes its sentence.
impl From<SpecError> for String {
    fn from(error: SpecError) -> String {
        error.to_string()
    }
}

/// An engine to play: its protocol, the command that starts it, and the
/// options to set (`UCI_Elo` = `1500`), in the order given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EngineSpec {
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// The command, run through `sh -c`.
    pub command: String,
    /// Options as name and value.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// The engine written `uci:COMMAND` or `xboard:COMMAND` (also
    /// `cecp:`), or `None` when `text` names no protocol that way.
    pub fn parse(text: &str) -> Option<Result<EngineSpec, SpecError>> {
        let (word, command) = text.split_once(':')?;
        let protocol = Protocol::from_id(word)?;
        if command.trim().is_empty() {
            return Some(Err(SpecError::NoCommand {
                text: text.to_string(),
                protocol,
            }));
        }
        Some(Ok(EngineSpec {
            protocol,
            command: command.trim().to_string(),
            options: Vec::new(),
        }))
    }

    /// The engine as [`EngineSpec::parse`] reads it: `uci:stockfish`.
    pub fn id(&self) -> String {
        format!("{}:{}", self.protocol.id(), self.command)
    }

    /// The program's name, for a label (`stockfish`, `sjaakii`).
    pub fn program(&self) -> String {
        let program = process::program_of(&self.command);
        program.rsplit('/').next().unwrap_or(&program).to_string()
    }

    /// How a screen names the seat's player: a known engine's name, else
    /// its program's, and its protocol (`Stockfish (UCI engine)`,
    /// `myengine (XBoard engine)`).
    pub fn label(&self) -> String {
        let name = known::KnownEngine::of(self)
            .map_or_else(|| shown(&self.program()), |k| k.name.to_string());
        format!("{name} ({} engine)", self.protocol.name())
    }

    /// Adds the option `NAME=VALUE` (its text as given after the seat).
    pub fn add_option(&mut self, pair: &str) -> Result<(), SpecError> {
        let (name, value) = pair
            .split_once('=')
            .filter(|(name, _)| !name.trim().is_empty())
            .ok_or_else(|| SpecError::OptionNotPair(pair.to_string()))?;
        self.options
            .push((name.trim().to_string(), value.trim().to_string()));
        Ok(())
    }

    /// The options as `NAME=VALUE` texts.
    pub fn option_pairs(&self) -> Vec<String> {
        self.options
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect()
    }

    /// Why this engine cannot play `variant` with `options`, when that can
    /// be told without starting it (a sentence).
    pub fn refuses(&self, variant: Variant, options: &Options) -> Option<String> {
        variants::unplayable(variant, self.protocol)
            .or_else(|| variants::options_unplayable(variant, options))
            .map(|why| {
                format!(
                    "The {} engine {} cannot play {}: {why}.",
                    self.protocol.name(),
                    quoted(&self.program()),
                    variant.name()
                )
            })
    }
}

/// Both sides' clocks as an engine is told them before its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The time left to the engine's side.
    pub own: Duration,
    /// The time left to its opponent.
    pub opponent: Duration,
    /// What the engine's side gains after each of its moves.
    pub own_increment: Duration,
    /// What the opponent gains after each of its moves.
    pub opponent_increment: Duration,
}

/// How long an engine may think about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This long, every move (UCI `go movetime`, CECP `st`: whole seconds
    /// as a whole number, a fraction as a decimal, which Sjaak II and
    /// catboard read; Fairy-Max reads `st 0.3` as no time and moves at once).
    PerMove(Duration),
    /// By the clocks (UCI `go wtime btime winc binc`, CECP `level`,
    /// `time`, `otim`).
    Clock(Clocks),
}

impl Budget {
    /// The most the engine may take by this budget.
    fn allowed(self) -> Duration {
        match self {
            Budget::PerMove(t) => t,
            Budget::Clock(c) => c.own,
        }
    }
}

/// How long an engine is waited for beyond what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// For its handshake (`uciok`, `readyok`, CECP `done=1` after
    /// `done=0`, `pong`).
    pub handshake: Duration,
    /// For CECP features from an engine that never said `done=0`.
    pub features: Duration,
    /// Beyond its time for a move.
    pub margin: Duration,
}

impl Default for Patience {
    fn default() -> Patience {
        Patience {
            handshake: Duration::from_secs(10),
            features: Duration::from_secs(2),
            margin: Duration::from_secs(2),
        }
    }
}

/// What went wrong with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started, or did not finish its handshake.
    Start,
    /// It has no option given, or refused its value.
    Option,
    /// It stopped running.
    Died,
    /// It said nothing in time.
    Hung,
    /// It answered with a move that is not legal in the game.
    Illegal,
    /// Its answer could not be read as a move.
    Unreadable,
    /// It refused a move of the game (its rules differ from catboard's).
    Refused,
    /// It claimed the game over where catboard's rules go on.
    Claimed,
    /// It cannot play this game (the variant, its options, a set-up start).
    Unplayable,
}

/// An engine's failure: what kind, and the sentence saying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// What kind of failure.
    pub fault: Fault,
    /// The sentence.
    pub sentence: String,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.sentence)
    }
}

impl std::error::Error for EngineError {}

/// What an engine answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Its move, legal in the game.
    Move(Move),
    /// It resigned (CECP `resign`).
    Resign,
    /// The stop flag was raised before it answered.
    Stopped,
}

/// A request for a move: the game with its whole history, the rule
/// options it is played with, and the time.
#[derive(Clone, Copy, Debug)]
pub struct Ask<'a> {
    /// The game, its moves played from its start position.
    pub game: &'a AnyGame,
    /// Its rule options.
    pub options: &'a Options,
    /// How long the engine may think.
    pub budget: Budget,
    /// The deepest it may search, in plies, if limited (UCI `go depth`,
    /// CECP `sd`).
    pub depth: Option<u32>,
}

/// A game as an engine is told it: the start position's text and every
/// move since, in the variant's coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The variant.
    pub variant: Variant,
    /// The start position's text (FEN for chess).
    pub start: String,
    /// Whether that is the variant's usual start.
    pub usual_start: bool,
    /// The moves, oldest first.
    pub moves: Vec<String>,
}

impl History {
    /// The history of `game`.
    pub fn of(game: &AnyGame) -> History {
        let mut start = game.clone();
        let mut played = Vec::new();
        while let Some(mv) = start.unmake_move() {
            played.push(mv);
        }
        played.reverse();
        let text = start.position_text();
        let variant = game.variant();
        let mut moves = Vec::with_capacity(played.len());
        for mv in played {
            moves.push(start.move_text(mv));
            start.make_move(mv);
        }
        History {
            variant,
            usual_start: text == variant.start_position(),
            start: text,
            moves,
        }
    }

    /// Whether this history goes on from `earlier` (the same start, its
    /// moves first).
    fn extends(&self, earlier: &History) -> bool {
        self.variant == earlier.variant
            && self.start == earlier.start
            && self.moves.starts_with(&earlier.moves)
    }
}

/// The process and what every protocol needs to talk to it: the name it
/// goes by and the patience it is given.
pub(crate) struct Link {
    process: Process,
    /// The engine's name: the one it gives, else its program's.
    name: String,
    patience: Patience,
}

impl Link {
    /// `The engine Stockfish 15.1`.
    fn who(&self) -> String {
        format!("The engine {}", shown(&self.name))
    }

    /// A failure of `fault`, its sentence `The engine NAME {what}.`
    fn error(&self, fault: Fault, what: &str) -> EngineError {
        EngineError {
            fault,
            sentence: format!("{} {what}.", self.who()),
        }
    }

    /// Writes `line`; an engine that no longer reads has stopped.
    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        match self.process.send(line) {
            Ok(()) => Ok(()),
            Err(_) => Err(self.ended("before it read what was sent")),
        }
    }

    /// The engine's next line, by `deadline`: its end or silence are the
    /// failures they are, `doing` saying what it was doing (`while
    /// choosing its move`), `waited` how long it was given.
    fn hear(
        &mut self,
        deadline: Instant,
        stop: Option<&AtomicBool>,
        doing: &str,
        waited: Duration,
    ) -> Result<Option<String>, EngineError> {
        match self.process.hear(deadline, stop) {
            Heard::Line(line) => Ok(Some(line)),
            Heard::Stopped => Ok(None),
            Heard::Ended => Err(self.ended(doing)),
            Heard::Silence => Err(self.silent(doing, waited)),
        }
    }

    /// The engine stopped while `doing`.
    fn ended(&mut self, doing: &str) -> EngineError {
        let how = match self.process.exit_status(Duration::from_millis(500)) {
            Some(status) => exit_words(status),
            None => String::new(),
        };
        self.error(Fault::Died, &format!("stopped running{how} {doing}"))
    }

    /// The engine said nothing for `waited` while `doing`.
    fn silent(&self, doing: &str, waited: Duration) -> EngineError {
        let (skipped, longest) = self.process.skipped();
        let noise = if longest > 0 {
            format!(
                "; it wrote {}, the longest {} bytes, too long to read",
                crate::text::count(skipped, "line", "lines"),
                crate::limits::grouped(longest)
            )
        } else {
            String::new()
        };
        self.error(
            Fault::Hung,
            &format!("said nothing for {} {doing}{noise}", seconds(waited)),
        )
    }
}

/// ` (exit code 1)`, ` (killed by signal 9)`, and what code 127 and 126
/// mean when the shell gives them.
fn exit_words(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(127), _) => " (exit code 127: the shell found no such program)".to_string(),
        (Some(126), _) => " (exit code 126: the program could not be run)".to_string(),
        (Some(code), _) => format!(" (exit code {code})"),
        (None, Some(signal)) => format!(" (killed by signal {signal})"),
        (None, None) => String::new(),
    }
}

/// A duration as a sentence says it: `2 s`, `0.5 s`, `10.25 s`.
pub fn seconds(t: Duration) -> String {
    format!("{} s", decimal_seconds(t))
}

/// A duration in seconds as a protocol writes it: `2`, `0.5`, to the
/// millisecond.
fn decimal_seconds(t: Duration) -> String {
    let ms = t.as_millis();
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        let text = format!("{:.3}", t.as_secs_f64());
        text.trim_end_matches('0').to_string()
    }
}

/// One move asked of the engine, as a protocol sends it.
pub(crate) struct Turn<'a> {
    /// The game.
    history: &'a History,
    /// How many of its moves the engine holds already, when it holds the
    /// game's start and those moves (else it is sent the whole game anew).
    from: Option<usize>,
    /// The variant's name in the protocol (`chess`, `normal`, `elven`).
    variant_name: &'static str,
    /// The time.
    budget: Budget,
    /// The deepest search, if limited.
    depth: Option<u32>,
    /// How long the engine is waited for: its time and the margin.
    waited: Duration,
}

/// What a protocol heard in answer to a [`Turn`].
pub(crate) enum Reply {
    /// A move, as the engine wrote it.
    Move(String),
    /// A resignation.
    Resign,
    /// Nothing: the stop flag was raised (and the engine stopped).
    Stopped,
}

/// One line of an engine's analysis as it wrote it: its rank among the
/// best (from 0), depth, score for the side to move (as catboard's search
/// scores) and the words of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Its rank: 0 the best line.
    pub rank: usize,
    /// The depth searched, in plies.
    pub depth: u32,
    /// The score for the side to move.
    pub score: i32,
    /// The moves as the engine wrote them.
    pub moves: Vec<String>,
}

impl Info {
    /// The line in `game`: its moves read one after another, as far as
    /// each is a legal move (a move number, a mark or a move catboard
    /// cannot read ends it); `None` when not even the first is.
    pub fn line(&self, game: &AnyGame) -> Option<crate::analysis::Line> {
        let mut game = game.clone();
        let mut moves = Vec::new();
        for word in &self.moves {
            let word = word.trim_end_matches(['+', '#', '!', '?']);
            if word.is_empty() || word.ends_with('.') || word.bytes().all(|b| b.is_ascii_digit()) {
                if moves.is_empty() {
                    continue;
                }
                break;
            }
            let Ok(mv) = variants::read_move(&game, word) else {
                break;
            };
            game.make_move(mv);
            moves.push(mv);
        }
        (!moves.is_empty()).then_some(crate::analysis::Line {
            depth: self.depth,
            score: self.score,
            moves,
        })
    }
}

/// What speaks to the engine: one protocol's state.
enum Speaker {
    Uci(uci::Uci),
    Cecp(cecp::Cecp),
}

/// A running engine, its handshake done and its options set.
pub struct Engine {
    link: Link,
    speaker: Speaker,
    protocol: Protocol,
    /// The game the engine holds now (the moves it was sent and its own
    /// reply), when known: a longer game goes on from it.
    holds: Option<History>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.link.name)
            .field("protocol", &self.protocol)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// Starts the engine `spec` describes, does its handshake and sets its
    /// options; a failure is one sentence.
    pub fn start(spec: &EngineSpec, patience: Patience) -> Result<Engine, EngineError> {
        let process = Process::start(&spec.command).map_err(|e| EngineError {
            fault: Fault::Start,
            sentence: format!(
                "The engine {} could not be started: {}.",
                crate::text::quoted_command(&spec.command),
                crate::text::foreign(&e.to_string())
            ),
        })?;
        let mut link = Link {
            process,
            name: spec.program(),
            patience,
        };
        let speaker = match spec.protocol {
            Protocol::Uci => Speaker::Uci(uci::Uci::handshake(&mut link, &spec.options)?),
            Protocol::Cecp => Speaker::Cecp(cecp::Cecp::handshake(&mut link, &spec.options)?),
        };
        Ok(Engine {
            link,
            speaker,
            protocol: spec.protocol,
            holds: None,
        })
    }

    /// The engine's name: the one it gave (`id name`, `myname`), else its
    /// program's.
    pub fn name(&self) -> &str {
        &self.link.name
    }

    /// The variant names it announced (`UCI_Variant`'s choices, CECP
    /// `variants`; `chess` or `normal` for an engine that announced none).
    pub fn announced_variants(&self) -> &[String] {
        match &self.speaker {
            Speaker::Uci(u) => u.variants(),
            Speaker::Cecp(c) => c.variants(),
        }
    }

    /// The variants of catboard's it can play: those whose protocol name
    /// it announced.
    pub fn variants(&self) -> Vec<Variant> {
        Variant::ALL
            .iter()
            .copied()
            .filter(|&v| self.variant_name(v).is_some())
            .collect()
    }

    /// The name `variant` has in the engine's protocol, when the engine
    /// announced it.
    fn variant_name(&self, variant: Variant) -> Option<&'static str> {
        let name = variants::protocol_variant(variant, self.protocol)?;
        self.announced_variants()
            .iter()
            .any(|v| v.eq_ignore_ascii_case(name))
            .then_some(name)
    }

    /// Why the engine cannot play `game` with `options`, if it cannot.
    pub fn check_plays(&self, game: &AnyGame, options: &Options) -> Result<(), EngineError> {
        let variant = game.variant();
        let why = match variants::unplayable(variant, self.protocol) {
            Some(why) => Some(why),
            None if self.variant_name(variant).is_none() => Some(format!(
                "it announces no variant {} (it plays {})",
                variants::protocol_variant(variant, self.protocol).unwrap_or("?"),
                crate::text::and_list(
                    &self
                        .announced_variants()
                        .iter()
                        .take(12)
                        .map(|v| shown(v))
                        .collect::<Vec<_>>()
                )
            )),
            None => variants::options_unplayable(variant, options),
        };
        match why {
            Some(why) => Err(self.link.error(
                Fault::Unplayable,
                &format!("cannot play {}: {why}", variant.name()),
            )),
            None => Ok(()),
        }
    }

    /// The engine's move in `ask`'s game, within its budget and a margin;
    /// [`Answer::Stopped`] when `stop` is raised first (the engine is
    /// stopped and its answer forgotten). A failure is one sentence; the
    /// engine is of no more use after one, except a [`Fault::Unplayable`].
    pub fn best_move(&mut self, ask: &Ask<'_>, stop: &AtomicBool) -> Result<Answer, EngineError> {
        self.check_plays(ask.game, ask.options)?;
        if ask.game.outcome().is_some() {
            return Err(self.link.error(
                Fault::Unplayable,
                "was asked for a move in a game that is over",
            ));
        }
        let history = History::of(ask.game);
        let from = self
            .holds
            .take()
            .filter(|held| history.extends(held))
            .map(|held| held.moves.len());
        let turn = Turn {
            variant_name: self.variant_name(history.variant).unwrap_or(""),
            history: &history,
            from,
            budget: ask.budget,
            depth: ask.depth,
            waited: ask.budget.allowed() + self.link.patience.margin,
        };
        self.link.process.forget_waiting();
        let reply = match &mut self.speaker {
            Speaker::Uci(u) => u.ask(&mut self.link, &turn, stop)?,
            Speaker::Cecp(c) => c.ask(&mut self.link, &turn, stop)?,
        };
        let text = match reply {
            Reply::Move(text) => text,
            Reply::Resign => return Ok(Answer::Resign),
            Reply::Stopped => return Ok(Answer::Stopped),
        };
        let mv = variants::read_move(ask.game, &text).map_err(|why| {
            let (fault, why) = match why {
                variants::MoveFault::Unreadable(why) => (Fault::Unreadable, why),
                variants::MoveFault::Illegal(why) => (Fault::Illegal, why),
            };
            self.link
                .error(fault, &format!("answered {}, {why}", quoted(&text)))
        })?;
        let mut held = history;
        // A CECP engine has played its move on its board; a UCI engine
        // is told the whole game each time.
        if self.protocol == Protocol::Cecp {
            held.moves.push(ask.game.move_text(mv));
        }
        self.holds = Some(held);
        Ok(Answer::Move(mv))
    }
}

impl Engine {
    /// The engine's analysis of `game`: its best lines (as many as
    /// `lines`, where it can give several: UCI's `MultiPV`; one from a
    /// CECP engine's `analyze`), after thinking `time` or until `stop` is
    /// raised, each line read as far as its moves are legal. A finished
    /// game has none. A failure is one sentence, as for
    /// [`Engine::best_move`].
    pub fn analyse(
        &mut self,
        game: &AnyGame,
        options: &Options,
        lines: usize,
        time: Duration,
        stop: &AtomicBool,
    ) -> Result<Vec<crate::analysis::Line>, EngineError> {
        self.check_plays(game, options)?;
        if game.outcome().is_some() {
            return Ok(Vec::new());
        }
        let history = History::of(game);
        let from = self
            .holds
            .take()
            .filter(|held| history.extends(held))
            .map(|held| held.moves.len());
        let budget = Budget::PerMove(time);
        let turn = Turn {
            variant_name: self.variant_name(history.variant).unwrap_or(""),
            history: &history,
            from,
            budget,
            depth: None,
            waited: time + self.link.patience.margin,
        };
        self.link.process.forget_waiting();
        let infos = match &mut self.speaker {
            Speaker::Uci(u) => u.analyse(&mut self.link, &turn, lines, stop)?,
            Speaker::Cecp(c) => c.analyse(&mut self.link, &turn, stop)?,
        };
        self.holds = Some(history);
        Ok(infos.iter().filter_map(|info| info.line(game)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_is_written_protocol_colon_command() {
        let spec = EngineSpec::parse("uci:stockfish -x")
            .expect("a protocol")
            .expect("a command");
        assert_eq!(spec.protocol, Protocol::Uci);
        assert_eq!(spec.command, "stockfish -x");
        assert_eq!(spec.id(), "uci:stockfish -x");
        assert_eq!(spec.program(), "stockfish");
        assert_eq!(spec.label(), "Stockfish (UCI engine)", "a known engine");
        let unknown = EngineSpec::parse("uci:./my\u{1b}engine")
            .expect("uci")
            .expect("a command");
        assert_eq!(unknown.label(), "my\\u{1b}engine (UCI engine)");
        let cecp = EngineSpec::parse("CECP:/usr/games/fairymax").expect("a protocol");
        assert_eq!(
            cecp.map(|s| (s.protocol, s.program())),
            Ok((Protocol::Cecp, "fairymax".to_string()))
        );
        assert!(EngineSpec::parse("master").is_none());
        assert!(EngineSpec::parse("telnet:host").is_none());
        let empty = EngineSpec::parse("xboard: ").expect("a protocol");
        assert_eq!(
            empty.map_err(|e| e.to_string()),
            Err(
                "'xboard: ' names no command after xboard:; write for example xboard:stockfish."
                    .into()
            )
        );
    }

    #[test]
    fn options_are_name_equals_value() {
        let mut spec = EngineSpec::parse("uci:x").expect("uci").expect("x");
        spec.add_option("UCI_Elo = 1500").expect("fine");
        spec.add_option("Debug Log File=").expect("an empty value");
        assert_eq!(spec.option_pairs(), ["UCI_Elo=1500", "Debug Log File="]);
        assert!(spec.add_option("=3").is_err());
        let err = spec.add_option("UCI_Elo").expect_err("no value");
        assert_eq!(
            err.to_string(),
            "The engine option 'UCI_Elo' should be written NAME=VALUE, as UCI_Elo=1500."
        );
    }

    #[test]
    fn a_history_is_the_start_and_every_move_in_coordinates() {
        let mut game = Variant::Chess.new_game(&Options::new());
        for text in ["e4", "e5", "Nf3"] {
            let mv = game.parse_move(text).expect("legal");
            game.make_move(mv);
        }
        let h = History::of(&game);
        assert!(h.usual_start);
        assert_eq!(h.moves, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(game.moves_played().len(), 3, "the game is left as it was");
        let mut shorter = h.clone();
        shorter.moves.pop();
        assert!(h.extends(&shorter) && !shorter.extends(&h));
    }

    #[test]
    fn times_are_said_in_seconds() {
        assert_eq!(seconds(Duration::from_millis(2000)), "2 s");
        assert_eq!(seconds(Duration::from_millis(500)), "0.5 s");
        assert_eq!(seconds(Duration::from_millis(10250)), "10.25 s");
        assert_eq!(decimal_seconds(Duration::from_secs(3)), "3");
        assert_eq!(decimal_seconds(Duration::from_millis(300)), "0.3");
    }
}
