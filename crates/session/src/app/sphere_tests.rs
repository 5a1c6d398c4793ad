//! Tests of the sphere at the table: the cursor by arrows, numbers and
//! names, the globe turned over, whole games on the list alone and on the
//! map alone, and the computer-move key.

use super::tests::{cell, keys, notation, p, started, table_app, thought};
use super::*;
use crate::action::{Action, Dir};
use crate::computer::{HINT_LEVEL, Purpose};
use crate::table::Player;
use catboard::ai::Level;
use catboard::core::{EndReason, Outcome};
use catboard::variants::Variant;
use std::collections::VecDeque;

fn sphere() -> App {
    table_app(Variant::Polar, vec![Player::Human; 2])
}

fn cursor_name(app: &App) -> String {
    let game = p(app).table.game();
    game.geometry().name(p(app).cursor).to_string()
}

const ARROWS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

/// The shortest run of arrow keys from the cursor to `name`, found by
/// trying them on copies of the app, so each key goes through `update`.
fn arrows_to(app: &App, name: &str) -> Vec<Action> {
    let goal = cell(app, name);
    let mut seen = vec![p(app).cursor];
    let mut queue = VecDeque::from([(app.clone(), Vec::new())]);
    while let Some((state, path)) = queue.pop_front() {
        if p(&state).cursor == goal {
            return path;
        }
        for dir in ARROWS {
            let mut next = state.clone();
            update(&mut next, Action::Cursor(dir));
            if !seen.contains(&p(&next).cursor) {
                seen.push(p(&next).cursor);
                let mut longer = path.clone();
                longer.push(Action::Cursor(dir));
                queue.push_back((next, longer));
            }
        }
    }
    panic!("{name} cannot be reached by the arrows");
}

/// The shortest run of neighbour numbers (`1`–`8`) from the cursor to
/// `name`, each tried through `update`.
fn numbers_to(app: &App, name: &str) -> Vec<Action> {
    let goal = cell(app, name);
    let mut seen = vec![p(app).cursor];
    let mut queue = VecDeque::from([(app.clone(), Vec::new())]);
    while let Some((state, path)) = queue.pop_front() {
        if p(&state).cursor == goal {
            return path;
        }
        for n in 1..=8 {
            let mut next = state.clone();
            update(&mut next, Action::Neighbour(n));
            if !seen.contains(&p(&next).cursor) {
                seen.push(p(&next).cursor);
                let mut longer = path.clone();
                longer.push(Action::Neighbour(n));
                queue.push_back((next, longer));
            }
        }
    }
    panic!("{name} cannot be reached by neighbour numbers");
}

