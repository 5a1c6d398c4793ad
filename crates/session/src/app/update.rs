//! `update`: each action dispatched to the part of the state it changes.

use super::asking::{self, ask};
use super::computers::reply;
use super::moving::{self, cannot_move_now};
use super::review;
use super::starting::update_setup;
use super::verdicts;
use super::{App, Effect, FieldPurpose, Overlay, Playing, Screen};
use crate::action::{Action, Dir, ReviewStep};
use crate::computer::{Progress, Purpose};
use crate::describe::{self, Event, EventKind};
use crate::keeper::Intent;
use crate::keymap::Context;
use crate::setup_form::{ResumeOffer, Setup};
use crate::words::capitalise;
use catboard::core::geometry::Shape;
use catboard::core::{Cell, Game, Move};

/// Applies `action` to `app`; the only place the state changes.
pub fn update(app: &mut App, action: Action) -> Vec<Effect> {
    let before = app.position_mark();
    app.begin_step();
    // A flag that has fallen falls before anything else is done.
    let mut effects = app.watch_clocks();
    effects.extend(apply(app, action));
    effects.extend(app.forget_stale(before));
    // A new turn's timer starts before the players are engaged, so a
    // computer (or another engine) to move reads its own clock, not its
    // clock less the turn just played.
    let moved = app.position_mark();
    app.keep_time(new_turn(before, moved));
    if !app.quit {
        effects.extend(app.engage());
    }
    // Engaging may play (a seat that has left passes at once).
    app.keep_time(new_turn(moved, app.position_mark()));
    effects
}

/// Whether the position changed between two marks: a new turn.
fn new_turn(before: Option<super::PositionMark>, after: Option<super::PositionMark>) -> bool {
    let same =
        |a: &super::PositionMark, b: &super::PositionMark| a.ply == b.ply && a.hash == b.hash;
    match (&before, &after) {
        (Some(b), Some(a)) => !same(b, a),
        (None, None) => false,
        _ => true,
    }
}

fn apply(app: &mut App, action: Action) -> Vec<Effect> {
    match action {
        Action::Tick => return Vec::new(),
        Action::Quit | Action::Hangup => {
            app.quit = true;
            let mut effects = app.save_now();
            if let Screen::Playing(p) = &mut app.screen {
                if let Some(t) = p.thinking.take() {
                    effects.push(Effect::StopThinking(t.id));
                }
                if let Some(id) = p.analysing() {
                    effects.push(Effect::StopThinking(id));
                }
            }
            return effects;
        }
        Action::Resize => return Vec::new(),
        Action::Notice(text) => {
            app.error(text);
            return Vec::new();
        }
        Action::Progress { id, thought } => {
            if let Screen::Playing(p) = &mut app.screen
                && let Some(t) = p.thinking.as_mut().filter(|t| t.id == id)
            {
                t.progress = Some(Progress::of(p.table.game(), &thought));
            }
            return Vec::new();
        }
        Action::Reply { id, thought } => return reply(app, id, &thought),
        Action::AnalysisProgress { id, progress } => {
            super::analyse::progress(app, id, progress);
            return Vec::new();
        }
        Action::Analysed {
            id,
            analysis,
            failure,
        } => {
            return super::analyse::analysed(app, id, *analysis, failure);
        }
        Action::LinesFound { id, lines, done } => {
            super::best_lines::found(app, id, lines, done);
            return Vec::new();
        }
        Action::EngineNews { id, seat, news } => {
            return super::engine_seats::news(app, id, seat, news);
        }
        Action::Watched(saved) => {
            super::watching::watched(app, &saved);
            return Vec::new();
        }
        Action::WatchedFree => return super::watching::taken_over(app),
        Action::Answered(intent, answer) => {
            if let Screen::Playing(p) = &app.screen {
                let before = p.table.clone();
                asking::answered(app, &intent, answer, &before);
            }
            return Vec::new();
        }
        Action::Kept(record) => {
            asking::kept(app, *record);
            return Vec::new();
        }
        Action::Told { text, error } => {
            let kind = if error {
                EventKind::Error
            } else {
                EventKind::Info
            };
            app.emit(Event::new(kind, text));
            return Vec::new();
        }
        _ => {}
    }
    app.message = None;
    if let Some(refusal) = app.refused.iter().find(|r| r.action == action) {
        app.error(refusal.why);
        return Vec::new();
    }
    match action {
        Action::TypedMove(text) => return typed_move(app, &text),
        Action::Restart => return restart(app),
        Action::Ask(intent) => {
            // An intent is no key: it goes to the keeper whatever is
            // open, and an answer to the draw closes its question.
            if matches!(intent, Intent::AnswerDraw(_))
                && matches!(app.overlay, Some(Overlay::DrawOffered(_)))
            {
                app.overlay = None;
            }
            return ask(app, intent);
        }
        Action::Paste(text) => {
            paste(app, &text);
            return Vec::new();
        }
        Action::Analyse if app.overlay.is_none() => return super::analyse::analyse(app),
        Action::StopAnalysis if app.overlay.is_none() => return super::analyse::stop(app),
        Action::BestLines if app.overlay.is_none() => return super::best_lines::open(app),
        _ => {}
    }
    match app.overlay.take() {
        Some(overlay) => update_overlay(app, overlay, action),
        None => match &app.screen {
            Screen::Setup(_) => update_setup(app, action),
            Screen::Playing(p) if p.review.is_some() => update_review(app, action),
            Screen::Playing(_) => update_board(app, action),
        },
    }
}

