//! The Cats' no-capture zones: each Cat's cell and the eight cells around it.

use crate::core::{Cell, CellSet, Geometry, Leap};

/// The zones of Cats standing on `cats`, as one set of cells.
pub fn zones_of(geo: &Geometry, cats: &[Cell]) -> CellSet {
    let mut zones = CellSet::new();
    for &cat in cats {
        zones.insert(cat);
        for leap in [Leap::Wazir, Leap::Ferz] {
            for &cell in geo.leaps(cat, leap) {
                zones.insert(cell);
            }
        }
    }
    zones
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zone_is_nine_cells_in_the_middle_and_four_in_a_corner() {
        let geo = Geometry::chess8();
        let c = |n: &str| geo.cell(n).expect("a cell");
        assert_eq!(zones_of(geo, &[c("e4")]).len(), 9);
        assert_eq!(zones_of(geo, &[c("a1")]).len(), 4);
        let both = zones_of(geo, &[c("a4"), c("h5")]);
        assert_eq!(both.len(), 12);
        assert!(both.contains(c("b5")) && both.contains(c("g6")) && !both.contains(c("c4")));
    }
}
