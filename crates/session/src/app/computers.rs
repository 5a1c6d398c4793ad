//! The computer players: searches started and stopped as the game goes,
//! and their replies played (a move) or shown (a hint).

use super::moving;
use super::{App, Effect, PositionMark, Screen};
use crate::computer::{HINT_LEVEL, Purpose, SearchRequest, Thinking};
use crate::keeper::policy::{self, ComputerTurn};
use crate::table::Player;
use catboard::ai::Thought;
use catboard::core::{Game, Move};
use catboard::protocol::engine::{Budget, Clocks as EngineClocks};
use std::time::Duration;

impl App {
    /// Starts a search for the seat to move, for `purpose`.
    pub(super) fn start_search(&mut self, purpose: Purpose, min_time: Duration) -> Vec<Effect> {
        let id = self.next_search;
        let think_ms = self.think_ms;
        let Screen::Playing(p) = &mut self.screen else {
            return Vec::new();
        };
        let level = match purpose {
            Purpose::Move => match p.table.player_to_move().level() {
                Some(level) => level,
                None => return Vec::new(),
            },
            Purpose::Hint | Purpose::Requested => HINT_LEVEL,
            Purpose::DrawOffer => {
                let mover = p.table.game().to_move();
                let level = (0..p.table.players().len())
                    .map(|i| catboard::core::Seat(i as u8))
                    .filter(|s| *s != mover)
                    .find_map(|s| p.table.player(s).level());
                match level {
                    Some(level) => level,
                    None => return Vec::new(),
                }
            }
        };
        self.next_search += 1;
        let seat = p.table.game().to_move();
        p.thinking = Some(Thinking {
            id,
            purpose,
            seat,
            level,
            progress: None,
        });
        let now = self.time.now();
        let left = p.clock_reading(seat, now);
        let limits = policy::search_limits(&p.table, level, think_ms, left);
        // Another engine's time: --think-ms a move, or both clocks.
        let mut engine_budget = Budget::PerMove(Duration::from_millis(think_ms));
        if let (Some(clocks), Some(left)) = (p.table.clocks(), left) {
            let increment = clocks.control().increment;
            let other = catboard::core::Seat(1 - seat.0.min(1));
            engine_budget = Budget::Clock(EngineClocks {
                own: left,
                opponent: p.clock_reading(other, now).unwrap_or(left),
                own_increment: increment,
                opponent_increment: increment,
            });
        }
        if self.kept_elsewhere {
            // The keeper's computers think; this App only shows it.
            return Vec::new();
        }
        if purpose == Purpose::Move
            && let Some(request) =
                super::engine_seats::request(&p.table, id, engine_budget, min_time)
        {
            return vec![Effect::AskEngine(Box::new(request))];
        }
        vec![Effect::Think(Box::new(SearchRequest {
            id,
            game: p.table.game().clone(),
            limits,
            min_time,
        }))]
    }

    /// Keeps the players going (see [`App::engage_players`]) and the
    /// clock of the seat to move running when it should. Runs after every
    /// action, and when a game opens.
    pub fn engage(&mut self) -> Vec<Effect> {
        let effects = self.engage_players();
        self.keep_time(false);
        effects
    }

    /// Keeps the computer players going: stops a search that no longer
    /// fits the position (the game ended, a person is to move, play is
    /// paused) and starts one when a computer seat is to move and nothing
    /// thinks for it; a seat that has left passes at once (where the game
    /// is kept here).
    fn engage_players(&mut self) -> Vec<Effect> {
        if let Some(effects) = self.begin_watching() {
            return effects;
        }
        let Screen::Playing(p) = &mut self.screen else {
            return Vec::new();
        };
        if p.watching.is_some() {
            // A watched game's moves are the other catboard's to make.
            return match p.thinking.take() {
                Some(t) => vec![Effect::StopThinking(t.id)],
                None => Vec::new(),
            };
        }
        let mut effects = Vec::new();
        let over = p.table.outcome().is_some();
        let to_move = p.table.player_to_move();
        let turn = policy::computer_turn(&p.table);
        if !self.kept_elsewhere && turn == Some(ComputerTurn::Pass) {
            // A seat that has left (the Cats once their flag fell) passes
            // at once on each of its turns.
            if let Some(t) = p.thinking.take() {
                effects.push(Effect::StopThinking(t.id));
            }
            effects.extend(moving::play_move(self, Move::PASS, false));
            effects.extend(self.engage_players());
            return effects;
        }
        if let Some(t) = &p.thinking {
            let wanted = !over
                && match t.purpose {
                    Purpose::Move => to_move.level().is_some() && !p.paused,
                    Purpose::Hint | Purpose::Requested | Purpose::DrawOffer => {
                        to_move == Player::Human
                    }
                };
            if !wanted {
                effects.push(Effect::StopThinking(t.id));
                p.thinking = None;
            }
        }
        if p.thinking.is_none() && !p.paused && matches!(turn, Some(ComputerTurn::Think(_))) {
            // After a computer's move, wait a little so a person can see it.
            let min_time = policy::reply_pause(&p.table, self.watch_pause);
            effects.extend(self.start_search(Purpose::Move, min_time));
        }
        effects
    }

    /// After an action: when the position changed (or the game was left),
    /// the search about the old position is stopped and the hint forgotten.
    pub(super) fn forget_stale(&mut self, before: Option<PositionMark>) -> Vec<Effect> {
        let after = self.position_mark();
        let same = |a: &PositionMark, b: &PositionMark| a.ply == b.ply && a.hash == b.hash;
        let changed = match (&before, &after) {
            (Some(b), Some(a)) => !same(b, a),
            (None, None) => false,
            _ => true,
        };
        if !changed {
            return Vec::new();
        }
        let mut effects = Vec::new();
        if let Some(id) = before.and_then(|b| b.search) {
            effects.push(Effect::StopThinking(id));
            if let Screen::Playing(p) = &mut self.screen
                && p.thinking.as_ref().is_some_and(|t| t.id == id)
            {
                p.thinking = None;
            }
        }
        if let Screen::Playing(p) = &mut self.screen {
            p.hint = None;
        }
        effects
    }
}

/// A search's report of its move: played (a computer's move) or shown (a
/// hint) when it answers the search under way; a stale reply, from before
/// an undo, a new game or a pause, is ignored.
pub(super) fn reply(app: &mut App, id: u64, thought: &Thought) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let Some(thinking) = p.thinking.take_if(|t| t.id == id) else {
        return Vec::new();
    };
    if thinking.purpose == Purpose::DrawOffer {
        return super::verdicts::judge_draw(app, thought.score);
    }
    let Some(mv) = thought
        .best
        .filter(|mv| p.table.game().legal_move_list().contains(mv))
    else {
        // Not to ask again and again for a move that does not come.
        if thinking.purpose == Purpose::Move {
            p.paused = true;
            app.error(format!(
                "The {} computer found no legal move; computer play is paused.",
                thinking.level.id()
            ));
        }
        return Vec::new();
    };
    match thinking.purpose {
        Purpose::Move | Purpose::Requested | Purpose::DrawOffer => {
            moving::play_move(app, mv, false)
        }
        Purpose::Hint => {
            let text = app.voice.mv(p.table.game(), mv);
            p.hint = Some(mv);
            app.inform(format!(
                "Hint: {text} (the {} computer's choice).",
                thinking.level.id()
            ));
            Vec::new()
        }
    }
}
