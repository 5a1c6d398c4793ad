//! The evaluation graph's layout as a property, over terminal sizes: for
//! every variant, a game four rounds in with an analysis (made up here:
//! the search's figures do not matter to the layout), every width from
//! the narrowest that draws the board to 220 at heights 20 to 70:
//!
//! - the graph, when drawn, is a whole box at the foot of the panel,
//!   under the move box, inside the screen's body;
//! - the move list still shows every seat's move of the last round, each
//!   whole with its class mark;
//! - from 120×40 up the graph is drawn for every variant.

use super::layout_props::{
    board_and_panel, game_in_play, heights, narrowest, rows_in, words_of_moves,
};
use super::panels::{self, graph_rows};
use super::{Look, playing_layout, view};
use crate::session::analysing::ShownAnalysis;
use crate::session::app::{App, Screen};
use catboard::analysis::{PlyBudget, PositionEval};
use catboard::core::{Game, Seat};
use catboard::variants::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;

/// `variant`'s game in play with every position analysed: scores that
/// swing, so that moves are marked.
fn analysed(variant: Variant) -> App {
    let mut app = game_in_play(variant);
    let Screen::Playing(p) = &mut app.screen else {
        panic!("not playing");
    };
    let mut shown = ShownAnalysis::new(&p.table, PlyBudget::DEFAULT);
    let seats = p.table.players().len();
    let mut game = p.table.game().clone();
    let mut to_move = Vec::new();
    for _ in 0..p.table.ply() {
        game.unmake_move();
    }
    for mv in p.table.moves() {
        to_move.push(game.to_move());
        game.make_move(mv);
    }
    to_move.push(game.to_move());
    shown.analysis.positions = to_move
        .iter()
        .enumerate()
        .map(|(ply, &seat)| PositionEval {
            to_move: seat,
            scores: (0..seats)
                .map(|s| if (ply + s) % 3 == 0 { 400 } else { -300 })
                .collect(),
            depth: 1,
            line: Vec::new(),
        })
        .collect();
    assert_eq!(Seat(0).index(), 0);
    p.analysis = Some(shown);
    assert!(p.shown_analysis().is_some());
    app
}

fn check(app: &App, terminal: &mut Terminal<TestBackend>, width: u16, height: u16) -> Vec<String> {
    let look = Look::test_default();
    let Screen::Playing(p) = &app.screen else {
        return vec!["not playing".into()];
    };
    let at = format!("{} at {width}×{height}", p.table.variant().name());
    *terminal = Terminal::new(TestBackend::new(width, height)).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = terminal.draw(|f| view(app, &look, f)) {
        return vec![format!("{at}: drawing failed: {e}")];
    }
    let buffer = terminal.backend().buffer().clone();
    let area = Rect::new(0, 0, width, height);
    let (body, _, _) = playing_layout(app, &look, p, area);
    let Some((_, Some(panel))) = board_and_panel(p, body) else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    let rows = rows_in(&buffer, panel);
    let graph_top = rows.iter().position(|r| r.contains("Evaluation"));
    if width >= 120 && height >= 40 && graph_top.is_none() {
        problems.push(format!("{at}: no graph"));
    }
    if let Some(top) = graph_top {
        let top = panel.y + top as u16;
        let moves_top = rows
            .iter()
            .position(|r| r.contains("Moves"))
            .map(|r| panel.y + r as u16);
        if moves_top.is_none_or(|m| m >= top) {
            problems.push(format!("{at}: the graph is not under the move box"));
        }
        let corner = |x: u16, y: u16| buffer[(x, y)].symbol().to_string();
        let bottom = panel.bottom() - 1;
        if corner(panel.x, top) != "╭"
            || corner(panel.x, bottom) != "╰"
            || corner(panel.right() - 1, bottom) != "╯"
            || panel.bottom() > body.bottom()
        {
            problems.push(format!("{at}: the graph's box is not whole in the panel"));
        }
        let text_height = panel.height.saturating_sub(top - panel.y);
        if graph_rows(p, panel.height, 0).is_some_and(|r| r < text_height) {
            problems.push(format!("{at}: the graph is taller than it may be"));
        }
    }
    // The last round's moves, each whole with its mark.
    let seats = p.table.players().len();
    let marks = p.shown_analysis().map(|a| a.classes()).unwrap_or_default();
    let played: Vec<String> = p
        .table
        .notation()
        .zip(marks.iter().map(|c| c.map_or("", |c| c.mark())))
        .map(|(m, mark)| format!("{m}{mark}"))
        .collect();
    let shown = words_of_moves(&rows);
    for mv in &played[played.len().saturating_sub(seats)..] {
        if !mv.split_whitespace().all(|w| shown.contains(w)) {
            problems.push(format!("{at}: the move list does not show {mv}"));
        }
    }
    let _ = panels::moves_box_min(&look, p, panel.width);
    problems
}

#[test]
fn the_graph_sits_whole_under_the_move_list_at_every_size() {
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        let app = analysed(*variant);
        let Screen::Playing(p) = &app.screen else {
            panic!("not playing");
        };
        assert!(
            p.shown_analysis()
                .is_some_and(|a| a.classes().iter().any(Option::is_some)),
            "{variant:?}: some move is marked"
        );
        let mut terminal =
            Terminal::new(TestBackend::new(80, 24)).unwrap_or_else(|e| panic!("{e}"));
        for height in heights() {
            for width in (narrowest(&app, height)..=220).step_by(3) {
                problems.extend(check(&app, &mut terminal, width, height));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems: {:?}",
        problems.len(),
        &problems[..problems.len().min(8)]
    );
}
