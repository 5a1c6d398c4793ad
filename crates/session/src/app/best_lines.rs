//! The best-lines key on the screen: the position shown (the live one,
//! or the one in review) is searched on a worker thread
//! ([`Effect::FindLines`]) and its best lines drawn in a box over the
//! screen as each depth finishes; Esc closes the box and stops a search
//! still under way. At the end the best line is said on the feedback
//! line.

use super::{App, Effect, Overlay, Screen};
use crate::action::Action;
use crate::best_lines::{LinesRequest, ShownLines, in_move_list, refusal, words};
use catboard::analysis::Line;

/// Opens the box and starts the search for the position shown.
pub(super) fn open(app: &mut App) -> Vec<Effect> {
    let budget = app.lines_budget;
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    let game = p.shown_game().clone();
    if let Some(why) = refusal(&game) {
        app.error(why);
        return Vec::new();
    }
    let id = app.next_search;
    app.next_search += 1;
    let ply = p.shown_ply();
    app.overlay = Some(Overlay::Lines(Box::new(ShownLines {
        id,
        game: game.clone(),
        ply,
        lines: Vec::new(),
        running: true,
        budget,
    })));
    app.inform("Looking for the best lines; Esc stops and closes.");
    vec![Effect::FindLines(Box::new(LinesRequest {
        id,
        game,
        budget,
    }))]
}

/// A key while the box is open: Cancel closes it, stopping the search
/// if it still runs; any other key leaves it open.
pub(super) fn update(app: &mut App, shown: ShownLines, action: Action) -> Vec<Effect> {
    if action != Action::Cancel {
        app.overlay = Some(Overlay::Lines(Box::new(shown)));
        return Vec::new();
    }
    if shown.running {
        vec![Effect::StopThinking(shown.id)]
    } else {
        Vec::new()
    }
}

/// The search `id` has `lines` to show; `done` at its end, when the best
/// is said.
pub(super) fn found(app: &mut App, id: u64, lines: Vec<Line>, done: bool) {
    let Some(Overlay::Lines(shown)) = app
        .overlay
        .as_mut()
        .filter(|o| matches!(o, Overlay::Lines(s) if s.id == id))
    else {
        return;
    };
    shown.lines = lines;
    shown.running = !done;
    if done {
        let said = words(
            &shown.game,
            &shown.lines[..shown.lines.len().min(1)],
            &in_move_list,
        );
        app.inform(said.join(" "));
    }
}
