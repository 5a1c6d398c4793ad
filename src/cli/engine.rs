//! `catboard xboard`, `catboard uci` and `catboard bench`: the computer
//! player as an engine for other programs, and its speed figures.

use super::Failure;
use super::bench_baseline::{self, Figures};
use catboard::ai::{Level, Limits, Searcher};
use catboard::core::{Game, Options, perft};
use catboard::limits::{self, HASH_MB, THINK_MS};
use catboard::protocol::xboard::Session;
use catboard::variants::Variant;
use clap::Args;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The bench's depth when none is given: 8, or the variant's deepest
/// when that is less (BacCanCat's 2).
const DEFAULT_BENCH_DEPTH: u64 = 8;

/// The bench's perft depth when none is given: 6, or the variant's
/// deepest when that is less.
const DEFAULT_BENCH_PERFT: u64 = 6;

/// Arguments of `catboard bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// The depth each bench position is searched to: 1 to 64 (BacCanCat
    /// 1 to 2); 8 (BacCanCat 2) when absent.
    #[arg(long)]
    pub depth: Option<u64>,
    /// Also play one move at every level on every position and print the time each took.
    #[arg(long)]
    pub levels: bool,
    /// Master's thinking time per move for `--levels`, in milliseconds
    /// (1 to 3600000).
    #[arg(long, default_value_t = catboard::ai::level::DEFAULT_THINK_MS)]
    pub think_ms: u64,
    /// The perft depth counted from the start position (0 to skip): at
    /// most 9 for Chess, 5 for Cat Chess, 4 for Chu Chess, Polar chess and
    /// BacCanCat; 6, or that most when less, when absent.
    #[arg(long)]
    pub perft: Option<u64>,
    /// The variant benched: chess, chu (Chu Chess), polar, baccancat, or
    /// cat for one move at every level on Cat Chess positions (and perft
    /// of its start), or all for every variant in turn.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Write every figure of this run to FILE (`name = value` lines), to
    /// compare later runs with.
    #[arg(long, value_name = "FILE")]
    pub save_baseline: Option<std::path::PathBuf>,
    /// Print every figure of this run next to the same figure in FILE
    /// (written by --save-baseline), with the change.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<std::path::PathBuf>,
}

/// Arguments of `catboard xboard`.
#[derive(Args, Debug)]
pub struct XboardArgs {
    /// Hash table size in MiB (1 to 1024).
    #[arg(long, default_value_t = 64)]
    pub hash_mb: u64,
    /// Play at a fixed level (a level's name below master, or an Elo:
    /// the nearest level) whatever the clock says; master (the default)
    /// thinks by the interface's clock.
    #[arg(long, default_value = "master")]
    pub level: Level,
    /// A Chu Chess rule option, as key=value (repeatable; the keys of
    /// `catboard rules --variant chu`): `promotion=shogi` makes `variant
    /// elven` promote Shogi-like (`b6b7+`), as the engine option
    /// `Promotion` does.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

/// Runs `catboard bench`: searches the fixed positions to a fixed depth and
/// prints nodes, time and nodes per second, then the perft figure.
pub fn bench(args: &BenchArgs) -> Result<(), Failure> {
    let variants: Vec<Variant> = if args.variant == "all" {
        Variant::ALL.to_vec()
    } else {
        vec![Variant::from_id(&args.variant).map_err(|e| e.to_string())?]
    };
    check_think_ms(args.think_ms)?;
    let mut settings = Vec::with_capacity(variants.len());
    for &variant in &variants {
        settings.push((variant, Checked::of(args, variant)?));
    }
    let baseline = match &args.baseline {
        Some(path) => Some(bench_baseline::read(path).map_err(Failure::Refused)?),
        None => None,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut figures = Figures::default();
    let mut benched = Ok(());
    for &(variant, checked) in &settings {
        if settings.len() > 1 {
            benched = benched.and_then(|()| writeln!(out, "\n{}", variant.name()));
        }
        benched = benched.and_then(|()| bench_variant(checked, variant, &mut figures, &mut out));
    }
    if let Some(baseline) = &baseline {
        benched = benched.and_then(|()| figures.compare(baseline, &mut out));
    }
    benched
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::Other if e.get_ref().is_some_and(|r| r.is::<BenchError>()) => {
                Failure::Refused(e.to_string())
            }
            _ => Failure::writing(e),
        })?;
    if let Some(path) = &args.save_baseline {
        figures.save(path).map_err(|e| {
            Failure::Refused(format!(
                "Cannot write the baseline {}: {}.",
                catboard::text::shown_path(path),
                catboard::text::foreign(&e.to_string())
            ))
        })?;
    }
    Ok(())
}

