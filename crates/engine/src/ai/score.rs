//! Search scores: centipawns, with mate scores above every evaluation so
//! that a shorter mate scores higher.

/// The score of mating now; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;

/// Scores at or beyond this size are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// Larger than any score: the open bounds of a search window.
pub const INFINITY: i32 = 32_000;

/// The score of a drawn position.
pub const DRAW: i32 = 0;

/// The score, for the side to move, of being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether `score` announces a mate for either side.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Moves to mate of a mate score: positive when the side to move mates,
/// negative when it is mated; `None` for an ordinary score.
pub const fn mate_in_moves(score: i32) -> Option<i32> {
    if !is_mate(score) {
        None
    } else if score > 0 {
        Some((MATE - score + 1) / 2)
    } else {
        Some(-(MATE + score) / 2)
    }
}

/// A score as a person reads it: `+0.35`, `-1.20`, `mate in 3`, `mated in 2`.
pub fn describe(score: i32) -> String {
    match mate_in_moves(score) {
        Some(n) if n > 0 => format!("mate in {n}"),
        Some(n) => format!("mated in {}", -n),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_and_read_well() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(mated_in(2)), Some(-1));
        assert_eq!(mate_in_moves(mated_in(0)), Some(0));
        assert_eq!(mate_in_moves(150), None);
        assert_eq!(describe(35), "+0.35");
        assert_eq!(describe(-120), "-1.20");
        assert_eq!(describe(MATE - 5), "mate in 3");
        assert_eq!(describe(mated_in(4)), "mated in 2");
    }
}
