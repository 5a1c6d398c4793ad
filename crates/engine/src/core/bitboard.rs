//! Bitboard tables of a grid, built once from the grid's own ray, leap
//! and step tables (so the geometry stays the one source of movement), for
//! move generation that works on whole sets of cells at a time: one bit
//! per cell, bit `i` for cell `i`. A board of at most 64 cells uses `u64`
//! sets ([`Bits`]); one of at most 128 (Chu Chess's 100) `u128` sets.

use super::cell::Cell;
use super::geometry::{Direction, Geometry, Leap};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of the cells of a board of at most 64 cells, one bit per cell.
pub type Bits = u64;

/// The bit of `cell` in a set of at most 64 cells.
#[inline(always)]
pub const fn bit(cell: Cell) -> Bits {
    1u64 << (cell.0 & 63)
}

/// A fixed-size set of cells as one machine integer, bit `i` for cell `i`:
/// `u64` for boards of at most 64 cells, `u128` for at most 128.
pub trait BitSet:
    Copy
    + Eq
    + Default
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Send
    + Sync
    + 'static
{
    /// The empty set.
    const EMPTY: Self;
    /// How many cells the set can hold.
    const CAPACITY: usize;
    /// The set of `cell` alone (its index taken modulo the capacity).
    fn bit(cell: Cell) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The lowest cell index in the set (the capacity when empty).
    fn lowest(self) -> u32;
    /// The highest cell index in the set (meaningless when empty).
    fn highest(self) -> u32;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;
    /// How many cells the set holds.
    fn len(self) -> u32;
    /// Whether the set holds more than one cell.
    #[inline(always)]
    fn several(self) -> bool {
        !self.without_lowest().is_empty()
    }
}

macro_rules! bit_set {
    ($t:ty) => {
        impl BitSet for $t {
            const EMPTY: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn bit(cell: Cell) -> Self {
                1 << (cell.index() % Self::CAPACITY)
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn len(self) -> u32 {
                self.count_ones()
            }
        }
    };
}

bit_set!(u64);
bit_set!(u128);

/// Iterates the cells of a set, lowest index first.
#[inline(always)]
pub fn cells_of<B: BitSet>(mut bits: B) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits.is_empty() {
            return None;
        }
        let c = bits.lowest() as u8;
        bits = bits.without_lowest();
        Some(Cell(c))
    })
}

/// The one cell of a set of one (the lowest of a larger set).
#[inline(always)]
pub fn only<B: BitSet>(bits: B) -> Cell {
    Cell(bits.lowest() as u8)
}

/// The movement tables of one grid as bitboards: sets of type `B`, for a
/// grid of at most `N` cells (`N` a power of two no larger than `B` holds).
pub struct BitTables<B: BitSet = u64, const N: usize = 64> {
    /// Per [`Direction`] (in [`Direction::ALL`] order), per cell: the ray.
    rays: [[B; N]; 8],
    /// Whether cell indices grow along rays of each direction (the first
    /// piece met is then the lowest bit of the blockers).
    increasing: [bool; 8],
    /// Per [`Direction`], per cell: the neighbour in that direction.
    steps: [[B; N]; 8],
    /// Per [`Leap`] (in [`Leap::ALL`] order), per cell: the leap's targets.
    leaps: Box<[[B; N]; Leap::ALL.len()]>,
    /// Per cell: the King's targets (Wazir and Ferz steps).
    king: [B; N],
    /// Per pair of cells on one line: the cells strictly between them.
    between: Box<[[B; N]; N]>,
}

impl<B: BitSet, const N: usize> std::fmt::Debug for BitTables<B, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BitTables")
    }
}

impl<B: BitSet, const N: usize> BitTables<B, N> {
    /// The tables of `geo`, if it is a grid of at most `N` cells whose rays
    /// run in one direction each (every grid's do).
    pub fn build(geo: &Geometry) -> Option<BitTables<B, N>> {
        let n = geo.cell_count();
        if n > N || N > B::CAPACITY || !N.is_power_of_two() || geo.grid_size().is_none() {
            return None;
        }
        let set = |cells: &[Cell]| cells.iter().fold(B::EMPTY, |b, &c| b | B::bit(c));
        let mut t = BitTables {
            rays: [[B::EMPTY; N]; 8],
            increasing: [false; 8],
            steps: [[B::EMPTY; N]; 8],
            leaps: Box::new([[B::EMPTY; N]; Leap::ALL.len()]),
            king: [B::EMPTY; N],
            between: Box::new([[B::EMPTY; N]; N]),
        };
        for d in Direction::ALL {
            let di = d as usize;
            for cell in geo.cells() {
                let ray = geo.ray_towards(cell, d);
                t.rays[di][cell.index()] = set(ray);
                if let Some(&first) = ray.first() {
                    t.increasing[di] = first.0 > cell.0;
                }
                if let Some(s) = geo.step(cell, d) {
                    t.steps[di][cell.index()] = B::bit(s);
                }
                for (i, &c) in ray.iter().enumerate() {
                    t.between[cell.index()][c.index()] = set(&ray[..i]);
                }
            }
        }
        for cell in geo.cells() {
            for leap in Leap::ALL {
                t.leaps[leap as usize][cell.index()] = set(geo.leaps(cell, leap));
            }
            t.king[cell.index()] =
                set(geo.leaps(cell, Leap::Wazir)) | set(geo.leaps(cell, Leap::Ferz));
        }
        Some(t)
    }

    /// The index of `cell` in the per-cell tables.
    #[inline(always)]
    const fn at(cell: Cell) -> usize {
        cell.index() & (N - 1)
    }

