//! What comes to a connection's thread from outside it: the client's
//! bytes and window size from the SSH session, and word from the tables
//! that their game or the list of tables changed.

use ratatui::layout::Rect;

/// What comes to a connection's thread.
#[derive(Debug)]
pub enum ConnEvent {
    /// Bytes the client typed.
    Input(Vec<u8>),
    /// The client's window is now this size.
    Resize(Rect),
    /// The game at the connection's table changed, or (in the lobby) the
    /// list of tables.
    TableChanged,
    /// The connection is gone.
    Close,
}
