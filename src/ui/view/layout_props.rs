//! The screen's layout as a property, over every terminal size: for every
//! variant, every width from the smallest that draws the board to 220 and
//! heights from 20 to 70, drawn on ratatui's `TestBackend`:
//!
//! - the board lies inside the screen and never overlaps the panel or
//!   the feedback rows;
//! - every line the panel draws fits its width, and every word on it is
//!   whole (a word of the texts the panel was given, never a piece of one);
//! - the move list shows every seat's move of the last round, each whole,
//!   under the seats' names where it names them over its columns;
//! - the feedback's words are whole;
//! - the help fits the screen or scrolls, its lines fit its columns, and
//!   scrolling through it shows every one of its words whole.
//!
//! Each size is drawn once per game; heights go in steps of 5 (and the
//! common 24), so the suite stays a few seconds in `cargo test --release`.

use super::overlay::help_layout;
use super::panels::{self, move_lines};
use super::{Look, board_layout, playing_layout, view};
use crate::session::app::{App, Message, Overlay, Playing, Screen};
use crate::session::keymap::Context;
use crate::session::look::LookChoice;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::ui::snapshots::tour::playing;
use catboard::core::geometry::Shape;
use catboard::core::{Game, Options, Seat};
use catboard::variants::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use std::collections::BTreeSet;
use std::time::Instant;

/// The widest terminal measured.
const WIDEST: u16 = 220;

/// The heights measured: 20 to 70 in steps of 5, and 24.
pub(super) fn heights() -> Vec<u16> {
    let mut h: Vec<u16> = (20..=70).step_by(5).collect();
    h.push(24);
    h
}

/// A game of `variant` four rounds in, each move the one with the longest
/// notation (to stretch the move list), with a long message on the
/// feedback line.
pub(super) fn game_in_play(variant: Variant) -> App {
    let seats = variant.seats().len();
    let mut table = TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: None,
        players: vec![Player::Human; seats],
        time: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..seats * 4 {
        let Some(mv) = crate::ui::snapshots::tour::longest_move(table.game()) else {
            break;
        };
        table.play(mv);
    }
    let mut app = App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, None))),
        None,
        LookChoice::default(),
    );
    app.message = Some(Message {
        text: "Took back the last move. The game goes on; press u to undo again, \
               r to play the move again, or n for a new game."
            .to_string(),
        error: false,
    });
    app
}

/// The words of `lines`, split at spaces.
fn words_of<'a>(lines: impl IntoIterator<Item = &'a Line<'static>>) -> BTreeSet<String> {
    lines
        .into_iter()
        .flat_map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            text.split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The text of `buffer` inside `area`, row by row.
pub(super) fn rows_in(buffer: &Buffer, area: Rect) -> Vec<String> {
    (area.top()..area.bottom())
        .map(|y| {
            (area.left()..area.right())
                .filter(|x| buffer.area.contains((*x, y).into()))
                .map(|x| buffer[(x, y)].symbol())
                .collect()
        })
        .collect()
}

/// Where the board (the sphere's globe) and the panel go in `body`.
pub(super) fn board_and_panel(p: &Playing, body: Rect) -> Option<(Rect, Option<Rect>)> {
    if p.table.game().geometry().shape() == Shape::Graph {
        super::sphere::layout(p, body).map(|l| (l.board(), l.panel))
    } else {
        board_layout(p, body).map(|(_, board, panel)| (board, panel))
    }
}

