//! The application's state; [`update`] (in `update.rs`) is the only place it changes.
//! Keys, signals and the computer player's reports all arrive as
//! [`Action`](super::action::Action)s; what must happen outside (saving, starting and stopping a
//! search on a worker thread) comes back as [`Effect`]s.

mod analyse;
#[cfg(test)]
mod analyse_tests;
mod asking;
mod best_lines;
#[cfg(test)]
mod best_lines_tests;
#[cfg(test)]
mod clock_tests;
mod clocks;
#[cfg(test)]
mod computer_tests;
mod computers;
mod engine_seats;
#[cfg(test)]
mod engine_seats_tests;
mod glance;
mod local_keeper;
mod moving;
pub mod review;
#[cfg(test)]
mod review_tests;
#[cfg(test)]
mod series_tests;
#[cfg(test)]
mod sphere_tests;
mod starting;
#[cfg(test)]
mod tests;
mod update;
mod verdicts;
mod watching;
#[cfg(test)]
mod watching_tests;

pub use local_keeper::LocalKeeper;
pub use update::update;

use super::computer::{SearchRequest, Thinking, WATCH_PAUSE};
use super::describe::{Event, EventKind};
use super::keymap::{Context, Refusal};
use super::look::LookChoice;
use super::orientation::Orientation;
use super::save::{Claim, GameLock, SaveStore, SavedGame, claim};
use super::setup_form::Setup;
use super::speech::Voice;
use super::table::TableGame;
use super::timing::{TimeSource, TurnTimer};
use catboard::ai::level::DEFAULT_THINK_MS;
use catboard::core::{Cell, Game, Move, Seat};
use catboard::entry::{Choice, MoveEntry};
use std::path::PathBuf;
use std::time::Duration;

/// What the best-lines key's search may spend: three seconds, shown as
/// it goes (Esc stops it sooner).
pub const LINES_BUDGET: catboard::analysis::PlyBudget =
    catboard::analysis::PlyBudget::Time(Duration::from_secs(3));

/// What `update` asks the world outside to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Write this game to this file.
    Save(PathBuf, Box<SavedGame>),
    /// Start this search on a worker thread.
    Think(Box<SearchRequest>),
    /// Ask this engine, playing a seat, for its move on a worker thread.
    AskEngine(Box<super::engines::EngineRequest>),
    /// Analyse this game on a worker thread, reporting its progress as
    /// [`Action::AnalysisProgress`](super::action::Action::AnalysisProgress)
    /// and its end as `Analysed`.
    Analyse(Box<super::analysing::AnalysisRequest>),
    /// Find the best lines of a position on a worker thread, reporting
    /// them as [`Action::LinesFound`](super::action::Action::LinesFound).
    FindLines(Box<super::best_lines::LinesRequest>),
    /// Raise the stop flag of the search (or the engine's request, or the
    /// analysis) with this id.
    StopThinking(u64),
    /// Follow the game saved in this file, which another catboard has
    /// open: report its saves as [`Action::Watched`](super::action::Action::Watched)
    /// and the lock coming free as `WatchedFree`.
    Watch(PathBuf),
    /// Stop following the file being watched.
    StopWatching,
    /// Ask the game's keeper, which is elsewhere (a shared table's hub),
    /// for this; its answer comes back as
    /// [`Action::Answered`](super::action::Action::Answered).
    Ask(crate::keeper::Intent),
}

/// A game another catboard has open, which this one only watches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watching {
    /// The other catboard's process id, when its lock says.
    pub pid: Option<u32>,
    /// Whether the file is being followed yet (the [`Effect::Watch`] asked).
    pub following: bool,
}

/// What a text field is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldPurpose {
    /// A move, in SAN or coordinates.
    Move,
    /// The setup screen's start position.
    Position,
    /// A cell's name, to move the cursor there.
    GoTo,
}

/// Something drawn over the screen that takes the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The help, for the keys of `screen`.
    Help {
        /// The context the help was opened from.
        from: Context,
        /// How many lines it is scrolled down.
        scroll: u16,
    },
    /// A one-line text field.
    Field {
        /// What the text will be used for.
        purpose: FieldPurpose,
        /// The text typed so far.
        text: String,
    },
    /// A choice between moves that share a path (promotion or not).
    Chooser {
        /// The choices and the move each makes.
        moves: Vec<(Choice, Move)>,
        /// The highlighted one.
        index: usize,
    },
    /// "Start a new game?"
    ConfirmNewGame,
    /// "Resign this game?"
    ConfirmResign,
    /// A draw offered by this seat, for the person at the other to answer.
    DrawOffered(Seat),
    /// How each piece of the game moves, one at a time.
    Glance(Box<GlanceView>),
    /// The best lines of a position, as far as they are found.
    Lines(Box<super::best_lines::ShownLines>),
}

