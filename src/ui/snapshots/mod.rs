//! Golden screens: each screen is drawn on ratatui's `TestBackend` and its
//! buffer (characters and cell styles, in `Buffer`'s debug form) compared
//! through insta with `snapshots/<name>.snap` (see `crate::golden`).
//!
//! Each golden case is a function taking [`Goldens`], listed in
//! `golden_tests!` below (or in `variants`), which makes it a test
//! (`screens::<case>`); `every_screen_file_is_checked` fails on a file in
//! `snapshots/` that no case checks.
//!
//! After an intended change, write the files anew with
//! `INSTA_UPDATE=always cargo test --release` (or `cargo insta test` and
//! `cargo insta review` where cargo-insta is installed) and review the diff
//! like code; delete a file the check calls stale.

use super::view::{Look, view};
use crate::golden::{Goldens, Owner, golden_tests};
use crate::session::action::{Action, Dir};
use crate::session::app::{App, Overlay, Playing, Screen, update};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::setup_form::Setup;
use crate::session::table::{Player, TableGame, TableSpec};
use catboard::core::{Game, Options};
use catboard::variants::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::PathBuf;

/// Draws `app` on a `width` × `height` test terminal, in the look it chose.
pub fn render(app: &App, width: u16, height: u16) -> ratatui::buffer::Buffer {
    let (look, _) = Look::of(&app.look, None);
    let mut terminal = match Terminal::new(TestBackend::new(width, height)) {
        Ok(t) => t,
        Err(e) => panic!("test backend: {e}"),
    };
    if let Err(e) = terminal.draw(|f| view(app, &look, f)) {
        panic!("drawing failed: {e}");
    }
    terminal.backend().buffer().clone()
}

/// Compares the drawing with `snapshots/<name>.snap`.
fn check(goldens: &mut Goldens, name: &str, app: &App, width: u16, height: u16) {
    goldens.check(name, &format!("{:?}\n", render(app, width, height)));
}

fn look(theme: &str, depth: ColorDepth, glyphs: GlyphSet) -> LookChoice {
    LookChoice {
        theme: theme.to_string(),
        depth,
        glyphs,
    }
}

fn classic() -> LookChoice {
    look("classic", ColorDepth::TrueColor, GlyphSet::Unicode)
}

/// A chess game from `fen` (the opening when `None`) after `moves`.
fn game(fen: Option<&str>, moves: &[&str], near_side: usize, look: LookChoice) -> App {
    table_game(
        Variant::Chess,
        vec![Player::Human; 2],
        fen,
        moves,
        near_side,
        look,
    )
}

/// A game of `variant` between `players` from `fen` after `moves`.
fn table_game(
    variant: Variant,
    players: Vec<Player>,
    fen: Option<&str>,
    moves: &[&str],
    near_side: usize,
    look: LookChoice,
) -> App {
    let mut table = match TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: fen.map(str::to_string),
        players,
        time: None,
    }) {
        Ok(t) => t,
        Err(e) => panic!("bad test position: {e}"),
    };
    for m in moves {
        match table.game().parse_move(m) {
            Ok(mv) => table.play(mv),
            Err(e) => panic!("bad test move {m}: {e}"),
        }
    }
    App::new(
        Screen::Playing(Box::new(Playing::new(
            table,
            near_side,
            Some(PathBuf::from("/saves/snapshot.json")),
        ))),
        None,
        look,
    )
}

fn act(app: &mut App, actions: &[Action]) {
    for a in actions {
        update(app, a.clone());
    }
}

fn snapshot_setup_screen(goldens: &mut Goldens) {
    check(
        goldens,
        "setup",
        &App::new(
            Screen::Setup(Setup::new(None).against_the_computer()),
            None,
            classic(),
        ),
        80,
        24,
    );
}

