//! `catboard puzzle`: solve puzzles (on the screen, or in sentences with
//! `--line`), make them (`--mine`: the computer plays itself, each game is
//! analysed, and every candidate position is checked by a deeper search to
//! have one clear win), make them from your own analysed games
//! (`--mistakes`, [`crate::cli::mistakes`]) and check a puzzle file again
//! (`--recheck`).

use crate::cli::Failure;
use crate::cli::play::{LookArgs, SaveArgs};
use crate::session::puzzles::{PuzzleApp, PuzzleRatings, RATINGS_FILE};
use crate::session::speech::Voice;
use catboard::ai::random::Rng;
use catboard::ai::{Level, Searcher};
use catboard::analysis::{GameAnalysis, OwnSearch, PlyBudget, pass};
use catboard::core::{Game, Move, Options};
use catboard::durable::{self, Access};
use catboard::puzzle::mine::{self, Mined, Rejection};
use catboard::puzzle::{self, Puzzle, Source};
use catboard::text::{count, quoted};
use catboard::variants::{AnyGame, Variant};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Arguments of `catboard puzzle`.
#[derive(Args, Debug, Clone)]
pub struct PuzzleArgs {
    /// The variant's puzzles.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Solve in plain sentences on standard input and output (for screen
    /// readers) instead of on the screen.
    #[arg(long)]
    pub line: bool,
    /// The puzzle file to solve from (the starter set shipped with
    /// catboard when absent).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Make puzzles from the computer's games against itself, adding them
    /// to the file --out.
    #[arg(long, requires = "out", conflicts_with_all = ["line", "recheck"])]
    pub mine: bool,
    /// With --mine: the puzzle file written (puzzles already there are
    /// kept; it is rewritten whole after every game).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// With --mine: how many games the computer plays (1 to 100000).
    #[arg(long, default_value_t = 10)]
    pub games: u64,
    /// With --mine: stop once the file holds this many puzzles.
    #[arg(long, value_name = "N")]
    pub target: Option<usize>,
    /// With --mine: the level every seat plays at (a weaker level blunders
    /// more, and each blunder is a candidate).
    #[arg(long, default_value = "casual")]
    pub level: Level,
    /// With --mine: the seed of the random openings (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// With --mine: plies played at random at the start of each game.
    #[arg(long, default_value_t = 6)]
    pub random_plies: u64,
    /// With --mine: a game is cut after this many plies.
    #[arg(long, default_value_t = 160)]
    pub max_plies: u64,
    /// With --mine, and --mistakes --analyse: nodes a position for the
    /// pass over each game.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub pass_nodes: u64,
    /// With --mine, --mistakes and --recheck: nodes a position for the deeper search
    /// that checks a candidate's only win (100000 in games of two seats,
    /// 40000 in games of three or four, where every move is searched).
    #[arg(long, value_name = "N")]
    pub check_nodes: Option<u64>,
    /// Solve puzzles made from your own mistakes: each analysed saved game
    /// of yours (the saves folder's, or the SAVE files and folders given)
    /// has the moves its analysis classed mistakes or blunders mined once
    /// into puzzles kept in the saves folder.
    #[arg(long, conflicts_with_all = ["mine", "recheck", "file"])]
    pub mistakes: bool,
    /// With --mistakes: the saved games (or folders of them) to mine
    /// instead of the whole saves folder.
    #[arg(value_name = "SAVE", requires = "mistakes")]
    pub saved: Vec<PathBuf>,
    /// With --mistakes: analyse the saved games that have no analysis
    /// first (catboard's search, --pass-nodes a position; the analysis is
    /// kept in the save), instead of skipping them.
    #[arg(long, requires = "mistakes")]
    pub analyse: bool,
    /// Check every puzzle of this puzzle file again with the deeper search
    /// and say which no longer have one clear win.
    #[arg(long, value_name = "FILE")]
    pub recheck: Option<PathBuf>,
    #[command(flatten)]
    pub saves: SaveArgs,
    #[command(flatten)]
    pub look: LookArgs,
}

/// Nodes within catboard's limits for a search, or the sentence refusing.
pub(crate) fn nodes(flag: &str, n: u64) -> Result<u64, String> {
    let most = catboard::limits::GO_NODES.most;
    if n == 0 || n > most {
        return Err(format!("{flag} takes 1 to {most}, not {n}."));
    }
    Ok(n)
}

/// Runs `catboard puzzle`.
pub fn puzzle(args: &PuzzleArgs) -> Result<(), Failure> {
    let variant = Variant::from_id(&args.variant)?;
    if args.mine {
        return mine_games(args, variant);
    }
    if let Some(path) = &args.recheck {
        return recheck(args, variant, path);
    }
    if args.mistakes {
        return crate::cli::mistakes::mistakes(args, variant);
    }
    let puzzles = load(variant, args.file.as_deref())?;
    solve(args, variant, puzzles).map(|_| ())
}

