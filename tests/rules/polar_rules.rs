//! Polar chess, one rule at a time, each on a hand-built position (cells
//! as `docs/rules/polar-geometry.md` names them; the lines quoted come from its
//! `lines.json`).

use catboard::core::{EndReason, Game, Options, PieceKind, Seat};
use catboard::variants::polar::Polar;

fn game(text: &str) -> Polar {
    Polar::from_text(text, &Options::new()).expect("a valid position")
}

fn with_options(text: &str, pairs: &[&str]) -> Polar {
    let options = Options::parse(catboard::variants::polar::OPTIONS, pairs.iter().copied())
        .expect("valid options");
    Polar::from_text(text, &options).expect("a valid position")
}

/// The legal moves from `cell`, as `from-to` texts, sorted.
fn moves_from(game: &Polar, cell: &str) -> Vec<String> {
    let mut moves: Vec<String> = game
        .legal_move_list()
        .iter()
        .filter(|m| game.geometry().name(m.from) == cell)
        .map(|m| game.move_text(*m))
        .collect();
    moves.sort();
    moves
}

/// The cells the piece on `cell` may go to, sorted.
fn targets(game: &Polar, cell: &str) -> Vec<String> {
    let mut cells: Vec<String> = moves_from(game, cell)
        .iter()
        .map(|m| m.split(['-', '=']).nth(1).unwrap_or("").to_string())
        .collect();
    cells.dedup();
    cells.sort();
    cells
}

