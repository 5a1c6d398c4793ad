//! The words of catboard's messages, written once for the library and the
//! binary: user text quoted in a message ([`quoted`], [`shown`]), a file's
//! path ([`shown_path`]), another library's or the system's message
//! ([`foreign`]), counts with their nouns ([`count`]), lists ([`or_list`]),
//! the word a typo meant ([`nearest`]) and the check that a message is one sentence ([`sentence_fault`]).
//!
//! Every error path that repeats what a user typed or left on disk goes
//! through [`shown`] (or [`quoted`], which adds the quotes): the text is
//! cut to [`QUOTED_CHARS`] characters with `... (N characters)` after it,
//! and control characters are written as escapes (`\n`, `\u{1b}`), so a
//! message stays one line, a 5,000-character move gives a short message,
//! and nothing typed can clear a screen-reader user's terminal or set a
//! window's title. A test in this module fails when a message in the
//! source quotes text another way (`'{x}'` in a format string).

use std::path::Path;

/// The longest piece of a user's text a message quotes, in characters.
pub const QUOTED_CHARS: usize = 40;

/// The longest path a message shows whole, in characters (a longer one is
/// cut as [`shown`] cuts text).
pub const PATH_CHARS: usize = 200;

/// The longest message of another library or the system shown whole, in
/// characters.
pub const FOREIGN_CHARS: usize = 200;

/// The longest sentence a message may be (see [`sentence_fault`]): room
/// for a fixed sentence, two quoted texts and a path.
pub const LONGEST_SENTENCE: usize = 800;

/// Whether `c` would change the terminal or break the line if written
/// as it is: a control character (C0, DEL, C1), a line or paragraph
/// separator, or a mark that reorders text (bidirectional controls).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{061c}'
        )
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `text` with every unsafe character ([`is_unsafe`]) written as its
/// escape (`\n`, `\t`, `\u{1b}`).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_unsafe(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` escaped, whole when at most `limit` characters, else its first
/// `limit` characters, `...` and its length.
fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((at, _)) => format!(
            "{}... ({} characters)",
            escaped(&text[..at]),
            text.chars().count()
        ),
        None => escaped(text),
    }
}

/// A text of several lines from another library (clap's usage errors,
/// which repeat the arguments given) with every unsafe character but the
/// line breaks escaped.
pub fn escaped_lines(text: &str) -> String {
    text.split('\n').map(escaped).collect::<Vec<_>>().join("\n")
}

/// A user's text as a message repeats it, without quotes (a number, a
/// protocol's echo): see the module's documentation.
pub fn shown(text: &str) -> String {
    cut(text, QUOTED_CHARS)
}

/// A user's text as a message quotes it: [`shown`] in single quotes
/// (`'e2e5'`). The one way messages quote what a user wrote.
pub fn quoted(text: &str) -> String {
    format!("'{}'", shown(text))
}

/// A file's path as a message names it: escaped, and cut when longer than
/// [`PATH_CHARS`] characters.
pub fn shown_path(path: &Path) -> String {
    cut(&path.to_string_lossy(), PATH_CHARS)
}

/// A command or a path a message names, in single quotes: escaped, and
/// cut only when longer than [`PATH_CHARS`] characters (an engine's
/// command with its folders is named whole).
pub fn quoted_command(text: &str) -> String {
    format!("'{}'", cut(text, PATH_CHARS))
}

/// A message from another library or the system (serde's, an I/O
/// error's), which may repeat user text: escaped, each part it quotes in
/// backticks or double quotes cut as [`shown`] cuts, and the whole cut at
/// [`FOREIGN_CHARS`] characters.
pub fn foreign(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let mark = rest[open..].chars().next().unwrap_or('`');
        let after = &rest[open + 1..];
        let Some(close) = after.find(mark) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push(mark);
        out.push_str(&shown(&after[..close]));
        out.push(mark);
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    let out = out.trim().trim_end_matches('.');
    cut(out, FOREIGN_CHARS)
}

/// `n` and the noun in the number it takes: `1 field`, `2 fields`,
/// `0 games` (`one` and `many` are the noun's two forms: `yeoman`,
/// `yeomen`).
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The noun in the number `n` takes, without the number.
pub fn noun(n: impl Into<u64>, one: &'static str, many: &'static str) -> &'static str {
    if n.into() == 1 { one } else { many }
}