fn snapshot_setup_screen_with_computer_seats(goldens: &mut Goldens) {
    let mut app = App::new(Screen::Setup(Setup::new(None)), None, classic());
    // Cat Chess; Black the Club computer, the Cats the Master.
    let [right, down, left] = [Dir::Right, Dir::Down, Dir::Left].map(Action::Cursor);
    act(
        &mut app,
        &[right.clone(), down.clone(), down.clone(), right.clone()],
    );
    act(&mut app, &[right.clone(), right.clone(), right, down, left]);
    check(goldens, "setup-computers", &app, 80, 24);
}

fn snapshot_start_from_white(goldens: &mut Goldens) {
    check(
        goldens,
        "start-white",
        &game(None, &[], 0, classic()),
        80,
        24,
    );
}

fn snapshot_start_from_black(goldens: &mut Goldens) {
    check(
        goldens,
        "start-black",
        &game(None, &[], 1, classic()),
        80,
        24,
    );
}

fn snapshot_selection_with_targets(goldens: &mut Goldens) {
    let mut app = game(None, &["e4", "d5"], 0, classic());
    // The cursor starts on e2; go to e4 and pick up the pawn: d5 is a capture.
    act(
        &mut app,
        &[
            Action::Cursor(Dir::Up),
            Action::Cursor(Dir::Up),
            Action::Select,
        ],
    );
    act(&mut app, &[Action::Cursor(Dir::Left)]);
    check(goldens, "selection", &app, 80, 24);
    // The knight on g1 has three targets, all empty.
    let mut app = game(None, &["e4", "e5"], 0, classic());
    act(
        &mut app,
        &[Action::Cursor(Dir::Down), Action::Cursor(Dir::Right)],
    );
    act(&mut app, &[Action::Cursor(Dir::Right), Action::Select]);
    check(goldens, "selection-knight", &app, 80, 24);
}

fn snapshot_check(goldens: &mut Goldens) {
    check(
        goldens,
        "check",
        &game(None, &["e4", "f5", "Qh5+"], 0, classic()),
        80,
        24,
    );
}

fn snapshot_promotion_chooser(goldens: &mut Goldens) {
    let mut app = game(Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), &[], 0, classic());
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("e7e8".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    act(&mut app, &typed);
    check(goldens, "promotion", &app, 80, 24);
}

fn snapshot_game_over(goldens: &mut Goldens) {
    check(
        goldens,
        "game-over",
        &game(None, &["f3", "e5", "g4", "Qh4#"], 0, classic()),
        80,
        24,
    );
}

fn snapshot_help(goldens: &mut Goldens) {
    let mut app = game(None, &[], 0, classic());
    act(&mut app, &[Action::Help]);
    check(goldens, "help", &app, 80, 24);
}

fn snapshot_too_small(goldens: &mut Goldens) {
    check(goldens, "too-small", &game(None, &[], 0, classic()), 30, 10);
}

fn snapshot_narrow_terminal_uses_two_column_cells(goldens: &mut Goldens) {
    check(
        goldens,
        "narrow",
        &game(None, &["e4"], 0, classic()),
        24,
        14,
    );
}

fn snapshot_move_prompt_with_an_error(goldens: &mut Goldens) {
    let mut app = game(None, &["e4"], 0, classic());
    let mut typed = vec![Action::OpenPrompt];
    typed.extend("Qxe9".chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    act(&mut app, &typed);
    check(goldens, "prompt-error", &app, 80, 24);
}

fn snapshot_new_game_question(goldens: &mut Goldens) {
    let mut app = game(None, &["d4"], 0, classic());
    act(&mut app, &[Action::NewGame]);
    check(goldens, "confirm-new-game", &app, 80, 24);
}

fn snapshot_long_game_scrolls_the_move_list(goldens: &mut Goldens) {
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7",
        "Bg5", "b4",
    ];
    let mut app = game(None, &moves, 0, classic());
    act(&mut app, &[Action::Undo, Action::Undo]);
    check(goldens, "long-game", &app, 80, 24);
}

