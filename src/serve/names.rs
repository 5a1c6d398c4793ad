//! Display names and guest numbers. A key claims the name it logs in with
//! on first use, and from then on no other key and no guest can show
//! under it (names are compared without case, [`folded`]); the store
//! keeps the claims ([`super::store::Store::claim_name`]), one at a time.
//! Guests are `guest-N`, numbered from blocks the store sets aside, so no
//! number is ever given twice, even across restarts.

use super::identity::GUEST_NAME;
use super::limits::{MAX_NAMES, NAMES_PER_KEY};
use super::store::{Claim, NameClaim};

/// A name as names are compared: two names with the same folded form are
/// one name.
pub fn folded(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// Key `key`'s claim of `name`, by the server's rules; refused in one
/// sentence before it reaches the store when the name is a guest's.
pub fn claim_of<'a>(name: &'a str, folded: &'a str, key: &'a str) -> Result<NameClaim<'a>, String> {
    if folded.starts_with(GUEST_NAME) {
        // Not user text: the guests' prefix, a constant.
        return Err(format!(
            "Names beginning with \"{GUEST_NAME}\" are for guests; connect with another name (ssh NAME@this-server)."
        ));
    }
    Ok(NameClaim {
        name,
        folded,
        key,
        per_key: NAMES_PER_KEY,
        most: MAX_NAMES,
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
            "The server takes no more new names; connect with a name your key has used here before."
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
    fn a_guests_name_is_refused_and_each_answer_is_a_sentence() {
        let guest = claim_of("Guest-3", "guest-3", "key:B").expect_err("a guest's name");
        assert!(guest.contains("are for guests"), "{guest}");
        assert!(claim_of("bob", "bob", "key:B").is_ok());
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
        assert_eq!(folded("AnN"), "ann");
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
