//! `--rung LEVEL`: re-measures one rung of catboard's ladder. The rung
//! plays Stockfish held to the rung's figure on its `UCI_Elo` scale (at
//! least 1350, Stockfish's floor), or, for a rung below that floor, the
//! rung above it, whose figure is known; the score is turned back into a
//! figure on the scale with its 95% range.

use crate::tally::Tally;
use catboard::ai::Level;
use std::path::Path;

/// Stockfish's weakest `UCI_Elo`.
pub const STOCKFISH_FLOOR: u32 = 1350;

/// Stockfish's strongest `UCI_Elo`.
pub const STOCKFISH_CEILING: u32 = 2850;

/// How one rung is measured: the two engines and the opponent's figure.
#[derive(Debug, PartialEq)]
pub struct Plan {
    /// The rung measured.
    pub level: Level,
    /// Its engine command (the first engine).
    pub engine1: String,
    /// The opponent's engine command.
    pub engine2: String,
    /// The opponent's options (`UCI_Elo=…`).
    pub options2: Vec<String>,
    /// The opponent's figure on the scale.
    pub anchor: u32,
    /// The opponent in words, for the verdict.
    pub against: String,
}

/// The plan for the rung `text` names (a level's name or an Elo), with
/// `catboard` the program that plays it.
pub fn plan(text: &str, catboard: &Path) -> Result<Plan, String> {
    let level: Level = text.parse()?;
    let engine = |l: Level| format!("{} xboard --level {}", catboard.display(), l.id());
    let elo = level.elo();
    if elo >= STOCKFISH_FLOOR {
        let anchor = elo.min(STOCKFISH_CEILING);
        return Ok(Plan {
            level,
            engine1: engine(level),
            engine2: "uci:stockfish".to_string(),
            options2: vec![format!("UCI_Elo={anchor}")],
            anchor,
            against: format!("Stockfish at UCI_Elo {anchor}"),
        });
    }
    let above = Level::ALL
        .into_iter()
        .find(|l| *l > level)
        .ok_or_else(|| format!("the rung {} has no rung above it", level.id()))?;
    Ok(Plan {
        level,
        engine1: engine(level),
        engine2: engine(above),
        options2: Vec::new(),
        anchor: above.elo(),
        against: format!("{} ({})", above.id(), above.label()),
    })
}

/// The rung's figure from the match's `tally`: one sentence with its 95%
/// range and what it was measured against.
pub fn verdict(plan: &Plan, tally: &Tally) -> String {
    let s = tally.score();
    let m = tally.margin();
    let at = |score: f64| (plan.anchor as f64 + Tally::elo(score)).round() as i64;
    format!(
        "{} measures {} (95%: {} to {}) on Stockfish's UCI_Elo scale over {} games against {}; the ladder says {}.",
        plan.level.name(),
        at(s),
        at(s - m),
        at(s + m),
        tally.games(),
        plan.against,
        plan.level.elo()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rung_on_stockfish_scale_meets_stockfish_and_one_below_meets_the_rung_above() {
        let exe = Path::new("/x/catboard");
        let club = plan("club", exe).expect("club");
        assert_eq!(club.engine1, "/x/catboard xboard --level club");
        assert_eq!(club.engine2, "uci:stockfish");
        let elo = Level::Club.elo().max(STOCKFISH_FLOOR);
        assert_eq!(club.options2, [format!("UCI_Elo={elo}")]);
        let lowest = Level::ALL[0];
        assert!(lowest.elo() < STOCKFISH_FLOOR);
        let low = plan(lowest.id(), exe).expect("the lowest");
        assert_eq!(
            low.engine2,
            format!("/x/catboard xboard --level {}", Level::ALL[1].id())
        );
        assert_eq!(low.anchor, Level::ALL[1].elo());
        assert!(plan("grandmaster", exe).is_err());
    }

    #[test]
    fn the_verdict_puts_the_score_on_the_scale() {
        let exe = Path::new("catboard");
        let club = plan("club", exe).expect("club");
        let even = Tally {
            wins: 10,
            draws: 20,
            losses: 10,
        };
        let v = verdict(&club, &even);
        assert!(
            v.starts_with(&format!("Club measures {} (95%: ", club.anchor)),
            "{v}"
        );
        let ahead = Tally {
            wins: 30,
            draws: 0,
            losses: 10,
        };
        let v = verdict(&club, &ahead);
        assert!(
            v.starts_with(&format!("Club measures {} ", club.anchor + 191)),
            "{v}"
        );
    }
}