fn update_overlay(app: &mut App, overlay: Overlay, action: Action) -> Vec<Effect> {
    match overlay {
        Overlay::Help { from, scroll } => {
            // Arrows scroll a help longer than the screen (as far as the
            // last drawing found there is to scroll); other keys close it.
            let room = app.help_scroll_room;
            let scroll = match action {
                Action::Cursor(Dir::Down) => Some((scroll + 1).min(room)),
                Action::Cursor(Dir::Up) => Some(scroll.saturating_sub(1)),
                Action::ScrollPage(lines) => Some(scroll.saturating_add_signed(lines).min(room)),
                _ => None,
            };
            if let Some(scroll) = scroll {
                app.overlay = Some(Overlay::Help { from, scroll });
            }
            if action == Action::Explain {
                super::glance::open(app, true);
            }
            Vec::new()
        }
        Overlay::ConfirmResign => {
            if action == Action::Yes {
                return ask(app, Intent::Resign);
            }
            Vec::new()
        }
        Overlay::DrawOffered(_) => match action {
            Action::Yes => ask(app, Intent::AnswerDraw(true)),
            Action::No => ask(app, Intent::AnswerDraw(false)),
            _ => {
                // Any other key leaves the question open.
                app.overlay = Some(overlay);
                Vec::new()
            }
        },
        Overlay::Glance(view) => super::glance::update(app, *view, action),
        Overlay::Lines(shown) => super::best_lines::update(app, *shown, action),
        Overlay::ConfirmNewGame => {
            if action == Action::Yes
                && let Screen::Playing(p) = &app.screen
            {
                let resume = (p.table.outcome().is_none() && p.table.ply() > 0)
                    .then(|| p.save_path.clone())
                    .flatten()
                    .map(|path| ResumeOffer {
                        path,
                        table: Box::new(p.table.clone()),
                    });
                let setup = Setup::like(&p.table, p.near_side(), app.think_ms, resume)
                    .offering(&app.offered_engines);
                app.previous_game = Some(p.as_previous());
                app.screen = Screen::Setup(setup);
            }
            Vec::new()
        }
        Overlay::Field { purpose, mut text } => match action {
            Action::TypeChar(c) => {
                text.push(c);
                app.overlay = Some(Overlay::Field { purpose, text });
                Vec::new()
            }
            Action::DeleteChar => {
                text.pop();
                app.overlay = Some(Overlay::Field { purpose, text });
                Vec::new()
            }
            Action::Submit => submit_field(app, purpose, text),
            _ => Vec::new(),
        },
        Overlay::Chooser { moves, index } => {
            let n = moves.len().max(1);
            let choice = match action {
                Action::Cursor(Dir::Up | Dir::Left) => {
                    app.overlay = Some(Overlay::Chooser {
                        index: (index + n - 1) % n,
                        moves,
                    });
                    return Vec::new();
                }
                Action::Cursor(Dir::Down | Dir::Right) => {
                    app.overlay = Some(Overlay::Chooser {
                        index: (index + 1) % n,
                        moves,
                    });
                    return Vec::new();
                }
                Action::Select | Action::Submit => moves.get(index).map(|(c, _)| *c),
                Action::ChooseLetter(c) => {
                    let wanted = c.to_ascii_uppercase();
                    let found = moves.iter().find(|(ch, _)| ch.key() == wanted);
                    match found.map(|(ch, _)| *ch) {
                        Some(ch) => Some(ch),
                        None => {
                            app.overlay = Some(Overlay::Chooser { moves, index });
                            app.error(format!(
                                "{} is not one of the choices.",
                                catboard::text::quoted(&c.to_string())
                            ));
                            return Vec::new();
                        }
                    }
                }
                _ => None,
            };
            if let Screen::Playing(p) = &mut app.screen {
                p.cancel_entry();
            }
            match choice {
                Some(choice) => moving::choose(app, choice, moves, index),
                None => Vec::new(),
            }
        }
    }
}

