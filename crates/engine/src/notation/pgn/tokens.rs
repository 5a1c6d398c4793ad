//! PGN's tokens: the brackets and quoted values of tag pairs, words
//! (moves, results, tag names), move numbers with their dots, `{}`
//! comments, the parentheses of variations and NAGs. `;` comments and
//! `%` lines are skipped here. Each token comes with its line; a fault is
//! a clause naming the line, for the reader to set in its sentence. The
//! tokenizer holds nothing but its place in the text, and a quoted value
//! longer than [`PGN_TAG`] is refused as soon as it is.

use super::error::{AtLine, TextFault};
use crate::limits::PGN_TAG;

/// One token of PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `[`, opening a tag pair.
    TagOpen,
    /// `]`, closing a tag pair.
    TagClose,
    /// A quoted value, its `\"` and `\\` escapes undone.
    Text(String),
    /// A move, a result or a tag's name: a run of characters up to a space
    /// or one of `{ } [ ] ( ) ; " $`.
    Word(&'a str),
    /// A move number with its dots (`12.`, `12...`), or dots alone.
    Number,
    /// A `{}` comment's text.
    Comment(&'a str),
    /// `(`, opening a variation.
    Open,
    /// `)`, closing a variation.
    Close,
    /// A numeric annotation glyph (`$1`).
    Nag,
}

/// The tokens of a PGN text, in order.
pub struct Tokens<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

/// Whether a `"` followed on its line by `after` closes a quoted value:
/// when `]` comes next (spaces aside).
fn closes(after: &str) -> bool {
    after.trim_start().starts_with(']')
}

/// Whether `b` ends a word.
fn ends_word(b: u8) -> bool {
    b.is_ascii_whitespace() || b"{}[]();\"$".contains(&b)
}

impl<'a> Tokens<'a> {
    /// The tokens of `text` (a byte-order mark at its start skipped).
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            text,
            at: if text.starts_with('\u{feff}') { 3 } else { 0 },
            line: 1,
        }
    }

    /// Moves on to the next game's tags: to the start of the first line,
    /// from the one reached and after line `after`, that begins with `[`
    /// where the line before it (blank lines aside) does not; to the end
    /// when there is none.
    pub fn skip_to_next_tags(&mut self, after: usize) {
        let is_tag = |line: &str| line.trim_start().starts_with('[');
        let mut at = self.text[..self.at].rfind('\n').map_or(0, |i| i + 1);
        let mut previous_tag = self.text[..at]
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .is_some_and(is_tag);
        let mut line = self.line;
        while at < self.text.len() {
            let end = self.text[at..]
                .find('\n')
                .map_or(self.text.len(), |i| at + i);
            let text = &self.text[at..end];
            if line > after && is_tag(text) && !previous_tag {
                break;
            }
            if !text.trim().is_empty() {
                previous_tag = is_tag(text);
            }
            at = (end + 1).min(self.text.len());
            line += 1;
        }
        self.at = at;
        self.line = line;
    }

    /// The line the tokenizer has reached.
    pub fn line(&self) -> usize {
        self.line
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// Skips to the end of the line (not past its line break).
    fn skip_line(&mut self) {
        let rest = &self.bytes()[self.at..];
        self.at += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    }

    /// Skips spaces, line breaks, `;` comments and `%` lines.
    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes().get(self.at) {
            match b {
                b'\n' => {
                    self.line += 1;
                    self.at += 1;
                }
                b';' => self.skip_line(),
                b'%' if self.at == 0 || self.bytes()[self.at - 1] == b'\n' => self.skip_line(),
                b if b.is_ascii_whitespace() => self.at += 1,
                _ => return,
            }
        }
    }

    /// The next token and its line, `None` at the end, or the clause
    /// saying what is wrong.
    pub fn next_token(&mut self) -> Result<Option<(Token<'a>, usize)>, AtLine> {
        self.skip_space();
        let Some(&b) = self.bytes().get(self.at) else {
            return Ok(None);
        };
        let line = self.line;
        let start = self.at;
        self.at += 1;
        let token = match b {
            b'[' => Token::TagOpen,
            b']' => Token::TagClose,
            b'(' => Token::Open,
            b')' => Token::Close,
            b'{' => {
                let rest = &self.bytes()[self.at..];
                let Some(end) = rest.iter().position(|&b| b == b'}') else {
                    return Err(AtLine::new(line, TextFault::OpenComment));
                };
                let body = &self.text[self.at..self.at + end];
                self.line += body.bytes().filter(|&b| b == b'\n').count();
                self.at += end + 1;
                Token::Comment(body)
            }
            b'"' => Token::Text(self.quoted(line)?),
            b'$' => {
                self.at += self.bytes()[self.at..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                Token::Nag
            }
            _ => {
                let rest = &self.bytes()[start..];
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                let dots = rest[digits..].iter().take_while(|&&b| b == b'.').count();
                if dots > 0 {
                    self.at = start + digits + dots;
                    Token::Number
                } else {
                    // A lone `}` is a word of its own, so the text moves on.
                    let len = rest
                        .iter()
                        .position(|&b| ends_word(b))
                        .unwrap_or(rest.len())
                        .max(1);
                    self.at = start + len;
                    Token::Word(&self.text[start..start + len])
                }
            }
        };
        Ok(Some((token, line)))
    }

    /// A quoted value whose opening `"` was on `line`, read to its
    /// closing `"` on the same line. A value written as PGN says (`\"`
    /// and `\\` escaped) is read so; one that is not (python-chess and
    /// others write `"` and `\` as they are) is read as python-chess reads
    /// it: everything up to the last `"` on its line that a `]` follows,
    /// as it stands.
    fn quoted(&mut self, line: usize) -> Result<String, AtLine> {
        let rest = &self.text[self.at..];
        let line_end = rest.find('\n').unwrap_or(rest.len());
        let on_line = &rest[..line_end];
        let (value, used) = match escaped_value(on_line) {
            Some(found) => found,
            None => {
                let end = on_line
                    .char_indices()
                    .rev()
                    .filter(|&(_, c)| c == '"')
                    .map(|(i, _)| i)
                    .find(|&i| on_line[i + 1..].trim_start().starts_with(']'))
                    .ok_or(AtLine::new(line, TextFault::OpenTagValue))?;
                (on_line[..end].to_string(), end + 1)
            }
        };
        if value.len() as u64 > PGN_TAG.most {
            return Err(AtLine::new(line, TextFault::LongTagValue(PGN_TAG.most)));
        }
        self.at += used;
        Ok(value)
    }
}

