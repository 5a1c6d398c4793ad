//! Solving puzzles, shared by the screen and the line mode: the state
//! ([`PuzzleApp`]), its one [`PuzzleApp::update`] from an [`Action`] of the
//! keymap's [`Context::Puzzle`](crate::keymap::Context::Puzzle) (or a move
//! typed), and what it says. The player's puzzle rating per variant
//! (Glicko-2, [`catboard::puzzle::rate`]) and streak are kept in a small
//! file ([`PuzzleRatings`]) rewritten whole through [`catboard::durable`].

use crate::action::Action;
use crate::describe;
use crate::keymap::Context;
use crate::speech::Voice;
use crate::words::capitalise;
use catboard::core::{Game, Move};
use catboard::durable::{self, Access};
use catboard::puzzle::{self, Attempt, Puzzle, PuzzleError, Step};
use catboard::rating::Rating;
use catboard::text::{quoted, shown_path};
use catboard::variants::{AnyGame, Variant};
use std::fmt;
use std::path::{Path, PathBuf};

/// The name of the ratings file in the saves folder.
pub const RATINGS_FILE: &str = "puzzle-ratings.txt";

/// The longest move typed at the prompt, in characters.
const PROMPT_MOST: usize = 32;

/// The largest ratings file read, in bytes.
const RATINGS_MOST: u64 = 64 * 1024;

/// One variant's record: the rating, the streak now and the best.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Standing {
    /// The player's puzzle rating.
    pub rating: Rating,
    /// Puzzles solved in a row, now.
    pub streak: u32,
    /// The longest streak.
    pub best: u32,
}

/// A fault of the ratings file, a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatingsError {
    /// It could not be read or written.
    Io {
        /// The file, as shown.
        path: String,
        /// What the system said.
        why: String,
    },
    /// A line of it is faulty.
    Line {
        /// The line's number, from 1.
        number: usize,
        /// The file, as shown.
        path: String,
    },
}

impl fmt::Display for RatingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingsError::Io { path, why } => {
                write!(f, "The puzzle ratings {path} could not be kept: {why}.")
            }
            RatingsError::Line { number, path } => write!(
                f,
                "Line {number} of the puzzle ratings {path} is not variant, rating, deviation, volatility, streak and best streak."
            ),
        }
    }
}

impl std::error::Error for RatingsError {}

/// The player's standing in each variant, and where it is kept (nowhere
/// when there is no saves folder).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleRatings {
    /// Where the file is.
    pub path: Option<PathBuf>,
    /// Each variant's standing, by identifier.
    pub standings: Vec<(String, Standing)>,
}

impl PuzzleRatings {
    /// Reads the file at `path` (none there yet: every standing fresh).
    pub fn read(path: &Path) -> Result<PuzzleRatings, RatingsError> {
        let shown = shown_path(path);
        let io = |e: std::io::Error| RatingsError::Io {
            path: shown.clone(),
            why: catboard::text::foreign(&e.to_string()),
        };
        let mut ratings = PuzzleRatings {
            path: Some(path.to_path_buf()),
            standings: Vec::new(),
        };
        let text = match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ratings),
            Err(e) => return Err(io(e)),
            Ok(m) if m.len() > RATINGS_MOST => {
                return Err(RatingsError::Line {
                    number: 1,
                    path: shown,
                });
            }
            Ok(_) => std::fs::read_to_string(path).map_err(io)?,
        };
        for (n, line) in durable::whole_lines(&text).enumerate() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let parsed = match fields[..] {
                [id, r, d, v, s, b] => Variant::from_id(id).ok().and_then(|_| {
                    Some((
                        id.to_string(),
                        Standing {
                            rating: Rating {
                                rating: r.parse().ok().filter(|r: &f64| r.is_finite())?,
                                deviation: d.parse().ok().filter(|d: &f64| d.is_finite())?,
                                volatility: v.parse().ok().filter(|v: &f64| v.is_finite())?,
                            },
                            streak: s.parse().ok()?,
                            best: b.parse().ok()?,
                        },
                    ))
                }),
                _ => None,
            };
            let Some(entry) = parsed else {
                return Err(RatingsError::Line {
                    number: n + 1,
                    path: shown,
                });
            };
            ratings.standings.retain(|(id, _)| *id != entry.0);
            ratings.standings.push(entry);
        }
        Ok(ratings)
    }

    /// `variant`'s standing.
    pub fn of(&self, variant: Variant) -> Standing {
        self.standings
            .iter()
            .find(|(id, _)| id == variant.id())
            .map_or_else(Standing::default, |(_, s)| *s)
    }

    /// Sets `variant`'s standing.
    pub fn set(&mut self, variant: Variant, standing: Standing) {
        match self.standings.iter_mut().find(|(id, _)| id == variant.id()) {
            Some((_, s)) => *s = standing,
            None => self.standings.push((variant.id().to_string(), standing)),
        }
    }

    /// The file's text: one line a variant.
    pub fn text(&self) -> String {
        self.standings
            .iter()
            .map(|(id, s)| {
                format!(
                    "{id} {:.2} {:.2} {:.6} {} {}\n",
                    s.rating.rating, s.rating.deviation, s.rating.volatility, s.streak, s.best
                )
            })
            .collect()
    }

    /// Writes the file whole (never half-written), when there is one.
    pub fn write(&self) -> Result<(), RatingsError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        durable::replace(path, self.text().as_bytes(), Access::Usual).map_err(|e| {
            RatingsError::Io {
                path: shown_path(path),
                why: catboard::text::foreign(&e.to_string()),
            }
        })
    }
}

