//! Cells of a board and fixed-size sets of them.

use std::fmt;

/// Most cells any board may have (16 × 16); every per-cell table is this long.
pub const MAX_CELLS: usize = 256;

/// One cell of a board: an index into its [`Geometry`](crate::core::geometry::Geometry).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell's index, for looking it up in per-cell tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell with this index; `None` past the largest board.
    pub fn from_index(index: usize) -> Option<Cell> {
        u8::try_from(index).ok().map(Cell)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({})", self.0)
    }
}

/// A set of cells of one board (up to 256), as a fixed bitset.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet {
    words: [u64; 4],
}

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet { words: [0; 4] };

    /// A new empty set.
    pub const fn new() -> CellSet {
        CellSet::EMPTY
    }

    /// The set whose cells are the bits of `words`, cell `i` being bit
    /// `i % 64` of word `i / 64`.
    #[inline(always)]
    pub const fn from_words(words: [u64; 4]) -> CellSet {
        CellSet { words }
    }

    /// The set as four words of 64 bits, cell `i` being bit `i % 64` of
    /// word `i / 64`.
    #[inline(always)]
    pub const fn words(&self) -> [u64; 4] {
        self.words
    }

    /// Whether `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.words[i >> 6] & (1u64 << (i & 63)) != 0
    }

    /// Adds `cell` to the set.
    #[inline(always)]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.words[i >> 6] |= 1u64 << (i & 63);
    }

    /// Removes `cell` from the set.
    #[inline(always)]
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.words[i >> 6] &= !(1u64 << (i & 63));
    }

    /// Whether the set holds no cell.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        (self.words[0] | self.words[1] | self.words[2] | self.words[3]) == 0
    }

    /// How many cells the set holds.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells in either set.
    #[inline(always)]
    pub fn union(&self, other: &CellSet) -> CellSet {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words) {
            *w |= o;
        }
        CellSet { words }
    }

    /// The cells in both sets.
    #[inline(always)]
    pub fn intersection(&self, other: &CellSet) -> CellSet {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words) {
            *w &= o;
        }
        CellSet { words }
    }

    /// The cells of this set that are not in `other`.
    #[inline(always)]
    pub fn difference(&self, other: &CellSet) -> CellSet {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words) {
            *w &= !o;
        }
        CellSet { words }
    }

    /// The cell of the set with the lowest index.
    #[inline(always)]
    pub fn first(&self) -> Option<Cell> {
        let mut i = 0;
        while i < 4 {
            let w = self.words[i];
            if w != 0 {
                return Some(Cell((i * 64 + w.trailing_zeros() as usize) as u8));
            }
            i += 1;
        }
        None
    }

    /// The cell of the set with the highest index.
    #[inline(always)]
    pub fn last(&self) -> Option<Cell> {
        let mut i = 4;
        while i > 0 {
            i -= 1;
            let w = self.words[i];
            if w != 0 {
                return Some(Cell((i * 64 + 63 - w.leading_zeros() as usize) as u8));
            }
        }
        None
    }

    /// Whether the two sets share a cell.
    #[inline(always)]
    pub fn meets(&self, other: &CellSet) -> bool {
        (self.words[0] & other.words[0])
            | (self.words[1] & other.words[1])
            | (self.words[2] & other.words[2])
            | (self.words[3] & other.words[3])
            != 0
    }

    /// The cells of the set in index order.
    #[inline(always)]
    pub fn iter(&self) -> CellSetIter {
        CellSetIter {
            words: self.words,
            word: 0,
        }
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::new();
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

/// Iterator over the cells of a [`CellSet`], lowest index first.
pub struct CellSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellSetIter {
    type Item = Cell;

    #[inline(always)]
    fn next(&mut self) -> Option<Cell> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(Cell((self.word * 64 + bit) as u8));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_track_membership() {
        let mut a = CellSet::new();
        a.insert(Cell(3));
        a.insert(Cell(200));
        a.insert(Cell(255));
        assert!(a.contains(Cell(200)) && !a.contains(Cell(4)));
        assert_eq!(a.len(), 3);
        let b: CellSet = [Cell(3), Cell(7)].into_iter().collect();
        assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), vec![Cell(3)]);
        assert_eq!(a.union(&b).len(), 4);
        assert_eq!(
            a.difference(&b).iter().collect::<Vec<_>>(),
            vec![Cell(200), Cell(255)]
        );
        assert_eq!((a.first(), a.last()), (Some(Cell(3)), Some(Cell(255))));
        assert!(a.meets(&b) && !a.meets(&CellSet::new()));
        a.remove(Cell(255));
        assert!(!a.contains(Cell(255)));
        assert_eq!(a.last(), Some(Cell(200)));
        assert_eq!(CellSet::new().first(), None);
    }
}
