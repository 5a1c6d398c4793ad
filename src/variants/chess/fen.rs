//! FEN in and out, refusing positions that cannot arise, with a reason.

use super::castling::{CastleSide, CastlingRights, castle_cells};
use super::{Chess, movegen};
use crate::core::{Cell, Game, GameError, Geometry, Options, Piece, PieceKind, Seat};
use crate::notation::placement::{parse_placement, write_placement};

/// The chess piece a FEN letter stands for.
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

/// The FEN letter of a piece: upper case for White.
pub fn letter_of_piece(piece: Piece) -> char {
    let l = piece.kind().letter();
    if piece.seat() == Seat::WHITE {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

fn err(field: &str, message: impl std::fmt::Display) -> GameError {
    GameError::new(format!("FEN {field}: {message}."))
}

impl Chess {
    /// A game starting from `fen`, with `options`; refuses a malformed or
    /// impossible position with a sentence saying which field and why.
    pub fn from_fen(fen: &str, options: &Options) -> Result<Chess, GameError> {
        let geo = Geometry::chess8();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(GameError::new("FEN is empty."));
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(GameError::new(format!(
                "FEN has {} fields; it needs placement, side to move, castling, en passant, and optionally the two clocks.",
                fields.len()
            )));
        }
        let board = parse_placement(geo, fields[0], piece_of_letter)
            .map_err(|e| err("placement (field 1)", e))?;
        let side = match fields[1] {
            "w" => Seat::WHITE,
            "b" => Seat::BLACK,
            other => {
                return Err(err(
                    "side to move (field 2)",
                    format!("'{other}' should be 'w' or 'b'"),
                ));
            }
        };
        let castling = parse_castling(fields[2])?;
        let ep =
            match fields[3] {
                "-" => None,
                name => Some(geo.cell(name).ok_or_else(|| {
                    err("en passant (field 4)", format!("'{name}' is not a square"))
                })?),
            };
        let clock = |i: usize, name: &str, default: u16| -> Result<u16, GameError> {
            match fields.get(i) {
                None => Ok(default),
                Some(s) => s.parse::<u16>().map_err(|_| {
                    err(
                        &format!("{name} (field {})", i + 1),
                        format!("'{s}' is not a whole number"),
                    )
                }),
            }
        };
        let halfmove = clock(4, "halfmove clock", 0)?;
        let fullmove = clock(5, "fullmove number", 1)?;
        if fullmove == 0 {
            return Err(err("fullmove number (field 6)", "it starts at 1, not 0"));
        }
        let mut game = Chess {
            geo,
            board,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            fifty_moves: true,
            repetition: true,
            history: Vec::with_capacity(256),
            played: Vec::with_capacity(256),
            hash: 0,
        };
        game.set_options(options);
        game.validate()?;
        game.hash = game.compute_hash();
        Ok(game)
    }

    /// Refuses positions that cannot arise in a game.
    fn validate(&self) -> Result<(), GameError> {
        for seat in [Seat::WHITE, Seat::BLACK] {
            let kings = self.board.count(seat, PieceKind::King);
            if kings != 1 {
                return Err(err(
                    "placement (field 1)",
                    format!(
                        "{} has {} kings; each side needs exactly one",
                        colour(seat),
                        kings
                    ),
                ));
            }
        }
        for (cell, piece) in self.board.pieces(64) {
            let rank = self.geo.rank(cell);
            if piece.kind() == PieceKind::Pawn && (rank == 0 || rank == 7) {
                return Err(err(
                    "placement (field 1)",
                    format!(
                        "a {} pawn stands on {}, but pawns never stand on the first or last rank",
                        colour(piece.seat()),
                        self.geo.name(cell)
                    ),
                ));
            }
        }
        for seat in [Seat::WHITE, Seat::BLACK] {
            for side in [CastleSide::King, CastleSide::Queen] {
                if !self.castling.has(seat, side) {
                    continue;
                }
                let cc = castle_cells(seat, side);
                let king_home = self
                    .board
                    .get(Cell(cc.king_from))
                    .is_some_and(|p| p.is(seat, PieceKind::King));
                let rook_home = self
                    .board
                    .get(Cell(cc.rook_from))
                    .is_some_and(|p| p.is(seat, PieceKind::Rook));
                if !king_home || !rook_home {
                    let letter = CastlingRights(CastlingRights::bit(seat, side)).fen();
                    return Err(err(
                        "castling (field 3)",
                        format!(
                            "'{letter}' needs the {} king on {} and a rook on {}",
                            colour(seat),
                            self.geo.name(Cell(cc.king_from)),
                            self.geo.name(Cell(cc.rook_from))
                        ),
                    ));
                }
            }
        }
        let them = self.side.opponent();
        if let Some(king) = self.board.king(them)
            && self.attacked(king, self.side, None)
        {
            return Err(err(
                "placement (field 1)",
                format!(
                    "{} is in check but it is {}'s move",
                    colour(them),
                    colour(self.side)
                ),
            ));
        }
        if let Some(ep) = self.ep {
            self.validate_en_passant(ep)?;
        }
        Ok(())
    }

    fn validate_en_passant(&self, ep: Cell) -> Result<(), GameError> {
        let mover = self.side.opponent();
        let expected_rank = if mover == Seat::WHITE { 2 } else { 5 };
        let name = self.geo.name(ep);
        let fwd = movegen::forward(mover);
        let pawn_cell = self.geo.step(ep, fwd);
        let origin = self.geo.step(ep, fwd.opposite());
        let made_by_double_step = self.geo.rank(ep) == expected_rank
            && self.board.is_empty(ep)
            && origin.is_some_and(|c| self.board.is_empty(c))
            && pawn_cell
                .and_then(|c| self.board.get(c))
                .is_some_and(|p| p.is(mover, PieceKind::Pawn));
        if !made_by_double_step {
            return Err(err(
                "en passant (field 4)",
                format!(
                    "no {} double step could have left the en-passant square {name}",
                    colour(mover)
                ),
            ));
        }
        Ok(())
    }
}

fn colour(seat: Seat) -> &'static str {
    if seat == Seat::WHITE {
        "White"
    } else {
        "Black"
    }
}

fn parse_castling(field: &str) -> Result<CastlingRights, GameError> {
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
            _ => {
                return Err(err(
                    "castling (field 3)",
                    format!("'{ch}' is not one of K, Q, k, q or -"),
                ));
            }
        };
        if bits & bit != 0 {
            return Err(err("castling (field 3)", format!("'{ch}' appears twice")));
        }
        bits |= bit;
    }
    Ok(CastlingRights(bits))
}

/// The position as FEN.
pub fn write(game: &Chess) -> String {
    let placement = write_placement(game.geo, |c| game.piece_at(c), letter_of_piece);
    let ep = game
        .ep
        .map_or_else(|| "-".to_string(), |c| game.geo.name(c).to_string());
    format!(
        "{} {} {} {} {} {}",
        placement,
        if game.side == Seat::WHITE { "w" } else { "b" },
        game.castling.fen(),
        ep,
        game.halfmove,
        game.fullmove
    )
}

impl std::fmt::Debug for Chess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chess({})", write(self))
    }
}
