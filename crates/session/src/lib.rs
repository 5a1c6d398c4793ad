//! The session layer, shared by every front end (the screen in `ui`, the
//! line mode in `line`, the SSH server in `serve`) and tied to none: the
//! application's state and its one [`app::update`], the actions and
//! effects, the keymap, the describe layer's sentences, the table's game
//! and series, saves, the computer players and their worker threads, the
//! setup form, the board's orientation, and the look as a choice by name.
//! Nothing here knows ratatui or crossterm; a front end turns its input
//! into [`input::Incoming`] and draws (or says) the [`app::App`].

pub mod action;
pub mod analysing;
pub mod app;
pub mod best_lines;
pub mod computer;
pub mod describe;
pub mod engines;
pub mod input;
pub mod keeper;
pub mod key_decoder;
pub mod keymap;
pub mod lobby;
pub mod look;
pub mod orientation;
pub mod pgn;
pub mod puzzles;
pub mod save;
pub mod setup_form;
pub mod speech;
pub mod table;
pub mod timing;
pub mod words;
pub mod worker;

use action::Action;
use app::{App, Effect, Playing, Screen, update};
use catboard::ai::level::DEFAULT_THINK_MS;
use catboard::core::Game;
use input::Incoming;
use look::LookChoice;
use save::SaveStore;
use setup_form::{ResumeOffer, Setup};
use std::path::PathBuf;
use table::TableGame;
use worker::Workers;

/// How the program starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// On the setup screen, offering this game to resume.
    Setup(Option<ResumeOffer>),
    /// Straight into a game, seen from seat `near_side`, saved at `path`.
    Play {
        /// The game.
        table: Box<TableGame>,
        /// The seat at the near edge.
        near_side: usize,
        /// Where it is saved; a fresh file when `None`.
        path: Option<PathBuf>,
    },
}

/// Everything a session needs to start.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// The first screen.
    pub start: Start,
    /// How it should look, by name (built into colours only by a front end
    /// that draws).
    pub look: LookChoice,
    /// Where games are saved.
    pub saves: Option<SaveStore>,
    /// A sentence to show at once (nowhere to save, a corrupt save; the
    /// screen adds one for a theme that fell back).
    pub notice: Option<String>,
    /// How long a Master computer thinks per move, in milliseconds.
    pub think_ms: u64,
    /// How the front end speaks.
    pub speech: SpeechChoice,
}

/// How a front end speaks: the notation of its sentences, whether the
/// full screen is the screen reader view, and how long a computer thinks
/// before the line mode says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeechChoice {
    /// The notation chosen (`--speech`); each front end has its default.
    pub notation: Option<speech::Notation>,
    /// The screen reader view of the full screen (`--screen-reader`).
    pub reader: bool,
    /// How long a computer's reply may take before "is thinking" is said.
    pub thinking_after: std::time::Duration,
}

impl Default for SpeechChoice {
    fn default() -> SpeechChoice {
        SpeechChoice {
            notation: None,
            reader: false,
            thinking_after: std::time::Duration::from_millis(THINKING_AFTER_MS),
        }
    }
}

/// How many milliseconds a computer's reply may take before the line mode
/// says it is thinking, unless `--thinking-after-ms` says otherwise.
pub const THINKING_AFTER_MS: u64 = 1_000;

impl SpeechChoice {
    /// The voice of the full screen: in words for the screen reader view.
    pub fn screen_voice(self) -> speech::Voice {
        match (self.notation, self.reader) {
            (Some(n), _) => speech::Voice::new(n),
            (None, true) => speech::Voice::SPOKEN,
            (None, false) => speech::Voice::SCREEN,
        }
    }

    /// The voice of the line mode: in words unless another is chosen.
    pub fn line_voice(self) -> speech::Voice {
        self.notation
            .map_or(speech::Voice::SPOKEN, speech::Voice::new)
    }
}

/// Two notices as one, the first first.
pub fn join_notices(first: Option<String>, second: Option<String>) -> Option<String> {
    match (first, second) {
        (Some(a), Some(b)) => Some(format!("{a} {b}")),
        (a, b) => a.or(b),
    }
}

