//! The application's state and `update`, the only place it changes.
//! Keys, signals and (later) the computer player's replies all arrive as
//! [`Action`]s; what must happen outside (saving) comes back as [`Effect`]s.

use super::input::Context;
use super::save::{SaveStore, SavedGame};
use super::setup::{ResumeOffer, Setup, SetupRow, capitalise};
use super::table::{Player, Table};
use super::view::Look;
use catboard::core::{Cell, Game, Geometry, Move};
use std::path::PathBuf;

/// A direction on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom.
    Down,
    /// Leftwards.
    Left,
    /// Rightwards.
    Right,
}

/// Everything that can change the application's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor (or the highlight of a list).
    Cursor(Dir),
    /// Select what is under the cursor, or take the highlighted choice.
    Select,
    /// Cancel the selection, or close what is open.
    Cancel,
    /// Open the move prompt.
    OpenPrompt,
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Turn the board round.
    Flip,
    /// Ask to start a new game.
    NewGame,
    /// Open the help.
    Help,
    /// Leave the program.
    Quit,
    /// Type a character into the open text field.
    TypeChar(char),
    /// Delete the last character of the open text field.
    DeleteChar,
    /// Accept the open text field.
    Submit,
    /// Choose the chooser's entry with this letter.
    ChooseLetter(char),
    /// Answer yes.
    Yes,
    /// Answer no.
    No,
    /// The terminal changed size.
    Resize,
    /// The terminal hung up or a termination signal came: save and leave.
    Hangup,
    /// Something outside (saving) went wrong; show this sentence.
    Notice(String),
}

/// What `update` asks the world outside to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Write this game to this file.
    Save(PathBuf, SavedGame),
}

/// What a text field is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldPurpose {
    /// A move, in SAN or coordinates.
    Move,
    /// The setup screen's start position.
    Position,
}

/// Something drawn over the screen that takes the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The help, for the keys of `screen`.
    Help {
        /// The context the help was opened from.
        from: Context,
    },
    /// A one-line text field.
    Field {
        /// What the text will be used for.
        purpose: FieldPurpose,
        /// The text typed so far.
        text: String,
    },
    /// A choice between moves to the same cell (promotion).
    Chooser {
        /// The moves to choose between.
        moves: Vec<Move>,
        /// The highlighted one.
        index: usize,
    },
    /// "Start a new game?"
    ConfirmNewGame,
}

/// A game being played, with the cursor and selection.
#[derive(Clone, Debug)]
pub struct Playing {
    /// The game.
    pub table: Table,
    /// The cell under the cursor.
    pub cursor: Cell,
    /// The selected piece's cell.
    pub selected: Option<Cell>,
    /// Whether the board is drawn turned round (the second seat near).
    pub flipped: bool,
    /// Where the game is autosaved.
    pub save_path: Option<PathBuf>,
}

impl Playing {
    /// A game starting now, seen from seat `near_side`.
    pub fn new(table: Table, near_side: usize, save_path: Option<PathBuf>) -> Playing {
        let geo = table.game().geometry();
        let flipped = near_side % 2 == 1;
        let cursor = starting_cursor(geo, flipped);
        Playing {
            table,
            cursor,
            selected: None,
            flipped,
            save_path,
        }
    }

    /// The seat drawn at the near edge.
    pub fn near_side(&self) -> usize {
        usize::from(self.flipped)
    }

    fn save(&self) -> Vec<Effect> {
        match &self.save_path {
            Some(path) => vec![Effect::Save(path.clone(), self.table.saved())],
            None => Vec::new(),
        }
    }
}

/// The cell the cursor starts on: the middle of the second row from the
/// near edge (e2 for White, e7 for Black).
fn starting_cursor(geo: &Geometry, flipped: bool) -> Cell {
    match geo.grid_size() {
        Some((files, ranks)) => {
            let rank = if flipped { ranks as i32 - 2 } else { 1 };
            geo.at(files as i32 / 2, rank.max(0)).unwrap_or(Cell(0))
        }
        None => Cell(0),
    }
}

/// Which screen is showing.
#[derive(Clone, Debug)]
pub enum Screen {
    /// Choosing the game.
    Setup(Setup),
    /// Playing it.
    Playing(Box<Playing>),
}

/// A line of feedback under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// Whether it reports a mistake or failure (drawn as an error).
    pub error: bool,
}

/// The whole application state.
#[derive(Clone, Debug)]
pub struct App {
    /// The screen showing.
    pub screen: Screen,
    /// What is drawn over it.
    pub overlay: Option<Overlay>,
    /// The feedback line.
    pub message: Option<Message>,
    /// Where new games are saved (none in tests that want no files).
    pub saves: Option<SaveStore>,
    /// Colours and glyphs.
    pub look: Look,
    /// Set when the program should end.
    pub quit: bool,
}

impl App {
    /// An application showing `screen`.
    pub fn new(screen: Screen, saves: Option<SaveStore>, look: Look) -> App {
        App {
            screen,
            overlay: None,
            message: None,
            saves,
            look,
            quit: false,
        }
    }

