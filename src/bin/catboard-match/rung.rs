//! `--rung LEVEL`: re-measures one rung of catboard's ladder against what
//! it was measured against (`ai::ladder::Anchor`): Stockfish held to a
//! `UCI_Elo` (at least 1350, Stockfish's floor), or the rung above, whose
//! figure is known; the score is turned back into a figure on the scale
//! with its 95% range.

use crate::tally::Tally;
use catboard::ai::Level;
use catboard::ai::ladder::Anchor;
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
/// `catboard` the program that plays it: against what the ladder says the
/// rung was measured against (Stockfish at that `UCI_Elo`, or the rung
/// above); a rung not measured yet meets Stockfish at its figure, or the
/// rung above when that is under Stockfish's floor.
pub fn plan(text: &str, catboard: &Path) -> Result<Plan, String> {
    let level: Level = text.parse()?;
    let engine = |l: Level| format!("{} xboard --level {}", catboard.display(), l.id());
    let stockfish = match level.rung().anchor {
        Anchor::Stockfish(elo) => Some(elo),
        Anchor::RungAbove => None,
        Anchor::Provisional => Some(level.elo()).filter(|&elo| elo >= STOCKFISH_FLOOR),
    };
    if let Some(elo) = stockfish {
        let anchor = elo.clamp(STOCKFISH_FLOOR, STOCKFISH_CEILING);
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
        let Anchor::Stockfish(elo) = Level::Club.rung().anchor else {
            panic!("Club is measured against Stockfish");
        };
        assert_eq!(club.options2, [format!("UCI_Elo={elo}")]);
        assert_eq!(club.anchor, elo);
        let lowest = Level::ALL[0];
        assert_eq!(lowest.rung().anchor, Anchor::RungAbove);
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
