//! Solving puzzles, shared by the screen and the line mode: the state
//! ([`PuzzleApp`]), its one [`PuzzleApp::update`] from an [`Action`] of the
//! keymap's [`Context::Puzzle`](crate::keymap::Context::Puzzle) (or a move
//! typed), and what it says. The player's puzzle rating per variant
//! (Glicko-2, [`catboard::puzzle::rate`]) and streak are kept in a small
//! file ([`PuzzleRatings`]) rewritten whole through [`catboard::durable`].

pub mod mistakes;

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

impl Standing {
    /// The standing after an attempt at a puzzle rated `puzzle`, and the
    /// puzzle's rating after it: one Glicko-2 game between them
    /// ([`puzzle::rate`]), won when `won`; the streak goes on with a win
    /// and starts again with anything else, the best kept. The local
    /// file and every store of the server rate an attempt by this.
    pub fn after(self, puzzle: Rating, won: bool) -> (Standing, Rating) {
        let (rating, puzzle) = puzzle::rate(self.rating, puzzle, won);
        let streak = if won { self.streak + 1 } else { 0 };
        let standing = Standing {
            rating,
            streak,
            best: self.best.max(streak),
        };
        (standing, puzzle)
    }
}

/// An attempt ended, for a keeper outside the session (the server's
/// store) to rate and keep: the session says the rating once it is told
/// the standing kept ([`PuzzleApp::kept`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The puzzle's identifier.
    pub puzzle: String,
    /// The puzzle's rating before the attempt, as the session knew it.
    pub rating: Rating,
    /// Whether it was solved without a hint (a win for the rating).
    pub won: bool,
    /// Whether it was solved at all (with a hint, it counts as failed).
    pub solved: bool,
}

