//! Moves at a glance: how a piece moves, found by the rules themselves.
//!
//! A piece is set on a cell of an otherwise empty board (with whatever else
//! the rules need, such as the Kings, placed out of its way) and the
//! variant's own legal move generation is asked, cell by cell, what takes
//! it there: a move onto the empty cell, a capture of an enemy set there, a
//! capture on the way (a Lion's first leg), whether a piece standing in
//! between stops it (a slide) or not (a step or leap), and, with a piece of
//! its own side set on a line as a screen, what it reaches by hopping over
//! it (a Cannon). Nothing here knows any variant's rules: a variant only
//! says which pieces it has, where each is best shown and how to set up a
//! position ([`Showcase`]).

use super::cell::{Cell, CellSet};
use super::game::Game;
use super::geometry::LineKind;
use super::moves::{Move, MoveKind, MoveList};
use super::piece::{Piece, PieceKind, Seat};

/// What a variant tells the glance: its pieces, where each is shown, the
/// company it needs, and how to set up a position of a few pieces.
pub trait Showcase: Game + Sized {
    /// The kinds of piece this game plays with, in the order a list of
    /// them shows.
    fn showcase_kinds(&self) -> Vec<PieceKind>;

    /// The seat whose piece of `kind` is shown, and the cell it is shown
    /// on: a central cell, or one where its moves are best seen (a Pawn on
    /// its first rank, to show its double step).
    fn showcase_spot(&self, kind: PieceKind) -> (Seat, Cell);

    /// The other pieces a glance of `shown` needs.
    fn showcase_company(&self, shown: Piece) -> Company;

    /// A game of `pieces` alone with `to_move` to move, or `None` when the
    /// rules refuse such a position.
    fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<Self>;
}

/// The pieces a glance sets beside the one it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Company {
    /// Pieces the rules need on the board (the Kings, the Cats), which
    /// the glance places out of the shown piece's way.
    pub fixtures: Vec<Piece>,
    /// An enemy piece the shown piece may take, set on each cell in turn
    /// to find where it captures.
    pub target: Piece,
    /// A piece of the shown piece's side, set in its way to find which
    /// moves can be blocked, and on its lines as a screen to hop over.
    pub blocker: Piece,
}

/// How a piece reaches a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reach {
    /// Along a line, taking or not; a piece in between blocks it.
    Slide,
    /// A step or a leap, taking or not; nothing in between stops it.
    Leap,
    /// Only onto an empty cell, never taking there.
    MoveOnly,
    /// Only taking a piece there, never onto an empty cell.
    CaptureOnly,
    /// Takes a piece there and may go on from it (a Lion's first leg: a
    /// second step, back home, or stop).
    DoubleStep,
    /// Reached only by jumping over the screen on its line (a Cannon).
    Hop,
}

impl Reach {
    /// Every kind of reach, in the order a legend lists them.
    pub const ALL: [Reach; 6] = [
        Reach::Slide,
        Reach::Leap,
        Reach::MoveOnly,
        Reach::CaptureOnly,
        Reach::DoubleStep,
        Reach::Hop,
    ];
}

/// What the rules say of one cell, seen from the shown piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Found {
    /// A move ends on the cell when it is empty.
    moves: bool,
    /// A move takes a piece standing on the cell.
    captures: bool,
    /// A two-leg move takes a piece on the cell and goes on.
    first_leg: bool,
}

impl Found {
    /// Whether the piece gets there at all.
    fn reached(self) -> bool {
        self.moves || self.captures
    }

    /// Whether it gets there in a way it did not `before` (without a
    /// screen on its line): a hop.
    fn beyond(self, before: Found) -> bool {
        (self.captures && !before.captures) || (self.moves && !before.moves)
    }
}

