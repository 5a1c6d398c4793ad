//! A small cache of static evaluations keyed by the position's hash, so
//! that a position the search meets again (a transposition, the capture
//! search after razoring, a re-search) is not evaluated twice.

/// Entries in a cache (a power of two): 1 MiB.
const ENTRIES: usize = 1 << 16;

/// Static evaluations by position hash, one entry a slot, the newest
/// replacing the older.
pub struct EvalCache {
    /// The hash of each slot's position (0: empty) and its evaluation.
    slots: Vec<(u64, i32)>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

impl EvalCache {
    /// An empty cache.
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); ENTRIES],
        }
    }

    /// The evaluation of the position hashed `key`, computed by `evaluate`
    /// unless the cache holds it. A key of 0 (the empty slot's mark) is
    /// never cached.
    #[inline]
    pub fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[key as usize & (ENTRIES - 1)];
        if key != 0 && slot.0 == key {
            return slot.1;
        }
        let value = evaluate();
        if key != 0 {
            *slot = (key, value);
        }
        value
    }

    /// Forgets every evaluation.
    pub fn clear(&mut self) {
        self.slots.fill((0, 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_position_is_not_evaluated_again_and_another_one_is() {
        let mut cache = EvalCache::new();
        let mut calls = 0;
        let mut eval = |key: u64, value: i32| {
            cache.get_or(key, || {
                calls += 1;
                value
            })
        };
        assert_eq!(eval(0x1234, 57), 57);
        assert_eq!(eval(0x1234, 99), 57, "the cached value is returned");
        // The same slot, another position: evaluated afresh.
        assert_eq!(eval(0x1234 + ENTRIES as u64, 12), 12);
        assert_eq!(eval(0, 5), 5);
        assert_eq!(eval(0, 6), 6, "key 0 is never cached");
        assert_eq!(calls, 4);
    }
}
