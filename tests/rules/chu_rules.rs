//! Chu Chess, rule by rule (`docs/rules/chu-chess.md`): each test sets up
//! a position where the rule decides, most with a twin where it does not.

use catboard::core::{EndReason, Game, Options, PieceKind, Seat};
use catboard::variants::chu::{Chu, OPTIONS};

/// A Chu FEN from pieces written `Kf0 ke9 Le4 +Rd1` (letter, crowned with
/// `+`, then cell), the side to move and the other fields.
fn fen(pieces: &str, side: &str, rest: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 10]; 10];
    for word in pieces.split_whitespace() {
        let (piece, cell) = word.split_at(word.len() - 2);
        let file = cell.as_bytes()[0] - b'a';
        let rank = cell.as_bytes()[1] - b'0';
        grid[rank as usize][file as usize] = Some(piece.to_string());
    }
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in &grid[rank] {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(p);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!("{} {side} {rest}", rows.join("/"))
}

fn options(pairs: &[&str]) -> Options {
    Options::parse(OPTIONS, pairs.iter().copied()).expect("valid options")
}

fn game(pieces: &str, side: &str) -> Chu {
    game_with(pieces, side, &[])
}

fn game_with(pieces: &str, side: &str, opts: &[&str]) -> Chu {
    let text = fen(pieces, side, "- - 0 1");
    Chu::from_fen(&text, &options(opts)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn texts(g: &Chu) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_move_list()
        .iter()
        .map(|m| g.move_text(*m))
        .collect();
    v.sort();
    v
}

fn from_cell(g: &Chu, cell: &str) -> Vec<String> {
    texts(g)
        .into_iter()
        .filter(|t| t.starts_with(cell))
        .collect()
}

/// Whether `text` reads as a legal move of `g`.
fn legal(g: &Chu, text: &str) -> bool {
    g.parse_move(text).is_ok()
}

fn play(g: &mut Chu, text: &str) {
    let mv = g
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} should be legal: {e}"));
    g.make_move(mv);
}

fn kind_at(g: &Chu, cell: &str) -> Option<PieceKind> {
    let c = g.geometry().cell(cell).expect("a cell");
    g.piece_at(c).map(|p| p.kind())
}

// ---- pieces ----

#[test]
fn crowned_rook_slides_and_steps_one_diagonal() {
    let g = game("Kf0 kb9 +Re4", "w");
    let m = from_cell(&g, "e4");
    assert!(m.contains(&"e4e8".to_string()) && m.contains(&"e4a4".to_string()));
    assert!(m.contains(&"e4f5".to_string()) && m.contains(&"e4d3".to_string()));
    assert!(!m.contains(&"e4g6".to_string()));
    assert_eq!(m.len(), 18 + 4);
}

#[test]
fn crowned_bishop_slides_and_steps_one_orthogonal() {
    let g = game("Kf0 ke9 +Be4", "w");
    let m = from_cell(&g, "e4");
    assert!(m.contains(&"e4e5".to_string()) && m.contains(&"e4h7".to_string()));
    assert!(!m.contains(&"e4e6".to_string()));
    let plain = game("Kf0 ke9 Be4", "w");
    assert_eq!(m.len(), from_cell(&plain, "e4").len() + 4);
}

#[test]
fn commoner_steps_like_a_king_and_is_not_royal() {
    let g = game("Kf0 ke9 Me4 rd9", "w");
    assert_eq!(from_cell(&g, "e4").len(), 8);
    // A Commoner may stand attacked; it gives no check and is no King.
    assert!(!g.in_check());
}

#[test]
fn pawn_steps_double_steps_from_its_rank_and_captures_diagonally() {
    let g = game("Kf0 ke9 Pc2 Pe3 ne4 pd4", "w");
    let c = from_cell(&g, "c2");
    assert_eq!(c, vec!["c2c3", "c2c4"]);
    let e = from_cell(&g, "e3");
    assert_eq!(e, vec!["e3d4"], "blocked ahead, captures d4, nothing on f4");
}

