//! FIDE chess: the rules, FEN and the Game implementation.

pub mod bits;
pub mod castling;
pub mod endings;
pub mod eval;
pub mod exchange;
pub mod glance;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod play;
pub mod position;
pub mod weights;

use crate::core::history::{self, History};
use crate::core::{
    Annotations, Board, Cell, CellSet, EndRules, Game, Geometry, Move, MoveList, Options, Piece,
    Retirements, Seat, orthodox::piece_taken,
};
use crate::core::{Figure, Note};
use crate::limits::Limit;
use crate::notation::PositionError;
use crate::variants::{Bench, Layout, Names, Record, Registered, UciName};
use castling::CastlingRights;
pub use options::{ChessOptions, OPTIONS};

/// The FEN of the opening array.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The seat names of chess, in turn order.
pub const SEATS: &[&str] = &["white", "black"];

/// Chess in the registry ([`crate::variants`]).
pub const RECORD: Record = Record {
    id: "chess",
    names: Names {
        display: "Chess",
        pgn: None,
        pgn_read: &["standard", "chess", "normal", "from position"],
        xboard: Some("normal"),
        uci: UciName::Shared("chess"),
    },
    summary: "FIDE chess: two armies on 8 x 8, checkmate the king.",
    seats: SEATS,
    start: START_FEN,
    options: OPTIONS,
    perft: Limit::refused("`perft --depth` for Chess", "--depth", 0, 9).scoped(" for Chess perft"),
    bench_perft: Limit::refused("`bench --perft` for Chess", "--perft", 0, 9)
        .scoped(" for the Chess bench"),
    bench_depth: None,
    bench: Bench {
        positions: crate::ai::bench::POSITIONS,
        searched: true,
    },
    engine_options: &[],
    figures: &["Halfmove clock"],
    layout: Layout::Grid,
};

impl Registered for Chess {
    fn start(options: &Options) -> Chess {
        Chess::new(options)
    }
    fn from_text(text: &str, options: &Options) -> Result<Chess, PositionError> {
        Chess::from_fen(text, options)
    }
}

/// A game of chess: the position, its history and the rule options.
#[derive(Clone)]
pub struct Chess {
    geo: &'static Geometry,
    board: Board,
    /// The board's pieces as bitboards, kept in step with it.
    bits: bits::PieceBits,
    side: Seat,
    /// What a move changes besides the board and the side to move.
    state: play::State,
    options: ChessOptions,
    history: History<play::Before>,
}

impl Chess {
    /// A new game from the opening array.
    pub fn new(options: &Options) -> Chess {
        match Chess::from_fen(START_FEN, options) {
            Ok(game) => game,
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    /// The current castling rights.
    pub fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// The en-passant cell (the cell a pawn just passed over).
    pub fn en_passant(&self) -> Option<Cell> {
        self.state.ep
    }

    /// The piece standing on `cell` (a shorthand for the board).
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl Game for Chess {
    type Refusal = crate::notation::san::SanError;

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
        self.checkers() != 0
    }

    fn end_rules(&self) -> EndRules {
        endings::end_rules(self.options)
    }

    fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }

    fn earlier_occurrences(&self) -> usize {
        self.history
            .earlier_occurrences(self.state.hash, self.state.halfmove as usize, 2)
    }

    fn can_mate(&self, seat: Seat) -> bool {
        endings::can_mate(self, seat)
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

    fn parse_move(&self, text: &str) -> Result<Move, crate::notation::san::SanError> {
        notation::parse_move(self, text)
    }

    fn captured(&self, mv: Move) -> Option<Piece> {
        piece_taken(&self.board, mv)
    }

    fn make_null_move(&mut self) -> bool {
        history::make_null_move(self)
    }

    fn unmake_null_move(&mut self) {
        history::unmake_null_move(self)
    }

    fn annotations(&self) -> Annotations {
        let mut checked = CellSet::new();
        if self.in_check()
            && let Some(k) = self.board.king(self.side)
        {
            checked.insert(k);
        }
        Annotations {
            checked,
            notes: vec![Note::new(
                "Halfmove clock",
                Figure::count(self.state.halfmove),
            )],
            ..Annotations::default()
        }
    }
}