/// The go-to prompt's keys for `name`.
fn go_to(name: &str) -> Vec<Action> {
    let mut typed = vec![Action::GoTo];
    typed.extend(name.chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    typed
}

/// The shortest mate from Option 1's start (found by a search over every
/// three-ply line): 22S-20S, Black's bishop 3N-1N, bishop 6N takes 11E.
const MATE: [(&str, &str); 3] = [("22S", "20S"), ("3N", "1N"), ("6N", "11E")];

fn assert_mated(app: &App) {
    assert_eq!(notation(app), ["22S-20S", "B3N-1N", "B6Nx11E#"]);
    assert_eq!(
        p(app).table.outcome(),
        Some(Outcome {
            winner: Some(catboard::core::Seat(0)),
            reason: EndReason::Checkmate,
        })
    );
}

#[test]
fn arrows_step_to_the_neighbour_lying_that_way_on_the_map() {
    let mut app = sphere();
    assert_eq!(cursor_name(&app), "14N", "White's pole, longitude 0");
    // Longitude 0 at the bottom of White's disc: the ring corner 6N is
    // below 14N, the central cell across the pole above it.
    update(&mut app, Action::Cursor(Dir::Down));
    assert_eq!(cursor_name(&app), "6N");
    update(&mut app, Action::Cursor(Dir::Up));
    assert_eq!(cursor_name(&app), "14N");
    update(&mut app, Action::Cursor(Dir::Up));
    assert_eq!(cursor_name(&app), "14S");
    // Turning the globe turns the map the arrows follow: half a turn
    // brings longitude 180 to the bottom, so 6N is no longer below 14N;
    // a whole turn brings it back.
    keys(&mut app, &go_to("14N"));
    update(&mut app, Action::Rotate(180));
    update(&mut app, Action::Cursor(Dir::Down));
    assert_ne!(cursor_name(&app), "6N");
    update(&mut app, Action::Rotate(180));
    keys(&mut app, &go_to("14N"));
    update(&mut app, Action::Cursor(Dir::Down));
    assert_eq!(cursor_name(&app), "6N");
    // Every arrow lands on a neighbour (or stays), and every cell is
    // reached from the start by arrows alone.
    let start = sphere();
    let geo = p(&start).table.game().geometry();
    for target in geo.cells() {
        let path = arrows_to(&start, geo.name(target));
        assert!(path.len() < 20, "{}", geo.name(target));
    }
}

#[test]
fn numbers_step_to_the_numbered_neighbours_and_names_jump() {
    let mut app = sphere();
    // 14N's neighbours as the cell list numbers them (the polygon data's
    // order): 1 is the corner 6N, 5 the central 14S across the pole.
    update(&mut app, Action::Neighbour(1));
    assert_eq!(cursor_name(&app), "6N");
    keys(&mut app, &go_to("14N"));
    update(&mut app, Action::Neighbour(5));
    assert_eq!(cursor_name(&app), "14S");
    // A triangle has six neighbours: no seventh.
    keys(&mut app, &go_to("2n"));
    assert_eq!(cursor_name(&app), "2N", "lower case accepted");
    update(&mut app, Action::Neighbour(7));
    assert_eq!(cursor_name(&app), "2N");
    let m = app.message.clone().expect("refused");
    assert!(
        m.error
            && m.text
                .contains("no neighbour number 7; its neighbours are 1, 2, 3, 4, 5, 6."),
        "{m:?}"
    );
    // A bad name keeps the prompt open and says why.
    keys(&mut app, &go_to("99Z"));
    assert!(matches!(
        app.overlay,
        Some(Overlay::Field {
            purpose: FieldPurpose::GoTo,
            ..
        })
    ));
    assert!(
        app.message
            .as_ref()
            .is_some_and(|m| m.error && m.text.contains("no cell '99Z'"))
    );
    update(&mut app, Action::Cancel);
    assert_eq!(cursor_name(&app), "2N");
    // Turning the globe over keeps the cursor on its cell, both ways.
    update(&mut app, Action::Flip);
    assert_eq!(cursor_name(&app), "2N");
    assert_eq!(p(&app).near_side(), 1);
    update(&mut app, Action::Flip);
    assert_eq!(cursor_name(&app), "2N");
    assert_eq!(p(&app).near_side(), 0);
}

#[test]
fn a_whole_game_is_played_on_the_map_alone() {
    let mut app = sphere();
    for (from, to) in MATE {
        for name in [from, to] {
            let path = arrows_to(&app, name);
            keys(&mut app, &path);
            keys(&mut app, &[Action::Select]);
        }
    }
    assert_mated(&app);
}

#[test]
fn a_whole_game_is_played_on_the_list_alone() {
    let mut app = sphere();
    for (from, to) in MATE {
        // The piece by name, its target by neighbour numbers.
        keys(&mut app, &go_to(from));
        keys(&mut app, &[Action::Select]);
        let path = numbers_to(&app, to);
        keys(&mut app, &path);
        keys(&mut app, &[Action::Select]);
    }
    assert_mated(&app);
}

#[test]
fn a_promotion_picked_on_the_sphere_opens_the_chooser() {
    let table = TableGame::new(&crate::table::TableSpec {
        variant: Variant::Polar,
        options: catboard::core::Options::new(),
        position: Some("K14S,P19S,k9N w - - 0 1".into()),
        players: vec![Player::Human; 2],
        time: None,
    })
    .expect("a position");
    let mut app = App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, None))),
        None,
        LookChoice::default(),
    );
    keys(&mut app, &go_to("19S"));
    keys(&mut app, &[Action::Select]);
    keys(&mut app, &go_to("10E"));
    keys(&mut app, &[Action::Select]);
    assert!(matches!(app.overlay, Some(Overlay::Chooser { .. })));
    keys(&mut app, &[Action::ChooseLetter('r')]);
    assert_eq!(notation(&app), ["19S-10E=R+"], "a rook on 10E checks 9N");
}