/// `noun` after "a" or "an" as its first letter asks (`a rook`, `an arrow`).
pub fn with_article(noun: &str) -> String {
    let vowel = noun
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// Items as a list ending in "or": `a`, `a or b`, `a, b or c`.
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    joined(items, "or")
}

/// Items as a list ending in "and": `a`, `a and b`, `a, b and c`.
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    joined(items, "and")
}

fn joined<S: AsRef<str>>(items: &[S], word: &str) -> String {
    match items {
        [] => String::new(),
        [only] => only.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {word} {}", rest.join(", "), last.as_ref())
        }
    }
}

/// `name` with its first letter in capitals (`white` → `White`).
pub fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A sentence without its final full stop, to be set after a colon.
pub fn clause(sentence: &str) -> &str {
    sentence.trim().trim_end_matches('.')
}

/// A clause made a sentence: its first letter in capitals, a full stop
/// at its end (the inverse of [`clause`]).
pub fn sentence(clause: &str) -> String {
    let clause = clause.trim().trim_end_matches('.');
    let mut chars = clause.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// Why `message` is not one sentence as catboard writes them, or `None`
/// when it is: not empty, one line, no control character (nor any other
/// [unsafe](is_unsafe) character), at most [`LONGEST_SENTENCE`]
/// characters, beginning with no space and ending in a full stop. The
/// property tests hold every message of every parser and protocol to it.
pub fn sentence_fault(message: &str) -> Option<String> {
    let length = message.chars().count();
    if message.trim().is_empty() {
        Some("it is empty".into())
    } else if let Some(c) = message.chars().find(|&c| is_unsafe(c)) {
        Some(format!("it holds the control character {:?}", c))
    } else if length > LONGEST_SENTENCE {
        Some(format!(
            "it is {length} characters long, more than {LONGEST_SENTENCE}"
        ))
    } else if message.starts_with(char::is_whitespace) {
        Some("it begins with a space".into())
    } else if !message.ends_with('.') {
        Some("it does not end in a full stop".into())
    } else {
        None
    }
}

/// The one of `candidates` nearest to `word` as a typo would be: at most
/// one letter added, dropped, changed or two swapped (two for words of
/// more than four letters), and nearer than any other; `None` when none
/// is, or `word` is longer than any sensible command or move.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word: Vec<char> = word.to_lowercase().chars().collect();
    if word.is_empty() || word.len() > 24 {
        return None;
    }
    let most = if word.len() > 4 { 2 } else { 1 };
    let mut best: Option<(usize, &'a str)> = None;
    let mut tied = false;
    for candidate in candidates {
        let other: Vec<char> = candidate.to_lowercase().chars().collect();
        let d = typo_distance(&word, &other);
        if d == 0 || d > most {
            continue;
        }
        match best {
            Some((b, c)) if d == b && c != candidate => tied = true,
            Some((b, _)) if d >= b => {}
            _ => {
                best = Some((d, candidate));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, c)| c)
}

/// The letters added, dropped, changed or swapped with a neighbour that
/// turn `a` into `b` (the optimal string alignment distance).
fn typo_distance(a: &[char], b: &[char]) -> usize {
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// A name that is none of the choices a setting takes (a glyph set, a
/// notation, a search model): its sentence names what was asked for and
/// the choices, the name given quoted ("There is no glyph set 'emoji';
/// choose unicode, letters or ascii.").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("There is no {kind} {}; choose {choices}.", quoted(.given))]
pub struct UnknownChoice {
    /// What was being named (`glyph set`).
    pub kind: &'static str,
    /// The name given.
    pub given: String,
    /// The choices as the sentence lists them (`unicode, letters or ascii`).
    pub choices: String,
}

/// A front end whose own errors are still sentences takes its sentence.
impl From<UnknownChoice> for String {
    fn from(error: UnknownChoice) -> String {
        error.to_string()
    }
}

impl UnknownChoice {
    /// `given` is no `kind`; the choices are `choices`, listed with "or".
    pub fn among<S: AsRef<str>>(kind: &'static str, given: &str, choices: &[S]) -> UnknownChoice {
        UnknownChoice {
            kind,
            given: given.to_string(),
            choices: or_list(choices),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_choice_names_what_and_the_choices_and_quotes_the_name() {
        let long = format!("{}\u{1b}[2J", "e".repeat(5_000));
        let error = UnknownChoice::among("glyph set", &long, &["unicode", "letters", "ascii"]);
        let said = error.to_string();
        assert!(said.starts_with("There is no glyph set 'eee"), "{said}");
        assert!(
            said.ends_with("; choose unicode, letters or ascii."),
            "{said}"
        );
        assert!(!said.contains('\u{1b}'), "escaped: {said:?}");
        assert!(said.chars().count() < 200, "cut: {said:?}");
        assert_eq!(sentence_fault(&said), None, "{said}");
    }

    #[test]
    fn the_nearest_word_is_one_typo_away_and_alone() {
        let words = ["status", "board", "moves", "undo", "redo", "history"];
        assert_eq!(nearest("stauts", words), Some("status"));
        assert_eq!(nearest("bord", words), Some("board"));
        assert_eq!(nearest("hsitory", words), Some("history"));
        assert_eq!(nearest("udno", words), Some("undo"));
        assert_eq!(nearest("xyzzy", words), None);
        assert_eq!(
            nearest("status", words),
            None,
            "a word is no typo of itself"
        );
        assert_eq!(nearest("rdo", ["redo", "undo"]), Some("redo"));
        assert_eq!(
            nearest("ndo", ["redo", "undo", "ado"]),
            None,
            "two at one typo: no guess"
        );
    }

    #[test]
    fn a_clause_becomes_a_sentence_and_back() {
        assert_eq!(
            sentence("only the two armies can resign"),
            "Only the two armies can resign."
        );
        assert_eq!(clause(&sentence("a flag falls.")), "A flag falls");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn long_text_is_cut_and_short_text_kept() {
        assert_eq!(shown("e2e4"), "e2e4");
        assert_eq!(quoted("e2e4"), "'e2e4'");
        let long = "é".repeat(100_000);
        let cut = shown(&long);
        assert!(cut.starts_with(&"é".repeat(QUOTED_CHARS)), "{cut}");
        assert!(cut.ends_with("... (100000 characters)"), "{cut}");
        assert_eq!(cut.chars().count(), QUOTED_CHARS + 23);
        assert_eq!(shown(&"x".repeat(QUOTED_CHARS)), "x".repeat(QUOTED_CHARS));
    }

    #[test]
    fn control_characters_and_reordering_marks_are_escaped() {
        assert_eq!(shown("e2\u{1b}[2J"), "e2\\u{1b}[2J");
        assert_eq!(shown("a\nb\tc\0"), "a\\nb\\tc\\u{0}");
        assert_eq!(shown("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(shown("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(shown("\u{2028}"), "\\u{2028}");
        assert_eq!(shown("é♞"), "é♞");
        assert_eq!(escaped_lines("a\u{1b}[2J\nb\tc"), "a\\u{1b}[2J\nb\\tc");
        for c in ['\u{1b}', '\n', '\0', '\u{7f}', '\u{85}', '\u{2066}'] {
            assert!(sentence_fault(&format!("{}.", shown(&c.to_string()))).is_none());
        }
    }

    #[test]
    fn a_foreign_message_has_its_quoted_parts_cut_and_escaped() {
        let long = "x".repeat(5_000);
        let serde = format!("unknown field `a\tb{long}`, expected `variant` at line 1 column 9");
        let shown = foreign(&serde);
        assert!(
            shown.starts_with("unknown field `a\\tb") && shown.contains("(5003 characters)`"),
            "{shown}"
        );
        assert!(shown.chars().count() <= FOREIGN_CHARS + 30, "{shown}");
        assert_eq!(
            foreign("No such file or directory (os error 2)."),
            "No such file or directory (os error 2)"
        );
        assert_eq!(
            foreign("an \"odd\" quote \" left open"),
            "an \"odd\" quote \" left open"
        );
        let path = std::path::PathBuf::from("/tmp/a\nb");
        assert_eq!(shown_path(&path), "/tmp/a\\nb");
    }

    #[test]
    fn counts_take_the_number_of_their_noun_and_lists_their_last_word() {
        assert_eq!(count(1u32, "field", "fields"), "1 field");
        assert_eq!(count(0u32, "game", "games"), "0 games");
        assert_eq!(count(2u8, "yeoman", "yeomen"), "2 yeomen");
        assert_eq!(noun(1u8, "is", "are"), "is");
        assert_eq!(with_article("arrow"), "an arrow");
        assert_eq!(with_article("rook"), "a rook");
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a", "b"]), "a or b");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(or_list::<&str>(&[]), "");
        assert_eq!(clause(" Bad move. "), "Bad move");
    }

    #[test]
    fn one_sentence_is_one_clean_line_ending_in_a_full_stop() {
        assert_eq!(sentence_fault("The move is empty."), None);
        for bad in [
            "",
            "  ",
            "no stop",
            "two\nlines.",
            "an \u{1b}[2J escape.",
            " leading space.",
        ] {
            assert!(sentence_fault(bad).is_some(), "{bad:?}");
        }
        let long = format!("{}.", "x".repeat(LONGEST_SENTENCE));
        assert!(sentence_fault(&long).is_some());
    }

    /// The lint: no message in the source quotes text by hand. A format
    /// string holding `'{…}'` (or `\"{…}\"`) repeats a value unquoted and
    /// uncut; it must go through [`quoted`] instead. Test code (a
    /// `tests.rs` file, or what follows `#[cfg(test)]` in a file) may, and
    /// so may a data format's syntax, marked by a comment saying "Not a
    /// message" (or "Not user text", for a constant in quotes) within the
    /// five lines before.
    #[test]
    fn no_message_in_the_source_quotes_user_text_by_hand() {
        // Every crate of the workspace: the binaries' `src/` and each
        // library's `crates/*/src/`.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut found = Vec::new();
        let mut folders = vec![root.join("src"), root.join("crates")];
        while let Some(dir) = folders.pop() {
            let entries = std::fs::read_dir(&dir).expect("the source folder lists");
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    if !path.ends_with("target") {
                        folders.push(path);
                    }
                    continue;
                }
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if !name.ends_with(".rs")
                    || name.ends_with("tests.rs")
                    || path.ends_with("src/text.rs")
                {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("a source file reads");
                let lines: Vec<&str> = text.lines().collect();
                for (n, line) in lines.iter().enumerate() {
                    if line.trim_start().starts_with("#[cfg(test)]") {
                        break;
                    }
                    if line.trim_start().starts_with("//") {
                        continue;
                    }
                    let marked = lines[n.saturating_sub(5)..n]
                        .iter()
                        .any(|l| l.contains("// Not a message") || l.contains("// Not user text"));
                    if quotes_a_placeholder(line) && !marked {
                        found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                    }
                }
            }
        }
        assert!(
            found.is_empty(),
            "text quoted by hand instead of through catboard::text::quoted:\n{}",
            found.join("\n")
        );
    }

    /// Whether `line` holds a placeholder in quotes: `'{x}'`, `'{}'`, `\"{}\"`.
    fn quotes_a_placeholder(line: &str) -> bool {
        for quote in ["'", "\\\""] {
            let mut rest = line;
            while let Some(at) = rest.find(&format!("{quote}{{")) {
                let after = &rest[at + quote.len() + 1..];
                if let Some(literal) = after.strip_prefix('{') {
                    // `'{{` is a literal brace.
                    rest = literal;
                    continue;
                }
                if let Some(close) = after.find('}')
                    && after[close + 1..].starts_with(quote)
                {
                    return true;
                }
                rest = after;
            }
        }
        false
    }

    #[test]
    fn the_lint_sees_a_placeholder_in_quotes() {
        assert!(quotes_a_placeholder(r#"format!("no move '{text}' here")"#));
        assert!(quotes_a_placeholder(r#"format!("no move '{}' here", x)"#));
        assert!(quotes_a_placeholder(r#"format!("a \"{x}\" b")"#));
        assert!(!quotes_a_placeholder(
            r#"format!("no move {} here", quoted(x))"#
        ));
        assert!(!quotes_a_placeholder(r#"format!("'{{' is a brace")"#));
    }
}
