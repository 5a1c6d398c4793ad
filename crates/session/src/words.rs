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

/// The plural of a piece's name: "pawns", "yeomen", "achates".
pub fn plural(name: &str) -> String {
    if let Some(stem) = name.strip_suffix("man") {
        format!("{stem}men")
    } else if name.ends_with('s') {
        name.to_string()
    } else {
        format!("{name}s")
    }
}

/// A seat's name with its verb "to be", for the start of a sentence:
/// "White is", "The Cats are".
pub fn seat_is(name: &str) -> String {
    if name.ends_with('s') {
        format!("The {} are", capitalise(name))
    } else {
        format!("{} is", capitalise(name))
    }
}

/// The possessive of a seat's name: `White's`, but `the Cats'` for a
/// plural name.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("the {name}'")
    } else {
        format!("{name}'s")
    }
}

/// Items joined as a sentence lists them: `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn possessives_and_lists_read_as_english() {
        assert_eq!(possessive("White"), "White's");
        assert_eq!(possessive("Cats"), "the Cats'");
        assert_eq!(and_list(&["Nf3"]), "Nf3");
        assert_eq!(and_list(&["Nf3", "Nf6"]), "Nf3 and Nf6");
        assert_eq!(and_list(&["Nf3", "Nf6", "Ch5-g4"]), "Nf3, Nf6 and Ch5-g4");
    }
}
