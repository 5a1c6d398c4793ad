//! The command-line subcommands, one module each, and how their failures
//! become exit statuses.

pub mod analyse;
mod bench_baseline;
pub mod engine;
pub mod export;
pub mod mistakes;
pub mod play;
pub mod puzzle;
pub mod selfplay;
#[cfg(feature = "ssh")]
pub mod serve;
pub mod tools;
pub mod uci_cat;

use std::io;
use std::process::ExitCode;

/// Why a command failed, which decides its exit status (docs/limits.md
/// lists the exit statuses).
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// Bad input or arguments: the sentence goes to standard error, status 2.
    Refused(String),
    /// Standard output could not be written (a full disk): the sentence
    /// goes to standard error, status 1.
    Output(String),
    /// Whoever read standard output stopped reading (a closed pipe, as
    /// `| head -1` does): nothing is said, status 0, as Unix tools do.
    OutputClosed,
    /// Refused as [`Failure::Refused`] is (status 2), the sentence said
    /// already in the command's own voice (`catboard serve: …`, as every
    /// line of the server's log begins).
    #[cfg(feature = "ssh")]
    Said,
}

impl From<String> for Failure {
    fn from(sentence: String) -> Failure {
        Failure::Refused(sentence)
    }
}

/// The library's and the session's refusals reach a command as their
/// sentence (their `Display`), refused with status 2.
macro_rules! refused_from {
    ($($error:ty),* $(,)?) => {$(
        impl From<$error> for Failure {
            fn from(error: $error) -> Failure {
                Failure::Refused(error.to_string())
            }
        }
    )*};
}

refused_from!(
    catboard::ai::ladder::LevelError,
    catboard::limits::LimitError,
    catboard::protocol::engine::EngineError,
    catboard::protocol::engine::SpecError,
    catboard::notation::pgn::PgnError,
    catboard::protocol::rules::QueryError,
    catboard::variants::UnknownVariant,
    crate::session::table::TableError,
    crate::session::save::SaveError,
    crate::session::puzzles::mistakes::MistakesError,
);

impl Failure {
    /// The failure a write to standard output met.
    pub fn writing(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Output(format!("could not write the output: {e}."))
        }
    }

    /// Says what failed on standard error and gives the exit status.
    pub fn report(self) -> ExitCode {
        match self {
            Failure::Refused(sentence) => {
                eprintln_quietly(&sentence);
                ExitCode::from(2)
            }
            Failure::Output(sentence) => {
                eprintln_quietly(&sentence);
                ExitCode::from(1)
            }
            Failure::OutputClosed => ExitCode::SUCCESS,
            #[cfg(feature = "ssh")]
            Failure::Said => ExitCode::from(2),
        }
    }
}

/// Writes `catboard: SENTENCE` on standard error, ignoring a failure (there
/// is nowhere left to report it).
fn eprintln_quietly(sentence: &str) {
    use io::Write;
    // The sentence quotes user text through catboard::text already; this
    // is the last guard that nothing reaches the terminal unescaped.
    let sentence = catboard::text::escaped_lines(sentence).replace('\n', "\\n");
    let _ = writeln!(io::stderr(), "catboard: {sentence}");
}

/// Writes `text` and a line ending to standard output and flushes it.
pub fn print_line(text: impl std::fmt::Display) -> Result<(), Failure> {
    use io::Write;
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|_| out.flush())
        .map_err(Failure::writing)
}

#[cfg(test)]
mod docs_check;
#[cfg(test)]
mod limits_check;
