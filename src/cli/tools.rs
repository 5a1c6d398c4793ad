//! `catboard perft` and `catboard rules`: the tools that check the rules.

use super::{Failure, print_line};
use catboard::core::{Game, MoveList, perft as count_leaves};
use catboard::limits::PROTOCOL_LINE;
use catboard::protocol::read_ahead::{Line, read_line, too_long_words};
use catboard::protocol::rules::{self, RulesQuery};
use catboard::variants::Variant;
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Where a tool starts: variant, position, moves, options.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The variant: chess, cat (Cat Chess), chu (Chu Chess), polar (Polar chess) or baccancat.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The start position in the variant's position text (FEN for chess, Cat FEN for cat; docs/ has a page per game); the usual start when absent.
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
    /// How many plies deep to count: at most 9 for Chess, 7 for Cat Chess
    /// and Polar chess, 6 for Chu Chess and BacCanCat.
    #[arg(long)]
    pub depth: u64,
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
pub fn perft(args: &PerftArgs) -> Result<(), Failure> {
    let variant = Variant::from_id(&args.at.variant)?;
    let depth = catboard::limits::perft_depth(variant).check(args.depth)? as u32;
    let mut game = rules::play_query(&args.at.query())?;
    let start = Instant::now();
    let out = std::io::stdout();
    let mut out = out.lock();
    let total = if args.divide && depth > 0 {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut lines: Vec<(String, u64)> = Vec::new();
        let mut total = 0;
        for &mv in moves.iter() {
            let text = game.move_text(mv);
            game.make_move(mv);
            let n = count_leaves(&mut game, depth - 1);
            game.unmake_move();
            total += n;
            lines.push((text, n));
        }
        lines.sort();
        for (text, n) in lines {
            writeln!(out, "{text}: {n}").map_err(Failure::writing)?;
        }
        writeln!(out).map_err(Failure::writing)?;
        total
    } else {
        count_leaves(&mut game, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "{total}")
        .and_then(|_| out.flush())
        .map_err(Failure::writing)?;
    let _ = writeln!(
        std::io::stderr(),
        "perft {} in {:.3} s ({:.1} million leaves per second)",
        depth,
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// Runs `catboard rules`, for one position or a batch on standard input.
/// In a batch every line gets one answer line: a blank line is answered
/// `{"error": "Line N is empty."}`, a line that is not UTF-8 text
/// `{"error": "Line N is not UTF-8 text."}` and one longer than the
/// limits table's [`PROTOCOL_LINE`] `{"error": "Line N is ... bytes
/// long, more than the largest allowed, 1048576, and was skipped."}`
/// (never held whole), and the batch goes on.
pub fn rules(args: &RulesArgs) -> Result<(), Failure> {
    if !args.batch {
        let game = rules::play_query(&args.at.query())?;
        return print_line(rules::describe(&game));
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut buf = Vec::new();
    let mut number = 0u64;
    loop {
        let line = read_line(&mut input, &mut buf, PROTOCOL_LINE.most as usize).map_err(|e| {
            Failure::Refused(format!(
                "could not read line {} of the batch: {}.",
                number + 1,
                catboard::text::foreign(&e.to_string())
            ))
        })?;
        let Some(line) = line else { break };
        number += 1;
        let answer = match line {
            Line::Text(text) if text.trim().is_empty() => {
                rules::error_line(&format!("Line {number} is empty."))
            }
            Line::Text(text) => rules::answer_line(&text),
            Line::NotText => rules::error_line(&format!("Line {number} is not UTF-8 text.")),
            Line::TooLong(length) => {
                let mut words = too_long_words(number, length);
                words[..1].make_ascii_uppercase();
                rules::error_line(&format!("{words}."))
            }
        };
        writeln!(out, "{answer}")
            .and_then(|_| out.flush())
            .map_err(Failure::writing)?;
    }
    Ok(())
}
