//! `catboard-match`: plays a match between two engines, XBoard (CECP) or
//! UCI, from varied openings at a fixed time per move, alternating
//! colours, judging every game by catboard's own rules, and prints wins,
//! draws, losses and the score with its error margin. The engines are
//! spoken to through the library's one engine client
//! (`catboard::protocol::engine`), as the game's engine seats are.
//!
//! ```sh
//! catboard-match --engine1 "catboard xboard" --engine2 "fairymax" --games 40 --st 1
//! catboard-match --engine1 "catboard xboard" --engine2 uci:stockfish --option2 UCI_Elo=1500
//! catboard-match --variant elven --engine1 "catboard xboard" --engine2 "sjaakii" --games 20
//! catboard-match --rung club --games 40 --st 0.5
//! ```

mod openings;
mod rung;
mod tally;

use catboard::ai::Evaluate;
use catboard::core::{Game, Options, Seat};
use catboard::notation::pgn::{Ending, PgnGame, PgnTags, write};
use catboard::protocol::engine::{
    Answer, Ask, Budget, Engine, EngineSpec, Fault, Patience, Protocol,
};
use catboard::protocol::xboard::{protocol_name, result_line, variant_named};
use catboard::variants::{AnyGame, Variant};
use clap::Parser;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tally::Tally;

/// Play a match between two engines (XBoard or UCI) and print the score.
#[derive(Parser, Debug)]
#[command(name = "catboard-match", version, about, long_about = None)]
struct Args {
    /// The first engine's command (run through `sh -c`), e.g. "catboard
    /// xboard": an XBoard engine, or with `uci:` before it a UCI one
    /// (`uci:stockfish`; `xboard:` may be written too). With `--rung`,
    /// the rung's level played by the `catboard` beside this program.
    #[arg(long, required_unless_present = "rung")]
    engine1: Option<String>,
    /// The second engine's command, e.g. "fairymax" or "uci:stockfish".
    /// With `--rung`, the rung's opponent.
    #[arg(long, required_unless_present = "rung")]
    engine2: Option<String>,
    /// Re-measure one rung of catboard's ladder (a level's name or an Elo):
    /// the level against Stockfish held to its figure (`UCI_Elo`, at least
    /// 1350), or below that against the rung above; prints the figure the
    /// score gives.
    #[arg(long, value_name = "LEVEL", conflicts_with_all = ["engine1", "engine2", "option2"])]
    rung: Option<String>,
    /// An option of the first engine as NAME=VALUE (e.g. UCI_Elo=1500);
    /// may be repeated.
    #[arg(long, value_name = "NAME=VALUE")]
    option1: Vec<String>,
    /// An option of the second engine as NAME=VALUE; may be repeated.
    #[arg(long, value_name = "NAME=VALUE")]
    option2: Vec<String>,
    /// The first engine's name in the results (the name it gives by default).
    #[arg(long)]
    name1: Option<String>,
    /// The second engine's name in the results.
    #[arg(long)]
    name2: Option<String>,
    /// How many games (each opening is played twice, colours reversed).
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// Seconds per move for both engines (XBoard's `st`, UCI's `go movetime`).
    #[arg(long, default_value_t = 1.0)]
    st: f64,
    /// Seconds per move for the second engine, if it is to differ (a handicap).
    #[arg(long)]
    st2: Option<f64>,
    /// Also limit both engines to this search depth (XBoard's `sd`, UCI's
    /// `go depth`).
    #[arg(long)]
    depth: Option<u32>,
    /// Adjudicate a draw after this many moves by each side.
    #[arg(long, default_value_t = 200)]
    max_moves: u32,
    /// Adjudicate a win once one side is this many pawns of material ahead
    /// for eight plies in a row (0: never).
    #[arg(long, default_value_t = 0)]
    material: u32,
    /// A file of openings, one line of space-separated moves each
    /// (coordinates or SAN); the built-in list when absent.
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// The variant played, by its XBoard name: normal (chess) or elven
    /// (Chu Chess); both engines must announce it (an XBoard engine in its
    /// `variants` feature; UCI engines play chess only).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Append every game to this PGN file.
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
}

