//! `catboard analyse`: an engine pass over a saved game or a game of a
//! PGN file, with a progress line on standard error (Esc or Ctrl-C stops
//! it, keeping what was done), the game written as PGN on standard
//! output with each ply's `[%eval …]` and each classed move's mark
//! (`?!`, `?`, `??`) and better move, and each seat's summary after it.
//! A saved game keeps its analysis in its file: analysed again by the
//! same analyst at the same budget, it goes on from what the file keeps
//! (nothing to do when that is the whole game).

use crate::cli::play::SaveArgs;
use crate::cli::{Failure, print_line};
use crate::session::pgn::{local_tags, pgn_game_of};
use crate::session::table::TableGame;
use catboard::analysis::annotate::{pgn_notes, summary_sentence};
use catboard::analysis::{
    Analyst, EngineAnalyst, GameAnalysis, OwnSearch, PlyBudget, Progress, Scale, pass, summary,
};
use catboard::core::{Game, Move};
use catboard::notation::pgn::{self, PgnGame};
use catboard::protocol::engine::{Engine, EngineSpec, Patience};
use catboard::variants::AnyGame;
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Arguments of `catboard analyse`.
#[derive(Args, Debug, Clone)]
pub struct AnalyseArgs {
    /// The saved game to analyse (a file of the saves folder); the game
    /// saved last when neither it nor --pgn is given.
    #[arg(value_name = "SAVE", conflicts_with = "pgn")]
    pub save: Option<PathBuf>,
    /// Analyse a game of a PGN file instead.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Which game of the PGN file, counted from 1.
    #[arg(long, value_name = "N", requires = "pgn", default_value_t = 1)]
    pub game: usize,
    /// Seconds of thought a position (0.2 by default).
    #[arg(long, value_name = "SECONDS", conflicts_with = "nodes")]
    pub time: Option<f64>,
    /// Nodes a position instead of a time (catboard's own search only).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Another engine to analyse with, `uci:COMMAND` or `xboard:COMMAND`
    /// (catboard's own search when absent).
    #[arg(long, value_name = "ENGINE", conflicts_with = "nodes")]
    pub engine: Option<String>,
    #[command(flatten)]
    pub saves: SaveArgs,
}

/// The longest time a position may be given, in seconds.
const MOST_SECONDS: f64 = 600.0;

/// The budget the arguments ask for.
fn budget(args: &AnalyseArgs) -> Result<PlyBudget, String> {
    if let Some(n) = args.nodes {
        if n == 0 || n > catboard::limits::GO_NODES.most {
            return Err(format!(
                "--nodes takes 1 to {}, not {n}.",
                catboard::limits::GO_NODES.most
            ));
        }
        return Ok(PlyBudget::Nodes(n));
    }
    match args.time {
        None => Ok(PlyBudget::DEFAULT),
        Some(s) if s.is_finite() && s > 0.0 && s <= MOST_SECONDS => {
            Ok(PlyBudget::Time(Duration::from_secs_f64(s)))
        }
        Some(s) => Err(format!(
            "--time takes more than 0 and at most {MOST_SECONDS} seconds, not {s}."
        )),
    }
}

/// The game to analyse, as PGN holds it, and the save it is of (with
/// the analysis that keeps) when it is a saved game.
fn game_of(args: &AnalyseArgs) -> Result<(PgnGame, Option<(PathBuf, TableGame)>), String> {
    if let Some(path) = &args.pgn {
        let text = pgn::read_file(path).map_err(|e| e.to_string())?;
        let game = pgn::read_game(&text, args.game)
            .map_err(|e| e.to_string())?
            .pgn;
        return Ok((game, None));
    }
    let (path, table) =
        crate::cli::export::saved_table(args.save.as_ref(), &args.saves, "analyse")?;
    let game = pgn_game_of(&table, local_tags(&table, &[], "????.??.??".into()));
    Ok((game, Some((path, table))))
}

/// The analysis the save keeps of its game (`start` then `moves`), when it
/// is `fresh`'s analyst's at `fresh`'s budget; else `fresh`. A record that
/// does not read back is said on standard error and set aside.
fn kept_analysis(
    save: Option<&(PathBuf, TableGame)>,
    start: &AnyGame,
    moves: &[Move],
    fresh: GameAnalysis,
) -> GameAnalysis {
    let Some(record) = save.and_then(|(_, table)| table.analysis_record()) else {
        return fresh;
    };
    match record.read(start, moves) {
        Ok(kept) if kept.by == fresh.by && kept.budget == fresh.budget => kept,
        Ok(_) => fresh,
        Err(why) => {
            eprintln!("{why} The game is analysed afresh.");
            fresh
        }
    }
}

