//! Glyph sets: how pieces and cell marks are written, for terminals with
//! chess symbols, with Unicode but no chess font, or with ASCII only.

use crate::session::look::GlyphSet;
use catboard::core::{Piece, PieceKind};
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
    /// Before the current row of a list.
    pub pointer: &'static str,
    /// Before the side to move in the players panel.
    pub to_move: &'static str,
    /// A move not shown (the first seat's, when the game began with another).
    pub ellipsis: &'static str,
}

/// What each set draws: the set itself is a choice the session keeps by
/// name ([`GlyphSet`] in `session::look`); its characters are the screen's.
impl GlyphSet {
    /// How `piece` is written: one character cell wide in every set.
    ///
    /// Even seats (0, 2) are written light: outlined chess symbols and
    /// capital letters; odd seats (1, 3) dark: filled symbols and small
    /// letters. Seats 2 and 3 add a [`GlyphSet::seat_mark`], so every seat
    /// is told apart without colour. The Cats are `ᗢ` (Unicode) or `C`
    /// whatever their seat.
    pub fn piece(self, piece: Piece) -> char {
        let light = light_seat(piece.seat().index());
        if self == GlyphSet::Unicode {
            if let Some(symbol) = chess_symbol(piece.kind(), light) {
                return symbol;
            }
            if piece.kind() == PieceKind::Cat {
                return CAT;
            }
        }
        let letter = piece.kind().letter();
        if light || piece.kind() == PieceKind::Cat {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
    }

    /// The mark that tells `piece`'s seat apart when its glyph alone does
    /// not: `None` for seats 0 and 1 (their glyphs differ by case or fill)
    /// and for the Cats (one glyph of their own, whoever's seat they are);
    /// for seats 2 and 3 one character, one column wide, to be drawn
    /// immediately right of the glyph ([`GlyphSet::piece`] alone writes
    /// seat 2 like seat 0 and seat 3 like seat 1). A drawer that shows a
    /// piece must show its mark too wherever it shows the glyph (board
    /// cells of every size, captured lists, choosers); together the glyph
    /// and the mark differ for every two seats of one kind.
    pub fn seat_mark(self, piece: Piece) -> Option<&'static str> {
        if matches!(piece.kind(), PieceKind::Cat) {
            None
        } else {
            self.mark_of_seat(piece.seat().index())
        }
    }

    /// The seat mark of every piece of `seat` but the Cats.
    const fn mark_of_seat(self, seat: usize) -> Option<&'static str> {
        let ascii = matches!(self, GlyphSet::Ascii);
        match seat {
            2 if ascii => Some("'"),
            3 if ascii => Some("\""),
            2 => Some("′"),
            3 => Some("″"),
            _ => None,
        }
    }

    /// How this set shows `seat`'s pieces apart from the other seats', in a
    /// few words for the help (`outlined symbols`, `small letters with '`).
    pub fn seat_description(self, seat: usize) -> String {
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

    /// The marks of this set.
    pub const fn marks(self) -> Marks {
        match self {
            GlyphSet::Ascii => Marks {
                target: "*",
                capture: "x",
                zone: ":",
                disarmed: "~",
                camp: ".",
                pointer: ">",
                to_move: "*",
                ellipsis: "...",
            },
            _ => Marks {
                target: "•",
                capture: "×",
                zone: "░",
                disarmed: "⊘",
                camp: "·",
                pointer: "▸",
                to_move: "●",
                ellipsis: "…",
            },
        }
    }

    /// The border characters for boxes.
    pub const fn border(self) -> border::Set<'static> {
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
            _ => border::ROUNDED,
        }
    }
}

/// Whether `seat` is written light (outlined, capitals): the even seats.
const fn light_seat(seat: usize) -> bool {
    seat.is_multiple_of(2)
}

/// The Cats' glyph in the Unicode set: a cat's head with its ears (U+15E2,
/// CANADIAN SYLLABICS CARRIER TSA, the head of the text cat `ᓚᘏᗢ`), one
/// column wide by unicode-width and no emoji; `C` in the other sets.
pub const CAT: char = 'ᗢ';

/// The Unicode chess symbol of a chess kind: outlined for a light (even)
/// seat, filled for a dark (odd) one, so the seats differ by shape as well
/// as colour.
fn chess_symbol(kind: PieceKind, light: bool) -> Option<char> {
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
mod tests {
    use super::*;
    use catboard::core::Seat;
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

    #[test]
    fn every_piece_glyph_is_one_column_wide_in_every_set() {
        for set in GlyphSet::ALL {
            for seat in 0..4 {
                for kind in PieceKind::ALL {
                    let c = set.piece(Piece::new(Seat(seat), kind));
                    assert_eq!(c.width(), Some(1), "{set:?} {kind:?} {c}");
                    if set != GlyphSet::Unicode {
                        assert!(c.is_ascii_alphabetic());
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
        for set in GlyphSet::ALL {
            for kind in seated_kinds() {
                let shown = |seat: u8| {
                    let piece = Piece::new(Seat(seat), kind);
                    (set.piece(piece), set.seat_mark(piece))
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
                    set.piece(cat),
                    set.piece(Piece::new(Seat::THIRD, PieceKind::Cat))
                );
                for kind in seated_kinds() {
                    for other in 0..4 {
                        let piece = Piece::new(Seat(other), kind);
                        assert_ne!(set.piece(cat), set.piece(piece), "{set:?} {kind:?}");
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
        for set in GlyphSet::ALL {
            let w = set.piece(Piece::new(Seat::WHITE, PieceKind::Queen));
            let b = set.piece(Piece::new(Seat::BLACK, PieceKind::Queen));
            assert_ne!(w, b, "{set:?}");
        }
        assert_eq!(
            GlyphSet::Unicode.piece(Piece::new(Seat::WHITE, PieceKind::Knight)),
            '♘'
        );
        assert_eq!(
            GlyphSet::Unicode.piece(Piece::new(Seat::BLACK, PieceKind::Lion)),
            'l'
        );
    }

    #[test]
    fn the_cats_glyph_is_one_column_and_no_emoji_and_c_in_letters() {
        let cat = Piece::new(Seat::THIRD, PieceKind::Cat);
        let glyph = GlyphSet::Unicode.piece(cat);
        assert_eq!(glyph, CAT);
        assert_eq!(glyph.width(), Some(1));
        // Outside the emoji and pictograph blocks.
        assert!(!(0x1F300..=0x1FAFF).contains(&(glyph as u32)));
        assert_eq!(GlyphSet::Letters.piece(cat), 'C');
        assert_eq!(GlyphSet::Ascii.piece(cat), 'C');
        for set in GlyphSet::ALL {
            let m = set.marks();
            assert_eq!(m.zone.width(), 1);
            assert_eq!(m.disarmed.width(), 1);
            assert_eq!(m.camp.width(), 1);
            assert_ne!(m.camp, m.target);
        }
    }

    #[test]
    fn ascii_marks_are_ascii() {
        let m = GlyphSet::Ascii.marks();
        for s in [
            m.target, m.capture, m.zone, m.disarmed, m.camp, m.pointer, m.to_move, m.ellipsis,
        ] {
            assert!(s.is_ascii());
        }
    }
}
