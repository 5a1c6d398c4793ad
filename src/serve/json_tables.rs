//! The data folder as servers before the database kept it, read once to
//! import it ([`super::database`]): `tables/NAME.json` (a saved game, the
//! format `catboard play` writes) and `tables/NAME.moves` (the moves
//! since, a line each: `PLY MOVE`), `seats/NAME.json`, `names.json` and
//! `guests.json`. Nothing here writes: the files stay as they were, a
//! backup of the server before its database.

use super::log;
use super::store::StoredTable;
use crate::session::save::{SaveStore, SavedGame};
use catboard::durable;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The JSON files of a data folder.
#[derive(Debug)]
pub struct JsonTables {
    dir: PathBuf,
}

/// The names claimed, as kept: each name (in lower case) and its key.
#[derive(Default, Deserialize)]
struct NamesFile {
    names: std::collections::BTreeMap<String, String>,
}

/// The guest counter as kept.
#[derive(Deserialize)]
struct GuestsFile {
    first_free: u64,
}

impl JsonTables {
    /// The JSON files in data folder `dir`.
    pub fn new(dir: &Path) -> JsonTables {
        JsonTables {
            dir: dir.to_path_buf(),
        }
    }

    /// Every file and folder an older server kept here: its folders of
    /// tables and seats, their files, the names and the guest counter.
    pub fn files(&self) -> Vec<PathBuf> {
        let mut found = Vec::new();
        for folder in ["tables", "seats"] {
            let path = self.dir.join(folder);
            if let Ok(entries) = std::fs::read_dir(&path) {
                found.extend(entries.filter_map(|e| e.ok()).map(|e| e.path()));
                found.push(path);
            }
        }
        for file in ["names.json", "guests.json"] {
            let path = self.dir.join(file);
            if path.exists() {
                found.push(path);
            }
        }
        found
    }

    /// Whether an older server kept anything here.
    pub fn exists(&self) -> bool {
        ["tables", "seats", "names.json", "guests.json"]
            .iter()
            .any(|name| self.dir.join(name).exists())
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

    /// Every table kept, the newest first.
    pub fn tables(&self) -> Result<Vec<StoredTable>, String> {
        let folder = self.dir.join("tables");
        if !folder.is_dir() {
            return Ok(Vec::new());
        }
        let store = SaveStore::new(folder);
        let mut tables = Vec::new();
        for path in store.newest_first()? {
            let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let seats = match JsonTables::read_json(&self.seats_path(name)) {
                Ok(seats) => seats,
                Err(e) => {
                    log::event(format!("{e}; its seats are free"));
                    None
                }
            };
            tables.push(StoredTable {
                name: name.to_string(),
                game: SaveStore::load(&path)
                    .map_err(String::from)
                    .map(|saved| self.with_journal(name, saved)),
                seats,
            });
        }
        Ok(tables)
    }

    /// The names claimed: each (in lower case) and the key that holds it.
    pub fn names(&self) -> Result<Vec<(String, String)>, String> {
        let kept: Option<NamesFile> = JsonTables::read_json(&self.dir.join("names.json"))?;
        Ok(kept.unwrap_or_default().names.into_iter().collect())
    }

    /// The first guest number not set aside (1 when none was).
    pub fn guests(&self) -> Result<u64, String> {
        let kept: Option<GuestsFile> = JsonTables::read_json(&self.dir.join("guests.json"))?;
        Ok(kept.map_or(1, |g| g.first_free))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("catboard-json-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("tables")).expect("folders");
        dir
    }

    fn moves_of(old: &JsonTables) -> Vec<String> {
        let tables = old.tables().expect("listed");
        tables[0].game.clone().expect("a game").moves
    }

    const OPENING: &str = "{\"format\":1,\"variant\":\"chess\",\"options\":[],\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"players\":[\"human\",\"human\"],\"moves\":[\"e2e4\",\"e7e5\"]}";

    #[test]
    fn a_journal_adds_the_moves_that_follow_the_game_and_no_cut_or_gapped_line() {
        let dir = scratch("journal");
        let old = JsonTables::new(&dir);
        std::fs::write(dir.join("tables/t.json"), OPENING).expect("a game");
        assert_eq!(moves_of(&old), ["e2e4", "e7e5"]);
        std::fs::write(dir.join("tables/t.moves"), "1 e2e4\n2 e7e5\n3 g1f3\n4 b8")
            .expect("a journal");
        assert_eq!(
            moves_of(&old),
            ["e2e4", "e7e5", "g1f3"],
            "the lines the file has are skipped, the cut line is left out"
        );
        std::fs::write(dir.join("tables/t.moves"), "5 d2d4\n").expect("a gap");
        assert_eq!(moves_of(&old), ["e2e4", "e7e5"], "no move after a gap");
        std::fs::write(dir.join("guests.json"), "{\"first_free\":65}").expect("guests");
        assert_eq!(old.guests(), Ok(65));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
