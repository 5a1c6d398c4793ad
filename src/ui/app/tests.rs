//! Tests of the application state and `update`.

use super::*;
use crate::ui::computer::{HINT_LEVEL, Purpose, WATCH_PAUSE};
use crate::ui::setup::SetupRow;
use crate::ui::table::{Player, TableSpec};
use catboard::ai::Level;
use catboard::core::Options;
use catboard::variants::Variant;
use std::time::Duration;

pub fn playing(position: Option<&str>) -> App {
    let table = Table::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: position.map(str::to_string),
        players: vec![Player::Human; 2],
    })
    .expect("valid position");
    let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
    App::new(
        Screen::Playing(Box::new(playing)),
        None,
        Look::test_default(),
    )
}

fn p(app: &App) -> &Playing {
    match &app.screen {
        Screen::Playing(p) => p,
        Screen::Setup(_) => panic!("not playing"),
    }
}

fn keys(app: &mut App, actions: &[Action]) -> Vec<Effect> {
    let mut effects = Vec::new();
    for a in actions {
        effects.extend(update(app, a.clone()));
    }
    effects
}

fn cell(app: &App, name: &str) -> Cell {
    p(app).table.game().geometry().cell(name).expect("a cell")
}

#[test]
fn the_cursor_moves_by_screen_direction_and_stops_at_edges() {
    let mut app = playing(None);
    assert_eq!(p(&app).cursor, cell(&app, "e2"));
    keys(
        &mut app,
        &[Action::Cursor(Dir::Up), Action::Cursor(Dir::Left)],
    );
    assert_eq!(p(&app).cursor, cell(&app, "d3"));
    for _ in 0..10 {
        update(&mut app, Action::Cursor(Dir::Down));
    }
    assert_eq!(p(&app).cursor, cell(&app, "d1"));
    update(&mut app, Action::Flip);
    update(&mut app, Action::Cursor(Dir::Up));
    assert_eq!(
        p(&app).cursor,
        cell(&app, "d1"),
        "flipped, up is towards rank 1"
    );
    update(&mut app, Action::Cursor(Dir::Down));
    assert_eq!(p(&app).cursor, cell(&app, "d2"));
}

#[test]
fn select_then_target_plays_the_move_and_saves() {
    let mut app = playing(None);
    let effects = keys(
        &mut app,
        &[
            Action::Select,
            Action::Cursor(Dir::Up),
            Action::Cursor(Dir::Up),
        ],
    );
    assert!(effects.is_empty());
    assert_eq!(p(&app).picks(), [cell(&app, "e2")]);
    let effects = update(&mut app, Action::Select);
    assert_eq!(p(&app).table.notation().collect::<Vec<_>>(), ["e4"]);
    assert!(p(&app).picks().is_empty());
    match effects.as_slice() {
        [Effect::Save(path, saved)] => {
            assert_eq!(path, &PathBuf::from("/saves/g.json"));
            assert_eq!(saved.moves, ["e2e4"]);
        }
        other => panic!("expected one save, got {other:?}"),
    }
}

#[test]
fn an_illegal_target_or_an_empty_cell_gives_one_sentence() {
    let mut app = playing(None);
    keys(&mut app, &[Action::Cursor(Dir::Up), Action::Select]);
    let m = app.message.clone().expect("a message");
    assert!(m.error && m.text.contains("White"), "{m:?}");
    keys(
        &mut app,
        &[
            Action::Cursor(Dir::Down),
            Action::Select,
            Action::Cursor(Dir::Right),
        ],
    );
    keys(&mut app, &[Action::Cursor(Dir::Up), Action::Select]);
    let m = app.message.clone().expect("a message");
    assert_eq!(m.text, "The pawn on e2 cannot move to f3.");
    update(&mut app, Action::Cancel);
    assert!(p(&app).picks().is_empty());
}