/// How a piece moves, as found on an otherwise empty board.
#[derive(Clone, Debug)]
pub struct Glance<G> {
    /// The piece shown.
    pub piece: Piece,
    /// The cell it stands on.
    pub from: Cell,
    /// The position drawn: the piece, the pieces the rules need, and the
    /// screens it hops over.
    pub scene: G,
    /// Every cell it reaches from `from`, and how, in cell order.
    pub reach: Vec<(Cell, Reach)>,
    /// The pieces of its own side set on its lines to hop over.
    pub screens: CellSet,
    /// The other pieces of `scene`, there only because the rules need them.
    pub fixtures: CellSet,
    /// The zone the piece keeps round itself (a Cat's), where the scene
    /// has zones.
    pub zone: CellSet,
    /// Whether it may stay where it is, passing its turn (a Lion's pass).
    pub stays: bool,
}

impl<G> Glance<G> {
    /// The cells reached as `reach` says.
    pub fn cells(&self, reach: Reach) -> CellSet {
        let mut set = CellSet::new();
        for (cell, _) in self.reach.iter().filter(|(_, r)| *r == reach) {
            set.insert(*cell);
        }
        set
    }

    /// How the piece reaches `cell`, if it does.
    pub fn reach_of(&self, cell: Cell) -> Option<Reach> {
        self.reach.iter().find(|(c, _)| *c == cell).map(|(_, r)| *r)
    }

    /// The same glance over another kind of game (a variant's game made
    /// into the type holding any variant).
    pub fn map<H>(self, f: impl FnOnce(G) -> H) -> Glance<H> {
        Glance {
            piece: self.piece,
            from: self.from,
            scene: f(self.scene),
            reach: self.reach,
            screens: self.screens,
            fixtures: self.fixtures,
            zone: self.zone,
            stays: self.stays,
        }
    }
}

/// Two glances are equal when they show the same and draw the same
/// position.
impl<G: Game> PartialEq for Glance<G> {
    fn eq(&self, other: &Self) -> bool {
        (
            self.piece,
            self.from,
            &self.reach,
            self.screens,
            self.fixtures,
            self.zone,
            self.stays,
        ) == (
            other.piece,
            other.from,
            &other.reach,
            other.screens,
            other.fixtures,
            other.zone,
            other.stays,
        ) && self.scene.position_text() == other.scene.position_text()
    }
}

impl<G: Game> Eq for Glance<G> {}

/// How many different placings of the fixtures a glance tries: a cell a
/// fixture stands on (or disturbs) in one is seen in another.
const PLACINGS: usize = 3;

/// How far along a line (counting from 0) a screen is set, so that the
/// piece's slide up to it shows too.
const SCREEN_AT: usize = 2;

/// The glance of a piece of `kind` in `game`'s variant, or `None` when
/// the variant has no such piece or no position shows it.
pub fn glance<G: Showcase>(game: &G, kind: PieceKind) -> Option<Glance<G>> {
    if !game.showcase_kinds().contains(&kind) {
        return None;
    }
    let (seat, from) = game.showcase_spot(kind);
    let piece = Piece::new(seat, kind);
    let company = game.showcase_company(piece);
    let shown = Shown {
        game,
        piece,
        from,
        company,
    };
    let candidates = shown.candidates();
    let placings = shown.placings(&candidates);
    placings.first()?;
    let plain = shown.survey(&placings, &[]);
    let screens = shown.screens(&placings, &plain);
    let screen_cells: Vec<Cell> = screens.iter().collect();
    let drawn = if screen_cells.is_empty() {
        plain.clone()
    } else {
        shown.survey(&placings, &screen_cells)
    };
    let slides = shown.slides(&placings, &screen_cells, &drawn);
    let geo = game.geometry();
    let mut reach = Vec::new();
    for cell in geo.cells() {
        let found = drawn[cell.index()];
        let kind = if found.beyond(plain[cell.index()]) {
            Reach::Hop
        } else if found.first_leg {
            Reach::DoubleStep
        } else if found.captures && !found.moves {
            Reach::CaptureOnly
        } else if found.moves && !found.captures {
            Reach::MoveOnly
        } else if found.reached() && slides.contains(cell) {
            Reach::Slide
        } else if found.reached() {
            Reach::Leap
        } else {
            continue;
        };
        reach.push((cell, kind));
    }
    // The position drawn: its fixtures clear of every cell reached, so
    // that it shows what the marks say, where the board has room.
    let mut reached = CellSet::new();
    reach.iter().for_each(|(c, _)| reached.insert(*c));
    let screen_pieces = shown.screen_pieces(&screen_cells);
    let placing = shown
        .place(&candidates, CellSet::new(), reached, &screen_pieces)
        .or_else(|| {
            placings
                .iter()
                .find(|p| shown.scene(p, &screen_pieces).is_some())
                .cloned()
        })?;
    let scene = shown.scene(&placing, &screen_pieces)?;
    let stays = legal_from(&scene, from)
        .iter()
        .any(|m| m.to == from && !m.is_pass() && m.aux == from);
    let zone = own_zone(&scene, from);
    let fixtures = placing
        .fixtures
        .iter()
        .map(|(c, _)| *c)
        .fold(CellSet::new(), |mut set, c| {
            set.insert(c);
            set
        });
    Some(Glance {
        piece,
        from,
        scene,
        reach,
        screens,
        fixtures,
        zone,
        stays,
    })
}

