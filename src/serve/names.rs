//! Display names and guest numbers. A key claims the name it logs in with
//! on first use, and from then on no other key and no guest can show
//! under it; the store keeps the claims
//! ([`super::store::Store::claim_name`]), one at a time. A name is read
//! whole or refused in a sentence ([`checked`]): after NFKC, letters and
//! digits of one script, `-` and `_`; names are compared by their UTS #39
//! confusable skeleton without case ([`folded`]), so a look-alike of a
//! claimed name is that name.
//! Guests are `guest-N`, numbered from blocks the store sets aside, so no
//! number is ever given twice, even across restarts.

use super::identity::{GUEST_NAME, LONGEST_NAME};
use super::limits::{NAME_LAPSE, NAMES_PER_KEY, UNPLAYED_NAME_LAPSE};
use super::store::{Claim, NameClaim};
use unicode_normalization::UnicodeNormalization;
use unicode_security::{GeneralSecurityProfile, MixedScript};

/// How the name of a key that logs in without one begins: `player-`
/// and the start of its fingerprint, shown but never claimed, and no
/// key may claim a name that begins so.
pub const FALLBACK_NAME: &str = "player";

/// How a login name asking to add a key begins (`link-CODE`), in any case.
pub const LINK_PREFIX: &str = "link-";

/// Why a login name cannot be a key's name: each a sentence that says
/// which character or which rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameFault {
    /// A character that is not a letter, a digit, `-` or `_` (after NFKC),
    /// or a letter not used in names (UTS #39's identifier profile).
    Character {
        /// The character.
        ch: char,
        /// Its place in the name, from 1.
        at: usize,
    },
    /// Longer than [`LONGEST_NAME`] characters.
    TooLong,
    /// Letters of more than one script (`аlice` with a Cyrillic `а`).
    MixedScripts,
    /// Begins as guests' names do.
    Guest,
    /// Begins as the names given to keys without one do.
    Fallback,
}

impl std::fmt::Display for NameFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let again = "connect with another name (ssh NAME@this-server)";
        match self {
            NameFault::Character { ch, at } => write!(
                f,
                "A name holds letters, digits, - and _ only; character {at} ({}, U+{:04X}) is not one: {again}.",
                catboard::text::quoted(&ch.to_string()),
                u32::from(*ch)
            ),
            NameFault::TooLong => {
                write!(f, "A name is at most {LONGEST_NAME} characters: {again}.")
            }
            NameFault::MixedScripts => write!(
                f,
                "A name is written in one script (its letters all Latin, or all Cyrillic, and so on): {again}."
            ),
            NameFault::Guest => write!(
                f,
                "Names beginning with {} are for guests; {again}.",
                catboard::text::quoted(GUEST_NAME)
            ),
            NameFault::Fallback => write!(
                f,
                "Names beginning with {} are given to keys that log in without a name; {again}.",
                catboard::text::quoted(&format!("{FALLBACK_NAME}-"))
            ),
        }
    }
}

impl std::error::Error for NameFault {}

/// The login name `raw` as a key's name: after NFKC, letters and digits
/// of one script, `-` and `_`, at most [`LONGEST_NAME`] characters, not
/// a guest's nor a fallback name; nothing is dropped or changed
/// silently, a name that is not so is refused with the reason. Empty
/// comes back empty (the caller gives the fallback name).
pub fn checked(raw: &str) -> Result<String, NameFault> {
    let name: String = raw.nfkc().collect();
    for (i, ch) in name.chars().enumerate() {
        let allowed = ch == '-' || ch == '_' || (ch.is_alphanumeric() && ch.identifier_allowed());
        if !allowed {
            return Err(NameFault::Character { ch, at: i + 1 });
        }
    }
    if name.chars().count() > LONGEST_NAME {
        return Err(NameFault::TooLong);
    }
    if !name.as_str().is_single_script() {
        return Err(NameFault::MixedScripts);
    }
    let compared = folded(&name);
    if compared.starts_with(&folded(GUEST_NAME)) {
        return Err(NameFault::Guest);
    }
    if compared.starts_with(&folded(&format!("{FALLBACK_NAME}-")))
        || compared == folded(FALLBACK_NAME)
    {
        return Err(NameFault::Fallback);
    }
    Ok(name)
}

