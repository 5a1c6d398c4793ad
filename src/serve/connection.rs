//! One connection's screen, as a task on the server's runtime: the lobby,
//! the setup form for a new table, or a table. At a table the connection
//! has its own [`App`] (cursor, orientation from its seat, overlays) over
//! a copy of the shared game, kept elsewhere ([`App::kept_elsewhere`]):
//! what its player asks of the game (a move, resigning, a draw offered or
//! answered, a rematch) leaves `update` as an intent, which the table's
//! keeper ([`TableKeeper`], the hub) decides; the App folds the answer in
//! and follows the record as kept, as every viewer's App does when the
//! table changes.
//!
//! The table's hub keeps the time: the App's clocks are only shown, each
//! copy of the game the hub hands over carries the time the seat to move
//! has spent so far, and the task wakes when the clock shown changes. From the lobby a
//! connection may wait for a quick game, and open an archived game to
//! look through (read-only, in the App's review).
//!
//! The task sleeps on its [`Mailbox`] and, when woken, takes everything
//! that came, acts on it and draws one frame. It writes one frame at a
//! time and waits for the client to take it: while it waits nothing
//! piles up (the mailbox coalesces), the next frame covers everything
//! that changed meanwhile, and a client that takes nothing for
//! [`WRITE_DEADLINE`] is closed. When the connection ends for any reason
//! the client's terminal is given back, told why in one line, and given
//! an exit status.

mod analysis;
#[cfg(test)]
mod keys_tests;
mod lines;
mod puzzles;
#[cfg(test)]
mod puzzles_tests;
#[cfg(test)]
mod tiny_tests;

use super::hub::{Shared, TableSummary};
use super::identity::{Login, Who, login_clock, parse_login};
use super::limits::WRITE_DEADLINE;
use super::lobby::{Choice, Heard, Keys, Lists, Lobby, LobbyScreen, Page};
use super::log;
use super::mailbox::{Ending, Mailbox, Notice};
use super::screen::{self, Screen};
use super::table_keeper::{NO_HINTS, NO_TAKE_BACK, OWN_SEATS_ONLY, TableKeeper};
use crate::session::action::Action;
use crate::session::action_of;
use crate::session::app::{App, Effect, Playing, Screen as AppScreen, update};
use crate::session::input::Incoming;
use crate::session::keeper::{Answer, Keeper};
use crate::session::key_decoder::KeyDecoder;
use crate::session::keymap::{Key, Refusal};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::setup_form::Setup;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::words::capitalise;
use crate::ui::view::{Look, fit, view};
use catboard::clock::TimeControl;
use catboard::core::{Game, Seat};
use catboard::variants::Variant;
use ratatui::Frame;
use ratatui::layout::Rect;
use russh::ChannelWriteHalf;
use russh::server::Msg;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a lone Esc waits for the rest of an arrow key's sequence.
const ESC_WAIT: Duration = Duration::from_millis(30);

/// How long the last words to a client may take to send.
const FAREWELL: Duration = Duration::from_secs(5);

/// What a shared table does not offer, and why.
pub static SHARED_TABLE: &[Refusal] = &[
    Refusal {
        action: Action::Undo,
        why: NO_TAKE_BACK,
    },
    Refusal {
        action: Action::Redo,
        why: NO_TAKE_BACK,
    },
    Refusal {
        action: Action::Restart,
        why: "A shared table plays one game; n asks for a rematch once it is over, q goes to the lobby.",
    },
    Refusal {
        action: Action::Hint,
        why: NO_HINTS,
    },
    Refusal {
        action: Action::PauseComputer,
        why: "The computers at a shared table cannot be paused.",
    },
    Refusal {
        action: Action::ComputerMove,
        why: OWN_SEATS_ONLY,
    },
    Refusal {
        action: Action::Analyse,
        why: ANALYSED_ONCE_ARCHIVED,
    },
    Refusal {
        action: Action::BestLines,
        why: NO_LINES,
    },
];

/// Why a server set to analyse no game (`--analyses 0`) does not.
pub(crate) const NO_ANALYSIS: &str = "This server analyses no games; save the game's PGN (ssh HOST pgn and its number) and run catboard analyse at home.";

/// Why a game at a table is not analysed there.
pub(crate) const ANALYSED_ONCE_ARCHIVED: &str = "A game is analysed once it is archived: open it from the lobby's list of games (r, or m for yours) and press a.";

