//! Keys to actions: the one keymap table, from which the `?` help is made.

use super::action::{
    Action, Dir, LobbyPage, LobbyStep, PAGE_END, PAGE_LINES, PAGE_START, ReviewStep,
};

/// Where the keyboard's attention is: each has its own keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Playing on the board.
    Board,
    /// The setup screen.
    Setup,
    /// Typing a line (the move prompt, a FEN).
    TextEntry,
    /// Choosing between moves to one cell (promotion).
    Chooser,
    /// A yes/no question.
    Confirm,
    /// The help screen.
    Help,
    /// Stepping through the game's moves (review).
    Review,
    /// While the game is being analysed: review's keys, and Esc stops.
    Analysing,
    /// How each piece moves (moves at a glance).
    Glance,
    /// The best lines of the position on the board.
    Lines,
    /// Every page of the server's lobby: the pages and leaving.
    Lobby,
    /// The lobby's tables.
    LobbyTables,
    /// The lobby's lists of games (the recent ones, the player's own).
    LobbyGames,
    /// The lobby's leaderboards.
    LobbyLeaders,
    /// The quick game's form.
    QuickGame,
    /// The wait for a quick game.
    QuickWait,
    /// The lobby's page of the account's keys.
    LobbyKeys,
    /// The lobby's page of puzzles: a variant chosen, the player's
    /// puzzle rating and streak in each.
    LobbyPuzzles,
    /// Solving puzzles.
    Puzzle,
}

impl Context {
    /// The heading of this context's keys in the help.
    pub const fn title(self) -> &'static str {
        match self {
            Context::Board => "Board",
            Context::Setup => "Setup",
            Context::TextEntry => "Move prompt and text fields",
            Context::Chooser => "Promotion chooser",
            Context::Confirm => "Questions",
            Context::Help => "Help",
            Context::Review => "Review (stepping through the moves)",
            Context::Analysing => "While the game is analysed",
            Context::Glance => "How pieces move",
            Context::Lines => "Best lines",
            Context::Lobby => "Lobby",
            Context::LobbyTables => "Lobby: the tables",
            Context::LobbyGames => "Lobby: the games",
            Context::LobbyLeaders => "Lobby: the leaderboards",
            Context::QuickGame => "Quick game",
            Context::QuickWait => "Waiting for a quick game",
            Context::LobbyKeys => "Lobby: your keys",
            Context::LobbyPuzzles => "Lobby: puzzles",
            Context::Puzzle => "Puzzles",
        }
    }

    /// The context whose keys also apply here (every page of the lobby
    /// answers the lobby's own keys), if any.
    pub const fn parent(self) -> Option<Context> {
        match self {
            Context::LobbyTables
            | Context::LobbyGames
            | Context::LobbyLeaders
            | Context::QuickGame
            | Context::QuickWait
            | Context::LobbyKeys
            | Context::LobbyPuzzles => Some(Context::Lobby),
            Context::Analysing => Some(Context::Review),
            _ => None,
        }
    }
}

/// A key as the keymap names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// A character typed with Ctrl held.
    Ctrl(char),
    /// Any printable character (text entry, the chooser's letters).
    AnyChar,
    /// Any digit from 1 to 9 (the cell list's neighbours).
    AnyDigit,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
}

impl Key {
    /// How the help writes the key (arrows spelt out when `ascii`).
    pub fn label(self, ascii: bool) -> String {
        match self {
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::AnyChar => "letter".into(),
            Key::AnyDigit => "1-8".into(),
            Key::Up if !ascii => "↑".into(),
            Key::Up => "Up".into(),
            Key::Down if !ascii => "↓".into(),
            Key::Down => "Down".into(),
            Key::Left if !ascii => "←".into(),
            Key::Left => "Left".into(),
            Key::Right if !ascii => "→".into(),
            Key::Right => "Right".into(),
            Key::Enter => "Enter".into(),
            Key::Esc => "Esc".into(),
            Key::Backspace => "Backspace".into(),
            Key::PageUp => "PgUp".into(),
            Key::PageDown => "PgDn".into(),
            Key::Home => "Home".into(),
            Key::End => "End".into(),
        }
    }
}

/// When a binding is worth showing in the help and the hint line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Always.
    Always,
    /// When the side to move may pass.
    CanPass,
    /// When the computer plays a seat.
    ComputerPlays,
    /// At a table of `catboard serve`.
    Shared,
    /// On a board drawn as a globe (the sphere of Polar chess).
    Sphere,
    /// On a flat board (every board but the sphere).
    Flat,
}

/// Degrees one press of `<` or `>` turns the sphere's globe: a small
/// step (a sixth of an octant), so one press moves the drawing a little
/// and every cell stays near where it was; twelve presses bring the next
/// octant round.
pub const ROTATE_STEP: i16 = 15;

/// An action a place does not offer although its keys are bound (undo at
/// a table shared over SSH), with the sentence that says so: the help and
/// the hint line leave it out, and [`update`](super::app::update) answers
/// it with the sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The action refused.
    pub action: Action,
    /// Why, in one sentence.
    pub why: &'static str,
}

/// What the help needs to know about the game to choose its lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HelpState {
    /// The side to move may pass.
    pub can_pass: bool,
    /// The computer plays a seat.
    pub computer_plays: bool,
    /// There is no folder to save games in.
    pub unsaved: bool,
    /// The game is kept elsewhere (a table of `catboard serve`): quitting
    /// goes back to the lobby and the table keeps the seat.
    pub shared: bool,
    /// The board is a globe (the sphere of Polar chess): the keys that
    /// turn it apply, and `f` turns the globe rather than the board.
    pub sphere: bool,
    /// The actions not offered here.
    pub refused: &'static [Refusal],
}

