//! FIDE chess: the rules, FEN and the Game implementation.

pub mod castling;
pub mod eval;
pub mod fen;
pub mod movegen;

use crate::core::{
    Annotations, Board, Cell, CellSet, EndReason, Game, GameError, Geometry, Move, MoveKind,
    MoveList, OptionSpec, Options, Outcome, Piece, PieceKind, Seat,
    options::ON_OFF,
    orthodox::{coordinate_text, piece_taken, play_on_board, take_back_on_board},
    repetition::earlier_occurrences,
    zobrist::Zobrist,
};
use crate::notation::san;
use castling::CastlingRights;

/// The options chess offers at setup.
pub const OPTIONS: &[OptionSpec] = &[
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

/// The FEN of the opening array.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The seat names of chess, in turn order.
pub const SEATS: &[&str] = &["white", "black"];

/// What a move changed that unmaking must restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    captured: Option<Piece>,
    castling: CastlingRights,
    ep: Option<Cell>,
    halfmove: u16,
    /// The hash of the position before the move.
    hash: u64,
}

/// A game of chess: the position, its history and the rule options.
#[derive(Clone)]
pub struct Chess {
    geo: &'static Geometry,
    board: Board,
    side: Seat,
    castling: CastlingRights,
    /// The cell a pawn just passed over with a double step.
    ep: Option<Cell>,
    halfmove: u16,
    fullmove: u16,
    fifty_moves: bool,
    repetition: bool,
    history: Vec<Undo>,
    played: Vec<Move>,
    hash: u64,
}

impl Chess {
    /// A new game from the opening array.
    pub fn new(options: &Options) -> Chess {
        match Chess::from_fen(START_FEN, options) {
            Ok(game) => game,
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    /// The rules options in force, read from `options`.
    fn set_options(&mut self, options: &Options) {
        self.fifty_moves = options.is_on(&OPTIONS[0]);
        self.repetition = options.is_on(&OPTIONS[1]);
    }

    /// The halfmove clock (half-moves since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The current castling rights.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant cell (the cell a pawn just passed over).
    pub fn en_passant(&self) -> Option<Cell> {
        self.ep
    }

    /// The hash of the position from its parts.
    fn compute_hash(&self) -> u64 {
        let z = Zobrist::get();
        let mut h =
            self.board.placement_hash() ^ z.seat(self.side) ^ z.extra(self.castling.0 as usize);
        if let Some(ep) = self.ep
            && self.en_passant_capturable(ep)
        {
            h ^= z.extra(16 + ep.index());
        }
        h
    }

    /// Whether a pawn of the side to move stands next to the pawn that just
    /// double-stepped (so the en-passant right is real).
    fn en_passant_capturable(&self, ep: Cell) -> bool {
        let fwd = movegen::forward(self.side);
        crate::core::attack::pawn_capture_directions(fwd)
            .iter()
            .any(|&d| {
                self.geo
                    .step(ep, d.opposite())
                    .and_then(|c| self.board.get(c))
                    .is_some_and(|p| p.is(self.side, PieceKind::Pawn))
            })
    }

    /// How many times the current position has occurred before, within the
    /// reach of the halfmove clock.
    fn earlier_occurrences(&self) -> usize {
        earlier_occurrences(&self.history, self.halfmove as usize, 2, |u| {
            u.hash == self.hash
        })
    }

    /// Whether neither side has the material to mate: bare Kings, a single
    /// minor piece, or Bishops that all stand on one colour.
    pub fn insufficient_material(&self) -> bool {
        let mut minors = 0;
        let mut knights = 0;
        let mut bishop_colours = [false; 2];
        for (cell, piece) in self.board.pieces(64) {
            match piece.kind() {
                PieceKind::King => {}
                PieceKind::Knight => {
                    minors += 1;
                    knights += 1;
                }
                PieceKind::Bishop => {
                    minors += 1;
                    bishop_colours[self.geo.is_light(cell) as usize] = true;
                }
                _ => return false,
            }
        }
        minors <= 1 || (knights == 0 && !(bishop_colours[0] && bishop_colours[1]))
    }

    /// The piece standing on `cell` (a shorthand for the board).
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl Game for Chess {
    fn variant_id(&self) -> &'static str {
        "chess"
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
        let pawn_moved = self
            .board
            .get(mv.from)
            .is_some_and(|p| p.kind() == PieceKind::Pawn);
        let captured = play_on_board(&mut self.board, mv);
        self.history.push(Undo {
            mv,
            captured,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        });
        self.played.push(mv);
        self.ep = (mv.kind == MoveKind::DoubleStep).then_some(mv.aux);
        let reset_clock = pawn_moved || captured.is_some();
        self.castling = self.castling.after_touching(mv.from).after_touching(mv.to);
        self.halfmove = if reset_clock {
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
        take_back_on_board(&mut self.board, mv, undo.captured);
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
        Some(mv)
    }

    fn moves_played(&self) -> &[Move] {
        &self.played
    }

    fn in_check(&self) -> bool {
        self.board
            .king(self.side)
            .is_some_and(|k| self.attacked(k, self.side.opponent(), None))
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        if moves.is_empty() {
            return Some(if self.in_check() {
                Outcome {
                    winner: Some(self.side.opponent()),
                    reason: EndReason::Checkmate,
                }
            } else {
                Outcome {
                    winner: None,
                    reason: EndReason::Stalemate,
                }
            });
        }
        self.rule_outcome()
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if self.fifty_moves && self.halfmove >= 100 {
            return draw(EndReason::FiftyMoves);
        }
        if self.repetition && self.earlier_occurrences() >= 2 {
            return draw(EndReason::Repetition);
        }
        if self.insufficient_material() {
            return draw(EndReason::Material);
        }
        None
    }

    fn is_repeat(&self) -> bool {
        self.earlier_occurrences() >= 1
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn position_text(&self) -> String {
        fen::write(self)
    }

    fn move_text(&self, mv: Move) -> String {
        coordinate_text(self.geo, mv)
    }

    fn move_notation(&self, mv: Move) -> String {
        san::to_san(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        san::parse_coordinate_or_san(self, text)
    }

    fn captured(&self, mv: Move) -> Option<Piece> {
        piece_taken(&self.board, mv)
    }

    fn make_null_move(&mut self) -> bool {
        if self.in_check() {
            return false;
        }
        self.history.push(Undo {
            mv: Move::PASS,
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        });
        self.played.push(Move::PASS);
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = self.side.opponent();
        self.hash = self.compute_hash();
        true
    }

    fn unmake_null_move(&mut self) {
        if self.history.last().is_some_and(|u| u.mv.is_pass())
            && let Some(undo) = self.history.pop()
        {
            self.played.pop();
            self.side = self.side.opponent();
            self.ep = undo.ep;
            self.halfmove = undo.halfmove;
            self.hash = undo.hash;
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
            notes: vec![("Halfmove clock".to_string(), format!("{}", self.halfmove))],
            ..Annotations::default()
        }
    }
}
