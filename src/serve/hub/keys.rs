//! An account's keys: listed for the lobby's page of keys (first and
//! last seen), and removed one at a time, never the key the connection
//! asking is logged in with, nor the key the account was made with
//! (whose fingerprint is the account's identity). A key removed logs in
//! as a stranger from then on.

use super::Shared;
use crate::serve::identity::Who;
use crate::serve::limits::KEYS_PER_ACCOUNT;
use crate::serve::log;
use crate::serve::store::AccountKey;

/// A key as the page of keys names it (the session's).
pub use crate::session::lobby::short_key;

impl Shared {
    /// The keys of `who`'s account, at most [`KEYS_PER_ACCOUNT`]: the key
    /// it was made with first. Refused to a guest.
    pub fn keys_of(&self, who: &Who) -> Result<Vec<AccountKey>, String> {
        if who.guest {
            return Err(
                "A guest has no keys kept here: connect with a key (ssh -i KEY NAME@host) to have an account."
                    .into(),
            );
        }
        self.store
            .keys(&who.identity, KEYS_PER_ACCOUNT)
            .map_err(|e| format!("Your keys could not be read: {e}"))
    }

    /// Removes key `key` from `who`'s account: from then on it logs in as
    /// a stranger. Refused, in one sentence, for the key `who` is
    /// connected with, the key the account was made with, and a key not
    /// the account's; what was done, in one sentence.
    pub fn remove_key(&self, who: &Who, key: &str) -> Result<String, String> {
        let shown = short_key(key);
        if who.guest {
            return Err("A guest has no keys kept here to remove.".into());
        }
        if who.key.as_deref() == Some(key) {
            return Err(format!(
                "The key {shown} is the one you are connected with; connect with another of your keys to remove it."
            ));
        }
        if key == who.identity {
            return Err(format!(
                "The key {shown} is the one your account was made with, its identity here; it cannot be removed."
            ));
        }
        let removed = self
            .store
            .unlink_key(key, &who.identity)
            .map_err(|e| format!("The key {shown} could not be removed: {e}"))?;
        if !removed {
            return Err(format!("The key {shown} is not one of your account's."));
        }
        log::event(format!("{key} was removed from {}'s account", who.name));
        Ok(format!(
            "The key {shown} is removed: it no longer logs in to your account."
        ))
    }

    /// Whether `identity`'s account holds as many keys as one may.
    pub(super) fn keys_full(&self, identity: &str) -> Result<bool, String> {
        Ok(self.store.keys(identity, KEYS_PER_ACCOUNT)?.len() >= KEYS_PER_ACCOUNT)
    }
}
