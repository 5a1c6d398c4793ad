//! Polar chess: chess on a sphere of 72 cells (64 quadrilaterals and 8
//! triangles on the equator), White round the north pole and Black round
//! the south. The rules are `shared/seeds/polar-chess.txt` as read by
//! `shared/rules/polar.md` and `shared/polar/POLAR.md`.

pub mod board;
pub mod endings;
pub mod eval;
pub mod formations;
pub mod layout;
pub mod movegen;
pub mod notation;
pub mod text;

use crate::core::options::ON_OFF;
use crate::core::orthodox::{piece_taken, play_on_board, take_back_on_board};
use crate::core::zobrist::Zobrist;
use crate::core::{
    Annotations, Board, Cell, CellSet, Game, GameError, Geometry, Move, MoveKind, MoveList,
    OptionSpec, Options, Outcome, Piece, PieceKind, Seat,
};
pub use board::{PolarBoard, polar_board};
pub use formations::Formation;

/// The options Polar chess offers at setup: the formation, then the draw
/// rules as chess has them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "formation",
        label: "Starting position",
        choices: &["option1", "option2", "rooks_and_pawns", "original_2004"],
    },
    OptionSpec {
        key: "fifty_moves",
        label: "Fifty-move rule",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "repetition",
        label: "Threefold repetition",
        choices: ON_OFF,
    },
];

/// The seat names of Polar chess, in turn order.
pub const SEATS: &[&str] = &["white", "black"];

/// The position text of Option 1's start, the default.
pub const START_TEXT: &str = "K3E,Q14N,R14S,R4E,B6N,B2E,N6S,N5E,P15N,P13N,P22S,P23N,P15S,P13S,P22N,P23S,k10E,q9N,r9S,r9E,b3N,b11E,n3S,n8E,p18N,p10N,p19S,p26N,p18S,p10S,p19N,p26S w 15N,13N,18N,10N,22S,23N,19S,26N,15S,13S,18S,10S,22N,23S,19N,26S - 0 1";

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

/// What a move changed that unmaking must restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    captured: Option<Piece>,
    rights: CellSet,
    rights_key: u64,
    ep: Option<EnPassant>,
    halfmove: u16,
    /// The hash of the position before the move.
    hash: u64,
}

/// A game of Polar chess: the position, its history and the rule options.
#[derive(Clone)]
pub struct Polar {
    tables: &'static PolarBoard,
    board: Board,
    side: Seat,
    /// The cells of the pawns that have never moved, which may double-step.
    rights: CellSet,
    /// The Zobrist keys of `rights`, kept up to date as rights are lost.
    rights_key: u64,
    ep: Option<EnPassant>,
    halfmove: u16,
    fullmove: u16,
    formation: Formation,
    fifty_moves: bool,
    repetition: bool,
    history: Vec<Undo>,
    played: Vec<Move>,
    hash: u64,
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
        for (name, piece) in game.formation.pieces() {
            if let Some(cell) = tables.geometry().cell(&name) {
                game.board.put(cell, piece);
                if piece.kind() == PieceKind::Pawn {
                    game.rights.insert(cell);
                }
            }
        }
        game.refresh_keys();
        game
    }

    /// An empty board with White to move, and the formation and rules
    /// `options` choose.
    fn empty(options: &Options) -> Polar {
        Polar {
            tables: polar_board(),
            board: Board::new(),
            side: Seat::WHITE,
            rights: CellSet::new(),
            rights_key: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            formation: Formation::from_key(options.value(&OPTIONS[0])).unwrap_or_default(),
            fifty_moves: options.is_on(&OPTIONS[1]),
            repetition: options.is_on(&OPTIONS[2]),
            history: Vec::with_capacity(256),
            played: Vec::with_capacity(256),
            hash: 0,
        }
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
        self.formation
    }

    /// The cells of the pawns that may still double-step.
    pub fn double_step_rights(&self) -> CellSet {
        self.rights
    }

    /// The pawn that has just double-stepped, if the last move was one.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The number of the move being played, counting from 1.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// Sets the rights' keys and the hash from the position's parts.
    fn refresh_keys(&mut self) {
        let z = Zobrist::get();
        self.rights_key = self
            .rights
            .iter()
            .fold(0, |k, c| k ^ z.extra(RIGHTS_KEYS + c.index()));
        self.hash = self.compute_hash();
    }

    /// The hash from the incrementally kept parts: the placement, the side
    /// to move, the double-step rights and an en-passant capture that a
    /// pawn of the side to move could make.
    fn compute_hash(&self) -> u64 {
        let z = Zobrist::get();
        let mut h = self.board.placement_hash() ^ z.seat(self.side) ^ self.rights_key;
        if let Some(ep) = self.ep
            && self.en_passant_possible(ep)
        {
            h ^= z.extra(EN_PASSANT_OVER_KEYS + ep.over.index())
                ^ z.extra(EN_PASSANT_LANDING_KEYS + ep.landing.index());
        }
        h
    }

    /// Whether a pawn of the side to move could take en passant on `ep.over`.
    fn en_passant_possible(&self, ep: EnPassant) -> bool {
        self.tables
            .pawn_attackers(self.side, ep.over)
            .iter()
            .any(|&c| {
                self.board
                    .get(c)
                    .is_some_and(|p| p.is(self.side, PieceKind::Pawn))
            })
    }

    /// Takes away the double-step right of the pawn on `cell`, if it had one.
    fn lose_right(&mut self, cell: Cell) {
        if self.rights.contains(cell) {
            self.rights.remove(cell);
            self.rights_key ^= Zobrist::get().extra(RIGHTS_KEYS + cell.index());
        }
    }
}