#[test]
fn en_passant_only_on_the_next_move() {
    let mut g = game("Kf0 ke9 Pe2 pd4 Ma1 ma8", "w");
    play(&mut g, "e2e4");
    assert!(g.position_text().contains(" e3 "), "{}", g.position_text());
    assert!(legal(&g, "d4e3"));
    play(&mut g, "d4e3");
    assert_eq!(kind_at(&g, "e4"), None, "the pawn taken en passant is gone");
    let mut late = game("Kf0 ke9 Pe2 pd4 Ma1 ma8", "w");
    play(&mut late, "e2e4");
    play(&mut late, "a8a7");
    play(&mut late, "a1a0");
    assert!(!legal(&late, "d4e3"));
}

#[test]
fn knight_queen_rook_and_bishop_move_as_in_chess() {
    let g = game("Kf0 ke9 Ne4 Qa8 Rj5 Bc0", "w");
    assert_eq!(from_cell(&g, "e4").len(), 8);
    assert!(legal(&g, "a8a1") && legal(&g, "a8d5") && !legal(&g, "a8e4") && !legal(&g, "a8a9e"));
    assert!(legal(&g, "j5a5") && !legal(&g, "j5i4"));
    assert!(legal(&g, "c0j7") && !legal(&g, "c0c1"));
}

// ---- the Lion ----

#[test]
fn lion_jumps_to_all_24_cells_over_blockers() {
    let surrounded = "Kf0 ke9 Le4 Pd3 Pe3 Pf3 Md4 Mf4 Md5 Me5 Mf5";
    let g = game(surrounded, "w");
    let jumps: Vec<String> = from_cell(&g, "e4");
    assert_eq!(jumps.len(), 16, "{jumps:?}");
    assert!(jumps.contains(&"e4e6".to_string()) && jumps.contains(&"e4c2".to_string()));
    let open = game("Kf0 ke9 Le4", "w");
    // 24 cells, and the pass (written as XBoard's null move).
    assert_eq!(from_cell(&open, "e4").len(), 24);
    assert!(texts(&open).contains(&"@@@@".to_string()));
}

#[test]
fn lion_captures_twice() {
    let mut g = game("Kf0 ke9 Le4 pe5 nf6", "w");
    play(&mut g, "e4e5,e5f6");
    assert_eq!(kind_at(&g, "e5"), None);
    assert_eq!(kind_at(&g, "f6"), Some(PieceKind::Lion));
    assert_eq!(kind_at(&g, "e4"), None);
}

#[test]
fn lion_igui_captures_without_moving() {
    let mut g = game("Kf0 ke9 Le4 ne5", "w");
    assert!(legal(&g, "e4e5,e5e4"));
    play(&mut g, "e4e5,e5e4");
    assert_eq!(kind_at(&g, "e5"), None);
    assert_eq!(kind_at(&g, "e4"), Some(PieceKind::Lion));
}

#[test]
fn lion_hit_and_run() {
    let mut g = game("Kf0 ke9 Le4 ne5", "w");
    play(&mut g, "e4e5,e5d6");
    assert_eq!(kind_at(&g, "e5"), None);
    assert_eq!(kind_at(&g, "d6"), Some(PieceKind::Lion));
}

#[test]
fn lion_passes_once_whatever_neighbour_and_needs_an_empty_one() {
    let mut g = game("Kf0 ke9 Le4", "w");
    let before = g.position_text();
    let a = g.parse_move("e4e5,e5e4").expect("a pass");
    let b = g.parse_move("e4d3,d3e4").expect("the same pass");
    assert_eq!(a, b);
    assert_eq!(
        texts(&g)
            .iter()
            .filter(|t| *t == "@@@@" || t.ends_with("e4") && t.starts_with("e4"))
            .count(),
        1,
        "one pass, no igui without a victim"
    );
    play(&mut g, "e4e5,e5e4");
    assert_eq!(g.to_move(), Seat::BLACK);
    assert_eq!(
        g.position_text().split(' ').next(),
        before.split(' ').next()
    );
    let boxed = game("Kf0 ke9 Le4 Pd3 Pe3 Pf3 Md4 Mf4 Md5 Me5 Mf5", "w");
    assert!(boxed.parse_move("e4e5,e5e4").is_err());
    assert!(!texts(&boxed).iter().any(|t| t.contains(',') || t == "@@@@"));
}

