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

mod bindings;
mod hints;

pub use bindings::KEYMAP;
pub use hints::{HINTS, Hint, hints, key_line};

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
