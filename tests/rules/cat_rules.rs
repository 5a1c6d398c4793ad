//! Cat Chess, rule by rule (`docs/rules/cat-chess.md`): each test sets up
//! a position where the rule decides, and most have a twin position where
//! it does not, so the test fails if the rule is missing or misapplied.

use catboard::core::{EndReason, Game, Move, Outcome, PieceKind, Seat};
use catboard::variants::cat::{CATS, CatChess, START_FEN};

use crate::support::legal_texts;

/// A Cat FEN from pieces written `Ka1 ke8 Cd4` (letter then cell), the side
/// to move (`w`, `b`, `c`) and the other fields (`- - 0 1`).
fn fen(pieces: &str, side: &str, rest: &str) -> String {
    let mut grid = [['.'; 8]; 8];
    for word in pieces.split_whitespace() {
        let mut chars = word.chars();
        let letter = chars.next().expect("a piece letter");
        let file = chars.next().expect("a file") as usize - 'a' as usize;
        let rank = chars.next().expect("a rank") as usize - '1' as usize;
        grid[rank][file] = letter;
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in grid[rank] {
                if cell == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(cell);
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

/// The game at that position.
fn at(pieces: &str, side: &str) -> CatChess {
    at_with(pieces, side, "- - 0 1")
}

/// The game at that position, with castling, en passant and clocks given.
fn at_with(pieces: &str, side: &str, rest: &str) -> CatChess {
    let text = fen(pieces, side, rest);
    CatChess::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn can(game: &CatChess, text: &str) -> bool {
    legal_texts(game).iter().any(|m| m == text)
}

/// Plays moves given in coordinates (or SAN), each of which must be legal.
fn play(game: &mut CatChess, moves: &[&str]) {
    for text in moves {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position_text()));
        game.make_move(mv);
    }
}

fn cell(game: &CatChess, name: &str) -> catboard::core::Cell {
    game.geometry().cell(name).expect("a cell name")
}

fn names(game: &CatChess, cells: catboard::core::CellSet) -> Vec<String> {
    let mut v: Vec<String> = cells
        .iter()
        .map(|c| game.geometry().name(c).to_string())
        .collect();
    v.sort();
    v
}

fn cats_win(reason: EndReason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(CATS),
        reason,
    })
}

// ---- Board, seats and turns -------------------------------------------

#[test]
fn the_start_is_chess_with_cats_on_a4_and_h5_and_three_seats_in_turn() {
    let mut game = CatChess::new();
    assert_eq!(game.position_text(), START_FEN);
    assert_eq!(game.seat_names(), ["white", "black", "cats"]);
    for name in ["a4", "h5"] {
        let piece = game.piece_at(cell(&game, name)).expect("a Cat");
        assert_eq!((piece.seat(), piece.kind()), (CATS, PieceKind::Cat));
    }
    let mut seats = Vec::new();
    for mv in ["e2e4", "e7e5", "pass", "g1f3"] {
        seats.push(game.to_move());
        play(&mut game, &[mv]);
    }
    seats.push(game.to_move());
    assert_eq!(
        seats,
        [Seat::WHITE, Seat::BLACK, CATS, Seat::WHITE, Seat::BLACK]
    );
}

// ---- Zones ------------------------------------------------------------

