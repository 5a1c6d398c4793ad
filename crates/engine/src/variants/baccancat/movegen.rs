//! Move generation: every piece's moves from the tables, castling and
//! cathedralling, capture promotion and promotion from the Reserve, and
//! the legality test (the mover's King not attacked after the move and its
//! refills).

use super::attack::{After, Sight, Standing, attacked_along, attacked_in, is_attacked};
use super::pieces::{capture_promotion, hops, leaps, slides};
use super::refill::{empty_lines, refill};
use super::state::Position;
use super::tables::{FootSteps, Tables, tables};
use crate::core::orthodox::play_on_board;
use crate::core::{Cell, CellSet, Direction, LineKind, Move, MoveKind, MoveList, Piece, PieceKind};

/// The castling distances: the partner stands 3 or 4 steps from the King.
const PARTNER_DISTANCES: [usize; 2] = [3, 4];

impl Position {
    /// Whether `seat`'s King is attacked by any other army.
    pub fn king_attacked(&self, seat: crate::core::Seat) -> bool {
        self.board
            .king(seat)
            .is_some_and(|k| is_attacked(tables(), &self.board, self.leapers, k, |s| s != seat))
    }

    /// Fills `out` with the legal moves of the army to move: `pass` alone
    /// when it has none; nothing once the game is over.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let quiet = self.quiet();
        let sets = Sets::of(self);
        let t = quiet.t;
        for from in sets.own.iter() {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            let start = out.len();
            self.piece_moves(t, &sets, from, piece, out);
            if quiet.trusts(t, from) {
                continue;
            }
            // The piece's moves judged where they were listed, the legal
            // ones kept in order.
            let mut kept = start;
            for i in start..out.len() {
                let mv = out[i];
                if self.is_legal(mv, &quiet) {
                    out[kept] = mv;
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        if out.is_empty() {
            out.push(Move::PASS);
        }
    }

    /// Whether the army to move has a legal move other than passing.
    pub fn has_legal_move(&self) -> bool {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let quiet = self.quiet();
        pseudo.iter().any(|&mv| self.is_legal(mv, &quiet))
    }

    /// Whether the mover is in check, and whether some camp line already
    /// stands empty (to be refilled after any move), with the board as it
    /// stands and the King's cell.
    fn quiet(&self) -> Quiet<'_> {
        let t: &'static Tables = tables();
        let standing = Standing::new(&self.board);
        let king = self.board.king(self.side);
        let us = self.side;
        let in_check = self.checked.unwrap_or_else(|| {
            king.is_some_and(|k| attacked_in(t, &standing, self.leapers, k, &|s| s != us))
        });
        let (mut leave, mut enter) = (CellSet::new(), CellSet::new());
        let enemies = standing.occupied().difference(&self.board.occupied_by(us));
        if let Some(k) = king {
            // On each of the King's lines, a move may unmask or screen an
            // attack only where one of the first three pieces is an enemy
            // slider or hopper of that line (out of check, with one piece
            // leaving and one arriving), and only by leaving one of the
            // first two, or arriving before the second.
            for d in Direction::ALL {
                let di = d as usize;
                let line = if d.is_diagonal() {
                    LineKind::Diagonal
                } else {
                    LineKind::Orthogonal
                };
                let ray = &t.ray_sets[k.index()][di];
                if !ray.meets(&enemies) {
                    continue;
                }
                let mut blockers = ray.intersection(standing.occupied());
                let mut next = || {
                    let cell = if t.increasing[di] {
                        blockers.first()
                    } else {
                        blockers.last()
                    }?;
                    blockers.remove(cell);
                    Some(cell)
                };
                let first = next();
                let second = next();
                let third = next();
                let danger = [first, second, third].iter().flatten().any(|&c| {
                    self.board.get(c).is_some_and(|p| {
                        p.seat() != us && (slides(p.kind(), line) || hops(p.kind(), line))
                    })
                });
                if !danger {
                    continue;
                }
                for c in [first, second].into_iter().flatten() {
                    leave.insert(c);
                }
                let before = match second {
                    Some(c) => {
                        let mut before = ray.difference(&t.ray_sets[c.index()][di]);
                        before.remove(c);
                        before
                    }
                    None => *ray,
                };
                enter = enter.union(&before);
            }
        }
        Quiet {
            in_check,
            empty_line: !self.lines_full
                && !empty_lines(t, &self.board, self.in_play_mask()).is_empty(),
            king,
            standing,
            leave,
            enter,
            t,
        }
    }

    /// Whether a pseudo-legal `mv` keeps the mover's King safe, after its
    /// refills; castling also not out of or through check.
    fn is_legal(&self, mv: Move, quiet: &Quiet<'_>) -> bool {
        let t = quiet.t;
        let us = self.side;
        let plain = mv.kind != MoveKind::Castle && !quiet.empty_line && !self.refills(t, mv);
        if plain {
            let Some(king) = quiet.king else {
                return true;
            };
            if !quiet.in_check
                && mv.from != king
                && !quiet.leave.contains(mv.from)
                && !quiet.enter.contains(mv.to)
            {
                return true;
            }
            let after = After::new(&quiet.standing, mv);
            let by = |s: crate::core::Seat| s != us;
            if !quiet.in_check && mv.from != king {
                return self.lines_stay_safe(t, king, mv, &after);
            }
            let king = if mv.from == king { mv.to } else { king };
            return !attacked_in(t, &after, self.leapers, king, &by);
        }
        if mv.kind == MoveKind::Castle {
            if quiet.in_check {
                return false;
            }
            let crossed = Cell(((mv.from.0 as u16 + mv.to.0 as u16) / 2) as u8);
            let mut board = self.board.clone();
            board.shift(mv.from, crossed);
            if is_attacked(t, &board, self.leapers, crossed, |s| s != us) {
                return false;
            }
        }
        let mut board = self.board.clone();
        play_on_board(&mut board, mv);
        refill(t, &mut board, self.in_play_mask(), |_| {});
        board
            .king(us)
            .is_none_or(|k| !is_attacked(t, &board, self.leapers, k, |s| s != us))
    }

    /// Whether `mv` would empty a camp line of an army in play (which is
    /// then refilled): its origin the line's last piece, its destination
    /// off the line.
    #[inline]
    fn refills(&self, t: &Tables, mv: Move) -> bool {
        t.lines_through[mv.from.index()].iter().any(|&i| {
            let line = &t.lines[i as usize];
            self.in_play(line.seat)
                && line
                    .cells
                    .iter()
                    .all(|&c| c != mv.to && (c == mv.from || self.board.is_empty(c)))
        })
    }

    /// For a move that changes only its two cells (not the King's nor a
    /// castling, no refill, the mover not in check): whether the King on
    /// `king` is still safe, looking only along its lines through those
    /// two cells (the only attacks the move can open), as `after` sees the
    /// pieces once the move is played.
    fn lines_stay_safe(&self, t: &Tables, king: Cell, mv: Move, after: &After<'_>) -> bool {
        let us = self.side;
        let by = |s: crate::core::Seat| s != us;
        let mut seen = None;
        for cell in [mv.from, mv.to] {
            let Some(d) = t.direction(king, cell) else {
                continue;
            };
            if seen == Some(d) {
                continue;
            }
            seen = Some(d);
            if attacked_along(t, after, king, d, &by) {
                return false;
            }
        }
        true
    }

    /// The captures and promotions of the army to move that are legal.
    pub fn capture_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let quiet = self.quiet();
        for &mv in pseudo.iter() {
            let capture = mv.kind == MoveKind::Normal && self.board.get(mv.to).is_some();
            if (capture || mv.promotion.is_some()) && self.is_legal(mv, &quiet) {
                out.push(mv);
            }
        }
    }