/// Why the server gives no best lines: its cores are the players'.
pub(crate) const NO_LINES: &str = "The server searches no position for its best lines; a analyses a whole finished game, and catboard at home shows best lines.";

/// Everything a connection's task needs to start.
pub struct Start {
    /// The connection's number, for the log and the tables.
    pub id: u64,
    /// Who logged in.
    pub login: Login,
    /// The client's window.
    pub size: (u32, u32),
    /// Where the session's news comes.
    pub mailbox: Arc<Mailbox>,
    /// The channel the screen is written to.
    pub out: ChannelWriteHalf<Msg>,
    /// Whether the line mode was asked for (`ssh host line`).
    pub lines: bool,
    /// Whether the client asked for a pty (its terminal sends keys).
    pub pty: bool,
}

/// What an archived game opened for review does not offer, and why.
pub static ARCHIVED_GAME: &[Refusal] = &[
    Refusal {
        action: Action::BestLines,
        why: NO_LINES,
    },
    Refusal {
        action: Action::Select,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::OpenPrompt,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::Undo,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::Redo,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::NewGame,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::Restart,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::Hint,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::PauseComputer,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::ComputerMove,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::AskResign,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::OfferDraw,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::ClaimWin,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
    Refusal {
        action: Action::Pass,
        why: "This game is from the archive, to look through only; q goes back to the lobby.",
    },
];

/// Where a connection is.
enum Place {
    /// Choosing a table.
    Lobby(Lobby),
    /// Filling in the setup form for a new table.
    Creating(Box<App>),
    /// At a table, playing a seat or watching.
    Seated(Box<Seated>),
    /// Looking through an archived game, the lobby to go back to, and
    /// the game's number.
    Archived(Box<App>, Lobby, u64),
    /// Solving puzzles, and the lobby to go back to.
    Puzzles(Box<crate::session::puzzles::PuzzleApp>, Lobby),
}

/// A connection at a table.
struct Seated {
    /// The connection's view of the game.
    app: App,
    /// The table's keeper, for this connection's player.
    keeper: TableKeeper,
}

/// The channel, and the box that says when the session is gone.
struct Link {
    out: ChannelWriteHalf<Msg>,
    mailbox: Arc<Mailbox>,
    /// Whether the client reads lines (no screen to give back).
    lines: AtomicBool,
}

impl Link {
    /// Sends `bytes`, waiting up to `deadline` for the client to take them.
    async fn send(&self, bytes: Vec<u8>, deadline: Duration) -> Result<(), Ending> {
        if bytes.is_empty() {
            return Ok(());
        }
        tokio::select! {
            sent = tokio::time::timeout(deadline, self.out.data_bytes(bytes)) => match sent {
                Ok(Ok(())) => Ok(()),
                Ok(Err(_)) => Err(Ending::Gone),
                Err(_) => Err(Ending::Unread),
            },
            () = self.mailbox.ended() => Err(Ending::Gone),
        }
    }

    /// Gives the client's terminal back, says `ending`'s sentence, sends
    /// its exit status and closes the channel.
    async fn farewell(&self, ending: &Ending) {
        let mut bytes = Vec::new();
        if self.lines.load(Ordering::Relaxed) {
            bytes.extend_from_slice(format!("{}\r\n", ending.sentence()).as_bytes());
        } else {
            screen::leave(&mut bytes, &ending.sentence());
        }
        if self.send(bytes, FAREWELL).await.is_err() {
            return;
        }
        let last_words = async {
            let _ = self.out.exit_status(ending.exit_status()).await;
            let _ = self.out.eof().await;
            let _ = self.out.close().await;
        };
        tokio::select! {
            _ = tokio::time::timeout(FAREWELL, last_words) => {}
            () = self.mailbox.ended() => {}
        }
    }
}

/// Runs `f` on a blocking thread (it may write to disk), with `shared`.
async fn blocking<T: Send + 'static>(
    shared: &Arc<Shared>,
    f: impl FnOnce(&Shared) -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    let shared = shared.clone();
    tokio::task::spawn_blocking(move || f(&shared))
        .await
        .unwrap_or_else(|e| Err(format!("The server could not do that just now ({e}).")))
}

