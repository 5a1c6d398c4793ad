//! Files written whole or not at all, and files one process holds at a
//! time: the one writer discipline every file catboard writes goes
//! through (saved games, the server's tables and seats, its host key,
//! themes it copies).
//!
//! [`replace`] writes to a temporary file whose name no other writer uses
//! (the process id, a per-process counter and the clock), `fsync`s it,
//! renames it over the target and `fsync`s the folder, so a reader sees
//! the old contents or the new ones, and a crash or `kill -9` at any point
//! never leaves a short or empty file behind. A failed write removes its
//! temporary file.
//!
//! [`append`] adds a line to a journal and `fdatasync`s it (and the
//! folder, when the journal is new): one sync where a replace takes two,
//! for a record that only grows; a reader ignores a last line cut short.
//!
//! [`Lock`] is an advisory lock on a file beside the one it guards
//! (`game.json.lock`), holding the process id of its owner so that a
//! second process can be told who has it. The operating system releases
//! it when the owner ends, however it ends, so a stale lock file never
//! blocks anyone.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Who may read a file written by [`replace`], and the folders it makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The owner only: files 0600, folders 0700 (the server's data, host
    /// keys, anything holding identities).
    Private,
    /// As the umask says for a new file (a player's own saves and themes);
    /// a file already there keeps its permissions.
    Usual,
}

impl Access {
    fn file_mode(self) -> u32 {
        match self {
            Access::Private => 0o600,
            Access::Usual => 0o666,
        }
    }

    fn dir_mode(self) -> u32 {
        match self {
            Access::Private => 0o700,
            Access::Usual => 0o777,
        }
    }
}

static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// A temporary name beside `path` that no other writer (thread or
/// process) uses: `.<name>.<pid>.<n>.<nanos>.tmp`.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = NEXT_TEMP.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    path.with_file_name(format!(".{name}.{}.{n}.{nanos}.tmp", std::process::id()))
}

/// Whether `path` is one of [`replace`]'s temporary files (a reader of a
/// folder skips them).
pub fn is_temporary(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.') && n.ends_with(".tmp"))
}

/// Whether `path` is a temporary file of [`replace`] that nothing will
/// rename any more: its writer (the process named in it) is another
/// process that has ended, killed in the middle of a write. Such a file
/// is safe to remove from a folder other catboards share; when the system
/// cannot say whether the process lives (no `/proc`), it is kept.
pub fn is_abandoned_temporary(path: &Path) -> bool {
    if !is_temporary(path) {
        return false;
    }
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    // `.<name>.<pid>.<n>.<nanos>.tmp`
    let Some(pid) = name
        .rsplit('.')
        .nth(3)
        .and_then(|pid| pid.parse::<u32>().ok())
    else {
        return false;
    };
    let proc = Path::new("/proc");
    pid != std::process::id() && proc.is_dir() && !proc.join(pid.to_string()).exists()
}

/// Makes `dir` and its missing parents, the new ones with `access`'s
/// folder mode; an existing folder is left as it is. A path that exists
/// but is not a folder is an error that says so.
pub fn make_folder(dir: &Path, access: Access) -> io::Result<()> {
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => return Ok(()),
        Ok(_) => {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{} is a file, not a folder", dir.display()),
            ));
        }
        Err(_) => {}
    }
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(access.dir_mode())
        .create(dir)
}

/// Replaces the contents of `path` with `bytes`, whole or not at all (see
/// the module's documentation); missing folders are made with `access`.
pub fn replace(path: &Path, bytes: &[u8], access: Access) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    make_folder(&dir, access)?;
    let temp = temporary_beside(path);
    let written = write_temporary(&temp, path, bytes, access)
        .and_then(|()| rename(&temp, path))
        .and_then(|()| sync_folder(&dir));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Adds `bytes` at the end of `path` and syncs them to disk before
/// returning; a file made by it gets `access`'s mode (and its folder, made
/// when missing, the folder mode), and the folder is synced so that the
/// new name survives a crash. A crash mid-write can leave the end of
/// `bytes` cut short, never anything before it changed: a reader of the
/// journal ignores a last line without its line ending.
pub fn append(path: &Path, bytes: &[u8], access: Access) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    make_folder(&dir, access)?;
    let new = !path.exists();
    let mut file = OpenOptions::new()
        .append(true)
        .create(true)
        .mode(access.file_mode())
        .open(path)?;
    if new && access == Access::Private {
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(bytes)?;
    sync_data(&file, path)?;
    if new {
        sync_folder(&dir)?;
    }
    Ok(())
}

/// The whole lines of a journal's text: a last line without its line
/// ending (a write cut short) is left out.
pub fn whole_lines(text: &str) -> impl Iterator<Item = &str> {
    let end = text.rfind('\n').map_or(0, |i| i + 1);
    text[..end].lines()
}

