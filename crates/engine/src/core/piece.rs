//! Seats at the table, the kinds of piece every variant uses, and pieces.

use std::fmt;
use std::num::NonZeroU8;

/// A seat at the table: whose turn it is and who owns a piece.
///
/// Seats are numbered in turn order from 0. Chess has White (0) and Black (1);
/// Cat Chess adds the Cats (2), who own the Cats but are no army; BacCanCat
/// has four armies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Seat(pub u8);

impl Seat {
    /// White, the first seat in chess and its relatives.
    pub const WHITE: Seat = Seat(0);
    /// Black, the second seat.
    pub const BLACK: Seat = Seat(1);
    /// The third seat (the Cats in Cat Chess).
    pub const THIRD: Seat = Seat(2);

    /// The seat's index, for per-seat tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other seat of a two-seat game.
    #[inline(always)]
    pub const fn opponent(self) -> Seat {
        Seat(self.0 ^ 1)
    }
}

/// Every kind of piece any catboard variant uses.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn (chess, Chu, Polar, BacCanCat).
    Pawn = 1,
    /// Knight, the (1,2) leaper.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// The royal King.
    King,
    /// A Cat (Cat Chess): steps like a king, never captures, never captured.
    Cat,
    /// Chu Shogi's Lion, which may move twice in a turn.
    Lion,
    /// A non-royal piece that moves like a King.
    Commoner,
    /// Rook that may also step one cell diagonally (Chu's Dragon King).
    CrownedRook,
    /// Bishop that may also step one cell orthogonally (Chu's Dragon Horse).
    CrownedBishop,
    /// Moves as a Rook, captures by jumping one screen.
    Cannon,
    /// Moves as a Bishop, captures by jumping one screen.
    Arrow,
    /// Moves as a Queen, captures by jumping one screen.
    Tank,
    /// BacCanCat's diagonal pawn.
    Yeoman,
    /// The (1,3) leaper.
    Camel,
    /// The (2,3) leaper.
    Zebra,
    /// The (1,5) leaper.
    Zemel,
    /// Knight + Camel.
    Gnu,
    /// Zebra + Zemel.
    Zebu,
    /// Knight + (0,3) leaper.
    Catapult,
    /// Camel + (3,3) leaper.
    Camper,
    /// Catapult + Camper.
    Achates,
    /// Knight + Zebra.
    Gazelle,
    /// Camel + Zemel.
    Cogazelle,
    /// Gazelle + Cogazelle.
    Gallop,
}

impl PieceKind {
    /// Every kind, in code order.
    pub const ALL: [PieceKind; 26] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Cat,
        PieceKind::Lion,
        PieceKind::Commoner,
        PieceKind::CrownedRook,
        PieceKind::CrownedBishop,
        PieceKind::Cannon,
        PieceKind::Arrow,
        PieceKind::Tank,
        PieceKind::Yeoman,
        PieceKind::Camel,
        PieceKind::Zebra,
        PieceKind::Zemel,
        PieceKind::Gnu,
        PieceKind::Zebu,
        PieceKind::Catapult,
        PieceKind::Camper,
        PieceKind::Achates,
        PieceKind::Gazelle,
        PieceKind::Cogazelle,
        PieceKind::Gallop,
    ];

    /// The kind with this code (as stored in a [`Piece`]).
    #[inline]
    pub fn from_code(code: u8) -> Option<PieceKind> {
        PieceKind::ALL.get(code.wrapping_sub(1) as usize).copied()
    }

    /// The kind's code, 1 to 26.
    #[inline(always)]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The kind's English name, for help and screen readers.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
            PieceKind::Cat => "cat",
            PieceKind::Lion => "lion",
            PieceKind::Commoner => "commoner",
            PieceKind::CrownedRook => "crowned rook",
            PieceKind::CrownedBishop => "crowned bishop",
            PieceKind::Cannon => "cannon",
            PieceKind::Arrow => "arrow",
            PieceKind::Tank => "tank",
            PieceKind::Yeoman => "yeoman",
            PieceKind::Camel => "camel",
            PieceKind::Zebra => "zebra",
            PieceKind::Zemel => "zemel",
            PieceKind::Gnu => "gnu",
            PieceKind::Zebu => "zebu",
            PieceKind::Catapult => "catapult",
            PieceKind::Camper => "camper",
            PieceKind::Achates => "achates",
            PieceKind::Gazelle => "gazelle",
            PieceKind::Cogazelle => "cogazelle",
            PieceKind::Gallop => "gallop",
        }
    }

    /// The kind's name in the plural, for sentences ("yeomen", "knights").
    pub fn plural(self) -> String {
        match self {
            PieceKind::Yeoman => "yeomen".to_string(),
            PieceKind::Achates => "achates".to_string(),
            PieceKind::Gnu => "gnus".to_string(),
            PieceKind::Zebu => "zebus".to_string(),
            kind => format!("{}s", kind.name()),
        }
    }

    /// The kind named `text`, in the singular or the plural ("knight",
    /// "knights", "yeomen").
    pub fn named(text: &str) -> Option<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .find(|k| text == k.name() || text == k.plural())
    }

    /// The kind's usual upper-case letter (chess's FEN and SAN letters for
    /// the chess pieces); variants may write other letters.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
            PieceKind::Cat => 'C',
            PieceKind::Lion => 'L',
            PieceKind::Commoner => 'M',
            PieceKind::CrownedRook => 'D',
            PieceKind::CrownedBishop => 'H',
            PieceKind::Cannon => 'O',
            PieceKind::Arrow => 'A',
            PieceKind::Tank => 'T',
            PieceKind::Yeoman => 'Y',
            PieceKind::Camel => 'E',
            PieceKind::Zebra => 'Z',
            PieceKind::Zemel => 'X',
            PieceKind::Gnu => 'G',
            PieceKind::Zebu => 'U',
            PieceKind::Catapult => 'W',
            PieceKind::Camper => 'V',
            PieceKind::Achates => 'I',
            PieceKind::Gazelle => 'F',
            PieceKind::Cogazelle => 'J',
            PieceKind::Gallop => 'S',
        }
    }
}

/// A piece on a board: its kind and the seat that owns it, in one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// A piece of `kind` owned by `seat`.
    #[inline(always)]
    pub const fn new(seat: Seat, kind: PieceKind) -> Piece {
        // The kind code is 1..=26, so the byte is never zero.
        match NonZeroU8::new(kind as u8 | (seat.0 << 5)) {
            Some(b) => Piece(b),
            None => unreachable!(),
        }
    }

    /// The piece's kind.
    #[inline(always)]
    pub fn kind(self) -> PieceKind {
        match PieceKind::from_code(self.0.get() & 31) {
            Some(k) => k,
            None => unreachable!("a Piece always holds a valid kind code"),
        }
    }

    /// The seat that owns the piece.
    #[inline(always)]
    pub const fn seat(self) -> Seat {
        Seat((self.0.get() >> 5) & 3)
    }

    /// The piece as one byte (kind in the low five bits, seat above), for tables.
    #[inline(always)]
    pub const fn code(self) -> u8 {
        self.0.get()
    }

    /// Whether the piece is of `kind` and owned by `seat`.
    #[inline(always)]
    pub fn is(self, seat: Seat, kind: PieceKind) -> bool {
        self == Piece::new(seat, kind)
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.seat().0, self.kind().letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_keeps_kind_and_seat_for_every_combination() {
        for seat in 0..4 {
            for kind in PieceKind::ALL {
                let p = Piece::new(Seat(seat), kind);
                assert_eq!(p.kind(), kind);
                assert_eq!(p.seat(), Seat(seat));
            }
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }
}
