//! A variant's record: everything a front end, a protocol, PGN or a limit
//! needs to know of a variant besides its rules — its names in every
//! notation, its seats, start, options, perft and depth limits, the
//! panel's figures and the layout a front end draws. Each variant's module
//! writes its own [`Record`] and implements [`Registered`] for its game;
//! the registry in [`crate::variants`] lists them, one line each, and
//! everything else asks [`Variant::record`](super::Variant::record).

use crate::core::{Game, OptionSpec, Options};
use crate::limits::Limit;
use crate::notation::PositionError;

/// Everything catboard knows of a variant outside its rules.
#[derive(Clone, Copy, Debug)]
pub struct Record {
    /// The identifier used on the command line and in saved games (`cat`).
    pub id: &'static str,
    /// The variant's names in every notation.
    pub names: Names,
    /// The variant in one line, for a player choosing one.
    pub summary: &'static str,
    /// The seats' names in turn order (`["white", "black", "cats"]`).
    pub seats: &'static [&'static str],
    /// The text of the usual start position (FEN for chess).
    pub start: &'static str,
    /// The rule options the variant offers at setup.
    pub options: &'static [OptionSpec],
    /// `perft --depth`: beyond it a count would take days.
    pub perft: Limit,
    /// `bench --perft`: the bench's count of the start, kept to seconds.
    pub bench_perft: Limit,
    /// `bench --depth` where the variant has its own (BacCanCat counts
    /// two-seat plies); `None` for the common [`crate::limits::BENCH_DEPTH`].
    pub bench_depth: Option<Limit>,
    /// What `catboard bench` searches and times.
    pub bench: Bench,
    /// The rule options that change which moves are legal, as engines
    /// play them.
    pub engine_options: &'static [EngineOption],
    /// The labels of the figures the side panel may show
    /// ([`crate::core::Annotations::notes`]), in the order it shows them.
    pub figures: &'static [&'static str],
    /// How a front end draws the board.
    pub layout: Layout,
}

/// A variant's names in every notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The name shown to players (`Cat Chess`).
    pub display: &'static str,
    /// The PGN `Variant` tag written: XBoard's name where it has one
    /// (`elven`), else catboard's (`cat-chess`); `None` for chess, so that
    /// every program reads its games.
    pub pgn: Option<&'static str>,
    /// Every name a `Variant` tag may give it, compared without case, the
    /// one written first (for chess, what other programs call it).
    pub pgn_read: &'static [&'static str],
    /// XBoard's (CECP's) name, where the protocol has one (`normal`,
    /// `elven`).
    pub xboard: Option<&'static str>,
    /// UCI's name, the value of `UCI_Variant`.
    pub uci: UciName,
}

/// A variant's name in UCI's `UCI_Variant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciName {
    /// Fairy-Stockfish's name, which other UCI engines know too (`chess`).
    Shared(&'static str),
    /// catboard's own name, where Fairy-Stockfish has none: no other UCI
    /// engine plays the variant.
    Own(&'static str),
}

impl UciName {
    /// The name, shared or catboard's own.
    pub const fn name(self) -> &'static str {
        match self {
            UciName::Shared(name) | UciName::Own(name) => name,
        }
    }

    /// The name when other UCI engines know it.
    pub const fn shared(self) -> Option<&'static str> {
        match self {
            UciName::Shared(name) => Some(name),
            UciName::Own(_) => None,
        }
    }
}

/// A rule option that changes which moves are legal: an engine plays it
/// with its first choice, and catboard's XBoard engine offers it as a
/// `feature option` combo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The rule option's key (`promotion`).
    pub key: &'static str,
    /// Its name in XBoard's `feature option` (`Promotion`).
    pub xboard: &'static str,
}

/// What `catboard bench` does with a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bench {
    /// Named positions in the variant's position text.
    pub positions: &'static [(&'static str, &'static str)],
    /// Whether each position is searched to `--depth` and the totals
    /// printed (a grid bench); else only the levels are timed on them.
    pub searched: bool,
}

/// How a front end draws a variant's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Files and ranks on a rectangle.
    Grid,
    /// Rings round two poles on a sphere, each hemisphere a disc
    /// ([`crate::core::sphere`]).
    Sphere,
}

/// What the registry needs of a variant's game type besides [`Game`]: how
/// one is made. Each variant's module implements it for its game.
pub trait Registered: Game + Sized {
    /// A game from the usual start with `options`.
    fn start(options: &Options) -> Self;

    /// A game from a position text; the error names what is wrong and
    /// where.
    fn from_text(text: &str, options: &Options) -> Result<Self, PositionError>;

    /// The options the position text itself decides, with the values it
    /// gives them (BacCanCat's leapers field); none by default.
    fn options_in_text(&self) -> Vec<(OptionSpec, String)> {
        Vec::new()
    }
}
