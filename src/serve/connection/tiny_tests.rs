//! Every screen of a connection at every window size, down to none: it is
//! drawn without a panic (or asks for a larger window where nothing else
//! fits), and `q`, `?` and Ctrl-C do what they do at 80×24.

use super::*;
use crate::serve::hub::tests::{HubScratch, chess, rated_series, who};
use crate::serve::limits::Limits;
use crate::session::app::Overlay;
use catboard_testkit::Scratch;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Window sizes from 0 to this, in each dimension, are tried.
const MOST: u32 = 30;

/// The places a connection can be in, each made by the keys and calls a
/// player's would make.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Spot {
    /// The lobby's list of tables.
    Tables,
    /// Waiting for a quick game.
    Pairing,
    /// The lobby showing the code for adding a key.
    KeyCode,
    /// Looking through an archived game.
    Archive,
    /// At a table, seated.
    Table,
    /// The setup form of a new table.
    Setup,
    /// The page of the account's keys.
    Keys,
}

const SPOTS: [Spot; 7] = [
    Spot::Tables,
    Spot::Pairing,
    Spot::KeyCode,
    Spot::Archive,
    Spot::Table,
    Spot::Setup,
    Spot::Keys,
];

fn key(k: Key) -> Incoming {
    Incoming::Key(k)
}

/// A connection of `id` at `spot`, on `shared` (which has a table `t1`
/// and archived games).
async fn at(shared: &Arc<Shared>, id: u64, spot: Spot) -> Connection {
    let mut conn = Connection::new(
        shared.clone(),
        id,
        who(&format!("key:p{id}")),
        Arc::new(Mailbox::new()),
    );
    let area = Rect::new(0, 0, 80, 24);
    match spot {
        Spot::Tables => {}
        Spot::Pairing => {
            conn.input(key(Key::Char('p')), area).await;
            conn.input(key(Key::Enter), area).await;
            assert!(
                matches!(&conn.place, Place::Lobby(l) if l.seeking().is_some()),
                "waiting for a quick game"
            );
        }
        Spot::KeyCode => {
            conn.input(key(Key::Char('K')), area).await;
            let note = match &conn.place {
                Place::Lobby(l) => l.note().map(str::to_string),
                _ => None,
            };
            assert!(
                note.as_ref().is_some_and(|n| n.contains("Add a key")),
                "the code shown: {note:?}"
            );
        }
        Spot::Archive => {
            conn.input(key(Key::Char('r')), area).await;
            conn.fit_lobby(area);
            conn.input(key(Key::Enter), area).await;
            assert!(matches!(conn.place, Place::Archived(..)), "a game shown");
        }
        Spot::Table => {
            conn.join("t1", true, None).await;
            assert!(matches!(conn.place, Place::Seated(..)), "seated");
        }
        Spot::Setup => {
            conn.input(key(Key::Char('c')), area).await;
            assert!(matches!(conn.place, Place::Creating(..)), "the form");
        }
        Spot::Keys => {
            conn.input(key(Key::Char('a')), area).await;
            assert!(
                matches!(&conn.place, Place::Lobby(l) if l.page() == Page::Keys),
                "the keys"
            );
        }
    }
    conn
}

