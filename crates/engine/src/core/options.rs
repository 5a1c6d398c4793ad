//! Rule options a variant offers at setup (draw rules, promotion modes,
//! formations), described as data so the setup screen and the command line
//! can show them without knowing the variant.

use crate::text::{or_list, quoted};
use std::collections::BTreeMap;

/// One option a variant offers: a key, a label and its choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key used on the command line and in saved games (`fifty_moves`).
    pub key: &'static str,
    /// What the setup screen calls it.
    pub label: &'static str,
    /// The values it may take; the first is the default.
    pub choices: &'static [&'static str],
}

/// The on/off choices of a toggle, default on.
pub const ON_OFF: &[&str] = &["on", "off"];

/// The fifty-move rule as chess and Polar chess offer it.
pub const FIFTY_MOVES: OptionSpec = OptionSpec {
    key: "fifty_moves",
    label: "Fifty-move rule",
    choices: ON_OFF,
};

/// Threefold repetition, as the two-army games offer it.
pub const REPETITION: OptionSpec = OptionSpec {
    key: "repetition",
    label: "Threefold repetition",
    choices: ON_OFF,
};

/// Chosen values for a variant's options, by key; a missing key means the
/// option's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    values: BTreeMap<String, String>,
}

/// Why a rule option is refused; the `Display` is a clause, to be set in
/// the caller's sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// Not written `key=value`.
    #[error("option {} should be written key=value", quoted(.0))]
    NotKeyValue(String),
    /// The game has no option of that key.
    #[error("there is no option {} here; {}", quoted(.key), options_are(.keys))]
    NoSuchOption {
        /// The key written.
        key: String,
        /// The game's options' keys.
        keys: Vec<&'static str>,
    },
    /// The option has no such choice.
    #[error("option {} takes {}, not {}", quoted(.key), or_list(.choices), quoted(.value))]
    NoSuchChoice {
        /// The key.
        key: String,
        /// Its choices.
        choices: &'static [&'static str],
        /// The value written.
        value: String,
    },
}

/// "the options are a, b and c", or "this game has none".
fn options_are(keys: &[&str]) -> String {
    if keys.is_empty() {
        "this game has none".to_string()
    } else {
        format!("the options are {}", crate::text::and_list(keys))
    }
}

impl Options {
    /// No choices made: every option at its default.
    pub fn new() -> Options {
        Options::default()
    }

    /// Options read from `key=value` pairs, checked against `specs`.
    pub fn parse<'a>(
        specs: &[OptionSpec],
        pairs: impl IntoIterator<Item = &'a str>,
    ) -> Result<Options, OptionError> {
        let mut options = Options::new();
        for pair in pairs {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| OptionError::NotKeyValue(pair.to_string()))?;
            options.set(specs, key.trim(), value.trim())?;
        }
        Ok(options)
    }

    /// Sets `key` to `value`, if `specs` offers that choice.
    pub fn set(&mut self, specs: &[OptionSpec], key: &str, value: &str) -> Result<(), OptionError> {
        let spec =
            specs
                .iter()
                .find(|s| s.key == key)
                .ok_or_else(|| OptionError::NoSuchOption {
                    key: key.to_string(),
                    keys: specs.iter().map(|s| s.key).collect(),
                })?;
        if !spec.choices.contains(&value) {
            return Err(OptionError::NoSuchChoice {
                key: key.to_string(),
                choices: spec.choices,
                value: value.to_string(),
            });
        }
        self.values.insert(key.to_string(), value.to_string());
        Ok(())
    }

    /// The chosen value of `spec` (its default when unset).
    pub fn value(&self, spec: &OptionSpec) -> &str {
        self.values
            .get(spec.key)
            .map(String::as_str)
            .or_else(|| spec.choices.first().copied())
            .unwrap_or("")
    }

    /// The value chosen for `spec`, when one was (not its default).
    pub fn chosen(&self, spec: &OptionSpec) -> Option<&str> {
        self.values.get(spec.key).map(String::as_str)
    }

    /// Whether the on/off option `spec` is on.
    pub fn is_on(&self, spec: &OptionSpec) -> bool {
        self.value(spec) == "on"
    }

    /// The explicit choices, as `key=value` pairs.
    pub fn pairs(&self) -> Vec<String> {
        self.values
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[OptionSpec {
        key: "fifty_moves",
        label: "Fifty-move rule",
        choices: ON_OFF,
    }];

    #[test]
    fn options_default_parse_and_reject() {
        let o = Options::new();
        assert!(o.is_on(&SPECS[0]));
        let o = Options::parse(SPECS, ["fifty_moves=off"]).expect("valid");
        assert!(!o.is_on(&SPECS[0]));
        assert_eq!(o.pairs(), vec!["fifty_moves=off".to_string()]);
        assert!(Options::parse(SPECS, ["fifty_moves=maybe"]).is_err());
        assert!(Options::parse(SPECS, ["nonsense=on"]).is_err());
        assert!(Options::parse(SPECS, ["novalue"]).is_err());
    }
}
