//! The position text of Polar chess, in and out. Six fields separated by
//! single spaces:
//!
//! 1. the pieces, a comma-separated list of a letter `K Q R B N P` (upper
//!    case White, lower case Black) followed by a cell name (`K3E`),
//!    White's first, each army king, queen, rooks, bishops, knights,
//!    pawns, each kind in the board's cell order;
//! 2. the side to move, `w` or `b`;
//! 3. the pawns that may still double-step, as a comma-separated list of
//!    their cells in the board's order, or `-`;
//! 4. the en-passant cell: the cell a double step just passed over, or
//!    `-`; `over/landing` (`6N/5N`) where the cell alone would not say
//!    which pawn may be taken (two double steps could have passed over it
//!    and a pawn of the side to move could take there; the plain cell is
//!    read, and written, when no pawn could);
//! 5. the halfmove clock;
//! 6. the fullmove number.

use super::{EnPassant, Polar};
use crate::core::orthodox::{KINDS as KIND_ORDER, army_name, letter_of_piece, piece_of_letter};
use crate::core::{Cell, Game, Options, PieceKind, Seat};
use crate::limits::{HALFMOVE_CLOCK, MOVE_NUMBER};
use crate::notation::PositionError;
use crate::text::{count, quoted};

/// The cell named `name`, in any case (`15n` is 15N).
pub fn cell_named(game: &Polar, name: &str) -> Option<Cell> {
    game.geometry().cell(&name.trim().to_ascii_uppercase())
}

/// The position text of `game`.
pub fn write(game: &Polar) -> String {
    let geo = game.geometry();
    let mut pieces = Vec::new();
    for seat in [Seat::WHITE, Seat::BLACK] {
        for kind in KIND_ORDER {
            for cell in game.board().occupied_by(seat).iter() {
                if let Some(p) = game.board().get(cell)
                    && p.kind() == kind
                {
                    pieces.push(format!("{}{}", letter_of_piece(p), geo.name(cell)));
                }
            }
        }
    }
    let rights: Vec<&str> = game
        .double_step_rights()
        .iter()
        .map(|c| geo.name(c))
        .collect();
    let ep = match game.en_passant() {
        None => "-".to_string(),
        // The cell alone says it all when one double step could have
        // passed over it, or when no pawn could take there anyway.
        Some(ep)
            if en_passant_landings(game, ep.over).len() == 1 || !game.en_passant_possible(ep) =>
        {
            geo.name(ep.over).to_string()
        }
        Some(ep) => format!("{}/{}", geo.name(ep.over), geo.name(ep.landing)),
    };
    format!(
        "{} {} {} {} {} {}",
        pieces.join(","),
        if game.to_move() == Seat::WHITE {
            "w"
        } else {
            "b"
        },
        if rights.is_empty() {
            "-".to_string()
        } else {
            rights.join(",")
        },
        ep,
        game.halfmove_clock(),
        game.fullmove_number()
    )
}

/// The cells a pawn of the side that just moved could have reached by a
/// double step over `over`: it stands there, `over` and the cell it came
/// from are empty.
fn en_passant_landings(game: &Polar, over: Cell) -> Vec<Cell> {
    let mover = game.to_move().opponent();
    let board = game.board();
    let t = game.tables();
    if !board.is_empty(over) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for start in game.geometry().cells() {
        for &(middle, landing) in t.double_steps(mover, start) {
            if middle == over
                && board.is_empty(start)
                && board
                    .get(landing)
                    .is_some_and(|p| p.is(mover, PieceKind::Pawn))
                && !out.contains(&landing)
            {
                out.push(landing);
            }
        }
    }
    out
}

fn error(message: impl Into<String>) -> PositionError {
    PositionError::Fault(message.into())
}

