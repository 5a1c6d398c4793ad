//! The Cats' no-capture zones: each Cat's cell and the eight cells around it.

use crate::core::Cell;
use crate::core::bitboard::{BitTables, Bits, bit};

/// The zones of Cats standing on `cats`, as one set of cells of the board
/// whose tables `t` are.
#[inline]
pub fn zone_bits(t: &BitTables, cats: &[Cell]) -> Bits {
    cats.iter()
        .fold(0, |zones, &cat| zones | bit(cat) | t.king(cat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Geometry;
    use crate::core::bitboard::cells_of;

    #[test]
    fn a_zone_is_nine_cells_in_the_middle_and_four_in_a_corner() {
        let geo = Geometry::chess8();
        let t = geo.bit_tables().expect("8 x 8 has bit tables");
        let c = |n: &str| geo.cell(n).expect("a cell");
        assert_eq!(zone_bits(t, &[c("e4")]).count_ones(), 9);
        assert_eq!(zone_bits(t, &[c("a1")]).count_ones(), 4);
        let both = zone_bits(t, &[c("a4"), c("h5")]);
        assert_eq!(both.count_ones(), 12);
        let names: Vec<&str> = cells_of(both).map(|x| geo.name(x)).collect();
        assert!(names.contains(&"b5") && names.contains(&"g6") && !names.contains(&"c4"));
    }
}
