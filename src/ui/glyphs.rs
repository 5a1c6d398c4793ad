//! Glyph sets: how pieces and cell marks are written, for terminals with
//! chess symbols, with Unicode but no chess font, or with ASCII only.

use catboard::core::{Piece, PieceKind};
use ratatui::symbols::border;

/// Which characters the screen uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlyphSet {
    /// Unicode chess symbols for the six chess kinds, letters for the rest.
    Unicode,
    /// Letters for every piece (upper case for the first seat), Unicode marks.
    Letters,
    /// ASCII only: letters, and ASCII marks and borders.
    Ascii,
}

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
    /// Before the current row of a list.
    pub pointer: &'static str,
    /// Before the side to move in the players panel.
    pub to_move: &'static str,
    /// A move not shown (the first seat's, when the game began with another).
    pub ellipsis: &'static str,
}

impl GlyphSet {
    /// Every set, in the order `--glyphs` lists them.
    pub const ALL: [GlyphSet; 3] = [GlyphSet::Unicode, GlyphSet::Letters, GlyphSet::Ascii];

    /// The name used by `--glyphs`.
    pub const fn name(self) -> &'static str {
        match self {
            GlyphSet::Unicode => "unicode",
            GlyphSet::Letters => "letters",
            GlyphSet::Ascii => "ascii",
        }
    }

    /// The set named `name`.
    pub fn from_name(name: &str) -> Result<GlyphSet, String> {
        GlyphSet::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| {
                format!("There is no glyph set '{name}'; choose unicode, letters or ascii.")
            })
    }

    /// How `piece` is written: one character cell wide in every set.
    pub fn piece(self, piece: Piece) -> char {
        let seat = piece.seat().index();
        if self == GlyphSet::Unicode {
            if let Some(symbol) = chess_symbol(piece.kind(), seat == 0) {
                return symbol;
            }
            if piece.kind() == PieceKind::Cat {
                return CAT;
            }
        }
        let letter = piece.kind().letter();
        if seat == 1 {
            letter.to_ascii_lowercase()
        } else {
            letter
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
                pointer: ">",
                to_move: "*",
                ellipsis: "...",
            },
            _ => Marks {
                target: "•",
                capture: "×",
                zone: "░",
                disarmed: "⊘",
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

/// The Cats' glyph in the Unicode set: a cat's head with its ears (U+15E2,
/// CANADIAN SYLLABICS CARRIER TSA, the head of the text cat `ᓚᘏᗢ`), one
/// column wide by unicode-width and no emoji; `C` in the other sets.
pub const CAT: char = 'ᗢ';

/// The Unicode chess symbol of a chess kind: outlined for the first seat,
/// filled for the others, so the seats differ by shape as well as colour.
fn chess_symbol(kind: PieceKind, first_seat: bool) -> Option<char> {
    let (white, black) = match kind {
        PieceKind::King => ('♔', '♚'),
        PieceKind::Queen => ('♕', '♛'),
        PieceKind::Rook => ('♖', '♜'),
        PieceKind::Bishop => ('♗', '♝'),
        PieceKind::Knight => ('♘', '♞'),
        PieceKind::Pawn => ('♙', '♟'),
        _ => return None,
    };
    Some(if first_seat { white } else { black })
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
        }
    }

    #[test]
    fn ascii_marks_are_ascii() {
        let m = GlyphSet::Ascii.marks();
        for s in [
            m.target, m.capture, m.zone, m.disarmed, m.pointer, m.to_move, m.ellipsis,
        ] {
            assert!(s.is_ascii());
        }
        assert!(GlyphSet::from_name("emoji").is_err());
        assert_eq!(GlyphSet::from_name("letters"), Ok(GlyphSet::Letters));
    }
}
