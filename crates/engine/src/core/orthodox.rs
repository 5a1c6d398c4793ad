//! The orthodox chess armies on the 8 × 8 board, as every variant that
//! plays them shares them: FEN letters, pawn direction and promotion
//! choices, castling rights and cells, how a move changes the board, and
//! the checks a position's armies must pass.

use super::attack::slides_along;
use super::board::Board;
use super::cell::Cell;
use super::geometry::{Direction, Geometry, LineKind};
use super::moves::{Move, MoveKind, MoveList};
use super::piece::{Piece, PieceKind, Seat};

/// The six kinds of chess's armies, King first, Pawn last: the order a
/// list of them reads in.
pub const KINDS: [PieceKind; 6] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// Pieces a pawn may promote to, in the order moves are listed.
pub const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// The direction `seat`'s pawns move: up the board for White, down for Black.
#[inline(always)]
pub const fn pawn_forward(seat: Seat) -> Direction {
    if seat.0 == 0 {
        Direction::North
    } else {
        Direction::South
    }
}

/// The rank (0-based) `seat`'s pawns start on and may double-step from.
#[inline(always)]
pub const fn pawn_start_rank(seat: Seat) -> u8 {
    if seat.0 == 0 { 1 } else { 6 }
}

/// The rank (0-based) on which `seat`'s pawns promote.
#[inline(always)]
pub const fn promotion_rank(seat: Seat) -> u8 {
    if seat.0 == 0 { 7 } else { 0 }
}

/// The army's name in messages: "White" or "Black".
pub const fn army_name(seat: Seat) -> &'static str {
    if seat.0 == 0 { "White" } else { "Black" }
}

/// The orthodox piece a FEN letter stands for (upper case White, lower case Black).
pub fn piece_of_letter(ch: char) -> Option<Piece> {
    let kind = match ch.to_ascii_uppercase() {
        'P' => PieceKind::Pawn,
        'N' => PieceKind::Knight,
        'B' => PieceKind::Bishop,
        'R' => PieceKind::Rook,
        'Q' => PieceKind::Queen,
        'K' => PieceKind::King,
        _ => return None,
    };
    let seat = if ch.is_ascii_uppercase() {
        Seat::WHITE
    } else {
        Seat::BLACK
    };
    Some(Piece::new(seat, kind))
}

/// The FEN letter of a piece: upper case for White, lower case for Black.
pub fn letter_of_piece(piece: Piece) -> char {
    let l = piece.kind().letter();
    if piece.seat() == Seat::BLACK {
        l.to_ascii_lowercase()
    } else {
        l
    }
}

/// Which way a King castles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastleSide {
    /// Towards the h-file (O-O).
    King,
    /// Towards the a-file (O-O-O).
    Queen,
}

/// The four castling rights as bits: White king-side, White queen-side,
/// Black king-side, Black queen-side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct CastlingRights(pub u8);

/// What is wrong with a FEN castling field: a clause quoting the letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CastlingFault {
    /// A letter other than K, Q, k, q.
    #[error("{} is not one of K, Q, k, q or -", crate::text::quoted(&.0.to_string()))]
    NotARight(char),
    /// A letter given twice.
    #[error("{} appears twice", crate::text::quoted(&.0.to_string()))]
    Twice(char),
}

impl CastlingRights {
    /// Every right.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The bit of `seat` castling to `side`.
    pub const fn bit(seat: Seat, side: CastleSide) -> u8 {
        let base = if seat.0 == 0 { 1 } else { 4 };
        match side {
            CastleSide::King => base,
            CastleSide::Queen => base << 1,
        }
    }

    /// Whether `seat` may still castle to `side`.
    pub const fn has(self, seat: Seat, side: CastleSide) -> bool {
        self.0 & CastlingRights::bit(seat, side) != 0
    }

    /// The rights left after a move touches `cell` (from or to): moving the
    /// King or a Rook, or capturing a Rook on its corner, gives rights up.
    pub const fn after_touching(self, cell: Cell) -> CastlingRights {
        let lost = match cell.0 {
            4 => 1 | 2,
            7 => 1,
            0 => 2,
            60 => 4 | 8,
            63 => 4,
            56 => 8,
            _ => 0,
        };
        CastlingRights(self.0 & !lost)
    }

