//! Small helpers for the words every part of the session writes (the
//! describe layer, the table's record, the setup form): a leaf, so that
//! none of them needs another to write a sentence.

/// `text` with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
