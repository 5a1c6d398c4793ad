//! One connection's screen, on its own thread: the lobby, the setup form
//! for a new table, or a table. At a table the connection has its own
//! [`App`] (cursor, orientation from its seat, overlays) over a copy of
//! the shared game: a move the App plays is sent to the table, which
//! checks it and tells every viewer, and each viewer's App then follows
//! the table's game.

use super::channel::{self, ChannelWriter, Out, SshScreen};
use super::event::ConnEvent;
use super::hub::Shared;
use super::identity::Who;
use super::lobby::{Choice, Lobby};
use super::log;
use crate::session::action::Action;
use crate::session::action_of;
use crate::session::app::{App, Playing, Screen, update};
use crate::session::describe::{self, Event, EventKind};
use crate::session::speech::Voice;
use crate::session::input::Incoming;
use crate::session::key_decoder::KeyDecoder;
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::setup_form::Setup;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::words::capitalise;
use crate::ui::terminal::{enter_screen, leave_screen};
use crate::ui::view::{Look, draw};
use catboard::core::Game;
use catboard::variants::Variant;
use ratatui::layout::Rect;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

/// How long a lone Esc waits for the rest of an arrow key's sequence.
const ESC_WAIT: Duration = Duration::from_millis(30);

/// How long the thread sleeps when nothing comes (it wakes for events).
const IDLE_WAIT: Duration = Duration::from_secs(3600);

/// A connection's stack: the screen is drawn here, nothing deep.
const STACK_BYTES: usize = 512 * 1024;

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

/// Everything a connection's thread needs to start.
pub struct Start {
    /// The connection's number, for the log and the tables.
    pub id: u64,
    /// Who is connected.
    pub who: Who,
    /// The table asked for in the login name.
    pub table: Option<String>,
    /// The client's window.
    pub size: Rect,
    /// Where the screen's bytes go.
    pub out: UnboundedSender<Out>,
    /// Where events come from.
    pub rx: Receiver<ConnEvent>,
    /// Where the tables send their events.
    pub tx: Sender<ConnEvent>,
}

/// Starts the connection's thread.
pub fn spawn(shared: Arc<Shared>, start: Start) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(format!("conn-{}", start.id))
        .stack_size(STACK_BYTES)
        .spawn(move || run(&shared, start))
        .map(|_| ())
}

/// The connection's state while it runs.
struct Connection<'a> {
    shared: &'a Arc<Shared>,
    id: u64,
    who: Who,
    tx: Sender<ConnEvent>,
    place: Place,
    /// The look every App of the connection asks for.
    choice: LookChoice,
    /// The colours and glyphs built from it, to draw with.
    look: Look,
    quit: bool,
}

fn run(shared: &Arc<Shared>, start: Start) {
    let Start {
        id,
        who,
        table,
        size,
        out,
        rx,
        tx,
    } = start;
    let mut writer = ChannelWriter::new(out.clone());
    if enter_screen(&mut writer).is_err() {
        return;
    }
    let Ok(mut screen) = channel::screen(writer, size) else {
        let _ = out.send(Out::Close);
        return;
    };
    let choice = LookChoice {
        theme: "classic".to_string(),
        depth: ColorDepth::Ansi256,
        glyphs: GlyphSet::Unicode,
    };
    // A built-in theme, never a file of the server's user: nothing to say.
    let (look, _) = Look::of(&choice, None);
    let mut conn = Connection {
        shared,
        id,
        who,
        tx,
        place: Place::Lobby(Lobby::new()),
        choice,
        look,
        quit: false,
    };
    shared.enter_lobby(id, conn.tx.clone());
    if let Some(name) = table {
        conn.go_straight_to(&name);
    }
    let mut decoder = KeyDecoder::new();
    while !conn.quit && conn.draw(&mut screen).is_ok() {
        let wait = if decoder.is_waiting() {
            ESC_WAIT
        } else {
            IDLE_WAIT
        };
        let decoded = match rx.recv_timeout(wait) {
            Ok(ConnEvent::Input(bytes)) => decoder.feed(&bytes),
            Ok(ConnEvent::Resize(area)) => {
                if screen.resize(area).is_err() {
                    break;
                }
                Vec::new()
            }
            Ok(ConnEvent::TableChanged) => {
                conn.follow();
                Vec::new()
            }
            Ok(ConnEvent::Close) | Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => decoder.flush(),
        };
        for incoming in decoded {
            conn.input(Incoming::from(incoming));
            if conn.quit {
                break;
            }
        }
    }
    conn.leave_table();
    shared.leave_lobby(id);
    // Shown here, so that dropping the screen writes nothing more.
    let _ = screen.show_cursor();
    let _ = leave_screen(screen.backend_mut());
    drop(screen);
    let _ = out.send(Out::Close);
    log::event(format!("connection {id} ({}) ended", conn.who.name));
}