fn snapshot_each_built_in_theme(goldens: &mut Goldens) {
    for (theme, _) in super::theme::BUILT_IN {
        let app = game(
            None,
            &["e4", "e5"],
            0,
            look(theme, ColorDepth::TrueColor, GlyphSet::Unicode),
        );
        check(goldens, &format!("theme-{theme}"), &app, 80, 24);
    }
}

fn snapshot_each_colour_depth(goldens: &mut Goldens) {
    for (name, depth) in [
        ("256", ColorDepth::Ansi256),
        ("16", ColorDepth::Ansi16),
        ("none", ColorDepth::NoColor),
    ] {
        let app = game(
            None,
            &["e4", "e5"],
            0,
            look("classic", depth, GlyphSet::Unicode),
        );
        check(goldens, &format!("depth-{name}"), &app, 80, 24);
    }
}

fn snapshot_each_glyph_set(goldens: &mut Goldens) {
    for glyphs in GlyphSet::ALL {
        let mut app = game(
            None,
            &["e4", "d5"],
            0,
            look("classic", ColorDepth::TrueColor, glyphs),
        );
        act(
            &mut app,
            &[
                Action::Cursor(Dir::Up),
                Action::Cursor(Dir::Up),
                Action::Select,
            ],
        );
        check(goldens, &format!("glyphs-{}", glyphs.name()), &app, 80, 24);
    }
}

/// A Cat Chess game between three people from `fen` after `moves`.
fn cat_game(fen: Option<&str>, moves: &[&str], look: LookChoice) -> App {
    table_game(Variant::Cat, vec![Player::Human; 3], fen, moves, 0, look)
}

/// Zones over pieces: a Cat on b3 disarms the pawns a2, b2 and c2.
const CAT_ZONE_FEN: &str = "rnbqkbnr/pppppppp/8/7C/8/1C6/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn snapshot_thinking(goldens: &mut Goldens) {
    use catboard::ai::{Level, Thought};
    let mut app = table_game(
        Variant::Chess,
        vec![Player::Human, Player::Computer(Level::Master)],
        None,
        &["e4"],
        0,
        classic(),
    );
    let effects = app.engage();
    let id = match effects.as_slice() {
        [crate::session::app::Effect::Think(request)] => request.id,
        other => panic!("expected one search, got {other:?}"),
    };
    let Screen::Playing(p) = &app.screen else {
        panic!("playing")
    };
    let pv: Vec<_> = ["e5", "Nf3", "Nc6", "Bb5", "a6"]
        .iter()
        .scan(p.table.game().clone(), |g, m| {
            let mv = g.parse_move(m).ok()?;
            g.make_move(mv);
            Some(mv)
        })
        .collect();
    let thought = Thought {
        best: pv.first().copied(),
        score: -18,
        depth: 7,
        seldepth: 0,
        nodes: 412_345,
        elapsed: std::time::Duration::from_millis(600),
        pv,
    };
    update(&mut app, Action::Progress { id, thought });
    check(goldens, "thinking", &app, 80, 24);
}

/// Black played by another engine, thinking: the seat and the thinking
/// lines name it.
fn snapshot_engine_thinking(goldens: &mut Goldens) {
    use catboard::ai::Level;
    let mut app = table_game(
        Variant::Chess,
        vec![Player::Human, Player::Human],
        None,
        &["e4"],
        0,
        classic(),
    );
    if let Screen::Playing(p) = &mut app.screen {
        let spec = catboard::protocol::engine::EngineSpec::parse("uci:stockfish")
            .and_then(Result::ok)
            .expect("an engine");
        p.table
            .set_engine(catboard::core::Seat::BLACK, spec, Level::Master);
    }
    match app.engage().as_slice() {
        [crate::session::app::Effect::AskEngine(_)] => {}
        other => panic!("expected the engine asked, got {other:?}"),
    }
    check(goldens, "engine-thinking", &app, 80, 24);
}