    /// Every move of the army to move by the pieces' movement alone.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        let t = tables();
        let sets = Sets::of(self);
        for from in sets.own.iter() {
            if let Some(piece) = self.board.get(from) {
                self.piece_moves(t, &sets, from, piece, out);
            }
        }
    }

    /// The moves of `piece`, on `from`, by its movement alone.
    #[inline(always)]
    fn piece_moves(&self, t: &Tables, sets: &Sets, from: Cell, piece: Piece, out: &mut MoveList) {
        let us = self.side;
        let motion = &MOTIONS[piece.code() as usize & 31];
        // A piece whose every neighbour is its own army's has no step, no
        // slide, no foot soldier's move and no castling: only its leaps
        // and hops are left to look at.
        let enclosed = !t.steps[from.index()].meets(&sets.free);
        if enclosed && motion.leaps.is_empty() && motion.hops == 0 {
            return;
        }
        match motion.foot {
            _ if enclosed && !matches!(motion.foot, Foot::No) => {}
            Foot::Pawn => self.foot_moves(t, &t.army(us).pawn, from, out),
            Foot::Yeoman => self.foot_moves(t, &t.army(us).yeoman, from, out),
            Foot::King => {
                for d in Direction::ALL {
                    if let Some(to) = t.geo.step(from, d) {
                        self.arrive(piece, from, to, out);
                    }
                }
                self.castlings(t, from, out);
            }
            Foot::No => {
                // Sets first: a leap landing only on its own army's pieces,
                // a slider's line blocked by its own piece at once, a
                // hopper's line with no enemy on it beyond such a piece,
                // have nothing to give.
                let leap_cells = &t.leap_sets[from.index()];
                for &leap in motion.leaps {
                    if leap_cells[leap as usize].meets(&sets.free) {
                        for &to in t.geo.leaps(from, leap) {
                            self.arrive(piece, from, to, out);
                        }
                    }
                }
                let mut lines = if enclosed {
                    motion.hops
                } else {
                    motion.slides | motion.hops
                };
                let rays = &t.ray_sets[from.index()];
                while lines != 0 {
                    let i = lines.trailing_zeros() as usize;
                    lines &= lines - 1;
                    let d = RIDE_ORDER[i];
                    let hopper = motion.hops & (1 << i) != 0;
                    let Some(first) = t.step_to[from.index()][d as usize] else {
                        continue;
                    };
                    if sets.own.contains(first)
                        && (!hopper || !rays[d as usize].meets(&sets.enemies))
                    {
                        continue;
                    }
                    self.ride(t, piece, from, d, hopper, &sets.occupied, out);
                }
            }
        }
    }

    /// A slider's or hopper's moves along the ray from `from` towards `d`:
    /// every empty cell up to the first piece, then a slider's capture of
    /// that piece or a hopper's capture of the next piece beyond it (found
    /// from the bitboards: the stretch beyond a screen is often long).
    #[allow(
        clippy::too_many_arguments,
        reason = "called once per ray with the ray's parts and the generator's sets"
    )]
    #[inline]
    fn ride(
        &self,
        t: &Tables,
        piece: Piece,
        from: Cell,
        d: Direction,
        hopper: bool,
        occupied: &CellSet,
        out: &mut MoveList,
    ) {
        for &to in t.geo.ray_towards(from, d) {
            if self.board.is_empty(to) {
                out.push(Move::normal(from, to));
                continue;
            }
            if !hopper {
                self.arrive(piece, from, to, out);
            } else {
                let di = d as usize;
                let beyond = t.ray_sets[to.index()][di].intersection(occupied);
                let second = if t.increasing[di] {
                    beyond.first()
                } else {
                    beyond.last()
                };
                if let Some(second) = second {
                    self.arrive(piece, from, second, out);
                }
            }
            return;
        }
    }

    /// A step, leap or slide of `piece` to `to`: a move if `to` is empty,
    /// a capture (with its optional capture promotion) if an enemy stands there.
    #[inline]
    fn arrive(&self, piece: Piece, from: Cell, to: Cell, out: &mut MoveList) {
        match self.board.get(to) {
            None => out.push(Move::normal(from, to)),
            Some(victim) if victim.seat() != piece.seat() => {
                out.push(Move::normal(from, to));
                if let Some(kind) = capture_promotion(self.leapers, piece.kind(), victim.kind())
                    && self.reserve(kind) > 0
                {
                    out.push(Move::promoting(from, to, kind));
                }
            }
            Some(_) => {}
        }
    }

    /// A Pawn's or Yeoman's moves from `from`.
    fn foot_moves(&self, t: &Tables, steps: &FootSteps, from: Cell, out: &mut MoveList) {
        let i = from.index();
        if let Some(to) = steps.push[i]
            && self.board.is_empty(to)
        {
            self.foot_arrival(t, from, to, out);
            if self.fresh.contains(from)
                && let Some(far) = steps.double[i]
                && self.board.is_empty(far)
            {
                out.push(Move::double_step(from, far, to));
            }
        }
        for to in steps.captures[i].into_iter().flatten() {
            if self.board.get(to).is_some_and(|p| p.seat() != self.side) {
                self.foot_arrival(t, from, to, out);
            }
        }
    }

    /// A foot soldier's arrival on `to`: on a promotion cell one move per
    /// piece the Reserve can give, or the winning move when it can give none.
    fn foot_arrival(&self, t: &Tables, from: Cell, to: Cell, out: &mut MoveList) {
        if !t.army(self.side).promotion.contains(to) {
            out.push(Move::normal(from, to));
            return;
        }
        let before = out.len();
        for kind in self.leapers.promotion_order() {
            if self.reserve(kind) > 0 {
                out.push(Move::promoting(from, to, kind));
            }
        }
        if out.len() == before {
            out.push(Move::normal(from, to));
        }
    }

    /// Castling and cathedralling of the King on `from`, if that is its
    /// home: with an unmoved partner 3 or 4 steps away along a line it may
    /// use, every cell between empty. Check is the legality test's business.
    fn castlings(&self, t: &Tables, from: Cell, out: &mut MoveList) {
        if from != t.army(self.side).home {
            return;
        }
        for d in Direction::ALL {
            let ray = t.geo.ray_towards(from, d);
            for distance in PARTNER_DISTANCES {
                let Some(&partner) = ray.get(distance - 1) else {
                    break;
                };
                if ray[..distance - 1].iter().any(|&c| !self.board.is_empty(c)) {
                    break;
                }
                if self.partners.contains(partner)
                    && self.board.get(partner).is_some_and(|p| {
                        p.seat() == self.side && partner_line_ok(p.kind(), d.is_diagonal())
                    })
                {
                    out.push(Move::castle(from, ray[1], partner));
                }
            }
        }
    }
}