/// The name shown for key `key` that logged in without one:
/// `player-` and six characters of its fingerprint; never claimed.
pub fn fallback(key: &str) -> String {
    let print: String = key
        .rsplit(':')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(6)
        .collect();
    format!("{FALLBACK_NAME}-{print}")
}

/// A name as names are compared: its UTS #39 confusable skeleton (after
/// NFKC), without case. Two names with the same folded form are one name,
/// so `bob` and `b0b`, `alice` and a Cyrillic `аlісе`, are one.
pub fn folded(name: &str) -> String {
    let once: String = unicode_security::skeleton(&name.nfkc().collect::<String>())
        .flat_map(char::to_lowercase)
        .collect();
    // Lower case can make new look-alikes (`I` → `i`): skeleton again.
    unicode_security::skeleton(&once)
        .flat_map(char::to_lowercase)
        .collect()
}

/// The code of a login name asking to add a key (`link-CODE`, the
/// prefix in any case; codes are lower case), or `None`.
pub fn link_code(raw: &str) -> Option<String> {
    let head = raw.get(..LINK_PREFIX.len())?;
    head.eq_ignore_ascii_case(LINK_PREFIX)
        .then(|| raw[LINK_PREFIX.len()..].to_ascii_lowercase())
}

/// Key `key`'s claim of `name` (already [`checked`]) at `now` (seconds
/// since 1970) by the server's rules, `most` names being kept at once for
/// accounts that have not played ([`super::limits::Limits::new_names`]).
pub fn claim_of<'a>(
    name: &'a str,
    folded: &'a str,
    key: &'a str,
    now: u64,
    most: usize,
) -> Result<NameClaim<'a>, NameFault> {
    if folded.starts_with(GUEST_NAME) {
        return Err(NameFault::Guest);
    }
    Ok(NameClaim {
        name,
        folded,
        key,
        per_key: NAMES_PER_KEY,
        most,
        now,
        lapse: NAME_LAPSE.as_secs(),
        unplayed_lapse: UNPLAYED_NAME_LAPSE.as_secs(),
    })
}

/// What the store's answer to a claim of `name` means for the key: it
/// may show under the name, or is told why not in one sentence.
pub fn answer(claim: Claim, name: &str) -> Result<(), String> {
    match claim {
        Claim::Held | Claim::Claimed => Ok(()),
        Claim::Taken => Err(format!(
            "The name {name} belongs to another key; connect with another name (ssh NAME@this-server)."
        )),
        Claim::KeyFull(held) => Err(format!(
            "This key already has the names {}; connect with one of them.",
            held.join(", ")
        )),
        Claim::BookFull => Err(
            "The server holds as many names of players who have not yet finished a game as it may; each lapses a day after it was claimed, so try again later, or connect with a name your key holds here."
                .into(),
        ),
    }
}

/// How many guest numbers are set aside in the store at a time.
pub const GUEST_BLOCK: u64 = 64;

/// The guest numbers set aside and not given yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuestNumbers {
    next: u64,
    end: u64,
}

