//! The transposition table: what earlier searches learnt of a position,
//! keyed by `Game::hash()`.

use super::score::MATE_BOUND;
use crate::core::Move;

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Bound {
    /// Nothing stored.
    #[default]
    None,
    /// The true score is exactly this.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One stored position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    key: u64,
    /// The best (or refuting) move found.
    pub mv: Option<Move>,
    /// The score, with mates counted from this position.
    pub score: i32,
    /// The depth searched.
    pub depth: i16,
    /// What kind of bound `score` is.
    pub bound: Bound,
    age: u8,
}

impl Entry {
    /// Whether this entry, searched at least `depth` deep, settles a node
    /// searched in the window `alpha`..`beta` (its score is then the
    /// node's).
    #[inline]
    pub fn settles(&self, depth: i32, alpha: i32, beta: i32) -> bool {
        self.depth as i32 >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score >= beta,
                Bound::Upper => self.score <= alpha,
                Bound::None => false,
            }
    }
}

/// A fixed-size table of entries, replaced by depth and age.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `megabytes` MiB (a power of two of entries, at least 1024).
    pub fn new(megabytes: usize) -> Table {
        let want = megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Entry>();
        let mut size = 1024;
        while size * 2 <= want {
            size *= 2;
        }
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 1,
            age: 0,
        }
    }

    /// Forgets everything stored.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// How full the table is, in thousandths: the share of its first
    /// thousand entries written by the latest search.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1000)];
        let used = sample
            .iter()
            .filter(|e| e.bound != Bound::None && e.age == self.age)
            .count();
        (used * 1000 / sample.len().max(1)) as u32
    }

    /// Marks the start of a new search, so old entries give way.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry for `key`, with a mate score counted from the root again
    /// (`ply` plies below it).
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.bound != Bound::None && e.key == key).then(|| Entry {
            score: from_table(e.score, ply),
            ..e
        })
    }

    /// Stores what a search of `key` found, `ply` plies below the root.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = &mut self.entries[key as usize & self.mask];
        let replace = slot.key == key
            || slot.age != self.age
            || depth as i16 + 2 >= slot.depth
            || bound == Bound::Exact;
        if !replace {
            return;
        }
        let mv = mv.or(if slot.key == key { slot.mv } else { None });
        *slot = Entry {
            key,
            mv,
            score: to_table(score, ply),
            depth: depth as i16,
            bound,
            age: self.age,
        };
    }
}

/// A mate score counted from the node rather than the root, for storing.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored mate score counted from the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::score::MATE;
    use crate::core::Cell;

    #[test]
    fn stores_and_finds_with_mates_counted_from_the_node() {
        let mut t = Table::new(1);
        let mv = Move::normal(Cell(12), Cell(28));
        t.store(0xABCD, 3, Some(mv), MATE - 5, 4, Bound::Exact);
        let e = t.probe(0xABCD, 1).expect("stored");
        assert_eq!(e.mv, Some(mv));
        assert_eq!(e.score, MATE - 3);
        assert_eq!(e.depth, 4);
        assert!(t.probe(0xABCE, 1).is_none());
        t.clear();
        assert!(t.probe(0xABCD, 1).is_none());
    }
}
