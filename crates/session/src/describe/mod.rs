//! The describe layer: every sentence the game says, made in one place
//! from game facts. The update step emits them as [`Event`]s, which the
//! screen's message line and the line mode both read.

pub mod changes;
pub mod glance;
pub mod position;
pub mod refusal;

use super::speech::{Voice, taken_pieces};
use super::table::TableGame;
use super::words::capitalise;
use catboard::core::{
    Cell, EndReason, Figure, Game, Leaving, MoveKind, Outcome, Piece, PieceKind, Retire, Seat,
};
use catboard::entry::{Choice, Refusal};
use catboard::series::{Series, half_points_text};
use catboard::variants::AnyGame;

/// What an event reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A move was played, by a person or the computer.
    Move,
    /// A side is in check.
    Check,
    /// The game ended.
    Result,
    /// A pick or a typed move was refused.
    Refusal,
    /// Something went wrong outside the game (a save, the computer).
    Error,
    /// Anything else worth saying (a hint, a pause, a resumed game).
    Info,
}

impl EventKind {
    /// Whether the event reports a mistake or failure (drawn as an error).
    pub fn is_error(self) -> bool {
        matches!(self, EventKind::Refusal | EventKind::Error)
    }
}

/// One sentence the game said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// What it reports.
    pub kind: EventKind,
    /// The sentence.
    pub text: String,
}

impl Event {
    /// An event of `kind` saying `text`.
    pub fn new(kind: EventKind, text: impl Into<String>) -> Event {
        Event {
            kind,
            text: text.into(),
        }
    }
}

/// A seat's name as a sentence starts it ("White", "The Cats").
fn seat_subject(game: &AnyGame, seat: Seat) -> String {
    let name = game.seat_name(seat);
    if name.ends_with('s') {
        format!("The {}", capitalise(name))
    } else {
        capitalise(name)
    }
}

