//! Tests of the sphere at the table: the cursor by arrows, numbers and
//! names, the globe turned, whole games on the list alone and on the map
//! alone, and the computer-move key.

use super::tests::{cell, keys, p, table_app};
use super::*;
use crate::ui::table::Player;
use catboard::core::{Game, Move};
use catboard::variants::Variant;

#[test]
#[ignore]
fn find_helpmate() {
    let app = table_app(Variant::Polar, vec![Player::Human; 2]);
    let mut game = p(&app).table.game().clone();
    fn dfs(g: &mut catboard::variants::AnyGame, depth: u32, line: &mut Vec<Move>) -> bool {
        if depth == 0 {
            return g.outcome().is_some() && g.in_check() && g.legal_move_list().is_empty();
        }
        let moves: Vec<Move> = g.legal_move_list().iter().copied().collect();
        for m in moves {
            g.make_move(m);
            line.push(m);
            if dfs(g, depth - 1, line) {
                return true;
            }
            line.pop();
            g.unmake_move();
        }
        false
    }
    for depth in 1..=5 {
        let mut line = Vec::new();
        if dfs(&mut game, depth, &mut line) {
            let mut g = p(&app).table.game().clone();
            let mut words = Vec::new();
            for m in line {
                words.push(g.move_notation(m));
                g.make_move(m);
            }
            println!("MATE {depth}: {words:?}");
            return;
        }
        println!("none at {depth}");
    }
}