/// Serves one connection from the start of its game to its end.
pub async fn run(shared: Arc<Shared>, start: Start) {
    let Start {
        id,
        login,
        size,
        mailbox,
        out,
        lines,
        pty,
    } = start;
    let table = parse_login(&login.user).1;
    // The login name `name+line` asks for the line mode (a client that
    // cannot send a command); a pty is what such a client has.
    // `name+reader` asks for the full screen's screen reader view.
    let (table, lines, reader) = match table {
        Some(t) if t == "line" => (None, true, false),
        Some(t) if t == "reader" => (None, lines, true),
        t => (t, lines, false),
    };
    let link = Link {
        out,
        mailbox: mailbox.clone(),
        lines: AtomicBool::new(lines),
    };
    let address = login.address.to_string();
    let source = log::Source {
        conn: id,
        address: &address,
    };
    let (ending, name) = match shared.admission.player() {
        None => (Ending::Full(shared.admission.most_players()), None),
        Some(_ticket) => {
            let clock = login_clock(&login.user);
            let found = blocking(&shared, move |s| s.who(&login)).await;
            match found {
                Err(why) => (Ending::Refused(why), None),
                Ok(who) => {
                    log::by(
                        &source,
                        format!("connection {id} is {} ({})", who.name, who.identity),
                    );
                    let name = who.name.clone();
                    shared.register(id, mailbox.clone());
                    let mut conn = Connection::new(shared.clone(), id, who, mailbox.clone());
                    conn.line = lines.then(|| lines::LineIo::new(pty));
                    conn.reader = reader;
                    let ending = conn.serve(&link, table.map(|t| (t, clock)), size).await;
                    conn.leave_table().await;
                    shared.leave_lobby(id);
                    shared.unregister(id);
                    (ending, Some(name))
                }
            }
        }
    };
    if ending.can_write() && !mailbox.is_gone() {
        link.farewell(&ending).await;
    }
    log::ended(
        &source,
        format!(
            "connection {id}{} ended: {}",
            name.map(|n| format!(" ({n})")).unwrap_or_default(),
            ending.sentence()
        ),
    );
    // The client closes the connection once the channel is closed; one
    // that does not is dropped.
    let _ = tokio::time::timeout(FAREWELL, mailbox.ended()).await;
    mailbox.kill();
}

/// The connection's state while it runs.
struct Connection {
    shared: Arc<Shared>,
    id: u64,
    who: Who,
    mailbox: Arc<Mailbox>,
    place: Place,
    /// The look every App of the connection asks for.
    choice: LookChoice,
    /// The colours and glyphs built from it, to draw with.
    look: Look,
    /// The lobby's tables as last taken.
    tables: Arc<Vec<TableSummary>>,
    /// The archive's lists as last taken, and the player's games.
    lists: Lists,
    /// What the lobby showed when last drawn.
    lobby_shown: Option<u64>,
    /// A frame is due.
    dirty: bool,
    quit: bool,
    /// The line mode's typing and output, when the connection reads lines.
    line: Option<lines::LineIo>,
    /// Whether tables and reviews are drawn in the screen reader view
    /// (the login form `name+reader`, or `S` in the lobby).
    reader: bool,
    /// What switches the client's terminal between the screen and lines,
    /// to send before anything else.
    switch: Option<Vec<u8>>,
    /// The analysis of the archived game looked through, while under way.
    analysis: Option<analysis::AnalysisUnderWay>,
}

impl Connection {
    fn new(shared: Arc<Shared>, id: u64, who: Who, mailbox: Arc<Mailbox>) -> Connection {
        let choice = LookChoice {
            theme: "classic".to_string(),
            depth: ColorDepth::Ansi256,
            glyphs: GlyphSet::Unicode,
        };
        // A built-in theme, never a file of the server's user: nothing to say.
        let (look, _) = Look::of(&choice, None);
        let tables = shared.summaries();
        let boards = shared.boards();
        Connection {
            shared,
            id,
            who,
            mailbox,
            place: Place::Lobby(Lobby::new()),
            choice,
            look,
            tables,
            lists: Lists {
                boards,
                mine: None,
                keys: None,
                puzzles: None,
            },
            lobby_shown: None,
            dirty: true,
            quit: false,
            line: None,
            reader: false,
            switch: None,
            analysis: None,
        }
    }

