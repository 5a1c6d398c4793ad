//! The bottom line's hints and the lobby's key line, made from the
//! keymap: which actions each names, and the words after their keys.

use super::*;

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
