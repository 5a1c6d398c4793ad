//! The line mode's commands: what a typed line asks for, and the sentences
//! that answer questions about the game.

use crate::session::action::Action;
use crate::session::describe::{self, position};
use crate::session::table::TableGame;
use crate::session::words::capitalise;
use catboard::core::geometry::Shape;
use catboard::core::{Game, PieceKind, Seat};
use catboard::entry::cells_named;
use catboard::variants::polar::layout;

/// A line typed in the line mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help`: the commands.
    Help,
    /// `board`: every rank in words.
    Board,
    /// `rank 3`.
    Rank(String),
    /// `file e`.
    File(String),
    /// `cell e4` (or a bare cell name).
    Cell(String),
    /// `pieces`, `pieces knight`, `pieces black`.
    Pieces(Option<String>),
    /// `moves`, `moves e2`.
    Moves(Option<String>),
    /// `last`: the last move in words.
    Last,
    /// `history`: the moves so far.
    History,
    /// `zones`: the Cats' zones and the disarmed pieces (Cat Chess).
    Zones,
    /// `reserve`, `scores`, `out`: one of the variant's figures by name
    /// (BacCanCat's Reserve and points), as the side panel shows them.
    Note(String),
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
    /// `resign`: give the game up and leave.
    Resign,
    /// `quit`: leave; the game stays saved.
    Quit,
    /// Anything else: a move.
    Move(String),
}

impl Command {
    /// Reads `line` (not empty).
    pub fn read(line: &str) -> Command {
        let lower = line.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let first = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let arg = (!rest.is_empty()).then(|| rest.join(" "));
        match (first, arg) {
            ("help" | "?", None) => Command::Help,
            ("board", None) => Command::Board,
            ("rank", Some(a)) => Command::Rank(a),
            ("file", Some(a)) => Command::File(a),
            ("cell" | "square", Some(a)) => Command::Cell(a),
            ("pieces" | "piece", a) => Command::Pieces(a),
            ("moves", a) => Command::Moves(a),
            ("last", None) => Command::Last,
            ("history", None) => Command::History,
            ("zones", None) => Command::Zones,
            ("reserve" | "scores" | "points" | "out", None) => Command::Note(first.to_string()),
            ("undo", None) => Command::Undo,
            ("redo", None) => Command::Redo,
            ("new", None) => Command::New,
            ("hint", None) => Command::Hint,
            ("computer", None) => Command::ComputerMove,
            ("pass", None) => Command::Pass,
            ("resign", None) => Command::Resign,
            ("quit" | "exit", None) => Command::Quit,
            _ if kind_named(&lower).is_some() => Command::Pieces(Some(lower)),
            _ => Command::Move(line.trim().to_string()),
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
            Command::Quit => Some(Action::Quit),
            _ => None,
        }
    }
}

/// The piece kind `text` names ("knight", "knights").
fn kind_named(text: &str) -> Option<PieceKind> {
    PieceKind::named(text)
}

/// The help: every command, one line each.
pub const HELP: &[&str] = &[
    "Commands:",
    "a move in any notation the game reads, such as e4, Nf3, e2e4 or e7e8q; or pass where passing is allowed.",
    "board: every rank in words (the sphere: every ring). rank 3, file e: one rank or file. cell e4: what stands there and what can move there (the sphere: and its neighbours).",
    "pieces, pieces knight, pieces black: where pieces stand. moves: every legal move. moves e2: the moves of one piece.",
    "last: the last move. history: the moves so far. zones: the Cats' zones, in Cat Chess. reserve, scores, out: BacCanCat's Reserve, points (and the series totals) and armies out.",
    "undo, redo, new: take back, replay, start again. hint: the engine's move for you. computer: the engine plays your move.",
    "resign: give the game up. quit: leave; the game is saved and can be resumed.",
];

/// What is said when the line mode starts: the game and its players.
pub fn introduction(table: &TableGame) -> Vec<String> {
    let game = table.game();
    let players: Vec<String> = table
        .players()
        .iter()
        .enumerate()
        .map(|(i, pl)| {
            format!(
                "{} is {}",
                capitalise(game.seat_name(Seat(i as u8))),
                pl.label()
            )
        })
        .collect();
    vec![
        format!(
            "{}: {}. Type help for the commands.",
            table.variant().name(),
            players.join(", ")
        ),
        format!(
            "{} moves first.",
            capitalise(game.seat_name(game.to_move()))
        ),
    ]
}

