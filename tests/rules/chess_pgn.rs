//! PGN export: tags, numbered SAN movetext, result, and the FEN tag for a
//! game that did not start from the opening array.

use catboard::core::{Game, Options};
use catboard::notation::pgn::{PgnTags, export};
use catboard::variants::chess::{Chess, START_FEN};

fn moves_of(g: &Chess, list: &[&str]) -> Vec<catboard::core::Move> {
    let mut g = g.clone();
    list.iter()
        .map(|m| {
            let mv = g.parse_move(m).expect("legal");
            g.make_move(mv);
            mv
        })
        .collect()
}

#[test]
fn pgn_of_a_finished_game() {
    let start = Chess::new(&Options::new());
    let moves = moves_of(&start, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let pgn = export(&start, &moves, START_FEN, &PgnTags::default());
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(!pgn.contains("[FEN"));
    assert!(
        pgn.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
        "{pgn}"
    );
}

#[test]
fn pgn_from_a_set_position_with_black_to_move() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40";
    let start = Chess::from_fen(fen, &Options::new()).expect("valid");
    let moves = moves_of(&start, &["Kd7", "e4"]);
    let pgn = export(&start, &moves, START_FEN, &PgnTags::default());
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"));
    assert!(pgn.contains("40... Kd7 41. e4 *"), "{pgn}");
}