/// What the help says of quitting when the game is not being saved.
const QUIT_UNSAVED: &str = "quit (NOT saved: start with --save-dir DIR)";

/// What the help says of quitting at a table of `catboard serve`.
const QUIT_SHARED: &str = "back to the lobby (the table keeps your seat)";

impl HelpState {
    /// Whether a binding shown `when` applies in this state.
    pub fn shows(self, when: When) -> bool {
        match when {
            When::Always => true,
            When::CanPass => self.can_pass,
            When::ComputerPlays => self.computer_plays,
            When::Shared => self.shared,
            When::Sphere => self.sphere,
            When::Flat => !self.sphere,
        }
    }

    /// Whether `binding` is worth showing in this state: it applies now
    /// and its action is not refused here.
    pub fn lists(self, binding: &Binding) -> bool {
        self.shows(binding.when) && !self.refused.iter().any(|r| r.action == binding.action)
    }
}

/// One line of the keymap: in `context`, any of `keys` does `action`.
#[derive(Clone, Debug)]
pub struct Binding {
    /// Where the binding applies.
    pub context: Context,
    /// The keys that trigger it.
    pub keys: &'static [Key],
    /// What they do. For [`Key::AnyChar`], the character typed replaces the
    /// placeholder in `TypeChar` or `ChooseLetter`.
    pub action: Action,
    /// What the help says about it.
    pub help: &'static str,
    /// When the help shows it.
    pub when: When,
}

const fn bind(
    context: Context,
    keys: &'static [Key],
    action: Action,
    help: &'static str,
) -> Binding {
    bind_when(context, keys, action, help, When::Always)
}

const fn bind_when(
    context: Context,
    keys: &'static [Key],
    action: Action,
    help: &'static str,
    when: When,
) -> Binding {
    Binding {
        context,
        keys,
        action,
        help,
        when,
    }
}

use Context as C;