/// One variant's bench: its positions, levels and perft.
fn bench_variant(
    args: Checked,
    variant: Variant,
    figures: &mut Figures,
    out: &mut impl Write,
) -> io::Result<()> {
    let bench = Bench {
        args,
        variant,
        prefix: variant.id(),
    };
    let spec = variant.record().bench;
    if spec.searched {
        grid_bench(&bench, spec.positions, figures, out)
    } else {
        level_bench(&bench, spec.positions, figures, out)
    }
}

/// What one variant's bench is run with.
#[derive(Clone, Copy)]
struct Bench {
    args: Checked,
    variant: Variant,
    /// The start of the names of its figures (the variant's id).
    prefix: &'static str,
}

/// One variant's bench settings once checked against the limits table.
#[derive(Clone, Copy, Debug)]
struct Checked {
    depth: u32,
    levels: bool,
    think_ms: u64,
    perft: u32,
}

impl Checked {
    /// `args` for `variant`, each number within the variant's row of the
    /// limits table (a default is the variant's most when that is less),
    /// or the sentence refusing the first that is not.
    fn of(args: &BenchArgs, variant: Variant) -> Result<Checked, String> {
        let depth_limit = limits::bench_depth(variant);
        let depth = depth_limit
            .check(
                args.depth
                    .unwrap_or(DEFAULT_BENCH_DEPTH.min(depth_limit.most)),
            )
            .map_err(|e| e.to_string())?;
        let perft_limit = limits::bench_perft(variant);
        let perft = perft_limit
            .check(
                args.perft
                    .unwrap_or(DEFAULT_BENCH_PERFT.min(perft_limit.most)),
            )
            .map_err(|e| e.to_string())?;
        Ok(Checked {
            depth: depth as u32,
            levels: args.levels,
            think_ms: args.think_ms,
            perft: perft as u32,
        })
    }
}

/// A bench position that could not be set up (a mistake in the table).
#[derive(Debug)]
struct BenchError(String);

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BenchError {}

/// The error for a bench position `name` that did not set up.
fn bad_position(name: &str, e: impl std::fmt::Display) -> io::Error {
    io::Error::other(BenchError(format!("bench position {name}: {e}")))
}

/// `catboard bench` for a two-seat variant: its fixed `positions` searched
/// to a depth, then the levels and perft to `--perft` if asked.
fn grid_bench(
    bench: &Bench,
    positions: &[(&str, &str)],
    figures: &mut Figures,
    out: &mut impl Write,
) -> io::Result<()> {
    let (args, variant, prefix) = (bench.args, bench.variant, bench.prefix);
    let perft_depth = args.perft;
    let stop = AtomicBool::new(false);
    let options = Options::new();
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    writeln!(
        out,
        "{:<14} {:>5} {:>10} {:>9} {:>11}  best",
        "position", "depth", "nodes", "ms", "nodes/s"
    )?;
    for (name, fen) in positions {
        let game = variant
            .from_position(fen, &options)
            .map_err(|e| bad_position(name, e))?;
        let mut searcher = Searcher::new(16);
        let start = Instant::now();
        let thought = searcher.think(&game, &Limits::depth(args.depth), &stop, |_| {});
        let secs = start.elapsed().as_secs_f64();
        total_nodes += thought.nodes;
        total_secs += secs;
        let best = thought.best.map_or("-".to_string(), |m| game.move_text(m));
        let name_of = |what: &str| format!("{prefix}.search.{name}.{what}");
        figures.record(name_of("depth"), thought.depth as f64);
        figures.record(name_of("nodes"), thought.nodes as f64);
        figures.record(name_of("ms"), (secs * 1000.0).round());
        writeln!(
            out,
            "{:<14} {:>5} {:>10} {:>9.0} {:>11.0}  {best}",
            name,
            thought.depth,
            thought.nodes,
            secs * 1000.0,
            thought.nodes as f64 / secs.max(1e-9)
        )?;
    }
    figures.record(format!("{prefix}.search.total.nodes"), total_nodes as f64);
    figures.record(
        format!("{prefix}.search.total.ms"),
        (total_secs * 1000.0).round(),
    );
    figures.record(
        format!("{prefix}.search.total.nodes_per_s"),
        (total_nodes as f64 / total_secs.max(1e-9)).round(),
    );
    writeln!(
        out,
        "{:<14} {:>5} {:>10} {:>9.0} {:>11.0}",
        "total",
        args.depth,
        total_nodes,
        total_secs * 1000.0,
        total_nodes as f64 / total_secs.max(1e-9)
    )?;
    if args.levels {
        level_times(bench, positions, figures, out)?;
    }
    if perft_depth > 0 {
        let mut game = variant.new_game(&options);
        let timing = timed_perft(&mut game, perft_depth);
        record_perft(figures, prefix, perft_depth, &timing);
        writeln!(out, "perft {perft_depth} of the start: {timing}")?;
    }
    Ok(())
}

