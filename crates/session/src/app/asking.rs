//! What a player asks of the game goes to its keeper, and what the keeper
//! answers is folded in here: where the game is kept here the
//! [`LocalKeeper`] decides at once; where it is kept elsewhere the intent
//! leaves as [`Effect::Ask`], and the answer ([`Action::Answered`]) and
//! the record that follows ([`Action::Kept`]) come back as actions. Either
//! way the plies that came are said by [`say_plies`], from the record as
//! it was and as it is.
//!
//! [`Action::Answered`]: crate::action::Action::Answered
//! [`Action::Kept`]: crate::action::Action::Kept

use super::{App, Effect, Overlay, Screen};
use crate::computer::{HINT_LEVEL, Purpose};
use crate::describe::{self, Event, EventKind, changes};
use crate::keeper::{Answer, Intent, Keeper, LocalKeeper, Record};
use crate::speech::Voice;
use crate::table::TableGame;
use crate::timing::TurnTimer;
use crate::words::{and_list, capitalise};
use catboard::core::{Game, Move, Retire};
use catboard::variants::AnyGame;

/// Hands `intent` to the game's keeper (see the module's words).
pub(super) fn ask(app: &mut App, intent: Intent) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if app.kept_elsewhere {
        if let Intent::Play(mv) = intent {
            // The move entry is done with; the cursor goes where the
            // piece goes, whatever the keeper answers.
            p.cancel_entry();
            if !mv.is_pass() {
                p.cursor = mv.to;
            }
        }
        return vec![Effect::Ask(intent)];
    }
    let before = p.table.clone();
    let mut keeper = LocalKeeper::new(app);
    let answer = keeper.ask(intent.clone());
    let effects = keeper.effects();
    answered(app, &intent, answer, &before);
    effects
}

/// Folds in the keeper's `answer` to `intent`, asked when the game stood
/// at `before`: a refusal said, and what was done said.
pub(super) fn answered(app: &mut App, intent: &Intent, answer: Answer, before: &TableGame) {
    match answer {
        Answer::Refused(why) => app.error(why),
        Answer::Waiting => {
            app.inform("You asked for a rematch, the seats turned; waiting for the others.")
        }
        Answer::Done => done(app, intent, before),
    }
}

/// Says what `intent`, done, changed since `before`.
fn done(app: &mut App, intent: &Intent, before: &TableGame) {
    let elsewhere = app.kept_elsewhere;
    let (typed, voice) = (app.typed, app.voice);
    let Screen::Playing(p) = &mut app.screen else {
        return;
    };
    match intent {
        Intent::Play(mv) => {
            if !elsewhere && !mv.is_pass() && p.table.last_move() == Some(*mv) {
                p.cursor = mv.to;
            }
            say_plies(app, before);
        }
        Intent::Resign | Intent::AnswerDraw(true) | Intent::ClaimWin => {
            say_plies(app, before);
        }
        Intent::AnswerDraw(false) => {
            let game = p.table.game();
            let name = capitalise(game.seat_name(game.to_move().opponent()));
            app.inform(format!("{name} declines the draw."));
        }
        // At a shared table the keeper tells everyone at it.
        Intent::OfferDraw | Intent::Rematch if elsewhere => {}
        Intent::OfferDraw => {
            let game = p.table.game();
            let offerer = game.to_move();
            let (offers, answers) = (
                capitalise(game.seat_name(offerer)),
                capitalise(game.seat_name(offerer.opponent())),
            );
            if p.draw_offer.is_none() {
                app.inform(format!("{offers} offers a draw; {answers} thinks it over."));
            } else if typed {
                app.inform(format!(
                    "{offers} offers a draw. {answers}: type accept or decline; a move declines it."
                ));
            } else {
                app.inform(format!(
                    "{offers} offers a draw. {answers}: accept? y or n."
                ));
                app.overlay = Some(Overlay::DrawOffered(offerer));
            }
        }
        Intent::Rematch => {
            app.inform("A new game begins; undo before its first move brings back the last one.")
        }
        Intent::TakeBack => took_back(app, before),
        Intent::Replay => {
            let redone: Vec<Move> = p.table.moves().skip(before.ply()).collect();
            let said = spoken_moves(before.game(), &redone, voice);
            app.inform(format!("Played again {}.", said.join(" and ")));
        }
        Intent::Think(Purpose::Hint) => app.inform("Thinking about a hint..."),
        Intent::Think(_) => app.inform(format!(
            "The computer ({}) chooses a move...",
            HINT_LEVEL.id()
        )),
    }
}

/// Says what a take-back did: the game before this one back, the end of
/// the game taken back alone, or the moves taken back (and the computers
/// paused, where they play every seat).
fn took_back(app: &mut App, before: &TableGame) {
    let voice = app.voice;
    let Screen::Playing(p) = &app.screen else {
        return;
    };
    if before.ply() == 0 {
        app.inform("Back to the game before this one.");
        return;
    }
    let ended = before
        .last_move()
        .is_some_and(|mv| !mv.on_board() && !mv.is_pass());
    if ended && p.table.ply() + 1 == before.ply() {
        app.inform("Took back the end of the game: it goes on.");
        return;
    }
    let undone: Vec<Move> = before.moves().skip(p.table.ply()).collect();
    let said = spoken_moves(p.table.game(), &undone, voice);
    let said: Vec<&str> = said.iter().map(String::as_str).collect();
    let computers_only = !p.table.has_human();
    app.inform(format!("Took back {}.", and_list(&said)));
    if computers_only {
        app.inform("Computer play is paused; press s to resume.");
    }
}