/// The moves-at-a-glance view: the game's pieces, the one shown, and how
/// it moves (none when no position shows it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlanceView {
    /// The game's kinds of piece, as the view lists them.
    pub kinds: Vec<catboard::core::PieceKind>,
    /// The one shown.
    pub index: usize,
    /// How it moves.
    pub glance: Option<catboard::core::glance::Glance<catboard::variants::AnyGame>>,
}

/// A game being played, with the cursor and the move being entered.
#[derive(Clone, Debug)]
pub struct Playing {
    /// The game.
    pub table: TableGame,
    /// The cell under the cursor.
    pub cursor: Cell,
    /// The move being entered, over the legal moves of the position it
    /// was made for.
    entry: MoveEntry,
    /// The ply and hash of the position `entry` was made for.
    entry_for: (usize, u64),
    /// Which seat is drawn at the near edge.
    pub orientation: Orientation,
    /// The name of the person at each seat, where the front end knows it
    /// (a shared table); the panel shows it instead of "human".
    pub people: Vec<Option<String>>,
    /// The seat this front end's person plays, where the front end knows
    /// it (a table shared over SSH): resigning is for that seat.
    pub own_seat: Option<Seat>,
    /// Where the game is autosaved.
    pub save_path: Option<PathBuf>,
    /// The search under way, for a computer's move or a hint.
    pub thinking: Option<Thinking>,
    /// The move the engine suggested for the person to move.
    pub hint: Option<Move>,
    /// Whether the computer players are paused.
    pub paused: bool,
    /// Whether the cell list is shown beside the board.
    pub cell_list: bool,
    /// On the sphere, whether the globe and the list of every cell have
    /// changed places (`c`): where both fit, the list then has the
    /// larger share; where only one fits, the globe is shown instead of
    /// the list.
    pub list_swapped: bool,
    /// How many lines the move list is scrolled back from the current
    /// move (by the mouse wheel); 0 follows the game.
    pub move_list_scroll: usize,
    /// The game this one replaced (a new game, another formation), which
    /// undo before the first move brings back.
    pub previous: Option<Box<Playing>>,
    /// The seat that offered a draw the others have not answered yet.
    pub draw_offer: Option<Seat>,
    /// The advisory lock holding the save as this catboard's, shared by
    /// every copy of this state ([`claim`]).
    pub lock: Option<GameLock>,
    /// Set when another catboard has the game open: this one watches it,
    /// read-only, and never writes its file.
    pub watching: Option<Watching>,
    /// The timer of the turn under way, in a timed game.
    pub timer: TurnTimer,
    /// The seats told their clock is low (one bit a seat), each told once
    /// until its clock is above the mark again.
    pub low_time_told: u8,
    /// What each seat's clock read after the last action (empty in an
    /// untimed game): what a screen draws, so a drawing is the same
    /// whenever it is made.
    pub clock_faces: Vec<std::time::Duration>,
    /// The earlier position being looked at instead of the live one.
    pub review: Option<review::Review>,
    /// The game's analysis, finished or under way.
    pub analysis: Option<super::analysing::ShownAnalysis>,
}

impl Playing {
    /// A game starting now, seen from seat `near_side`, saved at
    /// `save_path`: its lock is taken there, and when another catboard
    /// holds it the game is only watched.
    pub fn new(table: TableGame, near_side: usize, save_path: Option<PathBuf>) -> Playing {
        let game = table.game();
        let orientation = Orientation::new(near_side, game.seat_names().len());
        let cursor = orientation.starting_cursor(game.geometry());
        let (lock, watching) = match save_path.as_deref().map(claim) {
            Some(Claim::Mine(lock)) => (Some(lock), None),
            Some(Claim::Taken(pid)) => (
                None,
                Some(Watching {
                    pid,
                    following: false,
                }),
            ),
            Some(Claim::Unlocked) | None => (None, None),
        };
        let mut playing = Playing {
            table,
            cursor,
            entry: MoveEntry::default(),
            entry_for: (usize::MAX, 0),
            orientation,
            people: Vec::new(),
            own_seat: None,
            save_path,
            thinking: None,
            hint: None,
            paused: false,
            cell_list: false,
            list_swapped: false,
            move_list_scroll: 0,
            previous: None,
            draw_offer: None,
            lock,
            watching,
            timer: TurnTimer::default(),
            low_time_told: 0,
            clock_faces: Vec::new(),
            review: None,
            analysis: None,
        };
        playing.entry_mut();
        playing
    }