#[test]
fn the_prompt_takes_san_and_uci_and_reports_illegal_moves() {
    let mut app = playing(None);
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("e4".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    typed.push(Action::OpenPrompt);
    typed.extend("e7e5".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(&mut app, &typed);
    assert_eq!(p(&app).table.notation().collect::<Vec<_>>(), ["e4", "e5"]);
    assert_eq!(app.overlay, None);
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("Ke3".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(&mut app, &typed);
    let m = app.message.clone().expect("an error");
    assert!(m.error && m.text.contains("Ke3"), "{m:?}");
    assert!(
        matches!(app.overlay, Some(Overlay::Field { .. })),
        "the prompt stays open"
    );
    update(&mut app, Action::Cancel);
    assert_eq!(app.overlay, None);
}

#[test]
fn a_promotion_opens_the_chooser_and_a_letter_chooses() {
    let mut app = playing(Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"));
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("e7e8".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(&mut app, &typed);
    assert!(matches!(app.overlay, Some(Overlay::Chooser { .. })));
    update(&mut app, Action::ChooseLetter('x'));
    assert!(matches!(app.overlay, Some(Overlay::Chooser { .. })));
    update(&mut app, Action::ChooseLetter('n'));
    assert_eq!(app.overlay, None);
    assert_eq!(p(&app).table.notation().collect::<Vec<_>>(), ["e8=N"]);
}

#[test]
fn undo_redo_and_new_game_confirmation() {
    let mut app = playing(None);
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("d4".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(&mut app, &typed);
    assert_eq!(update(&mut app, Action::Undo).len(), 1);
    assert_eq!(p(&app).table.ply(), 0);
    update(&mut app, Action::Undo);
    assert!(app.message.as_ref().is_some_and(|m| m.error));
    update(&mut app, Action::Redo);
    assert_eq!(p(&app).table.ply(), 1);
    keys(&mut app, &[Action::NewGame, Action::No]);
    assert!(matches!(app.screen, Screen::Playing(_)));
    keys(&mut app, &[Action::NewGame, Action::Yes]);
    match &app.screen {
        Screen::Setup(s) => assert!(s.resume.is_some(), "the game left is offered"),
        Screen::Playing(_) => panic!("expected the setup screen"),
    }
}

#[test]
fn the_game_over_refuses_moves_and_quit_saves() {
    let mut app = playing(Some("k7/8/1K6/8/8/8/8/7R w - - 0 1"));
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("Rh8#".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(&mut app, &typed);
    assert!(p(&app).table.outcome().is_some());
    update(&mut app, Action::Select);
    let m = app.message.clone().expect("a message");
    assert!(m.text.contains("Checkmate — White wins"), "{m:?}");
    let effects = update(&mut app, Action::Quit);
    assert!(app.quit);
    assert_eq!(effects.len(), 1);
}

#[test]
fn setup_starts_a_game_or_reports_a_bad_position() {
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, Look::test_default());
    // Start from a position, type a bad one, and try to begin.
    let start_row = match &app.screen {
        Screen::Setup(s) => s.rows().iter().position(|r| *r == SetupRow::Start),
        Screen::Playing(_) => None,
    };
    for _ in 0..start_row.unwrap_or(0) {
        update(&mut app, Action::Cursor(Dir::Down));
    }
    keys(
        &mut app,
        &[Action::Select, Action::Cursor(Dir::Down), Action::Select],
    );
    assert_eq!(app.context(), Context::TextEntry);
    let mut typed = vec![Action::DeleteChar; 80];
    typed.extend("8/8/8 w".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(&mut app, &typed);
    assert!(app.message.as_ref().is_some_and(|m| m.error));
    // From the position row down past the near side to "Start the game".
    keys(
        &mut app,
        &[Action::Cursor(Dir::Down), Action::Cursor(Dir::Down)],
    );
    update(&mut app, Action::Select);
    assert!(matches!(app.screen, Screen::Setup(_)), "still in setup");
    assert!(app.message.as_ref().is_some_and(|m| m.error));
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, Look::test_default());
    update(&mut app, Action::Cursor(Dir::Up));
    update(&mut app, Action::Select);
    assert!(matches!(app.screen, Screen::Playing(_)));
}

#[test]
fn the_master_time_chosen_in_setup_is_the_games() {
    let mut setup = Setup::new(None);
    setup.players[1] = Player::Computer(Level::Master);
    let mut app = App::new(Screen::Setup(setup), None, Look::test_default());
    // Variant, White, Black, then the Master-time row.
    keys(
        &mut app,
        &[
            Action::Cursor(Dir::Down),
            Action::Cursor(Dir::Down),
            Action::Cursor(Dir::Down),
            Action::Cursor(Dir::Right),
            Action::Cursor(Dir::Right),
        ],
    );
    assert_eq!(app.think_ms, DEFAULT_THINK_MS, "not before the game begins");
    update(&mut app, Action::Submit);
    assert!(matches!(app.screen, Screen::Playing(_)));
    assert_eq!(app.think_ms, 5_000);
}

/// A game of `variant` between `players`, from the start.
fn table_app(variant: Variant, players: Vec<Player>) -> App {
    let table = Table::new(&TableSpec {
        variant,
        options: Options::new(),
        position: None,
        players,
    })
    .expect("a game");
    let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
    App::new(
        Screen::Playing(Box::new(playing)),
        None,
        Look::test_default(),
    )
}

fn against(level: Level) -> App {
    table_app(Variant::Chess, vec![Player::Human, Player::Computer(level)])
}

fn type_move(app: &mut App, text: &str) -> Vec<Effect> {
    let mut typed = vec![Action::OpenPrompt];
    typed.extend(text.chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(app, &typed)
}

/// The searches `effects` start.
fn started(effects: &[Effect]) -> Vec<SearchRequest> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Think(r) => Some((**r).clone()),
            _ => None,
        })
        .collect()
}

fn stopped(effects: &[Effect]) -> Vec<u64> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::StopThinking(id) => Some(*id),
            _ => None,
        })
        .collect()
}

/// A search's answer: `text` (legal in `app`'s position) as its best move.
fn thought(app: &App, text: &str, depth: u32) -> Thought {
    let mv = p(app).table.game().parse_move(text).expect("a legal move");
    Thought {
        best: Some(mv),
        score: 35,
        depth,
        nodes: 1234,
        elapsed: Duration::from_millis(5),
        pv: vec![mv],
    }
}

fn notation(app: &App) -> Vec<String> {
    p(app).table.notation().map(str::to_string).collect()
}

#[test]
fn the_computers_reply_arrives_on_its_id_and_is_played() {
    let mut app = against(Level::Club);
    let effects = type_move(&mut app, "e4");
    let requests = started(&effects);
    assert_eq!(requests.len(), 1, "{effects:?}");
    let request = &requests[0];
    assert_eq!(
        request.game.position_text(),
        p(&app).table.game().position_text()
    );
    assert_eq!(request.limits.depth, Level::Club.limits().depth);
    assert_eq!(
        request.min_time,
        Duration::ZERO,
        "no pause after a person's move"
    );
    let id = request.id;
    let thinking = p(&app).thinking.clone().expect("thinking");
    assert_eq!((thinking.id, thinking.purpose), (id, Purpose::Move));
    // Keys still work while it thinks, but a move is refused.
    update(&mut app, Action::Cursor(Dir::Left));
    assert_eq!(p(&app).cursor, cell(&app, "d4"));
    type_move(&mut app, "d5");
    let m = app.message.clone().expect("refused");
    assert!(m.error && m.text.contains("computer"), "{m:?}");
    // Progress shows in the state, with the line in SAN.
    let progress = thought(&app, "e5", 3);
    update(
        &mut app,
        Action::Progress {
            id,
            thought: progress,
        },
    );
    let shown = p(&app)
        .thinking
        .clone()
        .and_then(|t| t.progress)
        .expect("progress");
    assert_eq!(
        (shown.depth, shown.line.clone()),
        (3, vec!["e5".to_string()])
    );
    // The reply is played and saved; nothing more thinks (a person is to move).
    let reply = thought(&app, "c5", 4);
    let effects = update(&mut app, Action::Reply { id, thought: reply });
    assert_eq!(notation(&app), ["e4", "c5"]);
    assert!(p(&app).thinking.is_none());
    assert!(effects.is_empty() || started(&effects).is_empty());
}

#[test]
fn a_stale_reply_after_undo_or_a_new_game_is_ignored() {
    let mut app = against(Level::Casual);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let late = thought(&app, "e5", 2);
    let effects = update(&mut app, Action::Undo);
    assert_eq!(stopped(&effects), [id], "undo raises the stop flag");
    assert_eq!(p(&app).table.ply(), 0);
    assert!(p(&app).thinking.is_none());
    update(&mut app, Action::Reply { id, thought: late });
    assert_eq!(p(&app).table.ply(), 0, "the stale reply is not played");
    // A new game stops the search too, and its reply goes nowhere.
    let id = started(&type_move(&mut app, "d4"))[0].id;
    let late = thought(&app, "d5", 2);
    let effects = keys(&mut app, &[Action::NewGame, Action::Yes]);
    assert_eq!(stopped(&effects), [id]);
    update(&mut app, Action::Reply { id, thought: late });
    assert!(matches!(app.screen, Screen::Setup(_)));
    // A reply whose move is not legal is ignored without harm.
    let mut app = against(Level::Casual);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let mut wrong = thought(&app, "e5", 2);
    wrong.best = Some(Move::default());
    let effects = update(&mut app, Action::Reply { id, thought: wrong });
    assert_eq!(notation(&app), ["e4"]);
    assert!(started(&effects).is_empty(), "no endless asking");
    assert!(p(&app).paused);
    assert!(app.message.as_ref().is_some_and(|m| m.error));
}

#[test]
fn undo_takes_back_the_computers_reply_with_your_move_and_redo_both() {
    let mut app = against(Level::Strong);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let reply = thought(&app, "e5", 4);
    update(&mut app, Action::Reply { id, thought: reply });
    type_move(&mut app, "Nf3");
    let id = p(&app).thinking.as_ref().expect("thinking").id;
    let reply = thought(&app, "Nc6", 4);
    update(&mut app, Action::Reply { id, thought: reply });
    assert_eq!(notation(&app), ["e4", "e5", "Nf3", "Nc6"]);
    let effects = update(&mut app, Action::Undo);
    assert_eq!(notation(&app), ["e4", "e5"], "two plies back");
    assert!(started(&effects).is_empty(), "White (a person) is to move");
    assert_eq!(effects.len(), 1, "saved once: {effects:?}");
    update(&mut app, Action::Redo);
    assert_eq!(notation(&app), ["e4", "e5", "Nf3", "Nc6"], "both come back");
    assert!(p(&app).thinking.is_none());
    // Undo while it thinks takes back only your move.
    let id = started(&type_move(&mut app, "Bb5"))[0].id;
    let effects = update(&mut app, Action::Undo);
    assert_eq!(stopped(&effects), [id]);
    assert_eq!(notation(&app).len(), 4);
}

#[test]
fn the_hint_names_and_marks_the_engines_move_for_you() {
    let mut app = playing(None);
    let effects = update(&mut app, Action::Hint);
    let request = started(&effects).pop().expect("a hint search");
    assert_eq!(request.limits.depth, HINT_LEVEL.limits().depth);
    let thinking = p(&app).thinking.clone().expect("thinking");
    assert_eq!(thinking.purpose, Purpose::Hint);
    let idea = thought(&app, "Nf3", 4);
    update(
        &mut app,
        Action::Reply {
            id: request.id,
            thought: idea,
        },
    );
    assert_eq!(p(&app).hint.map(|m| m.to), Some(cell(&app, "f3")));
    assert!(
        app.message
            .as_ref()
            .is_some_and(|m| m.text.starts_with("Hint: Nf3")),
        "{:?}",
        app.message
    );
    assert_eq!(p(&app).table.ply(), 0, "a hint is not played");
    // Playing a move forgets the hint.
    type_move(&mut app, "e4");
    assert_eq!(p(&app).hint, None);
    // No hint on the computer's turn.
    let mut app = against(Level::Club);
    type_move(&mut app, "e4");
    let effects = update(&mut app, Action::Hint);
    assert!(started(&effects).is_empty());
    assert!(app.message.as_ref().is_some_and(|m| m.error));
}

#[test]
fn computers_play_each_other_with_a_pause_and_can_be_paused() {
    let mut app = table_app(
        Variant::Chess,
        vec![
            Player::Computer(Level::Casual),
            Player::Computer(Level::Club),
        ],
    );
    let first = app.engage();
    let request = started(&first).pop().expect("White thinks at once");
    assert_eq!(request.min_time, Duration::ZERO);
    let reply = thought(&app, "d4", 2);
    let effects = update(
        &mut app,
        Action::Reply {
            id: request.id,
            thought: reply,
        },
    );
    let next = started(&effects).pop().expect("Black thinks next");
    assert_eq!(next.min_time, WATCH_PAUSE, "a pause to follow the game");
    assert_eq!(next.limits.depth, Level::Club.limits().depth);
    // Pausing stops the search; resuming starts it again.
    let effects = update(&mut app, Action::PauseComputer);
    assert_eq!(stopped(&effects), [next.id]);
    assert!(p(&app).paused && p(&app).thinking.is_none());
    let effects = update(&mut app, Action::PauseComputer);
    assert_eq!(started(&effects).len(), 1);
    // Undo with no person at the board: one move, and play pauses.
    let effects = update(&mut app, Action::Undo);
    assert_eq!(p(&app).table.ply(), 0);
    assert!(p(&app).paused);
    assert!(started(&effects).is_empty());
    // Quitting stops whatever thinks.
    update(&mut app, Action::PauseComputer);
    let id = p(&app).thinking.as_ref().expect("thinking").id;
    let effects = update(&mut app, Action::Quit);
    assert!(stopped(&effects).contains(&id));
}

#[test]
fn a_resumed_game_with_the_computer_to_move_makes_it_think() {
    let mut app = against(Level::Casual);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let saved = p(&app).table.saved();
    assert_eq!(saved.players, ["human", "casual"]);
    update(&mut app, Action::Quit);
    let table = Table::from_saved(&saved).expect("resumes");
    assert_eq!(
        table.player(catboard::core::Seat::BLACK),
        Player::Computer(Level::Casual)
    );
    let (app, effects) = crate::ui::build_app(crate::ui::UiConfig {
        start: crate::ui::Start::Play {
            table: Box::new(table),
            near_side: 0,
            path: Some(PathBuf::from("/saves/g.json")),
        },
        look: Look::test_default(),
        saves: None,
        notice: None,
        think_ms: 300,
    });
    let request = started(&effects).pop().expect("Black thinks on resuming");
    assert_ne!(request.id, 0);
    assert!(p(&app).thinking.is_some());
    let _ = id;
}

#[test]
fn the_cats_pass_by_key_only_on_their_turn() {
    let mut app = table_app(Variant::Cat, vec![Player::Human; 3]);
    update(&mut app, Action::Pass);
    let m = app.message.clone().expect("White may not pass");
    assert!(m.error && m.text.starts_with("White may not pass"), "{m:?}");
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    assert!(p(&app).table.can_pass());
    update(&mut app, Action::Pass);
    assert_eq!(notation(&app), ["e4", "e5", "Cats pass"]);
    // A Cat moves by cursor: select the Cat on a4, then b5.
    type_move(&mut app, "Nf3");
    type_move(&mut app, "Nc6");
    let a4 = cell(&app, "a4");
    if let Screen::Playing(pl) = &mut app.screen {
        pl.cursor = a4;
    }
    keys(
        &mut app,
        &[
            Action::Select,
            Action::Cursor(Dir::Up),
            Action::Cursor(Dir::Right),
            Action::Select,
        ],
    );
    assert_eq!(notation(&app).last().map(String::as_str), Some("Ca4-b5"));
}

#[test]
fn enter_starts_the_game_from_any_setup_row() {
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, Look::test_default());
    // Down to White's player, change it with Space and Right, then Enter.
    keys(
        &mut app,
        &[
            Action::Cursor(Dir::Down),
            Action::Cursor(Dir::Down),
            Action::Select,
            Action::Cursor(Dir::Right),
        ],
    );
    match &app.screen {
        Screen::Setup(s) => assert_eq!(s.players[1], Player::Computer(Level::Club)),
        Screen::Playing(_) => panic!("Space changes the value"),
    }
    let effects = update(&mut app, Action::Submit);
    assert!(matches!(app.screen, Screen::Playing(_)), "Enter starts");
    assert!(started(&effects).is_empty(), "White (a person) moves first");
}

