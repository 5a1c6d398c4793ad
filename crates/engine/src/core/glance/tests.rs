//! Moves at a glance, tested over every piece of every variant.

use super::*;
use crate::core::Options;
use crate::variants::{AnyGame, Variant};

/// A game of each variant, BacCanCat in each of its leaper sub-variants.
fn games() -> Vec<AnyGame> {
    let mut games: Vec<AnyGame> = Variant::ALL
        .iter()
        .map(|v| v.new_game(&Options::new()))
        .collect();
    for leapers in ["2", "3", "4"] {
        let mut options = Options::new();
        options
            .set(crate::variants::baccancat::OPTIONS, "leapers", leapers)
            .unwrap_or_else(|e| panic!("{e}"));
        games.push(Variant::BacCanCat.new_game(&options));
    }
    games
}

/// A piece for `g`'s piece to take: a leaper of a seat that has a King
/// on the board besides the piece's own.
fn target_for(game: &AnyGame, g: &Glance<AnyGame>) -> Piece {
    let geo = g.scene.geometry();
    let seat = geo
        .cells()
        .filter_map(|c| g.scene.piece_at(c))
        .find(|p| p.kind() == PieceKind::King && p.seat() != g.piece.seat())
        .map_or(g.piece.seat().opponent(), |p| p.seat());
    let kinds = game.piece_kinds();
    let kind = [
        PieceKind::Knight,
        PieceKind::Zebra,
        PieceKind::Catapult,
        PieceKind::Gazelle,
    ]
    .into_iter()
    .find(|k| kinds.contains(k))
    .unwrap_or(PieceKind::Rook);
    Piece::new(seat, kind)
}

/// The legal moves of the piece on `from` in `game`, passes left out.
fn moves_from(game: &AnyGame, from: Cell) -> Vec<Move> {
    game.legal_move_list()
        .iter()
        .copied()
        .filter(|m| m.from == from && !m.is_pass())
        .collect()
}

#[test]
fn every_piece_of_every_variant_has_a_glance_its_own_moves_agree_with() {
    for game in games() {
        let kinds = game.piece_kinds();
        assert!(kinds.contains(&PieceKind::King), "{}", game.variant_id());
        for kind in kinds {
            let what = format!("{} {}", game.variant_id(), kind.name());
            let g = game
                .glance(kind)
                .unwrap_or_else(|| panic!("{what}: no glance"));
            let scene = &g.scene;
            assert_eq!(scene.piece_at(g.from), Some(g.piece), "{what}");
            assert_eq!(scene.to_move(), g.piece.seat(), "{what}");
            assert!(!scene.in_check(), "{what}");
            assert!(!g.reach.is_empty(), "{what}: it reaches no cell");
            let geo = scene.geometry();
            let pieces: Vec<(Cell, Piece)> = geo
                .cells()
                .filter_map(|c| scene.piece_at(c).map(|p| (c, p)))
                .collect();
            // Only the piece, the fixtures and the screens stand there.
            for &(cell, _) in &pieces {
                assert!(
                    cell == g.from || g.fixtures.contains(cell) || g.screens.contains(cell),
                    "{what}: a stray piece on {}",
                    geo.name(cell)
                );
            }
            // The cells the fixtures disturb where the board has no room
            // to keep them clear (a Cat's zone in Cat Chess): the marks
            // say how the piece moves, the scene's zones the exception.
            let mut aside = scene.annotations().zones.difference(&g.zone);
            for kind in [LineKind::Orthogonal, LineKind::Diagonal] {
                for ray in geo.rays(g.from, kind) {
                    if let Some(i) = ray.iter().position(|c| g.fixtures.contains(*c)) {
                        ray[i..].iter().for_each(|c| aside.insert(*c));
                    }
                }
            }
            let empty_moves = moves_from(scene, g.from);
            let target = target_for(&game, &g);
            for cell in geo
                .cells()
                .filter(|&c| scene.piece_at(c).is_none() && !aside.contains(c))
            {
                let name = geo.name(cell);
                let reach = g.reach_of(cell);
                // Onto the empty cell: as the marks say.
                let moves = empty_moves
                    .iter()
                    .any(|m| m.to == cell && m.kind != MoveKind::TwoLeg);
                let says_moves = matches!(
                    reach,
                    Some(Reach::Slide | Reach::Leap | Reach::MoveOnly | Reach::DoubleStep)
                );
                if reach != Some(Reach::Hop) {
                    assert_eq!(
                        moves, says_moves,
                        "{what}: moving to {name}, marked {reach:?}"
                    );
                }
                // Taking a piece there: as the marks say.
                let mut with_target = pieces.clone();
                with_target.push((cell, target));
                let Some(taking) = game
                    .arranged(&with_target, g.piece.seat())
                    .filter(|t| !t.in_check())
                else {
                    continue;
                };
                let moves = moves_from(&taking, g.from);
                let captures = moves
                    .iter()
                    .any(|m| m.to == cell && taking.captured(*m).is_some());
                let first_leg = moves
                    .iter()
                    .any(|m| m.kind == MoveKind::TwoLeg && m.aux == cell && m.to != cell);
                let says_captures = matches!(
                    reach,
                    Some(
                        Reach::Slide
                            | Reach::Leap
                            | Reach::CaptureOnly
                            | Reach::Hop
                            | Reach::DoubleStep
                    )
                );
                assert_eq!(
                    captures, says_captures,
                    "{what}: taking on {name}, marked {reach:?}"
                );
                assert_eq!(
                    first_leg,
                    reach == Some(Reach::DoubleStep),
                    "{what}: a first leg on {name}"
                );
            }
            // A slide runs along one of the piece's lines.
            for cell in g.cells(Reach::Slide).iter() {
                let on_line = [LineKind::Orthogonal, LineKind::Diagonal]
                    .into_iter()
                    .any(|k| geo.rays(g.from, k).any(|r| r.contains(&cell)));
                assert!(
                    on_line,
                    "{what}: a slide to {} off its lines",
                    geo.name(cell)
                );
            }
        }
    }
}