fn sorted(cells: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(game: &mut Polar, moves: &[&str]) {
    for text in moves {
        let mv = game.parse_move(text).expect("a legal move");
        game.make_move(mv);
    }
}

fn piece_on(game: &Polar, cell: &str) -> Option<(Seat, PieceKind)> {
    let c = game.geometry().cell(cell).expect("a cell");
    game.piece_at(c).map(|p| (p.seat(), p.kind()))
}

#[test]
fn a_rook_goes_round_a_closed_loop_to_the_cell_before_its_own_once() {
    // 5N lies on the loop 4N 3N 18N 26N 11E 27S 28S 2E 23N 15N 6N (both
    // ways round), on the line 12N 21N 28N 6E and next to the triangle 2N.
    let g = game("K14S,R5N,k9S w - - 0 1");
    let expected = sorted(&[
        "4N", "3N", "18N", "26N", "11E", "27S", "28S", "2E", "23N", "15N", "6N", "2N", "12N",
        "21N", "28N", "6E",
    ]);
    assert_eq!(targets(&g, "5N"), expected);
    assert_eq!(
        moves_from(&g, "5N").len(),
        16,
        "each cell of the loop is one move"
    );
}

#[test]
fn a_blocker_on_a_loop_leaves_the_way_round_the_other_side() {
    // A pawn of its own on 3N: 18N is still reached the long way round.
    let g = game("K14S,R5N,P3N,k9S w - - 0 1");
    let t = targets(&g, "5N");
    assert!(t.contains(&"4N".to_string()) && t.contains(&"18N".to_string()));
    assert!(!t.contains(&"3N".to_string()));
    assert_eq!(t.len(), 15);
}

#[test]
fn a_slide_ends_on_entering_a_triangle() {
    // 16N's line runs 7N, 2N (a triangle), then would cross to 1N.
    let g = game("K14S,R16N,k9S w - - 0 1");
    let t = targets(&g, "16N");
    assert!(t.contains(&"2N".to_string()));
    assert!(
        !t.contains(&"1N".to_string()),
        "the rook stops in the triangle 2N"
    );
}

#[test]
fn a_piece_on_a_triangle_leaves_by_every_edge_or_corner() {
    let rook = game("K13S,R2N,k26S w - - 0 1");
    assert_eq!(
        targets(&rook, "2N"),
        sorted(&[
            "1N", "7N", "16N", "24N", "29N", "1E", "5N", "12N", "21N", "28N", "6E"
        ])
    );
    // The three bishop rays from 2N all end on the triangle 2S: one move.
    let bishop = game("K13S,B2N,k26S w - - 0 1");
    assert_eq!(
        targets(&bishop, "2N"),
        sorted(&[
            "4N", "10N", "9E", "18S", "8S", "2S", "8N", "18N", "10E", "10S", "4S", "6N", "14N",
            "14S", "6S"
        ])
    );
    assert_eq!(moves_from(&bishop, "2N").len(), 15);
}

#[test]
fn a_queen_moves_as_rook_and_bishop_together() {
    let queen = game("K13S,Q2N,k26S w - - 0 1");
    let rook = game("K13S,R2N,k26S w - - 0 1");
    let bishop = game("K13S,B2N,k26S w - - 0 1");
    let mut both = targets(&rook, "2N");
    both.extend(targets(&bishop, "2N"));
    both.sort();
    assert_eq!(targets(&queen, "2N"), both);
}

#[test]
fn a_knight_leaps_over_pieces_to_its_targets() {
    // 2N's knight targets are 15N 13N 11N 17N 3N; every cell between is
    // filled, one target holds a piece of its own and one an enemy.
    let g = game("K14S,N2N,P1N,P7N,P5N,P16N,P15N,P12N,k9S,n11N w - - 0 1");
    assert_eq!(targets(&g, "2N"), sorted(&["13N", "11N", "17N", "3N"]));
}

#[test]
fn a_king_steps_across_every_edge_and_corner() {
    let g = game("K2N,k9S w - - 0 1");
    assert_eq!(
        targets(&g, "2N"),
        sorted(&["1N", "7N", "5N", "4N", "8N", "6N"])
    );
    let g = game("K14S,k9S w - - 0 1");
    assert_eq!(targets(&g, "14S").len(), 8);
}

#[test]
fn a_king_may_not_step_into_check() {
    // Black's rook on 18N holds the loop through 3N, 4N, 5N and 6N.
    let g = game("K5N,k9S,r18N w - - 0 1");
    let t = targets(&g, "5N");
    for attacked in ["4N", "6N"] {
        assert!(!t.contains(&attacked.to_string()), "{attacked}");
    }
    assert!(t.contains(&"2N".to_string()));
}

#[test]
fn a_pawn_steps_across_its_forward_edges() {
    // A White pawn on 15N (a ring edge cell) goes forward to 16N and 6N.
    let g = game("K14S,P15N,k9S w - - 0 1");
    assert_eq!(moves_from(&g, "15N"), sorted(&["15N-16N", "15N-6N"]));
    // Black's pawns go the other way: from 18N to 3N and 17N.
    let g = game("K14S,k9S,p18N b - - 0 1");
    assert_eq!(moves_from(&g, "18N"), sorted(&["18N-17N", "18N-3N"]));
}

#[test]
fn a_starting_pawn_may_double_step_straight_over_empty_cells() {
    let g = game("K14S,P15N,k9S w 15N - 0 1");
    assert_eq!(
        moves_from(&g, "15N"),
        sorted(&["15N-16N", "15N-17N", "15N-6N", "15N-5N"])
    );
    // A piece on the middle cell blocks that path; one on the landing
    // cell blocks only the double step.
    let g = game("K14S,P15N,N16N,N5N,k9S w 15N - 0 1");
    assert_eq!(moves_from(&g, "15N"), sorted(&["15N-6N"]));
}

#[test]
fn a_pawn_that_has_moved_never_double_steps_again() {
    // 13N's pawn steps to 6N, Option 2's start cell: it gains no right.
    let mut g = game("K14S,P13N,k9S w 13N - 0 1");
    play(&mut g, &["13N-6N", "9S-9N"]);
    assert!(g.position_text().contains(" w - "), "{}", g.position_text());
    assert_eq!(moves_from(&g, "6N"), sorted(&["6N-5N", "6N-7N"]));
    // A pawn taken on its start cell takes its right away with it.
    let mut g = game("K14S,N2N,k9S,p11N w 11N - 0 1");
    play(&mut g, &["2N-11N"]);
    assert!(g.double_step_rights().is_empty());
}

#[test]
fn a_pawn_never_steps_into_a_triangle_but_captures_into_one() {
    // From 7N the forward edges are 2N (a triangle) and 8N; the capture
    // diagonals 17N and 1N (a triangle).
    let g = game("K14S,P7N,k9S w - - 0 1");
    assert_eq!(moves_from(&g, "7N"), sorted(&["7N-8N"]));
    let g = game("K14S,P7N,k9S,n1N,r17N w - - 0 1");
    assert_eq!(moves_from(&g, "7N"), sorted(&["7N-17N", "7N-1N", "7N-8N"]));
}

#[test]
fn a_pawn_leaves_a_triangle_only_by_capture() {
    // From the triangle 1N the forward edges 4N and 8N are empty, yet the
    // pawn's only move is the capture on its diagonal 3N.
    let g = game("K14S,P1N,k9S w - - 0 1");
    assert!(moves_from(&g, "1N").is_empty());
    let g = game("K14S,P1N,k9S,n3N w - - 0 1");
    assert_eq!(moves_from(&g, "1N"), sorted(&["1N-3N"]));
}

#[test]
fn a_pawn_captures_only_along_forward_diagonals() {
    // Enemy pieces on both forward edges of 15N block it; it takes
    // nothing there, nor on the sideways or backward diagonals.
    let g = game("K14S,P15N,k9S,n16N,n6N,n23N,n22S w - - 0 1");
    assert!(moves_from(&g, "15N").is_empty());
    // Its forward diagonals from 15N: 7N and 4N... as lines.json lists.
    let g = game("K14S,P15N,k9S,n16N,n6N,n7N w - - 0 1");
    assert_eq!(moves_from(&g, "15N"), sorted(&["15N-7N"]));
}

#[test]
fn en_passant_takes_a_double_stepped_pawn_on_the_next_turn_only() {
    let mut g = game("K14S,P15N,k9S,p8N w 15N - 0 1");
    play(&mut g, &["15N-17N"]);
    assert!(g.position_text().contains(" 16N "), "{}", g.position_text());
    let mut taken = g.clone();
    play(&mut taken, &["8N-16N"]);
    assert_eq!(
        piece_on(&taken, "17N"),
        None,
        "the pawn passed over is taken"
    );
    assert_eq!(
        piece_on(&taken, "16N"),
        Some((Seat::BLACK, PieceKind::Pawn))
    );
    // A turn later the right has gone.
    play(&mut g, &["9S-9N", "14S-14N"]);
    assert!(!moves_from(&g, "8N").contains(&"8N-16N".to_string()));
}

#[test]
fn en_passant_may_not_expose_the_king() {
    // White's pawn on 3N (double-stepped from 5N over 4N) stands between
    // the queen on 9N and Black's king on 1N: taking it en passant opens
    // the line.
    let pinned = game("K14S,Q9N,P3N,k1N,p10N b - 4N 0 1");
    assert!(!moves_from(&pinned, "10N").contains(&"10N-4N".to_string()));
    let free = game("K14S,P3N,k1N,p10N b - 4N 0 1");
    assert!(moves_from(&free, "10N").contains(&"10N-4N".to_string()));
}

#[test]
fn two_double_steps_over_one_cell_are_told_apart() {
    // 15N-6N-5N and 13N-6N-7N both pass over 6N.
    let mut g = game("K14S,P15N,P7N,k9S,p2N w 15N - 0 1");
    play(&mut g, &["15N-5N"]);
    assert!(
        g.position_text().contains(" 6N/5N "),
        "{}",
        g.position_text()
    );
    play(&mut g, &["2N-6N"]);
    assert_eq!(piece_on(&g, "5N"), None);
    assert_eq!(piece_on(&g, "7N"), Some((Seat::WHITE, PieceKind::Pawn)));
    let err = Polar::from_text("K14S,P5N,P7N,k9S,p2N b - 6N 0 1", &Options::new())
        .expect_err("ambiguous");
    assert!(
        err.to_string().contains("over/landing"),
        "{}",
        err.to_string()
    );
}

/// Item 11 of issue 21: the plain en-passant cell is read when two double
/// steps could have passed over it but no pawn could take there (which
/// pawn passed does not matter), and written so; `over/landing` is asked
/// for only when a capture there is possible.
#[test]
fn a_plain_en_passant_cell_is_enough_when_no_pawn_could_take_there() {
    // 15N-6N-5N and 13N-6N-7N both pass over 6N; Black has no pawn.
    let g = game("K14S,P5N,P7N,k9S b - 6N 0 1");
    assert!(
        g.position_text().contains(" - 6N 0 1"),
        "{}",
        g.position_text()
    );
    let again = game(&g.position_text());
    assert_eq!(again.hash(), g.hash());
    // Whichever landing is written, the game is the same.
    for landing in ["6N/5N", "6N/7N"] {
        let written = game(&format!("K14S,P5N,P7N,k9S b - {landing} 0 1"));
        assert_eq!(written.hash(), g.hash(), "{landing}");
        assert!(
            written.position_text().contains(" - 6N 0 1"),
            "{}",
            written.position_text()
        );
    }
    // A Black pawn on 2N could take on 6N: the cell alone is not enough.
    let err = Polar::from_text("K14S,P5N,P7N,k9S,p2N b - 6N 0 1", &Options::new())
        .expect_err("ambiguous");
    assert!(
        err.to_string().contains("and a pawn could take there"),
        "{}",
        err.to_string()
    );
}

#[test]
fn pawns_promote_on_the_four_enemy_central_cells_to_q_r_b_or_n() {
    let g = game("K14S,P18N,k9S w - - 0 1");
    assert_eq!(
        moves_from(&g, "18N"),
        sorted(&["18N-9N=Q", "18N-9N=R", "18N-9N=B", "18N-9N=N"])
    );
    let mut g = g;
    play(&mut g, &["18N-9N=N"]);
    assert_eq!(piece_on(&g, "9N"), Some((Seat::WHITE, PieceKind::Knight)));
    // Black promotes round the north pole.
    let g = game("K4E,k9S,p15N b - - 0 1");
    assert_eq!(moves_from(&g, "15N").len(), 4);
    assert!(
        moves_from(&g, "15N")
            .iter()
            .all(|m| m.starts_with("15N-14N="))
    );
    // A pawn arriving anywhere else stays a pawn.
    let g = game("K14S,P17N,k9S w - - 0 1");
    assert!(moves_from(&g, "17N").iter().all(|m| !m.contains('=')));
}

#[test]
fn a_double_step_onto_a_promotion_cell_promotes_and_leaves_no_en_passant() {
    let mut g = game("K14S,P11N,k9S w 11N - 0 1");
    assert_eq!(
        moves_from(&g, "11N"),
        sorted(&["11N-10N", "11N-9N=Q", "11N-9N=R", "11N-9N=B", "11N-9N=N"])
    );
    play(&mut g, &["11N-9N=Q"]);
    assert!(
        g.position_text().contains(" - - 0 1"),
        "{}",
        g.position_text()
    );
}

#[test]
fn there_is_no_castling() {
    for formation in ["option1", "option2", "rooks_and_pawns", "original_2004"] {
        let options = Options::parse(
            catboard::variants::polar::OPTIONS,
            [format!("formation={formation}").as_str()],
        )
        .expect("option");
        let g = Polar::new(&options);
        assert!(
            g.legal_move_list()
                .iter()
                .all(|m| m.kind != catboard::core::MoveKind::Castle)
        );
    }
}

#[test]
fn checkmate_wins() {
    let g = game("K14S,Q12N,R8N,k1N b - - 0 1");
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::WHITE), EndReason::Checkmate)
    );
    let mut g = game("K14S,Q12N,R13N,k1N w - - 0 1");
    assert_eq!(g.outcome(), None);
    let mv = g.parse_move("13N-8N").expect("legal");
    assert_eq!(g.move_notation(mv), "R13N-8N#");
    g.make_move(mv);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
}