/// `catboard bench` for a variant whose positions are not searched to a
/// depth (Cat Chess): one move at every level on its `positions`, then
/// perft of its start.
fn level_bench(
    bench: &Bench,
    positions: &[(&str, &str)],
    figures: &mut Figures,
    out: &mut impl Write,
) -> io::Result<()> {
    let args = bench.args;
    level_times(bench, positions, figures, out)?;
    if args.perft > 0 {
        let depth = args.perft;
        let mut game = bench.variant.new_game(&Options::new());
        let timing = timed_perft(&mut game, depth);
        record_perft(figures, bench.prefix, depth, &timing);
        writeln!(
            out,
            "perft {depth} of the {} start: {timing}",
            bench.variant.name()
        )?;
    }
    Ok(())
}

/// One move at every level on every bench position: the time and nodes each took.
fn level_times(
    bench: &Bench,
    positions: &[(&str, &str)],
    figures: &mut Figures,
    out: &mut impl Write,
) -> io::Result<()> {
    let (think_ms, variant, prefix) = (bench.args.think_ms, bench.variant, bench.prefix);
    let stop = AtomicBool::new(false);
    let options = Options::new();
    writeln!(out)?;
    writeln!(
        out,
        "{:<14} {:<7} {:>5} {:>10} {:>9}  move",
        "position", "level", "depth", "nodes", "ms"
    )?;
    for level in Level::ALL {
        let mut slowest = 0f64;
        for (name, fen) in positions {
            let game = variant
                .from_position(fen, &options)
                .map_err(|e| bad_position(name, e))?;
            let start = Instant::now();
            let thought =
                catboard::ai::think(&game, &level.limits_with_think_ms(think_ms), &stop, |_| {});
            let secs = start.elapsed().as_secs_f64();
            slowest = slowest.max(secs);
            let best = thought.best.map_or("-".to_string(), |m| game.move_text(m));
            let level_name = |what: &str| format!("{prefix}.{}.{name}.{what}", level.id());
            figures.record(level_name("depth"), thought.depth as f64);
            figures.record(level_name("ms"), (secs * 1000.0).round());
            writeln!(
                out,
                "{:<14} {:<7} {:>5} {:>10} {:>9.0}  {best}",
                name,
                level.id(),
                thought.depth,
                thought.nodes,
                secs * 1000.0
            )?;
        }
        figures.record(
            format!("{prefix}.{}.slowest.ms", level.id()),
            (slowest * 1000.0).round(),
        );
        writeln!(
            out,
            "{:<14} {} slowest move {:.0} ms",
            "",
            level.id(),
            slowest * 1000.0
        )?;
    }
    Ok(())
}

/// The least time a bench perft figure is measured over: a count that
/// takes less is repeated, so that a count of a few milliseconds does not
/// stand or fall with one moment's load on the machine.
const PERFT_SECS: f64 = 1.0;

/// The most counts a bench perft figure repeats (a shallow count is done
/// long before [`PERFT_SECS`]).
const MOST_PERFT_COUNTS: u32 = 1000;

