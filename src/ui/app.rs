//! The application's state and `update`, the only place it changes.
//! Keys, signals and the computer player's reports all arrive as
//! [`Action`]s; what must happen outside (saving, starting and stopping a
//! search on a worker thread) comes back as [`Effect`]s.

use super::computer::{HINT_LEVEL, Progress, Purpose, SearchRequest, Thinking, WATCH_PAUSE};
use super::input::Context;
use super::save::{SaveStore, SavedGame};
use super::setup::{ResumeOffer, Setup, SetupRow, capitalise};
use super::table::{Player, Table};
use super::view::Look;
use catboard::ai::Thought;
use catboard::ai::level::DEFAULT_THINK_MS;
use catboard::core::{Cell, Game, Geometry, Move};
use std::path::PathBuf;
use std::time::Duration;

/// A direction on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom.
    Down,
    /// Leftwards.
    Left,
    /// Rightwards.
    Right,
}

/// Everything that can change the application's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor (or the highlight of a list).
    Cursor(Dir),
    /// Select what is under the cursor, or take the highlighted choice.
    Select,
    /// Cancel the selection, or close what is open.
    Cancel,
    /// Open the move prompt.
    OpenPrompt,
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Turn the board round.
    Flip,
    /// Ask to start a new game.
    NewGame,
    /// Open the help.
    Help,
    /// Pass the turn (where the rules allow it: the Cats).
    Pass,
    /// Ask the engine which move it would play for the person to move.
    Hint,
    /// Pause or resume the computer players.
    PauseComputer,
    /// A search has finished another depth.
    Progress {
        /// The search's request id.
        id: u64,
        /// What it has found so far.
        thought: Thought,
    },
    /// A search has ended with its move.
    Reply {
        /// The search's request id.
        id: u64,
        /// What it found.
        thought: Thought,
    },
    /// Leave the program.
    Quit,
    /// Type a character into the open text field.
    TypeChar(char),
    /// Delete the last character of the open text field.
    DeleteChar,
    /// Accept the open text field.
    Submit,
    /// Choose the chooser's entry with this letter.
    ChooseLetter(char),
    /// Answer yes.
    Yes,
    /// Answer no.
    No,
    /// The terminal changed size.
    Resize,
    /// The terminal hung up or a termination signal came: save and leave.
    Hangup,
    /// Something outside (saving) went wrong; show this sentence.
    Notice(String),
}

/// What `update` asks the world outside to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Write this game to this file.
    Save(PathBuf, SavedGame),
    /// Start this search on a worker thread.
    Think(Box<SearchRequest>),
    /// Raise the stop flag of the search with this id.
    StopThinking(u64),
}

/// What a text field is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldPurpose {
    /// A move, in SAN or coordinates.
    Move,
    /// The setup screen's start position.
    Position,
}

/// Something drawn over the screen that takes the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The help, for the keys of `screen`.
    Help {
        /// The context the help was opened from.
        from: Context,
    },
    /// A one-line text field.
    Field {
        /// What the text will be used for.
        purpose: FieldPurpose,
        /// The text typed so far.
        text: String,
    },
    /// A choice between moves to the same cell (promotion).
    Chooser {
        /// The moves to choose between.
        moves: Vec<Move>,
        /// The highlighted one.
        index: usize,
    },
    /// "Start a new game?"
    ConfirmNewGame,
}

/// A game being played, with the cursor and selection.
#[derive(Clone, Debug)]
pub struct Playing {
    /// The game.
    pub table: Table,
    /// The cell under the cursor.
    pub cursor: Cell,
    /// The selected piece's cell.
    pub selected: Option<Cell>,
    /// Whether the board is drawn turned round (the second seat near).
    pub flipped: bool,
    /// Where the game is autosaved.
    pub save_path: Option<PathBuf>,
    /// The search under way, for a computer's move or a hint.
    pub thinking: Option<Thinking>,
    /// The move the engine suggested for the person to move.
    pub hint: Option<Move>,
    /// Whether the computer players are paused.
    pub paused: bool,
}

impl Playing {
    /// A game starting now, seen from seat `near_side`.
    pub fn new(table: Table, near_side: usize, save_path: Option<PathBuf>) -> Playing {
        let geo = table.game().geometry();
        let flipped = near_side % 2 == 1;
        let cursor = starting_cursor(geo, flipped);
        Playing {
            table,
            cursor,
            selected: None,
            flipped,
            save_path,
            thinking: None,
            hint: None,
            paused: false,
        }
    }

    /// The seat drawn at the near edge.
    pub fn near_side(&self) -> usize {
        usize::from(self.flipped)
    }

    fn save(&self) -> Vec<Effect> {
        match &self.save_path {
            Some(path) => vec![Effect::Save(path.clone(), self.table.saved())],
            None => Vec::new(),
        }
    }
}

/// The cell the cursor starts on: the middle of the second row from the
/// near edge (e2 for White, e7 for Black).
fn starting_cursor(geo: &Geometry, flipped: bool) -> Cell {
    match geo.grid_size() {
        Some((files, ranks)) => {
            let rank = if flipped { ranks as i32 - 2 } else { 1 };
            geo.at(files as i32 / 2, rank.max(0)).unwrap_or(Cell(0))
        }
        None => Cell(0),
    }
}

/// Which screen is showing.
#[derive(Clone, Debug)]
pub enum Screen {
    /// Choosing the game.
    Setup(Setup),
    /// Playing it.
    Playing(Box<Playing>),
}

/// A line of feedback under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// Whether it reports a mistake or failure (drawn as an error).
    pub error: bool,
}

/// The whole application state.
#[derive(Clone, Debug)]
pub struct App {
    /// The screen showing.
    pub screen: Screen,
    /// What is drawn over it.
    pub overlay: Option<Overlay>,
    /// The feedback line.
    pub message: Option<Message>,
    /// Where new games are saved (none in tests that want no files).
    pub saves: Option<SaveStore>,
    /// Colours and glyphs.
    pub look: Look,
    /// Set when the program should end.
    pub quit: bool,
    /// How long a Master computer thinks per move, in milliseconds.
    pub think_ms: u64,
    /// The id of the next search started.
    next_search: u64,
}

