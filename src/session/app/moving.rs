//! Moves at the table: a person's picks (the cursor, the move prompt, the
//! chooser) go through the move entry; every move played, by a person or
//! the computer, is said through the describe layer.

use super::{App, Effect, Overlay, Playing, Screen};
use crate::session::describe::{self, Event, EventKind};
use crate::session::words::capitalise;
use catboard::core::{Game, Move, PieceKind};
use catboard::entry::{Choice, Step, cells_named};

/// Why the person cannot move now, if they cannot: the game is over, or a
/// computer seat is to move.
pub(super) fn cannot_move_now(p: &Playing) -> Option<String> {
    if let Some(w) = &p.watching {
        return Some(super::watching::watching_refusal(w));
    }
    if let Some(outcome) = p.table.outcome() {
        let result = p.table.outcome_words(outcome);
        return Some(format!(
            "The game is over ({result}); press u to undo or n for a new game."
        ));
    }
    let level = p.table.player_to_move().level()?;
    let game = p.table.game();
    let seat = capitalise(game.seat_name(game.to_move()));
    Some(if p.paused {
        format!("{seat} is played by the computer ({level}), which is paused; press s to resume.")
    } else {
        format!("{seat} is played by the computer ({level}); wait for its move.")
    })
}

/// Plays `mv` (legal now) for the side to move, says it, and saves; a
/// person's move also brings the cursor to where the piece went.
pub(super) fn play_move(app: &mut App, mv: Move, by_person: bool) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let said = describe::move_played(p.table.game(), mv);
    p.table.play(mv);
    p.cancel_entry();
    if by_person && !mv.is_pass() {
        p.cursor = mv.to;
    }
    let effects = p.save();
    let check = describe::check(p.table.game());
    let result = p.table.outcome().map(|o| describe::result(&p.table, o));
    app.emit(Event::new(EventKind::Move, said));
    if let Some(text) = check {
        app.emit(Event::new(EventKind::Check, text));
    }
    if let Some(text) = result {
        app.emit(Event::new(EventKind::Result, text));
    }
    effects
}

/// Enter or Space on the board: the cell under the cursor is the next pick
/// of the move being entered.
pub(super) fn select(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p) {
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
            let text = describe::refusal(p.table.game(), why);
            app.emit(Event::new(EventKind::Refusal, text));
            Vec::new()
        }
        Step::Continue | Step::Cancelled => Vec::new(),
    }
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

/// A move typed at the prompt: any notation the variant reads, or the
/// cells of its path (`e7e8`, `e1f2f2g3`), which may open the chooser; or
/// a piece kind ("knights"), answered with where they stand.
/// `Err` keeps the prompt open with the reason said.
pub(super) fn typed_move(app: &mut App, written: &str) -> Result<Vec<Effect>, ()> {
    let Screen::Playing(p) = &mut app.screen else {
        return Ok(Vec::new());
    };
    if let Some(why) = cannot_move_now(p) {
        app.error(why);
        return Ok(Vec::new());
    }
    // A piece kind named alone ("knight", "knights") asks where they stand.
    let asked = written.to_ascii_lowercase();
    if let Some(kind) = PieceKind::named(&asked) {
        let text = describe::pieces_of_kind(p.table.game(), kind);
        app.emit(Event::new(EventKind::Info, text));
        return Ok(Vec::new());
    }
    let parsed = p.table.game().parse_move(written);
    match parsed {
        Ok(mv) => Ok(play_move(app, mv, true)),
        Err(e) => {
            let geo = p.table.game().geometry();
            let step = cells_named(geo, written).map(|cells| p.entry_mut().enter_path(&cells));
            match step {
                Some(step @ (Step::Complete(_) | Step::Choose(_))) => Ok(take_step(app, step)),
                _ => {
                    p.cancel_entry();
                    app.emit(Event::new(EventKind::Refusal, e.0));
                    Err(())
                }
            }
        }
    }
}
