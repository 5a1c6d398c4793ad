//! Glyph sets: how pieces and cell marks are written, for terminals with
//! chess symbols, with Unicode but no chess font, or with ASCII only.

use crate::session::look::GlyphSet;
use catboard::core::glance::Reach;
use catboard::core::{Game, Piece, PieceKind};
use ratatui::symbols::border;

/// The marks drawn on and around cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// An empty cell the selected piece may move to.
    pub target: &'static str,
    /// Either side of a piece the selected piece may capture.
    pub capture: &'static str,
    /// A zone's empty cell, and beside a piece in a zone.
    pub zone: &'static str,
    /// To the right of a disarmed piece.
    pub disarmed: &'static str,
    /// In the lower left corner of a camp's square where the theme cannot
    /// tint it (mono, 16 colours).
    pub camp: &'static str,
    /// Either side of a cell on the line of an attack (a check's ray).
    pub line: &'static str,
    /// The texture of dark squares where the theme gives light and dark
    /// squares one colour (mono, no colour): either side of the glyph.
    pub dark: &'static str,
    /// Before the current row of a list.
    pub pointer: &'static str,
    /// Before the side to move in the players panel.
    pub to_move: &'static str,
    /// A move not shown (the first seat's, when the game began with another).
    pub ellipsis: &'static str,
}

/// What each set draws: the set itself is a choice the session keeps by
/// name ([`GlyphSet`] in `session::look`); its characters are the screen's.
pub trait GlyphDrawing {
    /// How `piece` of `game` is written: one character cell wide in every
    /// set, the letter the variant's notation writes for its kind
    /// ([`Game::kind_label`]: BacCanCat's Cannon `C`, its Camel `M`), so the
    /// board reads like the move list.
    ///
    /// Even seats (0, 2) are written light: outlined chess symbols and
    /// capital letters; odd seats (1, 3) dark: filled symbols and small
    /// letters. Seats 2 and 3 add a [`GlyphSet::seat_mark`], so every seat
    /// is told apart without colour. The Unicode set draws chess's six
    /// kinds as chess symbols; the Cats are [`CAT`] there and `C`
    /// elsewhere, whatever their seat. A crowned kind (Chu's `+R`) is drawn
    /// as its base kind with [`GlyphSet::crown`] before it.
    fn piece(self, game: &impl Game, piece: Piece) -> char;

    /// The mark written before a crowned piece's glyph (`+` of Chu's `+R`,
    /// as its notation writes it), or `None`.
    fn crown(self, game: &impl Game, piece: Piece) -> Option<&'static str>;

    /// `piece` as text: its crown, glyph and seat mark run together, for
    /// the panel's captured pieces, the choosers and the legends.
    fn piece_text(self, game: &impl Game, piece: Piece) -> String;

    /// The mark that tells `piece`'s seat apart when its glyph alone does
    /// not: `None` for seats 0 and 1 (their glyphs differ by case or fill)
    /// and for the Cats (one glyph of their own, whoever's seat they are);
    /// for seats 2 and 3 one character, one column wide, to be drawn
    /// immediately right of the glyph ([`GlyphSet::piece`] alone writes
    /// seat 2 like seat 0 and seat 3 like seat 1). A drawer that shows a
    /// piece must show its mark too wherever it shows the glyph (board
    /// cells of every size, captured lists, choosers); together the glyph
    /// and the mark differ for every two seats of one kind.
    fn seat_mark(self, piece: Piece) -> Option<&'static str>;

    /// The seat mark of every piece of `seat` but the Cats.
    fn mark_of_seat(self, seat: usize) -> Option<&'static str>;

    /// How this set shows `seat`'s pieces apart from the other seats', in a
    /// few words for the help (`outlined symbols`, `small letters with '`).
    fn seat_description(self, seat: usize) -> String;

    /// The marks of this set.
    fn marks(self) -> Marks;

