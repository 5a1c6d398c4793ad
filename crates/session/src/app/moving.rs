//! Moves at the table: a person's picks (the cursor, the move prompt, the
//! chooser) go through the move entry, and the move made is asked of the
//! game's keeper; every move played, by a person or the computer, is
//! said through the describe layer.

use super::{App, Effect, Overlay, Playing, Screen};
use crate::describe::{self, Event, EventKind, refusal};
use crate::keeper::Intent;
use crate::speech::read_typed;
use crate::words::capitalise;
use catboard::core::{Game, Move, PieceKind};
use catboard::entry::{Choice, Reading, Step, read_move};

/// Why the person cannot move now, if they cannot: the game is over, or a
/// computer seat is to move.
/// The keys (or, where commands are typed, the commands) are named as
/// the front end takes them.
pub(super) fn cannot_move_now(p: &Playing, typed: bool) -> Option<String> {
    if let Some(w) = &p.watching {
        return Some(super::watching::watching_refusal(w));
    }
    if let Some(outcome) = p.table.outcome() {
        let result = describe::ending_words(&p.table, outcome);
        let how = if typed {
            "type undo to take back, or new for a new game"
        } else {
            "press u to undo or n for a new game"
        };
        return Some(format!("The game is over ({result}); {how}."));
    }
    let level = p.table.player_to_move().level()?;
    let game = p.table.game();
    let seat = capitalise(game.seat_name(game.to_move()));
    if let Some(engine) = p.table.engine(game.to_move()) {
        return Some(format!(
            "{seat} is played by the engine {}; wait for its move.",
            engine.label()
        ));
    }
    Some(if p.paused {
        let how = if typed {
            "type computer to have it play this move"
        } else {
            "press s to resume"
        };
        format!("{seat} is played by the computer ({level}), which is paused; {how}.")
    } else {
        format!("{seat} is played by the computer ({level}); wait for its move.")
    })
}

/// Plays `mv` (legal now) for the side to move: a person's move is
/// asked of the keeper (which also brings the cursor to where the piece
/// went), a computer's is the local keeper's own; either is said.
pub(super) fn play_move(app: &mut App, mv: Move, by_person: bool) -> Vec<Effect> {
    if by_person {
        super::asking::ask(app, Intent::Play(mv))
    } else {
        super::asking::keeper_plays(app, mv)
    }
}

/// Enter or Space on the board: the cell under the cursor is the next pick
/// of the move being entered.
pub(super) fn select(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p, app.typed) {
        app.error(why);
        return Vec::new();
    }
    let here = p.cursor;
    let step = p.entry_mut().pick(here);
    take_step(app, step)
}

/// Acts on what a pick led to: a move played, a chooser opened, a refusal said.
fn take_step(app: &mut App, step: Step) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    match step {
        Step::Complete(mv) => play_move(app, mv, true),
        Step::Choose(moves) => {
            app.overlay = Some(Overlay::Chooser { moves, index: 0 });
            Vec::new()
        }
        Step::Refused(why) => {
            let text = describe::refusal(p.table.game(), app.voice, why);
            app.emit(Event::new(EventKind::Refusal, text));
            Vec::new()
        }
        Step::Continue if app.reader => {
            // The screen reader view says what was picked and where it may go.
            let picked = p.picks().first().copied();
            if let Some(cell) = picked {
                let text = describe::position::moves_from(p.table.game(), app.voice, cell);
                app.inform(format!("Picked. {text}"));
            }
            Vec::new()
        }
        Step::Continue => {
            if let Some(text) = mid_move_words(p) {
                app.emit(Event::new(EventKind::Info, text));
            }
            Vec::new()
        }
        Step::Cancelled => Vec::new(),
    }
}

/// What a move half-entered (a Lion's first leg taken) may do next, in
/// one sentence: stop where it stands (that cell picked again), go back
/// to where it started (igui, or a pass over an empty cell), or go on to
/// a marked cell. `None` before a first leg.
fn mid_move_words(p: &Playing) -> Option<String> {
    let picks = p.picks();
    let (&origin, &here) = (picks.first()?, picks.last()?);
    if picks.len() < 2 {
        return None;
    }
    let game = p.table.game();
    let geo = game.geometry();
    let piece = game.piece_at(origin)?;
    let next = p.entry()?.next_picks();
    let mut ways = Vec::new();
    if next.contains(here) {
        ways.push(format!("{} again to stop there", geo.name(here)));
    }
    if next.contains(origin) {
        let back = if game.piece_at(here).is_some() {
            "to take and go back (igui)"
        } else {
            "to pass"
        };
        ways.push(format!("{} {back}", geo.name(origin)));
    }
    let on = next.iter().filter(|c| *c != here && *c != origin).count();
    if on > 0 {
        ways.push("a marked cell to go on".to_string());
    }
    let ways = match ways.len() {
        0 => return None,
        1 => ways.remove(0),
        _ => {
            let last = ways.pop().unwrap_or_default();
            format!("{}, or {last}", ways.join(", "))
        }
    };
    Some(format!(
        "{} half-way at {}: pick {ways}; Esc cancels.",
        capitalise(&describe::piece_words(game, piece)),
        geo.name(here)
    ))
}

/// Takes `choice` in the open chooser; a refused choice keeps it open.
pub(super) fn choose(
    app: &mut App,
    choice: Choice,
    moves: Vec<(Choice, Move)>,
    index: usize,
) -> Vec<Effect> {
    match moves.iter().find(|(c, _)| *c == choice) {
        Some(&(_, mv)) => play_move(app, mv, true),
        None => {
            app.overlay = Some(Overlay::Chooser { moves, index });
            let text = format!(
                "{} is not one of the choices.",
                catboard::text::quoted(&choice.key().to_string())
            );
            app.emit(Event::new(EventKind::Refusal, text));
            Vec::new()
        }
    }
}

/// A move typed at the prompt, read by the one move reader
/// ([`read_move`]) in any form: played when it names one move, the
/// chooser opened when its moves differ by a piece to promote to, a
/// question when it could be several moves; or a piece kind
/// ("knights"), answered with where they stand.
/// `Err` keeps the prompt open with the reason said.
pub(super) fn typed_move(app: &mut App, written: &str) -> Result<Vec<Effect>, ()> {
    let Screen::Playing(p) = &mut app.screen else {
        return Ok(Vec::new());
    };
    if let Some(why) = cannot_move_now(p, app.typed) {
        app.error(why);
        return Ok(Vec::new());
    }
    // A piece kind named alone ("knight", "knights") asks where they stand.
    let asked = written.to_ascii_lowercase();
    if let Some(kind) = PieceKind::named(&asked) {
        let text = describe::pieces_of_kind(p.table.game(), app.voice, kind);
        app.emit(Event::new(EventKind::Info, text));
        return Ok(Vec::new());
    }
    // Cells as the spoken voice names them (BacCanCat's `f1` for `fa`).
    let written = &read_typed(p.table.game().geometry(), written);
    p.cancel_entry();
    match read_move(p.table.game(), written) {
        Reading::Move(mv) => Ok(play_move(app, mv, true)),
        Reading::Choose(choices) => Ok(take_step(app, Step::Choose(choices))),
        Reading::Either(moves) => {
            let text = refusal::which_one(p.table.game(), app.voice, written, &moves);
            app.emit(Event::new(EventKind::Refusal, text));
            Err(())
        }
        Reading::NotLegal(e) => {
            let text = refusal::typed_refusal(p.table.game(), app.voice, written, &e);
            app.emit(Event::new(EventKind::Refusal, text));
            Err(())
        }
    }
}
