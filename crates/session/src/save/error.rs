//! Why a save cannot be read, written or found ([`SaveError`]), and why
//! there is no usual saves folder ([`NoSavesFolder`]): each says its own
//! sentence (or clause), naming the file or folder, cut and escaped.

use super::super::table::TableError;
use catboard::text::{clause, foreign, quoted, shown_path};
use std::path::PathBuf;

/// Why a saved game cannot be read, written, listed or resumed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SaveError {
    /// The file could not be opened or read.
    #[error("The saved game {} could not be read ({}).", shown_path(.file), foreign(.reason))]
    Unreadable {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The file is bigger than any save catboard writes.
    #[error(
        "The saved game {} is more than the largest allowed, {most} bytes, and was left as it is.",
        shown_path(.file)
    )]
    TooBig {
        /// The file.
        file: PathBuf,
        /// The largest allowed, in bytes.
        most: u64,
    },
    /// The file is not UTF-8 text.
    #[error("The saved game {} is not UTF-8 text and was left as it is.", shown_path(.file))]
    NotText {
        /// The file.
        file: PathBuf,
    },
    /// The file's text is not a save's JSON.
    #[error(
        "The saved game {} is not readable ({}) and was left as it is.",
        shown_path(.file),
        foreign(.reason)
    )]
    NotJson {
        /// The file.
        file: PathBuf,
        /// The JSON reader's reason.
        reason: String,
    },
    /// The save is of a format this version does not read.
    #[error(
        "The saved game {} has format {format}, which this version does not read, and was left as it is.",
        shown_path(.file)
    )]
    Format {
        /// The file.
        file: PathBuf,
        /// The format it names.
        format: u32,
    },
    /// The save reads, but its game cannot be set up again.
    #[error(
        "The saved game {} cannot be resumed ({}) and was left as it is.",
        shown_path(.file),
        clause(&.reason.to_string())
    )]
    Unplayable {
        /// The file.
        file: PathBuf,
        /// Why its table cannot be set up.
        reason: Box<TableError>,
    },
    /// The game could not be turned into a save's text.
    #[error("Could not write the saved game: {}.", foreign(.reason))]
    Encode {
        /// The writer's reason.
        reason: String,
    },
    /// The save could not be written.
    #[error("Could not save the game to {}: {}.", shown_path(.file), foreign(.reason))]
    Write {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The saves folder cannot be listed.
    #[error("The saves folder {} cannot be read ({}).", shown_path(.folder), foreign(.reason))]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// The system's reason.
        reason: String,
    },
}

/// A front end whose own errors are still sentences takes a save's as
/// its sentence.
impl From<SaveError> for String {
    fn from(error: SaveError) -> String {
        error.to_string()
    }
}

/// How one of the variables that name the saves folder stands when it
/// does not name one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// Not set.
    Unset,
    /// Set but empty.
    Empty,
    /// A relative path (its text), which does not count.
    Relative(String),
}

/// Neither `HOME` nor `XDG_DATA_HOME` is an absolute path: the clause
/// saying how each stands (`HOME is set but empty, and XDG_DATA_HOME is
/// not set`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", no_folder_clause(.home, .xdg))]
pub struct NoSavesFolder {
    /// How `HOME` stands.
    pub home: Unusable,
    /// How `XDG_DATA_HOME` stands.
    pub xdg: Unusable,
}

/// The clause of [`NoSavesFolder`].
fn no_folder_clause(home: &Unusable, xdg: &Unusable) -> String {
    let why = |name: &str, how: &Unusable| match how {
        Unusable::Unset => None,
        Unusable::Empty => Some(format!("{name} is set but empty")),
        Unusable::Relative(v) => Some(format!(
            "{name} is {}, a relative path, which does not count",
            quoted(v)
        )),
    };
    match (why("HOME", home), why("XDG_DATA_HOME", xdg)) {
        (None, None) => "neither HOME nor XDG_DATA_HOME is set".to_string(),
        (Some(home), None) => format!("{home}, and XDG_DATA_HOME is not set"),
        (None, Some(xdg)) => format!("{xdg}, and HOME is not set"),
        (Some(home), Some(xdg)) => format!("{home}, and {xdg}"),
    }
}

/// A front end whose own errors are still sentences takes the clause.
impl From<NoSavesFolder> for String {
    fn from(error: NoSavesFolder) -> String {
        error.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path a stranger could choose: long, with a control character.
    fn hostile() -> PathBuf {
        PathBuf::from(format!("/tmp/{}\u{1b}[2J.json", "d".repeat(5_000)))
    }

    fn every_error() -> Vec<SaveError> {
        let file = hostile();
        let reason = format!("bad \u{1b}[31m \"{}\"", "r".repeat(5_000));
        vec![
            SaveError::Unreadable {
                file: file.clone(),
                reason: reason.clone(),
            },
            SaveError::TooBig {
                file: file.clone(),
                most: 1_048_576,
            },
            SaveError::NotText { file: file.clone() },
            SaveError::NotJson {
                file: file.clone(),
                reason: reason.clone(),
            },
            SaveError::Format {
                file: file.clone(),
                format: 9,
            },
            SaveError::Unplayable {
                file: file.clone(),
                reason: Box::new(TableError::VerdictSeat("x\u{1b}".repeat(3_000))),
            },
            SaveError::Encode {
                reason: reason.clone(),
            },
            SaveError::Write {
                file: file.clone(),
                reason: reason.clone(),
            },
            SaveError::Folder {
                folder: file,
                reason,
            },
        ]
    }

    #[test]
    fn every_save_error_is_one_cut_escaped_sentence_naming_its_file() {
        for error in every_error() {
            let sentence = error.to_string();
            assert!(sentence.ends_with('.'), "{sentence}");
            assert!(
                sentence.chars().next().is_some_and(char::is_uppercase),
                "{sentence}"
            );
            assert!(!sentence.contains('\u{1b}'), "escaped: {sentence:?}");
            assert!(sentence.chars().count() < 1_000, "cut: {sentence:?}");
            if !matches!(error, SaveError::Encode { .. }) {
                assert!(sentence.contains("/tmp/ddd"), "names its file: {sentence}");
            }
        }
    }

    #[test]
    fn every_way_to_have_no_saves_folder_names_both_variables() {
        let ways = [
            Unusable::Unset,
            Unusable::Empty,
            Unusable::Relative(format!("{}\u{1b}", "h".repeat(5_000))),
        ];
        for home in &ways {
            for xdg in &ways {
                let clause = NoSavesFolder {
                    home: home.clone(),
                    xdg: xdg.clone(),
                }
                .to_string();
                assert!(clause.matches("HOME").count() >= 2, "names both: {clause}");
                assert!(!clause.contains('\u{1b}'), "escaped: {clause:?}");
                assert!(clause.chars().count() < 500, "cut: {clause:?}");
            }
        }
    }
}