/// Sets `puzzles` of `variant` to solve, on the screen or in sentences
/// as `args` ask, rated in the player's standing kept in the saves
/// folder; the session as it ended.
pub(crate) fn solve(
    args: &PuzzleArgs,
    variant: Variant,
    puzzles: Vec<Puzzle>,
) -> Result<PuzzleApp, Failure> {
    let (store, notice) = crate::cli::play::saves_of(&args.saves, &crate::cli::play::env);
    let ratings = match store {
        Some(store) => PuzzleRatings::read(&store.dir().join(RATINGS_FILE))
            .map_err(|e| Failure::Refused(e.to_string()))?,
        None => PuzzleRatings::default(),
    };
    if let Some(why) = notice {
        eprintln!("Puzzle ratings will not be kept: {why}.");
    }
    let voice = if args.line {
        Voice::SPOKEN
    } else {
        Voice::SCREEN
    };
    let mut app = PuzzleApp::new(variant, puzzles, ratings, voice).map_err(|e| e.to_string())?;
    if args.line {
        crate::line::puzzles::run(&mut app).map_err(Failure::from)?;
    } else {
        let choice = crate::cli::play::look_choice(&args.look)?;
        let env = crate::cli::play::env;
        let (look, _) =
            crate::ui::view::Look::of(&choice, crate::ui::theme::user_theme_dir(&env).as_deref());
        crate::ui::puzzles::run(&mut app, &look).map_err(Failure::from)?;
    }
    Ok(app)
}

/// The puzzles of `file` (of `variant`), or the starter set.
pub fn load(variant: Variant, file: Option<&Path>) -> Result<Vec<Puzzle>, String> {
    let puzzles = match file {
        Some(path) => puzzle::read_file(variant, &read_text(path)?),
        None => puzzle::read_file(variant, puzzle::starter::text(variant)),
    }
    .map_err(|e| e.to_string())?;
    if puzzles.is_empty() {
        return Err(format!("There are no puzzles of {}.", variant.name()));
    }
    Ok(puzzles)
}

/// A file's text, or one sentence naming it.
fn read_text(path: &Path) -> Result<String, String> {
    let shown = quoted(&path.display().to_string());
    let size = std::fs::metadata(path)
        .map_err(|e| format!("Could not read {shown}: {e}."))?
        .len();
    let most = (puzzle::MAX_PUZZLES * puzzle::MAX_LINE_BYTES) as u64;
    if size > most {
        return Err(format!("{shown} is larger than {most} bytes."));
    }
    std::fs::read_to_string(path).map_err(|e| format!("Could not read {shown}: {e}."))
}

/// One game of the computer against itself from a few random plies:
/// its start and its moves.
fn self_play(variant: Variant, args: &PuzzleArgs, seed: u64) -> (AnyGame, Vec<Move>) {
    let start = variant.new_game(&Options::new());
    let mut game = start.clone();
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(16);
    let limits = args.level.limits();
    let stop = AtomicBool::new(false);
    let mut moves = Vec::new();
    while game.outcome().is_none() && (moves.len() as u64) < args.max_plies {
        let mv = if (moves.len() as u64) < args.random_plies {
            let legal = game.legal_move_list();
            legal.get(rng.below(legal.len())).copied()
        } else {
            let limits = limits.clone().with_seed(seed ^ moves.len() as u64);
            searcher.think(&game, &limits, &stop, |_| {}).best
        };
        let Some(mv) = mv else { break };
        game.make_move(mv);
        moves.push(mv);
    }
    (start, moves)
}

/// What a tally of checked candidates says: `So far: checked 40
/// candidates, 9 puzzles new; rejected 31 (…)`.
pub fn tally_sentence(mined: &Mined, found: usize) -> String {
    format!(
        "So far: checked {}, {} new; rejected {} ({} not winning clearly, {} not unique — another move wins nearly as well, {} at a finished game, {} with one legal move); {} found again.",
        count(mined.checked as u64, "candidate", "candidates"),
        count(found as u64, "puzzle", "puzzles"),
        mined.rejected(),
        mined.not_winning,
        mined.not_unique,
        mined.finished,
        mined.only_move,
        mined.repeated
    )
}

