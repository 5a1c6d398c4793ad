//! The line mode, for screen readers and plain terminals: the same
//! application state, move entry and describe layer as the full screen,
//! read and written as lines of text. Every event is one sentence on a
//! line of its own; a prompt says whose turn it is; no escape sequence,
//! colour or box drawing is ever written.

mod analysis;
mod commands;
pub mod puzzles;

pub(crate) use commands::Command;
#[cfg(feature = "ssh")]
pub(crate) use commands::{help_at_server, introduction};

use crate::session::action::Action;
use crate::session::app::{App, Effect, Overlay, Screen, update};
use crate::session::computer::Purpose;
use crate::session::describe::{Event, EventKind};
use crate::session::input::Incoming;
use crate::session::speech::{Notation, Voice};
use crate::session::words::{capitalise, seat_is};
use crate::session::worker::Workers;
use crate::session::{SessionConfig, build_app, perform};
use catboard::core::Game;
use catboard::limits::LINE_MODE_LINE;
use catboard::protocol::read_ahead::{Line, read_line};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What reaches the line mode's loop.
enum Input {
    /// A line typed (invalid UTF-8 replaced).
    Line(String),
    /// A line longer than [`LINE_MODE_LINE`] allows, this many bytes
    /// long: refused in a sentence, never held whole.
    TooLong(u64),
    /// Standard input ended.
    End,
    /// A computer player's report.
    Engine(Incoming),
}

/// Reads `input` line by line on its own thread, each line bounded while
/// it is read ([`read_line`] with the limits table's [`LINE_MODE_LINE`]).
fn spawn_reader(
    mut input: impl BufRead + Send + 'static,
    tx: mpsc::Sender<Input>,
) -> Result<(), String> {
    let limit = LINE_MODE_LINE.most as usize;
    spawn_thread("line-input", move || {
        let mut buf = Vec::new();
        loop {
            let input = match read_line(&mut input, &mut buf, limit) {
                Ok(None) | Err(_) => {
                    let _ = tx.send(Input::End);
                    return;
                }
                Ok(Some(Line::Text(text))) => Input::Line(text.trim().to_string()),
                Ok(Some(Line::NotText)) => {
                    Input::Line(String::from_utf8_lossy(&buf).trim().to_string())
                }
                Ok(Some(Line::TooLong(length))) => Input::TooLong(length),
            };
            if tx.send(input).is_err() {
                return;
            }
        }
    })
}

/// Starts `work` on a thread named `name`; a thread that cannot start
/// (a process limit) is one sentence.
fn spawn_thread(name: &str, work: impl FnOnce() + Send + 'static) -> Result<(), String> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(work)
        .map(|_| ())
        .map_err(|e| {
            format!(
                "Could not start the line mode's {name} thread: {}.",
                catboard::text::foreign(&e.to_string())
            )
        })
}

/// The line session: the app, its computer players and where sentences go.
struct Session<W: Write> {
    app: App,
    workers: Workers,
    out: W,
    /// The search last announced as thinking, so each is announced once.
    announced: Option<u64>,
    /// The search under way and when it was first seen.
    watching: Option<(u64, Instant)>,
    /// How long a reply may take before "is thinking" is said.
    thinking_after: Duration,
    /// Lines typed while a computer was to move, played after its move.
    waiting: VecDeque<String>,
    /// The last event said.
    last_said: Option<Event>,
    /// Whether a prompt stands unanswered on the last line (so something
    /// said meanwhile, as a clock's warning, starts a line of its own).
    prompted: bool,
}

impl<W: Write> Session<W> {
    /// Writes `line` and a newline; a closed output ends the session.
    fn say(&mut self, line: &str) {
        let start = if std::mem::take(&mut self.prompted) {
            "\n"
        } else {
            ""
        };
        if writeln!(self.out, "{start}{line}")
            .and_then(|_| self.out.flush())
            .is_err()
        {
            self.app.quit = true;
        }
    }

    /// Time went by: the clocks are looked at (a flag falling, a warning
    /// said), and the prompt shown again after anything said.
    fn tick(&mut self) {
        self.act(Action::Tick);
        if self.last_said.is_some() && self.waiting.is_empty() && !self.busy() {
            self.prompt();
        }
    }

    /// Applies `action`, carries out its effects and says what happened.
    fn act(&mut self, action: Action) {
        self.last_said = None;
        let effects = update(&mut self.app, action);
        self.carry_out(effects);
    }

