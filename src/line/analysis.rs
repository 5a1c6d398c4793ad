//! `analyse` in the line mode: an engine pass over the game so far, then
//! the analysis in words — each seat's summary first, then a sentence on
//! every inaccuracy, mistake and blunder ("Move 14, Nf3: a mistake, about
//! 1.3 pawns lost; better was Bc4.").

use crate::session::analysing::{self, AnalysisRequest};
use crate::session::best_lines::{self, LinesRequest};
use crate::session::speech::Voice;
use crate::session::table::TableGame;
use catboard::analysis::annotate::{summary_sentence, verdict_sentence};
use catboard::analysis::{GameAnalysis, PlyBudget, Scale, Verdict, summary};
use catboard::core::{Game, Move};
use catboard::text::count;
use catboard::variants::AnyGame;
use std::sync::atomic::AtomicBool;

/// What the line mode gives each position: a number of nodes, so that
/// an analysis is the same on every machine (about 0.2 s a position of
/// chess here).
pub const LINE_BUDGET: PlyBudget = PlyBudget::Nodes(150_000);

/// What is said before the pass: how many positions, at what budget.
pub fn before_words(table: &TableGame, budget: PlyBudget) -> String {
    let positions = table.moves().count() + 1;
    let about = match budget {
        PlyBudget::Time(t) => format!(
            ", about {} seconds",
            (t.as_secs_f64() * positions as f64).ceil()
        ),
        PlyBudget::Nodes(_) => String::new(),
    };
    format!(
        "Analysing {} at {budget}{about}.",
        count(positions as u64, "position", "positions")
    )
}

/// Analyses `table`'s game within `budget` a position and says it in
/// `voice`.
pub fn analyse_words(table: &TableGame, budget: PlyBudget, voice: Voice) -> Vec<String> {
    let moves: Vec<Move> = table.moves().collect();
    if moves.is_empty() {
        return vec!["No move has been played yet: there is nothing to analyse.".to_string()];
    }
    let start = match analysing::start_of(table) {
        Ok(start) => start,
        Err(why) => return vec![why.to_string()],
    };
    let request = AnalysisRequest {
        id: 0,
        start: start.clone(),
        moves: moves.clone(),
        analysis: GameAnalysis::new("catboard", budget),
    };
    let (analysis, failure) = analysing::run(request, &AtomicBool::new(false), |_| {});
    if let Some(why) = failure {
        return vec![why.to_string()];
    }
    words_of(&analysis, &start, &moves, voice)
}

/// `lines`: the best lines of `game` for its side to move, found within
/// `budget` (catboard's own search, MultiPV), in words, each move said in
/// `voice`; one sentence when the game has none.
pub fn lines_words(game: &AnyGame, budget: PlyBudget, voice: Voice) -> Vec<String> {
    if let Some(why) = best_lines::refusal(game) {
        return vec![why];
    }
    let request = LinesRequest {
        id: 0,
        game: game.clone(),
        budget,
    };
    let lines = best_lines::run(&request, &AtomicBool::new(false), |_| {});
    let mut said = vec![format!(
        "The best lines for {}:",
        catboard::text::capitalised(game.seat_name(game.to_move()))
    )];
    said.extend(best_lines::words(game, &lines, &|g, m| voice.mv(g, m)));
    said
}

/// The analysis `analysis` of `start` then `moves` in words.
pub fn words_of(
    analysis: &GameAnalysis,
    start: &catboard::variants::AnyGame,
    moves: &[Move],
    voice: Voice,
) -> Vec<String> {
    let verdicts = analysis.verdicts(moves, Scale::of(start.variant()));
    let mut said: Vec<String> = summary(&verdicts, start.seat_names().len())
        .iter()
        .map(|s| summary_sentence(start, s))
        .collect();
    said.extend(verdict_words(&verdicts, start, moves, voice));
    said
}

/// A sentence on each inaccuracy, mistake and blunder of `moves` from
/// `start` (`verdicts` the verdict on each), each move said in `voice`;
/// one sentence when there is none.
pub fn verdict_words(
    verdicts: &[Option<Verdict>],
    start: &catboard::variants::AnyGame,
    moves: &[Move],
    voice: Voice,
) -> Vec<String> {
    let mut said = Vec::new();
    let mut game = start.clone();
    let mut classed = 0;
    for (&mv, verdict) in moves.iter().zip(verdicts) {
        if let Some(sentence) = verdict
            .as_ref()
            .and_then(|v| verdict_sentence(&game, mv, v, &|g, m| voice.mv(g, m)))
        {
            said.push(sentence);
            classed += 1;
        }
        game.make_move(mv);
    }
    if classed == 0 {
        said.push("No inaccuracy, mistake or blunder was found.".to_string());
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::table::{Player, TableSpec};
    use catboard::core::Options;
    use catboard::variants::Variant;

    #[test]
    fn a_scholars_mate_is_said_move_by_move_with_a_summary() {
        let mut table = TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: None,
            players: vec![Player::Human, Player::Human],
            time: None,
        })
        .expect("a table");
        assert_eq!(
            analyse_words(
                &table,
                PlyBudget::Nodes(20_000),
                Voice::new(crate::session::speech::Notation::San)
            ),
            ["No move has been played yet: there is nothing to analyse."]
        );
        for text in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] {
            let mv = table.game().parse_move(text).expect("a move");
            table.replay_ply(mv, None);
        }
        assert_eq!(
            before_words(&table, PlyBudget::DEFAULT),
            "Analysing 8 positions at 0.2 s a position, about 2 seconds."
        );
        let said = analyse_words(
            &table,
            PlyBudget::Nodes(20_000),
            Voice::new(crate::session::speech::Notation::San),
        );
        assert!(said[0].starts_with("White: accuracy "), "{said:?}");
        assert!(said[1].starts_with("Black: accuracy "), "{said:?}");
        assert!(
            said[2..]
                .iter()
                .any(|s| s.starts_with("Move 3, Nf6: a blunder, a mate allowed; better was ")),
            "{said:?}"
        );
    }
}