/// The glance of `kind` in a new game of `variant`, as (cell, reach)
/// names sorted.
fn reach_names(variant: Variant, kind: PieceKind) -> Vec<(String, Reach)> {
    let game = variant.new_game(&Options::new());
    let g = game
        .glance(kind)
        .unwrap_or_else(|| panic!("{variant:?} {kind:?}: no glance"));
    let geo = g.scene.geometry();
    let mut names: Vec<(String, Reach)> = g
        .reach
        .iter()
        .map(|(c, r)| (geo.name(*c).to_string(), *r))
        .collect();
    names.sort();
    names
}

#[test]
fn the_kinds_of_move_are_told_apart_as_the_rules_have_them() {
    let only = |variant, kind| -> Vec<Reach> {
        let mut r: Vec<Reach> = reach_names(variant, kind)
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        r.sort();
        r.dedup();
        r
    };
    // Sliders slide, leapers and the King leap, wherever they stand.
    assert_eq!(only(Variant::Chess, PieceKind::Rook), [Reach::Slide]);
    assert_eq!(only(Variant::Chess, PieceKind::Knight), [Reach::Leap]);
    assert_eq!(only(Variant::Chess, PieceKind::King), [Reach::Leap]);
    assert_eq!(only(Variant::Polar, PieceKind::Rook), [Reach::Slide]);
    // A Pawn from e2: e3 and e4 without taking, d3 and f3 only taking.
    let pawn = reach_names(Variant::Chess, PieceKind::Pawn);
    let named = |list: &[(String, Reach)], r: Reach| -> Vec<String> {
        list.iter()
            .filter(|(_, x)| *x == r)
            .map(|(n, _)| n.clone())
            .collect()
    };
    assert_eq!(named(&pawn, Reach::MoveOnly), ["e3", "e4"]);
    assert_eq!(named(&pawn, Reach::CaptureOnly), ["d3", "f3"]);
    // The Lion: a double step through each neighbour, a jump beyond.
    let lion = reach_names(Variant::Chu, PieceKind::Lion);
    assert_eq!(named(&lion, Reach::DoubleStep).len(), 8);
    assert_eq!(named(&lion, Reach::Leap).len(), 16);
    // The Crowned Rook: slides straight, steps diagonally.
    let dragon = reach_names(Variant::Chu, PieceKind::CrownedRook);
    assert_eq!(named(&dragon, Reach::Leap), ["d3", "d5", "f3", "f5"]);
    // The Cannon moves along its lines without taking, and takes only
    // beyond a screen.
    assert_eq!(
        only(Variant::BacCanCat, PieceKind::Cannon),
        [Reach::MoveOnly, Reach::Hop]
    );
    // The Yeoman on gg: away from Red's camp to hh, taking on hg or gh.
    let yeoman = reach_names(Variant::BacCanCat, PieceKind::Yeoman);
    assert_eq!(named(&yeoman, Reach::MoveOnly), ["hh"]);
    assert_eq!(named(&yeoman, Reach::CaptureOnly), ["gh", "hg"]);
    // The Cat steps without taking and keeps its zone round it.
    assert_eq!(only(Variant::Cat, PieceKind::Cat), [Reach::MoveOnly]);
    let cats = Variant::Cat.new_game(&Options::new());
    let cat = cats
        .glance(PieceKind::Cat)
        .unwrap_or_else(|| panic!("no Cat"));
    assert_eq!(cat.zone.len(), 9);
    assert!(cat.zone.contains(cat.from));
    assert!(
        cats.glance(PieceKind::Lion).is_none(),
        "no Lion in Cat Chess"
    );
}
