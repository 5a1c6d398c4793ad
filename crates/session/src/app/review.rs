//! Review: stepping backward and forward through the moves of the game
//! (going on or finished) without undoing any, each step saying the move;
//! the board shows the position reviewed while the game itself goes on,
//! and one key returns to it.

use super::{App, Effect, Playing, Screen};
use crate::action::ReviewStep;
use crate::describe::{Event, EventKind};
use crate::words::capitalise;
use catboard::core::{Game, Move, Outcome};
use catboard::variants::AnyGame;

/// A position of the game being looked at instead of the live one.
#[derive(Clone, Debug)]
pub struct Review {
    /// How many plies into the game it is (0: the start position).
    pub ply: usize,
    /// The game as it stood then (its history the game's first `ply`
    /// plies).
    pub game: AnyGame,
}

impl App {
    /// An App to look through `playing`'s game, kept elsewhere (a game
    /// from an archive), from its start, with `refused` the actions it
    /// does not offer; `title` is said with the start position.
    pub fn looking_through(
        playing: Playing,
        look: crate::look::LookChoice,
        refused: &'static [crate::keymap::Refusal],
        title: &str,
    ) -> App {
        let mut app = App::new(Screen::Playing(Box::new(playing)), None, look);
        app.refused = refused;
        app.kept_elsewhere = true;
        let _ = super::update(&mut app, crate::action::Action::Review(ReviewStep::First));
        // Said after the start position, in the same step.
        app.inform(title);
        app
    }
}

impl Playing {
    /// The game the board shows: the position reviewed, else the live one.
    pub fn shown_game(&self) -> &AnyGame {
        match &self.review {
            Some(r) => &r.game,
            None => self.table.game(),
        }
    }

    /// How many plies into the game the position shown is.
    pub fn shown_ply(&self) -> usize {
        self.review.as_ref().map_or(self.table.ply(), |r| r.ply)
    }

    /// The result of the game as the screen shows it: none in review (an
    /// earlier position of a game is never its end).
    pub fn shown_outcome(&self) -> Option<Outcome> {
        match self.review {
            Some(_) => None,
            None => self.table.outcome(),
        }
    }

    /// The last move of the position the board shows.
    pub fn shown_last_move(&self) -> Option<Move> {
        match &self.review {
            Some(r) => r.game.moves_played().last().copied(),
            None => self.table.last_move(),
        }
    }

    /// The game `ply` plies in: the live game with the later plies taken
    /// back on a copy.
    fn game_at(&self, ply: usize) -> AnyGame {
        let mut game = self.table.game().clone();
        for _ in ply..self.table.ply() {
            game.unmake_move();
        }
        game
    }
}

/// Takes `step` through the game's moves, saying where it lands.
pub(super) fn review(app: &mut App, step: ReviewStep) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let live = p.table.ply();
    let now = p.review.as_ref().map_or(live, |r| r.ply);
    let target = match step {
        ReviewStep::Back => now.saturating_sub(1),
        ReviewStep::Forward => (now + 1).min(live),
        ReviewStep::First => 0,
        ReviewStep::Live | ReviewStep::Last => live,
    };
    if live == 0 {
        app.error("There are no moves to review yet.");
        return Vec::new();
    }
    if target == now && p.review.is_some() && step != ReviewStep::Live {
        let why = if target == 0 {
            "This is the start of the game; go forward, or back to the game."
        } else {
            "This is as far as the game has gone."
        };
        app.error(why);
        return Vec::new();
    }
    p.cancel_entry();
    if target == live && step != ReviewStep::Last {
        let was = p.review.take().is_some();
        if was || step == ReviewStep::Live {
            app.inform("Back to the game as it stands.");
        }
        return Vec::new();
    }
    let game = p.game_at(target);
    let text = step_words(p, &game, target, app.voice);
    p.review = Some(Review { ply: target, game });
    app.emit(Event::new(EventKind::Info, text));
    Vec::new()
}

/// What a step says: "Move 12 of 40: White played knight from g1 to f3."
/// or, at the start, "The start position, before the first of 40 moves."
fn step_words(p: &Playing, game: &AnyGame, ply: usize, voice: crate::speech::Voice) -> String {
    let live = p.table.ply();
    let Some(&mv) = game.moves_played().last() else {
        return format!("The start position, before the first of {live} moves.");
    };
    let mut before = game.clone();
    before.unmake_move();
    let mover = capitalise(before.seat_name(before.to_move()));
    let said = match catboard::core::Retire::of(mv) {
        Some(retire) => retire.words(before.seat_names()),
        None => format!("{mover} played {}", voice.mv(&before, mv)),
    };
    format!("Move {ply} of {live}: {said}.")
}