    fn carry_out(&mut self, effects: Vec<Effect>) {
        perform(&mut self.app, &mut self.workers, effects);
        self.say_events();
    }

    /// The computer's search for a move under way: its id and "White is"
    /// or "The Cats are".
    fn thinking(&self) -> Option<(u64, String)> {
        match &self.app.screen {
            Screen::Playing(p) => p
                .thinking
                .as_ref()
                .filter(|t| matches!(t.purpose, Purpose::Move | Purpose::Requested))
                .map(|t| (t.id, seat_is(p.table.game().seat_name(t.seat)))),
            Screen::Setup(_) => None,
        }
    }

    /// Says every event not yet said, and notes when a search begins.
    fn say_events(&mut self) {
        let events = std::mem::take(&mut self.app.events);
        for event in events {
            self.say(&event.text);
            self.last_said = Some(event);
        }
        let id = self.thinking().map(|(id, _)| id);
        if id != self.watching.map(|(id, _)| id) {
            self.watching = id.map(|id| (id, Instant::now()));
        }
    }

    /// When "is thinking" is due for the search under way, if not yet said.
    fn thinking_due(&self) -> Option<Instant> {
        let (id, since) = self.watching?;
        (self.announced != Some(id)).then(|| since + self.thinking_after)
    }

    /// Says that the computer is thinking, once per search.
    fn announce_thinking(&mut self) {
        if let Some((id, seat)) = self.thinking()
            && self.announced != Some(id)
        {
            self.announced = Some(id);
            self.say(&format!("{seat} thinking."));
        }
    }

    /// Whether typed lines must wait: a computer player is to move in a
    /// game that goes on, or the engine answers a person (a hint, a move
    /// asked for, a draw offered), so every answer follows what came
    /// before it and no hint is lost to a move typed meanwhile.
    fn busy(&self) -> bool {
        match &self.app.screen {
            Screen::Playing(p) => {
                let asked = p
                    .thinking
                    .as_ref()
                    .is_some_and(|t| t.purpose != Purpose::Move);
                asked
                    || (p.table.outcome().is_none()
                        && p.table.player_to_move().level().is_some()
                        && !p.paused)
            }
            Screen::Setup(_) => false,
        }
    }

    /// Whether every seat is played by the computer, so that no person's
    /// turn will ever come.
    fn computers_only(&self) -> bool {
        match &self.app.screen {
            Screen::Playing(p) => !p.table.has_human(),
            Screen::Setup(_) => false,
        }
    }

    /// The prompt: whose turn it is, when a person is to move.
    fn prompt(&mut self) {
        let Screen::Playing(p) = &self.app.screen else {
            return;
        };
        if let Some(r) = &p.review {
            let _ = write!(
                self.out,
                "Reviewing move {} of {}; type back, forward, first or live: ",
                r.ply,
                p.table.ply()
            );
        } else if p.watching.is_some() {
            let _ = write!(self.out, "Watching; type board, history or quit: ");
        } else if p.table.outcome().is_some() {
            let _ = write!(self.out, "The game is over. Type new, undo or quit: ");
        } else if p.table.player_to_move().level().is_none() {
            let game = p.table.game();
            let seat = capitalise(game.seat_name(game.to_move()));
            let check = if game.in_check() { ", in check" } else { "" };
            let _ = write!(self.out, "{seat} to move{check}: ");
        } else {
            return;
        }
        self.prompted = true;
        let _ = self.out.flush();
    }

    /// Runs the typed lines in order; while a computer is to move they
    /// wait for its move, so every answer follows what came before it. In
    /// a game of computers alone no person's turn comes, so the lines wait
    /// only for the move being thought (`after_reply`: it has just been
    /// played): `quit` then ends the game after that move.
    fn run_waiting(&mut self, after_reply: bool) {
        while !self.waiting.is_empty() {
            if self.busy() && !(after_reply && self.computers_only()) {
                return;
            }
            if let Some(line) = self.waiting.pop_front() {
                self.run(&line);
            }
            if self.app.quit {
                return;
            }
            if self.waiting.is_empty() && !self.busy() {
                self.prompt();
            }
        }
    }

