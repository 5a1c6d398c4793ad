//! The page of keys: the account's keys, each first and last seen; the
//! one highlighted removed after a question (not asked of the key in
//! use or the account's first: the server says why they stay).

use super::{Choice, Keys, Lobby, Page, short_key, when};
use crate::action::LobbyStep;

impl Lobby {
    /// A step on the page of keys: the highlight moves, a key is to be
    /// removed (asked first, unless the server will refuse it: the key
    /// of this connection, the account's first), a key added.
    pub(super) fn keys_step(&mut self, step: LobbyStep) -> Choice {
        match step {
            LobbyStep::Up => self.game = self.game.saturating_sub(1),
            LobbyStep::Down => self.game += 1,
            LobbyStep::Top => self.game = 0,
            LobbyStep::Back => return self.turn_to(Page::Tables),
            LobbyStep::AddKey => return Choice::AddKey,
            LobbyStep::RemoveKey => {
                let Some((key, removable)) = self.highlighted_key.clone() else {
                    return Choice::Stay;
                };
                if !removable {
                    // Not asked: the server says why it is kept.
                    return Choice::RemoveKey(key);
                }
                self.note = Some(format!(
                    "Remove the key {} from your account? It will log in as a stranger. y removes it; n keeps it.",
                    short_key(&key)
                ));
                self.removing = Some(key);
            }
            _ => {}
        }
        Choice::Stay
    }

    /// The answer to "remove the key?": removed on `yes`, else kept (and
    /// said so).
    pub(super) fn answer_removal(&mut self, yes: bool) -> Choice {
        let key = self.removing.take().unwrap_or_default();
        if yes {
            return Choice::RemoveKey(key);
        }
        self.note = Some(format!("The key {} is kept.", short_key(&key)));
        Choice::Stay
    }
}

/// The account's keys, a line each: the short fingerprint, first and
/// last seen, and which is in use (this connection's) and which the
/// account's first.
pub(super) fn key_lines(keys: &Keys) -> Vec<String> {
    keys.listed
        .iter()
        .map(|k| {
            // Short enough to fit beside the dates at 80 columns.
            let notes = keys.notes(k, "in use", "first key");
            format!(
                "{:<21} {}  {}  {}",
                short_key(&k.key),
                when(k.first_seen),
                when(k.last_seen),
                notes.join(", ")
            )
            .trim_end()
            .to_string()
        })
        .collect()
}