/// The answer to a question about the game.
pub fn answer(command: &Command, table: &TableGame) -> Vec<String> {
    let game = table.game();
    let geo = game.geometry();
    let cell_of = |name: &str| {
        cells_named(geo, name)
            .filter(|c| c.len() == 1)
            .map(|c| c[0])
    };
    match command {
        Command::Help => HELP.iter().map(|s| s.to_string()).collect(),
        Command::Board => position::board(game),
        Command::Rank(name) => vec![match position::rank_named(geo, name) {
            Some(r) => position::rank(game, r),
            None => format!("There is no rank {}.", catboard::text::shown(name)),
        }],
        Command::File(name) => vec![match position::file_named(geo, name) {
            Some(f) => position::file(game, f),
            None => format!("There is no file {}.", catboard::text::shown(name)),
        }],
        Command::Cell(name) => match cell_of(name) {
            Some(c) if geo.shape() == Shape::Graph => {
                let way = |to| layout::compass(geo, c, to);
                let around = position::neighbour_words(game, c, way).join("; ");
                vec![
                    position::cell_detail(game, c),
                    format!("Neighbours of {}: {around}.", geo.name(c)),
                ]
            }
            Some(c) => vec![position::cell_detail(game, c)],
            None => vec![format!("There is no cell {}.", catboard::text::shown(name))],
        },
        Command::Pieces(None) => position::all_pieces(game),
        Command::Pieces(Some(what)) => {
            if let Some(kind) = kind_named(what) {
                return vec![describe::pieces_of_kind(game, kind)];
            }
            match game.seat_names().iter().position(|s| *s == what.as_str()) {
                Some(i) => vec![position::pieces_of_seat(game, Seat(i as u8))],
                None => vec![format!(
                    "{} is neither a piece nor a side; try pieces knight or pieces {}.",
                    catboard::text::quoted(what),
                    game.seat_name(game.to_move())
                )],
            }
        }
        Command::Moves(None) => position::all_moves(game),
        Command::Moves(Some(name)) => vec![match cell_of(name) {
            Some(c) => position::moves_from(game, c),
            None => format!("There is no cell {}.", catboard::text::shown(name)),
        }],
        Command::Last => vec![last_move(table)],
        Command::History => vec![history(table)],
        Command::Zones => vec![zones(table)],
        Command::Note(name) if name == "scores" => {
            let mut said = vec![note(table, name)];
            said.extend(describe::series_standing(table));
            said
        }
        Command::Note(name) => vec![note(table, name)],
        Command::Resign => {
            let loser = game.to_move();
            vec![format!(
                "{} resigns. The game is left saved as it stands.",
                capitalise(game.seat_name(loser))
            )]
        }
        _ => Vec::new(),
    }
}

/// What is legal near a refused move `text`: the moves of the piece on
/// the cell it starts with, else how to hear every legal move.
pub fn nearby(text: &str, table: &TableGame) -> String {
    let game = table.game();
    let geo = game.geometry();
    let lower = text.to_ascii_lowercase();
    let start = (2..=3.min(lower.len()))
        .rev()
        .find_map(|n| lower.get(..n).and_then(|prefix| geo.cell(prefix)));
    match start {
        Some(cell)
            if game
                .piece_at(cell)
                .is_some_and(|p| p.seat() == game.to_move()) =>
        {
            position::moves_from(game, cell)
        }
        _ => "Type moves to hear every legal move.".to_string(),
    }
}

/// The last move in words.
fn last_move(table: &TableGame) -> String {
    let mut before = table.game().clone();
    match before.unmake_move() {
        Some(mv) => describe::move_played(&before, mv),
        None => "No move has been played yet.".to_string(),
    }
}

/// The moves so far, numbered by rounds: "1. e4 e5 2. Nf3".
fn history(table: &TableGame) -> String {
    let seats = table.players().len().max(1);
    let moves: Vec<&str> = table.notation().collect();
    if moves.is_empty() {
        return "No move has been played yet.".to_string();
    }
    let rounds: Vec<String> = moves
        .chunks(seats)
        .enumerate()
        .map(|(i, round)| format!("{}. {}", i + 1, round.join(" ")))
        .collect();
    format!("Moves: {}.", rounds.join(" "))
}

/// One of the variant's figures, found by name among what the panel shows
/// ("Reserve: Q8 T8 G8."); `scores` is the points.
fn note(table: &TableGame, name: &str) -> String {
    let wanted = if name == "scores" { "points" } else { name };
    let notes = table.game().annotations().notes;
    match notes
        .iter()
        .find(|(label, _)| label.to_ascii_lowercase() == wanted)
    {
        Some((label, value)) => format!("{label}: {value}."),
        None => format!("{} has no {name} to tell.", table.variant().name()),
    }
}

/// The Cats' zones and the disarmed pieces.
fn zones(table: &TableGame) -> String {
    let game = table.game();
    let geo = game.geometry();
    let notes = game.annotations();
    if notes.zones.is_empty() {
        return "There are no zones in this game.".to_string();
    }
    let cells: Vec<&str> = notes.zones.iter().map(|c| geo.name(c)).collect();
    let disarmed: Vec<String> = notes
        .disarmed
        .iter()
        .filter_map(|c| {
            game.piece_at(c)
                .map(|p| format!("{} {}", describe::piece_words(game, p), geo.name(c)))
        })
        .collect();
    let disarmed = if disarmed.is_empty() {
        "No piece is disarmed.".to_string()
    } else {
        format!("Disarmed: {}.", disarmed.join(", "))
    };
    format!("Zones: {}. {disarmed}", cells.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_as_commands_or_moves() {
        assert_eq!(Command::read("Board"), Command::Board);
        assert_eq!(Command::read("rank 3"), Command::Rank("3".into()));
        assert_eq!(Command::read("cell E4"), Command::Cell("e4".into()));
        assert_eq!(
            Command::read("knights"),
            Command::Pieces(Some("knights".into()))
        );
        assert_eq!(Command::read("moves"), Command::Moves(None));
        assert_eq!(Command::read("Nf3"), Command::Move("Nf3".into()));
        assert_eq!(
            Command::read("e1f2,f2g3"),
            Command::Move("e1f2,f2g3".into())
        );
        assert_eq!(Command::read("new").action(), Some(Action::Restart));
    }
}
