//! "Your mistakes": the player's own analysed games made into puzzles.
//! A saved game's seats played by a person are the player's; each of
//! their moves the game's analysis classed a mistake or a blunder is a
//! candidate, checked like any other ([`mine::your_mistakes`]). What
//! was found is kept in the saves folder — a puzzle file a variant
//! ([`puzzles_file`]) and the list of games already mined
//! ([`MINED_FILE`]) — each rewritten whole through [`catboard::durable`],
//! so a game is mined once.

use crate::save::{SaveError, SaveStore, SavedGame};
use crate::table::{Player, TableGame};
use catboard::analysis::{GameAnalysis, OwnSearch, PlyBudget};
use catboard::core::{Game, Move, Seat};
use catboard::durable::{self, Access};
use catboard::puzzle::mine::{self, Mined};
use catboard::puzzle::{self, Puzzle, PuzzleError};
use catboard::text::shown_path;
use catboard::variants::{AnyGame, Variant};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The file of the games already mined, in the saves folder: one key a
/// line ([`YourGame::key`]).
pub const MINED_FILE: &str = "mistakes-mined.txt";

/// The most games the list of mined games remembers (the oldest are
/// forgotten first; a forgotten game mined again finds the same
/// puzzles, which are kept once).
pub const MINED_MOST: usize = 100_000;

/// The largest list of mined games read, in bytes.
const MINED_BYTES: u64 = 64 * MINED_MOST as u64;

/// The name of the file of `variant`'s puzzles from the player's
/// mistakes, in the saves folder: `mistakes-chess.txt`.
pub fn puzzles_file(variant: Variant) -> String {
    format!("mistakes-{}.txt", variant.id())
}

/// A saved game of the player's, as mining reads it.
#[derive(Clone, Debug)]
pub struct YourGame {
    /// The save's file, as shown.
    pub name: String,
    /// The game's start.
    pub start: AnyGame,
    /// Its moves from there.
    pub moves: Vec<Move>,
    /// The seats a person played.
    pub seats: Vec<Seat>,
    /// Its analysis, as far as it went; none when it was never analysed.
    pub analysis: Option<GameAnalysis>,
    /// The moves as the save writes them, for the key.
    move_texts: Vec<String>,
}

/// Why a save gives no mistakes to mine, each said as a sentence naming
/// the save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// It could not be read or replayed (the sentence says why).
    Unreadable(String),
    /// The computer (or another engine) played every seat.
    NoSeatOfYours(String),
    /// It was played under other rules than the variant's defaults, which
    /// puzzles are set under.
    OtherRules(String),
    /// It has no analysis.
    NoAnalysis(String),
    /// Its analysis does not read back (the sentence says why).
    BadAnalysis(String, String),
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skipped::Unreadable(why) => write!(f, "{why} It is skipped."),
            Skipped::NoSeatOfYours(name) => write!(
                f,
                "{name} was played by the computer alone: it has no mistakes of yours; skipped."
            ),
            Skipped::OtherRules(name) => write!(
                f,
                "{name} was played with rule options, and puzzles use the default rules; skipped."
            ),
            Skipped::NoAnalysis(name) => write!(
                f,
                "{name} has no analysis; skipped (analyse it with catboard analyse {name}, or add --analyse)."
            ),
            Skipped::BadAnalysis(name, why) => write!(f, "{name}: {why} Skipped."),
        }
    }
}

impl YourGame {
    /// Reads the save at `path`: the game, the seats a person played and
    /// its analysis; or why it is skipped. A save without an analysis is
    /// read (its analysis none), to be analysed when the player asks.
    pub fn read(path: &Path) -> Result<(YourGame, TableGame), Skipped> {
        let name = shown_path(path);
        let saved = SaveStore::load(path).map_err(|e| Skipped::Unreadable(e.to_string()))?;
        YourGame::of_saved(&name, &saved)
    }