    /// Serves the screen until the connection must end, and says why;
    /// `table` is the table the login asked for, with its clock.
    async fn serve(
        &mut self,
        link: &Link,
        table: Option<(String, Result<Option<TimeControl>, String>)>,
        size: (u32, u32),
    ) -> Ending {
        let mut screen = Screen::new(size.0, size.1);
        let mut enter = Vec::new();
        if self.line.is_none() {
            screen::enter(&mut enter);
        }
        if let Err(ending) = link.send(enter, WRITE_DEADLINE).await {
            return ending;
        }
        self.shared.enter_lobby(self.id, self.mailbox.clone());
        if self.line.is_some() {
            self.greet_in_lines();
        }
        if let Some((name, clock)) = table {
            match clock {
                Ok(clock) => self.go_straight_to(&name, clock).await,
                Err(why) => self.lobby_note(why),
            }
        }
        let idle = self.shared.limits.idle;
        let mut decoder = KeyDecoder::new();
        let mut last_input = Instant::now();
        loop {
            if let Some(bytes) = self.switch.take() {
                link.lines.store(self.line.is_some(), Ordering::Relaxed);
                let area = screen.area();
                screen.resize(u32::from(area.width), u32::from(area.height));
                self.dirty = true;
                if let Err(ending) = link.send(bytes, WRITE_DEADLINE).await {
                    return ending;
                }
                if self.line.is_some() {
                    self.greet_in_lines();
                }
            }
            if let Some(io) = &mut self.line {
                self.dirty = false;
                let bytes = io.take();
                if let Err(ending) = link.send(bytes, WRITE_DEADLINE).await {
                    return ending;
                }
            } else if self.dirty {
                self.dirty = false;
                self.fit_lobby(screen.area());
                self.note_lobby_shown(screen.area());
                let bytes = screen.frame(|f| self.view(f));
                if let Err(ending) = link.send(bytes, WRITE_DEADLINE).await {
                    return ending;
                }
            }
            let mut wait = if decoder.is_waiting() {
                ESC_WAIT
            } else {
                idle.saturating_sub(last_input.elapsed())
            };
            let clock = self.clock_wake();
            if let Some(due) = clock {
                wait = wait.min(due);
            }
            let slept = Instant::now();
            tokio::select! {
                () = self.mailbox.wait() => {}
                () = tokio::time::sleep(wait) => {}
            }
            if clock.is_some_and(|due| slept.elapsed() >= due) {
                self.clock_tick();
            }
            let mail = self.mailbox.take();
            if let Some(ending) = mail.ending {
                return ending;
            }

            if let Some((width, height)) = mail.size {
                screen.resize(width, height);
                self.dirty = true;
            }
            if mail.table {
                self.follow();
            }
            for notice in mail.notices {
                self.notice(notice);
            }
            if !mail.analysis.is_empty() {
                self.analysis_news(mail.analysis);
            }
            // After the notices of the table it leaves.
            if let Some(name) = mail.go_to {
                self.go_to(&name).await;
            }
            self.check_seek(screen.area());
            if mail.lobby {
                self.tables = self.shared.summaries();
                let boards = self.shared.boards();
                if !Arc::ptr_eq(&boards, &self.lists.boards) {
                    self.lists.boards = boards;
                    // A game was archived: the player's list may have grown.
                    if matches!(&self.place, Place::Lobby(l) if l.page() == Page::Mine) {
                        self.read_my_games().await;
                    }
                }
                self.check_lobby(screen.area());
                self.note_tables(true);
            }
            if self.line.is_some() {
                self.note_seek();
                let typed = match &mut self.line {
                    Some(io) if !mail.input.is_empty() => {
                        last_input = Instant::now();
                        io.feed(&mail.input)
                    }
                    _ => Vec::new(),
                };
                for typing in typed {
                    self.line_typed(typing).await;
                    self.say_events();
                    self.lobby_said();
                    if self.quit {
                        return Ending::Quit;
                    }
                }
                self.say_events();
                self.lobby_said();
                if last_input.elapsed() >= idle {
                    return Ending::Idle(idle);
                }
                continue;
            }
            let decoded = if !mail.input.is_empty() {
                last_input = Instant::now();
                decoder.feed(&mail.input)
            } else if decoder.is_waiting() && last_input.elapsed() >= ESC_WAIT {
                decoder.flush()
            } else {
                Vec::new()
            };
            for incoming in decoded {
                let incoming = Incoming::from(incoming);
                if screen.too_large() && incoming == Incoming::Key(Key::Char('q')) {
                    return Ending::Quit;
                }
                self.input(incoming, screen.area()).await;
                if self.quit {
                    return Ending::Quit;
                }
            }
            if last_input.elapsed() >= idle {
                return Ending::Idle(idle);
            }
        }
    }

