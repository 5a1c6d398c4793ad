//! Text forms shared by variants: grid placement fields, SAN, PGN.

pub mod fen;
pub mod pgn;
pub mod placement;
pub mod san;

/// The longest piece of a user's text an error message quotes.
pub const SHOWN_CHARS: usize = 40;

/// A user's text as an error message quotes it: whole when short, else its
/// first [`SHOWN_CHARS`] characters, `...` and its length, so that a huge
/// bad field does not flood the screen.
/// Control characters (a line break, an escape) are written as escapes
/// (`\n`), so the message stays one line and cannot move a terminal's cursor.
pub fn shown(text: &str) -> String {
    let visible = |part: &str| -> String {
        part.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect()
    };
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((at, _)) => format!(
            "{}... ({} characters)",
            visible(&text[..at]),
            text.chars().count()
        ),
        None => visible(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_and_short_text_kept() {
        assert_eq!(shown("e2e4"), "e2e4");
        let long = "é".repeat(100_000);
        let cut = shown(&long);
        assert!(cut.starts_with(&"é".repeat(SHOWN_CHARS)), "{cut}");
        assert!(cut.ends_with("... (100000 characters)"), "{cut}");
        assert_eq!(shown(&"x".repeat(SHOWN_CHARS)), "x".repeat(SHOWN_CHARS));
    }
}
