//! Reading the fields of FEN-like position texts for the orthodox armies
//! (chess's FEN and Cat FEN), and the checks every such position must pass,
//! each fault named by field.

use crate::core::orthodox::{CastleSide, CastlingRights, army_name, castle_cells};
use crate::core::{Board, Cell, Geometry, Piece, PieceKind, Seat};
use crate::limits::{HALFMOVE_CLOCK, Limit, MOVE_NUMBER};
use crate::notation::placement::parse_placement;
use crate::text::{count, or_list, quoted};

/// A fault in a FEN-like position text: which field and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenFault {
    /// The field at fault, e.g. `placement (field 1)`; empty when the
    /// fault is the text's as a whole.
    pub field: String,
    /// What is wrong, without a final full stop.
    pub message: String,
}

impl FenFault {
    /// The fault `message` (a clause) of `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FenFault {
        FenFault {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The fault as one sentence about the text called `what` ("FEN",
    /// "Cat FEN"): `FEN castling (field 3): 'X' is not one of K, Q, k, q or -.`
    pub fn sentence(&self, what: &str) -> String {
        if self.field.is_empty() {
            format!("{what} {}.", self.message)
        } else {
            format!("{what} {}: {}.", self.field, self.message)
        }
    }
}

/// The fields of a FEN-like text for the orthodox armies, read but not yet
/// checked against each other.
pub struct FenFields {
    /// The pieces, from field 1.
    pub board: Board,
    /// Whose turn it is, from field 2.
    pub side: Seat,
    /// Field 3.
    pub castling: CastlingRights,
    /// Field 4: the cell a pawn just passed over.
    pub ep: Option<Cell>,
    /// Field 5 (0 when absent).
    pub halfmove: u16,
    /// Field 6 (1 when absent).
    pub fullmove: u16,
}

/// Reads the six fields of a FEN-like `text` on the 8 × 8 board (the two
/// clocks may be left out). `piece_of` maps a placement letter to a piece;
/// `sides` lists the side-to-move letters and their seats.
pub fn read_fen_fields(
    text: &str,
    piece_of: impl Fn(char) -> Option<Piece>,
    sides: &[(&str, Seat)],
) -> Result<FenFields, FenFault> {
    let geo = Geometry::chess8();
    let fields: Vec<&str> = text.split_whitespace().collect();
    check_field_count(&fields)?;
    let board = parse_placement(geo, fields[0], piece_of)
        .map_err(|e| FenFault::new(PLACEMENT, e.to_string()))?;
    let side = side_field(fields[1], sides)?;
    let castling = CastlingRights::parse(fields[2])
        .map_err(|e| FenFault::new("castling (field 3)", e.to_string()))?;
    let ep = match fields[3] {
        "-" => None,
        name => Some(geo.cell(name).ok_or_else(|| {
            FenFault::new(EN_PASSANT, format!("{} is not a square", quoted(name)))
        })?),
    };
    let (halfmove, fullmove) = clock_fields(&fields)?;
    Ok(FenFields {
        board,
        side,
        castling,
        ep,
        halfmove,
        fullmove,
    })
}

/// Refuses a FEN-like text without four to six fields.
pub fn check_field_count(fields: &[&str]) -> Result<(), FenFault> {
    if fields.is_empty() {
        return Err(FenFault::new("", "is empty"));
    }
    if !(4..=6).contains(&fields.len()) {
        return Err(FenFault::new(
            "",
            format!(
                "has {}; it needs placement, side to move, castling, en passant, and optionally the two clocks",
                count(fields.len() as u64, "field", "fields")
            ),
        ));
    }
    Ok(())
}

/// Reads the side-to-move field (field 2) as one of `sides`' letters.
pub fn side_field(field: &str, sides: &[(&str, Seat)]) -> Result<Seat, FenFault> {
    sides
        .iter()
        .find(|(letter, _)| *letter == field)
        .map(|&(_, seat)| seat)
        .ok_or_else(|| {
            let letters: Vec<String> = sides.iter().map(|(l, _)| quoted(l)).collect();
            FenFault::new(
                "side to move (field 2)",
                format!("{} should be {}", quoted(field), or_list(&letters)),
            )
        })
}

/// Reads the two clocks (fields 5 and 6, each optional: 0 and 1 when
/// absent), each checked against its limit.
pub fn clock_fields(fields: &[&str]) -> Result<(u16, u16), FenFault> {
    let clock = |i: usize, name: &str, limit: &Limit, default: u16| -> Result<u16, FenFault> {
        match fields.get(i) {
            None => Ok(default),
            Some(s) => limit
                .read(s)
                .map(|n| n as u16)
                .map_err(|why| FenFault::new(format!("{name} (field {})", i + 1), why.clause())),
        }
    };
    Ok((
        clock(4, "halfmove clock", &HALFMOVE_CLOCK, 0)?,
        clock(5, "fullmove number", &MOVE_NUMBER, 1)?,
    ))
}

/// The name of FEN's first field in messages.
pub const PLACEMENT: &str = "placement (field 1)";
/// The name of FEN's fourth field in messages.
pub const EN_PASSANT: &str = "en passant (field 4)";

/// Refuses armies that cannot arise in a game: a side without exactly one
/// King, a pawn on the first or last rank, or a castling right whose King
/// or Rook is not at home.
pub fn check_armies(
    geo: &Geometry,
    board: &Board,
    castling: CastlingRights,
) -> Result<(), FenFault> {
    let placement = |message: String| FenFault::new(PLACEMENT, message);
    for seat in [Seat::WHITE, Seat::BLACK] {
        let kings = board.count(seat, PieceKind::King);
        if kings != 1 {
            return Err(placement(format!(
                "{} has {}; each side needs exactly one",
                army_name(seat),
                count(kings as u64, "king", "kings")
            )));
        }
    }
    for (cell, piece) in board.pieces(geo.cell_count()) {
        let rank = geo.rank(cell);
        if piece.kind() == PieceKind::Pawn && (rank == 0 || rank == 7) {
            return Err(placement(format!(
                "a {} pawn stands on {}, but pawns never stand on the first or last rank",
                army_name(piece.seat()),
                geo.name(cell)
            )));
        }
    }
    for seat in [Seat::WHITE, Seat::BLACK] {
        for side in [CastleSide::King, CastleSide::Queen] {
            if !castling.has(seat, side) {
                continue;
            }
            let cc = castle_cells(seat, side);
            let king_home = board
                .get(Cell(cc.king_from))
                .is_some_and(|p| p.is(seat, PieceKind::King));
            let rook_home = board
                .get(Cell(cc.rook_from))
                .is_some_and(|p| p.is(seat, PieceKind::Rook));
            if !king_home || !rook_home {
                let letter = CastlingRights(CastlingRights::bit(seat, side)).fen();
                return Err(FenFault::new(
                    "castling (field 3)",
                    format!(
                        "{} needs the {} king on {} and a rook on {}",
                        quoted(&letter),
                        army_name(seat),
                        geo.name(Cell(cc.king_from)),
                        geo.name(Cell(cc.rook_from))
                    ),
                ));
            }
        }
    }
    Ok(())
}
