//! Saved games: one small JSON file per game in the data directory
//! (`$XDG_DATA_HOME/catboard/games` or `~/.local/share/catboard/games`),
//! written after every move through the one writer discipline
//! ([`catboard::durable::replace`]); the newest unfinished one can be
//! resumed. A game open in a catboard is held by an advisory lock beside
//! its file ([`claim`]), so a second catboard resuming it is told who has
//! it and watches instead of writing over it.

mod error;

pub use error::{NoSavesFolder, SaveError, Unusable};

use catboard::durable::{Access, Lock, LockError};
use catboard::limits::SAVE_FILE;
use catboard::text::shown_path;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{SystemTime, UNIX_EPOCH};

/// A game as its file records it: enough to replay it and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The file format's version.
    pub format: u32,
    /// The variant's identifier.
    pub variant: String,
    /// Rule options as `key=value`.
    pub options: Vec<String>,
    /// The start position's text.
    pub start: String,
    /// Who plays each seat (`human`).
    pub players: Vec<String>,
    /// The moves in coordinate notation, oldest first.
    pub moves: Vec<String>,
    /// The series this game belongs to: the games finished before it and
    /// the seats' totals. Absent (an older save, or a game whose variant
    /// scores no points, or the first game of a series) reads as a fresh series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<SavedSeries>,
    /// How long a Master computer thought per move in this game, in
    /// milliseconds, so a resumed game thinks as long. Absent in older
    /// saves (then the command line's time, 2 s by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u64>,
    /// How the players ended the game, as saves before retirements were
    /// plies of the move list recorded it (a resignation, an agreed
    /// draw): read, and turned into the last ply; never written now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<SavedVerdict>,
    /// The time control (`5+3`), in a timed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// In a timed game, the mover's clock after each of `moves` (after
    /// its increment), in milliseconds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<u64>,
    /// In a timed game saved in the middle of a turn, the time the seat to
    /// move had spent on it, in milliseconds: a resumed game goes on from
    /// there, and time while catboard was not running is not counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_ms: Option<u64>,
    /// The seats other engines play (their players are the computer's
    /// level that takes over if an engine fails); absent when none does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<SavedEngine>,
    /// The tags of the game it was loaded from (PGN) and the changes of
    /// player since; absent when there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roster: Option<SavedRoster>,
    /// The game's analysis as far as it went (the analysis key, `catboard
    /// analyse`), so a game is analysed once; absent in older saves and in
    /// games not analysed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<catboard::analysis::AnalysisRecord>,
}

/// Who played each seat, as a save file records it (see
/// [`crate::table::Roster`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedRoster {
    /// The loaded game's tags as name and value (its players as
    /// `player:INDEX`), if it was loaded from PGN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<(String, String)>>,
    /// How many plies the loaded game had.
    #[serde(default)]
    pub loaded_plies: usize,
    /// Each change of player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<SavedChange>,
}

/// A seat's change of player, as a save file records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedChange {
    /// The seat's index.
    pub seat: usize,
    /// The ply from which the new player plays.
    pub ply: usize,
    /// Who played it before.
    pub before: String,
    /// Who plays it from then on.
    pub after: String,
}

/// An engine playing a seat, as a save file records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedEngine {
    /// The seat (`black`).
    pub seat: String,
    /// The engine as the command line writes it (`uci:stockfish`).
    pub engine: String,
    /// Its options as `NAME=VALUE`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

/// The players' verdict as a save file records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedVerdict {
    /// `resigned` or `agreed`.
    pub kind: String,
    /// The seat that resigned (`white`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
}

/// A series as a save file records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSeries {
    /// How many games of the series were finished before this one.
    pub games: u32,
    /// Each seat's total in half points, in seat order.
    pub totals: Vec<u32>,
}

impl SavedGame {
    /// The format this version writes and reads.
    pub const FORMAT: u32 = 1;

    /// Reads a save's text; `file` names it in the error.
    pub fn from_json(file: &Path, text: &str) -> Result<SavedGame, SaveError> {
        let saved: SavedGame = serde_json::from_str(text).map_err(|e| SaveError::NotJson {
            file: file.to_path_buf(),
            reason: e.to_string(),
        })?;
        if saved.format != SavedGame::FORMAT {
            return Err(SaveError::Format {
                file: file.to_path_buf(),
                format: saved.format,
            });
        }
        Ok(saved)
    }
}

