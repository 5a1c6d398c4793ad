//! PGN for every variant: a game written ([`write`]) and read back
//! ([`read_game`], [`read_games`]), the same way for all five.
//!
//! What is written (docs/pgn.md has an example of each variant):
//! - the tags `Event`, `Site`, `Date`, `Round`, one tag per seat named
//!   after it (`White`, `Black`; `Cats`; `Red`, `Orange`, `Green`,
//!   `Blue`), `Result` ([`tags::result_token`]: `1-0` and `0-1` are the
//!   two armies' wins, any other finished game of three or four seats is
//!   `1/2-1/2`, with `Winner` and, for BacCanCat, `Points` saying who won
//!   and what each scored), `Termination` (the ending in words), `Variant`
//!   (none for chess; `cat-chess`, `elven` for Chu Chess, `polar`,
//!   `baccancat`), `VariantOptions` for rule options away from their
//!   defaults (`fifty_moves=off`), `TimeControl` when timed (`300+3`),
//!   and `SetUp "1"` with `FEN` (the variant's position text) when the
//!   game did not start from the variant's usual position;
//! - the moves in the variant's own notation (SAN for chess), a move's
//!   spaces written `_` (`Cats_pass`), numbered by rounds (a round of
//!   three or four seats is one number);
//! - after each timed ply its clock, `{[%clk 0:04:58]}`, and a retirement
//!   ply (resigning, a flag falling, an agreed draw) as a comment command
//!   where it was played, `{[%retire resign:blue]}` (the text of
//!   [`Retire::text`](crate::core::Retire::text)), so a game that went on
//!   after it (the Cats' flag, a BacCanCat army out) and a game it ended
//!   read back the same;
//! - the result token, in lines of at most 79 characters.
//!
//! The reader takes any PGN catboard writes and ordinary chess PGN from
//! other programs: tags with escaped quotes, `{}` and `;` comments,
//! nested variations, NAGs and move numbers, several games to a file, all
//! within the limits of [`crate::limits`] (`PGN_*`). Each game is replayed
//! through its variant's parser; every fault is one sentence naming the
//! game, and the move's number and text or the line.

pub mod error;
pub mod games;
pub mod replay;
pub mod tags;
pub mod tokens;
pub mod writer;

pub use error::{AtLine, PgnError, TagFault, TextFault};
pub use replay::implied_retirement;
pub use tags::{PgnTags, date, result_token};
pub use writer::write;

use crate::clock::TimeControl;
use crate::core::{EndReason, Game, Move, Options, Outcome, Retire};
use crate::limits::{PGN_FILE, PGN_GAMES};
use crate::variants::{AnyGame, Variant};
use std::path::Path;
use std::time::Duration;

/// A game as PGN holds it: what [`write`] writes and [`read_game`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The variant.
    pub variant: Variant,
    /// The rule options it is played with.
    pub options: Options,
    /// The start position, in the variant's text.
    pub start: String,
    /// Every ply from the start, in turn: moves, passes and retirements
    /// ([`Retire::to_move`]).
    pub moves: Vec<Move>,
    /// The clock of the seat that played each ply, read after it (a ply
    /// past the end of the list, or `None`, has no reading).
    pub clocks: Vec<Option<Duration>>,
    /// The time control, when the game is timed.
    pub time_control: Option<TimeControl>,
    /// The event, the players and any other tags.
    pub tags: PgnTags,
    /// What an analysis says of each ply (a ply past the end of the list
    /// has nothing): written, not read back.
    pub notes: Vec<PlyNote>,
    /// How the game ended when its moves leave it unfinished and someone
    /// else decided it (a match runner's adjudication, an engine's
    /// fault): written as its `Result` and `Termination`, not read back.
    pub ending: Option<Ending>,
}

/// An ending the moves do not make: the result a match runner gave a game
/// it stopped, the `Termination` tag's word for why and the reason in
/// words, written as a comment after the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for no result.
    pub result: &'static str,
    /// The `Termination` tag's value, in PGN's words (`adjudication`,
    /// `time forfeit`, `rules infraction`, `abandoned`, `unterminated`).
    pub termination: &'static str,
    /// Why, in words (`Adjudicated on material`).
    pub reason: String,
}

/// What an analysis adds to one ply of the movetext: the class's mark
/// after the move (`?!`, `?`, `??`, which PGN readers take as the NAGs
/// `$6`, `$2`, `$4`) and comment commands and words before the clock's
/// (`[%eval 0.35] Mistake: Bc4 was best.`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyNote {
    /// The mark, if the move was classed.
    pub mark: Option<&'static str>,
    /// The comment's text, if any.
    pub comment: Option<String>,
}

impl PgnGame {
    /// A game of `variant` with `options` from its usual start, no ply
    /// played yet, untimed, with the default tags.
    pub fn new(variant: Variant, options: Options) -> PgnGame {
        PgnGame {
            variant,
            start: variant.new_game(&options).position_text(),
            options,
            moves: Vec::new(),
            clocks: Vec::new(),
            time_control: None,
            tags: PgnTags::default(),
            notes: Vec::new(),
            ending: None,
        }
    }