    /// [`YourGame::read`] of a save already read, named `name`.
    pub fn of_saved(name: &str, saved: &SavedGame) -> Result<(YourGame, TableGame), Skipped> {
        let table = TableGame::from_saved(saved).map_err(|e| {
            Skipped::Unreadable(format!(
                "The saved game {name} cannot be replayed: {}.",
                catboard::text::clause(&e.to_string())
            ))
        })?;
        let seats: Vec<Seat> = table
            .players()
            .iter()
            .enumerate()
            .filter(|(_, p)| **p == Player::Human)
            .map(|(i, _)| Seat(i as u8))
            .collect();
        if seats.is_empty() {
            return Err(Skipped::NoSeatOfYours(name.to_string()));
        }
        let variant = table.variant();
        let defaults = variant
            .options()
            .iter()
            .all(|spec| table.options().value(spec) == spec.choices.first().copied().unwrap_or(""));
        if !defaults {
            return Err(Skipped::OtherRules(name.to_string()));
        }
        let start = crate::analysing::start_of(&table)
            .map_err(|e| Skipped::Unreadable(format!("{name}: {e}")))?;
        let moves: Vec<Move> = table.moves().collect();
        let analysis = match table.analysis_record() {
            None => None,
            Some(record) => Some(
                record
                    .read(&start, &moves)
                    .map_err(|e| Skipped::BadAnalysis(name.to_string(), e.to_string()))?,
            ),
        };
        let game = YourGame {
            name: name.to_string(),
            start,
            moves,
            seats,
            analysis,
            move_texts: saved.moves.clone(),
        };
        Ok((game, table))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// What a mined game is known by: a hash of its start, moves, the
    /// player's seats and the analysis (who, at what budget, how far), so
    /// a game played on or analysed further is mined again.
    pub fn key(&self) -> String {
        let analysis = self.analysis.as_ref().map_or_else(String::new, |a| {
            format!("{} {} {}", a.by, a.budget.text(), a.positions.len())
        });
        let seats: Vec<String> = self.seats.iter().map(|s| s.index().to_string()).collect();
        let text = format!(
            "{}|{}|{}|{}",
            self.start.position_text(),
            self.move_texts.join(" "),
            seats.join(","),
            analysis
        );
        Puzzle::id_of(self.variant(), &text)
    }

    /// How many of the player's moves the analysis classed mistakes or
    /// blunders.
    pub fn mistakes(&self) -> usize {
        self.analysis.as_ref().map_or(0, |a| {
            let scale = catboard::analysis::Scale::of(self.variant());
            mine::mistakes(a, &self.moves, scale, &self.seats).len()
        })
    }

    /// Mines the player's mistakes into `mined` with `checker` (nothing
    /// without an analysis).
    pub fn mine(
        &self,
        checker: &mut dyn catboard::analysis::Analyst,
        mined: &mut Mined,
        stop: &AtomicBool,
    ) -> Result<(), PuzzleError> {
        let Some(analysis) = &self.analysis else {
            return Ok(());
        };
        mine::your_mistakes(
            &self.start,
            &self.moves,
            analysis,
            &self.seats,
            checker,
            mined,
            stop,
        )
    }
}

/// The puzzles of the player's mistakes and the games already mined, as
/// the saves folder keeps them.
#[derive(Clone, Debug)]
pub struct MistakesStore {
    dir: PathBuf,
    mined: Vec<String>,
}

/// Why the puzzles kept from one's mistakes could not be read or kept:
/// each its one sentence, naming the file.
#[derive(Debug, thiserror::Error)]
pub enum MistakesError {
    /// A kept file could not be read.
    #[error("Could not read {file}: {why}.")]
    Unreadable {
        /// The file, as shown.
        file: String,
        /// What the system said, made safe to show.
        why: String,
    },
    /// A kept file is larger than such a file may be.
    #[error("{file} is larger than {most} bytes.")]
    TooLarge {
        /// The file, as shown.
        file: String,
        /// The most it may hold.
        most: u64,
    },
    /// A kept file of puzzles does not read as one.
    #[error("{file}: {error}")]
    NotPuzzles {
        /// The file, as shown.
        file: String,
        /// What is wrong in it.
        error: Box<PuzzleError>,
    },
    /// A kept file could not be written.
    #[error("Could not write {file}: {why}.")]
    Unwritable {
        /// The file, as shown.
        file: String,
        /// What the system said, made safe to show.
        why: String,
    },
    /// A save could not be read, or its analysis not kept in it.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// The search analysing a save failed.
    #[error(transparent)]
    Analysis(#[from] catboard::protocol::engine::EngineError),
    /// Checking a mistake's position failed.
    #[error(transparent)]
    Mining(Box<PuzzleError>),
}

impl From<PuzzleError> for MistakesError {
    fn from(error: PuzzleError) -> MistakesError {
        MistakesError::Mining(Box::new(error))
    }
}

/// What the system said of a file, made safe to show.
fn foreign(e: &std::io::Error) -> String {
    catboard::text::foreign(&e.to_string())
}

/// A file of `dir` read whole, none when it is not there; a file larger
/// than `most` bytes, or unreadable, is one sentence.
fn read_kept(path: &Path, most: u64) -> Result<Option<String>, MistakesError> {
    let file = shown_path(path);
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(MistakesError::Unreadable {
            file,
            why: foreign(&e),
        }),
        Ok(m) if m.len() > most => Err(MistakesError::TooLarge { file, most }),
        Ok(_) => std::fs::read_to_string(path)
            .map(Some)
            .map_err(|e| MistakesError::Unreadable {
                file,
                why: foreign(&e),
            }),
    }
}

impl MistakesStore {
    /// The store of the saves folder `dir`: the list of mined games read.
    pub fn open(dir: &Path) -> Result<MistakesStore, MistakesError> {
        let text = read_kept(&dir.join(MINED_FILE), MINED_BYTES)?.unwrap_or_default();
        let mined = durable::whole_lines(&text)
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        Ok(MistakesStore {
            dir: dir.to_path_buf(),
            mined,
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `variant`'s puzzles kept (none yet: an empty list).
    pub fn puzzles(&self, variant: Variant) -> Result<Vec<Puzzle>, MistakesError> {
        let path = self.dir.join(puzzles_file(variant));
        let most = (puzzle::MAX_PUZZLES * puzzle::MAX_LINE_BYTES) as u64;
        match read_kept(&path, most)? {
            None => Ok(Vec::new()),
            Some(text) => {
                puzzle::read_file(variant, &text).map_err(|error| MistakesError::NotPuzzles {
                    file: shown_path(&path),
                    error: Box::new(error),
                })
            }
        }
    }

    /// Whether the game known by `key` was mined.
    pub fn is_mined(&self, key: &str) -> bool {
        self.mined.iter().any(|k| k == key)
    }

    /// Keeps what mining a game of `variant` known by `key` found: the
    /// puzzles not kept yet added to the variant's file, then the game
    /// remembered as mined. Returns how many puzzles were new.
    pub fn keep(
        &mut self,
        variant: Variant,
        key: &str,
        found: &[Puzzle],
    ) -> Result<usize, MistakesError> {
        let mut kept = self.puzzles(variant)?;
        let before = kept.len();
        for p in found {
            if !kept.iter().any(|q| q.id == p.id) && kept.len() < puzzle::MAX_PUZZLES {
                kept.push(p.clone());
            }
        }
        let added = kept.len() - before;
        if added > 0 {
            self.write_puzzles(variant, &kept)?;
        }
        if !self.is_mined(key) {
            self.mined.push(key.to_string());
            let from = self.mined.len().saturating_sub(MINED_MOST);
            self.mined.drain(..from);
            let mut text =
                "# catboard: the games whose mistakes were mined into puzzles.\n".to_string();
            for k in &self.mined {
                text.push_str(k);
                text.push('\n');
            }
            write(&self.dir.join(MINED_FILE), &text)?;
        }
        Ok(added)
    }

    /// Keeps the ratings `puzzles` (of `variant`) have now, for those of
    /// them the variant's file holds.
    pub fn keep_ratings(&self, variant: Variant, puzzles: &[Puzzle]) -> Result<(), MistakesError> {
        let mut kept = self.puzzles(variant)?;
        let mut changed = false;
        for p in kept.iter_mut() {
            if let Some(now) = puzzles.iter().find(|q| q.id == p.id)
                && now.rating != p.rating
            {
                p.rating = now.rating;
                changed = true;
            }
        }
        if changed {
            self.write_puzzles(variant, &kept)?;
        }
        Ok(())
    }

    fn write_puzzles(&self, variant: Variant, puzzles: &[Puzzle]) -> Result<(), MistakesError> {
        write(
            &self.dir.join(puzzles_file(variant)),
            &puzzle::file_text(variant, puzzles),
        )
    }
}

/// Writes `text` to `path` whole (never half-written), or one sentence.
fn write(path: &Path, text: &str) -> Result<(), MistakesError> {
    durable::replace(path, text.as_bytes(), Access::Usual).map_err(|e| MistakesError::Unwritable {
        file: shown_path(path),
        why: foreign(&e),
    })
}

/// What mining the player's saves came to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Saves of the player's read (a person played a seat).
    pub games: usize,
    /// Of them, those with an analysis (after analysing, when asked).
    pub analysed: usize,
    /// Of them, those mined before and not again.
    pub already: usize,
    /// The player's mistakes and blunders in the games mined now.
    pub mistakes: usize,
    /// The candidates checked and the puzzles found now.
    pub mined: Mined,
    /// The puzzles new to the store, by variant.
    pub added: Vec<(Variant, usize)>,
    /// The saves skipped, each a sentence.
    pub skipped: Vec<Skipped>,
}

/// How to mine the player's saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mining {
    /// Analyse a save without an analysis first (catboard's own search,
    /// at this budget a position, the analysis kept in the save); none:
    /// such a save is skipped.
    pub analyse: Option<PlyBudget>,
    /// The nodes a position of the deeper search that checks each
    /// candidate; none: the variant's default ([`mine::check_nodes`]).
    pub check_nodes: Option<u64>,
}

/// Mines the saves at `paths` into `store`: each save of the player's,
/// analysed (or analysed first when `how` asks), not mined before, has
/// its player's mistakes checked; what was found kept at once. `say` is
/// told a sentence as each save is done or skipped. A stop ends it with
/// what was kept.
pub fn mine_saves(
    paths: &[PathBuf],
    store: &mut MistakesStore,
    how: Mining,
    stop: &AtomicBool,
    say: &mut dyn FnMut(String),
) -> Result<Tally, MistakesError> {
    let mut tally = Tally::default();
    for path in paths {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let (mut game, table) = match YourGame::read(path) {
            Ok(read) => read,
            Err(skipped) => {
                if !matches!(skipped, Skipped::NoSeatOfYours(_)) {
                    say(skipped.to_string());
                }
                tally.skipped.push(skipped);
                continue;
            }
        };
        tally.games += 1;
        if game.analysis.is_none()
            && let Some(budget) = how.analyse
        {
            let each = match budget {
                PlyBudget::Nodes(n) => format!("{n} nodes"),
                PlyBudget::Time(t) => format!("{} ms", t.as_millis()),
            };
            say(format!(
                "Analysing {} ({}, {each} a position)…",
                game.name,
                catboard::text::count(game.moves.len() as u64, "ply", "plies"),
            ));
            let mut analysis = GameAnalysis::new("catboard", budget);
            let mut analyst = OwnSearch::new(budget);
            catboard::analysis::pass::run(
                &mut analysis,
                &game.start,
                &game.moves,
                &mut analyst,
                stop,
                |_| {},
            )?;
            crate::analysing::keep_in_save(path, &table, &analysis, &game.start, &game.moves)?;
            game.analysis = Some(analysis);
        }
        if game.analysis.is_none() {
            let skipped = Skipped::NoAnalysis(game.name.clone());
            say(skipped.to_string());
            tally.skipped.push(skipped);
            continue;
        }
        tally.analysed += 1;
        let key = game.key();
        if store.is_mined(&key) {
            tally.already += 1;
            continue;
        }
        let variant = game.variant();
        let mistakes = game.mistakes();
        tally.mistakes += mistakes;
        let found_before = tally.mined.puzzles.len();
        let nodes = how.check_nodes.unwrap_or(mine::check_nodes(variant));
        let mut checker = OwnSearch::new(PlyBudget::Nodes(nodes));
        game.mine(&mut checker, &mut tally.mined, stop)?;
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let found = &tally.mined.puzzles[found_before..];
        let added = store.keep(variant, &key, found)?;
        match tally.added.iter_mut().find(|(v, _)| *v == variant) {
            Some((_, n)) => *n += added,
            None => tally.added.push((variant, added)),
        }
        say(format!(
            "{}: {} of yours, {}.",
            game.name,
            catboard::text::count(mistakes as u64, "mistake", "mistakes"),
            catboard::text::count(added as u64, "new puzzle", "new puzzles"),
        ));
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TableSpec;
    use catboard::ai::Level;
    use catboard::analysis::AnalysisRecord;
    use catboard_testkit::Scratch;

    /// Both back ranks open on the a-file, both rooks able to mate: White
    /// plays h3?? (missing Rxa8#), Black Kh8?? (missing Rxa1+, walking
    /// into the mate), White mates. Saved as `name` in `dir` with
    /// `players`, analysed when `analysed`.
    fn save(dir: &Path, name: &str, players: [Player; 2], analysed: bool) -> PathBuf {
        let mut table = TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: catboard::core::Options::new(),
            position: Some("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".into()),
            players: players.to_vec(),
            time: None,
        })
        .expect("a table");
        for text in ["h2h3", "g8h8", "a1a8"] {
            let mv = table.game().parse_move(text).expect("legal");
            table.play(mv);
        }
        if analysed {
            let start = crate::analysing::start_of(&table).expect("a start");
            let moves: Vec<Move> = table.moves().collect();
            let analysis =
                catboard::analysis::pass::with_own_search(&start, &moves, PlyBudget::Nodes(20_000))
                    .expect("catboard's search does not fail");
            table.set_analysis_record(Some(AnalysisRecord::of(&analysis, &start, &moves)));
        }
        let path = dir.join(name);
        SaveStore::write(&path, &table.saved()).expect("written");
        path
    }