/// The directory saves live in, and how files there are named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveStore {
    dir: PathBuf,
}

static NEXT_NAME: AtomicU32 = AtomicU32::new(0);

impl SaveStore {
    /// Saves in `dir`.
    pub fn new(dir: PathBuf) -> SaveStore {
        SaveStore { dir }
    }

    /// The usual store: `$XDG_DATA_HOME/catboard/games`, else
    /// `~/.local/share/catboard/games`. Only an absolute path counts (as
    /// the XDG rules say: a relative or empty one would save into whatever
    /// folder catboard was started in); without one, the clause saying
    /// why ([`NoSavesFolder`]: `HOME is set but empty, and XDG_DATA_HOME
    /// is not set`).
    pub fn from_env(var: &impl Fn(&str) -> Option<String>) -> Result<SaveStore, NoSavesFolder> {
        let absolute = |name: &str| {
            var(name)
                .filter(|v| Path::new(v).is_absolute())
                .map(PathBuf::from)
        };
        if let Some(base) = absolute("XDG_DATA_HOME")
            .or_else(|| absolute("HOME").map(|h| h.join(".local").join("share")))
        {
            return Ok(SaveStore::new(base.join("catboard").join("games")));
        }
        let how = |name: &str| match var(name) {
            None => Unusable::Unset,
            Some(v) if v.is_empty() => Unusable::Empty,
            Some(v) => Unusable::Relative(v),
        };
        Err(NoSavesFolder {
            home: how("HOME"),
            xdg: how("XDG_DATA_HOME"),
        })
    }

    /// What stops games being saved here, when something does: the
    /// folder, or the first of its parents that exists, is a file (a
    /// clause: `the saves folder /x/games is a file, not a folder`).
    pub fn folder_problem(&self) -> Option<String> {
        for ancestor in self.dir.ancestors() {
            match std::fs::metadata(ancestor) {
                Ok(meta) if meta.is_dir() => return None,
                Ok(_) if ancestor == self.dir => {
                    return Some(format!(
                        "the saves folder {} is a file, not a folder",
                        shown_path(ancestor)
                    ));
                }
                Ok(_) => {
                    return Some(format!(
                        "{}, on the way to the saves folder {}, is a file, not a folder",
                        shown_path(ancestor),
                        shown_path(&self.dir)
                    ));
                }
                Err(_) => {}
            }
        }
        None
    }

    /// A file name no other game of this run or an earlier one uses.
    pub fn fresh_path(&self) -> PathBuf {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let n = NEXT_NAME.fetch_add(1, Ordering::Relaxed);
        self.dir
            .join(format!("game-{secs}-{}-{n}.json", std::process::id()))
    }

    /// The directory the saves are in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes `saved` to `path` whole or not at all
    /// ([`catboard::durable::replace`]: a temporary file of its own,
    /// `fsync`ed, renamed over the old one). A file already there keeps
    /// its permissions.
    pub fn write(path: &Path, saved: &SavedGame) -> Result<(), SaveError> {
        SaveStore::write_with(path, saved, Access::Usual)
    }

    /// Writes `saved` to `path` as [`SaveStore::write`] does, with
    /// `access` (the server's tables are its own: [`Access::Private`]).
    pub fn write_with(path: &Path, saved: &SavedGame, access: Access) -> Result<(), SaveError> {
        let text = serde_json::to_string_pretty(saved).map_err(|e| SaveError::Encode {
            reason: e.to_string(),
        })?;
        catboard::durable::replace(path, (text + "\n").as_bytes(), access).map_err(|e| {
            SaveError::Write {
                file: path.to_path_buf(),
                reason: e.to_string(),
            }
        })
    }

