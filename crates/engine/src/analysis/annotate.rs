//! A game's analysis in words and in PGN: each ply's evaluation as a
//! `[%eval …]` comment command and its class as a mark (`?!`, `?`, `??`),
//! which python-chess and lichess read for chess; each classed move said
//! as a sentence ("Move 14, Nf3: a mistake, about 1.3 pawns lost; better
//! was Bc4.") and each seat's summary.

use super::Scale;
use super::chances::Class;
use super::judged::{GameAnalysis, PositionEval, SeatSummary, Verdict};
use crate::ai::score::mate_in_moves;
use crate::core::{Game, Move, Retire, Seat};
use crate::notation::pgn::PlyNote;
use crate::text::count;
use crate::variants::AnyGame;

/// A score as `[%eval …]` writes it: pawns with two decimals (`0.35`,
/// `-1.20`), a mate as `#3` or `#-2`.
pub fn eval_text(score: i32) -> String {
    match mate_in_moves(score) {
        Some(n) => format!("#{n}"),
        None => format!("{:.2}", f64::from(score) / 100.0),
    }
}

/// The comment command of the position `eval`: `[%eval 0.35]` from the
/// first seat's side (White's) in a game of two seats, `[%evals
/// 0.35,-0.10,-0.25]` (every seat's own, in turn order) in a game of
/// more; none for a finished game's last position, as lichess writes.
pub fn eval_command(eval: &PositionEval) -> Option<String> {
    if eval.depth == 0 && eval.line.is_empty() {
        return None;
    }
    if eval.scores.len() <= 2 {
        return Some(format!("[%eval {}]", eval_text(eval.score(Seat(0)))));
    }
    let all: Vec<String> = eval.scores.iter().map(|&s| eval_text(s)).collect();
    Some(format!("[%evals {}]", all.join(",")))
}

/// How a sentence says a move: the variant's notation, or a voice's words.
pub type SayMove<'a> = &'a dyn Fn(&AnyGame, Move) -> String;

/// The variant's notation of `mv` in `game` (`Nf3`).
pub fn notation(game: &AnyGame, mv: Move) -> String {
    game.move_notation(mv)
}

/// `line`'s first move from `before` as `say` says it, if it has one.
fn first_move_words(before: &AnyGame, line: &[Move], say: SayMove<'_>) -> Option<String> {
    let &mv = line.first()?;
    before
        .legal_move_list()
        .contains(&mv)
        .then(|| say(before, mv))
}

/// Each ply's note for the PGN writer: the evaluation after it, and for
/// a classed move its mark and the better move (`Mistake: Bc4 was
/// best.`).
pub fn pgn_notes(analysis: &GameAnalysis, start: &AnyGame, moves: &[Move]) -> Vec<PlyNote> {
    let scale = Scale::of(start.variant());
    let mut game = start.clone();
    let mut notes = Vec::with_capacity(moves.len());
    for (ply, &mv) in moves.iter().enumerate() {
        let verdict = analysis.verdict(ply, mv, scale);
        let mut parts: Vec<String> = Vec::new();
        if Retire::of(mv).is_none()
            && let Some(command) = analysis.positions.get(ply + 1).and_then(eval_command)
        {
            parts.push(command);
        }
        let class = verdict.as_ref().and_then(|v| v.class);
        if let (Some(class), Some(v)) = (class, verdict.as_ref()) {
            let mut words = capitalised(class.name());
            match first_move_words(&game, &v.better, &notation) {
                Some(better) => words.push_str(&format!(": {better} was best.")),
                None => words.push('.'),
            }
            parts.push(words);
        }
        notes.push(PlyNote {
            mark: class.map(Class::mark),
            comment: (!parts.is_empty()).then(|| parts.join(" ")),
        });
        game.make_move(mv);
    }
    notes
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}

/// How much a verdict's move cost in words: `about 1.3 pawns lost`, or
/// for mates `a mate missed` / `a mate allowed`.
fn cost_words(v: &Verdict) -> String {
    let (best, played) = (mate_in_moves(v.best_score), mate_in_moves(v.played_score));
    match (best, played) {
        (Some(b), p) if b > 0 && p.is_none_or(|p| p <= 0) => "a mate missed".to_string(),
        (b, Some(p)) if p <= 0 && b.is_none_or(|b| b > 0) => "a mate allowed".to_string(),
        _ => {
            let pawns = f64::from(v.best_score.saturating_sub(v.played_score)) / 100.0;
            format!("about {pawns:.1} pawns lost")
        }
    }
}

