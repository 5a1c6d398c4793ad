//! Chu Chess (issue 11): the 10 × 10 game with the Lion, crowned pieces,
//! three-step castling and Chess-like or Shogi-like promotion, as
//! `shared/rules/chu-chess.md` rules it.
//!
//! Move representation: see [`lion`] for the Lion's moves (the pass is
//! `MoveKind::TwoLeg` with `aux == to == from`); castling is the King's
//! move with the Rook's corner in `aux`; a promotion carries the new kind.

pub mod attack;
pub mod castling;
pub mod eval;
pub mod fen;
pub mod lion;
pub mod movegen;
pub mod notation;
pub mod pieces;
pub mod play;
pub mod promotion;
pub mod tables;

use crate::core::orthodox::CastlingRights;
use crate::core::{
    Annotations, Board, Cell, CellSet, EndReason, Game, GameError, Geometry, Move, MoveKind,
    MoveList, OptionSpec, Options, Outcome, Piece, PieceKind, Seat, options::ON_OFF,
    repetition::earlier_occurrences, zobrist::Zobrist,
};
use arrayvec::ArrayVec;
use play::{Taken, play, take_back};
use promotion::PromotionMode;
use tables::ChuTables;

/// The options Chu Chess offers at setup; the first is the promotion mode.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "promotion",
        label: "Promotion",
        choices: &["chess", "shogi"],
    },
    OptionSpec {
        key: "fifty_moves",
        label: "100 half-moves rule",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "repetition",
        label: "Threefold repetition",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "bare_kings",
        label: "Bare Kings draw",
        choices: ON_OFF,
    },
];

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

/// Zobrist extra keys: castling rights use 0–15, the en-passant cell 16 +
/// its index; these two mark trading rule 3 in force and Shogi-like play.
const KEY_LION_BAN: usize = 300;
const KEY_SHOGI: usize = 301;

/// What a move changed that unmaking must restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    mover: Piece,
    taken: Taken,
    castling: CastlingRights,
    ep: Option<Cell>,
    halfmove: u16,
    lion_ban: bool,
    /// The hash of the position before the move.
    hash: u64,
}

/// A game of Chu Chess: the position, its history and the rule options.
#[derive(Clone)]
pub struct Chu {
    t: &'static ChuTables,
    board: Board,
    side: Seat,
    castling: CastlingRights,
    /// The cell a Pawn just passed over with a double step.
    ep: Option<Cell>,
    halfmove: u16,
    fullmove: u16,
    /// Trading rule 3 in force: the side to move may not take a Lion with
    /// anything but a Lion.
    lion_ban: bool,
    mode: PromotionMode,
    fifty_moves: bool,
    repetition: bool,
    bare_kings: bool,
    history: Vec<Undo>,
    played: Vec<Move>,
    hash: u64,
}

impl Chu {
    /// A new game from the start position.
    pub fn new(options: &Options) -> Chu {
        match Chu::from_fen(START_FEN, options) {
            Ok(game) => game,
            Err(e) => unreachable!("the start position is valid: {e}"),
        }
    }

    /// The rule options in force, read from `options`.
    fn set_options(&mut self, options: &Options) {
        self.mode = PromotionMode::from_value(options.value(&OPTIONS[0]));
        self.fifty_moves = options.is_on(&OPTIONS[1]);
        self.repetition = options.is_on(&OPTIONS[2]);
        self.bare_kings = options.is_on(&OPTIONS[3]);
    }

    /// The pieces on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The promotion mode in force.
    pub fn promotion_mode(&self) -> PromotionMode {
        self.mode
    }

    /// Whether trading rule 3 is in force for the side to move.
    pub fn lion_ban(&self) -> bool {
        self.lion_ban
    }

    /// The castling rights held.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The hash of the position from its parts (the placement part is kept
    /// up to date by the board as pieces move).
    fn compute_hash(&self) -> u64 {
        let z = Zobrist::get();
        let mut h =
            self.board.placement_hash() ^ z.seat(self.side) ^ z.extra(self.castling.0 as usize);
        if let Some(ep) = self.ep
            && self.en_passant_possible(ep)
        {
            h ^= z.extra(16 + ep.index());
        }
        if self.lion_ban {
            h ^= z.extra(KEY_LION_BAN);
        }
        if self.mode == PromotionMode::Shogi {
            h ^= z.extra(KEY_SHOGI);
        }
        h
    }

