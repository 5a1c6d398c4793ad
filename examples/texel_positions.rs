//! Positions from catboard's own self-play, for tuning the chess
//! evaluation (Texel's method: fit the evaluation to the games' results).
//!
//! ```sh
//! cargo run --release --example texel_positions -- GAMES NODES THREADS > positions.txt
//! ```
//!
//! Plays GAMES games of Master against itself at NODES nodes a move, each
//! from a line of `bench/openings-chess.txt` and two random plies more,
//! and writes every quiet position after the opening (side to move not in
//! check, its chosen move no capture or promotion) as `FEN;RESULT`, the
//! result from White's side: 1, 0.5 or 0. A game still going after 300
//! plies counts as a draw.

use catboard::ai::random::Rng;
use catboard::ai::{Limits, Searcher};
use catboard::core::{Game, Options, Seat};
use catboard::variants::chess::Chess;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

fn play(book: &[Vec<String>], number: usize, nodes: u64) -> Vec<String> {
    let mut game = Chess::new(&Options::new());
    for text in &book[number % book.len()] {
        if let Ok(mv) = game.parse_move(text) {
            game.make_move(mv);
        }
    }
    let mut rng = Rng::new(0x7E3E_1000 + number as u64);
    for _ in 0..2 {
        let moves = game.legal_move_list();
        if moves.is_empty() {
            break;
        }
        game.make_move(moves[rng.below(moves.len())]);
    }
    let stop = AtomicBool::new(false);
    let mut searchers = [Searcher::new(4), Searcher::new(4)];
    let limits = Limits::depth(64).with_nodes(nodes);
    let mut quiet = Vec::new();
    let winner = loop {
        if let Some(outcome) = game.outcome() {
            break outcome.winner;
        }
        if game.moves_played().len() >= 300 {
            break None;
        }
        let side = game.to_move().index() & 1;
        let thought = searchers[side].think(&game, &limits, &stop, |_| {});
        let Some(mv) = thought.best else { break None };
        if !game.in_check() && mv.promotion.is_none() && game.captured(mv).is_none() {
            quiet.push(game.position_text());
        }
        game.make_move(mv);
    };
    let result = match winner {
        Some(Seat::WHITE) => "1",
        Some(_) => "0",
        None => "0.5",
    };
    quiet
        .into_iter()
        .map(|fen| format!("{fen};{result}"))
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let nodes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3000);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string("bench/openings-chess.txt").unwrap_or_default();
    let book: Arc<Vec<Vec<String>>> = Arc::new(
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .collect(),
    );
    if book.is_empty() {
        eprintln!("texel_positions: run it from the repository (bench/openings-chess.txt)");
        std::process::exit(2);
    }
    let next = Arc::new(AtomicUsize::new(0));
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let workers: Vec<_> = (0..threads.max(1))
        .map(|_| {
            let (book, next, out) = (book.clone(), next.clone(), out.clone());
            std::thread::spawn(move || {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= games {
                        break;
                    }
                    let lines = play(&book, n, nodes);
                    let Ok(out) = out.lock() else { break };
                    let mut out = out.lock();
                    for l in lines {
                        let _ = writeln!(out, "{l}");
                    }
                    let _ = out.flush();
                    eprint!("\rgame {} of {games}", n + 1);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    eprintln!();
}
