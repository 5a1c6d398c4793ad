//! BacCanCat: four armies on a 16 × 16 board, hoppers, refills, a communal
//! Reserve, and wins by marriage, by promotion and by the third mate. The
//! rules are `docs/rules/baccancat.md` (from Charles Gilman's page).

pub mod armies;
pub mod attack;
pub mod endings;
pub mod eval;
pub mod glance;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod oracle;
pub mod pieces;
pub mod play;
pub mod position;
pub mod refill;
pub mod state;
pub mod tables;

use crate::core::history::{self, History};
use crate::core::{
    Annotations, Cell, CellSet, EndRules, Game, Geometry, Move, MoveKind, MoveList, Options,
    Outcome, Piece,
};
use crate::core::{Figure, Note};
use crate::limits::Limit;
use crate::notation::PositionError;
use crate::variants::{Bench, Layout, Names, Record, Registered, UciName};
pub use armies::SEATS;
use armies::{ARMIES, army_name};
pub use options::{BacCanCatOptions, LEAPERS, OPTIONS};
pub use pieces::Leapers;
use pieces::letter;
pub use state::Position;

/// The position text of the start with one leaper (the default); a test
/// holds it to [`position::start_text`].
pub const START_TEXT: &str = "oBoBoAoCoRoP4gPgRgCgAgBgB/oBoBoAoCoRoP4gPgRgCgAgBgB/oAoAoMoMoNoP4gPgNgMgMgAgA/oCoCoMoMoNoY4gYgNgMgMgCgC/oRoRoNoNoKoY4gYgKgNgNgRgR/oPoPoPoYoYoY4gYgYgYgPgPgP/16/16/16/16/rPrPrPrYrYrY4bYbYbYbPbPbP/rRrRrNrNrKrY4bYbKbNbNbRbR/rCrCrMrMrNrY4bYbNbMbMbCbC/rArArMrMrNrP4bPbNbMbMbAbA/rBrBrArCrRrP4bPbRbCbAbBbB/rBrBrArCrRrP4bPbRbCbAbBbB r - aa,ea,la,pa,bb,eb,lb,ob,ae,be,oe,pe,al,bl,ol,pl,bo,eo,lo,oo,ap,ep,lp,pp - Q8,T8,G8 0 1";

/// BacCanCat in the registry ([`crate::variants`]).
pub const RECORD: Record = Record {
    id: "baccancat",
    names: Names {
        display: "BacCanCat",
        pgn: Some("baccancat"),
        pgn_read: &["baccancat"],
        xboard: None,
        uci: UciName::Own("baccancat"),
    },
    summary: "Gilman's four armies on 16 x 16, each with a camp: cannons, camels, bishops.",
    seats: SEATS,
    start: START_TEXT,
    options: OPTIONS,
    perft: Limit::refused("`perft --depth` for BacCanCat", "--depth", 0, 6)
        .scoped(" for BacCanCat perft"),
    bench_perft: Limit::refused("`bench --perft` for BacCanCat", "--perft", 0, 4)
        .scoped(" for the BacCanCat bench"),
    // A depth of two-seat plies, searched as four plies for four armies;
    // perft grows about 50-fold a ply, depth 4 takes seconds.
    bench_depth: Some(
        Limit::refused("`bench --depth` for BacCanCat", "--depth", 1, 2).scoped(" for BacCanCat"),
    ),
    bench: Bench {
        positions: crate::ai::bench::BACCANCAT_POSITIONS,
        searched: true,
    },
    engine_options: &[],
    figures: &[
        "Reserve",
        "Points",
        "Out",
        "In check",
        "Passes in a row",
        "Leapers",
    ],
    layout: Layout::Grid,
};

impl Registered for BacCanCat {
    fn start(options: &Options) -> BacCanCat {
        BacCanCat::new(options)
    }
    fn from_text(text: &str, _: &Options) -> Result<BacCanCat, PositionError> {
        BacCanCat::from_text(text)
    }
    fn options_in_text(&self) -> Vec<(crate::core::OptionSpec, String)> {
        vec![(LEAPERS, self.position().leapers().number().to_string())]
    }
}

/// A game of BacCanCat: the position and, in its history, the position
/// before each move (copy-make).
#[derive(Clone, Debug)]
pub struct BacCanCat {
    pos: Position,
    history: History<Position>,
}

impl BacCanCat {
    /// A new game from the start, with the sub-variant `options` choose.
    pub fn new(options: &Options) -> BacCanCat {
        BacCanCat::with_leapers(BacCanCatOptions::read(options).leapers)
    }

    /// A new game of sub-variant `leapers` from the start.
    pub fn with_leapers(leapers: Leapers) -> BacCanCat {
        BacCanCat::at(position::start_position(leapers))
    }

    /// A game from a position text (see [`position`]); the text names its sub-variant.
    pub fn from_text(text: &str) -> Result<BacCanCat, PositionError> {
        position::read(text).map(BacCanCat::at)
    }