fn submit_field(app: &mut App, purpose: FieldPurpose, text: String) -> Vec<Effect> {
    match (purpose, &mut app.screen) {
        (FieldPurpose::Position, Screen::Setup(setup)) => {
            let text = text.trim().to_string();
            let check = setup
                .variant
                .from_position(&text, &setup.options)
                .map(|_| ());
            setup.position = text;
            if let Err(e) = check {
                app.error(e.to_string());
            }
            Vec::new()
        }
        (FieldPurpose::GoTo, Screen::Playing(p)) => {
            let wanted = text.trim();
            let geo = p.table.game().geometry();
            match geo
                .cells()
                .find(|c| geo.name(*c).eq_ignore_ascii_case(wanted))
            {
                Some(cell) => {
                    p.cursor = cell;
                    let said = describe::cell(p.table.game(), app.voice, cell);
                    app.inform(said);
                }
                None if wanted.is_empty() => {}
                None => {
                    let example = geo.cells().last().map_or("?", |c| geo.name(c)).to_string();
                    app.error(format!(
                        "There is no cell {}; cells are named like {example}.",
                        catboard::text::quoted(wanted)
                    ));
                    app.overlay = Some(Overlay::Field { purpose, text });
                }
            }
            Vec::new()
        }
        (FieldPurpose::Move, Screen::Playing(_)) => {
            let written = text.trim();
            if written.is_empty() {
                return Vec::new();
            }
            match moving::typed_move(app, written) {
                Ok(effects) => effects,
                Err(()) => {
                    app.overlay = Some(Overlay::Field { purpose, text });
                    Vec::new()
                }
            }
        }
        _ => Vec::new(),
    }
}

/// The person to move passes, where the rules allow it.
fn pass(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p, app.typed) {
        app.error(why);
        return Vec::new();
    }
    if p.table.can_pass() {
        p.cancel_entry();
        return moving::play_move(app, Move::PASS, true);
    }
    let game = p.table.game();
    let side = capitalise(game.seat_name(game.to_move()));
    app.error(format!(
        "{side} may not pass; only a seat the rules let pass can."
    ));
    Vec::new()
}

/// Asks the engine for the move it would play for the person to move.
fn hint(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p, app.typed) {
        app.error(why);
        return Vec::new();
    }
    if p.thinking.is_some() {
        app.inform("The engine is already thinking about a hint.");
        return Vec::new();
    }
    ask(app, Intent::Think(Purpose::Hint))
}

/// The computer plays one move for the person to move (the `m` key).
fn computer_move(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_move_now(p, app.typed) {
        app.error(why);
        return Vec::new();
    }
    if p.thinking.is_some() {
        app.inform("The engine is already thinking.");
        return Vec::new();
    }
    ask(app, Intent::Think(Purpose::Requested))
}

/// Pauses the computer players, or lets them go on.
fn pause_computer(app: &mut App) {
    let Screen::Playing(p) = &mut app.screen else {
        return;
    };
    if p.table.players().iter().all(|pl| pl.level().is_none()) {
        app.error("No seat is played by the computer.");
        return;
    }
    p.paused = !p.paused;
    if p.paused {
        app.inform("Computer play is paused; press s to resume.");
    } else {
        app.inform("Computer play goes on.");
    }
}