/// Writes and syncs the temporary file `temp` that will replace `target`.
fn write_temporary(temp: &Path, target: &Path, bytes: &[u8], access: Access) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(access.file_mode())
        .open(temp)?;
    match access {
        // The mode given at creation is cut by the umask; private means 0600.
        Access::Private => file.set_permissions(std::fs::Permissions::from_mode(0o600))?,
        Access::Usual => {
            if let Ok(before) = std::fs::metadata(target) {
                file.set_permissions(before.permissions())?;
            }
        }
    }
    file.write_all(bytes)?;
    sync_file(&file, temp)
}

/// `fsync`s the file `file` opened at `path`, its contents and metadata.
fn sync_file(file: &File, path: &Path) -> io::Result<()> {
    let synced = file.sync_all();
    noted(|| Step::SyncFile(path.to_path_buf()));
    synced
}

/// `fdatasync`s the file `file` opened at `path`: its contents.
fn sync_data(file: &File, path: &Path) -> io::Result<()> {
    let synced = file.sync_data();
    noted(|| Step::SyncData(path.to_path_buf()));
    synced
}

/// Renames `from` over `to`.
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    let renamed = std::fs::rename(from, to);
    noted(|| Step::Rename(from.to_path_buf(), to.to_path_buf()));
    renamed
}

/// `fsync`s a folder so that a rename in it survives a crash.
fn sync_folder(dir: &Path) -> io::Result<()> {
    let synced = File::open(dir)?.sync_all();
    noted(|| Step::SyncFolder(dir.to_path_buf()));
    synced
}

/// A step a write took towards the disk: every sync and rename of this
/// module goes through one of the four functions above, which note it
/// here (in tests only) so a test can see that none was skipped.
#[cfg_attr(
    not(test),
    allow(dead_code, reason = "its steps are noted in tests only")
)]
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    SyncFile(PathBuf),
    SyncData(PathBuf),
    Rename(PathBuf, PathBuf),
    SyncFolder(PathBuf),
}