/// A perft count timed: its leaves, and the time the counts took.
struct PerftTiming {
    /// The leaves of one count.
    leaves: u64,
    /// How many times it was counted.
    counts: u32,
    /// The seconds all the counts took.
    secs: f64,
}

impl PerftTiming {
    /// The seconds one count took, on average.
    fn secs_per_count(&self) -> f64 {
        self.secs / f64::from(self.counts.max(1))
    }

    /// Leaves a second over every count.
    fn leaves_per_s(&self) -> f64 {
        self.leaves as f64 * f64::from(self.counts) / self.secs.max(1e-9)
    }
}

impl std::fmt::Display for PerftTiming {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} leaves in {:.3} s ({:.1} million per second",
            self.leaves,
            self.secs_per_count(),
            self.leaves_per_s() / 1e6
        )?;
        if self.counts > 1 {
            write!(f, " over {} counts", self.counts)?;
        }
        write!(f, ")")
    }
}

/// Counts perft of `game` to `depth`, again and again until the counts
/// have taken [`PERFT_SECS`] (or [`MOST_PERFT_COUNTS`] were made).
fn timed_perft(game: &mut impl Game, depth: u32) -> PerftTiming {
    let start = Instant::now();
    let mut timing = PerftTiming {
        leaves: 0,
        counts: 0,
        secs: 0.0,
    };
    while timing.counts == 0 || (timing.secs < PERFT_SECS && timing.counts < MOST_PERFT_COUNTS) {
        timing.leaves = perft(game, depth);
        timing.counts += 1;
        timing.secs = start.elapsed().as_secs_f64();
    }
    timing
}

/// Records a perft count: its depth, leaves, seconds a count and leaves a
/// second.
fn record_perft(figures: &mut Figures, prefix: &str, depth: u32, timing: &PerftTiming) {
    figures.record(format!("{prefix}.perft.depth"), depth as f64);
    figures.record(format!("{prefix}.perft.leaves"), timing.leaves as f64);
    figures.record(
        format!("{prefix}.perft.s"),
        (timing.secs_per_count() * 1000.0).round() / 1000.0,
    );
    figures.record(
        format!("{prefix}.perft.leaves_per_s"),
        timing.leaves_per_s().round(),
    );
}

/// Refuses a Master thinking time outside the limits table's
/// [`THINK_MS`] (1 ms to an hour).
pub fn check_think_ms(think_ms: u64) -> Result<(), String> {
    THINK_MS
        .check(think_ms)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Runs `catboard xboard` on standard input and output.
pub fn xboard(args: &XboardArgs) -> Result<(), Failure> {
    let hash_mb = HASH_MB.check(args.hash_mb)? as usize;
    let input = std::io::BufReader::new(std::io::stdin());
    let output = std::io::stdout();
    let options = Options::parse(
        catboard::variants::Variant::Chu.options(),
        args.options.iter().map(String::as_str),
    )
    .map_err(|e| Failure::Refused(format!("--option: {e}.")))?;
    let session = Session::new(hash_mb)
        .with_level(args.level)
        .with_options(options);
    catboard::protocol::xboard::run_session(session, input, output).map_err(session_failure)
}

/// Runs `catboard uci` on standard input and output.
pub fn uci() -> Result<(), Failure> {
    let input = std::io::BufReader::new(std::io::stdin());
    catboard::protocol::uci::run(input, std::io::stdout()).map_err(session_failure)
}

/// How a protocol session's I/O error ends the command: a session that
/// could not start is refused in its sentence, anything else is a failed
/// write.
pub fn session_failure(e: io::Error) -> Failure {
    match catboard::protocol::read_ahead::start_failure(&e) {
        Some(sentence) => Failure::Refused(sentence),
        None => Failure::writing(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timed_perft_counts_the_leaves_of_one_count_and_the_rate_over_every_count() {
        let mut game = Variant::Chess.new_game(&Options::new());
        let timing = timed_perft(&mut game, 2);
        assert_eq!(timing.leaves, 400);
        assert!(timing.counts >= 1 && timing.counts <= MOST_PERFT_COUNTS);
        let rate = 400.0 * f64::from(timing.counts) / timing.secs.max(1e-9);
        assert!((timing.leaves_per_s() - rate).abs() < 1e-6 * rate);
        assert!(timing.to_string().starts_with("400 leaves in "), "{timing}");
    }
}
