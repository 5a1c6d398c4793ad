//! How a weak rung errs like a person rather than at random: its
//! evaluation is off by a little in every position (noise), and now and
//! then a capture, its own or one it should fear, goes unseen
//! (an oversight). Both are drawn from the position's hash and the
//! search's seed, so a position looks the same wherever the search meets
//! it (the hash table stays consistent) and the next move's search, with
//! another seed, sees it afresh.

use super::level::Limits;
use crate::core::Move;

/// A search's noise and oversights, from its [`Limits`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Fog {
    noise: i32,
    oversight: u32,
    seed: u64,
}

impl Fog {
    /// The fog of `limits`.
    pub fn new(limits: &Limits) -> Fog {
        Fog {
            noise: limits.noise.max(0),
            oversight: limits.oversight.min(1000),
            seed: mix(limits.seed ^ 0xF06F_06F0_6F06_F06F),
        }
    }

    /// Whether the search sees everything exactly.
    #[inline]
    pub fn clear(&self) -> bool {
        self.noise == 0 && self.oversight == 0
    }

    /// What the evaluation of the position hashed `hash` is off by, for the
    /// seat `seat` (each seat has its own view): from −noise to +noise,
    /// small errors more often than large ones (the sum of two even draws).
    #[inline]
    pub fn error(&self, hash: u64, seat: usize) -> i32 {
        if self.noise == 0 {
            return 0;
        }
        let r = mix(hash ^ self.seed ^ (seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let span = self.noise as u64 + 1;
        let a = (r & 0xFFFF_FFFF) % span;
        let b = (r >> 32) % span;
        (a + b) as i32 - self.noise
    }

    /// Whether the capture `mv` of a piece worth `victim` centipawns, in the
    /// position hashed `hash`, goes unseen. Bigger victims are noticed more
    /// often: the chance is halved for a piece worth a Queen or more and
    /// raised by half for one worth a Pawn or less.
    #[inline]
    pub fn overlooks(&self, hash: u64, mv: Move, victim: i32) -> bool {
        if self.oversight == 0 {
            return false;
        }
        let chance = match victim {
            v if v >= 900 => self.oversight / 2,
            v if v <= 100 => self.oversight * 3 / 2,
            _ => self.oversight,
        };
        let key = u64::from(mv.from.0)
            | u64::from(mv.to.0) << 8
            | u64::from(mv.aux.0) << 16
            | u64::from(mv.promotion.is_some()) << 24;
        let r = mix(hash ^ self.seed.rotate_left(17) ^ key.wrapping_mul(0xD6E8_FEB8_6659_FD93));
        (r % 1000) < u64::from(chance)
    }
}

/// A 64-bit finaliser (splitmix64's): every input bit moves every output bit.
#[inline]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Cell;

    fn fog(noise: i32, oversight: u32, seed: u64) -> Fog {
        Fog::new(&Limits {
            noise,
            oversight,
            seed,
            ..Limits::depth(1)
        })
    }

    #[test]
    fn the_noise_stays_within_its_bound_is_centred_and_repeats_per_position() {
        let f = fog(50, 0, 7);
        let errors: Vec<i32> = (0..4000u64).map(|h| f.error(h * 7919, 0)).collect();
        assert!(errors.iter().all(|e| e.abs() <= 50));
        let mean = errors.iter().sum::<i32>() as f64 / errors.len() as f64;
        assert!(mean.abs() < 3.0, "{mean}");
        assert!(errors.iter().any(|&e| e > 40) && errors.iter().any(|&e| e < -40));
        assert_eq!(f.error(12345, 1), f.error(12345, 1));
        assert!((0..100u64).any(|h| f.error(h, 0) != f.error(h, 1)));
        assert!((0..100u64).any(|h| f.error(h, 0) != fog(50, 0, 8).error(h, 0)));
        assert_eq!(fog(0, 0, 7).error(12345, 0), 0);
        assert!(fog(0, 0, 7).clear() && !f.clear());
    }

    #[test]
    fn oversights_come_at_their_rate_and_spare_big_victims_more() {
        let f = fog(0, 200, 3);
        let mv = Move::normal(Cell(12), Cell(28));
        let rate = |victim| {
            (0..10_000u64)
                .filter(|&h| f.overlooks(h, mv, victim))
                .count()
        };
        let (pawn, knight, queen) = (rate(100), rate(320), rate(950));
        assert!((2_600..3_400).contains(&pawn), "{pawn}");
        assert!((1_700..2_300).contains(&knight), "{knight}");
        assert!((700..1_300).contains(&queen), "{queen}");
        assert!((0..1000u64).all(|h| !fog(50, 0, 3).overlooks(h, mv, 100)));
    }
}
