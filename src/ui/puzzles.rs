//! `catboard puzzle` on the screen: the session's [`PuzzleApp`] drawn by
//! [`view::puzzle`](super::view::puzzle), keys turned into actions
//! through the one keymap table.

use super::terminal;
use super::view::{Look, puzzle};
use crate::session::action::Action;
use crate::session::input::Incoming;
use crate::session::keymap::action_for;
use crate::session::puzzles::PuzzleApp;
use std::sync::mpsc;

/// Runs the puzzle screen until the player quits or the terminal goes.
pub fn run(app: &mut PuzzleApp, look: &Look) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let mut screen = terminal::enter().map_err(|e| format!("Could not open the terminal: {e}."))?;
    if let Err(e) = terminal::spawn_input(tx.clone()).and_then(|_| terminal::spawn_signals(tx)) {
        terminal::leave(screen);
        return Err(format!("Could not read the terminal: {e}."));
    }
    while !app.quit {
        if screen.draw(|f| puzzle::draw(app, look, f)).is_err() {
            break;
        }
        let Ok(incoming) = rx.recv() else { break };
        match incoming {
            Incoming::Key(key) => {
                if let Some(action) = action_for(app.context(), key) {
                    app.update(&action);
                }
            }
            Incoming::Action(Action::Hangup) => break,
            Incoming::Action(_) => {}
        }
    }
    terminal::leave(screen);
    Ok(())
}
