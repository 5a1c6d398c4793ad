//! Goldens of the evaluation graph under the move list and the move
//! list's class marks: a chess game (a scholar's mate), a Cat Chess and a
//! BacCanCat game (a line per seat), each analysed by the analysis key
//! and reviewed to a ply in the middle, at 120×40 and 80×24 without
//! colour; chess also in colour and in ASCII, and with the pass under way.

use super::tour::{longest_moves, playing};
use super::{check, look, table_game};
use crate::golden::{Goldens, golden_tests};
use crate::session::action::{Action, ReviewStep};
use crate::session::app::{App, Effect, update};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::table::Player;
use catboard::analysis::PlyBudget;
use catboard::variants::Variant;
use std::sync::atomic::AtomicBool;

/// A game of `variant` after `moves`, analysed (by the key, its pass run
/// here at a fixed number of nodes, so the drawing is the same on every
/// machine) and reviewed `back` plies from the end.
fn analysed(variant: Variant, moves: &[String], back: usize, look: LookChoice) -> App {
    let seats = variant.seats().len();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let mut app = table_game(variant, vec![Player::Human; seats], None, &moves, 0, look);
    app.analysis_budget = PlyBudget::Nodes(4_000);
    update(&mut app, Action::Review(ReviewStep::Back));
    let request = match update(&mut app, Action::Analyse).as_slice() {
        [Effect::Analyse(request)] => (**request).clone(),
        other => panic!("no analysis started: {other:?}"),
    };
    let id = request.id;
    let (analysis, failure) =
        crate::session::analysing::run(request, &AtomicBool::new(false), |_| {});
    update(
        &mut app,
        Action::Analysed {
            id,
            analysis: Box::new(analysis),
            failure,
        },
    );
    for _ in 1..back {
        update(&mut app, Action::Review(ReviewStep::Back));
    }
    app
}

fn none() -> LookChoice {
    look("classic", ColorDepth::NoColor, GlyphSet::Unicode)
}

fn scholars_mate() -> Vec<String> {
    ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
        .map(String::from)
        .to_vec()
}

fn snapshot_analysis_graphs(goldens: &mut Goldens) {
    let cases = [
        ("chess", Variant::Chess, scholars_mate(), 2),
        ("cat", Variant::Cat, longest_moves(Variant::Cat, 12), 4),
        (
            "baccancat",
            Variant::BacCanCat,
            longest_moves(Variant::BacCanCat, 12),
            4,
        ),
    ];
    for (name, variant, moves, back) in cases {
        let app = analysed(variant, &moves, back, none());
        assert!(playing(&app).shown_analysis().is_some(), "{name}: analysed");
        check(goldens, &format!("analysis-{name}-120x40"), &app, 120, 40);
        check(goldens, &format!("analysis-{name}-80x24"), &app, 80, 24);
    }
    let colour = look("classic", ColorDepth::TrueColor, GlyphSet::Unicode);
    let app = analysed(Variant::Chess, &scholars_mate(), 2, colour);
    check(goldens, "analysis-chess-colour", &app, 120, 40);
    let ascii = look("classic", ColorDepth::NoColor, GlyphSet::Ascii);
    let app = analysed(Variant::Chess, &scholars_mate(), 2, ascii);
    check(goldens, "analysis-chess-ascii", &app, 120, 40);
}

/// The pass under way: its progress in the graph's title.
fn snapshot_analysis_under_way(goldens: &mut Goldens) {
    let mut app = table_game(
        Variant::Chess,
        vec![Player::Human; 2],
        None,
        &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
        0,
        none(),
    );
    let id = match update(&mut app, Action::Analyse).as_slice() {
        [Effect::Analyse(request)] => request.id,
        other => panic!("no analysis started: {other:?}"),
    };
    update(
        &mut app,
        Action::AnalysisProgress {
            id,
            progress: catboard::analysis::Progress {
                done: 3,
                total: 8,
                elapsed: std::time::Duration::from_millis(600),
                left: Some(std::time::Duration::from_secs(1)),
            },
        },
    );
    check(goldens, "analysis-under-way", &app, 120, 40);
}

golden_tests!(pub(super) mod screens = [snapshot_analysis_graphs, snapshot_analysis_under_way]);
