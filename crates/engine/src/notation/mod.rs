//! Text forms shared by variants: grid placement fields, SAN, PGN.

pub mod fen;
pub mod pgn;
pub mod placement;
pub mod san;

use fen::FenFault;

/// Why a position text is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A field of a FEN-like text is wrong: `FEN castling (field 3): 'X'
    /// is not one of K, Q, k, q or -.`
    #[error("{}", .fault.sentence(.notation))]
    Fen {
        /// The text's name (`FEN`, `Cat FEN`, `Chu FEN`).
        notation: &'static str,
        /// The field and what is wrong with it.
        fault: FenFault,
    },
    /// The variant's own reader refused the text (Polar chess's and
    /// BacCanCat's, whose faults are sentences of their own).
    #[error("{0}")]
    Fault(String),
    /// A rule option chosen disagrees with the text's own field of it.
    #[error(
        "The option {key}={chosen} disagrees with the position text, whose {key} field says {in_text}; give only one of them, or the same in both."
    )]
    OptionDisagrees {
        /// The option's key.
        key: &'static str,
        /// The value chosen.
        chosen: String,
        /// The value the text gives.
        in_text: String,
    },
}

impl PositionError {
    /// A fault of `field` of the FEN-like text `notation`, `message` saying
    /// what is wrong (a clause).
    pub fn field(notation: &'static str, field: &str, message: impl std::fmt::Display) -> Self {
        PositionError::Fen {
            notation,
            fault: FenFault::new(field, message.to_string()),
        }
    }
}