/// What looking for a game to resume found: the newest unfinished game,
/// if any, and the files newer than it that are no game to resume.
#[derive(Clone, Debug, Default)]
pub struct Resumable {
    /// The newest unfinished game.
    pub offer: Option<ResumeOffer>,
    /// Each file skipped (corrupt, foreign, of a newer format, illegal)
    /// with why; each is left as it is.
    pub skipped: Vec<(PathBuf, save::SaveError)>,
}

impl Resumable {
    /// The files skipped, in one sentence (none when none was).
    pub fn notice(&self) -> Option<String> {
        match self.skipped.as_slice() {
            [] => None,
            [(_, why)] => Some(format!(
                "{}; it was skipped.",
                catboard::text::clause(&why.to_string())
            )),
            many => {
                let mut names: Vec<String> = many
                    .iter()
                    .take(5)
                    .map(|(path, _)| {
                        let name = path.file_name().map(std::path::Path::new).unwrap_or(path);
                        catboard::text::shown_path(name)
                    })
                    .collect();
                if many.len() > 5 {
                    names.push(format!("{} more", many.len() - 5));
                }
                Some(format!(
                    "{} files in the saves folder are not games catboard can resume and were skipped, left as they are: {}.",
                    many.len(),
                    catboard::text::and_list(&names)
                ))
            }
        }
    }
}

/// The newest unfinished saved game in `store` (with at least one move).
/// A file that is no game to resume (corrupt, foreign, a newer format, an
/// illegal move) is skipped and reported, never in the way of an older
/// good one, and left as it is; only a folder that cannot be listed is an
/// error.
pub fn last_unfinished(store: &SaveStore) -> Result<Resumable, save::SaveError> {
    let mut found = Resumable::default();
    for path in store.newest_first()? {
        let table = SaveStore::load(&path).and_then(|saved| {
            TableGame::from_saved(&saved).map_err(|reason| save::SaveError::Unplayable {
                file: path.clone(),
                reason: Box::new(reason),
            })
        });
        match table {
            Ok(table) if table.outcome().is_none() && table.ply() > 0 => {
                found.offer = Some(ResumeOffer {
                    path,
                    table: Box::new(table),
                });
                return Ok(found);
            }
            Ok(_) => {}
            Err(why) => found.skipped.push((path, why)),
        }
    }
    Ok(found)
}

/// Builds the application for `config` (no terminal needed); the effects
/// save a new game and start the computer when it is to move.
pub fn build_app(config: SessionConfig) -> (App, Vec<Effect>) {
    let SessionConfig {
        start,
        look,
        saves,
        notice,
        mut think_ms,
        speech,
    } = config;
    let mut gone = Vec::new();
    let (screen, fresh) = match start {
        Start::Setup(offer) => {
            let mut setup = Setup::new(offer)
                .against_the_computer()
                .offering(&catboard::protocol::engine::known::installed());
            setup.think_ms = think_ms;
            (Screen::Setup(setup), false)
        }
        Start::Play {
            mut table,
            near_side,
            path,
        } => {
            let fresh = path.is_none();
            // A resumed game thinks as long as it did, unless the command
            // line asked for another time; a new one records the time.
            match table.think_ms() {
                Some(saved) if !fresh && think_ms == DEFAULT_THINK_MS => think_ms = saved,
                _ => table.set_think_ms(think_ms),
            }
            let path = path.or_else(|| saves.as_ref().map(SaveStore::fresh_path));
            // An engine whose program has gone since the game was saved.
            gone = table.retire_missing_engines();
            let playing = Playing::new(*table, near_side, path);
            (Screen::Playing(Box::new(playing)), fresh)
        }
    };
    let mut app = App::new(screen, saves, look);
    app.offered_engines = catboard::protocol::engine::known::installed();
    app.think_ms = think_ms;
    app.voice = speech.screen_voice();
    app.reader = speech.reader;
    let mut effects = if fresh { app.save_now() } else { Vec::new() };
    effects.extend(app.engage());
    if let Some(text) = join_notices(notice, (!gone.is_empty()).then(|| gone.join(" "))) {
        update(&mut app, Action::Notice(text));
    }
    (app, effects)
}