#[test]
fn stalemate_draws() {
    let g = game("K14S,Q12N,R6N,k1N b - - 0 1");
    assert!(!g.in_check());
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::Stalemate)
    );
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw_unless_turned_off() {
    let shuffle = ["6N-11N", "3S-20S"];
    let mut g = game("K14S,N6N,k9S,n3S w - - 98 60");
    play(&mut g, &shuffle[..1]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &shuffle[1..]);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::FiftyMoves));
    let mut off = with_options("K14S,N6N,k9S,n3S w - - 98 60", &["fifty_moves=off"]);
    play(&mut off, &shuffle);
    assert_eq!(off.outcome(), None);
    // A capture or a pawn move sets the clock back to nought.
    let mut g = game("K14S,P15N,k9S w - - 98 60");
    play(&mut g, &["15N-16N"]);
    assert_eq!(g.halfmove_clock(), 0);
}

#[test]
fn threefold_repetition_draws_unless_turned_off() {
    let shuffle = [
        "6N-11N", "3S-20S", "11N-6N", "20S-3S", "6N-11N", "3S-20S", "11N-6N", "20S-3S",
    ];
    let mut g = game("K14S,N6N,k9S,n3S w - - 0 1");
    play(&mut g, &shuffle[..4]);
    assert!(g.is_repeat());
    assert_eq!(g.outcome(), None, "twice is not yet a draw");
    play(&mut g, &shuffle[4..]);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Repetition));
    let mut off = with_options("K14S,N6N,k9S,n3S w - - 0 1", &["repetition=off"]);
    play(&mut off, &shuffle);
    assert_eq!(off.outcome(), None);
}