fn snapshot_hint(goldens: &mut Goldens) {
    use catboard::ai::Thought;
    let mut app = game(None, &["e4", "e5"], 0, classic());
    let effects = update(&mut app, Action::Hint);
    let id = match effects.as_slice() {
        [crate::session::app::Effect::Think(request)] => request.id,
        other => panic!("expected one search, got {other:?}"),
    };
    let Screen::Playing(p) = &app.screen else {
        panic!("playing")
    };
    let best = p.table.game().parse_move("Nf3").ok();
    let thought = Thought {
        best,
        score: 30,
        depth: 4,
        seldepth: 0,
        nodes: 20_000,
        elapsed: std::time::Duration::from_millis(90),
        pv: best.into_iter().collect(),
    };
    update(&mut app, Action::Reply { id, thought });
    check(goldens, "hint", &app, 80, 24);
}

fn snapshot_cat_chess_start(goldens: &mut Goldens) {
    check(
        goldens,
        "cat-start",
        &cat_game(None, &[], classic()),
        80,
        24,
    );
}

fn snapshot_cat_chess_zone_over_pieces(goldens: &mut Goldens) {
    let app = cat_game(Some(CAT_ZONE_FEN), &["d4", "d5"], classic());
    check(goldens, "cat-zone", &app, 80, 24);
}

fn snapshot_cat_chess_zones_in_each_theme_and_glyph_set(goldens: &mut Goldens) {
    for (theme, glyphs) in [
        ("high-contrast", GlyphSet::Unicode),
        ("mono", GlyphSet::Unicode),
        ("classic", GlyphSet::Ascii),
    ] {
        let app = cat_game(
            Some(CAT_ZONE_FEN),
            &[],
            look(theme, ColorDepth::TrueColor, glyphs),
        );
        check(
            goldens,
            &format!("cat-zone-{theme}-{}", glyphs.name()),
            &app,
            80,
            24,
        );
    }
}

fn snapshot_cat_chess_disarmed_king(goldens: &mut Goldens) {
    let app = cat_game(
        Some("rnbqkbnr/pppp1ppp/8/4p2C/4P3/8/PPPPCPPP/RNBQKBNR w KQkq - 0 3"),
        &[],
        classic(),
    );
    check(goldens, "cat-disarmed-king", &app, 80, 24);
}

fn snapshot_cat_chess_the_cats_win_by_repetition(goldens: &mut Goldens) {
    let moves = [
        "Nf3", "Nf6", "pass", "Ng1", "Ng8", "pass", "Nf3", "Nf6", "pass", "Ng1", "Ng8", "pass",
    ];
    check(
        goldens,
        "cat-cats-win",
        &cat_game(None, &moves, classic()),
        80,
        24,
    );
}

fn snapshot_cat_chess_checkmate(goldens: &mut Goldens) {
    let moves = ["f3", "e5", "h5g6", "g4", "Qh4", "pass"];
    check(
        goldens,
        "cat-checkmate",
        &cat_game(None, &moves, classic()),
        80,
        24,
    );
}

fn snapshot_cat_chess_the_cats_to_move_can_pass(goldens: &mut Goldens) {
    let mut app = cat_game(None, &["e4", "e5"], classic());
    act(&mut app, &[Action::Help]);
    check(goldens, "cat-help", &app, 80, 24);
}

#[test]
fn the_board_redraws_only_changed_cells_on_a_cursor_step() {
    let mut app = game(None, &[], 0, classic());
    let before = render(&app, 80, 24);
    update(&mut app, Action::Cursor(Dir::Right));
    let after = render(&app, 80, 24);
    let changed = before.diff(&after).len();
    // Two 5 x 2 cells, and the panel's line saying the cursor's cell.
    assert!(
        changed > 0 && changed <= 2 * 10 + 20,
        "{changed} cells changed"
    );
}

