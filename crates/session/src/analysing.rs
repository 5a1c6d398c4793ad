//! A game analysed on the screen: the request a worker thread carries out
//! (catboard's own search over every position, `catboard::analysis::pass`),
//! and what the app keeps of it — the analysis so far, the moves it is of,
//! the pass under way and its progress — from which the screen draws the
//! evaluation graph and the move list's marks.

use super::table::TableGame;
use catboard::analysis::{Class, GameAnalysis, PlyBudget, Progress, Scale, Verdict};
use catboard::core::{Game, Move, Seat};
use catboard::notation::PositionError;
use catboard::protocol::engine::EngineError;
use catboard::variants::AnyGame;

/// What a worker thread is asked to analyse.
#[derive(Clone, Debug)]
pub struct AnalysisRequest {
    /// The pass's id (from the same count as the searches').
    pub id: u64,
    /// The game's start position.
    pub start: AnyGame,
    /// Its moves from there.
    pub moves: Vec<Move>,
    /// What was analysed before, which the pass goes on from.
    pub analysis: GameAnalysis,
}

impl PartialEq for AnalysisRequest {
    fn eq(&self, other: &AnalysisRequest) -> bool {
        self.id == other.id
            && self.start.position_text() == other.start.position_text()
            && self.moves == other.moves
            && self.analysis == other.analysis
    }
}

impl Eq for AnalysisRequest {}

/// The analysis of the game on the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownAnalysis {
    /// The positions analysed so far.
    pub analysis: GameAnalysis,
    /// The moves it is of (the game's when it was asked for).
    pub moves: Vec<Move>,
    /// The id of the pass under way, if one is.
    pub running: Option<u64>,
    /// How far the pass under way has got.
    pub progress: Option<Progress>,
    /// Whether the pass under way was told to stop.
    pub stopping: bool,
    /// The variant's scale of winning chances.
    pub scale: Scale,
}

impl ShownAnalysis {
    /// A first analysis of `table`'s game within `budget`, not yet begun.
    pub fn new(table: &TableGame, budget: PlyBudget) -> ShownAnalysis {
        ShownAnalysis {
            analysis: GameAnalysis::new("catboard", budget),
            moves: table.moves().collect(),
            running: None,
            progress: None,
            stopping: false,
            scale: Scale::of(table.variant()),
        }
    }

    /// Whether it is of `table`'s game as it stands or of an earlier
    /// point of it (its moves the first of the game's): a game taken back
    /// past them, or another game, has an analysis no longer its own.
    pub fn fits(&self, table: &TableGame) -> bool {
        self.moves.len() <= table.ply() && table.moves().zip(&self.moves).all(|(a, &b)| a == b)
    }

    /// The verdict on each move analysed so far.
    pub fn verdicts(&self) -> Vec<Option<Verdict>> {
        self.analysis.verdicts(&self.moves, self.scale)
    }

    /// The class of each move (none for a good move or one not analysed).
    pub fn classes(&self) -> Vec<Option<Class>> {
        self.verdicts()
            .into_iter()
            .map(|v| v.and_then(|v| v.class))
            .collect()
    }

    /// What the graph shows of each analysed position: the scores of
    /// `seats` seats, each in pawns from its own side, cut to ±`cap`
    /// pawns (a mate is the cap).
    pub fn curves(&self, seats: usize, cap: f64) -> Vec<Vec<f64>> {
        (0..seats)
            .map(|s| {
                self.analysis
                    .positions
                    .iter()
                    .map(|p| pawns(p.score(Seat(s as u8)), cap))
                    .collect()
            })
            .collect()
    }
}

/// A score in pawns, cut to ±`cap` (a mate is the cap).
pub fn pawns(score: i32, cap: f64) -> f64 {
    (f64::from(score) / 100.0).clamp(-cap, cap)
}

/// A game whose start position cannot be made, so it cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("The game cannot be analysed: {}.", catboard::text::clause(&.0.to_string()))]
pub struct CannotAnalyse(pub PositionError);

/// Why an analysis ended early, or never began: the sentence is made
/// from it in one place, its `Display`, and the front end sets it before
/// what was done ("… The analysis stopped after 3 of 8 positions").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisFailure {
    /// The analyst's search failed (the engine's own sentence says how).
    #[error("{0}")]
    Search(EngineError),
    /// Whoever runs analyses (the server) would not start it, saying why.
    #[error("{0}")]
    Refused(String),
}