impl App {
    /// An application showing `screen`.
    pub fn new(screen: Screen, saves: Option<SaveStore>, look: Look) -> App {
        App {
            screen,
            overlay: None,
            message: None,
            saves,
            look,
            quit: false,
            think_ms: DEFAULT_THINK_MS,
            next_search: 1,
        }
    }

    /// Which keys apply now.
    pub fn context(&self) -> Context {
        match (&self.overlay, &self.screen) {
            (Some(Overlay::Help { .. }), _) => Context::Help,
            (Some(Overlay::Field { .. }), _) => Context::TextEntry,
            (Some(Overlay::Chooser { .. }), _) => Context::Chooser,
            (Some(Overlay::ConfirmNewGame), _) => Context::Confirm,
            (None, Screen::Setup(_)) => Context::Setup,
            (None, Screen::Playing(_)) => Context::Board,
        }
    }

    /// Shows `text` as an error on the feedback line.
    fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: true,
        });
    }

    /// Shows `text` as information on the feedback line.
    fn inform(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: false,
        });
    }

    /// The game being played, as its save file would record it.
    pub fn save_now(&self) -> Vec<Effect> {
        match &self.screen {
            Screen::Playing(p) => p.save(),
            Screen::Setup(_) => Vec::new(),
        }
    }

    /// The position on the board and the search under way, to tell after
    /// an action whether the position changed.
    fn position_mark(&self) -> Option<PositionMark> {
        match &self.screen {
            Screen::Playing(p) => Some(PositionMark {
                ply: p.table.ply(),
                hash: p.table.game().hash(),
                search: p.thinking.as_ref().map(|t| t.id),
            }),
            Screen::Setup(_) => None,
        }
    }

    /// Starts a search for the seat to move, for `purpose`.
    fn start_search(&mut self, purpose: Purpose, min_time: Duration) -> Vec<Effect> {
        let id = self.next_search;
        let think_ms = self.think_ms;
        let Screen::Playing(p) = &mut self.screen else {
            return Vec::new();
        };
        let level = match purpose {
            Purpose::Move => match p.table.player_to_move().level() {
                Some(level) => level,
                None => return Vec::new(),
            },
            Purpose::Hint => HINT_LEVEL,
        };
        self.next_search += 1;
        p.thinking = Some(Thinking {
            id,
            purpose,
            seat: p.table.game().to_move(),
            level,
            progress: None,
        });
        vec![Effect::Think(Box::new(SearchRequest {
            id,
            game: p.table.game().clone(),
            limits: level.limits_with_think_ms(think_ms),
            min_time,
        }))]
    }

    /// Keeps the computer players going: stops a search that no longer
    /// fits the position (the game ended, a person is to move, play is
    /// paused) and starts one when a computer seat is to move and nothing
    /// thinks for it. Runs after every action, and when a game opens.
    pub fn engage(&mut self) -> Vec<Effect> {
        let Screen::Playing(p) = &mut self.screen else {
            return Vec::new();
        };
        let mut effects = Vec::new();
        let over = p.table.outcome().is_some();
        let to_move = p.table.player_to_move();
        if let Some(t) = &p.thinking {
            let wanted = !over
                && match t.purpose {
                    Purpose::Move => to_move.level().is_some() && !p.paused,
                    Purpose::Hint => to_move == Player::Human,
                };
            if !wanted {
                effects.push(Effect::StopThinking(t.id));
                p.thinking = None;
            }
        }
        if p.thinking.is_none() && !over && !p.paused && to_move.level().is_some() {
            // After a computer's move, wait a little so a person can see it.
            let after_computer = p
                .table
                .last_mover()
                .is_some_and(|seat| p.table.player(seat).level().is_some());
            let min_time = if after_computer {
                WATCH_PAUSE
            } else {
                Duration::ZERO
            };
            effects.extend(self.start_search(Purpose::Move, min_time));
        }
        effects
    }

    /// After an action: when the position changed (or the game was left),
    /// the search about the old position is stopped and the hint forgotten.
    fn forget_stale(&mut self, before: Option<PositionMark>) -> Vec<Effect> {
        let after = self.position_mark();
        let same = |a: &PositionMark, b: &PositionMark| a.ply == b.ply && a.hash == b.hash;
        let changed = match (&before, &after) {
            (Some(b), Some(a)) => !same(b, a),
            (None, None) => false,
            _ => true,
        };
        if !changed {
            return Vec::new();
        }
        let mut effects = Vec::new();
        if let Some(id) = before.and_then(|b| b.search) {
            effects.push(Effect::StopThinking(id));
            if let Screen::Playing(p) = &mut self.screen
                && p.thinking.as_ref().is_some_and(|t| t.id == id)
            {
                p.thinking = None;
            }
        }
        if let Screen::Playing(p) = &mut self.screen {
            p.hint = None;
        }
        effects
    }
}

/// What identifies the position on the board, and the search about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PositionMark {
    ply: usize,
    hash: u64,
    search: Option<u64>,
}

/// Applies `action` to `app`; the only place the state changes.
pub fn update(app: &mut App, action: Action) -> Vec<Effect> {
    let before = app.position_mark();
    let mut effects = apply(app, action);
    effects.extend(app.forget_stale(before));
    if !app.quit {
        effects.extend(app.engage());
    }
    effects
}

