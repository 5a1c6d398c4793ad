//! Properties every variant must have, checked with proptest on positions
//! reached by random play in chess and Cat Chess: make/unmake restores the
//! position text and hash; the incremental hash equals a fresh one; perft
//! counts the same with and without a transposition table; the computer
//! never returns an illegal move; the position text round-trips; the
//! evaluation kept up to date move by move equals the one worked out from
//! scratch.
//!
//! `PROPTEST_CASES=5000 cargo test --release --test rules variant_properties`
//! is the longer run; `catboard selfplay --soak N` the much longer one.

use crate::support::{play_picks, proptest_config};
use catboard::ai::{Evaluate, Level, Limits, think};
use catboard::core::{Board, Game, MoveList, Options, PieceKind, Seat, perft};
use catboard::variants::{AnyGame, Variant};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// A variant and a game reached from its start by moves chosen by `picks`.
fn reached() -> impl Strategy<Value = AnyGame> {
    (
        prop::sample::select(Variant::ALL),
        prop::collection::vec(any::<prop::sample::Index>(), 0..160),
    )
        .prop_map(|(variant, picks)| play_picks(variant, &picks))
}

/// The game at `game`'s position, read afresh from its text (no history).
fn fresh(game: &AnyGame) -> AnyGame {
    let text = game.position_text();
    game.variant()
        .from_position(&text, &Options::new())
        .unwrap_or_else(|e| panic!("its own text {text:?} is refused: {e}"))
}

/// Whether `game`'s state goes beyond its position text: in Chu Chess, a
/// Lion just taken by a piece that is no Lion forbids the next move to take
/// a Lion with a non-Lion (trading rule 3), which the hash holds and XBoard's
/// FEN cannot say (after a position text the rule is not in force).
fn state_beyond_text(game: &AnyGame) -> bool {
    if game.variant() != Variant::Chu {
        return false;
    }
    let mut before = game.clone();
    let Some(mv) = before.unmake_move() else {
        return false;
    };
    let mover = before.piece_at(mv.from).map(|p| p.kind());
    let taken = [mv.to, mv.aux]
        .into_iter()
        .filter_map(|c| before.piece_at(c))
        .any(|p| p.kind() == PieceKind::Lion && p.seat() != before.to_move());
    taken && mover != Some(PieceKind::Lion)
}

/// Perft with a transposition table keyed by the position's hash and the
/// depth left: a hash that missed something move generation depends on
/// (side, castling rights, en passant, a Cat) would make it count wrong.
fn table_perft(game: &mut AnyGame, depth: u32, table: &mut HashMap<(u64, u32), u64>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if let Some(&n) = table.get(&(game.hash(), depth)) {
        return n;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let n = if depth == 1 {
        moves.len() as u64
    } else {
        let mut n = 0;
        for &mv in moves.iter() {
            game.make_move(mv);
            n += table_perft(game, depth - 1, table);
            game.unmake_move();
        }
        n
    };
    table.insert((game.hash(), depth), n);
    n
}

/// The board of `game` if its variant's evaluation keeps sums on it.
fn board_with_sums(game: &AnyGame) -> Option<&Board> {
    match game {
        AnyGame::Chess(_) => None,
        AnyGame::Cat(g) => Some(g.board()),
        AnyGame::Polar(g) => Some(g.board()),
        AnyGame::Chu(g) => Some(g.board()),
        AnyGame::BacCanCat(g) => Some(&g.position().board),
    }
}

/// Whether `game`'s board keeps its evaluation's sums and they are the
/// sums of its pieces, and every seat's evaluation is the one worked out
/// from scratch.
fn evaluation_is_the_fresh_one(game: &AnyGame) -> Result<(), TestCaseError> {
    let at = game.position_text();
    if let Some(board) = board_with_sums(game) {
        let table = board.square_table();
        prop_assert!(table.is_some(), "no sums kept at {}", at);
        let sums = table.map(|t| t.sums(board)).unwrap_or_default();
        for (i, &sum) in sums.iter().enumerate() {
            prop_assert_eq!(
                board.square_sum(Seat(i as u8)),
                Some(sum),
                "seat {} at {}",
                i,
                at
            );
        }
    }
    for i in 0..game.seat_names().len() {
        let seat = Seat(i as u8);
        if let Some(fresh) = game.evaluate_from_scratch(seat) {
            prop_assert_eq!(game.evaluate_for(seat), fresh, "seat {} at {}", i, at);
        } else {
            prop_assert_eq!(game.variant(), Variant::Chess, "no reference at {}", at);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn the_incremental_evaluation_is_the_fresh_one_through_make_and_unmake(game in reached()) {
        let mut game = game;
        evaluation_is_the_fresh_one(&game)?;
        evaluation_is_the_fresh_one(&fresh(&game))?;
        for &mv in game.legal_move_list().iter() {
            game.make_move(mv);
            evaluation_is_the_fresh_one(&game)?;
            game.unmake_move();
        }
        evaluation_is_the_fresh_one(&game)?;
    }

    #[test]
    fn make_and_unmake_restore_the_text_and_the_hash(game in reached()) {
        let mut game = game;
        let text = game.position_text();
        let hash = game.hash();
        for &mv in game.legal_move_list().iter() {
            game.make_move(mv);
            if !state_beyond_text(&game) {
                prop_assert_eq!(fresh(&game).hash(), game.hash(), "after {}", game.position_text());
            }
            prop_assert_eq!(game.unmake_move(), Some(mv));
            prop_assert_eq!(&game.position_text(), &text);
            prop_assert_eq!(game.hash(), hash, "at {}", text);
        }
    }

    #[test]
    fn the_incremental_hash_is_the_fresh_hash_and_the_text_round_trips(game in reached()) {
        let again = fresh(&game);
        prop_assert_eq!(again.position_text(), game.position_text());
        if !state_beyond_text(&game) {
            prop_assert_eq!(again.hash(), game.hash(), "at {}", game.position_text());
        }
        prop_assert_eq!(again.to_move(), game.to_move());
    }

    #[test]
    fn perft_agrees_with_and_without_a_transposition_table(game in reached()) {
        let mut plain = game.clone();
        let mut tabled = game.clone();
        // The table first holds the counts of the same placement without
        // castling rights or en passant: a hash that left those out would
        // hand them back for this position.
        let mut table = HashMap::new();
        let text = game.position_text();
        let mut fields: Vec<&str> = text.split(' ').collect();
        if fields.len() >= 4 {
            fields[2] = "-";
            fields[3] = "-";
        }
        if let Ok(mut stripped) = game.variant().from_position(&fields.join(" "), &Options::new()) {
            table_perft(&mut stripped, 3, &mut table);
        }
        prop_assert_eq!(
            perft(&mut plain, 3),
            table_perft(&mut tabled, 3, &mut table),
            "at {}", game.position_text()
        );
        prop_assert_eq!(plain.position_text(), game.position_text());
    }
}

proptest! {
    #![proptest_config(proptest_config(24))]

    #[test]
    fn the_computer_never_returns_an_illegal_move(game in reached(), seed in any::<u64>()) {
        let legal = game.legal_move_list();
        let stop = AtomicBool::new(false);
        for limits in [
            Level::Casual.limits().with_seed(seed).with_nodes(2_000),
            Limits::depth(2).with_nodes(2_000),
        ] {
            let t = think(&game, &limits, &stop, |_| {});
            match t.best {
                Some(mv) => prop_assert!(legal.contains(&mv), "{} at {}", game.move_text(mv), game.position_text()),
                None => prop_assert!(legal.is_empty(), "no move at {}", game.position_text()),
            }
        }
    }
}
