//! The terminal front end (ratatui + crossterm), Elm style over the
//! session layer: [`crate::session::app::App`] holds the state,
//! [`crate::session::app::update`] changes it, [`view::view`] draws it
//! in the colours and characters built from the session's look choice.
//!
//! The event loop reads [`crate::session::input::Incoming`] from one
//! channel, so keys, signals and the computer player's reports from its
//! worker threads all arrive the same way without blocking input.

pub mod colour;
pub mod contrast;
pub mod glyphs;
pub mod puzzles;
pub mod terminal;
pub mod theme;
pub mod view;

#[cfg(test)]
mod snapshots;

use crate::session::action::Action;
use crate::session::app::update;
use crate::session::input::Incoming;
use crate::session::worker::Workers;
use crate::session::{SessionConfig, action_of, build_app, join_notices, perform};
use std::sync::mpsc;
use theme::user_theme_dir;
use view::{Look, draw};

/// Runs the front end until the player quits, the terminal hangs up (or
/// dies without a hang-up, as under `nohup`) or a termination signal
/// comes; the game is saved and `Ok` returned (exit status 0) in every case.
/// The look the session chose is built here, its theme read once (a theme
/// that falls back to classic says so after the other notices).
///
/// With `mouse` the terminal reports the mouse: a click picks a cell, a
/// drag turns the sphere's globe, the wheel scrolls the move list.
pub fn run(mut config: SessionConfig, mouse: bool) -> Result<(), String> {
    let notice = config.notice.take();
    let (mut app, effects) = build_app(config);
    let env = |name: &str| std::env::var(name).ok();
    let (look, theme_notice) = Look::of(&app.look, user_theme_dir(&env).as_deref());
    // Said as build_app says a notice, as its last step, after the others.
    if let Some(text) = join_notices(notice, theme_notice) {
        update(&mut app, Action::Notice(text));
    }
    let (tx, rx) = mpsc::channel();
    let mut workers = Workers::new(tx.clone());
    let mut screen = terminal::enter().map_err(|e| format!("Could not open the terminal: {e}."))?;
    if mouse {
        // A terminal that ignores the request just sends no reports.
        let _ = terminal::enable_mouse(&mut std::io::stdout());
    }
    perform(&mut app, &mut workers, effects);
    let mut pointer = view::Pointer::default();
    let started = terminal::spawn_input(tx.clone()).and_then(|_| terminal::spawn_signals(tx));
    if let Err(e) = started {
        terminal::leave(screen);
        return Err(format!("Could not read the terminal: {e}."));
    }
    if draw(&mut screen, &mut app, &look).is_err() {
        let effects = update(&mut app, Action::Hangup);
        perform(&mut app, &mut workers, effects);
        workers.stop_all();
        terminal::leave(screen);
        return Ok(());
    }
    loop {
        // A running clock wakes the loop when its shown time changes or
        // a flag is due; otherwise it waits for the next input.
        let first = match app.clock_wake(true) {
            Some(wait) => match rx.recv_timeout(wait) {
                Ok(incoming) => incoming,
                Err(mpsc::RecvTimeoutError::Timeout) => Incoming::Action(Action::Tick),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            },
            None => match rx.recv() {
                Ok(incoming) => incoming,
                Err(_) => break,
            },
        };
        let mut next = Some(first);
        while let Some(incoming) = next.take() {
            let incoming = match incoming {
                Incoming::Action(Action::Mouse(m)) => {
                    let area = screen
                        .size()
                        .map(|s| ratatui::layout::Rect::new(0, 0, s.width, s.height));
                    match area
                        .ok()
                        .and_then(|area| pointer.action(&app, &look, area, m))
                    {
                        Some(action) => Incoming::Action(action),
                        None => {
                            next = rx.try_recv().ok();
                            continue;
                        }
                    }
                }
                other => other,
            };
            if let Some(action) = action_of(&app, incoming) {
                let effects = update(&mut app, action);
                perform(&mut app, &mut workers, effects);
            }
            if app.quit {
                break;
            }
            next = rx.try_recv().ok();
        }
        if app.quit {
            break;
        }
        if draw(&mut screen, &mut app, &look).is_err() {
            let effects = update(&mut app, Action::Hangup);
            perform(&mut app, &mut workers, effects);
            break;
        }
    }
    workers.stop_all();
    terminal::leave(screen);
    Ok(())
}
