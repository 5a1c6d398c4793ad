//! Chu Chess (issue 11): the 10 × 10 game with the Lion, crowned pieces,
//! three-step castling and Chess-like or Shogi-like promotion, as
//! `docs/rules/chu-chess.md` rules it.
//!
//! Move representation: see [`lion`] for the Lion's moves (the pass is
//! `MoveKind::TwoLeg` with `aux == to == from`); castling is the King's
//! move with the Rook's corner in `aux`; a promotion carries the new kind.

pub mod attack;
pub mod castling;
pub mod endings;
pub mod eval;
pub mod glance;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod pieces;
pub mod play;
pub mod position;
pub mod promotion;
pub mod tables;

use crate::core::history::{self, History};
use crate::core::orthodox::CastlingRights;
use crate::core::{
    Annotations, Board, Cell, CellSet, EndRules, Game, Geometry, Move, MoveKind, MoveList, Options,
    Piece, PieceKind, Retirements, Seat,
};
use crate::core::{Figure, Note};
use crate::limits::Limit;
use crate::notation::PositionError;
use crate::variants::{Bench, EngineOption, Layout, Names, Record, Registered, UciName};
use arrayvec::ArrayVec;
pub use options::{ChuOptions, OPTIONS};
use promotion::PromotionMode;
use tables::ChuTables;

/// The start position (White King f0, Black King e9).
pub const START_FEN: &str =
    "r3k4r/mnb+rql+bbnm/pppppppppp/10/10/10/10/PPPPPPPPPP/MNB+BLQ+RBNM/R4K3R w KQkq - 0 1";

/// Positions for `catboard bench --variant chu`, as (name, Chu FEN): the
/// start, an opening, two middlegames and an ending, taken from a game the
/// computer played against itself.
pub const BENCH_POSITIONS: &[(&str, &str)] = &[
    ("start", START_FEN),
    (
        "opening",
        "rb2k2+b1r/m2+rq2b1m/1pp2p1p1p/2n1plpnp1/p2p6/P2P1LP3/1PN1P2N2/2P2P1PP1/M1B+B1Q+RB1M/R4K3R w KQkq - 0 16",
    ),
    (
        "middlegame",
        "rbq2k1+b1r/7b2/1m1+r1p1pm1/1p3lpnpp/1Q1P6/PpLP2P3/1P3P1NP1/7PM1/2B+B2+RB2/4RK3R w K - 3 31",
    ),
    (
        "lions",
        "2q2k1r2/10/5p1pm1/1p5n2/r8p/P1l2N4/2p2P1bPB/2L7/6+R3/2R2K4 w - - 0 51",
    ),
    (
        "ending",
        "5k1r2/10/5p1pm1/1p3l4/5n3p/r9/3L1P1Nq1/10/5B+R3/4RK4 w - - 8 57",
    ),
];

/// The seat names, in turn order.
pub const SEATS: &[&str] = &["white", "black"];

/// Chu Chess in the registry ([`crate::variants`]): XBoard's `elven`, whose
/// rules page is catboard's source.
pub const RECORD: Record = Record {
    id: "chu",
    names: Names {
        display: "Chu Chess",
        pgn: Some("elven"),
        pgn_read: &["elven", "chu chess", "chu-chess"],
        xboard: Some("elven"),
        uci: UciName::Own("chuchess"),
    },
    summary: "Muller's Chu Chess on 10 x 10: shogi-like pieces, a Lion that moves twice.",
    seats: SEATS,
    start: START_FEN,
    options: OPTIONS,
    perft: Limit::refused("`perft --depth` for Chu Chess", "--depth", 0, 6)
        .scoped(" for Chu Chess perft"),
    bench_perft: Limit::refused("`bench --perft` for Chu Chess", "--perft", 0, 4)
        .scoped(" for the Chu Chess bench"),
    bench_depth: None,
    // Chu's perft grows about 60-fold a ply: depth 4 takes about a second.
    bench: Bench {
        positions: BENCH_POSITIONS,
        searched: true,
    },
    // Engines (XBoard's elven) promote as in chess.
    engine_options: &[EngineOption {
        key: "promotion",
        xboard: "Promotion",
    }],
    figures: &["Halfmove clock", "Lion"],
    layout: Layout::Grid,
};

impl Registered for Chu {
    fn start(options: &Options) -> Chu {
        Chu::new(options)
    }
    fn from_text(text: &str, options: &Options) -> Result<Chu, PositionError> {
        Chu::from_fen(text, options)
    }
}

/// Zobrist extra keys: castling rights use 0–15, the en-passant cell 16 +
/// its index; these two mark trading rule 3 in force and Shogi-like play.
const KEY_LION_BAN: usize = 300;
const KEY_SHOGI: usize = 301;

