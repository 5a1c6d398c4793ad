//! Player ratings by the Glicko-2 system (Mark Glickman, "Example of the
//! Glicko-2 system", 2012): a rating, its deviation and a volatility per
//! player, updated after each rated game as a rating period of its own.
//!
//! Games of more than two seats are rated as a set of two-player results
//! ([`pairwise_results`]): every player against every other, by who scored
//! more in that game, so a winner of three beats both others and the two
//! losers draw each other.

use serde::{Deserialize, Serialize};

/// The scale factor between the Glicko and Glicko-2 scales (173.7178).
const SCALE: f64 = 173.7178;

/// How much the volatility may change in one period (the system constant
/// τ; Glickman suggests 0.3 to 1.2; lichess uses 0.75).
pub const TAU: f64 = 0.75;

/// The convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation (350 for a new player).
    pub deviation: f64,
    /// The volatility (0.06 for a new player).
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, deviation 350, volatility 0.06.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// The deviation above which a rating is provisional (shown with a `?`),
/// as lichess marks it.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The largest deviation a rating ever has (a new player's).
pub const MAX_DEVIATION: f64 = 350.0;

impl Rating {
    /// Whether the deviation is still too high to trust the rating.
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as a lobby shows it: `1523`, or `1523?` while provisional.
    pub fn shown(&self) -> String {
        let mark = if self.is_provisional() { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }

    fn mu(&self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }
}

/// One result of a rating period: the opponent's rating before it, and the
/// score (1 a win, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PeriodResult {
    /// The opponent as rated before the period.
    pub opponent: Rating,
    /// The score against them.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The player's rating after a period with `results`, with system
/// constant `tau`; no results only widens the deviation (step 6 alone).
pub fn update(player: Rating, results: &[PeriodResult], tau: f64) -> Rating {
    let mu = player.mu();
    let phi = player.phi();
    let sigma = player.volatility;
    if results.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: (phi_star * SCALE).min(MAX_DEVIATION),
            ..player
        };
    }
    // Step 3: the estimated variance of the rating from the results alone.
    let mut v_inverse = 0.0;
    // Step 4: the estimated improvement, before the factor v.
    let mut delta_sum = 0.0;
    for r in results {
        let (mu_j, phi_j) = (r.opponent.mu(), r.opponent.phi());
        let e = expected(mu, mu_j, phi_j);
        let gj = g(phi_j);
        v_inverse += gj * gj * e * (1.0 - e);
        delta_sum += gj * (r.score - e);
    }
    let v = 1.0 / v_inverse;
    let delta = v * delta_sum;
    let sigma_new = new_volatility(phi, sigma, v, delta, tau);
    // Steps 6 to 8.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * delta_sum;
    Rating {
        rating: SCALE * mu_new + 1500.0,
        deviation: (SCALE * phi_new).min(MAX_DEVIATION),
        volatility: sigma_new,
    }
}

/// Step 5: the new volatility, by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    // At most a few dozen rounds converge; the cap guards a pathological input.
    for _ in 0..200 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// Every pair of seats in a game of `scores.len()` seats (their scores in
/// any unit: points, or 1 for a winner and 0 for the rest), with the first
/// seat's score against the second: 1 when it scored more, 0.5 when equal,
/// 0 when less. A two-seat game gives one pair.
pub fn pairwise_results(scores: &[u32]) -> Vec<(usize, usize, f64)> {
    let mut pairs = Vec::new();
    for i in 0..scores.len() {
        for j in i + 1..scores.len() {
            let score = match scores[i].cmp(&scores[j]) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
            pairs.push((i, j, score));
        }
    }
    pairs
}

/// The ratings of a game's players after it: `before[i]` is seat i's
/// player as rated before, `scores[i]` what seat i scored (see
/// [`pairwise_results`]). The game is one rating period for each player,
/// against every other player of the game.
pub fn rate_game(before: &[Rating], scores: &[u32], tau: f64) -> Vec<Rating> {
    let mut results: Vec<Vec<PeriodResult>> = vec![Vec::new(); before.len()];
    for (i, j, score) in pairwise_results(scores) {
        if let (Some(&a), Some(&b)) = (before.get(i), before.get(j)) {
            results[i].push(PeriodResult { opponent: b, score });
            results[j].push(PeriodResult {
                opponent: a,
                score: 1.0 - score,
            });
        }
    }
    before
        .iter()
        .zip(&results)
        .map(|(&player, results)| update(player, results, tau))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // "Example of the Glicko-2 system", τ = 0.5: a 1500/200 player
        // beats a 1400/30 and loses to a 1550/100 and a 1700/300.
        let results = [
            PeriodResult {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            PeriodResult {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            PeriodResult {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = update(rating(1500.0, 200.0), &results, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation_up_to_a_new_players() {
        let before = rating(1700.0, 60.0);
        let after = update(before, &[], TAU);
        assert_eq!(after.rating, before.rating);
        assert!(after.deviation > before.deviation);
        let mut wide = rating(1700.0, 349.0);
        for _ in 0..100 {
            wide = update(wide, &[], TAU);
        }
        assert_eq!(wide.deviation, MAX_DEVIATION);
    }

    #[test]
    fn a_winner_of_three_beats_both_and_the_losers_draw() {
        assert_eq!(
            pairwise_results(&[0, 1, 0]),
            vec![(0, 1, 0.0), (0, 2, 0.5), (1, 2, 1.0)]
        );
        let before = [Rating::default(); 3];
        let after = rate_game(&before, &[0, 1, 0], TAU);
        assert!(after[1].rating > 1500.0);
        assert!(after[0].rating < 1500.0 && after[2].rating < 1500.0);
        assert!((after[0].rating - after[2].rating).abs() < 1e-9);
        assert!(after.iter().all(|r| r.deviation < 350.0));
    }

    #[test]
    fn four_armies_are_rated_by_their_points() {
        let before = [Rating::default(); 4];
        let after = rate_game(&before, &[6, 3, 3, 0], TAU);
        assert!(after[0].rating > after[1].rating);
        assert!((after[1].rating - after[2].rating).abs() < 1e-9);
        assert!(after[2].rating > after[3].rating);
        let total: f64 = after.iter().map(|r| r.rating - 1500.0).sum();
        assert!(total.abs() < 1e-6, "equal players trade points: {total}");
    }

    #[test]
    fn a_provisional_rating_is_marked() {
        assert_eq!(Rating::default().shown(), "1500?");
        assert_eq!(rating(1523.4, 80.0).shown(), "1523");
    }
}
