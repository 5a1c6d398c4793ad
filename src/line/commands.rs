//! The line mode's commands: what a typed line asks for, and the sentences
//! that answer questions about the game, every cell and move in the
//! session's voice.

use crate::session::action::{Action, ReviewStep};
use crate::session::app::{App, Playing, Screen};
use crate::session::computer::Purpose;
use crate::session::describe::{self, glance, position, refusal};
use crate::session::save::SaveStore;
use crate::session::speech::{Notation, Voice, read_typed};
use crate::session::table::TableGame;
use crate::session::words::{capitalise, seat_is};
use catboard::core::{Cell, Game, Geometry, PieceKind, Seat};
use catboard::entry::{Reading, cells_named, read_move};
use catboard::variants::AnyGame;

/// A line typed in the line mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help`, `h`: the commands.
    Help,
    /// `board`: every rank in words.
    Board,
    /// `rank 3` (`None`: which rank was not said).
    Rank(Option<String>),
    /// `file e`.
    File(Option<String>),
    /// `s a`, `s 3`: a file or a rank, whichever the name is.
    Scan(String),
    /// `cell e4`.
    Cell(Option<String>),
    /// `pieces`, `p`, `pieces knight`, `p N`, `pieces black`.
    Pieces(Option<String>),
    /// `moves`, `moves e2`, `moves knight`, `moves Nf3`: every legal
    /// move, or those of a cell's piece, a kind's pieces or the piece a
    /// move names.
    Moves(Option<String>),
    /// `explain knight`, `explain n`, `explain e2`, `explain Nf3`: how a
    /// piece moves, on an empty board; `explain` alone lists the pieces.
    Explain(Option<String>),
    /// `last`, `l`: the last move in words.
    Last,
    /// `history`: the moves so far.
    History,
    /// `zones`: the Cats' zones, Cat by Cat, and the disarmed pieces.
    Zones,
    /// `status`, `s`: everything the side panel shows.
    Status,
    /// `turn`: whose turn it is.
    Turn,
    /// `players`, `o`: who plays each seat.
    Players,
    /// `material`, `captured`: the pieces each seat has taken.
    Material,
    /// `count`, `halfmove`: the move counts the end rules watch.
    Count,
    /// `clock`, `c`: the time on each seat's clock.
    Clock,
    /// `analyse`, `analyze`: the computer analyses the game so far.
    Analyse,
    /// `lines`, `best`: the computer's best lines for the position (the
    /// one in review, when reviewing).
    Lines,
    /// `review`, `back`, `forward`, `first`, `live`: step through the
    /// game's moves without undoing them.
    Review(ReviewStep),
    /// A word naming one of the variant's figures (`reserve`, `points`,
    /// `scores`, `out`, `leapers`, `passes`, `formation`, `lion`).
    Note(String),
    /// `notation`, `notation san`: the spoken notation.
    Notation(Option<String>),
    /// `undo`.
    Undo,
    /// `redo`.
    Redo,
    /// `new`: the same game again from its start; after a finished game
    /// of a variant with points, the next game of its series.
    New,
    /// `hint`: the engine's move for you.
    Hint,
    /// `computer`: the computer plays one move for the side to move.
    ComputerMove,
    /// `pass` (where the rules allow it).
    Pass,
    /// `resign`: give the game up.
    Resign,
    /// `draw`: offer a draw.
    Draw,
    /// `accept`, `decline`: answer a draw offered.
    Answer(bool),
    /// `quit`: leave; the game stays saved.
    Quit,
    /// `q` alone, which quits nothing: no game ends by one letter (it
    /// may have been meant as a queen).
    OneLetterQuit,
    /// A move with a question mark (`e4?`): what it would do, not played.
    Ask(String),
    /// A move.
    Move(String),
    /// A word that is neither a command nor a move.
    Unknown(String),
}

/// The words that name one command, with their short forms.
const WORDS: &[(&str, &str)] = &[
    ("help", "h"),
    ("board", "b"),
    ("last", "l"),
    ("history", ""),
    ("zones", "z"),
    ("zone", ""),
    ("status", "s"),
    ("turn", "t"),
    ("players", "o"),
    ("material", ""),
    ("captured", ""),
    ("count", ""),
    ("halfmove", ""),
    ("clock", "c"),
    ("analyse", ""),
    ("analyze", ""),
    ("lines", ""),
    ("best", ""),
    ("review", ""),
    ("back", ""),
    ("forward", ""),
    ("first", ""),
    ("live", ""),
    ("undo", "u"),
    ("redo", ""),
    ("new", ""),
    ("hint", ""),
    ("computer", ""),
    ("pass", ""),
    ("resign", ""),
    ("draw", ""),
    ("accept", ""),
    ("decline", ""),
    ("quit", ""),
    ("exit", ""),
];

