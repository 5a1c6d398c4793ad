//! The line mode over SSH, for screen readers and plain terminals: `ssh
//! -p PORT name@host line` (an exec request), the login name `name+line`
//! for a client that cannot send a command, or `L` in the lobby. Every
//! event is one line of text, said as it happens: no escape sequence,
//! no redrawing. The lobby is read as lists and driven by commands
//! (tables, joining and watching, making a table, quick pairing and the
//! computer, the archive and its review, the leaderboard, adding a
//! key); at a table the commands and sentences are the line mode's own
//! ([`crate::line`]), the game kept by the table's keeper as for every
//! other seat, so a sighted player at the same table sees the screen.

use super::{Connection, Place, blocking};
use crate::line::{Typed, after_attempt, typed};
use crate::serve::hub::short_key;
use crate::serve::hub::{LINK_PREFIX, QUICK_COMPUTER, TableSummary};
use crate::serve::lobby::{Heard, Keys, Lobby, QUICK_CONTROLS, when};
use crate::serve::store::GameLine;
use crate::serve::table_keeper::{NO_HINTS, NO_TAKE_BACK, OWN_SEATS_ONLY};
use crate::session::action::Action;
use crate::session::app::{App, Screen as AppScreen};
use crate::session::describe::EventKind;
use crate::session::keymap::Refusal;
use crate::session::speech::Voice;
use crate::session::words::capitalise;
use catboard::clock::TimeControl;
use catboard::limits::LINE_MODE_LINE;
use catboard::text::quoted;
use catboard::variants::Variant;

/// What a shared table does not offer, said in the line mode's words.
pub static LINE_TABLE: &[Refusal] = &[
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
        why: "A shared table plays one game; type rematch once it is over, or quit to go back to the lobby.",
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
];

/// Why an archived game takes no move, in the line mode's words.
const LOOK_ONLY: &str =
    "This game is from the archive, to look through only; quit goes back to the lobby.";

/// What an archived game opened for review does not offer, in the line
/// mode's words.
pub static LINE_ARCHIVE: &[Refusal] = &[
    Refusal {
        action: Action::Undo,
        why: LOOK_ONLY,
    },
    Refusal {
        action: Action::Redo,
        why: LOOK_ONLY,
    },
    Refusal {
        action: Action::Restart,
        why: LOOK_ONLY,
    },
    Refusal {
        action: Action::Hint,
        why: LOOK_ONLY,
    },
    Refusal {
        action: Action::ComputerMove,
        why: LOOK_ONLY,
    },
    Refusal {
        action: Action::AskResign,
        why: LOOK_ONLY,
    },
    Refusal {
        action: Action::OfferDraw,
        why: LOOK_ONLY,
    },
    Refusal {
        action: Action::Pass,
        why: LOOK_ONLY,
    },
];

/// The lobby's commands, said by `help`.
const LOBBY_HELP: &[&str] = &[
    "Lobby commands:",
    "tables, t: the tables, one a line. join NAME: sit at a table (a free seat, or yours), else watch it. watch NAME: watch it.",
    "new VARIANT CLOCK: make a table for two people (new chess 5+3; the clock may be left out). computer VARIANT CLOCK: play the computer at once.",
    "pair VARIANT CLOCK: wait for a quick game with whoever waits for the same game nearest your rating (pair chess 5+3); cancel stops waiting.",
    "recent: the games finished last. mine: your games. review NUMBER: look through a finished game. analyse NUMBER: look through it analysed. leaders VARIANT: the variant's leaderboard.",
    "puzzles VARIANT: solve puzzles of the variant, picked near your puzzle rating (puzzles chess); puzzles alone: your puzzle rating and streak in each variant.",
    "keys: your account's keys, numbered. remove NUMBER: remove that key (you are asked first). link: a code for adding another key to your account.",
    "screen: the full screen instead of lines. quit: leave the server.",
    "The variants: chess, catchess, chu, polar, baccancat. At a table, help says the table's commands.",
];

