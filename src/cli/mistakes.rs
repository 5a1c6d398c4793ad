//! `catboard puzzle --mistakes [SAVE | DIR …]`: the player's own analysed
//! games made into puzzles ("your mistakes") and solved like any others.
//! Every save of the saves folder (or those given, a folder standing for
//! its saves) whose analysis classed a move of the player's a mistake or
//! a blunder is mined once
//! ([`crate::session::puzzles::mistakes::mine_saves`]); the puzzles are
//! kept in the saves folder; then the variant's are set, rated in the
//! same standing as the starter set's.

use crate::cli::Failure;
use crate::cli::puzzle::{PuzzleArgs, nodes, solve};
use crate::session::puzzles::mistakes::{Mining, MistakesStore, Tally, mine_saves};
use crate::session::save::SaveStore;
use catboard::analysis::PlyBudget;
use catboard::text::{count, shown_path};
use catboard::variants::Variant;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// Runs `catboard puzzle --mistakes`.
pub fn mistakes(args: &PuzzleArgs, variant: Variant) -> Result<(), Failure> {
    let (store, nowhere) = crate::cli::play::saves_of(&args.saves, &crate::cli::play::env);
    let Some(store) = store else {
        return Err(Failure::Refused(format!(
            "Your mistakes' puzzles are kept in the saves folder, and there is none: {}; give --save-dir DIR.",
            nowhere.unwrap_or_else(|| "no folder was found".to_string())
        )));
    };
    let mut paths: Vec<PathBuf> = Vec::new();
    if args.saved.is_empty() {
        paths = store.newest_first().map_err(String::from)?;
    }
    for path in &args.saved {
        if path.is_dir() {
            paths.extend(
                SaveStore::new(path.clone())
                    .newest_first()
                    .map_err(String::from)?,
            );
        } else {
            paths.push(path.clone());
        }
    }
    let how = Mining {
        analyse: if args.analyse {
            Some(PlyBudget::Nodes(nodes("--pass-nodes", args.pass_nodes)?))
        } else {
            None
        },
        check_nodes: args
            .check_nodes
            .map(|n| nodes("--check-nodes", n))
            .transpose()?,
    };
    let mut kept = MistakesStore::open(store.dir())?;
    let stop = AtomicBool::new(false);
    let tally = mine_saves(&paths, &mut kept, how, &stop, &mut |line| {
        eprintln!("{line}")
    })?;
    let puzzles = kept.puzzles(variant)?;
    if puzzles.is_empty() {
        let others: Vec<String> = Variant::ALL
            .iter()
            .filter(|&&v| v != variant)
            .filter_map(|&v| {
                let n = kept.puzzles(v).ok()?.len();
                (n > 0).then(|| format!("{} of {} (--variant {})", n, v.name(), v.id()))
            })
            .collect();
        crate::cli::print_line(none_sentence(
            variant,
            &tally,
            &others,
            &shown_path(store.dir()),
        ))?;
        return Ok(());
    }
    eprintln!(
        "{} from your mistakes.",
        count(
            puzzles.len() as u64,
            &format!("{} puzzle", variant.name()),
            &format!("{} puzzles", variant.name())
        )
    );
    let app = solve(args, variant, puzzles)?;
    kept.keep_ratings(variant, &app.puzzles)?;
    Ok(())
}

/// The one sentence when there is no puzzle of `variant` from the
/// player's mistakes, `tally` being what mining the saves of `folder`
/// came to and `others` the other variants' puzzles kept.
pub fn none_sentence(variant: Variant, tally: &Tally, others: &[String], folder: &str) -> String {
    let how =
        "analyse a game with catboard analyse SAVE (or add --analyse to analyse those without one)";
    let head = if tally.games == 0 {
        format!("No mistakes found: there is no game of yours in {folder}; play one, then {how}.")
    } else if tally.analysed == 0 && tally.games == 1 {
        format!("No mistakes found: your one game has no analysis; {how}.")
    } else if tally.analysed == 0 {
        format!(
            "No mistakes found: none of your {} games has an analysis; {how}.",
            tally.games
        )
    } else {
        format!(
            "No puzzles of {} from your mistakes in {}; {how}.",
            variant.name(),
            count(tally.analysed as u64, "analysed game", "analysed games")
        )
    };
    if others.is_empty() {
        head
    } else {
        format!(
            "{head} Kept from your mistakes: {}.",
            catboard::text::and_list(others)
        )
    }
}