/// A value written as PGN says, at the start of `text` (after its opening
/// `"`): `\"` and `\\` undone, closed by a `"` that `]` follows; with
/// the bytes it took, closing `"` included. `None` when `text` is not so
/// written (a `"` inside it not escaped, a `\` escaping nothing, no close).
fn escaped_value(text: &str) -> Option<(String, usize)> {
    let mut value = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return closes(&text[i + 1..]).then_some((value, i + 1)),
            '\\' => match chars.next() {
                Some((_, escaped @ ('"' | '\\'))) => value.push(escaped),
                _ => return None,
            },
            c => value.push(c),
        }
        if value.len() as u64 > PGN_TAG.most {
            return Some((value, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<Token<'_>> {
        let mut tokens = Tokens::new(text);
        let mut out = Vec::new();
        while let Some((t, _)) = tokens.next_token().expect("reads") {
            out.push(t);
        }
        out
    }

    #[test]
    fn tags_moves_numbers_comments_and_variations_are_told_apart() {
        use Token::*;
        assert_eq!(
            all(
                "[White \"a \\\"b\\\"\"]\n1.e4 e5!? $1 (1... c5) {hi} ; rest\n% skip\n2... 15N-16N 1/2-1/2"
            ),
            vec![
                TagOpen,
                Word("White"),
                Text("a \"b\"".into()),
                TagClose,
                Number,
                Word("e4"),
                Word("e5!?"),
                Nag,
                Open,
                Number,
                Word("c5"),
                Close,
                Comment("hi"),
                Number,
                Word("15N-16N"),
                Word("1/2-1/2"),
            ]
        );
    }

    #[test]
    fn lines_are_counted_through_comments_and_faults_name_them() {
        let mut tokens = Tokens::new("{a\nb}\n\ne4");
        tokens.next_token().expect("comment");
        assert_eq!(tokens.next_token(), Ok(Some((Token::Word("e4"), 4))));
        let mut open = Tokens::new("\n\n{ never closed");
        assert_eq!(
            open.next_token(),
            Err(AtLine::new(3, TextFault::OpenComment))
        );
        let long = format!("[Event \"{}\"]", "x".repeat(5000));
        let mut long = Tokens::new(&long);
        long.next_token().expect("[");
        long.next_token().expect("name");
        let why = long.next_token().expect_err("too long");
        assert_eq!(why, AtLine::new(1, TextFault::LongTagValue(4096)));
        assert!(why.to_string().contains("4096 bytes"), "{why}");
        let mut open = Tokens::new("[Event \"a\nb\"]");
        open.next_token().expect("[");
        open.next_token().expect("name");
        assert!(open.next_token().is_err());
    }
}
