//! `catboard bench --save-baseline FILE` and `--baseline FILE`: every
//! figure a bench run prints, kept under a name (`chess.perft.leaves_per_s`)
//! in a small text file, and shown next to the same figure of a saved run
//! with the change, so that a regression is seen at once.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;

/// The figures of one bench run, in the order they were measured.
#[derive(Default, Debug)]
pub struct Figures {
    entries: Vec<(String, f64)>,
}

/// Whether a larger value of a figure is better (speeds, depths) or
/// worse (times, node counts); only said in the comparison.
fn larger_is_better(name: &str) -> Option<bool> {
    if name.ends_with("per_s") || name.ends_with(".depth") {
        Some(true)
    } else if name.ends_with(".ms") || name.ends_with(".s") || name.ends_with(".nodes") {
        Some(false)
    } else {
        None
    }
}

impl Figures {
    /// Records `value` under `name` (a later value of the same name replaces it).
    pub fn record(&mut self, name: impl Into<String>, value: f64) {
        let name = name.into();
        match self.entries.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((name, value)),
        }
    }

    /// The figures as the baseline file holds them: `name = value` a line.
    pub fn to_text(&self) -> String {
        let mut text = String::from(
            "# catboard bench figures (catboard bench --save-baseline); \
             compare with catboard bench --baseline FILE\n",
        );
        for (name, value) in &self.entries {
            text.push_str(&format!("{name} = {}\n", round(*value)));
        }
        text
    }

    /// Writes the figures to `path` whole, through the one writer
    /// discipline ([`catboard::durable::replace`]).
    pub fn save(&self, path: &Path) -> io::Result<()> {
        catboard::durable::replace(
            path,
            self.to_text().as_bytes(),
            catboard::durable::Access::Usual,
        )
    }

    /// Prints every figure next to the baseline's, with the change.
    pub fn compare(
        &self,
        baseline: &BTreeMap<String, f64>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        writeln!(out)?;
        writeln!(
            out,
            "{:<44} {:>14} {:>14} {:>9}",
            "figure", "now", "baseline", "change"
        )?;
        for (name, now) in &self.entries {
            let (before, change) = match baseline.get(name) {
                Some(&b) => {
                    let change = if b != 0.0 {
                        format!("{:+.1}%", (now - b) / b.abs() * 100.0)
                    } else if *now == 0.0 {
                        "=".to_string()
                    } else {
                        "new".to_string()
                    };
                    let worse = match larger_is_better(name) {
                        Some(true) => *now < b * 0.95,
                        Some(false) => *now > b * 1.05,
                        None => false,
                    };
                    let mark = if worse { "  worse" } else { "" };
                    (round(b), format!("{change}{mark}"))
                }
                None => ("-".to_string(), String::new()),
            };
            writeln!(
                out,
                "{name:<44} {:>14} {before:>14} {change:>9}",
                round(*now)
            )?;
        }
        Ok(())
    }
}

/// A figure as written: whole numbers without a fraction, others to three places.
fn round(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value:.3}")
    }
}

/// Reads a baseline file: `name = value` lines, `#` comments; a line that
/// is neither is refused with its number.
pub fn read(path: &Path) -> Result<BTreeMap<String, f64>, String> {
    use catboard::text::{foreign, shown_path};
    let text = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "Cannot read the baseline {}: {}.",
            shown_path(path),
            foreign(&e.to_string())
        )
    })?;
    parse(&text).map_err(|line| {
        format!(
            "The baseline {} has a line {line} that is not 'name = number'.",
            shown_path(path)
        )
    })
}

/// Parses the text of a baseline file; the error is the bad line's number.
pub fn parse(text: &str) -> Result<BTreeMap<String, f64>, usize> {
    let mut map = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = line.split_once('=').ok_or(i + 1)?;
        let value: f64 = value.trim().parse().map_err(|_| i + 1)?;
        map.insert(name.trim().to_string(), value);
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_round_trip_and_compare_with_the_change_marked() {
        let mut f = Figures::default();
        f.record("chess.perft.leaves_per_s", 200_000_000.0);
        f.record("chess.search.total.nodes", 1000.0);
        f.record("chess.search.total.ms", 12.5);
        let saved = parse(&f.to_text()).expect("its own text reads back");
        assert_eq!(saved.get("chess.search.total.ms"), Some(&12.5));
        let mut baseline = saved.clone();
        baseline.insert("chess.perft.leaves_per_s".into(), 250_000_000.0);
        let mut out = Vec::new();
        f.compare(&baseline, &mut out).expect("to memory");
        let text = String::from_utf8(out).expect("UTF-8");
        let perft = text
            .lines()
            .find(|l| l.starts_with("chess.perft.leaves_per_s"))
            .expect("the perft line");
        assert!(
            perft.contains("250000000") && perft.contains("-20.0%"),
            "{perft}"
        );
        assert!(
            perft.ends_with("worse"),
            "a slower perft is marked: {perft}"
        );
        assert!(
            !text
                .lines()
                .any(|l| l.starts_with("chess.search.total.nodes") && l.ends_with("worse"))
        );
        assert_eq!(parse("a = 1\nb\n"), Err(2));
        assert_eq!(parse("# only a comment\n"), Ok(BTreeMap::new()));
    }
}
