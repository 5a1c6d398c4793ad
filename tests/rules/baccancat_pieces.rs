//! BacCanCat: how every piece moves and captures, each on a hand-built
//! position (`docs/rules/baccancat.md`, "Pieces" and the leaper table).
//!
//! Test pieces stand on `hj`, from which no line or leap reaches a King.

use crate::support::baccancat::{CORNERS, KINGS, game, moves_from, position, strs};

/// A position with the four Kings at home, the corner Bishops keeping the
/// camps from refilling, and `pieces`; Red to move unless `rest` says otherwise.
fn with(pieces: &str, leapers: u8) -> catboard::variants::baccancat::BacCanCat {
    game(&position(
        &format!("{KINGS} {CORNERS} {pieces}"),
        &format!("r - - - Q8,T8,G8 0 {leapers}"),
    ))
}

#[test]
fn king_steps_one_cell_each_way_never_onto_its_own_pieces() {
    let g = game(&position(
        &format!("rK@hh rN@hi oP@gg oK@el gK@ll bK@le {CORNERS}"),
        "r - - - Q8,T8,G8 0 1",
    ));
    assert_eq!(
        moves_from(&g, "hh"),
        strs(&["gg", "gh", "gi", "hg", "ig", "ih", "ii"])
    );
}

#[test]
fn rook_slides_orthogonally_up_to_and_onto_the_first_enemy() {
    let g = with("rR@hj rN@hm gY@hf", 1);
    let m = moves_from(&g, "hj");
    assert_eq!(m.len(), 21, "{m:?}");
    for c in ["hk", "hl", "hf", "aj", "pj"] {
        assert!(m.contains(&c.to_string()), "{c} in {m:?}");
    }
    for c in ["hm", "he", "ik"] {
        assert!(!m.contains(&c.to_string()), "{c} not in {m:?}");
    }
}

#[test]
fn bishop_slides_diagonally() {
    let g = with("rB@hj gY@jh rN@fl", 1);
    let m = moves_from(&g, "hj");
    // NE 6 (ik..np), SE ii and the capture on jh, SW 7 (gi..ac), NW gk only.
    assert_eq!(m.len(), 6 + 2 + 7 + 1, "{m:?}");
    assert!(m.contains(&"jh".to_string()) && !m.contains(&"kg".to_string()));
    assert!(!m.iter().any(|c| c == "fl" || c == "hk"));
}

#[test]
fn queen_slides_both_ways() {
    let g = with("rQ@hj", 1);
    // 30 orthogonal cells and 6 + 8 + 7 + 6 diagonal ones.
    assert_eq!(moves_from(&g, "hj").len(), 30 + 27);
}

#[test]
fn cannon_moves_like_a_rook_and_captures_over_exactly_one_screen() {
    let g = with("rC@hj rN@hm bN@ho gY@hf oN@hc rY@kj bN@lj oN@mj gN@gj", 1);
    assert_eq!(
        moves_from(&g, "hj"),
        strs(&["hk", "hl", "ho", "hi", "hh", "hg", "hc", "ij", "jj", "lj"])
    );
}

#[test]
fn arrow_moves_like_a_bishop_and_captures_over_one_screen() {
    // NE: screen ik (own), capture jl; SE: ii empty, screen jh, nothing beyond
    // but an own piece; SW: enemy gi adjacent cannot be taken; NW: slides.
    let g = with("rA@hj rY@ik gN@jl gY@jh rN@lf gN@gi", 1);
    let m = moves_from(&g, "hj");
    assert!(m.contains(&"jl".to_string()), "{m:?}");
    assert!(!m.contains(&"gi".to_string()) && !m.contains(&"jh".to_string()));
    assert!(!m.contains(&"lf".to_string()) && !m.contains(&"kg".to_string()));
    assert_eq!(m.len(), 1 + 1 + 6, "jl, ii and the six NW cells: {m:?}");
}

#[test]
fn tank_hops_along_both_kinds_of_line() {
    let g = with("rT@hj gY@hf oN@hc gY@jh bN@lf", 1);
    let m = moves_from(&g, "hj");
    assert!(
        m.contains(&"hc".to_string()) && m.contains(&"lf".to_string()),
        "{m:?}"
    );
    assert!(!m.contains(&"hf".to_string()) && !m.contains(&"jh".to_string()));
    // Quiet: N 6, S 3, E 8, W 7, NE 6, SE 1, SW 7, NW 6; captures hc, lf.
    assert_eq!(m.len(), 6 + 3 + 8 + 7 + 6 + 1 + 7 + 6 + 2);
}

