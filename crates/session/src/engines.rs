//! Seats played by other engines (`--seat black=uci:stockfish`), on the
//! session's side: the request for a move a worker carries out, the news
//! it may bring back instead of a move (the engine failed, or resigned),
//! and the threads that keep the engines' processes, one a seat, started
//! at the seat's first move and kept for the games that follow at the
//! table. The talking is the library's engine client
//! ([`catboard::protocol::engine`]); each engine runs off the UI thread,
//! as catboard's own computer does, and reports on the same channel:
//! [`Action::Reply`] with its move, or [`Action::EngineNews`].
//!
//! A seat an engine plays is a computer seat at the level that takes it
//! over if the engine fails ([`super::table::Player::Computer`]); the
//! engine itself is kept beside the players by the table
//! ([`super::table::TableGame::engine`]), so the rest of the session
//! treats the seat as the computer's.

use super::action::Action;
use super::input::Incoming;
use super::worker::{StartError, Work};
use catboard::ai::Thought;
use catboard::core::{Game, Options, Seat};
use catboard::protocol::engine::{Answer, Ask, Budget, Engine, EngineSpec, Patience};
use catboard::variants::AnyGame;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// A move asked of the engine at a seat.
#[derive(Clone, Debug)]
pub struct EngineRequest {
    /// The request's id, sent back with the answer.
    pub id: u64,
    /// The seat the engine plays.
    pub seat: Seat,
    /// The engine.
    pub spec: EngineSpec,
    /// The game, with its whole history.
    pub game: AnyGame,
    /// Its rule options.
    pub options: Options,
    /// How long the engine may think.
    pub budget: Budget,
    /// The shortest time before the move is sent back.
    pub min_time: Duration,
}

impl PartialEq for EngineRequest {
    fn eq(&self, other: &EngineRequest) -> bool {
        self.id == other.id
            && self.seat == other.seat
            && self.spec == other.spec
            && self.options == other.options
            && self.budget == other.budget
            && self.min_time == other.min_time
            && self.game.position_text() == other.game.position_text()
            && self.game.moves_played() == other.game.moves_played()
    }
}

impl Eq for EngineRequest {}

/// What an engine brings back other than a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineNews {
    /// It failed (died, hung, answered what is not a legal move, cannot
    /// play the game): the sentence saying so. Its seat goes to catboard's
    /// computer.
    Failed(String),
    /// It resigned.
    Resigned,
}

/// One request handed to an engine's thread, with its stop flag.
struct Job {
    request: EngineRequest,
    stop: Arc<AtomicBool>,
}

/// The engines' threads, one a seat and engine, and the stop flag of each
/// request under way.
pub struct EnginePlayers {
    tx: Sender<Incoming>,
    patience: Patience,
    threads: HashMap<(Seat, EngineSpec), Sender<Job>>,
    stops: HashMap<u64, Arc<AtomicBool>>,
}

impl EnginePlayers {
    /// No engine yet; reports go to `tx`.
    pub fn new(tx: Sender<Incoming>) -> EnginePlayers {
        EnginePlayers {
            tx,
            patience: Patience::default(),
            threads: HashMap::new(),
            stops: HashMap::new(),
        }
    }

    /// The same, waiting for engines with `patience` (tests shorten it).
    #[cfg(test)]
    pub fn with_patience(mut self, patience: Patience) -> EnginePlayers {
        self.patience = patience;
        self
    }

    /// Hands `request` to the thread of its seat's engine, starting one
    /// (and the engine, on the thread) when there is none; another engine
    /// kept for the seat goes. A thread that cannot start is a [`StartError`].
    pub fn ask(&mut self, request: EngineRequest) -> Result<(), StartError> {
        self.stops.retain(|_, stop| !stop.load(Ordering::Relaxed));
        let key = (request.seat, request.spec.clone());
        self.threads
            .retain(|(seat, spec), _| *seat != key.0 || *spec == key.1);
        let stop = Arc::new(AtomicBool::new(false));
        self.stops.insert(request.id, stop.clone());
        let mut job = Job { request, stop };
        if let Some(thread) = self.threads.get(&key) {
            match thread.send(job) {
                Ok(()) => return Ok(()),
                // The thread has ended (it panicked): a new one.
                Err(e) => job = e.0,
            }
        }
        let (send, jobs) = channel();
        let tx = self.tx.clone();
        let patience = self.patience;
        let seat = key.0;
        std::thread::Builder::new()
            .name(format!("engine-{}", seat.index()))
            .spawn(move || serve(&jobs, patience, &tx))
            .map_err(|e| StartError::new(Work::Engine(job.request.spec.label()), &e))?;
        let _ = send.send(job);
        self.threads.insert(key, send);
        Ok(())
    }

