//! The lobby drawn: the highlight on screen, every page at every size,
//! the goldens of the pages of keys and puzzles.

use super::*;
use crate::serve::store::{AccountKey, GameLine, PuzzleStanding};
use crate::session::lobby::{Boards, SeekStatus};
use catboard::clock::TimeControl;
use catboard::core::{EndReason, Outcome, Seat, Termination};
use catboard::variants::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;

fn summary(name: &str) -> TableSummary {
    TableSummary {
        name: name.into(),
        game: "Chess".into(),
        time: Some("5+3".into()),
        seats: vec!["White: free".into()],
        spectators: 0,
        open: true,
        over: false,
    }
}

fn area() -> Rect {
    Rect::new(0, 0, 80, 24)
}

/// The screen's text when `lobby` is drawn with `tables` at 80x24.
fn drawn(lobby: &mut Lobby, tables: &[TableSummary]) -> String {
    lobby.fit(tables, &Lists::default(), "ann", area());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    terminal
        .draw(|f| lobby.view(tables, &Lists::default(), "ann", f))
        .expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..24)
        .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The name on the highlighted line of the drawn lobby.
fn highlighted(lobby: &mut Lobby, tables: &[TableSummary]) -> Option<String> {
    lobby.fit(tables, &Lists::default(), "ann", area());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    terminal
        .draw(|f| lobby.view(tables, &Lists::default(), "ann", f))
        .expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..24).find_map(|y| {
        buffer[(0, y)]
            .modifier
            .contains(Modifier::REVERSED)
            .then(|| {
                (0..16)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect::<String>()
                    .trim()
                    .to_string()
            })
    })
}

#[test]
fn the_keys_choose_a_table_and_stop_at_the_ends() {
    let tables = [summary("a"), summary("b")];
    let mut lobby = Lobby::new();
    assert_eq!(lobby.key(Key::Up, &tables, area()), Choice::Stay);
    assert_eq!(
        lobby.key(Key::Enter, &tables, area()),
        Choice::Join("a".into())
    );
    lobby.key(Key::Down, &tables, area());
    lobby.key(Key::Down, &tables, area());
    assert_eq!(
        lobby.key(Key::Char('w'), &tables, area()),
        Choice::Watch("b".into())
    );
    assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Stay);
    assert_eq!(lobby.key(Key::Char('q'), &tables, area()), Choice::Quit);
}

#[test]
fn the_highlight_stays_on_screen_and_enter_joins_the_table_shown() {
    let tables: Vec<TableSummary> = (1..=60).map(|n| summary(&format!("t{n}"))).collect();
    let mut lobby = Lobby::new();
    for n in 1..=60 {
        let name = highlighted(&mut lobby, &tables);
        assert_eq!(
            name.as_deref(),
            Some(format!("t{n}").as_str()),
            "after {} Downs",
            n - 1
        );
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join(format!("t{n}"))
        );
        lobby.key(Key::Down, &tables, area());
    }
    assert!(drawn(&mut lobby, &tables).contains("of 60"));
    lobby.key(Key::PageUp, &tables, area());
    assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("t41"));
    lobby.key(Key::Home, &tables, area());
    assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("t1"));
}

#[test]
fn the_highlight_follows_its_table_when_others_come_and_go() {
    let mut tables: Vec<TableSummary> = ["a", "c", "d"].iter().map(|n| summary(n)).collect();
    let mut lobby = Lobby::new();
    lobby.key(Key::Down, &tables, area());
    assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("c"));
    tables.insert(1, summary("b"));
    assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("c"));
    assert_eq!(
        lobby.key(Key::Enter, &tables, area()),
        Choice::Join("c".into())
    );
    tables.retain(|t| t.name != "c");
    assert_eq!(
        lobby.key(Key::Enter, &tables, area()),
        Choice::Join("d".into())
    );
}

/// A game won by seat `seat` for `reason`.
fn won_by(reason: EndReason, seat: u8) -> Option<Termination> {
    let outcome = Outcome {
        winner: Some(Seat(seat)),
        reason,
    };
    Some(Termination::new(outcome, None))
}

fn standing(name: &str, rating: f64, deviation: f64) -> crate::serve::store::Standing {
    crate::serve::store::Standing {
        identity: format!("key:{name}"),
        name: name.into(),
        rating: catboard::rating::Rating {
            rating,
            deviation,
            volatility: 0.06,
        },
        games: 12,
    }
}

