//! A long game read back from its save: time growing with its length.

use super::*;

/// A save of `plies` knight moves out and back, with the draw rules off.
fn shuffling(plies: usize) -> SavedGame {
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    SavedGame {
        format: SavedGame::FORMAT,
        variant: "chess".into(),
        options: vec!["fifty_moves=off".into(), "repetition=off".into()],
        start: catboard::variants::chess::START_FEN.into(),
        players: vec!["human".into(), "human".into()],
        moves: (0..plies).map(|i| cycle[i % 4].to_string()).collect(),
        series: None,
        verdict: None,
        think_ms: None,
        engines: Vec::new(),
        time: None,
        clocks: Vec::new(),
        turn_ms: None,
        analysis: None,
        roster: None,
    }
}

/// Seconds to replay a save of `plies` plies (the best of three tries).
fn replay_secs(plies: usize) -> f64 {
    let saved = shuffling(plies);
    (0..3)
        .map(|_| {
            let start = std::time::Instant::now();
            let table = TableGame::from_saved(&saved).expect("a valid save");
            assert_eq!(table.ply(), plies);
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn a_long_game_replays_in_time_growing_with_its_length() {
    // Eight times the moves: about eight times the time when linear,
    // sixty-four when quadratic. The bound leaves three times the
    // linear ratio for a busy machine, and is still far below the
    // quadratic one (four times the moves took 15 times as long before
    // the fix).
    let short = replay_secs(10_000);
    let long = replay_secs(80_000);
    let ratio = long / short.max(1e-6);
    assert!(
        ratio < 24.0,
        "10,000 plies {short:.3} s, 80,000 plies {long:.3} s: {ratio:.1} times"
    );
    let moves: Vec<String> = TableGame::from_saved(&shuffling(8))
        .expect("valid")
        .notation()
        .map(str::to_string)
        .collect();
    assert_eq!(
        moves,
        ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
    );
}

#[test]
#[ignore = "a measurement: cargo test --release --bin catboard hundred_thousand -- --ignored --nocapture"]
fn hundred_thousand_plies_replay() {
    eprintln!("100,000 plies replay in {:.3} s", replay_secs(100_000));
}
