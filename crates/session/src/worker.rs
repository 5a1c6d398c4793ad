//! Worker threads for the computer player: each search runs on its own
//! thread with a stop flag, and reports back on the event loop's channel
//! as [`Action::Progress`] after every finished depth and one
//! [`Action::Reply`] at the end, so the screen stays live while it thinks.
//! One more thread follows a game another catboard has open
//! ([`Workers::watch`]), reporting its saves as [`Action::Watched`].

use super::action::Action;
use super::analysing::AnalysisRequest;
use super::best_lines::LinesRequest;
use super::computer::SearchRequest;
use super::engines::{EnginePlayers, EngineRequest};
use super::input::Incoming;
use super::save::SaveStore;
use catboard::durable::{Access, Lock};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a worker thread was started for, as a failure to start it names
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// The computer player's search.
    Computer,
    /// The analysis of a game.
    Analysis,
    /// The search for the best lines.
    Lines,
    /// Following a game another catboard has open.
    Following,
    /// The thread of an engine playing a seat, by its label.
    Engine(String),
}

impl std::fmt::Display for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Work::Computer => f.write_str("the computer player"),
            Work::Analysis => f.write_str("the analysis"),
            Work::Lines => f.write_str("the search for the best lines"),
            Work::Following => f.write_str("following the game"),
            Work::Engine(label) => write!(f, "the thread of the engine {label}"),
        }
    }
}

/// A worker thread the system would not start: what it was for, and the
/// system's reason (escaped and cut as [`catboard::text::foreign`] does).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Could not start {work}: {}.", catboard::text::foreign(.reason))]
pub struct StartError {
    /// What the thread was for.
    pub work: Work,
    /// The system's reason.
    pub reason: String,
}

impl StartError {
    /// The failure to start a thread for `work`, from the system's error.
    pub fn new(work: Work, error: &std::io::Error) -> StartError {
        StartError {
            work,
            reason: error.to_string(),
        }
    }
}

/// The searches running, by request id, and the file being watched.
pub struct Workers {
    tx: Sender<Incoming>,
    running: HashMap<u64, (Arc<AtomicBool>, JoinHandle<()>)>,
    /// The stop flag of the thread following a watched game's file.
    watching: Option<Arc<AtomicBool>>,
    /// The engines playing seats, each on a thread of its own.
    engines: EnginePlayers,
}

/// How often a watched game's file and lock are looked at.
pub const WATCH_POLL: Duration = Duration::from_millis(250);

impl Workers {
    /// Workers that report on `tx`.
    pub fn new(tx: Sender<Incoming>) -> Workers {
        Workers {
            engines: EnginePlayers::new(tx.clone()),
            tx,
            running: HashMap::new(),
            watching: None,
        }
    }

    /// Hands `request` to its seat's engine (started at its first
    /// request); a failure to start its thread is a [`StartError`].
    pub fn ask_engine(&mut self, request: EngineRequest) -> Result<(), StartError> {
        self.engines.ask(request)
    }

    /// Follows the game saved at `path`, which another catboard has open:
    /// each time the file changes its game is sent as
    /// [`Action::Watched`], and once the other's lock is free (after the
    /// file as it left it) [`Action::WatchedFree`]. A thread that cannot
    /// start is a [`StartError`].
    pub fn watch(&mut self, path: PathBuf) -> Result<(), StartError> {
        self.stop_watching();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let tx = self.tx.clone();
        std::thread::Builder::new()
            .name("watch".into())
            .spawn(move || follow(&path, &flag, &tx))
            .map_err(|e| StartError::new(Work::Following, &e))?;
        self.watching = Some(stop);
        Ok(())
    }

