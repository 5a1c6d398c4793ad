//! Cat Chess offers no rule options: the seed's rules are binding.

use crate::core::OptionSpec;

/// The options Cat Chess offers at setup: none.
pub const OPTIONS: &[OptionSpec] = &[];