    /// The rights as the FEN field writes them (`KQkq`, `-`).
    pub fn fen(self) -> String {
        let s: String = [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')]
            .iter()
            .filter(|(b, _)| self.0 & b != 0)
            .map(|(_, c)| *c)
            .collect();
        if s.is_empty() { "-".to_string() } else { s }
    }

    /// Reads the FEN castling field (`KQkq`, `Kq`, `-`); the error says
    /// which letter is wrong.
    pub fn parse(field: &str) -> Result<CastlingRights, CastlingFault> {
        if field == "-" {
            return Ok(CastlingRights(0));
        }
        let mut bits = 0u8;
        for ch in field.chars() {
            let bit = match ch {
                'K' => 1,
                'Q' => 2,
                'k' => 4,
                'q' => 8,
                _ => return Err(CastlingFault::NotARight(ch)),
            };
            if bits & bit != 0 {
                return Err(CastlingFault::Twice(ch));
            }
            bits |= bit;
        }
        Ok(CastlingRights(bits))
    }
}

/// The cells of one castling: the King's start and end, the Rook's start,
/// the cells that must be empty and the cells the King crosses or lands on.
pub struct CastleCells {
    /// The King's home cell.
    pub king_from: u8,
    /// Where the King ends.
    pub king_to: u8,
    /// The Rook's corner.
    pub rook_from: u8,
    /// Cells between King and Rook, which must be empty.
    pub empty: &'static [u8],
    /// Cells the King crosses or lands on, which must not be attacked.
    pub king_path: &'static [u8],
}

/// The cells involved when `seat` castles to `side`.
pub const fn castle_cells(seat: Seat, side: CastleSide) -> CastleCells {
    let white = seat.0 == 0;
    match (white, side) {
        (true, CastleSide::King) => CastleCells {
            king_from: 4,
            king_to: 6,
            rook_from: 7,
            empty: &[5, 6],
            king_path: &[5, 6],
        },
        (true, CastleSide::Queen) => CastleCells {
            king_from: 4,
            king_to: 2,
            rook_from: 0,
            empty: &[1, 2, 3],
            king_path: &[3, 2],
        },
        (false, CastleSide::King) => CastleCells {
            king_from: 60,
            king_to: 62,
            rook_from: 63,
            empty: &[61, 62],
            king_path: &[61, 62],
        },
        (false, CastleSide::Queen) => CastleCells {
            king_from: 60,
            king_to: 58,
            rook_from: 56,
            empty: &[57, 58, 59],
            king_path: &[59, 58],
        },
    }
}

/// The castling move of `us` to `side` if the right is held, King and Rook
/// stand at home and the cells between them are empty; with it, the cells
/// the King crosses or lands on, which the caller must find unattacked.
#[inline]
pub fn castle_candidate(
    board: &Board,
    rights: CastlingRights,
    us: Seat,
    side: CastleSide,
) -> Option<(Move, &'static [u8])> {
    if !rights.has(us, side) {
        return None;
    }
    let cc = castle_cells(us, side);
    let (king, rook) = (Cell(cc.king_from), Cell(cc.rook_from));
    if !board.get(king)?.is(us, PieceKind::King) || !board.get(rook)?.is(us, PieceKind::Rook) {
        return None;
    }
    if cc.empty.iter().any(|&c| !board.is_empty(Cell(c))) {
        return None;
    }
    Some((Move::castle(king, Cell(cc.king_to), rook), cc.king_path))
}

/// Calls `visit` with every cell a slider of `kind` on `from` reaches along
/// its lines, with what stands there: each ray up to and including its
/// first occupied cell. Whether the move is allowed is the caller's rule.
#[inline(always)]
pub fn for_each_slide(
    geo: &Geometry,
    board: &Board,
    from: Cell,
    kind: PieceKind,
    mut visit: impl FnMut(Cell, Option<Piece>),
) {
    for line in [LineKind::Orthogonal, LineKind::Diagonal] {
        if !slides_along(kind, line) {
            continue;
        }
        for ray in geo.rays(from, line) {
            for &to in ray {
                let occupant = board.get(to);
                visit(to, occupant);
                if occupant.is_some() {
                    break;
                }
            }
        }
    }
}

/// Adds `seat`'s pawn step `from` → `to`: one move, or one per promotion
/// choice when `to` is on the last rank.
#[inline(always)]
pub fn push_pawn_step(geo: &Geometry, seat: Seat, from: Cell, to: Cell, out: &mut MoveList) {
    if geo.rank(to) == promotion_rank(seat) {
        for kind in PROMOTIONS {
            out.push(Move::promoting(from, to, kind));
        }
    } else {
        out.push(Move::normal(from, to));
    }
}

/// `mv` in coordinates, as UCI writes it: `e2e4`, `e7e8q`, castling `e1g1`.
pub fn coordinate_text(geo: &Geometry, mv: Move) -> String {
    let mut s = format!("{}{}", geo.name(mv.from), geo.name(mv.to));
    if let Some(kind) = mv.promotion {
        s.push(kind.letter().to_ascii_lowercase());
    }
    s
}

/// The piece an army's move `mv` would take on `board`, if any.
pub fn piece_taken(board: &Board, mv: Move) -> Option<Piece> {
    match mv.kind {
        MoveKind::EnPassant => board.get(mv.aux),
        MoveKind::Castle | MoveKind::Pass => None,
        _ => board.get(mv.to),
    }
}

/// The cell the Rook ends on when the King castles `from` → `to` (the
/// cell between them; summed wide, as indices on a 16 × 16 board overflow a byte).
#[inline(always)]
const fn rook_destination(from: Cell, to: Cell) -> Cell {
    Cell(((from.0 as u16 + to.0 as u16) / 2) as u8)
}

/// Plays an orthodox army's move on `board` (en passant, castling, double
/// step, promotion, plain moves and captures), returning the piece taken.
#[inline(always)]
pub fn play_on_board(board: &mut Board, mv: Move) -> Option<Piece> {
    let piece = board.take(mv.from)?;
    match mv.kind {
        MoveKind::EnPassant => {
            let taken = board.take(mv.aux);
            board.put(mv.to, piece);
            taken
        }
        MoveKind::Castle => {
            board.shift(mv.aux, rook_destination(mv.from, mv.to));
            board.put(mv.to, piece);
            None
        }
        MoveKind::DoubleStep => {
            board.put(mv.to, piece);
            None
        }
        _ => {
            let taken = board.take(mv.to);
            let arriving = match mv.promotion {
                Some(kind) => Piece::new(piece.seat(), kind),
                None => piece,
            };
            board.put(mv.to, arriving);
            taken
        }
    }
}

/// Undoes [`play_on_board`]: `taken` is the piece it returned.
#[inline(always)]
pub fn take_back_on_board(board: &mut Board, mv: Move, taken: Option<Piece>) {
    if let Some(piece) = board.take(mv.to) {
        let leaving = if mv.promotion.is_some() {
            Piece::new(piece.seat(), PieceKind::Pawn)
        } else {
            piece
        };
        board.put(mv.from, leaving);
    }
    match mv.kind {
        MoveKind::EnPassant => {
            if let Some(p) = taken {
                board.put(mv.aux, p);
            }
        }
        MoveKind::Castle => board.shift(rook_destination(mv.from, mv.to), mv.aux),
        _ => {
            if let Some(p) = taken {
                board.put(mv.to, p);
            }
        }
    }
}

/// Whether `ep` is a cell a double step of `mover` could just have passed
/// over: on the third rank from `mover`'s side, empty, with the cell behind
/// it empty and `mover`'s pawn in front of it.
pub fn double_step_left(geo: &Geometry, board: &Board, ep: Cell, mover: Seat) -> bool {
    let expected_rank = if mover == Seat::WHITE { 2 } else { 5 };
    let fwd = pawn_forward(mover);
    let pawn_cell = geo.step(ep, fwd);
    let origin = geo.step(ep, fwd.opposite());
    geo.rank(ep) == expected_rank
        && board.is_empty(ep)
        && origin.is_some_and(|c| board.is_empty(c))
        && pawn_cell
            .and_then(|c| board.get(c))
            .is_some_and(|p| p.is(mover, PieceKind::Pawn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_castling_field_reads() {
        for ch in "PNBRQKpnbrqk".chars() {
            let piece = piece_of_letter(ch).expect("an orthodox letter");
            assert_eq!(letter_of_piece(piece), ch);
        }
        assert_eq!(piece_of_letter('C'), None);
        assert_eq!(CastlingRights::parse("Kq"), Ok(CastlingRights(1 | 8)));
        assert_eq!(
            CastlingRights::parse("KQkq").map(|r| r.fen()),
            Ok("KQkq".into())
        );
        assert!(CastlingRights::parse("KK").is_err());
        assert!(CastlingRights::parse("X").is_err());
    }

    #[test]
    fn board_moves_are_undone_exactly() {
        let geo = Geometry::chess8();
        let c = |n: &str| geo.cell(n).expect("a cell");
        let mut board = Board::new();
        board.put(c("e1"), Piece::new(Seat::WHITE, PieceKind::King));
        board.put(c("h1"), Piece::new(Seat::WHITE, PieceKind::Rook));
        board.put(c("b7"), Piece::new(Seat::WHITE, PieceKind::Pawn));
        board.put(c("a8"), Piece::new(Seat::BLACK, PieceKind::Rook));
        let before = board.placement_hash();
        for mv in [
            Move::castle(c("e1"), c("g1"), c("h1")),
            Move::promoting(c("b7"), c("a8"), PieceKind::Knight),
        ] {
            let taken = play_on_board(&mut board, mv);
            assert_ne!(board.placement_hash(), before);
            take_back_on_board(&mut board, mv, taken);
            assert_eq!(board.placement_hash(), before);
        }
        let castled = Move::castle(c("e1"), c("g1"), c("h1"));
        play_on_board(&mut board, castled);
        assert!(
            board
                .get(c("f1"))
                .is_some_and(|p| p.kind() == PieceKind::Rook)
        );
    }
}
