//! The rule option BacCanCat offers at setup (the leaper sub-variant), and
//! the same choice read once into a typed value.

use super::Leapers;
use crate::core::{OptionSpec, Options};

/// The leaper sub-variant option.
pub const LEAPERS: OptionSpec = OptionSpec {
    key: "leapers",
    label: "Leapers",
    choices: &["1", "2", "3", "4"],
};

/// BacCanCat's rule options, as the setup form and `--option` list them:
/// the leaper sub-variant.
pub const OPTIONS: &[OptionSpec] = &[LEAPERS];

/// The options a game of BacCanCat is played with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BacCanCatOptions {
    /// The leaper sub-variant.
    pub leapers: Leapers,
}

impl BacCanCatOptions {
    /// The typed options from the chosen values (defaults where unset).
    pub fn read(options: &Options) -> BacCanCatOptions {
        BacCanCatOptions {
            leapers: Leapers::from_number(options.value(&LEAPERS)).unwrap_or_default(),
        }
    }
}
