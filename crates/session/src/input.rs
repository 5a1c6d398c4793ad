//! The one stream a session's loop reads: keys from a terminal (to be
//! mapped through the keymap of what is showing) and ready actions
//! (resizes, signals, the computer players' reports), so every source
//! arrives the same way without blocking another.

use super::action::Action;
use super::key_decoder::Decoded;
use super::keymap::Key;

/// What arrives at the event loop from outside: a key to map through the
/// keymap (which depends on what is on screen), or a ready action (resize,
/// signals, the computer player's reports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// A key pressed.
    Key(Key),
    /// An action from elsewhere.
    Action(Action),
}

impl From<Decoded> for Incoming {
    fn from(decoded: Decoded) -> Incoming {
        match decoded {
            Decoded::Key(key) => Incoming::Key(key),
            Decoded::Paste(text) => Incoming::Action(Action::Paste(text)),
            Decoded::Mouse(mouse) => Incoming::Action(Action::Mouse(mouse)),
        }
    }
}
