//! How cells and moves are named in sentences: the spoken notation the
//! line mode chooses with `--speech` or its `notation` command (`words`,
//! `san`, `uci`, `letters`, `phonetic`), and the screen's own (`san`).
//! Every cell and every move the describe layer puts in a sentence, a list
//! or a refusal goes through one [`Voice`], so no sentence can name a cell
//! in another way than the one chosen.
//!
//! `words`, the line mode's default, is made for speech synthesisers
//! (espeak-ng, the voice of Orca and NVDA): moves are said in words
//! ("knight from g1 to f3, check"), never in SAN ("Ned2" is read "ned
//! two"); a cell whose name is only letters (BacCanCat's `fa`, which a
//! synthesiser reads as the syllable "fah") is said with its rank as a
//! number (`f1`; BacCanCat's ranks `a` to `p` are 1 to 16), and a cell
//! whose name ends in a letter after digits (Polar's `22S`, read "twenty
//! two z") has a space before the letter (`22 S`). Spelling the letters
//! out ("f a") does not help there: a lone "a" before a word is read as
//! the article, and a screen reader at its default punctuation level
//! drops the hyphen of "f-a". [`read_typed`] takes the spoken names back,
//! so what is heard can be typed.

use super::describe::piece_words;
use catboard::core::geometry::Shape;
use catboard::core::{Cell, EndReason, Game, Geometry, Move, MoveKind};
use catboard::variants::AnyGame;

/// A way of naming cells and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Moves in words, cells as a synthesiser reads them rightly.
    Words,
    /// Moves as the move list writes them (SAN for chess), cells by name.
    San,
    /// Moves in coordinates (`g1f3`), cells by name.
    Uci,
    /// Moves in words, cells letter by letter ("f a", "e 4").
    Letters,
    /// Moves in words, cells in the phonetic alphabet ("foxtrot alpha").
    Phonetic,
}

impl Notation {
    /// Every notation, the line mode's default first.
    pub const ALL: [Notation; 5] = [
        Notation::Words,
        Notation::San,
        Notation::Uci,
        Notation::Letters,
        Notation::Phonetic,
    ];

    /// The name on the command line and in the `notation` command.
    pub const fn id(self) -> &'static str {
        match self {
            Notation::Words => "words",
            Notation::San => "san",
            Notation::Uci => "uci",
            Notation::Letters => "letters",
            Notation::Phonetic => "phonetic",
        }
    }

    /// What the notation does, in a few words, for `help` and `notation`.
    pub const fn describe(self) -> &'static str {
        match self {
            Notation::Words => "moves in words, cells as a speech synthesiser reads them",
            Notation::San => "moves as the move list writes them",
            Notation::Uci => "moves as the cells they leave and reach, run together",
            Notation::Letters => "moves in words, cells letter by letter, such as f a",
            Notation::Phonetic => "moves in words, cells in the phonetic alphabet",
        }
    }

    /// The notation named `name` (any case).
    pub fn from_id(name: &str) -> Result<Notation, catboard::text::UnknownChoice> {
        let wanted = name.trim().to_ascii_lowercase();
        Notation::ALL
            .into_iter()
            .find(|n| n.id() == wanted)
            .ok_or_else(|| {
                let names: Vec<&str> = Notation::ALL.iter().map(|n| n.id()).collect();
                catboard::text::UnknownChoice {
                    kind: "notation",
                    given: name.trim().to_string(),
                    choices: names.join(", "),
                }
            })
    }

    /// Whether moves are said in words (not in a written notation).
    pub const fn in_words(self) -> bool {
        matches!(
            self,
            Notation::Words | Notation::Letters | Notation::Phonetic
        )
    }
}

/// The phonetic alphabet, `a` to `z`.
const PHONETIC: [&str; 26] = [
    "alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu",
];

/// The voice of a front end: the notation its sentences name cells and
/// moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Voice {
    /// The notation.
    pub notation: Notation,
}

impl Default for Voice {
    /// The screen's voice: cells by name, moves in the move list's notation.
    fn default() -> Voice {
        Voice::SCREEN
    }
}

impl Voice {
    /// The full screen's voice (what the message line shows).
    pub const SCREEN: Voice = Voice {
        notation: Notation::San,
    };

    /// The line mode's and the screen reader's default voice.
    pub const SPOKEN: Voice = Voice {
        notation: Notation::Words,
    };

    /// A voice in `notation`.
    pub const fn new(notation: Notation) -> Voice {
        Voice { notation }
    }