/// The keymap: every key the program answers to.
pub static KEYMAP: &[Binding] = &[
    bind(
        C::Board,
        &[Key::Up, Key::Char('k')],
        Action::Cursor(Dir::Up),
        "cursor up",
    ),
    bind(
        C::Board,
        &[Key::Down, Key::Char('j')],
        Action::Cursor(Dir::Down),
        "cursor down",
    ),
    bind(
        C::Board,
        &[Key::Left, Key::Char('h')],
        Action::Cursor(Dir::Left),
        "cursor left",
    ),
    bind(
        C::Board,
        &[Key::Right, Key::Char('l')],
        Action::Cursor(Dir::Right),
        "cursor right",
    ),
    bind(
        C::Board,
        &[Key::Enter, Key::Char(' ')],
        Action::Select,
        "pick: the piece, a first leg, where it goes",
    ),
    bind(
        C::Board,
        &[Key::Esc],
        Action::Cancel,
        "cancel the move being entered",
    ),
    bind_when(
        C::Board,
        &[Key::Char('p')],
        Action::Pass,
        "pass the turn",
        When::CanPass,
    ),
    bind(
        C::Board,
        &[Key::Char(':')],
        Action::OpenPrompt,
        "type a move (SAN/UCI)",
    ),
    bind(
        C::Board,
        &[Key::Char('u')],
        Action::Undo,
        "undo (with computer reply)",
    ),
    bind(C::Board, &[Key::Char('r')], Action::Redo, "redo a move"),
    bind(
        C::Board,
        &[Key::Char('t')],
        Action::Hint,
        "hint: the engine's move",
    ),
    bind_when(
        C::Board,
        &[Key::Char('s')],
        Action::PauseComputer,
        "pause/resume the computer",
        When::ComputerPlays,
    ),
    bind_when(
        C::Board,
        &[Key::Char('f')],
        Action::Flip,
        "turn the board round",
        When::Flat,
    ),
    bind_when(
        C::Board,
        &[Key::Char('f')],
        Action::Flip,
        "turn the globe over (the other pole in front)",
        When::Sphere,
    ),
    bind_when(
        C::Board,
        &[Key::Char('<')],
        Action::Rotate(-ROTATE_STEP),
        "turn the globe west",
        When::Sphere,
    ),
    bind_when(
        C::Board,
        &[Key::Char('>')],
        Action::Rotate(ROTATE_STEP),
        "turn the globe east",
        When::Sphere,
    ),
    bind(
        C::Board,
        &[Key::Char('n')],
        Action::NewGame,
        "new game (asks)",
    ),
    bind_when(
        C::Board,
        &[Key::Char('c')],
        Action::ToggleCellList,
        "cell list: the cursor's cell and neighbours",
        When::Flat,
    ),
    bind_when(
        C::Board,
        &[Key::Char('c')],
        Action::ToggleCellList,
        "the globe or the list of cells larger (one alone where both do not fit)",
        When::Sphere,
    ),
    bind(
        C::Board,
        &[Key::AnyDigit],
        Action::Neighbour(1),
        "cursor to the numbered neighbour",
    ),
    bind(
        C::Board,
        &[Key::Char('g')],
        Action::GoTo,
        "go to a cell by name",
    ),
    bind(
        C::Board,
        &[Key::Char('m')],
        Action::ComputerMove,
        "computer moves for the side to move",
    ),
    bind_when(
        C::Board,
        &[Key::Char('v'), Key::PageUp],
        Action::Review(ReviewStep::Back),
        "review: step back through the moves",
        When::Flat,
    ),
    bind_when(
        C::Board,
        &[Key::Char('v')],
        Action::Review(ReviewStep::Back),
        "review: step back through the moves",
        When::Sphere,
    ),
    bind_when(
        C::Board,
        &[Key::PageDown],
        Action::ListPage(1),
        "the list of cells: the cursor to its next page",
        When::Sphere,
    ),
    bind_when(
        C::Board,
        &[Key::PageUp],
        Action::ListPage(-1),
        "the list of cells: the cursor to its previous page",
        When::Sphere,
    ),
    bind(
        C::Board,
        &[Key::Home],
        Action::Review(ReviewStep::First),
        "review from the start position",
    ),
    bind(
        C::Board,
        &[Key::Char('a')],
        Action::Analyse,
        "analyse the game once over: graph and marks",
    ),
    bind(
        C::Board,
        &[Key::Char('b')],
        Action::BestLines,
        "the best lines for the side to move",
    ),
    bind(
        C::Board,
        &[Key::Char('R')],
        Action::AskResign,
        "resign (asks)",
    ),
    bind(
        C::Board,
        &[Key::Char('D')],
        Action::OfferDraw,
        "offer a draw",
    ),
    bind_when(
        C::Board,
        &[Key::Char('W')],
        Action::ClaimWin,
        "claim the win from a player long away",
        When::Shared,
    ),
    bind(
        C::Board,
        &[Key::Char('e')],
        Action::Explain,
        "how a piece moves (the one under the cursor)",
    ),
    bind(C::Board, &[Key::Char('?')], Action::Help, "this help"),
    bind(
        C::Board,
        &[Key::Char('q'), Key::Ctrl('c')],
        Action::Quit,
        "quit (game is saved)",
    ),
    bind(
        C::Review,
        &[Key::Left, Key::Char('h'), Key::Char('v'), Key::PageUp],
        Action::Review(ReviewStep::Back),
        "a move back",
    ),
    bind(
        C::Review,
        &[Key::Right, Key::Char('l'), Key::PageDown],
        Action::Review(ReviewStep::Forward),
        "a move forward",
    ),
    bind(
        C::Review,
        &[Key::Home],
        Action::Review(ReviewStep::First),
        "the start position",
    ),
    bind(
        C::Review,
        &[Key::Esc, Key::End, Key::Enter],
        Action::Review(ReviewStep::Live),
        "back to the game",
    ),
    bind(
        C::Review,
        &[Key::Up, Key::Char('k')],
        Action::Cursor(Dir::Up),
        "cursor up (left and right step the moves)",
    ),
    bind(
        C::Review,
        &[Key::Down, Key::Char('j')],
        Action::Cursor(Dir::Down),
        "cursor down",
    ),
    bind(
        C::Review,
        &[Key::AnyDigit],
        Action::Neighbour(1),
        "cursor to the numbered neighbour",
    ),
    bind(
        C::Review,
        &[Key::Char('g')],
        Action::GoTo,
        "go to a cell by name",
    ),
    bind(
        C::Review,
        &[Key::Char('e')],
        Action::Explain,
        "how a piece moves (the one under the cursor)",
    ),
    bind(
        C::Review,
        &[Key::Char('a')],
        Action::Analyse,
        "analyse the game: graph and marks",
    ),
    bind(
        C::Review,
        &[Key::Char('b')],
        Action::BestLines,
        "the best lines of the position shown",
    ),
    bind(C::Review, &[Key::Char('?')], Action::Help, "this help"),
    bind(
        C::Analysing,
        &[Key::Esc],
        Action::StopAnalysis,
        "stop the analysis, keeping what is done",
    ),
    bind(
        C::Review,
        &[Key::Char('q'), Key::Ctrl('c')],
        Action::Quit,
        "quit (game is saved)",
    ),
    bind(
        C::Setup,
        &[Key::Up, Key::Char('k')],
        Action::Cursor(Dir::Up),
        "previous row",
    ),
    bind(
        C::Setup,
        &[Key::Down, Key::Char('j')],
        Action::Cursor(Dir::Down),
        "next row",
    ),
    bind(
        C::Setup,
        &[Key::Left, Key::Char('h')],
        Action::Cursor(Dir::Left),
        "previous value",
    ),
    bind(
        C::Setup,
        &[Key::Right, Key::Char('l')],
        Action::Cursor(Dir::Right),
        "next value",
    ),
    bind(
        C::Setup,
        &[Key::Char(' ')],
        Action::Select,
        "next value, edit, resume",
    ),
    bind(
        C::Setup,
        &[Key::Enter],
        Action::Submit,
        "start the game (or resume)",
    ),
    bind(C::Setup, &[Key::Char('?')], Action::Help, "this help"),
    bind(
        C::Setup,
        &[Key::Char('q'), Key::Ctrl('c')],
        Action::Quit,
        "quit",
    ),
    bind(
        C::Puzzle,
        &[Key::Char(':'), Key::Enter],
        Action::OpenPrompt,
        "type your move (SAN/UCI)",
    ),
    bind(
        C::Puzzle,
        &[Key::Char('h')],
        Action::PuzzleHint,
        "a hint: the piece to move (counts as failed)",
    ),
    bind(
        C::Puzzle,
        &[Key::Char('s')],
        Action::PuzzleSolution,
        "show the solution (the puzzle is failed)",
    ),
    bind(
        C::Puzzle,
        &[Key::Char('n')],
        Action::PuzzleNext,
        "the next puzzle",
    ),
    bind(C::Puzzle, &[Key::Char('q'), Key::Esc], Action::Quit, "quit"),
    bind(C::TextEntry, &[Key::Enter], Action::Submit, "accept"),
    bind(C::TextEntry, &[Key::Esc], Action::Cancel, "close"),
    bind(
        C::TextEntry,
        &[Key::Backspace],
        Action::DeleteChar,
        "delete a character",
    ),
    bind(C::TextEntry, &[Key::Ctrl('c')], Action::Quit, "quit"),
    bind(C::TextEntry, &[Key::AnyChar], Action::TypeChar(' '), "type"),
    bind(
        C::Chooser,
        &[Key::Up, Key::Char('k')],
        Action::Cursor(Dir::Up),
        "previous",
    ),
    bind(
        C::Chooser,
        &[Key::Down, Key::Char('j')],
        Action::Cursor(Dir::Down),
        "next",
    ),
    bind(
        C::Chooser,
        &[Key::Enter, Key::Char(' ')],
        Action::Select,
        "choose marked one",
    ),
    bind(C::Chooser, &[Key::Esc], Action::Cancel, "cancel"),
    bind(C::Chooser, &[Key::Ctrl('c')], Action::Quit, "quit"),
    bind(
        C::Chooser,
        &[Key::AnyChar],
        Action::ChooseLetter(' '),
        "choose by letter",
    ),
    bind(C::Confirm, &[Key::Char('y')], Action::Yes, "yes"),
    bind(C::Confirm, &[Key::Char('n'), Key::Esc], Action::No, "no"),
    bind(C::Confirm, &[Key::Ctrl('c')], Action::Quit, "quit"),
    bind(
        C::Help,
        &[Key::Up, Key::Char('k')],
        Action::Cursor(Dir::Up),
        "scroll up",
    ),
    bind(
        C::Help,
        &[Key::Down, Key::Char('j')],
        Action::Cursor(Dir::Down),
        "scroll down",
    ),
    bind(
        C::Help,
        &[Key::Char(' '), Key::PageDown],
        Action::ScrollPage(PAGE_LINES),
        "scroll a page down",
    ),
    bind(
        C::Help,
        &[Key::PageUp],
        Action::ScrollPage(-PAGE_LINES),
        "scroll a page up",
    ),
    bind(
        C::Help,
        &[Key::Home],
        Action::ScrollPage(PAGE_START),
        "to the top",
    ),
    bind(
        C::Help,
        &[Key::End],
        Action::ScrollPage(PAGE_END),
        "to the end",
    ),
    bind(
        C::Help,
        &[Key::Esc, Key::Char('?'), Key::Char('q'), Key::Enter],
        Action::Cancel,
        "close",
    ),
    bind(
        C::Help,
        &[Key::Char('e')],
        Action::Explain,
        "how each piece moves",
    ),
    bind(C::Help, &[Key::Ctrl('c')], Action::Quit, "quit"),
    bind(
        C::Glance,
        &[Key::Up, Key::Char('k'), Key::Left],
        Action::Cursor(Dir::Up),
        "the piece before",
    ),
    bind(
        C::Glance,
        &[Key::Down, Key::Char('j'), Key::Right],
        Action::Cursor(Dir::Down),
        "the next piece",
    ),
    bind(
        C::Glance,
        &[Key::Esc, Key::Char('e'), Key::Char('q'), Key::Enter],
        Action::Cancel,
        "close",
    ),
    bind(C::Glance, &[Key::Ctrl('c')], Action::Quit, "quit"),
    bind(
        C::Lines,
        &[Key::Esc, Key::Char('b'), Key::Char('q'), Key::Enter],
        Action::Cancel,
        "close (a search under way is stopped)",
    ),
    bind(C::Lines, &[Key::Ctrl('c')], Action::Quit, "quit"),
    bind(
        C::Lobby,
        &[Key::Char('t')],
        Action::Lobby(LobbyStep::Go(LobbyPage::Tables)),
        "the tables",
    ),
    bind(
        C::Lobby,
        &[Key::Char('r')],
        Action::Lobby(LobbyStep::Go(LobbyPage::Recent)),
        "the games finished last",
    ),
    bind(
        C::Lobby,
        &[Key::Char('m')],
        Action::Lobby(LobbyStep::Go(LobbyPage::Mine)),
        "my games",
    ),
    bind(
        C::Lobby,
        &[Key::Char('l')],
        Action::Lobby(LobbyStep::Go(LobbyPage::Leaders)),
        "the leaderboards",
    ),
    bind(
        C::Lobby,
        &[Key::Char('p')],
        Action::Lobby(LobbyStep::Go(LobbyPage::Quick)),
        "a quick game",
    ),
    bind(
        C::Lobby,
        &[Key::Char('a')],
        Action::Lobby(LobbyStep::Go(LobbyPage::Keys)),
        "your keys: each first and last seen; remove one",
    ),
    bind(
        C::Lobby,
        &[Key::Char('z')],
        Action::Lobby(LobbyStep::Go(LobbyPage::Puzzles)),
        "puzzles: a variant chosen, your puzzle rating and streak",
    ),
    bind(
        C::Lobby,
        &[Key::Char('L')],
        Action::Lobby(LobbyStep::Lines),
        "go on in lines, for a screen reader",
    ),
    bind(
        C::Lobby,
        &[Key::Char('S')],
        Action::Lobby(LobbyStep::Reader),
        "boards drawn for a screen reader, on or off",
    ),
    bind(
        C::Lobby,
        &[Key::Char('q'), Key::Ctrl('c'), Key::Ctrl('d')],
        Action::Quit,
        "leave the server",
    ),
    bind(
        C::Lobby,
        &[Key::Char('?')],
        Action::Help,
        "every key of this page, in the note",
    ),
    bind(
        C::LobbyTables,
        &[Key::Up, Key::Char('k')],
        Action::Lobby(LobbyStep::Up),
        "the table above",
    ),
    bind(
        C::LobbyTables,
        &[Key::Down, Key::Char('j')],
        Action::Lobby(LobbyStep::Down),
        "the table below",
    ),
    bind(
        C::LobbyTables,
        &[Key::PageUp],
        Action::Lobby(LobbyStep::PageUp),
        "a screenful up",
    ),
    bind(
        C::LobbyTables,
        &[Key::PageDown],
        Action::Lobby(LobbyStep::PageDown),
        "a screenful down",
    ),
    bind(
        C::LobbyTables,
        &[Key::Home, Key::Char('g')],
        Action::Lobby(LobbyStep::Top),
        "the first",
    ),
    bind(
        C::LobbyGames,
        &[Key::Up, Key::Char('k')],
        Action::Lobby(LobbyStep::Up),
        "the game above",
    ),
    bind(
        C::LobbyGames,
        &[Key::Down, Key::Char('j')],
        Action::Lobby(LobbyStep::Down),
        "the game below",
    ),
    bind(
        C::LobbyGames,
        &[Key::PageUp],
        Action::Lobby(LobbyStep::PageUp),
        "a screenful up",
    ),
    bind(
        C::LobbyGames,
        &[Key::PageDown],
        Action::Lobby(LobbyStep::PageDown),
        "a screenful down",
    ),
    bind(
        C::LobbyGames,
        &[Key::Home, Key::Char('g')],
        Action::Lobby(LobbyStep::Top),
        "the first",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::Up, Key::Char('k')],
        Action::Lobby(LobbyStep::Up),
        "scroll up",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::Down, Key::Char('j')],
        Action::Lobby(LobbyStep::Down),
        "scroll down",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::PageUp],
        Action::Lobby(LobbyStep::PageUp),
        "a screenful up",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::PageDown],
        Action::Lobby(LobbyStep::PageDown),
        "a screenful down",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::Home, Key::Char('g')],
        Action::Lobby(LobbyStep::Top),
        "the first",
    ),
    bind(
        C::LobbyTables,
        &[Key::End, Key::Char('G')],
        Action::Lobby(LobbyStep::Bottom),
        "the last",
    ),
    bind(
        C::LobbyTables,
        &[Key::Enter, Key::Char(' ')],
        Action::Lobby(LobbyStep::Choose),
        "join: a free seat (or your own), else watch",
    ),
    bind(
        C::LobbyTables,
        &[Key::Char('w')],
        Action::Lobby(LobbyStep::Watch),
        "watch the table",
    ),
    bind(
        C::LobbyTables,
        &[Key::Char('c'), Key::Char('n')],
        Action::Lobby(LobbyStep::Create),
        "make a table",
    ),
    bind(
        C::LobbyTables,
        &[Key::Char('K')],
        Action::Lobby(LobbyStep::AddKey),
        "a code to add another key to your account",
    ),
    bind(
        C::LobbyGames,
        &[Key::Enter, Key::Char(' ')],
        Action::Lobby(LobbyStep::Choose),
        "look through the game",
    ),
    bind(
        C::LobbyGames,
        &[Key::Char('a')],
        Action::Lobby(LobbyStep::Analyse),
        "look through the game, analysed: graph and marks",
    ),
    bind(
        C::LobbyGames,
        &[Key::Esc],
        Action::Lobby(LobbyStep::Back),
        "the tables",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::Left, Key::Char('h')],
        Action::Lobby(LobbyStep::Left),
        "the previous variant",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::Right, Key::Char('v')],
        Action::Lobby(LobbyStep::Right),
        "the next variant",
    ),
    bind(
        C::LobbyLeaders,
        &[Key::Esc],
        Action::Lobby(LobbyStep::Back),
        "the tables",
    ),
    bind(
        C::QuickGame,
        &[Key::Up, Key::Char('k')],
        Action::Lobby(LobbyStep::Up),
        "the other row",
    ),
    bind(
        C::QuickGame,
        &[Key::Down, Key::Char('j')],
        Action::Lobby(LobbyStep::Down),
        "the other row",
    ),
    bind(
        C::QuickGame,
        &[Key::Left, Key::Char('h')],
        Action::Lobby(LobbyStep::Left),
        "the previous choice",
    ),
    bind(
        C::QuickGame,
        &[Key::Right, Key::Char('v')],
        Action::Lobby(LobbyStep::Right),
        "the next choice",
    ),
    bind(
        C::QuickGame,
        &[Key::Enter, Key::Char(' ')],
        Action::Lobby(LobbyStep::Choose),
        "wait for a game",
    ),
    bind(
        C::QuickGame,
        &[Key::Esc],
        Action::Lobby(LobbyStep::Back),
        "the tables",
    ),
    bind(
        C::LobbyKeys,
        &[Key::Up, Key::Char('k')],
        Action::Lobby(LobbyStep::Up),
        "the key above",
    ),
    bind(
        C::LobbyKeys,
        &[Key::Down, Key::Char('j')],
        Action::Lobby(LobbyStep::Down),
        "the key below",
    ),
    bind(
        C::LobbyKeys,
        &[Key::Home, Key::Char('g')],
        Action::Lobby(LobbyStep::Top),
        "the first",
    ),
    bind(
        C::LobbyKeys,
        &[Key::Char('x'), Key::Char('d')],
        Action::Lobby(LobbyStep::RemoveKey),
        "remove the key highlighted (you are asked first; never the one you are connected with)",
    ),
    bind(
        C::LobbyKeys,
        &[Key::Char('K')],
        Action::Lobby(LobbyStep::AddKey),
        "a code to add another key to your account",
    ),
    bind(
        C::LobbyKeys,
        &[Key::Esc],
        Action::Lobby(LobbyStep::Back),
        "the tables",
    ),
    bind(
        C::LobbyPuzzles,
        &[Key::Up, Key::Char('k')],
        Action::Lobby(LobbyStep::Up),
        "the variant above",
    ),
    bind(
        C::LobbyPuzzles,
        &[Key::Down, Key::Char('j')],
        Action::Lobby(LobbyStep::Down),
        "the variant below",
    ),
    bind(
        C::LobbyPuzzles,
        &[Key::Enter, Key::Char(' ')],
        Action::Lobby(LobbyStep::Choose),
        "solve puzzles of the variant highlighted",
    ),
    bind(
        C::LobbyPuzzles,
        &[Key::Esc],
        Action::Lobby(LobbyStep::Back),
        "the tables",
    ),
    bind(
        C::QuickWait,
        &[Key::Esc, Key::Backspace],
        Action::Lobby(LobbyStep::Back),
        "stop waiting",
    ),
    bind(
        C::QuickWait,
        &[Key::Char('y')],
        Action::Lobby(LobbyStep::PlayComputer),
        "play the computer instead (once it is offered)",
    ),
];

