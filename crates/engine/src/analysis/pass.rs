//! The engine pass over a game: every position from the start searched
//! within a budget ([`PlyBudget`]) by an [`Analyst`] — catboard's own
//! search ([`OwnSearch`]) or another engine through the engine client
//! ([`EngineAnalyst`]) — reporting its [`Progress`] after each, stopping
//! when told to with what it finished kept.

use super::Line;
use super::judged::{GameAnalysis, PositionEval};
use crate::ai::level::MAX_DEPTH;
use crate::ai::{Evaluate, Limits, Report, Searcher};
use crate::core::{Game, Move, Options, Seat};
use crate::protocol::engine::{Engine, EngineError};
use crate::variants::AnyGame;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What one position of a game is given: a time or a number of nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlyBudget {
    /// Think this long.
    Time(Duration),
    /// Visit this many nodes (catboard's own search only).
    Nodes(u64),
}

impl PlyBudget {
    /// The default: 0.2 s a position.
    pub const DEFAULT: PlyBudget = PlyBudget::Time(Duration::from_millis(200));

    /// The search limits of the budget.
    pub fn limits(self) -> Limits {
        match self {
            PlyBudget::Time(t) => Limits::time(t),
            PlyBudget::Nodes(n) => Limits::depth(MAX_DEPTH).with_nodes(n.max(1)),
        }
    }

    /// The budget as the record keeps it: `200ms` or `150000nodes`.
    pub fn text(self) -> String {
        match self {
            PlyBudget::Time(t) => format!("{}ms", t.as_millis()),
            PlyBudget::Nodes(n) => format!("{n}nodes"),
        }
    }

    /// Reads [`PlyBudget::text`].
    pub fn from_text(text: &str) -> Option<PlyBudget> {
        if let Some(ms) = text.strip_suffix("ms") {
            return ms
                .parse()
                .ok()
                .map(|ms| PlyBudget::Time(Duration::from_millis(ms)));
        }
        text.strip_suffix("nodes")?
            .parse()
            .ok()
            .map(PlyBudget::Nodes)
    }
}

impl fmt::Display for PlyBudget {
    /// `0.2 s a position`, `150000 nodes a position`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlyBudget::Time(t) => write!(f, "{} s a position", t.as_secs_f64()),
            PlyBudget::Nodes(n) => write!(f, "{n} nodes a position"),
        }
    }
}

/// Whoever analyses the positions.
pub trait Analyst {
    /// Its name as the analysis records it: `catboard`, or the engine's.
    fn name(&self) -> String;

    /// The best `lines` lines of `game` (a game not over) for its side to
    /// move, best first: at least one unless `stop` was raised before a
    /// line was found; fewer where the analyst gives only one. Only an
    /// engine fails.
    fn lines(
        &mut self,
        game: &AnyGame,
        lines: usize,
        stop: &AtomicBool,
    ) -> Result<Vec<Line>, EngineError>;

    /// Forgets what earlier searches learnt (hash table, move-ordering
    /// history), so that the next search's answer depends on its position
    /// and budget alone. By default nothing: another engine keeps its own.
    fn forget(&mut self) {}
}

/// catboard's own search as an analyst, keeping its tables from one
/// position to the next until told to forget them ([`Analyst::forget`]).
pub struct OwnSearch {
    searcher: Searcher,
    limits: Limits,
}

/// The hash table of the analysing search, in MiB.
const TABLE_MB: usize = 32;

impl OwnSearch {
    /// The search within `budget` a position.
    pub fn new(budget: PlyBudget) -> OwnSearch {
        OwnSearch::with_limits(budget.limits())
    }

    /// The search within `limits` a position.
    pub fn with_limits(limits: Limits) -> OwnSearch {
        OwnSearch {
            searcher: Searcher::new(TABLE_MB),
            limits,
        }
    }
}

impl Analyst for OwnSearch {
    fn name(&self) -> String {
        "catboard".to_string()
    }