/// While reviewing: steps through the moves; a key that would act on the
/// game says how to return to it first.
fn update_review(app: &mut App, action: Action) -> Vec<Effect> {
    match action {
        Action::Review(step) => review::review(app, step),
        Action::Help => {
            app.overlay = Some(Overlay::Help {
                from: Context::Review,
                scroll: 0,
            });
            Vec::new()
        }
        Action::Resize | Action::Tick => Vec::new(),
        Action::Cancel => review::review(app, ReviewStep::Live),
        // Looking round the reviewed position: the cursor, a cell by name,
        // how a piece there moves.
        Action::Cursor(_) | Action::Neighbour(_) | Action::GoTo | Action::Explain => {
            update_board(app, action)
        }
        _ => {
            let how = if app.typed {
                "type live to return to the game"
            } else {
                "press Esc to return to the game"
            };
            app.error(format!("You are reviewing an earlier position; {how}."));
            Vec::new()
        }
    }
}

fn update_board(app: &mut App, action: Action) -> Vec<Effect> {
    let moves_cursor = matches!(
        action,
        Action::Cursor(_) | Action::Neighbour(_) | Action::ListPage(_)
    );
    let effects = board_action(app, action);
    // The screen reader view says where the cursor went.
    if app.reader
        && moves_cursor
        && app.message.is_none()
        && let Screen::Playing(p) = &app.screen
    {
        let said =
            describe::position::cursor_sentence(p.shown_game(), app.voice, p.orientation, p.cursor);
        app.inform(said);
    }
    effects
}

/// Moves the cursor to the first cell of the sphere's list's page `step`
/// pages on from the cursor's (`pages` the first cell of each page, as
/// the screen shows the list); or says why it stays.
fn list_page(p: &mut Playing, pages: &[Cell], step: i8) -> Result<(), &'static str> {
    let geo = p.table.game().geometry();
    if geo.shape() != Shape::Graph {
        return Err("Only the sphere has a list of cells to page through.");
    }
    let order = catboard::core::sphere::list_order(geo);
    let index = |cell: Cell| order.iter().position(|c| *c == cell);
    let mut starts: Vec<usize> = pages.iter().filter_map(|c| index(*c)).collect();
    starts.sort_unstable();
    if starts.len() < 2 {
        return Err("Every cell of the list is on the screen.");
    }
    let here = index(p.cursor).unwrap_or(0);
    let page = starts.iter().rposition(|s| *s <= here).unwrap_or(0);
    match page
        .checked_add_signed(isize::from(step))
        .and_then(|i| starts.get(i))
    {
        Some(start) => {
            p.cursor = order[*start];
            Ok(())
        }
        None if step > 0 => Err("This is the last page of the list of cells."),
        None => Err("This is the first page of the list of cells."),
    }
}

