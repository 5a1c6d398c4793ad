//! Every command line quoted in `README.md` and `docs/*.md` parses with
//! the parser `main` uses (`Cli::try_parse_from`), so a renamed flag or a
//! changed value type cannot leave the documentation behind.
//!
//! Where commands are found (the rules `docs/development.md` states):
//!
//! - **Shell blocks** (a fence opened with ```` ```sh ````, `bash` or
//!   `shell`): every line is a shell line.
//! - **Synopsis blocks** (```` ```synopsis ````): skipped, so a synopsis
//!   may hold placeholders (`--depth N`, `[--divide]`).
//! - **Other fenced blocks** (```` ```text ````, no info string, ...): a
//!   line starting with `$ ` (a prompt in a transcript) is a shell line
//!   without the prompt, and so is a line whose first word is `catboard`,
//!   a path ending in `/catboard` or `cargo`; every other line is output.
//! - **Inline code** outside fences (`` `catboard play --variant cat` ``,
//!   across line breaks within a paragraph): a span that mentions
//!   `catboard` or begins `cargo run` is a shell line, with `\|` read as
//!   `|` (a pipe in a table).
//!
//! A shell line ending in `\` continues on the next line. It is split into
//! words as a shell does (quotes, backslashes), at `|`, `||`, `&&`, `;`
//! and `&` into commands, with redirections and `# comments` dropped and
//! leading `NAME=value` words skipped. A command is checked when its
//! program is `catboard` (or a path ending in `/catboard`), or `cargo run`
//! without `--bin`/`--example`, whose words after `--` are catboard's;
//! `catboard` followed by a word ending in `:` is a message the program
//! wrote (`catboard serve: listening on ...`), not a command.
//! A quoted word that is itself such a command (`xboard -fcp "catboard
//! xboard"`, `--engine1 "target/release/catboard xboard"`) is checked too.
//! `catboard serve` lines are skipped only in a build without the `serve`
//! subcommand (a build without the SSH server).

use crate::Cli;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use std::path::{Path, PathBuf};

/// One command found in a document.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Quoted {
    /// The line it starts on, counting from 1.
    line: usize,
    /// The arguments after the program name.
    args: Vec<String>,
}

/// What a fenced block holds, by its info string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// `sh`, `bash`, `shell`: shell lines only.
    Shell,
    /// `synopsis`: placeholders, not checked.
    Synopsis,
    /// Anything else: output, with prompt lines and command lines in it.
    Output,
}

impl Block {
    fn of(info: &str) -> Block {
        match info.split_whitespace().next().unwrap_or("") {
            "sh" | "bash" | "shell" => Block::Shell,
            "synopsis" => Block::Synopsis,
            _ => Block::Output,
        }
    }
}

/// A word of a shell line, and whether any of it was quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Word {
    text: String,
    quoted: bool,
}

/// A piece of a shell line: a word or an operator.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Word(Word),
    /// `|`, `||`, `&&`, `;`, `&`, `(`, `)`: the end of a command.
    Separator,
    /// `<`, `>`, `>>`, `2>`, `&>`, ...: the next word is a file, not an argument.
    Redirect,
}

