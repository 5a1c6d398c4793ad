//! Goldens of every variant in every reduced look (no colour, 16
//! colours, ASCII, the Linux console's theme) and in review at a middle
//! ply, at 120×40: the screens issue 34 asked to keep whole.

use super::{check, look, table_game};
use crate::golden::{Goldens, golden_tests};
use crate::session::action::{Action, ReviewStep};
use crate::session::app::update;
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::table::Player;
use catboard::core::{Game, MoveList, Options};
use catboard::variants::Variant;

/// The first `plies` moves of a made-up game of `variant`: at each ply
/// the middle one of the legal moves, written as the variant writes it.
fn moves_of(variant: Variant, plies: usize) -> Vec<String> {
    let mut game = variant.new_game(&Options::new());
    let mut said = Vec::new();
    for _ in 0..plies {
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        let Some(&mv) = list.get(list.len() / 2) else {
            break;
        };
        said.push(game.move_text(mv));
        game.make_move(mv);
    }
    said
}

/// A game of `variant` between people after `plies` made-up moves.
fn game_of(variant: Variant, plies: usize, look: LookChoice) -> crate::session::app::App {
    let moves = moves_of(variant, plies);
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let seats = variant.seats().len();
    table_game(variant, vec![Player::Human; seats], None, &moves, 0, look)
}

/// A short name of `variant` for a golden's file name.
fn short(variant: Variant) -> String {
    variant.name().to_lowercase().replace(' ', "-")
}

fn snapshot_every_variant_in_every_reduced_look(goldens: &mut Goldens) {
    let looks = [
        (
            "none",
            look("classic", ColorDepth::NoColor, GlyphSet::Unicode),
        ),
        ("16", look("classic", ColorDepth::Ansi16, GlyphSet::Unicode)),
        (
            "ascii",
            look("classic", ColorDepth::TrueColor, GlyphSet::Ascii),
        ),
        (
            "console",
            look("console", ColorDepth::Ansi16, GlyphSet::Unicode),
        ),
    ];
    for &variant in Variant::ALL {
        for (name, choice) in &looks {
            let app = game_of(variant, 4, choice.clone());
            check(
                goldens,
                &format!("look-{name}-{}", short(variant)),
                &app,
                120,
                40,
            );
        }
    }
}

fn snapshot_every_variant_reviewed_at_a_middle_ply(goldens: &mut Goldens) {
    for &variant in Variant::ALL {
        let mut app = game_of(
            variant,
            8,
            look("classic", ColorDepth::NoColor, GlyphSet::Unicode),
        );
        for _ in 0..4 {
            update(&mut app, Action::Review(ReviewStep::Back));
        }
        check(
            goldens,
            &format!("review-middle-{}", short(variant)),
            &app,
            120,
            40,
        );
    }
}

golden_tests!(pub(super) mod screens = [
    snapshot_every_variant_in_every_reduced_look,
    snapshot_every_variant_reviewed_at_a_middle_ply,
]);
