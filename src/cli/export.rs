//! `catboard export`: a saved game written as PGN on standard output, so
//! any game played here can be taken to another program or kept.

use crate::cli::play::{SaveArgs, saves_of_env};
use crate::cli::{Failure, print_line};
use crate::session::pgn::{local_tags, pgn_of};
use crate::session::save::SaveStore;
use crate::session::table::TableGame;
use catboard::notation::pgn;
use catboard::text::shown_path;
use clap::Args;
use std::path::PathBuf;
use std::time::UNIX_EPOCH;

/// Arguments of `catboard export`.
#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    /// The saved game to write (a file of the saves folder); the game
    /// saved last when absent.
    #[arg(value_name = "SAVE")]
    pub save: Option<PathBuf>,
    /// Write PGN (the one format, and the default).
    #[arg(long)]
    pub pgn: bool,
    #[command(flatten)]
    pub saves: SaveArgs,
}

/// Runs `catboard export`: the PGN of the game, or one sentence saying
/// why there is none.
pub fn export(args: &ExportArgs) -> Result<(), Failure> {
    let (path, table) = saved_table(args.save.as_ref(), &args.saves, "export")?;
    let played = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or_else(|| "????.??.??".to_string(), |d| pgn::date(d.as_secs()));
    let text = pgn_of(&table, local_tags(&table, &[], played));
    print_line(text.trim_end())
}

/// The file of the game saved last, in the saves folder `args` names;
/// `verb` says what was to be done with it (`export`).
/// The saved game `save` names (or the newest in `saves`, for `verb`'s
/// sentence when there is none), read and replayed: its path and table.
pub fn saved_table(
    save: Option<&PathBuf>,
    saves: &SaveArgs,
    verb: &str,
) -> Result<(PathBuf, TableGame), String> {
    let path = match save {
        Some(path) => path.clone(),
        None => last_saved(saves, verb)?,
    };
    let saved = SaveStore::load(&path)?;
    let table = TableGame::from_saved(&saved).map_err(|e| {
        format!(
            "The saved game {} cannot be replayed: {}.",
            shown_path(&path),
            catboard::text::clause(&e.to_string())
        )
    })?;
    Ok((path, table))
}

pub fn last_saved(args: &SaveArgs, verb: &str) -> Result<PathBuf, String> {
    let (store, nowhere) = saves_of_env(args);
    let Some(store) = store else {
        return Err(format!(
            "There is no saved game to {verb}: {}; give the file or --save-dir DIR.",
            nowhere.unwrap_or_else(|| "there is no saves folder".to_string())
        ));
    };
    store.newest_first()?.into_iter().next().ok_or_else(|| {
        format!(
            "There is no saved game in {} to {verb}.",
            shown_path(store.dir())
        )
    })
}
