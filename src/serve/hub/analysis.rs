//! Archived games analysed at the server: catboard's own search over
//! every position ([`crate::session::analysing::run`]), each analysis on
//! a thread of its own, within a budget counted before it costs CPU —
//! one analysis a connection at a time, one a game at a time, at most
//! [`Limits::analyses`](super::Limits::analyses) at once server-wide, and
//! [`Limits::analysis_nodes`](super::Limits::analysis_nodes) nodes a
//! position. What it found (all of it, or what was done when it was
//! stopped) is kept with the archived game ([`Store::keep_analysis`]), so
//! a game is analysed once; its progress and its end come to the
//! connection's mailbox as the App's own actions.
//!
//! [`Store::keep_analysis`]: crate::serve::store::Store::keep_analysis

use super::{Shared, lock, log};
use crate::serve::address::Sentence;
use crate::serve::mailbox::Mailbox;
use crate::session::action::Action;
use crate::session::analysing::{self, AnalysisRequest};
use catboard::analysis::{AnalysisRecord, GameAnalysis};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// Why a connection's second analysis waits for its first.
pub const ONE_AT_A_TIME: &str =
    "Your analysis of another game is under way; one at a time (Esc there stops it).";

/// The analyses under way, and how many may be.
#[derive(Debug)]
pub struct Analyses {
    /// The most at once.
    most: usize,
    running: Mutex<Running>,
}

/// Who and what is being analysed.
#[derive(Debug, Default)]
struct Running {
    connections: HashSet<u64>,
    games: HashSet<u64>,
}

/// An analysis let in: its place is given back when it is dropped.
#[derive(Debug)]
pub struct Admitted {
    analyses: Arc<Analyses>,
    conn: u64,
    game: u64,
}

impl Analyses {
    /// Room for `most` analyses at once (none when 0).
    pub fn new(most: usize) -> Arc<Analyses> {
        Arc::new(Analyses {
            most,
            running: Mutex::new(Running::default()),
        })
    }