    /// The cell `cell` of `geo` as this voice says it.
    pub fn cell(self, geo: &Geometry, cell: Cell) -> String {
        let name = geo.name(cell);
        match self.notation {
            Notation::San | Notation::Uci => name.to_string(),
            Notation::Words => words_name(geo, cell),
            Notation::Letters => spelled(name, |c| c.to_string()),
            Notation::Phonetic => spelled(name, |c| {
                let i = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
                PHONETIC.get(i).map_or(c.to_string(), |w| w.to_string())
            }),
        }
    }

    /// `cells` said one after another, joined by ", ".
    pub fn cell_list(self, geo: &Geometry, cells: impl IntoIterator<Item = Cell>) -> String {
        cells
            .into_iter()
            .map(|c| self.cell(geo, c))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `mv` (legal now in `game`) as lists, hints, the history and
    /// take-backs say it: "Nf3", "g1f3", or "knight from g1 to f3, check".
    pub fn mv(self, game: &AnyGame, mv: Move) -> String {
        match self.notation {
            Notation::San => game.move_notation(mv),
            Notation::Uci => game.move_text(mv),
            _ => self.move_words(game, mv),
        }
    }

    /// `mv` as a sentence after a move says it: "knight from g1 to f3,
    /// taking the black pawn on f3" (the seat's name before it).
    fn move_words(self, game: &AnyGame, mv: Move) -> String {
        let geo = game.geometry();
        let at = |c: Cell| self.cell(geo, c);
        if mv.kind == MoveKind::Pass {
            return "pass".to_string();
        }
        if let Some(retire) = catboard::core::Retire::of(mv) {
            return retire.words(game.seat_names()).to_lowercase();
        }
        let piece = game.piece_at(mv.from);
        let kind = piece.map_or("piece", |p| p.kind().name());
        let mut text = if mv.kind == MoveKind::Castle {
            format!(
                "castling, king from {} to {}, rook from {}",
                at(mv.from),
                at(mv.to),
                at(mv.aux)
            )
        } else if mv.kind == MoveKind::TwoLeg && mv.aux == mv.from {
            format!("{kind} on {} passes", at(mv.from))
        } else if mv.kind == MoveKind::TwoLeg && mv.to == mv.from {
            format!("{kind} on {} to {} and back", at(mv.from), at(mv.aux))
        } else if mv.kind == MoveKind::TwoLeg {
            format!(
                "{kind} from {} via {} to {}",
                at(mv.from),
                at(mv.aux),
                at(mv.to)
            )
        } else {
            format!("{kind} from {} to {}", at(mv.from), at(mv.to))
        };
        let taken = taken_pieces(game, mv);
        if !taken.is_empty() {
            let words: Vec<String> = taken
                .iter()
                .map(|(p, c)| format!("the {} on {}", piece_words(game, *p), at(*c)))
                .collect();
            text.push_str(&format!(", taking {}", words.join(" and ")));
            if mv.kind == MoveKind::EnPassant {
                text.push_str(" en passant");
            }
        }
        if let Some(kind) = mv.promotion {
            text.push_str(&format!(", promotes to {}", kind.name()));
        }
        text.push_str(check_words(game, mv));
        text
    }

    /// `mv` in a list of one piece's moves, after "can move to": its
    /// destination, and what it takes, promotes to and checks ("f3, taking
    /// the black pawn, check"); the written move in brackets for `san` and
    /// `uci` ("f3 (Nf3)").
    pub fn destination(self, game: &AnyGame, mv: Move) -> String {
        let geo = game.geometry();
        let to = if mv.kind == MoveKind::TwoLeg {
            if mv.aux == mv.from {
                "pass".to_string()
            } else if mv.to == mv.from {
                format!("{} and back", self.cell(geo, mv.aux))
            } else {
                format!("{} then {}", self.cell(geo, mv.aux), self.cell(geo, mv.to))
            }
        } else {
            self.cell(geo, mv.to)
        };
        if !self.notation.in_words() {
            let written = self.mv(game, mv);
            return if written == to {
                written
            } else {
                format!("{to} ({written})")
            };
        }
        let mut text = to;
        let taken = taken_pieces(game, mv);
        if !taken.is_empty() {
            let kinds: Vec<&str> = taken.iter().map(|(p, _)| p.kind().name()).collect();
            text.push_str(&format!(" taking {}", kinds.join(" and ")));
        }
        if mv.kind == MoveKind::Castle {
            text.push_str(" castling");
        }
        if let Some(kind) = mv.promotion {
            text.push_str(&format!(" promoting to {}", kind.name()));
        }
        // No comma in a list item: "a8 giving checkmate, b1".
        text.push_str(&check_words(game, mv).replace(", ", " giving "));
        text
    }

    /// `mv` written as it can be typed, for examples in refusals: the move
    /// list's notation for `san`, else coordinates with this voice's cells
    /// (which [`read_typed`] reads back).
    pub fn typed(self, game: &AnyGame, mv: Move) -> String {
        match self.notation {
            Notation::San => game.move_notation(mv),
            Notation::Uci => game.move_text(mv),
            Notation::Words if !mv.is_pass() => {
                let geo = game.geometry();
                let cells: Vec<String> = mv
                    .path()
                    .iter()
                    .map(|c| words_name(geo, *c).replace(' ', ""))
                    .collect();
                cells.join("-")
            }
            _ => game.move_text(mv),
        }
    }
}

/// The pieces `mv` takes, with their cells: a two-leg move may take on
/// both legs.
pub fn taken_pieces(game: &AnyGame, mv: Move) -> Vec<(catboard::core::Piece, Cell)> {
    let mover = game.to_move();
    let mut taken = Vec::new();
    if mv.kind == MoveKind::TwoLeg {
        if mv.aux != mv.from
            && let Some(p) = game.piece_at(mv.aux).filter(|p| p.seat() != mover)
        {
            taken.push((p, mv.aux));
        }
        if mv.to != mv.from
            && mv.to != mv.aux
            && let Some(p) = game.piece_at(mv.to).filter(|p| p.seat() != mover)
        {
            taken.push((p, mv.to));
        }
        return taken;
    }
    if let Some(p) = game.captured(mv) {
        let on = if mv.kind == MoveKind::EnPassant {
            mv.aux
        } else {
            mv.to
        };
        taken.push((p, on));
    }
    taken
}

/// ", checkmate", ", check" or nothing: what `mv` does to the kings.
fn check_words(game: &AnyGame, mv: Move) -> &'static str {
    let mut after = game.clone();
    after.make_move(mv);
    match after.outcome() {
        Some(o) if o.reason == EndReason::Checkmate => ", checkmate",
        Some(_) => "",
        None if after.in_check() || !after.annotations().checked.is_empty() => ", check",
        None => "",
    }
}