    /// The start position as a game, or the sentence saying why the
    /// variant refuses it.
    pub fn start_game(&self) -> Result<AnyGame, PgnError> {
        self.variant
            .from_position(&self.start, &self.options)
            .map_err(|fault| PgnError::Start {
                variant: self.variant,
                fault,
            })
    }
}

/// A game read from a PGN text and replayed.
#[derive(Clone, Debug)]
pub struct ReadGame {
    /// Its number in the text, from 1.
    pub number: usize,
    /// The game: writing it gives the same game again.
    pub pgn: PgnGame,
    /// The start position, as a game.
    pub start: AnyGame,
    /// The game after every ply (its history is [`PgnGame::moves`]).
    pub position: AnyGame,
    /// Every tag pair as the text gives it, in order.
    pub tags: Vec<(String, String)>,
    /// The result token the text ends the game with (or its `Result`
    /// tag), `*` when neither says.
    pub result: String,
    /// Sentences about what was read but not taken (a `Result` tag that
    /// the result token contradicts), for the reader to be told.
    pub warnings: Vec<String>,
}

impl ReadGame {
    /// The value of the first tag named `name` (without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The retirement the result implies for a game from another program
    /// whose moves leave it unfinished ([`implied_retirement`]).
    pub fn implied_retirement(&self) -> Option<Retire> {
        implied_retirement(self)
    }
}

/// The ending that stops play in a game written as PGN: its outcome,
/// except FIDE's threefold repetition and fifty-move rule in chess, which
/// are draws only when claimed, so that a game from another program may
/// go on past them (catboard ends its own games there).
pub fn stopped(game: &AnyGame) -> Option<Outcome> {
    game.outcome().filter(|o| {
        game.variant() != Variant::Chess
            || !matches!(o.reason, EndReason::Repetition | EndReason::FiftyMoves)
    })
}

/// The text is no bigger than [`PGN_FILE`] allows.
fn check_size(text: &str) -> Result<(), PgnError> {
    if text.len() as u64 > PGN_FILE.most {
        return Err(PgnError::TooLarge(PGN_FILE.most));
    }
    Ok(())
}

/// Game `number` (from 1) of the PGN `text`, replayed; the sentence
/// saying why not (a fault in it, or no such game). A bad game before it
/// does not stop it being read.
pub fn read_game(text: &str, number: usize) -> Result<ReadGame, PgnError> {
    check_size(text)?;
    if number == 0 {
        return Err(PgnError::GameZero);
    }
    let mut seen = 0;
    for raw in games::Games::new(text) {
        match raw {
            Ok(raw) if raw.number == number => return replay::replay(&raw),
            Ok(raw) => seen = raw.number,
            Err(fault) if fault.number == number => return Err(*fault.error),
            Err(fault) if fault.number < number => seen = fault.number,
            Err(fault) => return Err(*fault.error),
        }
    }
    Err(PgnError::NoSuchGame {
        asked: number,
        held: seen,
    })
}

/// Every game of the PGN `text`, each replayed or the sentence saying
/// why it cannot be (a bad game does not stop the games after it).
pub fn read_games(text: &str) -> impl Iterator<Item = Result<ReadGame, PgnError>> + '_ {
    let too_big = check_size(text).err();
    let games = too_big.is_none().then(|| games::Games::new(text));
    too_big.map(Err).into_iter().chain(
        games
            .into_iter()
            .flatten()
            .map(|raw| replay::replay(&raw.map_err(|fault| *fault.error)?)),
    )
}

/// How many games the PGN `text` holds, bad ones counted (the games are
/// not replayed); the sentence saying why it cannot be read at all.
pub fn count_games(text: &str) -> Result<usize, PgnError> {
    check_size(text)?;
    let mut seen = 0;
    for raw in games::Games::new(text) {
        seen = match raw {
            Ok(raw) => raw.number,
            Err(fault) if fault.number > PGN_GAMES.most as usize => return Err(*fault.error),
            Err(fault) => fault.number,
        };
    }
    Ok(seen)
}

/// The text of the PGN file at `path`: no more of it than [`PGN_FILE`]
/// allows, and UTF-8 (a Latin-1 file, as old programs write, is read as
/// Latin-1). The error is one sentence naming the file.
pub fn read_file(path: &Path) -> Result<String, PgnError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(PGN_FILE.most + 1).read_to_end(&mut bytes))
        .map_err(|e| PgnError::Unreadable {
            path: path.to_path_buf(),
            why: e.to_string(),
        })?;
    if bytes.len() as u64 > PGN_FILE.most {
        return Err(PgnError::FileTooLarge {
            path: path.to_path_buf(),
            most: PGN_FILE.most,
        });
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().into_iter().map(char::from).collect(),
    })
}