#[test]
fn the_pages_show_the_archive_and_each_variants_leaderboard() {
    let boards = Boards {
        recent: vec![GameLine {
            id: 3,
            variant: "chess".into(),
            players: "ann · bob".into(),
            result: "1-0".into(),
            termination: won_by(EndReason::Checkmate, 0),
            rated: true,
            finished: 0,
        }],
        leaders: vec![
            (
                "chess".into(),
                vec![
                    standing("ann", 1712.4, 80.0),
                    standing("bob", 1490.0, 180.0),
                ],
            ),
            ("cats".into(), Vec::new()),
        ],
    };
    let lists = Lists {
        boards: Arc::new(boards),
        mine: None,
        keys: None,
        puzzles: None,
    };
    let mut lobby = Lobby::new();
    let tables = [summary("t1")];
    let before = lobby.fingerprint(&tables, &lists, "ann", area());
    assert_eq!(lobby.key(Key::Char('l'), &tables, area()), Choice::Stay);
    assert_ne!(lobby.fingerprint(&tables, &lists, "ann", area()), before);
    let screen = super::drawn(&mut lobby, &tables, &lists, 80, 24);
    assert!(screen.contains("Leaderboard — Chess (1/5"), "{screen}");
    let ann = screen
        .lines()
        .find(|l| l.contains("1. ann"))
        .unwrap_or_default();
    let bob = screen
        .lines()
        .find(|l| l.contains("2. bob"))
        .unwrap_or_default();
    assert!(ann.contains(" 1712 ") && !ann.contains('?'), "{ann}");
    assert!(bob.contains("1490?"), "provisional: {bob}");
    lobby.key(Key::Right, &tables, area());
    let cats = super::drawn(&mut lobby, &tables, &lists, 80, 24);
    assert!(cats.contains("No rated Cat Chess game yet"), "{cats}");
    lobby.key(Key::Left, &tables, area());
    lobby.key(Key::Left, &tables, area());
    let last = Variant::ALL[Variant::ALL.len() - 1].name();
    assert!(super::drawn(&mut lobby, &tables, &lists, 80, 24).contains(last));

    assert_eq!(lobby.key(Key::Char('r'), &tables, area()), Choice::Stay);
    let recent = super::drawn(&mut lobby, &tables, &lists, 80, 24);
    assert!(recent.contains("#3    Chess       ann · bob"), "{recent}");
    assert_eq!(lobby.key(Key::Char('m'), &tables, area()), Choice::Mine);
    let mine = super::drawn(&mut lobby, &tables, &lists, 80, 24);
    assert!(
        mine.contains("A guest's games are kept under no name"),
        "{mine}"
    );
    assert_eq!(
        lobby.key(Key::Enter, &tables, area()),
        Choice::Stay,
        "Enter joins nothing from a list of games"
    );
    assert_eq!(lobby.key(Key::Char('K'), &tables, area()), Choice::Stay);
    lobby.key(Key::Char('t'), &tables, area());
    assert_eq!(lobby.key(Key::Char('K'), &tables, area()), Choice::AddKey);
    assert_eq!(
        lobby.key(Key::Enter, &tables, area()),
        Choice::Join("t1".into())
    );
}

#[test]
fn every_page_fits_every_screen_without_a_panic() {
    let lists = Lists::default();
    let tables: Vec<TableSummary> = (1..=30).map(|n| summary(&format!("t{n}"))).collect();
    for key in ['t', 'r', 'm', 'l'] {
        for (w, h) in [(1, 1), (20, 5), (80, 24), (200, 60)] {
            let mut lobby = Lobby::new();
            lobby.key(Key::Char(key), &tables, Rect::new(0, 0, w, h));
            for _ in 0..40 {
                lobby.key(Key::PageDown, &tables, Rect::new(0, 0, w, h));
            }
            super::drawn(&mut lobby, &tables, &lists, w, h);
        }
    }
}