/// The command `word` (lower case) names alone, with its long name.
fn command_word(word: &str) -> Option<&'static str> {
    WORDS
        .iter()
        .find(|(long, short)| *long == word || (!short.is_empty() && *short == word))
        .map(|(long, _)| *long)
}

impl Command {
    /// Reads `line` (not empty) in a game on `geo`.
    pub fn read(line: &str, geo: &Geometry) -> Command {
        let line = line.trim();
        if line == "?" {
            return Command::Help;
        }
        if let Some(asked) = line.strip_suffix('?') {
            return Command::Ask(asked.trim().to_string());
        }
        let mut words = line.split_whitespace();
        let first_typed = words.next().unwrap_or("");
        let first = first_typed.to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let arg = (!rest.is_empty()).then(|| rest.join(" "));
        let lower_arg = arg.as_ref().map(|a| a.to_ascii_lowercase());
        // Cell names typed with spaces ("f a", "22 S") are one name.
        let cell_arg = arg.as_ref().map(|a| read_typed(geo, &a.replace(' ', "")));
        match (first.as_str(), arg.is_some()) {
            ("rank", _) => return Command::Rank(lower_arg),
            ("file", _) => return Command::File(lower_arg),
            ("cell" | "square", _) => return Command::Cell(cell_arg),
            ("moves" | "m", _) => return Command::Moves(arg),
            ("pieces" | "piece" | "p", _) => return Command::Pieces(arg),
            ("explain" | "x", _) => return Command::Explain(arg),
            ("notation" | "speech", _) => return Command::Notation(lower_arg),
            ("s" | "scan", true) => return Command::Scan(lower_arg.unwrap_or_default()),
            _ => {}
        }
        if arg.is_none() {
            match command_word(&first) {
                Some("help") => return Command::Help,
                Some("board") => return Command::Board,
                Some("last") => return Command::Last,
                Some("history") => return Command::History,
                Some("zones" | "zone") => return Command::Zones,
                Some("status") => return Command::Status,
                Some("turn") => return Command::Turn,
                Some("players") => return Command::Players,
                Some("material" | "captured") => return Command::Material,
                Some("count" | "halfmove") => return Command::Count,
                Some("clock") => return Command::Clock,
                Some("analyse" | "analyze") => return Command::Analyse,
                Some("lines" | "best") => return Command::Lines,
                Some("review") => return Command::Review(ReviewStep::Last),
                Some("back") => return Command::Review(ReviewStep::Back),
                Some("forward") => return Command::Review(ReviewStep::Forward),
                Some("first") => return Command::Review(ReviewStep::First),
                Some("live") => return Command::Review(ReviewStep::Live),
                Some("undo") => return Command::Undo,
                Some("redo") => return Command::Redo,
                Some("new") => return Command::New,
                Some("hint") => return Command::Hint,
                Some("computer") => return Command::ComputerMove,
                Some("pass") => return Command::Pass,
                Some("resign") => return Command::Resign,
                Some("draw") => return Command::Draw,
                Some("accept") => return Command::Answer(true),
                Some("decline") => return Command::Answer(false),
                Some("quit" | "exit") => return Command::Quit,
                _ => {}
            }
            if first == "q" {
                return Command::OneLetterQuit;
            }
            if kind_named(&first).is_some() {
                return Command::Moves(Some(first));
            }
            if NOTE_WORDS.contains(&first.as_str()) {
                return Command::Note(first);
            }
        }
        if looks_like_move(geo, line) {
            Command::Move(line.to_string())
        } else {
            Command::Unknown(first_typed.to_string())
        }
    }

    /// The action the command is, when it acts on the game.
    pub fn action(&self) -> Option<Action> {
        match self {
            Command::Move(text) => Some(Action::TypedMove(text.clone())),
            Command::Pass => Some(Action::Pass),
            Command::Undo => Some(Action::Undo),
            Command::Redo => Some(Action::Redo),
            Command::New => Some(Action::Restart),
            Command::Hint => Some(Action::Hint),
            Command::ComputerMove => Some(Action::ComputerMove),
            Command::Resign => Some(Action::Resign),
            Command::Draw => Some(Action::OfferDraw),
            Command::Answer(yes) => Some(Action::AnswerDraw(*yes)),
            Command::Quit => Some(Action::Quit),
            Command::Review(step) => Some(Action::Review(*step)),
            _ => None,
        }
    }
}