fn apply(app: &mut App, action: Action) -> Vec<Effect> {
    match action {
        Action::Quit | Action::Hangup => {
            app.quit = true;
            let mut effects = app.save_now();
            if let Screen::Playing(p) = &mut app.screen
                && let Some(t) = p.thinking.take()
            {
                effects.push(Effect::StopThinking(t.id));
            }
            return effects;
        }
        Action::Resize => return Vec::new(),
        Action::Notice(text) => {
            app.error(text);
            return Vec::new();
        }
        Action::Progress { id, thought } => {
            if let Screen::Playing(p) = &mut app.screen
                && let Some(t) = p.thinking.as_mut().filter(|t| t.id == id)
            {
                t.progress = Some(Progress::of(p.table.game(), &thought));
            }
            return Vec::new();
        }
        Action::Reply { id, thought } => return reply(app, id, &thought),
        _ => {}
    }
    app.message = None;
    match app.overlay.take() {
        Some(overlay) => update_overlay(app, overlay, action),
        None => match &app.screen {
            Screen::Setup(_) => update_setup(app, action),
            Screen::Playing(_) => update_board(app, action),
        },
    }
}

fn update_overlay(app: &mut App, overlay: Overlay, action: Action) -> Vec<Effect> {
    match overlay {
        Overlay::Help { .. } => Vec::new(),
        Overlay::ConfirmNewGame => {
            if action == Action::Yes
                && let Screen::Playing(p) = &app.screen
            {
                let resume = (p.table.outcome().is_none() && p.table.ply() > 0)
                    .then(|| p.save_path.clone())
                    .flatten()
                    .map(|path| ResumeOffer {
                        path,
                        table: Box::new(p.table.clone()),
                    });
                let setup = Setup::like(&p.table, p.near_side(), app.think_ms, resume);
                app.screen = Screen::Setup(setup);
            }
            Vec::new()
        }
        Overlay::Field { purpose, mut text } => match action {
            Action::TypeChar(c) => {
                text.push(c);
                app.overlay = Some(Overlay::Field { purpose, text });
                Vec::new()
            }
            Action::DeleteChar => {
                text.pop();
                app.overlay = Some(Overlay::Field { purpose, text });
                Vec::new()
            }
            Action::Submit => submit_field(app, purpose, text),
            _ => Vec::new(),
        },
        Overlay::Chooser { moves, index } => {
            let n = moves.len().max(1);
            let pick = match action {
                Action::Cursor(Dir::Up) => {
                    app.overlay = Some(Overlay::Chooser {
                        index: (index + n - 1) % n,
                        moves,
                    });
                    return Vec::new();
                }
                Action::Cursor(Dir::Down) => {
                    app.overlay = Some(Overlay::Chooser {
                        index: (index + 1) % n,
                        moves,
                    });
                    return Vec::new();
                }
                Action::Select => moves.get(index).copied(),
                Action::ChooseLetter(c) => {
                    let wanted = c.to_ascii_uppercase();
                    let found = moves
                        .iter()
                        .find(|m| m.promotion.is_some_and(|k| k.letter() == wanted))
                        .copied();
                    if found.is_none() {
                        app.overlay = Some(Overlay::Chooser { moves, index });
                        app.error(format!("'{c}' is not one of the choices."));
                        return Vec::new();
                    }
                    found
                }
                _ => None,
            };
            match (pick, &mut app.screen) {
                (Some(mv), Screen::Playing(p)) => play(p, mv),
                _ => Vec::new(),
            }
        }
    }
}

fn submit_field(app: &mut App, purpose: FieldPurpose, text: String) -> Vec<Effect> {
    match (purpose, &mut app.screen) {
        (FieldPurpose::Position, Screen::Setup(setup)) => {
            let text = text.trim().to_string();
            let check = setup
                .variant
                .from_position(&text, &setup.options)
                .map(|_| ());
            setup.position = text;
            if let Err(e) = check {
                app.error(e.0);
            }
            Vec::new()
        }
        (FieldPurpose::Move, Screen::Playing(p)) => {
            let written = text.trim();
            if written.is_empty() {
                return Vec::new();
            }
            if let Some(why) = cannot_move_now(p) {
                app.error(why);
                return Vec::new();
            }
            match p.table.game().parse_move(written) {
                Ok(mv) => play(p, mv),
                Err(e) => {
                    let choices = moves_named_by_cells(&p.table, written);
                    if choices.len() > 1 {
                        app.overlay = Some(Overlay::Chooser {
                            moves: choices,
                            index: 0,
                        });
                    } else {
                        app.overlay = Some(Overlay::Field {
                            purpose,
                            text: text.clone(),
                        });
                        app.error(e.0);
                    }
                    Vec::new()
                }
            }
        }
        _ => Vec::new(),
    }
}

/// The legal moves written `text` as bare from and to cell names (`e7e8`
/// for a promotion), which need a choice.
fn moves_named_by_cells(table: &Table, text: &str) -> Vec<Move> {
    let game = table.game();
    let geo = game.geometry();
    let text = text.to_ascii_lowercase();
    game.legal_move_list()
        .iter()
        .copied()
        .filter(|m| !m.is_pass() && format!("{}{}", geo.name(m.from), geo.name(m.to)) == text)
        .collect()
}

fn game_over_sentence(p: &Playing, outcome: catboard::core::Outcome) -> String {
    let result = p.table.outcome_words(outcome);
    format!("The game is over ({result}); press u to undo or n for a new game.")
}

/// Why the person cannot move now, if they cannot: the game is over, or a
/// computer seat is to move.
fn cannot_move_now(p: &Playing) -> Option<String> {
    if let Some(outcome) = p.table.outcome() {
        return Some(game_over_sentence(p, outcome));
    }
    let level = p.table.player_to_move().level()?;
    let game = p.table.game();
    let seat = capitalise(game.seat_name(game.to_move()));
    Some(if p.paused {
        format!("{seat} is played by the computer ({level}), which is paused; press s to resume.")
    } else {
        format!("{seat} is played by the computer ({level}); wait for its move.")
    })
}

/// Plays the person's `mv` at the table, clears the selection and saves.
fn play(p: &mut Playing, mv: Move) -> Vec<Effect> {
    p.table.play(mv);
    p.selected = None;
    if !mv.is_pass() {
        p.cursor = mv.to;
    }
    p.save()
}