impl GuestNumbers {
    /// The next number; when none is left, a new block is set aside
    /// first by `reserve` (given the block's size, it answers the
    /// block's first number).
    pub fn take<E>(&mut self, reserve: impl FnOnce(u64) -> Result<u64, E>) -> Result<u64, E> {
        if self.next >= self.end {
            let first = reserve(GUEST_BLOCK)?;
            (self.next, self.end) = (first, first.saturating_add(GUEST_BLOCK));
        }
        let n = self.next;
        self.next += 1;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::store::Store;
    use crate::serve::store::memory::MemoryStore;

    #[test]
    fn the_attacks_on_names_are_refused_in_a_sentence() {
        // A Cyrillic а among Latin letters was dropped (`lice`).
        assert_eq!(checked("\u{430}lice"), Err(NameFault::MixedScripts));
        // An escape was dropped with its bracket (`alice31m`).
        assert_eq!(
            checked("alice\x1b[31m"),
            Err(NameFault::Character { ch: '\x1b', at: 6 })
        );
        let said = NameFault::Character { ch: '\x1b', at: 6 }.to_string();
        assert!(!said.contains('\x1b') && said.contains("U+001B"), "{said}");
        assert_eq!(link_code("LINK-abc"), Some("abc".to_string()));
        assert_eq!(link_code("Link-Q2"), Some("q2".to_string()));
        assert_eq!(link_code("lin"), None);
        for fallback_like in ["player", "Player", "PLAYER-ab12", "p1ayer-x"] {
            assert_eq!(
                checked(fallback_like),
                Err(NameFault::Fallback),
                "{fallback_like}"
            );
        }
        assert!(fallback("key:SHA256:Lf9Fek5zXJ").starts_with("player-Lf9Fek"));
        assert_eq!(checked("Guest-3"), Err(NameFault::Guest));
        // Full-width letters are the same letters (NFKC); whole Cyrillic
        // look-alikes are the Latin name.
        assert_eq!(checked("\u{ff41}nn"), Ok("ann".to_string()));
        assert_eq!(
            checked("\u{430}\u{441}\u{435}"),
            Ok("\u{430}\u{441}\u{435}".to_string())
        );
        assert_eq!(folded("\u{430}\u{441}\u{435}"), folded("ace"));
        assert_eq!(folded("B0B"), folded("bob"));
        assert_eq!(checked("Zoë-2_x"), Ok("Zoë-2_x".to_string()));
        assert_eq!(checked("Борис"), Ok("Борис".to_string()));
        assert_eq!(checked(&"a".repeat(25)), Err(NameFault::TooLong));
    }

    #[test]
    fn every_name_rule_holds_over_many_inputs() {
        let alphabet: Vec<char> =
            "abzAZ09-_ \x1b[;/+.\u{430}\u{435}\u{43e}\u{3b1}\u{ff41}\u{301}\u{200b}\u{202e}é日😀ǅ"
                .chars()
                .collect();
        // A fixed xorshift: the same inputs every run.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % below as u64).unwrap_or(0)
        };
        for _ in 0..20_000 {
            let len = 1 + next(7);
            let raw: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
            let normal: String = raw.nfkc().collect();
            match checked(&raw) {
                Ok(name) => {
                    // Nothing dropped, nothing changed but by NFKC.
                    assert_eq!(name, normal, "{raw:?}");
                    assert!(name.as_str().is_single_script(), "{raw:?}");
                    assert!(
                        name.chars()
                            .all(|c| c == '-' || c == '_' || c.is_alphanumeric()),
                        "{raw:?}"
                    );
                    let compared = folded(&name);
                    assert!(
                        !compared.starts_with("guest") && !compared.starts_with("player"),
                        "{raw:?}"
                    );
                }
                Err(NameFault::Character { ch, at }) => {
                    assert_eq!(normal.chars().nth(at - 1), Some(ch), "{raw:?}");
                    assert!(
                        !(ch == '-' || ch == '_' || ch.is_ascii_alphanumeric()),
                        "{raw:?}"
                    );
                }
                Err(NameFault::MixedScripts) => assert!(!normal.as_str().is_single_script()),
                Err(fault) => {
                    let said = fault.to_string();
                    assert!(said.ends_with('.') && !said.contains('\n'), "{said}");
                }
            }
        }
    }

    #[test]
    fn a_guests_name_is_refused_and_each_answer_is_a_sentence() {
        let guest = claim_of("Guest-3", "guest-3", "key:B", 0, 1).expect_err("a guest's name");
        assert!(guest.to_string().contains("are for guests"), "{guest}");
        assert!(claim_of("bob", "bob", "key:B", 0, 1).is_ok());
        assert_eq!(answer(Claim::Held, "ann"), Ok(()));
        let taken = answer(Claim::Taken, "ANN").expect_err("taken");
        assert!(
            taken.contains("The name ANN belongs to another key"),
            "{taken}"
        );
        let full = answer(Claim::KeyFull(vec!["n0".into(), "n1".into()]), "x").expect_err("full");
        assert!(
            full.starts_with("This key already has the names n0, n1;"),
            "{full}"
        );
        assert_eq!(folded("AnN"), folded("ann"));
    }

    #[test]
    fn guest_numbers_are_never_given_twice_across_restarts() {
        let store = MemoryStore::default();
        let mut given = std::collections::BTreeSet::new();
        for _restart in 0..5 {
            let mut numbers = GuestNumbers::default();
            for _ in 0..100 {
                let n = numbers
                    .take(|count| store.reserve_guests(count))
                    .expect("a number");
                assert!(n >= 1);
                assert!(given.insert(n), "{n} given twice");
            }
        }
        assert_eq!(given.len(), 500);
    }
}