/// The command `word` was likely meant as, when it is one typo away
/// from one ("stauts" for status).
fn nearest_command(word: &str) -> Option<&'static str> {
    const TAKING: &[&str] = &[
        "rank", "file", "cell", "moves", "pieces", "explain", "notation", "scan",
    ];
    let words = WORDS
        .iter()
        .map(|(long, _)| *long)
        .chain(TAKING.iter().copied())
        .chain(NOTE_WORDS.iter().copied());
    catboard::text::nearest(word, words)
}

/// Words that name a figure of the variant's panel, answered by [`Command::Note`].
const NOTE_WORDS: &[&str] = &[
    "reserve",
    "points",
    "scores",
    "out",
    "leapers",
    "passes",
    "formation",
];

/// Whether `text` can be meant as a move in a game on `geo`: it has a
/// digit, a mark of notation, names cells, is castling or a pass.
fn looks_like_move(geo: &Geometry, text: &str) -> bool {
    let text = text.trim();
    text.chars()
        .any(|c| c.is_ascii_digit() || matches!(c, '-' | '=' | '+' | '#' | ',' | ':' | '×'))
        || cells_named(geo, &read_typed(geo, text)).is_some()
        || text.eq_ignore_ascii_case("pass")
        || (text.len() <= 8
            && text.starts_with(|c: char| c.is_ascii_uppercase())
            && text[1..]
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == 'x')
            && cells_named(geo, text.get(1..).unwrap_or("")).is_some())
}

/// The piece kind `text` names ("knight", "knights", or its letter `N`).
fn kind_named(text: &str) -> Option<PieceKind> {
    PieceKind::named(text)
}

/// The kind a piece letter typed in capitals names (`N`), by the letters
/// the game writes its moves with, else the usual letters.
fn kind_of_letter(table: &TableGame, text: &str) -> Option<PieceKind> {
    let mut chars = text.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let game = table.game();
    let geo = game.geometry();
    let on_board: Vec<PieceKind> = geo
        .cells()
        .filter_map(|c| game.piece_at(c).map(|p| p.kind()))
        .collect();
    on_board
        .iter()
        .copied()
        .find(|k| k.letter() == letter)
        .or_else(|| PieceKind::ALL.into_iter().find(|k| k.letter() == letter))
}

/// The help: every command, one line each.
pub fn help(voice: Voice) -> Vec<String> {
    let notations: Vec<String> = Notation::ALL
        .iter()
        .map(|n| format!("{} ({})", n.id(), n.describe()))
        .collect();
    vec![
        "Commands:".to_string(),
        "a move, in any form: the cell a piece leaves and the cell it goes to, with a space, a dash, an x or nothing between (e2 e4, e2-e4), the move list's notation, a piece's letter in either case or its name before a cell (knight f3); a promotion without its piece asks which; pass where passing is allowed. A move with a question mark after it is explained, not played.".to_string(),
        "board, b: every rank in words (the sphere: every ring). rank 3, file e, s 3, s e: one rank or file. cell e4: what stands there and what can move there (the sphere: and its neighbours).".to_string(),
        "pieces, p: where every piece stands; p knight, p N, p black: of a kind or a side. moves, m: every legal move; moves e2, moves knight: the moves of one piece or kind; a piece's name alone (knight): the moves of yours.".to_string(),
        "explain knight, explain n, x lion: how a piece moves, shown on an otherwise empty board; explain alone lists the game's pieces.".to_string(),
        "last, l: the last move. history: the moves so far. status, s: everything the side panel shows. turn, t: whose turn it is. players, o: who plays each seat. material: what each side has taken. count: the move counts the end rules watch. clock, c: the time on each clock.".to_string(),
        "zones, zone, z: the Cats' zones and the disarmed pieces, in Cat Chess. reserve, points, out, leapers, passes: BacCanCat's figures. formation: Polar's formation. status says Chu's Lion rule when it holds.".to_string(),
        "undo, u; redo; new: take back, replay, start again. hint: the engine's move for you. computer: the engine plays your move.".to_string(),
        "review: look back through the moves without undoing them, from the last move played, each said; back and forward step, first goes to the start, live returns to the game.".to_string(),
        "analyse: the computer analyses the game so far and says each side's accuracy and every inaccuracy, mistake and blunder with the better move. lines, best: the computer's three best lines for the position (the one reviewed, in review), each with its score.".to_string(),
        "resign: give the game up. draw: offer a draw; accept or decline answer one. quit: leave; the game is saved and can be resumed (q alone quits nothing).".to_string(),
        format!(
            "notation: how moves and cells are said, now {}; notation NAME chooses {}.",
            voice.notation.id(),
            notations.join(", ")
        ),
    ]
}