#[test]
fn bare_kings_draw_and_anything_more_plays_on() {
    let g = game("K14S,k9S w - - 0 1");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Material));
    for text in ["K14S,N6N,k9S w - - 0 1", "K14S,k9S,p18N w - - 0 1"] {
        assert_eq!(game(text).outcome(), None, "{text}");
    }
}

#[test]
fn make_and_unmake_restore_position_and_hash_and_the_hash_is_the_position_s() {
    let mut g = Polar::new(&Options::new());
    let start = (g.position_text(), g.hash());
    play(&mut g, &["13N-11N", "18N-16N", "2E-3N", "16N-6N"]);
    let read = game(&g.position_text());
    assert_eq!(g.hash(), read.hash(), "the kept hash is the position's");
    while g.unmake_move().is_some() {}
    assert_eq!((g.position_text(), g.hash()), start);
}

#[test]
fn a_pass_for_the_search_hands_over_the_move_and_comes_back_exactly() {
    let mut g = Polar::new(&Options::new());
    play(&mut g, &["15N-17N"]);
    let before = (g.position_text(), g.hash());
    assert!(g.make_null_move());
    assert_eq!(g.to_move(), Seat::WHITE);
    assert!(
        g.position_text().contains(" - 1 2"),
        "the en-passant chance is gone"
    );
    g.unmake_null_move();
    assert_eq!((g.position_text(), g.hash()), before);
    // No pass out of check.
    let mut checked = game("K14S,k9S,r3E w - - 0 1");
    assert!(checked.in_check());
    assert!(!checked.make_null_move());
}