/// Splits `line` into words and operators as a POSIX shell does, or says
/// why it cannot (an unclosed quote).
fn tokens(line: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    let mut word: Option<Word> = None;
    let finish = |word: &mut Option<Word>, out: &mut Vec<Token>| {
        if let Some(w) = word.take() {
            out.push(Token::Word(w));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => finish(&mut word, &mut out),
            '#' if word.is_none() => break,
            '\'' => {
                let w = word.get_or_insert(Word {
                    text: String::new(),
                    quoted: true,
                });
                w.quoted = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => w.text.push(ch),
                        None => return Err("a single quote is not closed".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert(Word {
                    text: String::new(),
                    quoted: true,
                });
                w.quoted = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(ch @ ('"' | '\\' | '$' | '`')) => w.text.push(ch),
                            Some(ch) => {
                                w.text.push('\\');
                                w.text.push(ch);
                            }
                            None => return Err("a double quote is not closed".into()),
                        },
                        Some(ch) => w.text.push(ch),
                        None => return Err("a double quote is not closed".into()),
                    }
                }
            }
            '\\' => {
                let w = word.get_or_insert(Word {
                    text: String::new(),
                    quoted: false,
                });
                if let Some(ch) = chars.next() {
                    w.text.push(ch);
                }
            }
            '|' | ';' | '(' | ')' => {
                finish(&mut word, &mut out);
                if chars.peek() == Some(&'|') || chars.peek() == Some(&';') {
                    chars.next();
                }
                out.push(Token::Separator);
            }
            '&' => {
                finish(&mut word, &mut out);
                match chars.peek() {
                    Some('&') => {
                        chars.next();
                        out.push(Token::Separator);
                    }
                    Some('>') => {
                        chars.next();
                        if chars.peek() == Some(&'>') {
                            chars.next();
                        }
                        out.push(Token::Redirect);
                    }
                    _ => out.push(Token::Separator),
                }
            }
            '<' | '>' => {
                // `2>` and `2>&1`: a bare file-descriptor number before the
                // operator belongs to it.
                if word
                    .as_ref()
                    .is_some_and(|w| !w.quoted && w.text.chars().all(|d| d.is_ascii_digit()))
                {
                    word = None;
                }
                finish(&mut word, &mut out);
                while chars.peek() == Some(&'>') || chars.peek() == Some(&'<') {
                    chars.next();
                }
                if chars.peek() == Some(&'&') {
                    // `>&1`, `>&2`: a duplicated descriptor, no file word.
                    chars.next();
                    while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                        chars.next();
                    }
                } else {
                    out.push(Token::Redirect);
                }
            }
            _ => word
                .get_or_insert(Word {
                    text: String::new(),
                    quoted: false,
                })
                .text
                .push(c),
        }
    }
    finish(&mut word, &mut out);
    Ok(out)
}

/// The simple commands of a shell line: their words, redirections dropped.
fn simple_commands(line: &str) -> Result<Vec<Vec<Word>>, String> {
    let mut commands = vec![Vec::new()];
    let mut redirected = false;
    for token in tokens(line)? {
        match token {
            Token::Separator => commands.push(Vec::new()),
            Token::Redirect => redirected = true,
            Token::Word(_) if redirected => redirected = false,
            Token::Word(w) => {
                if let Some(current) = commands.last_mut() {
                    current.push(w);
                }
            }
        }
    }
    Ok(commands.into_iter().filter(|c| !c.is_empty()).collect())
}

/// Whether `word` names the catboard program.
fn is_catboard(word: &str) -> bool {
    word == "catboard" || word.ends_with("/catboard")
}

/// Catboard's arguments in a simple command, when it runs catboard.
fn catboard_args(words: &[Word]) -> Option<Vec<String>> {
    let words: Vec<&str> = words
        .iter()
        .map(|w| w.text.as_str())
        .skip_while(|w| is_assignment(w))
        .collect();
    match words.as_slice() {
        // `catboard serve: listening on ...` is a message the program
        // wrote, not a command (no subcommand ends in a colon).
        [program, first, ..] if is_catboard(program) && first.ends_with(':') => None,
        [program, args @ ..] if is_catboard(program) => {
            Some(args.iter().map(|a| a.to_string()).collect())
        }
        ["cargo", "run", rest @ ..] => {
            let split = rest.iter().position(|w| *w == "--");
            let cargo_args = &rest[..split.unwrap_or(rest.len())];
            let another = cargo_args.windows(2).any(|pair| {
                matches!(pair, ["--bin", name] if *name != "catboard") || pair[0] == "--example"
            });
            if another {
                return None;
            }
            Some(split.map_or_else(Vec::new, |i| {
                rest[i + 1..].iter().map(|a| a.to_string()).collect()
            }))
        }
        _ => None,
    }
}