    /// The saves, newest first; none when the directory does not exist yet,
    /// and [`SaveError::Folder`] when it cannot be read. A temporary file
    /// of a catboard killed in the middle of a save
    /// ([`catboard::durable::is_abandoned_temporary`]) is removed on the
    /// way.
    pub fn newest_first(&self) -> Result<Vec<PathBuf>, SaveError> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => {
                return Err(SaveError::Folder {
                    folder: self.dir.clone(),
                    reason: e.to_string(),
                });
            }
        };
        let mut files: Vec<(SystemTime, PathBuf)> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                if catboard::durable::is_abandoned_temporary(p) {
                    let _ = std::fs::remove_file(p);
                    return false;
                }
                true
            })
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .map(|p| {
                let time = std::fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .unwrap_or(UNIX_EPOCH);
                (time, p)
            })
            .collect();
        files.sort_by(|a, b| b.cmp(a));
        Ok(files.into_iter().map(|(_, p)| p).collect())
    }

    /// Reads the save at `path`: no more of it than the limits table's
    /// [`SAVE_FILE`] allows (a bigger file is no save catboard wrote).
    pub fn load(path: &Path) -> Result<SavedGame, SaveError> {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(SAVE_FILE.most + 1).read_to_end(&mut bytes))
            .map_err(|e| SaveError::Unreadable {
                file: path.to_path_buf(),
                reason: e.to_string(),
            })?;
        if bytes.len() as u64 > SAVE_FILE.most {
            return Err(SaveError::TooBig {
                file: path.to_path_buf(),
                most: SAVE_FILE.most,
            });
        }
        let text = String::from_utf8(bytes).map_err(|_| SaveError::NotText {
            file: path.to_path_buf(),
        })?;
        SavedGame::from_json(path, &text)
    }
}

/// A game this catboard has open: the advisory lock beside its file,
/// shared by every copy of the game's state and let go with the last.
#[derive(Clone, Debug)]
pub struct GameLock(
    #[allow(dead_code, reason = "held, not read: dropping it lets the game go")] Arc<Lock>,
);

/// What [`claim`] found.
#[derive(Clone, Debug)]
pub enum Claim {
    /// The game is this catboard's now.
    Mine(GameLock),
    /// Another catboard has it open (its process id when the lock says):
    /// this one may only watch.
    Taken(Option<u32>),
    /// No lock could be made (a folder that cannot be written): the game
    /// is played unlocked, and its saves say what fails.
    Unlocked,
}

/// Takes the advisory lock of the game saved at `path`
/// ([`catboard::durable::Lock`], `path.lock`) for as long as the returned
/// value (or a copy of it) lives. Nothing is made where the folder does
/// not exist yet (no game can be saved there yet either):
/// [`Claim::Unlocked`], and the first save claims it.
pub fn claim(path: &Path) -> Claim {
    if !path.parent().is_some_and(Path::is_dir) {
        return Claim::Unlocked;
    }
    // The locks this catboard holds, by game: a second claim of a game
    // this process has open (a new game after a finished one, the screen
    // and a worker) shares the lock instead of being refused by its own.
    static HELD: Mutex<Vec<(PathBuf, Weak<Lock>)>> = Mutex::new(Vec::new());
    let mut held = HELD.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    held.retain(|(_, lock)| lock.strong_count() > 0);
    if let Some(lock) = held
        .iter()
        .find(|(held_path, _)| held_path == path)
        .and_then(|(_, lock)| lock.upgrade())
    {
        return Claim::Mine(GameLock(lock));
    }
    match Lock::try_acquire(path, Access::Usual) {
        Ok(lock) => {
            let lock = Arc::new(lock);
            held.push((path.to_path_buf(), Arc::downgrade(&lock)));
            Claim::Mine(GameLock(lock))
        }
        Err(LockError::Held(pid)) => Claim::Taken(pid),
        Err(LockError::Io(_)) => Claim::Unlocked,
    }
}