    fn at(mut pos: Position) -> BacCanCat {
        BacCanCat::keep_square_sums(&mut pos);
        BacCanCat {
            pos,
            history: History::default(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The Reserve: the pieces it holds, with counts (`Q8 T8 G8`).
    pub fn reserve(&self) -> Figure {
        Figure::Pieces {
            counts: position::reserve_kinds(self.pos.leapers())
                .iter()
                .filter(|&&k| self.pos.reserve(k) > 0)
                .map(|&k| (k, letter(k), u32::from(self.pos.reserve(k))))
                .collect(),
            empty: "Pawns and Yeomen only",
        }
    }
}

/// Half-points written as points: `1`, `2.5`.
pub fn points_text(half_points: u8) -> String {
    if half_points.is_multiple_of(2) {
        format!("{}", half_points / 2)
    } else {
        format!("{}.5", half_points / 2)
    }
}

impl Game for BacCanCat {
    type Refusal = notation::Refusal;

    fn kind_label(&self, kind: crate::core::PieceKind) -> String {
        pieces::letter(kind).to_string()
    }
    fn variant_id(&self) -> &'static str {
        RECORD.id
    }

    fn geometry(&self) -> &'static Geometry {
        tables::geometry()
    }

    fn seat_names(&self) -> &'static [&'static str] {
        SEATS
    }

    fn to_move(&self) -> crate::core::Seat {
        self.pos.side()
    }

    fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.pos.board.get(cell)
    }

    fn legal_moves(&self, out: &mut MoveList) {
        self.pos.legal_moves(out);
    }

    fn capture_moves(&self, out: &mut MoveList) {
        self.pos.capture_moves(out);
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
        self.pos.outcome().is_none() && self.pos.king_attacked(self.pos.side())
    }

    fn end_rules(&self) -> EndRules {
        endings::END_RULES
    }

    /// The armies whose players resigned or whose flags fell.
    fn retirements(&self) -> crate::core::Retirements {
        self.pos
            .knocked_out()
            .iter()
            .fold(crate::core::Retirements::NONE, |r, k| match k.cause {
                state::Cause::Left(how) => r.with(crate::core::Retire::Leave(k.army, how)),
                state::Cause::MatedBy(_) => r,
            })
    }

    /// As every game refuses, and an army already out cannot leave again.
    fn may_retire(&self, retire: crate::core::Retire) -> Result<(), crate::core::RetireError> {
        if let crate::core::Retire::Leave(army, _) = retire
            && army.index() < 4
            && !self.pos.in_play(army)
        {
            return Err(crate::core::RetireError::AlreadyOut(army_name(army)));
        }
        crate::core::retire::may_retire(self, retire)
    }

    /// The result the position keeps: marriage, promotion, the third mate
    /// or every army passing.
    fn variant_ending(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn oracle_fields(&self) -> serde_json::Map<String, serde_json::Value> {
        oracle::oracle_fields(self)
    }

    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    fn position_text(&self) -> String {
        position::write(&self.pos)
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
        match mv.kind {
            MoveKind::Normal => self.pos.board.get(mv.to),
            _ => None,
        }
    }

    fn points(&self) -> Option<Vec<u8>> {
        Some(self.pos.half_points().to_vec())
    }

    fn annotations(&self) -> Annotations {
        let pos = &self.pos;
        let mut checked = CellSet::new();
        let mut checks = Vec::new();
        for seat in ARMIES.into_iter().filter(|&s| pos.in_play(s)) {
            if pos.king_attacked(seat)
                && let Some(king) = pos.board.king(seat)
            {
                checked.insert(king);
                checks.push(army_name(seat));
            }
        }
        let points = pos.half_points();
        let points: Vec<String> = ARMIES
            .iter()
            .map(|s| format!("{} {}", army_name(*s), points_text(points[s.index()])))
            .collect();
        let out: Vec<String> = pos
            .knocked_out()
            .iter()
            .map(|k| format!("{} ({})", army_name(k.army), state::cause_words(k.cause)))
            .collect();
        Annotations {
            checked,
            zones: CellSet::new(),
            disarmed: CellSet::new(),
            regions: ARMIES
                .into_iter()
                .map(|seat| (seat, tables::tables().army(seat).camp))
                .collect(),
            notes: vec![
                Note::new("Reserve", self.reserve()),
                Note::new("Points", Figure::List(points)),
                Note::new("Out", Figure::List(out)),
                Note::new(
                    "In check",
                    Figure::InCheck(checks.iter().map(|s| s.to_string()).collect()),
                ),
                Note::new("Passes in a row", Figure::count(pos.passes())),
                Note::new(
                    "Leapers",
                    Figure::List(pos.leapers().kinds().map(|k| k.name().to_string()).to_vec()),
                ),
            ],
        }
    }
}
