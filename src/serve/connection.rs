//! One connection's screen, as a task on the server's runtime: the lobby,
//! the setup form for a new table, or a table. At a table the connection
//! has its own [`App`] (cursor, orientation from its seat, overlays) over
//! a copy of the shared game: a move the App plays is sent to the table,
//! which checks and keeps it and tells every viewer, and each viewer's App
//! then follows the table's game.
//!
//! The task sleeps on its [`Mailbox`] and, when woken, takes everything
//! that came, acts on it and draws one frame. It writes one frame at a
//! time and waits for the client to take it: while it waits nothing
//! piles up (the mailbox coalesces), the next frame covers everything
//! that changed meanwhile, and a client that takes nothing for
//! [`WRITE_DEADLINE`] is closed. When the connection ends for any reason
//! the client's terminal is given back, told why in one line, and given
//! an exit status.

use super::hub::{Shared, TableSummary};
use super::identity::{Login, Who, parse_login};
use super::limits::WRITE_DEADLINE;
use super::lobby::{Choice, Lists, Lobby, Page};
use super::log;
use super::mailbox::{Ending, Mailbox, Notice};
use super::screen::{self, Screen};
use crate::session::action::Action;
use crate::session::action_of;
use crate::session::app::{App, Playing, Screen as AppScreen, update};
use crate::session::describe::{self, Event, EventKind};
use crate::session::input::Incoming;
use crate::session::key_decoder::KeyDecoder;
use crate::session::keymap::{Key, Refusal};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::setup_form::Setup;
use crate::session::speech::Voice;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::words::capitalise;
use crate::ui::view::{Look, view};
use catboard::core::Game;
use catboard::variants::Variant;
use ratatui::Frame;
use ratatui::layout::Rect;
use russh::ChannelWriteHalf;
use russh::server::Msg;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a lone Esc waits for the rest of an arrow key's sequence.
const ESC_WAIT: Duration = Duration::from_millis(30);

/// How long the last words to a client may take to send.
const FAREWELL: Duration = Duration::from_secs(5);

/// What a shared table does not offer, and why.
pub static SHARED_TABLE: &[Refusal] = &[
    Refusal {
        action: Action::Undo,
        why: "Moves cannot be taken back at a shared table.",
    },
    Refusal {
        action: Action::Redo,
        why: "Moves cannot be taken back at a shared table.",
    },
    Refusal {
        action: Action::NewGame,
        why: "A shared table plays one game; press q for the lobby to start another.",
    },
    Refusal {
        action: Action::Restart,
        why: "A shared table plays one game; press q for the lobby to start another.",
    },
    Refusal {
        action: Action::Hint,
        why: "There are no hints at a shared table.",
    },
    Refusal {
        action: Action::PauseComputer,
        why: "The computers at a shared table cannot be paused.",
    },
    Refusal {
        action: Action::ComputerMove,
        why: "At a shared table the computer plays only its own seats.",
    },
];

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
}

/// Where a connection is.
enum Place {
    /// Choosing a table.
    Lobby(Lobby),
    /// Filling in the setup form for a new table.
    Creating(Box<App>),
    /// At a table, playing a seat or watching.
    Seated(Box<Seated>),
}

/// A connection at a table.
struct Seated {
    /// The table's name.
    name: String,
    /// The connection's view of the game.
    app: App,
}

