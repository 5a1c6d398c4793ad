//! The screen reader view measured as a screen reader meets it: for every
//! key that moves the cursor (arrows, `1`–`8`), at most two rows of the
//! screen change, and they hold the sentence; the board and the panels
//! stay as they were. And the cell list numbers neighbours by direction on
//! every cell, edges included.

use super::{classic, render, table_game};
use crate::session::action::{Action, Dir};
use crate::session::app::{App, Screen, update};
use crate::session::setup_form::Setup;
use crate::session::speech::Voice;
use crate::session::table::Player;
use crate::ui::view::reader_sentence_rows;
use catboard::core::Game;
use catboard::variants::Layout;
use catboard::variants::Variant;

/// The screen's rows as text.
pub(super) fn rows(app: &App, width: u16, height: u16) -> Vec<String> {
    let buffer = render(app, width, height);
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

/// The rows that differ between two screens.
fn changed(a: &[String], b: &[String]) -> Vec<usize> {
    (0..a.len()).filter(|&i| a[i] != b[i]).collect()
}

/// A game of `variant` between people in the screen reader view.
fn reader_game(variant: Variant) -> App {
    let seats = variant.seats().len();
    let mut app = table_game(variant, vec![Player::Human; seats], None, &[], 0, classic());
    app.reader = true;
    app.voice = Voice::SPOKEN;
    app
}

/// Presses each of `keys` in turn and checks each changes only the
/// sentence rows at the bottom, `sentence` of them.
fn only_the_sentence_rows_change(
    app: &mut App,
    keys: &[Action],
    width: u16,
    height: u16,
    sentence: u16,
) {
    let mut before = rows(app, width, height);
    for key in keys {
        update(app, key.clone());
        let after = rows(app, width, height);
        let diff = changed(&before, &after);
        assert!(
            diff.iter().all(|&r| r as u16 >= height - sentence),
            "{key:?} changed rows {diff:?}:\n{}",
            after.join("\n")
        );
        before = after;
    }
}

#[test]
fn a_cursor_key_changes_only_the_sentence_rows_in_every_variant() {
    let mut keys = Vec::new();
    for _ in 0..3 {
        keys.extend([
            Action::Cursor(Dir::Up),
            Action::Cursor(Dir::Right),
            Action::Cursor(Dir::Up),
            Action::Cursor(Dir::Left),
            Action::Cursor(Dir::Down),
        ]);
    }
    keys.extend((1..=8).map(Action::Neighbour));
    for &variant in Variant::ALL {
        for (width, height) in [(120, 40), (200, 60)] {
            let mut app = reader_game(variant);
            let sentence = reader_sentence_rows(variant.layout(), height);
            only_the_sentence_rows_change(&mut app, &keys, width, height, sentence);
            let text = rows(&app, width, height)[usize::from(height - sentence)..]
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let Screen::Playing(p) = &app.screen else {
                panic!("playing")
            };
            let name = Voice::SPOKEN.cell(p.table.game().geometry(), p.cursor);
            assert!(text.contains(&name), "the cell is said: {text}");
            // On the sphere the numbered neighbours too: the keys 1–8.
            let around = format!("Neighbours of {name}: 1 ");
            assert_eq!(
                text.contains(&around),
                variant.layout() == Layout::Sphere,
                "{text}"
            );
        }
    }
}

#[test]
fn a_pick_is_said_in_the_screen_reader_view() {
    let mut app = reader_game(Variant::Chess);
    update(&mut app, Action::Select);
    let text = rows(&app, 120, 40)[38..].join(" ");
    assert!(
        text.contains("Picked. Pawn e2 can move to e3, e4."),
        "{text}"
    );
}

#[test]
fn the_setup_screen_in_the_screen_reader_view_changes_one_row_a_key() {
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, classic());
    app.reader = true;
    let keys = [
        Action::Cursor(Dir::Down),
        Action::Cursor(Dir::Down),
        Action::Cursor(Dir::Up),
    ];
    let mut before = rows(&app, 100, 30);
    for key in keys {
        update(&mut app, key.clone());
        let after = rows(&app, 100, 30);
        let diff = changed(&before, &after);
        assert!(diff.len() <= 2, "{key:?} changed rows {diff:?}");
        before = after;
    }
}