/// The number of leaps from `hj` on an empty neighbourhood.
fn leaps(letter: char, leapers: u8) -> usize {
    moves_from(&with(&format!("r{letter}@hj"), leapers), "hj").len()
}

#[test]
fn leapers_of_each_subvariant_leap_their_patterns() {
    // Each pattern gives 8 cells (4 for (0,3) and (3,3)) from hj on the 16 × 16 board,
    // except the (1,5) leap, of which hj reaches 8 too (files c/m, g/i; ranks e/o, i/k).
    let table = [
        (1, 'N', 8),
        (1, 'M', 8),
        (1, 'G', 16),
        (2, 'N', 8),
        (2, 'M', 8),
        (2, 'G', 16),
        (3, 'N', 12),
        (3, 'M', 12),
        (3, 'G', 24),
        (4, 'N', 16),
        (4, 'M', 16),
        (4, 'G', 32),
    ];
    for (leapers, letter, n) in table {
        assert_eq!(
            leaps(letter, leapers),
            n,
            "{letter} of sub-variant {leapers}"
        );
    }
    let knight = moves_from(&with("rN@hj", 1), "hj");
    assert_eq!(
        knight,
        strs(&["fi", "fk", "gh", "gl", "ih", "il", "ji", "jk"])
    );
    let zemel = moves_from(&with("rM@hj", 2), "hj");
    assert!(zemel.contains(&"io".to_string()) && zemel.contains(&"ci".to_string()));
}

#[test]
fn leapers_jump_over_pieces_and_capture_enemies() {
    let g = with("rN@hj rY@hk rY@gj rY@ij rY@hi gY@ih rP@jk", 1);
    let m = moves_from(&g, "hj");
    assert!(m.contains(&"ih".to_string()) && !m.contains(&"jk".to_string()));
}

#[test]
fn pawns_go_forward_on_their_side_of_the_long_diagonal_and_capture_diagonally() {
    // Red Pawn on hd (below Red's diagonal) goes right; on dh (above) goes up.
    let g = with("rP@hd rP@dh gY@ie oN@ic bN@di gY@ei", 1);
    assert_eq!(moves_from(&g, "hd"), strs(&["ic", "id", "ie"]));
    assert_eq!(
        moves_from(&g, "dh"),
        strs(&["ei"]),
        "blocked ahead, takes ei, not ci"
    );
    // A Pawn next to the diagonal never steps onto it: gf goes to hf, takes hg or he.
    let g = with("rP@gf gY@gg bN@hg", 1);
    assert_eq!(moves_from(&g, "gf"), strs(&["hf", "hg"]));
}

#[test]
fn pawns_of_every_army_go_away_from_their_corner() {
    let cases = [
        ("o", "oP@hm", "im", "below Orange's diagonal: right"),
        ("o", "oP@dg", "df", "beside Orange's edge: down"),
        ("g", "gP@hm", "gm", "Green: left"),
        ("g", "gP@mg", "mf", "Green: down"),
        ("b", "bP@hd", "gd", "Blue: left"),
        ("b", "bP@mk", "ml", "Blue: up"),
    ];
    for (side, piece, to, why) in cases {
        let g = game(&position(
            &format!("{KINGS} {CORNERS} {piece}"),
            &format!("{side} - - - Q8 0 1"),
        ));
        let from = &piece[3..];
        assert_eq!(moves_from(&g, from), strs(&[to]), "{why}");
    }
}

#[test]
fn yeomen_move_diagonally_away_and_capture_orthogonally() {
    let g = with("rY@hj gY@ik bN@ij oN@hk rN@gj", 1);
    assert_eq!(moves_from(&g, "hj"), strs(&["ij", "hk"]), "ik is blocked");
    let g = with("rY@hj oN@ik rN@gj", 1);
    assert_eq!(
        moves_from(&g, "hj"),
        Vec::<String>::new(),
        "no diagonal capture"
    );
    let g = game(&position(
        &format!("{KINGS} {CORNERS} bY@hj"),
        "b - - - Q8 0 1",
    ));
    assert_eq!(
        moves_from(&g, "hj"),
        strs(&["gk"]),
        "Blue's Yeomen go up-left"
    );
}