    /// The mark of a kind of move in the moves-at-a-glance view: filled
    /// for a move that takes or not (`•` a slide, `◆` a step or leap),
    /// hollow for one onto an empty cell only (`○`), `×` for one that only
    /// takes, `²` for a Lion's first leg, `∩` for a hop over a screen;
    /// characters of every Linux console font in the letter set, ASCII in the
    /// ASCII set.
    fn reach_mark(self, reach: Reach) -> &'static str;

    /// The border characters for boxes.
    fn border(self) -> border::Set<'static>;
    /// `text` as this set can draw it: under `ascii`, the typographic
    /// marks the session's words use (≈ ± — – … ’ “ ” ·) written in ASCII;
    /// other sets draw the text as it is.
    fn text<'t>(self, text: &'t str) -> std::borrow::Cow<'t, str>;
}

impl GlyphDrawing for GlyphSet {
    fn text<'t>(self, text: &'t str) -> std::borrow::Cow<'t, str> {
        if self != GlyphSet::Ascii || text.is_ascii() {
            return std::borrow::Cow::Borrowed(text);
        }
        let mut plain = String::with_capacity(text.len());
        for c in text.chars() {
            match c {
                '\u{2248}' => plain.push('~'),
                '\u{2014}' | '\u{2013}' => plain.push('-'),
                '\u{2026}' => plain.push_str("..."),
                '\u{2019}' | '\u{2018}' => plain.push('\''),
                '\u{201c}' | '\u{201d}' => plain.push('"'),
                '\u{b7}' => plain.push('.'),
                '\u{b1}' => plain.push_str("+/-"),
                c => plain.push(c),
            }
        }
        std::borrow::Cow::Owned(plain)
    }
    fn piece(self, game: &impl Game, piece: Piece) -> char {
        let light = light_seat(piece.seat().index());
        if self == GlyphSet::Unicode {
            if piece.kind() == PieceKind::Cat {
                return CAT;
            }
            if let Some(symbol) = chess_symbol(base_kind(game, piece.kind()), light) {
                return symbol;
            }
        }
        let letter = label_letter(&game.kind_label(piece.kind()));
        if light || piece.kind() == PieceKind::Cat {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
    }

    fn crown(self, game: &impl Game, piece: Piece) -> Option<&'static str> {
        game.kind_label(piece.kind())
            .starts_with('+')
            .then_some("+")
    }

    fn piece_text(self, game: &impl Game, piece: Piece) -> String {
        format!(
            "{}{}{}",
            self.crown(game, piece).unwrap_or(""),
            self.piece(game, piece),
            self.seat_mark(piece).unwrap_or("")
        )
    }

    fn seat_mark(self, piece: Piece) -> Option<&'static str> {
        if matches!(piece.kind(), PieceKind::Cat) {
            None
        } else {
            self.mark_of_seat(piece.seat().index())
        }
    }

    fn mark_of_seat(self, seat: usize) -> Option<&'static str> {
        let ascii = !matches!(self, GlyphSet::Unicode);
        match seat {
            2 if ascii => Some("'"),
            3 if ascii => Some("\""),
            2 => Some("′"),
            3 => Some("″"),
            _ => None,
        }
    }

    fn seat_description(self, seat: usize) -> String {
        let light = light_seat(seat);
        let shape = match (self, light) {
            (GlyphSet::Unicode, true) => "outlined symbols",
            (GlyphSet::Unicode, false) => "filled symbols",
            (_, true) => "capitals",
            (_, false) => "small letters",
        };
        match self.mark_of_seat(seat) {
            Some(mark) => format!("{shape} with {mark}"),
            None => shape.to_string(),
        }
    }

    fn marks(self) -> Marks {
        match self {
            GlyphSet::Ascii => Marks {
                target: "*",
                capture: "x",
                zone: ":",
                disarmed: "~",
                camp: ",",
                line: "-",
                dark: ".",
                pointer: ">",
                to_move: "*",
                ellipsis: "...",
            },
            // Characters every Linux console font Debian ships has
            // (`data/fonts/console.txt`): the set chosen there.
            GlyphSet::Letters => Marks {
                target: "•",
                capture: "×",
                zone: "░",
                disarmed: "⊘",
                camp: "°",
                line: "−",
                dark: "·",
                pointer: "▸",
                to_move: "●",
                ellipsis: "…",
            },
            GlyphSet::Unicode => Marks {
                target: "•",
                capture: "×",
                zone: "░",
                disarmed: "⊘",
                camp: "▫",
                line: "∙",
                dark: "·",
                pointer: "▸",
                to_move: "●",
                ellipsis: "…",
            },
        }
    }

    fn reach_mark(self, reach: Reach) -> &'static str {
        match (self, reach) {
            (GlyphSet::Ascii, Reach::Slide) => "*",
            (GlyphSet::Ascii, Reach::Leap) => "+",
            (GlyphSet::Ascii, Reach::MoveOnly) => "o",
            (GlyphSet::Ascii, Reach::CaptureOnly) => "x",
            (GlyphSet::Ascii, Reach::DoubleStep) => "2",
            (GlyphSet::Ascii, Reach::Hop) => "^",
            (_, Reach::Slide) => "•",
            (GlyphSet::Letters, Reach::Leap) => "♦",
            (GlyphSet::Letters, Reach::MoveOnly) => "o",
            (GlyphSet::Letters, Reach::DoubleStep) => "2",
            (GlyphSet::Letters, Reach::Hop) => "^",
            (_, Reach::Leap) => "◆",
            (_, Reach::MoveOnly) => "○",
            (_, Reach::CaptureOnly) => "×",
            (_, Reach::DoubleStep) => "²",
            (_, Reach::Hop) => "∩",
        }
    }

    fn border(self) -> border::Set<'static> {
        match self {
            GlyphSet::Ascii => border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            },
            GlyphSet::Letters => border::PLAIN,
            GlyphSet::Unicode => border::ROUNDED,
        }
    }
}