#[test]
fn the_computer_move_key_plays_for_the_side_to_move_and_undo_takes_back_the_reply() {
    let mut app = table_app(
        Variant::Polar,
        vec![Player::Human, Player::Computer(Level::Club)],
    );
    let effects = update(&mut app, Action::ComputerMove);
    let request = started(&effects).pop().expect("a search for White");
    assert_eq!(request.limits.depth, HINT_LEVEL.limits().depth);
    assert_eq!(
        p(&app).thinking.as_ref().map(|t| t.purpose),
        Some(Purpose::Requested)
    );
    let white = thought(&app, "15N-16N", 3);
    let effects = update(
        &mut app,
        Action::Reply {
            id: request.id,
            thought: white,
        },
    );
    assert_eq!(notation(&app), ["15N-16N"]);
    // Black, the computer, now thinks; the key is refused on its turn.
    let black = started(&effects).pop().expect("Black's search");
    update(&mut app, Action::ComputerMove);
    assert!(app.message.as_ref().is_some_and(|m| m.error));
    let reply = thought(&app, "18N-17N", 3);
    update(
        &mut app,
        Action::Reply {
            id: black.id,
            thought: reply,
        },
    );
    assert_eq!(notation(&app), ["15N-16N", "18N-17N"]);
    // Undo takes back the computer's reply with White's move.
    update(&mut app, Action::Undo);
    assert!(notation(&app).is_empty(), "{:?}", notation(&app));
    // Between people, the key plays a move for whoever is to move.
    let mut app = sphere();
    let request = started(&update(&mut app, Action::ComputerMove))
        .pop()
        .expect("a search");
    let white = thought(&app, "15N-16N", 3);
    update(
        &mut app,
        Action::Reply {
            id: request.id,
            thought: white,
        },
    );
    assert_eq!(notation(&app), ["15N-16N"]);
    assert!(p(&app).thinking.is_none(), "nothing thinks for Black");
}

#[test]
fn the_setup_screen_offers_polar_and_its_formations() {
    use crate::setup_form::{Setup, SetupRow};
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, LookChoice::default());
    let setup = |app: &App| match &app.screen {
        Screen::Setup(s) => s.clone(),
        Screen::Playing(_) => panic!("still setting up"),
    };
    while setup(&app).variant != Variant::Polar {
        update(&mut app, Action::Cursor(Dir::Right));
        assert_ne!(setup(&app).variant, Variant::Chess, "Polar is offered");
    }
    for _ in 0..10 {
        if setup(&app).current() == SetupRow::Option(0) {
            break;
        }
        update(&mut app, Action::Cursor(Dir::Down));
    }
    assert_eq!(
        setup(&app).current(),
        SetupRow::Option(0),
        "the formation row"
    );
    // Option 2 (formations.json): White's bishop on 15N where Option 1 has a pawn.
    update(&mut app, Action::Cursor(Dir::Right));
    update(&mut app, Action::Submit);
    let bishop_on_15n = |app: &App| {
        let game = p(app).table.game();
        game.piece_at(cell(app, "15N"))
            .map(|pc| (pc.seat().index(), pc.kind().name()))
    };
    assert_eq!(bishop_on_15n(&app), Some((0, "bishop")));
    // A new game repeats the formation.
    keys(&mut app, &go_to("13N"));
    update(&mut app, Action::Select);
    update(&mut app, Action::Neighbour(2));
    update(&mut app, Action::Restart);
    assert_eq!(p(&app).table.ply(), 0);
    assert_eq!(bishop_on_15n(&app), Some((0, "bishop")));
}

#[test]
fn cell_names_of_a_path_are_read_in_either_case() {
    let app = sphere();
    let geo = p(&app).table.game().geometry();
    let path = catboard::entry::cells_named(geo, "19s10e");
    assert_eq!(path, Some(vec![cell(&app, "19S"), cell(&app, "10E")]));
    assert_eq!(catboard::entry::cells_named(geo, "19s99e"), None);
}