/// The puzzle session.
#[derive(Clone, Debug)]
pub struct PuzzleApp {
    /// The variant.
    pub variant: Variant,
    /// The puzzles, in the order given.
    pub puzzles: Vec<Puzzle>,
    /// The one being solved.
    pub index: usize,
    /// The attempt at it.
    pub attempt: Attempt,
    /// The player's ratings (this variant's moves with each result).
    pub ratings: PuzzleRatings,
    /// The cell the hint showed, while it stands.
    pub hint: Option<catboard::core::Cell>,
    /// The last move played on the board (the solver's or a reply).
    pub last: Option<Move>,
    /// What was said since the puzzle began, in order.
    pub said: Vec<String>,
    /// How moves and cells are said.
    pub voice: Voice,
    /// The move prompt's text, while it is open (the screen's).
    pub prompt: Option<String>,
    /// Whether the player asked to leave.
    pub quit: bool,
}

impl PuzzleApp {
    /// A session over `puzzles` of `variant` (at least one), starting at
    /// the first.
    pub fn new(
        variant: Variant,
        puzzles: Vec<Puzzle>,
        ratings: PuzzleRatings,
        voice: Voice,
    ) -> Result<PuzzleApp, PuzzleError> {
        let first = puzzles.first().cloned().ok_or(PuzzleError::NoPuzzles)?;
        let mut app = PuzzleApp {
            variant,
            attempt: Attempt::new(first)?,
            puzzles,
            index: 0,
            ratings,
            hint: None,
            last: None,
            said: Vec::new(),
            voice,
            prompt: None,
            quit: false,
        };
        app.said = app.introduction();
        Ok(app)
    }

    /// The player's standing in this variant.
    pub fn standing(&self) -> Standing {
        self.ratings.of(self.variant)
    }

    /// The position now.
    pub fn game(&self) -> &AnyGame {
        self.attempt.game()
    }

    /// What a puzzle's start says: which, its rating, who is to move.
    fn introduction(&self) -> Vec<String> {
        let p = &self.attempt.puzzle;
        let game = self.attempt.game();
        let seat = game.seat_names()[self.attempt.solver().index()];
        vec![
            format!(
                "Puzzle {} of {} ({}, rated {:.0}). Your rating {:.0}, streak {}.",
                self.index + 1,
                self.puzzles.len(),
                p.id,
                p.rating.rating,
                self.standing().rating.rating,
                self.standing().streak
            ),
            format!("{} to move: find the move that wins.", capitalise(seat)),
        ]
    }

    /// Where the keyboard's attention is: the move prompt, or the puzzle.
    pub fn context(&self) -> Context {
        if self.prompt.is_some() {
            Context::TextEntry
        } else {
            Context::Puzzle
        }
    }

