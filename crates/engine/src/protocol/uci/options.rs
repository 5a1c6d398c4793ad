//! The UCI engine's options: the `option` lines it announces and what
//! `setoption` changes.

use super::strength::{ELO_DEFAULT, ELO_MAX, ELO_MIN};
use crate::core::Options;
use crate::limits::{HASH_MB, UCI_MULTIPV};
use crate::protocol::engine::variants::{uci_name, variant_of_uci_name};
use crate::protocol::xboard::engine_options;
use crate::text::{or_list, quoted, shown};
use crate::variants::Variant;
use std::time::Duration;

/// Why a `setoption` is refused: each says its sentence without the full
/// stop (the engine's `info string error: …` adds it), naming the option
/// and quoting the value given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionRefused {
    /// The words do not begin with `name`.
    #[error("setoption needs name NAME, then value VALUE")]
    NoName,
    /// `name` is followed by no option's name.
    #[error("setoption names no option")]
    Unnamed,
    /// No option has this name.
    #[error("there is no option {}", quoted(.0))]
    Unknown(String),
    /// A check option given something other than true or false.
    #[error("{} takes true or false, not {}", shown(.name), quoted(.value))]
    NotCheck {
        /// The option as named.
        name: String,
        /// The value given.
        value: String,
    },
    /// A spin option given a value outside its range.
    #[error("{} takes {least} to {most}, not {}", shown(.name), quoted(.value))]
    OutOfRange {
        /// The option as named.
        name: String,
        /// The least it takes.
        least: u64,
        /// The most it takes.
        most: u64,
        /// The value given.
        value: String,
    },
    /// A combo option (a variant, a rule) given none of its choices.
    #[error("{name} takes {choices}, not {}", quoted(.value))]
    NotAChoice {
        /// The option's own name.
        name: &'static str,
        /// Its choices, listed with "or".
        choices: String,
        /// The value given.
        value: String,
    },
}

/// The hash table's size when none is set, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// `Move Overhead`'s default, in milliseconds.
const DEFAULT_OVERHEAD_MS: u64 = 30;

/// `Move Overhead`'s greatest value, in milliseconds.
const MAX_OVERHEAD_MS: u64 = 5_000;

/// What the options are set to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `Hash`, in MiB.
    pub hash_mb: usize,
    /// `MultiPV`: how many best lines a search reports.
    pub multipv: usize,
    /// `Ponder`: the interface may send `go ponder`.
    pub ponder: bool,
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    pub limit_strength: bool,
    /// `UCI_Elo`.
    pub elo: u32,
    /// `UCI_Variant`.
    pub variant: Variant,
    /// `Move Overhead`: kept back from the clock for the interface.
    pub overhead: Duration,
    /// The rule options games are set up with (`Promotion`).
    pub rules: Options,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            ponder: false,
            limit_strength: false,
            elo: ELO_DEFAULT,
            variant: Variant::Chess,
            overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            rules: Options::new(),
        }
    }
}

/// What the session must do after an option changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing more.
    Nothing,
    /// Make a hash table of the new size.
    Hash,
    /// Empty the hash table.
    ClearHash,
    /// Set up the new variant's (or the new rules') start.
    Game,
}

/// The `option` lines `uci` is answered with.
pub fn option_lines() -> Vec<String> {
    let variants: Vec<String> = Variant::ALL
        .iter()
        .map(|&v| format!(" var {}", uci_name(v)))
        .collect();
    let mut lines = vec![
        format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min {} max {}",
            HASH_MB.least, HASH_MB.most
        ),
        "option name Clear Hash type button".to_string(),
        "option name Threads type spin default 1 min 1 max 1".to_string(),
        format!(
            "option name MultiPV type spin default 1 min {} max {}",
            UCI_MULTIPV.least, UCI_MULTIPV.most
        ),
        "option name Ponder type check default false".to_string(),
        format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
        ),
        "option name UCI_AnalyseMode type check default false".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {ELO_DEFAULT} min {ELO_MIN} max {ELO_MAX}"),
        format!(
            "option name UCI_Variant type combo default chess{}",
            variants.concat()
        ),
    ];
    for (name, variant, key) in engine_options() {
        if let Some(spec) = variant.options().iter().find(|s| s.key == key) {
            let vars: Vec<String> = spec.choices.iter().map(|c| format!(" var {c}")).collect();
            lines.push(format!(
                "option name {name} type combo default {}{}",
                spec.choices.first().copied().unwrap_or(""),
                vars.concat()
            ));
        }
    }
    lines
}