#[test]
fn lion_may_not_pass_in_check_but_a_pinned_lion_may_pass_and_igui() {
    let checked = game("Kf0 ke9 Le4 rf8", "w");
    assert!(checked.in_check());
    assert!(!legal(&checked, "@@@@") && !legal(&checked, "e4e5,e5e4"));
    let pinned = game("Ke0 ke9 Le4 re8 pd5", "w");
    assert!(legal(&pinned, "e4e5,e5e4") || legal(&pinned, "e4e3,e3e4"));
    assert!(legal(&pinned, "e4d5,d5e4"), "igui by a pinned Lion");
    assert!(!legal(&pinned, "e4d5,d5c6"), "hit and run leaves the pin");
}

#[test]
fn lion_may_not_take_a_piece_that_shields_its_own_king() {
    let g = game("Kd0 ke9 Le4 rd8 pd5", "w");
    assert!(!legal(&g, "e4d5,d5e4"), "igui on d5 opens the d-file");
    assert!(
        legal(&g, "e4d5"),
        "taking it and standing there keeps the file shut"
    );
    assert!(!legal(&g, "e4d5,d5c6"), "hit and run off the file opens it");
    assert!(
        legal(&g, "e4d5,d5d4"),
        "hit and run onto the file keeps it shut"
    );
}

#[test]
fn a_two_step_through_an_empty_cell_is_the_jump() {
    let g = game("Kf0 ke9 Le4 pe6", "w");
    let jump = g.parse_move("e4e6").expect("the jump");
    assert_eq!(g.parse_move("e4e5,e5e6").expect("two steps"), jump);
    assert_eq!(g.parse_move("e4f5,f5e6").expect("another path"), jump);
    let all = texts(&g);
    let mut unique = all.clone();
    unique.dedup();
    assert_eq!(all, unique, "one move per outcome");
}

// ---- Lion trading ----

#[test]
fn rule_1_a_protected_lion_cannot_be_taken_from_two_cells_away() {
    let protected = game("Kf0 ke9 Le4 le6 rh6", "w");
    assert!(!legal(&protected, "e4e6"));
    let by_pawn = game("Kf0 ke9 Le4 le6 pd7", "w");
    assert!(!legal(&by_pawn, "e4e6"), "Pawns count as protectors");
    let unprotected = game("Kf0 ke9 Le4 le6", "w");
    assert!(legal(&unprotected, "e4e6"));
    let king_only = game("Kf0 ke7 Le4 le6", "w");
    assert!(legal(&king_only, "e4e6"), "the King does not count");
}

#[test]
fn rule_1_bridge_allows_the_trade_over_a_piece_but_not_a_pawn() {
    let bridge = game("Kf0 ke9 Le4 ne5 le6 rh6", "w");
    assert!(legal(&bridge, "e4e5,e5e6"));
    assert!(!legal(&bridge, "e4e6"));
    let pawn = game("Kf0 ke9 Le4 pe5 le6 rh6", "w");
    assert!(!legal(&pawn, "e4e5,e5e6"));
}

#[test]
fn rule_2_an_adjacent_lion_may_always_be_taken() {
    let g = game("Kf0 ke9 Le4 le5 rh5", "w");
    assert!(legal(&g, "e4e5"));
    assert!(legal(&g, "e4e5,e5e4"), "igui on the Lion");
}