/// Whether `seat` is written light (outlined, capitals): the even seats.
pub(crate) const fn light_seat(seat: usize) -> bool {
    seat.is_multiple_of(2)
}

/// The Cats' glyph in the Unicode set: `ω` (U+03C9, GREEK SMALL LETTER
/// OMEGA), the cat's mouth of the text cat `(=^ω^=)`: one column wide, no
/// emoji, and in every monospace font Debian ships (DejaVu Sans Mono, Noto
/// Sans Mono; `data/fonts/coverage.txt`); `C` in the other sets.
pub const CAT: char = 'ω';

/// The kind `kind` is drawn as: the kind itself, or for a crowned kind
/// (`+R`) the chess kind its label's letter names.
pub(crate) fn base_kind(game: &impl Game, kind: PieceKind) -> PieceKind {
    let label = game.kind_label(kind);
    if !label.starts_with('+') {
        return kind;
    }
    let letter = label_letter(&label);
    catboard::core::orthodox::KINDS
        .into_iter()
        .find(|k| k.letter() == letter)
        .unwrap_or(kind)
}

/// The letter of a kind's label: its last character (`R` of `+R`).
pub(crate) fn label_letter(label: &str) -> char {
    label.chars().last().unwrap_or('?').to_ascii_uppercase()
}

