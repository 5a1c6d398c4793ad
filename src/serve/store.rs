//! Where the server keeps what must outlive it: each table's game and
//! seats, the names keys have claimed, and the guest counter. The hub
//! knows only the [`Store`] interface; [`FileStore`] keeps them as small
//! JSON files in the data folder, each written whole or not at all
//! through [`catboard::durable`], readable by the server's user alone
//! (files 0600, folders 0700).

use super::log;
use super::names::NameBook;
use super::room::Holder;
use crate::session::save::{SaveStore, SavedGame};
use catboard::durable::{self, Access};
use serde::{Deserialize, Serialize};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Who made a table, who holds its seats and how long its Master thinks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatsRecord {
    /// Whom the table counts against ([`super::identity::Who::person`]).
    pub owner: String,
    /// The person holding each seat, if any.
    pub holders: Vec<Option<Holder>>,
    /// How long a Master computer at the table thinks per move; absent in
    /// files from before it was kept (the server's `--think-ms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u64>,
}

/// A table as it was kept.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Its name.
    pub name: String,
    /// Its game, or why it cannot be read.
    pub game: Result<SavedGame, String>,
    /// Its seats, when kept and readable.
    pub seats: Option<SeatsRecord>,
}

/// What the server keeps.
pub trait Store: Send + Sync + std::fmt::Debug {
    /// Every table kept, the newest first.
    fn tables(&self) -> Result<Vec<StoredTable>, String>;
    /// Keeps the game of table `name` whole (the moves kept one by one
    /// before are in it); done when it returns `Ok`.
    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), String>;
    /// Keeps move number `ply` (from 1) of table `name`, in its text form
    /// (`Game::move_text`), after the moves kept before it.
    fn save_move(&self, name: &str, ply: usize, text: &str) -> Result<(), String>;
    /// Keeps the seats of table `name`.
    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), String>;
    /// The names claimed so far.
    fn names(&self) -> Result<NameBook, String>;
    /// Keeps the names claimed.
    fn save_names(&self, book: &NameBook) -> Result<(), String>;
    /// The first guest number not set aside yet (1 on a new server).
    fn guests(&self) -> Result<u64, String>;
    /// Keeps the first guest number not set aside.
    fn save_guests(&self, first_free: u64) -> Result<(), String>;
}

/// The store as files in a data folder: `tables/NAME.json` (a saved
/// game, the format `catboard play` writes) and `tables/NAME.moves` (the
/// moves since, a line each: `PLY MOVE`), `seats/NAME.json`, `names.json`
/// and `guests.json`.
#[derive(Debug)]
pub struct FileStore {
    dir: PathBuf,
}

/// The guest counter as kept.
#[derive(Serialize, Deserialize)]
struct GuestsFile {
    first_free: u64,
}

impl FileStore {
    /// The store in `dir`, made if missing; a folder or file others could
    /// read is made the owner's alone (and logged), and temporary files
    /// left by an interrupted write are removed.
    pub fn open(dir: &Path) -> Result<FileStore, String> {
        let fail = |path: &Path, e: std::io::Error| {
            format!("The data folder {} cannot be used: {e}.", path.display())
        };
        for folder in [dir.to_path_buf(), dir.join("tables"), dir.join("seats")] {
            durable::make_folder(&folder, Access::Private).map_err(|e| fail(&folder, e))?;
            make_private(&folder, 0o700).map_err(|e| fail(&folder, e))?;
            let entries = std::fs::read_dir(&folder).map_err(|e| fail(&folder, e))?;
            for path in entries.flatten().map(|e| e.path()) {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let left_over = durable::is_temporary(&path) || name.ends_with(".json.tmp");
                if left_over && path.is_file() {
                    let _ = std::fs::remove_file(&path);
                    log::event(format!(
                        "removed {}, left by a write that did not finish",
                        path.display()
                    ));
                } else if path.is_file() {
                    make_private(&path, 0o600).map_err(|e| fail(&path, e))?;
                }
            }
        }
        Ok(FileStore {
            dir: dir.to_path_buf(),
        })
    }