/// `NAME=value`, an environment assignment before a command.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !name.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// Every catboard command in one shell line (nested quoted ones too).
fn commands_in_shell(line: &str) -> Result<Vec<Vec<String>>, String> {
    let mut found = Vec::new();
    for words in simple_commands(line)? {
        if let Some(args) = catboard_args(&words) {
            found.push(args);
        }
        for word in words.iter().filter(|w| w.quoted && w.text.contains(' ')) {
            let first = word.text.split_whitespace().next().unwrap_or("");
            if is_catboard(first) {
                found.extend(commands_in_shell(&word.text)?);
            }
        }
    }
    Ok(found)
}

/// Whether a line of an output block is a shell line, and its text: a
/// prompt line, or one that begins with the program.
fn shell_line_of_output(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix("$ ") {
        return Some(rest);
    }
    let mut words = trimmed.split_whitespace();
    let first = words.next().unwrap_or("");
    // `catboard serve: …` is a line the program wrote (no subcommand ends
    // in a colon), read whole: its text is no shell's, so a quote in it
    // opens nothing.
    if words.next().is_some_and(|second| second.ends_with(':')) {
        return None;
    }
    (is_catboard(first) || first == "cargo").then_some(trimmed)
}

/// Every command quoted in the Markdown `text`, with its line; an error
/// names the line of a shell line that cannot be read.
fn commands_in(text: &str) -> Result<Vec<Quoted>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let shell = |at: usize, line: &str, found: &mut Vec<Quoted>| -> Result<(), String> {
        let commands = commands_in_shell(line).map_err(|e| format!("line {at}: {e}: {line}"))?;
        found.extend(commands.into_iter().map(|args| Quoted { line: at, args }));
        Ok(())
    };
    let mut paragraph: Vec<(usize, &str)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            for (at, line) in inline_spans(&paragraph) {
                shell(at, &line, &mut found)?;
            }
            paragraph.clear();
            let block = Block::of(info);
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                let at = i + 1;
                let mut line = lines[i].trim_start().to_string();
                while line.ends_with('\\') && i + 1 < lines.len() {
                    line.pop();
                    i += 1;
                    line.push(' ');
                    line.push_str(lines[i].trim_start());
                }
                match block {
                    Block::Synopsis => {}
                    Block::Shell => {
                        let line = line.strip_prefix("$ ").unwrap_or(&line);
                        shell(at, line, &mut found)?;
                    }
                    Block::Output => {
                        if let Some(line) = shell_line_of_output(&line) {
                            shell(at, line, &mut found)?;
                        }
                    }
                }
                i += 1;
            }
        } else if trimmed.is_empty() {
            for (at, line) in inline_spans(&paragraph) {
                shell(at, &line, &mut found)?;
            }
            paragraph.clear();
        } else {
            paragraph.push((i + 1, lines[i]));
        }
        i += 1;
    }
    for (at, line) in inline_spans(&paragraph) {
        shell(at, &line, &mut found)?;
    }
    Ok(found)
}

/// The inline code spans of a paragraph (lines with their numbers) that
/// mention catboard or begin `cargo run`, each with the line it starts on; a span may run over
/// line breaks, which count as spaces.
fn inline_spans(paragraph: &[(usize, &str)]) -> Vec<(usize, String)> {
    let mut text = String::new();
    let mut line_at: Vec<usize> = Vec::new();
    for (number, line) in paragraph {
        for _ in line.chars() {
            line_at.push(*number);
        }
        line_at.push(*number);
        text.push_str(line);
        text.push('\n');
    }
    let chars: Vec<char> = text.chars().collect();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|c| **c == '`').count();
        let start = i + run;
        let mut j = start;
        let mut end = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let closing = chars[j..].iter().take_while(|c| **c == '`').count();
                if closing == run {
                    end = Some(j);
                    break;
                }
                j += closing;
            } else {
                j += 1;
            }
        }
        let Some(end) = end else {
            i = start;
            continue;
        };
        let content: String = chars[start..end]
            .iter()
            .map(|c| if *c == '\n' { ' ' } else { *c })
            .collect();
        let content = content.trim().replace("\\|", "|");
        if content.contains("catboard") || content.starts_with("cargo run") {
            spans.push((line_at.get(start).copied().unwrap_or(1), content));
        }
        i = end + run;
    }
    spans
}

