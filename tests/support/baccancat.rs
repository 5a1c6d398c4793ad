//! Helpers for the BacCanCat tests: a position text from a list of pieces.

use catboard::core::{Game, Move};
use catboard::variants::baccancat::BacCanCat;

/// A placement from pieces written `rK@ee` (army letter, piece letter,
/// cell), separated by spaces.
pub fn placement(pieces: &str) -> String {
    let mut grid: Vec<Vec<String>> = vec![vec![String::new(); 16]; 16];
    for token in pieces.split_whitespace() {
        let (piece, cell) = token.split_once('@').expect("piece@cell");
        let b = cell.as_bytes();
        let (file, rank) = ((b[0] - b'a') as usize, (b[1] - b'a') as usize);
        assert!(grid[rank][file].is_empty(), "two pieces on {cell}");
        grid[rank][file] = piece.to_string();
    }
    let mut ranks = Vec::new();
    for rank in (0..16).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for piece in &grid[rank] {
            if piece.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s += piece;
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    ranks.join("/")
}

/// A position text: `pieces` as for [`placement`], then the other seven
/// fields as written (`"r - - - Q8,T8,G8 0 1"`).
pub fn position(pieces: &str, rest: &str) -> String {
    format!("{} {}", placement(pieces), rest)
}

/// Four Kings at home and nothing else, each boxed so that nothing
/// refills: these stand on no camp line.
pub const KINGS: &str = "rK@ee oK@el gK@ll bK@le";

/// Camp lines kept occupied so that no refill happens: one piece on each
/// army's two edges and diagonal, away from the action (the corner cells).
pub const CORNERS: &str = "rB@aa oB@ap gB@pp bB@pa";

/// A game from a position text, which must be valid.
pub fn game(text: &str) -> BacCanCat {
    match BacCanCat::from_text(text) {
        Ok(g) => g,
        Err(e) => panic!("bad test position {text}: {e}"),
    }
}

/// Plays moves written in the oracle's notation, each of which must be legal.
pub fn play(game: &mut BacCanCat, moves: &[&str]) {
    for text in moves {
        let mv: Move = match game.parse_move(text) {
            Ok(m) => m,
            Err(e) => panic!("{text} should be legal in {}: {e}", game.position_text()),
        };
        game.make_move(mv);
    }
}

/// `texts` as owned strings, sorted: what [`moves_from`] and
/// [`super::legal_texts`] are compared with.
pub fn strs(texts: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The moves of the piece on `from`, as destinations (with `=X`), sorted.
pub fn moves_from(game: &BacCanCat, from: &str) -> Vec<String> {
    super::legal_texts(game)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&format!("{from}-")).map(str::to_string))
        .collect()
}