    /// The seat drawn at the near edge.
    pub fn near_side(&self) -> usize {
        self.orientation.near()
    }

    /// The position's identity, to tell when the move entry is stale.
    fn position_key(&self) -> (usize, u64) {
        (self.table.ply(), self.table.game().hash())
    }

    /// The move being entered, made anew when the position has changed.
    pub fn entry_mut(&mut self) -> &mut MoveEntry {
        let key = self.position_key();
        if self.entry_for != key {
            self.entry = MoveEntry::for_game(self.table.game());
            self.entry_for = key;
        }
        &mut self.entry
    }

    /// The move being entered, when it belongs to the position on the board.
    pub fn entry(&self) -> Option<&MoveEntry> {
        (self.entry_for == self.position_key()).then_some(&self.entry)
    }

    /// The cells picked so far for the move being entered.
    pub fn picks(&self) -> &[Cell] {
        self.entry().map_or(&[], |e| e.picks())
    }

    /// Forgets the move being entered.
    pub fn cancel_entry(&mut self) {
        self.entry_mut().reset();
    }

    /// This game as the one a new game replaces: no search, no older game.
    fn as_previous(&self) -> Box<Playing> {
        let mut kept = self.clone();
        kept.thinking = None;
        kept.previous = None;
        Box::new(kept)
    }

    /// The save of the game as it stands; none for a game watched (its
    /// file is the other catboard's).
    fn save(&self) -> Vec<Effect> {
        self.save_during_turn(std::time::Duration::ZERO)
    }

    /// The save of the game `spent` into the turn under way.
    fn save_during_turn(&self, spent: std::time::Duration) -> Vec<Effect> {
        match &self.save_path {
            Some(path) if self.watching.is_none() => vec![Effect::Save(
                path.clone(),
                Box::new(self.table.saved_during_turn(spent)),
            )],
            _ => Vec::new(),
        }
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
    /// How the screen should look, by name (the line mode draws nothing
    /// and never builds it).
    pub look: LookChoice,
    /// Set when the program should end.
    pub quit: bool,
    /// Whether the full screen is the screen reader view: every key's
    /// effect, a cursor move included, is said on one line.
    pub reader: bool,
    /// Whether the front end takes typed commands (the line mode) rather
    /// than keys, so that sentences name the command to type.
    pub typed: bool,
    /// How sentences name cells and moves (the screen's by default; the
    /// line mode and the screen reader view speak in words).
    pub voice: Voice,
    /// How many lines the help can scroll on the screen it is drawn on:
    /// a front end that draws sets it before drawing (the screen's size
    /// is its to know), so the arrows stop at the help's end; drawing
    /// changes nothing (the line mode never opens the help).
    pub help_scroll_room: u16,
    /// The first cell of each page of the sphere's list of every cell on
    /// the screen it is drawn on (empty where the list shows whole or is
    /// not drawn): a front end that draws sets it before drawing, as it
    /// sets [`App::help_scroll_room`], and PageUp/PageDown move the
    /// cursor from page to page ([`Action::ListPage`]).
    pub list_pages: Vec<Cell>,
    /// How long a Master computer thinks per move, in milliseconds.
    pub think_ms: u64,
    /// The shortest time between two computers' moves in a row, so a
    /// person watching can follow (none in the line mode, which says each).
    pub watch_pause: Duration,
    /// The actions not offered where this App runs (a table shared over
    /// SSH refuses undo): answered with their sentence, left out of the
    /// help and the hint line.
    pub refused: &'static [Refusal],
    /// The engines installed here that the setup screen offers for the
    /// seats (none on a shared table, whose App is made without them).
    pub offered_engines: Vec<catboard::protocol::engine::known::KnownEngine>,
    /// What the analysis key gives each position.
    pub analysis_budget: catboard::analysis::PlyBudget,
    /// What the best-lines key gives its search.
    pub lines_budget: catboard::analysis::PlyBudget,
    /// The id of the next search (or analysis) started.
    next_search: u64,
    /// Every sentence said, oldest first (the latest [`EVENT_LOG`] kept),
    /// for the line mode and tests; the message line shows the latest.
    pub events: Vec<Event>,
    /// The game left for the setup screen, kept so the next game can give
    /// it back on undo.
    previous_game: Option<Box<Playing>>,
    /// How many events there were when the current update began: the
    /// sentences of one step are shown together.
    step_start: usize,
    /// Where the clocks read the time: the machine's monotonic clock, or
    /// one a test sets by hand.
    pub time: TimeSource,
    /// Set where the game is kept by someone else (a table shared over
    /// SSH, kept by the server's hub): the clocks here are only shown (a
    /// flag is the keeper's to play, by its own clock), a move played here
    /// is handed on with no time charged (the keeper times it), and a seat
    /// that has left passes there, not here.
    pub kept_elsewhere: bool,
}

/// How many events [`App::events`] keeps.
pub const EVENT_LOG: usize = 200;

impl App {
    /// An application showing `screen`.
    pub fn new(screen: Screen, saves: Option<SaveStore>, look: LookChoice) -> App {
        App {
            screen,
            overlay: None,
            message: None,
            saves,
            look,
            quit: false,
            typed: false,
            reader: false,
            voice: Voice::SCREEN,
            help_scroll_room: 0,
            list_pages: Vec::new(),
            think_ms: DEFAULT_THINK_MS,
            watch_pause: WATCH_PAUSE,
            refused: &[],
            offered_engines: Vec::new(),
            analysis_budget: catboard::analysis::PlyBudget::DEFAULT,
            lines_budget: LINES_BUDGET,
            next_search: 1,
            events: Vec::new(),
            step_start: 0,
            previous_game: None,
            time: TimeSource::Real,
            kept_elsewhere: false,
        }
    }