/// What clap says of `args`, or `None` when they parse (or ask for help).
fn refusal(args: &[String]) -> Option<String> {
    let argv = std::iter::once("catboard".to_string()).chain(args.iter().cloned());
    match Cli::try_parse_from(argv) {
        Ok(_) => None,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => None,
        Err(e) => Some(
            e.to_string()
                .lines()
                .next()
                .unwrap_or("")
                .trim()
                .to_string(),
        ),
    }
}

/// Whether this build's parser has the `serve` subcommand (the SSH server).
fn has_serve() -> bool {
    Cli::command().find_subcommand("serve").is_some()
}

/// Every problem with the commands quoted in `text` (the document `name`):
/// one line each, `name:line: catboard ARGS: clap's message`.
fn problems(name: &str, text: &str) -> (Vec<String>, usize) {
    let quoted = match commands_in(text) {
        Ok(quoted) => quoted,
        Err(e) => return (vec![format!("{name}: {e}")], 0),
    };
    let serve = has_serve();
    let mut checked = 0;
    let mut found = Vec::new();
    for q in &quoted {
        if !serve && q.args.first().is_some_and(|a| a == "serve") {
            continue;
        }
        checked += 1;
        if let Some(why) = refusal(&q.args) {
            found.push(format!(
                "{name}:{}: catboard {}: {why}",
                q.line,
                q.args.join(" ")
            ));
        }
    }
    (found, checked)
}

/// The anchors of a Markdown text's headings, as GitHub makes them: the
/// heading's text in lower case, letters, digits, `-` and `_` kept,
/// spaces made `-` (code marks and other punctuation dropped).
fn anchors(text: &str) -> Vec<String> {
    let mut in_fence = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        if in_fence {
            continue;
        }
        let slug: String = heading
            .trim_start_matches('#')
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        found.push(slug);
    }
    found
}

/// README.md and every `docs/*.md`, by name from the crate's root.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .collect()
        })
        .unwrap_or_default();
    docs.sort();
    std::iter::once(root.join("README.md"))
        .chain(docs)
        .collect()
}

/// A document's text and its name relative to the crate's root.
fn read(path: &Path) -> (String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let name = path
        .strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    (name, text)
}

#[test]
fn every_command_line_in_the_readme_and_docs_parses() {
    let mut all = Vec::new();
    let mut in_readme = 0;
    let mut in_docs = 0;
    for path in documents() {
        let (name, text) = read(&path);
        let (found, checked) = problems(&name, &text);
        if name == "README.md" {
            in_readme += checked;
        } else {
            in_docs += checked;
        }
        all.extend(found);
    }
    assert!(
        all.is_empty(),
        "{} quoted command lines do not parse:\n{}",
        all.len(),
        all.join("\n")
    );
    // Guards the extraction itself: a change that found no commands would
    // pass the check above vacuously.
    assert!(
        in_readme >= 5 && in_docs >= 50,
        "only {in_readme} commands found in README.md and {in_docs} in docs/"
    );
}

/// Every command `catboard --help` lists has a row of its own in
/// README's commands table (a row beginning `` | `catboard NAME ``).
#[test]
fn every_command_the_help_lists_has_a_row_in_the_readmes_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_, text) = read(&root.join("README.md"));
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| `catboard"))
        .collect();
    let missing: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| name != "help")
        .filter(|name| {
            let (spaced, quoted) = (
                format!("| `catboard {name} "),
                format!("| `catboard {name}`"),
            );
            !rows
                .iter()
                .any(|row| row.starts_with(&spaced) || row.starts_with(&quoted))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "README.md's commands table has no row for: {}",
        missing.join(", ")
    );
}

