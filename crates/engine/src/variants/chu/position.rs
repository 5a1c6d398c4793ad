//! XBoard's FEN for Chu Chess: ranks 9 to 0, letters `K L Q R B N M P`,
//! crowned pieces `+R` `+B`, `10` for an empty rank, then side to move,
//! castling (`K` = towards file j), en-passant cell and the two clocks.
//! After a position text trading rule 3 is not in force.

use super::castling::effective_rights;
use super::pieces::{piece_of_letter, piece_text};
use super::play::State;
use super::tables::ChuTables;
use super::{Chu, ChuOptions, promotion::on_last_rank};
use crate::core::orthodox::{CastlingRights, army_name, pawn_forward};
use crate::core::{Cell, History, Options, Piece, PieceKind, Seat};
use crate::notation::PositionError;
use crate::notation::fen::{FenFault, check_field_count, clock_fields, side_field};
use crate::notation::placement::{parse_placement, write_placement};
use crate::text::{count, quoted};

/// Stand-ins for the two-character crowned pieces while the shared
/// placement reader and writer see one character per piece.
const CROWNED: [(char, &str); 4] = [
    ('\u{E000}', "+R"),
    ('\u{E001}', "+B"),
    ('\u{E002}', "+r"),
    ('\u{E003}', "+b"),
];

fn err(field: &str, message: impl std::fmt::Display) -> PositionError {
    PositionError::field("Chu FEN", field, message)
}

fn fault(f: FenFault) -> PositionError {
    PositionError::Fen {
        notation: "Chu FEN",
        fault: f,
    }
}

/// The side-to-move letters of Chu FEN.
const SIDES: &[(&str, Seat)] = &[("w", Seat::WHITE), ("b", Seat::BLACK)];

/// The piece a placement character (or crowned stand-in) stands for.
fn piece_of_char(ch: char) -> Option<Piece> {
    match CROWNED.iter().find(|(c, _)| *c == ch) {
        Some((_, text)) => {
            let letter = text.chars().nth(1)?;
            piece_of_letter(letter, true)
        }
        None => piece_of_letter(ch, false),
    }
}

/// A message about the folded placement with each stand-in written back
/// as its crowned piece.
fn unfold_crowns(message: &str) -> String {
    let mut out = message.to_string();
    for (ch, text) in CROWNED {
        out = out.replace(ch, text);
    }
    out
}

/// The placement field with each crowned piece as its one-character stand-in.
fn fold_crowns(field: &str) -> String {
    let mut out = field.to_string();
    for (ch, text) in CROWNED {
        out = out.replace(text, &ch.to_string());
    }
    out
}

impl Chu {
    /// A game starting from a Chu FEN `text`, with `options`; refuses a
    /// malformed or impossible position with a sentence naming the field.
    pub fn from_fen(text: &str, options: &Options) -> Result<Chu, PositionError> {
        let t = ChuTables::get();
        let fields: Vec<&str> = text.split_whitespace().collect();
        check_field_count(&fields).map_err(fault)?;
        let mut board = parse_placement(&t.geo, &fold_crowns(fields[0]), piece_of_char)
            .map_err(|e| err("placement (field 1)", unfold_crowns(&e.to_string())))?;
        board.use_square_table(super::eval::square_table(t));
        let side = side_field(fields[1], SIDES).map_err(fault)?;
        let castling =
            CastlingRights::parse(fields[2]).map_err(|e| err("castling (field 3)", e))?;
        let ep = match fields[3] {
            "-" => None,
            name => Some(t.geo.cell(name).ok_or_else(|| {
                err(
                    "en passant (field 4)",
                    format!("{} is not a cell", quoted(name)),
                )
            })?),
        };
        let (halfmove, fullmove) = clock_fields(&fields).map_err(fault)?;
        let mut game = Chu {
            t,
            state: State {
                castling: effective_rights(t, &board, castling),
                ep,
                halfmove,
                fullmove,
                lion_ban: false,
                hash: 0,
                retired: crate::core::Retirements::NONE,
            },
            sets: super::attack::ChuSets::of(&board, t.geo.cell_count()),
            board,
            side,
            options: ChuOptions::read(options),
            history: History::with_capacity(256),
        };
        game.validate()?;
        game.state.ep = game.state.ep.filter(|&c| game.double_step_left(c));
        game.state.hash = game.compute_hash();
        Ok(game)
    }

    /// Whether the side that just moved has a Pawn one step beyond `ep`
    /// (in its own direction) with `ep` itself empty: what a double step
    /// over `ep` would have left.
    fn double_step_left(&self, ep: Cell) -> bool {
        let mover = self.side.opponent();
        let geo = &self.t.geo;
        let expected_rank = if mover == Seat::WHITE { 3 } else { 6 };
        geo.rank(ep) == expected_rank
            && self.board.is_empty(ep)
            && geo
                .step(ep, pawn_forward(mover))
                .and_then(|c| self.board.get(c))
                .is_some_and(|p| p.is(mover, PieceKind::Pawn))
    }

    /// Refuses positions that cannot be played: a side without exactly one
    /// King, a Pawn on its last rank, or the side not to move in check.
    fn validate(&self) -> Result<(), PositionError> {
        const PLACEMENT: &str = "placement (field 1)";
        for seat in [Seat::WHITE, Seat::BLACK] {
            let kings = self.board.count(seat, PieceKind::King);
            if kings != 1 {
                return Err(err(
                    PLACEMENT,
                    format!(
                        "{} has {}; each side needs exactly one",
                        army_name(seat),
                        count(kings as u64, "king", "kings")
                    ),
                ));
            }
        }
        for (cell, piece) in self.board.pieces(self.t.geo.cell_count()) {
            if piece.kind() == PieceKind::Pawn && on_last_rank(&self.t.geo, piece.seat(), cell) {
                return Err(err(
                    PLACEMENT,
                    format!(
                        "a {} pawn stands on {}, its last rank, where it cannot move",
                        army_name(piece.seat()),
                        self.t.geo.name(cell)
                    ),
                ));
            }
        }
        let them = self.side.opponent();
        if self.king_attacked(them) {
            return Err(err(
                PLACEMENT,
                format!(
                    "{} is in check but it is {}'s move",
                    army_name(them),
                    army_name(self.side)
                ),
            ));
        }
        Ok(())
    }
}

/// The position as Chu FEN.
pub fn write(game: &Chu) -> String {
    let placement = write_placement(
        &game.t.geo,
        |c| game.board.get(c),
        |p| {
            let text = piece_text(p);
            CROWNED
                .iter()
                .find(|(_, t)| *t == text)
                .map_or_else(|| text.chars().next().unwrap_or('?'), |(c, _)| *c)
        },
    );
    let mut placement = placement;
    for (ch, text) in CROWNED {
        placement = placement.replace(ch, text);
    }
    let ep = game
        .state
        .ep
        .map_or_else(|| "-".to_string(), |c| game.t.geo.name(c).to_string());
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