    fn game_path(&self, name: &str) -> PathBuf {
        self.dir.join("tables").join(format!("{name}.json"))
    }

    fn journal_path(&self, name: &str) -> PathBuf {
        self.dir.join("tables").join(format!("{name}.moves"))
    }

    /// `saved` with the moves of table `name`'s journal that follow it.
    fn with_journal(&self, name: &str, mut saved: SavedGame) -> SavedGame {
        let path = self.journal_path(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            return saved;
        };
        for line in durable::whole_lines(&text) {
            let parsed = line
                .split_once(' ')
                .and_then(|(ply, mv)| Some((ply.parse::<usize>().ok()?, mv)));
            match parsed {
                // Kept in the game's file already.
                Some((ply, _)) if ply <= saved.moves.len() => {}
                Some((ply, mv)) if ply == saved.moves.len() + 1 => saved.moves.push(mv.to_string()),
                _ => {
                    log::event(format!(
                        "{}: the line {line:?} does not follow move {}; the moves from it on are left out",
                        path.display(),
                        saved.moves.len()
                    ));
                    break;
                }
            }
        }
        saved
    }

    fn seats_path(&self, name: &str) -> PathBuf {
        self.dir.join("seats").join(format!("{name}.json"))
    }

    /// Writes `value` as JSON to `path`, whole or not at all.
    fn write_json(path: &Path, value: &impl Serialize) -> Result<(), String> {
        let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
        durable::replace(path, (text + "\n").as_bytes(), Access::Private)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The JSON at `path`, `None` when there is no file.
    fn read_json<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Option<T>, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| format!("{} is not readable ({e})", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{} cannot be read ({e})", path.display())),
        }
    }
}

/// Takes the group's and others' permissions off `path` (to `mode`),
/// saying so in the log when it had any.
fn make_private(path: &Path, mode: u32) -> std::io::Result<()> {
    let now = std::fs::metadata(path)?.permissions().mode() & 0o777;
    if now & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
        log::event(format!(
            "{} was readable by others (mode {now:o}); it is now {mode:o}",
            path.display()
        ));
    }
    Ok(())
}