    /// The place fitted to what it shows now (the lobby to the tables,
    /// the lists and the screen's size; an App to the screen), before it
    /// is drawn: drawing changes nothing.
    fn fit_lobby(&mut self, area: Rect) {
        match &mut self.place {
            Place::Lobby(lobby) => lobby.fit(&self.tables, &self.lists, &self.who.name, area),
            Place::Creating(app) | Place::Archived(app, ..) => fit(app, &self.look, area),
            Place::Seated(seated) => fit(&mut seated.app, &self.look, area),
            Place::Puzzles(..) => {}
        }
    }

    /// Notes what the lobby about to be drawn at `area` shows, so a
    /// change to the lists redraws only what changed on this screen.
    fn note_lobby_shown(&mut self, area: Rect) {
        if let Place::Lobby(lobby) = &self.place {
            self.lobby_shown =
                Some(lobby.fingerprint(&self.tables, &self.lists, &self.who.name, area));
        }
    }

    /// Draws the place: changes nothing (what is noted of a frame is
    /// noted before it, by [`Connection::fit_lobby`] and
    /// [`Connection::note_lobby_shown`]).
    fn view(&self, frame: &mut Frame<'_>) {
        match &self.place {
            Place::Lobby(lobby) => lobby.view(&self.tables, &self.lists, &self.who.name, frame),
            Place::Creating(app) | Place::Archived(app, ..) => view(app, &self.look, frame),
            Place::Seated(seated) => view(&seated.app, &self.look, frame),
            Place::Puzzles(app, _) => crate::ui::view::puzzle::draw(app, &self.look, frame),
        }
    }

    /// How long until the clock shown at the table changes (a timed game
    /// under way), or until the wait for a quick game needs redrawing.
    fn clock_wake(&self) -> Option<Duration> {
        match &self.place {
            Place::Seated(seated) => seated.app.clock_wake(true),
            Place::Lobby(lobby) if lobby.seeking().is_some() => Some(Duration::from_secs(1)),
            _ => None,
        }
    }

    /// The clock shown is due to change: the App reads the time again.
    fn clock_tick(&mut self) {
        if let Place::Seated(seated) = &mut self.place {
            let _ = update(&mut seated.app, Action::Tick);
            self.dirty = true;
        }
    }

    /// The wait for a quick game, as the lobby shows it: a frame is due
    /// when what it shows changed.
    fn check_seek(&mut self, area: Rect) {
        if let Place::Lobby(lobby) = &mut self.place {
            let now = self.shared.seek_status(self.id);
            if now.is_some() || lobby.seeking().is_some() {
                lobby.heard(Heard::Wait(now));
                self.check_lobby(area);
            }
        }
    }

    /// The hub has a seat for this connection at table `name` (a quick
    /// game paired, a rematch made): it leaves where it is and sits there.
    async fn go_to(&mut self, name: &str) {
        if let Place::Seated(seated) = &self.place
            && seated.keeper.table() == name
        {
            return;
        }
        self.leave_table().await;
        self.join(name, true, None).await;
    }

    /// Reads the player's games from the archive anew (a guest has none kept).
    async fn read_my_games(&mut self) {
        if self.who.guest {
            self.lists.mine = None;
            return;
        }
        let identity = self.who.identity.clone();
        match blocking(&self.shared, move |s| s.games_of(&identity)).await {
            Ok(games) => self.lists.mine = Some(games),
            Err(e) => {
                if let Place::Lobby(lobby) = &mut self.place {
                    lobby.heard(Heard::Note(format!("Your games could not be read: {e}")));
                }
            }
        }
        self.dirty = true;
    }

    /// Reads the account's keys anew (a guest has none kept).
    async fn read_my_keys(&mut self) {
        let who = self.who.clone();
        let read = blocking(&self.shared, move |s| s.keys_of(&who)).await;
        self.lists.keys = None;
        match (read, &self.who.key) {
            (Ok(listed), Some(connected)) => {
                self.lists.keys = Some(Keys {
                    listed,
                    connected: connected.clone(),
                });
            }
            (Ok(_), None) => {}
            (Err(e), _) => {
                if !self.who.guest
                    && let Place::Lobby(lobby) = &mut self.place
                {
                    lobby.heard(Heard::Note(e));
                }
            }
        }
        self.dirty = true;
    }

    /// The lobby's list changed: a frame is due when what this screen
    /// shows of it changed.
    fn check_lobby(&mut self, area: Rect) {
        self.fit_lobby(area);
        if let Place::Lobby(lobby) = &self.place {
            let now = lobby.fingerprint(&self.tables, &self.lists, &self.who.name, area);
            if self.lobby_shown != Some(now) {
                self.dirty = true;
            }
        }
    }

