//! Tests of the application state and `update`.

use super::*;
use crate::action::{Action, Dir};
use crate::setup_form::SetupRow;
use crate::table::{Player, TableSpec};
use catboard::ai::Level;
use catboard::ai::Thought;
use catboard::core::{Options, PieceKind};
use catboard::entry::Choice;
use catboard::variants::Variant;
use std::time::Duration;

pub(super) fn playing(position: Option<&str>) -> App {
    let table = TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: position.map(str::to_string),
        players: vec![Player::Human; 2],
        time: None,
    })
    .expect("valid position");
    let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
    App::new(
        Screen::Playing(Box::new(playing)),
        None,
        LookChoice::default(),
    )
}

pub(super) fn p(app: &App) -> &Playing {
    match &app.screen {
        Screen::Playing(p) => p,
        Screen::Setup(_) => panic!("not playing"),
    }
}

pub(super) fn keys(app: &mut App, actions: &[Action]) -> Vec<Effect> {
    let mut effects = Vec::new();
    for a in actions {
        effects.extend(update(app, a.clone()));
    }
    effects
}

pub(super) fn cell(app: &App, name: &str) -> Cell {
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
    assert!(m.text.contains("White wins by checkmate"), "{m:?}");
    let effects = update(&mut app, Action::Quit);
    assert!(app.quit);
    assert_eq!(effects.len(), 1);
}

#[test]
fn setup_starts_a_game_or_reports_a_bad_position() {
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, LookChoice::default());
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
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, LookChoice::default());
    update(&mut app, Action::Cursor(Dir::Up));
    update(&mut app, Action::Select);
    assert!(matches!(app.screen, Screen::Playing(_)));
}

#[test]
fn the_master_time_chosen_in_setup_is_the_games() {
    let mut setup = Setup::new(None);
    setup.players[1] = Player::Computer(Level::Master);
    let mut app = App::new(Screen::Setup(setup), None, LookChoice::default());
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
pub(super) fn table_app(variant: Variant, players: Vec<Player>) -> App {
    let table = TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: None,
        players,
        time: None,
    })
    .expect("a game");
    let playing = Playing::new(table, 0, Some(PathBuf::from("/saves/g.json")));
    App::new(
        Screen::Playing(Box::new(playing)),
        None,
        LookChoice::default(),
    )
}

pub(super) fn against(level: Level) -> App {
    table_app(Variant::Chess, vec![Player::Human, Player::Computer(level)])
}

pub(super) fn type_move(app: &mut App, text: &str) -> Vec<Effect> {
    let mut typed = vec![Action::OpenPrompt];
    typed.extend(text.chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(app, &typed)
}

/// The searches `effects` start.
pub(super) fn started(effects: &[Effect]) -> Vec<SearchRequest> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Think(r) => Some((**r).clone()),
            _ => None,
        })
        .collect()
}

pub(super) fn stopped(effects: &[Effect]) -> Vec<u64> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::StopThinking(id) => Some(*id),
            _ => None,
        })
        .collect()
}

/// A search's answer: `text` (legal in `app`'s position) as its best move.
pub(super) fn thought(app: &App, text: &str, depth: u32) -> Thought {
    let mv = p(app).table.game().parse_move(text).expect("a legal move");
    Thought {
        best: Some(mv),
        score: 35,
        depth,
        seldepth: 0,
        nodes: 1234,
        elapsed: Duration::from_millis(5),
        pv: vec![mv],
    }
}

pub(super) fn notation(app: &App) -> Vec<String> {
    p(app).table.notation().map(str::to_string).collect()
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
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, LookChoice::default());
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
        Screen::Setup(s) => assert_eq!(s.players[1], Player::ALL[2]),
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
    assert_eq!(m.text, "White pawn to e4.");
    assert!(!m.error);
    let last = app.events.last().expect("an event");
    assert_eq!(last.kind, crate::describe::EventKind::Move);
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
        m.text.starts_with("White queen takes pawn f7.")
            && m.text.contains("White wins by checkmate."),
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