    /// Carries out one typed line.
    fn run(&mut self, line: &str) {
        match typed(&mut self.app, line) {
            Typed::Said(lines) => {
                for line in lines {
                    self.say(&line);
                }
            }
            Typed::Leave => self.leave(),
            Typed::Analyse => self.analyse(),
            Typed::Lines => self.best_lines(),
            Typed::Act {
                action,
                command,
                then,
            } => {
                self.act(action);
                for line in then {
                    self.say(&line);
                }
                if let Some(command) = command {
                    let refused = self
                        .last_said
                        .as_ref()
                        .is_some_and(|e| e.kind == EventKind::Refusal);
                    for line in after_attempt(&self.app, &command, refused) {
                        self.say(&line);
                    }
                }
            }
        }
    }

    /// `analyse`: says what it will do, analyses the game so far (the
    /// session waits), then says the analysis.
    fn analyse(&mut self) {
        let voice = self.app.voice;
        let before = match &self.app.screen {
            Screen::Playing(p) if p.table.moves().next().is_some() => {
                Some(analysis::before_words(&p.table, analysis::LINE_BUDGET))
            }
            Screen::Playing(_) => None,
            _ => return,
        };
        if let Some(before) = before {
            self.say(&before);
        }
        let said = match &self.app.screen {
            Screen::Playing(p) => analysis::analyse_words(&p.table, analysis::LINE_BUDGET, voice),
            _ => return,
        };
        for line in said {
            self.say(&line);
        }
    }

    /// `lines`: the best lines of the position shown (the session waits).
    fn best_lines(&mut self) {
        let voice = self.app.voice;
        let said = match &self.app.screen {
            Screen::Playing(p) => {
                analysis::lines_words(p.shown_game(), analysis::LINE_BUDGET, voice)
            }
            _ => return,
        };
        for line in said {
            self.say(&line);
        }
    }

    /// Leaves: the game saved, and where it is said.
    fn leave(&mut self) {
        self.act(Action::Quit);
        let said = commands::farewell(&self.app);
        self.say(&said);
    }
}

/// What one line typed at a game asks for.
pub(crate) enum Typed {
    /// Sentences that answer it, the game unchanged.
    Said(Vec<String>),
    /// Leaving the game.
    Leave,
    /// Analysing the game so far (which takes a while).
    Analyse,
    /// The best lines of the position shown (a search, which takes a
    /// moment).
    Lines,
    /// An action on the game; `command` is what was typed (to say what
    /// is legal nearby when the action is refused), `then` is said after it.
    Act {
        action: Action,
        command: Option<Command>,
        then: Vec<String>,
    },
}

/// What `line`, typed at `app`'s game, asks for: the answer to a choice
/// asked (a promotion's piece), a command or a move. Choosing a notation
/// changes `app`'s voice at once.
pub(crate) fn typed(app: &mut App, line: &str) -> Typed {
    if let Some(Overlay::Chooser { moves, .. }) = &app.overlay {
        // The answer to the chooser: a choice's letter or name
        // ("q", "queen"), or anything else to cancel.
        let typed = line.trim().to_ascii_lowercase();
        let chosen = moves
            .iter()
            .map(|(c, _)| *c)
            .find(|c| typed == c.words() || typed == c.key().to_ascii_lowercase().to_string());
        return match chosen {
            Some(c) => Typed::Act {
                action: Action::ChooseLetter(c.key()),
                command: None,
                then: Vec::new(),
            },
            None => Typed::Act {
                action: Action::Cancel,
                command: None,
                then: vec!["The move is cancelled.".to_string()],
            },
        };
    }
    let Screen::Playing(p) = &app.screen else {
        return Typed::Said(Vec::new());
    };
    let command = Command::read(line, p.table.game().geometry());
    match &command {
        Command::Notation(name) => return Typed::Said(vec![choose_notation(app, name.as_deref())]),
        Command::Clock => return Typed::Said(vec![commands::clocks(app)]),
        Command::Status => {
            // The clocks go with the rest when the game has them.
            let mut said = commands::status(p, app.voice);
            if p.table.time_control().is_some() {
                said.insert(2.min(said.len()), commands::clocks(app));
            }
            return Typed::Said(said);
        }
        Command::Quit => return Typed::Leave,
        Command::Analyse => return Typed::Analyse,
        Command::Lines => return Typed::Lines,
        _ => {}
    }
    match command.action() {
        Some(action) => Typed::Act {
            action,
            command: Some(command),
            then: Vec::new(),
        },
        None => Typed::Said(commands::answer(&command, p, app.voice)),
    }
}