    const ASIS: Mining = Mining {
        analyse: None,
        check_nodes: None,
    };

    fn mine(paths: &[PathBuf], dir: &Path, how: Mining) -> (Tally, Vec<String>) {
        let mut store = MistakesStore::open(dir).expect("a store");
        let mut said = Vec::new();
        let tally = mine_saves(paths, &mut store, how, &AtomicBool::new(false), &mut |s| {
            said.push(s)
        })
        .expect("mined");
        (tally, said)
    }

    /// The first moves of the puzzles kept, in the move text.
    fn solutions(dir: &Path) -> Vec<String> {
        let store = MistakesStore::open(dir).expect("a store");
        store
            .puzzles(Variant::Chess)
            .expect("readable")
            .iter()
            .map(|p| {
                let game = p.game().expect("a position");
                game.move_text(p.solution[0])
            })
            .collect()
    }

    #[test]
    fn a_kept_file_that_is_not_puzzles_is_one_sentence_naming_it_and_is_left_as_it_is() {
        let scratch = Scratch::new("mistakes");
        let dir = scratch.path();
        let file = dir.join(puzzles_file(Variant::Chess));
        std::fs::write(&file, "junk\n").expect("written");
        let store = MistakesStore::open(dir).expect("opened");
        let said = match store.puzzles(Variant::Chess) {
            Ok(p) => panic!("read {} puzzles from junk", p.len()),
            Err(e) => e.to_string(),
        };
        assert_eq!(
            said,
            format!(
                "{}: Line 1 of the puzzles of Chess: it has 1 fields, not 8.",
                shown_path(&file)
            )
        );
        assert_eq!(std::fs::read_to_string(&file).expect("kept"), "junk\n");
    }