/// A search's report of its move: played (a computer's move) or shown (a
/// hint) when it answers the search under way; a stale reply, from before
/// an undo, a new game or a pause, is ignored.
fn reply(app: &mut App, id: u64, thought: &Thought) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let Some(thinking) = p.thinking.take_if(|t| t.id == id) else {
        return Vec::new();
    };
    let Some(mv) = thought
        .best
        .filter(|mv| p.table.game().legal_move_list().contains(mv))
    else {
        // Not to ask again and again for a move that does not come.
        if thinking.purpose == Purpose::Move {
            p.paused = true;
            app.error(format!(
                "The {} computer found no legal move; computer play is paused.",
                thinking.level.id()
            ));
        }
        return Vec::new();
    };
    match thinking.purpose {
        Purpose::Move => {
            p.table.play(mv);
            p.selected = None;
            p.save()
        }
        Purpose::Hint => {
            let text = p.table.game().move_notation(mv);
            p.hint = Some(mv);
            app.inform(format!(
                "Hint: {text} (the {} computer's choice).",
                thinking.level.id()
            ));
            Vec::new()
        }
    }
}

/// Takes back the last move and, when a person plays, every computer move
/// before it, so the person is to move again; with computers alone, one
/// move, and computer play pauses.
fn undo(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    p.selected = None;
    if !p.table.undo() {
        app.error("There is no move to undo.");
        return Vec::new();
    }
    let computers_only = !p.table.has_human();
    if computers_only {
        p.paused = true;
    } else {
        while p.table.player_to_move().level().is_some() && p.table.undo() {}
    }
    let effects = p.save();
    if computers_only {
        app.inform("Computer play is paused; press s to resume.");
    }
    effects
}

/// Replays the last move taken back and, when a person plays, every
/// computer move after it, up to the person's next turn.
fn redo(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    p.selected = None;
    if !p.table.redo() {
        app.error("There is no move to redo.");
        return Vec::new();
    }
    if p.table.has_human() {
        while p.table.player_to_move().level().is_some() && p.table.redo() {}
    }
    p.save()
}

/// The person to move passes, where the rules allow it.
fn pass(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p) {
        app.error(why);
        return Vec::new();
    }
    if p.table.can_pass() {
        p.selected = None;
        return play(p, Move::PASS);
    }
    let game = p.table.game();
    let side = capitalise(game.seat_name(game.to_move()));
    app.error(format!(
        "{side} may not pass; only a seat the rules let pass can."
    ));
    Vec::new()
}

/// Asks the engine for the move it would play for the person to move.
fn hint(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p) {
        app.error(why);
        return Vec::new();
    }
    if p.thinking.is_some() {
        app.inform("The engine is already thinking about a hint.");
        return Vec::new();
    }
    app.inform("Thinking about a hint...");
    app.start_search(Purpose::Hint, Duration::ZERO)
}

/// Pauses the computer players, or lets them go on.
fn pause_computer(app: &mut App) {
    let Screen::Playing(p) = &mut app.screen else {
        return;
    };
    if p.table.players().iter().all(|pl| pl.level().is_none()) {
        app.error("No seat is played by the computer.");
        return;
    }
    p.paused = !p.paused;
    if p.paused {
        app.inform("Computer play is paused; press s to resume.");
    } else {
        app.inform("Computer play goes on.");
    }
}

fn update_setup(app: &mut App, action: Action) -> Vec<Effect> {
    let Screen::Setup(setup) = &mut app.screen else {
        return Vec::new();
    };
    match action {
        Action::Cursor(Dir::Up) => setup.move_row(-1),
        Action::Cursor(Dir::Down) => setup.move_row(1),
        Action::Cursor(Dir::Left) => setup.change(-1),
        Action::Cursor(Dir::Right) => setup.change(1),
        Action::Help => {
            app.overlay = Some(Overlay::Help {
                from: Context::Setup,
            })
        }
        Action::Submit if setup.current() != SetupRow::Resume => return begin(app),
        Action::Select | Action::Submit => match setup.current() {
            SetupRow::Begin => return begin(app),
            SetupRow::Resume => {
                if let Some(offer) = setup.resume.take() {
                    let near = offer.table.first_human_seat();
                    let note = format!("Resumed the game saved in {}.", offer.path.display());
                    app.screen = Screen::Playing(Box::new(Playing::new(
                        *offer.table,
                        near,
                        Some(offer.path),
                    )));
                    app.inform(note);
                }
            }
            SetupRow::Position => {
                app.overlay = Some(Overlay::Field {
                    purpose: FieldPurpose::Position,
                    text: setup.position.clone(),
                })
            }
            _ => setup.change(1),
        },
        _ => {}
    }
    Vec::new()
}

/// Starts the game the setup screen describes, or says why it cannot.
fn begin(app: &mut App) -> Vec<Effect> {
    let Screen::Setup(setup) = &app.screen else {
        return Vec::new();
    };
    let near = setup.near_side;
    let think_ms = setup.think_ms;
    match Table::new(&setup.spec()) {
        Ok(table) => {
            app.think_ms = think_ms;
            let path = app.saves.as_ref().map(|s| s.fresh_path());
            let playing = Playing::new(table, near, path);
            let effects = playing.save();
            app.screen = Screen::Playing(Box::new(playing));
            effects
        }
        Err(e) => {
            app.error(e);
            Vec::new()
        }
    }
}

fn update_board(app: &mut App, action: Action) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    match action {
        Action::Cursor(dir) => {
            let geo = p.table.game().geometry();
            p.cursor = step_on_screen(geo, p.cursor, dir, p.flipped);
        }
        Action::Cancel => p.selected = None,
        Action::Flip => p.flipped = !p.flipped,
        Action::Help => {
            app.overlay = Some(Overlay::Help {
                from: Context::Board,
            })
        }
        Action::NewGame => app.overlay = Some(Overlay::ConfirmNewGame),
        Action::OpenPrompt => {
            p.selected = None;
            app.overlay = Some(Overlay::Field {
                purpose: FieldPurpose::Move,
                text: String::new(),
            });
        }
        Action::Undo => return undo(app),
        Action::Redo => return redo(app),
        Action::Pass => return pass(app),
        Action::Hint => return hint(app),
        Action::PauseComputer => pause_computer(app),
        Action::Select => return select(app),
        _ => {}
    }
    Vec::new()
}

