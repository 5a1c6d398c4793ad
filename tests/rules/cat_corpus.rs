//! The acceptance test for Cat Chess's rules: the public corpus of 300
//! games played with the original engine corrected to the seed's rules
//! (`tests/data/catchess/corpus-public.jsonl.gz`, format in
//! `docs/rules/cat-chess.md`). Every game is replayed, and at every
//! position catboard must agree on the Cat FEN, the exact set of legal
//! moves (while the game is on), check, and the result with its reason.

use catboard::core::{Game, Move};
use catboard::variants::cat::CatChess;
use flate2::read::GzDecoder;
use serde_json::Value;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/catchess/corpus-public.jsonl.gz"
);

/// The games of the corpus, one JSON value each.
fn corpus() -> Vec<Value> {
    let file = std::fs::File::open(CORPUS).expect("the corpus is in the repository");
    BufReader::new(GzDecoder::new(file))
        .lines()
        .map(|line| serde_json::from_str(&line.expect("the corpus unpacks")).expect("JSON lines"))
        .collect()
}

/// catboard's legal moves, sorted, as the corpus writes them.
fn legal_text(game: &CatChess) -> String {
    let mut moves: Vec<String> = game
        .legal_move_list()
        .iter()
        .map(|m| game.move_text(*m))
        .collect();
    moves.sort();
    moves.join(" ")
}

/// The corpus's `result` and `reason` for catboard's outcome.
fn result_of(game: &CatChess) -> (Value, Value) {
    match game.outcome() {
        None => (Value::Null, Value::Null),
        Some(o) => (
            o.winner
                .map_or(Value::Null, |s| Value::from(game.seat_name(s))),
            Value::from(o.reason.code()),
        ),
    }
}

/// Compares one position; appends what disagrees to `faults`.
fn compare(game: &CatChess, expected: &Value, at: &str, is_final: bool, faults: &mut Vec<String>) {
    let mut fault = String::new();
    let fen = game.position_text();
    if expected["fen"].as_str() != Some(fen.as_str()) {
        let _ = write!(fault, " fen {fen} != {};", expected["fen"]);
    }
    let (result, reason) = result_of(game);
    if result != expected["result"] {
        let _ = write!(fault, " result {result} != {};", expected["result"]);
    }
    if is_final && !expected["result"].is_null() && reason != expected["reason"] {
        let _ = write!(fault, " reason {reason} != {};", expected["reason"]);
    }
    if expected["in_check"].as_bool() != Some(game.in_check()) {
        let _ = write!(
            fault,
            " in_check {} != {};",
            game.in_check(),
            expected["in_check"]
        );
    }
    if expected["result"].is_null() {
        let ours = legal_text(game);
        let theirs = expected["legal"].as_str().unwrap_or("");
        if ours != theirs {
            let ours_set: Vec<&str> = ours.split(' ').collect();
            let theirs_set: Vec<&str> = theirs.split(' ').collect();
            let extra: Vec<&&str> = ours_set
                .iter()
                .filter(|m| !theirs_set.contains(m))
                .collect();
            let missing: Vec<&&str> = theirs_set
                .iter()
                .filter(|m| !ours_set.contains(m))
                .collect();
            let _ = write!(fault, " legal: extra {extra:?} missing {missing:?};");
        }
    }
    if !fault.is_empty() {
        faults.push(format!("{at} [{}]:{fault}", expected["fen"]));
    }
}

#[test]
fn catboard_agrees_with_every_position_of_the_public_corpus() {
    let games = corpus();
    assert_eq!(games.len(), 300, "the corpus has 300 games");
    let mut faults = Vec::new();
    let mut positions = 0;
    for record in &games {
        let id = record["id"].as_str().unwrap_or("?");
        let plies = record["plies"].as_array().expect("plies");
        let moves = record["moves"].as_array().expect("moves");
        assert_eq!(plies.len(), moves.len(), "{id}: one position per move");
        let mut game = CatChess::from_fen(plies[0]["fen"].as_str().expect("fen"))
            .expect("the corpus's start is a valid Cat FEN");
        for (i, (ply, text)) in plies.iter().zip(moves).enumerate() {
            compare(&game, ply, &format!("{id} ply {i}"), false, &mut faults);
            positions += 1;
            let text = text.as_str().expect("move text");
            let mv: Option<Move> = game
                .legal_move_list()
                .iter()
                .copied()
                .find(|m| game.move_text(*m) == text);
            match mv {
                Some(mv) => game.make_move(mv),
                None => {
                    faults.push(format!(
                        "{id} ply {i}: move {text} is not legal for catboard"
                    ));
                    break;
                }
            }
        }
        if game.moves_played().len() == moves.len() {
            compare(
                &game,
                &record["final"],
                &format!("{id} final"),
                true,
                &mut faults,
            );
            positions += 1;
            let capped = record["capped"].as_bool().unwrap_or(false);
            assert_eq!(
                capped,
                game.outcome().is_none(),
                "{id}: capped games are unfinished"
            );
        }
    }
    assert!(
        faults.is_empty(),
        "{} of {positions} positions disagree; the first:\n{}",
        faults.len(),
        faults
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(
        positions, 57_122,
        "every position of the corpus was compared"
    );
}

/// Not a test but a measurement (timing is never asserted): the speed of
/// legal-move generation over every position of the corpus. Run with
/// `cargo test --release --test rules cat_corpus -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement; run it by name with --ignored --nocapture"]
fn measure_legal_move_generation_over_the_corpus() {
    let mut positions: Vec<CatChess> = Vec::new();
    for record in corpus() {
        let plies = record["plies"].as_array().expect("plies");
        for ply in plies.iter().chain(std::iter::once(&record["final"])) {
            let fen = ply["fen"].as_str().expect("fen");
            positions.push(CatChess::from_fen(fen).expect("valid"));
        }
    }
    let mut list = catboard::core::MoveList::new();
    let mut moves = 0usize;
    let rounds = 20;
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        for game in &positions {
            game.legal_moves(&mut list);
            moves += list.len();
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let generated = (positions.len() * rounds) as f64;
    let per_position = secs / generated;
    println!(
        "{} positions x {rounds}: {:.0} positions per second, {:.2} µs per position, {:.1} moves each; \
         {:.0} times the original engine's 19 ms",
        positions.len(),
        generated / secs,
        per_position * 1e6,
        moves as f64 / generated,
        0.019 / per_position
    );
    let start = std::time::Instant::now();
    for game in &positions {
        std::hint::black_box((
            game.legal_move_list().len(),
            game.in_check(),
            game.outcome(),
        ));
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "legal moves + check + result: {:.2} µs per position",
        secs / positions.len() as f64 * 1e6
    );
}