/// `moves`, played in turn from `start`, as `voice` says them.
pub(super) fn spoken_moves(start: &AnyGame, moves: &[Move], voice: Voice) -> Vec<String> {
    let mut game = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let said = voice.mv(&game, mv);
            game.make_move(mv);
            said
        })
        .collect()
}

/// Says each ply the game has played since `before`, when it goes on
/// from there: a move, with what it changed beyond itself; a seat
/// leaving; and the result once the game is over. Whether it went on.
pub(super) fn say_plies(app: &mut App, before: &TableGame) -> bool {
    let voice = app.voice;
    let Screen::Playing(p) = &app.screen else {
        return false;
    };
    let now = &p.table;
    if now.ply() <= before.ply() || !before.moves().eq(now.moves().take(before.ply())) {
        return false;
    }
    let plies: Vec<Move> = now.moves().skip(before.ply()).collect();
    let mut game = before.game().clone();
    let mut events = Vec::new();
    for (i, &mv) in plies.iter().enumerate() {
        let mut after = game.clone();
        after.make_move(mv);
        match Retire::of(mv) {
            Some(retire) if now.outcome().is_none() || i + 1 < plies.len() => {
                events.push(Event::new(
                    EventKind::Move,
                    describe::left_the_game(now, retire),
                ));
            }
            Some(_) => {}
            None => {
                events.extend(changes::move_and_changes(&game, &after, voice, mv));
            }
        }
        game = after;
    }
    if let Some(outcome) = now.outcome() {
        events.push(Event::new(
            EventKind::Result,
            describe::result_in(now, outcome, voice),
        ));
    }
    for event in events {
        app.emit(event);
    }
    true
}

/// The keeper of the game held here plays `mv` of its own accord (a
/// computer's move, the pass of a seat that has left), and it is said.
pub(super) fn keeper_plays(app: &mut App, mv: Move) -> Vec<Effect> {
    keeper_acts(app, |keeper| keeper.play(mv))
}

/// The keeper of the game held here plays `retire` of its own accord (a
/// flag fallen, an engine resigning, a computer taking a draw), and it is
/// said.
pub(super) fn keeper_retires(app: &mut App, retire: Retire) -> Vec<Effect> {
    keeper_acts(app, |keeper| keeper.retire(retire))
}

/// The local keeper does `act` of its own accord: a refusal is shown, the
/// plies it made are said, and its effects are returned.
fn keeper_acts(app: &mut App, act: impl FnOnce(&mut LocalKeeper<'_>) -> Answer) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    let before = p.table.clone();
    let mut keeper = LocalKeeper::new(app);
    let answer = act(&mut keeper);
    let effects = keeper.effects();
    match answer {
        Answer::Refused(why) => app.error(why),
        _ => {
            say_plies(app, &before);
        }
    }
    effects
}

/// The record kept elsewhere is now `record`: the App takes it (the turn
/// so far in its carried time), says the plies that came, and asks a
/// draw offered to this App's seat.
pub(super) fn kept(app: &mut App, record: Record) {
    let Screen::Playing(p) = &mut app.screen else {
        return;
    };
    p.people = record.people;
    let same = p.table.ply() == record.table.ply()
        && p.table.game().hash() == record.table.game().hash()
        && p.table.last_move() == record.table.last_move();
    let before = std::mem::replace(&mut p.table, record.table);
    p.timer = TurnTimer::default();
    if !same && !say_plies(app, &before) {
        // Not the game shown gone on: only where it stands.
        if let Screen::Playing(p) = &app.screen {
            let check = describe::check(p.table.game());
            let result = p.table.outcome().map(|o| describe::result(&p.table, o));
            for (kind, text) in [(EventKind::Check, check), (EventKind::Result, result)] {
                if let Some(text) = text {
                    app.emit(Event::new(kind, text));
                }
            }
        }
    }
    ask_draw(app, record.draw_offer);
}

/// Shows the draw offered to this App's seat (`from` the seat that
/// offered it) as a question, or closes a question whose offer is gone.
fn ask_draw(app: &mut App, from: Option<catboard::core::Seat>) {
    let Screen::Playing(p) = &mut app.screen else {
        return;
    };
    match from {
        Some(from) if Some(from.opponent()) == p.own_seat => {
            if p.draw_offer != Some(from) {
                p.draw_offer = Some(from);
                app.overlay = Some(Overlay::DrawOffered(from));
            }
        }
        _ => {
            if p.draw_offer.take().is_some() && matches!(app.overlay, Some(Overlay::DrawOffered(_)))
            {
                app.overlay = None;
            }
        }
    }
}
