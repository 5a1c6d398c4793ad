//! BacCanCat: refills, promotions, castling and cathedralling, check,
//! the mates, passing, the endings and the points, one test (or more) per
//! rule and ruling of `docs/rules/baccancat.md`, each on a hand-built
//! position.

use crate::support::baccancat::{CORNERS, KINGS, game, moves_from, play, position, strs};
use crate::support::legal_texts;
use catboard::core::{EndReason, Game, PieceKind, Seat};
use catboard::variants::baccancat::BacCanCat;
use catboard::variants::baccancat::state::Cause;

fn kind_at(g: &BacCanCat, cell: &str) -> Option<(u8, PieceKind)> {
    let c = g.geometry().cell(cell).expect("a cell");
    g.piece_at(c).map(|p| (p.seat().0, p.kind()))
}

/// The position text's field `i` (0 placement … 7 leapers).
fn field(g: &BacCanCat, i: usize) -> String {
    g.position_text()
        .split(' ')
        .nth(i)
        .unwrap_or("")
        .to_string()
}

fn out_of(g: &BacCanCat) -> Vec<(u8, u8)> {
    g.position()
        .knocked_out()
        .iter()
        .map(|k| match k.cause {
            Cause::MatedBy(by) => (k.army.0, by.0),
            Cause::Left(_) => (k.army.0, u8::MAX),
        })
        .collect()
}

const RED: u8 = 0;
const ORANGE: u8 = 1;
const GREEN: u8 = 2;
const BLUE: u8 = 3;

// ----- Refills --------------------------------------------------------

#[test]
fn an_emptied_camp_edge_is_refilled_with_pawns_but_not_the_corner() {
    let mut g = game(&position(
        "rK@ee rN@ac rR@ca oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "r - - - Q8 0 1",
    ));
    play(&mut g, &["ca-ch"]);
    for c in ["ba", "ca", "da", "ea", "fa"] {
        assert_eq!(kind_at(&g, c), Some((RED, PieceKind::Pawn)), "{c}");
    }
    assert_eq!(kind_at(&g, "aa"), None, "the corner stays empty");
    assert_eq!(
        field(&g, 4),
        "ba,ca,da,ea,fa",
        "refill pieces may double-step"
    );
}

#[test]
fn an_emptied_camp_diagonal_is_refilled_with_yeomen_corner_included() {
    let mut g = game(&position(
        "rK@gc rN@ab rN@ba rB@cc oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "r - - - Q8 0 1",
    ));
    play(&mut g, &["cc-ae"]);
    for c in ["aa", "bb", "cc", "dd", "ee", "ff"] {
        assert_eq!(kind_at(&g, c), Some((RED, PieceKind::Yeoman)), "{c}");
    }
}

#[test]
fn another_armys_move_can_set_off_a_refill() {
    let mut g = game(&position(
        "rK@ee rN@ac oR@ca oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "o - - - Q8 0 1",
    ));
    play(&mut g, &["ca-ch"]);
    assert_eq!(kind_at(&g, "ba"), Some((RED, PieceKind::Pawn)));
}

#[test]
fn refill_pieces_double_step_only_while_short_of_the_original_cell() {
    let g = game(&position(
        "rK@ge rP@ba rP@ea rP@fb rP@af rY@cc gY@cd oK@el gK@ll bK@le rB@aa oB@ap gB@pp bB@pa",
        "r - - ba,ea,fb,af,cc - 0 1",
    ));
    assert_eq!(moves_from(&g, "ba"), strs(&["ca", "da"]));
    assert_eq!(
        moves_from(&g, "ea"),
        strs(&["fa", "ga"]),
        "may pass the Pawn cell"
    );
    assert_eq!(
        moves_from(&g, "fb"),
        strs(&["gb"]),
        "level with the Pawn cell: single"
    );
    assert_eq!(
        moves_from(&g, "af"),
        strs(&["ag"]),
        "the Pawn cell itself: single"
    );
    assert_eq!(
        moves_from(&g, "cc"),
        strs(&["dd", "ee", "cd"]),
        "a Yeoman too"
    );
    let g = game(&position(
        "rK@ge rP@ba rY@cc oK@el gK@ll bK@le rB@aa oB@ap gB@pp bB@pa",
        "r - - - - 0 1",
    ));
    assert_eq!(moves_from(&g, "ba"), strs(&["ca"]), "not a refill piece");
    assert_eq!(moves_from(&g, "cc"), strs(&["dd"]));
}

