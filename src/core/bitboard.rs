//! Bitboard tables of a grid of at most 64 cells, built once from the
//! grid's own ray, leap and step tables (so the geometry stays the one
//! source of movement), for move generation that works on whole sets of
//! cells at a time: one bit per cell, bit `i` for cell `i`.

use super::cell::Cell;
use super::geometry::{Direction, Geometry, Leap};

/// A set of the cells of a board of at most 64 cells, one bit per cell.
pub type Bits = u64;

/// The bit of `cell`.
#[inline(always)]
pub const fn bit(cell: Cell) -> Bits {
    1u64 << (cell.0 & 63)
}

/// Iterates the cells of a set, lowest index first.
#[inline(always)]
pub fn cells_of(mut bits: Bits) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let c = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Cell(c))
    })
}

/// The movement tables of one grid as bitboards.
pub struct BitTables {
    /// Per [`Direction`] (in [`Direction::ALL`] order), per cell: the ray.
    rays: [[Bits; 64]; 8],
    /// Whether cell indices grow along rays of each direction (the first
    /// piece met is then the lowest bit of the blockers).
    increasing: [bool; 8],
    /// Per [`Direction`], per cell: the neighbour in that direction.
    steps: [[Bits; 64]; 8],
    /// Per cell: the Knight's targets.
    knight: [Bits; 64],
    /// Per cell: the King's targets (Wazir and Ferz steps).
    king: [Bits; 64],
    /// Per pair of cells on one line: the cells strictly between them.
    between: Box<[[Bits; 64]; 64]>,
}

impl std::fmt::Debug for BitTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BitTables")
    }
}

impl BitTables {
    /// The tables of `geo`, if it is a grid of at most 64 cells whose rays
    /// run in one direction each (every grid's do).
    pub fn build(geo: &Geometry) -> Option<BitTables> {
        let n = geo.cell_count();
        if n > 64 || geo.grid_size().is_none() {
            return None;
        }
        let set = |cells: &[Cell]| cells.iter().fold(0u64, |b, &c| b | bit(c));
        let mut t = BitTables {
            rays: [[0; 64]; 8],
            increasing: [false; 8],
            steps: [[0; 64]; 8],
            knight: [0; 64],
            king: [0; 64],
            between: Box::new([[0; 64]; 64]),
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
                    t.steps[di][cell.index()] = bit(s);
                }
                for (i, &c) in ray.iter().enumerate() {
                    t.between[cell.index()][c.index()] = set(&ray[..i]);
                }
            }
        }
        for cell in geo.cells() {
            t.knight[cell.index()] = set(geo.leaps(cell, Leap::Knight));
            t.king[cell.index()] =
                set(geo.leaps(cell, Leap::Wazir)) | set(geo.leaps(cell, Leap::Ferz));
        }
        Some(t)
    }

    /// The cells a slider on `cell` reaches in direction `d` over `occupied`:
    /// the ray up to and including the first occupied cell.
    #[inline(always)]
    pub fn ray_attacks(&self, cell: Cell, d: usize, occupied: Bits) -> Bits {
        let ray = self.rays[d][cell.index() & 63];
        let blockers = ray & occupied;
        if blockers == 0 {
            return ray;
        }
        let first = if self.increasing[d] {
            blockers.trailing_zeros()
        } else {
            63 - blockers.leading_zeros()
        };
        ray ^ self.rays[d][first as usize]
    }

    /// A Rook's reach from `cell` over `occupied`.
    #[inline(always)]
    pub fn rook(&self, cell: Cell, occupied: Bits) -> Bits {
        self.ray_attacks(cell, Direction::North as usize, occupied)
            | self.ray_attacks(cell, Direction::East as usize, occupied)
            | self.ray_attacks(cell, Direction::South as usize, occupied)
            | self.ray_attacks(cell, Direction::West as usize, occupied)
    }

    /// A Bishop's reach from `cell` over `occupied`.
    #[inline(always)]
    pub fn bishop(&self, cell: Cell, occupied: Bits) -> Bits {
        self.ray_attacks(cell, Direction::NorthEast as usize, occupied)
            | self.ray_attacks(cell, Direction::SouthEast as usize, occupied)
            | self.ray_attacks(cell, Direction::SouthWest as usize, occupied)
            | self.ray_attacks(cell, Direction::NorthWest as usize, occupied)
    }

    /// The rays of a Rook on an empty board.
    #[inline(always)]
    pub fn rook_rays(&self, cell: Cell) -> Bits {
        let i = cell.index() & 63;
        self.rays[0][i] | self.rays[2][i] | self.rays[4][i] | self.rays[6][i]
    }

    /// The rays of a Bishop on an empty board.
    #[inline(always)]
    pub fn bishop_rays(&self, cell: Cell) -> Bits {
        let i = cell.index() & 63;
        self.rays[1][i] | self.rays[3][i] | self.rays[5][i] | self.rays[7][i]
    }

    /// The neighbour of `cell` in direction `d`, as a set (empty off the board).
    #[inline(always)]
    pub fn step(&self, cell: Cell, d: Direction) -> Bits {
        self.steps[d as usize][cell.index() & 63]
    }

    /// The Knight's targets from `cell`.
    #[inline(always)]
    pub fn knight(&self, cell: Cell) -> Bits {
        self.knight[cell.index() & 63]
    }

    /// The King's targets from `cell`.
    #[inline(always)]
    pub fn king(&self, cell: Cell) -> Bits {
        self.king[cell.index() & 63]
    }

    /// The cells strictly between `a` and `b` on a line (empty if they
    /// share none, or are neighbours).
    #[inline(always)]
    pub fn between(&self, a: Cell, b: Cell) -> Bits {
        self.between[a.index() & 63][b.index() & 63]
    }

    /// The whole ray from `from` through `through` and beyond (empty if they
    /// share no line): the line a piece pinned on `through` may keep to,
    /// towards and away from `from`... up to the board's edge.
    #[inline(always)]
    pub fn ray_through(&self, from: Cell, through: Cell) -> Bits {
        let t = bit(through);
        for d in 0..8 {
            let ray = self.rays[d][from.index() & 63];
            if ray & t != 0 {
                return ray;
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_geometry_they_come_from() {
        let g = Geometry::chess8();
        let t = BitTables::build(g).expect("8 x 8 is small enough");
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
            BitTables::build(&sphere_sized).is_none(),
            "81 cells is too many"
        );
    }
}
