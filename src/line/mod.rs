//! The line mode, for screen readers and plain terminals: the same
//! application state, move entry and describe layer as the full screen,
//! read and written as lines of text. Every event is one sentence on a
//! line of its own; a prompt says whose turn it is; no escape sequence,
//! colour or box drawing is ever written.

mod commands;

use crate::session::action::Action;
use crate::session::app::{App, Effect, Overlay, Screen, update};
use crate::session::computer::Purpose;
use crate::session::describe::{Event, EventKind};
use crate::session::input::Incoming;
use crate::session::words::capitalise;
use crate::session::worker::Workers;
use crate::session::{SessionConfig, build_app, perform};
use catboard::core::Game;
use catboard::limits::LINE_MODE_LINE;
use catboard::protocol::read_ahead::{Line, read_line};
use commands::Command;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc;

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
    /// The search last announced, so each is announced once.
    announced: Option<u64>,
    /// Lines typed while a computer was to move, played after its move.
    waiting: VecDeque<String>,
    /// The last event said.
    last_said: Option<Event>,
}

impl<W: Write> Session<W> {
    /// Writes `line` and a newline; a closed output ends the session.
    fn say(&mut self, line: &str) {
        if writeln!(self.out, "{line}")
            .and_then(|_| self.out.flush())
            .is_err()
        {
            self.app.quit = true;
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

    /// Says every event not yet said, then announces a computer that
    /// begins to think.
    fn say_events(&mut self) {
        let events = std::mem::take(&mut self.app.events);
        for event in events {
            self.say(&event.text);
            self.last_said = Some(event);
        }
        let thinking = match &self.app.screen {
            Screen::Playing(p) => p
                .thinking
                .as_ref()
                .filter(|t| matches!(t.purpose, Purpose::Move | Purpose::Requested))
                .map(|t| (t.id, capitalise(p.table.game().seat_name(t.seat)), t.level)),
            Screen::Setup(_) => None,
        };
        if let Some((id, seat, level)) = thinking
            && self.announced != Some(id)
        {
            self.announced = Some(id);
            self.say(&format!("{seat}: the computer ({level}) is thinking."));
        }
    }

    /// Whether a computer player is to move in a game that goes on, or
    /// the computer plays a move a person asked it for.
    fn computer_to_move(&self) -> bool {
        match &self.app.screen {
            Screen::Playing(p) => {
                let asked = p
                    .thinking
                    .as_ref()
                    .is_some_and(|t| t.purpose == Purpose::Requested);
                p.table.outcome().is_none()
                    && (asked || p.table.player_to_move().level().is_some() && !p.paused)
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
        if p.watching.is_some() {
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
        let _ = self.out.flush();
    }

    /// Runs the typed lines in order; while a computer is to move they
    /// wait for its move, so every answer follows what came before it. In
    /// a game of computers alone no person's turn comes, so the lines wait
    /// only for the move being thought (`after_reply`: it has just been
    /// played): `quit` then ends the game after that move.
    fn run_waiting(&mut self, after_reply: bool) {
        while !self.waiting.is_empty() {
            if self.computer_to_move() && !(after_reply && self.computers_only()) {
                return;
            }
            if let Some(line) = self.waiting.pop_front() {
                self.run(&line);
            }
            if self.app.quit {
                return;
            }
            if self.waiting.is_empty() {
                self.prompt();
            }
        }
    }

    /// Carries out one typed line.
    fn run(&mut self, line: &str) {
        if let Some(Overlay::Chooser { moves, .. }) = &self.app.overlay {
            // The answer to the chooser: a choice's letter, or anything else to cancel.
            let letter = line
                .trim()
                .chars()
                .next()
                .filter(|_| line.trim().chars().count() == 1);
            let known = letter.is_some_and(|c| {
                moves
                    .iter()
                    .any(|(ch, _)| ch.key() == c.to_ascii_uppercase())
            });
            match letter {
                Some(c) if known => self.act(Action::ChooseLetter(c)),
                _ => {
                    self.act(Action::Cancel);
                    self.say("The move is cancelled.");
                }
            }
            return;
        }
        let command = Command::read(line);
        match command.action() {
            Some(action) => {
                self.act(action);
                self.after_move_attempt(&command);
            }
            None => {
                let Screen::Playing(p) = &self.app.screen else {
                    return;
                };
                for line in commands::answer(&command, &p.table) {
                    self.say(&line);
                }
                if command == Command::Resign {
                    self.act(Action::Quit);
                }
            }
        }
    }

    /// After a typed move: the choices when it needs one, and what is legal
    /// nearby when it was refused.
    fn after_move_attempt(&mut self, command: &Command) {
        let Screen::Playing(p) = &self.app.screen else {
            return;
        };
        if let Some(Overlay::Chooser { moves, .. }) = &self.app.overlay {
            let choices: Vec<String> = moves
                .iter()
                .map(|(c, _)| format!("{} ({})", c.words(), c.key().to_ascii_lowercase()))
                .collect();
            let text = format!("Choose: {}; anything else cancels.", choices.join(", "));
            self.say(&text);
            return;
        }
        let refused = self
            .last_said
            .as_ref()
            .is_some_and(|e| e.kind == EventKind::Refusal);
        if let (Command::Move(text), true) = (command, refused) {
            let near = commands::nearby(text, &p.table);
            self.say(&near);
        }
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
    let (app, effects) = build_app(config);
    if !matches!(app.screen, Screen::Playing(_)) {
        return Err("The line mode needs a game to play; give its variant and players.".into());
    }
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
        waiting: VecDeque::new(),
        last_said: None,
    };
    if let Screen::Playing(p) = &session.app.screen {
        for line in commands::introduction(&p.table) {
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
        let Ok(input) = rx.recv() else { break };
        match input {
            Input::Line(text) if text.is_empty() => session.prompt(),
            Input::Line(text) => {
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
                    if session.waiting.is_empty() {
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
        if ended && session.waiting.is_empty() && !session.computer_to_move() {
            break;
        }
    }
    if !session.app.quit {
        session.act(Action::Quit);
    }
    session.workers.stop_all();
    Ok(())
}

#[cfg(test)]
mod tests;