/// Reads the words after `setoption`: `name NAME [value VALUE]`, each of
/// any number of words.
pub fn read_setoption(words: &[&str]) -> Result<(String, String), OptionRefused> {
    let Some(("name", rest)) = words.split_first().map(|(w, r)| (*w, r)) else {
        return Err(OptionRefused::NoName);
    };
    let value_at = rest.iter().position(|w| *w == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    if name.is_empty() {
        return Err(OptionRefused::Unnamed);
    }
    Ok((name.join(" "), value.join(" ")))
}

impl Settings {
    /// Sets the option `name` (any case) to `value`, or says why not.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Change, OptionRefused> {
        let lower = name.to_ascii_lowercase();
        let value = value.trim();
        let check = |value: &str| match value.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(OptionRefused::NotCheck {
                name: name.to_string(),
                value: value.to_string(),
            }),
        };
        let spin = |least: u64, most: u64| -> Result<u64, OptionRefused> {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (least..=most).contains(n))
                .ok_or_else(|| OptionRefused::OutOfRange {
                    name: name.to_string(),
                    least,
                    most,
                    value: value.to_string(),
                })
        };
        match lower.as_str() {
            "hash" => {
                self.hash_mb = spin(HASH_MB.least, HASH_MB.most)? as usize;
                return Ok(Change::Hash);
            }
            "clear hash" => return Ok(Change::ClearHash),
            "threads" => {
                spin(1, 1)?;
            }
            "multipv" => self.multipv = spin(UCI_MULTIPV.least, UCI_MULTIPV.most)? as usize,
            "ponder" => self.ponder = check(value)?,
            "move overhead" => self.overhead = Duration::from_millis(spin(0, MAX_OVERHEAD_MS)?),
            "uci_analysemode" => {
                check(value)?;
            }
            "uci_limitstrength" => self.limit_strength = check(value)?,
            "uci_elo" => self.elo = spin(ELO_MIN.into(), ELO_MAX.into())? as u32,
            "uci_variant" => {
                self.variant = variant_of_uci_name(value).ok_or_else(|| {
                    let names: Vec<&str> = Variant::ALL.iter().map(|&v| uci_name(v)).collect();
                    OptionRefused::NotAChoice {
                        name: "UCI_Variant",
                        choices: or_list(&names),
                        value: value.to_string(),
                    }
                })?;
                return Ok(Change::Game);
            }
            _ => return self.set_rule(name, value),
        }
        Ok(Change::Nothing)
    }

    /// Sets a rule option (`Promotion`), or refuses an unknown name.
    fn set_rule(&mut self, name: &str, value: &str) -> Result<Change, OptionRefused> {
        let Some((option, variant, key)) =
            engine_options().find(|o| o.0.eq_ignore_ascii_case(name.trim()))
        else {
            return Err(OptionRefused::Unknown(name.to_string()));
        };
        self.rules
            .set(variant.options(), key, &value.to_ascii_lowercase())
            .map_err(|_| {
                let choices = variant
                    .options()
                    .iter()
                    .find(|s| s.key == key)
                    .map_or_else(String::new, |s| or_list(s.choices));
                OptionRefused::NotAChoice {
                    name: option,
                    choices,
                    value: value.to_string(),
                }
            })?;
        Ok(Change::Game)
    }

    /// The level `UCI_LimitStrength` plays at, if it is on.
    pub fn strength(&self) -> Option<crate::ai::Level> {
        self.limit_strength
            .then(|| super::strength::level_for_elo(self.elo))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::engine::uci::parse_option;

    #[test]
    fn every_announced_option_reads_back_and_takes_its_default() {
        for line in option_lines() {
            let option = parse_option(&line).expect("an option line");
            let default = line
                .split(" default ")
                .nth(1)
                .and_then(|rest| rest.split(" min ").next())
                .and_then(|rest| rest.split(" var ").next());
            let mut settings = Settings::default();
            let before = settings.clone();
            match default {
                Some(value) => {
                    settings.set(&option.name, value).expect(&line);
                    let rules = |s: &Settings| -> Vec<String> {
                        engine_options()
                            .filter_map(|(_, v, key)| v.options().iter().find(|o| o.key == key))
                            .map(|spec| s.rules.value(spec).to_string())
                            .collect()
                    };
                    assert_eq!(rules(&settings), rules(&before), "{line}");
                    settings.rules = before.rules.clone();
                    assert_eq!(settings, before, "{line}: the default changes nothing");
                }
                None => assert_eq!(option.kind, "button", "{line}"),
            }
        }
    }

    #[test]
    fn setoption_reads_names_and_values_of_several_words() {
        let words: Vec<&str> = "name Move Overhead value 100".split(' ').collect();
        assert_eq!(
            read_setoption(&words),
            Ok(("Move Overhead".to_string(), "100".to_string()))
        );
        assert_eq!(
            read_setoption(&["name", "Clear", "Hash"]),
            Ok(("Clear Hash".to_string(), String::new()))
        );
        assert!(read_setoption(&["Hash", "value", "3"]).is_err());
        let mut s = Settings::default();
        assert_eq!(s.set("move overhead", "100"), Ok(Change::Nothing));
        assert_eq!(s.overhead, Duration::from_millis(100));
        assert_eq!(s.set("UCI_Variant", "CatChess"), Ok(Change::Game));
        assert_eq!(s.variant, Variant::Cat);
        assert_eq!(
            s.set("Hash", "0").map_err(|e| e.to_string()),
            Err("Hash takes 1 to 1024, not '0'".to_string())
        );
        assert_eq!(
            s.set("Threads", "2").map_err(|e| e.to_string()),
            Err("Threads takes 1 to 1, not '2'".to_string())
        );
        assert_eq!(
            s.set("Contempt", "2").map_err(|e| e.to_string()),
            Err("there is no option 'Contempt'".to_string())
        );
        assert_eq!(s.set("Promotion", "shogi"), Ok(Change::Game));
        assert!(s.set("Promotion", "maybe").is_err());
        assert!(s.set("UCI_Variant", "shogi").is_err());
        assert_eq!(s.strength(), None);
        s.set("UCI_LimitStrength", "true").expect("a check");
        let beginner = crate::ai::Level::Beginner.elo().to_string();
        s.set("UCI_Elo", &beginner).expect("a spin");
        assert_eq!(s.strength(), Some(crate::ai::Level::Beginner));
    }

    #[test]
    fn every_refusal_names_the_option_and_quotes_what_was_given() {
        let hostile = format!("{}\u{1b}[2J", "v".repeat(5_000));
        let refusals = [
            OptionRefused::Unknown(hostile.clone()),
            OptionRefused::NotCheck {
                name: hostile.clone(),
                value: hostile.clone(),
            },
            OptionRefused::OutOfRange {
                name: hostile.clone(),
                least: 1,
                most: 9,
                value: hostile.clone(),
            },
            OptionRefused::NotAChoice {
                name: "UCI_Variant",
                choices: "a or b".into(),
                value: hostile.clone(),
            },
        ];
        for refusal in refusals {
            let said = refusal.to_string();
            assert!(said.contains("'vvv"), "quotes the value: {said}");
            assert!(!said.contains('\u{1b}'), "escaped: {said:?}");
            assert!(said.chars().count() < 300, "cut: {said:?}");
        }
        let mut settings = Settings::default();
        assert!(matches!(
            settings.set("Hash", "x"),
            Err(OptionRefused::OutOfRange { .. })
        ));
        assert!(matches!(
            settings.set("Ponder", "x"),
            Err(OptionRefused::NotCheck { .. })
        ));
        assert!(matches!(
            settings.set("Nope", "x"),
            Err(OptionRefused::Unknown(_))
        ));
        assert_eq!(read_setoption(&["value"]), Err(OptionRefused::NoName));
        assert_eq!(
            read_setoption(&["name", "value", "1"]),
            Err(OptionRefused::Unnamed)
        );
    }
}