    /// The login name asked for table `name`: joined, or made (a chess
    /// table for two people, with `clock` when the login gave one) when
    /// there is none.
    async fn go_straight_to(&mut self, name: &str, clock: Option<TimeControl>) {
        if !self.shared.exists(name) {
            let spec = TableSpec {
                variant: Variant::Chess,
                options: catboard::core::Options::new(),
                position: None,
                players: vec![Player::Human; 2],
                time: clock,
            };
            let (table, who) = (name.to_string(), self.who.clone());
            let think_ms = self.shared.limits.think_ms;
            let made = blocking(&self.shared, move |s| {
                let game = TableGame::new(&spec).map_err(|e| e.to_string())?;
                s.create(&table, game, &who, think_ms)
            })
            .await;
            if let Err(e) = made {
                self.lobby_note(e);
                return;
            }
        }
        self.join(name, true, None).await;
    }

    /// Takes a seat at table `name` (when `play` and one is free or kept)
    /// or watches it.
    async fn join(&mut self, name: &str, play: bool, preferred: Option<usize>) {
        let (table, conn, who, mailbox) = (
            name.to_string(),
            self.id,
            self.who.clone(),
            self.mailbox.clone(),
        );
        let joined = blocking(&self.shared, move |s| {
            s.join(&table, conn, &who, mailbox, play, preferred)
        })
        .await;
        let joined = match joined {
            Ok(joined) => joined,
            Err(e) => return self.lobby_note(e),
        };
        let seats = joined.table.game().seat_names();
        let near = joined.seat.unwrap_or(0);
        let mut playing = Playing::new(joined.table, near, None);
        playing.people = joined.people;
        playing.own_seat = joined.seat.map(|s| Seat(s as u8));
        let mut app = App::new(
            AppScreen::Playing(Box::new(playing)),
            None,
            self.choice.clone(),
        );
        app.refused = SHARED_TABLE;
        self.choose_view(&mut app);
        if self.line.is_some() {
            Connection::speak_in_lines(&mut app, lines::LINE_TABLE);
        }
        app.kept_elsewhere = true;
        // The App marks a computer seat as thinking; the search it asks
        // for is not started: the table's computers think on the server.
        let _ = app.engage();
        let role = match joined.seat {
            Some(seat) => format!(
                "You play {} at table {name}.",
                capitalise(seats.get(seat).copied().unwrap_or("?"))
            ),
            None => format!("You are watching table {name}."),
        };
        let role = format!("{role} {}.", joined.seats.join(", "));
        let _ = update(
            &mut app,
            Action::Told {
                text: role,
                error: false,
            },
        );
        let keeper = TableKeeper::new(self.shared.clone(), name, self.id, self.who.clone());
        let mut seated = Seated { app, keeper };
        // A draw offered before this connection came is asked now.
        seated.follow();
        self.set_place(Place::Seated(Box::new(seated)));
        if self.line.is_some() {
            self.introduce();
        }
    }

    /// Opens archived game `id` to look through, read-only, in the App's
    /// review from its first position; `lobby` is where q goes back to.
    async fn review(&mut self, id: u64, lobby: Lobby) {
        let found = blocking(&self.shared, move |s| s.archived_table(id)).await;
        let (table, people, title) = match found {
            Ok(found) => found,
            Err(e) => {
                let mut lobby = lobby;
                lobby.heard(Heard::Note(e));
                return self.set_place(Place::Lobby(lobby));
            }
        };
        let mut playing = Playing::new(table, 0, None);
        playing.people = people;
        let title = if self.line.is_some() {
            format!("{title}.")
        } else {
            format!(
                "{title}. Left and Right step through the moves, Esc shows the end, q goes back."
            )
        };
        let mut app = App::looking_through(playing, self.choice.clone(), ARCHIVED_GAME, &title);
        self.choose_view(&mut app);
        if self.line.is_some() {
            Connection::speak_in_lines(&mut app, lines::LINE_ARCHIVE);
        }
        app.analysis_budget = self.shared.limits.analysis_budget();
        self.set_place(Place::Archived(Box::new(app), lobby, id));
        if self.line.is_some() {
            self.introduce();
        }
    }

