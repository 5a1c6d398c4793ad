//! Keys to actions: the one keymap table, from which the `?` help is made.

use super::action::{Action, Dir, ReviewStep};

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
    /// How each piece moves (moves at a glance).
    Glance,
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
            Context::Glance => "How pieces move",
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
}

/// Degrees one press of `<` or `>` turns the sphere's globe: half an
/// octant, so every cell comes round to the meeting of the discs.
pub const ROTATE_STEP: i16 = 45;

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
    bind(
        C::Board,
        &[Key::Char('f')],
        Action::Flip,
        "turn board (sphere: globe) round",
    ),
    bind(
        C::Board,
        &[Key::Char('<')],
        Action::Rotate(-ROTATE_STEP),
        "sphere: turn the globe west",
    ),
    bind(
        C::Board,
        &[Key::Char('>')],
        Action::Rotate(ROTATE_STEP),
        "sphere: turn the globe east",
    ),
    bind(
        C::Board,
        &[Key::Char('n')],
        Action::NewGame,
        "new game (asks)",
    ),
    bind(
        C::Board,
        &[Key::Char('c')],
        Action::ToggleCellList,
        "cell list: the cursor's cell and neighbours",
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
    bind(
        C::Board,
        &[Key::Char('v'), Key::PageUp],
        Action::Review(ReviewStep::Back),
        "review: step back through the moves",
    ),
    bind(
        C::Board,
        &[Key::Home],
        Action::Review(ReviewStep::First),
        "review from the start position",
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
        &[Key::Left, Key::Char('h'), Key::PageUp],
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
        &[Key::Esc, Key::End, Key::Char('v'), Key::Enter],
        Action::Review(ReviewStep::Live),
        "back to the game",
    ),
    bind(C::Review, &[Key::Char('?')], Action::Help, "this help"),
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
        &[Key::Char(' ')],
        Action::Select,
        "scroll a page down",
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
                .filter_map(|a| {
                    KEYMAP
                        .iter()
                        .find(|b| b.context == context && b.action == *a)
                })
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

/// The action `key` triggers in `context`, if any.
pub fn action_for(context: Context, key: Key) -> Option<Action> {
    let bindings = KEYMAP.iter().filter(|b| b.context == context);
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
