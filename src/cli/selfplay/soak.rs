//! `catboard selfplay --soak N`: plays N games of random moves (every
//! hundredth game against a computer player at a tiny budget instead) and
//! checks the game's invariants at every ply. A failure names the game, the
//! ply, the position and the broken invariant; the run fails if any did.

use catboard::ai::random::Rng;
use catboard::ai::{Limits, think};
use catboard::core::{Game, Move, Options};
use catboard::text::{count, quoted};
use catboard::variants::{AnyGame, Variant};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Every this many games, the side to move is played by a depth-1 search.
const COMPUTER_EVERY: u64 = 100;

/// At most this many failures are printed in full.
const SHOWN_FAILURES: usize = 20;

/// What a soak run is asked to do.
pub struct Soak {
    /// The variant played.
    pub variant: Variant,
    /// How many games.
    pub games: u64,
    /// Give up a game after this many plies.
    pub max_plies: u64,
    /// The seed (game i uses a seed mixed from it and i).
    pub seed: u64,
    /// Games played at once, each on its own thread.
    pub threads: usize,
}

/// Checks the invariants of `game` around `mv`, which must be legal there:
/// the move's text reads back as the move, the position text reads back
/// as the same text and hash, and making then unmaking the move restores
/// both; after the move, the incremental hash equals a fresh one.
fn check_ply(variant: Variant, game: &mut AnyGame, mv: Move) -> Result<(), String> {
    let options = Options::new();
    let text = game.position_text();
    let hash = game.hash();
    let fresh = variant
        .from_position(&text, &options)
        .map_err(|e| format!("its own position text is refused: {e}"))?;
    if fresh.position_text() != text {
        return Err(format!(
            "the position text reads back as {}",
            quoted(&fresh.position_text())
        ));
    }
    if fresh.hash() != hash && !game.state_beyond_text() {
        return Err("the incremental hash differs from a fresh one".into());
    }
    let written = game.move_text(mv);
    match game.parse_move(&written) {
        Ok(read) if read == mv => {}
        Ok(_) => {
            return Err(format!(
                "the move {} reads back as another move",
                quoted(&written)
            ));
        }
        Err(e) => {
            return Err(format!(
                "the move {} does not read back: {e}",
                quoted(&written)
            ));
        }
    }
    let shown = game.move_notation(mv);
    match game.parse_move(&shown) {
        Ok(read) if read == mv => {}
        _ => {
            return Err(format!(
                "the move as listed, {}, does not read back",
                quoted(&shown)
            ));
        }
    }
    game.make_move(mv);
    let after = game.position_text();
    let after_hash = game.hash();
    if game.unmake_move() != Some(mv) {
        return Err(format!(
            "unmaking {} took back another move",
            quoted(&written)
        ));
    }
    if game.position_text() != text || game.hash() != hash {
        return Err(format!(
            "unmaking {} did not restore the position",
            quoted(&written)
        ));
    }
    game.make_move(mv);
    if game.position_text() != after || game.hash() != after_hash {
        return Err(format!(
            "replaying {} reached another position",
            quoted(&written)
        ));
    }
    let after_fresh = variant
        .from_position(&after, &options)
        .map_err(|e| format!("the text after {} is refused: {e}", quoted(&written)))?;
    if after_fresh.hash() != after_hash && !game.state_beyond_text() {
        return Err(format!(
            "after {} the incremental hash differs from a fresh one",
            quoted(&written)
        ));
    }
    Ok(())
}

/// Plays game `index` of the run; the plies played, or the first failure.
fn soak_one(soak: &Soak, index: u64) -> Result<usize, String> {
    let mut rng = Rng::new(super::mix(soak.seed, index));
    let mut game = soak.variant.new_game(&Options::new());
    let computer = index.is_multiple_of(COMPUTER_EVERY);
    let stop = AtomicBool::new(false);
    let mut plies = 0;
    while plies < soak.max_plies as usize && game.outcome().is_none() {
        let moves = game.legal_move_list();
        if moves.is_empty() {
            return Err(format!(
                "game {index}, ply {plies}, at {}: no legal move yet no outcome",
                game.position_text()
            ));
        }
        let mv = if computer {
            let limits = Limits::depth(1).with_nodes(500).with_seed(index);
            match think(&game, &limits, &stop, |_| {}).best {
                Some(mv) if moves.contains(&mv) => mv,
                other => {
                    return Err(format!(
                        "game {index}, ply {plies}, at {}: the computer chose {other:?}, not a legal move",
                        game.position_text()
                    ));
                }
            }
        } else {
            moves[rng.below(moves.len())]
        };
        let before = game.position_text();
        check_ply(soak.variant, &mut game, mv)
            .map_err(|why| format!("game {index}, ply {plies}, at {before}: {why}."))?;
        plies += 1;
    }
    Ok(plies)
}

/// Runs the soak and prints games, plies, failures and the time taken;
/// an error when any game broke an invariant.
pub fn run(soak: &Soak) -> Result<(), String> {
    let started = Instant::now();
    let next = AtomicU64::new(0);
    let plies = AtomicU64::new(0);
    let failures = Mutex::new(Vec::new());
    let abort = AtomicBool::new(false);
    let work = || {
        while !abort.load(Ordering::Relaxed) {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= soak.games {
                return;
            }
            match soak_one(soak, index) {
                Ok(n) => {
                    plies.fetch_add(n as u64, Ordering::Relaxed);
                }
                Err(why) => {
                    if let Ok(mut f) = failures.lock() {
                        f.push(why);
                    }
                }
            }
        }
    };
    std::thread::scope(|scope| super::start_workers(scope, soak.threads, &abort, &work))?;
    let failures = failures.into_inner().map_err(|e| e.to_string())?;
    for why in failures.iter().take(SHOWN_FAILURES) {
        println!("failure: {why}");
    }
    println!(
        "soak {}: {}, {}, {}, {:.1} s",
        soak.variant.id(),
        count(soak.games, "game", "games"),
        count(plies.load(Ordering::Relaxed), "ply", "plies"),
        count(failures.len() as u64, "failure", "failures"),
        started.elapsed().as_secs_f64()
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the soak found {} breaking an invariant.",
            count(failures.len() as u64, "game", "games")
        ))
    }
}