/// The typed text and the output of a connection in the line mode.
#[derive(Debug)]
pub struct LineIo {
    /// Whether the client has a terminal of ours (a pty asked for): it
    /// sends keys, which are echoed and edited here, and a line ends
    /// with `\r\n`; else it sends whole lines, which its own terminal
    /// echoed.
    pty: bool,
    /// The line being typed.
    typed: Vec<u8>,
    /// The bytes of a line too long, skipped until its end.
    skipping: Option<u64>,
    /// Whether the last byte was a carriage return (a `\n` after it
    /// ends no second line).
    after_return: bool,
    /// What is to be sent.
    out: Vec<u8>,
    /// The tables the lobby last heard of, by name.
    known_tables: Vec<String>,
    /// Whether the computer was last said to be offered to the wait.
    offered: bool,
    /// The key the question "remove it?" was asked of, until the next
    /// line answers it.
    removing: Option<String>,
}

/// One thing typed.
#[derive(Debug, PartialEq, Eq)]
pub enum Typing {
    /// A line.
    Line(String),
    /// A line longer than [`LINE_MODE_LINE`] allows, this many bytes.
    TooLong(u64),
    /// Ctrl-D on an empty line: the client is done.
    Done,
}

impl LineIo {
    /// The line mode for a client with a pty (`pty`) or without.
    pub fn new(pty: bool) -> LineIo {
        LineIo {
            pty,
            typed: Vec::new(),
            skipping: None,
            after_return: false,
            out: Vec::new(),
            known_tables: Vec::new(),
            offered: false,
            removing: None,
        }
    }

    /// Writes `line` as a line of its own.
    pub fn say(&mut self, line: &str) {
        self.out.extend_from_slice(line.as_bytes());
        self.out
            .extend_from_slice(if self.pty { b"\r\n" } else { b"\n" });
    }

    /// What is to be sent, taken.
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// Reads what the client sent: the lines it ends. With a pty the
    /// keys are echoed, Backspace rubs out, Ctrl-C drops the line and
    /// Ctrl-D on an empty line is [`Typing::Done`].
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Typing> {
        let most = LINE_MODE_LINE.most as usize;
        let mut lines = Vec::new();
        for &b in bytes {
            let after_return = std::mem::replace(&mut self.after_return, b == b'\r');
            match b {
                b'\n' if after_return => {}
                b'\r' | b'\n' => {
                    if self.pty {
                        self.out.extend_from_slice(b"\r\n");
                    }
                    let text = std::mem::take(&mut self.typed);
                    lines.push(match self.skipping.take() {
                        Some(length) => Typing::TooLong(length),
                        None => Typing::Line(String::from_utf8_lossy(&text).trim().to_string()),
                    });
                }
                0x7f | 0x08 if self.pty => {
                    if self.typed.pop().is_some() {
                        // A whole character: its continuation bytes too.
                        while self.typed.last().is_some_and(|c| c & 0xc0 == 0x80) {
                            self.typed.pop();
                        }
                        self.out.extend_from_slice(b"\x08 \x08");
                    }
                }
                0x03 if self.pty => {
                    self.typed.clear();
                    self.skipping = None;
                    self.out.extend_from_slice(b"^C\r\n");
                    lines.push(Typing::Line(String::new()));
                }
                0x04 if self.pty && self.typed.is_empty() => lines.push(Typing::Done),
                // Other control bytes (an arrow's sequence) are not text.
                b if b < 0x20 || b == 0x7f => {}
                b => {
                    if let Some(length) = &mut self.skipping {
                        *length += 1;
                    } else if self.typed.len() >= most {
                        self.skipping = Some(self.typed.len() as u64 + 1);
                        self.typed.clear();
                    } else {
                        self.typed.push(b);
                        if self.pty {
                            self.out.push(b);
                        }
                    }
                }
            }
        }
        lines
    }
}

/// A variant named by its id or its name, spaces and case aside.
fn variant_named(word: &str) -> Option<Variant> {
    let plain = |s: &str| s.replace([' ', '-', '_'], "").to_ascii_lowercase();
    let word = plain(word);
    Variant::ALL
        .iter()
        .copied()
        .find(|v| plain(v.id()) == word || plain(v.name()) == word)
}

/// The variant and clock of `words` (`chess 5+3`, `polar`, `3+2`): chess
/// and `default` when left out; a sentence for a word that is neither.
fn game_asked(
    words: &[&str],
    default: Option<TimeControl>,
) -> Result<(Variant, Option<TimeControl>), String> {
    let mut variant = Variant::Chess;
    let mut clock = default;
    for word in words {
        if let Some(v) = variant_named(word) {
            variant = v;
        } else {
            match TimeControl::parse(word) {
                Ok(Some(c)) => clock = Some(c),
                _ => {
                    return Err(format!(
                        "{} is neither a variant (chess, catchess, chu, polar, baccancat) nor a clock such as 5+3.",
                        quoted(word)
                    ));
                }
            }
        }
    }
    Ok((variant, clock))
}

