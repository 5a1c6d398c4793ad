//! What can go wrong keeping something, as a type: the server retries
//! what was [`StoreError::Busy`], and answers a player in its own words
//! (the [`std::fmt::Display`] here, the one place they are written).
//! A database's own message never reaches a player: a store logs it
//! where it happens and returns the kind.

use std::fmt;

/// Why a store could not do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// Another writer held the store for longer than a write waits: the
    /// same call may well succeed a moment later.
    Busy,
    /// The disk (or the room the store may use) is full.
    Full,
    /// What was asked contradicts what is kept.
    Conflict(Conflict),
    /// Anything else: a fault of the store or the machine, written in the
    /// server's log where it happened.
    Failed,
}

/// What a write contradicted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// A table of that name is in play already.
    TableExists,
    /// There is no table of that name in play.
    NoTable,
    /// A move does not follow the moves kept: `kept` moves are kept.
    NotNextMove {
        /// How many moves the table has kept.
        kept: usize,
    },
    /// The key is linked to an account already.
    KeyLinked,
    /// The key has an account of its own.
    KeyHasAccount,
    /// There is no such account.
    NoAccount,
}

impl StoreError {
    /// Whether the same call may succeed if tried again soon.
    pub fn is_passing(&self) -> bool {
        matches!(self, StoreError::Busy)
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Busy => {
                f.write_str("The server's records are busy just now; try again in a moment.")
            }
            StoreError::Full => f.write_str("The server's disk is full."),
            StoreError::Conflict(conflict) => conflict.fmt(f),
            StoreError::Failed => f.write_str("The server's records could not be used."),
        }
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::TableExists => f.write_str("A table of that name is in play already."),
            Conflict::NoTable => f.write_str("The table is no longer in play."),
            Conflict::NotNextMove { kept } => write!(
                f,
                "The table has moved on (it has kept {kept} moves); look again."
            ),
            Conflict::KeyLinked => f.write_str("This key belongs to an account already."),
            Conflict::KeyHasAccount => f.write_str("This key has an account of its own already."),
            Conflict::NoAccount => f.write_str("That account is not known here."),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<Conflict> for StoreError {
    fn from(conflict: Conflict) -> StoreError {
        StoreError::Conflict(conflict)
    }
}

/// The sentence a player is told.
impl From<StoreError> for String {
    fn from(e: StoreError) -> String {
        e.to_string()
    }
}