/// Whether the cells of `geo` are named by letters alone (BacCanCat's
/// `fa`): such names are said with the rank as a number.
fn letters_only(geo: &Geometry) -> bool {
    matches!(geo.shape(), Shape::Grid { .. })
        && geo
            .cells()
            .next()
            .is_some_and(|c| !geo.name(c).chars().any(|ch| ch.is_ascii_digit()))
}

/// A cell's name as `words` says it: `e4`, `f1` for BacCanCat's `fa`,
/// `22 S` for Polar's `22S`.
fn words_name(geo: &Geometry, cell: Cell) -> String {
    let name = geo.name(cell);
    if letters_only(geo) {
        let rank_letters = rank_part_len(geo);
        let file = &name[..name.len().saturating_sub(rank_letters)];
        return format!("{file}{}", u32::from(geo.rank(cell)) + 1);
    }
    // A letter after digits is said apart: "22 S", not "twenty-two z".
    let mut out = String::new();
    let mut previous_digit = false;
    for ch in name.chars() {
        if ch.is_ascii_alphabetic() && previous_digit {
            out.push(' ');
        }
        previous_digit = ch.is_ascii_digit();
        out.push(ch);
    }
    out
}

/// How many letters end every name in letters-only naming (the rank's).
fn rank_part_len(geo: &Geometry) -> usize {
    let ranks = geo.grid_size().map_or(1, |(_, r)| r);
    if ranks > 26 { 2 } else { 1 }
}

/// `name` with each letter said apart by `say` and digits kept together:
/// "f a", "e 10", "15 N".
fn spelled(name: &str, say: impl Fn(char) -> String) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut digits = String::new();
    for ch in name.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        if !digits.is_empty() {
            parts.push(std::mem::take(&mut digits));
        }
        parts.push(say(ch));
    }
    if !digits.is_empty() {
        parts.push(digits);
    }
    parts.join(" ")
}