/// How one game ended.
struct GameEnd {
    /// The winning seat, or `None` for a draw.
    winner: Option<Seat>,
    /// The result line (`1-0 {White mates}`).
    text: String,
    /// Whether the game counts in the score: not when an engine refused a
    /// move that catboard's rules allow (the two programs' rules differ).
    counted: bool,
    /// The engine (0 or 1) that failed (died, hung, answered what is not a
    /// legal move) or refused a move, and must start anew.
    broken: Option<usize>,
    /// How the runner ended a game its moves leave unfinished, for the
    /// PGN's `Result` and `Termination`; `None` when the rules ended it.
    decided: Option<Ending>,
}

impl GameEnd {
    /// A game the runner ended: `winner` (`None`, a draw) for `why`,
    /// `termination` the PGN's word for it.
    fn decided(winner: Option<Seat>, termination: &'static str, why: &str) -> GameEnd {
        let result = match winner {
            Some(seat) if seat == Seat::WHITE => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        };
        GameEnd {
            winner,
            text: format!("{result} {{{why}}}"),
            counted: true,
            broken: None,
            decided: Some(Ending {
                result,
                termination,
                reason: why.to_string(),
            }),
        }
    }

    /// A game stopped because engine `who` refused a move legal by
    /// catboard's rules (`sentence` says which): a difference of rules,
    /// not counted in the score.
    fn disagreement(sentence: &str, who: usize) -> GameEnd {
        let why = format!("rules disagree: {}", catboard::text::clause(sentence));
        GameEnd {
            winner: None,
            text: format!("* {{{why}}}"),
            counted: false,
            broken: Some(who),
            decided: Some(Ending {
                result: "*",
                termination: "unterminated",
                reason: why,
            }),
        }
    }
}

/// PGN's `Termination` word for a game lost by an engine's `fault`.
fn fault_termination(fault: Fault) -> &'static str {
    match fault {
        Fault::Hung => "time forfeit",
        Fault::Died | Fault::Start => "abandoned",
        _ => "rules infraction",
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("catboard-match: {message}");
            ExitCode::from(2)
        }
    }
}

/// The variant `args` asks for, by its XBoard name.
fn chosen_variant(args: &Args) -> Result<Variant, String> {
    variant_named(&args.variant).ok_or_else(|| {
        let known: Vec<&str> = Variant::ALL
            .iter()
            .filter_map(|&v| protocol_name(v))
            .collect();
        format!(
            "--variant {} is not one the match runner plays (it plays {})",
            args.variant,
            known.join(", ")
        )
    })
}

/// Reads the opening lines: the file's, or the built-in ones of `variant`.
fn load_openings(args: &Args, variant: Variant) -> Result<Vec<Vec<String>>, String> {
    let lines: Vec<String> = match &args.openings {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("could not read openings file {}: {e}", path.display()))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect(),
        None => openings::built_in(variant)
            .iter()
            .map(|s| s.to_string())
            .collect(),
    };
    if lines.is_empty() {
        return Err("the openings file has no opening in it".to_string());
    }
    let options = Options::new();
    let mut result = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let mut game = variant.new_game(&options);
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            let mv = game.parse_move(word).map_err(|e| {
                format!("opening {} ({}): {e}", n + 1, catboard::text::quoted(line))
            })?;
            moves.push(game.move_text(mv));
            game.make_move(mv);
        }
        result.push(moves);
    }
    Ok(result)
}

/// The seconds per move of each engine.
fn seconds_per_move(args: &Args) -> [f64; 2] {
    [args.st, args.st2.unwrap_or(args.st)]
}

/// The engine `command` names (`uci:` before it for UCI, else XBoard),
/// with `options` set.
fn engine_spec(command: &str, options: &[String]) -> Result<EngineSpec, String> {
    let mut spec = match EngineSpec::parse(command) {
        Some(spec) => spec?,
        None => EngineSpec {
            protocol: Protocol::Cecp,
            command: command.to_string(),
            options: Vec::new(),
        },
    };
    for pair in options {
        spec.add_option(pair)?;
    }
    Ok(spec)
}

/// How long an engine is waited for: the default patience, and a margin
/// of twice its time a move when that is longer.
fn patience(st: f64) -> Patience {
    let default = Patience::default();
    Patience {
        margin: default.margin.max(Duration::from_secs_f64(st * 2.0)),
        ..default
    }
}