/// One placing of the fixtures: where they stand, the cells they disturb
/// (their own, those beyond them on the piece's lines, their zones), and
/// the position of the piece and the fixtures alone.
#[derive(Clone)]
struct Placing<G> {
    fixtures: Vec<(Cell, Piece)>,
    disturbed: CellSet,
    scene: G,
}

/// The piece shown and what it is shown with.
struct Shown<'a, G> {
    game: &'a G,
    piece: Piece,
    from: Cell,
    company: Company,
}

/// The legal moves of the piece on `from` in `game` (passes left out).
fn legal_from<G: Game>(game: &G, from: Cell) -> Vec<Move> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.iter()
        .copied()
        .filter(|m| m.from == from && !m.is_pass())
        .collect()
}

/// The zone `game` shows round `from`: the zone cells joined to it
/// through zone cells; empty when `from` is in no zone.
fn own_zone<G: Game>(game: &G, from: Cell) -> CellSet {
    let zones = game.annotations().zones;
    let mut zone = CellSet::new();
    if !zones.contains(from) {
        return zone;
    }
    let geo = game.geometry();
    let mut stack = vec![from];
    zone.insert(from);
    while let Some(cell) = stack.pop() {
        for n in geo.neighbours(cell) {
            if zones.contains(n.cell) && !zone.contains(n.cell) {
                zone.insert(n.cell);
                stack.push(n.cell);
            }
        }
    }
    zone
}

