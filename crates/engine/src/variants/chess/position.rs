//! FEN in and out, refusing positions that cannot arise, with a reason.

use super::play::State;
use super::{Chess, ChessOptions};
use crate::core::orthodox::{army_name, double_step_left};
pub use crate::core::orthodox::{letter_of_piece, piece_of_letter};
use crate::core::{Cell, Game, Geometry, History, Options, Seat};
use crate::notation::PositionError;
use crate::notation::fen::{EN_PASSANT, FenFault, PLACEMENT, check_armies, read_fen_fields};
use crate::notation::placement::write_placement;

/// The side-to-move letters of FEN.
const SIDES: &[(&str, Seat)] = &[("w", Seat::WHITE), ("b", Seat::BLACK)];

fn err(field: &str, message: impl std::fmt::Display) -> PositionError {
    PositionError::field("FEN", field, message)
}

fn fault(f: &FenFault) -> PositionError {
    PositionError::Fen {
        notation: "FEN",
        fault: f.clone(),
    }
}

impl Chess {
    /// A game starting from `fen`, with `options`; refuses a malformed or
    /// impossible position with a sentence saying which field and why.
    pub fn from_fen(fen: &str, options: &Options) -> Result<Chess, PositionError> {
        let fields = read_fen_fields(fen, piece_of_letter, SIDES).map_err(|f| fault(&f))?;
        let mut game = Chess {
            geo: Geometry::chess8(),
            bits: super::bits::PieceBits::of(&fields.board),
            board: fields.board,
            side: fields.side,
            state: State {
                castling: fields.castling,
                ep: fields.ep,
                halfmove: fields.halfmove,
                fullmove: fields.fullmove,
                hash: 0,
                retired: crate::core::Retirements::NONE,
            },
            options: ChessOptions::read(options),
            history: History::with_capacity(256),
        };
        game.validate()?;
        game.state.hash = game.compute_hash();
        Ok(game)
    }

    /// Refuses positions that cannot arise in a game.
    fn validate(&self) -> Result<(), PositionError> {
        check_armies(self.geo, &self.board, self.state.castling).map_err(|f| fault(&f))?;
        let them = self.side.opponent();
        if let Some(king) = self.board.king(them)
            && self.attacked(king, self.side, None)
        {
            return Err(err(
                PLACEMENT,
                format!(
                    "{} is in check but it is {}'s move",
                    army_name(them),
                    army_name(self.side)
                ),
            ));
        }
        if let Some(ep) = self.state.ep {
            self.validate_en_passant(ep)?;
        }
        Ok(())
    }

    fn validate_en_passant(&self, ep: Cell) -> Result<(), PositionError> {
        let mover = self.side.opponent();
        if !double_step_left(self.geo, &self.board, ep, mover) {
            return Err(err(
                EN_PASSANT,
                format!(
                    "no {} double step could have left the en-passant square {}",
                    army_name(mover),
                    self.geo.name(ep)
                ),
            ));
        }
        Ok(())
    }
}

/// The position as FEN.
pub fn write(game: &Chess) -> String {
    let placement = write_placement(game.geo, |c| game.piece_at(c), letter_of_piece);
    let ep = game
        .state
        .ep
        .map_or_else(|| "-".to_string(), |c| game.geo.name(c).to_string());
    format!(
        "{} {} {} {} {} {}",
        placement,
        if game.side == Seat::WHITE { "w" } else { "b" },
        game.state.castling.fen(),
        ep,
        game.state.halfmove,
        game.state.fullmove
    )
}

impl std::fmt::Debug for Chess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chess({})", write(self))
    }
}
