//! `catboard perft` and `catboard rules`: the tools that check the rules.

use catboard::core::{Game, MoveList, perft as count_leaves};
use catboard::protocol::rules::{self, RulesQuery};
use clap::Args;
use std::io::{BufRead, Write};
use std::time::Instant;

/// Where a tool starts: variant, position, moves, options.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The variant: chess or cat (Cat Chess).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The start position (FEN for chess, Cat FEN for cat); the usual start when absent.
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play first, in coordinate notation or SAN.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
    /// A rule option as key=value (e.g. fifty_moves=off); may be repeated.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl PositionArgs {
    fn query(&self) -> RulesQuery {
        RulesQuery {
            variant: self.variant.clone(),
            position: self.position.clone(),
            moves: self.moves.clone(),
            options: self.options.clone(),
        }
    }
}

/// Arguments of `catboard perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// How many plies deep to count.
    #[arg(long)]
    pub depth: u32,
    /// Print the count below each legal move first.
    #[arg(long)]
    pub divide: bool,
}

/// Arguments of `catboard rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Read JSON queries from standard input, one per line, and answer each.
    #[arg(long)]
    pub batch: bool,
}

/// Runs `catboard perft`: the last line printed is the node count alone;
/// the time taken goes to standard error.
pub fn perft(args: &PerftArgs) -> Result<(), String> {
    let mut game = rules::play_query(&args.at.query()).map_err(|e| e.0)?;
    let start = Instant::now();
    let out = std::io::stdout();
    let mut out = out.lock();
    let total = if args.divide && args.depth > 0 {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut lines: Vec<(String, u64)> = Vec::new();
        let mut total = 0;
        for &mv in moves.iter() {
            let text = game.move_text(mv);
            game.make_move(mv);
            let n = count_leaves(&mut game, args.depth - 1);
            game.unmake_move();
            total += n;
            lines.push((text, n));
        }
        lines.sort();
        for (text, n) in lines {
            let _ = writeln!(out, "{text}: {n}");
        }
        let _ = writeln!(out);
        total
    } else {
        count_leaves(&mut game, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft {} in {:.3} s ({:.1} million leaves per second)",
        args.depth,
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    let _ = writeln!(out, "{total}");
    Ok(())
}

/// Runs `catboard rules`, for one position or a batch on standard input.
pub fn rules(args: &RulesArgs) -> Result<(), String> {
    if !args.batch {
        let game = rules::play_query(&args.at.query()).map_err(|e| e.0)?;
        println!("{}", rules::describe(&game));
        return Ok(());
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("could not read line {} of the batch: {e}", n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        writeln!(out, "{}", rules::answer_line(&line))
            .and_then(|_| out.flush())
            .map_err(|e| format!("could not write an answer: {e}"))?;
    }
    Ok(())
}