#[test]
fn moves_are_said_in_words_and_logged_as_events() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    let m = app.message.clone().expect("said");
    assert_eq!(m.text, "White plays pawn from e2 to e4.");
    assert!(!m.error);
    let last = app.events.last().expect("an event");
    assert_eq!(last.kind, crate::ui::describe::EventKind::Move);
    // A cursor step clears the line but keeps the log.
    update(&mut app, Action::Cursor(Dir::Up));
    assert!(app.message.is_none());
    assert_eq!(app.events.len(), 1);
    // Check and mate are said with the move that gives them.
    for mv in ["e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        type_move(&mut app, mv);
    }
    type_move(&mut app, "Qxf7");
    let m = app.message.clone().expect("said");
    assert!(
        m.text
            .starts_with("White plays queen from h5 to f7, taking the black pawn on f7.")
            && m.text.contains("Game over 1-0: Checkmate"),
        "{m:?}"
    );
}

#[test]
fn a_piece_kind_typed_at_the_prompt_says_where_they_stand() {
    let mut app = playing(None);
    type_move(&mut app, "knights");
    let m = app.message.clone().expect("answered");
    assert_eq!(m.text, "White knights: b1, g1. Black knights: b8, g8.");
    assert_eq!(p(&app).table.ply(), 0);
}