/// The game the analysis starts from: `table`'s start position, or why
/// it cannot be made.
pub fn start_of(table: &TableGame) -> Result<AnyGame, CannotAnalyse> {
    table
        .variant()
        .from_position(table.start_position(), table.options())
        .map_err(CannotAnalyse)
}

/// Writes `analysis` (of `start` then `moves`) into the save at `path`,
/// if the file still holds the game `table` (a game played on elsewhere
/// is left as it is): so a saved game is analysed once.
pub fn keep_in_save(
    path: &std::path::Path,
    table: &TableGame,
    analysis: &GameAnalysis,
    start: &AnyGame,
    moves: &[Move],
) -> Result<(), crate::save::SaveError> {
    let mut saved = crate::save::SaveStore::load(path)?;
    if saved.moves != table.saved().moves {
        return Ok(());
    }
    saved.analysis = Some(catboard::analysis::AnalysisRecord::of(
        analysis, start, moves,
    ));
    crate::save::SaveStore::write(path, &saved)
}

/// Runs `request`'s pass (catboard's own search within the analysis's
/// budget), calling `progress` as each position is done, until it is over
/// or `stop` is raised; returns the analysis as far as it got, and why
/// when the search failed.
pub fn run(
    request: AnalysisRequest,
    stop: &std::sync::atomic::AtomicBool,
    progress: impl FnMut(Progress),
) -> (GameAnalysis, Option<AnalysisFailure>) {
    let mut analysis = request.analysis;
    let mut analyst = catboard::analysis::OwnSearch::new(analysis.budget);
    let failure = catboard::analysis::pass::run(
        &mut analysis,
        &request.start,
        &request.moves,
        &mut analyst,
        stop,
        progress,
    )
    .err()
    .map(AnalysisFailure::Search);
    (analysis, failure)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Player, TableSpec};
    use catboard::core::Options;
    use catboard::variants::Variant;
    use std::sync::atomic::AtomicBool;

    fn table_of(moves: &[&str]) -> TableGame {
        let mut table = TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: None,
            players: vec![Player::Human, Player::Human],
            time: None,
        })
        .expect("a table");
        for text in moves {
            let mv = table.game().parse_move(text).expect("a move");
            table.replay_ply(mv, None);
        }
        table
    }

    const SCHOLAR: [&str; 7] = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];

    #[test]
    fn a_pass_marks_the_blunder_and_its_curve_ends_in_the_mate() {
        let table = table_of(&SCHOLAR);
        let mut shown = ShownAnalysis::new(&table, PlyBudget::Nodes(20_000));
        let request = AnalysisRequest {
            id: 1,
            start: start_of(&table).expect("a start"),
            moves: shown.moves.clone(),
            analysis: shown.analysis.clone(),
        };
        let mut seen = Vec::new();
        let (analysis, failure) = run(request, &AtomicBool::new(false), |p| seen.push(p.done));
        assert_eq!(failure, None);
        assert_eq!(seen, (0..=8).collect::<Vec<_>>(), "progress after each");
        shown.analysis = analysis;
        let classes = shown.classes();
        assert_eq!(classes.len(), 7);
        assert_eq!(classes[5], Some(Class::Blunder), "{classes:?}");
        let curves = shown.curves(2, 10.0);
        assert_eq!(curves[0].len(), 8);
        assert_eq!(curves[0][7], 10.0, "White has mated: the cap");
        assert_eq!(curves[1][7], -10.0);
    }

    #[test]
    fn an_analysis_fits_its_game_and_later_points_of_it_only() {
        let table = table_of(&SCHOLAR[..4]);
        let shown = ShownAnalysis::new(&table, PlyBudget::DEFAULT);
        assert!(shown.fits(&table));
        assert!(shown.fits(&table_of(&SCHOLAR)), "the game went on");
        assert!(!shown.fits(&table_of(&SCHOLAR[..3])), "taken back");
        assert!(
            !shown.fits(&table_of(&["e2e4", "e7e5", "f1c4", "g8f6"])),
            "another game"
        );
    }

    #[test]
    fn a_stopped_pass_keeps_nothing_it_did_not_finish() {
        let table = table_of(&SCHOLAR);
        let request = AnalysisRequest {
            id: 1,
            start: start_of(&table).expect("a start"),
            moves: table.moves().collect(),
            analysis: GameAnalysis::new("catboard", PlyBudget::Nodes(20_000)),
        };
        let (analysis, failure) = run(request, &AtomicBool::new(true), |_| {});
        assert_eq!(failure, None);
        assert!(analysis.positions.is_empty());
    }
}