/// The words of a panel's `rows` as the move list writes moves: without
/// the current-move mark, the box's sides or an army's tag (`R:Yii-jj`).
pub(super) fn words_of_moves(rows: &[String]) -> BTreeSet<String> {
    rows.iter()
        .flat_map(|r| {
            r.split_whitespace()
                .map(|w| {
                    let w = w.trim_start_matches('▸').trim_matches('│');
                    w.split_once(':').map_or(w, |(_, mv)| mv).to_string()
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The smallest width at which `app`'s board is drawn at `height`.
pub(super) fn narrowest(app: &App, height: u16) -> u16 {
    let look = Look::test_default();
    let p = playing(app);
    (10..=WIDEST)
        .find(|w| {
            let (body, _, _) = playing_layout(app, &look, p, Rect::new(0, 0, *w, height));
            board_and_panel(p, body).is_some()
        })
        .unwrap_or(WIDEST)
}

/// Checks one drawing of `app` at `width` × `height`; returns the
/// problems found.
fn check_size(
    app: &App,
    terminal: &mut Terminal<TestBackend>,
    width: u16,
    height: u16,
) -> Vec<String> {
    let look = Look::test_default();
    let p = playing(app);
    let area = Rect::new(0, 0, width, height);
    let mut problems = Vec::new();
    let at = format!("{} at {width}×{height}", p.table.variant().name());
    if terminal.size().map(|s| (s.width, s.height)).ok() != Some((width, height)) {
        *terminal =
            Terminal::new(TestBackend::new(width, height)).unwrap_or_else(|e| panic!("{e}"));
    }
    if let Err(e) = terminal.draw(|f| view(app, &look, f)) {
        return vec![format!("{at}: drawing failed: {e}")];
    }
    let buffer = terminal.backend().buffer().clone();
    let (body, feedback, said) = playing_layout(app, &look, p, area);
    let Some((board, panel)) = board_and_panel(p, body) else {
        return vec![format!("{at}: no board")];
    };
    if !area.contains(board.as_position())
        || board.right() > area.right()
        || board.bottom() > body.bottom()
    {
        problems.push(format!(
            "{at}: the board {board:?} leaves the body {body:?}"
        ));
    }
    if feedback.y < board.bottom() {
        problems.push(format!(
            "{at}: the feedback {feedback:?} overlaps the board {board:?}"
        ));
    }
    // The feedback's words are whole words of its sentence.
    let sentence = said.0.as_ref().or(said.1.as_ref()).map(|(t, _)| t.clone());
    if let Some(sentence) = sentence {
        let source: BTreeSet<&str> = sentence.split_whitespace().collect();
        for row in rows_in(&buffer, feedback) {
            for word in row.split_whitespace() {
                if !source.contains(word) && word != "…" {
                    problems.push(format!(
                        "{at}: the feedback shows {word:?}, no word of its sentence"
                    ));
                }
            }
        }
    }
    let Some(panel) = panel else {
        return problems;
    };
    if board.intersects(panel) {
        problems.push(format!(
            "{at}: the board {board:?} overlaps the panel {panel:?}"
        ));
    }
    if panel.right() > area.right() || panel.bottom() > body.bottom() {
        problems.push(format!(
            "{at}: the panel {panel:?} leaves the body {body:?}"
        ));
    }
    // Every line the panel is given fits it.
    let text_width = panel.width.saturating_sub(4) as usize;
    let lines = panels::game_lines(&look, p, text_width, usize::MAX, false);
    let moves = move_lines(&look, p, text_width, 200, 0);
    for line in lines.iter().chain(&moves) {
        if line.width() > text_width {
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            problems.push(format!(
                "{at}: a panel line of {} columns in {text_width}: {text:?}",
                line.width()
            ));
        }
    }
    // Every word drawn in the panel is whole: a word of what it was given
    // at a width where nothing needs breaking, or of what the move list
    // and the panel give at this width.
    let mut source = words_of(&panels::game_lines(&look, p, 10_000, usize::MAX, false));
    source.extend(words_of(&lines));
    source.extend(words_of(&moves));
    for word in ["Moves", "Cell", p.table.variant().name()] {
        source.extend(word.split_whitespace().map(str::to_string));
    }
    for row in rows_in(&buffer, panel) {
        let cleaned: String = row
            .chars()
            .map(|c| {
                if "│╭╮╰╯─".contains(c) {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        for word in cleaned.split_whitespace() {
            if !source.contains(word) {
                problems.push(format!(
                    "{at}: the panel shows {word:?}, no whole word of its text: {row:?}"
                ));
            }
        }
    }
    // Where the move list names the seats over their columns, the names
    // stay under the box's title however far the list has run.
    let rows = rows_in(&buffer, panel);
    let grid = panels::MoveGrid::of(p, text_width);
    if grid.header
        && let Some(title) = rows.iter().position(|r| r.contains("Moves"))
    {
        let under = rows.get(title + 1).map_or("", String::as_str);
        let game = p.table.game();
        for seat in 0..grid.seats {
            let name = crate::session::words::capitalise(game.seat_name(Seat(seat as u8)));
            if !under.contains(&name) {
                problems.push(format!(
                    "{at}: the move list's header does not name {name}: {under:?}"
                ));
            }
        }
    }
    // The move list shows each seat's move of the last round.
    let seats = p.table.players().len();
    let played: Vec<&str> = p.table.notation().collect();
    let last_round = &played[played.len().saturating_sub(seats)..];
    let shown = words_of_moves(&rows);
    for mv in last_round {
        if !mv.split_whitespace().all(|w| shown.contains(w)) {
            problems.push(format!(
                "{at}: the move list does not show {mv} of the last round"
            ));
        }
    }
    problems
}

#[test]
fn every_size_lays_the_screen_out_whole() {
    let started = Instant::now();
    let mut problems = Vec::new();
    let mut drawn = 0;
    for variant in Variant::ALL {
        let app = game_in_play(*variant);
        let mut terminal =
            Terminal::new(TestBackend::new(80, 24)).unwrap_or_else(|e| panic!("{e}"));
        for height in heights() {
            let from = narrowest(&app, height);
            for width in from..=WIDEST {
                problems.extend(check_size(&app, &mut terminal, width, height));
                drawn += 1;
            }
        }
        assert!(
            narrowest(&app, 24) <= 80,
            "{variant:?} does not draw at 80×24"
        );
    }
    println!(
        "{drawn} screens checked in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    report(problems);
}

/// Fails with the problems found, one of each kind (sizes aside) and how
/// many there were.
fn report(problems: Vec<String>) {
    let total = problems.len();
    let mut kinds = BTreeSet::new();
    let mut shown = Vec::new();
    for p in problems {
        let kind: String = p.chars().filter(|c| !c.is_ascii_digit()).collect();
        if kinds.insert(kind) {
            shown.push(p);
        }
    }
    shown.truncate(30);
    assert!(
        total == 0,
        "{total} problems, such as:\n{}",
        shown.join("\n")
    );
}

#[test]
fn the_help_fits_or_scrolls_at_every_size_and_shows_every_word_whole() {
    let mut problems = Vec::new();
    for variant in [
        Variant::Chess,
        Variant::Cat,
        Variant::Chu,
        Variant::BacCanCat,
    ] {
        let mut app = game_in_play(variant);
        app.overlay = Some(Overlay::Help {
            from: Context::Board,
            scroll: 0,
        });
        let look = Look::test_default();
        let wide = help_layout(&app, &look, Context::Board, Rect::new(0, 0, 1000, 1000));
        let all: BTreeSet<String> = words_of(wide.columns.iter().flat_map(|(l, _)| l));
        for height in [15, 20, 24, 40, 70] {
            for width in (40..=WIDEST).step_by(3) {
                let area = Rect::new(0, 0, width, height);
                let at = format!("{variant:?} help at {width}×{height}");
                let layout = help_layout(&app, &look, Context::Board, area);
                let popup = layout.popup;
                if popup.right() > area.right() || popup.bottom() > area.bottom() {
                    problems.push(format!("{at}: the box {popup:?} leaves the screen"));
                }
                let content = layout
                    .columns
                    .iter()
                    .map(|(l, _)| l.len())
                    .max()
                    .unwrap_or(0) as u16;
                if content > layout.visible && layout.max_scroll == 0 {
                    problems.push(format!("{at}: cut and does not scroll"));
                }
                if layout.visible + layout.max_scroll < content {
                    problems.push(format!("{at}: scrolling does not reach the end"));
                }
                let mut seen = BTreeSet::new();
                for (lines, w) in &layout.columns {
                    for line in lines {
                        if line.width() > usize::from(*w) {
                            problems.push(format!(
                                "{at}: a line of {} in a column of {w}",
                                line.width()
                            ));
                        }
                    }
                    seen.extend(words_of(lines));
                }
                for word in &seen {
                    if !all.contains(word) {
                        problems.push(format!("{at}: {word:?} is no whole word of the help"));
                    }
                }
                for word in &all {
                    if !seen.contains(word) {
                        problems.push(format!("{at}: {word:?} is missing"));
                    }
                }
            }
        }
    }
    report(problems);
}

/// A game of `variant` from `position` with the promotion chooser open
/// for the move `from`-`to`, picked by clicks.
fn promoting(variant: Variant, position: &str, from: &str, to: &str) -> App {
    let seats = variant.seats().len();
    let table = TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: Some(position.to_string()),
        players: vec![Player::Human; seats],
        time: None,
    })
    .unwrap_or_else(|e| panic!("{variant:?}: {e}"));
    let geo = table.game().geometry();
    let cell = |name: &str| {
        geo.cell(name)
            .unwrap_or_else(|| panic!("{variant:?}: no cell {name}"))
    };
    let (from, to) = (cell(from), cell(to));
    let mut app = App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, None))),
        None,
        LookChoice::default(),
    );
    for click in [from, to] {
        crate::session::app::update(&mut app, crate::session::action::Action::Click(click));
    }
    assert!(
        matches!(app.overlay, Some(Overlay::Chooser { .. })),
        "{variant:?}: no chooser: {:?}",
        app.message
    );
    app
}

#[test]
fn the_promotion_chooser_hides_neither_its_cell_nor_the_board_where_there_is_room() {
    let games = [
        promoting(Variant::Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8"),
        promoting(Variant::Cat, "4k3/P7/8/7C/C7/8/8/4K3 w - - 0 1", "a7", "a8"),
        promoting(
            Variant::Chu,
            "4k5/10/10/4P5/10/10/10/10/10/5K4 w - - 0 1",
            "e6",
            "e7",
        ),
        promoting(Variant::Polar, "K14N,k3N,P19S w - - 0 1", "19S", "10E"),
        promoting(
            Variant::BacCanCat,
            "16/16/16/16/11gK4/16/16/16/16/16/16/4rK9rP1/16/16/16/16 r or,br - - Q8,T8,G8 0 1",
            "oe",
            "pe",
        ),
    ];
    let look = Look::test_default();
    let mut problems = Vec::new();
    let mut beside = 0;
    for app in &games {
        let p = playing(app);
        let Some(Overlay::Chooser { moves, .. }) = &app.overlay else {
            continue;
        };
        for height in heights() {
            for width in narrowest(app, height)..=WIDEST {
                let area = Rect::new(0, 0, width, height);
                let at = format!("{} chooser at {width}×{height}", p.table.variant().name());
                let (popup, cell) = super::overlay::chooser_area(app, &look, p, moves, area);
                if popup.right() > area.right() || popup.bottom() > area.bottom() {
                    problems.push(format!("{at}: the box {popup:?} leaves the screen"));
                }
                // (The globe may show the other hemisphere only.)
                let Some(cell) = cell else {
                    continue;
                };
                if popup.intersects(cell) {
                    problems.push(format!("{at}: the box {popup:?} covers the cell {cell:?}"));
                }
                // With room beside the board, the board stays whole.
                let (body, _, _) = playing_layout(app, &look, p, area);
                if let Some((board, _)) = board_and_panel(p, body) {
                    let room = area.right().saturating_sub(board.right() + 1);
                    if room >= popup.width {
                        beside += 1;
                        if popup.intersects(board) {
                            problems.push(format!(
                                "{at}: the box {popup:?} covers the board {board:?}"
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(beside > 0, "the chooser never had room beside the board");
    report(problems);
}