#[test]
fn a_paste_goes_to_the_move_prompt_and_never_acts_as_keys() {
    let mut app = playing(None);
    // "q" and a newline in the paste would quit and submit if they were keys.
    update(&mut app, Action::Paste("q\nNf3\u{1b}".into()));
    assert!(!app.quit);
    assert_eq!(
        app.overlay,
        Some(Overlay::Field {
            purpose: FieldPurpose::Move,
            text: "qNf3".into()
        })
    );
    // Pasted into an open field, it adds to what is typed.
    let mut app = playing(None);
    keys(&mut app, &[Action::OpenPrompt, Action::TypeChar('N')]);
    update(&mut app, Action::Paste("f3".into()));
    update(&mut app, Action::Submit);
    assert_eq!(p(&app).table.ply(), 1, "Nf3 played");
}

#[test]
fn the_cell_list_numbers_neighbours_and_digits_step_to_them() {
    let mut app = playing(None);
    update(&mut app, Action::ToggleCellList);
    assert!(p(&app).cell_list);
    // From e2, the neighbours go round clockwise from the north: e3 first.
    update(&mut app, Action::Neighbour(1));
    assert_eq!(p(&app).cursor, cell(&app, "e3"));
    update(&mut app, Action::Neighbour(9));
    let m = app.message.clone().expect("refused");
    assert!(
        m.error
            && m.text
                .contains("no neighbour number 9; its neighbours are 1, 2, 3, 4, 5, 6, 7, 8."),
        "{m:?}"
    );
    assert_eq!(p(&app).cursor, cell(&app, "e3"), "the cursor stays");
    let keyed =
        crate::keymap::action_for(crate::keymap::Context::Board, crate::keymap::Key::Char('3'));
    assert_eq!(keyed, Some(Action::Neighbour(3)));
}

/// Chu Chess: White's Lion on e4 with Black pawns on e5 and e6.
const LION_FEN: &str = "4k5/10/10/4p5/4p5/4L5/10/10/10/5K4 w - - 0 1";

fn chu_app(fen: &str, options: &[&str]) -> App {
    let table = TableGame::new(&TableSpec {
        variant: Variant::Chu,
        options: Options::parse(Variant::Chu.options(), options.iter().copied())
            .unwrap_or_else(|e| panic!("{e}")),
        position: Some(fen.into()),
        players: vec![Player::Human; 2],
        time: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, None))),
        None,
        LookChoice::default(),
    )
}

/// Picks the cells named, in order, with the cursor.
fn pick_cells(app: &mut App, names: &[&str]) {
    for name in names {
        let c = cell(app, name);
        if let Screen::Playing(pl) = &mut app.screen {
            pl.cursor = c;
        }
        update(app, Action::Select);
    }
}

#[test]
fn a_lions_double_capture_igui_and_pass_are_entered_by_picks() {
    let mut app = chu_app(LION_FEN, &[]);
    pick_cells(&mut app, &["e4", "e5"]);
    assert_eq!(
        p(&app).picks().len(),
        2,
        "e5 is a first leg: the move goes on"
    );
    // The message line tells the two ways to finish and the way on.
    let said = app.message.clone().map(|m| m.text).unwrap_or_default();
    assert!(
        said.contains("e5 again to stop there")
            && said.contains("e4 to take and go back (igui)")
            && said.contains("a marked cell to go on"),
        "{said}"
    );
    pick_cells(&mut app, &["e6"]);
    let game = p(&app).table.game();
    assert_eq!(game.piece_at(cell(&app, "e5")), None, "both pawns taken");
    assert_eq!(
        game.piece_at(cell(&app, "e6")).map(|pc| pc.kind()),
        Some(PieceKind::Lion)
    );
    // Igui: take on e5 and come back to e4.
    let mut app = chu_app(LION_FEN, &[]);
    pick_cells(&mut app, &["e4", "e5", "e4"]);
    let game = p(&app).table.game();
    assert_eq!(game.piece_at(cell(&app, "e5")), None);
    assert!(game.piece_at(cell(&app, "e4")).is_some(), "the Lion stayed");
    assert_eq!(p(&app).table.ply(), 1);
    // The pass: through an empty neighbour and back.
    let mut app = chu_app(LION_FEN, &[]);
    pick_cells(&mut app, &["e4", "d4", "e4"]);
    assert_eq!(p(&app).table.ply(), 1, "passed");
    assert!(p(&app).table.game().piece_at(cell(&app, "e5")).is_some());
    // A first-leg cell picked again ends the move there.
    let mut app = chu_app(LION_FEN, &[]);
    pick_cells(&mut app, &["e4", "e5", "e5"]);
    assert_eq!(
        p(&app)
            .table
            .game()
            .piece_at(cell(&app, "e6"))
            .map(|pc| pc.kind()),
        Some(PieceKind::Pawn),
        "only e5 taken"
    );
}