impl Game for Polar {
    fn variant_id(&self) -> &'static str {
        "polar"
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
        let pawn_moved = self
            .board
            .get(mv.from)
            .is_some_and(|p| p.kind() == PieceKind::Pawn);
        let before = Undo {
            mv,
            captured: None,
            rights: self.rights,
            rights_key: self.rights_key,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let captured = play_on_board(&mut self.board, mv);
        self.history.push(Undo { captured, ..before });
        self.played.push(mv);
        self.lose_right(mv.from);
        self.lose_right(mv.to);
        if mv.kind == MoveKind::EnPassant {
            self.lose_right(mv.aux);
        }
        self.ep = (mv.kind == MoveKind::DoubleStep).then_some(EnPassant {
            over: mv.aux,
            landing: mv.to,
        });
        self.halfmove = if pawn_moved || captured.is_some() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Seat::BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.hash = self.compute_hash();
    }

    fn unmake_move(&mut self) -> Option<Move> {
        let undo = self.history.pop()?;
        self.played.pop();
        let mv = undo.mv;
        self.side = self.side.opponent();
        if self.side == Seat::BLACK {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        if !mv.is_pass() {
            take_back_on_board(&mut self.board, mv, undo.captured);
        }
        self.rights = undo.rights;
        self.rights_key = undo.rights_key;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
        Some(mv)
    }

    fn moves_played(&self) -> &[Move] {
        &self.played
    }

    fn in_check(&self) -> bool {
        self.king_attacked(&self.board, self.side)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending()
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        self.rule_ending()
    }

    fn is_repeat(&self) -> bool {
        self.earlier_occurrences() >= 1
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn position_text(&self) -> String {
        text::write(self)
    }

    fn move_text(&self, mv: Move) -> String {
        notation::coordinates(self, mv)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::readable(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        notation::parse(self, text)
    }

    fn captured(&self, mv: Move) -> Option<Piece> {
        piece_taken(&self.board, mv)
    }

    fn capture_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate(out, true);
    }

    fn make_null_move(&mut self) -> bool {
        if self.in_check() {
            return false;
        }
        self.history.push(Undo {
            mv: Move::PASS,
            captured: None,
            rights: self.rights,
            rights_key: self.rights_key,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        });
        self.played.push(Move::PASS);
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side == Seat::BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.hash = self.compute_hash();
        true
    }

    fn unmake_null_move(&mut self) {
        if self.history.last().is_some_and(|u| u.mv.is_pass()) {
            self.unmake_move();
        }
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
                ("Formation".to_string(), self.formation.name().to_string()),
                ("Halfmove clock".to_string(), format!("{}", self.halfmove)),
            ],
            ..Annotations::default()
        }
    }
}