/// The channel, and the box that says when the session is gone.
struct Link {
    out: ChannelWriteHalf<Msg>,
    mailbox: Arc<Mailbox>,
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
        screen::leave(&mut bytes, &ending.sentence());
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
    } = start;
    let link = Link {
        out,
        mailbox: mailbox.clone(),
    };
    let (ending, name) = match shared.admission.player() {
        None => (Ending::Full(shared.admission.most_players()), None),
        Some(_ticket) => {
            let table = parse_login(&login.user).1;
            let found = blocking(&shared, move |s| s.who(&login)).await;
            match found {
                Err(why) => (Ending::Refused(why), None),
                Ok(who) => {
                    log::event(format!(
                        "connection {id} is {} ({})",
                        who.name, who.identity
                    ));
                    let name = who.name.clone();
                    shared.register(id, mailbox.clone());
                    let mut conn = Connection::new(shared.clone(), id, who, mailbox.clone());
                    let ending = conn.serve(&link, table, size).await;
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
    log::event(format!(
        "connection {id}{} ended: {}",
        name.map(|n| format!(" ({n})")).unwrap_or_default(),
        ending.sentence()
    ));
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
            lists: Lists { boards, mine: None },
            lobby_shown: None,
            dirty: true,
            quit: false,
        }
    }

    /// Serves the screen until the connection must end, and says why.
    async fn serve(&mut self, link: &Link, table: Option<String>, size: (u32, u32)) -> Ending {
        let mut screen = Screen::new(size.0, size.1);
        let mut enter = Vec::new();
        screen::enter(&mut enter);
        if let Err(ending) = link.send(enter, WRITE_DEADLINE).await {
            return ending;
        }
        self.shared.enter_lobby(self.id, self.mailbox.clone());
        if let Some(name) = table {
            self.go_straight_to(&name).await;
        }
        let idle = self.shared.limits.idle;
        let mut decoder = KeyDecoder::new();
        let mut last_input = Instant::now();
        loop {
            if self.dirty {
                self.dirty = false;
                let bytes = screen.frame(|f| self.view(f));
                if let Err(ending) = link.send(bytes, WRITE_DEADLINE).await {
                    return ending;
                }
            }
            let wait = if decoder.is_waiting() {
                ESC_WAIT
            } else {
                idle.saturating_sub(last_input.elapsed())
            };
            tokio::select! {
                () = self.mailbox.wait() => {}
                () = tokio::time::sleep(wait) => {}
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

    fn view(&mut self, frame: &mut Frame) {
        match &mut self.place {
            Place::Lobby(lobby) => {
                self.lobby_shown = Some(lobby.fingerprint(
                    &self.tables,
                    &self.lists,
                    &self.who.name,
                    frame.area(),
                ));
                lobby.view(&self.tables, &self.lists, &self.who.name, frame);
            }
            Place::Creating(app) => view(app, &self.look, frame),
            Place::Seated(seated) => view(&seated.app, &self.look, frame),
        }
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
                    lobby.note = Some(format!("Your games could not be read: {e}"));
                }
            }
        }
        self.dirty = true;
    }

    /// The lobby's list changed: a frame is due when what this screen
    /// shows of it changed.
    fn check_lobby(&mut self, area: Rect) {
        if let Place::Lobby(lobby) = &mut self.place {
            let now = lobby.fingerprint(&self.tables, &self.lists, &self.who.name, area);
            if self.lobby_shown != Some(now) {
                self.dirty = true;
            }
        }
    }

    /// The login name asked for table `name`: joined, or made (a chess
    /// table for two people) when there is none.
    async fn go_straight_to(&mut self, name: &str) {
        if !self.shared.exists(name) {
            let spec = TableSpec {
                variant: Variant::Chess,
                options: catboard::core::Options::new(),
                position: None,
                players: vec![Player::Human; 2],
                time: None,
            };
            let (table, who) = (name.to_string(), self.who.clone());
            let think_ms = self.shared.limits.think_ms;
            let made = blocking(&self.shared, move |s| {
                let game = TableGame::new(&spec)?;
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
        let mut app = App::new(
            AppScreen::Playing(Box::new(playing)),
            None,
            self.choice.clone(),
        );
        app.refused = SHARED_TABLE;
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
        app.emit(Event::new(EventKind::Info, role));
        self.set_place(Place::Seated(Box::new(Seated {
            name: name.to_string(),
            app,
        })));
    }

    /// Goes to `place`; the lobby hears of every change to the tables.
    fn set_place(&mut self, place: Place) {
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
        lobby.note = Some(note);
        self.set_place(Place::Lobby(lobby));
    }

    async fn leave_table(&mut self) {
        if let Place::Seated(seated) = &self.place {
            let (table, conn, who) = (seated.name.clone(), self.id, self.who.clone());
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
                    Choice::AddKey => {
                        lobby.note = Some(match self.shared.link_code(&self.who) {
                            Ok(code) => format!(
                                "Add a key: within 10 minutes, connect with it as ssh {}{code}@this-server",
                                super::hub::LINK_PREFIX
                            ),
                            Err(e) => e,
                        });
                    }
                    Choice::Quit => self.quit = true,
                    Choice::Join(name) => self.join(&name, true, None).await,
                    Choice::Watch(name) => self.join(&name, false, None).await,
                    Choice::Create => {
                        let mut setup = Setup::new(None);
                        setup.think_ms = self.shared.limits.think_ms;
                        let app = App::new(AppScreen::Setup(setup), None, self.choice.clone());
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
                seated.act(&self.shared, self.id, action).await;
            }
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
        if let Place::Seated(seated) = &mut self.place
            && let Some((table, people)) = self.shared.table(&seated.name)
        {
            seated.follow(table, people);
            self.dirty = true;
        }
    }

    /// Says `notice` at the table.
    fn notice(&mut self, notice: Notice) {
        if let Place::Seated(seated) = &mut self.place {
            let kind = if notice.error {
                EventKind::Error
            } else {
                EventKind::Info
            };
            seated.app.begin_step();
            seated.app.emit(Event::new(kind, notice.text));
            self.dirty = true;
        }
    }
}

impl Seated {
    /// Applies `action` to the App; a move it plays is sent to the table,
    /// and a refusal puts the table's game back.
    async fn act(&mut self, shared: &Arc<Shared>, conn: u64, action: Action) {
        let before = self.ply();
        // The effects are dropped: the App has nowhere to save, and the
        // searches it asks for are the table's to run.
        let _ = update(&mut self.app, action);
        let after = self.ply();
        if after == before {
            return;
        }
        let played = match &self.app.screen {
            AppScreen::Playing(p) if after == before + 1 => p.table.last_move(),
            _ => None,
        };
        let refused = match played {
            Some(mv) => {
                let name = self.name.clone();
                blocking(shared, move |s| s.play(&name, conn, mv))
                    .await
                    .err()
            }
            None => Some("That cannot be done at a shared table.".to_string()),
        };
        if let Some(why) = refused {
            if let Some((table, people)) = shared.table(&self.name) {
                self.set_table(table, people);
            }
            self.app.emit(Event::new(EventKind::Error, why));
        }
    }

    fn ply(&self) -> usize {
        match &self.app.screen {
            AppScreen::Playing(p) => p.table.ply(),
            AppScreen::Setup(_) => 0,
        }
    }

    /// Puts `table` in the App without a word.
    fn set_table(&mut self, table: TableGame, people: Vec<Option<String>>) {
        if let AppScreen::Playing(p) = &mut self.app.screen {
            p.table = table;
            p.people = people;
            let _ = update(&mut self.app, Action::Resize);
        }
    }

    /// The table's game is now `table`: the App shows it, saying the move
    /// that came and the result.
    fn follow(&mut self, table: TableGame, people: Vec<Option<String>>) {
        let AppScreen::Playing(p) = &mut self.app.screen else {
            return;
        };
        p.people = people;
        let same = p.table.ply() == table.ply() && p.table.game().hash() == table.game().hash();
        if same {
            return;
        }
        let said = table
            .last_move()
            .filter(|_| table.ply() == p.table.ply() + 1)
            .map(|mv| describe::move_played(p.table.game(), Voice::SCREEN, mv));
        p.table = table;
        let check = describe::check(p.table.game());
        let result = p.table.outcome().map(|o| describe::result(&p.table, o));
        // An action that changes nothing, so the App sees who is to move
        // now (a computer seat thinking, or not); the sentences below are
        // its step.
        let _ = update(&mut self.app, Action::Resize);
        for (kind, text) in [
            (EventKind::Move, said),
            (EventKind::Check, check),
            (EventKind::Result, result),
        ] {
            if let Some(text) = text {
                self.app.emit(Event::new(kind, text));
            }
        }
    }
}