/// A hint on the bottom line: in `context`, the keys of `actions` (the
/// first key of each, run together, then the second keys after a slash when
/// there are several actions) and a word; when the line is short, the lowest
/// `priority` goes first.
pub struct Hint {
    /// Where it shows.
    pub context: Context,
    /// The actions whose keys it names.
    pub actions: &'static [Action],
    /// What it says the keys do.
    pub label: &'static str,
    /// How much it matters (10 most).
    pub priority: u8,
}

const fn hint(
    context: Context,
    actions: &'static [Action],
    label: &'static str,
    priority: u8,
) -> Hint {
    Hint {
        context,
        actions,
        label,
        priority,
    }
}

/// The bottom line's hints, in the order shown.
pub static HINTS: &[Hint] = &[
    hint(
        C::Board,
        &[
            Action::Cursor(Dir::Left),
            Action::Cursor(Dir::Down),
            Action::Cursor(Dir::Up),
            Action::Cursor(Dir::Right),
        ],
        "move",
        9,
    ),
    hint(C::Board, &[Action::Select], "select", 9),
    hint(C::Board, &[Action::Pass], "pass", 8),
    hint(C::Board, &[Action::OpenPrompt], "type a move", 5),
    hint(C::Board, &[Action::Undo], "undo", 6),
    hint(C::Board, &[Action::Redo], "redo", 3),
    hint(C::Board, &[Action::Hint], "hint", 4),
    hint(C::Board, &[Action::PauseComputer], "pause", 7),
    hint(C::Board, &[Action::Explain], "how it moves", 2),
    hint(C::Board, &[Action::Help], "help", 10),
    hint(C::Board, &[Action::Quit], "quit", 10),
    hint(
        C::Review,
        &[
            Action::Review(ReviewStep::Back),
            Action::Review(ReviewStep::Forward),
        ],
        "step",
        10,
    ),
    hint(C::Review, &[Action::Review(ReviewStep::First)], "start", 6),
    hint(
        C::Review,
        &[Action::Review(ReviewStep::Live)],
        "back to the game",
        10,
    ),
    hint(
        C::Review,
        &[Action::Cursor(Dir::Up), Action::Cursor(Dir::Down)],
        "cursor",
        7,
    ),
    hint(C::Review, &[Action::GoTo], "go to a cell", 4),
    hint(C::Review, &[Action::Explain], "how it moves", 5),
    hint(C::Review, &[Action::Help], "help", 9),
    hint(C::Review, &[Action::Quit], "quit", 8),
    hint(C::Review, &[Action::Analyse], "analyse", 3),
    hint(
        C::Analysing,
        &[
            Action::Review(ReviewStep::Back),
            Action::Review(ReviewStep::Forward),
        ],
        "step",
        9,
    ),
    hint(
        C::Analysing,
        &[Action::StopAnalysis],
        "stop the analysis",
        10,
    ),
    hint(C::Analysing, &[Action::Help], "help", 8),
    hint(C::Analysing, &[Action::Quit], "quit", 8),
    hint(C::Puzzle, &[Action::OpenPrompt], "move", 10),
    hint(C::Puzzle, &[Action::PuzzleHint], "hint", 9),
    hint(C::Puzzle, &[Action::PuzzleSolution], "solution", 9),
    hint(C::Puzzle, &[Action::PuzzleNext], "next", 9),
    hint(C::Puzzle, &[Action::Quit], "quit", 10),
    hint(C::TextEntry, &[Action::Submit], "accept", 9),
    hint(C::TextEntry, &[Action::Cancel], "close", 9),
    hint(C::TextEntry, &[Action::DeleteChar], "delete", 8),
    hint(
        C::Chooser,
        &[Action::ChooseLetter(' ')],
        "or Enter choose",
        9,
    ),
    hint(C::Chooser, &[Action::Cancel], "cancel", 9),
    hint(C::Confirm, &[Action::Yes], "yes", 9),
    hint(C::Confirm, &[Action::No], "no", 9),
    hint(C::Help, &[Action::Cancel], "close the help", 9),
    hint(C::Help, &[Action::Explain], "how pieces move", 8),
    hint(
        C::Glance,
        &[Action::Cursor(Dir::Up), Action::Cursor(Dir::Down)],
        "another piece",
        9,
    ),
    hint(C::Glance, &[Action::Cancel], "close", 9),
    hint(C::Lines, &[Action::Cancel], "close", 9),
    hint(
        C::Setup,
        &[Action::Cursor(Dir::Up), Action::Cursor(Dir::Down)],
        "row",
        9,
    ),
    hint(
        C::Setup,
        &[Action::Cursor(Dir::Left), Action::Cursor(Dir::Right)],
        "change",
        9,
    ),
    hint(C::Setup, &[Action::Submit], "start", 9),
    hint(C::Setup, &[Action::Help], "help", 8),
    hint(C::Setup, &[Action::Quit], "quit", 8),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Up), Action::Lobby(LobbyStep::Down)],
        "",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Choose)],
        "join",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Watch)],
        "watch",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Create)],
        "new",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Quick))],
        "quick game",
        9,
    ),
    hint(
        C::LobbyTables,
        &[
            Action::Lobby(LobbyStep::Go(LobbyPage::Recent)),
            Action::Lobby(LobbyStep::Go(LobbyPage::Mine)),
            Action::Lobby(LobbyStep::Go(LobbyPage::Leaders)),
        ],
        "games",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Puzzles))],
        "puzzles",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Keys))],
        "your keys",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Lines)],
        "lines (screen reader)",
        9,
    ),
    hint(
        C::LobbyTables,
        &[Action::Lobby(LobbyStep::Reader)],
        "reader view",
        8,
    ),
    hint(C::LobbyTables, &[Action::Quit], "leave", 9),
    hint(
        C::LobbyGames,
        &[Action::Lobby(LobbyStep::Up), Action::Lobby(LobbyStep::Down)],
        "choose",
        9,
    ),
    hint(
        C::LobbyGames,
        &[Action::Lobby(LobbyStep::Choose)],
        "review",
        9,
    ),
    hint(
        C::LobbyGames,
        &[Action::Lobby(LobbyStep::Analyse)],
        "analyse",
        9,
    ),
    hint(
        C::LobbyGames,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Tables))],
        "tables",
        9,
    ),
    hint(
        C::LobbyGames,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Recent))],
        "recent",
        9,
    ),
    hint(
        C::LobbyGames,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Mine))],
        "mine",
        9,
    ),
    hint(
        C::LobbyGames,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Leaders))],
        "leaderboard",
        9,
    ),
    hint(C::LobbyGames, &[Action::Quit], "leave", 9),
    hint(
        C::LobbyLeaders,
        &[
            Action::Lobby(LobbyStep::Left),
            Action::Lobby(LobbyStep::Right),
        ],
        "variant",
        9,
    ),
    hint(
        C::LobbyLeaders,
        &[Action::Lobby(LobbyStep::Up), Action::Lobby(LobbyStep::Down)],
        "scroll",
        9,
    ),
    hint(
        C::LobbyLeaders,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Tables))],
        "tables",
        9,
    ),
    hint(
        C::LobbyLeaders,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Recent))],
        "recent",
        9,
    ),
    hint(
        C::LobbyLeaders,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Mine))],
        "mine",
        9,
    ),
    hint(C::LobbyLeaders, &[Action::Quit], "leave", 9),
    hint(
        C::QuickGame,
        &[Action::Lobby(LobbyStep::Up), Action::Lobby(LobbyStep::Down)],
        "row",
        9,
    ),
    hint(
        C::QuickGame,
        &[
            Action::Lobby(LobbyStep::Left),
            Action::Lobby(LobbyStep::Right),
        ],
        "change",
        9,
    ),
    hint(
        C::QuickGame,
        &[Action::Lobby(LobbyStep::Choose)],
        "wait for a game",
        9,
    ),
    hint(C::QuickGame, &[Action::Lobby(LobbyStep::Back)], "tables", 9),
    hint(C::QuickGame, &[Action::Quit], "leave", 9),
    hint(
        C::QuickWait,
        &[Action::Lobby(LobbyStep::Back)],
        "stop waiting",
        9,
    ),
    hint(
        C::QuickWait,
        &[
            Action::Lobby(LobbyStep::Go(LobbyPage::Tables)),
            Action::Lobby(LobbyStep::Go(LobbyPage::Recent)),
            Action::Lobby(LobbyStep::Go(LobbyPage::Mine)),
            Action::Lobby(LobbyStep::Go(LobbyPage::Leaders)),
        ],
        "other pages (the wait goes on)",
        9,
    ),
    hint(C::QuickWait, &[Action::Quit], "leave", 9),
    hint(
        C::LobbyKeys,
        &[Action::Lobby(LobbyStep::Up), Action::Lobby(LobbyStep::Down)],
        "choose",
        9,
    ),
    hint(
        C::LobbyKeys,
        &[Action::Lobby(LobbyStep::RemoveKey)],
        "remove",
        9,
    ),
    hint(
        C::LobbyKeys,
        &[Action::Lobby(LobbyStep::AddKey)],
        "add a key",
        9,
    ),
    hint(
        C::LobbyKeys,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Tables))],
        "tables",
        9,
    ),
    hint(C::LobbyKeys, &[Action::Quit], "leave", 9),
    hint(
        C::LobbyPuzzles,
        &[Action::Lobby(LobbyStep::Up), Action::Lobby(LobbyStep::Down)],
        "variant",
        9,
    ),
    hint(
        C::LobbyPuzzles,
        &[Action::Lobby(LobbyStep::Choose)],
        "solve",
        9,
    ),
    hint(
        C::LobbyPuzzles,
        &[Action::Lobby(LobbyStep::Go(LobbyPage::Tables))],
        "tables",
        9,
    ),
    hint(C::LobbyPuzzles, &[Action::Quit], "leave", 9),
];