/// The sentence telling a player that another catboard has the game open.
pub fn taken_sentence(pid: Option<u32>) -> String {
    match pid {
        Some(pid) => format!("This game is open in another catboard (pid {pid})."),
        None => "This game is open in another catboard.".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use catboard_testkit::Scratch as TempDir;

    fn sample() -> SavedGame {
        SavedGame {
            format: SavedGame::FORMAT,
            variant: "chess".into(),
            options: vec!["fifty_moves=off".into()],
            start: catboard::variants::chess::START_FEN.into(),
            players: vec!["human".into(), "human".into()],
            moves: vec!["e2e4".into()],
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

    #[test]
    fn a_save_is_written_and_read_back() {
        let dir = TempDir::empty("save");
        let store = SaveStore::new(dir.0.clone());
        let path = store.fresh_path();
        assert_ne!(path, store.fresh_path());
        SaveStore::write(&path, &sample()).expect("writes");
        assert_eq!(SaveStore::load(&path), Ok(sample()));
        assert_eq!(store.newest_first(), Ok(vec![path]));
    }

    #[test]
    fn a_missing_folder_has_no_saves_and_an_unreadable_one_says_so() {
        let dir = TempDir::empty("folder");
        let store = SaveStore::new(dir.0.join("games"));
        assert_eq!(store.newest_first(), Ok(Vec::new()));
        // A file where the folder should be cannot be listed, even by root.
        std::fs::create_dir_all(&dir.0).expect("temp dir");
        std::fs::write(dir.0.join("games"), "not a folder").expect("write");
        let err = store.newest_first().expect_err("not a folder");
        assert!(matches!(err, SaveError::Folder { .. }), "{err:?}");
        let err = err.to_string();
        assert!(
            err.starts_with("The saves folder ") && err.contains("cannot be read"),
            "{err}"
        );
    }

    /// A catboard killed in the middle of a save leaves its temporary
    /// file (a `kill -9` run of 150 left 53): the next look at the folder
    /// removes it, and keeps those of writers still alive.
    #[test]
    fn a_killed_writer_s_temporary_is_removed_and_a_live_one_s_kept() {
        let dir = TempDir::empty("abandoned");
        let store = SaveStore::new(dir.0.clone());
        let path = store.fresh_path();
        SaveStore::write(&path, &sample()).expect("writes");
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        // No process has id 999999999 (above any pid_max); 1 always lives.
        let dead = dir.0.join(format!(".{name}.999999999.0.0.tmp"));
        let alive = dir.0.join(format!(".{name}.1.0.0.tmp"));
        let mine = dir
            .0
            .join(format!(".{name}.{}.0.0.tmp", std::process::id()));
        for temporary in [&dead, &alive, &mine] {
            std::fs::write(temporary, "{").expect("a temporary");
        }
        assert_eq!(store.newest_first(), Ok(vec![path]));
        if Path::new("/proc").is_dir() {
            assert!(!dead.exists(), "the killed writer's temporary is left");
        }
        assert!(
            alive.exists() && mine.exists(),
            "a live writer's is removed"
        );
    }

    #[test]
    fn a_failed_save_leaves_the_old_file_and_nothing_beside_it() {
        let dir = TempDir::empty("failed");
        let path = dir.0.join("t1.json");
        SaveStore::write(&path, &sample()).expect("writes");
        // A folder where the next file goes: the write cannot land.
        let blocked = dir.0.join("t2.json");
        std::fs::create_dir_all(blocked.join("inside")).expect("a folder");
        let err = SaveStore::write(&blocked, &sample()).expect_err("cannot land");
        assert!(matches!(err, SaveError::Write { .. }), "{err:?}");
        let err = err.to_string();
        assert!(err.starts_with("Could not save the game to "), "{err}");
        let mut left: Vec<String> = std::fs::read_dir(&dir.0)
            .expect("listed")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["t1.json", "t2.json"], "no temporary file left");
        assert_eq!(SaveStore::load(&path), Ok(sample()));
    }

    #[test]
    fn a_rewritten_save_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = TempDir::empty("mode");
        let path = SaveStore::new(dir.0.clone()).fresh_path();
        SaveStore::write(&path, &sample()).expect("writes");
        for mode in [0o600, 0o000, 0o640] {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
            let mut more = sample();
            more.moves.push("e7e5".into());
            // Writing goes through a new file, so even mode 000 is rewritten.
            SaveStore::write(&path, &more).expect("rewrites");
            let now = std::fs::metadata(&path)
                .expect("exists")
                .permissions()
                .mode();
            assert_eq!(now & 0o777, mode, "mode {mode:o} kept");
        }
    }

    #[test]
    fn a_corrupt_save_gets_one_sentence_naming_the_file() {
        let path = Path::new("/data/game-1.json");
        let err = SavedGame::from_json(path, "{\"format\": 1, \"variant\": ")
            .expect_err("bad")
            .to_string();
        assert!(err.contains("/data/game-1.json"), "{err}");
        assert!(err.ends_with("left as it is."));
        let err = SavedGame::from_json(path, "{\"format\": 9, \"variant\": \"chess\", \"options\": [], \"start\": \"\", \"players\": [], \"moves\": []}")
            .expect_err("future format");
        assert_eq!(
            err,
            SaveError::Format {
                file: path.to_path_buf(),
                format: 9
            }
        );
        assert!(err.to_string().contains("format 9"), "{err}");
    }

    #[test]
    fn a_save_from_before_analyses_were_kept_reads_and_one_keeps_its_analysis() {
        let path = Path::new("/data/game-3.json");
        // As catboard wrote a finished game before this field was added.
        let old = r#"{"format":1,"variant":"chess","options":[],"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","players":["human","human"],"moves":["f2f3","e7e5","g2g4","d8h4"]}"#;
        let read = SavedGame::from_json(path, old).expect("an old save reads");
        assert_eq!(read.analysis, None);
        let written = serde_json::to_string(&read).expect("json");
        assert!(!written.contains("analysis"), "{written}");
        let mut with = read.clone();
        with.analysis = Some(catboard::analysis::AnalysisRecord {
            by: "catboard".into(),
            budget: "200ms".into(),
            positions: Vec::new(),
        });
        let text = serde_json::to_string(&with).expect("json");
        assert_eq!(SavedGame::from_json(path, &text), Ok(with));
    }

    #[test]
    fn an_old_save_has_a_fresh_series_and_a_malformed_one_is_one_sentence() {
        let path = Path::new("/data/game-2.json");
        let old = serde_json::to_string(&sample()).expect("json");
        assert!(!old.contains("series"), "no series field written: {old}");
        let read = SavedGame::from_json(path, &old).expect("an old save reads");
        assert_eq!(read.series, None);
        let mut with = sample();
        with.series = Some(SavedSeries {
            games: 3,
            totals: vec![9, 5],
        });
        let text = serde_json::to_string(&with).expect("json");
        assert_eq!(SavedGame::from_json(path, &text), Ok(with));
        for bad in [
            r#""series": {"games": "two", "totals": []}"#,
            r#""series": {"games": 1}"#,
            r#""series": [1, 2]"#,
            r#""series": {"games": 1, "totals": [-1]}"#,
        ] {
            let text = old.replacen('{', &format!("{{{bad}, "), 1);
            let err = SavedGame::from_json(path, &text)
                .expect_err(bad)
                .to_string();
            assert!(
                err.starts_with("The saved game /data/game-2.json is not readable")
                    && err.ends_with("left as it is."),
                "{err}"
            );
        }
    }

    #[test]
    fn the_store_follows_xdg_then_home() {
        let env = |k: &str| match k {
            "XDG_DATA_HOME" => Some("/x/data".to_string()),
            "HOME" => Some("/home/u".to_string()),
            _ => None,
        };
        assert_eq!(
            SaveStore::from_env(&env),
            Ok(SaveStore::new(PathBuf::from("/x/data/catboard/games")))
        );
        let env = |k: &str| (k == "HOME").then(|| "/home/u".to_string());
        assert_eq!(
            SaveStore::from_env(&env),
            Ok(SaveStore::new(PathBuf::from(
                "/home/u/.local/share/catboard/games"
            )))
        );
    }

    /// Item 8 of issue 21: an empty HOME saved into `./.local/share/...`
    /// of whatever folder catboard ran in, and a relative XDG_DATA_HOME
    /// without HOME was said to be unset. Only absolute paths count, and
    /// the clause says what is wrong with each.
    #[test]
    fn an_empty_or_relative_home_is_no_saves_folder_and_says_so() {
        let env = |home: Option<&'static str>, xdg: Option<&'static str>| {
            move |k: &str| match k {
                "HOME" => home.map(str::to_string),
                "XDG_DATA_HOME" => xdg.map(str::to_string),
                _ => None,
            }
        };
        assert_eq!(
            SaveStore::from_env(&env(Some(""), None)).map_err(|e| e.to_string()),
            Err("HOME is set but empty, and XDG_DATA_HOME is not set".into())
        );
        assert_eq!(
            SaveStore::from_env(&env(None, Some("data"))).map_err(|e| e.to_string()),
            Err("XDG_DATA_HOME is 'data', a relative path, which does not count, and HOME is not set".into())
        );
        assert_eq!(
            SaveStore::from_env(&env(Some("home"), Some(""))).map_err(|e| e.to_string()),
            Err("HOME is 'home', a relative path, which does not count, and XDG_DATA_HOME is set but empty".into())
        );
        assert_eq!(
            SaveStore::from_env(&env(None, None)).map_err(|e| e.to_string()),
            Err("neither HOME nor XDG_DATA_HOME is set".into())
        );
        // A relative XDG_DATA_HOME gives way to an absolute HOME.
        assert_eq!(
            SaveStore::from_env(&env(Some("/home/u"), Some("data"))),
            Ok(SaveStore::new(PathBuf::from(
                "/home/u/.local/share/catboard/games"
            )))
        );
    }

    /// Item 8 of issue 21: a saves folder that is a file gave "File
    /// exists (os error 17)" on every move; it is named once, up front.
    #[test]
    fn a_saves_folder_that_is_a_file_is_named() {
        let dir = TempDir::empty("file-folder");
        std::fs::create_dir_all(&dir.0).expect("temp dir");
        std::fs::write(dir.0.join("games"), "x").expect("a file");
        let store = SaveStore::new(dir.0.join("games"));
        let why = store.folder_problem().expect("a problem");
        assert!(
            why.starts_with("the saves folder ") && why.ends_with("is a file, not a folder"),
            "{why}"
        );
        let deeper = SaveStore::new(dir.0.join("games").join("catboard").join("games"));
        let why = deeper.folder_problem().expect("a problem");
        assert!(why.contains("on the way to the saves folder"), "{why}");
        assert_eq!(SaveStore::new(dir.0.join("fine")).folder_problem(), None);
        let err = SaveStore::write(&store.fresh_path(), &sample())
            .expect_err("cannot save")
            .to_string();
        assert!(err.contains("is a file, not a folder"), "{err}");
    }

    /// Item 1 of issue 21: a game is held by its lock; a second claim is
    /// told who has it, and the game is free again when the holder lets go.
    #[test]
    fn a_claimed_game_is_taken_for_a_second_claim_until_let_go() {
        let dir = TempDir::empty("claim");
        let path = SaveStore::new(dir.0.clone()).fresh_path();
        std::fs::create_dir_all(&dir.0).expect("the folder");
        // Another holder (as another process would be: a lock of its own).
        let other = Lock::try_acquire(&path, Access::Usual).expect("free");
        match claim(&path) {
            Claim::Taken(Some(pid)) => assert_eq!(pid, std::process::id()),
            other => panic!("expected the game taken, got {other:?}"),
        }
        assert_eq!(
            taken_sentence(Some(42)),
            "This game is open in another catboard (pid 42)."
        );
        drop(other);
        let first = claim(&path);
        assert!(matches!(first, Claim::Mine(_)), "{first:?}");
        // This catboard claiming it again shares its own lock.
        let again = claim(&path);
        assert!(matches!(again, Claim::Mine(_)), "{again:?}");
        let copy = first.clone();
        drop((first, again));
        assert!(
            matches!(
                Lock::try_acquire(&path, Access::Usual),
                Err(LockError::Held(_))
            ),
            "a copy still holds it"
        );
        drop(copy);
        assert!(
            Lock::try_acquire(&path, Access::Usual).is_ok(),
            "free once let go"
        );
        // No folder yet: nothing is made, and nothing locked.
        assert!(matches!(
            claim(&dir.0.join("new").join("g.json")),
            Claim::Unlocked
        ));
        assert!(!dir.0.join("new").exists());
        // A folder where nothing can be made: played unlocked.
        assert!(matches!(
            claim(Path::new("/proc/catboard-no-such/game.json")),
            Claim::Unlocked
        ));
    }

    #[test]
    fn a_save_bigger_than_the_limit_is_refused_unread() {
        let dir = TempDir::empty("big");
        std::fs::create_dir_all(&dir.0).expect("temp dir");
        let path = dir.0.join("big.json");
        let file = std::fs::File::create(&path).expect("create");
        file.set_len(SAVE_FILE.most + 1).expect("a sparse file");
        let err = SaveStore::load(&path).expect_err("too big");
        assert!(matches!(err, SaveError::TooBig { .. }), "{err:?}");
        assert!(
            err.to_string().contains("more than the largest allowed"),
            "{err}"
        );
    }
}
