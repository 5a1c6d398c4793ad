//! The readers' errors — levels, engines as written, placement and
//! castling fields, puzzle lines, kept analyses, a game that cannot be
//! analysed — held to the same sentence, and each quoting the text a
//! stranger wrote exactly as `catboard::text::quoted` does (escaped, cut).

use super::{check_all, strangers_text};
use crate::analysing::CannotAnalyse;
use catboard::ai::ladder::LevelError;
use catboard::analysis::RecordFault;
use catboard::core::orthodox::CastlingFault;
use catboard::notation::PositionError;
use catboard::notation::placement::PlacementFault;
use catboard::protocol::engine::{Protocol, SpecError};
use catboard::puzzle::{LineFault, PuzzleError};
use catboard::text::quoted;
use catboard::variants::Variant;
use proptest::prelude::*;
use std::fmt::Display;

/// Checks every sample's sentence quotes `t` as `quoted` does.
fn check_quotes<E: Display + std::fmt::Debug>(
    domain: &str,
    samples: &[E],
    t: &str,
) -> Result<(), TestCaseError> {
    for error in samples {
        let said = error.to_string();
        prop_assert!(
            said.contains(&quoted(t)),
            "{}: {:?} does not quote the text: {:?}",
            domain,
            error,
            said
        );
    }
    Ok(())
}

fn level_arm(e: &LevelError) -> usize {
    match e {
        LevelError::OutsideElo(_) => 0,
        LevelError::Unknown(_) => 1,
    }
}

fn spec_arm(e: &SpecError) -> usize {
    match e {
        SpecError::NoCommand { .. } => 0,
        SpecError::OptionNotPair(_) => 1,
    }
}

fn spec_samples(t: &str) -> Vec<SpecError> {
    vec![
        SpecError::NoCommand {
            text: t.into(),
            protocol: Protocol::Uci,
        },
        SpecError::OptionNotPair(t.into()),
    ]
}

fn placement_arm(e: &PlacementFault) -> usize {
    match e {
        PlacementFault::NoGrid => 0,
        PlacementFault::RankCount { .. } => 1,
        PlacementFault::EmptyRun { .. } => 2,
        PlacementFault::NotAPiece { .. } => 3,
        PlacementFault::TooLong { .. } => 4,
        PlacementFault::OffBoard { .. } => 5,
        PlacementFault::CellCount { .. } => 6,
    }
}

fn placement_samples(letter: char) -> Vec<PlacementFault> {
    let rank = || "12".to_string();
    vec![
        PlacementFault::NoGrid,
        PlacementFault::RankCount { found: 9, ranks: 8 },
        PlacementFault::EmptyRun { rank: rank() },
        PlacementFault::NotAPiece {
            rank: rank(),
            letter,
        },
        PlacementFault::TooLong {
            rank: rank(),
            files: 12,
        },
        PlacementFault::OffBoard { rank: rank() },
        PlacementFault::CellCount {
            rank: rank(),
            found: 1,
            files: 12,
        },
    ]
}

fn castling_arm(e: &CastlingFault) -> usize {
    match e {
        CastlingFault::NotARight(_) => 0,
        CastlingFault::Twice(_) => 1,
    }
}

fn line_arm(e: &LineFault) -> usize {
    match e {
        LineFault::TooLong => 0,
        LineFault::Fields(_) => 1,
        LineFault::Number { .. } => 2,
        LineFault::Tag(_) => 3,
        LineFault::Source(_) => 4,
        LineFault::Position(_) => 5,
        LineFault::Finished => 6,
        LineFault::SolutionTooLong => 7,
        LineFault::Illegal(_) => 8,
        LineFault::SolverMoves(_) => 9,
        LineFault::EndsWithReply => 10,
    }
}

fn position_fault(t: &str) -> PositionError {
    PositionError::Fault(format!("The position text {} is not one.", quoted(t)))
}

/// The line faults that quote what the line says.
fn quoting_line_faults(t: &str) -> Vec<LineFault> {
    vec![
        LineFault::Number {
            what: "rating",
            text: t.into(),
            least: 0.0,
            most: 4000.0,
        },
        LineFault::Tag(t.into()),
        LineFault::Source(t.into()),
        LineFault::Illegal(t.into()),
        LineFault::Position(Box::new(PuzzleError::Position {
            id: t.into(),
            variant: Variant::Chess,
            why: position_fault("x"),
        })),
    ]
}

