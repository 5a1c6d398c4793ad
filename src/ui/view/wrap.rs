//! Text broken between words to fit a panel's width, measured in
//! terminal columns.

use unicode_width::UnicodeWidthStr;

/// `text` broken between words into lines of at most `width` columns.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.width() + 1 + word.width() > width.max(1) {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `items` in order, a space between two, broken only between whole
/// items into lines of at most `width` columns (an item wider than a line
/// is broken between its words): a list such as `Red 0, Orange 0,` /
/// `Green 0, Blue 0` never leaves a lone `0`.
pub fn wrap_items<S: AsRef<str>>(items: &[S], width: usize) -> Vec<String> {
    wrap_joined(items.iter().map(AsRef::as_ref), " ", width)
}

/// `items` joined by `separator`, broken only between whole items into
/// lines of at most `width` columns; an item wider than a line is broken
/// between its words. Empty items are left out.
fn wrap_joined<'a>(
    items: impl Iterator<Item = &'a str>,
    separator: &str,
    width: usize,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items.filter(|i| !i.is_empty()) {
        if !line.is_empty() && line.width() + separator.width() + item.width() <= width.max(1) {
            line.push_str(separator);
            line.push_str(item);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut parts = wrap_words(item, width);
        let last = parts.pop().unwrap_or_default();
        lines.extend(parts);
        line = last;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A list of keys written `a · b · c` broken at its ` · ` separators
/// into lines of at most `width` columns, so that no key is parted from
/// what it does (a single key wider than `width` is broken between words).
#[cfg_attr(
    not(feature = "ssh"),
    allow(dead_code, reason = "the server's lobby uses it")
)]
pub fn wrap_keys(keys: &str, width: usize) -> Vec<String> {
    const SEPARATOR: &str = " · ";
    wrap_joined(keys.split(SEPARATOR).map(str::trim), SEPARATOR, width)
}

/// `text` on one line of at most `width` columns: whole when it fits,
/// else its first whole words followed by `…` (only a first word wider
/// than the line itself is cut, and then it too ends in `…`).
#[cfg_attr(
    not(feature = "ssh"),
    allow(dead_code, reason = "the server's lobby uses it")
)]
pub fn fit_line(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let room = width - 1;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        if c == ' ' {
            // Room for the words, a space and the ellipsis.
            if text[..i].trim_end().width() + 2 > width {
                break;
            }
            end = i;
        }
    }
    let kept = text[..end].trim_end();
    if kept.is_empty() {
        let mut cut = String::new();
        for c in text.chars() {
            if cut.width() + c.to_string().width() > room {
                break;
            }
            cut.push(c);
        }
        return format!("{cut}…");
    }
    format!("{kept} …")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_break_only_between_keys_and_every_line_fits() {
        let keys = "Up/Down choose · Enter review · t tables · r recent · q leave";
        for width in 15..=80 {
            let lines = wrap_keys(keys, width);
            assert!(
                lines.iter().all(|l| l.width() <= width),
                "{width}: {lines:?}"
            );
            let joined = lines.join(" · ");
            assert_eq!(joined, keys, "{width}: every key kept, in order");
        }
        assert_eq!(wrap_keys(keys, 80), [keys]);
    }

    #[test]
    fn items_break_only_between_items_and_every_line_fits() {
        let items = ["Points: Red 10,", "Orange 0,", "Green 2.5,", "Blue 0"];
        for width in 16..=60 {
            let lines = wrap_items(&items, width);
            assert!(
                lines.iter().all(|l| l.width() <= width),
                "{width}: {lines:?}"
            );
            // Every line is whole items: no item starts or ends mid-line.
            let mut rest: Vec<&str> = items.to_vec();
            for line in &lines {
                let mut built = String::new();
                while let Some(item) = rest.first().filter(|i| {
                    let next = if built.is_empty() {
                        (*i).to_string()
                    } else {
                        format!("{built} {i}")
                    };
                    line.starts_with(&next)
                }) {
                    built = if built.is_empty() {
                        (*item).to_string()
                    } else {
                        format!("{built} {item}")
                    };
                    rest.remove(0);
                }
                assert_eq!(&built, line, "{width}: {lines:?}");
            }
            assert!(rest.is_empty(), "{width}: {lines:?}");
        }
        // An item wider than the line is broken between its words.
        assert_eq!(
            wrap_items(&["Points: Red 10,", "Blue 0"], 10),
            ["Points:", "Red 10,", "Blue 0"]
        );
    }

    #[test]
    fn a_line_too_long_keeps_whole_words_and_ends_in_an_ellipsis() {
        let text = "#8  Chess  bob · guest-9  1-0  casual  Checkmate — White wins";
        for width in 1..=70 {
            let line = fit_line(text, width);
            assert!(line.width() <= width, "{width}: {line}");
            let words: Vec<&str> = text.split_whitespace().collect();
            let shown: Vec<&str> = line.split_whitespace().collect();
            if line.width() < text.width() {
                assert!(line.ends_with('…'), "{width}: {line}");
            }
            for word in shown.iter().filter(|w| **w != "…") {
                assert!(
                    words.contains(word) || (word.ends_with('…') && shown.len() == 1),
                    "{width}: {word:?} of {line:?} is not a whole word"
                );
            }
        }
        assert_eq!(fit_line(text, 200), text);
    }
}