impl<G: Showcase> Shown<'_, G> {
    /// A position of the piece, `placing`'s fixtures and `extra`, with
    /// the piece's seat to move and not in check; `None` when the rules
    /// refuse it.
    fn scene(&self, placing: &Placing<G>, extra: &[(Cell, Piece)]) -> Option<G> {
        let mut pieces = vec![(self.from, self.piece)];
        pieces.extend(placing.fixtures.iter().copied());
        for &(cell, piece) in extra {
            if pieces.iter().any(|(c, _)| *c == cell) {
                return None;
            }
            pieces.push((cell, piece));
        }
        let scene = self.game.arranged(&pieces, self.piece.seat())?;
        (!scene.in_check() && scene.to_move() == self.piece.seat()).then_some(scene)
    }

    /// The screens as pieces: the blocker on each cell.
    fn screen_pieces(&self, screens: &[Cell]) -> Vec<(Cell, Piece)> {
        screens.iter().map(|&c| (c, self.company.blocker)).collect()
    }

    /// Every line (ray) from the piece's cell.
    fn rays(&self) -> Vec<&'static [Cell]> {
        let geo = self.game.geometry();
        [LineKind::Orthogonal, LineKind::Diagonal]
            .into_iter()
            .flat_map(|kind| geo.rays(self.from, kind))
            .filter(|r| !r.is_empty())
            .collect()
    }

    /// Every cell but the piece's, best first for a fixture: off the
    /// piece's lines (or at a line's end, where it blocks nothing beyond
    /// itself), then far from the piece.
    fn candidates(&self) -> Vec<Cell> {
        let geo = self.game.geometry();
        let rays = self.rays();
        // How far each cell is from the piece, in steps.
        let mut distance = vec![usize::MAX; geo.cell_count()];
        distance[self.from.index()] = 0;
        let mut queue = std::collections::VecDeque::from([self.from]);
        while let Some(cell) = queue.pop_front() {
            for n in geo.neighbours(cell) {
                if distance[n.cell.index()] == usize::MAX {
                    distance[n.cell.index()] = distance[cell.index()] + 1;
                    queue.push_back(n.cell);
                }
            }
        }
        let blocks = |cell: Cell| {
            rays.iter().any(|r| {
                r.iter()
                    .position(|&c| c == cell)
                    .is_some_and(|i| i + 1 < r.len())
            })
        };
        let on_line = |cell: Cell| rays.iter().any(|r| r.contains(&cell));
        let mut candidates: Vec<Cell> = geo.cells().filter(|&c| c != self.from).collect();
        candidates.sort_by_key(|&c| {
            (
                blocks(c),
                on_line(c),
                std::cmp::Reverse(distance[c.index()]),
                c,
            )
        });
        candidates
    }

    /// A placing of the fixtures on `candidates` not in `banned`, no two
    /// side by side, disturbing none of `avoid` (or as few as can be), in
    /// a position the rules accept with `extra` on the board too; `None`
    /// when there is none.
    fn place(
        &self,
        candidates: &[Cell],
        mut banned: CellSet,
        avoid: CellSet,
        extra: &[(Cell, Piece)],
    ) -> Option<Placing<G>> {
        let geo = self.game.geometry();
        let rays = self.rays();
        let near = |a: Cell, b: Cell| a == b || geo.neighbours(a).iter().any(|n| n.cell == b);
        for &(cell, _) in extra {
            banned.insert(cell);
        }
        // The placing that disturbs fewest of `avoid`, when none misses them all.
        let mut best: Option<(usize, Placing<G>)> = None;
        for _ in 0..candidates.len() {
            let mut placed: Vec<(Cell, Piece)> = Vec::new();
            for &fixture in &self.company.fixtures {
                let spot = candidates
                    .iter()
                    .copied()
                    .find(|&c| !banned.contains(c) && !placed.iter().any(|&(p, _)| near(p, c)));
                if let Some(cell) = spot {
                    placed.push((cell, fixture));
                }
            }
            if placed.len() < self.company.fixtures.len() {
                break;
            }
            let mut placing = Placing {
                fixtures: placed,
                disturbed: CellSet::new(),
                scene: self.game.clone(),
            };
            placing.fixtures.iter().for_each(|(c, _)| banned.insert(*c));
            if let Some(scene) = self.scene(&placing, extra) {
                placing.scene = scene;
                placing.disturbed = self.disturbed(&placing, &rays);
                let overlap = placing.disturbed.intersection(&avoid).len();
                if overlap == 0 {
                    return Some(placing);
                }
                if best.as_ref().is_none_or(|(o, _)| overlap < *o) {
                    best = Some((overlap, placing));
                }
            }
        }
        best.map(|(_, placing)| placing)
    }

    /// Up to [`PLACINGS`] placings of the fixtures, each on cells the
    /// earlier ones leave undisturbed.
    fn placings(&self, candidates: &[Cell]) -> Vec<Placing<G>> {
        let geo = self.game.geometry();
        let mut placings: Vec<Placing<G>> = Vec::new();
        let mut used = CellSet::new();
        while placings.len() < PLACINGS {
            let Some(placing) = self.place(candidates, used, CellSet::new(), &[]) else {
                break;
            };
            used = used.union(&placing.disturbed);
            for (cell, _) in &placing.fixtures {
                for n in geo.neighbours(*cell) {
                    used.insert(n.cell);
                }
            }
            placings.push(placing);
        }
        placings
    }

    /// The cells a placing's fixtures disturb: their own, those beyond
    /// them on the piece's lines, and the zones they keep.
    fn disturbed(&self, placing: &Placing<G>, rays: &[&'static [Cell]]) -> CellSet {
        let mut disturbed = CellSet::new();
        for &(cell, _) in &placing.fixtures {
            disturbed.insert(cell);
            for ray in rays {
                if let Some(i) = ray.iter().position(|&c| c == cell) {
                    ray[i..].iter().for_each(|&c| disturbed.insert(c));
                }
            }
        }
        let own = own_zone(&placing.scene, self.from);
        disturbed.union(&placing.scene.annotations().zones.difference(&own))
    }

    /// What the rules say of every cell, with `screens` on the board:
    /// each cell looked at in the first placing that leaves it
    /// undisturbed and takes the target there.
    fn survey(&self, placings: &[Placing<G>], screens: &[Cell]) -> Vec<Found> {
        let geo = self.game.geometry();
        let screen_pieces = self.screen_pieces(screens);
        let empty = self.empty_moves(placings, &screen_pieces);
        let mut found = vec![Found::default(); geo.cell_count()];
        for cell in geo.cells() {
            if cell == self.from || screens.contains(&cell) {
                continue;
            }
            found[cell.index()] = self.found_at(placings, &empty, &screen_pieces, cell);
        }
        found
    }

    /// The piece's moves in each placing with `screens` on the board (all
    /// onto empty cells), or `None` where the rules refuse the position.
    fn empty_moves(
        &self,
        placings: &[Placing<G>],
        screens: &[(Cell, Piece)],
    ) -> Vec<Option<Vec<Move>>> {
        placings
            .iter()
            .map(|p| self.scene(p, screens).map(|s| legal_from(&s, self.from)))
            .collect()
    }

    /// What the rules say of `cell`, in the first placing that leaves it
    /// undisturbed and can take a target there.
    fn found_at(
        &self,
        placings: &[Placing<G>],
        empty: &[Option<Vec<Move>>],
        screens: &[(Cell, Piece)],
        cell: Cell,
    ) -> Found {
        for (placing, moves) in placings.iter().zip(empty) {
            let Some(moves) = moves else {
                continue;
            };
            if placing.disturbed.contains(cell) {
                continue;
            }
            let mut extra = screens.to_vec();
            extra.push((cell, self.company.target));
            let Some(with_target) = self.scene(placing, &extra) else {
                continue;
            };
            let taking = legal_from(&with_target, self.from);
            return Found {
                moves: moves
                    .iter()
                    .any(|m| m.to == cell && m.kind != MoveKind::TwoLeg),
                captures: taking
                    .iter()
                    .any(|m| m.to == cell && with_target.captured(*m).is_some()),
                first_leg: taking
                    .iter()
                    .any(|m| m.kind == MoveKind::TwoLeg && m.aux == cell && m.to != cell),
            };
        }
        Found::default()
    }

    /// The lines on which a screen lets the piece reach a cell beyond it
    /// that it does not reach without: a screen on each.
    fn screens(&self, placings: &[Placing<G>], plain: &[Found]) -> CellSet {
        let mut screens = CellSet::new();
        for ray in self.rays() {
            if ray.len() < 2 {
                continue;
            }
            let at = SCREEN_AT.min(ray.len() - 2);
            let screen = ray[at];
            if placings.iter().all(|p| p.disturbed.contains(screen)) {
                continue;
            }
            let screen_pieces = self.screen_pieces(&[screen]);
            let empty = self.empty_moves(placings, &screen_pieces);
            let hops = ray[at + 1..].iter().any(|&cell| {
                self.found_at(placings, &empty, &screen_pieces, cell)
                    .beyond(plain[cell.index()])
            });
            if hops {
                screens.insert(screen);
            }
        }
        screens
    }

    /// The cells of `found` a piece set in between keeps the piece from
    /// reaching: for a cell down a line, the cell before it on every line
    /// it lies on is filled; a neighbour on a line is a slide when the
    /// next cell along is.
    fn slides(&self, placings: &[Placing<G>], screens: &[Cell], found: &[Found]) -> CellSet {
        let rays = self.rays();
        let screen_pieces = self.screen_pieces(screens);
        let mut slides = CellSet::new();
        let geo = self.game.geometry();
        for cell in geo.cells() {
            let f = found[cell.index()];
            if !f.reached() {
                continue;
            }
            let before: Vec<Cell> = rays
                .iter()
                .filter_map(|r| {
                    let i = r.iter().position(|&c| c == cell)?;
                    (i >= 1).then(|| r[i - 1])
                })
                .filter(|c| !screens.contains(c))
                .collect();
            if before.is_empty() {
                continue;
            }
            // A piece of its own side in between, or else an enemy (when
            // its own would attack where the rules forbid).
            let blockers = [self.company.blocker, self.company.target];
            let blocked = placings.iter().find_map(|placing| {
                if placing.disturbed.contains(cell)
                    || before.iter().any(|c| placing.disturbed.contains(*c))
                {
                    return None;
                }
                blockers.iter().find_map(|&blocker| {
                    let mut extra = screen_pieces.clone();
                    extra.extend(before.iter().map(|&c| (c, blocker)));
                    if !f.moves {
                        extra.push((cell, self.company.target));
                    }
                    let scene = self.scene(placing, &extra)?;
                    Some(!legal_from(&scene, self.from).iter().any(|m| m.to == cell))
                })
            });
            if blocked == Some(true) {
                slides.insert(cell);
            }
        }
        // A first cell of a line is a slide when the line goes on as one.
        for ray in &rays {
            if let (Some(&first), Some(&second)) = (ray.first(), ray.get(1))
                && found[first.index()].reached()
                && slides.contains(second)
            {
                slides.insert(first);
            }
        }
        slides
    }
}