/// The zones as rule 5 defines them, worked out here from the Cats' cells
/// in the position text: each Cat's cell and the eight around it, sorted.
fn zones_by_rule(game: &CatChess) -> Vec<String> {
    let text = game.position_text();
    let placement = text.split(' ').next().expect("a placement field");
    let mut cats = Vec::new();
    for (row, rank_text) in placement.split('/').enumerate() {
        let mut file = 0i32;
        for ch in rank_text.chars() {
            match ch.to_digit(10) {
                Some(n) => file += n as i32,
                None => {
                    if ch == 'C' {
                        cats.push((file, 7 - row as i32));
                    }
                    file += 1;
                }
            }
        }
    }
    let mut cells = Vec::new();
    for (cf, cr) in cats {
        for file in (cf - 1).max(0)..=(cf + 1).min(7) {
            for rank in (cr - 1).max(0)..=(cr + 1).min(7) {
                cells.push(format!("{}{}", (b'a' + file as u8) as char, rank + 1));
            }
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

#[test]
fn zones_are_each_cats_cell_and_its_neighbours_worked_out_after_every_move() {
    let mut game = CatChess::new();
    assert_eq!(
        names(&game, game.zones()),
        [
            "a3", "a4", "a5", "b3", "b4", "b5", "g4", "g5", "g6", "h4", "h5", "h6"
        ]
    );
    play(&mut game, &["e2e4", "e7e5", "a4b4"]);
    assert_eq!(
        names(&game, game.zones()),
        [
            "a3", "a4", "a5", "b3", "b4", "b5", "c3", "c4", "c5", "g4", "g5", "g6", "h4", "h5",
            "h6"
        ]
    );
    assert_eq!(names(&game, game.annotations().zones), zones_by_rule(&game));
    assert_eq!(names(&game, game.zones()), zones_by_rule(&game));
    game.unmake_move();
    assert_eq!(names(&game, game.zones()), zones_by_rule(&game));
    // Along a game where the Cats wander to the edges and corners.
    for ply in 0..120 {
        let moves = game.legal_move_list();
        let Some(&mv) = moves.get((ply * 7 + 3) % moves.len().max(1)) else {
            break;
        };
        game.make_move(mv);
        assert_eq!(
            names(&game, game.annotations().zones),
            zones_by_rule(&game),
            "at {}",
            game.position_text()
        );
    }
    assert!(!game.zones().contains(cell(&game, "c4")));
}

// ---- Disarmed pieces and the capture rule -----------------------------

#[test]
fn a_piece_in_a_zone_moves_but_never_captures() {
    // The Rook on d5 stands in the d4 Cat's zone; the Knight on d7 does not.
    let game = at("Ka1 kh1 Cd4 Ch8 Rd5 nd7", "w");
    assert!(game.is_disarmed(cell(&game, "d5")));
    assert!(can(&game, "d5d6"), "a quiet move in the zone");
    assert!(can(&game, "d5a5"), "a quiet move out of the zone");
    assert!(!can(&game, "d5d7"), "no capture from a zone");
    let armed = at("Ka1 kh1 Cd2 Ch8 Rd5 nd7", "w");
    assert!(can(&armed, "d5d7"));
}

#[test]
fn a_piece_in_a_zone_cannot_be_captured() {
    // The Rook on a5 is armed; the Knight on e5 stands in the d4 Cat's zone.
    let game = at("Ka1 kh1 Cd4 Ch8 Ra5 ne5", "w");
    assert!(!can(&game, "a5e5"));
    assert!(can(&game, "a5d5"), "the line is open up to the Knight");
    assert!(
        !can(&game, "a5f5"),
        "the disarmed Knight still blocks the line"
    );
    let outside = at("Ka1 kh1 Cd2 Ch8 Ra5 ne5", "w");
    assert!(can(&outside, "a5e5"));
}

#[test]
fn the_capture_rule_holds_for_pawns_kings_and_promotions() {
    // Pawn b7 may take a8 (outside any zone) but not c8 (in the d7 Cat's zone).
    let game = at("Ka1 kh1 Cd7 Cg4 Pb7 rc8 na8", "w");
    let promotions: Vec<String> = legal_texts(&game)
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    assert_eq!(
        promotions,
        [
            "b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r"
        ]
    );
    // The King on e4 stands in the f4 Cat's zone and may not take d4.
    let game = at("Ke4 kh8 Cf4 Ca8 pd4", "w");
    assert!(!can(&game, "e4d4") && can(&game, "e4d3"));
    let game = at("Ke4 kh8 Cg4 Ca8 pd4", "w");
    assert!(can(&game, "e4d4"));
}

#[test]
fn en_passant_is_refused_when_either_pawn_or_the_landing_cell_is_in_a_zone() {
    let base = "Ka1 kh8 Pe4 pd4";
    let rest = "- e3 0 1";
    assert!(can(&at_with(&format!("{base} Ca8 Ch1"), "b", rest), "d4e3"));
    for (cats, why) in [
        ("Cf2 Ca8", "the landing cell e3 is in a zone"),
        ("Cf5 Ca8", "the pawn taken on e4 is in a zone"),
        ("Cc5 Ca8", "the capturing pawn on d4 is in a zone"),
    ] {
        let game = at_with(&format!("{base} {cats}"), "b", rest);
        assert!(!can(&game, "d4e3"), "{why}");
    }
}

#[test]
fn only_black_can_ever_take_en_passant() {
    // White's double step: Black may take at once.
    let mut game = at("Ke1 ke8 Ca8 Ch1 Pd2 pe4", "w");
    play(&mut game, &["d2d4"]);
    assert_eq!(game.en_passant(), game.geometry().cell("d3"));
    assert!(can(&game, "e4d3"));
    // Black's double step: the Cats' turn comes between, and clears it.
    let mut game = at("Ke1 ke8 Ca8 Ch1 Pe5 pd7", "b");
    play(&mut game, &["d7d5"]);
    assert!(
        game.position_text().contains(" c - d6 "),
        "the field is set"
    );
    play(&mut game, &["pass"]);
    assert_eq!(game.en_passant(), None);
    assert!(!can(&game, "e5d6"));
}

// ---- Check ------------------------------------------------------------

#[test]
fn only_armed_pieces_give_check_and_disarmed_ones_still_block() {
    // The Rook on e2 stands in the d2 Cat's zone: no check.
    let game = at("Ka1 ke8 Cd2 Ch1 Re2", "b");
    assert!(!game.in_check());
    let game = at("Ka1 ke8 Cb2 Ch1 Re2", "b");
    assert!(game.in_check());
    // A disarmed Bishop between Rook and King blocks the line.
    let game = at("Ka1 ke8 Cd5 Ch1 Re1 be5", "b");
    assert!(!game.in_check());
    // A disarmed Knight attacks nothing: the King may step next to it.
    let game = at("Ka1 ke8 Cb4 Ch1 Nc5", "b");
    assert!(can(&game, "e8d7"));
    let game = at("Ka1 ke8 Ca4 Ch1 Nc5", "b");
    assert!(!can(&game, "e8d7"));
}

#[test]
fn a_king_in_a_zone_is_never_in_check() {
    // The Rook on e1 is armed and attacks e8, but e8 is in the d7 Cat's zone.
    let game = at("Ka1 ke8 Cd7 Ch1 Re1 pa7", "b");
    assert!(!game.in_check());
    assert!(
        can(&game, "a7a6"),
        "no need to answer a check that is not there"
    );
    let game = at("Ka1 ke8 Cc6 Ch1 Re1 pa7", "b");
    assert!(game.in_check());
    assert!(!can(&game, "a7a6"));
}

#[test]
fn a_king_may_step_onto_an_attacked_cell_inside_a_zone_but_not_outside() {
    // Rooks on d1 and f1 attack the d- and f-files; d8 and d7 are in the
    // c7 Cat's zone, f8 and f7 are not.
    let game = at("Ka1 ke8 Cc7 Ch3 Rd1 Rf1", "b");
    assert!(can(&game, "e8d8") && can(&game, "e8d7"));
    assert!(!can(&game, "e8f8") && !can(&game, "e8f7"));
}

#[test]
fn castling_may_not_cross_an_attacked_cell_even_inside_a_zone() {
    // f1 is attacked by the Rook on f8 and lies in the g2 Cat's zone: the
    // King may step there, but not castle across it.
    let game = at_with("Ke1 Rh1 kb8 rf8 Cg2 Ca5", "w", "K - 0 1");
    assert!(can(&game, "e1f1"));
    assert!(!can(&game, "e1g1"));
    let game = at_with("Ke1 Rh1 kb8 ra8 Cg2 Ca5", "w", "K - 0 1");
    assert!(can(&game, "e1g1"));
}

#[test]
fn castling_needs_the_king_out_of_check_where_a_zone_counts() {
    // The Rook on e8 attacks e1; in the d2 Cat's zone the King is not in
    // check and may castle, outside it the King may not.
    let game = at_with("Ke1 Rh1 kb8 re8 Cd2 Ca5", "w", "K - 0 1");
    assert!(!game.in_check() && can(&game, "e1g1"));
    let game = at_with("Ke1 Rh1 kb8 re8 Cb2 Ca5", "w", "K - 0 1");
    assert!(game.in_check() && !can(&game, "e1g1"));
}

#[test]
fn castling_rights_are_lost_as_in_chess_not_when_another_rook_leaves_the_a_file() {
    let mut game = at_with("Ke1 Ra1 Rh1 Ra3 ke8 ra8 rh8 Cd4 Ce5", "w", "KQkq - 0 1");
    play(&mut game, &["a3b3", "a8a7", "pass"]);
    assert!(
        game.position_text().contains(" KQk "),
        "{}",
        game.position_text()
    );
    play(&mut game, &["h1h8"]);
    assert!(
        game.position_text().contains(" Q "),
        "capturing h8 took k, moving h1 took K"
    );
}

#[test]
fn kings_are_never_captured_and_an_open_king_is_in_check_on_its_turn() {
    // The Cats walk away from the Rook on e2, which now attacks the King on e8.
    let mut game = at("Ka1 ke8 Cd2 Ch1 Re2", "c");
    play(&mut game, &["d2c2"]);
    assert!(!game.is_disarmed(cell(&game, "e2")));
    assert!(!can(&game, "e2e8"), "the King cannot be taken");
    assert!(can(&game, "e2e7"));
    assert!(game.annotations().checked.contains(cell(&game, "e8")));
    play(&mut game, &["a1a2"]);
    assert!(game.in_check());
    assert!(!can(&game, "e8e7"));
}

// ---- The Cats ---------------------------------------------------------

#[test]
fn a_cat_steps_like_a_king_onto_empty_cells_attacked_or_not_or_the_cats_pass() {
    let mut game = CatChess::new();
    play(&mut game, &["e2e4", "e7e5"]);
    assert_eq!(
        legal_texts(&game),
        [
            "a4a3", "a4a5", "a4b3", "a4b4", "a4b5", "h5g4", "h5g5", "h5g6", "h5h4", "h5h6", "pass"
        ]
    );
    // b3 is occupied: no step there; a3 is attacked by the Knight: a step is allowed.
    let game = at("Ka1 kh8 Ca4 Ch1 Pb3 Nb1", "c");
    assert!(!can(&game, "a4b3") && can(&game, "a4a3"));
    assert!(!can(&game, "a4a4"));
}

#[test]
fn the_cats_pass_changes_nothing_but_the_turn_and_the_clocks() {
    let mut game = CatChess::new();
    play(&mut game, &["g1f3", "g8f6"]);
    let before = game.position_text();
    play(&mut game, &["pass"]);
    let after = game.position_text();
    assert_eq!(before.split(' ').next(), after.split(' ').next());
    assert!(after.ends_with(" w KQkq - 3 2"), "{after}");
    assert!(game.moves_played().last().is_some_and(|m| m.is_pass()));
}

// ---- Endings ----------------------------------------------------------

#[test]
fn checkmate_wins_for_the_mating_side() {
    // Back-rank mate by White; Black to move.
    let game = at("Kg1 kh8 Ca1 Cb1 Ra8 pg7 ph7", "b");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Seat::WHITE),
            reason: EndReason::Checkmate
        })
    );
    // The same with a Cat beside the Rook: no check, no mate.
    let game = at("Kg1 kh8 Cb7 Cb1 Ra8 pg7 ph7", "b");
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_cats_step_can_re_arm_a_piece_and_mate() {
    // The Rook on a1 stands in the b2 Cat's zone; the Cat walks away.
    let mut game = at("Kh1 Pg2 Ph2 ra1 ke8 Cb2 Cf8", "c");
    assert_eq!(game.outcome(), None);
    play(&mut game, &["b2c3"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Seat::BLACK),
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn stalemate_of_white_or_black_is_a_win_for_the_cats() {
    let black = at("Kb6 ka8 Qc7 Ch1 Ch3", "b");
    assert!(!black.in_check());
    assert_eq!(black.outcome(), cats_win(EndReason::Stalemate));
    let white = at("ka3 Ka1 qc2 Ch8 Cf8", "w");
    assert_eq!(white.outcome(), cats_win(EndReason::Stalemate));
    // The Cats themselves are never stalemated: they can always pass.
    let cats = at("Ka1 kh8 Ca2 Cb2 Pa3 Pb3 Pc3 Pc2 Nc1 Nb1", "c");
    assert_eq!(legal_texts(&cats), ["pass"]);
    assert_eq!(cats.outcome(), None);
}

#[test]
fn a_hundred_turns_without_capture_or_pawn_move_count_the_cats_turns() {
    let mut game = at_with("Ka1 kh8 Ca4 Ch5 Rb2 rg7", "c", "- - 98 40");
    play(&mut game, &["pass"]);
    assert_eq!(game.outcome(), None);
    play(&mut game, &["b2b3"]);
    assert_eq!(game.outcome(), cats_win(EndReason::HundredTurns));
    // A capture or a pawn move sets the count back to zero.
    let mut game = at_with("Ka1 kh8 Ca4 Ch5 Pc2 rg7", "w", "- - 99 40");
    play(&mut game, &["c2c3"]);
    assert_eq!(game.halfmove_clock(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn checkmate_is_reported_before_the_hundred_turns() {
    let mut game = at_with("Kg1 kh8 Ca1 Cb1 Ra2 pg7 ph7", "w", "- - 99 60");
    play(&mut game, &["a2a8"]);
    assert_eq!(game.halfmove_clock(), 100);
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    let kings = at_with("Ka1 kh8 Ca4 Ch5", "w", "- - 100 60");
    assert_eq!(
        kings.outcome(),
        cats_win(EndReason::HundredTurns),
        "the hundred turns come before bare material"
    );
}

#[test]
fn the_third_time_a_placement_comes_with_the_same_side_to_move_the_cats_win() {
    let mut game = CatChess::new();
    let there_and_back = ["g1f3", "g8f6", "pass", "f3g1", "f6g8", "pass"];
    play(&mut game, &there_and_back);
    assert_eq!(game.outcome(), None, "the start has come twice");
    assert!(game.is_repeat());
    play(&mut game, &there_and_back[..5]);
    assert_eq!(game.outcome(), None);
    play(&mut game, &["pass"]);
    assert_eq!(game.outcome(), cats_win(EndReason::Repetition));
}

#[test]
fn repetition_ignores_castling_rights() {
    let mut game = CatChess::new();
    play(&mut game, &["g1f3", "g8f6", "pass"]);
    let cycle = [
        "h1g1", "h8g8", "pass", "g1h1", "g8h8", "pass", // the rights to castle short are gone
    ];
    play(&mut game, &cycle);
    assert!(game.position_text().contains(" Qq "), "the rights changed");
    assert_eq!(game.outcome(), None);
    play(&mut game, &cycle);
    assert_eq!(game.outcome(), cats_win(EndReason::Repetition));
}

#[test]
fn bare_kings_or_a_single_minor_piece_are_a_win_for_the_cats() {
    for pieces in ["Ka1 kh8", "Ka1 kh8 Bc1", "Ka1 kh8 nc6", "Ka1 kh8 Nb1"] {
        let game = at(&format!("{pieces} Ca4 Ch5"), "w");
        assert_eq!(game.outcome(), cats_win(EndReason::Material), "{pieces}");
    }
    for pieces in [
        "Ka1 kh8 Nb1 Nc1",
        "Ka1 kh8 Bc1 bc8",
        "Ka1 kh8 Pb2",
        "Ka1 kh8 Rb1",
    ] {
        let game = at(&format!("{pieces} Ca4 Ch5"), "w");
        assert_eq!(game.outcome(), None, "{pieces}");
    }
}

#[test]
fn a_capture_leaving_bare_material_ends_the_game_at_once() {
    let mut game = at("Ka1 kh8 Ca4 Ch5 Bc1 nd2", "w");
    play(&mut game, &["c1d2"]);
    assert_eq!(game.outcome(), cats_win(EndReason::Material));
}

// ---- Clocks and annotations -------------------------------------------

#[test]
fn the_fullmove_number_goes_up_after_the_cats_turn() {
    let mut game = CatChess::new();
    play(&mut game, &["e2e4", "g8f6"]);
    assert!(game.position_text().ends_with(" c KQkq - 1 1"));
    play(&mut game, &["h5h4"]);
    assert!(game.position_text().ends_with(" w KQkq - 2 2"));
}

#[test]
fn annotations_show_zones_disarmed_pieces_open_kings_and_the_turn_count() {
    let game = at_with("Ka1 ke8 Cd2 Cf7 Re2 Nc3 pe7 rb8", "c", "- - 37 20");
    let notes = game.annotations();
    assert_eq!(names(&game, notes.zones), zones_by_rule(&game));
    assert_eq!(names(&game, notes.disarmed), ["c3", "e2", "e7", "e8"]);
    assert!(notes.checked.is_empty());
    assert!(
        notes
            .notes
            .iter()
            .any(|n| n.label == "Hundred-turn count" && n.value.to_string() == "37 of 100")
    );
}

#[test]
fn unmaking_every_move_restores_every_field() {
    let mut game = CatChess::new();
    let mut texts = vec![game.position_text()];
    let moves = [
        "e2e4", "d7d5", "a4a3", "e4e5", "d5d4", "pass", "c2c4", "d4c3", "h5g5", "b1c3", "e8d7",
        "g5g4",
    ];
    for text in moves {
        play(&mut game, &[text]);
        texts.push(game.position_text());
    }
    let hash = game.hash();
    while game.unmake_move().is_some() {
        texts.pop();
        assert_eq!(Some(&game.position_text()), texts.last());
    }
    assert_eq!(game.moves_played(), &[] as &[Move]);
    play(&mut game, &moves);
    assert_eq!(game.hash(), hash);
}
