//! The Chu Chess board (10 × 10, ranks named 0–9 as XBoard names them) and
//! the per-cell tables its move generation walks, built once.

use crate::core::geometry::WideBitTables;
use crate::core::{Cell, CellNaming, CellSet, Geometry, Leap};
use std::sync::OnceLock;

/// The leaps whose targets make up the Lion's 24-cell area (the 5 × 5
/// square around it).
const LION_LEAPS: [Leap; 5] = [
    Leap::Wazir,
    Leap::Ferz,
    Leap::Dabbaba,
    Leap::Knight,
    Leap::Alfil,
];

/// The board and the tables built from it.
pub struct ChuTables {
    /// The 10 × 10 board, `a0` … `j9`.
    pub geo: Geometry,
    /// Per cell: its king-step neighbours (up to 8).
    pub ring: Vec<Vec<Cell>>,
    /// Per cell: its king-step neighbours as a set.
    pub ring_set: Vec<CellSet>,
    /// Per cell: the cells at Chebyshev distance exactly 2 (up to 16).
    pub outer: Vec<Vec<Cell>>,
    /// Per cell: every cell within two king steps (up to 24).
    pub area: Vec<Vec<Cell>>,
}

impl ChuTables {
    /// The shared tables.
    pub fn get() -> &'static ChuTables {
        static T: OnceLock<ChuTables> = OnceLock::new();
        T.get_or_init(|| {
            let geo = Geometry::grid("10x10", 10, 10, CellNaming::FileRank { first_rank: 0 });
            let collect = |cell: Cell, leaps: &[Leap]| -> Vec<Cell> {
                leaps
                    .iter()
                    .flat_map(|&l| geo.leaps(cell, l).iter().copied())
                    .collect()
            };
            let ring: Vec<Vec<Cell>> = geo
                .cells()
                .map(|c| collect(c, &[Leap::Wazir, Leap::Ferz]))
                .collect();
            let ring_set = ring.iter().map(|r| r.iter().copied().collect()).collect();
            let outer = geo
                .cells()
                .map(|c| collect(c, &[Leap::Dabbaba, Leap::Knight, Leap::Alfil]))
                .collect();
            let area = geo.cells().map(|c| collect(c, &LION_LEAPS)).collect();
            ChuTables {
                geo,
                ring,
                ring_set,
                outer,
                area,
            }
        })
    }

    /// The board's `u128` bitboard tables.
    #[inline(always)]
    pub fn wide(&self) -> &WideBitTables {
        match self.geo.wide_bit_tables() {
            Some(t) => t,
            None => unreachable!("the Chu Chess board has 100 cells"),
        }
    }

    /// Whether `a` and `b` are one king step apart.
    #[inline(always)]
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.ring_set[a.index()].contains(b)
    }
}

/// The Chu Chess board.
pub fn geometry() -> &'static Geometry {
    &ChuTables::get().geo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_is_named_from_rank_zero_and_the_lion_area_has_24_cells() {
        let t = ChuTables::get();
        let c = |n: &str| t.geo.cell(n).expect("a cell");
        assert_eq!(t.geo.name(Cell(0)), "a0");
        assert_eq!(t.geo.name(Cell(99)), "j9");
        assert_eq!(t.area[c("e4").index()].len(), 24);
        assert_eq!(t.area[c("a0").index()].len(), 8);
        assert_eq!(t.outer[c("e4").index()].len(), 16);
        assert!(t.adjacent(c("e4"), c("f5")) && !t.adjacent(c("e4"), c("g5")));
    }
}