#[test]
fn neighbours_keep_their_numbers_on_an_edge() {
    let app = reader_game(Variant::Chess);
    let Screen::Playing(p) = &app.screen else {
        panic!("playing")
    };
    let geo = p.table.game().geometry();
    for name in ["d8", "a1", "h4", "e4"] {
        let cell = geo.cell(name).unwrap_or_default();
        for (n, nb) in p.orientation.numbered_neighbours(geo, cell) {
            let word = p.orientation.direction_word(geo, cell, nb.cell);
            assert_eq!(
                crate::session::orientation::COMPASS[usize::from(n) - 1],
                word,
                "{name}: {n}"
            );
        }
    }
    // On d8 (White's view) 1 is north: there is none, so 1 goes nowhere.
    let mut app = reader_game(Variant::Chess);
    if let Screen::Playing(p) = &mut app.screen {
        p.cursor = geo.cell("d8").unwrap_or_default();
    }
    update(&mut app, Action::Neighbour(1));
    let Screen::Playing(p) = &app.screen else {
        panic!("playing")
    };
    assert_eq!(geo.name(p.cursor), "d8");
    update(&mut app, Action::Neighbour(3));
    let Screen::Playing(p) = &app.screen else {
        panic!("playing")
    };
    assert_eq!(geo.name(p.cursor), "e8", "3 is east");
}

#[test]
fn every_cell_of_the_polar_list_can_be_reached_a_page_at_a_time() {
    use crate::session::input::Incoming;
    use crate::session::keymap::Key;
    use crate::ui::view::{Look, fit};
    for (width, height) in [(80, 24), (60, 20), (100, 30), (120, 40)] {
        let mut app = reader_game(Variant::Polar);
        let (look, _) = Look::of(&app.look, None);
        let area = ratatui::layout::Rect::new(0, 0, width, height);
        let press = |app: &mut App, key: Key| {
            fit(app, &look, area);
            let action = crate::session::action_of(app, Incoming::Key(key))
                .unwrap_or_else(|| panic!("{key:?} does nothing"));
            update(app, action);
            fit(app, &look, area);
        };
        let Screen::Playing(p) = &app.screen else {
            panic!("playing")
        };
        let geo = p.table.game().geometry();
        let names: Vec<String> = geo.cells().map(|c| geo.name(c).to_string()).collect();
        let sentence = usize::from(reader_sentence_rows(Layout::Sphere, height));
        let listed = |app: &App| -> Vec<String> {
            let screen = rows(app, width, height);
            let words: Vec<String> = screen[..screen.len() - sentence]
                .iter()
                .flat_map(|r| r.split_whitespace().map(str::to_string).collect::<Vec<_>>())
                .collect();
            names
                .iter()
                .filter(|n| words.contains(n))
                .cloned()
                .collect()
        };
        // Home: the first page.
        for _ in 0..10 {
            press(&mut app, Key::PageUp);
        }
        let mut seen = std::collections::BTreeSet::new();
        let mut pages = 0;
        loop {
            let shown = listed(&app);
            let Screen::Playing(p) = &app.screen else {
                panic!("playing")
            };
            let here = geo.name(p.cursor).to_string();
            assert!(shown.contains(&here), "{width}x{height}: {here} not shown");
            let text = rows(&app, width, height).join("\n");
            assert!(
                app.list_pages.len() < 2 || text.contains(&format!("Page {} of", pages + 1)),
                "{width}x{height}: no page line\n{text}"
            );
            seen.extend(shown);
            pages += 1;
            let before = p.cursor;
            press(&mut app, Key::PageDown);
            let Screen::Playing(p) = &app.screen else {
                panic!("playing")
            };
            if p.cursor == before {
                break;
            }
            assert!(pages < 20, "{width}x{height}: no last page");
        }
        assert_eq!(seen.len(), 72, "{width}x{height}: missing {:?}", {
            let mut missing = names.clone();
            missing.retain(|n| !seen.contains(n));
            missing
        });
        if (width, height) == (80, 24) {
            assert!(pages > 1, "80x24 shows the list a page at a time");
        }
    }
}