/// The quick game's clock when none is given (`5+3`).
fn quick_clock() -> Option<TimeControl> {
    QUICK_CONTROLS
        .iter()
        .find(|c| **c == "5+3")
        .and_then(|c| TimeControl::parse(c).ok().flatten())
}

/// A table in a sentence: "ann-1: Chess, 5+3, open; White ann, Black
/// free; 1 watching."
fn table_sentence(t: &TableSummary) -> String {
    let state = if t.over {
        "over"
    } else if t.open {
        "a seat free"
    } else {
        "full"
    };
    let time = t
        .time
        .as_deref()
        .map(|c| format!(", {c}"))
        .unwrap_or_default();
    let watching = match t.spectators {
        0 => String::new(),
        n => format!("; {n} watching"),
    };
    format!(
        "{}: {}{time}, {state}; {}{watching}.",
        t.name,
        t.game,
        t.seats.join(", ")
    )
}

/// Key number `n` (from 1) of `keys` as a sentence: its short
/// fingerprint, which it is, when it was first and last seen.
fn key_sentence(n: usize, key: &crate::serve::store::AccountKey, keys: &Keys) -> String {
    let notes: String = keys
        .notes(key, "this connection's", "the account's first")
        .iter()
        .map(|note| format!(", {note}"))
        .collect();
    format!(
        "{n}. {}{notes}: first seen {}, last seen {} (UTC).",
        short_key(&key.key),
        when(key.first_seen),
        when(key.last_seen)
    )
}

/// A finished game in a sentence: "Game 12, Chess, ann · bob, 1-0 said
/// as White wins by checkmate, rated."
fn game_sentence(g: &GameLine) -> String {
    let variant = Variant::from_id(&g.variant).map_or(g.variant.as_str(), |v| v.name());
    let players = g.players.replace(" · ", " against ");
    let ending = match g.ending() {
        e if e.is_empty() => g.result.clone(),
        e => e,
    };
    format!(
        "Game {}: {variant}, {players}, {ending}, {}.",
        g.id,
        if g.rated { "rated" } else { "casual" }
    )
}

impl Connection {
    /// Says `line` in the line mode.
    pub(super) fn say(&mut self, line: &str) {
        if let Some(io) = &mut self.line {
            io.say(line);
        }
    }

    /// The line mode's greeting in the lobby.
    pub(super) fn greet_in_lines(&mut self) {
        let n = self.tables.len();
        let tables = match n {
            0 => "There are no tables yet".to_string(),
            1 => "There is 1 table".to_string(),
            n => format!("There are {n} tables"),
        };
        let name = self.who.name.clone();
        self.say(&format!(
            "catboard, the lobby, in lines. Welcome, {name}. {tables}: type tables to hear them, pair for a quick game, help for the commands."
        ));
        self.note_tables(false);
    }

    /// The App of the place, when it has one the line mode speaks for.
    fn spoken_app(&mut self) -> Option<&mut App> {
        match &mut self.place {
            Place::Seated(seated) => Some(&mut seated.app),
            Place::Archived(app, ..) => Some(&mut **app),
            Place::Lobby(_) | Place::Creating(_) | Place::Puzzles(..) => None,
        }
    }

    /// Says what the App said since last asked; whether any of it was a
    /// refusal.
    pub(super) fn say_events(&mut self) -> bool {
        let events = match self.spoken_app() {
            Some(app) => std::mem::take(&mut app.events),
            None => return false,
        };
        let mut refused = false;
        for event in events {
            refused |= event.kind == EventKind::Refusal;
            self.say(&event.text);
        }
        refused
    }