#[test]
fn a_double_step_keeps_the_right_and_a_capture_loses_it() {
    let mut g = game(&position(
        "rK@ee rP@ba rP@ca gY@db rB@aa oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "r - - ba,ca - 0 1",
    ));
    play(&mut g, &["ca-ea"]);
    assert_eq!(field(&g, 4), "ba,ea");
    let mut g = game(&position(
        "rK@ee rP@ba rP@ca gY@db rB@aa oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "r - - ba,ca - 0 1",
    ));
    play(&mut g, &["ca-db"]);
    assert_eq!(field(&g, 4), "ba", "the capturing Pawn is fresh no more");
}

#[test]
fn a_refill_that_shields_the_king_makes_the_move_legal() {
    // Orange's Rook on ad would see Red's King on hd once dd empties, but
    // the Yeomen refilling Red's diagonal close the line again.
    let text = position(
        "rK@hd rN@dd rN@ab rN@ba oR@ad oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "r - - - Q8 0 1",
    );
    assert_eq!(moves_from(&game(&text), "dd").len(), 8);
    let pinned = position(
        "rK@hd rN@dd rY@ff rN@ab rN@ba oR@ad oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "r - - - Q8 0 1",
    );
    assert!(
        moves_from(&game(&pinned), "dd").is_empty(),
        "no refill: pinned"
    );
}

#[test]
fn an_elimination_refills_camps_it_empties_but_never_the_camp_of_an_army_out() {
    // Red's Knight unmasks Orange's Rook on Green's King: Green is mated at
    // once; its Knight was all that stood on Red's bottom edge.
    let mut g = game(&position(
        "rK@ee rN@ac rN@jl gN@ca oR@hl oK@el gK@ll bK@le oB@ap gB@pp bB@pa",
        "r - - - Q8 0 1",
    ));
    play(&mut g, &["jl-kn"]);
    assert_eq!(out_of(&g), vec![(GREEN, ORANGE)]);
    assert_eq!(g.to_move(), Seat(ORANGE), "the mating army then moves");
    assert_eq!(kind_at(&g, "ba"), Some((RED, PieceKind::Pawn)), "ruling 4");
    for c in ["pp", "oo", "ll", "op", "po"] {
        assert_eq!(kind_at(&g, c), None, "Green's camp is not refilled: {c}");
    }
    assert_eq!(
        field(&g, 5),
        "Q8,B1,N1,K1",
        "Green's pieces went into the Reserve"
    );
}

// ----- Promotion ------------------------------------------------------

#[test]
fn promotion_on_an_enemy_edge_is_forced_to_what_the_reserve_holds() {
    let text = position(
        &format!("{KINGS} {CORNERS} rP@oc rY@no"),
        "r - - - Q8,T2,G1,R1,N2,K1 0 1",
    );
    let g = game(&text);
    assert_eq!(
        moves_from(&g, "oc"),
        strs(&["pc=Q", "pc=T", "pc=G", "pc=R", "pc=N"])
    );
    assert_eq!(moves_from(&g, "no").len(), 5, "a Yeoman promotes as well");
    let mut g = game(&text);
    play(&mut g, &["oc-pc=T"]);
    assert_eq!(kind_at(&g, "pc"), Some((RED, PieceKind::Tank)));
    assert_eq!(field(&g, 5), "Q8,T1,G1,R1,N2,K1");
}

#[test]
fn promotion_with_only_pawns_and_yeomen_left_wins_at_once() {
    let mut g = game(&position(
        &format!("{KINGS} {CORNERS} rP@oc"),
        "r - - - K1 0 1",
    ));
    assert_eq!(moves_from(&g, "oc"), strs(&["pc"]));
    play(&mut g, &["oc-pc"]);
    let o = g.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Seat(RED)), EndReason::Promotion)
    );
    assert_eq!(g.position().half_points(), [12, 0, 0, 0]);
    assert!(legal_texts(&g).is_empty());
}

