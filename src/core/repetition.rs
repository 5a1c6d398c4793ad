//! Counting repetitions: how often the current position came up before.

/// How many earlier positions match the current one, looking `period`,
/// 2 × `period`, … plies back (the plies after which the same side is to
/// move again) and no further than `reach` plies (the last irreversible
/// move). `history` holds, oldest first, one entry per move played: the
/// position before it; `same` says whether an entry's position is the
/// current one.
pub fn earlier_occurrences<T>(
    history: &[T],
    reach: usize,
    period: usize,
    same: impl Fn(&T) -> bool,
) -> usize {
    let n = history.len();
    (period.max(1)..=reach.min(n))
        .step_by(period.max(1))
        .filter(|&back| same(&history[n - back]))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_every_period_within_reach() {
        // Positions before moves 0..=6; the current position is "a".
        let history = ["a", "b", "c", "a", "a", "a", "a"];
        assert_eq!(earlier_occurrences(&history, 7, 2, |p| *p == "a"), 2);
        assert_eq!(earlier_occurrences(&history, 7, 3, |p| *p == "a"), 1);
        assert_eq!(earlier_occurrences(&history, 3, 2, |p| *p == "a"), 1);
        assert_eq!(earlier_occurrences(&history, 0, 3, |p| *p == "a"), 0);
    }
}