    /// Draws `app` in the screen reader view, in words, when the player
    /// asked for it.
    fn choose_view(&self, app: &mut App) {
        if self.reader {
            app.reader = true;
            app.voice = crate::session::SpeechChoice {
                reader: true,
                ..Default::default()
            }
            .screen_voice();
        }
    }

    /// Goes to `place`; the lobby hears of every change to the tables.
    fn set_place(&mut self, place: Place) {
        // An analysis under way is of the game left: it stops, and what
        // it did is kept.
        self.analysis = None;
        match place {
            Place::Lobby(_) => {
                self.shared.enter_lobby(self.id, self.mailbox.clone());
                self.tables = self.shared.summaries();
            }
            _ => self.shared.leave_lobby(self.id),
        }
        self.place = place;
        self.dirty = true;
    }

    /// Back to the lobby, saying `note`.
    fn lobby_note(&mut self, note: String) {
        let mut lobby = Lobby::new();
        lobby.heard(Heard::Note(note));
        self.set_place(Place::Lobby(lobby));
    }

    async fn leave_table(&mut self) {
        if let Place::Seated(seated) = &self.place {
            let (table, conn, who) = (seated.keeper.table().to_string(), self.id, self.who.clone());
            let _ = blocking(&self.shared, move |s| {
                s.leave(&table, conn, &who);
                Ok(())
            })
            .await;
        }
    }

    async fn input(&mut self, incoming: Incoming, area: Rect) {
        self.dirty = true;
        match &mut self.place {
            Place::Lobby(lobby) => {
                let Incoming::Key(key) = incoming else {
                    return;
                };
                match lobby.key(key, &self.tables, area) {
                    Choice::Stay => {}
                    Choice::Mine => self.read_my_games().await,
                    Choice::Keys => self.read_my_keys().await,
                    Choice::Puzzles => self.read_puzzle_standings().await,
                    Choice::Solve(variant) => {
                        let lobby = std::mem::take(lobby);
                        self.start_puzzles(variant, lobby).await;
                    }
                    Choice::RemoveKey(key) => {
                        let who = self.who.clone();
                        let said = blocking(&self.shared, move |s| s.remove_key(&who, &key)).await;
                        self.read_my_keys().await;
                        if let Place::Lobby(lobby) = &mut self.place {
                            lobby.heard(Heard::Note(said.unwrap_or_else(|e| e)));
                        }
                    }
                    Choice::AddKey => {
                        lobby.heard(Heard::Note(match self.shared.link_code(&self.who) {
                            Ok(code) => format!(
                                "Add a key: within 10 minutes, connect with it as ssh {}{code}@this-server",
                                super::hub::LINK_PREFIX
                            ),
                            Err(e) => e,
                        }));
                    }
                    Choice::Quit => self.quit = true,
                    Choice::Reader => {
                        self.reader = !self.reader;
                        lobby.heard(Heard::Note(reader_note(self.reader).to_string()));
                    }
                    Choice::Lines => {
                        let mut leave = Vec::new();
                        let _ = crate::ui::terminal::leave_screen(&mut leave);
                        self.line = Some(lines::LineIo::new(true));
                        self.switch = Some(leave);
                    }
                    Choice::Join(name) => self.join(&name, true, None).await,
                    Choice::Watch(name) => self.join(&name, false, None).await,
                    Choice::Review(id) => {
                        let lobby = std::mem::take(lobby);
                        self.review(id, lobby).await;
                    }
                    Choice::Analyse(id) => {
                        let lobby = std::mem::take(lobby);
                        self.review(id, lobby).await;
                        self.archived_act(Action::Analyse);
                    }
                    Choice::Seek(variant, control) => {
                        let (conn, who, mailbox) =
                            (self.id, self.who.clone(), self.mailbox.clone());
                        let sought = blocking(&self.shared, move |s| {
                            s.seek(conn, &who, mailbox, variant, control)
                        })
                        .await;
                        if let Place::Lobby(lobby) = &mut self.place {
                            if let Err(e) = sought {
                                lobby.heard(Heard::Note(e));
                            }
                            lobby.heard(Heard::Wait(self.shared.seek_status(self.id)));
                        }
                    }
                    Choice::CancelSeek => {
                        self.shared.cancel_seek(self.id);
                        lobby.heard(Heard::Wait(None));
                    }
                    Choice::PlayComputer(variant, control) => {
                        let (conn, who, mailbox) =
                            (self.id, self.who.clone(), self.mailbox.clone());
                        let made = blocking(&self.shared, move |s| {
                            s.quick_computer(conn, &who, mailbox, variant, control)
                        })
                        .await;
                        match made {
                            Ok(name) => self.join(&name, true, None).await,
                            Err(e) => self.lobby_note(e),
                        }
                    }
                    Choice::Create => {
                        let mut setup = Setup::new(None);
                        setup.think_ms = self.shared.limits.think_ms;
                        let mut app = App::new(AppScreen::Setup(setup), None, self.choice.clone());
                        self.choose_view(&mut app);
                        self.set_place(Place::Creating(Box::new(app)));
                    }
                }
            }
            Place::Creating(app) => {
                if let Some(action) = action_of(app, incoming) {
                    update(app, action);
                }
                if app.quit {
                    self.set_place(Place::Lobby(Lobby::new()));
                } else if let AppScreen::Playing(p) = &app.screen {
                    let table = p.table.clone();
                    let near = p.near_side();
                    let think_ms = app.think_ms;
                    self.create(table, near, think_ms).await;
                }
            }
            Place::Seated(seated) => {
                let Some(action) = action_of(&seated.app, incoming) else {
                    return;
                };
                if matches!(action, Action::Quit | Action::Hangup) {
                    self.leave_table().await;
                    self.set_place(Place::Lobby(Lobby::new()));
                    return;
                }
                seated.act(action).await;
            }
            Place::Archived(app, lobby, _) => {
                let Some(action) = action_of(app, incoming) else {
                    return;
                };
                if matches!(action, Action::Quit | Action::Hangup) {
                    let lobby = std::mem::take(lobby);
                    self.set_place(Place::Lobby(lobby));
                    return;
                }
                self.archived_act(action);
            }
            Place::Puzzles(..) => self.puzzle_input(incoming).await,
        }
    }

