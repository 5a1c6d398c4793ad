//! Puzzles for every variant: a position in which one move — or one
//! short forced line of up to three of the solver's moves — wins clearly
//! and no other move does.
//!
//! - [`Puzzle`]: the position, the solution (the solver's moves and the
//!   other seats' replies between them), simple tags, a Glicko-2 rating
//!   of its own and where it came from; kept one a line in a puzzle file
//!   ([`Puzzle::line`], [`read_file`]).
//! - [`mine`]: finding them in analysed games and in self-play, each
//!   solution checked by a deeper search to be the only clear win.
//! - [`Attempt`]: solving one — the solver's moves checked, the replies
//!   played, a hint, the solution shown after a wrong move.
//! - [`rate`]: the solver's puzzle rating and the puzzle's own moved by
//!   the result, as the server rates games ([`crate::rating`]).

pub mod attempt;
pub mod mine;
pub mod starter;

pub use attempt::{Attempt, Step};
pub use error::{LineFault, PuzzleError};

mod error;

use crate::core::{Game, Move, Options};
use crate::rating::{self, PeriodResult, Rating};
use crate::variants::{AnyGame, Variant};
use std::fmt;

/// The most of the solver's moves a solution has.
pub const MAX_SOLVER_MOVES: usize = 3;

/// The most puzzles a puzzle file may hold.
pub const MAX_PUZZLES: usize = 100_000;

/// The longest line of a puzzle file, in bytes.
pub const MAX_LINE_BYTES: usize = 4_096;

/// What the search can tell of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tag {
    /// The solver mates in this many moves.
    MateIn(u8),
    /// The solution wins material.
    WinsMaterial,
    /// A move of the solution promotes.
    Promotes,
    /// The solution mates an army, which leaves the game (BacCanCat).
    MatesAnArmy,
}

impl Tag {
    /// The tag as a puzzle file writes it: `mate-in-2`, `material`,
    /// `promotes`, `mates-an-army`.
    pub fn text(self) -> String {
        match self {
            Tag::MateIn(n) => format!("mate-in-{n}"),
            Tag::WinsMaterial => "material".to_string(),
            Tag::Promotes => "promotes".to_string(),
            Tag::MatesAnArmy => "mates-an-army".to_string(),
        }
    }

    /// Reads [`Tag::text`].
    pub fn from_text(text: &str) -> Option<Tag> {
        match text {
            "material" => Some(Tag::WinsMaterial),
            "promotes" => Some(Tag::Promotes),
            "mates-an-army" => Some(Tag::MatesAnArmy),
            _ => {
                let n: u8 = text.strip_prefix("mate-in-")?.parse().ok()?;
                (1..=9).contains(&n).then_some(Tag::MateIn(n))
            }
        }
    }
}

impl fmt::Display for Tag {
    /// The tag in words: `mate in 2`, `wins material`, `promotes`, `mates
    /// an army`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tag::MateIn(n) => write!(f, "mate in {n}"),
            Tag::WinsMaterial => f.write_str("wins material"),
            Tag::Promotes => f.write_str("promotes"),
            Tag::MatesAnArmy => f.write_str("mates an army"),
        }
    }
}

/// Where a puzzle was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A game of the computer against itself.
    SelfPlay,
    /// A player's game: a mistake of theirs.
    Game,
}

impl Source {
    /// `selfplay` or `game`.
    pub const fn text(self) -> &'static str {
        match self {
            Source::SelfPlay => "selfplay",
            Source::Game => "game",
        }
    }

    fn from_text(text: &str) -> Option<Source> {
        [Source::SelfPlay, Source::Game]
            .into_iter()
            .find(|s| s.text() == text)
    }
}

/// A puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Its name: the variant's identifier and a hash of the position
    /// (`chess-1f3a9c0e`).
    pub id: String,
    /// The variant, played with its default rules.
    pub variant: Variant,
    /// The position in the variant's text, the solver to move.
    pub position: String,
    /// Every ply of the solution in turn: the solver's first move, the
    /// other seats' replies, the solver's next, ending with a move of the
    /// solver's.
    pub solution: Vec<Move>,
    /// What the search could tell of it.
    pub tags: Vec<Tag>,
    /// Its own rating, moved by every attempt.
    pub rating: Rating,
    /// Where it was found.
    pub source: Source,
}

impl Puzzle {
    /// The position as a game.
    pub fn game(&self) -> Result<AnyGame, PuzzleError> {
        Puzzle::game_named(self.variant, &self.position, &self.id)
    }

    /// The game at `position` (a position's text) of `variant`, under the
    /// default rules, as a puzzle of it is set.
    pub fn game_of(variant: Variant, position: &str) -> Result<AnyGame, PuzzleError> {
        Puzzle::game_named(variant, position, &Puzzle::id_of(variant, position))
    }

