//! Writes a game of any variant as PGN (see the module above for what is
//! written and why): the tags, then the movetext numbered by rounds, each
//! move in the variant's own notation, clock readings and retirements as
//! comment commands, and the result, in lines of at most
//! [`LINE_WIDTH`] characters.

use super::PgnGame;
use super::error::PgnError;
use super::tags::{self, tag_line};
use crate::clock::pgn_clock;
use crate::core::{Game, Retire};
use crate::variants::AnyGame;
use std::time::Duration;

/// The longest movetext line written, in characters (PGN's export format
/// keeps lines below 80 columns).
pub const LINE_WIDTH: usize = 79;

/// The PGN of `pgn`, or the sentence saying why it cannot be written: a
/// start position the variant refuses, or a ply that is not legal where
/// it is played.
pub fn write(pgn: &PgnGame) -> Result<String, PgnError> {
    let start = pgn.start_game()?;
    let (mut movetext, end) = movetext(pgn, &start)?;
    // An ending decided outside the moves counts only while they leave
    // the game unfinished: a game the rules ended keeps its own result.
    let decided = pgn.ending.as_ref().filter(|_| end.outcome().is_none());
    let mut out = String::new();
    let variant = pgn.variant;
    let t = &pgn.tags;
    out.push_str(&tag_line("Event", &t.event));
    out.push_str(&tag_line("Site", &t.site));
    out.push_str(&tag_line("Date", &t.date));
    out.push_str(&tag_line("Round", &t.round));
    for seat in 0..variant.seats().len() {
        out.push_str(&tag_line(&tags::seat_tag(variant, seat), t.player(seat)));
    }
    let result = decided.map_or_else(|| tags::result_token(&end), |d| d.result);
    out.push_str(&tag_line("Result", result));
    if let Some(winner) = tags::winner_tag(&end) {
        out.push_str(&tag_line("Winner", &winner));
    }
    if let Some(points) = tags::points_tag(&end) {
        out.push_str(&tag_line("Points", &points));
    }
    let termination = decided.map_or_else(|| tags::termination(end.outcome()), |d| d.termination);
    out.push_str(&tag_line("Termination", termination));
    if let Some(name) = tags::variant_name(variant) {
        out.push_str(&tag_line("Variant", name));
    }
    if let Some(options) = tags::options_tag(variant.options(), &pgn.options) {
        out.push_str(&tag_line("VariantOptions", &options));
    }
    if let Some(control) = pgn.time_control {
        out.push_str(&tag_line("TimeControl", &control.pgn()));
    }
    let start_text = start.position_text();
    if start_text != variant.new_game(&pgn.options).position_text() {
        out.push_str(&tag_line("SetUp", "1"));
        out.push_str(&tag_line("FEN", &start_text));
    }
    for (name, value) in &t.extra {
        if tags::is_tag_name(name) && !tags::is_written(variant, name) {
            out.push_str(&tag_line(name, value));
        }
    }
    if let Some(decided) = decided {
        // Not a message: a PGN comment cannot hold its own braces.
        movetext.push(format!("{{{}}}", decided.reason.replace(['{', '}'], "")));
    }
    out.push('\n');
    out.push_str(&wrapped(&movetext, result));
    Ok(out)
}

/// A move's notation as one PGN word: its spaces (`Cats pass`, `L pass`,
/// `Red passes`) written as `_`, which the reader turns back.
pub fn move_word(notation: &str) -> String {
    notation.replace(' ', "_")
}

/// The movetext's words (each kept whole on a line), without the result,
/// and the game after every ply.
fn movetext(pgn: &PgnGame, start: &AnyGame) -> Result<(Vec<String>, AnyGame), PgnError> {
    let mut game = start.clone();
    let mut words = Vec::new();
    let mut round = u32::from(start.fullmove());
    let mut last_mover: Option<usize> = None;
    let mut after_comment = true;
    let mut pending: Vec<String> = Vec::new();
    let clock = |ply: usize| pgn.clocks.get(ply).copied().flatten();
    for (ply, &mv) in pgn.moves.iter().enumerate() {
        if let Some(retire) = Retire::of(mv) {
            game.may_retire(retire)
                .map_err(|why| PgnError::UnwritableRetirement {
                    ply: ply + 1,
                    text: retire.text(game.seat_names()),
                    fault: why,
                })?;
            pending.push(format!("[%retire {}]", retire.text(game.seat_names())));
            if let Some(left) = clock(ply) {
                pending.push(clock_command(left));
            }
            game.make_move(mv);
            continue;
        }
        if super::stopped(&game).is_some() || !game.legal_move_list().contains(&mv) {
            return Err(PgnError::UnwritableMove {
                ply: ply + 1,
                text: game.move_text(mv),
            });
        }
        if !pending.is_empty() {
            words.push(format!("{{{}}}", pending.join(" ")));
            pending.clear();
            after_comment = true;
        }
        let mover = game.to_move().index();
        let new_round = match last_mover {
            Some(previous) if mover <= previous => {
                round += 1;
                true
            }
            Some(_) => false,
            None => mover == 0,
        };
        if new_round {
            words.push(format!("{round}."));
        } else if after_comment {
            words.push(format!("{round}..."));
        }
        let note = pgn.notes.get(ply);
        let mark = note.and_then(|n| n.mark).unwrap_or("");
        words.push(format!("{}{mark}", move_word(&game.move_notation(mv))));
        game.make_move(mv);
        last_mover = Some(mover);
        after_comment = false;
        // Not a message: a PGN comment cannot hold its own braces.
        let comment: Vec<String> = note
            .and_then(|n| n.comment.as_deref())
            .map(|c| c.replace(['{', '}'], ""))
            .into_iter()
            .chain(clock(ply).map(clock_command))
            .collect();
        if !comment.is_empty() {
            words.push(format!("{{{}}}", comment.join(" ")));
            after_comment = true;
        }
    }
    if !pending.is_empty() {
        words.push(format!("{{{}}}", pending.join(" ")));
    }
    Ok((words, game))
}

/// A clock reading as a comment command, `[%clk 0:04:58]`.
fn clock_command(left: Duration) -> String {
    format!("[%clk {}]", pgn_clock(left))
}

/// `words` and then `result`, a space between, in lines of at most
/// [`LINE_WIDTH`] characters: a word with spaces in it (a comment) is
/// kept on one line when it fits one, else broken at its spaces.
fn wrapped(words: &[String], result: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    let pieces = words
        .iter()
        .map(String::as_str)
        .chain([result])
        .flat_map(|word| {
            let parts: Vec<&str> = if word.chars().count() > LINE_WIDTH {
                word.split(' ').collect()
            } else {
                vec![word]
            };
            parts
        });
    for word in pieces {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_wrapped_below_eighty_columns_and_words_kept_whole() {
        let words: Vec<String> = (0..60)
            .map(|i| format!("{{[%clk 0:0{}:58]}}", i % 10))
            .collect();
        let text = wrapped(&words, "*");
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH), "{text}");
        assert_eq!(
            text.split_whitespace()
                .filter(|w| w.starts_with('{'))
                .count(),
            60
        );
        assert!(text.ends_with(" *\n"));
        let long = format!(
            "{{{}}}",
            ["[%retire resign:green] [%clk 1279:37:05]"; 3].join(" ")
        );
        let text = wrapped(std::slice::from_ref(&long), "*");
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH), "{text}");
        assert_eq!(
            text.split_whitespace().collect::<Vec<_>>().join(" "),
            format!("{long} *")
        );
    }
}
