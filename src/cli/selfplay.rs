//! `catboard selfplay`: the computer plays every seat of a
//! variant for a number of games from randomised openings, and the results
//! are counted per seat. It measures the computer players (how often each
//! Cat Chess faction wins at a level, or which search model plays better);
//! nothing in the tests depends on it. With `--soak N` it instead plays N
//! random games checking the rules' invariants at every ply ([`soak`]).

mod soak;

use catboard::ai::level::MAX_DEPTH;
use catboard::ai::multi::Model;
use catboard::ai::random::Rng;
use catboard::ai::{Level, Limits, Searcher};
use catboard::core::{Game, Options, Seat};
use catboard::limits;
use catboard::text::count;
use catboard::text::quoted;
use catboard::variants::{AnyGame, Variant};
use clap::Args;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Arguments of `catboard selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// The variant played.
    #[arg(long, default_value = "cat")]
    pub variant: String,
    /// How many games (1 to 1000000).
    #[arg(long, default_value_t = 30)]
    pub games: u64,
    /// The level of every seat not given by --seat-level.
    #[arg(long, default_value = "strong")]
    pub level: Level,
    /// One seat's level, as seat=level (e.g. cats=club); may be repeated.
    #[arg(long = "seat-level", value_name = "SEAT=LEVEL")]
    pub seat_levels: Vec<String>,
    /// One seat searching a fixed depth instead of a level, as seat=plies
    /// (1 to 64; no node cap, no fog), e.g. cats=1 for the original Cat
    /// Chess program's one-ply Cats; may be repeated.
    #[arg(long = "seat-depth", value_name = "SEAT=PLIES")]
    pub seat_depths: Vec<String>,
    /// One seat's search model in games of three or more seats, as
    /// seat=model (paranoid or maxn); may be repeated.
    #[arg(long = "seat-model", value_name = "SEAT=MODEL")]
    pub seat_models: Vec<String>,
    /// Master's thinking time per move, in milliseconds (1 to 3600000).
    #[arg(long, default_value_t = catboard::ai::level::DEFAULT_THINK_MS)]
    pub think_ms: u64,
    /// Plies played at random at the start of each game, for variety (0
    /// to 1000).
    #[arg(long, default_value_t = 4)]
    pub random_plies: u64,
    /// The seed of the random openings (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up a game (unfinished) after this many plies (1 to 1000000).
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u64,
    /// Games played at once (1 to 1024), each on its own thread; no more
    /// threads than there are games or twice the cores.
    #[arg(long, default_value_t = 1)]
    pub jobs: u64,
    /// Print every game's moves (in the move list's notation).
    #[arg(long)]
    pub moves: bool,
    /// Instead of computer games, play this many random games (every
    /// hundredth against a depth-1 search) checking the invariants at every
    /// ply: make/unmake, hashes, position and move texts (1 to
    /// 1000000000). Uses --variant, --seed, --max-plies and --jobs.
    #[arg(long, value_name = "GAMES")]
    pub soak: Option<u64>,
}

/// What one seat searches with: a level of the ladder, or a fixed depth.
#[derive(Clone, Copy, Debug)]
enum Budget {
    /// A rung's budget and fog.
    Level(Level),
    /// A plain search to this many plies.
    Depth(u32),
}

impl Budget {
    /// The budget as the summary names it: the level's id or `depthN`.
    fn id(&self) -> String {
        match self {
            Budget::Level(level) => level.id().to_string(),
            Budget::Depth(plies) => format!("depth{plies}"),
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Level(level) => write!(f, "{level}"),
            Budget::Depth(plies) => write!(f, "depth {plies}"),
        }
    }
}

/// One seat's player: its level, model and search tables.
struct Player {
    limits: Limits,
    model: Option<Model>,
    searcher: Searcher,
    moves: u32,
    time: Duration,
    slowest: Duration,
}

impl Player {
    fn think(&mut self, game: &AnyGame, seed: u64) -> Option<catboard::core::Move> {
        let stop = AtomicBool::new(false);
        let limits = self.limits.clone().with_seed(seed);
        let start = Instant::now();
        let seats = game.seat_names().len();
        let thought = match self.model {
            Some(model) if seats > 2 => self.searcher.think_as(game, model, &limits, &stop, |_| {}),
            _ => self.searcher.think(game, &limits, &stop, |_| {}),
        };
        let spent = start.elapsed();
        self.moves += 1;
        self.time += spent;
        self.slowest = self.slowest.max(spent);
        thought.best
    }
}

/// What one game came to.
struct GameResult {
    winner: Option<Seat>,
    reason: String,
    plies: usize,
    timings: Vec<(u32, Duration, Duration)>,
    record: Vec<String>,
}

/// Reads `seat=value` settings into one value per seat.
fn per_seat<T: Clone>(
    seats: &[&str],
    settings: &[String],
    what: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<Option<T>>, String> {
    let mut out = vec![None; seats.len()];
    for setting in settings {
        let (seat, value) = setting.split_once('=').ok_or_else(|| {
            format!(
                "--{what} {} is not of the form seat=value.",
                quoted(setting)
            )
        })?;
        let index = seats
            .iter()
            .position(|s| *s == seat.trim())
            .ok_or_else(|| {
                format!(
                    "--{what} {}: there is no seat {}; the seats are {}.",
                    quoted(setting),
                    quoted(seat),
                    seats.join(", ")
                )
            })?;
        out[index] = Some(parse(value)?);
    }
    Ok(out)
}

/// How many threads `jobs` asked for `games` games get: no more than the
/// games, nor than twice the cores (more would only wait), and at least one.
pub fn threads_for(jobs: u64, games: u64, cores: usize) -> usize {
    let cap = (cores.max(1) as u64).saturating_mul(2);
    jobs.min(games).min(cap).max(1) as usize
}

/// The cores this process may use (1 when the system does not say).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `work` on `threads` threads of `scope` (each takes games until
/// none is left or `abort` is raised); a thread that cannot start (a
/// process limit) raises `abort` and ends the run with a sentence.
pub fn start_workers<'scope, 'env>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    threads: usize,
    abort: &'env AtomicBool,
    work: &'env (impl Fn() + Sync),
) -> Result<(), String> {
    for n in 0..threads {
        let started = std::thread::Builder::new()
            .name(format!("games-{n}"))
            .spawn_scoped(scope, work);
        if let Err(e) = started {
            abort.store(true, Ordering::Relaxed);
            return Err(format!(
                "Could not start thread {} of {} for the games: {}.",
                n + 1,
                threads,
                catboard::text::foreign(&e.to_string())
            ));
        }
    }
    Ok(())
}

/// Runs `catboard selfplay`.
pub fn selfplay(args: &SelfplayArgs) -> Result<(), String> {
    let variant = Variant::from_id(&args.variant).map_err(|e| e.to_string())?;
    let jobs = limits::JOBS.check(args.jobs).map_err(|e| e.to_string())?;
    let max_plies = limits::MAX_PLIES
        .check(args.max_plies)
        .map_err(|e| e.to_string())?;
    if let Some(games) = args.soak {
        let games = limits::SOAK_GAMES.check(games).map_err(|e| e.to_string())?;
        return soak::run(&soak::Soak {
            variant,
            games,
            max_plies,
            seed: args.seed,
            threads: threads_for(jobs, games, cores()),
        });
    }
    let games = limits::SELFPLAY_GAMES
        .check(args.games)
        .map_err(|e| e.to_string())?;
    limits::RANDOM_PLIES
        .check(args.random_plies)
        .map_err(|e| e.to_string())?;
    crate::cli::engine::check_think_ms(args.think_ms)?;
    let seats = variant.seats();
    let levels = per_seat(seats, &args.seat_levels, "seat-level", |v| {
        v.parse::<Level>().map_err(String::from)
    })?;
    let models = per_seat(seats, &args.seat_models, "seat-model", |v| {
        v.parse::<Model>().map_err(|e| e.to_string())
    })?;
    let depths = per_seat(seats, &args.seat_depths, "seat-depth", |v| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=MAX_DEPTH).contains(d))
            .ok_or_else(|| {
                format!(
                    "--seat-depth takes 1 to {MAX_DEPTH} plies, not {}.",
                    quoted(v)
                )
            })
    })?;
    let levels: Vec<Level> = levels
        .into_iter()
        .map(|l| l.unwrap_or(args.level))
        .collect();
    let budgets: Vec<Budget> = levels
        .iter()
        .zip(&depths)
        .map(|(&level, depth)| depth.map_or(Budget::Level(level), Budget::Depth))
        .collect();
    println!(
        "{} of {}: {}; {}, seed {}",
        count(games, "game", "games"),
        variant.name(),
        seats
            .iter()
            .zip(&budgets)
            .zip(&models)
            .map(|((s, l), m)| match m {
                Some(m) => format!("{s} {l} ({})", m.id()),
                None => format!("{s} {l}"),
            })
            .collect::<Vec<_>>()
            .join(", "),
        count(args.random_plies, "random ply", "random plies"),
        args.seed
    );
    let next = AtomicU64::new(0);
    let abort = AtomicBool::new(false);
    let results = Mutex::new(Vec::new());
    let work = || {
        while !abort.load(Ordering::Relaxed) {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= games {
                return;
            }
            let result = play_one(variant, &budgets, &models, args, index);
            println!(
                "game {:>3}: {} ({}) after {}",
                index + 1,
                result.winner.map_or("nobody", |w| seats[w.index()]),
                result.reason,
                count(result.plies as u64, "ply", "plies")
            );
            if !result.record.is_empty() {
                println!("{}", result.record.join(" "));
            }
            if let Ok(mut r) = results.lock() {
                r.push(result);
            }
        }
    };
    let threads = threads_for(jobs, games, cores());
    std::thread::scope(|scope| start_workers(scope, threads, &abort, &work))?;
    let results = results.into_inner().map_err(|e| e.to_string())?;
    summarise(seats, &budgets, &results);
    Ok(())
}

/// Plays game number `index`.
fn play_one(
    variant: Variant,
    budgets: &[Budget],
    models: &[Option<Model>],
    args: &SelfplayArgs,
    index: u64,
) -> GameResult {
    let mut game = variant.new_game(&Options::new());
    let mut players: Vec<Player> = budgets
        .iter()
        .zip(models)
        .map(|(budget, model)| Player {
            limits: match *budget {
                Budget::Level(level) => level.limits_with_think_ms(args.think_ms),
                Budget::Depth(plies) => Limits::depth(plies),
            },
            model: *model,
            searcher: Searcher::new(16),
            moves: 0,
            time: Duration::ZERO,
            slowest: Duration::ZERO,
        })
        .collect();
    let seed = mix(args.seed, index);
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    let mut record = Vec::new();
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break Some(outcome);
        }
        if plies >= args.max_plies as usize {
            break None;
        }
        let mv = if plies < args.random_plies as usize {
            let moves = game.legal_move_list();
            moves.get(rng.below(moves.len())).copied()
        } else {
            let seat = game.to_move().index();
            players[seat].think(&game, seed ^ plies as u64)
        };
        let Some(mv) = mv else { break None };
        if args.moves {
            record.push(game.move_notation(mv));
        }
        game.make_move(mv);
        plies += 1;
    };
    GameResult {
        winner: outcome.and_then(|o| o.winner),
        reason: outcome.map_or("unfinished".to_string(), |o| o.reason.code().to_string()),
        plies,
        timings: players
            .iter()
            .map(|p| (p.moves, p.time, p.slowest))
            .collect(),
        record,
    }
}

/// A seed for game `index` of a run seeded `seed`, well spread (splitmix64)
/// so that neighbouring games open differently.
fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Prints the wins per seat, the reasons, and the time per move.
fn summarise(seats: &[&str], budgets: &[Budget], results: &[GameResult]) {
    let games = results.len().max(1) as f64;
    println!();
    for (i, seat) in seats.iter().enumerate() {
        let wins = results
            .iter()
            .filter(|r| r.winner.map(|w| w.index()) == Some(i))
            .count();
        let (moves, time, slowest) =
            results
                .iter()
                .fold((0u32, Duration::ZERO, Duration::ZERO), |(m, t, s), r| {
                    let (rm, rt, rs) = r.timings[i];
                    (m + rm, t + rt, s.max(rs))
                });
        println!(
            "{seat:<6} {:<7} wins {wins:>3} ({:>5.1}%)  {:>6.0} ms a move on average, slowest {:>5.0} ms",
            budgets[i].id(),
            100.0 * wins as f64 / games,
            time.as_secs_f64() * 1000.0 / moves.max(1) as f64,
            slowest.as_secs_f64() * 1000.0
        );
    }
    let drawn = results.iter().filter(|r| r.winner.is_none()).count();
    if drawn > 0 {
        println!("no winner (draw or unfinished): {drawn}");
    }
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in results {
        match reasons.iter_mut().find(|(name, _)| *name == r.reason) {
            Some((_, n)) => *n += 1,
            None => reasons.push((r.reason.clone(), 1)),
        }
    }
    let text: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    let plies: usize = results.iter().map(|r| r.plies).sum();
    if results.is_empty() {
        println!("endings: none; no game was played");
        return;
    }
    let average = format!("{:.0}", plies as f64 / games);
    let noun = if average == "1" { "ply" } else { "plies" };
    println!(
        "endings: {}; {average} {noun} a game on average",
        text.join(", ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Item 2 of issue 21: `--jobs 100` for one game spawned a hundred
    /// threads; no more than the games, nor twice the cores, are used.
    #[test]
    fn threads_are_at_most_the_games_and_twice_the_cores() {
        assert_eq!(threads_for(100, 1, 8), 1);
        assert_eq!(threads_for(100, 1_000, 2), 4);
        assert_eq!(threads_for(3, 1_000, 8), 3);
        assert_eq!(
            threads_for(1024, 1_000_000, 0),
            2,
            "unknown cores count as one"
        );
        assert_eq!(threads_for(1, 5, 2), 1);
    }

    #[test]
    fn every_worker_started_takes_games_until_none_is_left() {
        let next = AtomicU64::new(0);
        let done = AtomicU64::new(0);
        let abort = AtomicBool::new(false);
        let work = || {
            while !abort.load(Ordering::Relaxed) && next.fetch_add(1, Ordering::Relaxed) < 50 {
                done.fetch_add(1, Ordering::Relaxed);
            }
        };
        std::thread::scope(|scope| start_workers(scope, 4, &abort, &work)).expect("threads start");
        assert_eq!(done.load(Ordering::Relaxed), 50);
    }
}
