//! A game another catboard has open, watched read-only: the file followed
//! as the other saves it, each new move said, and the game taken over once
//! the other lets it go.

use super::{App, Effect, Screen, Watching};
use crate::describe;
use crate::save::{Claim, SavedGame, claim, taken_sentence};
use crate::table::TableGame;
use catboard::core::Game;

/// What a person watching is told when they try to change the game.
pub(super) fn watching_refusal(w: &Watching) -> String {
    format!(
        "{} You are watching it and cannot move here; quit to leave it as it is.",
        taken_sentence(w.pid)
    )
}

impl App {
    /// Claims the game saved at `path` when it is the one shown and no
    /// lock holds it yet (its folder did not exist when it opened).
    pub fn hold(&mut self, path: &std::path::Path) {
        if let Screen::Playing(p) = &mut self.screen
            && p.lock.is_none()
            && p.watching.is_none()
            && p.save_path.as_deref() == Some(path)
            && let Claim::Mine(lock) = claim(path)
        {
            p.lock = Some(lock);
        }
    }

    /// When the game shown is watched and not yet followed: says so, and
    /// asks for its file to be followed.
    pub(super) fn begin_watching(&mut self) -> Option<Vec<Effect>> {
        let Screen::Playing(p) = &mut self.screen else {
            return None;
        };
        let path = p.save_path.clone()?;
        let w = p.watching.as_mut().filter(|w| !w.following)?;
        w.following = true;
        let pid = w.pid;
        self.inform(taken_sentence(pid));
        self.inform(
            "You are watching it, read-only: its moves appear here as they are made, and quitting leaves it as it is.",
        );
        Some(vec![Effect::Watch(path)])
    }
}

/// The watched game as the other catboard last saved it: taken in, each
/// move since the one shown said (and moves taken back there too).
pub(super) fn watched(app: &mut App, saved: &SavedGame) {
    let app_voice = app.voice;
    let Screen::Playing(p) = &mut app.screen else {
        return;
    };
    if p.watching.is_none() {
        return;
    }
    // A file the other writes is whole (durable::replace), but may be of
    // a game this one cannot replay (a newer catboard): it is skipped.
    let Ok(table) = TableGame::from_saved(saved) else {
        return;
    };
    let old = p.table.game().moves_played().to_vec();
    let new = table.game().moves_played().to_vec();
    let common = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    if common == old.len() && common == new.len() {
        return;
    }
    let mut said = Vec::new();
    if common < old.len() {
        said.push(format!(
            "In the other catboard, moves were taken back to {}.",
            catboard::text::count(common as u64, "ply", "plies")
        ));
    }
    let mut before = table.game().clone();
    for _ in common..new.len() {
        before.unmake_move();
    }
    for &mv in &new[common..] {
        said.push(describe::move_played(&before, app_voice, mv));
        before.make_move(mv);
    }
    if let Some(outcome) = table.outcome() {
        said.push(describe::result_in(&table, outcome, app_voice));
    }
    p.table = table;
    p.cancel_entry();
    for text in said {
        app.inform(text);
    }
}

/// The other catboard let the watched game go: this one takes it (its
/// lock), says so and plays on; when a third took it first, it watches on.
pub(super) fn taken_over(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let (Some(path), Some(_)) = (p.save_path.clone(), &p.watching) else {
        return Vec::new();
    };
    match claim(&path) {
        Claim::Mine(lock) => {
            p.lock = Some(lock);
            p.watching = None;
            app.inform("The other catboard has left this game; it is yours to play now.");
            vec![Effect::StopWatching]
        }
        Claim::Taken(pid) => {
            if let Some(w) = p.watching.as_mut() {
                w.pid = pid;
            }
            Vec::new()
        }
        Claim::Unlocked => {
            p.watching = None;
            app.inform("The other catboard has left this game; it is yours to play now.");
            vec![Effect::StopWatching]
        }
    }
}
