//! Goldens of the best-lines box (the `b` key): chess after 1.e4 (the
//! live position) and a Cat Chess game in review, each searched here at a
//! fixed number of nodes so the drawing is the same on every machine, at
//! 120×40 and 80×24; and the box while its search is under way.

use super::tour::{longest_moves, playing};
use super::{check, look, table_game};
use crate::golden::{Goldens, golden_tests};
use crate::session::action::{Action, ReviewStep};
use crate::session::app::{App, Effect, update};
use crate::session::best_lines::{LinesRequest, run};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::table::Player;
use catboard::analysis::PlyBudget;
use catboard::variants::Variant;
use std::sync::atomic::AtomicBool;

fn none() -> LookChoice {
    look("classic", ColorDepth::NoColor, GlyphSet::Unicode)
}

/// A game of `variant` after `moves`, reviewed `back` plies, with the
/// best-lines key pressed; the request its effect carries.
fn asked(variant: Variant, moves: &[String], back: usize) -> (App, LinesRequest) {
    let seats = variant.seats().len();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let mut app = table_game(variant, vec![Player::Human; seats], None, &moves, 0, none());
    app.lines_budget = PlyBudget::Nodes(30_000);
    for _ in 0..back {
        update(&mut app, Action::Review(ReviewStep::Back));
    }
    let request = match update(&mut app, Action::BestLines).as_slice() {
        [Effect::FindLines(request)] => (**request).clone(),
        other => panic!("no search for lines started: {other:?}"),
    };
    (app, request)
}

/// The search run to its end, as the worker would, and its lines shown.
fn found(variant: Variant, moves: &[String], back: usize) -> App {
    let (mut app, request) = asked(variant, moves, back);
    let lines = run(&request, &AtomicBool::new(false), |_| {});
    update(
        &mut app,
        Action::LinesFound {
            id: request.id,
            lines,
            done: true,
        },
    );
    app
}

fn snapshot_best_lines(goldens: &mut Goldens) {
    let cases = [
        ("chess", Variant::Chess, vec!["e2e4".to_string()], 0),
        ("cat", Variant::Cat, longest_moves(Variant::Cat, 6), 2),
    ];
    for (name, variant, moves, back) in cases {
        let app = found(variant, &moves, back);
        assert_eq!(
            playing(&app).review.is_some(),
            back > 0,
            "{name}: in review or live"
        );
        check(goldens, &format!("best-lines-{name}-120x40"), &app, 120, 40);
        check(goldens, &format!("best-lines-{name}-80x24"), &app, 80, 24);
    }
    let (app, _) = asked(Variant::Chess, &["e2e4".to_string()], 0);
    check(goldens, "best-lines-searching", &app, 80, 24);
}

golden_tests!(pub(super) mod screens = [snapshot_best_lines]);