    /// Which keys apply now.
    pub fn context(&self) -> Context {
        match (&self.overlay, &self.screen) {
            (Some(Overlay::Help { .. }), _) => Context::Help,
            (Some(Overlay::Field { .. }), _) => Context::TextEntry,
            (Some(Overlay::Chooser { .. }), _) => Context::Chooser,
            (Some(Overlay::ConfirmNewGame), _) => Context::Confirm,
            (None, Screen::Setup(_)) => Context::Setup,
            (None, Screen::Playing(_)) => Context::Board,
        }
    }

    /// Shows `text` as an error on the feedback line.
    fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: true,
        });
    }

    /// Shows `text` as information on the feedback line.
    fn inform(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: false,
        });
    }

    /// The game being played, as its save file would record it.
    pub fn save_now(&self) -> Vec<Effect> {
        match &self.screen {
            Screen::Playing(p) => p.save(),
            Screen::Setup(_) => Vec::new(),
        }
    }
}

/// Applies `action` to `app`; the only place the state changes.
pub fn update(app: &mut App, action: Action) -> Vec<Effect> {
    match action {
        Action::Quit | Action::Hangup => {
            app.quit = true;
            return app.save_now();
        }
        Action::Resize => return Vec::new(),
        Action::Notice(text) => {
            app.error(text);
            return Vec::new();
        }
        _ => {}
    }
    app.message = None;
    match app.overlay.take() {
        Some(overlay) => update_overlay(app, overlay, action),
        None => match &app.screen {
            Screen::Setup(_) => update_setup(app, action),
            Screen::Playing(_) => update_board(app, action),
        },
    }
}

fn update_overlay(app: &mut App, overlay: Overlay, action: Action) -> Vec<Effect> {
    match overlay {
        Overlay::Help { .. } => Vec::new(),
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
                let setup = Setup::like(&p.table, p.near_side(), resume);
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
            let pick = match action {
                Action::Cursor(Dir::Up) => {
                    app.overlay = Some(Overlay::Chooser {
                        index: (index + n - 1) % n,
                        moves,
                    });
                    return Vec::new();
                }
                Action::Cursor(Dir::Down) => {
                    app.overlay = Some(Overlay::Chooser {
                        index: (index + 1) % n,
                        moves,
                    });
                    return Vec::new();
                }
                Action::Select => moves.get(index).copied(),
                Action::ChooseLetter(c) => {
                    let wanted = c.to_ascii_uppercase();
                    let found = moves
                        .iter()
                        .find(|m| m.promotion.is_some_and(|k| k.letter() == wanted))
                        .copied();
                    if found.is_none() {
                        app.overlay = Some(Overlay::Chooser { moves, index });
                        app.error(format!("'{c}' is not one of the choices."));
                        return Vec::new();
                    }
                    found
                }
                _ => None,
            };
            match (pick, &mut app.screen) {
                (Some(mv), Screen::Playing(p)) => play(p, mv),
                _ => Vec::new(),
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
                app.error(e.0);
            }
            Vec::new()
        }
        (FieldPurpose::Move, Screen::Playing(p)) => {
            let written = text.trim();
            if written.is_empty() {
                return Vec::new();
            }
            if let Some(o) = p.table.outcome() {
                let m = game_over_sentence(p, o);
                app.error(m);
                return Vec::new();
            }
            match p.table.game().parse_move(written) {
                Ok(mv) => play(p, mv),
                Err(e) => {
                    let choices = moves_named_by_cells(&p.table, written);
                    if choices.len() > 1 {
                        app.overlay = Some(Overlay::Chooser {
                            moves: choices,
                            index: 0,
                        });
                    } else {
                        app.overlay = Some(Overlay::Field {
                            purpose,
                            text: text.clone(),
                        });
                        app.error(e.0);
                    }
                    Vec::new()
                }
            }
        }
        _ => Vec::new(),
    }
}

/// The legal moves written `text` as bare from and to cell names (`e7e8`
/// for a promotion), which need a choice.
fn moves_named_by_cells(table: &Table, text: &str) -> Vec<Move> {
    let game = table.game();
    let geo = game.geometry();
    let text = text.to_ascii_lowercase();
    game.legal_move_list()
        .iter()
        .copied()
        .filter(|m| !m.is_pass() && format!("{}{}", geo.name(m.from), geo.name(m.to)) == text)
        .collect()
}

fn game_over_sentence(p: &Playing, outcome: catboard::core::Outcome) -> String {
    let result = capitalise(&p.table.outcome_words(outcome));
    format!("The game is over ({result}); press u to undo or n for a new game.")
}

/// Plays `mv` at the table, clears the selection and saves.
fn play(p: &mut Playing, mv: Move) -> Vec<Effect> {
    p.table.play(mv);
    p.selected = None;
    p.cursor = mv.to;
    p.save()
}