/// Starts one engine, trying three times when it is slow: on a loaded
/// machine an engine reading a large network can miss its deadline once.
/// Any other failure (no such program, an option refused) is said once.
fn start_engine(spec: &EngineSpec, st: f64) -> Result<Engine, String> {
    let mut tries = 0;
    loop {
        match Engine::start(spec, patience(st)) {
            Ok(engine) => return Ok(engine),
            Err(e) if tries >= 2 || !matches!(e.fault, Fault::Start | Fault::Hung) => {
                return Err(e.sentence);
            }
            Err(e) => {
                eprintln!("catboard-match: {} Trying again.", e.sentence);
                tries += 1;
            }
        }
    }
}

/// Starts both engines and checks that they play `variant`.
fn start_engines(
    specs: &[EngineSpec; 2],
    seconds: [f64; 2],
    variant: Variant,
) -> Result<[Engine; 2], String> {
    let engines = [
        start_engine(&specs[0], seconds[0])?,
        start_engine(&specs[1], seconds[1])?,
    ];
    let game = variant.new_game(&Options::new());
    for engine in &engines {
        engine
            .check_plays(&game, &Options::new())
            .map_err(|e| e.sentence)?;
    }
    Ok(engines)
}

fn run(args: &Args) -> Result<(), String> {
    for st in seconds_per_move(args) {
        if !(st.is_finite() && st > 0.0) {
            return Err(format!(
                "the time per move must be a positive number of seconds, not {st}"
            ));
        }
    }
    let variant = chosen_variant(args)?;
    let openings = load_openings(args, variant)?;
    let plan = match &args.rung {
        Some(text) => {
            let exe = std::env::current_exe()
                .map_err(|e| format!("could not find this program's folder: {e}"))?;
            Some(rung::plan(text, &exe.with_file_name("catboard"))?)
        }
        None => None,
    };
    let (command1, command2, options2) = match &plan {
        Some(p) => (p.engine1.as_str(), p.engine2.as_str(), &p.options2),
        None => (
            args.engine1.as_deref().unwrap_or_default(),
            args.engine2.as_deref().unwrap_or_default(),
            &args.option2,
        ),
    };
    let specs = [
        engine_spec(command1, &args.option1)?,
        engine_spec(command2, options2)?,
    ];
    let seconds = seconds_per_move(args);
    let mut engines = start_engines(&specs, seconds, variant)?;
    let names = [
        args.name1
            .clone()
            .unwrap_or_else(|| engines[0].name().to_string()),
        args.name2
            .clone()
            .unwrap_or_else(|| engines[1].name().to_string()),
    ];
    let [st1, st2] = seconds;
    let time = if st1 == st2 {
        format!("{st1} s a move")
    } else {
        format!("{st1} s against {st2} s a move")
    };
    println!(
        "{} vs {}: {} games at {time}{}",
        names[0],
        names[1],
        args.games,
        args.depth
            .map_or(String::new(), |d| format!(", depth {d} at most"))
    );
    let mut tally = Tally::default();
    let mut disagreements = 0u32;
    for n in 0..args.games {
        let opening = &openings[(n as usize / 2) % openings.len()];
        // Engine 1 has White in even games.
        let white = (n % 2) as usize;
        let (end, game, start) = play_game(args, variant, &mut engines, white, opening)?;
        let first_seat = if white == 0 { Seat::WHITE } else { Seat::BLACK };
        match end.winner {
            _ if !end.counted => disagreements += 1,
            None => tally.draws += 1,
            Some(s) if s == first_seat => tally.wins += 1,
            Some(_) => tally.losses += 1,
        }
        println!(
            "game {:>3}: {} (white) vs {} (black): {} after {} moves; running score {:.1}%",
            n + 1,
            names[white],
            names[1 - white],
            end.text,
            game.moves_played().len().div_ceil(2),
            tally.score() * 100.0
        );
        if let Some(path) = &args.pgn {
            write_pgn(path, variant, &start, &game, &names, white, &end)?;
        }
        // An engine that failed is of no more use: it starts anew.
        if let Some(i) = end.broken {
            engines[i] = start_engine(&specs[i], seconds[i])?;
        }
    }
    drop(engines);
    if disagreements > 0 {
        println!("{disagreements} games stopped where the engines' rules disagree (not counted)");
    }
    println!("{} vs {}: {}", names[0], names[1], tally.summary());
    if let Some(plan) = &plan {
        println!("{}", rung::verdict(plan, &tally));
    }
    Ok(())
}

