//! The setup screen's actions: rows changed, a saved game resumed, the game begun.

use super::{App, Effect, FieldPurpose, Overlay, Playing, Screen};
use crate::action::{Action, Dir};
use crate::describe;
use crate::keymap::Context;
use crate::setup_form::{Setup, SetupRow};
use crate::table::{TableError, TableGame, TableSpec};
use catboard::core::Game;
use catboard::series::Series;

pub(super) fn update_setup(app: &mut App, action: Action) -> Vec<Effect> {
    let Screen::Setup(setup) = &mut app.screen else {
        return Vec::new();
    };
    match action {
        Action::Cursor(Dir::Up) => setup.move_row(-1),
        Action::Cursor(Dir::Down) => setup.move_row(1),
        Action::Cursor(Dir::Left) => setup.change(-1),
        Action::Cursor(Dir::Right) => setup.change(1),
        Action::Help => {
            app.overlay = Some(Overlay::Help {
                from: Context::Setup,
                scroll: 0,
            })
        }
        Action::Submit if setup.current() != SetupRow::Resume => return begin(app),
        Action::Select | Action::Submit => match setup.current() {
            SetupRow::Begin => return begin(app),
            SetupRow::Resume => {
                if let Some(mut offer) = setup.resume.take() {
                    let near = offer.table.first_human_seat();
                    let gone = offer.table.retire_missing_engines();
                    let note = format!("Resumed the game saved in {}.", offer.path.display());
                    // The game thinks as long as it did when it was saved.
                    if let Some(think_ms) = offer.table.think_ms() {
                        app.think_ms = think_ms;
                    }
                    app.screen = Screen::Playing(Box::new(Playing::new(
                        *offer.table,
                        near,
                        Some(offer.path),
                    )));
                    app.inform(note);
                    for sentence in gone {
                        app.error(sentence);
                    }
                }
            }
            SetupRow::Position => {
                app.overlay = Some(Overlay::Field {
                    purpose: FieldPurpose::Position,
                    text: setup.position.clone(),
                })
            }
            _ => setup.change(1),
        },
        _ => {}
    }
    Vec::new()
}

/// Starts the game the setup screen describes, or says why it cannot.
fn begin(app: &mut App) -> Vec<Effect> {
    let Screen::Setup(setup) = &app.screen else {
        return Vec::new();
    };
    let (spec, near, think_ms) = (setup.spec(), setup.near_side, setup.think_ms);
    let engines = setup.engines.clone();
    let previous = app.previous_game.clone();
    let series = previous
        .as_ref()
        .map_or(SeriesStart::Fresh, |p| carried_series(&p.table, &spec));
    let before = app.think_ms;
    app.think_ms = think_ms;
    match open_game(app, &spec, &engines, near, previous, series) {
        Ok(effects) => {
            app.previous_game = None;
            effects
        }
        Err(why) => {
            app.think_ms = before;
            app.error(why.to_string());
            Vec::new()
        }
    }
}

/// Which series a new game belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum SeriesStart {
    /// The first game of a fresh series, with nothing to say about it.
    Fresh,
    /// The first game of a fresh series, after a game of another series
    /// (the settings changed): said in words.
    FreshAfterSeries,
    /// The next game of this series (the games finished before it).
    Next(Series),
}

/// The series a new game as `spec` says continues after `previous`: the
/// same settings (variant, options, start position and players) continue
/// it, counting `previous` when it ended and left unfinished adding
/// nothing; any other settings begin a fresh series.
pub(super) fn carried_series(previous: &TableGame, spec: &TableSpec) -> SeriesStart {
    if previous.game().points().is_none() {
        return SeriesStart::Fresh;
    }
    let same = Setup::like(previous, 0, 0, None).spec() == *spec;
    match (same, previous.shows_series()) {
        (true, _) => SeriesStart::Next(previous.series_with_this_game()),
        (false, true) => SeriesStart::FreshAfterSeries,
        (false, false) => SeriesStart::Fresh,
    }
}

/// Opens a new game as `spec` says, the seats `engines` names played by
/// those engines, seen from `near`, saved in a fresh file, with
/// `previous` as the game undo before its first move brings back and
/// `series` the series it belongs to; a spec that cannot start is
/// refused in a sentence and nothing changes.
pub(super) fn open_game(
    app: &mut App,
    spec: &TableSpec,
    engines: &[Option<catboard::protocol::engine::EngineSpec>],
    near: usize,
    previous: Option<Box<Playing>>,
    series: SeriesStart,
) -> Result<Vec<Effect>, TableError> {
    match TableGame::new(spec) {
        Ok(mut table) => {
            match series {
                SeriesStart::Next(series) if !series.is_fresh() => {
                    table.set_series(series);
                    app.inform(describe::series_game_begins(&table));
                }
                SeriesStart::FreshAfterSeries => {
                    app.inform("The settings changed, so a fresh series begins.");
                }
                _ => {}
            }
            table.set_think_ms(app.think_ms);
            table.set_engines(engines);
            let path = app.saves.as_ref().map(|s| s.fresh_path());
            let mut playing = Playing::new(table, near, path);
            playing.previous = previous;
            let effects = playing.save();
            app.screen = Screen::Playing(Box::new(playing));
            Ok(effects)
        }
        Err(e) => Err(e),
    }
}