impl Store for FileStore {
    fn tables(&self) -> Result<Vec<StoredTable>, String> {
        let store = SaveStore::new(self.dir.join("tables"));
        let mut tables = Vec::new();
        for path in store.newest_first()? {
            let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let seats = match FileStore::read_json(&self.seats_path(name)) {
                Ok(seats) => seats,
                Err(e) => {
                    log::event(format!("{e}; its seats are free"));
                    None
                }
            };
            tables.push(StoredTable {
                name: name.to_string(),
                game: SaveStore::read(&path).map(|saved| self.with_journal(name, saved)),
                seats,
            });
        }
        Ok(tables)
    }

    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), String> {
        SaveStore::write_with(&self.game_path(name), game, Access::Private)?;
        // Every move is in the game's file now; a journal left unemptied by
        // a crash here holds only moves the file has.
        durable::replace(&self.journal_path(name), b"", Access::Private)
            .map_err(|e| format!("Could not save the game of table {name}: {e}."))
    }

    fn save_move(&self, name: &str, ply: usize, text: &str) -> Result<(), String> {
        let line = format!("{ply} {text}\n");
        durable::append(&self.journal_path(name), line.as_bytes(), Access::Private).map_err(|e| {
            format!(
                "Could not save the move to {}: {e}.",
                self.journal_path(name).display()
            )
        })
    }

    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), String> {
        FileStore::write_json(&self.seats_path(name), seats)
            .map_err(|e| format!("Could not save the seats of table {name}: {e}."))
    }

    fn names(&self) -> Result<NameBook, String> {
        FileStore::read_json(&self.dir.join("names.json")).map(Option::unwrap_or_default)
    }

    fn save_names(&self, book: &NameBook) -> Result<(), String> {
        FileStore::write_json(&self.dir.join("names.json"), book)
            .map_err(|e| format!("Could not save the names: {e}."))
    }

    fn guests(&self) -> Result<u64, String> {
        let kept: Option<GuestsFile> = FileStore::read_json(&self.dir.join("guests.json"))?;
        Ok(kept.map_or(1, |g| g.first_free))
    }

    fn save_guests(&self, first_free: u64) -> Result<(), String> {
        FileStore::write_json(&self.dir.join("guests.json"), &GuestsFile { first_free })
            .map_err(|e| format!("Could not save the guest counter: {e}."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("catboard-store-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("exists")
            .permissions()
            .mode()
            & 0o777
    }

    #[test]
    fn everything_kept_is_the_owners_alone_and_leftovers_are_removed() {
        let dir = scratch("modes");
        std::fs::create_dir_all(dir.join("tables")).expect("folders");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        std::fs::write(dir.join("tables/old.json.tmp"), "").expect("an old leftover");
        std::fs::write(dir.join("tables/.t.json.1.2.3.tmp"), "{").expect("a leftover");
        std::fs::write(dir.join("names.json"), "{\"names\":{}}").expect("names");
        std::fs::set_permissions(
            dir.join("names.json"),
            std::fs::Permissions::from_mode(0o644),
        )
        .expect("chmod");
        let store = FileStore::open(&dir).expect("opens");
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join("seats")), 0o700);
        assert_eq!(mode(&dir.join("names.json")), 0o600);
        let left: Vec<_> = std::fs::read_dir(dir.join("tables"))
            .expect("listed")
            .flatten()
            .collect();
        assert!(left.is_empty(), "{left:?}");
        store
            .save_seats("t", &SeatsRecord::default())
            .expect("saved");
        store.save_guests(65).expect("saved");
        assert_eq!(mode(&dir.join("seats/t.json")), 0o600);
        assert_eq!(mode(&dir.join("guests.json")), 0o600);
        assert_eq!(store.guests(), Ok(65));
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn opening() -> SavedGame {
        SavedGame {
            format: SavedGame::FORMAT,
            variant: "chess".into(),
            options: Vec::new(),
            start: catboard::variants::chess::START_FEN.into(),
            players: vec!["human".into(), "human".into()],
            moves: Vec::new(),
            series: None,
        }
    }

    fn moves_of(store: &FileStore) -> Vec<String> {
        let tables = store.tables().expect("listed");
        tables[0].game.clone().expect("a game").moves
    }

    #[test]
    fn moves_are_kept_one_a_line_and_folded_into_the_game_without_loss() {
        let dir = scratch("journal");
        let store = FileStore::open(&dir).expect("opens");
        store.save_game("t", &opening()).expect("made");
        store.save_move("t", 1, "e2e4").expect("kept");
        store.save_move("t", 2, "e7e5").expect("kept");
        assert_eq!(moves_of(&store), ["e2e4", "e7e5"]);
        // Folded into the game's file; a crash before the journal was
        // emptied leaves lines the file has, which are skipped.
        let mut folded = opening();
        folded.moves = vec!["e2e4".into(), "e7e5".into()];
        store.save_game("t", &folded).expect("folded");
        std::fs::write(dir.join("tables/t.moves"), "1 e2e4\n2 e7e5\n3 g1f3\n4 b8")
            .expect("a journal");
        assert_eq!(
            moves_of(&store),
            ["e2e4", "e7e5", "g1f3"],
            "the cut line is left out"
        );
        std::fs::write(dir.join("tables/t.moves"), "5 d2d4\n").expect("a gap");
        assert_eq!(moves_of(&store), ["e2e4", "e7e5"], "no move after a gap");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_table_without_a_folder_to_go_to_is_not_saved_and_says_why() {
        let dir = scratch("blocked");
        let store = FileStore::open(&dir).expect("opens");
        std::fs::remove_dir_all(dir.join("tables")).expect("removed");
        std::fs::write(dir.join("tables"), "a file where the folder was").expect("written");
        let game = SavedGame {
            format: SavedGame::FORMAT,
            variant: "chess".into(),
            options: Vec::new(),
            start: catboard::variants::chess::START_FEN.into(),
            players: vec!["human".into(), "human".into()],
            moves: Vec::new(),
            series: None,
        };
        let err = store.save_game("t", &game).expect_err("no folder");
        assert!(err.contains("is a file, not a folder"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