#[test]
fn capture_promotion_is_optional_and_needs_the_compound_in_the_reserve() {
    let pieces = format!("{KINGS} {CORNERS} rR@hj oB@hm rC@dh gA@dk rY@di rN@ih bM@jj rB@lj oR@nh");
    let g = game(&position(&pieces, "r - - - Q1,T1,G1 0 1"));
    let rook = moves_from(&g, "hj");
    assert!(
        rook.contains(&"hm".into()) && rook.contains(&"hm=Q".into()),
        "{rook:?}"
    );
    assert!(moves_from(&g, "dh").contains(&"dk=T".into()));
    assert!(moves_from(&g, "ih").contains(&"jj=G".into()));
    assert!(
        moves_from(&g, "lj").contains(&"nh=Q".into()),
        "Bishop takes Rook too"
    );
    let g = game(&position(&pieces, "r - - - T1 0 1"));
    assert_eq!(
        moves_from(&g, "hj")
            .iter()
            .filter(|m| m.contains('='))
            .count(),
        0,
        "no Queen in the Reserve"
    );
    assert!(!moves_from(&g, "ih").iter().any(|m| m.contains('=')));
}

#[test]
fn a_capture_takes_the_piece_out_of_the_game_and_a_promotion_draws_on_the_reserve() {
    let pieces = format!("{KINGS} {CORNERS} rR@hj oB@hm");
    let mut g = game(&position(&pieces, "r - - - Q1 0 1"));
    play(&mut g, &["hj-hm"]);
    assert_eq!(field(&g, 5), "Q1", "the Bishop taken is not in the Reserve");
    let mut g = game(&position(&pieces, "r - - - Q1 0 1"));
    play(&mut g, &["hj-hm=Q"]);
    assert_eq!(field(&g, 5), "-");
    assert_eq!(kind_at(&g, "hm"), Some((RED, PieceKind::Queen)));
    assert_eq!(field(&g, 3), "hm", "a Queen made by capture may castle");
}

// ----- Castling and cathedralling --------------------------------------

/// Red's King at home with the given pieces and partners, Red to move.
fn castle_game(pieces: &str, partners: &str) -> BacCanCat {
    game(&position(
        &format!("{KINGS} oB@ap gB@pp bB@pa rN@ab rN@ba {pieces}"),
        &format!("r - {partners} - Q8 0 1"),
    ))
}

fn castles(g: &BacCanCat) -> Vec<String> {
    let list = g.legal_move_list();
    let mut v: Vec<String> = list
        .iter()
        .filter(|m| m.kind == catboard::core::MoveKind::Castle)
        .map(|m| g.move_text(*m))
        .collect();
    v.sort();
    v
}

#[test]
fn king_castles_with_a_rook_three_or_four_cells_away_and_cathedrals_with_a_bishop() {
    let g = castle_game("rR@eb rR@ea rR@ae rB@bb rB@aa", "aa,bb,ea,eb,ae");
    assert_eq!(castles(&g), strs(&["ee-cc", "ee-ce", "ee-ec"]));
    let mut g = castle_game("rR@eb rR@ea rR@ae rB@bb rB@aa", "aa,bb,ea,eb,ae");
    play(&mut g, &["ee-ec"]);
    assert_eq!(
        kind_at(&g, "ed"),
        Some((RED, PieceKind::Rook)),
        "the eb Rook"
    );
    assert_eq!(kind_at(&g, "ea"), Some((RED, PieceKind::Rook)));
    let mut g = castle_game("rR@ea rB@aa", "aa,ea");
    play(&mut g, &["ee-ec"]);
    assert_eq!(
        kind_at(&g, "ed"),
        Some((RED, PieceKind::Rook)),
        "the ea Rook"
    );
    assert_eq!(kind_at(&g, "ea"), None);
    let mut g = castle_game("rB@aa", "aa");
    play(&mut g, &["ee-cc"]);
    assert_eq!(kind_at(&g, "dd"), Some((RED, PieceKind::Bishop)));
}

#[test]
fn castling_needs_an_unmoved_partner_on_a_line_of_its_kind_and_empty_cells_between() {
    assert!(
        castles(&castle_game("rR@eb rB@aa", "-")).is_empty(),
        "moved partners"
    );
    assert_eq!(castles(&castle_game("rR@eb rB@aa", "aa")), strs(&["ee-cc"]));
    assert!(
        castles(&castle_game("rR@bb rB@eb rB@aa", "bb,eb")).is_empty(),
        "Rooks castle only orthogonally, Bishops only diagonally"
    );
    assert!(
        castles(&castle_game("rR@ea rN@ec", "ea")).is_empty(),
        "a piece between"
    );
}

