//! Cat Chess: White and Black play chess while the Cats, a third seat,
//! walk the board; no capture happens in a Cat's zone, and every draw is a
//! win for the Cats. The rules are `docs/rules/cat-chess.md`.

pub mod endings;
pub mod eval;
pub mod glance;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod play;
pub mod position;
pub mod zones;

use crate::core::bitboard::{Bits, bit};
use crate::core::history::{self, History};
use crate::core::orthodox::{CastlingRights, piece_taken};
use crate::core::{
    Annotations, Board, Cell, CellSet, Departure, EndRules, Game, Geometry, Move, MoveList, Piece,
    Retirements, Seat,
};
use crate::core::{Figure, Note};
use crate::limits::Limit;
use crate::notation::PositionError;
use crate::variants::chess::bits::PieceBits;
use crate::variants::{Bench, Layout, Names, Record, Registered, UciName};
pub use options::OPTIONS;

/// The Cat FEN of the start: chess's array, Cats on a4 and h5.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The seat names of Cat Chess, in turn order.
pub const SEATS: &[&str] = &["white", "black", "cats"];

/// Cat Chess in the registry ([`crate::variants`]).
pub const RECORD: Record = Record {
    id: "cat",
    names: Names {
        display: "Cat Chess",
        pgn: Some("cat-chess"),
        pgn_read: &["cat-chess", "cat chess", "cat"],
        xboard: None,
        uci: UciName::Own("catchess"),
    },
    summary: "Chess with a third seat, the Cats, whose zones disarm the pieces in them.",
    seats: SEATS,
    start: START_FEN,
    options: OPTIONS,
    perft: Limit::refused("`perft --depth` for Cat Chess", "--depth", 0, 7)
        .scoped(" for Cat Chess perft"),
    bench_perft: Limit::refused("`bench --perft` for Cat Chess", "--perft", 0, 5)
        .scoped(" for the Cat Chess bench"),
    bench_depth: None,
    bench: Bench {
        positions: crate::ai::bench::CAT_POSITIONS,
        searched: false,
    },
    engine_options: &[],
    figures: &["Hundred-turn count"],
    layout: Layout::Grid,
};

impl Registered for CatChess {
    fn start(_: &crate::core::Options) -> CatChess {
        CatChess::new()
    }
    fn from_text(text: &str, _: &crate::core::Options) -> Result<CatChess, PositionError> {
        CatChess::from_fen(text)
    }
}

/// The Cats' seat, third in turn order.
pub const CATS: Seat = Seat::THIRD;

/// The seat whose turn follows `seat`'s: White, Black, the Cats, White…
#[inline(always)]
pub const fn next_seat(seat: Seat) -> Seat {
    Seat((seat.0 + 1) % 3)
}

/// The seat whose turn came before `seat`'s.
#[inline(always)]
pub const fn previous_seat(seat: Seat) -> Seat {
    Seat((seat.0 + 2) % 3)
}

/// A game of Cat Chess: the position, its history, the Cats and their zones.
#[derive(Clone)]
pub struct CatChess {
    geo: &'static Geometry,
    board: Board,
    side: Seat,
    /// The armies' pieces as bitboards, kept in step with the board (the
    /// Cats are not in them).
    bits: PieceBits,
    /// The two Cats' cells.
    cats: [Cell; 2],
    /// The Cats' cells as a bitboard.
    cat_bits: Bits,
    /// The cells of both zones, worked out afresh after every Cat's move.
    zone_bits: Bits,
    /// What a turn changes besides the board, the Cats and the side to move.
    state: play::State,
    history: History<play::Before>,
}

impl CatChess {
    /// A new game from the start position.
    pub fn new() -> CatChess {
        match CatChess::from_fen(START_FEN) {
            Ok(game) => game,
            Err(e) => unreachable!("the start Cat FEN is valid: {e}"),
        }
    }

    /// The board with every piece, the Cats included.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The two Cats' cells.
    pub fn cats(&self) -> [Cell; 2] {
        self.cats
    }

    /// The cells inside a Cat's zone.
    pub fn zones(&self) -> CellSet {
        CellSet::from_words([self.zone_bits, 0, 0, 0])
    }