    fn lines(
        &mut self,
        game: &AnyGame,
        lines: usize,
        stop: &AtomicBool,
    ) -> Result<Vec<Line>, EngineError> {
        let lines = lines.max(1);
        let mut found: Vec<Option<Line>> = vec![None; lines];
        let thought = self
            .searcher
            .analyse(game, &self.limits, lines, stop, |report| {
                if let Report::Line { rank, thought, .. } = report
                    && rank < lines
                {
                    found[rank] = Some(Line::of_thought(thought));
                }
            });
        // The thought returned may hold a better move found at a depth
        // left unfinished.
        if thought.best.is_some() && thought.depth > 0 {
            found[0] = Some(Line::of_thought(&thought));
        }
        Ok(found.into_iter().map_while(|l| l).collect())
    }

    fn forget(&mut self) {
        self.searcher.clear();
    }
}

/// Another engine as an analyst, through the engine client (UCI or
/// XBoard), thinking a given time a position.
pub struct EngineAnalyst {
    /// The engine, started.
    pub engine: Engine,
    /// The game's rule options.
    pub options: Options,
    /// How long it thinks a position.
    pub time: Duration,
}

impl Analyst for EngineAnalyst {
    fn name(&self) -> String {
        self.engine.name().to_string()
    }

    fn lines(
        &mut self,
        game: &AnyGame,
        lines: usize,
        stop: &AtomicBool,
    ) -> Result<Vec<Line>, EngineError> {
        self.engine
            .analyse(game, &self.options, lines.max(1), self.time, stop)
    }
}

/// How far a pass has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions analysed, those of an earlier pass included.
    pub done: usize,
    /// Positions the game has.
    pub total: usize,
    /// Time this pass has taken.
    pub elapsed: Duration,
    /// The time it may still take, by the budget before any position is
    /// done and by the positions' average after; none for a node budget
    /// before the first position.
    pub left: Option<Duration>,
}

impl Progress {
    /// The share done, 0 to 1.
    pub fn ratio(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        }
    }
}

/// Every seat's score in `game` from its best line `line` (see
/// [`PositionEval::scores`]).
pub fn seat_scores(game: &AnyGame, line: &Line) -> Vec<i32> {
    let seats = game.seat_names().len();
    let mover = game.to_move().index();
    if seats <= 2 {
        return (0..seats)
            .map(|s| if s == mover { line.score } else { -line.score })
            .collect();
    }
    let mut leaf = game.clone();
    for &mv in &line.moves {
        if leaf.outcome().is_some() || !leaf.legal_move_list().contains(&mv) {
            break;
        }
        leaf.make_move(mv);
    }
    let mut scores = match leaf.outcome() {
        Some(outcome) => PositionEval::finished(leaf.to_move(), seats, outcome).scores,
        None => (0..seats)
            .map(|s| leaf.evaluate_for(Seat(s as u8)))
            .collect(),
    };
    if let Some(score) = scores.get_mut(mover) {
        *score = line.score;
    }
    scores
}

/// The evaluation of the position `game`: searched by `analyst`, or the
/// result when the game is over (`last` says whether it is the game's
/// last position: a finished position before the end, as a chess game
/// played on past an unclaimed repetition has, is searched). `Ok(None)`
/// when `stop` cut the search short.
pub fn evaluate_position(
    game: &AnyGame,
    last: bool,
    analyst: &mut dyn Analyst,
    stop: &AtomicBool,
) -> Result<Option<PositionEval>, EngineError> {
    let seats = game.seat_names().len();
    let to_move = game.to_move();
    if let Some(outcome) = game.outcome()
        && (last || game.legal_move_list().is_empty())
    {
        return Ok(Some(PositionEval::finished(to_move, seats, outcome)));
    }
    if game.legal_move_list().is_empty() {
        // No move and no ending: nothing to say but an even score.
        return Ok(Some(PositionEval {
            to_move,
            scores: vec![0; seats],
            depth: 0,
            line: Vec::new(),
        }));
    }
    let lines = analyst.lines(game, 1, stop)?;
    if stop.load(Ordering::Relaxed) {
        return Ok(None);
    }
    let Some(line) = lines.into_iter().next() else {
        return Ok(None);
    };
    Ok(Some(PositionEval {
        to_move,
        scores: seat_scores(game, &line),
        depth: line.depth,
        line: line.moves,
    }))
}

