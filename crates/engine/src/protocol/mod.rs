//! Text protocols for other programs: the JSON rules oracle, the XBoard
//! and UCI engine protocols, and `uci-cat` for Cat Chess players; and the
//! client that plays other engines over UCI and XBoard ([`engine`]).

pub mod engine;
pub mod position_line;
pub mod read_ahead;
pub mod rules;
pub mod uci;
pub mod uci_cat;
pub mod xboard;

use crate::core::{Game, Move};

/// The moves of a line of play from `game`, each as the engine protocols
/// write it (`e2e4`, a Lion's `e1f2,f2g3`).
pub fn line_texts<G: Game>(game: &G, line: &[Move]) -> Vec<String> {
    let mut game = game.clone();
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        texts.push(game.move_text(mv));
        game.make_move(mv);
    }
    texts
}