    /// Whether a Pawn of the side to move could take en passant on `ep`.
    fn en_passant_possible(&self, ep: Cell) -> bool {
        let fwd = crate::core::orthodox::pawn_forward(self.side);
        crate::core::attack::pawn_capture_directions(fwd)
            .iter()
            .any(|&d| {
                self.t
                    .geo
                    .step(ep, d.opposite())
                    .and_then(|c| self.board.get(c))
                    .is_some_and(|p| p.is(self.side, PieceKind::Pawn))
            })
    }

    fn earlier_occurrences(&self) -> usize {
        earlier_occurrences(&self.history, self.halfmove as usize, 2, |u| {
            u.hash == self.hash
        })
    }

    /// Whether only the two Kings are left.
    pub fn bare_kings_only(&self) -> bool {
        self.board.kings_only(&[Seat::WHITE, Seat::BLACK])
    }

    fn king_attacked(&self, seat: Seat) -> bool {
        self.board
            .king(seat)
            .is_some_and(|k| attack::attacked(self.t, &self.board, k, seat.opponent(), true))
    }
}

impl Game for Chu {
    fn variant_id(&self) -> &'static str {
        "chu"
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
        let Some(mover) = self.board.get(mv.from) else {
            return;
        };
        let taken = play(self.t, &mut self.board, mv);
        self.history.push(Undo {
            mv,
            mover,
            taken,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            lion_ban: self.lion_ban,
            hash: self.hash,
        });
        self.played.push(mv);
        let kind = mover.kind();
        self.ep = (mv.kind == MoveKind::DoubleStep).then_some(mv.aux);
        // `aux` is a cell touched only by a Lion's first leg or en passant.
        let touched = match mv.kind {
            MoveKind::TwoLeg | MoveKind::EnPassant => [mv.to, mv.aux],
            _ => [mv.to, mv.to],
        };
        self.castling =
            castling::rights_after(self.t, self.castling, self.side, kind, mv.from, &touched);
        self.lion_ban = kind != PieceKind::Lion && taken.lion();
        self.halfmove = if kind == PieceKind::Pawn || taken.any() {
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
        self.side = self.side.opponent();
        if self.side == Seat::BLACK {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        take_back(self.t, &mut self.board, undo.mv, undo.mover, undo.taken);
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.lion_ban = undo.lion_ban;
        self.hash = undo.hash;
        Some(undo.mv)
    }

    fn moves_played(&self) -> &[Move] {
        &self.played
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
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
        if self.bare_kings && self.bare_kings_only() {
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
        notation::coordinate_text(self, mv)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::readable_text(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        notation::parse(self, text)
    }

    /// Trading rule 3 in force is not in XBoard's FEN.
    fn state_beyond_text(&self) -> bool {
        self.lion_ban
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
            MoveKind::Castle | MoveKind::Pass | MoveKind::DoubleStep => None,
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
        self.generate_where(out, |mv| {
            mv.promotion.is_some() || self.captured(mv).is_some()
        });
    }

    fn make_null_move(&mut self) -> bool {
        if self.in_check() {
            return false;
        }
        self.history.push(Undo {
            mv: Move::PASS,
            // Nothing moves; the record only keeps the state to restore.
            mover: Piece::new(self.side, PieceKind::King),
            taken: Taken::default(),
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            lion_ban: self.lion_ban,
            hash: self.hash,
        });
        self.played.push(Move::PASS);
        self.ep = None;
        self.lion_ban = false;
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
            self.lion_ban = undo.lion_ban;
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
        let mut notes = vec![("Halfmove clock".to_string(), format!("{}", self.halfmove))];
        if self.lion_ban {
            notes.push((
                "Lion".to_string(),
                "only a Lion may take a Lion this move".to_string(),
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
        write!(f, "Chu({})", fen::write(self))
    }
}
