//! Chess perft of catboard and of cozy-chess (a bitboard move generator,
//! a dev-dependency) in one run, on the same machine at the same moment, so
//! that the ratio of their times is fair whatever else the machine is doing.
//!
//! ```sh
//! cargo run --release --example compare_perft            # perft(6), best of 3
//! cargo run --release --example compare_perft -- 5 5     # perft(5), best of 5
//! ```
//!
//! Both count the last ply by the length of the legal move list (bulk
//! counting) and make every other move on the board: catboard by
//! make/unmake on one game, cozy-chess by copying its board (its way).
//! Runs alternate between the two, so a burst of load hits both.

use catboard::core::{Options, perft};
use catboard::variants::chess::Chess;
use cozy_chess::Board;
use std::time::Instant;

/// cozy-chess's perft, counting the last ply by the move list's length.
fn cozy_perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let mut best = [f64::INFINITY; 2];
    let mut leaves = [0u64; 2];
    for run in 1..=runs {
        let mut game = Chess::new(&Options::new());
        let start = Instant::now();
        leaves[0] = perft(&mut game, depth);
        let ours = start.elapsed().as_secs_f64();
        let board = Board::default();
        let start = Instant::now();
        leaves[1] = cozy_perft(&board, depth);
        let theirs = start.elapsed().as_secs_f64();
        best[0] = best[0].min(ours);
        best[1] = best[1].min(theirs);
        println!(
            "run {run}: catboard {ours:.3} s, cozy-chess {theirs:.3} s, ratio {:.2}",
            ours / theirs
        );
    }
    assert_eq!(leaves[0], leaves[1], "the two perft counts differ");
    println!(
        "perft({depth}) = {} leaves; best of {runs}: catboard {:.3} s ({:.0} M leaves/s), \
         cozy-chess {:.3} s ({:.0} M leaves/s); ratio {:.2}",
        leaves[0],
        best[0],
        leaves[0] as f64 / best[0] / 1e6,
        best[1],
        leaves[1] as f64 / best[1] / 1e6,
        best[0] / best[1]
    );
}