/// The directions of a piece's lines in the order its moves along them
/// are listed: the orthogonal ones, then the diagonal ones.
const RIDE_ORDER: [Direction; 8] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
    Direction::NorthEast,
    Direction::SouthEast,
    Direction::SouthWest,
    Direction::NorthWest,
];

/// Which foot soldier (or King) a kind is, for the generator's dispatch.
#[derive(Clone, Copy)]
enum Foot {
    Pawn,
    Yeoman,
    King,
    /// A leaper, slider or hopper.
    No,
}

/// How a kind of piece moves, as the generator reads it.
struct Motion {
    foot: Foot,
    leaps: &'static [crate::core::Leap],
    /// The lines it slides along, by bit of [`RIDE_ORDER`].
    slides: u8,
    /// The lines it hops along, by bit of [`RIDE_ORDER`].
    hops: u8,
}

/// The [`Motion`] of the kind coded `code` (nothing for no kind).
const fn motion(code: usize) -> Motion {
    let mut m = Motion {
        foot: Foot::No,
        leaps: &[],
        slides: 0,
        hops: 0,
    };
    if code == 0 || code > PieceKind::ALL.len() {
        return m;
    }
    let kind = PieceKind::ALL[code - 1];
    m.foot = match kind {
        PieceKind::Pawn => Foot::Pawn,
        PieceKind::Yeoman => Foot::Yeoman,
        PieceKind::King => Foot::King,
        _ => Foot::No,
    };
    m.leaps = leaps(kind);
    let mut i = 0;
    while i < 8 {
        let line = if i < 4 {
            LineKind::Orthogonal
        } else {
            LineKind::Diagonal
        };
        if slides(kind, line) {
            m.slides |= 1 << i;
        }
        if hops(kind, line) {
            m.hops |= 1 << i;
        }
        i += 1;
    }
    m
}

