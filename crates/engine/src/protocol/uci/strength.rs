//! `UCI_LimitStrength` and `UCI_Elo`: a strength on Stockfish's `UCI_Elo`
//! scale played as one of catboard's levels. This is the one place the
//! scale meets the levels.

use crate::ai::Level;

/// The least `UCI_Elo` the engine offers.
pub const ELO_MIN: u32 = 800;

/// The greatest `UCI_Elo` the engine offers: about what Master scored
/// against Stockfish held to `UCI_Elo` (≈ 2100 at 0.5 s a move).
pub const ELO_MAX: u32 = 2100;

/// `UCI_Elo`'s default.
pub const ELO_DEFAULT: u32 = 1500;

/// The levels, weakest first, each with the least `UCI_Elo` it plays:
/// rough figures on Stockfish's scale until the levels are measured.
const FLOORS: [(u32, Level); 4] = [
    (ELO_MIN, Level::Casual),
    (1200, Level::Club),
    (1500, Level::Strong),
    (1900, Level::Master),
];

/// The level that plays at about `elo` (below the least, the weakest).
pub fn level_for_elo(elo: u32) -> Level {
    FLOORS
        .iter()
        .rev()
        .find(|(floor, _)| elo >= *floor)
        .map_or(Level::Casual, |&(_, level)| level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_higher_elo_never_plays_a_weaker_level() {
        let index = |l: Level| Level::ALL.iter().position(|&x| x == l);
        let mut last = None;
        for elo in (0..=ELO_MAX + 100).step_by(50) {
            let level = index(level_for_elo(elo));
            assert!(level >= last, "{elo}");
            last = level;
        }
        assert_eq!(level_for_elo(ELO_MIN), Level::Casual);
        assert_eq!(level_for_elo(ELO_MAX), Level::Master);
        assert!((ELO_MIN..=ELO_MAX).contains(&ELO_DEFAULT));
    }
}
