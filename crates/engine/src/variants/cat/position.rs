//! Cat FEN in and out: FEN with each Cat written `C`, side to move `w`, `b`
//! or `c`, and a halfmove clock that counts the Cats' turns too.

use super::play::State;
use super::{CATS, CatChess, zones};
use crate::core::bitboard::bit;
use crate::core::orthodox::{army_name, double_step_left, letter_of_piece, piece_of_letter};
use crate::core::{Cell, Geometry, History, Piece, PieceKind, Seat};
use crate::notation::PositionError;
use crate::notation::fen::{
    EN_PASSANT, FenFault, FenFields, PLACEMENT, check_armies, read_fen_fields,
};
use crate::notation::placement::write_placement;
use crate::variants::chess::bits::PieceBits;

/// The side-to-move letters of Cat FEN.
const SIDES: &[(&str, Seat)] = &[("w", Seat::WHITE), ("b", Seat::BLACK), ("c", CATS)];

/// The piece a Cat FEN letter stands for: `C` a Cat, the rest as in FEN.
pub fn piece_of_cat_letter(ch: char) -> Option<Piece> {
    if ch == 'C' {
        Some(Piece::new(CATS, PieceKind::Cat))
    } else {
        piece_of_letter(ch)
    }
}

/// Whose turn it is, in messages: "White's", "Black's" or "the Cats'".
pub fn seat_possessive(seat: Seat) -> &'static str {
    match seat.0 {
        0 => "White's",
        1 => "Black's",
        _ => "the Cats'",
    }
}

fn error(field: &str, message: impl std::fmt::Display) -> PositionError {
    PositionError::field("Cat FEN", field, message)
}

impl CatChess {
    /// A game starting from a Cat FEN; a malformed or impossible position is
    /// refused with one sentence naming the field and the fault.
    pub fn from_fen(text: &str) -> Result<CatChess, PositionError> {
        let fields: FenFields =
            read_fen_fields(text, piece_of_cat_letter, SIDES).map_err(|fault| {
                PositionError::Fen {
                    notation: "Cat FEN",
                    fault,
                }
            })?;
        let mut board = fields.board;
        board.use_square_table(super::eval::square_table());
        let geo = Geometry::chess8();
        check_armies(geo, &board, fields.castling).map_err(|fault: FenFault| {
            PositionError::Fen {
                notation: "Cat FEN",
                fault,
            }
        })?;
        let cat_cells: Vec<Cell> = board
            .pieces(geo.cell_count())
            .filter(|(_, p)| p.kind() == PieceKind::Cat)
            .map(|(c, _)| c)
            .collect();
        let cats: [Cell; 2] = cat_cells.as_slice().try_into().map_err(|_| {
            error(
                PLACEMENT,
                format!("Cat Chess has exactly two Cats, not {}", cat_cells.len()),
            )
        })?;
        let mut game = CatChess {
            geo,
            board: board.clone(),
            side: fields.side,
            bits: PieceBits::of(&board),
            cats,
            cat_bits: cats.iter().fold(0, |b, &c| b | bit(c)),
            zone_bits: 0,
            state: State {
                castling: fields.castling,
                ep: fields.ep,
                halfmove: fields.halfmove,
                fullmove: fields.fullmove,
                hash: 0,
                retired: crate::core::Retirements::NONE,
                repetition_key: 0,
            },
            history: History::with_capacity(256),
        };
        game.zone_bits = zones::zone_bits(game.tables(), &cats);
        game.check_turn()?;
        game.refresh_keys();
        Ok(game)
    }

    /// Refuses an en-passant cell no double step could have left, and a
    /// King in check just after its own side moved.
    fn check_turn(&self) -> Result<(), PositionError> {
        if let Some(ep) = self.state.ep {
            if self.side == Seat::WHITE {
                return Err(error(
                    EN_PASSANT,
                    format!(
                        "it is White's move, so there is no en-passant square ({} was cleared by the Cats' turn)",
                        self.geo.name(ep)
                    ),
                ));
            }
            let mover = super::previous_seat(self.side);
            if !double_step_left(self.geo, &self.board, ep, mover) {
                return Err(error(
                    EN_PASSANT,
                    format!(
                        "no {} double step could have left the en-passant square {}",
                        army_name(mover),
                        self.geo.name(ep)
                    ),
                ));
            }
        }
        let mover = super::previous_seat(self.side);
        if mover != CATS && self.king_open(mover) {
            return Err(error(
                PLACEMENT,
                format!(
                    "{} is in check but it is {} move",
                    army_name(mover),
                    seat_possessive(self.side)
                ),
            ));
        }
        Ok(())
    }
}

/// The position as Cat FEN.
pub fn write(game: &CatChess) -> String {
    let placement = write_placement(game.geo, |c| game.board.get(c), letter_of_piece);
    let side = SIDES
        .iter()
        .find(|(_, seat)| *seat == game.side)
        .map_or("w", |(letter, _)| letter);
    let ep = game.state.ep.map_or("-", |c| game.geo.name(c));
    format!(
        "{placement} {side} {} {ep} {} {}",
        game.state.castling.fen(),
        game.state.halfmove,
        game.state.fullmove
    )
}

impl std::fmt::Debug for CatChess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CatChess({})", write(self))
    }
}