/// Every kind code's [`Motion`] (the seat bits masked off).
static MOTIONS: [Motion; 32] = {
    let mut table = [const {
        Motion {
            foot: Foot::No,
            leaps: &[],
            slides: 0,
            hops: 0,
        }
    }; 32];
    let mut code = 0;
    while code < 32 {
        table[code] = motion(code);
        code += 1;
    }
    table
};

/// The cells the generator looks at, worked out once per position.
struct Sets {
    /// The army to move's pieces.
    own: CellSet,
    /// Every piece.
    occupied: CellSet,
    /// The other armies' pieces.
    enemies: CellSet,
    /// Every cell but the army to move's.
    free: CellSet,
}

impl Sets {
    /// The sets of `pos`.
    #[inline]
    fn of(pos: &Position) -> Sets {
        let own = pos.board.occupied_by(pos.side);
        let occupied = pos.board.occupied();
        Sets {
            own,
            occupied,
            enemies: occupied.difference(&own),
            free: CellSet::from_words(own.words().map(|w| !w)),
        }
    }
}

/// What the legality test needs to know of the position once.
struct Quiet<'a> {
    in_check: bool,
    empty_line: bool,
    king: Option<Cell>,
    standing: Standing<'a>,
    /// The cells whose piece leaving might open a line onto the King.
    leave: CellSet,
    /// The cells where a piece arriving might screen a hopper onto it.
    enter: CellSet,
    t: &'static Tables,
}

impl Quiet<'_> {
    /// Whether every move of the piece on `from` is legal as generated:
    /// out of check, no camp line to refill, the piece not the King, on
    /// no camp line and not among the pieces whose leaving may open a line
    /// onto the King, and no cell where arriving may screen a hopper onto it.
    #[inline]
    fn trusts(&self, t: &Tables, from: Cell) -> bool {
        !self.in_check
            && !self.empty_line
            && self.king.is_some_and(|k| k != from)
            && !self.leave.contains(from)
            && self.enter.is_empty()
            && t.line_bits[from.index()] == 0
    }
}

/// Whether a castling partner of `kind` may castle along a diagonal
/// (`diagonal`) or orthogonal line: Rooks only orthogonally, Bishops only
/// diagonally, Queens either way.
fn partner_line_ok(kind: PieceKind, diagonal: bool) -> bool {
    match kind {
        PieceKind::Rook => !diagonal,
        PieceKind::Bishop => diagonal,
        PieceKind::Queen => true,
        _ => false,
    }
}