/// Plays one game, engine `white` having White; returns how it ended, the
/// final game and the start position.
fn play_game(
    args: &Args,
    variant: Variant,
    engines: &mut [Engine; 2],
    white: usize,
    opening: &[String],
) -> Result<(GameEnd, AnyGame, AnyGame), String> {
    let options = Options::new();
    let start = variant.new_game(&options);
    let mut game = start.clone();
    let seconds = seconds_per_move(args);
    for text in opening {
        let mv = game.parse_move(text).map_err(|e| e.to_string())?;
        game.make_move(mv);
    }
    let never = AtomicBool::new(false);
    let mut lopsided = 0u32;
    let end = loop {
        if let Some(outcome) = game.outcome() {
            break GameEnd {
                winner: outcome.winner,
                text: result_line(&game, outcome),
                counted: true,
                broken: None,
                decided: None,
            };
        }
        if game.moves_played().len() >= 2 * args.max_moves as usize {
            let why = format!("Draw by the {}-move limit", args.max_moves);
            break GameEnd::decided(None, "adjudication", &why);
        }
        if args.material > 0 {
            let balance = material_balance(&game);
            if balance.unsigned_abs() >= args.material * 100 {
                lopsided += 1;
            } else {
                lopsided = 0;
            }
            if lopsided >= 8 {
                let seat = if balance > 0 {
                    Seat::WHITE
                } else {
                    Seat::BLACK
                };
                break GameEnd::decided(Some(seat), "adjudication", "Adjudicated on material");
            }
        }
        let side = game.to_move();
        let mover = if side == Seat::WHITE {
            white
        } else {
            1 - white
        };
        let ask = Ask {
            game: &game,
            options: &options,
            budget: Budget::PerMove(Duration::from_secs_f64(seconds[mover])),
            depth: args.depth,
        };
        match engines[mover].best_move(&ask, &never) {
            Ok(Answer::Move(mv)) => game.make_move(mv),
            Ok(Answer::Resign) => {
                let why = format!("{} resigns", engines[mover].name());
                break GameEnd::decided(Some(side.opponent()), "resignation", &why);
            }
            Ok(Answer::Stopped) => return Err("a move was stopped with nothing to stop it".into()),
            Err(e) if e.fault == Fault::Refused => break GameEnd::disagreement(&e.sentence, mover),
            Err(e) if e.fault == Fault::Unplayable => return Err(e.sentence),
            Err(e) => {
                let mut end = GameEnd::decided(
                    Some(side.opponent()),
                    fault_termination(e.fault),
                    catboard::text::clause(&e.sentence),
                );
                end.broken = Some(mover);
                break end;
            }
        }
    };
    Ok((end, game, start))
}

/// White's material minus Black's, in centipawns, by catboard's piece values.
fn material_balance(game: &AnyGame) -> i32 {
    game.geometry()
        .cells()
        .filter_map(|c| game.piece_at(c))
        .map(|p| {
            let v = game.piece_value(p.kind());
            if p.seat() == Seat::WHITE { v } else { -v }
        })
        .sum()
}

/// Appends the game to the PGN file.
fn write_pgn(
    path: &std::path::Path,
    variant: Variant,
    start: &AnyGame,
    game: &AnyGame,
    names: &[String; 2],
    white: usize,
    end: &GameEnd,
) -> Result<(), String> {
    let mut pgn = PgnGame::new(variant, Options::new());
    pgn.start = start.position_text();
    pgn.moves = game.moves_played().to_vec();
    pgn.ending = end.decided.clone();
    pgn.tags = PgnTags {
        event: "catboard-match".to_string(),
        players: vec![names[white].clone(), names[1 - white].clone()],
        // How the runner saw the game end, as it told the engines.
        extra: vec![("MatchResult".to_string(), end.text.clone())],
        ..PgnTags::default()
    };
    let text = write(&pgn).map_err(|e| e.to_string())?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("could not open {}: {e}", path.display()))?;
    writeln!(file, "{text}").map_err(|e| format!("could not write to {}: {e}", path.display()))
}
