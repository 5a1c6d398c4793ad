//! Display names and guest numbers. A key claims the name it logs in with
//! on first use, and from then on no other key and no guest can show
//! under it (names are compared without case). Guests are `guest-N`,
//! numbered from a counter kept on disk in blocks, so no number is ever
//! given twice, even across restarts.

use super::identity::GUEST_NAME;
use super::limits::{MAX_NAMES, NAMES_PER_KEY};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Every name claimed, and by which key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameBook {
    /// The name in lower case, and the key (`key:SHA256:…`) that holds it.
    names: BTreeMap<String, String>,
}

/// What a key asking for a name gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The key holds the name already.
    Held,
    /// The name is free and now the key's: the book must be saved.
    Claimed,
}

impl NameBook {
    /// A book of `entries`, each a name (in lower case) and its key.
    pub fn from_entries(entries: impl IntoIterator<Item = (String, String)>) -> NameBook {
        NameBook {
            names: entries.into_iter().collect(),
        }
    }

    /// Each name (in lower case) and its key.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str)> {
        self.names.iter().map(|(n, k)| (n.as_str(), k.as_str()))
    }

    /// How many names are claimed.
    pub fn count(&self) -> usize {
        self.names.len()
    }

    /// Lets `key` show as `name`, claiming it when free; the refusal says
    /// why in one sentence.
    pub fn claim(&mut self, name: &str, key: &str) -> Result<Claim, String> {
        let folded = name.to_ascii_lowercase();
        if folded.starts_with(GUEST_NAME) {
            // Not user text: the guests' prefix, a constant.
            return Err(format!(
                "Names beginning with \"{GUEST_NAME}\" are for guests; connect with another name (ssh NAME@this-server)."
            ));
        }
        match self.names.get(&folded) {
            Some(holder) if holder == key => return Ok(Claim::Held),
            Some(_) => {
                return Err(format!(
                    "The name {name} belongs to another key; connect with another name (ssh NAME@this-server)."
                ));
            }
            None => {}
        }
        let held: Vec<&str> = self
            .names
            .iter()
            .filter(|(_, holder)| *holder == key)
            .map(|(n, _)| n.as_str())
            .collect();
        if held.len() >= NAMES_PER_KEY {
            return Err(format!(
                "This key already has the names {}; connect with one of them.",
                held.join(", ")
            ));
        }
        if self.names.len() >= MAX_NAMES {
            return Err(
                "The server takes no more new names; connect with a name your key has used here before."
                    .into(),
            );
        }
        self.names.insert(folded, key.to_string());
        Ok(Claim::Claimed)
    }

    /// Takes back a claim that could not be saved.
    pub fn forget(&mut self, name: &str) {
        self.names.remove(&name.to_ascii_lowercase());
    }
}

/// How many guest numbers are set aside on disk at a time.
pub const GUEST_BLOCK: u64 = 64;

/// The guest numbers: the next to give, and the first not yet set aside
/// on disk (after a restart, numbering goes on from there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuestNumbers {
    next: u64,
    reserved: u64,
}

impl GuestNumbers {
    /// Numbering from `kept`, the first number not set aside before.
    pub fn from_kept(kept: u64) -> GuestNumbers {
        let first = kept.max(1);
        GuestNumbers {
            next: first,
            reserved: first,
        }
    }

    /// The next number, and the new first-not-set-aside to save before the
    /// number is used, when a new block is set aside.
    pub fn take(&mut self) -> (u64, Option<u64>) {
        let n = self.next;
        self.next += 1;
        if n >= self.reserved {
            self.reserved = n + GUEST_BLOCK;
            (n, Some(self.reserved))
        } else {
            (n, None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_keeps_its_name_and_no_other_key_or_guest_takes_it() {
        let mut book = NameBook::default();
        assert_eq!(book.claim("alice", "key:A"), Ok(Claim::Claimed));
        assert_eq!(book.claim("Alice", "key:A"), Ok(Claim::Held), "any case");
        let taken = book.claim("ALICE", "key:B").expect_err("another key");
        assert!(taken.contains("belongs to another key"), "{taken}");
        let guest = book.claim("guest-3", "key:B").expect_err("a guest's name");
        assert!(guest.contains("are for guests"), "{guest}");
        assert_eq!(book.claim("bob", "key:B"), Ok(Claim::Claimed));
        assert_eq!(book.names.len(), 2);
    }

    #[test]
    fn one_key_claims_only_so_many_names() {
        let mut book = NameBook::default();
        for n in 0..NAMES_PER_KEY {
            assert_eq!(book.claim(&format!("n{n}"), "key:A"), Ok(Claim::Claimed));
        }
        let err = book.claim("one-more", "key:A").expect_err("too many");
        assert!(
            err.starts_with("This key already has the names n0, n1"),
            "{err}"
        );
        assert_eq!(book.claim("n0", "key:A"), Ok(Claim::Held));
        book.forget("N0");
        assert_eq!(book.claim("one-more", "key:A"), Ok(Claim::Claimed));
    }

    #[test]
    fn guest_numbers_are_never_given_twice_across_restarts() {
        let mut given = std::collections::BTreeSet::new();
        let mut kept = 0;
        for _restart in 0..5 {
            let mut numbers = GuestNumbers::from_kept(kept);
            for _ in 0..100 {
                let (n, save) = numbers.take();
                if let Some(first_free) = save {
                    kept = first_free;
                }
                assert!(n < kept, "{n} was set aside before it was given");
                assert!(given.insert(n), "{n} given twice");
            }
        }
        assert_eq!(given.len(), 500);
    }
}