/// The help at a table of `catboard serve` (or, when `archived`, in a
/// game of its archive): the same commands, but what a shared table does
/// instead of undo, hints and leaving.
#[cfg(feature = "ssh")]
pub fn help_at_server(voice: Voice, archived: bool) -> Vec<String> {
    let mut lines = help(voice);
    let (undo, quit) = if archived {
        (
            "This game is from the archive: review steps through it (back, forward, first, live); no move is played.",
            "quit: back to the lobby.",
        )
    } else {
        (
            "A shared table takes no move back and gives no hint; rematch, once the game is over, asks for another with the colours swapped.",
            "resign: give the game up. draw: offer a draw; accept or decline answer one. claim: the win, from a player away from a timed table long enough. quit: back to the lobby; the table keeps your seat while its game goes on.",
        )
    };
    for line in &mut lines {
        if line.starts_with("undo, u;") {
            *line = undo.to_string();
        } else if line.starts_with("resign:") {
            *line = quit.to_string();
        }
    }
    // The server analyses a game once it is archived (within its
    // budget, kept with the game) and searches no position's best lines.
    for line in &mut lines {
        if line.starts_with("analyse:") {
            *line = if archived {
                "analyse: the server analyses the game (once; its analysis is kept with it) and says each side's accuracy and every inaccuracy, mistake and blunder with the better move.".to_string()
            } else {
                "analyse: a game is analysed once it is archived: analyse and its number in the lobby.".to_string()
            };
        }
    }
    lines
}

/// The clocks in words: "White 4 minutes 58 seconds, Black 5 minutes;
/// Black to move." In an untimed game, how to have a clock.
pub fn clocks(app: &App) -> String {
    let Screen::Playing(p) = &app.screen else {
        return "There is no game on.".to_string();
    };
    let Some(control) = p.table.time_control() else {
        return "This game has no clock; start one with --time, such as --time 5+3.".to_string();
    };
    let game = p.table.game();
    let readings: Vec<String> = (0..p.table.players().len())
        .map(|i| {
            let seat = Seat(i as u8);
            let name = capitalise(game.seat_name(seat));
            let left = app.clock_reading(seat).unwrap_or_default();
            if game.retirements().of(seat).is_some() {
                format!("{name} out of time")
            } else {
                format!("{name} {}", catboard::clock::said(left))
            }
        })
        .collect();
    let turn = match p.table.outcome() {
        Some(_) => "the game is over".to_string(),
        None => format!("{} to move", capitalise(game.seat_name(game.to_move()))),
    };
    format!("{}; {turn} ({control}).", readings.join(", "))
}

/// What is said on leaving: where the game was saved and how to come
/// back to it, or that it was not saved.
pub fn farewell(app: &App) -> String {
    let Screen::Playing(p) = &app.screen else {
        return "Goodbye.".to_string();
    };
    if p.watching.is_some() {
        return "You were watching; the game goes on in the other catboard.".to_string();
    }
    let Some(path) = &p.save_path else {
        return "This game was not saved: no folder for saves was given.".to_string();
    };
    let shown = catboard::text::shown_path(path);
    if p.table.outcome().is_some() {
        return format!("The finished game is kept in {shown}.");
    }
    let usual = SaveStore::from_env(&|name| std::env::var(name).ok())
        .is_ok_and(|store| path.parent() == Some(store.dir()));
    let folder = match path.parent() {
        Some(dir) if !usual => format!(" --save-dir {}", catboard::text::shown_path(dir)),
        _ => String::new(),
    };
    format!("The game is saved in {shown}; to come back to it, run catboard line --resume{folder}.")
}