    /// Which keys apply now.
    pub fn context(&self) -> Context {
        match (&self.overlay, &self.screen) {
            (Some(Overlay::Help { .. }), _) => Context::Help,
            (Some(Overlay::Field { .. }), _) => Context::TextEntry,
            (Some(Overlay::Chooser { .. }), _) => Context::Chooser,
            (Some(Overlay::ConfirmNewGame), _) => Context::Confirm,
            (Some(Overlay::ConfirmResign | Overlay::DrawOffered(_)), _) => Context::Confirm,
            (Some(Overlay::Glance(_)), _) => Context::Glance,
            (Some(Overlay::Lines(_)), _) => Context::Lines,
            (None, Screen::Setup(_)) => Context::Setup,
            (None, Screen::Playing(p)) if p.analysing().is_some() => Context::Analysing,
            (None, Screen::Playing(p)) if p.review.is_some() => Context::Review,
            (None, Screen::Playing(_)) => Context::Board,
        }
    }

    /// Says `event`: logged, and shown on the feedback line (after the
    /// other sentences of the same step, unless one of them is an error).
    pub fn emit(&mut self, event: Event) {
        let error = event.kind.is_error();
        let same_step = self.events.len() > self.step_start;
        match &mut self.message {
            Some(m) if same_step && !m.error && !error => {
                m.text.push(' ');
                m.text.push_str(&event.text);
            }
            _ => {
                self.message = Some(Message {
                    text: event.text.clone(),
                    error,
                })
            }
        }
        self.events.push(event);
    }

    /// Marks the start of an update step, forgetting the oldest events
    /// beyond [`EVENT_LOG`]: the sentences said from now on replace the
    /// feedback line rather than join it (a front end calls it before
    /// saying news from outside, as a table shared over SSH does).
    pub fn begin_step(&mut self) {
        if self.events.len() > EVENT_LOG {
            self.events.drain(..self.events.len() - EVENT_LOG);
        }
        self.step_start = self.events.len();
    }

    /// Says `text` as an error.
    fn error(&mut self, text: impl Into<String>) {
        self.emit(Event::new(EventKind::Error, text));
    }

    /// Says `text` as information.
    fn inform(&mut self, text: impl Into<String>) {
        self.emit(Event::new(EventKind::Info, text));
    }

    /// The game being played, as its save file would record it, with the
    /// time the seat to move has spent on its turn so far.
    pub fn save_now(&self) -> Vec<Effect> {
        let now = self.time.now();
        match &self.screen {
            Screen::Playing(p) => p.save_during_turn(p.timer.running(now)),
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
}

/// What identifies the position on the board, and the search about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PositionMark {
    ply: usize,
    hash: u64,
    search: Option<u64>,
}