/// `catboard puzzle --mine`.
fn mine_games(args: &PuzzleArgs, variant: Variant) -> Result<(), Failure> {
    let out = args
        .out
        .as_deref()
        .ok_or_else(|| Failure::Refused("--mine needs --out FILE.".into()))?;
    let games = catboard::limits::SELFPLAY_GAMES.check(args.games)?;
    let pass_nodes = nodes("--pass-nodes", args.pass_nodes)?;
    let check_nodes = nodes(
        "--check-nodes",
        args.check_nodes.unwrap_or(mine::check_nodes(variant)),
    )?;
    if args.random_plies > 1000 || args.max_plies == 0 || args.max_plies > 100_000 {
        return Err(Failure::Refused(
            "--random-plies takes 0 to 1000 and --max-plies 1 to 100000.".into(),
        ));
    }
    let mut kept = if out.exists() {
        puzzle::read_file(variant, &read_text(out)?).map_err(|e| e.to_string())?
    } else {
        Vec::new()
    };
    let before = kept.len();
    let mut mined = Mined::default();
    let stop = AtomicBool::new(false);
    let mut checker = OwnSearch::new(PlyBudget::Nodes(check_nodes));
    let began = Instant::now();
    println!(
        "Mining {} from {} of {} at level {} ({pass_nodes} nodes a position for the pass, {check_nodes} for the check); {} already.",
        out.display(),
        count(games, "game", "games"),
        variant.name(),
        args.level,
        count(before as u64, "puzzle", "puzzles"),
    );
    for index in 0..games {
        if args.target.is_some_and(|t| kept.len() >= t) {
            break;
        }
        let (start, moves) = self_play(variant, args, args.seed.wrapping_add(index));
        let mut analysis = GameAnalysis::new("catboard", PlyBudget::Nodes(pass_nodes));
        let mut pass_search = OwnSearch::new(analysis.budget);
        pass::run(
            &mut analysis,
            &start,
            &moves,
            &mut pass_search,
            &stop,
            |_| {},
        )?;
        let checked_before = mined.checked;
        let found_before = mined.puzzles.len();
        mine::from_game(
            &start,
            &moves,
            &analysis,
            &mut checker,
            Source::SelfPlay,
            &mut mined,
            &stop,
        )
        .map_err(|e| e.to_string())?;
        let mut added = 0_u64;
        for p in &mined.puzzles[found_before..] {
            if !kept.iter().any(|q| q.id == p.id) {
                kept.push(p.clone());
                added += 1;
            }
        }
        durable::replace(
            out,
            puzzle::file_text(variant, &kept).as_bytes(),
            Access::Usual,
        )
        .map_err(|e| format!("Could not write {}: {e}.", out.display()))?;
        println!(
            "game {}: {}, {} checked, {} added; {} in the file after {:.0} s. {}",
            index + 1,
            count(moves.len() as u64, "ply", "plies"),
            count(
                (mined.checked - checked_before) as u64,
                "candidate",
                "candidates"
            ),
            count(added, "puzzle", "puzzles"),
            kept.len(),
            began.elapsed().as_secs_f64(),
            tally_sentence(&mined, kept.len() - before)
        );
    }
    Ok(())
}

/// `catboard puzzle --recheck FILE`: every puzzle's first move checked
/// again to be the only clear win.
fn recheck(args: &PuzzleArgs, variant: Variant, path: &Path) -> Result<(), Failure> {
    let check_nodes = nodes(
        "--check-nodes",
        args.check_nodes.unwrap_or(mine::check_nodes(variant)),
    )?;
    let puzzles = puzzle::read_file(variant, &read_text(path)?).map_err(|e| e.to_string())?;
    let mut checker = OwnSearch::new(PlyBudget::Nodes(check_nodes));
    let stop = AtomicBool::new(false);
    let mut failed = 0;
    for p in &puzzles {
        if let Err(why) = recheck_one(p, &mut checker, &stop)? {
            failed += 1;
            println!("{}: {}", p.id, rejection_words(why));
        }
    }
    println!(
        "{} of {} checked again at {check_nodes} nodes: {failed} no longer one clear win.",
        count(puzzles.len() as u64, "puzzle", "puzzles"),
        variant.name()
    );
    Ok(())
}

/// Checks puzzle `p` again: its first move must still be the only clear
/// win.
pub fn recheck_one(
    p: &Puzzle,
    checker: &mut OwnSearch,
    stop: &AtomicBool,
) -> Result<Result<(), Rejection>, String> {
    let game = p.game().map_err(|e| e.to_string())?;
    match mine::check(&game, checker, p.source, stop).map_err(|e| e.to_string())? {
        Ok(found) if found.solution.first() == p.solution.first() => Ok(Ok(())),
        Ok(_) => Ok(Err(Rejection::NotUnique)),
        Err(why) => Ok(Err(why)),
    }
}

/// A rejection in words.
fn rejection_words(why: Rejection) -> &'static str {
    match why {
        Rejection::Finished => "the game is over there",
        Rejection::NotWinning => "the best move does not win clearly",
        Rejection::NotUnique => "another move wins nearly as well",
        Rejection::OnlyMove => "the solver has one legal move",
        Rejection::Stopped => "the search was stopped",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample of every variant's starter set checked again: each
    /// puzzle's first move is still the only clear win at the mining's
    /// depth (the whole set: `catboard puzzle --recheck`).
    #[test]
    fn a_sample_of_every_starter_set_is_still_unique() {
        let stop = AtomicBool::new(false);
        for &variant in Variant::ALL {
            let puzzles = load(variant, None).expect("a starter set");
            let mut checker = OwnSearch::new(PlyBudget::Nodes(mine::check_nodes(variant)));
            let step = (puzzles.len() / 3).max(1);
            for p in puzzles.iter().step_by(step).take(3) {
                assert_eq!(
                    recheck_one(p, &mut checker, &stop),
                    Ok(Ok(())),
                    "{}",
                    p.line()
                );
            }
        }
    }
}