fn board_action(app: &mut App, action: Action) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    match action {
        Action::Cursor(dir) => {
            let geo = p.table.game().geometry();
            p.cursor = p.orientation.step(geo, p.cursor, dir);
        }
        Action::Cancel => p.cancel_entry(),
        Action::Flip => {
            // The board (the sphere's globe) turns over; the cursor stays
            // on its cell, which the screen always draws.
            p.orientation = p.orientation.turned();
        }
        Action::Rotate(degrees) if p.table.game().geometry().shape() == Shape::Graph => {
            p.orientation = p.orientation.rotated(degrees);
        }
        Action::Rotate(_) => {
            app.inform("Only the sphere's globe turns in longitude; f turns the board round.");
        }
        Action::ToggleCellList if p.table.game().geometry().shape() == Shape::Graph => {
            p.list_swapped = !p.list_swapped;
            let swapped = p.list_swapped;
            app.inform(if swapped {
                "The list of cells has the larger share of the screen (the globe alone where only one fits)."
            } else {
                "The globe has the larger share of the screen (the list of cells alone where only one fits)."
            });
        }
        Action::ListPage(step) => {
            let turned = list_page(p, &app.list_pages, step);
            if let Err(why) = turned {
                app.inform(why);
            }
        }
        Action::ToggleCellList => {
            p.cell_list = !p.cell_list;
            let shown = if p.cell_list { "shown" } else { "hidden" };
            app.inform(format!("The cell list is {shown}."));
        }
        Action::Neighbour(n) => {
            let geo = p.table.game().geometry();
            let numbered = p.orientation.numbered_neighbours(geo, p.cursor);
            match numbered.iter().find(|(k, _)| *k == n) {
                Some((_, nb)) => p.cursor = nb.cell,
                None => {
                    let numbers: Vec<String> =
                        numbered.iter().map(|(k, _)| k.to_string()).collect();
                    let here = app.voice.cell(geo, p.cursor);
                    app.error(format!(
                        "{here} has no neighbour number {n}; its neighbours are {}.",
                        numbers.join(", ")
                    ));
                }
            }
        }
        Action::Help => {
            app.overlay = Some(Overlay::Help {
                from: Context::Board,
                scroll: 0,
            })
        }
        // Where the game is kept elsewhere (a shared table), a new game
        // is a rematch its keeper makes once every player asks.
        Action::NewGame if app.kept_elsewhere => return ask(app, Intent::Rematch),
        Action::NewGame => app.overlay = Some(Overlay::ConfirmNewGame),
        Action::Explain => super::glance::open(app, false),
        Action::GoTo => {
            app.overlay = Some(Overlay::Field {
                purpose: FieldPurpose::GoTo,
                text: String::new(),
            });
        }
        Action::ComputerMove => return computer_move(app),
        Action::OpenPrompt => {
            p.cancel_entry();
            app.overlay = Some(Overlay::Field {
                purpose: FieldPurpose::Move,
                text: String::new(),
            });
        }
        Action::Undo => return ask(app, Intent::TakeBack),
        Action::Redo => return ask(app, Intent::Replay),
        Action::Pass => return pass(app),
        Action::Hint => return hint(app),
        Action::PauseComputer => pause_computer(app),
        Action::Review(step) => return review::review(app, step),
        Action::AskResign | Action::Resign if app.kept_elsewhere && p.own_seat.is_none() => {
            app.error("You are watching this table; only its players resign.");
        }
        Action::AskResign => {
            if let Some(why) = verdicts::cannot_resign(p) {
                app.error(why);
            } else {
                app.overlay = Some(Overlay::ConfirmResign);
            }
        }
        Action::Resign => return ask(app, Intent::Resign),
        Action::OfferDraw => return ask(app, Intent::OfferDraw),
        Action::AnswerDraw(yes) => return ask(app, Intent::AnswerDraw(yes)),
        Action::ClaimWin => return ask(app, Intent::ClaimWin),
        Action::Select => return moving::select(app),
        Action::Click(cell) if p.table.game().geometry().cells().any(|c| c == cell) => {
            p.cursor = cell;
            return moving::select(app);
        }
        Action::ScrollMoves(lines) => {
            let most = p.table.notation().count();
            let scrolled = p.move_list_scroll as i64 + i64::from(lines);
            p.move_list_scroll = scrolled.clamp(0, most as i64) as usize;
        }
        _ => {}
    }
    Vec::new()
}

/// A whole move typed at once; a refusal is said and nothing changes.
fn typed_move(app: &mut App, text: &str) -> Vec<Effect> {
    let written = text.trim();
    if written.is_empty() || !matches!(app.screen, Screen::Playing(_)) {
        return Vec::new();
    }
    moving::typed_move(app, written).unwrap_or_default()
}

/// Pasted text goes into the open text field, or opens the move prompt
/// with it on the board; control characters are dropped, and nothing in
/// it acts as a key.
fn paste(app: &mut App, text: &str) {
    let clean: String = text.chars().filter(|c| !c.is_control()).take(200).collect();
    match (&mut app.overlay, &app.screen) {
        (Some(Overlay::Field { text: field, .. }), _) => field.push_str(&clean),
        (None, Screen::Playing(_)) => {
            app.overlay = Some(Overlay::Field {
                purpose: FieldPurpose::Move,
                text: clean,
            })
        }
        _ => {}
    }
}

/// A new game like the one on the board, from its start, without asking.
fn restart(app: &mut App) -> Vec<Effect> {
    if !matches!(app.screen, Screen::Playing(_)) {
        return Vec::new();
    }
    ask(app, Intent::Rematch)
}