#[test]
fn a_capture_promoted_queen_castles_along_either_kind_of_line() {
    let g = castle_game("rQ@bb rQ@be", "bb,be");
    assert_eq!(castles(&g), strs(&["ee-cc", "ee-ce"]));
}

#[test]
fn the_king_may_castle_again_after_coming_home() {
    let mut g = castle_game("rR@eb rB@aa rY@gg oN@hn gN@nh bN@ma", "eb");
    play(
        &mut g,
        &[
            "ee-ef", "hn-jo", "nh-oj", "ma-nc", "ef-ee", "jo-hn", "oj-nh", "nc-ma",
        ],
    );
    assert_eq!(castles(&g), strs(&["ee-ec"]));
}

#[test]
fn no_castling_out_of_through_or_into_check() {
    // Out of: an Orange Rook on ge checks the King.
    assert!(castles(&castle_game("rR@eb rR@ae rB@bb oR@ge", "bb,eb,ae")).is_empty());
    // Through: an Orange Cannon over a Green screen hits ed, the cell crossed.
    let g = castle_game("rR@eb rR@ae rB@bb oC@jd gY@gd", "bb,eb,ae");
    assert_eq!(
        castles(&g),
        strs(&["ee-ce"]),
        "ruling 5: ed and dd are crossed"
    );
    // Into: the Cannon hits ec instead (a Knight on dc shields cc).
    let g = castle_game("rR@eb rR@ae rB@bb rN@dc oC@jc gY@gc", "bb,eb,ae");
    assert_eq!(castles(&g), strs(&["ee-cc", "ee-ce"]));
}

// ----- Check, mates, passing -----------------------------------------

#[test]
fn any_other_army_gives_check() {
    for attacker in ["oR@ge", "gR@ge", "bR@ge"] {
        let g = game(&position(
            &format!("{KINGS} {CORNERS} {attacker}"),
            "r - - - Q8 0 1",
        ));
        assert!(g.in_check(), "{attacker}");
        let ee = g.geometry().cell("ee").expect("ee");
        assert!(g.annotations().checked.contains(ee));
        assert!(moves_from(&g, "ee").iter().all(|m| m != "fe" && m != "de"));
    }
}

#[test]
fn a_king_the_next_army_attacks_is_mated_at_once_and_its_pieces_go_into_the_reserve() {
    let mut g = game(&position(
        &format!("{KINGS} {CORNERS} rN@jl oR@hl gR@kp gT@np"),
        "r - - - Q8 0 1",
    ));
    play(&mut g, &["jl-kj"]);
    assert_eq!(out_of(&g), vec![(GREEN, ORANGE)]);
    assert_eq!(g.to_move(), Seat(ORANGE));
    assert_eq!(field(&g, 5), "Q8,T1,R1,B1,K1");
    assert_eq!(
        g.position().half_points(),
        [0, 0, 0, 0],
        "out of four scores 0"
    );
}

#[test]
fn several_kings_attacked_at_once_are_mated_together_in_turn_order() {
    // Orange's Knight already attacks Blue's King; Red's Knight unmasks
    // Orange's Rook on Green's King. Both go out, Green first.
    let mut g = game(&position(
        &format!("{KINGS} {CORNERS} rN@jl oR@hl oN@jf"),
        "r - - - Q8 0 1",
    ));
    play(&mut g, &["jl-kn"]);
    assert_eq!(out_of(&g), vec![(GREEN, ORANGE), (BLUE, ORANGE)]);
    assert_eq!(
        g.position().half_points(),
        [0, 0, 0, 2],
        "out of three scores 1"
    );
    assert_eq!(g.to_move(), Seat(ORANGE));
}