    #[test]
    fn your_blunder_becomes_the_puzzle_of_the_better_move_and_the_computers_does_not() {
        let scratch = Scratch::new("mistakes");
        let dir = scratch.path();
        let computer = Player::Computer(Level::Casual);
        let yours = save(dir, "white.json", [Player::Human, computer], true);
        let (tally, said) = mine(std::slice::from_ref(&yours), dir, ASIS);
        assert_eq!(
            (tally.games, tally.analysed, tally.mistakes),
            (1, 1, 1),
            "{said:?}"
        );
        // Rxa8# was the better move; Black's (the computer's) Kh8?? and
        // the Rxa1+ it missed are not yours.
        assert_eq!(solutions(dir), ["a1a8"]);
        assert_eq!(tally.added, [(Variant::Chess, 1)]);
        // Mined once: a second run checks nothing.
        let (again, _) = mine(std::slice::from_ref(&yours), dir, ASIS);
        assert_eq!((again.already, again.mined.checked), (1, 0));
        assert_eq!(solutions(dir), ["a1a8"]);
        // The same game with the seats the other way round: Black's
        // blunder is the player's, and its puzzle Rxa1+.
        let other = Scratch::new("mistakes");
        let black = save(other.path(), "black.json", [computer, Player::Human], true);
        mine(&[black], other.path(), ASIS);
        assert_eq!(solutions(other.path()), ["a8a1"]);
    }