/// A writer that counts the bytes a real terminal would receive.
#[derive(Default)]
struct CountingWriter {
    bytes: std::rc::Rc<std::cell::Cell<usize>>,
}

impl std::io::Write for CountingWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes.set(self.bytes.get() + buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The figures the issue asks for, measured by hand (not a timed test):
/// `cargo test --release --bin catboard measure -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_frame_time_and_bytes_per_cursor_step() {
    use ratatui::TerminalOptions;
    use ratatui::Viewport;
    use ratatui::backend::CrosstermBackend;
    use ratatui::layout::Rect;
    use std::time::Instant;
    for (name, depth, variant) in [
        ("chess, truecolor", ColorDepth::TrueColor, Variant::Chess),
        ("chess, 256", ColorDepth::Ansi256, Variant::Chess),
        ("chess, none", ColorDepth::NoColor, Variant::Chess),
        ("cat chess, truecolor", ColorDepth::TrueColor, Variant::Cat),
        ("cat chess, 256", ColorDepth::Ansi256, Variant::Cat),
        ("cat chess, none", ColorDepth::NoColor, Variant::Cat),
        ("polar, truecolor", ColorDepth::TrueColor, Variant::Polar),
        ("polar, none", ColorDepth::NoColor, Variant::Polar),
    ] {
        let seats = variant.seats().len();
        let look = look("classic", depth, GlyphSet::Unicode);
        let mut app = table_game(variant, vec![Player::Human; seats], None, &[], 0, look);
        // On the Cat Chess board, start inside the a4 Cat's zone (b3).
        if variant == Variant::Cat {
            act(
                &mut app,
                &[Action::Cursor(Dir::Up), Action::Cursor(Dir::Left)],
            );
            for _ in 0..3 {
                act(&mut app, &[Action::Cursor(Dir::Left)]);
            }
            act(&mut app, &[Action::Cursor(Dir::Right)]);
        }
        let writer = CountingWriter::default();
        let bytes = writer.bytes.clone();
        let backend = CrosstermBackend::new(writer);
        let options = TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, 80, 24)),
        };
        let mut terminal = match Terminal::with_options(backend, options) {
            Ok(t) => t,
            Err(e) => panic!("terminal: {e}"),
        };
        let (shown, _) = Look::of(&app.look, None);
        let mut draw = |app: &App| {
            if let Err(e) = terminal.draw(|f| view(app, &shown, f)) {
                panic!("draw: {e}");
            }
            bytes.replace(0)
        };
        let first = draw(&app);
        let mut steps = Vec::new();
        for dir in [
            Dir::Right,
            Dir::Up,
            Dir::Left,
            Dir::Down,
            Dir::Right,
            Dir::Right,
        ] {
            update(&mut app, Action::Cursor(dir));
            steps.push(draw(&app));
        }
        println!("{name}: first frame {first} bytes; one cursor step {steps:?} bytes");
    }
    for (variant, width, height) in [
        (Variant::Chess, 80, 24),
        (Variant::Chess, 200, 60),
        (Variant::Chu, 200, 60),
        (Variant::BacCanCat, 200, 60),
        (Variant::Polar, 80, 24),
        (Variant::Polar, 120, 40),
        (Variant::Polar, 200, 60),
    ] {
        let seats = variant.seats().len();
        let mut app = table_game(variant, vec![Player::Human; seats], None, &[], 0, classic());
        let mut terminal = match Terminal::new(TestBackend::new(width, height)) {
            Ok(t) => t,
            Err(e) => panic!("test backend: {e}"),
        };
        let (shown, _) = Look::of(&app.look, None);
        let frames = 500;
        let start = Instant::now();
        for i in 0..frames {
            let dir = if i % 2 == 0 { Dir::Right } else { Dir::Left };
            update(&mut app, Action::Cursor(dir));
            if let Err(e) = terminal.draw(|f| view(&app, &shown, f)) {
                panic!("draw: {e}");
            }
        }
        let per_frame = start.elapsed().as_secs_f64() / frames as f64;
        println!(
            "one {} frame (update + view + diff, {width}x{height}): {:.0} µs averaged over {frames} frames",
            variant.name(),
            per_frame * 1e6
        );
    }
}