/// The sentence on a classed move, `before` the position it was played
/// in: "Move 14, Nf3: a mistake, about 1.3 pawns lost; better was Bc4."
/// (the seat named in games of more than two: "Move 9, Red, Rb4: …"),
/// each move as `say` says it. None for a move without a class.
pub fn verdict_sentence(
    before: &AnyGame,
    mv: Move,
    v: &Verdict,
    say: SayMove<'_>,
) -> Option<String> {
    let class = v.class?;
    let seats = before.seat_names().len();
    let who = if seats > 2 {
        format!("{}, ", capitalised(before.seat_name(v.mover)))
    } else {
        String::new()
    };
    let article = if class == Class::Inaccuracy {
        "an"
    } else {
        "a"
    };
    let mut sentence = format!(
        "Move {}, {who}{}: {article} {}, {}",
        before.fullmove(),
        say(before, mv),
        class.name(),
        cost_words(v)
    );
    match first_move_words(before, &v.better, say) {
        Some(better) => sentence.push_str(&format!("; better was {better}.")),
        None => sentence.push('.'),
    }
    Some(sentence)
}

/// A seat's summary as a sentence: "White: accuracy 87%, 1 inaccuracy,
/// no mistakes, 2 blunders."
pub fn summary_sentence(game: &AnyGame, s: &SeatSummary) -> String {
    let accuracy = s.accuracy.map_or_else(
        || "no moves judged".to_string(),
        |a| format!("accuracy {a:.0}%"),
    );
    let counts: Vec<String> = Class::ALL
        .into_iter()
        .map(|c| match s.count(c) {
            0 => format!("no {}", c.plural()),
            n => count(n as u64, c.name(), c.plural()),
        })
        .collect();
    format!(
        "{}: {accuracy}, {}.",
        capitalised(game.seat_name(s.seat)),
        counts.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{PlyBudget, pass, summary};
    use crate::core::Options;
    use crate::notation::pgn::{self, PgnGame};
    use crate::variants::Variant;

    #[test]
    fn scores_are_written_as_lichess_writes_them() {
        assert_eq!(eval_text(35), "0.35");
        assert_eq!(eval_text(-120), "-1.20");
        assert_eq!(eval_text(crate::ai::score::MATE - 5), "#3");
        assert_eq!(eval_text(crate::ai::score::mated_in(4)), "#-2");
    }

    #[test]
    fn an_analysed_scholars_mate_is_written_with_evals_marks_and_words() {
        let start = Variant::Chess.new_game(&Options::new());
        let mut game = start.clone();
        let mut moves = Vec::new();
        for text in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] {
            let mv = game.parse_move(text).expect("a move");
            game.make_move(mv);
            moves.push(mv);
        }
        let analysis = pass::with_own_search(&start, &moves, PlyBudget::Nodes(20_000))
            .expect("catboard's search does not fail");
        let mut pgn_game = PgnGame::new(Variant::Chess, Options::new());
        pgn_game.moves = moves.clone();
        pgn_game.notes = pgn_notes(&analysis, &start, &moves);
        let text = pgn::write(&pgn_game).expect("PGN");
        // PGN's lines are folded at 80 columns: the words, whatever the fold.
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("Nf6?? {[%eval #1] Blunder: "), "{text}");
        assert_eq!(text.matches("[%eval ").count(), 6, "{text}");
        let read = pgn::read_game(&text, 1).expect("reads back");
        assert_eq!(read.pgn.moves, moves);

        let mut before = start.clone();
        for &mv in &moves[..5] {
            before.make_move(mv);
        }
        let verdicts = analysis.verdicts(&moves, Scale::CHESS);
        let v = verdicts[5].as_ref().expect("Nf6 judged");
        let sentence = verdict_sentence(&before, moves[5], v, &notation).expect("classed");
        assert!(
            sentence.starts_with("Move 3, Nf6: a blunder, a mate allowed; better was "),
            "{sentence}"
        );
        let sums = summary(&verdicts, 2);
        let black = summary_sentence(&start, &sums[1]);
        assert!(black.starts_with("Black: accuracy "), "{black}");
        assert!(
            black.ends_with(", no inaccuracies, no mistakes, 1 blunder."),
            "{black}"
        );
    }
}