/// A game of Chu Chess: the position, its history and the rule options.
#[derive(Clone)]
pub struct Chu {
    t: &'static ChuTables,
    board: Board,
    /// The board's pieces as bitboards, kept in step with it.
    sets: attack::ChuSets,
    side: Seat,
    /// What a move changes besides the board and the side to move.
    state: play::State,
    options: ChuOptions,
    history: History<play::Before>,
}

impl Chu {
    /// A new game from the start position.
    pub fn new(options: &Options) -> Chu {
        match Chu::from_fen(START_FEN, options) {
            Ok(game) => game,
            Err(e) => unreachable!("the start position is valid: {e}"),
        }
    }

    /// The pieces on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The promotion mode in force.
    pub fn promotion_mode(&self) -> PromotionMode {
        self.options.promotion
    }

    /// Whether trading rule 3 is in force for the side to move.
    pub fn lion_ban(&self) -> bool {
        self.state.lion_ban
    }

    /// The castling rights held.
    pub fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// Whether only the two Kings are left.
    pub fn bare_kings_only(&self) -> bool {
        endings::bare_kings_only(self)
    }

    fn king_attacked(&self, seat: Seat) -> bool {
        self.board
            .king(seat)
            .is_some_and(|k| attack::attacked(self.t.wide(), &self.sets, k, seat.opponent(), true))
    }
}

impl Game for Chu {
    type Refusal = notation::Refusal;

    fn fullmove(&self) -> u16 {
        self.state.fullmove
    }
    fn kind_label(&self, kind: PieceKind) -> String {
        pieces::kind_text(kind)
    }
    fn variant_id(&self) -> &'static str {
        RECORD.id
    }

    fn geometry(&self) -> &'static Geometry {
        &self.t.geo
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
        self.king_attacked(self.side)
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

    /// A lone King cannot mate; anything more may (FIDE 6.9's reading).
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

    /// Trading rule 3 in force is not in XBoard's FEN.
    fn state_beyond_text(&self) -> bool {
        self.state.lion_ban
    }

    /// A Lion's move may be walked step by step: its pass through any empty
    /// neighbour and back, and a move to a cell also reached by two steps
    /// through an empty neighbour (the same move as the jump, one move per
    /// outcome), besides each move's own path.
    fn entry_paths(&self, mv: Move) -> Vec<ArrayVec<Cell, 3>> {
        let t = ChuTables::get();
        let lion = self
            .board
            .get(mv.from)
            .is_some_and(|p| p.kind() == PieceKind::Lion);
        let via = |mid: Cell, to: Cell| -> ArrayVec<Cell, 3> { [mv.from, mid, to].into() };
        match mv.kind {
            MoveKind::TwoLeg if mv.aux == mv.from => t.ring[mv.from.index()]
                .iter()
                .filter(|&&n| self.board.is_empty(n))
                .map(|&n| via(n, mv.from))
                .collect(),
            MoveKind::Normal if lion => {
                let mut paths = vec![mv.path()];
                paths.extend(
                    t.ring[mv.from.index()]
                        .iter()
                        .filter(|&&m| {
                            m != mv.to
                                && self.board.is_empty(m)
                                && t.ring_set[m.index()].contains(mv.to)
                        })
                        .map(|&m| via(m, mv.to)),
                );
                paths
            }
            _ => vec![mv.path()],
        }
    }

    fn captured(&self, mv: Move) -> Option<Piece> {
        match mv.kind {
            MoveKind::Castle | MoveKind::Pass | MoveKind::DoubleStep | MoveKind::Retire => None,
            MoveKind::EnPassant => self.board.get(mv.aux),
            MoveKind::TwoLeg if mv.aux == mv.from => None,
            MoveKind::TwoLeg => {
                let second = (mv.to != mv.from).then(|| self.board.get(mv.to)).flatten();
                let first = self.board.get(mv.aux);
                // The more valuable of the two, for move ordering.
                match (first, second) {
                    (Some(a), Some(b)) => Some(if eval::value(b.kind()) > eval::value(a.kind()) {
                        b
                    } else {
                        a
                    }),
                    (a, b) => a.or(b),
                }
            }
            MoveKind::Normal => self.board.get(mv.to),
        }
    }

    fn capture_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate_noisy(out);
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
        let mut notes = vec![Note::new(
            "Halfmove clock",
            Figure::count(self.state.halfmove),
        )];
        if self.state.lion_ban {
            notes.push(Note::new(
                "Lion",
                Figure::Words("only a Lion may take a Lion this move".to_string()),
            ));
        }
        Annotations {
            checked,
            notes,
            ..Annotations::default()
        }
    }
}

impl std::fmt::Debug for Chu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chu({})", position::write(self))
    }
}