/// What the connection shows in a window of `width` by `height`, row by
/// row, as the server draws it.
fn drawn(conn: &mut Connection, width: u32, height: u32) -> Vec<String> {
    let (w, h) = screen::window(width, height);
    let area = screen::clamp(w, h);
    conn.fit_lobby(area);
    let mut terminal =
        Terminal::new(TestBackend::new(area.width, area.height)).expect("a terminal");
    terminal
        .draw(|f| screen::fitted((w, h), f, |f| conn.view(f)))
        .expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

fn shared() -> (Scratch, Arc<Shared>) {
    let dir = Scratch::new("tiny-screens");
    let (shared, _) = dir.shared(Limits::default());
    rated_series(&shared);
    shared.tick();
    shared
        .create("t1", chess(), &who("key:host"), 10)
        .expect("a table");
    (dir, shared)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

#[test]
fn a_zero_dimension_is_an_ordinary_terminal() {
    let rt = runtime();
    let (_dir, shared) = shared();
    let mut conn = rt.block_on(at(&shared, 1, Spot::Tables));
    let zero = drawn(&mut conn, 0, 0);
    assert_eq!((zero.len(), zero[0].chars().count()), (24, 80));
    assert!(zero[0].starts_with("catboard — the lobby."), "{zero:?}");
    assert_eq!(drawn(&mut conn, 0, 30).len(), 30);
    assert_eq!(drawn(&mut conn, 100, 0)[0].chars().count(), 100);
}

#[test]
fn every_screen_at_every_size_is_drawn_or_asks_for_a_larger_window() {
    let rt = runtime();
    let (_dir, shared) = shared();
    for (n, spot) in SPOTS.into_iter().enumerate() {
        let mut conn = rt.block_on(at(&shared, 10 + n as u64, spot));
        let full = drawn(&mut conn, 80, 24).concat();
        assert!(!full.contains(screen::TOO_SMALL), "{spot:?}: {full}");
        for width in 0..=MOST {
            for height in 0..=MOST {
                let rows = drawn(&mut conn, width, height);
                let (w, h) = screen::window(width, height);
                let small = w < u32::from(screen::SMALLEST.0) || h < u32::from(screen::SMALLEST.1);
                let first = rows[0].trim_end();
                if small {
                    assert!(
                        !first.is_empty()
                            && (first.starts_with(screen::TOO_SMALL)
                                || screen::TOO_SMALL.starts_with(first)),
                        "{spot:?} at {width}x{height}: {rows:#?}"
                    );
                } else {
                    let text = rows.concat();
                    assert!(
                        !text.contains(screen::TOO_SMALL) && !text.trim().is_empty(),
                        "{spot:?} at {width}x{height}: {rows:#?}"
                    );
                }
            }
        }
    }
}

/// Where a key left a connection.
#[derive(Debug, PartialEq)]
enum After {
    /// It leaves the server.
    Quit,
    /// Back in the lobby.
    Lobby,
    /// The lobby's note lists the keys.
    KeysNoted,
    /// The help over the game.
    Help,
}

fn after(conn: &Connection) -> After {
    if conn.quit {
        return After::Quit;
    }
    match &conn.place {
        Place::Lobby(l) if l.note().is_some_and(|n| n.starts_with("Keys: ")) => After::KeysNoted,
        Place::Lobby(_) => After::Lobby,
        Place::Seated(s) if matches!(s.app.overlay, Some(Overlay::Help { .. })) => After::Help,
        Place::Archived(app, ..) | Place::Creating(app)
            if matches!(app.overlay, Some(Overlay::Help { .. })) =>
        {
            After::Help
        }
        _ => panic!("a key left the connection where it was"),
    }
}

#[test]
fn q_question_mark_and_ctrl_c_work_at_every_size() {
    let rt = runtime();
    let (_dir, shared) = shared();
    let mut id = 100;
    for spot in SPOTS {
        let in_lobby = matches!(
            spot,
            Spot::Tables | Spot::Pairing | Spot::KeyCode | Spot::Keys
        );
        let expected = [
            (
                Key::Char('q'),
                if in_lobby { After::Quit } else { After::Lobby },
            ),
            (
                Key::Ctrl('c'),
                if in_lobby { After::Quit } else { After::Lobby },
            ),
            (
                Key::Char('?'),
                if in_lobby {
                    After::KeysNoted
                } else {
                    After::Help
                },
            ),
        ];
        for (k, want) in expected {
            // Every size for the lobby's list; the others (each a seek, a
            // table joined or a game read) along each dimension.
            let sizes: Vec<(u32, u32)> = if spot == Spot::Tables {
                (0..=MOST)
                    .flat_map(|w| (0..=MOST).map(move |h| (w, h)))
                    .collect()
            } else {
                (0..=MOST)
                    .flat_map(|n| [(n, n), (n, 24), (80, n)])
                    .collect()
            };
            // A lobby's place is copied, not made again: a key code is
            // made once.
            let mut lobby = match in_lobby {
                true => {
                    id += 1;
                    Some(rt.block_on(at(&shared, id, spot)))
                }
                false => None,
            };
            let start = match lobby.as_ref().map(|c| &c.place) {
                Some(Place::Lobby(l)) => Some(l.clone()),
                _ => None,
            };
            for (width, height) in sizes {
                let mut made;
                let conn = match (&mut lobby, &start) {
                    (Some(conn), Some(start)) => {
                        conn.place = Place::Lobby(start.clone());
                        conn.quit = false;
                        conn
                    }
                    _ => {
                        id += 1;
                        made = rt.block_on(at(&shared, id, spot));
                        &mut made
                    }
                };
                let (w, h) = screen::window(width, height);
                drawn(conn, width, height);
                rt.block_on(conn.input(key(k), screen::clamp(w, h)));
                assert_eq!(after(conn), want, "{spot:?}, {k:?} at {width}x{height}");
                if matches!(conn.place, Place::Seated(..)) {
                    rt.block_on(conn.leave_table());
                }
            }
            if spot == Spot::Pairing {
                shared.cancel_seek(id);
            }
        }
    }
}
