//! The local keeper: the game record this App holds, for the screen and
//! the line mode. It decides what a player asks by the table policy
//! ([`crate::keeper::policy`]), times the moves on the App's clock, sets
//! the computers thinking on worker threads ([`Effect::Think`]) and saves
//! after every change ([`Effect::Save`]); the front end's
//! [`perform`](crate::perform) carries those out. It says nothing: what
//! changed is said by `update` as it folds the answer in.

use super::starting::{carried_series, open_game};
use super::{App, Effect, Playing, Screen, verdicts, watching};
use crate::computer::Purpose;
use crate::keeper::{Answer, Intent, Keeper, Record, policy};
use crate::setup_form::Setup;
use crate::table::Player;
use catboard::core::{Game, Move, Retire};
use std::time::Duration;

/// Why a win is not claimed in a game one person keeps: nobody can be
/// away from it.
pub const NO_CLAIM_HERE: &str =
    "A win is claimed from a player who left a shared table; here nobody can leave.";

/// The keeper of the game an [`App`] holds (see the module's words).
#[derive(Debug)]
pub struct LocalKeeper<'a> {
    app: &'a mut App,
    effects: Vec<Effect>,
}

impl<'a> LocalKeeper<'a> {
    /// The keeper of `app`'s game.
    pub fn new(app: &'a mut App) -> LocalKeeper<'a> {
        LocalKeeper {
            app,
            effects: Vec::new(),
        }
    }

    /// What the keeper's decisions ask of the world: saves and searches.
    pub fn effects(self) -> Vec<Effect> {
        self.effects
    }

    fn playing(&mut self) -> Option<&mut Playing> {
        match &mut self.app.screen {
            Screen::Playing(p) => Some(p),
            Screen::Setup(_) => None,
        }
    }

    /// Plays `mv` for the seat to move, timed by the App's clock (the
    /// flag falls instead when the time ran out first), and saves.
    pub(super) fn play(&mut self, mv: Move) -> Answer {
        let now = self.app.time.now();
        let Some(p) = self.playing() else {
            return no_game();
        };
        if let Some(why) = policy::move_refusal(&p.table, mv) {
            return Answer::Refused(why);
        }
        let spent = p.timer.running(now);
        if let Err(why) = policy::play_timed(&mut p.table, mv, spent) {
            return Answer::Refused(why.to_string());
        }
        p.cancel_entry();
        p.draw_offer = None;
        let saved = p.save();
        self.effects.extend(saved);
        Answer::Done
    }

    /// Plays `retire` (a resignation, a flag, a draw agreed), and saves.
    pub(super) fn retire(&mut self, retire: Retire) -> Answer {
        let Some(p) = self.playing() else {
            return no_game();
        };
        if let Err(why) = p.table.retire(retire) {
            return Answer::Refused(why.to_string());
        }
        p.draw_offer = None;
        p.cancel_entry();
        let saved = p.save();
        self.effects.extend(saved);
        Answer::Done
    }

    fn resign(&mut self) -> Answer {
        let Some(p) = self.playing() else {
            return no_game();
        };
        if let Some(why) = verdicts::cannot_resign(p) {
            return Answer::Refused(why);
        }
        match verdicts::resigning_seat(p) {
            Some(seat) => self.retire(Retire::Leave(seat, catboard::core::Departure::Resigned)),
            None => no_game(),
        }
    }

    /// The person to move offers a draw: a computer opponent thinks it
    /// over (a search), a person is asked.
    fn offer_draw(&mut self) -> Answer {
        let Some(p) = self.playing() else {
            return no_game();
        };
        let offerer = p.table.game().to_move();
        let refusal = policy::offer_refusal(&p.table, offerer).or_else(|| {
            (p.table.player_to_move() != Player::Human)
                .then(|| "Offer a draw on your own turn.".to_string())
        });
        if let Some(why) = refusal {
            return Answer::Refused(why);
        }
        if policy::draw_judge(&p.table, offerer).is_none() {
            p.draw_offer = Some(offerer);
            return Answer::Done;
        }
        if p.thinking.is_some() {
            return Answer::Refused(
                "The engine is busy; offer the draw again when it has answered.".into(),
            );
        }
        let searching = self.app.start_search(Purpose::DrawOffer, Duration::ZERO);
        self.effects.extend(searching);
        Answer::Done
    }

    fn answer_draw(&mut self, yes: bool) -> Answer {
        let Some(p) = self.playing() else {
            return no_game();
        };
        if p.draw_offer.take().is_none() {
            return Answer::Refused("No draw has been offered.".into());
        }
        if yes {
            return self.retire(Retire::Agreement);
        }
        Answer::Done
    }

    /// A new game like the one on the board, from its start, at once.
    fn rematch(&mut self) -> Answer {
        let Screen::Playing(p) = &self.app.screen else {
            return no_game();
        };
        let spec = Setup::like(&p.table, p.near_side(), self.app.think_ms, None).spec();
        let series = carried_series(&p.table, &spec);
        let (near, previous) = (p.near_side(), p.as_previous());
        let engines = p.table.engines().to_vec();
        match open_game(self.app, &spec, &engines, near, Some(previous), series) {
            Ok(effects) => {
                self.effects.extend(effects);
                Answer::Done
            }
            Err(why) => Answer::Refused(why.to_string()),
        }
    }

    /// Takes back the last move and, when a person plays, every computer
    /// move before it, so the person is to move again; with computers
    /// alone, one move, and computer play pauses. Before the first move
    /// of a game that replaced another, that game comes back; the end of
    /// a game (a resignation, a flag, a draw agreed) is taken back alone.
    fn take_back(&mut self) -> Answer {
        let Some(p) = self.playing() else {
            return no_game();
        };
        if let Some(w) = &p.watching {
            return Answer::Refused(watching::watching_refusal(w));
        }
        p.cancel_entry();
        p.review = None;
        if p.table.ply() == 0
            && let Some(previous) = p.previous.take()
        {
            self.app.screen = Screen::Playing(previous);
            let saved = self.app.save_now();
            self.effects.extend(saved);
            return Answer::Done;
        }
        let ended = p
            .table
            .last_move()
            .is_some_and(|mv| !mv.on_board() && !mv.is_pass());
        if !(ended && p.table.undo()) {
            if !p.table.undo() {
                return Answer::Refused("There is no move to undo.".into());
            }
            if p.table.has_human() {
                while p.table.player_to_move().level().is_some() && p.table.undo() {}
            } else {
                p.paused = true;
            }
        }
        let saved = p.save();
        self.effects.extend(saved);
        Answer::Done
    }

    /// Plays again the last move taken back and, when a person plays,
    /// every computer move after it, up to the person's next turn.
    fn replay(&mut self) -> Answer {
        let Some(p) = self.playing() else {
            return no_game();
        };
        if let Some(w) = &p.watching {
            return Answer::Refused(watching::watching_refusal(w));
        }
        p.cancel_entry();
        p.review = None;
        if !p.table.redo() {
            return Answer::Refused("There is no move to redo.".into());
        }
        if p.table.has_human() {
            while p.table.player_to_move().level().is_some() && p.table.redo() {}
        }
        let saved = p.save();
        self.effects.extend(saved);
        Answer::Done
    }
}

impl Keeper for LocalKeeper<'_> {
    fn ask(&mut self, intent: Intent) -> Answer {
        match intent {
            Intent::Play(mv) => self.play(mv),
            Intent::Resign => self.resign(),
            Intent::OfferDraw => self.offer_draw(),
            Intent::AnswerDraw(yes) => self.answer_draw(yes),
            Intent::ClaimWin => Answer::Refused(NO_CLAIM_HERE.into()),
            Intent::Rematch => self.rematch(),
            Intent::TakeBack => self.take_back(),
            Intent::Replay => self.replay(),
            Intent::Think(purpose) => {
                let searching = self.app.start_search(purpose, Duration::ZERO);
                self.effects.extend(searching);
                Answer::Done
            }
        }
    }

    fn record(&self) -> Option<Record> {
        match &self.app.screen {
            Screen::Playing(p) => Some(Record {
                table: p.table.clone(),
                people: p.people.clone(),
                draw_offer: p.draw_offer,
            }),
            Screen::Setup(_) => None,
        }
    }
}

/// The answer where no game is being played.
fn no_game() -> Answer {
    Answer::Refused("No game is being played.".into())
}