impl Connection<'_> {
    fn draw(&mut self, screen: &mut SshScreen) -> std::io::Result<()> {
        match &self.place {
            Place::Lobby(lobby) => {
                let tables = self.shared.summaries();
                screen
                    .draw(|f| lobby.view(&tables, &self.who.name, f))
                    .map(|_| ())
            }
            Place::Creating(app) => draw(screen, app, &self.look),
            Place::Seated(seated) => draw(screen, &seated.app, &self.look),
        }
    }

    /// The login name asked for table `name`: joined, or made (a chess
    /// table for two people) when there is none.
    fn go_straight_to(&mut self, name: &str) {
        if !self.shared.exists(name) {
            let spec = TableSpec {
                variant: Variant::Chess,
                options: catboard::core::Options::new(),
                position: None,
                players: vec![Player::Human; 2],
            };
            let made = TableGame::new(&spec).and_then(|t| self.shared.create(name, t, &self.who));
            if let Err(e) = made {
                self.lobby_note(e);
                return;
            }
        }
        self.join(name, true, None);
    }

    /// Takes a seat at table `name` (when `play` and one is free or kept)
    /// or watches it.
    fn join(&mut self, name: &str, play: bool, preferred: Option<usize>) {
        let joined = self
            .shared
            .join(name, self.id, &self.who, self.tx.clone(), play, preferred);
        let joined = match joined {
            Ok(joined) => joined,
            Err(e) => return self.lobby_note(e),
        };
        let seats = joined.table.game().seat_names();
        let near = joined.seat.unwrap_or(0);
        let playing = Playing::new(joined.table, near, None);
        let mut app = App::new(
            Screen::Playing(Box::new(playing)),
            None,
            self.choice.clone(),
        );
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
            Place::Lobby(_) => self.shared.enter_lobby(self.id, self.tx.clone()),
            _ => self.shared.leave_lobby(self.id),
        }
        self.place = place;
    }

    /// Back to the lobby, saying `note`.
    fn lobby_note(&mut self, note: String) {
        let mut lobby = Lobby::new();
        lobby.note = Some(note);
        self.set_place(Place::Lobby(lobby));
    }

    fn leave_table(&mut self) {
        if let Place::Seated(seated) = &self.place {
            self.shared.leave(&seated.name, self.id, &self.who);
        }
    }

    fn input(&mut self, incoming: Incoming) {
        match &mut self.place {
            Place::Lobby(lobby) => {
                let Incoming::Key(key) = incoming else {
                    return;
                };
                let tables = self.shared.summaries();
                match lobby.key(key, &tables) {
                    Choice::Stay => {}
                    Choice::Quit => self.quit = true,
                    Choice::Join(name) => self.join(&name, true, None),
                    Choice::Watch(name) => self.join(&name, false, None),
                    Choice::Create => {
                        let mut setup = Setup::new(None);
                        setup.think_ms = self.shared.think_ms;
                        let app = App::new(Screen::Setup(setup), None, self.choice.clone());
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
                } else if let Screen::Playing(p) = &app.screen {
                    let table = p.table.clone();
                    let near = p.near_side();
                    self.create(table, near);
                }
            }
            Place::Seated(seated) => {
                let Some(action) = action_of(&seated.app, incoming) else {
                    return;
                };
                if matches!(action, Action::Quit | Action::Hangup) {
                    self.leave_table();
                    self.set_place(Place::Lobby(Lobby::new()));
                    return;
                }
                seated.act(self.shared, self.id, action);
            }
        }
    }

    /// Makes a table for the game the setup form describes and sits at
    /// seat `near` (or the first free one).
    fn create(&mut self, table: TableGame, near: usize) {
        let base = self.who.name.clone();
        let name = (1..)
            .map(|n| format!("{base}-{n}"))
            .find(|n| !self.shared.exists(n))
            .unwrap_or(base);
        match self.shared.create(&name, table, &self.who) {
            Ok(()) => self.join(&name, true, Some(near)),
            Err(e) => self.lobby_note(e),
        }
    }

    /// The table changed: the App follows it.
    fn follow(&mut self) {
        if let Place::Seated(seated) = &mut self.place
            && let Some(table) = self.shared.table(&seated.name)
        {
            seated.follow(table);
        }
    }
}

/// What a shared table does not offer, in one sentence.
fn not_at_a_shared_table(action: &Action) -> Option<&'static str> {
    Some(match action {
        Action::Undo | Action::Redo => "Moves cannot be taken back at a shared table.",
        Action::NewGame | Action::Restart => {
            "A shared table plays one game; press q for the lobby to start another."
        }
        Action::Hint => "There are no hints at a shared table.",
        Action::PauseComputer => "The computers at a shared table cannot be paused.",
        _ => return None,
    })
}

impl Seated {
    /// Applies `action` to the App; a move it plays is sent to the table,
    /// and a refusal puts the table's game back.
    fn act(&mut self, shared: &Arc<Shared>, conn: u64, action: Action) {
        if let Some(why) = not_at_a_shared_table(&action) {
            self.app.emit(Event::new(EventKind::Error, why));
            return;
        }
        let before = self.ply();
        // The effects are dropped: the App has nowhere to save, and the
        // searches it asks for are the table's to run.
        let _ = update(&mut self.app, action);
        let after = self.ply();
        if after == before {
            return;
        }
        let played = match &self.app.screen {
            Screen::Playing(p) if after == before + 1 => p.table.last_move(),
            _ => None,
        };
        let refused = match played {
            Some(mv) => shared.play(&self.name, conn, mv).err(),
            None => Some("That cannot be done at a shared table.".to_string()),
        };
        if let Some(why) = refused {
            if let Some(table) = shared.table(&self.name) {
                self.set_table(table);
            }
            self.app.emit(Event::new(EventKind::Error, why));
        }
    }

    fn ply(&self) -> usize {
        match &self.app.screen {
            Screen::Playing(p) => p.table.ply(),
            Screen::Setup(_) => 0,
        }
    }

    /// Puts `table` in the App without a word.
    fn set_table(&mut self, table: TableGame) {
        if let Screen::Playing(p) = &mut self.app.screen {
            p.table = table;
            let _ = update(&mut self.app, Action::Resize);
        }
    }

    /// The table's game is now `table`: the App shows it, saying the move
    /// that came and the result.
    fn follow(&mut self, table: TableGame) {
        let Screen::Playing(p) = &mut self.app.screen else {
            return;
        };
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
        // now (a computer seat thinking, or not).
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