    /// The cells a slider on `cell` reaches in direction `d` over `occupied`:
    /// the ray up to and including the first occupied cell.
    #[inline(always)]
    pub fn ray_attacks(&self, cell: Cell, d: usize, occupied: B) -> B {
        let ray = self.rays[d][Self::at(cell)];
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        let first = if self.increasing[d] {
            blockers.lowest()
        } else {
            blockers.highest()
        };
        ray ^ self.rays[d][first as usize & (N - 1)]
    }

    /// The ray from `cell` in direction `d` on an empty board.
    #[inline(always)]
    pub fn ray(&self, cell: Cell, d: Direction) -> B {
        self.rays[d as usize][Self::at(cell)]
    }

    /// A Rook's reach from `cell` over `occupied`.
    #[inline(always)]
    pub fn rook(&self, cell: Cell, occupied: B) -> B {
        self.ray_attacks(cell, Direction::North as usize, occupied)
            | self.ray_attacks(cell, Direction::East as usize, occupied)
            | self.ray_attacks(cell, Direction::South as usize, occupied)
            | self.ray_attacks(cell, Direction::West as usize, occupied)
    }

    /// A Bishop's reach from `cell` over `occupied`.
    #[inline(always)]
    pub fn bishop(&self, cell: Cell, occupied: B) -> B {
        self.ray_attacks(cell, Direction::NorthEast as usize, occupied)
            | self.ray_attacks(cell, Direction::SouthEast as usize, occupied)
            | self.ray_attacks(cell, Direction::SouthWest as usize, occupied)
            | self.ray_attacks(cell, Direction::NorthWest as usize, occupied)
    }

    /// The rays of a Rook on an empty board.
    #[inline(always)]
    pub fn rook_rays(&self, cell: Cell) -> B {
        let i = Self::at(cell);
        self.rays[0][i] | self.rays[2][i] | self.rays[4][i] | self.rays[6][i]
    }

    /// The rays of a Bishop on an empty board.
    #[inline(always)]
    pub fn bishop_rays(&self, cell: Cell) -> B {
        let i = Self::at(cell);
        self.rays[1][i] | self.rays[3][i] | self.rays[5][i] | self.rays[7][i]
    }

    /// The neighbour of `cell` in direction `d`, as a set (empty off the board).
    #[inline(always)]
    pub fn step(&self, cell: Cell, d: Direction) -> B {
        self.steps[d as usize][Self::at(cell)]
    }

    /// The Knight's targets from `cell`.
    #[inline(always)]
    pub fn knight(&self, cell: Cell) -> B {
        self.leaps[Leap::Knight as usize][Self::at(cell)]
    }

    /// The targets of `leap` from `cell`.
    #[inline(always)]
    pub fn leap(&self, cell: Cell, leap: Leap) -> B {
        self.leaps[leap as usize][Self::at(cell)]
    }

    /// The King's targets from `cell`.
    #[inline(always)]
    pub fn king(&self, cell: Cell) -> B {
        self.king[Self::at(cell)]
    }

    /// The cells strictly between `a` and `b` on a line (empty if they
    /// share none, or are neighbours).
    #[inline(always)]
    pub fn between(&self, a: Cell, b: Cell) -> B {
        self.between[Self::at(a)][Self::at(b)]
    }

    /// The whole ray from `from` through `through` and beyond (empty if they
    /// share no line): the line a piece pinned on `through` may keep to,
    /// towards and away from `from`... up to the board's edge.
    #[inline(always)]
    pub fn ray_through(&self, from: Cell, through: Cell) -> B {
        let t = B::bit(through);
        for d in 0..8 {
            let ray = self.rays[d][Self::at(from)];
            if !(ray & t).is_empty() {
                return ray;
            }
        }
        B::EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_geometry_they_come_from() {
        let g = Geometry::chess8();
        let t = <BitTables>::build(g).expect("8 x 8 is small enough");
        let c = |n: &str| g.cell(n).expect("a cell");
        let names = |b: Bits| -> Vec<&str> { cells_of(b).map(|x| g.name(x)).collect() };
        assert_eq!(names(t.knight(c("a1"))), ["c2", "b3"]);
        assert_eq!(t.king(c("e4")).count_ones(), 8);
        let occupied = bit(c("e6")) | bit(c("b4")) | bit(c("g2"));
        assert_eq!(
            names(t.rook(c("e4"), occupied)),
            [
                "e1", "e2", "e3", "b4", "c4", "d4", "f4", "g4", "h4", "e5", "e6"
            ]
        );
        assert_eq!(
            names(t.bishop(c("e4"), occupied)).len(),
            12,
            "blocked at g2 only"
        );
        assert_eq!(names(t.between(c("a1"), c("d4"))), ["b2", "c3"]);
        assert_eq!(t.between(c("a1"), c("b3")), 0);
        assert_eq!(t.ray_through(c("a1"), c("c3")).count_ones(), 7);
        let rook_rays = t.rook_rays(c("d4"));
        assert_eq!(rook_rays.count_ones(), 14);
        for cell in g.cells() {
            assert_eq!(
                t.rook(cell, 0) | t.bishop(cell, 0),
                t.rook_rays(cell) | t.bishop_rays(cell)
            );
        }
        let sphere_sized = Geometry::grid("9x9", 9, 9, super::super::CellNaming::TwoLetters);
        assert!(
            <BitTables>::build(&sphere_sized).is_none(),
            "81 cells is too many"
        );
    }
}