    /// Applies `action` (from the keymap's [`PuzzleApp::context`]); what
    /// is said is added to [`PuzzleApp::said`].
    pub fn update(&mut self, action: &Action) {
        match action {
            Action::OpenPrompt => self.prompt = Some(String::new()),
            Action::TypeChar(c) => {
                if let Some(p) = self.prompt.as_mut().filter(|p| p.len() < PROMPT_MOST) {
                    p.push(*c);
                }
            }
            Action::DeleteChar => {
                if let Some(p) = self.prompt.as_mut() {
                    p.pop();
                }
            }
            Action::Cancel => self.prompt = None,
            Action::Submit => {
                if let Some(text) = self.prompt.take()
                    && !text.trim().is_empty()
                {
                    self.play_text(&text);
                }
            }
            Action::Quit => self.quit = true,
            Action::PuzzleHint => self.give_hint(),
            Action::PuzzleSolution if self.attempt.result().is_none() => {
                let rest = self.attempt.rest_words();
                self.attempt.give_up();
                self.settle(false);
                self.say(format!("The solution: {rest}."));
            }
            Action::PuzzleNext => self.next(),
            _ => {}
        }
    }

    /// Plays the solver's move typed as `text`.
    pub fn play_text(&mut self, text: &str) {
        if self.attempt.result().is_some() {
            self.say("This puzzle is over: n for the next.".into());
            return;
        }
        let game = self.attempt.game().clone();
        let mv = match game.parse_move(text.trim()) {
            Ok(mv) if game.legal_move_list().contains(&mv) => mv,
            _ => {
                self.say(format!("{} is no legal move here.", quoted(text.trim())));
                return;
            }
        };
        self.play(mv);
    }

    /// Plays the solver's move `mv`.
    pub fn play(&mut self, mv: Move) {
        let before = self.attempt.game().clone();
        let rest = self.attempt.rest_words();
        let played = describe::move_played(&before, self.voice, mv);
        match self.attempt.play(mv) {
            Step::Ignored => self.say("That move is not yours to play now.".into()),
            Step::Wrong => {
                self.say(format!("{played} Wrong: the solution was {rest}."));
                self.settle(false);
            }
            Step::Right { replies, solved } => {
                self.hint = None;
                self.last = Some(mv);
                self.say(format!("{played} Right."));
                let mut walk = before;
                walk.make_move(mv);
                for reply in replies {
                    self.say(describe::move_played(&walk, self.voice, reply));
                    walk.make_move(reply);
                    self.last = Some(reply);
                }
                if solved {
                    self.settle(true);
                } else {
                    self.say("Go on: find the next move.".into());
                }
            }
        }
    }

    /// The hint: the piece to move.
    fn give_hint(&mut self) {
        if self.attempt.result().is_some() {
            return;
        }
        let game = self.attempt.game().clone();
        self.hint = self.attempt.hint();
        let sentence = match self.hint {
            Some(cell) => format!(
                "Hint: move the {} on {} (the puzzle counts as failed for the rating).",
                game.piece_at(cell)
                    .map_or_else(|| "piece".to_string(), |p| describe::piece_words(&game, p)),
                self.voice.cell(game.geometry(), cell)
            ),
            None => "Hint: pass.".to_string(),
        };
        self.say(sentence);
    }

    /// Rates the attempt (a hinted solve counts as a failure) and says so.
    fn settle(&mut self, solved: bool) {
        let won = solved && !self.attempt.hinted();
        let mut standing = self.standing();
        let (player, puzzle) = puzzle::rate(standing.rating, self.attempt.puzzle.rating, won);
        let change = player.rating - standing.rating.rating;
        standing.rating = player;
        standing.streak = if won { standing.streak + 1 } else { 0 };
        standing.best = standing.best.max(standing.streak);
        self.ratings.set(self.variant, standing);
        self.attempt.puzzle.rating = puzzle;
        if let Some(p) = self.puzzles.get_mut(self.index) {
            p.rating = puzzle;
        }
        let head = match (solved, won) {
            (true, true) => "Solved!",
            (true, false) => "Solved, with a hint.",
            _ => "Failed.",
        };
        self.say(format!(
            "{head} Your rating {:.0} ({change:+.0}), streak {}. n for the next puzzle.",
            player.rating, standing.streak
        ));
        if let Err(e) = self.ratings.write() {
            self.say(e.to_string());
        }
    }