/// `notation` alone says the one in use; with a name, chooses it.
fn choose_notation(app: &mut App, name: Option<&str>) -> String {
    let Some(name) = name else {
        let n = app.voice.notation;
        return format!("The notation is {}: {}.", n.id(), n.describe());
    };
    match Notation::from_id(name) {
        Ok(n) => {
            app.voice = Voice::new(n);
            format!("The notation is now {}: {}.", n.id(), n.describe())
        }
        Err(e) => e.to_string(),
    }
}

/// After a typed move (`command`): the choices when it needs one, and
/// when it was `refused`, what is legal nearby.
pub(crate) fn after_attempt(app: &App, command: &Command, refused: bool) -> Vec<String> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    if let Some(Overlay::Chooser { moves, .. }) = &app.overlay {
        let choices: Vec<String> = moves
            .iter()
            .map(|(c, _)| format!("{} ({})", c.words(), c.key().to_ascii_lowercase()))
            .collect();
        return vec![format!(
            "Choose: {}; anything else cancels.",
            choices.join(", ")
        )];
    }
    match (command, refused) {
        (Command::Move(text), true) => commands::nearby(text, &p.table, app.voice),
        _ => Vec::new(),
    }
}

/// Plays the game `config` starts on `input` and `output` until the
/// player quits, input ends (after the computer's move, if it was
/// thinking) or the output closes; the game is saved throughout.
pub fn run(
    config: SessionConfig,
    input: impl BufRead + Send + 'static,
    output: impl Write,
) -> Result<(), String> {
    let voice = config.speech.line_voice();
    let thinking_after = config.speech.thinking_after;
    let (mut app, effects) = build_app(config);
    if !matches!(app.screen, Screen::Playing(_)) {
        return Err("The line mode needs a game to play; give its variant and players.".into());
    }
    app.voice = voice;
    app.typed = true;
    app.watch_pause = Duration::ZERO;
    let (tx, rx) = mpsc::channel();
    let (engine_tx, engine_rx) = mpsc::channel::<Incoming>();
    let forward = tx.clone();
    spawn_thread("engine-reports", move || {
        while let Ok(incoming) = engine_rx.recv() {
            if forward.send(Input::Engine(incoming)).is_err() {
                return;
            }
        }
    })?;
    let mut session = Session {
        app,
        workers: Workers::new(engine_tx),
        out: output,
        announced: None,
        watching: None,
        thinking_after,
        waiting: VecDeque::new(),
        last_said: None,
        prompted: false,
    };
    if let Screen::Playing(p) = &session.app.screen {
        for line in commands::introduction(&p.table, voice) {
            session.say(&line);
        }
    }
    session.carry_out(effects);
    session.prompt();
    if let Err(e) = spawn_reader(input, tx) {
        session.act(Action::Quit);
        session.workers.stop_all();
        return Err(e);
    }
    let mut ended = false;
    while !session.app.quit {
        let clock_due = session
            .app
            .clock_wake(false)
            .map(|wait| Instant::now() + wait);
        let thinking_due = session.thinking_due();
        let due = match (thinking_due, clock_due) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let input = match due {
            Some(due) => match rx.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(input) => input,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if thinking_due.is_some_and(|t| t <= Instant::now()) {
                        session.announce_thinking();
                    }
                    if clock_due.is_some() {
                        session.tick();
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            },
            None => match rx.recv() {
                Ok(input) => input,
                Err(_) => break,
            },
        };
        match input {
            Input::Line(text) if text.is_empty() => {
                session.prompted = false;
                session.prompt();
            }
            Input::Line(text) => {
                session.prompted = false;
                session.waiting.push_back(text);
                session.run_waiting(false);
            }
            Input::TooLong(length) => {
                session.say(&format!(
                    "That line is {length} bytes long, more than the largest allowed, {}, so none of it was read.",
                    LINE_MODE_LINE.most
                ));
                session.prompt();
            }
            Input::End => ended = true,
            Input::Engine(Incoming::Action(action)) => {
                let reply = matches!(action, Action::Reply { .. });
                session.act(action);
                if reply {
                    if session.waiting.is_empty() && !session.busy() {
                        session.prompt();
                    }
                    session.run_waiting(true);
                    // Computers alone: the end of the input ends the game
                    // after the move being thought.
                    if ended && session.computers_only() {
                        break;
                    }
                }
            }
            Input::Engine(Incoming::Key(_)) => {}
        }
        if ended && session.waiting.is_empty() && !session.busy() {
            break;
        }
    }
    if !session.app.quit {
        session.leave();
    }
    session.workers.stop_all();
    Ok(())
}

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod speech_tests;
#[cfg(test)]
mod tests;
