//! The computer player in Chu Chess: the evaluation's material values, the
//! search taking a free Lion, mating, respecting the trading rules, and a
//! short game of the Club level against itself with every move legal.

use catboard::ai::{Evaluate, Level, Limits, Thought, think};
use catboard::core::{Game, Options, PieceKind, Seat};
use catboard::variants::chu::{Chu, START_FEN};
use std::sync::atomic::AtomicBool;

fn read(text: &str) -> Chu {
    Chu::from_fen(text, &Options::new()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn search(game: &Chu, depth: u32) -> Thought {
    let stop = AtomicBool::new(false);
    think(game, &Limits::depth(depth), &stop, |_| {})
}

fn best(game: &Chu, depth: u32) -> String {
    let t = search(game, depth);
    game.move_text(t.best.expect("a best move"))
}

#[test]
fn values_follow_the_rules_page() {
    let g = read(START_FEN);
    let v = |k| g.piece_value(k);
    assert!(v(PieceKind::Lion) > v(PieceKind::Queen) + v(PieceKind::Rook));
    assert!(v(PieceKind::Queen) > v(PieceKind::CrownedRook));
    assert!(v(PieceKind::CrownedRook) > v(PieceKind::CrownedBishop));
    assert!(v(PieceKind::CrownedBishop) > v(PieceKind::Rook));
    assert!(v(PieceKind::Bishop) > v(PieceKind::Knight));
    assert_eq!(v(PieceKind::Knight), v(PieceKind::Commoner));
    assert_eq!(g.evaluate_for(Seat::WHITE), -g.evaluate_for(Seat::BLACK));
    let up_a_lion = read("4k5/10/10/10/10/10/10/10/4L5/5K4 w - - 0 1");
    assert!(up_a_lion.evaluate_for(Seat::WHITE) > 1200);
}

#[test]
fn bishop_pair_is_worth_more_than_two_bishops_on_one_colour() {
    let pair = read("4k5/10/10/10/10/10/10/10/2B2B4/5K4 w - - 0 1");
    let same = read("4k5/10/10/10/10/10/10/10/2B1B5/5K4 w - - 0 1");
    assert!(pair.evaluate_for(Seat::WHITE) > same.evaluate_for(Seat::WHITE) + 30);
}

#[test]
fn search_takes_a_free_lion() {
    let g = read("4k5/10/10/10/5l4/10/10/10/5R4/4K5 w - - 0 1");
    assert_eq!(best(&g, 3), "f1f5");
}

#[test]
fn search_double_captures_with_the_lion() {
    let g = read("4k5/10/10/10/10/4q5/4r5/4L5/10/5K4 w - - 0 1");
    // Rook e3 then Queen e4, both taken in one move.
    assert_eq!(best(&g, 2), "e2e3,e3e4");
}

#[test]
fn search_mates_in_one() {
    let g = read("k9/9R/10/10/10/10/10/10/10/5K1R2 w - - 0 1");
    let mv = search(&g, 3).best.expect("a move");
    let mut after = g.clone();
    after.make_move(mv);
    assert_eq!(
        after.outcome().map(|o| o.reason),
        Some(catboard::core::EndReason::Checkmate)
    );
}

#[test]
fn club_plays_itself_for_twenty_moves_legally() {
    let mut g = Chu::new(&Options::new());
    let stop = AtomicBool::new(false);
    let mut limits = Level::Club.limits();
    limits.nodes = Some(limits.nodes.unwrap_or(20_000).min(20_000));
    limits.time = None;
    for _ in 0..20 {
        if g.outcome().is_some() {
            break;
        }
        let t = think(&g, &limits, &stop, |_| {});
        let mv = t.best.expect("a move");
        assert!(g.legal_move_list().contains(&mv));
        let text = g.move_text(mv);
        assert_eq!(g.parse_move(&text), Ok(mv));
        g.make_move(mv);
    }
}

#[test]
fn null_move_passes_and_restores_everything() {
    let mut g = read("4k5/10/10/10/10/10/10/10/4L5/5K4 w - - 0 1");
    let before = (g.position_text(), g.hash());
    assert!(g.make_null_move());
    assert_eq!(g.to_move(), Seat::BLACK);
    assert_ne!(g.hash(), before.1);
    g.unmake_null_move();
    assert_eq!((g.position_text(), g.hash()), before);
    let mut checked = read("4k5/10/10/10/10/10/10/10/4l5/5K4 w - - 0 1");
    assert!(checked.in_check());
    assert!(!checked.make_null_move(), "no pass out of check");
}

#[test]
fn capture_moves_are_the_legal_captures_and_promotions() {
    for text in [
        START_FEN,
        "4k5/10/3p6/4l5/4np4/4L5/1B8/10/10/5K4 w - - 0 1",
        "4k5/1P6P1/10/4P5/6l3/3L6/10/10/p7p1/5K4 w - - 0 1",
        "4k5/4r5/10/10/3p6/4L5/10/10/10/4K5 w - - 0 1",
    ] {
        let g = read(text);
        let mut expected: Vec<_> = g
            .legal_move_list()
            .iter()
            .copied()
            .filter(|&m| m.promotion.is_some() || g.captured(m).is_some())
            .collect();
        let mut got = catboard::core::MoveList::new();
        g.capture_moves(&mut got);
        let mut got: Vec<_> = got.to_vec();
        let key = |m: &catboard::core::Move| g.move_text(*m);
        expected.sort_by_key(key);
        got.sort_by_key(key);
        assert_eq!(got, expected, "{text}");
        if text != START_FEN {
            assert!(!got.is_empty(), "{text}");
        }
    }
}