    #[test]
    fn a_save_without_analysis_is_skipped_in_a_sentence_or_analysed_when_asked() {
        let scratch = Scratch::new("mistakes");
        let dir = scratch.path();
        let bare = save(dir, "bare.json", [Player::Human, Player::Human], false);
        let machines = [Player::Computer(Level::Casual); 2];
        let alone = save(dir, "alone.json", machines, true);
        let (tally, said) = mine(&[bare.clone(), alone], dir, ASIS);
        assert_eq!((tally.games, tally.analysed), (1, 0));
        let name = shown_path(&bare);
        assert_eq!(
            said,
            [format!(
                "{name} has no analysis; skipped (analyse it with catboard analyse {name}, or add --analyse)."
            )]
        );
        assert_eq!(
            tally.skipped.last(),
            Some(&Skipped::NoSeatOfYours(shown_path(&dir.join("alone.json"))))
        );
        assert!(solutions(dir).is_empty());
        let asked = Mining {
            analyse: Some(PlyBudget::Nodes(20_000)),
            ..ASIS
        };
        let (tally, said) = mine(std::slice::from_ref(&bare), dir, asked);
        assert_eq!((tally.analysed, tally.mistakes), (1, 2), "{said:?}");
        assert!(SaveStore::load(&bare).expect("a save").analysis.is_some());
        // Both seats were a person's: both blunders are theirs.
        let mut found = solutions(dir);
        found.sort();
        assert_eq!(found, ["a1a8", "a8a1"]);
    }
}
