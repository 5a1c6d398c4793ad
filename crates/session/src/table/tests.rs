//! Tests of the table: clocks, captures, numbering, the move list, saves
//! and endings.

use super::*;

/// Two people at chess (also for the engine seats' tests).
pub(super) fn chess() -> TableGame {
    TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: None,
        players: vec![Player::Human, Player::Human],
        time: None,
    })
    .expect("chess starts")
}

fn play(table: &mut TableGame, text: &str) {
    let mv = table.game().parse_move(text).expect("legal");
    table.play(mv);
}

#[test]
fn the_clocks_of_an_earlier_position_are_those_its_moves_left() {
    let mut t = TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: None,
        // A computer's first move is timed like any other.
        players: vec![Player::Computer(Level::Club), Player::Human],
        time: TimeControl::parse("1+2").ok().flatten(),
    })
    .expect("a timed game");
    let s = Duration::from_secs;
    for (m, spent) in [("e4", 10), ("e5", 20), ("Nf3", 5)] {
        let mv = t.game().parse_move(m).expect("legal");
        let _ = t.play_after(mv, s(spent));
    }
    assert_eq!(t.clocks_at(0), Some(vec![s(60), s(60)]));
    assert_eq!(t.clocks_at(1), Some(vec![s(52), s(60)]));
    assert_eq!(t.clocks_at(2), Some(vec![s(52), s(42)]));
    assert_eq!(t.clocks_at(3), Some(vec![s(49), s(42)]));
    assert_eq!(chess().clocks_at(0), None, "untimed");
    assert!(t.undo());
    assert_eq!(
        t.clocks().map(|c| c.left(0)),
        Some(s(52)),
        "undo sets White's clock back to before Nf3"
    );
}

/// A Lion on e4 with Black pawns on e5 and e6 before it.
const CHU_LION: &str = "4k5/10/10/4p5/4p5/4L5/10/10/10/5K4 w - - 0 1";

#[test]
fn captures_are_counted_from_the_board_a_lions_double_capture_as_two() {
    let mut t = TableGame::new(&TableSpec {
        variant: Variant::Chu,
        options: Options::new(),
        position: Some(CHU_LION.to_string()),
        players: vec![Player::Human, Player::Human],
        time: None,
    })
    .expect("a Chu position");
    play(&mut t, "e4e5,e5e6");
    let took = t.captured_by(Seat::WHITE);
    assert_eq!(took.len(), 2, "{took:?}");
    assert!(took.iter().all(|p| p.seat() == Seat::BLACK));
    assert_eq!(t.captured_by_at(Seat::WHITE, 0), Vec::new());
    // En passant: the pawn beside, not the empty cell moved to.
    let mut c = chess();
    for m in ["e4", "a6", "e5", "d5", "exd6"] {
        play(&mut c, m);
    }
    assert_eq!(
        c.captured_by(Seat::WHITE),
        vec![Piece::new(Seat::BLACK, catboard::core::PieceKind::Pawn)]
    );
    assert_eq!(c.captured_by_at(Seat::WHITE, 4), Vec::new());
}

#[test]
fn a_persons_first_move_of_the_game_costs_no_time() {
    let mut t = TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: None,
        players: vec![Player::Human, Player::Human],
        time: TimeControl::parse("1+2").ok().flatten(),
    })
    .expect("a timed game");
    let s = Duration::from_secs;
    assert!(t.opening(), "the first move is a person's to make");
    for (m, spent) in [("e4", 10), ("e5", 20)] {
        let mv = t.game().parse_move(m).expect("legal");
        assert!(t.play_after(mv, s(spent)).is_ok(), "no flag");
    }
    assert!(!t.opening());
    assert_eq!(t.clocks_at(1), Some(vec![s(60), s(60)]), "e4 was free");
    assert_eq!(t.clocks_at(2), Some(vec![s(60), s(42)]), "e5 was not");
}