impl Polar {
    /// A game starting from the position `text`, with `options`; refuses a
    /// malformed or impossible position with a sentence saying what and where.
    pub fn from_text(text: &str, options: &Options) -> Result<Polar, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(error(format!(
                "A Polar position text has six fields (pieces, side to move, double-step pawns, en passant, halfmove clock, move number) separated by spaces, not {}.",
                count(fields.len() as u64, "field", "fields")
            )));
        }
        let mut game = Polar::empty(options);
        game.read_pieces(fields[0])?;
        game.refresh_sets();
        game.side = match fields[1] {
            "w" => Seat::WHITE,
            "b" => Seat::BLACK,
            other => {
                return Err(error(format!(
                    "The side to move in the position text is {}; write w or b.",
                    quoted(other)
                )));
            }
        };
        game.read_rights(fields[2])?;
        game.read_en_passant(fields[3])?;
        game.state.halfmove = HALFMOVE_CLOCK.read(fields[4]).map_err(|why| {
            error(format!(
                "The halfmove clock (field 5) of the position text: {}.",
                why.clause()
            ))
        })? as u16;
        game.state.fullmove = MOVE_NUMBER.read(fields[5]).map_err(|why| {
            error(format!(
                "The move number (field 6) of the position text: {}.",
                why.clause()
            ))
        })? as u16;
        let them = game.side.opponent();
        if game.king_attacked(them) {
            return Err(error(format!(
                "{} is in check but it is {}'s move.",
                army_name(them),
                army_name(game.side)
            )));
        }
        game.refresh_keys();
        Ok(game)
    }

    /// Reads the pieces field onto the empty board.
    fn read_pieces(&mut self, field: &str) -> Result<(), PositionError> {
        for (i, entry) in field.split(',').enumerate() {
            let mut chars = entry.chars();
            let piece = chars.next().and_then(piece_of_letter);
            let cell = cell_named(self, chars.as_str());
            let (Some(piece), Some(cell)) = (piece, cell) else {
                return Err(error(format!(
                    "Piece {} of the position text, {}, should be a letter K, Q, R, B, N or P (upper case White, lower case Black) and a cell name such as 14N.",
                    i + 1,
                    quoted(entry)
                )));
            };
            let name = self.geometry().name(cell);
            if !self.board.is_empty(cell) {
                return Err(error(format!(
                    "The position text puts two pieces on {name}."
                )));
            }
            if piece.kind() == PieceKind::Pawn
                && self.tables.promotion_cells(piece.seat()).contains(cell)
            {
                return Err(error(format!(
                    "The position text puts a {} pawn on {name}, where it would have promoted.",
                    army_name(piece.seat())
                )));
            }
            self.board.put(cell, piece);
        }
        for seat in [Seat::WHITE, Seat::BLACK] {
            let kings = self.board.count(seat, PieceKind::King);
            if kings != 1 {
                return Err(error(format!(
                    "The position text gives {} {}; it needs exactly one.",
                    army_name(seat),
                    count(kings as u64, "king", "kings")
                )));
            }
        }
        Ok(())
    }

    /// Reads the double-step field: each cell must hold a pawn.
    fn read_rights(&mut self, field: &str) -> Result<(), PositionError> {
        if field == "-" {
            return Ok(());
        }
        for name in field.split(',') {
            let Some(cell) = cell_named(self, name) else {
                return Err(error(format!(
                    "The double-step list of the position text names {}, which is no cell of the board.",
                    quoted(name)
                )));
            };
            if self
                .board
                .get(cell)
                .is_none_or(|p| p.kind() != PieceKind::Pawn)
            {
                return Err(error(format!(
                    "The double-step list of the position text names {}, where no pawn stands.",
                    self.geometry().name(cell)
                )));
            }
            self.state.rights.insert(cell);
        }
        Ok(())
    }

    /// Reads the en-passant field: `-`, `over` or `over/landing`, checked
    /// against a double step the side that just moved could have made.
    fn read_en_passant(&mut self, field: &str) -> Result<(), PositionError> {
        if field == "-" {
            return Ok(());
        }
        let (over_name, landing_name) = match field.split_once('/') {
            Some((o, l)) => (o, Some(l)),
            None => (field, None),
        };
        let Some(over) = cell_named(self, over_name) else {
            return Err(error(format!(
                "The en-passant field of the position text, {}, names no cell of the board.",
                quoted(field)
            )));
        };
        let landings = en_passant_landings(self, over);
        let mover = army_name(self.side.opponent());
        let landing = match landing_name {
            Some(name) => match cell_named(self, name) {
                Some(l) if landings.contains(&l) => l,
                _ => {
                    return Err(error(format!(
                        "The en-passant field of the position text, {}, names no {mover} double step that could just have been made.",
                        quoted(field)
                    )));
                }
            },
            None => match landings[..] {
                [l] => l,
                [] => {
                    return Err(error(format!(
                        "No {mover} double step could just have passed over {}, the en-passant cell of the position text.",
                        self.geometry().name(over)
                    )));
                }
                // Which pawn passed matters only when one could be taken.
                [first, ..]
                    if !self.en_passant_possible(EnPassant {
                        over,
                        landing: first,
                    }) =>
                {
                    first
                }
                _ => {
                    return Err(error(format!(
                        "Two {mover} double steps could have passed over {}, and a pawn could take there; write the en-passant field as over/landing.",
                        self.geometry().name(over)
                    )));
                }
            },
        };
        self.state.ep = Some(EnPassant { over, landing });
        Ok(())
    }
}