/// How the session picks the next puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// One after another, as given.
    #[default]
    InTurn,
    /// The one not yet tried whose rating is nearest the player's (ties
    /// in turn from where the session started).
    NearRating,
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
    /// How the next puzzle is picked.
    pub order: Order,
    /// Which puzzles were tried this session (by index), for
    /// [`Order::NearRating`].
    tried: Vec<bool>,
    /// Where ties in [`Order::NearRating`] start.
    start: usize,
    /// Whether a keeper outside rates and keeps each attempt: ended
    /// attempts wait in [`PuzzleApp::finished`] until
    /// [`PuzzleApp::kept`] (else the session rates them and writes its
    /// file).
    pub kept_outside: bool,
    /// The attempts ended and not yet kept, when kept outside.
    pub finished: Vec<Finished>,
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
            order: Order::InTurn,
            tried: Vec::new(),
            start: 0,
            kept_outside: false,
            finished: Vec::new(),
        };
        app.said = app.introduction();
        Ok(app)
    }

    /// The session picking each puzzle near the player's rating
    /// ([`Order::NearRating`]), ties in turn from puzzle `start`; the
    /// first is picked so too.
    pub fn near_rating(mut self, start: usize) -> PuzzleApp {
        self.order = Order::NearRating;
        self.start = start % self.puzzles.len().max(1);
        self.tried = vec![false; self.puzzles.len()];
        let first = self.pick(None);
        self.go_to(first);
        self
    }

    /// The index of the puzzle to set next: in turn after `now`, or the
    /// nearest the player's rating not yet tried (all of them again once
    /// every one was).
    fn pick(&mut self, now: Option<usize>) -> usize {
        let n = self.puzzles.len().max(1);
        if self.order == Order::InTurn {
            return now.map_or(0, |i| (i + 1) % n);
        }
        if let Some(i) = now
            && let Some(t) = self.tried.get_mut(i)
        {
            *t = true;
        }
        if self.tried.iter().all(|&t| t) {
            self.tried.iter_mut().for_each(|t| *t = false);
        }
        let mine = self.standing().rating.rating;
        (0..n)
            .map(|k| (self.start + k) % n)
            .filter(|&i| !self.tried.get(i).copied().unwrap_or(false) && Some(i) != now)
            .min_by(|&a, &b| {
                let gap = |i: usize| (self.puzzles[i].rating.rating - mine).abs();
                gap(a).total_cmp(&gap(b))
            })
            .or(now)
            .unwrap_or(0)
    }

    /// Sets puzzle `index`.
    fn go_to(&mut self, index: usize) {
        let Some(puzzle) = self.puzzles.get(index).cloned() else {
            return;
        };
        match Attempt::new(puzzle) {
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

    /// Rates the attempt (a hinted solve counts as a failure) and says
    /// so; when kept outside, it waits in [`PuzzleApp::finished`].
    fn settle(&mut self, solved: bool) {
        let finished = Finished {
            puzzle: self.attempt.puzzle.id.clone(),
            rating: self.attempt.puzzle.rating,
            won: solved && !self.attempt.hinted(),
            solved,
        };
        if self.kept_outside {
            self.finished.push(finished);
            return;
        }
        let (standing, puzzle) = self.standing().after(finished.rating, finished.won);
        self.kept(&finished, standing, puzzle);
        if let Err(e) = self.ratings.write() {
            self.say(e.to_string());
        }
    }

    /// The attempt `finished` was rated and kept: the player's standing
    /// is now `standing`, the puzzle's rating `puzzle`; says so.
    pub fn kept(&mut self, finished: &Finished, standing: Standing, puzzle: Rating) {
        let change = standing.rating.rating - self.standing().rating.rating;
        self.ratings.set(self.variant, standing);
        if self.attempt.puzzle.id == finished.puzzle {
            self.attempt.puzzle.rating = puzzle;
        }
        for p in self.puzzles.iter_mut().filter(|p| p.id == finished.puzzle) {
            p.rating = puzzle;
        }
        let head = match (finished.solved, finished.won) {
            (true, true) => "Solved!",
            (true, false) => "Solved, with a hint.",
            _ => "Failed.",
        };
        self.say(format!(
            "{head} Your rating {:.0} ({change:+.0}), streak {}. n for the next puzzle.",
            standing.rating.rating, standing.streak
        ));
    }

    /// The attempt `finished` ended and is not rated (a guest's, or past
    /// a budget): says why.
    pub fn not_kept(&mut self, finished: &Finished, why: &str) {
        let head = match (finished.solved, finished.won) {
            (true, true) => "Solved!",
            (true, false) => "Solved, with a hint.",
            _ => "Failed.",
        };
        self.say(format!("{head} {why} n for the next puzzle."));
    }

    /// The next puzzle (in turn, after the last the first again; or the
    /// nearest the player's rating).
    fn next(&mut self) {
        if self.attempt.result().is_none() && self.attempt.found() > 0 {
            self.attempt.give_up();
            self.settle(false);
        }
        let index = self.pick(Some(self.index));
        self.go_to(index);
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

    /// Three puzzles rated 1900, 1500 and 1200.
    fn rated() -> Vec<Puzzle> {
        let mut set = two();
        set.push(set[0].clone());
        for (p, (r, id)) in set
            .iter_mut()
            .zip([(1900.0, "a"), (1500.0, "b"), (1200.0, "c")])
        {
            p.rating.rating = r;
            p.id = id.into();
        }
        set
    }

    #[test]
    fn near_the_rating_the_nearest_untried_puzzle_comes_next() {
        let app = PuzzleApp::new(
            Variant::Chess,
            rated(),
            PuzzleRatings::default(),
            Voice::SCREEN,
        )
        .expect("an app");
        let mut app = app.near_rating(0);
        // 1500 first (the player's own), then the nearest of the rest.
        assert_eq!(app.attempt.puzzle.id, "b");
        app.update(&Action::PuzzleNext);
        assert_eq!(app.attempt.puzzle.id, "c", "1200 is nearer 1500 than 1900");
        app.update(&Action::PuzzleNext);
        assert_eq!(app.attempt.puzzle.id, "a");
        // Every one tried: they come round again, the nearest first.
        app.update(&Action::PuzzleNext);
        assert_eq!(app.attempt.puzzle.id, "b");
        // A strong player starts at the hardest.
        let mut strong = PuzzleRatings::default();
        strong.set(
            Variant::Chess,
            Standing {
                rating: Rating {
                    rating: 2000.0,
                    ..Rating::default()
                },
                ..Standing::default()
            },
        );
        let app = PuzzleApp::new(Variant::Chess, rated(), strong, Voice::SCREEN).expect("an app");
        assert_eq!(app.near_rating(0).attempt.puzzle.id, "a");
    }

    #[test]
    fn kept_outside_an_attempt_waits_and_is_said_when_kept() {
        let mut app = app(None);
        app.kept_outside = true;
        app.play_text("Qxf7#");
        assert_eq!(app.standing(), Standing::default(), "not rated here");
        let finished = app.finished.clone();
        assert_eq!(finished.len(), 1);
        assert!(finished[0].won && finished[0].solved);
        let (standing, rating) = Standing::default().after(finished[0].rating, true);
        app.kept(&finished[0], standing, rating);
        assert_eq!(app.standing(), standing);
        assert_eq!(app.attempt.puzzle.rating, rating);
        assert!(
            app.said
                .last()
                .is_some_and(|s| s.starts_with("Solved! Your rating 1")),
            "{:?}",
            app.said
        );
    }
}