    /// Lets connection `conn` analyse archived game `game`, or says in
    /// one sentence why not: the connection has one under way, the game
    /// is being analysed for someone else, or the server runs as many as
    /// it may.
    pub fn admit(self: &Arc<Self>, conn: u64, game: u64) -> Result<Admitted, Sentence> {
        if self.most == 0 {
            return Err(crate::serve::connection::no_analysis());
        }
        let mut running = lock(&self.running);
        if running.connections.contains(&conn) {
            return Err(ONE_AT_A_TIME.into());
        }
        if running.games.contains(&game) {
            return Err(format!(
                "Game {game} is being analysed for someone else just now; open it again in a minute and its analysis is kept with it."
            )
            .into());
        }
        if running.connections.len() >= self.most {
            return Err(format!(
                "The server analyses {} at once and as many are under way; try again in a minute.",
                catboard::text::count(self.most as u64, "game", "games")
            )
            .into());
        }
        running.connections.insert(conn);
        running.games.insert(game);
        Ok(Admitted {
            analyses: self.clone(),
            conn,
            game,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut running = lock(&self.analyses.running);
        running.connections.remove(&self.conn);
        running.games.remove(&self.game);
    }
}

impl Shared {
    /// Analyses archived game `game` as `request` asks (going on from
    /// what it holds when that was found within the server's budget,
    /// afresh otherwise), for connection `conn`, on a thread of its own:
    /// each position done comes to `mailbox` as
    /// [`Action::AnalysisProgress`], and the end, once what was found is
    /// kept with the game, as [`Action::Analysed`]. The flag that stops
    /// it (what was done is kept), or one sentence on why it was not
    /// started.
    pub fn analyse_archived(
        &self,
        conn: u64,
        game: u64,
        mut request: AnalysisRequest,
        mailbox: Arc<Mailbox>,
    ) -> Result<Arc<AtomicBool>, Sentence> {
        let admitted = self.analyses.admit(conn, game)?;
        let budget = self.limits.analysis_budget();
        if request.analysis.budget != budget {
            request.analysis = GameAnalysis::new("catboard", budget);
        }
        let store = self.store.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::Builder::new()
            .name(format!("analysis of game {game}"))
            .spawn(move || {
                let id = request.id;
                let (start, moves) = (request.start.clone(), request.moves.clone());
                let (analysis, failure) = analysing::run(request, &stopped, |progress| {
                    mailbox.analysis(Action::AnalysisProgress { id, progress });
                });
                if !analysis.positions.is_empty() {
                    let record = AnalysisRecord::of(&analysis, &start, &moves);
                    if let Err(e) = store.keep_analysis(game, &record) {
                        log::event(format!("game {game}: its analysis was not kept ({e})"));
                    }
                }
                // Its place is free before its end is told.
                drop(admitted);
                mailbox.analysis(Action::Analysed {
                    id,
                    analysis: Box::new(analysis),
                    failure,
                });
            })
            .map_err(|e| format!("The server could not start the analysis just now ({e})."))?;
        Ok(stop)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{HubScratch, play_fools_mate};
    use super::*;
    use crate::serve::limits::Limits;
    use crate::session::app::{App, Effect, Playing, Screen, update};
    use catboard::analysis::Class;
    use catboard_testkit::Scratch;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    #[test]
    fn the_budget_lets_one_a_connection_one_a_game_and_so_many_at_once() {
        let analyses = Analyses::new(2);
        let first = analyses.admit(1, 10).expect("room");
        assert_eq!(analyses.admit(1, 11).map(|_| ()), Err(ONE_AT_A_TIME.into()));
        let same = analyses
            .admit(2, 10)
            .expect_err("the game is under way")
            .plain();
        assert!(same.contains("Game 10 is being analysed"), "{same}");
        let _second = analyses.admit(2, 11).expect("room for two");
        let full = analyses.admit(3, 12).expect_err("two under way").plain();
        assert!(full.contains("analyses 2 games at once"), "{full}");
        drop(first);
        let _third = analyses
            .admit(1, 12)
            .expect("the first gave its place back");
        let none = Analyses::new(0).admit(1, 10).expect_err("no analyses");
        assert_eq!(none, crate::serve::connection::no_analysis());
    }

    /// Fool's mate played at the hub, archived as game 1.
    fn archived_fools_mate(limits: Limits) -> (Scratch, Arc<Shared>) {
        let dir = Scratch::new("analysis");
        let (shared, hand) = dir.timed_hub_with(limits);
        play_fools_mate(&shared, &hand);
        (dir, shared)
    }

    /// Archived game `id` opened to look through, as a connection opens it.
    fn opened(shared: &Shared, id: u64) -> App {
        let (table, _, title) = shared.archived_table(id).expect("archived");
        let playing = Playing::new(table, 0, None);
        let mut app = App::looking_through(
            playing,
            crate::session::look::LookChoice::default(),
            crate::serve::connection::ARCHIVED_GAME,
            &title,
        );
        app.analysis_budget = shared.limits.analysis_budget();
        app
    }

    /// The analysis `app` asks for when `a` is pressed, if it asks for one.
    fn asked(app: &mut App) -> Option<AnalysisRequest> {
        update(app, Action::Analyse)
            .into_iter()
            .find_map(|effect| match effect {
                Effect::Analyse(request) => Some(*request),
                _ => None,
            })
    }

    /// The news in `mailbox` until the analysis ends (a test that fails
    /// rather than hangs: a minute at most).
    fn until_analysed(mailbox: &Mailbox) -> Vec<Action> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut news = Vec::new();
        while Instant::now() < deadline {
            news.extend(mailbox.take().analysis);
            if matches!(news.last(), Some(Action::Analysed { .. })) {
                return news;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no end of the analysis within a minute: {news:?}");
    }

    fn shown_classes(app: &App) -> Vec<Option<Class>> {
        match &app.screen {
            Screen::Playing(p) => p.shown_analysis().map(|a| a.classes()).unwrap_or_default(),
            Screen::Setup(_) => Vec::new(),
        }
    }

    #[test]
    fn an_archived_game_is_analysed_once_and_its_analysis_kept_with_it() {
        let (_dir, shared) = archived_fools_mate(Limits {
            analysis_nodes: 5_000,
            ..Limits::default()
        });
        let mut app = opened(&shared, 1);
        let request = asked(&mut app).expect("a first analysis is computed");
        assert_eq!(request.moves.len(), 4);
        let mailbox = Arc::new(Mailbox::new());
        shared
            .analyse_archived(7, 1, request, mailbox.clone())
            .expect("let in");
        for news in until_analysed(&mailbox) {
            let _ = update(&mut app, news);
        }
        let classes = shown_classes(&app);
        assert_eq!(classes.len(), 4, "{classes:?}");
        assert_eq!(classes[2], Some(Class::Blunder), "g4 lets the mate in");

        // Kept with the game: whoever opens it next sees it at once.
        let kept = shared.store.archived(1).expect("read").expect("there");
        let record = kept.analysis.expect("kept with the game");
        assert_eq!(record.positions.len(), 5);
        assert_eq!(record.budget, "5000nodes");
        let mut again = opened(&shared, 1);
        assert_eq!(asked(&mut again), None, "the kept analysis is reused");
        assert_eq!(shown_classes(&again), classes);
        let said = again
            .events
            .iter()
            .map(|e| e.text.clone())
            .collect::<Vec<_>>();
        assert!(
            said.iter().any(|s| s.contains("White: accuracy")),
            "its summary is said: {said:?}"
        );
        // And `ssh HOST pgn 1` prints it: evaluations and g4's mark.
        let pgn = shared.pgn(1).expect("the game's PGN");
        assert!(pgn.contains("[%eval"), "{pgn}");
        assert!(pgn.contains("g4??"), "{pgn}");
    }

    #[test]
    fn a_second_analysis_of_a_connection_is_refused_before_it_starts() {
        let (_dir, shared) = archived_fools_mate(Limits {
            analysis_nodes: u64::MAX / 4,
            analyses: 4,
            ..Limits::default()
        });
        let mailbox = Arc::new(Mailbox::new());
        let request = asked(&mut opened(&shared, 1)).expect("an analysis");
        let stop = shared
            .analyse_archived(7, 1, request.clone(), mailbox.clone())
            .expect("let in");
        let refused = shared
            .analyse_archived(7, 1, request.clone(), Arc::new(Mailbox::new()))
            .expect_err("one a connection");
        assert_eq!(refused, ONE_AT_A_TIME.into());
        let other = shared
            .analyse_archived(8, 1, request.clone(), Arc::new(Mailbox::new()))
            .expect_err("one a game")
            .plain();
        assert!(other.contains("being analysed for someone else"), "{other}");
        stop.store(true, Ordering::Relaxed);
        let news = until_analysed(&mailbox);
        assert!(
            matches!(news.last(), Some(Action::Analysed { failure: None, .. })),
            "{news:?}"
        );
        let again = shared
            .analyse_archived(7, 1, request, mailbox.clone())
            .expect("its place was given back before its end was told");
        again.store(true, Ordering::Relaxed);
        until_analysed(&mailbox);
    }
}