/// Carries out `effects`; a failure comes back to the app as a notice.
pub fn perform(app: &mut App, workers: &mut Workers, effects: Vec<Effect>) {
    let mut queue = std::collections::VecDeque::from(effects);
    while let Some(effect) = queue.pop_front() {
        let failure = match effect {
            Effect::Save(path, saved) => {
                // A game with no moves yet is not worth a file.
                if saved.moves.is_empty() && !path.exists() {
                    continue;
                }
                // The first save into a new folder makes it, and claims
                // the game before writing it.
                if let Some(dir) = path.parent() {
                    let _ = catboard::durable::make_folder(dir, catboard::durable::Access::Usual);
                }
                app.hold(&path);
                SaveStore::write(&path, &saved).err().map(|e| e.to_string())
            }
            Effect::Think(request) => workers.start(*request).err().map(|e| e.to_string()),
            Effect::Analyse(request) => workers.analyse(*request).err().map(|e| e.to_string()),
            Effect::FindLines(request) => workers.find_lines(*request).err().map(|e| e.to_string()),
            Effect::AskEngine(request) => workers.ask_engine(*request).err().map(|e| e.to_string()),
            Effect::StopThinking(id) => {
                workers.stop(id);
                None
            }
            Effect::Watch(path) => workers.watch(path).err().map(|e| e.to_string()),
            Effect::StopWatching => {
                workers.stop_watching();
                None
            }
            // Asked of a keeper elsewhere by an App whose game is kept
            // here after all: the local keeper answers.
            Effect::Ask(intent) => {
                use keeper::Keeper;
                let mut keeper = keeper::LocalKeeper::new(app);
                let answer = keeper.ask(intent.clone());
                queue.extend(keeper.effects());
                queue.extend(update(app, Action::Answered(intent, answer)));
                None
            }
        };
        if let Some(e) = failure {
            queue.extend(update(app, Action::Notice(e)));
        }
    }
}