fn line_samples(t: &str) -> Vec<LineFault> {
    let mut all = quoting_line_faults(t);
    all.extend([
        LineFault::TooLong,
        LineFault::Fields(2),
        LineFault::Finished,
        LineFault::SolutionTooLong,
        LineFault::SolverMoves(4),
        LineFault::EndsWithReply,
    ]);
    all
}

fn puzzle_arm(e: &PuzzleError) -> usize {
    match e {
        PuzzleError::Position { .. } => 0,
        PuzzleError::Faulty(_) => 1,
        PuzzleError::Line { .. } => 2,
        PuzzleError::TooMany => 3,
        PuzzleError::NoPuzzles => 4,
        PuzzleError::Analyst(_) => 5,
    }
}

fn puzzle_samples(t: &str) -> Vec<PuzzleError> {
    vec![
        PuzzleError::Position {
            id: t.into(),
            variant: Variant::Cat,
            why: position_fault(t),
        },
        PuzzleError::Faulty(LineFault::Tag(t.into())),
        PuzzleError::Line {
            number: 7,
            variant: Variant::Chu,
            why: LineFault::Illegal(t.into()),
        },
        PuzzleError::TooMany,
        PuzzleError::NoPuzzles,
        PuzzleError::Analyst(catboard::protocol::engine::EngineError {
            fault: catboard::protocol::engine::Fault::Died,
            sentence: "The engine stopped running.".into(),
        }),
    ]
}

fn record_arm(e: &RecordFault) -> usize {
    match e {
        RecordFault::Budget(_) => 0,
        RecordFault::TooMany { .. } => 1,
        RecordFault::ToMove { .. } => 2,
        RecordFault::Scores { .. } => 3,
        RecordFault::TooDeep { .. } => 4,
        RecordFault::Illegal { .. } => 5,
    }
}

fn record_samples(t: &str) -> Vec<RecordFault> {
    vec![
        RecordFault::Budget(t.into()),
        RecordFault::TooMany { kept: 9, game: 3 },
        RecordFault::ToMove {
            ply: 2,
            seat: 1,
            kept: 0,
        },
        RecordFault::Scores { ply: 2, seats: 4 },
        RecordFault::TooDeep { ply: 2 },
        RecordFault::Illegal {
            ply: 2,
            text: t.into(),
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_readers_error_is_one_sentence_quoting_what_was_written(
        t in strangers_text(),
        letter in any::<char>(),
    ) {
        let levels = [LevelError::OutsideElo(t.clone()), LevelError::Unknown(t.clone())];
        check_all("level", &levels, level_arm, 2)?;
        check_quotes("level", &levels, &t)?;
        check_all("engine as written", &spec_samples(&t), spec_arm, 2)?;
        check_quotes("engine as written", &spec_samples(&t), &t)?;
        check_all("placement", &placement_samples(letter), placement_arm, 7)?;
        let castling = [CastlingFault::NotARight(letter), CastlingFault::Twice(letter)];
        check_all("castling", &castling, castling_arm, 2)?;
        check_quotes("castling", &castling, &letter.to_string())?;
        check_all("puzzle line", &line_samples(&t), line_arm, 11)?;
        check_quotes("puzzle line", &quoting_line_faults(&t), &t)?;
        check_all("puzzle", &puzzle_samples(&t), puzzle_arm, 6)?;
        check_quotes("puzzle", &puzzle_samples(&t)[..3], &t)?;
        check_all("kept analysis", &record_samples(&t), record_arm, 6)?;
        check_quotes("kept analysis", &[&record_samples(&t)[0], &record_samples(&t)[5]], &t)?;
        check_all("analysis start", &[CannotAnalyse(position_fault(&t))], |_| 0, 1)?;
    }

    #[test]
    fn a_placement_fault_names_its_rank_and_quotes_its_letter(letter in any::<char>()) {
        for fault in placement_samples(letter).iter().skip(2) {
            prop_assert!(fault.to_string().starts_with("rank 12 "), "{}", fault);
        }
        let said = placement_samples(letter)[3].to_string();
        prop_assert!(said.contains(&quoted(&letter.to_string())), "{}", said);
    }
}