    /// The current castling rights.
    pub fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// The en-passant cell (the cell a pawn just passed over).
    pub fn en_passant(&self) -> Option<Cell> {
        self.state.ep
    }

    /// Whether the piece on `cell` is disarmed: a White or Black piece in a zone.
    pub fn is_disarmed(&self, cell: Cell) -> bool {
        self.zone_bits & bit(cell) != 0 && self.board.get(cell).is_some_and(|p| p.seat() != CATS)
    }
}

impl Default for CatChess {
    fn default() -> Self {
        CatChess::new()
    }
}

impl Game for CatChess {
    type Refusal = notation::Refusal;

    fn fullmove(&self) -> u16 {
        self.state.fullmove
    }
    fn variant_id(&self) -> &'static str {
        RECORD.id
    }

    fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    fn seat_names(&self) -> &'static [&'static str] {
        SEATS
    }

    fn to_move(&self) -> Seat {
        self.side
    }

    fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board.get(cell)
    }

    fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.side == CATS && self.state.retired.of(CATS) == Some(Departure::Flagged) {
            // The Cats' flag fell: they pass on every turn from then on.
            out.push(Move::PASS);
            return;
        }
        self.generate(out);
    }

    fn make_move(&mut self, mv: Move) {
        history::make_move(self, mv)
    }

    fn unmake_move(&mut self) -> Option<Move> {
        history::unmake_move(self)
    }

    fn moves_played(&self) -> &[Move] {
        self.history.moves()
    }

    fn in_check(&self) -> bool {
        self.side != CATS && self.king_open(self.side)
    }

    fn end_rules(&self) -> EndRules {
        endings::END_RULES
    }

    /// Turns since the last capture or pawn move, the Cats' turns included;
    /// the game is drawn (the Cats win) at 100.
    fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }

    /// How many times the current placement, with the same side to move,
    /// came up before in this game (the start included). Only positions
    /// since the last capture or pawn move can match, and only every third
    /// turn has the same side to move.
    fn earlier_occurrences(&self) -> usize {
        self.history
            .earlier_occurrences(self.state.repetition_key, self.state.halfmove as usize, 3)
    }

    fn retirements(&self) -> Retirements {
        self.state.retired
    }

    fn insufficient_material(&self) -> bool {
        endings::insufficient_material(self)
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn position_text(&self) -> String {
        position::write(self)
    }

    fn move_text(&self, mv: Move) -> String {
        notation::move_text(self, mv)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::move_notation(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, notation::Refusal> {
        notation::parse_move(self, text)
    }

    fn capture_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate_noisy(out);
    }

    fn captured(&self, mv: Move) -> Option<Piece> {
        if self.side == CATS {
            None
        } else {
            piece_taken(&self.board, mv)
        }
    }

    fn annotations(&self) -> Annotations {
        let mut disarmed = CellSet::new();
        let zones = self.zones();
        for cell in zones.iter() {
            if self.is_disarmed(cell) {
                disarmed.insert(cell);
            }
        }
        let mut checked = CellSet::new();
        for seat in [Seat::WHITE, Seat::BLACK] {
            if self.king_open(seat)
                && let Some(king) = self.board.king(seat)
            {
                checked.insert(king);
            }
        }
        Annotations {
            checked,
            zones,
            disarmed,
            notes: vec![Note::new(
                "Hundred-turn count",
                Figure::Count {
                    count: self.state.halfmove.into(),
                    limit: Some(100),
                },
            )],
            ..Annotations::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_go_white_black_cats() {
        assert_eq!(next_seat(Seat::WHITE), Seat::BLACK);
        assert_eq!(next_seat(Seat::BLACK), CATS);
        assert_eq!(next_seat(CATS), Seat::WHITE);
        for s in 0..3 {
            assert_eq!(previous_seat(next_seat(Seat(s))), Seat(s));
        }
    }

    #[test]
    fn make_and_unmake_restore_the_position() {
        let mut game = CatChess::new();
        let start = (game.position_text(), game.hash(), game.zones());
        for text in ["e2e4", "d7d5", "a4b5", "e4d5", "e8d7", "pass"] {
            let mv = game.parse_move(text).expect("legal");
            game.make_move(mv);
        }
        while game.unmake_move().is_some() {}
        assert_eq!((game.position_text(), game.hash(), game.zones()), start);
    }
}