/// The progress line: `Analysing: [######....] 12/81 positions, about 14 s left`.
pub fn progress_line(p: &Progress) -> String {
    const WIDTH: usize = 20;
    let filled = ((p.ratio() * WIDTH as f64).round() as usize).min(WIDTH);
    let left = p.left.map_or_else(String::new, |d| {
        format!(", about {} s left", d.as_secs_f64().ceil())
    });
    format!(
        "Analysing: [{}{}] {}/{} positions{left}",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        p.done,
        p.total
    )
}

/// Raises `stop` on Ctrl-C, and on Esc while standard input is a
/// terminal (read raw until the pass ends); the guard puts the terminal
/// back.
struct Stopper {
    raw: bool,
    done: Arc<AtomicBool>,
    keys: Option<std::thread::JoinHandle<()>>,
}

impl Stopper {
    fn new(stop: &Arc<AtomicBool>) -> Stopper {
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(stop));
        let done = Arc::new(AtomicBool::new(false));
        let raw = std::io::stdin().is_terminal()
            && std::io::stderr().is_terminal()
            && crossterm::terminal::enable_raw_mode().is_ok();
        let keys = raw.then(|| {
            let (stop, done) = (Arc::clone(stop), Arc::clone(&done));
            std::thread::spawn(move || {
                use crossterm::event::{self, Event, KeyCode, KeyModifiers};
                while !done.load(Ordering::Relaxed) {
                    if !event::poll(Duration::from_millis(100)).unwrap_or(false) {
                        continue;
                    }
                    if let Ok(Event::Key(k)) = event::read()
                        && (k.code == KeyCode::Esc
                            || (k.code == KeyCode::Char('c')
                                && k.modifiers.contains(KeyModifiers::CONTROL)))
                    {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            })
        });
        Stopper { raw, done, keys }
    }
}

impl Drop for Stopper {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(keys) = self.keys.take() {
            let _ = keys.join();
        }
        if self.raw {
            let _ = crossterm::terminal::disable_raw_mode();
        }
    }
}

/// Runs `catboard analyse`.
pub fn analyse(args: &AnalyseArgs) -> Result<(), Failure> {
    let budget = budget(args)?;
    let (mut game, save) = game_of(args)?;
    let start = game.start_game()?;
    let moves = game.moves.clone();
    let mut analyst: Box<dyn Analyst> = match &args.engine {
        None => Box::new(OwnSearch::new(budget)),
        Some(text) => {
            let spec = EngineSpec::parse(text).map_or_else(
                || {
                    Err(format!(
                        "--engine takes uci:COMMAND or xboard:COMMAND, not {}.",
                        catboard::text::quoted(text)
                    ))
                },
                |spec| spec.map_err(String::from),
            )?;
            let engine = Engine::start(&spec, Patience::default()).map_err(|e| e.to_string())?;
            let time = match budget {
                PlyBudget::Time(t) => t,
                PlyBudget::Nodes(_) => PlyBudget::DEFAULT.limits().time.unwrap_or_default(),
            };
            Box::new(EngineAnalyst {
                engine,
                options: game.options.clone(),
                time,
            })
        }
    };
    let fresh = GameAnalysis::new(analyst.name(), budget);
    let mut analysis = kept_analysis(save.as_ref(), &start, &moves, fresh);
    let stop = Arc::new(AtomicBool::new(false));
    let shown = std::io::stderr().is_terminal();
    let result = {
        let _stopper = Stopper::new(&stop);
        pass::run(
            &mut analysis,
            &start,
            &moves,
            analyst.as_mut(),
            &stop,
            |p| {
                if shown {
                    let _ = write!(std::io::stderr(), "\r\x1b[2K{}", progress_line(&p));
                }
            },
        )
    };
    if shown {
        let _ = writeln!(std::io::stderr(), "\r");
    }
    result?;
    if let Some((path, table)) = &save {
        crate::session::analysing::keep_in_save(path, table, &analysis, &start, &moves)?;
    }
    let complete = analysis.is_complete(moves.len());
    game.notes = pgn_notes(&analysis, &start, &moves);
    let text = pgn::write(&game)?;
    print_line(text.trim_end())?;
    let verdicts = analysis.verdicts(&moves, Scale::of(game.variant));
    let mut said = Vec::new();
    if !complete {
        said.push(format!(
            "Stopped: {} of {} positions analysed.",
            analysis.positions.len(),
            moves.len() + 1
        ));
    }
    for s in summary(&verdicts, start.seat_names().len()) {
        said.push(summary_sentence(&start, &s));
    }
    let mut err = std::io::stderr();
    for line in said {
        let _ = writeln!(err, "{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_fills_its_bar_and_says_the_time_left() {
        let p = Progress {
            done: 20,
            total: 80,
            elapsed: Duration::from_secs(4),
            left: Some(Duration::from_millis(12_100)),
        };
        assert_eq!(
            progress_line(&p),
            "Analysing: [#####...............] 20/80 positions, about 13 s left"
        );
        let first = Progress {
            done: 0,
            left: None,
            ..p
        };
        assert_eq!(
            progress_line(&first),
            "Analysing: [....................] 0/80 positions"
        );
    }
}