#[test]
fn rule_3_no_counterstrike_by_a_non_lion() {
    let pieces = "Kf0 ke9 Le4 Bb3 le6 pf5";
    let before = game(pieces, "b");
    assert!(legal(&before, "f5e4"), "without the rule Pawn takes Lion");
    let mut g = game(pieces, "w");
    play(&mut g, "b3e6");
    assert!(g.lion_ban());
    assert!(!legal(&g, "f5e4"), "the Pawn may not take back");
    // The rule is part of the position: the hash differs from the same
    // placement read from a text, where it is never in force.
    let reread = Chu::from_fen(&g.position_text(), &Options::new()).expect("a position");
    assert!(!reread.lion_ban());
    assert!(legal(&reread, "f5e4"));
    assert_ne!(reread.hash(), g.hash());
    // It lasts one move only.
    let mut later = g.clone();
    play(&mut later, "e9e8");
    play(&mut later, "f0f1");
    assert!(legal(&later, "f5e4"));
}

/// A King can never take a Lion under rule 3: a Lion next to the King
/// would have been giving check on the move before, so only the other
/// pieces and the Lion's own exemption are testable.
#[test]
fn rule_3_spares_a_lion_taking_the_lion() {
    let pieces = "Kf0 ke9 Bh3 le6 lc5 pd5 Lc4";
    let before = game(pieces, "b");
    assert!(legal(&before, "d5c4") && legal(&before, "c5c4"));
    let mut g = game(pieces, "w");
    play(&mut g, "h3e6");
    assert!(!legal(&g, "d5c4"), "a Pawn may not");
    assert!(legal(&g, "c5c4"), "a Lion still may");
}

#[test]
fn rule_3_is_not_triggered_by_lion_takes_lion() {
    let mut g = game("Kf0 ke9 Le4 le5 Mf6 pg7", "w");
    play(&mut g, "e4e5");
    assert!(!g.lion_ban());
}

// ---- castling ----

#[test]
fn castling_both_ways_for_both_sides() {
    let text = "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let mut g = Chu::from_fen(text, &Options::new()).expect("a position");
    assert!(legal(&g, "f0i0") && legal(&g, "f0c0"));
    play(&mut g, "f0i0");
    assert_eq!(kind_at(&g, "i0"), Some(PieceKind::King));
    assert_eq!(kind_at(&g, "h0"), Some(PieceKind::Rook));
    assert!(!legal(&g, "e9h9"), "the Rook on h0 now attacks h9");
    let mut b = Chu::from_fen(&text.replace(" w ", " b "), &Options::new()).expect("a position");
    assert!(legal(&b, "e9h9") && legal(&b, "e9b9"));
    play(&mut b, "e9h9");
    assert_eq!(kind_at(&b, "h9"), Some(PieceKind::King));
    assert_eq!(kind_at(&b, "g9"), Some(PieceKind::Rook));
    let mut g = Chu::from_fen(&text.replace(" w ", " b "), &Options::new()).expect("a position");
    play(&mut g, "e9b9");
    assert_eq!(kind_at(&g, "b9"), Some(PieceKind::King));
    assert_eq!(kind_at(&g, "c9"), Some(PieceKind::Rook));
    let mut q = Chu::from_fen(text, &Options::new()).expect("a position");
    play(&mut q, "O-O-O");
    assert_eq!(kind_at(&q, "c0"), Some(PieceKind::King));
    assert_eq!(kind_at(&q, "d0"), Some(PieceKind::Rook));
}

#[test]
fn castling_refused_when_king_or_rook_has_moved() {
    let text = "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let mut g = Chu::from_fen(text, &Options::new()).expect("a position");
    for m in ["f0f1", "e9e8", "f1f0", "e8e9"] {
        play(&mut g, m);
    }
    assert!(!legal(&g, "f0i0") && !legal(&g, "f0c0"));
    let mut r = Chu::from_fen(text, &Options::new()).expect("a position");
    for m in ["j0j1", "e9e8", "j1j0", "e8e9"] {
        play(&mut r, m);
    }
    assert!(!legal(&r, "f0i0") && legal(&r, "f0c0"));
}