/// Enter or Space on the board: pick up a piece, put it down, or open the
/// chooser when several moves lead to the cell.
fn select(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p) {
        app.error(why);
        return Vec::new();
    }
    let game = p.table.game();
    let geo = game.geometry();
    let side = game.to_move();
    let here = p.cursor;
    let own_piece = game.piece_at(here).filter(|piece| piece.seat() == side);
    match p.selected {
        Some(from) if from == here => p.selected = None,
        Some(from) if own_piece.is_none() || !p.table.moves_between(from, here).is_empty() => {
            let moves = p.table.moves_between(from, here);
            match moves.len() {
                0 => {
                    let what = game
                        .piece_at(from)
                        .map_or("piece".to_string(), |pc| pc.kind().name().to_string());
                    let m = format!(
                        "The {what} on {} cannot move to {}.",
                        geo.name(from),
                        geo.name(here)
                    );
                    app.error(m);
                }
                1 => return play(p, moves[0]),
                _ => app.overlay = Some(Overlay::Chooser { moves, index: 0 }),
            }
        }
        _ => match own_piece {
            Some(_) if !p.table.moves_from(here).is_empty() => p.selected = Some(here),
            Some(piece) => {
                let m = format!(
                    "The {} on {} has no legal move.",
                    piece.kind().name(),
                    geo.name(here)
                );
                app.error(m);
            }
            None => {
                let m = format!(
                    "It is {}'s move: select one of {}'s pieces.",
                    capitalise(game.seat_name(side)),
                    capitalise(game.seat_name(side))
                );
                app.error(m);
            }
        },
    }
    Vec::new()
}