/// A lobby on every page (and the quick game's wait, and a note),
/// with long names, games and standings.
fn every_state() -> (Vec<Lobby>, Lists, Vec<TableSummary>) {
    let long = |id: u64| GameLine {
        id,
        variant: "baccancat".into(),
        players: "a-rather-long-name · someone-else · third-player · fourth".into(),
        result: "1/2-1/2".into(),
        termination: won_by(EndReason::ThirdMate, 3),
        rated: true,
        finished: 0,
    };
    let boards = Boards {
        recent: (1..=40).map(long).collect(),
        leaders: vec![(
            "chess".into(),
            (0..30)
                .map(|i| standing(&format!("player-with-a-long-name-{i}"), 1500.0, 90.0))
                .collect(),
        )],
    };
    let lists = Lists {
        boards: Arc::new(boards),
        mine: Some((41..=60).map(long).collect()),
        keys: None,
        puzzles: None,
    };
    let mut tables: Vec<TableSummary> = (1..=30).map(|n| summary(&format!("t{n}"))).collect();
    tables[0].seats = vec![
        "Red: a-rather-long-name".into(),
        "Orange: free".into(),
        "Green: computer (master)".into(),
        "Blue: free".into(),
    ];
    let mut lobbies = Vec::new();
    for key in ['t', 'r', 'm', 'l', 'p', 'z'] {
        let mut lobby = Lobby::new();
        lobby.key(Key::Char(key), &tables, area());
        lobbies.push(lobby.clone());
        if !matches!(key, 't' | 'l') {
            continue;
        }
        lobby.heard(Heard::Note(
            "That table is full: every seat is taken; press w to watch it instead.".to_string(),
        ));
        lobbies.push(lobby);
    }
    for offered in [false, true] {
        let mut lobby = Lobby::new();
        lobby.key(Key::Char('p'), &tables, area());
        lobby.heard(Heard::Wait(Some(SeekStatus {
            variant: Variant::ALL[4],
            control: TimeControl::parse("15+10")
                .ok()
                .flatten()
                .expect("a control"),
            waited: std::time::Duration::from_secs(95),
            range: 350.0,
            computer_offered: offered,
        })));
        lobbies.push(lobby);
    }
    (lobbies, lists, tables)
}

