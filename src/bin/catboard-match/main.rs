//! `catboard-match`: plays a match between two XBoard (CECP) engines from
//! varied openings at a fixed time per move, alternating colours, judging
//! every game by catboard's own rules, and prints wins, draws, losses and
//! the score with its error margin.
//!
//! ```sh
//! catboard-match --engine1 "catboard xboard" --engine2 "fairymax" --games 40 --st 1
//! catboard-match --variant elven --engine1 "catboard xboard" --engine2 "sjaakii" --games 20
//! ```

mod engine;
mod openings;
mod tally;

use catboard::ai::Evaluate;
use catboard::core::{Game, Move, Options, Seat};
use catboard::notation::pgn::{PgnGame, PgnTags, write};
use catboard::protocol::xboard::{protocol_name, result_line, variant_named};
use catboard::variants::{AnyGame, Variant};
use clap::Parser;
use engine::{Engine, Reply};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;
use tally::Tally;

/// Play a match between two XBoard engines and print the score.
#[derive(Parser, Debug)]
#[command(name = "catboard-match", version, about, long_about = None)]
struct Args {
    /// The first engine's command (run through `sh -c`), e.g. "catboard xboard".
    #[arg(long)]
    engine1: String,
    /// The second engine's command, e.g. "fairymax".
    #[arg(long)]
    engine2: String,
    /// The first engine's name in the results (the name it gives by default).
    #[arg(long)]
    name1: Option<String>,
    /// The second engine's name in the results.
    #[arg(long)]
    name2: Option<String>,
    /// How many games (each opening is played twice, colours reversed).
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// Seconds per move for both engines (the XBoard `st` command).
    #[arg(long, default_value_t = 1.0)]
    st: f64,
    /// Seconds per move for the second engine, if it is to differ (a handicap).
    #[arg(long)]
    st2: Option<f64>,
    /// Also limit both engines to this search depth (the `sd` command).
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
    /// (Chu Chess); both engines must list it in their `variants` feature.
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
}

impl GameEnd {
    fn win(seat: Seat, why: &str) -> GameEnd {
        let token = if seat == Seat::WHITE { "1-0" } else { "0-1" };
        GameEnd {
            winner: Some(seat),
            text: format!("{token} {{{why}}}"),
            counted: true,
        }
    }

    /// A game stopped because an engine refused a move legal by catboard's
    /// rules: a difference of rules, not counted in the score.
    fn disagreement(name: &str, played: &str, reply: &str) -> GameEnd {
        GameEnd {
            winner: None,
            text: format!("* {{rules disagree: {name} refused {played} ({reply})}}"),
            counted: false,
        }
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

/// The `st` command for `seconds` (whole seconds as integers, which every
/// engine reads).
fn st_command(seconds: f64) -> String {
    if seconds.fract() == 0.0 {
        format!("st {}", seconds as u64)
    } else {
        format!("st {seconds}")
    }
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
    let mut engines = [Engine::start(&args.engine1)?, Engine::start(&args.engine2)?];
    for engine in &engines {
        engine.check_plays(&args.variant)?;
    }
    let names = [
        args.name1
            .clone()
            .unwrap_or_else(|| engines[0].name.clone()),
        args.name2
            .clone()
            .unwrap_or_else(|| engines[1].name.clone()),
    ];
    let [st1, st2] = seconds_per_move(args);
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
    }
    for e in engines {
        e.quit();
    }
    if disagreements > 0 {
        println!("{disagreements} games stopped where the engines' rules disagree (not counted)");
    }
    println!("{} vs {}: {}", names[0], names[1], tally.summary());
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
    for (engine, st) in engines.iter_mut().zip(seconds) {
        engine.send("new")?;
        if variant != Variant::Chess {
            engine.send(&format!("variant {}", args.variant))?;
        }
        engine.send("force")?;
        engine.send(&st_command(st))?;
        if let Some(d) = args.depth {
            engine.send(&format!("sd {d}"))?;
        }
    }
    for text in opening {
        let mv = game.parse_move(text).map_err(|e| e.0)?;
        game.make_move(mv);
        for engine in engines.iter_mut() {
            engine.send_move(text)?;
        }
    }
    for engine in engines.iter_mut() {
        engine.sync()?;
    }
    let timeout = Duration::from_secs_f64(seconds[0].max(seconds[1]) * 3.0 + 5.0);
    let mut started = [false; 2];
    let mut lopsided = 0u32;
    let end = loop {
        if let Some(outcome) = game.outcome() {
            break GameEnd {
                winner: outcome.winner,
                text: result_line(&game, outcome),
                counted: true,
            };
        }
        if game.moves_played().len() >= 2 * args.max_moves as usize {
            break GameEnd {
                winner: None,
                text: format!("1/2-1/2 {{Draw by the {}-move limit}}", args.max_moves),
                counted: true,
            };
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
                break GameEnd::win(seat, "Adjudicated on material");
            }
        }
        let side = game.to_move();
        let mover = if side == Seat::WHITE {
            white
        } else {
            1 - white
        };
        if !started[mover] {
            engines[mover].send("go")?;
            started[mover] = true;
        }
        let reply = match engines[mover].wait_for_move(timeout) {
            Ok(reply) => reply,
            Err(why) => break GameEnd::win(side.opponent(), &why),
        };
        let text = match reply {
            Reply::Move(text) => text,
            Reply::Resign => {
                let why = format!("{} resigns", engines[mover].name);
                break GameEnd::win(side.opponent(), &why);
            }
            Reply::Refused(reply) => {
                let played = game
                    .moves_played()
                    .last()
                    .map_or(String::new(), |&mv| last_move_text(&game, mv));
                break GameEnd::disagreement(&engines[mover].name, &played, &reply);
            }
        };
        let mv: Move = match game.parse_move(&text) {
            Ok(mv) => mv,
            Err(e) => {
                let why = format!("{} played an illegal move: {}", engines[mover].name, e.0);
                break GameEnd::win(side.opponent(), &why);
            }
        };
        let coordinates = game.move_text(mv);
        game.make_move(mv);
        engines[1 - mover].send_move(&coordinates)?;
    };
    for engine in engines.iter_mut() {
        engine.send(&format!("result {}", end.text))?;
        engine.send("force")?;
    }
    Ok((end, game, start))
}

/// The text of `mv`, the last move played in `game`, as it was sent.
fn last_move_text(game: &AnyGame, mv: Move) -> String {
    let mut before = game.clone();
    before.unmake_move();
    before.move_text(mv)
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
    pgn.tags = PgnTags {
        event: "catboard-match".to_string(),
        players: vec![names[white].clone(), names[1 - white].clone()],
        // How the runner saw the game end, as it told the engines.
        extra: vec![("MatchResult".to_string(), end.text.clone())],
        ..PgnTags::default()
    };
    let text = write(&pgn)?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("could not open {}: {e}", path.display()))?;
    writeln!(file, "{text}").map_err(|e| format!("could not write to {}: {e}", path.display()))
}