#[test]
fn shogi_like_promotion_offers_not_promoting() {
    let mut app = chu_app(
        "4k5/10/10/4P5/10/10/10/10/10/5K4 w - - 0 1",
        &["promotion=shogi"],
    );
    // e6 to e7 enters the zone (ranks 7 to 9 for White).
    pick_cells(&mut app, &["e6", "e7"]);
    let Some(Overlay::Chooser { moves, .. }) = &app.overlay else {
        panic!("a chooser: {:?}", app.overlay);
    };
    let choices: Vec<Choice> = moves.iter().map(|(c, _)| *c).collect();
    assert!(choices.contains(&Choice::NoPromotion), "{choices:?}");
    update(&mut app, Action::ChooseLetter('-'));
    assert_eq!(
        p(&app)
            .table
            .game()
            .piece_at(cell(&app, "e7"))
            .map(|pc| pc.kind()),
        Some(PieceKind::Pawn)
    );
}

#[test]
fn undo_before_a_new_games_first_move_brings_back_the_last_game() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    keys(&mut app, &[Action::NewGame, Action::Yes]);
    assert!(matches!(app.screen, Screen::Setup(_)));
    // Past the offer to resume the unfinished game, then start a new one.
    keys(&mut app, &[Action::Cursor(Dir::Down), Action::Submit]);
    assert_eq!(p(&app).table.ply(), 0, "a new game");
    update(&mut app, Action::Undo);
    assert_eq!(notation(&app), ["e4"], "the last game is back");
    // Once the new game has a move, undo takes that move back instead.
    let mut app = playing(None);
    type_move(&mut app, "d4");
    update(&mut app, Action::Restart);
    type_move(&mut app, "c4");
    update(&mut app, Action::Undo);
    assert_eq!(p(&app).table.ply(), 0);
    update(&mut app, Action::Undo);
    assert_eq!(notation(&app), ["d4"]);
    update(&mut app, Action::Undo);
    assert_eq!(p(&app).table.ply(), 0, "then that game's own moves");
    let m = app.message.clone().expect("said");
    assert!(m.text.starts_with("Took back d4"), "{m:?}");
}

/// What a shared-table-like App refuses in this test.
static NO_UNDO: &[crate::keymap::Refusal] = &[crate::keymap::Refusal {
    action: Action::Undo,
    why: "Moves cannot be taken back here.",
}];

#[test]
fn a_refused_action_is_answered_with_its_sentence_and_changes_nothing() {
    let mut app = playing(None);
    app.refused = NO_UNDO;
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("d4".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    keys(&mut app, &typed);
    assert_eq!(p(&app).table.ply(), 1);
    assert!(
        update(&mut app, Action::Undo).is_empty(),
        "no save, no search"
    );
    assert_eq!(p(&app).table.ply(), 1, "the move stays");
    let message = app.message.clone().expect("a sentence");
    assert!(message.error);
    assert_eq!(message.text, "Moves cannot be taken back here.");
}

/// The help pages with PageDown, PageUp, Home and End as well as Space
/// and the arrows, each key found through the keymap, and never scrolls
/// past what there is to scroll.
#[test]
fn the_help_pages_with_the_paging_keys() {
    use crate::keymap::{Context, Key, action_for};
    let mut app = table_app(Variant::Chess, vec![Player::Human, Player::Human]);
    update(&mut app, Action::Help);
    app.help_scroll_room = 25;
    let scroll = |app: &App| match &app.overlay {
        Some(Overlay::Help { scroll, .. }) => *scroll,
        other => panic!("the help closed: {other:?}"),
    };
    let press = |app: &mut App, key: Key| {
        let action = action_for(Context::Help, key).expect("a help key");
        update(app, action);
        scroll(app)
    };
    assert_eq!(press(&mut app, Key::PageDown), 10);
    assert_eq!(press(&mut app, Key::Char(' ')), 20);
    assert_eq!(
        press(&mut app, Key::PageDown),
        25,
        "no further than the end"
    );
    assert_eq!(press(&mut app, Key::PageUp), 15);
    assert_eq!(press(&mut app, Key::Home), 0);
    assert_eq!(press(&mut app, Key::PageUp), 0, "no further than the top");
    assert_eq!(press(&mut app, Key::End), 25);
    assert_eq!(press(&mut app, Key::Up), 24);
}