/// A figure of the panel as `voice` says it: pieces in hand, which the
/// panel writes `Q8 T8 G8` (BacCanCat's Reserve), are said "8 queens, 8
/// tanks, 8 gnus" in a spoken voice (a synthesiser reads the letters as
/// "queue", "tee", "gee"); every other figure as the panel writes it.
pub fn note_words(voice: Voice, value: &Figure) -> String {
    match value {
        Figure::Pieces { counts, .. } if !counts.is_empty() && voice.notation.in_words() => counts
            .iter()
            .map(|&(kind, _, count)| {
                let name = kind.name();
                if count == 1 {
                    format!("1 {name}")
                } else {
                    format!("{count} {}", super::words::plural(name))
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => value.to_string(),
    }
}

/// A piece in words with its owner ("black pawn", "cat").
pub fn piece_words(game: &AnyGame, piece: Piece) -> String {
    if piece.kind() == PieceKind::Cat {
        return "cat".to_string();
    }
    format!("{} {}", game.seat_name(piece.seat()), piece.kind().name())
}

/// The sentence for `mv`, played now in `game` (before it is made), as a
/// listener needs it and no longer (the move list's way: the origin only
/// when another piece of the kind could go there too, what is taken by
/// its kind, its owner only where more than one army could lose it):
/// "White knight to f3.", "Black knight b8 to d7.", "Black pawn takes
/// pawn e4.", "Red rook takes orange queen a8.", "Cat a4 to b5.",
/// "White castles king side.", "The Cats pass."
pub fn move_played(game: &AnyGame, voice: Voice, mv: catboard::core::Move) -> String {
    let geo = game.geometry();
    let who = seat_subject(game, game.to_move());
    let name = |c: Cell| voice.cell(geo, c);
    // "The Cats" take a plural verb.
    let plural = who.starts_with("The ");
    let verb = |one: &str, many: &str| {
        if plural {
            many.to_string()
        } else {
            one.to_string()
        }
    };
    if mv.kind == MoveKind::Pass {
        return format!("{who} {}.", verb("passes", "pass"));
    }
    if let Some(retire) = Retire::of(mv) {
        return format!("{}.", retire.words(game.seat_names()));
    }
    let Some(piece) = game.piece_at(mv.from) else {
        return format!("{who} {} {}.", verb("plays", "play"), voice.mv(game, mv));
    };
    let kind = piece.kind().name();
    if mv.kind == MoveKind::Castle {
        let side = if geo.file(mv.aux) > geo.file(mv.from) {
            "king side"
        } else {
            "queen side"
        };
        return format!("{who} {} {side}.", verb("castles", "castle"));
    }
    if mv.kind == MoveKind::TwoLeg && mv.aux == mv.from {
        // A Lion's pass: a step out and back, the turn spent.
        return format!(
            "{who} {} with the {kind} on {}.",
            verb("passes", "pass"),
            name(mv.from)
        );
    }
    // A Cat is the Cats' only piece: its name says whose it is.
    let subject = if piece.kind() == PieceKind::Cat {
        capitalise(kind)
    } else {
        format!("{who} {kind}")
    };
    let taken = taken_pieces(game, mv);
    let owners = enemy_armies(game) > 1;
    let victim = |p: Piece| {
        if owners {
            piece_words(game, p)
        } else {
            p.kind().name().to_string()
        }
    };
    let mut text = if mv.kind == MoveKind::TwoLeg {
        let path = if mv.to == mv.from {
            format!("{} to {} and back", name(mv.from), name(mv.aux))
        } else {
            format!("{} via {} to {}", name(mv.from), name(mv.aux), name(mv.to))
        };
        let taking: Vec<String> = taken
            .iter()
            .map(|(p, on)| format!("{} {}", victim(*p), name(*on)))
            .collect();
        if taking.is_empty() {
            format!("{subject} {path}")
        } else {
            format!("{subject} {path}, taking {}", taking.join(" and "))
        }
    } else {
        let origin = if mv.kind == MoveKind::EnPassant || has_rival(game, mv) {
            format!(" {}", name(mv.from))
        } else {
            String::new()
        };
        match taken.first() {
            Some((p, on)) if mv.kind == MoveKind::EnPassant => format!(
                "{subject}{origin} takes {} {} en passant, to {}",
                victim(*p),
                name(*on),
                name(mv.to)
            ),
            Some((p, on)) if *on == mv.to => {
                format!("{subject}{origin} takes {} {}", victim(*p), name(*on))
            }
            Some((p, on)) => format!(
                "{subject}{origin} to {}, taking {} {}",
                name(mv.to),
                victim(*p),
                name(*on)
            ),
            None => format!("{subject}{origin} to {}", name(mv.to)),
        }
    };
    if let Some(kind) = mv.promotion {
        text.push_str(&format!(", promotes to {}", kind.name()));
    }
    text.push('.');
    text
}

/// Whether another piece like the one `mv` moves could go where it goes
/// (so the move is said with its origin, as the move list writes it).
fn has_rival(game: &AnyGame, mv: catboard::core::Move) -> bool {
    let piece = game.piece_at(mv.from);
    game.legal_move_list().iter().any(|m| {
        m.to == mv.to
            && m.from != mv.from
            && m.kind != MoveKind::Castle
            && !m.is_pass()
            && game.piece_at(m.from) == piece
    })
}

/// How many seats other than the side to move have pieces on the board
/// that can be taken (a Cat never is): with one, what a move takes is
/// said without its owner.
fn enemy_armies(game: &AnyGame) -> usize {
    let geo = game.geometry();
    let mover = game.to_move();
    let mut seats: Vec<Seat> = geo
        .cells()
        .filter_map(|c| game.piece_at(c))
        .filter(|p| p.seat() != mover && p.kind() != PieceKind::Cat)
        .map(|p| p.seat())
        .collect();
    seats.sort_by_key(|s| s.0);
    seats.dedup();
    seats.len()
}

/// "Black is in check.", when the side to move is and the game goes on
/// (the SSH server's line; the line mode and the screen say every
/// seat's check through [`changes`]).
pub fn check(game: &AnyGame) -> Option<String> {
    (game.outcome().is_none() && game.in_check())
        .then(|| format!("{} is in check.", seat_subject(game, game.to_move())))
}

/// The result as the screen shows it, with its score: "Game over 1-0:
/// Checkmate — White wins." (what is said is [`result_in`]).
pub fn result(table: &TableGame, ending: Outcome) -> String {
    let words = table.outcome_words(ending);
    if table.players().len() == 2 {
        format!("Game over {}: {words}.", ending.score())
    } else {
        format!("Game over: {words}.")
    }
}

/// The result in words, the same for every voice (which is kept for the
/// callers' sake: a synthesiser reads a score "one dash zero", so none is
/// said) and whoever made the last move: "White wins by checkmate.",
/// "Draw by stalemate.", "The Cats win by threefold repetition.", "Black
/// resigns; White wins."
pub fn result_in(table: &TableGame, ending: Outcome, _voice: Voice) -> String {
    format!("{}.", ending_words(table, ending))
}

/// How the game ended, as a sentence says it without its full stop:
/// How a game called off before each player had moved reads.
pub const ABORTED: &str = "Aborted before each player had moved; not rated";

/// "White wins by checkmate", "Draw by the fifty-move rule", "White's
/// flag fell; Black wins", "Draw agreed".
pub fn ending_words(table: &TableGame, ending: Outcome) -> String {
    let game = table.game();
    let winner = ending.winner.map(|seat| {
        let name = game.seat_name(seat);
        if name.ends_with('s') {
            format!("The {} win", capitalise(name))
        } else {
            format!("{} wins", capitalise(name))
        }
    });
    let left = table
        .last_move()
        .and_then(Retire::of)
        .map(|r| r.words(game.seat_names()));
    match (ending.reason, left, winner) {
        (EndReason::Agreement, _, _) => "Draw agreed".to_string(),
        (EndReason::Aborted, _, _) => ABORTED.to_string(),
        (EndReason::TimeAgainstMaterial, Some(left), _) => {
            let other = Seat(1 - game.to_move().0.min(1));
            format!(
                "{left}, but {} could not have mated: a draw",
                capitalise(game.seat_name(other))
            )
        }
        (EndReason::Resignation | EndReason::Time, Some(left), Some(winner)) => {
            format!("{left}; {winner}")
        }
        (reason, _, Some(winner)) => format!("{winner} by {}", reason.describe()),
        (reason, _, None) => format!("Draw by {}", reason.describe()),
    }
}

/// A seat left a game that goes on: "Blue resigns: out of the game, and
/// play goes on.", "The Cats' flag fell: they pass from now on."
pub fn left_the_game(table: &TableGame, retire: Retire) -> String {
    let game = table.game();
    let words = retire.words(game.seat_names());
    match (retire, game.end_rules().leaving) {
        (Retire::Leave(..), Leaving::TwoArmies) => format!("{words}: they pass from now on."),
        (Retire::Leave(..), Leaving::Elimination) => {
            format!("{words}: out of the game, and play goes on.")
        }
        (Retire::Agreement, _) => format!("{words}."),
    }
}

/// Each seat's series total: "Red 6, Orange 0, Green 2.5, Blue 3.5".
pub fn series_totals(game: &AnyGame, series: &Series) -> String {
    (0..game.seat_names().len())
        .map(|i| {
            let total = series.totals().get(i).copied().unwrap_or(0);
            format!(
                "{} {}",
                capitalise(game.seat_name(Seat(i as u8))),
                half_points_text(total)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A game of a series begins: "Game 2 of the series. Totals: Red 6, …".
pub fn series_game_begins(table: &TableGame) -> String {
    format!(
        "Game {} of the series. Totals: {}.",
        table.series().current_game(),
        series_totals(table.game(), table.series())
    )
}

/// The series so far for the line mode's `scores`: "Series: game 2;
/// totals Red 6, …" (this game counted once it has ended), or `None` when
/// the variant scores no points.
pub fn series_standing(table: &TableGame) -> Option<String> {
    table.game().points()?;
    let counted = table.series_with_this_game();
    Some(format!(
        "Series: game {}; totals {}.",
        table.series().current_game(),
        series_totals(table.game(), &counted)
    ))
}

/// The question a new game asks: after a finished game of a series,
/// "Start game 2 of the series? (y/n)", else "Start a new game? (y/n)".
pub fn new_game_question(table: &TableGame) -> String {
    if table.outcome().is_some() && table.game().points().is_some() {
        format!(
            "Start game {} of the series? (y/n)",
            table.series().current_game() + 1
        )
    } else {
        "Start a new game? (y/n)".to_string()
    }
}

/// The question a draw offered asks the other army: "White offers a
/// draw. Accept it as Black? (y/n)".
pub fn draw_question(table: &TableGame, offerer: Seat) -> String {
    let game = table.game();
    format!(
        "{} offers a draw. Accept it as {}? (y/n)",
        capitalise(game.seat_name(offerer)),
        capitalise(game.seat_name(offerer.opponent()))
    )
}

/// Why a pick was refused, in one sentence.
pub fn refusal(game: &AnyGame, voice: Voice, why: Refusal) -> String {
    let geo = game.geometry();
    let name = |c: Cell| voice.cell(geo, c);
    let side = game.to_move();
    match why {
        Refusal::NoMoveFrom(cell) => match game.piece_at(cell) {
            Some(p) if p.seat() == side => format!(
                "The {} on {} has no legal move.",
                p.kind().name(),
                name(cell)
            ),
            _ => {
                let own = crate::words::possessive(&capitalise(game.seat_name(side)));
                format!("It is {own} move: select one of {own} pieces.")
            }
        },
        Refusal::CannotReach { from, via, to } => {
            let what = game
                .piece_at(from)
                .map_or("piece".to_string(), |p| p.kind().name().to_string());
            match via {
                Some(via) => format!(
                    "The {what} on {} cannot go on from {} to {}.",
                    name(from),
                    name(via),
                    name(to)
                ),
                None => format!("The {what} on {} cannot move to {}.", name(from), name(to)),
            }
        }
        Refusal::NotAChoice(choice) => match choice {
            Choice::NoPromotion => "Here the piece must promote.".to_string(),
            Choice::Promote(kind) => {
                format!("Promoting to a {} is not a choice here.", kind.name())
            }
        },
        Refusal::NoChoicePending => "There is nothing to choose now.".to_string(),
    }
}

/// A cell and what stands on it: "e4: white pawn.", "d5: empty, dark square."
pub fn cell(game: &AnyGame, voice: Voice, cell: Cell) -> String {
    let geo = game.geometry();
    let named = match position::place_on_sphere(game, cell) {
        Some(place) => format!("{}, {place}", voice.cell(geo, cell)),
        None => voice.cell(geo, cell),
    };
    let annotations = game.annotations();
    let mut zone = if annotations.zones.contains(cell) {
        ", in a Cat's zone".to_string()
    } else {
        String::new()
    };
    if let Some((seat, _)) = annotations.regions.iter().find(|(_, c)| c.contains(cell)) {
        zone.push_str(&format!(
            ", in {}'s camp",
            capitalise(game.seat_name(*seat))
        ));
    }
    match game.piece_at(cell) {
        Some(p) => format!("{}: {}{zone}.", named, piece_words(game, p)),
        None => {
            let shade = if geo.is_light(cell) { "light" } else { "dark" };
            // A sphere's cells are triangles and four-sided patches.
            let noun = if geo.grid_size().is_some() {
                "square"
            } else {
                "cell"
            };
            format!("{}: empty, {shade} {noun}{zone}.", named)
        }
    }
}

/// Where the pieces of `kind` stand, seat by seat: "White knights: b1, g1.
/// Black knights: b8, g8." or "There are no bishops." when none do.
pub fn pieces_of_kind(game: &AnyGame, voice: Voice, kind: PieceKind) -> String {
    let geo = game.geometry();
    let mut parts = Vec::new();
    if kind == PieceKind::Cat {
        let cells: Vec<String> = geo
            .cells()
            .filter(|&c| game.piece_at(c).is_some_and(|p| p.kind() == kind))
            .map(|c| voice.cell(geo, c))
            .collect();
        return if cells.is_empty() {
            "There are no cats.".to_string()
        } else {
            format!("The Cats stand on {}.", cells.join(", "))
        };
    }
    for (i, name) in game.seat_names().iter().enumerate() {
        let cells: Vec<String> = geo
            .cells()
            .filter(|&c| {
                game.piece_at(c)
                    .is_some_and(|p| p.kind() == kind && p.seat().index() == i)
            })
            .map(|c| voice.cell(geo, c))
            .collect();
        if !cells.is_empty() {
            parts.push(format!(
                "{} {}: {}.",
                capitalise(name),
                if cells.len() == 1 {
                    kind.name().to_string()
                } else {
                    kind.plural()
                },
                cells.join(", ")
            ));
        }
    }
    if parts.is_empty() {
        format!("There are no {}.", kind.plural())
    } else {
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    #[test]
    fn the_disarmed_pieces_are_grouped_as_a_cats_move_says_them() {
        let mut game = Variant::Cat.new_game(&Options::new());
        assert_eq!(
            changes::disarmed_now(&game, Voice::SPOKEN),
            "No piece is disarmed."
        );
        for text in ["e4", "e5", "a4b3"] {
            let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
            game.make_move(mv);
        }
        assert_eq!(
            changes::disarmed_now(&game, Voice::SPOKEN),
            "Disarmed: white pawns a2, b2, c2."
        );
    }

    #[test]
    fn the_reserve_is_said_in_words_in_a_spoken_voice() {
        let reserve = |counts| Figure::Pieces {
            counts,
            empty: "Pawns and Yeomen only",
        };
        let full = reserve(vec![
            (PieceKind::Queen, 'Q', 8),
            (PieceKind::Tank, 'T', 8),
            (PieceKind::Gnu, 'G', 1),
        ]);
        let said = |voice| note_words(voice, &full);
        assert_eq!(said(Voice::SPOKEN), "8 queens, 8 tanks, 1 gnu");
        assert_eq!(said(Voice::SCREEN), "Q8 T8 G1");
        assert_eq!(
            note_words(Voice::SPOKEN, &reserve(Vec::new())),
            "Pawns and Yeomen only"
        );
        let count = Figure::count(8u8);
        assert_eq!(note_words(Voice::SPOKEN, &count), "8");
        // The start's reserve, as the game gives it.
        let game = Variant::BacCanCat.new_game(&Options::new());
        let start = game.annotations().notes.remove(0);
        assert_eq!(
            note_words(Voice::SPOKEN, &start.value),
            "8 queens, 8 tanks, 8 gnus"
        );
    }

    fn chess(fen: Option<&str>) -> AnyGame {
        match fen {
            Some(f) => Variant::Chess.from_position(f, &Options::new()),
            None => Ok(Variant::Chess.new_game(&Options::new())),
        }
        .unwrap_or_else(|e| panic!("{e}"))
    }

    fn said(game: &AnyGame, text: &str) -> String {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        move_played(game, Voice::SCREEN, mv)
    }

    /// Item 10 of issue 21: "Red yeomans". Kinds take their plural, and a
    /// lone piece its singular.
    #[test]
    fn pieces_of_a_kind_are_named_in_the_right_number() {
        let four = Variant::BacCanCat.new_game(&Options::new());
        let text = pieces_of_kind(&four, Voice::SCREEN, PieceKind::Yeoman);
        assert!(text.starts_with("Red yeomen: "), "{text}");
        assert!(!text.contains("yeomans"), "{text}");
        let bare = chess(Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
        assert_eq!(
            pieces_of_kind(&bare, Voice::SCREEN, PieceKind::Queen),
            "White queen: d1."
        );
        assert_eq!(
            pieces_of_kind(&bare, Voice::SCREEN, PieceKind::Yeoman),
            "There are no yeomen."
        );
        assert_eq!(PieceKind::named("yeomen"), Some(PieceKind::Yeoman));
        assert_eq!(PieceKind::named("knights"), Some(PieceKind::Knight));
    }

    #[test]
    fn a_move_is_said_with_its_piece_cells_capture_and_promotion() {
        let game = chess(None);
        assert_eq!(said(&game, "Nf3"), "White knight to f3.");
        let game = chess(Some("4k3/1P6/8/3pP3/8/8/8/R3K3 w Q d6 0 1"));
        assert_eq!(
            said(&game, "exd6"),
            "White pawn e5 takes pawn d5 en passant, to d6."
        );
        assert_eq!(said(&game, "b8=N"), "White pawn to b8, promotes to knight.");
        assert_eq!(said(&game, "O-O-O"), "White castles queen side.");
    }

    #[test]
    fn check_and_results_are_said() {
        let game = chess(Some("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"));
        assert_eq!(check(&game).as_deref(), Some("Black is in check."));
        assert_eq!(check(&chess(None)), None);
    }

    #[test]
    fn refusals_name_the_piece_and_cells() {
        let game = chess(None);
        let geo = game.geometry();
        let c = |n: &str| geo.cell(n).unwrap_or_default();
        assert_eq!(
            refusal(&game, Voice::SCREEN, Refusal::NoMoveFrom(c("a1"))),
            "The rook on a1 has no legal move."
        );
        assert_eq!(
            refusal(&game, Voice::SCREEN, Refusal::NoMoveFrom(c("e7"))),
            "It is White's move: select one of White's pieces."
        );
        assert_eq!(
            refusal(
                &game,
                Voice::SCREEN,
                Refusal::CannotReach {
                    from: c("g1"),
                    via: None,
                    to: c("g3")
                }
            ),
            "The knight on g1 cannot move to g3."
        );
    }

    #[test]
    fn cells_and_pieces_of_a_kind_are_said() {
        let game = chess(None);
        let geo = game.geometry();
        assert_eq!(
            cell(&game, Voice::SCREEN, geo.cell("e1").unwrap_or_default()),
            "e1: white king."
        );
        assert_eq!(
            cell(&game, Voice::SCREEN, geo.cell("e4").unwrap_or_default()),
            "e4: empty, light square."
        );
        assert_eq!(
            pieces_of_kind(&game, Voice::SCREEN, PieceKind::Knight),
            "White knights: b1, g1. Black knights: b8, g8."
        );
        assert_eq!(
            pieces_of_kind(&game, Voice::SCREEN, PieceKind::Lion),
            "There are no lions."
        );
    }
}