#[test]
fn a_promotion_typed_as_cells_opens_the_chooser_and_a_letter_takes_one() {
    let mut app = playing(Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"));
    type_move(&mut app, "e7e8");
    let Some(Overlay::Chooser { moves, .. }) = &app.overlay else {
        panic!("a chooser: {:?}", app.overlay);
    };
    assert_eq!(moves.len(), 4);
    update(&mut app, Action::ChooseLetter('x'));
    assert!(
        matches!(app.overlay, Some(Overlay::Chooser { .. })),
        "stays open"
    );
    assert!(app.message.as_ref().is_some_and(|m| m.error));
    update(&mut app, Action::ChooseLetter('n'));
    assert_eq!(notation(&app), ["e8=N"]);
}

#[test]
fn the_board_turns_and_the_cursor_steps_by_the_screen() {
    let mut app = playing(None);
    assert_eq!(p(&app).cursor, cell(&app, "e2"));
    update(&mut app, Action::Flip);
    assert_eq!(p(&app).near_side(), 1);
    // Seen from Black, up on the screen is down the board.
    update(&mut app, Action::Cursor(Dir::Up));
    assert_eq!(p(&app).cursor, cell(&app, "e1"));
    update(&mut app, Action::Cursor(Dir::Right));
    assert_eq!(p(&app).cursor, cell(&app, "d1"));
    update(&mut app, Action::Flip);
    assert_eq!(p(&app).near_side(), 0);
}