    /// [`Puzzle::game_of`], a fault naming the puzzle `id`.
    fn game_named(variant: Variant, position: &str, id: &str) -> Result<AnyGame, PuzzleError> {
        variant
            .from_position(position, &Options::new())
            .map_err(|why| PuzzleError::Position {
                id: id.to_string(),
                variant,
                why,
            })
    }

    /// The identifier of a puzzle of `variant` from `position`.
    pub fn id_of(variant: Variant, position: &str) -> String {
        // FNV-1a: stable from one build to the next.
        let hash = position.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("{}-{:08x}", variant.id(), hash as u32)
    }

    /// How many of the solver's moves the solution has.
    pub fn solver_moves(&self) -> usize {
        let Ok(game) = self.game() else { return 0 };
        let solver = game.to_move();
        let mut walk = game;
        let mut n = 0;
        for &mv in &self.solution {
            n += usize::from(walk.to_move() == solver);
            walk.make_move(mv);
        }
        n
    }

    /// The puzzle as one line of a puzzle file: its identifier, position,
    /// solution (move texts), rating, deviation, volatility, tags and
    /// source, separated by tabs.
    pub fn line(&self) -> String {
        let mut walk = self.game().ok();
        let solution: Vec<String> = self
            .solution
            .iter()
            .map(|&mv| match walk.as_mut() {
                Some(g) => {
                    let text = g.move_text(mv);
                    g.make_move(mv);
                    text
                }
                None => String::new(),
            })
            .collect();
        let tags: Vec<String> = self.tags.iter().map(|t| t.text()).collect();
        format!(
            "{}\t{}\t{}\t{:.0}\t{:.0}\t{:.5}\t{}\t{}",
            self.id,
            self.position,
            solution.join(" "),
            self.rating.rating,
            self.rating.deviation,
            self.rating.volatility,
            tags.join(","),
            self.source.text()
        )
    }

    /// Reads a line of a puzzle file of `variant` ([`Puzzle::line`]): the
    /// fault ([`PuzzleError::Faulty`]) says what is wrong with it.
    pub fn from_line(variant: Variant, line: &str) -> Result<Puzzle, PuzzleError> {
        Puzzle::parse_line(variant, line).map_err(PuzzleError::Faulty)
    }

    /// [`Puzzle::from_line`], the fault a clause.
    fn parse_line(variant: Variant, line: &str) -> Result<Puzzle, LineFault> {
        if line.len() > MAX_LINE_BYTES {
            return Err(LineFault::TooLong);
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, position, solution, r, d, v, tags, source] = fields[..] else {
            return Err(LineFault::Fields(fields.len()));
        };
        let number = |text: &str, what: &'static str, range: std::ops::RangeInclusive<f64>| {
            text.parse::<f64>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| LineFault::Number {
                    what,
                    text: text.to_string(),
                    least: *range.start(),
                    most: *range.end(),
                })
        };
        let rating = Rating {
            rating: number(r, "rating", 0.0..=4000.0)?,
            deviation: number(d, "deviation", 0.0..=rating::MAX_DEVIATION)?,
            volatility: number(v, "volatility", 0.0..=1.0)?,
        };
        let tags = if tags.is_empty() {
            Vec::new()
        } else {
            tags.split(',')
                .map(|t| Tag::from_text(t).ok_or_else(|| LineFault::Tag(t.to_string())))
                .collect::<Result<_, _>>()?
        };
        let source =
            Source::from_text(source).ok_or_else(|| LineFault::Source(source.to_string()))?;
        let mut puzzle = Puzzle {
            id: crate::text::shown(id),
            variant,
            position: position.to_string(),
            solution: Vec::new(),
            tags,
            rating,
            source,
        };
        let mut game = puzzle
            .game()
            .map_err(|e| LineFault::Position(Box::new(e)))?;
        if game.outcome().is_some() {
            return Err(LineFault::Finished);
        }
        let solver = game.to_move();
        for text in solution.split(' ').filter(|t| !t.is_empty()) {
            if puzzle.solution.len() > 4 * MAX_SOLVER_MOVES {
                return Err(LineFault::SolutionTooLong);
            }
            let mv = game
                .parse_move(text)
                .ok()
                .filter(|mv| game.outcome().is_none() && game.legal_move_list().contains(mv))
                .ok_or_else(|| LineFault::Illegal(text.to_string()))?;
            game.make_move(mv);
            puzzle.solution.push(mv);
        }
        let solver_moves = puzzle.solver_moves();
        if !(1..=MAX_SOLVER_MOVES).contains(&solver_moves) {
            return Err(LineFault::SolverMoves(solver_moves));
        }
        // The solution ends with the solver's move: the seat to move
        // before the last ply was the solver.
        let mut before_last = puzzle
            .game()
            .map_err(|e| LineFault::Position(Box::new(e)))?;
        for &mv in &puzzle.solution[..puzzle.solution.len() - 1] {
            before_last.make_move(mv);
        }
        if before_last.to_move() != solver {
            return Err(LineFault::EndsWithReply);
        }
        Ok(puzzle)
    }
}