/// The whole game `start` then `moves` analysed by catboard's own search
/// at `budget` a position, with no stop and no progress: the one call for
/// a caller that wants the analysis and nothing else.
pub fn with_own_search(
    start: &AnyGame,
    moves: &[Move],
    budget: PlyBudget,
) -> Result<GameAnalysis, EngineError> {
    let mut analysis = GameAnalysis::new("catboard", budget);
    let mut analyst = OwnSearch::new(budget);
    run(
        &mut analysis,
        start,
        moves,
        &mut analyst,
        &AtomicBool::new(false),
        |_| {},
    )?;
    Ok(analysis)
}

/// Analyses the positions of the game `start` then `moves` that
/// `analysis` has not yet got, in order, calling `progress` before the
/// first and after each; when `stop` is raised, the position being
/// searched is dropped and the pass returns with the rest kept. When
/// the analyst fails, what was done before it is kept too.
pub fn run(
    analysis: &mut GameAnalysis,
    start: &AnyGame,
    moves: &[Move],
    analyst: &mut dyn Analyst,
    stop: &AtomicBool,
    mut progress: impl FnMut(Progress),
) -> Result<(), EngineError> {
    let total = moves.len() + 1;
    analysis.truncate(moves.len());
    let begun = Instant::now();
    let first = analysis.positions.len();
    let mut game = start.clone();
    for &mv in &moves[..first.min(moves.len())] {
        game.make_move(mv);
    }
    let per_position = match analysis.budget {
        PlyBudget::Time(t) => Some(t),
        PlyBudget::Nodes(_) => None,
    };
    let report = |done: usize, progress: &mut dyn FnMut(Progress)| {
        let elapsed = begun.elapsed();
        let this_pass = done - first;
        let left = if this_pass > 0 {
            Some(elapsed / this_pass as u32 * (total - done) as u32)
        } else {
            per_position.map(|t| t * (total - done) as u32)
        };
        progress(Progress {
            done,
            total,
            elapsed,
            left,
        });
    };
    report(first, &mut progress);
    for ply in first..total {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let Some(eval) = evaluate_position(&game, ply + 1 == total, analyst, stop)? else {
            return Ok(());
        };
        analysis.positions.push(eval);
        report(ply + 1, &mut progress);
        if let Some(&mv) = moves.get(ply) {
            game.make_move(mv);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    fn game_of(variant: Variant, plies: &[&str]) -> (AnyGame, Vec<Move>) {
        let start = variant.new_game(&Options::new());
        let mut game = start.clone();
        let moves = plies
            .iter()
            .map(|t| {
                let mv = game.parse_move(t).expect("a legal move");
                game.make_move(mv);
                mv
            })
            .collect();
        (start, moves)
    }

    #[test]
    fn budgets_read_back_from_their_text() {
        for budget in [
            PlyBudget::DEFAULT,
            PlyBudget::Nodes(150_000),
            PlyBudget::Time(Duration::from_secs(3)),
        ] {
            assert_eq!(PlyBudget::from_text(&budget.text()), Some(budget));
        }
        assert_eq!(PlyBudget::from_text("fast"), None);
        assert_eq!(PlyBudget::DEFAULT.to_string(), "0.2 s a position");
    }

    #[test]
    fn a_pass_finds_the_blunder_of_a_scholars_mate_and_the_mate_after_it() {
        let (start, moves) = game_of(
            Variant::Chess,
            &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
        );
        let mut analysis = GameAnalysis::new("catboard", PlyBudget::Nodes(20_000));
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        let mut analyst = OwnSearch::new(analysis.budget);
        run(&mut analysis, &start, &moves, &mut analyst, &stop, |p| {
            seen.push(p.done)
        })
        .expect("catboard's search does not fail");
        assert_eq!(seen, (0..=8).collect::<Vec<_>>());
        assert!(analysis.is_complete(moves.len()));
        let last = analysis.positions.last().expect("positions");
        assert_eq!(
            last.scores,
            vec![crate::ai::score::MATE, -crate::ai::score::MATE]
        );
        let verdicts = analysis.verdicts(&moves, super::super::Scale::CHESS);
        let nf6 = verdicts[5].as_ref().expect("Nf6 judged");
        assert_eq!(nf6.class, Some(super::super::Class::Blunder), "{nf6:?}");
        assert!(!nf6.better.is_empty() && nf6.better[0] != moves[5]);
        let qxf7 = verdicts[6].as_ref().expect("Qxf7 judged");
        assert_eq!(qxf7.class, None);
    }

    #[test]
    fn a_stopped_pass_keeps_what_it_did_and_a_later_one_goes_on() {
        let (start, moves) = game_of(Variant::Chess, &["e2e4", "e7e5", "g1f3"]);
        let mut analysis = GameAnalysis::new("catboard", PlyBudget::Nodes(2_000));
        let stop = AtomicBool::new(false);
        let mut analyst = OwnSearch::new(analysis.budget);
        run(&mut analysis, &start, &moves, &mut analyst, &stop, |p| {
            if p.done == 2 {
                stop.store(true, Ordering::Relaxed);
            }
        })
        .expect("no failure");
        assert_eq!(analysis.positions.len(), 2);
        stop.store(false, Ordering::Relaxed);
        let mut firsts = Vec::new();
        run(&mut analysis, &start, &moves, &mut analyst, &stop, |p| {
            firsts.push(p.done)
        })
        .expect("no failure");
        assert_eq!(firsts.first(), Some(&2));
        assert!(analysis.is_complete(3));
    }

    #[test]
    fn games_of_three_and_four_seats_get_a_score_for_every_seat() {
        for variant in [Variant::Cat, Variant::BacCanCat] {
            let start = variant.new_game(&Options::new());
            let mut analysis = GameAnalysis::new("catboard", PlyBudget::Nodes(3_000));
            let stop = AtomicBool::new(false);
            let mut analyst = OwnSearch::new(analysis.budget);
            let mv = start.legal_move_list()[0];
            run(&mut analysis, &start, &[mv], &mut analyst, &stop, |_| {}).expect("no failure");
            let seats = variant.seats().len();
            for p in &analysis.positions {
                assert_eq!(p.scores.len(), seats, "{variant:?}");
            }
            assert_eq!(analysis.positions[1].to_move, Seat(1));
        }
    }
}

#[cfg(test)]
mod forgetting {
    use super::*;
    use crate::variants::Variant;

    /// A few plies into a game of `variant`, each the `n`-th legal move
    /// for a different `n`.
    fn some_position(variant: Variant) -> AnyGame {
        let mut game = variant.new_game(&Options::new());
        for n in [3_usize, 7, 1, 5, 2, 9] {
            let legal = game.legal_move_list();
            if game.outcome().is_some() || legal.is_empty() {
                break;
            }
            game.make_move(legal[n % legal.len()]);
        }
        game
    }

    #[test]
    fn after_forgetting_a_search_answers_as_a_fresh_one_in_every_variant() {
        let stop = AtomicBool::new(false);
        for &variant in Variant::ALL {
            let position = some_position(variant);
            let budget = PlyBudget::Nodes(4_000);
            let fresh = OwnSearch::new(budget)
                .lines(&position, 2, &stop)
                .expect("catboard's search does not fail");
            let mut warm = OwnSearch::new(budget);
            let start = variant.new_game(&Options::new());
            warm.lines(&start, 2, &stop).expect("no failure");
            warm.lines(&position, 2, &stop).expect("no failure");
            warm.forget();
            let again = warm.lines(&position, 2, &stop).expect("no failure");
            assert_eq!(again, fresh, "{}", variant.name());
        }
    }
}
