//! A game's analysis as a save file and the server's archive keep it
//! (JSON through serde): who analysed, the budget, and each position's
//! seat to move, scores, depth and best line in the variant's move text;
//! read back against the game, every field checked.

use super::judged::{GameAnalysis, PositionEval};
use super::pass::PlyBudget;
use crate::ai::level::MAX_DEPTH;
use crate::ai::score::MATE;
use crate::core::{Game, Move, Seat};
use crate::text::quoted;
use crate::variants::AnyGame;
use serde::{Deserialize, Serialize};

/// The most moves a kept best line may have.
pub const MAX_LINE: usize = MAX_DEPTH as usize;

/// A game's analysis as it is stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRecord {
    /// Who analysed (`catboard`, an engine's name).
    pub by: String,
    /// The budget a position ([`PlyBudget::text`]: `200ms`, `150000nodes`).
    pub budget: String,
    /// The positions analysed from the start, in order.
    pub positions: Vec<PositionRecord>,
}

/// One analysed position as it is stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRecord {
    /// The seat to move, from 0.
    pub to_move: u8,
    /// Every seat's score, in turn order.
    pub scores: Vec<i32>,
    /// The depth searched (absent: 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub depth: u32,
    /// The best line in the variant's move text (absent: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Why a kept analysis does not read back against its game: each says
/// its sentence, naming the position at fault and quoting the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordFault {
    /// A budget that is neither a time nor a node count.
    #[error(
        "The analysis's budget {} is neither a time (200ms) nor a node count (150000nodes).",
        quoted(.0)
    )]
    Budget(String),
    /// More positions than the game has.
    #[error("The analysis has {kept} positions, more than the game's {game}.")]
    TooMany {
        /// The positions kept.
        kept: usize,
        /// The positions of the game.
        game: usize,
    },
    /// A position's seat to move is not the game's.
    #[error("The analysis of position {ply}: seat {seat} is to move there, not seat {kept}.")]
    ToMove {
        /// The position, from 0.
        ply: usize,
        /// The seat to move in the game.
        seat: u8,
        /// The seat the analysis says.
        kept: u8,
    },
    /// A position's scores are too few, too many or beyond a mate.
    #[error("The analysis of position {ply}: it needs {seats} scores within ±{MATE}.")]
    Scores {
        /// The position, from 0.
        ply: usize,
        /// The game's seats.
        seats: usize,
    },
    /// A position's line or depth is beyond what is kept.
    #[error(
        "The analysis of position {ply}: its line or depth is beyond the {MAX_LINE} plies kept."
    )]
    TooDeep {
        /// The position, from 0.
        ply: usize,
    },
    /// A move of a position's line is not legal.
    #[error("The analysis of position {ply}: {} is not a legal move of its line.", quoted(.text))]
    Illegal {
        /// The position, from 0.
        ply: usize,
        /// The move as kept.
        text: String,
    },
}

impl AnalysisRecord {
    /// The record of `analysis` of the game `start` then `moves`.
    pub fn of(analysis: &GameAnalysis, start: &AnyGame, moves: &[Move]) -> AnalysisRecord {
        let mut game = start.clone();
        let mut positions = Vec::with_capacity(analysis.positions.len());
        for (ply, p) in analysis.positions.iter().enumerate() {
            let mut walk = game.clone();
            let line = p
                .line
                .iter()
                .map(|&mv| {
                    let text = walk.move_text(mv);
                    walk.make_move(mv);
                    text
                })
                .collect();
            positions.push(PositionRecord {
                to_move: p.to_move.0,
                scores: p.scores.clone(),
                depth: p.depth,
                line,
            });
            match moves.get(ply) {
                Some(&mv) => game.make_move(mv),
                None => break,
            }
        }
        AnalysisRecord {
            by: analysis.by.clone(),
            budget: analysis.budget.text(),
            positions,
        }
    }

    /// The analysis this record keeps of the game `start` then `moves`,
    /// or the sentence naming the first thing wrong in it.
    pub fn read(&self, start: &AnyGame, moves: &[Move]) -> Result<GameAnalysis, RecordFault> {
        let budget = PlyBudget::from_text(&self.budget)
            .ok_or_else(|| RecordFault::Budget(self.budget.clone()))?;
        if self.positions.len() > moves.len() + 1 {
            return Err(RecordFault::TooMany {
                kept: self.positions.len(),
                game: moves.len() + 1,
            });
        }
        let seats = start.seat_names().len();
        let mut game = start.clone();
        let mut positions = Vec::with_capacity(self.positions.len());
        for (ply, p) in self.positions.iter().enumerate() {
            if p.to_move != game.to_move().0 {
                return Err(RecordFault::ToMove {
                    ply,
                    seat: game.to_move().0,
                    kept: p.to_move,
                });
            }
            if p.scores.len() != seats || p.scores.iter().any(|s| s.abs() > MATE) {
                return Err(RecordFault::Scores { ply, seats });
            }
            if p.line.len() > MAX_LINE || p.depth > MAX_DEPTH {
                return Err(RecordFault::TooDeep { ply });
            }
            let mut walk = game.clone();
            let mut line = Vec::with_capacity(p.line.len());
            for text in &p.line {
                let mv = walk
                    .parse_move(text)
                    .ok()
                    .filter(|mv| walk.legal_move_list().contains(mv))
                    .ok_or_else(|| RecordFault::Illegal {
                        ply,
                        text: text.clone(),
                    })?;
                walk.make_move(mv);
                line.push(mv);
            }
            positions.push(PositionEval {
                to_move: Seat(p.to_move),
                scores: p.scores.clone(),
                depth: p.depth,
                line,
            });
            if let Some(&mv) = moves.get(ply) {
                game.make_move(mv);
            }
        }
        Ok(GameAnalysis {
            by: crate::text::shown(&self.by),
            budget,
            positions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::pass::with_own_search;
    use crate::core::Options;
    use crate::variants::Variant;

    #[test]
    fn an_analysis_reads_back_from_its_record_and_a_bad_record_is_refused() {
        for variant in Variant::known() {
            let start = variant.new_game(&Options::new());
            let mut game = start.clone();
            let mut moves = Vec::new();
            for _ in 0..3 {
                let mv = game.legal_move_list()[0];
                game.make_move(mv);
                moves.push(mv);
            }
            let analysis =
                with_own_search(&start, &moves, PlyBudget::Nodes(1_500)).expect("no failure");
            let record = AnalysisRecord::of(&analysis, &start, &moves);
            let json = serde_json::to_string(&record).expect("serialises");
            let back: AnalysisRecord = serde_json::from_str(&json).expect("parses");
            assert_eq!(back.read(&start, &moves), Ok(analysis), "{variant:?}");
            let mut bad = record.clone();
            bad.positions[1].line = vec!["nonsense".into()];
            let err = bad.read(&start, &moves).unwrap_err().to_string();
            assert!(
                err.starts_with("The analysis of position 1: 'nonsense'"),
                "{err}"
            );
            assert!(
                record.read(&start, &moves[..1]).is_err(),
                "more positions than plies"
            );
        }
    }
}
