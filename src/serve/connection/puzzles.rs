//! Puzzles over SSH: `z` in the lobby (or `puzzles VARIANT` in the line
//! mode) sets the variant's puzzles on the same session and screen as
//! `catboard puzzle` ([`PuzzleApp`], [`crate::ui::view::puzzle`],
//! [`crate::line::puzzles::answer`]), each picked near the player's
//! puzzle rating. An account's attempts are rated and kept by the
//! server's store ([`Shared::keep_puzzle`]); a guest's rating lasts the
//! connection.
//!
//! [`Shared::keep_puzzle`]: crate::serve::hub::Shared::keep_puzzle

use super::{Connection, Place, blocking};
use crate::line::puzzles::{Mark, answer};
use crate::serve::lobby::{Heard, Lobby};
use crate::session::action::Action;
use crate::session::input::Incoming;
use crate::session::keymap::action_for;
use crate::session::puzzles::{PuzzleApp, PuzzleRatings};
use crate::session::speech::Voice;
use catboard::variants::Variant;

impl Connection {
    /// Sets the puzzles of `variant`, near the player's puzzle rating;
    /// `lobby` is where quitting goes back to.
    pub(super) async fn start_puzzles(&mut self, variant: Variant, lobby: Lobby) {
        let who = self.who.clone();
        let read = blocking(&self.shared, move |s| {
            Ok((s.puzzle_set(variant)?, s.puzzle_standings(&who)?))
        })
        .await;
        let (set, standings) = match read {
            Ok(read) => read,
            Err(e) => {
                let mut lobby = lobby;
                self.say(&e);
                lobby.heard(Heard::Note(e));
                return self.set_place(Place::Lobby(lobby));
            }
        };
        let ratings = PuzzleRatings {
            path: None,
            standings,
        };
        let voice = if self.line.is_some() {
            Voice::SPOKEN
        } else {
            Voice::SCREEN
        };
        let app = match PuzzleApp::new(variant, set, ratings, voice) {
            Ok(app) => app,
            Err(e) => {
                let mut lobby = lobby;
                lobby.heard(Heard::Note(e.to_string()));
                return self.set_place(Place::Lobby(lobby));
            }
        };
        // Ties among puzzles equally near start at a place of the
        // connection's, so two players do not meet the same first.
        let mut app = app.near_rating(usize::try_from(self.id).unwrap_or(0));
        app.kept_outside = !self.who.guest;
        let intro = app.said.clone();
        self.set_place(Place::Puzzles(Box::new(app), lobby));
        if self.line.is_some() {
            for line in intro {
                self.say(&line);
            }
            self.say(&format!(
                "Type a move, or hint, solution, next, board, help; quit goes back to the lobby.{}",
                if self.who.guest {
                    format!(" {}", crate::serve::hub::GUEST_PUZZLES)
                } else {
                    String::new()
                }
            ));
        }
    }

    /// Rates and keeps the attempts the puzzle session ended (an
    /// account's, by the store), telling the session what was kept.
    async fn keep_puzzles(&mut self) {
        let Place::Puzzles(app, ..) = &mut self.place else {
            return;
        };
        let finished = std::mem::take(&mut app.finished);
        let variant = app.variant;
        for attempt in finished {
            let (who, asked) = (self.who.clone(), attempt.clone());
            let kept = blocking(&self.shared, move |s| s.keep_puzzle(&who, variant, &asked)).await;
            if let Place::Puzzles(app, ..) = &mut self.place {
                match kept {
                    Ok((standing, rating)) => app.kept(&attempt, standing, rating),
                    Err(why) => app.not_kept(&attempt, &why),
                }
            }
        }
    }

    /// Back to the lobby from the puzzles, when the player asked.
    fn leave_puzzles(&mut self) -> bool {
        let Place::Puzzles(app, lobby) = &mut self.place else {
            return false;
        };
        if !app.quit {
            return false;
        }
        let lobby = std::mem::take(lobby);
        self.set_place(Place::Lobby(lobby));
        true
    }

    /// A key on the puzzle screen: the keymap's action for the session.
    pub(super) async fn puzzle_input(&mut self, incoming: Incoming) {
        let Place::Puzzles(app, ..) = &mut self.place else {
            return;
        };
        let action = match incoming {
            Incoming::Key(key) => action_for(app.context(), key),
            Incoming::Action(Action::Hangup) => Some(Action::Quit),
            Incoming::Action(_) => None,
        };
        if let Some(action) = action {
            app.update(&action);
        }
        self.keep_puzzles().await;
        if self.leave_puzzles() {
            self.read_puzzle_standings().await;
        }
    }

    /// A line typed at the puzzles: the line mode's words for them.
    pub(super) async fn puzzle_line(&mut self, text: &str) {
        let Place::Puzzles(app, ..) = &mut self.place else {
            return;
        };
        let word = text.trim().to_ascii_lowercase();
        if matches!(word.as_str(), "exit" | "leave" | "lobby") {
            app.quit = true;
        }
        let mark = Mark::of(app);
        let at_once = if app.quit { None } else { answer(app, text) };
        self.keep_puzzles().await;
        let lines = match (&self.place, at_once) {
            (_, Some(lines)) => lines,
            (Place::Puzzles(app, ..), None) => mark.since(app).to_vec(),
            _ => Vec::new(),
        };
        for line in lines {
            self.say(&line);
        }
        if self.leave_puzzles() {
            self.say("Back in the lobby; type puzzles VARIANT for more, help for the commands.");
        }
    }

    /// Reads the account's puzzle standings anew for the lobby's page.
    pub(super) async fn read_puzzle_standings(&mut self) {
        if self.who.guest {
            self.lists.puzzles = None;
            return;
        }
        let who = self.who.clone();
        match blocking(&self.shared, move |s| s.puzzle_standings(&who)).await {
            Ok(read) => self.lists.puzzles = Some(read),
            Err(e) => {
                if let Place::Lobby(lobby) = &mut self.place {
                    lobby.heard(Heard::Note(e));
                }
            }
        }
        self.dirty = true;
    }
}
