//! `UCI_LimitStrength` and `UCI_Elo`: a strength on Stockfish's `UCI_Elo`
//! scale played as the nearest rung of catboard's ladder
//! ([`crate::ai::ladder`]), whose figures are on that scale.

use crate::ai::{Level, ladder};

/// The least `UCI_Elo` the engine offers: the weakest rung's figure.
pub const ELO_MIN: u32 = ladder::LADDER[0].elo;

/// The greatest `UCI_Elo` the engine offers: the strongest rung's figure.
pub const ELO_MAX: u32 = ladder::LADDER[ladder::LADDER.len() - 1].elo;

/// `UCI_Elo`'s default: the middle of the ladder.
pub const ELO_DEFAULT: u32 = ladder::LADDER[ladder::LADDER.len() / 2].elo;

/// The rung that plays nearest to `elo`.
pub fn level_for_elo(elo: u32) -> Level {
    ladder::nearest(elo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_higher_elo_never_plays_a_weaker_level_and_each_rung_is_reached() {
        let index = |l: Level| Level::ALL.iter().position(|&x| x == l);
        let mut last = None;
        for elo in (0..=ELO_MAX + 100).step_by(50) {
            let level = index(level_for_elo(elo));
            assert!(level >= last, "{elo}");
            last = level;
        }
        for rung in &ladder::LADDER {
            assert_eq!(level_for_elo(rung.elo), rung.level, "{}", rung.elo);
        }
        assert_eq!(level_for_elo(ELO_MIN), Level::ALL[0]);
        assert_eq!(level_for_elo(ELO_MAX), Level::Master);
        assert!((ELO_MIN..=ELO_MAX).contains(&ELO_DEFAULT));
    }
}