/// The company of a piece of chess's two armies: both Kings (only the
/// enemy's when the King itself is shown), an enemy Knight to take and a
/// Knight of its own in its way. A helper for a variant's
/// [`Showcase::showcase_company`].
pub fn orthodox_company(shown: Piece) -> Company {
    let (us, them) = (shown.seat(), shown.seat().opponent());
    let mut fixtures = Vec::new();
    if shown.kind() != PieceKind::King {
        fixtures.push(Piece::new(us, PieceKind::King));
    }
    fixtures.push(Piece::new(them, PieceKind::King));
    Company {
        fixtures,
        target: Piece::new(them, PieceKind::Knight),
        blocker: Piece::new(us, PieceKind::Knight),
    }
}

/// The placement field of a FEN-like text for `pieces` on a grid of
/// `files` × `ranks` cells: ranks from the top, `/` between them, digits
/// for runs of empty cells, each piece as `text_of` writes it. A helper for
/// a variant's [`Showcase::arranged`].
pub fn grid_placement(
    geo: &super::geometry::Geometry,
    pieces: &[(Cell, Piece)],
    text_of: impl Fn(Piece) -> String,
) -> String {
    let Some((files, ranks)) = geo.grid_size() else {
        return String::new();
    };
    let mut rows = Vec::new();
    for rank in (0..i32::from(ranks)).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..i32::from(files) {
            let piece = geo
                .at(file, rank)
                .and_then(|c| pieces.iter().find(|(p, _)| *p == c))
                .map(|(_, piece)| *piece);
            match piece {
                Some(piece) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&text_of(piece));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

#[cfg(test)]
mod tests;
