//! Polar chess: chess on a sphere of 72 cells (64 quadrilaterals and 8
//! triangles on the equator), White round the north pole and Black round
//! the south. The rules are `docs/rules/polar.md`, on the
//! board `docs/rules/polar-geometry.md` describes.

pub mod endings;
pub mod eval;
pub mod formations;
pub mod glance;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod play;
pub mod position;
pub mod tables;

use crate::core::history::{self, History};
use crate::core::orthodox::piece_taken;
use crate::core::piece_sets::PieceSets;
use crate::core::{
    Annotations, Board, Cell, CellSet, EndRules, Game, Geometry, Move, MoveList, Options, Piece,
    PieceKind, Retirements, Seat,
};
use crate::core::{Figure, Note};
use crate::limits::Limit;
use crate::notation::PositionError;
use crate::variants::{Bench, Layout, Names, Record, Registered, UciName};
pub use formations::Formation;
pub use options::{OPTIONS, PolarOptions};
pub use tables::{PolarBoard, polar_board};

/// The seat names of Polar chess, in turn order.
pub const SEATS: &[&str] = &["white", "black"];

/// The position text of Option 1's start, the default.
pub const START_TEXT: &str = "K3E,Q14N,R14S,R4E,B6N,B2E,N6S,N5E,P15N,P13N,P22S,P23N,P15S,P13S,P22N,P23S,k10E,q9N,r9S,r9E,b3N,b11E,n3S,n8E,p18N,p10N,p19S,p26N,p18S,p10S,p19N,p26S w 15N,13N,18N,10N,22S,23N,19S,26N,15S,13S,18S,10S,22N,23S,19N,26S - 0 1";

/// Polar chess in the registry ([`crate::variants`]).
pub const RECORD: Record = Record {
    id: "polar",
    names: Names {
        display: "Polar chess",
        pgn: Some("polar"),
        pgn_read: &["polar", "polar chess", "polar-chess"],
        xboard: None,
        uci: UciName::Own("polarchess"),
    },
    summary: "Chess on a sphere of 72 cells round two poles, lines running over the equator.",
    seats: SEATS,
    start: START_TEXT,
    options: OPTIONS,
    perft: Limit::refused("`perft --depth` for Polar chess", "--depth", 0, 7)
        .scoped(" for Polar chess perft"),
    bench_perft: Limit::refused("`bench --perft` for Polar chess", "--perft", 0, 4)
        .scoped(" for the Polar chess bench"),
    bench_depth: None,
    bench: Bench {
        positions: &[("start", START_TEXT)],
        searched: true,
    },
    engine_options: &[],
    figures: &["Formation", "Halfmove clock"],
    layout: Layout::Sphere,
};

impl Registered for Polar {
    fn start(options: &Options) -> Polar {
        Polar::new(options)
    }
    fn from_text(text: &str, options: &Options) -> Result<Polar, PositionError> {
        Polar::from_text(text, options)
    }
}

/// Zobrist extra keys: a double-step right on a cell, then the en-passant
/// middle and landing cells.
const RIGHTS_KEYS: usize = 100;
const EN_PASSANT_OVER_KEYS: usize = 200;
const EN_PASSANT_LANDING_KEYS: usize = 300;

/// The pawn that has just double-stepped: the cell it passed over (where
/// an enemy pawn may take it, next turn only) and the cell it stands on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EnPassant {
    /// The cell the double step passed over.
    pub over: Cell,
    /// The cell the pawn landed on.
    pub landing: Cell,
}

/// A game of Polar chess: the position, its history and the rule options.
#[derive(Clone)]
pub struct Polar {
    tables: &'static PolarBoard,
    board: Board,
    /// The board's pieces as bitboards, kept in step with it.
    sets: PieceSets<u128>,
    side: Seat,
    /// What a move changes besides the board and the side to move.
    state: play::State,
    options: PolarOptions,
    history: History<play::Before>,
}

impl std::fmt::Debug for Polar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Polar({})", self.position_text())
    }
}

impl Polar {
    /// A new game from the formation `options` chooses (Option 1 by default).
    pub fn new(options: &Options) -> Polar {
        let mut game = Polar::empty(options);
        let tables = game.tables;
        for (name, piece) in game.options.formation.pieces() {
            if let Some(cell) = tables.geometry().cell(&name) {
                game.board.put(cell, piece);
                if piece.kind() == PieceKind::Pawn {
                    game.state.rights.insert(cell);
                }
            }
        }
        game.refresh_sets();
        game.refresh_keys();
        game
    }

    /// An empty board with White to move, and the formation and rules
    /// `options` choose.
    fn empty(options: &Options) -> Polar {
        let mut board = Board::new();
        board.use_square_table(eval::square_table(polar_board()));
        Polar {
            tables: polar_board(),
            board,
            sets: PieceSets::default(),
            side: Seat::WHITE,
            state: play::State {
                rights: CellSet::new(),
                rights_key: 0,
                ep: None,
                halfmove: 0,
                fullmove: 1,
                hash: 0,
                retired: crate::core::Retirements::NONE,
            },
            options: PolarOptions::read(options),
            history: History::with_capacity(256),
        }
    }

    /// Sets the bitboards from the board, after it was set up.
    fn refresh_sets(&mut self) {
        self.sets = PieceSets::of(&self.board, self.geometry().cell_count());
    }

    /// The board's tables.
    pub fn tables(&self) -> &'static PolarBoard {
        self.tables
    }

    /// The pieces on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The formation the game was set up from.
    pub fn formation(&self) -> Formation {
        self.options.formation
    }

    /// The cells of the pawns that may still double-step.
    pub fn double_step_rights(&self) -> CellSet {
        self.state.rights
    }

    /// The pawn that has just double-stepped, if the last move was one.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.state.ep
    }

    /// The number of the move being played, counting from 1.
    pub fn fullmove_number(&self) -> u16 {
        self.state.fullmove
    }
}

impl Game for Polar {
    type Refusal = notation::Refusal;

    fn fullmove(&self) -> u16 {
        self.state.fullmove
    }
    fn variant_id(&self) -> &'static str {
        RECORD.id
    }

    fn geometry(&self) -> &'static Geometry {
        self.tables.geometry()
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
        self.generate(out, false);
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
        self.king_attacked(self.side)
    }

    fn end_rules(&self) -> EndRules {
        endings::end_rules(self.options)
    }

    /// Half-moves since the last capture or pawn move.
    fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }

    /// How many times the current position (placement, side to move,
    /// double-step rights and a possible en-passant capture) came up
    /// before, since the last capture or pawn move.
    fn earlier_occurrences(&self) -> usize {
        self.history
            .earlier_occurrences(self.state.hash, self.state.halfmove as usize, 2)
    }

    /// A lone king cannot mate; anything more may (FIDE 6.9's reading).
    fn can_mate(&self, seat: Seat) -> bool {
        self.board.total(seat) > 1
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

    fn captured(&self, mv: Move) -> Option<Piece> {
        piece_taken(&self.board, mv)
    }

    fn capture_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate(out, true);
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
            notes: vec![
                Note::new(
                    "Formation",
                    Figure::Words(self.formation().name().to_string()),
                ),
                Note::new("Halfmove clock", Figure::count(self.state.halfmove)),
            ],
            ..Annotations::default()
        }
    }
}