/// What is said when the line mode starts: the game and its players, and
/// who moves first, or, for a game resumed, where it stands.
pub fn introduction(table: &TableGame, voice: Voice) -> Vec<String> {
    let game = table.game();
    let mut said = vec![format!(
        "{}: {}. Type help for the commands.",
        table.variant().name(),
        players(table)
    )];
    if table.ply() == 0 {
        said.push(format!(
            "{} moves first.",
            capitalise(game.seat_name(game.to_move()))
        ));
        return said;
    }
    // Moves numbered as the move list numbers them (rounds), not plies.
    let number = table.move_number();
    match table.outcome() {
        Some(outcome) => said.push(format!(
            "The game ended at move {}. {}",
            table.last_move_number().unwrap_or(number),
            describe::result_in(table, outcome, voice)
        )),
        None => said.push(format!(
            "The game goes on at move {number}; the last: {}",
            last_move(table, voice)
        )),
    }
    said
}

/// "White is human, Black is computer (casual)", "the Cats are human".
fn players(table: &TableGame) -> String {
    let game = table.game();
    table
        .players()
        .iter()
        .enumerate()
        .map(|(i, _)| {
            let name = game.seat_name(Seat(i as u8));
            let label = table.player_label(Seat(i as u8));
            // "The Cats" take a plural verb.
            if name.ends_with('s') {
                format!("the {} are {label}", capitalise(name))
            } else {
                format!("{} is {label}", capitalise(name))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The answer to a question about the game.
pub fn answer(command: &Command, p: &Playing, voice: Voice) -> Vec<String> {
    let table = &p.table;
    let game = table.game();
    let geo = game.geometry();
    let cell_of = |name: &str| {
        cells_named(geo, name)
            .filter(|c| c.len() == 1)
            .map(|c| c[0])
    };
    let grid = geo.grid_size().is_some();
    match command {
        Command::Help => help(voice),
        Command::Board => position::board(game, voice),
        Command::Rank(_) | Command::File(_) | Command::Scan(_) if !grid => vec![format!(
            "This board has no ranks or files: board says every ring, cell {} a cell and its numbered neighbours, pieces where every piece stands.",
            voice.cell(geo, p.cursor)
        )],
        Command::Rank(None) => vec![format!(
            "Which rank? Type rank and its name, such as rank {}.",
            position::rank_label(geo, voice, 0)
        )],
        Command::File(None) => vec![format!(
            "Which file? Type file and its name, such as file {}.",
            position::file_label(geo, voice, 0)
        )],
        Command::Rank(Some(name)) => vec![match position::rank_named(geo, voice, name) {
            Some(r) => position::rank(game, voice, r),
            None => format!("There is no rank {}.", catboard::text::quoted(name)),
        }],
        Command::File(Some(name)) => vec![match position::file_named(geo, voice, name) {
            Some(f) => position::file(game, voice, f),
            None => format!("There is no file {}.", catboard::text::quoted(name)),
        }],
        Command::Scan(name) => {
            let file = position::file_named(geo, voice, name);
            let rank = position::rank_named(geo, voice, name);
            match (file, rank) {
                (Some(f), _) => vec![position::file(game, voice, f)],
                (None, Some(r)) => vec![position::rank(game, voice, r)],
                (None, None) => vec![format!(
                    "There is no rank or file {}.",
                    catboard::text::quoted(name)
                )],
            }
        }
        Command::Cell(None) => vec![format!(
            "Which cell? Type cell and its name, such as cell {}.",
            voice.cell(geo, p.cursor)
        )],
        Command::Cell(Some(name)) => match cell_of(name) {
            Some(c) => std::iter::once(position::cell_detail(game, voice, c))
                .chain(position::neighbours_sentence(game, voice, p.orientation, c))
                .collect(),
            None => vec![format!(
                "There is no cell {}.",
                catboard::text::quoted(name)
            )],
        },
        Command::Pieces(None) => position::all_pieces(game, voice),
        Command::Pieces(Some(what)) => {
            if let Some(kind) = kind_named(what)
                .or_else(|| kind_of_letter(table, what))
                .or_else(|| glance::kind_named(game, what))
            {
                return vec![describe::pieces_of_kind(game, voice, kind)];
            }
            let lower = what.to_ascii_lowercase();
            match game.seat_names().iter().position(|s| *s == lower.as_str()) {
                Some(i) => vec![position::pieces_of_seat(game, voice, Seat(i as u8))],
                None => vec![format!(
                    "{} is neither a piece nor a side; try pieces knight, p N or pieces {}.",
                    catboard::text::quoted(what),
                    game.seat_name(game.to_move())
                )],
            }
        }
        Command::Moves(None) => position::all_moves(game, voice),
        Command::Moves(Some(what)) => match named(game, what) {
            Named::Cells(cells) => cells
                .into_iter()
                .map(|c| position::moves_from(game, voice, c))
                .collect(),
            Named::Kind(kind) => {
                let side = game.to_move();
                let own: Vec<Cell> = geo
                    .cells()
                    .filter(|c| {
                        game.piece_at(*c)
                            .is_some_and(|p| p.kind() == kind && p.seat() == side)
                    })
                    .collect();
                if own.is_empty() {
                    vec![format!(
                        "{} has no {} on the board.",
                        capitalise(game.seat_name(side)),
                        kind.name()
                    )]
                } else {
                    own.into_iter()
                        .map(|c| position::moves_from(game, voice, c))
                        .collect()
                }
            }
            Named::Nothing => vec![format!(
                "There is no cell, piece or move {}; type moves for every legal move.",
                catboard::text::quoted(what)
            )],
        },
        Command::Explain(None) => vec![
            glance::kinds_sentence(game),
            format!(
                "Type explain and a piece's name or letter, such as explain {}.",
                game.piece_kinds().first().map_or("king", |k| k.name())
            ),
        ],
        Command::Explain(Some(name)) => {
            let kind = match named(game, name) {
                Named::Kind(kind) => Some(kind),
                Named::Cells(cells) => cells
                    .first()
                    .and_then(|c| game.piece_at(*c))
                    .map(|p| p.kind()),
                Named::Nothing => None,
            };
            match kind {
                Some(kind) => match game.glance(kind) {
                    Some(seen) => glance::glance_words(&seen, voice),
                    None => vec![format!("No position shows how the {} moves.", kind.name())],
                },
                None => vec![glance::unknown_kind(game, name)],
            }
        }
        Command::Last => vec![last_move(table, voice)],
        Command::History => vec![history(table, voice)],
        Command::Zones => zones(table, voice),
        Command::Status => status(p, voice),
        Command::Turn => vec![turn(p)],
        Command::Players => vec![format!("{}.", players(table))],
        Command::Material => material(table),
        Command::Count => count(table),
        Command::Note(name) if name == "scores" || name == "points" => {
            let mut said = vec![note(table, voice, "points")];
            said.extend(describe::series_standing(table));
            said
        }
        Command::Note(name) => vec![note(table, voice, name)],
        Command::Ask(text) => ask(table, voice, text),
        Command::OneLetterQuit => vec![
            "q alone does not quit, so that no game ends by one letter; type quit to leave (the game stays saved), or Q and a cell to move a queen.".to_string(),
        ],
        Command::Unknown(word) => vec![match nearest_command(word) {
            Some(meant) => format!(
                "Unknown command {}; did you mean {meant}? Type help for the commands.",
                catboard::text::quoted(word)
            ),
            None => format!(
                "Unknown command {}. Type help.",
                catboard::text::quoted(word)
            ),
        }],
        _ => Vec::new(),
    }
}

/// Whose turn it is, and whether a computer thinks for it.
fn turn(p: &Playing) -> String {
    let table = &p.table;
    let game = table.game();
    if let Some(ending) = table.outcome() {
        return format!(
            "The game is over: {}.",
            describe::ending_words(table, ending)
        );
    }
    let seat = capitalise(game.seat_name(game.to_move()));
    let check = if game.in_check() { ", in check" } else { "" };
    let who = match table.player_to_move().level() {
        Some(level) if p.paused => format!(" (the computer, {level}, paused)"),
        Some(level) => format!(" (the computer, {level})"),
        None => String::new(),
    };
    format!("{seat} to move{check}{who}.")
}

/// Everything the side panel shows: whose turn, check or the result, the
/// players, the search, the hint, the pieces taken, the variant's figures
/// and the series.
/// What `status` says: the variant, the round and whose turn, the
/// players, what the computer is doing, the material and the panel's
/// figures.
pub(super) fn status(p: &Playing, voice: Voice) -> Vec<String> {
    let table = &p.table;
    let game = table.game();
    let round = table.ply() / table.players().len().max(1) + 1;
    let mut said = vec![
        format!("{}, round {round}. {}", table.variant().name(), turn(p)),
        format!("{}.", players(table)),
    ];
    if let Some(t) = p.thinking.as_ref().filter(|_| table.outcome().is_none()) {
        let seat = seat_is(game.seat_name(t.seat));
        said.push(match t.purpose {
            Purpose::Move | Purpose::Requested => format!("{seat} thinking."),
            Purpose::Hint => "The engine is finding a hint.".to_string(),
            Purpose::DrawOffer => "The computer is thinking about the draw offered.".to_string(),
        });
    }
    if let Some(mv) = p.hint {
        said.push(format!("Hint: {}.", voice.mv(game, mv)));
    }
    said.extend(material(table));
    for note in game.annotations().notes {
        let value = describe::note_words(voice, &note.value);
        said.push(format!("{}: {value}.", note.label));
    }
    if game.annotations().zones.iter().next().is_some() {
        said.extend(zones(table, voice));
    }
    if table.shows_series() {
        said.extend(describe::series_standing(table));
    }
    said
}

/// The pieces each seat has taken: "White took pawn, knight. Black took
/// nothing."
fn material(table: &TableGame) -> Vec<String> {
    let game = table.game();
    let said: Vec<String> = (0..table.players().len())
        .map(|i| {
            let seat = Seat(i as u8);
            let taken: Vec<&str> = table
                .captured_by(seat)
                .iter()
                .map(|p| p.kind().name())
                .collect();
            let name = capitalise(game.seat_name(seat));
            if taken.is_empty() {
                format!("{name} took nothing.")
            } else {
                format!("{name} took {}.", taken.join(", "))
            }
        })
        .collect();
    vec![said.join(" ")]
}

/// The figures among the panel's that count moves (`Halfmove clock: 12`,
/// `Hundred-turn count: 37 of 100`), and the repetitions.
fn count(table: &TableGame) -> Vec<String> {
    let game = table.game();
    let mut said: Vec<String> = game
        .annotations()
        .notes
        .into_iter()
        .filter(|note| note.value.as_count().is_some())
        .map(|note| format!("{}: {}.", note.label, note.value))
        .collect();
    let seen = game.earlier_occurrences();
    if seen > 0 {
        let times = if seen == 1 { "once" } else { "twice" };
        said.push(format!("This position came up {times} before."));
    }
    if said.is_empty() {
        said.push(format!("{} counts no moves.", table.variant().name()));
    }
    said
}

/// What a word after `moves` or `explain` names.
enum Named {
    /// A piece kind, by its name, plural or letter (`knight`, `n`).
    Kind(PieceKind),
    /// The cells whose pieces are meant: a cell named (`e2`, `f a`), or
    /// the origins of the moves a move names (`Nf3`, `e2-e4`).
    Cells(Vec<Cell>),
    /// Nothing of the game.
    Nothing,
}

/// What `text` names in `game`: a piece kind, a cell, or the pieces the
/// move it reads as ([`read_move`]) would move.
fn named(game: &AnyGame, text: &str) -> Named {
    let geo = game.geometry();
    if let Some(kind) = glance::kind_named(game, text) {
        return Named::Kind(kind);
    }
    let typed = read_typed(geo, text);
    if let Some([cell]) = cells_named(geo, &typed.replace(' ', "")).as_deref() {
        return Named::Cells(vec![*cell]);
    }
    let mut origins: Vec<Cell> = match read_move(game, &typed) {
        Reading::Move(mv) => vec![mv.from],
        Reading::Choose(choices) => choices.iter().map(|(_, m)| m.from).collect(),
        Reading::Either(moves) => moves.iter().map(|m| m.from).collect(),
        Reading::NotLegal(_) => Vec::new(),
    };
    origins.dedup();
    if origins.is_empty() {
        Named::Nothing
    } else {
        Named::Cells(origins)
    }
}

/// What the move `text` would do, without playing it: read as a move
/// typed to be played is ([`read_move`]), in every form.
fn ask(table: &TableGame, voice: Voice, text: &str) -> Vec<String> {
    let game = table.game();
    if text.is_empty() {
        return help(voice);
    }
    let typed = read_typed(game.geometry(), text);
    let shown = catboard::text::quoted(text);
    match read_move(game, &typed) {
        Reading::Move(mv) => vec![format!(
            "{shown} would be legal: {}. Type it without the question mark to play it.",
            voice.mv(game, mv)
        )],
        Reading::Choose(choices) => {
            let said: Vec<String> = choices.iter().map(|(c, _)| c.words()).collect();
            vec![format!(
                "{shown} would be legal, with a choice: {}; typed without the question mark, it asks which.",
                said.join(", ")
            )]
        }
        Reading::Either(moves) => vec![refusal::which_one(game, voice, text, &moves)],
        Reading::NotLegal(e) => {
            let mut said = vec![refusal::typed_refusal(game, voice, &typed, &e)];
            said.extend(refusal::why_not(game, voice, &typed));
            said
        }
    }
}

/// The last move in words, as it was said when it was played (what befell
/// the piece that moved and the check it gave included).
pub fn last_move(table: &TableGame, voice: Voice) -> String {
    let now = table.game();
    let mut before = now.clone();
    match before.unmake_move() {
        Some(mv) => describe::changes::move_and_changes(&before, now, voice, mv)
            .into_iter()
            .next()
            .map_or_else(|| describe::move_played(&before, voice, mv), |e| e.text),
        None => "No move has been played yet.".to_string(),
    }
}

/// The moves so far, numbered by rounds: "1. e4 e5 2. Nf3", or in words
/// "1: pawn from e2 to e4; pawn from e7 to e5. 2: knight from g1 to f3."
fn history(table: &TableGame, voice: Voice) -> String {
    let seats = table.players().len().max(1);
    let moves = spoken_moves(table, voice);
    if moves.is_empty() {
        return "No move has been played yet.".to_string();
    }
    let words = voice.notation.in_words();
    let rounds: Vec<String> = moves
        .chunks(seats)
        .enumerate()
        .map(|(i, round)| {
            if words {
                format!("{}: {}.", i + 1, round.join("; "))
            } else {
                format!("{}. {}", i + 1, round.join(" "))
            }
        })
        .collect();
    if words {
        format!("Moves: {}", rounds.join(" "))
    } else {
        format!("Moves: {}.", rounds.join(" "))
    }
}

/// Every move played, as `voice` says it.
fn spoken_moves(table: &TableGame, voice: Voice) -> Vec<String> {
    if voice.notation == Notation::San {
        return table.notation().map(str::to_string).collect();
    }
    let mut game = table.game().clone();
    let mut moves = Vec::new();
    while let Some(mv) = game.unmake_move() {
        moves.push(mv);
    }
    moves
        .into_iter()
        .rev()
        .map(|mv| {
            let said = voice.mv(&game, mv);
            game.make_move(mv);
            said
        })
        .collect()
}

/// One of the variant's figures, found by a word of its label among what
/// the panel shows ("Reserve: Q8 T8 G8.").
fn note(table: &TableGame, voice: Voice, name: &str) -> String {
    let notes = table.game().annotations().notes;
    match notes.iter().find(|note| {
        note.label
            .to_ascii_lowercase()
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w == name)
    }) {
        Some(note) => format!(
            "{}: {}.",
            note.label,
            describe::note_words(voice, &note.value)
        ),
        None => format!("{} has no {name} to tell.", table.variant().name()),
    }
}

/// The Cats' zones, Cat by Cat, and the disarmed pieces.
fn zones(table: &TableGame, voice: Voice) -> Vec<String> {
    let game = table.game();
    let geo = game.geometry();
    let notes = game.annotations();
    if notes.zones.iter().next().is_none() {
        return vec!["There are no zones in this game.".to_string()];
    }
    let cats: Vec<Cell> = geo
        .cells()
        .filter(|c| {
            game.piece_at(*c)
                .is_some_and(|p| p.kind() == PieceKind::Cat)
        })
        .collect();
    let mut said: Vec<String> = cats
        .iter()
        .map(|&cat| {
            let cells = std::iter::once(cat)
                .chain(geo.neighbours(cat).iter().map(|n| n.cell))
                .filter(|c| notes.zones.contains(*c));
            let mut cells: Vec<Cell> = cells.collect();
            cells.sort_by_key(|c| (geo.rank(*c), geo.file(*c)));
            format!(
                "The zone of the Cat on {}: {}.",
                voice.cell(geo, cat),
                voice.cell_list(geo, cells)
            )
        })
        .collect();
    said.push(describe::changes::disarmed_now(game, voice));
    said
}

/// What forbids a refused move and what is legal nearby.
pub fn nearby(text: &str, table: &TableGame, voice: Voice) -> Vec<String> {
    let game = table.game();
    refusal::why_not(game, voice, &read_typed(game.geometry(), text))
}

#[cfg(test)]
mod tests;