fn snapshot_boards_grow_with_the_terminal(goldens: &mut Goldens) {
    for (width, height) in [(120, 40), (200, 60)] {
        let app = game(None, &["e4", "e5", "Nf3"], 0, classic());
        check(
            goldens,
            &format!("chess-{width}x{height}"),
            &app,
            width,
            height,
        );
        let app = cat_game(Some(CAT_ZONE_FEN), &[], classic());
        check(
            goldens,
            &format!("cat-{width}x{height}"),
            &app,
            width,
            height,
        );
    }
}

/// The rows of `buffer` as text.
fn rows(buffer: &ratatui::buffer::Buffer) -> Vec<String> {
    let area = buffer.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

#[test]
fn a_big_terminal_draws_big_cells_and_a_small_one_keeps_the_panel() {
    // At 200 x 60 the cells are big: one row holds the eight white
    // pawns' glyphs, under their pictures.
    let buffer = render(&game(None, &[], 0, classic()), 200, 60);
    let label_rows: Vec<usize> = rows(&buffer)
        .iter()
        .enumerate()
        .filter(|(_, r)| r.matches('♙').count() == 8)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(
        label_rows.len(),
        1,
        "one row holds the pawns: {label_rows:?}"
    );
    let text = rows(&buffer).join("\n");
    let pawn_columns: Vec<usize> = rows(&buffer)[label_rows[0]]
        .chars()
        .enumerate()
        .filter(|(_, c)| *c == '♙')
        .map(|(i, _)| i)
        .collect();
    assert!(
        pawn_columns.windows(2).all(|w| w[1] - w[0] >= 7),
        "cells at least 7 wide: {pawn_columns:?}\n{text}"
    );
    // At 80 x 24 chess and Cat Chess keep their panels.
    for app in [
        game(None, &[], 0, classic()),
        cat_game(None, &[], classic()),
    ] {
        let text = rows(&render(&app, 80, 24)).join("\n");
        assert!(text.contains("Moves"), "{text}");
    }
}

fn snapshot_cell_list(goldens: &mut Goldens) {
    let mut app = game(None, &["e4", "e5"], 0, classic());
    act(&mut app, &[Action::ToggleCellList, Action::Cursor(Dir::Up)]);
    check(goldens, "cell-list", &app, 80, 24);
}

golden_tests!(mod screens = [
    snapshot_setup_screen,
    snapshot_setup_screen_with_computer_seats,
    snapshot_engine_thinking,
    snapshot_start_from_white,
    snapshot_start_from_black,
    snapshot_selection_with_targets,
    snapshot_check,
    snapshot_promotion_chooser,
    snapshot_game_over,
    snapshot_help,
    snapshot_too_small,
    snapshot_narrow_terminal_uses_two_column_cells,
    snapshot_move_prompt_with_an_error,
    snapshot_new_game_question,
    snapshot_long_game_scrolls_the_move_list,
    snapshot_each_built_in_theme,
    snapshot_each_colour_depth,
    snapshot_each_glyph_set,
    snapshot_thinking,
    snapshot_hint,
    snapshot_cat_chess_start,
    snapshot_cat_chess_zone_over_pieces,
    snapshot_cat_chess_zones_in_each_theme_and_glyph_set,
    snapshot_cat_chess_disarmed_king,
    snapshot_cat_chess_the_cats_win_by_repetition,
    snapshot_cat_chess_checkmate,
    snapshot_cat_chess_the_cats_to_move_can_pass,
    snapshot_boards_grow_with_the_terminal,
    snapshot_cell_list,
]);

#[test]
fn every_screen_file_is_checked() {
    let cases = [
        screens::CASES,
        variants::screens::CASES,
        glance::screens::CASES,
        analysis::screens::CASES,
        puzzles::screens::CASES,
        best_lines::screens::CASES,
        every_variant::screens::CASES,
    ]
    .concat();
    crate::golden::assert_every_file_is_checked(Owner::Screens, &cases);
}

mod analysis;
mod best_lines;
mod charsets;
mod every_variant;
mod glance;
mod puzzles;
mod reader;
pub(crate) mod tour;
mod variants;

#[test]
fn the_panel_names_the_people_at_a_shared_table() {
    let mut app = game(None, &[], 0, classic());
    let text = |app: &App| {
        let buffer = render(app, 120, 40);
        (0..buffer.area.height)
            .map(|y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
            .split(' ')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(text(&app).contains("Black human"), "{}", text(&app));
    if let Screen::Playing(p) = &mut app.screen {
        p.people = vec![Some("ann".into()), Some("bob".into())];
    }
    let named = text(&app);
    assert!(
        named.contains("White ann") && named.contains("Black bob"),
        "{named}"
    );
    assert!(!named.contains("human"), "{named}");
}

#[test]
fn a_click_picks_the_cell_drawn_under_it() {
    use super::view::pointer::clicked_cell;
    // Wherever the cursor's colour is drawn (on the sphere's list, the
    // cursor's row), a click there names the cursor's cell: the click's
    // map of the screen is the drawing's own.
    for (variant, sizes) in [
        (Variant::Chess, [(80, 24), (120, 40), (200, 60)]),
        (Variant::Polar, [(80, 24), (120, 40), (200, 60)]),
        (Variant::BacCanCat, [(80, 24), (120, 40), (200, 60)]),
    ] {
        let seats = variant.seats().len();
        let mut app = table_game(variant, vec![Player::Human; seats], None, &[], 0, classic());
        let (look, _) = Look::of(&app.look, None);
        let cursor = look.theme.for_armies(seats).marks.cursor;
        // The sphere's list marks the cursor's row in the highlight.
        let highlight = (variant == Variant::Polar).then_some(look.theme.text.highlight);
        let cells: Vec<_> = match &app.screen {
            Screen::Playing(p) => p.table.game().geometry().cells().collect(),
            Screen::Setup(_) => panic!("not playing"),
        };
        for (width, height) in sizes {
            for cell in cells.iter().step_by(5) {
                if let Screen::Playing(p) = &mut app.screen {
                    p.cursor = *cell;
                }
                let buffer = render(&app, width, height);
                let area = buffer.area;
                let mut hits = 0;
                for y in 0..area.height {
                    for x in 0..area.width {
                        let bg = buffer[(x, y)].bg;
                        if bg != cursor && Some(bg) != highlight {
                            continue;
                        }
                        hits += 1;
                        assert_eq!(
                            clicked_cell(&app, &look, area, (x, y)),
                            Some(*cell),
                            "{variant:?} {width}x{height} at {x},{y}"
                        );
                    }
                }
                assert!(
                    hits > 0,
                    "{variant:?} {width}x{height}: the cursor is drawn"
                );
            }
        }
    }
}

#[test]
fn clicking_two_cells_plays_the_move_between_them() {
    let mut app = game(None, &[], 0, classic());
    let at = |app: &App, name: &str| match &app.screen {
        Screen::Playing(p) => p
            .table
            .game()
            .geometry()
            .cell(name)
            .unwrap_or_else(|| panic!("{name}")),
        Screen::Setup(_) => panic!("not playing"),
    };
    let (e2, e4) = (at(&app, "e2"), at(&app, "e4"));
    update(&mut app, Action::Click(e2));
    update(&mut app, Action::Click(e4));
    match &app.screen {
        Screen::Playing(p) => assert_eq!(p.table.notation().collect::<Vec<_>>(), ["e4"]),
        Screen::Setup(_) => panic!("not playing"),
    }
}