    /// The next puzzle (after the last, the first again).
    fn next(&mut self) {
        if self.attempt.result().is_none() && self.attempt.found() > 0 {
            self.attempt.give_up();
            self.settle(false);
        }
        let index = (self.index + 1) % self.puzzles.len();
        match Attempt::new(self.puzzles[index].clone()) {
            Ok(attempt) => {
                self.index = index;
                self.attempt = attempt;
                self.hint = None;
                self.last = None;
                self.said = self.introduction();
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    fn say(&mut self, sentence: String) {
        self.said.push(sentence);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::puzzle::{Source, Tag};

    /// Two puzzles: White mates at once (Qxf7#), then a back-rank mate.
    pub(crate) fn two() -> Vec<Puzzle> {
        [
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 h5f7",
            "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1 e1e8",
        ]
        .iter()
        .map(|text| {
            let (position, mv) = text.rsplit_once(' ').expect("a move");
            let game = Variant::Chess
                .from_position(position, &Options::new())
                .expect("a position");
            Puzzle {
                id: Puzzle::id_of(Variant::Chess, position),
                variant: Variant::Chess,
                position: position.to_string(),
                solution: vec![game.parse_move(mv).expect("a move")],
                tags: vec![Tag::MateIn(1)],
                rating: Rating::default(),
                source: Source::SelfPlay,
            }
        })
        .collect()
    }

    fn app(dir: Option<&Path>) -> PuzzleApp {
        let ratings = PuzzleRatings {
            path: dir.map(|d| d.join(RATINGS_FILE)),
            standings: Vec::new(),
        };
        PuzzleApp::new(Variant::Chess, two(), ratings, Voice::SCREEN).expect("an app")
    }

    #[test]
    fn solving_raises_the_rating_and_the_streak_and_keeps_them_in_the_file() {
        let dir = std::env::temp_dir().join(format!("catboard-puzzles-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let mut app = app(Some(&dir));
        app.play_text("Qxf7#");
        assert_eq!(app.attempt.result(), Some(true));
        assert_eq!(app.standing().streak, 1);
        assert!(app.standing().rating.rating > 1500.0);
        let read = PuzzleRatings::read(&dir.join(RATINGS_FILE)).expect("read back");
        assert_eq!(read.of(Variant::Chess).streak, 1);
        assert!(
            (read.of(Variant::Chess).rating.rating - app.standing().rating.rating).abs() < 0.01
        );
        app.update(&Action::PuzzleNext);
        assert_eq!(app.index, 1);
        app.play_text("Rd1");
        assert_eq!(app.attempt.result(), Some(false));
        assert_eq!(app.standing().streak, 0);
        assert_eq!(app.standing().best, 1);
        assert!(
            app.said.iter().any(|s| s.contains("the solution was Re8#")),
            "{:?}",
            app.said
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_hinted_solve_and_a_faulty_ratings_file_are_failures_said() {
        let mut app = app(None);
        app.update(&Action::PuzzleHint);
        assert_eq!(
            app.hint
                .map(|c| Voice::SCREEN.cell(app.game().geometry(), c)),
            Some("h5".into())
        );
        assert!(
            app.said
                .last()
                .is_some_and(|s| s.starts_with("Hint: move the white queen on h5")),
            "{:?}",
            app.said
        );
        app.play_text("h5f7");
        assert_eq!(app.attempt.result(), Some(true));
        assert_eq!(app.standing().streak, 0);
        assert!(app.standing().rating.rating < 1500.0);
        app.play_text("e4e5");
        assert!(app.said.last().is_some_and(|s| s.contains("over")));
        let dir = std::env::temp_dir().join(format!("catboard-ratings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join(RATINGS_FILE);
        std::fs::write(&path, "chess 1500 350 0.06 x 0\n").expect("written");
        assert_eq!(
            PuzzleRatings::read(&path)
                .map_err(|e| e.to_string())
                .err()
                .as_deref()
                .map(|s| s.starts_with("Line 1 of the puzzle ratings")),
            Some(true)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