#[test]
fn mated_on_its_own_turn_credited_to_the_first_attacker_after_it() {
    // Orange's King in the corner, checked by Blue's Rook on the a-file, its
    // flight cells covered by Green's Rook on the b-file. Red moves; Orange
    // is mated on its own turn, credited to Blue (the first after Orange
    // that attacks its King); Green moves next.
    // Green's pieces on fp and fk keep Orange's top edge and diagonal from
    // refilling as the King steps off the corner.
    let pieces = "rK@ee oK@ap gK@ll bK@le rB@aa gB@pp bB@pa bR@ah gR@bh gN@fp";
    let mut g = game(&position(&format!("{pieces} gN@fk"), "r - - - Q8 0 1"));
    play(&mut g, &["ee-ef"]);
    assert_eq!(out_of(&g), vec![(ORANGE, BLUE)]);
    assert_eq!(g.to_move(), Seat(GREEN), "ruling 8");
    // With a Green Bishop on fk also attacking the King, Green is credited.
    let mut g = game(&position(
        &format!("{pieces} gB@fk rY@jg"),
        "r - - - Q8 0 1",
    ));
    play(&mut g, &["ee-ef"]);
    assert_eq!(out_of(&g), vec![(ORANGE, GREEN)]);
}

#[test]
fn an_army_with_no_legal_move_and_not_in_check_passes() {
    // The Green Knights on fp and fk keep Orange's top edge and diagonal
    // from refilling when the King steps off the corner (ruling 3).
    let pieces = "rK@ee oK@ap gK@ll bK@le rB@aa gB@pp bB@pa bR@bh gR@ho gN@fp gN@fk";
    let mut g = game(&position(pieces, "o - - - Q8 0 1"));
    assert!(!g.in_check());
    assert_eq!(legal_texts(&g), strs(&["pass"]));
    play(&mut g, &["pass"]);
    assert_eq!(g.to_move(), Seat(GREEN));
    assert_eq!(field(&g, 6), "1");
    assert!(
        g.parse_move("pass").is_err(),
        "Green has moves, so may not pass"
    );
}

#[test]
fn when_every_army_in_play_passes_in_a_row_the_points_left_are_shared() {
    // Green and Blue are out; Orange passed last turn; Red's King is boxed.
    let mut g = game(&position(
        "rK@aa oK@el oR@hb oR@bh oB@ap oN@fa oN@ff oN@af",
        "r gr,bo - - Q8 1 1",
    ));
    assert_eq!(legal_texts(&g), strs(&["pass"]));
    play(&mut g, &["pass"]);
    let o = g.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (None, EndReason::AllPassed));
    assert_eq!(
        g.position().half_points(),
        [5, 5, 0, 2],
        "2.5 each; Blue out of three: 1"
    );
}

// ----- Wins and points -------------------------------------------------

#[test]
fn the_third_mate_wins_and_points_go_zero_one_two_three() {
    let mut g = game(&position(
        "rK@ee rR@hg rR@bh rN@fp rN@fk oK@ap rB@aa",
        "r gr,bo - - Q8 0 1",
    ));
    play(&mut g, &["hg-ag"]);
    assert_eq!(
        out_of(&g),
        vec![(GREEN, RED), (BLUE, ORANGE), (ORANGE, RED)]
    );
    let o = g.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Seat(RED)), EndReason::ThirdMate)
    );
    assert_eq!(g.position().half_points(), [6, 4, 0, 2]);
}

#[test]
fn marriage_wins_with_six_points_or_four_after_one_mate() {
    let pieces = "oK@el gK@ll bK@le oB@ap gB@pp bB@pa rK@cg rQ@dg rT@ch rG@ej";
    let mut g = game(&position(pieces, "r - - - Q8 0 1"));
    play(&mut g, &["ej-dh"]);
    let o = g.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (Some(Seat(RED)), EndReason::Marriage));
    assert_eq!(g.position().half_points(), [12, 0, 0, 0]);
    let pieces = "rK@cg rQ@dg rT@ch rG@ej gK@ll bK@le gB@pp bB@pa";
    let mut g = game(&position(pieces, "r or - - Q8 0 1"));
    play(&mut g, &["ej-dh"]);
    assert_eq!(g.position().half_points(), [8, 0, 2, 2]);
}

#[test]
fn a_promotion_can_complete_a_marriage() {
    let mut g = game(&position(
        "oK@el gK@ll bK@le oB@ap gB@pp bB@pa rK@od rQ@pc rG@oc rP@oe bN@pd",
        "r - - - T1 0 1",
    ));
    play(&mut g, &["oe-pd=T"]);
    let o = g.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (Some(Seat(RED)), EndReason::Marriage));
}