/// A typed line with the cells as the `words` voice says them read back
/// to their names: on a board named by letters alone (BacCanCat), `f1` is
/// `fa` and `p16` is `pp`, wherever it stands (`f1-g1`, `cell f1`). Other
/// text is left as it is.
pub fn read_typed(geo: &Geometry, text: &str) -> String {
    if !letters_only(geo) {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let before_ok =
            i == 0 || !(chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
        let letter = chars[i];
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if before_ok && letter.is_ascii_lowercase() && !digits.is_empty() && digits.len() <= 2 {
            let file = i32::from(letter as u8) - i32::from(b'a');
            let rank = digits.parse::<i32>().unwrap_or(0) - 1;
            if let Some(cell) = geo.at(file, rank) {
                out.push_str(geo.name(cell));
                i += 1 + digits.len();
                continue;
            }
        }
        out.push(letter);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    fn game(variant: Variant, position: Option<&str>) -> AnyGame {
        match position {
            Some(p) => variant
                .from_position(p, &Options::new())
                .unwrap_or_else(|e| panic!("{e}")),
            None => variant.new_game(&Options::new()),
        }
    }

    fn cell(game: &AnyGame, name: &str) -> Cell {
        game.geometry()
            .cell(name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    }

    #[test]
    fn each_notation_names_cells_its_way() {
        let chess = game(Variant::Chess, None);
        let bcc = game(Variant::BacCanCat, None);
        let polar = game(Variant::Polar, None);
        let say =
            |n: Notation, g: &AnyGame, name: &str| Voice::new(n).cell(g.geometry(), cell(g, name));
        assert_eq!(say(Notation::Words, &chess, "e4"), "e4");
        assert_eq!(say(Notation::Words, &bcc, "fa"), "f1");
        assert_eq!(say(Notation::Words, &bcc, "op"), "o16");
        assert_eq!(say(Notation::Words, &polar, "22S"), "22 S");
        assert_eq!(say(Notation::San, &bcc, "fa"), "fa");
        assert_eq!(say(Notation::Letters, &bcc, "fa"), "f a");
        assert_eq!(say(Notation::Letters, &chess, "e4"), "e 4");
        assert_eq!(say(Notation::Phonetic, &bcc, "fa"), "foxtrot alfa");
        assert_eq!(say(Notation::Phonetic, &polar, "15N"), "15 november");
    }

    #[test]
    fn every_spoken_cell_name_reads_back_to_its_cell() {
        for &variant in Variant::ALL {
            let g = game(variant, None);
            let geo = g.geometry();
            let mut heard = std::collections::HashSet::new();
            for c in geo.cells() {
                let said = Voice::SPOKEN.cell(geo, c);
                assert!(heard.insert(said.clone()), "{said} names two cells");
                let typed = read_typed(geo, &said.replace(' ', ""));
                let back = catboard::entry::cells_named(geo, &typed);
                assert_eq!(back, Some(vec![c]), "{said} in {}", variant.name());
            }
        }
        let bcc = game(Variant::BacCanCat, None);
        assert_eq!(read_typed(bcc.geometry(), "f1-g1"), "fa-ga");
        assert_eq!(read_typed(bcc.geometry(), "Pf1-g1"), "Pfa-ga");
        assert_eq!(read_typed(bcc.geometry(), "rank 3"), "rank 3");
        assert_eq!(read_typed(bcc.geometry(), "fa-ga"), "fa-ga");
    }

    #[test]
    fn moves_are_said_in_words_or_written() {
        let chess = game(Variant::Chess, Some("4k3/1P6/8/8/8/8/8/4K1N1 w - - 0 1"));
        let mv = |t: &str| chess.parse_move(t).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Voice::SPOKEN.mv(&chess, mv("Nf3")), "knight from g1 to f3");
        assert_eq!(
            Voice::SPOKEN.mv(&chess, mv("b8=Q")),
            "pawn from b7 to b8, promotes to queen, check"
        );
        assert_eq!(Voice::SCREEN.mv(&chess, mv("b8=Q")), "b8=Q+");
        assert_eq!(Voice::new(Notation::Uci).mv(&chess, mv("b8=Q")), "b7b8q");
        assert_eq!(
            Voice::SPOKEN.destination(&chess, mv("b8=Q")),
            "b8 promoting to queen giving check"
        );
        assert_eq!(Voice::SCREEN.destination(&chess, mv("Nf3")), "f3 (Nf3)");
        let passant = game(Variant::Chess, Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
        let ep = passant.parse_move("exd6").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            Voice::SPOKEN.mv(&passant, ep),
            "pawn from e5 to d6, taking the black pawn on d5 en passant"
        );
        assert_eq!(Notation::from_id("SAN"), Ok(Notation::San));
        assert!(Notation::from_id("braille").is_err());
    }
}