    /// Stops following the watched file.
    pub fn stop_watching(&mut self) {
        if let Some(stop) = self.watching.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Starts `request` on a new thread; a failure to start is a
    /// [`StartError`].
    pub fn start(&mut self, request: SearchRequest) -> Result<(), StartError> {
        self.running.retain(|_, (_, handle)| !handle.is_finished());
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let tx = self.tx.clone();
        let id = request.id;
        let handle = std::thread::Builder::new()
            .name(format!("think-{id}"))
            .spawn(move || search(request, &flag, &tx))
            .map_err(|e| StartError::new(Work::Computer, &e))?;
        self.running.insert(id, (stop, handle));
        Ok(())
    }

    /// Starts the analysis `request` on a new thread, reporting each
    /// position done as [`Action::AnalysisProgress`] and the end (a stop
    /// included, with what was done) as [`Action::Analysed`]; a failure to
    /// start is a [`StartError`].
    pub fn analyse(&mut self, request: AnalysisRequest) -> Result<(), StartError> {
        let id = request.id;
        self.spawn("analyse", id, Work::Analysis, move |stop, send| {
            let (analysis, failure) = super::analysing::run(request, stop, |progress| {
                send(Action::AnalysisProgress { id, progress })
            });
            send(Action::Analysed {
                id,
                analysis: Box::new(analysis),
                failure,
            });
        })
    }

    /// Starts the best-lines search `request` on a new thread, reporting
    /// the lines after each finished depth and at the end (a stop
    /// included) as [`Action::LinesFound`]; a failure to start is a
    /// [`StartError`].
    pub fn find_lines(&mut self, request: LinesRequest) -> Result<(), StartError> {
        let id = request.id;
        self.spawn("lines", id, Work::Lines, move |stop, send| {
            let lines = super::best_lines::run(&request, stop, |lines| {
                send(Action::LinesFound {
                    id,
                    lines: lines.to_vec(),
                    done: false,
                })
            });
            send(Action::LinesFound {
                id,
                lines,
                done: true,
            });
        })
    }

    /// Runs `job` on a new thread named `name-id` with a stop flag of its
    /// own (raised by [`Workers::stop`]) and a way to send actions back;
    /// a failure to start is a [`StartError`] naming `what`.
    fn spawn(
        &mut self,
        name: &str,
        id: u64,
        what: Work,
        job: impl FnOnce(&AtomicBool, &dyn Fn(Action)) + Send + 'static,
    ) -> Result<(), StartError> {
        self.running.retain(|_, (_, handle)| !handle.is_finished());
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let tx = self.tx.clone();
        let handle = std::thread::Builder::new()
            .name(format!("{name}-{id}"))
            .spawn(move || {
                let send = |action: Action| {
                    let _ = tx.send(Incoming::Action(action));
                };
                job(&flag, &send);
            })
            .map_err(|e| StartError::new(what, &e))?;
        self.running.insert(id, (stop, handle));
        Ok(())
    }

    /// Raises the stop flag of search `id` (if it still runs), or of the
    /// engine's request `id`.
    pub fn stop(&mut self, id: u64) {
        if self.engines.stop(id) {
            return;
        }
        if let Some((stop, _)) = self.running.get(&id) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Raises every stop flag, and lets every engine go.
    pub fn stop_all(&mut self) {
        for (stop, _) in self.running.values() {
            stop.store(true, Ordering::Relaxed);
        }
        self.engines.stop_all();
        self.stop_watching();
    }

    /// How many searches have not finished.
    #[cfg(test)]
    pub fn busy(&self) -> usize {
        self.running
            .values()
            .filter(|(_, handle)| !handle.is_finished())
            .count()
    }
}

/// What tells one version of a file from the next: its time and length.
fn stamp(path: &Path) -> Option<(std::time::SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// Follows the file at `path` until `stop` (see [`Workers::watch`]).
fn follow(path: &Path, stop: &AtomicBool, tx: &Sender<Incoming>) {
    let send = |action: Action| tx.send(Incoming::Action(action)).is_ok();
    let read = |seen: &mut Option<(std::time::SystemTime, u64)>| -> bool {
        *seen = stamp(path);
        match SaveStore::load(path) {
            Ok(saved) => send(Action::Watched(Box::new(saved))),
            Err(_) => true,
        }
    };
    let mut seen = stamp(path);
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(WATCH_POLL);
        if stamp(path) != seen && !read(&mut seen) {
            return;
        }
        // The lock free: the other catboard has gone, its last save made.
        if let Ok(probe) = Lock::try_acquire(path, Access::Usual) {
            drop(probe);
            if !read(&mut seen) || !send(Action::WatchedFree) {
                return;
            }
        }
    }
}

/// Runs one search and reports on `tx`; a stopped search sends no reply.
fn search(request: SearchRequest, stop: &AtomicBool, tx: &Sender<Incoming>) {
    let started = Instant::now();
    let id = request.id;
    let thought = catboard::ai::think(&request.game, &request.limits, stop, |thought| {
        let _ = tx.send(Incoming::Action(Action::Progress {
            id,
            thought: thought.clone(),
        }));
    });
    // Hold the reply back until the minimum time has passed, so computer
    // moves in a row can be followed; a stop ends the wait at once.
    while !stop.load(Ordering::Relaxed) {
        let left = request.min_time.saturating_sub(started.elapsed());
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(Duration::from_millis(10)));
    }
    if !stop.load(Ordering::Relaxed) {
        let _ = tx.send(Incoming::Action(Action::Reply { id, thought }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::ai::Level;
    use catboard::core::Options;
    use catboard::variants::Variant;
    use std::sync::mpsc;

    fn request(id: u64, level: Level, min_time: Duration) -> SearchRequest {
        SearchRequest {
            id,
            game: Variant::Chess.new_game(&Options::new()),
            limits: level.limits_with_think_ms(60_000),
            min_time,
        }
    }

    #[test]
    fn every_failure_to_start_names_its_job_and_escapes_the_reason() {
        let jobs = [
            (Work::Computer, "the computer player"),
            (Work::Analysis, "the analysis"),
            (Work::Lines, "the search for the best lines"),
            (Work::Following, "following the game"),
            (
                Work::Engine("Stockfish (UCI engine)".into()),
                "the engine Stockfish",
            ),
        ];
        let long = "x".repeat(10_000);
        for (work, named) in jobs {
            let error = StartError {
                work,
                reason: format!("no room\x1b[2J \"{long}\""),
            };
            let sentence = error.to_string();
            assert!(sentence.starts_with("Could not start "), "{sentence}");
            assert!(sentence.contains(named), "{sentence} names {named}");
            assert!(sentence.ends_with('.'), "{sentence}");
            assert!(!sentence.contains('\x1b'), "escaped: {sentence:?}");
            assert!(sentence.len() < 1_000, "cut: {} chars", sentence.len());
        }
    }

    #[test]
    fn a_search_reports_progress_then_one_reply_with_its_id() {
        let (tx, rx) = mpsc::channel();
        let mut workers = Workers::new(tx);
        workers
            .start(request(7, Level::Casual, Duration::ZERO))
            .expect("a thread");
        let mut progress = 0;
        loop {
            match rx.recv_timeout(Duration::from_secs(30)) {
                Ok(Incoming::Action(Action::Progress { id, .. })) => {
                    assert_eq!(id, 7);
                    progress += 1;
                }
                Ok(Incoming::Action(Action::Reply { id, thought })) => {
                    assert_eq!(id, 7);
                    assert!(thought.best.is_some());
                    break;
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        assert!(progress >= 1, "at least one finished depth is reported");
    }

    #[test]
    fn a_stopped_search_ends_without_a_reply() {
        let (tx, rx) = mpsc::channel();
        let mut workers = Workers::new(tx);
        // Master with a minute to think: only the stop flag ends it soon.
        workers
            .start(request(3, Level::Master, Duration::ZERO))
            .expect("a thread");
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(workers.busy(), 1);
        workers.stop(3);
        let deadline = Instant::now() + Duration::from_secs(10);
        while workers.busy() > 0 {
            assert!(Instant::now() < deadline, "the search did not stop");
            std::thread::sleep(Duration::from_millis(10));
        }
        let replies = rx
            .try_iter()
            .filter(|m| matches!(m, Incoming::Action(Action::Reply { .. })))
            .count();
        assert_eq!(replies, 0, "a stopped search sends no reply");
    }
}