#[test]
fn moves_are_numbered_as_the_move_list_numbers_them() {
    let mut t = chess();
    assert_eq!((t.move_number(), t.last_move_number()), (1, None));
    for (m, now, last) in [("e4", 1, 1), ("e5", 2, 1), ("Nf3", 2, 2)] {
        play(&mut t, m);
        assert_eq!((t.move_number(), t.last_move_number()), (now, Some(last)));
    }
    let mut late = TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 8".to_string()),
        players: vec![Player::Human, Player::Human],
        time: None,
    })
    .expect("a FEN at move 8");
    assert_eq!(late.move_number(), 8);
    play(&mut late, "e5");
    assert_eq!((late.move_number(), late.last_move_number()), (9, Some(8)));
    play(&mut late, "Nf3");
    assert_eq!((late.move_number(), late.last_move_number()), (9, Some(9)));
}

#[test]
fn moves_are_listed_in_san_and_undo_redo_walk_the_list() {
    let mut t = chess();
    for m in ["e4", "d5", "exd5"] {
        play(&mut t, m);
    }
    assert_eq!(t.notation().collect::<Vec<_>>(), ["e4", "d5", "exd5"]);
    assert_eq!(t.captured_by(Seat::WHITE).len(), 1);
    assert!(t.captured_by(Seat::BLACK).is_empty());
    assert!(t.undo());
    assert_eq!(t.notation().count(), 2);
    assert_eq!(t.undone_notation().collect::<Vec<_>>(), ["exd5"]);
    assert!(t.captured_by(Seat::WHITE).is_empty());
    assert!(t.redo());
    assert_eq!(t.notation().last(), Some("exd5"));
    assert!(!t.redo());
    t.undo();
    play(&mut t, "Nf3");
    assert_eq!(
        t.undone_notation().count(),
        0,
        "a new move forgets the undone ones"
    );
}

#[test]
fn a_saved_game_round_trips_and_is_checked_move_by_move() {
    let mut t = chess();
    for m in ["e4", "e5", "Nf3"] {
        play(&mut t, m);
    }
    let saved = t.saved();
    assert_eq!(saved.moves, ["e2e4", "e7e5", "g1f3"]);
    let back = TableGame::from_saved(&saved).expect("valid save");
    assert_eq!(back.game().position_text(), t.game().position_text());
    let mut bad = saved.clone();
    bad.moves[1] = "e7e4".into();
    let err = TableGame::from_saved(&bad)
        .expect_err("illegal move")
        .to_string();
    assert!(err.starts_with("move 2 'e7e4'"), "{err}");
    let mut bad = saved;
    bad.variant = "draughts".into();
    assert!(TableGame::from_saved(&bad).is_err());
}

#[test]
fn every_ending_reads_the_same_from_its_termination_as_from_the_table() {
    let at = |fen: &str| {
        TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: Some(fen.into()),
            players: vec![Player::Human; 2],
            time: None,
        })
        .expect("a position")
    };
    // White's flag falls with only a king against a queen's side, and
    // with a queen against a bare king (Black could not have mated).
    let mut cases = Vec::new();
    for (fen, retire) in [
        (
            "kq6/8/8/8/8/8/8/K7 w - - 0 1",
            Retire::Leave(Seat::WHITE, Departure::Flagged),
        ),
        (
            "k7/8/8/8/8/8/8/KQ6 w - - 0 1",
            Retire::Leave(Seat::WHITE, Departure::Flagged),
        ),
        (
            "k7/8/8/8/8/8/8/KQ6 b - - 0 1",
            Retire::Leave(Seat::BLACK, Departure::Resigned),
        ),
        ("k7/8/8/8/8/8/8/KQ6 w - - 0 1", Retire::Agreement),
    ] {
        let mut table = at(fen);
        table.retire(retire).expect("retired");
        cases.push(table);
    }
    let mut mated = chess();
    for text in ["f3", "e5", "g4", "Qh4#"] {
        let mv = mated.game().parse_move(text).expect("legal");
        mated.play(mv);
    }
    cases.push(mated);
    let words: Vec<String> = cases
        .iter()
        .map(|table| {
            let outcome = table.outcome().expect("over");
            let kept = Termination::new(outcome, table.last_move());
            let words = termination_words(kept, table.game().seat_names());
            assert_eq!(words, table.outcome_words(outcome), "one way to say it");
            words
        })
        .collect();
    assert_eq!(
        words,
        [
            "White's flag fell — Black wins",
            "White's flag fell, but Black could not have mated: a draw",
            "Black resigns — White wins",
            "Draw agreed",
            "Checkmate — Black wins",
        ]
    );
}
