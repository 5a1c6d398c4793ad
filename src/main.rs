//! The `catboard` command: play in the terminal, or use the rules tools.

mod cli;
#[cfg(test)]
mod golden;
mod line;
#[cfg(feature = "ssh")]
mod serve;
mod ui;
/// The session layer, a library of its own (`crates/session`) that every
/// front end here shares: `crate::session::…` names it.
use catboard_session as session;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// catboard: chess variants in the terminal, and the tools that check them.
#[derive(Parser, Debug)]
// The screen's options belong to no command or to the command: given
// before one (`catboard --glyphs ascii play`) they are refused, never
// silently dropped.
#[command(
    name = "catboard",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no subcommand: the setup screen (or --resume), and how it looks.
    #[command(flatten)]
    open: cli::play::OpenArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in the terminal, skipping the setup screen.
    Play(cli::play::PlayArgs),
    /// Play in plain sentences on standard input and output, for screen readers.
    Line(cli::play::LineArgs),
    /// Write a saved game (the last saved when none is named) as PGN.
    Export(cli::export::ExportArgs),
    /// Analyse a saved game (the last saved when none is named) or a PGN
    /// game: the PGN with evaluations, marked mistakes and each side's accuracy.
    #[command(alias = "analyze")]
    Analyse(cli::analyse::AnalyseArgs),
    /// Solve puzzles of a variant (--line for sentences), or make them
    /// (--mine) and check them again (--recheck).
    Puzzle(cli::puzzle::PuzzleArgs),
    /// Count the positions reachable in N moves (perft), to check move generation.
    Perft(cli::tools::PerftArgs),
    /// Print the rules' view of a position as JSON: legal moves, check, result.
    Rules(cli::tools::RulesArgs),
    /// Speak the XBoard/WinBoard engine protocol (CECP v2) on standard input and output.
    Xboard(cli::engine::XboardArgs),
    /// Speak the UCI engine protocol on standard input and output: chess, and
    /// the other variants through the option UCI_Variant.
    Uci,
    /// Search fixed positions and print nodes, time and nodes per second.
    Bench(cli::engine::BenchArgs),
    /// Speak the uci-cat line protocol: a Cat Chess move for whichever faction is to move.
    UciCat(cli::uci_cat::UciCatArgs),
    /// Let the computer play every seat for a number of games and count the wins.
    Selfplay(cli::selfplay::SelfplayArgs),
    /// Serve every game over SSH: a lobby, shared tables, spectators.
    #[cfg(feature = "ssh")]
    Serve(cli::serve::ServeArgs),
}

/// A safety net for code that prints with `println!` (which panics when
/// the print fails): the failure ends the program as a failed write does
/// elsewhere, quietly for a closed output, status 1 otherwise, without a
/// panic message.
fn end_quietly_on_failed_prints() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        match message.strip_prefix("failed printing to stdout: ") {
            Some(why) if why.contains("Broken pipe") => std::process::exit(0),
            Some(why) => {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "catboard: could not write the output: {why}."
                );
                std::process::exit(1)
            }
            None => previous(info),
        }
    }));
}

fn main() -> ExitCode {
    end_quietly_on_failed_prints();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to standard output, mistakes to standard
            // error (status 2), where the arguments clap repeats have their
            // control characters escaped; a closed output is not worth a
            // panic.
            if e.use_stderr() {
                use std::io::Write;
                let text = catboard::text::escaped_lines(&e.to_string());
                let _ = write!(std::io::stderr(), "{text}");
                return ExitCode::from(2);
            }
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    let result: Result<(), cli::Failure> = match cli.command {
        Some(Command::Perft(args)) => cli::tools::perft(&args),
        Some(Command::Rules(args)) => cli::tools::rules(&args),
        Some(Command::Play(args)) => cli::play::play(&args).map_err(Into::into),
        Some(Command::Line(args)) => cli::play::line(&args).map_err(Into::into),
        Some(Command::Export(args)) => cli::export::export(&args),
        Some(Command::Analyse(args)) => cli::analyse::analyse(&args),
        Some(Command::Puzzle(args)) => cli::puzzle::puzzle(&args),
        Some(Command::Xboard(args)) => cli::engine::xboard(&args),
        Some(Command::Uci) => cli::engine::uci(),
        Some(Command::Bench(args)) => cli::engine::bench(&args),
        Some(Command::UciCat(args)) => cli::uci_cat::uci_cat(&args),
        Some(Command::Selfplay(args)) => cli::selfplay::selfplay(&args).map_err(Into::into),
        #[cfg(feature = "ssh")]
        Some(Command::Serve(args)) => cli::serve::serve(&args),
        None => cli::play::open(&cli.open).map_err(Into::into),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