    /// The lobby's news: tables opened and closed since last heard of
    /// (said when `say`), and how a wait for a quick game stands.
    pub(super) fn note_tables(&mut self, say: bool) {
        let now: Vec<String> = self.tables.iter().map(|t| t.name.clone()).collect();
        let Some(io) = &mut self.line else {
            return;
        };
        let before = std::mem::replace(&mut io.known_tables, now.clone());
        if !say || !matches!(self.place, Place::Lobby(_)) {
            return;
        }
        let opened: Vec<String> = self
            .tables
            .iter()
            .filter(|t| !before.contains(&t.name))
            .map(|t| format!("New table {}", table_sentence(t)))
            .collect();
        let closed: Vec<String> = before
            .iter()
            .filter(|name| !now.contains(name))
            .map(|name| format!("Table {name} has closed."))
            .collect();
        for line in opened.iter().chain(&closed) {
            self.say(line);
        }
    }

    /// The wait for a quick game changed: the computer offered is said once.
    pub(super) fn note_seek(&mut self) {
        let offered = match &self.place {
            Place::Lobby(lobby) => lobby.seeking().is_some_and(|s| s.computer_offered),
            _ => false,
        };
        let Some(io) = &mut self.line else {
            return;
        };
        if offered && !io.offered {
            io.offered = true;
            self.say(&format!(
                "No one yet: type computer to play the computer ({QUICK_COMPUTER}) instead, or keep waiting."
            ));
        } else if !offered {
            io.offered = false;
        }
    }

    /// Sets up the App of a table or an archived game for the line mode:
    /// sentences in words, moves typed, the refusals in its words.
    pub(super) fn speak_in_lines(app: &mut App, refused: &'static [Refusal]) {
        app.voice = Voice::SPOKEN;
        app.typed = true;
        app.refused = refused;
    }

    /// Said on sitting down at a table or opening a game in the line mode:
    /// what the App said, then the game and who plays it.
    pub(super) fn introduce(&mut self) {
        self.say_events();
        let intro = match self.spoken_app() {
            Some(app) => match &app.screen {
                AppScreen::Playing(p) => crate::line::introduction(&p.table, app.voice),
                AppScreen::Setup(_) => Vec::new(),
            },
            None => Vec::new(),
        };
        for line in intro {
            self.say(&line);
        }
        if matches!(self.place, Place::Archived(..)) {
            self.say("Type forward and back to step through the moves, first and live for the start and the end, board to hear the position, analyse for its analysis, quit to go back to the lobby.");
        } else {
            self.say("quit goes back to the lobby.");
        }
    }

    /// Carries out one line typed in the line mode.
    pub(super) async fn line_typed(&mut self, typing: Typing) {
        let text = match typing {
            Typing::Line(text) => text,
            Typing::TooLong(length) => {
                return self.say(&format!(
                    "That line is {length} bytes long, more than the largest allowed, {}, so none of it was read.",
                    LINE_MODE_LINE.most
                ));
            }
            Typing::Done => {
                self.quit = true;
                return;
            }
        };
        if text.is_empty() {
            return;
        }
        match self.place {
            Place::Lobby(_) => self.lobby_line(&text).await,
            Place::Creating(_) => {}
            Place::Seated(_) | Place::Archived(..) => self.table_line(&text).await,
            Place::Puzzles(..) => self.puzzle_line(&text).await,
        }
    }

    /// A line typed at a table or in an archived game.
    async fn table_line(&mut self, text: &str) {
        let word = text.to_ascii_lowercase();
        let archived = matches!(self.place, Place::Archived(..));
        if matches!(word.as_str(), "quit" | "exit" | "leave" | "lobby") {
            self.back_to_lobby().await;
            return;
        }
        if word == "help" || word == "h" {
            let voice = self.spoken_app().map_or(Voice::SPOKEN, |a| a.voice);
            for line in crate::line::help_at_server(voice, archived) {
                self.say(&line);
            }
            return;
        }
        let at_table = match word.as_str() {
            "rematch" => Some(Action::NewGame),
            "claim" => Some(Action::ClaimWin),
            _ => None,
        };
        let asked = if let Some(action) = at_table.filter(|_| !archived) {
            Some(Typed::Act {
                action,
                command: None,
                then: Vec::new(),
            })
        } else {
            self.spoken_app().map(|app| typed(app, text))
        };
        match asked {
            None => {}
            Some(Typed::Said(lines)) => {
                for line in lines {
                    self.say(&line);
                }
            }
            Some(Typed::Leave) => self.back_to_lobby().await,
            Some(Typed::Analyse) if archived => self.archived_act(Action::Analyse),
            Some(Typed::Analyse) => self.say(super::ANALYSED_ONCE_ARCHIVED),
            Some(Typed::Lines) => self.say(super::NO_LINES),
            Some(Typed::Act {
                action,
                command,
                then,
            }) => {
                match &mut self.place {
                    Place::Seated(seated) => seated.act(action).await,
                    Place::Archived(..) => self.archived_act(action),
                    _ => {}
                }
                let refused = self.say_events();
                for line in then {
                    self.say(&line);
                }
                let after = match (self.spoken_app(), &command) {
                    (Some(app), Some(command)) => after_attempt(app, command, refused),
                    _ => Vec::new(),
                };
                for line in after {
                    self.say(&line);
                }
            }
        }
    }