fn update_setup(app: &mut App, action: Action) -> Vec<Effect> {
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
            })
        }
        Action::Select => match setup.current() {
            SetupRow::Begin => {
                let near = setup.near_side;
                return match Table::new(&setup.spec()) {
                    Ok(table) => {
                        let path = app.saves.as_ref().map(|s| s.fresh_path());
                        let playing = Playing::new(table, near, path);
                        let effects = playing.save();
                        app.screen = Screen::Playing(Box::new(playing));
                        effects
                    }
                    Err(e) => {
                        app.error(e);
                        Vec::new()
                    }
                };
            }
            SetupRow::Resume => {
                if let Some(offer) = setup.resume.take() {
                    let near = setup.near_side;
                    let note = format!("Resumed the game saved in {}.", offer.path.display());
                    app.screen = Screen::Playing(Box::new(Playing::new(
                        *offer.table,
                        near,
                        Some(offer.path),
                    )));
                    app.inform(note);
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

fn update_board(app: &mut App, action: Action) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    match action {
        Action::Cursor(dir) => {
            let geo = p.table.game().geometry();
            p.cursor = step_on_screen(geo, p.cursor, dir, p.flipped);
        }
        Action::Cancel => p.selected = None,
        Action::Flip => p.flipped = !p.flipped,
        Action::Help => {
            app.overlay = Some(Overlay::Help {
                from: Context::Board,
            })
        }
        Action::NewGame => app.overlay = Some(Overlay::ConfirmNewGame),
        Action::OpenPrompt => {
            p.selected = None;
            app.overlay = Some(Overlay::Field {
                purpose: FieldPurpose::Move,
                text: String::new(),
            });
        }
        Action::Undo => {
            p.selected = None;
            if p.table.undo() {
                return p.save();
            }
            app.error("There is no move to undo.");
        }
        Action::Redo => {
            p.selected = None;
            if p.table.redo() {
                return p.save();
            }
            app.error("There is no move to redo.");
        }
        Action::Select => return select(app),
        _ => {}
    }
    Vec::new()
}

/// Enter or Space on the board: pick up a piece, put it down, or open the
/// chooser when several moves lead to the cell.
fn select(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Some(outcome) = p.table.outcome() {
        let m = game_over_sentence(p, outcome);
        app.error(m);
        return Vec::new();
    }
    if p.table.player_to_move() != Player::Human {
        app.error("Wait for the other player's move.");
        return Vec::new();
    }
    let game = p.table.game();
    let geo = game.geometry();
    let side = game.to_move();
    let here = p.cursor;
    let own_piece = game.piece_at(here).filter(|piece| piece.seat() == side);
    match p.selected {
        Some(from) if from == here => p.selected = None,
        Some(from) if own_piece.is_none() || !p.table.moves_between(from, here).is_empty() => {
            let moves = p.table.moves_between(from, here);
            match moves.len() {
                0 => {
                    let what = game
                        .piece_at(from)
                        .map_or("piece".to_string(), |pc| pc.kind().name().to_string());
                    let m = format!(
                        "The {what} on {} cannot move to {}.",
                        geo.name(from),
                        geo.name(here)
                    );
                    app.error(m);
                }
                1 => return play(p, moves[0]),
                _ => app.overlay = Some(Overlay::Chooser { moves, index: 0 }),
            }
        }
        _ => match own_piece {
            Some(_) if !p.table.moves_from(here).is_empty() => p.selected = Some(here),
            Some(piece) => {
                let m = format!(
                    "The {} on {} has no legal move.",
                    piece.kind().name(),
                    geo.name(here)
                );
                app.error(m);
            }
            None => {
                let m = format!(
                    "It is {}'s move: select one of {}'s pieces.",
                    capitalise(game.seat_name(side)),
                    capitalise(game.seat_name(side))
                );
                app.error(m);
            }
        },
    }
    Vec::new()
}

/// The cell next to `cell` in screen direction `dir`, found by where cells
/// are drawn, so grids and drawn graphs move alike; `cell` at an edge.
pub fn step_on_screen(geo: &Geometry, cell: Cell, dir: Dir, flipped: bool) -> Cell {
    let (x, y) = geo.place(cell);
    let (dx, dy): (i32, i32) = match dir {
        Dir::Up => (0, 1),
        Dir::Down => (0, -1),
        Dir::Left => (-1, 0),
        Dir::Right => (1, 0),
    };
    let (dx, dy) = if flipped { (-dx, -dy) } else { (dx, dy) };
    let target = (x as i32 + dx, y as i32 + dy);
    geo.cells()
        .find(|c| {
            let (cx, cy) = geo.place(*c);
            (cx as i32, cy as i32) == target
        })
        .unwrap_or(cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::table::TableSpec;
    use catboard::core::Options;
    use catboard::variants::Variant;

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
        assert_eq!(p(&app).selected, Some(cell(&app, "e2")));
        let effects = update(&mut app, Action::Select);
        assert_eq!(p(&app).table.notation().collect::<Vec<_>>(), ["e4"]);
        assert_eq!(p(&app).selected, None);
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
        assert_eq!(p(&app).selected, None);
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
        assert!(m.text.contains("White won by checkmate"), "{m:?}");
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
}