#[test]
fn castling_refused_through_pieces_check_and_attacked_cells() {
    let base = "R4K3R w KQ - 0 1";
    let with = |rank5: &str, rank0: &str| {
        let text = format!("4k5/10/10/10/{rank5}/10/10/10/10/{rank0}");
        Chu::from_fen(&text, &Options::new()).expect("a position")
    };
    let free = with("10", base);
    assert!(legal(&free, "f0i0") && legal(&free, "f0c0"));
    let blocked = with("10", "R4KN2R w KQ - 0 1");
    assert!(!legal(&blocked, "f0i0") && legal(&blocked, "f0c0"));
    let checked = with("5r4", base);
    assert!(!legal(&checked, "f0i0") && !legal(&checked, "f0c0"));
    let crossed = with("6r3", base);
    assert!(!legal(&crossed, "f0i0") && legal(&crossed, "f0c0"));
    let landing = with("8r1", base);
    assert!(
        !legal(&landing, "f0i0"),
        "the King would land on an attacked cell"
    );
    let rook_attacked = with("9r", base);
    assert!(
        legal(&rook_attacked, "f0i0"),
        "only the King's cells matter"
    );
}

#[test]
fn castling_right_counts_only_with_the_rook_four_files_away() {
    let g = Chu::from_fen(
        "4k5/10/10/10/10/10/10/10/10/2R1K4R w KQ - 0 1",
        &Options::new(),
    )
    .expect("a position");
    assert_eq!(g.position_text().split(' ').nth(2), Some("K"));
}

// ---- promotion ----

#[test]
fn chess_like_pawn_must_promote_entering_the_zone() {
    let g = game("Kf0 ke9 Pc6", "w");
    assert_eq!(
        from_cell(&g, "c6"),
        vec!["c6c7b", "c6c7l", "c6c7n", "c6c7q", "c6c7r"]
    );
    let with_lion = game("Kf0 ke9 Pc6 Lj0", "w");
    assert!(!legal(&with_lion, "c6c7l") && legal(&with_lion, "c6c7q"));
    let inside = game("Kf0 ke9 Pc7", "w");
    assert!(
        !legal(&inside, "c7c8") && legal(&inside, "c7c8q"),
        "ruling 3"
    );
    let before_zone = game("Kf0 ke9 Pc5", "w");
    assert_eq!(from_cell(&before_zone, "c5"), vec!["c5c6"]);
    let rook = game("Kf0 ke9 Rc6", "w");
    assert!(legal(&rook, "c6c7") && !texts(&rook).iter().any(|t| t.ends_with('+')));
}

#[test]
fn chess_like_black_promotes_in_ranks_2_to_0() {
    let g = game("Kf0 ke9 pc3", "b");
    assert!(legal(&g, "c3c2q") && !legal(&g, "c3c2"));
}

#[test]
fn shogi_like_pieces_may_crown_on_moves_touching_the_zone() {
    let shogi = ["promotion=shogi"];
    let g = game_with("Kf0 ke9 Pc6 Ra6 Bh5 Nd5", "w", &shogi);
    assert!(
        legal(&g, "c6c7+") && legal(&g, "c6c7"),
        "optional for a Pawn"
    );
    assert!(legal(&g, "a6a8+") && legal(&g, "a6a8"));
    assert!(
        !legal(&g, "a6a5+"),
        "a move outside the zone does not crown"
    );
    assert!(legal(&g, "h5j7+"));
    assert!(legal(&g, "d5e7+"), "a Knight becomes a Lion");
    let mut crowned = g.clone();
    play(&mut crowned, "d5e7+");
    assert_eq!(kind_at(&crowned, "e7"), Some(PieceKind::Lion));
    let mut p = g.clone();
    play(&mut p, "c6c7+");
    assert_eq!(kind_at(&p, "c7"), Some(PieceKind::Commoner));
    let mut r = g.clone();
    play(&mut r, "a6a8+");
    assert_eq!(kind_at(&r, "a8"), Some(PieceKind::CrownedRook));
    let leaving = game_with("Kf0 ke9 Ra8", "w", &shogi);
    assert!(
        legal(&leaving, "a8a1+"),
        "a move starting in the zone may crown"
    );
    let with_lion = game_with("Kf0 ke9 Nd5 Lj0", "w", &shogi);
    assert!(!legal(&with_lion, "d5e7+") && legal(&with_lion, "d5e7"));
    let never = game_with("Kf0 ke9 Qa6 Ma7 +Rc7", "w", &shogi);
    assert!(!texts(&never).iter().any(|t| t.ends_with('+')));
}