/// The hints of `context` that apply in `state`, as (text, priority): the
/// keys from the keymap, then the hint's word.
pub fn hints(context: Context, ascii: bool, state: HelpState) -> Vec<(String, u8)> {
    HINTS
        .iter()
        .filter(|h| h.context == context)
        .filter_map(|h| {
            let bindings: Vec<&Binding> = h
                .actions
                .iter()
                .filter_map(|a| binding_of(context, a))
                .collect();
            if bindings.len() != h.actions.len() || !bindings.iter().all(|b| state.lists(b)) {
                return None;
            }
            let nth = |n: usize| -> String {
                bindings
                    .iter()
                    .filter_map(|b| b.keys.get(n))
                    .map(|k| k.label(ascii))
                    .collect::<Vec<_>>()
                    .join(if ascii && n == 0 && bindings.len() > 1 {
                        "/"
                    } else {
                        ""
                    })
            };
            let mut keys = nth(0);
            let second = nth(1);
            if bindings.len() > 1 && !second.is_empty() {
                keys = format!("{keys}/{second}");
            }
            Some((format!("{keys} {}", h.label), h.priority))
        })
        .collect()
}

/// The action `key` triggers in `context` (or in the context whose keys
/// also apply there, [`Context::parent`]), if any, on a flat board.
pub fn action_for(context: Context, key: Key) -> Option<Action> {
    action_on(context, key, false)
}