/// The action `incoming` asks of `app`: a key through the keymap of what
/// is on screen, a ready action as it is. Every front end over a terminal
/// (the local one, an SSH channel) goes through here.
pub fn action_of(app: &App, incoming: Incoming) -> Option<Action> {
    match incoming {
        Incoming::Key(key) => {
            let sphere = matches!(&app.screen, Screen::Playing(p)
                if p.table.game().geometry().shape() == catboard::core::geometry::Shape::Graph);
            keymap::action_on(app.context(), key, sphere)
        }
        Incoming::Action(action) => Some(action),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use save::SavedGame;

    fn saved(moves: &[&str]) -> SavedGame {
        SavedGame {
            format: SavedGame::FORMAT,
            variant: "chess".into(),
            options: Vec::new(),
            start: catboard::variants::chess::START_FEN.into(),
            players: vec!["human".into(), "human".into()],
            moves: moves.iter().map(|m| m.to_string()).collect(),
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

    /// Item 4 of issue 21: a newer unreadable file (a stray notes.json, a
    /// truncated save, a newer format) is reported and skipped; the real
    /// unfinished game behind it is still offered.
    #[test]
    fn resume_skips_finished_games_and_skips_and_reports_corrupt_ones() {
        let dir = std::env::temp_dir().join(format!("catboard-resume-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = SaveStore::new(dir.clone());
        let older = dir.join("game-1.json");
        let newer = dir.join("game-2.json");
        let write = |path: &PathBuf, game: &SavedGame| {
            SaveStore::write(path, game).expect("write a save");
        };
        write(&older, &saved(&["d2d4"]));
        std::thread::sleep(std::time::Duration::from_millis(20));
        write(&newer, &saved(&["f2f3", "e7e5", "g2g4", "d8h4"]));
        let found = last_unfinished(&store).expect("readable");
        let offer = found.offer.expect("an offer");
        assert_eq!(offer.path, older, "the checkmated game is skipped");
        assert_eq!(offer.table.ply(), 1);
        assert_eq!(found.skipped.len(), 0, "a finished game is no fault");
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.join("game-3.json"), "{ not json").expect("write garbage");
        let found = last_unfinished(&store).expect("readable");
        assert_eq!(
            found.offer.map(|o| o.path),
            Some(older.clone()),
            "still offered"
        );
        let said = last_unfinished(&store)
            .expect("readable")
            .notice()
            .expect("said");
        assert!(
            said.contains("game-3.json") && said.ends_with("it was skipped."),
            "{said}"
        );
        assert_eq!(catboard::text::sentence_fault(&said), None, "{said}");
        // More of them: one sentence naming each; a newer format, a stray
        // file, a truncated save, a folder.
        std::thread::sleep(std::time::Duration::from_millis(20));
        let mut future = saved(&["e2e4"]);
        future.format = 2;
        std::fs::write(
            dir.join("game-4.json"),
            serde_json::to_string(&future).expect("json"),
        )
        .expect("write");
        std::fs::write(dir.join("notes.json"), "{\"todo\": [\"buy milk\"]}").expect("write");
        std::fs::write(dir.join("game-5.json"), "").expect("write");
        std::fs::create_dir_all(dir.join("folder.json")).expect("a folder");
        let found = last_unfinished(&store).expect("readable");
        assert_eq!(found.offer.as_ref().map(|o| o.path.clone()), Some(older));
        assert_eq!(found.skipped.len(), 5, "{:?}", found.skipped);
        let said = found.notice().expect("said");
        assert!(said.starts_with("5 files in the saves folder"), "{said}");
        for name in [
            "game-3.json",
            "game-4.json",
            "notes.json",
            "game-5.json",
            "folder.json",
        ] {
            assert!(said.contains(name), "{name}: {said}");
        }
        assert_eq!(catboard::text::sentence_fault(&said), None, "{said}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_started_from_the_command_line_faces_its_seat_and_saves_on_hang_up() {
        let table = TableGame::new(&table::TableSpec {
            variant: catboard::variants::Variant::Chess,
            options: catboard::core::Options::new(),
            position: None,
            players: vec![table::Player::Human; 2],
            time: None,
        })
        .expect("chess");
        let (mut app, effects) = build_app(SessionConfig {
            start: Start::Play {
                table: Box::new(table),
                near_side: 1,
                path: None,
            },
            look: LookChoice::default(),
            saves: Some(SaveStore::new(PathBuf::from("/nonexistent/saves"))),
            notice: Some("Theme file t.toml, line 1: bad; using the classic theme.".into()),
            think_ms: 100,
            speech: SpeechChoice::default(),
        });
        assert!(
            app.message
                .as_ref()
                .is_some_and(|m| m.text.contains("t.toml"))
        );
        match (&app.screen, effects.as_slice()) {
            (Screen::Playing(p), [Effect::Save(path, saved)]) => {
                assert_eq!(p.near_side(), 1, "seen from Black");
                assert!(path.starts_with("/nonexistent/saves"));
                assert!(saved.moves.is_empty());
            }
            other => panic!("unexpected start {other:?}"),
        }
        assert_eq!(update(&mut app, Action::Hangup).len(), 1, "a hang-up saves");
        assert!(app.quit);
    }

    #[test]
    fn a_resumed_game_thinks_as_long_as_it_was_saved_with() {
        let mut with_time = saved(&["e2e4"]);
        with_time.think_ms = Some(5_000);
        let table = TableGame::from_saved(&with_time).expect("a chess save");
        assert_eq!(table.saved().think_ms, Some(5_000), "kept through a save");
        let config = |think_ms| SessionConfig {
            start: Start::Play {
                table: Box::new(table.clone()),
                near_side: 0,
                path: Some(PathBuf::from("/nonexistent/saves/g.json")),
            },
            look: LookChoice::default(),
            saves: None,
            notice: None,
            think_ms,
            speech: SpeechChoice::default(),
        };
        let (app, _) = build_app(config(DEFAULT_THINK_MS));
        assert_eq!(app.think_ms, 5_000);
        let (app, _) = build_app(config(700));
        assert_eq!(app.think_ms, 700, "a time given on the command line wins");
        // A new game records the time it is played with.
        let (app, effects) = build_app(SessionConfig {
            start: Start::Play {
                table: Box::new(TableGame::from_saved(&saved(&[])).expect("chess")),
                near_side: 0,
                path: None,
            },
            look: LookChoice::default(),
            saves: Some(SaveStore::new(PathBuf::from("/nonexistent/saves"))),
            notice: None,
            think_ms: 9_000,
            speech: SpeechChoice::default(),
        });
        assert_eq!(app.think_ms, 9_000);
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Save(_, s) if s.think_ms == Some(9_000))),
            "{effects:?}"
        );
    }
}