#[test]
fn shogi_like_pawn_must_promote_on_the_last_rank() {
    let g = game_with("Kf0 ke9 Pc8", "w", &["promotion=shogi"]);
    assert_eq!(from_cell(&g, "c8"), vec!["c8c9+"]);
}

// ---- the end ----

#[test]
fn checkmate_wins() {
    let g = game("Ka0 ke9 ra5 rb6", "w");
    let out = g.outcome().expect("the game is over");
    assert_eq!(out.reason, EndReason::Checkmate);
    assert_eq!(out.winner, Some(Seat::BLACK));
    let escape = game("Ka0 ke9 ra5 rc6", "w");
    assert_eq!(escape.outcome(), None);
}

#[test]
fn stalemate_is_a_draw() {
    let g = game("Ka0 ke9 rb5 qc1", "w");
    let out = g.outcome().expect("the game is over");
    assert_eq!(out.reason, EndReason::Stalemate);
    assert_eq!(out.winner, None);
}

#[test]
fn threefold_repetition_draws_when_on() {
    for (opts, expected) in [
        (&[][..], Some(EndReason::Repetition)),
        (&["repetition=off"][..], None),
    ] {
        let mut g = game_with("Kf0 ke9 Ma0 ma9", "w", opts);
        for _ in 0..2 {
            for m in ["a0a1", "a9a8", "a1a0", "a8a9"] {
                play(&mut g, m);
            }
        }
        assert_eq!(g.outcome().map(|o| o.reason), expected);
    }
}

#[test]
fn hundred_half_moves_draw_when_on() {
    let text = fen("Kf0 ke9 Ma0 ma9", "w", "- - 99 60");
    let mut g = Chu::from_fen(&text, &Options::new()).expect("a position");
    assert_eq!(g.outcome(), None);
    play(&mut g, "a0a1");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::FiftyMoves));
    let mut off = Chu::from_fen(&text, &options(&["fifty_moves=off"])).expect("a position");
    play(&mut off, "a0a1");
    assert_eq!(off.outcome(), None);
    let mut pawn = Chu::from_fen(&fen("Kf0 ke9 Pa2 ma9", "w", "- - 99 60"), &Options::new())
        .expect("a position");
    play(&mut pawn, "a2a3");
    assert_eq!(pawn.outcome(), None, "a Pawn move resets the count");
}

#[test]
fn bare_kings_draw_when_on() {
    let g = game("Kf0 ke9", "w");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Material));
    let off = game_with("Kf0 ke9", "w", &["bare_kings=off"]);
    assert_eq!(off.outcome(), None);
    let more = game("Kf0 ke9 Pa2", "w");
    assert_eq!(more.outcome(), None);
}

#[test]
fn a_move_may_not_leave_the_own_king_in_check() {
    let g = game("Ke0 ke9 Re3 re8", "w");
    assert!(legal(&g, "e3e5") && !legal(&g, "e3a3"));
    let lion_check = game("Kf0 ke9 lf2 Ma5", "w");
    assert!(lion_check.in_check(), "a Lion two cells away gives check");
}

#[test]
fn promotion_mode_is_part_of_the_hash() {
    let chess = game("Kf0 ke9 Pc2", "w");
    let shogi = game_with("Kf0 ke9 Pc2", "w", &["promotion=shogi"]);
    assert_ne!(chess.hash(), shogi.hash());
}