    /// From a table or an archived game back to the lobby.
    async fn back_to_lobby(&mut self) {
        let lobby = match &mut self.place {
            Place::Archived(_, lobby, _) => std::mem::take(lobby),
            _ => Lobby::new(),
        };
        self.leave_table().await;
        self.set_place(Place::Lobby(lobby));
        // A game may have been archived meanwhile.
        self.lists.boards = self.shared.boards();
        self.note_tables(false);
        let n = self.tables.len();
        self.say(&format!(
            "Back in the lobby: {}; type tables to hear them.",
            catboard::text::count(n as u64, "table", "tables")
        ));
    }

    /// A line typed in the lobby.
    async fn lobby_line(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        let first = words
            .first()
            .map(|w| w.to_ascii_lowercase())
            .unwrap_or_default();
        let rest = &words[1.min(words.len())..];
        if let Some(key) = self.line.as_mut().and_then(|io| io.removing.take()) {
            // The line after "remove N" answers its question.
            if matches!(first.as_str(), "yes" | "y") {
                return self.remove_key_in_lines(key).await;
            }
            self.say(&format!("The key {} is kept.", short_key(&key)));
            if matches!(first.as_str(), "no" | "n") {
                return;
            }
        }
        match first.as_str() {
            "help" | "h" | "?" => {
                for line in LOBBY_HELP {
                    self.say(line);
                }
            }
            "tables" | "t" => {
                let lines: Vec<String> = self.tables.iter().map(table_sentence).collect();
                if lines.is_empty() {
                    self.say(
                        "There are no tables yet: type new to make one, or pair for a quick game.",
                    );
                } else {
                    self.say(&format!(
                        "{}:",
                        catboard::text::count(lines.len() as u64, "table", "tables")
                    ));
                }
                for line in lines {
                    self.say(&line);
                }
            }
            "join" | "j" | "watch" | "w" => {
                let Some(name) = rest.first() else {
                    return self
                        .say("Join which table? Type join and its name; tables lists them.");
                };
                let Some(table) = self
                    .tables
                    .iter()
                    .find(|t| t.name.eq_ignore_ascii_case(name))
                    .map(|t| t.name.clone())
                else {
                    return self.say(&format!(
                        "There is no table {}; tables lists them.",
                        quoted(name)
                    ));
                };
                let play = matches!(first.as_str(), "join" | "j");
                self.join(&table, play, None).await;
            }
            "new" | "computer" | "pair" => {
                let default = if first == "new" { None } else { quick_clock() };
                let (variant, clock) = match game_asked(rest, default) {
                    Ok(asked) => asked,
                    Err(why) => return self.say(&why),
                };
                match first.as_str() {
                    "new" => self.new_table_in_lines(variant, clock).await,
                    "computer" => {
                        let control = clock.or_else(quick_clock);
                        let Some(control) = control else { return };
                        let (conn, who, mailbox) =
                            (self.id, self.who.clone(), self.mailbox.clone());
                        let made = blocking(&self.shared, move |s| {
                            s.quick_computer(conn, &who, mailbox, variant, control)
                        })
                        .await;
                        match made {
                            Ok(name) => self.join(&name, true, None).await,
                            Err(e) => self.say(&e),
                        }
                    }
                    _ => {
                        let Some(control) = clock.or_else(quick_clock) else {
                            return;
                        };
                        let (conn, who, mailbox) =
                            (self.id, self.who.clone(), self.mailbox.clone());
                        let sought = blocking(&self.shared, move |s| {
                            s.seek(conn, &who, mailbox, variant, control)
                        })
                        .await;
                        match sought {
                            Ok(()) => self.say(&format!(
                                "Waiting for a game of {} at {control}, with whoever waits for the same game nearest your rating; cancel stops waiting.",
                                variant.name()
                            )),
                            Err(e) => self.say(&e),
                        }
                        if let Place::Lobby(lobby) = &mut self.place {
                            lobby.heard(Heard::Wait(self.shared.seek_status(self.id)));
                        }
                    }
                }
            }
            "cancel" => {
                self.shared.cancel_seek(self.id);
                if let Place::Lobby(lobby) = &mut self.place {
                    lobby.heard(Heard::Wait(None));
                }
                self.say("You are no longer waiting for a game.");
            }
            "recent" | "mine" => {
                let games = if first == "mine" {
                    self.read_my_games().await;
                    match &self.lists.mine {
                        Some(mine) => mine.clone(),
                        None => {
                            return self.say("A guest's games are kept under no name: connect with a key (ssh -i KEY NAME@host) to have yours listed and rated.");
                        }
                    }
                } else {
                    self.lists.boards = self.shared.boards();
                    self.lists.boards.recent.clone()
                };
                if games.is_empty() {
                    return self.say("No game is listed yet.");
                }
                let shown = games.len().min(20);
                self.say(&format!(
                    "The last {}; review and a number looks through one:",
                    catboard::text::count(shown as u64, "game", "games")
                ));
                for g in &games[..shown] {
                    self.say(&game_sentence(g));
                }
            }
            "review" | "analyse" | "analyze" => {
                let Some(id) = rest
                    .first()
                    .and_then(|n| n.trim_start_matches('#').parse::<u64>().ok())
                else {
                    return self.say(&format!(
                        "{} which game? Type {first} and its number; recent lists them.",
                        capitalise(&first)
                    ));
                };
                let lobby = match &mut self.place {
                    Place::Lobby(lobby) => std::mem::take(lobby),
                    _ => Lobby::new(),
                };
                self.review(id, lobby).await;
                if first != "review" {
                    self.archived_act(Action::Analyse);
                }
            }
            "leaders" | "leaderboard" | "ratings" => {
                let variant = match rest.first() {
                    Some(word) => match variant_named(word) {
                        Some(v) => v,
                        None => {
                            return self.say(&format!(
                                "There is no variant {}: chess, catchess, chu, polar, baccancat.",
                                quoted(word)
                            ));
                        }
                    },
                    None => Variant::Chess,
                };
                let boards = self.lists.boards.clone();
                let standings = boards
                    .leaders
                    .iter()
                    .find(|(id, _)| id == variant.id())
                    .map(|(_, s)| s.as_slice())
                    .unwrap_or_default();
                if standings.is_empty() {
                    return self.say(&format!(
                        "No rated {} game yet: games between players with keys, with a clock, are rated.",
                        variant.name()
                    ));
                }
                self.say(&format!("The {} leaderboard:", variant.name()));
                for (i, s) in standings.iter().take(20).enumerate() {
                    self.say(&format!(
                        "{}. {}, {}, {}.",
                        i + 1,
                        s.name,
                        s.rating.shown(),
                        catboard::text::count(s.games, "game", "games")
                    ));
                }
            }
            "puzzles" | "puzzle" => match rest.first() {
                None => self.puzzle_standings_in_lines().await,
                Some(word) => match variant_named(word) {
                    Some(variant) => {
                        let lobby = match &mut self.place {
                            Place::Lobby(lobby) => std::mem::take(lobby),
                            _ => Lobby::new(),
                        };
                        self.start_puzzles(variant, lobby).await;
                    }
                    None => self.say(&format!(
                        "There is no variant {}: chess, catchess, chu, polar, baccancat.",
                        quoted(word)
                    )),
                },
            },
            "keys" => {
                self.read_my_keys().await;
                self.lobby_said();
                let Some(keys) = self.lists.keys.clone() else {
                    return self.say("A guest has no keys kept here: connect with a key (ssh -i KEY NAME@host) to have an account.");
                };
                if keys.listed.is_empty() {
                    return self.say("Your key has no account here yet: connect with a name (ssh NAME@host) to make one.");
                }
                self.say(&format!(
                    "Your account has {}; remove and a number removes one:",
                    catboard::text::count(keys.listed.len() as u64, "key", "keys")
                ));
                for (i, key) in keys.listed.iter().enumerate() {
                    self.say(&key_sentence(i + 1, key, &keys));
                }
            }
            "remove" => {
                let number = rest
                    .iter()
                    .find(|w| !w.eq_ignore_ascii_case("key"))
                    .and_then(|n| n.parse::<usize>().ok());
                let Some(keys) = self.lists.keys.clone() else {
                    return self.say("Type keys first, to hear your keys and their numbers.");
                };
                let Some(key) = number
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| keys.listed.get(i))
                else {
                    return self.say(&format!(
                        "Remove which key? Type remove and its number, from 1 to {}; keys lists them.",
                        keys.listed.len()
                    ));
                };
                if key.first || key.key == keys.connected {
                    // Not asked: the server says why it is kept.
                    return self.remove_key_in_lines(key.key.clone()).await;
                }
                self.say(&format!(
                    "Remove the key {} from your account? It will log in as a stranger. Type yes to remove it; anything else keeps it.",
                    short_key(&key.key)
                ));
                if let Some(io) = &mut self.line {
                    io.removing = Some(key.key.clone());
                }
            }
            "link" => {
                let said = match self.shared.link_code(&self.who) {
                    Ok(code) => format!(
                        "To add a key: within 10 minutes, connect with it as ssh {LINK_PREFIX}{code}@this-server"
                    ),
                    Err(e) => e,
                };
                self.say(&said);
            }
            "screen" => {
                self.line = None;
                let mut enter = Vec::new();
                super::screen::enter(&mut enter);
                self.switch = Some(enter);
            }
            "quit" | "exit" => self.quit = true,
            _ => {
                const WORDS: &[&str] = &[
                    "help", "tables", "join", "watch", "new", "computer", "pair", "cancel",
                    "recent", "mine", "review", "analyse", "leaders", "keys", "remove", "link",
                    "screen", "quit",
                ];
                let guess = catboard::text::nearest(&first, WORDS.iter().copied())
                    .map(|w| format!("; did you mean {w}?"))
                    .unwrap_or_else(|| ".".to_string());
                self.say(&format!(
                    "Unknown command {}{guess} Type help for the lobby's commands.",
                    quoted(&first)
                ));
            }
        }
    }

    /// Key `key` removed from the account (or the server's sentence why
    /// not), said; the list of keys is read anew.
    /// Says the player's puzzle standing in each variant.
    async fn puzzle_standings_in_lines(&mut self) {
        self.read_puzzle_standings().await;
        self.lobby_said();
        let kept = self.lists.puzzles.clone();
        for variant in Variant::ALL {
            let s = kept
                .iter()
                .flatten()
                .find(|(id, _)| id == variant.id())
                .map(|(_, s)| *s)
                .unwrap_or_default();
            self.say(&format!(
                "{}: puzzle rating {}, streak {}, best {}.",
                variant.name(),
                s.rating.shown(),
                s.streak,
                s.best
            ));
        }
        if kept.is_none() {
            self.say(crate::serve::hub::GUEST_PUZZLES);
        }
        self.say("Type puzzles and a variant to solve its puzzles (puzzles chess).");
    }

    async fn remove_key_in_lines(&mut self, key: String) {
        let who = self.who.clone();
        let said = blocking(&self.shared, move |s| s.remove_key(&who, &key)).await;
        self.read_my_keys().await;
        self.say(&said.unwrap_or_else(|e| e));
    }

    /// A table made for two people from the line mode, and sat at.
    async fn new_table_in_lines(&mut self, variant: Variant, clock: Option<TimeControl>) {
        use crate::session::table::{Player, TableGame, TableSpec};
        let spec = TableSpec {
            variant,
            options: catboard::core::Options::new(),
            position: None,
            players: vec![Player::Human; variant.seats().len()],
            time: clock,
        };
        let game = match TableGame::new(&spec) {
            Ok(game) => game,
            Err(e) => return self.say(&e.to_string()),
        };
        self.create(game, 0, self.shared.limits.think_ms).await;
    }

    /// The lobby's note (why a join failed) said and cleared.
    pub(super) fn lobby_said(&mut self) {
        let note = match &mut self.place {
            Place::Lobby(lobby) => lobby.take_note(),
            _ => None,
        };
        if let Some(note) = note {
            self.say(&note);
        }
    }
}

#[cfg(test)]
mod tests;