/// The cell next to `cell` in screen direction `dir`, found by where cells
/// are drawn, so grids and drawn graphs move alike; `cell` at an edge.
pub fn step_on_screen(geo: &Geometry, cell: Cell, dir: Dir, flipped: bool) -> Cell {
    let (x, y) = geo.place(cell);
    let (dx, dy): (i32, i32) = match dir {
        Dir::Up => (0, 1),
        Dir::Down => (0, -1),
        Dir::Left => (-1, 0),
        Dir::Right => (1, 0),
    };
    let (dx, dy) = if flipped { (-dx, -dy) } else { (dx, dy) };
    let target = (x as i32 + dx, y as i32 + dy);
    geo.cells()
        .find(|c| {
            let (cx, cy) = geo.place(*c);
            (cx as i32, cy as i32) == target
        })
        .unwrap_or(cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::table::TableSpec;
    use catboard::ai::Level;
    use catboard::core::Options;
    use catboard::variants::Variant;

    pub fn playing(position: Option<&str>) -> App {
        let table = Table::new(&TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: position.map(str::to_string),
            players: vec![Player::Human; 2],
        })
        .expect("valid position");
        let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
        App::new(
            Screen::Playing(Box::new(playing)),
            None,
            Look::test_default(),
        )
    }

    fn p(app: &App) -> &Playing {
        match &app.screen {
            Screen::Playing(p) => p,
            Screen::Setup(_) => panic!("not playing"),
        }
    }

    fn keys(app: &mut App, actions: &[Action]) -> Vec<Effect> {
        let mut effects = Vec::new();
        for a in actions {
            effects.extend(update(app, a.clone()));
        }
        effects
    }

    fn cell(app: &App, name: &str) -> Cell {
        p(app).table.game().geometry().cell(name).expect("a cell")
    }

    #[test]
    fn the_cursor_moves_by_screen_direction_and_stops_at_edges() {
        let mut app = playing(None);
        assert_eq!(p(&app).cursor, cell(&app, "e2"));
        keys(
            &mut app,
            &[Action::Cursor(Dir::Up), Action::Cursor(Dir::Left)],
        );
        assert_eq!(p(&app).cursor, cell(&app, "d3"));
        for _ in 0..10 {
            update(&mut app, Action::Cursor(Dir::Down));
        }
        assert_eq!(p(&app).cursor, cell(&app, "d1"));
        update(&mut app, Action::Flip);
        update(&mut app, Action::Cursor(Dir::Up));
        assert_eq!(
            p(&app).cursor,
            cell(&app, "d1"),
            "flipped, up is towards rank 1"
        );
        update(&mut app, Action::Cursor(Dir::Down));
        assert_eq!(p(&app).cursor, cell(&app, "d2"));
    }

    #[test]
    fn select_then_target_plays_the_move_and_saves() {
        let mut app = playing(None);
        let effects = keys(
            &mut app,
            &[
                Action::Select,
                Action::Cursor(Dir::Up),
                Action::Cursor(Dir::Up),
            ],
        );
        assert!(effects.is_empty());
        assert_eq!(p(&app).selected, Some(cell(&app, "e2")));
        let effects = update(&mut app, Action::Select);
        assert_eq!(p(&app).table.notation().collect::<Vec<_>>(), ["e4"]);
        assert_eq!(p(&app).selected, None);
        match effects.as_slice() {
            [Effect::Save(path, saved)] => {
                assert_eq!(path, &PathBuf::from("/saves/g.json"));
                assert_eq!(saved.moves, ["e2e4"]);
            }
            other => panic!("expected one save, got {other:?}"),
        }
    }

    #[test]
    fn an_illegal_target_or_an_empty_cell_gives_one_sentence() {
        let mut app = playing(None);
        keys(&mut app, &[Action::Cursor(Dir::Up), Action::Select]);
        let m = app.message.clone().expect("a message");
        assert!(m.error && m.text.contains("White"), "{m:?}");
        keys(
            &mut app,
            &[
                Action::Cursor(Dir::Down),
                Action::Select,
                Action::Cursor(Dir::Right),
            ],
        );
        keys(&mut app, &[Action::Cursor(Dir::Up), Action::Select]);
        let m = app.message.clone().expect("a message");
        assert_eq!(m.text, "The pawn on e2 cannot move to f3.");
        update(&mut app, Action::Cancel);
        assert_eq!(p(&app).selected, None);
    }

    #[test]
    fn the_prompt_takes_san_and_uci_and_reports_illegal_moves() {
        let mut app = playing(None);
        let mut typed = vec![Action::OpenPrompt];
        typed.extend("e4".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        typed.push(Action::OpenPrompt);
        typed.extend("e7e5".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        keys(&mut app, &typed);
        assert_eq!(p(&app).table.notation().collect::<Vec<_>>(), ["e4", "e5"]);
        assert_eq!(app.overlay, None);
        let mut typed = vec![Action::OpenPrompt];
        typed.extend("Ke3".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        keys(&mut app, &typed);
        let m = app.message.clone().expect("an error");
        assert!(m.error && m.text.contains("Ke3"), "{m:?}");
        assert!(
            matches!(app.overlay, Some(Overlay::Field { .. })),
            "the prompt stays open"
        );
        update(&mut app, Action::Cancel);
        assert_eq!(app.overlay, None);
    }

    #[test]
    fn a_promotion_opens_the_chooser_and_a_letter_chooses() {
        let mut app = playing(Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"));
        let mut typed = vec![Action::OpenPrompt];
        typed.extend("e7e8".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        keys(&mut app, &typed);
        assert!(matches!(app.overlay, Some(Overlay::Chooser { .. })));
        update(&mut app, Action::ChooseLetter('x'));
        assert!(matches!(app.overlay, Some(Overlay::Chooser { .. })));
        update(&mut app, Action::ChooseLetter('n'));
        assert_eq!(app.overlay, None);
        assert_eq!(p(&app).table.notation().collect::<Vec<_>>(), ["e8=N"]);
    }

    #[test]
    fn undo_redo_and_new_game_confirmation() {
        let mut app = playing(None);
        let mut typed = vec![Action::OpenPrompt];
        typed.extend("d4".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        keys(&mut app, &typed);
        assert_eq!(update(&mut app, Action::Undo).len(), 1);
        assert_eq!(p(&app).table.ply(), 0);
        update(&mut app, Action::Undo);
        assert!(app.message.as_ref().is_some_and(|m| m.error));
        update(&mut app, Action::Redo);
        assert_eq!(p(&app).table.ply(), 1);
        keys(&mut app, &[Action::NewGame, Action::No]);
        assert!(matches!(app.screen, Screen::Playing(_)));
        keys(&mut app, &[Action::NewGame, Action::Yes]);
        match &app.screen {
            Screen::Setup(s) => assert!(s.resume.is_some(), "the game left is offered"),
            Screen::Playing(_) => panic!("expected the setup screen"),
        }
    }

    #[test]
    fn the_game_over_refuses_moves_and_quit_saves() {
        let mut app = playing(Some("k7/8/1K6/8/8/8/8/7R w - - 0 1"));
        let mut typed = vec![Action::OpenPrompt];
        typed.extend("Rh8#".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        keys(&mut app, &typed);
        assert!(p(&app).table.outcome().is_some());
        update(&mut app, Action::Select);
        let m = app.message.clone().expect("a message");
        assert!(m.text.contains("Checkmate — White wins"), "{m:?}");
        let effects = update(&mut app, Action::Quit);
        assert!(app.quit);
        assert_eq!(effects.len(), 1);
    }

    #[test]
    fn setup_starts_a_game_or_reports_a_bad_position() {
        let mut app = App::new(Screen::Setup(Setup::new(None)), None, Look::test_default());
        // Start from a position, type a bad one, and try to begin.
        let start_row = match &app.screen {
            Screen::Setup(s) => s.rows().iter().position(|r| *r == SetupRow::Start),
            Screen::Playing(_) => None,
        };
        for _ in 0..start_row.unwrap_or(0) {
            update(&mut app, Action::Cursor(Dir::Down));
        }
        keys(
            &mut app,
            &[Action::Select, Action::Cursor(Dir::Down), Action::Select],
        );
        assert_eq!(app.context(), Context::TextEntry);
        let mut typed = vec![Action::DeleteChar; 80];
        typed.extend("8/8/8 w".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        keys(&mut app, &typed);
        assert!(app.message.as_ref().is_some_and(|m| m.error));
        // From the position row down past the near side to "Start the game".
        keys(
            &mut app,
            &[Action::Cursor(Dir::Down), Action::Cursor(Dir::Down)],
        );
        update(&mut app, Action::Select);
        assert!(matches!(app.screen, Screen::Setup(_)), "still in setup");
        assert!(app.message.as_ref().is_some_and(|m| m.error));
        let mut app = App::new(Screen::Setup(Setup::new(None)), None, Look::test_default());
        update(&mut app, Action::Cursor(Dir::Up));
        update(&mut app, Action::Select);
        assert!(matches!(app.screen, Screen::Playing(_)));
    }

    #[test]
    fn the_master_time_chosen_in_setup_is_the_games() {
        let mut setup = Setup::new(None);
        setup.players[1] = Player::Computer(Level::Master);
        let mut app = App::new(Screen::Setup(setup), None, Look::test_default());
        // Variant, White, Black, then the Master-time row.
        keys(
            &mut app,
            &[
                Action::Cursor(Dir::Down),
                Action::Cursor(Dir::Down),
                Action::Cursor(Dir::Down),
                Action::Cursor(Dir::Right),
                Action::Cursor(Dir::Right),
            ],
        );
        assert_eq!(app.think_ms, DEFAULT_THINK_MS, "not before the game begins");
        update(&mut app, Action::Submit);
        assert!(matches!(app.screen, Screen::Playing(_)));
        assert_eq!(app.think_ms, 5_000);
    }

    /// A game of `variant` between `players`, from the start.
    fn table_app(variant: Variant, players: Vec<Player>) -> App {
        let table = Table::new(&TableSpec {
            variant,
            options: Options::new(),
            position: None,
            players,
        })
        .expect("a game");
        let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
        App::new(
            Screen::Playing(Box::new(playing)),
            None,
            Look::test_default(),
        )
    }

    fn against(level: Level) -> App {
        table_app(Variant::Chess, vec![Player::Human, Player::Computer(level)])
    }

    fn type_move(app: &mut App, text: &str) -> Vec<Effect> {
        let mut typed = vec![Action::OpenPrompt];
        typed.extend(text.chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        keys(app, &typed)
    }

    /// The searches `effects` start.
    fn started(effects: &[Effect]) -> Vec<SearchRequest> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Think(r) => Some((**r).clone()),
                _ => None,
            })
            .collect()
    }

    fn stopped(effects: &[Effect]) -> Vec<u64> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::StopThinking(id) => Some(*id),
                _ => None,
            })
            .collect()
    }

    /// A search's answer: `text` (legal in `app`'s position) as its best move.
    fn thought(app: &App, text: &str, depth: u32) -> Thought {
        let mv = p(app).table.game().parse_move(text).expect("a legal move");
        Thought {
            best: Some(mv),
            score: 35,
            depth,
            nodes: 1234,
            elapsed: Duration::from_millis(5),
            pv: vec![mv],
        }
    }

    fn notation(app: &App) -> Vec<String> {
        p(app).table.notation().map(str::to_string).collect()
    }

    #[test]
    fn the_computers_reply_arrives_on_its_id_and_is_played() {
        let mut app = against(Level::Club);
        let effects = type_move(&mut app, "e4");
        let requests = started(&effects);
        assert_eq!(requests.len(), 1, "{effects:?}");
        let request = &requests[0];
        assert_eq!(
            request.game.position_text(),
            p(&app).table.game().position_text()
        );
        assert_eq!(request.limits.depth, Level::Club.limits().depth);
        assert_eq!(
            request.min_time,
            Duration::ZERO,
            "no pause after a person's move"
        );
        let id = request.id;
        let thinking = p(&app).thinking.clone().expect("thinking");
        assert_eq!((thinking.id, thinking.purpose), (id, Purpose::Move));
        // Keys still work while it thinks, but a move is refused.
        update(&mut app, Action::Cursor(Dir::Left));
        assert_eq!(p(&app).cursor, cell(&app, "d4"));
        type_move(&mut app, "d5");
        let m = app.message.clone().expect("refused");
        assert!(m.error && m.text.contains("computer"), "{m:?}");
        // Progress shows in the state, with the line in SAN.
        let progress = thought(&app, "e5", 3);
        update(
            &mut app,
            Action::Progress {
                id,
                thought: progress,
            },
        );
        let shown = p(&app)
            .thinking
            .clone()
            .and_then(|t| t.progress)
            .expect("progress");
        assert_eq!(
            (shown.depth, shown.line.clone()),
            (3, vec!["e5".to_string()])
        );
        // The reply is played and saved; nothing more thinks (a person is to move).
        let reply = thought(&app, "c5", 4);
        let effects = update(&mut app, Action::Reply { id, thought: reply });
        assert_eq!(notation(&app), ["e4", "c5"]);
        assert!(p(&app).thinking.is_none());
        assert!(effects.is_empty() || started(&effects).is_empty());
    }

    #[test]
    fn a_stale_reply_after_undo_or_a_new_game_is_ignored() {
        let mut app = against(Level::Casual);
        let id = started(&type_move(&mut app, "e4"))[0].id;
        let late = thought(&app, "e5", 2);
        let effects = update(&mut app, Action::Undo);
        assert_eq!(stopped(&effects), [id], "undo raises the stop flag");
        assert_eq!(p(&app).table.ply(), 0);
        assert!(p(&app).thinking.is_none());
        update(&mut app, Action::Reply { id, thought: late });
        assert_eq!(p(&app).table.ply(), 0, "the stale reply is not played");
        // A new game stops the search too, and its reply goes nowhere.
        let id = started(&type_move(&mut app, "d4"))[0].id;
        let late = thought(&app, "d5", 2);
        let effects = keys(&mut app, &[Action::NewGame, Action::Yes]);
        assert_eq!(stopped(&effects), [id]);
        update(&mut app, Action::Reply { id, thought: late });
        assert!(matches!(app.screen, Screen::Setup(_)));
        // A reply whose move is not legal is ignored without harm.
        let mut app = against(Level::Casual);
        let id = started(&type_move(&mut app, "e4"))[0].id;
        let mut wrong = thought(&app, "e5", 2);
        wrong.best = Some(Move::default());
        let effects = update(&mut app, Action::Reply { id, thought: wrong });
        assert_eq!(notation(&app), ["e4"]);
        assert!(started(&effects).is_empty(), "no endless asking");
        assert!(p(&app).paused);
        assert!(app.message.as_ref().is_some_and(|m| m.error));
    }

    #[test]
    fn undo_takes_back_the_computers_reply_with_your_move_and_redo_both() {
        let mut app = against(Level::Strong);
        let id = started(&type_move(&mut app, "e4"))[0].id;
        let reply = thought(&app, "e5", 4);
        update(&mut app, Action::Reply { id, thought: reply });
        type_move(&mut app, "Nf3");
        let id = p(&app).thinking.as_ref().expect("thinking").id;
        let reply = thought(&app, "Nc6", 4);
        update(&mut app, Action::Reply { id, thought: reply });
        assert_eq!(notation(&app), ["e4", "e5", "Nf3", "Nc6"]);
        let effects = update(&mut app, Action::Undo);
        assert_eq!(notation(&app), ["e4", "e5"], "two plies back");
        assert!(started(&effects).is_empty(), "White (a person) is to move");
        assert_eq!(effects.len(), 1, "saved once: {effects:?}");
        update(&mut app, Action::Redo);
        assert_eq!(notation(&app), ["e4", "e5", "Nf3", "Nc6"], "both come back");
        assert!(p(&app).thinking.is_none());
        // Undo while it thinks takes back only your move.
        let id = started(&type_move(&mut app, "Bb5"))[0].id;
        let effects = update(&mut app, Action::Undo);
        assert_eq!(stopped(&effects), [id]);
        assert_eq!(notation(&app).len(), 4);
    }

    #[test]
    fn the_hint_names_and_marks_the_engines_move_for_you() {
        let mut app = playing(None);
        let effects = update(&mut app, Action::Hint);
        let request = started(&effects).pop().expect("a hint search");
        assert_eq!(request.limits.depth, HINT_LEVEL.limits().depth);
        let thinking = p(&app).thinking.clone().expect("thinking");
        assert_eq!(thinking.purpose, Purpose::Hint);
        let idea = thought(&app, "Nf3", 4);
        update(
            &mut app,
            Action::Reply {
                id: request.id,
                thought: idea,
            },
        );
        assert_eq!(p(&app).hint.map(|m| m.to), Some(cell(&app, "f3")));
        assert!(
            app.message
                .as_ref()
                .is_some_and(|m| m.text.starts_with("Hint: Nf3")),
            "{:?}",
            app.message
        );
        assert_eq!(p(&app).table.ply(), 0, "a hint is not played");
        // Playing a move forgets the hint.
        type_move(&mut app, "e4");
        assert_eq!(p(&app).hint, None);
        // No hint on the computer's turn.
        let mut app = against(Level::Club);
        type_move(&mut app, "e4");
        let effects = update(&mut app, Action::Hint);
        assert!(started(&effects).is_empty());
        assert!(app.message.as_ref().is_some_and(|m| m.error));
    }

    #[test]
    fn computers_play_each_other_with_a_pause_and_can_be_paused() {
        let mut app = table_app(
            Variant::Chess,
            vec![
                Player::Computer(Level::Casual),
                Player::Computer(Level::Club),
            ],
        );
        let first = app.engage();
        let request = started(&first).pop().expect("White thinks at once");
        assert_eq!(request.min_time, Duration::ZERO);
        let reply = thought(&app, "d4", 2);
        let effects = update(
            &mut app,
            Action::Reply {
                id: request.id,
                thought: reply,
            },
        );
        let next = started(&effects).pop().expect("Black thinks next");
        assert_eq!(next.min_time, WATCH_PAUSE, "a pause to follow the game");
        assert_eq!(next.limits.depth, Level::Club.limits().depth);
        // Pausing stops the search; resuming starts it again.
        let effects = update(&mut app, Action::PauseComputer);
        assert_eq!(stopped(&effects), [next.id]);
        assert!(p(&app).paused && p(&app).thinking.is_none());
        let effects = update(&mut app, Action::PauseComputer);
        assert_eq!(started(&effects).len(), 1);
        // Undo with no person at the board: one move, and play pauses.
        let effects = update(&mut app, Action::Undo);
        assert_eq!(p(&app).table.ply(), 0);
        assert!(p(&app).paused);
        assert!(started(&effects).is_empty());
        // Quitting stops whatever thinks.
        update(&mut app, Action::PauseComputer);
        let id = p(&app).thinking.as_ref().expect("thinking").id;
        let effects = update(&mut app, Action::Quit);
        assert!(stopped(&effects).contains(&id));
    }

    #[test]
    fn a_resumed_game_with_the_computer_to_move_makes_it_think() {
        let mut app = against(Level::Casual);
        let id = started(&type_move(&mut app, "e4"))[0].id;
        let saved = p(&app).table.saved();
        assert_eq!(saved.players, ["human", "casual"]);
        update(&mut app, Action::Quit);
        let table = Table::from_saved(&saved).expect("resumes");
        assert_eq!(
            table.player(catboard::core::Seat::BLACK),
            Player::Computer(Level::Casual)
        );
        let (app, effects) = crate::ui::build_app(crate::ui::UiConfig {
            start: crate::ui::Start::Play {
                table: Box::new(table),
                near_side: 0,
                path: Some(PathBuf::from("/saves/g.json")),
            },
            look: Look::test_default(),
            saves: None,
            notice: None,
            think_ms: 300,
        });
        let request = started(&effects).pop().expect("Black thinks on resuming");
        assert_ne!(request.id, 0);
        assert!(p(&app).thinking.is_some());
        let _ = id;
    }

    #[test]
    fn the_cats_pass_by_key_only_on_their_turn() {
        let mut app = table_app(Variant::Cat, vec![Player::Human; 3]);
        update(&mut app, Action::Pass);
        let m = app.message.clone().expect("White may not pass");
        assert!(m.error && m.text.starts_with("White may not pass"), "{m:?}");
        type_move(&mut app, "e4");
        type_move(&mut app, "e5");
        assert!(p(&app).table.can_pass());
        update(&mut app, Action::Pass);
        assert_eq!(notation(&app), ["e4", "e5", "Cats pass"]);
        // A Cat moves by cursor: select the Cat on a4, then b5.
        type_move(&mut app, "Nf3");
        type_move(&mut app, "Nc6");
        let a4 = cell(&app, "a4");
        if let Screen::Playing(pl) = &mut app.screen {
            pl.cursor = a4;
        }
        keys(
            &mut app,
            &[
                Action::Select,
                Action::Cursor(Dir::Up),
                Action::Cursor(Dir::Right),
                Action::Select,
            ],
        );
        assert_eq!(notation(&app).last().map(String::as_str), Some("Ca4-b5"));
    }

    #[test]
    fn enter_starts_the_game_from_any_setup_row() {
        let mut app = App::new(Screen::Setup(Setup::new(None)), None, Look::test_default());
        // Down to White's player, change it with Space and Right, then Enter.
        keys(
            &mut app,
            &[
                Action::Cursor(Dir::Down),
                Action::Cursor(Dir::Down),
                Action::Select,
                Action::Cursor(Dir::Right),
            ],
        );
        match &app.screen {
            Screen::Setup(s) => assert_eq!(s.players[1], Player::Computer(Level::Club)),
            Screen::Playing(_) => panic!("Space changes the value"),
        }
        let effects = update(&mut app, Action::Submit);
        assert!(matches!(app.screen, Screen::Playing(_)), "Enter starts");
        assert!(started(&effects).is_empty(), "White (a person) moves first");
    }
}
