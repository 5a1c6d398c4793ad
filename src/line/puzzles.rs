//! Puzzles in the line mode (`catboard puzzle --line`): the session's
//! [`PuzzleApp`] read and written as sentences. A line is a word of
//! [`WORDS`] (the keymap's actions for puzzles) or a move.

use crate::session::action::Action;
use crate::session::describe::position;
use crate::session::keymap::{Context, KEYMAP};
use crate::session::puzzles::PuzzleApp;
use catboard::limits::LINE_MODE_LINE;
use catboard::protocol::read_ahead::{Line, read_line};
use std::io::{BufRead, Write};

/// The line mode's words for the puzzle keys, each with its short form.
const WORDS: &[(&str, &str, Action)] = &[
    ("hint", "h", Action::PuzzleHint),
    ("solution", "s", Action::PuzzleSolution),
    ("next", "n", Action::PuzzleNext),
    ("quit", "q", Action::Quit),
];

/// The help: each word and what it does (the keymap's words for its key),
/// and the two that are the line mode's own.
fn help() -> Vec<String> {
    let mut lines = vec!["Type a move (SAN or UCI), or:".to_string()];
    for (word, short, action) in WORDS {
        let what = KEYMAP
            .iter()
            .find(|b| b.context == Context::Puzzle && b.action == *action)
            .map_or("", |b| b.help);
        lines.push(format!("{word} ({short}): {what}."));
    }
    lines.push("board (b): the position, rank by rank.".into());
    lines.push("help: these words.".into());
    lines
}

/// Where the session's words stood before a line: the puzzle set and
/// how much of it was said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    index: usize,
    said: usize,
}

impl Mark {
    /// Where `app`'s words stand now.
    pub fn of(app: &PuzzleApp) -> Mark {
        Mark {
            index: app.index,
            said: app.said.len(),
        }
    }

    /// What `app` said since this mark (all of a new puzzle's words).
    pub fn since<'a>(&self, app: &'a PuzzleApp) -> &'a [String] {
        let from = if app.index == self.index && app.said.len() >= self.said {
            self.said
        } else {
            0
        };
        &app.said[from..]
    }
}

/// What one line typed does in a puzzle session: `Some` lines to say at
/// once (help, the board), or `None` when it changed `app` (what it said
/// is in [`PuzzleApp::said`], from a [`Mark`] taken before). The line
/// mode of `catboard puzzle --line` and of the server answer so.
pub fn answer(app: &mut PuzzleApp, text: &str) -> Option<Vec<String>> {
    let word = text.trim().to_lowercase();
    if word.is_empty() {
        return Some(Vec::new());
    } else if word == "help" || word == "?" {
        return Some(help());
    } else if word == "board" || word == "b" {
        return Some(position::board(app.game(), app.voice));
    } else if let Some((_, _, action)) = WORDS.iter().find(|(w, s, _)| word == *w || word == *s) {
        app.update(action);
    } else {
        app.play_text(text.trim());
    }
    None
}

/// Runs the session on `input` and `output` until `quit` or the input
/// ends; the ratings are kept as they change.
pub fn converse(
    app: &mut PuzzleApp,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    for s in &app.said {
        writeln!(out, "{s}")?;
    }
    writeln!(out, "Type help for the words.")?;
    let mut buf = Vec::new();
    while !app.quit {
        write!(out, "> ")?;
        out.flush()?;
        let text = match read_line(&mut input, &mut buf, LINE_MODE_LINE.most as usize) {
            Ok(Some(Line::Text(text))) => text.trim().to_string(),
            Ok(Some(Line::NotText)) => {
                writeln!(out, "That line is not text.")?;
                continue;
            }
            Ok(Some(Line::TooLong(n))) => {
                writeln!(out, "That line is {n} bytes long, too long to be a move.")?;
                continue;
            }
            Ok(None) | Err(_) => break,
        };
        let mark = Mark::of(app);
        let lines = match answer(app, &text) {
            Some(lines) => lines,
            None => mark.since(app).to_vec(),
        };
        for s in lines {
            writeln!(out, "{s}")?;
        }
    }
    Ok(())
}

/// `catboard puzzle --line`: on standard input and output.
pub fn run(app: &mut PuzzleApp) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    converse(app, stdin.lock(), &mut out).map_err(|e| format!("Could not talk: {e}."))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::golden::{Goldens, golden_tests};
    use crate::session::puzzles::PuzzleRatings;
    use crate::session::speech::Voice;
    use catboard::puzzle::{self, Puzzle};
    use catboard::variants::Variant;

    /// Two chess puzzles, a mate in one each.
    pub(crate) fn two() -> Vec<Puzzle> {
        let text = "chess-a\tr1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\th5f7\t1500\t350\t0.06000\tmate-in-1\tselfplay\n\
                    chess-b\t6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1\te1e8\t1500\t350\t0.06000\tmate-in-1\tselfplay\n";
        puzzle::read_file(Variant::Chess, text).expect("two puzzles")
    }

    fn transcript(script: &str) -> String {
        let mut app = PuzzleApp::new(
            Variant::Chess,
            two(),
            PuzzleRatings::default(),
            Voice::SPOKEN,
        )
        .expect("an app");
        let mut out = Vec::new();
        converse(&mut app, script.as_bytes(), &mut out).expect("written");
        String::from_utf8(out).expect("text")
    }

    fn a_puzzle_is_solved_and_the_next_failed_in_sentences(goldens: &mut Goldens) {
        let text = transcript("help\nQxf7#\nnext\nhint\nRd1\nq\n");
        assert!(text.contains("Solved!"), "{text}");
        assert!(text.contains("Wrong: the solution was Re8#."), "{text}");
        goldens.check("line-puzzles", &format!("{text}\n[end of transcript]\n"));
    }

    golden_tests!(pub(crate) mod transcripts = [
        a_puzzle_is_solved_and_the_next_failed_in_sentences,
    ]);

    #[test]
    fn a_faulty_line_is_said_and_the_session_goes_on() {
        let text = transcript("e9e9\nQh5\nb\n");
        assert!(text.contains("'e9e9' is no legal move here."), "{text}");
        assert!(text.contains("'Qh5' is no legal move here."), "{text}");
        assert!(text.contains("Rank 8"), "{text}");
    }
}
