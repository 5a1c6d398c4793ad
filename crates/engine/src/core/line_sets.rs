//! The rays and leaps of any board, a grid or a graph such as Polar
//! chess's sphere, as bitboards: built once from the board's [`Geometry`]
//! (which stays the one source of movement). On a graph a ray's cells do
//! not follow one another in index order (rays bend round the poles and
//! close round loops), so the first piece on a ray cannot be read off the
//! lowest bit as [`BitTables`](super::bitboard::BitTables) does: the ray's
//! cells are kept in order and walked, each with the set of the ray up to
//! it, so that a slider's reach is still one set.

use super::bitboard::BitSet;
use super::cell::Cell;
use super::geometry::{Geometry, Leap, LineKind};

/// One ray of one cell: its cells as a set, and where its cells (in
/// order) lie in the flat tables.
#[derive(Clone, Copy, Debug)]
pub struct Ray<B> {
    /// Every cell of the ray.
    pub cells: B,
    start: u32,
    len: u32,
}

/// The rays and leaps of a board as sets of type `B`.
#[derive(Debug)]
pub struct LineSets<B: BitSet> {
    /// Every ray, cell by cell, line kind by line kind.
    rays: Vec<Ray<B>>,
    /// Per cell, per [`LineKind`] (orthogonal, diagonal): its rays in `rays`.
    by_cell: Vec<[(u32, u32); 2]>,
    /// The rays' cells in order, flat.
    order: Vec<Cell>,
    /// Per entry of `order`: the ray up to and including that cell.
    reach: Vec<B>,
    /// Per cell, per [`Leap`] (in [`Leap::ALL`] order): the leap's targets.
    leaps: Vec<[B; Leap::ALL.len()]>,
    /// Per cell: the first cell of each of its rays (a King's steps).
    steps: Vec<B>,
}

impl<B: BitSet> LineSets<B> {
    /// The sets of `geo`, if its cells fit in `B`.
    pub fn build(geo: &Geometry) -> Option<LineSets<B>> {
        if geo.cell_count() > B::CAPACITY {
            return None;
        }
        let set = |cells: &[Cell]| cells.iter().fold(B::EMPTY, |b, &c| b | B::bit(c));
        let mut t = LineSets {
            rays: Vec::new(),
            by_cell: Vec::new(),
            order: Vec::new(),
            reach: Vec::new(),
            leaps: Vec::new(),
            steps: Vec::new(),
        };
        for cell in geo.cells() {
            let mut spans = [(0, 0); 2];
            let mut steps = B::EMPTY;
            for (k, kind) in [LineKind::Orthogonal, LineKind::Diagonal]
                .into_iter()
                .enumerate()
            {
                let first = t.rays.len() as u32;
                for ray in geo.rays(cell, kind) {
                    let start = t.order.len() as u32;
                    let mut so_far = B::EMPTY;
                    for &c in ray {
                        so_far |= B::bit(c);
                        t.order.push(c);
                        t.reach.push(so_far);
                    }
                    if let Some(&c) = ray.first() {
                        steps |= B::bit(c);
                    }
                    t.rays.push(Ray {
                        cells: so_far,
                        start,
                        len: ray.len() as u32,
                    });
                }
                spans[k] = (first, t.rays.len() as u32);
            }
            t.by_cell.push(spans);
            t.steps.push(steps);
            t.leaps
                .push(Leap::ALL.map(|leap| set(geo.leaps(cell, leap))));
        }
        Some(t)
    }

    /// The rays of `kind` leaving `cell`.
    #[inline(always)]
    pub fn rays(&self, cell: Cell, kind: LineKind) -> &[Ray<B>] {
        let (a, b) = self.by_cell[cell.index()][kind as usize];
        &self.rays[a as usize..b as usize]
    }

    /// The cells of `ray` in order from its cell outwards.
    #[inline(always)]
    pub fn cells(&self, ray: &Ray<B>) -> &[Cell] {
        &self.order[ray.start as usize..(ray.start + ray.len) as usize]
    }

    /// The first cell of `ray` in `occupied`, with the ray's cells up to
    /// and including it; `None` when the ray is clear.
    #[inline(always)]
    pub fn first(&self, ray: &Ray<B>, occupied: B) -> Option<(Cell, B)> {
        if (ray.cells & occupied).is_empty() {
            return None;
        }
        let start = ray.start as usize;
        let end = start + ray.len as usize;
        for (i, &c) in self.order[start..end].iter().enumerate() {
            if !(occupied & B::bit(c)).is_empty() {
                return Some((c, self.reach[start + i]));
            }
        }
        None
    }

    /// The cells a slider reaches along `ray` over `occupied`: up to and
    /// including the first occupied cell.
    #[inline(always)]
    pub fn reach(&self, ray: &Ray<B>, occupied: B) -> B {
        self.first(ray, occupied)
            .map_or(ray.cells, |(_, reach)| reach)
    }

    /// The cells a slider on `cell` along lines of `kind` reaches over
    /// `occupied`.
    #[inline(always)]
    pub fn slide(&self, cell: Cell, kind: LineKind, occupied: B) -> B {
        self.rays(cell, kind)
            .iter()
            .fold(B::EMPTY, |all, ray| all | self.reach(ray, occupied))
    }

    /// The first occupied cell of each ray of `kind` from `cell` (what a
    /// slider there would hit, or what could hit it).
    #[inline(always)]
    pub fn hits(&self, cell: Cell, kind: LineKind, occupied: B) -> B {
        self.rays(cell, kind).iter().fold(B::EMPTY, |all, ray| {
            all | self
                .first(ray, occupied)
                .map_or(B::EMPTY, |(c, _)| B::bit(c))
        })
    }

    /// The targets of `leap` from `cell`.
    #[inline(always)]
    pub fn leap(&self, cell: Cell, leap: Leap) -> B {
        self.leaps[cell.index()][leap as usize]
    }

    /// The first cells of `cell`'s rays: where a King steps.
    #[inline(always)]
    pub fn steps(&self, cell: Cell) -> B {
        self.steps[cell.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::{BitTables, cells_of};

    #[test]
    fn on_a_grid_the_walked_rays_agree_with_the_bit_tables() {
        let g = Geometry::chess8();
        let t = <BitTables>::build(g).expect("8 x 8");
        let l = LineSets::<u64>::build(g).expect("fits");
        let occupied = 0x0042_1800_2400_8100u64;
        for cell in g.cells() {
            assert_eq!(
                l.slide(cell, LineKind::Orthogonal, occupied),
                t.rook(cell, occupied)
            );
            assert_eq!(
                l.slide(cell, LineKind::Diagonal, occupied),
                t.bishop(cell, occupied)
            );
            assert_eq!(l.leap(cell, Leap::Knight), t.knight(cell));
            assert_eq!(l.steps(cell), t.king(cell));
            let hits = l.hits(cell, LineKind::Orthogonal, occupied);
            assert_eq!(hits, t.rook(cell, occupied) & occupied);
            for c in cells_of(hits) {
                assert!(l.rays(cell, LineKind::Orthogonal).iter().any(|r| {
                    l.first(r, occupied).map(|(first, _)| first) == Some(c)
                        && l.cells(r).contains(&c)
                }));
            }
        }
    }
}