/// The puzzles of a puzzle file's `text` of `variant`: lines starting with
/// `#` and blank lines are skipped; a faulty line is one sentence naming
/// it.
pub fn read_file(variant: Variant, text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut puzzles = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if puzzles.len() >= MAX_PUZZLES {
            return Err(PuzzleError::TooMany);
        }
        puzzles.push(
            Puzzle::parse_line(variant, line).map_err(|why| PuzzleError::Line {
                number: number + 1,
                variant,
                why,
            })?,
        );
    }
    Ok(puzzles)
}

/// A puzzle file's text: a heading comment, then [`Puzzle::line`]s.
pub fn file_text(variant: Variant, puzzles: &[Puzzle]) -> String {
    let mut out = format!(
        "# catboard puzzles of {}: id, position, solution, rating, deviation, volatility, tags, source (tab-separated).\n",
        variant.name()
    );
    for p in puzzles {
        out.push_str(&p.line());
        out.push('\n');
    }
    out
}

/// The solver's rating and the puzzle's after an attempt: each rated as
/// in one game against the other (Glicko-2, [`crate::rating::TAU`]), the
/// solver winning when `solved`.
pub fn rate(solver: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { 1.0 } else { 0.0 };
    let solver_after = rating::update(
        solver,
        &[PeriodResult {
            opponent: puzzle,
            score,
        }],
        rating::TAU,
    );
    let puzzle_after = rating::update(
        puzzle,
        &[PeriodResult {
            opponent: solver,
            score: 1.0 - score,
        }],
        rating::TAU,
    );
    (solver_after, puzzle_after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Puzzle {
        // White mates at once: Qxf7#.
        let position = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
        let game = Variant::Chess
            .from_position(position, &Options::new())
            .expect("a position");
        let mv = game.parse_move("h5f7").expect("a move");
        Puzzle {
            id: Puzzle::id_of(Variant::Chess, position),
            variant: Variant::Chess,
            position: position.to_string(),
            solution: vec![mv],
            tags: vec![Tag::MateIn(1)],
            rating: Rating {
                rating: 1200.0,
                deviation: 300.0,
                volatility: 0.06,
            },
            source: Source::SelfPlay,
        }
    }

    #[test]
    fn a_puzzle_reads_back_from_its_line_and_faults_are_named() {
        let p = sample();
        assert_eq!(Puzzle::from_line(Variant::Chess, &p.line()), Ok(p.clone()));
        let text = file_text(Variant::Chess, std::slice::from_ref(&p));
        assert_eq!(read_file(Variant::Chess, &text), Ok(vec![p.clone()]));
        for tag in [
            Tag::MateIn(3),
            Tag::WinsMaterial,
            Tag::Promotes,
            Tag::MatesAnArmy,
        ] {
            assert_eq!(Tag::from_text(&tag.text()), Some(tag));
        }
        let bad = p.line().replace("h5f7", "h5h8");
        let err = read_file(Variant::Chess, &format!("# x\n{bad}\n")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Line 2 of the puzzles of Chess: its solution's move 'h5h8' is not legal there."
        );
        let err = Puzzle::from_line(Variant::Chess, "a\tb").unwrap_err();
        assert_eq!(
            err.to_string(),
            "The puzzle is faulty: it has 2 fields, not 8."
        );
        let ends_with_reply = format!("{} e8e7", p.line().split('\t').nth(2).unwrap_or(""));
        let mut fields: Vec<String> = p.line().split('\t').map(String::from).collect();
        fields[1] = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4".into();
        fields[2] = ends_with_reply.replace("h5f7", "h5g5");
        let err = Puzzle::from_line(Variant::Chess, &fields.join("\t")).unwrap_err();
        assert_eq!(err, PuzzleError::Faulty(LineFault::EndsWithReply));
    }

    #[test]
    fn solving_raises_the_solver_and_lowers_the_puzzle() {
        let (solver, puzzle) = (Rating::default(), sample().rating);
        let (s, p) = rate(solver, puzzle, true);
        assert!(s.rating > solver.rating && p.rating < puzzle.rating);
        let (s, p) = rate(solver, puzzle, false);
        assert!(s.rating < solver.rating && p.rating > puzzle.rating);
    }
}