/// The action `key` triggers in `context` (or its parent's), on a board
/// drawn as a globe (`sphere`) or a flat one: a key may do one thing on
/// the globe and another on a flat board (PageUp pages the sphere's list
/// of cells, and steps back through the moves elsewhere).
pub fn action_on(context: Context, key: Key, sphere: bool) -> Option<Action> {
    own_action_for(context, key, sphere).or_else(|| own_action_for(context.parent()?, key, sphere))
}

/// The binding of `action` in `context`, or in its parent.
fn binding_of(context: Context, action: &Action) -> Option<&'static Binding> {
    let own = |c: Context| {
        KEYMAP
            .iter()
            .find(|b| b.context == c && b.action == *action)
    };
    own(context).or_else(|| own(context.parent()?))
}

/// A screen's line of keys, made from the keymap by `context`'s hints:
/// for each, the first key of each of its actions (run together with
/// `/`) and the hint's word, the hints apart by ` · `, as the server's
/// lobby shows it.
pub fn key_line(context: Context, ascii: bool) -> String {
    HINTS
        .iter()
        .filter(|h| h.context == context)
        .filter_map(|h| {
            let keys: Option<Vec<String>> = h
                .actions
                .iter()
                .map(|a| Some(binding_of(context, a)?.keys.first()?.label(ascii)))
                .collect();
            let keys = keys?.join("/");
            Some(if h.label.is_empty() {
                keys
            } else {
                format!("{keys} {}", h.label)
            })
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The action `key` triggers in `context` itself, if any.
fn own_action_for(context: Context, key: Key, sphere: bool) -> Option<Action> {
    let board = |when: When| match when {
        When::Sphere => sphere,
        When::Flat => !sphere,
        _ => true,
    };
    let bindings = KEYMAP
        .iter()
        .filter(|b| b.context == context && board(b.when));
    for b in bindings.clone() {
        if b.keys.contains(&key) {
            return Some(b.action.clone());
        }
    }
    let Key::Char(c) = key else {
        return None;
    };
    if let Some(d) = c.to_digit(10).filter(|d| *d >= 1)
        && bindings.clone().any(|b| b.keys.contains(&Key::AnyDigit))
    {
        return Some(Action::Neighbour(d as u8));
    }
    for b in bindings {
        if b.keys.contains(&Key::AnyChar) {
            return match b.action {
                Action::TypeChar(_) => Some(Action::TypeChar(c)),
                Action::ChooseLetter(_) => Some(Action::ChooseLetter(c)),
                _ => Some(b.action.clone()),
            };
        }
    }
    None
}

/// The help for `contexts` in `state`: a heading per context, then (keys,
/// what they do).
pub fn help_sections(
    contexts: &[Context],
    ascii: bool,
    state: HelpState,
) -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    contexts
        .iter()
        .map(|&context| {
            let lines = KEYMAP
                .iter()
                .filter(|b| b.context == context && state.lists(b))
                .map(|b| {
                    let keys: Vec<String> = b.keys.iter().map(|k| k.label(ascii)).collect();
                    let quitting = context == C::Board && b.action == Action::Quit;
                    let help = if quitting && state.shared {
                        QUIT_SHARED
                    } else if quitting && state.unsaved {
                        QUIT_UNSAVED
                    } else {
                        b.help
                    };
                    (keys.join(" "), help)
                })
                .collect();
            (context.title(), lines)
        })
        .collect()
}

#[cfg(test)]
mod tests;
