//! The default transcripts of every variant read through the rules of a
//! speech synthesiser, without one: what espeak-ng (the voice of Orca and
//! NVDA) reads as a word or a syllable must be a word we mean, and what
//! names a cell or a move must be read letter by letter or as a number.
//!
//! The rules, from listening to espeak-ng (`espeak-ng -q -x`):
//!
//! - a token of two to four letters is read as a word or a syllable ("ob"
//!   as "orb", "Ned2" as "ned two"): it must be an English word (the list
//!   checked in, `english-2-4.txt`) or one of the game's own names;
//! - letters with digits are spelled only as a letter and a number (`e4`,
//!   `f16`); anything else with digits (`bxa8`, `Ra9`) is mangled;
//! - no token is one of the pairs espeak-ng says alike (`aa`/`ah` ...) or
//!   `eg` (read "for example");
//! - no score with a slash (`1/2-1/2`, read "one slash two dash ...");
//! - on a board whose cells are named by letters alone (BacCanCat), no
//!   token is a cell's name, except the English words the sentences use.

use super::tests::{Run, golden_runs};
use catboard::core::Game;
use catboard::variants::Variant;
use std::collections::HashSet;

/// The English words of two to four letters.
fn english() -> HashSet<&'static str> {
    include_str!("english-2-4.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect()
}

/// The game's own names a synthesiser reads as words, rightly ("en" of
/// "en passant", which espeak-ng reads "En p'aas@nt").
const OWN_WORDS: &[&str] = &[
    "chu", "zebu", "gnu", "cats", "lions", "zemel", "alfa", "san", "uci", "en",
];

/// The pairs espeak-ng says alike, and `eg`, read "for example".
const AMBIGUOUS: &[&str] = &[
    "aa", "ah", "ca", "ka", "co", "ko", "ea", "ee", "ec", "ek", "eo", "io", "ge", "je", "ih", "ei",
    "oe", "oh", "eg",
];

/// English words the sentences use that are also BacCanCat cells.
const CELL_WORDS: &[&str] = &[
    "on", "of", "in", "no", "an", "be", "do", "go", "he", "me", "if", "am", "pa",
];

/// Why `token` (a run of letters and digits) would be misread, if it would.
fn misread(token: &str, english: &HashSet<&str>, letter_cells: &HashSet<String>) -> Option<String> {
    let lower = token.to_ascii_lowercase();
    if AMBIGUOUS.contains(&lower.as_str()) {
        return Some(format!("'{token}' sounds like another cell or word"));
    }
    if letter_cells.contains(&lower) && !CELL_WORDS.contains(&lower.as_str()) {
        return Some(format!("'{token}' is a two-letter cell read as a syllable"));
    }
    let letters = lower.chars().filter(|c| c.is_ascii_alphabetic()).count();
    let digits = lower.chars().filter(|c| c.is_ascii_digit()).count();
    if digits > 0 {
        let spelled = digits == lower.len()
            || (letters == 1
                && lower.starts_with(|c: char| c.is_ascii_alphabetic())
                && digits == lower.len() - 1);
        return (!spelled).then(|| format!("'{token}' mixes letters and digits"));
    }
    if (2..=4).contains(&letters)
        && !english.contains(lower.as_str())
        && !OWN_WORDS.contains(&lower.as_str())
    {
        return Some(format!(
            "'{token}' is no word and would be read as a syllable"
        ));
    }
    None
}

/// Every misreading in `text`, a transcript of a game of `variant`.
fn misreadings(variant: Variant, text: &str) -> Vec<String> {
    let english = english();
    let geo = variant.new_game(&catboard::core::Options::new()).geometry();
    let letter_cells: HashSet<String> = geo
        .cells()
        .map(|c| geo.name(c).to_string())
        .filter(|n| n.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    let mut found = Vec::new();
    for line in text.lines() {
        // The user's own text, quoted back, is theirs.
        let said: String = line
            .split('\'')
            .enumerate()
            .filter(|(i, part)| i % 2 == 0 || part.contains(' '))
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        if said
            .as_bytes()
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1] == b'/' && w[2].is_ascii_digit())
        {
            found.push(format!("a score with a slash in: {line}"));
        }
        for token in said.split(|c: char| !c.is_ascii_alphanumeric()) {
            if token.is_empty() {
                continue;
            }
            if let Some(why) = misread(token, &english, &letter_cells) {
                found.push(format!("{why}, in: {line}"));
            }
        }
    }
    found
}

#[test]
fn the_default_transcripts_of_every_variant_read_rightly() {
    let mut seen = HashSet::new();
    for (name, run) in golden_runs() {
        if run.notation.is_some() {
            continue;
        }
        seen.insert(run.variant);
        let text = run.transcript();
        // What follows a change of notation is not the default's.
        let text = text.split("The notation is now").next().unwrap_or("");
        let found = misreadings(run.variant, text);
        assert!(found.is_empty(), "{name}:\n{}", found.join("\n"));
    }
    for variant in Variant::ALL {
        assert!(
            seen.contains(variant),
            "no transcript of {}",
            variant.name()
        );
    }
}

#[test]
fn the_rules_catch_what_was_misread_before() {
    // Sentences the line mode said before it spoke in words.
    let before = [
        (Variant::BacCanCat, "Red plays pawn from ob to oa."),
        (Variant::BacCanCat, "Pawn fa can move to ga (Pfa-ga)."),
        (Variant::Chess, "Knight g1 can move to e2 (Ned2)."),
        (
            Variant::Chess,
            "Hint: bxa8=Q+ (the strong computer's choice).",
        ),
        (Variant::Chess, "Game over 1/2-1/2: Draw agreed."),
        (Variant::Chu, "Took back +Ra9."),
        (Variant::BacCanCat, "Zones: eg, ee."),
    ];
    for (variant, line) in before {
        assert!(!misreadings(variant, line).is_empty(), "{line}");
    }
    let now = [
        (Variant::BacCanCat, "Red pawn to o1."),
        (Variant::Chess, "Draw agreed."),
        (Variant::Polar, "White pawn to 20 S."),
    ];
    for (variant, line) in now {
        assert_eq!(misreadings(variant, line), Vec::<String>::new(), "{line}");
    }
}

#[test]
fn other_notations_are_chosen_and_read_as_named() {
    let mut run = Run::new(
        Variant::BacCanCat,
        vec![crate::session::table::Player::Human; 4],
        "notation letters\nf1-g1\nnotation phonetic\nlast\nnotation uci\nhistory\nnotation braille\nquit\n",
    );
    run.notation = None;
    let text = run.transcript();
    for said in [
        "The notation is now letters",
        "Red pawn to g a.",
        "Red pawn to golf alfa.",
        "Moves: 1. fa-ga.",
        "There is no notation 'braille'",
    ] {
        assert!(text.contains(said), "'{said}' missing from:\n{text}");
    }
    run.notation = Some(crate::session::speech::Notation::San);
    run.script = "f1-g1\nhistory\nquit\n".to_string();
    let text = run.transcript();
    assert!(text.contains("Moves: 1. Pfa-ga."), "{text}");
}