#[cfg(test)]
thread_local! {
    /// The steps this thread's writes took, oldest first.
    static STEPS: std::cell::RefCell<Vec<Step>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes a step in tests; nothing at all otherwise.
#[cfg(test)]
fn noted(step: impl FnOnce() -> Step) {
    STEPS.with(|steps| steps.borrow_mut().push(step()));
}

#[cfg(not(test))]
fn noted(_: impl FnOnce() -> Step) {}

/// An advisory lock held on the file guarding something (a saved game, a
/// server's data folder) for as long as this value lives.
#[derive(Debug)]
pub struct Lock {
    file: File,
    path: PathBuf,
}

/// Why a [`Lock`] could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it; its process id when the lock file says.
    Held(Option<u32>),
    /// The lock file could not be made or locked.
    Io(io::Error),
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Held(Some(pid)) => write!(f, "another catboard (pid {pid}) has it open"),
            LockError::Held(None) => write!(f, "another catboard has it open"),
            LockError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl Lock {
    /// The lock file guarding `path`: `path` with `.lock` added.
    pub fn path_for(path: &Path) -> PathBuf {
        let mut name = path.as_os_str().to_os_string();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Takes the lock guarding `path` without waiting, writing this
    /// process's id into the lock file; the folder is made with `access`
    /// when missing.
    pub fn try_acquire(path: &Path, access: Access) -> Result<Lock, LockError> {
        let lock_path = Lock::path_for(path);
        if let Some(dir) = lock_path.parent().filter(|d| !d.as_os_str().is_empty()) {
            make_folder(dir, access).map_err(LockError::Io)?;
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(access.file_mode())
            .open(&lock_path)
            .map_err(LockError::Io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = file.read_to_string(&mut text);
                return Err(LockError::Held(text.trim().parse().ok()));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(LockError::Io(e)),
        }
        let pid = std::process::id().to_string();
        file.set_len(0)
            .and_then(|()| file.seek(SeekFrom::Start(0)))
            .and_then(|_| file.write_all(pid.as_bytes()))
            .map_err(LockError::Io)?;
        Ok(Lock {
            file,
            path: lock_path,
        })
    }

    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Emptied, not removed: removing would let a third process lock a
        // new file while a second still waits on the old one.
        let _ = self.file.set_len(0);
        let _ = self.file.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "catboard-durable-{name}-{}-{}",
            std::process::id(),
            NEXT_TEMP.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn leftovers(dir: &Path) -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| is_temporary(p))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn writers_racing_on_one_file_never_fail_and_leave_one_whole_version() {
        let dir = scratch("race");
        let path = Arc::new(dir.join("game.json"));
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for i in 0..50 {
                        let text = format!("{{\"writer\": {t}, \"n\": {i}}}").repeat(100);
                        replace(&path, text.as_bytes(), Access::Usual).expect("every write lands");
                        let read = std::fs::read_to_string(&*path).expect("readable");
                        assert!(read.len() >= 1_500, "never a short file: {}", read.len());
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().expect("writer");
        }
        let text = std::fs::read_to_string(&*path).expect("a file");
        let unit = &text[..text.find('}').expect("a record") + 1];
        assert_eq!(text, unit.repeat(100), "one writer's whole text");
        assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn private_files_and_folders_are_the_owners_alone() {
        let dir = scratch("private");
        let path = dir.join("inner").join("host_key");
        replace(&path, b"secret", Access::Private).expect("write");
        let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(&dir.join("inner")), 0o700);
        assert_eq!(mode(&dir), 0o700);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_usual_file_keeps_the_permissions_it_had() {
        let dir = scratch("keep");
        let path = dir.join("game.json");
        replace(&path, b"one", Access::Usual).expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        replace(&path, b"two", Access::Usual).expect("write");
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(std::fs::read(&path).expect("read"), b"two");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = scratch("fail");
        let path = dir.join("game.json");
        replace(&path, b"old", Access::Usual).expect("write");
        // A folder where the file should be: the rename fails.
        let blocked = dir.join("blocked.json");
        std::fs::create_dir_all(blocked.join("inside")).expect("folder");
        assert!(replace(&blocked, b"new", Access::Usual).is_err());
        assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
        assert_eq!(std::fs::read(&path).expect("read"), b"old");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_that_is_a_file_is_named_in_the_error() {
        let dir = scratch("notdir");
        std::fs::create_dir_all(&dir).expect("dir");
        let file = dir.join("games");
        std::fs::write(&file, "x").expect("file");
        let err = replace(&file.join("g.json"), b"x", Access::Usual).expect_err("not a folder");
        assert!(err.to_string().contains("is a file, not a folder"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_lock_is_held_once_names_its_owner_and_is_free_again_when_dropped() {
        let dir = scratch("lock");
        let path = dir.join("game.json");
        let first = Lock::try_acquire(&path, Access::Usual).expect("first");
        // A second open file description in this process conflicts as a
        // second process would.
        match Lock::try_acquire(&path, Access::Usual) {
            Err(LockError::Held(Some(pid))) => assert_eq!(pid, std::process::id()),
            other => panic!("expected the lock held, got {other:?}"),
        }
        assert!(first.path().ends_with("game.json.lock"));
        drop(first);
        let again = Lock::try_acquire(&path, Access::Usual).expect("free again");
        drop(again);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn appended_lines_accumulate_privately_and_a_cut_last_line_is_left_out() {
        let dir = scratch("append");
        let path = dir.join("t.moves");
        append(&path, b"1 e2e4\n", Access::Private).expect("the first");
        append(&path, b"2 e7e5\n", Access::Private).expect("the second");
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(std::fs::read(&path).expect("read"), b"1 e2e4\n2 e7e5\n");
        append(&path, b"3 g1", Access::Private).expect("a write cut short");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(whole_lines(&text).collect::<Vec<_>>(), ["1 e2e4", "2 e7e5"]);
        assert_eq!(whole_lines("").count(), 0);
        assert_eq!(whole_lines("cut").count(), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The steps this thread's writes have taken since the last call.
    fn steps() -> Vec<Step> {
        STEPS.with(|steps| std::mem::take(&mut *steps.borrow_mut()))
    }

    #[test]
    fn a_replace_syncs_the_file_renames_it_then_syncs_the_folder() {
        let dir = scratch("steps");
        let path = dir.join("game.json");
        for access in [Access::Usual, Access::Private] {
            steps();
            replace(&path, b"whole", access).expect("write");
            let taken = steps();
            let [
                Step::SyncFile(synced),
                Step::Rename(from, to),
                Step::SyncFolder(folder),
            ] = taken.as_slice()
            else {
                panic!("a sync, a rename, a folder sync: {taken:?}");
            };
            assert!(is_temporary(synced), "{synced:?}");
            assert_eq!((from, to), (synced, &path), "the synced file renamed");
            assert_eq!(folder, &dir);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_append_syncs_the_file_and_the_folder_when_the_file_is_new() {
        let dir = scratch("append-steps");
        let path = dir.join("t.moves");
        steps();
        append(&path, b"1 e2e4\n", Access::Private).expect("the first");
        assert_eq!(
            steps(),
            [Step::SyncData(path.clone()), Step::SyncFolder(dir.clone())],
            "a new journal: its line and its name"
        );
        append(&path, b"2 e7e5\n", Access::Private).expect("the second");
        assert_eq!(steps(), [Step::SyncData(path.clone())], "its line");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_rename_syncs_no_folder() {
        let dir = scratch("fail-steps");
        let blocked = dir.join("blocked.json");
        std::fs::create_dir_all(blocked.join("inside")).expect("folder");
        steps();
        assert!(replace(&blocked, b"new", Access::Usual).is_err());
        let taken = steps();
        assert!(
            matches!(taken.as_slice(), [Step::SyncFile(_), Step::Rename(..)]),
            "{taken:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporary_names_are_unique_and_recognised() {
        let path = Path::new("/x/game.json");
        let a = temporary_beside(path);
        let b = temporary_beside(path);
        assert_ne!(a, b);
        assert!(is_temporary(&a) && is_temporary(&b));
        assert!(!is_temporary(path));
        assert_eq!(a.parent(), path.parent());
    }
}
