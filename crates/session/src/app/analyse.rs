//! The analysis key on the screen: a game over (or one in review) is
//! analysed on a worker thread ([`Effect::Analyse`]), its progress kept
//! for the panel; Esc stops it with what was done kept, and the key again
//! goes on from there; at the end each seat's summary is said. What was
//! done is kept in the game's save ([`TableGame::analysis_record`]), so a
//! game is analysed once.
//!
//! [`TableGame::analysis_record`]: crate::table::TableGame::analysis_record

use super::{App, Effect, Playing, Screen};
use crate::analysing::{AnalysisFailure, AnalysisRequest, ShownAnalysis, start_of};
use crate::table::TableGame;
use catboard::analysis::annotate::summary_sentence;
use catboard::analysis::{AnalysisRecord, GameAnalysis, PlyBudget, Progress, summary};
use catboard::core::Game;
use catboard::variants::AnyGame;

impl Playing {
    /// The id of the analysis under way, if one is.
    pub fn analysing(&self) -> Option<u64> {
        self.analysis.as_ref().and_then(|a| a.running)
    }

    /// The game's analysis as far as it goes, when it is of this game
    /// ([`ShownAnalysis::fits`]) and has a position analysed.
    pub fn shown_analysis(&self) -> Option<&ShownAnalysis> {
        self.analysis
            .as_ref()
            .filter(|a| a.fits(&self.table) && !a.analysis.positions.is_empty())
    }
}

/// Starts the analysis of the game, or goes on with one a stop left
/// unfinished.
pub(super) fn analyse(app: &mut App) -> Vec<Effect> {
    let budget = app.analysis_budget;
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let plies = p.table.ply();
    if plies == 0 {
        app.error("No move has been played yet: there is nothing to analyse.");
        return Vec::new();
    }
    if p.review.is_none() && p.table.outcome().is_none() {
        app.error(
            "A game is analysed once it is over, or from review: press v to step back, then a.",
        );
        return Vec::new();
    }
    if p.analysing().is_some() {
        app.inform("The game is being analysed; Esc stops it, keeping what is done.");
        return Vec::new();
    }
    let start = match start_of(&p.table) {
        Ok(start) => start,
        Err(why) => {
            app.error(why.to_string());
            return Vec::new();
        }
    };
    let mut faulty = None;
    let mut shown = match p.analysis.take().filter(|a| a.fits(&p.table)) {
        Some(kept) => kept,
        None => match stored(&p.table, &start, budget) {
            Ok(shown) => shown,
            Err(why) => {
                p.table.set_analysis_record(None);
                faulty = Some(format!("{why} The game is analysed afresh."));
                ShownAnalysis::new(&p.table, budget)
            }
        },
    };
    shown.moves = p.table.moves().collect();
    if shown.analysis.is_complete(plies) {
        let said = summary_words(&shown, p.table.game());
        p.analysis = Some(shown);
        if let Some(why) = faulty {
            app.error(why);
        }
        app.inform(said);
        return Vec::new();
    }
    let id = app.next_search;
    app.next_search += 1;
    let left = plies + 1 - shown.analysis.positions.len();
    let going_on = if shown.analysis.positions.is_empty() {
        "Analysing"
    } else {
        "Going on with the analysis:"
    };
    let said = format!(
        "{going_on} {} at {}; Esc stops it, keeping what is done.",
        catboard::text::count(left as u64, "position", "positions"),
        shown.analysis.budget
    );
    let request = AnalysisRequest {
        id,
        start,
        moves: shown.moves.clone(),
        analysis: shown.analysis.clone(),
    };
    shown.running = Some(id);
    shown.progress = None;
    shown.stopping = false;
    p.analysis = Some(shown);
    if let Some(why) = faulty {
        app.error(why);
    }
    app.inform(said);
    vec![Effect::Analyse(Box::new(request))]
}

/// Stops the analysis under way; its end comes back as
/// [`Action::Analysed`](crate::action::Action::Analysed) with what it did.
pub(super) fn stop(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let Some(shown) = p.analysis.as_mut() else {
        return Vec::new();
    };
    match shown.running {
        Some(id) if !shown.stopping => {
            shown.stopping = true;
            app.inform("Stopping the analysis; what is done is kept.");
            vec![Effect::StopThinking(id)]
        }
        _ => Vec::new(),
    }
}

/// The analysis `id` has finished another position.
pub(super) fn progress(app: &mut App, id: u64, progress: Progress) {
    if let Screen::Playing(p) = &mut app.screen
        && let Some(shown) = p.analysis.as_mut().filter(|a| a.running == Some(id))
    {
        shown.progress = Some(progress);
    }
}

/// The analysis its save keeps of `table`'s game (from `start`), or a
/// fresh one within `budget` when it keeps none; a record that does not
/// read back against the game is the sentence saying why, and is
/// forgotten.
fn stored(
    table: &TableGame,
    start: &AnyGame,
    budget: PlyBudget,
) -> Result<ShownAnalysis, catboard::analysis::RecordFault> {
    let mut shown = ShownAnalysis::new(table, budget);
    if let Some(record) = table.analysis_record() {
        shown.analysis = record.read(start, &shown.moves)?;
    }
    Ok(shown)
}

/// The analysis `id` has ended with `analysis`, `failure` saying why when
/// its search failed: what was done is kept, and the game saved with it.
pub(super) fn analysed(
    app: &mut App,
    id: u64,
    analysis: GameAnalysis,
    failure: Option<AnalysisFailure>,
) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let Some(shown) = p.analysis.as_mut().filter(|a| a.running == Some(id)) else {
        return Vec::new();
    };
    if let Ok(start) = start_of(&p.table) {
        let record = AnalysisRecord::of(&analysis, &start, &shown.moves);
        p.table.set_analysis_record(Some(record));
    }
    shown.analysis = analysis;
    shown.running = None;
    shown.progress = None;
    shown.stopping = false;
    let plies = shown.moves.len();
    let done = shown.analysis.positions.len();
    let said = if shown.analysis.is_complete(plies) {
        summary_words(shown, p.table.game())
    } else if done == 0 {
        "Nothing was analysed; press a to try again.".to_string()
    } else {
        format!(
            "The analysis stopped after {done} of {} positions; press a to go on from there.",
            plies + 1
        )
    };
    match failure {
        Some(why) => app.error(format!("{why} {said}")),
        None => app.inform(said),
    }
    match &app.screen {
        Screen::Playing(p) => p.save(),
        Screen::Setup(_) => Vec::new(),
    }
}

/// Each seat's summary: "White: accuracy 87%, 1 inaccuracy, no
/// mistakes, 2 blunders."
fn summary_words(shown: &ShownAnalysis, game: &catboard::variants::AnyGame) -> String {
    summary(&shown.verdicts(), game.seat_names().len())
        .iter()
        .map(|s| summary_sentence(game, s))
        .collect::<Vec<_>>()
        .join(" ")
}