/// The Unicode chess symbol of a chess kind: outlined for a light (even)
/// seat, filled for a dark (odd) one, so the seats differ by shape as well
/// as colour.
pub fn chess_symbol(kind: PieceKind, light: bool) -> Option<char> {
    let (white, black) = match kind {
        PieceKind::King => ('♔', '♚'),
        PieceKind::Queen => ('♕', '♛'),
        PieceKind::Rook => ('♖', '♜'),
        PieceKind::Bishop => ('♗', '♝'),
        PieceKind::Knight => ('♘', '♞'),
        PieceKind::Pawn => ('♙', '♟'),
        _ => return None,
    };
    Some(if light { white } else { black })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use catboard::core::{Options, Seat};
    use catboard::variants::{AnyGame, Variant};
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

    fn chess() -> AnyGame {
        Variant::Chess.new_game(&Options::new())
    }

    #[test]
    fn every_piece_glyph_is_one_column_wide_in_every_set() {
        for variant in Variant::ALL {
            let game = variant.new_game(&Options::new());
            for set in GlyphSet::ALL {
                for seat in 0..4 {
                    for kind in PieceKind::ALL {
                        // Only the kinds the variant names (others are '?').
                        let label = game.kind_label(kind);
                        if !label.ends_with(|c: char| c.is_ascii_alphabetic()) {
                            continue;
                        }
                        let c = set.piece(&game, Piece::new(Seat(seat), kind));
                        assert_eq!(c.width(), Some(1), "{set:?} {kind:?} {c}");
                        if set != GlyphSet::Unicode {
                            assert!(c.is_ascii_alphabetic());
                        }
                    }
                }
            }
        }
    }

    /// Every kind but the Cats, which are one army whatever their seat.
    fn seated_kinds() -> impl Iterator<Item = PieceKind> {
        PieceKind::ALL.into_iter().filter(|k| *k != PieceKind::Cat)
    }

    #[test]
    fn every_two_seats_differ_by_glyph_or_mark_in_every_set() {
        let game = chess();
        for set in GlyphSet::ALL {
            for kind in seated_kinds() {
                let shown = |seat: u8| {
                    let piece = Piece::new(Seat(seat), kind);
                    (set.piece(&game, piece), set.seat_mark(piece))
                };
                for a in 0..4 {
                    for b in a + 1..4 {
                        assert_ne!(shown(a), shown(b), "{set:?} {kind:?} seats {a} and {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn seat_marks_are_one_column_and_only_for_seats_beyond_two() {
        let game = chess();
        for set in GlyphSet::ALL {
            for kind in seated_kinds() {
                for seat in 0..4 {
                    let mark = set.seat_mark(Piece::new(Seat(seat), kind));
                    assert_eq!(mark.is_some(), seat >= 2, "{set:?} {kind:?} seat {seat}");
                    if let Some(m) = mark {
                        assert_eq!(m.width(), 1, "{set:?} seat {seat} mark {m}");
                        assert_eq!(m.chars().count(), 1);
                        assert!(set != GlyphSet::Ascii || m.is_ascii());
                    }
                }
            }
            // The Cats carry no mark: their own glyph tells them apart from
            // every other piece of every seat.
            for seat in 0..4 {
                let cat = Piece::new(Seat(seat), PieceKind::Cat);
                assert_eq!(set.seat_mark(cat), None);
                assert_eq!(
                    set.piece(&game, cat),
                    set.piece(&game, Piece::new(Seat::THIRD, PieceKind::Cat))
                );
                for kind in seated_kinds() {
                    for other in 0..4 {
                        let piece = Piece::new(Seat(other), kind);
                        assert_ne!(
                            set.piece(&game, cat),
                            set.piece(&game, piece),
                            "{set:?} {kind:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_help_describes_each_seat_differently() {
        for set in GlyphSet::ALL {
            let described: Vec<String> = (0..4).map(|s| set.seat_description(s)).collect();
            for a in 0..4 {
                for b in a + 1..4 {
                    assert_ne!(described[a], described[b], "{set:?}");
                }
            }
            let mark = set.seat_mark(Piece::new(Seat(3), PieceKind::Rook));
            assert!(mark.is_some_and(|m| described[3].ends_with(m)), "{set:?}");
        }
        assert_eq!(GlyphSet::Letters.seat_description(1), "small letters");
        assert_eq!(GlyphSet::Ascii.seat_description(2), "capitals with '");
        assert_eq!(GlyphSet::Unicode.seat_description(0), "outlined symbols");
    }

    #[test]
    fn seats_differ_by_shape_not_only_by_colour() {
        let game = chess();
        for set in GlyphSet::ALL {
            let w = set.piece(&game, Piece::new(Seat::WHITE, PieceKind::Queen));
            let b = set.piece(&game, Piece::new(Seat::BLACK, PieceKind::Queen));
            assert_ne!(w, b, "{set:?}");
        }
        assert_eq!(
            GlyphSet::Unicode.piece(&game, Piece::new(Seat::WHITE, PieceKind::Knight)),
            '♘'
        );
        assert_eq!(
            GlyphSet::Unicode.piece(&game, Piece::new(Seat::BLACK, PieceKind::Lion)),
            'l'
        );
    }

    #[test]
    fn the_cats_glyph_is_one_column_and_no_emoji_and_c_in_letters() {
        let game = chess();
        let cat = Piece::new(Seat::THIRD, PieceKind::Cat);
        let glyph = GlyphSet::Unicode.piece(&game, cat);
        assert_eq!(glyph, CAT);
        assert_eq!(glyph.width(), Some(1));
        // Outside the emoji and pictograph blocks.
        assert!(!(0x1F300..=0x1FAFF).contains(&(glyph as u32)));
        assert_eq!(GlyphSet::Letters.piece(&game, cat), 'C');
        assert_eq!(GlyphSet::Ascii.piece(&game, cat), 'C');
        for set in GlyphSet::ALL {
            let m = set.marks();
            for mark in [m.zone, m.disarmed, m.camp, m.dark] {
                assert_eq!(mark.width(), 1, "{set:?} {mark}");
            }
            assert_ne!(m.camp, m.target);
            assert_ne!(m.camp, m.dark);
            assert_ne!(m.dark, m.target);
        }
    }

    #[test]
    fn the_kinds_of_move_have_marks_of_their_own_one_column_wide_in_every_set() {
        for set in [GlyphSet::Unicode, GlyphSet::Letters, GlyphSet::Ascii] {
            let marks: Vec<&str> = Reach::ALL.iter().map(|r| set.reach_mark(*r)).collect();
            for (i, m) in marks.iter().enumerate() {
                assert_eq!(m.width(), 1, "{set:?} {m}");
                assert!(!marks[..i].contains(m), "{set:?}: {m} twice");
                // None is a mark the board already draws for something else.
                let board = set.marks();
                assert!(
                    ![board.zone, board.dark, board.camp, board.line].contains(m),
                    "{set:?}: {m}"
                );
                match set {
                    GlyphSet::Ascii => assert!(m.is_ascii()),
                    GlyphSet::Letters => {
                        assert!(m.chars().all(|c| console_missing(c).is_empty()), "{m}")
                    }
                    GlyphSet::Unicode => {}
                }
            }
        }
    }

    #[test]
    fn ascii_text_writes_the_sessions_typographic_marks_in_ascii() {
        let words = "Club \u{2248} 1400 \u{b1} 90 \u{2014} it\u{2019}s \u{201c}won\u{201d}\u{2026}";
        let plain = GlyphSet::Ascii.text(words);
        assert!(plain.is_ascii(), "{plain}");
        assert_eq!(plain, "Club ~ 1400 +/- 90 - it's \"won\"...");
        assert_eq!(GlyphSet::Unicode.text(words), words);
    }

    #[test]
    fn ascii_marks_are_ascii() {
        let m = GlyphSet::Ascii.marks();
        for s in [
            m.target, m.capture, m.zone, m.disarmed, m.camp, m.line, m.dark, m.pointer, m.to_move,
            m.ellipsis,
        ] {
            assert!(s.is_ascii());
        }
    }

    #[test]
    fn every_variant_draws_the_letters_its_notation_writes() {
        // Random games of every variant: a move written with a piece letter
        // (`Nf3`, `Cdm-ej`, `+Rb2-b5`) names the piece the letters set and
        // the Unicode set draw on its origin (crown and letter, any case).
        use rand_free::Walk;
        for variant in Variant::ALL {
            let mut game = variant.new_game(&Options::new());
            let mut walk = Walk::new(variant.id().len() as u64 + 7);
            for _ in 0..120 {
                let moves = game.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[walk.below(moves.len())];
                let written = game.move_notation(mv);
                if let Some(piece) = game.piece_at(mv.from)
                    && !mv.is_pass()
                    && !written.starts_with("O-O")
                {
                    let lead: String = written
                        .chars()
                        .take_while(|c| *c == '+' || c.is_ascii_uppercase())
                        .collect();
                    if !lead.is_empty() {
                        for set in [GlyphSet::Letters, GlyphSet::Ascii] {
                            let drawn = format!(
                                "{}{}",
                                set.crown(&game, piece).unwrap_or(""),
                                set.piece(&game, piece).to_ascii_uppercase()
                            );
                            assert_eq!(drawn, lead, "{variant:?} {set:?}: {written}");
                        }
                    }
                }
                game.make_move(mv);
            }
        }
        // BacCanCat's Cannon and Camel as its notation writes them.
        let bcc = Variant::BacCanCat.new_game(&Options::new());
        let red = |kind| GlyphSet::Letters.piece(&bcc, Piece::new(Seat(0), kind));
        assert_eq!((red(PieceKind::Cannon), red(PieceKind::Camel)), ('C', 'M'));
        let chu = Variant::Chu.new_game(&Options::new());
        let dragon = Piece::new(Seat(0), PieceKind::CrownedRook);
        assert_eq!(GlyphSet::Unicode.piece_text(&chu, dragon), "+♖");
    }

    /// A tiny deterministic walk for picking moves, so the test needs no
    /// random-number crate.
    mod rand_free {
        pub struct Walk(u64);
        impl Walk {
            pub fn new(seed: u64) -> Walk {
                Walk(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
            }
            pub fn below(&mut self, n: usize) -> usize {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                (self.0 % n as u64) as usize
            }
        }
    }

    /// The code points each monospace font Debian ships covers, from the
    /// table checked in (`data/fonts/coverage.txt`, read from the fonts'
    /// cmaps by `data/fonts/make-coverage.py`): (font, ranges).
    pub(crate) fn font_coverage() -> Vec<(String, Vec<(u32, u32)>)> {
        coverage(include_str!("../../data/fonts/coverage.txt"))
    }

    /// The code points each Linux console font Debian ships covers
    /// (`data/fonts/console.txt`, from `data/fonts/make-console.py`).
    pub(crate) fn console_coverage() -> Vec<(String, Vec<(u32, u32)>)> {
        coverage(include_str!("../../data/fonts/console.txt"))
    }

    /// A table of fonts' code points: (font, ranges).
    fn coverage(text: &str) -> Vec<(String, Vec<(u32, u32)>)> {
        let mut fonts: Vec<(String, Vec<(u32, u32)>)> = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            if let Some(name) = line.strip_prefix("font ") {
                fonts.push((name.to_string(), Vec::new()));
                continue;
            }
            let Some((_, ranges)) = fonts.last_mut() else {
                panic!("a range before any font");
            };
            for range in line.split_whitespace() {
                let (a, b) = range.split_once('-').unwrap_or((range, range));
                let hex = |t: &str| u32::from_str_radix(t, 16).unwrap_or_else(|e| panic!("{e}"));
                ranges.push((hex(a), hex(b)));
            }
        }
        fonts
    }

    /// The fonts of `fonts` that have no glyph for `c`.
    fn missing_in(fonts: Vec<(String, Vec<(u32, u32)>)>, c: char) -> Vec<String> {
        fonts
            .into_iter()
            .filter(|(_, ranges)| !ranges.iter().any(|(a, b)| (*a..=*b).contains(&(c as u32))))
            .map(|(name, _)| name)
            .collect()
    }

    /// The console fonts in the table that have no glyph for `c`.
    pub(crate) fn console_missing(c: char) -> Vec<String> {
        missing_in(console_coverage(), c)
    }

    /// The fonts in the table that have no glyph for `c`.
    pub(crate) fn fonts_missing(c: char) -> Vec<String> {
        missing_in(font_coverage(), c)
    }

    /// The marks and the border pieces `set` draws.
    fn set_symbols(set: GlyphSet) -> [&'static str; 16] {
        let m = set.marks();
        let b = set.border();
        [
            m.target,
            m.capture,
            m.zone,
            m.disarmed,
            m.camp,
            m.line,
            m.dark,
            m.pointer,
            m.to_move,
            m.ellipsis,
            b.top_left,
            b.top_right,
            b.bottom_left,
            b.bottom_right,
            b.vertical_left,
            b.horizontal_top,
        ]
    }

    /// Every character the Unicode set draws by default besides the chess
    /// symbols: marks, borders, the Cat, the cursor's corners.
    pub(crate) fn default_symbols() -> String {
        let game = chess();
        let mut all: String = set_symbols(GlyphSet::Unicode).concat();
        all.push_str("┌┐└┘←↑→↓′″—");
        all.push(GlyphSet::Unicode.piece(&game, Piece::new(Seat::THIRD, PieceKind::Cat)));
        for reach in Reach::ALL {
            all.push_str(GlyphSet::Unicode.reach_mark(reach));
        }
        all
    }

    #[test]
    fn the_table_of_console_glyphs_is_read_whole_and_the_letters_marks_are_in_it() {
        let fonts = console_coverage();
        let names: Vec<&str> = fonts.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.len(), 6, "{names:?}");
        assert!(
            names
                .iter()
                .any(|n| n.starts_with("Uni2-Fixed16 (512 glyphs"))
        );
        assert!(names.iter().any(|n| n.starts_with("Lat2-Terminus16 (")));
        // Known facts of the fonts: ASCII and box drawing everywhere, no
        // chess symbols, no quadrant blocks, no omega in the Latin fonts.
        assert!(console_missing('K').is_empty());
        assert!(console_missing('─').is_empty());
        assert_eq!(console_missing('♔').len(), 6);
        assert_eq!(console_missing('▟').len(), 6);
        assert!(!console_missing('ω').is_empty());
        for s in set_symbols(GlyphSet::Letters) {
            for c in s.chars() {
                assert!(
                    console_missing(c).is_empty(),
                    "{c} is not in every console font"
                );
            }
        }
    }

    #[test]
    fn the_table_of_font_glyphs_is_read_whole() {
        let fonts = font_coverage();
        let names: Vec<&str> = fonts.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.len(), 4, "{names:?}");
        assert!(names.iter().any(|n| n.starts_with("DejaVu Sans Mono (")));
        assert!(names.iter().any(|n| n.starts_with("Noto Sans Mono (")));
        // Known facts of the fonts: ASCII everywhere, the old Cat glyph
        // (U+15E2) in none, chess symbols in DejaVu Sans Mono only.
        assert!(fonts_missing('K').is_empty());
        assert_eq!(fonts_missing('ᗢ').len(), 4);
        let chess_missing = fonts_missing('♞');
        assert!(
            chess_missing.iter().all(|n| n.starts_with("Noto")),
            "{chess_missing:?}"
        );
    }

    #[test]
    fn every_default_symbol_is_in_every_monospace_font_debian_ships() {
        for c in default_symbols().chars() {
            let missing = fonts_missing(c);
            assert!(
                missing.is_empty(),
                "{c} (U+{:04X}) is not in {missing:?}",
                c as u32
            );
        }
    }

    #[test]
    fn the_chess_symbols_are_in_dejavu_sans_mono_regular_and_bold() {
        // Noto Sans Mono has none: a terminal set to it falls back, through
        // fontconfig, to DejaVu Sans (fonts-dejavu-core, which fontconfig
        // itself depends on), so the symbols still draw on a stock Debian;
        // `--glyphs letters` is for a terminal with no fallback.
        for kind in PieceKind::ALL {
            for light in [true, false] {
                if let Some(c) = chess_symbol(kind, light) {
                    let missing = fonts_missing(c);
                    assert!(
                        missing.iter().all(|n| !n.starts_with("DejaVu")),
                        "{c} is not in {missing:?}"
                    );
                }
            }
        }
    }
}