    /// Makes a table for the game the setup form describes, its Master
    /// thinking `think_ms`, and sits at seat `near` (or the first free one).
    async fn create(&mut self, table: TableGame, near: usize, think_ms: u64) {
        let base = self.who.name.clone();
        let name = (1..)
            .map(|n| format!("{base}-{n}"))
            .find(|n| !self.shared.exists(n))
            .unwrap_or(base);
        let (made, who) = (name.clone(), self.who.clone());
        let created = blocking(&self.shared, move |s| {
            s.create(&made, table, &who, think_ms)
        })
        .await;
        match created {
            Ok(()) => self.join(&name, true, Some(near)).await,
            Err(e) => self.lobby_note(e),
        }
    }

    /// The table changed: the App follows it.
    fn follow(&mut self) {
        if let Place::Seated(seated) = &mut self.place {
            seated.follow();
            self.dirty = true;
        }
    }

    /// Says `notice` at the table (in the lobby, as its note).
    fn notice(&mut self, notice: Notice) {
        if let Place::Lobby(lobby) = &mut self.place {
            lobby.heard(Heard::Note(notice.text));
            self.dirty = true;
            return;
        }
        if let Place::Seated(seated) = &mut self.place {
            let told = Action::Told {
                text: notice.text,
                error: notice.error,
            };
            let _ = update(&mut seated.app, told);
            self.dirty = true;
        }
    }
}

impl Seated {
    /// Applies `action` to the App; what it asks of the game goes to the
    /// table's keeper, whose answer the App folds in before it follows
    /// the record as kept.
    async fn act(&mut self, action: Action) {
        let effects = update(&mut self.app, action);
        for effect in effects {
            // The App of a table kept by the hub only asks: saves and
            // searches are the hub's.
            let Effect::Ask(intent) = effect else {
                continue;
            };
            let mut keeper = self.keeper.clone();
            let asked = intent.clone();
            let answer = tokio::task::spawn_blocking(move || keeper.ask(asked))
                .await
                .unwrap_or_else(|e| {
                    Answer::Refused(format!("The server could not do that just now ({e})."))
                });
            let _ = update(&mut self.app, Action::Answered(intent, answer));
            self.follow();
        }
    }

    /// The App follows the table's record as the hub keeps it now.
    fn follow(&mut self) {
        if let Some(now) = self.keeper.record() {
            let _ = update(&mut self.app, Action::Kept(Box::new(now)));
        }
    }
}

/// What the lobby says when `S` turns the screen reader view on or off.
fn reader_note(on: bool) -> &'static str {
    if on {
        "The screen reader view is on: boards are drawn still, with the cursor on the sentence of its cell."
    } else {
        "The screen reader view is off."
    }
}