/// The words of a drawn screen (the list's rule taken away).
fn words(screen: &str) -> Vec<String> {
    screen
        .replace('─', " ")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn every_page_shows_whole_words_and_every_key_at_every_size() {
    let (lobbies, lists, tables) = every_state();
    for lobby in &lobbies {
        for height in [10, 14, 24, 40, 70] {
            // The words as a screen wide enough for every line shows
            // them (at the smallest height too, whose tables' title
            // counts the tables shown).
            let mut whole = Vec::new();
            for h in [height, 10] {
                let mut wide = lobby.clone();
                whole.extend(words(&super::drawn(&mut wide, &tables, &lists, 400, h)));
            }
            for width in 30..=220 {
                let mut narrow = lobby.clone();
                let screen = super::drawn(&mut narrow, &tables, &lists, width, height);
                for word in words(&screen) {
                    let stem = word.trim_end_matches('…');
                    // The tables' title counts the lines shown.
                    let count = stem.chars().all(|c| c.is_ascii_digit() || c == '–');
                    assert!(
                        count || whole.iter().any(|w| w == stem),
                        "{width}x{height}, {:?}: {word:?} is cut\n{screen}",
                        lobby.page()
                    );
                }
                if width >= 40 {
                    for key in narrow.key_line().split(" · ") {
                        assert!(
                            screen.lines().any(|row| row.contains(key)),
                            "{width}x{height}: the key {key:?} is missing\n{screen}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_fingerprint_changes_only_with_what_is_shown() {
    let mut tables: Vec<TableSummary> = (1..=60).map(|n| summary(&format!("t{n}"))).collect();
    let lobby = Lobby::new();
    let before = lobby.fingerprint(&tables, &Lists::default(), "ann", area());
    tables[50].spectators = 3;
    assert_eq!(
        lobby.fingerprint(&tables, &Lists::default(), "ann", area()),
        before,
        "t51 is off screen"
    );
    tables[0].spectators = 1;
    assert_ne!(
        lobby.fingerprint(&tables, &Lists::default(), "ann", area()),
        before
    );
}

fn game_line(id: u64) -> GameLine {
    GameLine {
        id,
        variant: "chess".into(),
        players: "ann · bob".into(),
        result: "1-0".into(),
        termination: won_by(EndReason::Resignation, 1),
        rated: false,
        finished: 0,
    }
}

#[test]
fn a_game_listed_is_highlighted_and_opened_with_enter() {
    let lists = Lists {
        boards: Arc::new(Boards {
            recent: (1..=30).rev().map(game_line).collect(),
            leaders: Vec::new(),
        }),
        mine: Some(vec![game_line(7)]),
        keys: None,
        puzzles: None,
    };
    let mut lobby = Lobby::new();
    lobby.key(Key::Char('r'), &[], area());
    super::drawn(&mut lobby, &[], &lists, 80, 24);
    assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Review(30));
    for _ in 0..25 {
        lobby.key(Key::Down, &[], area());
    }
    let screen = super::drawn(&mut lobby, &[], &lists, 80, 24);
    assert!(
        screen.contains("#5 "),
        "scrolled to the highlight: {screen}"
    );
    assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Review(5));
    assert_eq!(lobby.key(Key::Char('m'), &[], area()), Choice::Mine);
    super::drawn(&mut lobby, &[], &lists, 80, 24);
    assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Review(7));
}

#[test]
fn the_quick_game_is_chosen_then_waited_for_and_the_computer_offered() {
    let mut lobby = Lobby::new();
    assert_eq!(lobby.key(Key::Char('p'), &[], area()), Choice::Stay);
    let screen = super::drawn(&mut lobby, &[], &Lists::default(), 80, 24);
    assert!(screen.contains("> Variant  ‹ Chess ›"), "{screen}");
    assert!(screen.contains("  Clock    ‹ 5+3 ›"), "{screen}");
    lobby.key(Key::Right, &[], area());
    lobby.key(Key::Down, &[], area());
    lobby.key(Key::Right, &[], area());
    let ten = TimeControl::parse("10+0")
        .ok()
        .flatten()
        .expect("a control");
    assert_eq!(
        lobby.key(Key::Enter, &[], area()),
        Choice::Seek(Variant::Cat, ten)
    );
    let mut wait = SeekStatus {
        variant: Variant::Cat,
        control: ten,
        waited: std::time::Duration::from_secs(12),
        range: 220.0,
        computer_offered: false,
    };
    lobby.heard(Heard::Wait(Some(wait)));
    let screen = super::drawn(&mut lobby, &[], &Lists::default(), 80, 24);
    assert!(
        screen.contains("Waiting for a game of Cat Chess at 10+0: 12 s so far"),
        "{screen}"
    );
    assert_eq!(lobby.key(Key::Char('y'), &[], area()), Choice::Stay);
    wait.computer_offered = true;
    lobby.heard(Heard::Wait(Some(wait)));
    let screen = super::drawn(&mut lobby, &[], &Lists::default(), 120, 24);
    assert!(screen.contains("press y to play the computer"), "{screen}");
    assert_eq!(
        lobby.key(Key::Char('y'), &[], area()),
        Choice::PlayComputer(Variant::Cat, ten)
    );
    assert_eq!(lobby.key(Key::Esc, &[], area()), Choice::CancelSeek);
    lobby.key(Key::Char('t'), &[], area());
    let tables = super::drawn(&mut lobby, &[summary("t1")], &Lists::default(), 120, 24);
    assert!(
        tables.contains("Waiting for a quick game of Cat Chess"),
        "{tables}"
    );
    assert!(
        tables.contains("t1               Chess        5+3"),
        "{tables}"
    );
}

/// Alice's three keys, the second this connection's.
fn three_keys() -> Lists {
    let t0 = 1_796_083_200; // 2026.12.01 00:00
    let key = |n: &str, first_seen: u64, last_seen: u64, first: bool| AccountKey {
        key: format!("key:SHA256:{n}Qx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE"),
        first_seen,
        last_seen,
        first,
    };
    Lists {
        keys: Some(Keys {
            listed: vec![
                key("desk", t0, t0 + 3 * 86_400 + 600, true),
                key("lap", t0 + 3_600, t0 + 5 * 86_400 + 75_660, false),
                key("phone", t0 + 86_400, t0 + 2 * 86_400, false),
            ],
            connected: "key:SHA256:lapQx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE".to_string(),
        }),
        ..Lists::default()
    }
}

/// Every key's line, with both notes (the key in use is the first
/// key), fits in 80 columns, so no note is cut on the common
/// terminal.
#[test]
fn every_keys_line_fits_in_80_columns() {
    let mut lists = three_keys();
    let Some(keys) = &mut lists.keys else {
        panic!("three keys");
    };
    keys.connected = keys.listed[0].key.clone();
    let mut lobby = Lobby::new();
    lobby.key(Key::Char('a'), &[], area());
    let lines = lobby.page_lines(&[], &lists, 24).lines;
    assert_eq!(lines.len(), 3, "{lines:?}");
    for line in &lines {
        assert!(line.chars().count() <= 80, "{line}");
    }
    assert!(lines[0].ends_with("in use, first key"));
}

/// The page of keys at 80×24, its third key highlighted.
fn keys_page(goldens: &mut crate::golden::Goldens) {
    let lists = three_keys();
    let mut lobby = Lobby::new();
    let (width, height) = (80, 24);
    let area = Rect::new(0, 0, width, height);
    assert_eq!(lobby.key(Key::Char('a'), &[], area), Choice::Keys);
    lobby.fit(&[], &lists, "alice", area);
    lobby.key(Key::Down, &[], area);
    lobby.key(Key::Down, &[], area);
    lobby.fit(&[], &lists, "alice", area);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| lobby.view(&[], &lists, "alice", f))
        .expect("drawn");
    goldens.check(
        "serve-lobby-keys-80x24",
        &format!("{:?}\n", terminal.backend().buffer()),
    );
}

#[test]
fn the_page_of_keys_is_drawn() {
    crate::golden::compare(keys_page);
}

/// The page of puzzles of an account that tried chess and Chu
/// puzzles, Chu highlighted.
fn puzzles_page(goldens: &mut crate::golden::Goldens) {
    let standing = |rating: f64, streak: u32, best: u32| PuzzleStanding {
        rating: catboard::rating::Rating {
            rating,
            deviation: 180.0,
            volatility: 0.06,
        },
        streak,
        best,
    };
    let lists = Lists {
        puzzles: Some(vec![
            ("chess".into(), standing(1612.0, 3, 5)),
            ("chu".into(), standing(1433.0, 0, 2)),
        ]),
        ..Lists::default()
    };
    let mut lobby = Lobby::new();
    let (width, height) = (80, 24);
    let area = Rect::new(0, 0, width, height);
    assert_eq!(lobby.key(Key::Char('z'), &[], area), Choice::Puzzles);
    lobby.key(Key::Down, &[], area);
    lobby.key(Key::Down, &[], area);
    lobby.fit(&[], &lists, "alice", area);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| lobby.view(&[], &lists, "alice", f))
        .expect("drawn");
    let text = super::drawn(&mut lobby, &[], &lists, width, height);
    assert!(
        text.lines()
            .any(|l| l.starts_with("Chu Chess") && l.contains("1433?  streak   0, best   2")),
        "{text}"
    );
    assert!(!text.contains("guest"), "{text}");
    assert_eq!(
        lobby.key(Key::Enter, &[], area),
        Choice::Solve(Variant::Chu),
        "Enter solves the variant highlighted"
    );
    goldens.check(
        "serve-lobby-puzzles-80x24",
        &format!("{:?}\n", terminal.backend().buffer()),
    );
}

#[test]
fn the_page_of_puzzles_is_drawn() {
    crate::golden::compare(puzzles_page);
}

#[test]
fn a_key_is_removed_after_a_question_and_the_one_in_use_is_not_asked() {
    let lists = three_keys();
    let mut lobby = Lobby::new();
    let fit = |lobby: &mut Lobby| lobby.fit(&[], &lists, "alice", area());
    assert_eq!(lobby.key(Key::Char('a'), &[], area()), Choice::Keys);
    fit(&mut lobby);
    let screen = super::drawn(&mut lobby, &[], &lists, 80, 24);
    assert!(screen.contains("SHA256:lapQx9fK2mZ8…"), "{screen}");
    assert!(screen.contains("2026.12.06 21:01  in use"), "{screen}");
    // The phone's key: asked, and kept with n.
    lobby.key(Key::Down, &[], area());
    lobby.key(Key::Down, &[], area());
    fit(&mut lobby);
    assert_eq!(lobby.key(Key::Char('x'), &[], area()), Choice::Stay);
    let asked = super::drawn(&mut lobby, &[], &lists, 80, 24);
    assert!(
        asked.contains("Remove the key SHA256:phoneQx9fK2m…"),
        "{asked}"
    );
    assert!(
        asked.contains("y yes · n no"),
        "the question's keys: {asked}"
    );
    assert_eq!(
        lobby.key(Key::Char('t'), &[], area()),
        Choice::Stay,
        "only y or n"
    );
    assert_eq!(lobby.key(Key::Char('n'), &[], area()), Choice::Stay);
    assert_eq!(lobby.note(), Some("The key SHA256:phoneQx9fK2m… is kept."));
    // Asked again, and removed with y.
    lobby.key(Key::Char('x'), &[], area());
    assert_eq!(
        lobby.key(Key::Char('y'), &[], area()),
        Choice::RemoveKey("key:SHA256:phoneQx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE".into())
    );
    // The key in use and the account's first are not asked of: the
    // server says why they stay.
    for (line, key) in [(1, "lap"), (0, "desk")] {
        lobby.key(Key::Char('g'), &[], area());
        for _ in 0..line {
            lobby.key(Key::Down, &[], area());
        }
        fit(&mut lobby);
        assert_eq!(
            lobby.key(Key::Char('d'), &[], area()),
            Choice::RemoveKey(format!("key:SHA256:{key}Qx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE"))
        );
    }
    // A guest's page says why it is empty, and removes nothing.
    let mut guest = Lobby::new();
    guest.key(Key::Char('a'), &[], area());
    let page = super::drawn(&mut guest, &[], &Lists::default(), 80, 24);
    assert!(page.contains("A guest has no keys kept here"), "{page}");
    assert_eq!(guest.key(Key::Char('x'), &[], area()), Choice::Stay);
}