#[test]
fn the_readme_stays_short_and_every_relative_link_leads_to_a_heading_or_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    for path in documents() {
        let (name, text) = read(&path);
        if name == "README.md" {
            let lines = text.lines().count();
            assert!(
                lines <= 300,
                "README.md has {lines} lines; keep it to 300 and move detail to docs/"
            );
        }
        let dir = path.parent().unwrap_or(root);
        for (number, line) in text.lines().enumerate() {
            for target in line.split("](").skip(1) {
                let target = target.split(')').next().unwrap_or("");
                let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
                if file.contains("://") || file.starts_with("mailto:") {
                    continue;
                }
                let linked = if file.is_empty() {
                    path.clone()
                } else {
                    dir.join(file)
                };
                let found = linked.exists()
                    && (anchor.is_empty()
                        || std::fs::read_to_string(&linked)
                            .is_ok_and(|t| anchors(&t).iter().any(|a| a == anchor)));
                if !found {
                    broken.push(format!("{name}:{}: {target}", number + 1));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# Chu Chess as variant `elven`\n\n```sh\n# not a heading\n```\n## Moves, questions and taking back\n### `catboard bench`\n";
    assert_eq!(
        anchors(text),
        [
            "chu-chess-as-variant-elven",
            "moves-questions-and-taking-back",
            "catboard-bench"
        ]
    );
}

#[test]
fn commands_are_found_in_shell_blocks_transcripts_and_inline_code() {
    let doc = "\
Play with `catboard play --variant cat` or `cargo run --release -- line
--variant polar`; not `catboard::ai::think` nor `catboard: an error`.

```sh
cargo run --release
PROPTEST_CASES=10 catboard rules --batch < queries.jsonl 2>/dev/null # a comment
printf 'go\\n' | target/release/catboard uci-cat --level club && echo done
xboard -fcp \"catboard xboard --hash-mb 32\"
catboard bench \\
    --depth 3
cargo run --release --bin catboard-match -- --games 2
```

```text
$ catboard perft --depth 2
White to move: 'Kh7' is not a legal move. Black's turn
catboard: --depth 10 is deeper than Chess perft counts (at most 9).
catboard serve: listening on 127.0.0.1:2222
catboard serve: the name ann is now key:SHA256:abc's
```

```synopsis
catboard perft --depth N [--divide]
```

| a | `catboard rules \\| head -1` |
";
    let found = commands_in(doc).expect("readable");
    let shown: Vec<(usize, String)> = found.iter().map(|q| (q.line, q.args.join(" "))).collect();
    let expected: Vec<(usize, String)> = [
        (1, "play --variant cat"),
        (1, "line --variant polar"),
        (5, ""),
        (6, "rules --batch"),
        (7, "uci-cat --level club"),
        (8, "xboard --hash-mb 32"),
        (9, "bench --depth 3"),
        (15, "perft --depth 2"),
        (26, "rules"),
    ]
    .into_iter()
    .map(|(line, args)| (line, args.to_string()))
    .collect();
    assert_eq!(shown, expected);
    assert!(found.iter().all(|q| refusal(&q.args).is_none()));
}

#[test]
fn a_wrong_flag_is_reported_with_its_file_line_and_clap_message() {
    let doc = "Intro.\n\n```sh\ncatboard perft --depth 2\ncatboard perft --deep 2\n```\n\nOr `catboard play --variant cat --level club`.\n";
    let (found, checked) = problems("docs/x.md", doc);
    assert_eq!(checked, 3);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].starts_with(
            "docs/x.md:5: catboard perft --deep 2: error: unexpected argument '--deep'"
        ),
        "{}",
        found[0]
    );
    assert!(found[1].starts_with("docs/x.md:8: "), "{}", found[1]);
    let (found, _) = problems("README.md", "`catboard perft --depth deep`\n");
    assert!(found[0].contains("invalid value 'deep'"), "{found:?}");
    let (found, _) = problems("README.md", "```sh\ncatboard rules --position 'x\n```\n");
    assert!(
        found[0].contains("line 2: a single quote is not closed"),
        "{found:?}"
    );
}