    /// Raises the stop flag of request `id`, if it is an engine's; true
    /// when it was.
    pub fn stop(&mut self, id: u64) -> bool {
        match self.stops.remove(&id) {
            Some(stop) => {
                stop.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Stops every request and lets every engine go (each thread ends,
    /// its engine asked to quit, then killed and reaped).
    pub fn stop_all(&mut self) {
        for (_, stop) in self.stops.drain() {
            stop.store(true, Ordering::Relaxed);
        }
        self.threads.clear();
    }

    /// How many engines' threads are kept.
    #[cfg(test)]
    pub fn kept(&self) -> usize {
        self.threads.len()
    }
}

impl Drop for EnginePlayers {
    fn drop(&mut self) {
        self.stop_all();
    }
}

/// An engine's thread: starts the engine at the first request, answers
/// each request in turn, and ends (the engine with it) when no more
/// requests can come. An engine that fails is let go, its failure sent as
/// news; a later request (after a stale one failed) starts it anew, so no
/// request is ever left unanswered.
fn serve(jobs: &Receiver<Job>, patience: Patience, tx: &Sender<Incoming>) {
    let mut engine: Option<Engine> = None;
    while let Ok(job) = jobs.recv() {
        let request = &job.request;
        if job.stop.load(Ordering::Relaxed) {
            continue;
        }
        let news = |news: EngineNews| {
            let _ = tx.send(Incoming::Action(Action::EngineNews {
                id: request.id,
                seat: request.seat,
                news,
            }));
        };
        let started = Instant::now();
        let running = match &mut engine {
            Some(running) => running,
            None => match Engine::start(&request.spec, patience) {
                Ok(started) => engine.insert(started),
                Err(e) => {
                    news(EngineNews::Failed(e.sentence));
                    continue;
                }
            },
        };
        let ask = Ask {
            game: &request.game,
            options: &request.options,
            budget: request.budget,
            depth: None,
        };
        match running.best_move(&ask, &job.stop) {
            Ok(Answer::Move(mv)) => {
                // Held back until the shortest time, as the computer's
                // moves are; a stop ends the wait at once.
                while !job.stop.load(Ordering::Relaxed) {
                    let left = request.min_time.saturating_sub(started.elapsed());
                    if left.is_zero() {
                        break;
                    }
                    std::thread::sleep(left.min(Duration::from_millis(10)));
                }
                if !job.stop.load(Ordering::Relaxed) {
                    let thought = Thought {
                        best: Some(mv),
                        score: 0,
                        depth: 0,
                        seldepth: 0,
                        nodes: 0,
                        elapsed: started.elapsed(),
                        pv: vec![mv],
                    };
                    let _ = tx.send(Incoming::Action(Action::Reply {
                        id: request.id,
                        thought,
                    }));
                }
            }
            Ok(Answer::Resign) => news(EngineNews::Resigned),
            Ok(Answer::Stopped) => {}
            Err(e) => {
                // Asked to quit, killed and reaped.
                engine = None;
                news(EngineNews::Failed(e.sentence));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::protocol::engine::Protocol;
    use catboard::variants::Variant;
    use catboard_testkit::Scratch;
    use catboard_testkit::fake_engine;

    fn patience() -> Patience {
        Patience {
            handshake: Duration::from_secs(5),
            features: Duration::from_millis(300),
            margin: Duration::from_millis(400),
        }
    }

    fn request(id: u64, spec: &EngineSpec, game: &AnyGame) -> EngineRequest {
        // The engine plays both sides here, for one seat's thread.
        EngineRequest {
            id,
            seat: Seat::WHITE,
            spec: spec.clone(),
            game: game.clone(),
            options: Options::new(),
            budget: Budget::PerMove(Duration::from_millis(100)),
            min_time: Duration::ZERO,
        }
    }

    /// The next report on `rx`, within a generous deadline.
    fn next(rx: &Receiver<Incoming>) -> Action {
        match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(Incoming::Action(action)) => action,
            other => panic!("no report: {other:?}"),
        }
    }

    fn lines_like(log: &Scratch, line: &str) -> usize {
        std::fs::read_to_string(log.0.join("sent.txt"))
            .unwrap_or_default()
            .lines()
            .filter(|l| *l == line)
            .count()
    }

    #[test]
    fn an_engine_keeps_its_process_between_moves_and_a_failure_is_news() {
        let log = Scratch::empty("engine-seat");
        std::fs::create_dir_all(&log.0).expect("a folder");
        let spec = EngineSpec {
            protocol: Protocol::Uci,
            command: fake_engine(&format!(
                "--uci --mode die --after 2 --log {}",
                log.0.join("sent.txt").display()
            )),
            options: Vec::new(),
        };
        let (tx, rx) = channel();
        let mut engines = EnginePlayers::new(tx).with_patience(patience());
        let mut game = Variant::Chess.new_game(&Options::new());
        for id in 1..=2 {
            engines.ask(request(id, &spec, &game)).expect("a thread");
            match next(&rx) {
                Action::Reply { id: got, thought } => {
                    assert_eq!(got, id);
                    let mv = thought.best.expect("a move");
                    assert!(game.legal_move_list().contains(&mv));
                    game.make_move(mv);
                }
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(lines_like(&log, "uci"), 1, "one process for both moves");
        engines.ask(request(3, &spec, &game)).expect("a thread");
        match next(&rx) {
            Action::EngineNews {
                id: 3,
                seat,
                news: EngineNews::Failed(why),
            } => {
                assert_eq!(seat, Seat::WHITE);
                assert!(
                    why.starts_with("The engine Fake Engine stopped running (exit code 3)"),
                    "{why}"
                );
            }
            other => panic!("{other:?}"),
        }
        // Asked again (a new game at the table), the engine starts anew.
        engines.ask(request(4, &spec, &game)).expect("a thread");
        assert!(matches!(next(&rx), Action::Reply { id: 4, .. }));
        assert_eq!(lines_like(&log, "uci"), 2);
        assert_eq!(engines.kept(), 1);
        // Another engine for the seat lets the first go.
        let mut other = spec.clone();
        other.command.push_str(" --name Other");
        engines.ask(request(5, &other, &game)).expect("a thread");
        assert!(matches!(next(&rx), Action::Reply { id: 5, .. }));
        assert_eq!(engines.kept(), 1);
        engines.stop_all();
        assert_eq!(engines.kept(), 0);
    }

    #[test]
    fn a_stopped_request_sends_nothing_back() {
        let spec = EngineSpec {
            protocol: Protocol::Uci,
            command: fake_engine("--uci --mode hang --after 1"),
            options: Vec::new(),
        };
        let (tx, rx) = channel();
        let mut engines = EnginePlayers::new(tx).with_patience(patience());
        let game = Variant::Chess.new_game(&Options::new());
        engines.ask(request(1, &spec, &game)).expect("a thread");
        assert!(matches!(next(&rx), Action::Reply { id: 1, .. }));
        engines.ask(request(2, &spec, &game)).expect("a thread");
        assert!(engines.stop(2), "an engine's request");
        assert!(!engines.stop(99), "not an engine's");
        // The next request is answered (here: the hung engine is given
        // up), and nothing came for the stopped one.
        engines.ask(request(3, &spec, &game)).expect("a thread");
        match next(&rx) {
            Action::EngineNews {
                id: 3,
                news: EngineNews::Failed(why),
                ..
            } => assert!(why.contains("said nothing for"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert!(rx.try_recv().is_err());
    }
}
