//! The server's tables: made, joined, left, played on, and kept on disk
//! as they change (each game in the save format of `catboard play`, under
//! `tables/`, and who holds its seats under `seats/`), so a restart brings
//! every unfinished table back.

use super::computers::{self, Budget};
use super::event::ConnEvent;
use super::identity::{GUEST_PREFIX, Who};
use super::log;
use super::room::{Holder, Joined, Room};
use crate::session::save::SaveStore;
use crate::session::table::TableGame;
use catboard::core::{Game, Move};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Caps that keep one connection or person from taking the server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once.
    pub connections: usize,
    /// Unfinished tables one identity may have made.
    pub tables_per_identity: usize,
    /// Bytes of input per second a connection may send (on average; a
    /// burst of as many at once is allowed).
    pub input_bytes_per_second: u32,
    /// Seconds without input before a connection is closed.
    pub idle_seconds: u64,
    /// Computer searches running at once, server-wide.
    pub searches: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 1000,
            tables_per_identity: 4,
            input_bytes_per_second: 4096,
            idle_seconds: 1800,
            searches: 2,
        }
    }
}

/// One line of the lobby: a table and who is at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSummary {
    /// The table's name.
    pub name: String,
    /// The variant and its options, in words.
    pub game: String,
    /// Each seat and who holds it.
    pub seats: Vec<String>,
    /// How many watch.
    pub spectators: usize,
    /// Whether a person's seat is free.
    pub open: bool,
    /// Whether the game is over.
    pub over: bool,
}

/// Everything the connections share: the tables, the search budget and
/// the limits.
#[derive(Debug)]
pub struct Shared {
    hub: Mutex<Hub>,
    /// The cap on computer searches.
    pub budget: Arc<Budget>,
    /// The server's limits.
    pub limits: Limits,
    /// How long a Master computer thinks per move.
    pub think_ms: u64,
}

/// The tables by name, and where they are kept.
#[derive(Debug)]
struct Hub {
    rooms: BTreeMap<String, Room>,
    data: PathBuf,
    /// The connections in the lobby, told when the tables change.
    lobby: HashMap<u64, Sender<ConnEvent>>,
}

impl Shared {
    /// The tables kept in `data` (the unfinished ones), ready to serve.
    pub fn load(data: &Path, limits: Limits, think_ms: u64) -> Result<Arc<Shared>, String> {
        let store = SaveStore::new(data.join("tables"));
        let mut rooms = BTreeMap::new();
        for path in store.newest_first()? {
            let Some(name) = path
                .file_stem()
                .and_then(|s| s.to_str())
                .map(str::to_string)
            else {
                continue;
            };
            let loaded = SaveStore::read(&path).and_then(|saved| TableGame::from_saved(&saved));
            let table = match loaded {
                Ok(table) if table.outcome().is_none() => table,
                Ok(_) => continue,
                Err(e) => {
                    log::event(format!("table {name} was not brought back: {e}"));
                    continue;
                }
            };
            let mut room = Room::new(table, String::new());
            if let Some((owner, holders)) = read_seats(&seats_path(data, &name)) {
                room.owner = owner;
                for (slot, holder) in room.holders.iter_mut().zip(holders) {
                    *slot = holder;
                }
            }
            log::event(format!(
                "table {name} brought back at ply {}",
                room.table.ply()
            ));
            rooms.insert(name, room);
        }
        let searches = limits.searches;
        let shared = Arc::new(Shared {
            hub: Mutex::new(Hub {
                rooms,
                data: data.to_path_buf(),
                lobby: HashMap::new(),
            }),
            budget: Arc::new(Budget::new(searches)),
            limits,
            think_ms,
        });
        let names: Vec<String> = shared.lock().rooms.keys().cloned().collect();
        for name in names {
            shared.engage(&mut shared.lock(), &name);
        }
        Ok(shared)
    }

    fn lock(&self) -> MutexGuard<'_, Hub> {
        self.hub.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every table, for the lobby.
    pub fn summaries(&self) -> Vec<TableSummary> {
        self.lock()
            .rooms
            .iter()
            .map(|(name, room)| TableSummary {
                name: name.clone(),
                game: room.table.variant().name().to_string(),
                seats: room.seat_words(),
                spectators: room.spectators(),
                open: room.has_free_seat(),
                over: room.table.outcome().is_some(),
            })
            .collect()
    }

    /// Connection `conn` is in the lobby: tell it on `tx` when the tables change.
    pub fn enter_lobby(&self, conn: u64, tx: Sender<ConnEvent>) {
        self.lock().lobby.insert(conn, tx);
    }

    /// Connection `conn` has left the lobby.
    pub fn leave_lobby(&self, conn: u64) {
        self.lock().lobby.remove(&conn);
    }

    /// Whether there is a table called `name`.
    pub fn exists(&self, name: &str) -> bool {
        self.lock().rooms.contains_key(name)
    }

    /// Makes table `name` for `table`, made by `who`; refused when the
    /// name is taken or `who` has made as many unfinished tables as allowed.
    pub fn create(&self, name: &str, table: TableGame, who: &Who) -> Result<(), String> {
        let mut hub = self.lock();
        if hub.rooms.contains_key(name) {
            return Err(format!("There is already a table called {name}."));
        }
        let made = hub
            .rooms
            .values()
            .filter(|r| r.owner == who.identity && r.table.outcome().is_none())
            .count();
        if made >= self.limits.tables_per_identity {
            return Err(format!(
                "You have {made} unfinished tables, the most one person may have."
            ));
        }
        let room = Room::new(table, who.identity.clone());
        hub.rooms.insert(name.to_string(), room);
        hub.save(name);
        log::event(format!(
            "table {name} made by {} ({})",
            who.name, who.identity
        ));
        Ok(())
    }

    /// Brings connection `conn` to table `name` (see [`Room::join`]).
    pub fn join(
        &self,
        name: &str,
        conn: u64,
        who: &Who,
        tx: Sender<ConnEvent>,
        play: bool,
        preferred: Option<usize>,
    ) -> Result<Joined, String> {
        let mut hub = self.lock();
        let room = hub
            .rooms
            .get_mut(name)
            .ok_or_else(|| format!("There is no table called {name}."))?;
        let joined = room.join(conn, who, tx, play, preferred);
        let role = match joined.seat {
            Some(seat) => format!("plays seat {seat}"),
            None => "watches".to_string(),
        };
        log::event(format!(
            "connection {conn} ({}) {role} at table {name}",
            who.name
        ));
        hub.save(name);
        Ok(joined)
    }

    /// Connection `conn` leaves table `name`.
    pub fn leave(&self, name: &str, conn: u64, who: &Who) {
        let mut hub = self.lock();
        if let Some(room) = hub.rooms.get_mut(name) {
            if room.leave(conn, who) {
                hub.save(name);
            } else {
                hub.tell_lobby();
            }
            log::event(format!("connection {conn} left table {name}"));
        }
    }

    /// The game at table `name` as it stands.
    pub fn table(&self, name: &str) -> Option<TableGame> {
        self.lock().rooms.get(name).map(|r| r.table.clone())
    }

    /// Plays `mv` for connection `conn` at table `name`, saves it and
    /// tells every viewer; the refusal says why.
    pub fn play(self: &Arc<Self>, name: &str, conn: u64, mv: Move) -> Result<(), String> {
        let mut hub = self.lock();
        let room = hub
            .rooms
            .get_mut(name)
            .ok_or_else(|| format!("The table {name} is gone."))?;
        let notation = room.table.game().move_notation(mv);
        room.play(conn, mv)?;
        log::event(format!("table {name}: connection {conn} played {notation}"));
        self.after_move(&mut hub, name);
        Ok(())
    }

    /// A computer's move `mv` for table `name` at ply `ply`; ignored when
    /// the table has moved on.
    pub fn computer_moved(self: &Arc<Self>, name: &str, ply: usize, mv: Move) {
        let mut hub = self.lock();
        let Some(room) = hub.rooms.get_mut(name) else {
            return;
        };
        if room.table.ply() != ply || !room.table.game().legal_move_list().contains(&mv) {
            return;
        }
        let notation = room.table.game().move_notation(mv);
        room.table.play(mv);
        log::event(format!("table {name}: the computer played {notation}"));
        self.after_move(&mut hub, name);
    }

    /// Saves table `name`, tells its viewers and starts its computer.
    fn after_move(self: &Arc<Self>, hub: &mut Hub, name: &str) {
        hub.save(name);
        if let Some(room) = hub.rooms.get_mut(name) {
            room.broadcast();
            if let Some(outcome) = room.table.outcome() {
                log::event(format!(
                    "table {name}: {}",
                    room.table.outcome_words(outcome)
                ));
            }
        }
        self.engage(hub, name);
    }

    /// Starts a search when a computer seat is to move at table `name`.
    fn engage(self: &Arc<Self>, hub: &mut Hub, name: &str) {
        let Some(room) = hub.rooms.get_mut(name) else {
            return;
        };
        let ply = room.table.ply();
        let computer = room.table.player_to_move().level();
        let Some(level) = computer.filter(|_| room.table.outcome().is_none()) else {
            return;
        };
        if room.searching == Some(ply) {
            return;
        }
        room.searching = Some(ply);
        let game = room.table.game().clone();
        let shared = self.clone();
        let table = name.to_string();
        computers::start(
            self.budget.clone(),
            name,
            ply,
            game,
            level.limits_with_think_ms(self.think_ms),
            move |mv| shared.computer_moved(&table, ply, mv),
        );
    }
}

impl Hub {
    /// Tells every connection in the lobby the tables changed.
    fn tell_lobby(&mut self) {
        self.lobby
            .retain(|_, tx| tx.send(ConnEvent::TableChanged).is_ok());
    }

    /// Writes table `name` and its seats to disk, and tells the lobby; a
    /// failure is logged.
    fn save(&mut self, name: &str) {
        self.tell_lobby();
        let Some(room) = self.rooms.get(name) else {
            return;
        };
        let path = self.data.join("tables").join(format!("{name}.json"));
        if let Err(e) = SaveStore::write(&path, &room.table.saved()) {
            log::event(format!("table {name}: {e}"));
        }
        // A guest's seat is never kept: guests are numbered afresh on
        // every start, so a kept one would go to a stranger.
        let holders = room
            .holders
            .iter()
            .map(|h| h.clone().filter(|h| !h.identity.starts_with(GUEST_PREFIX)))
            .collect();
        let seats = SeatsFile {
            owner: room.owner.clone(),
            holders,
        };
        let written = serde_json::to_string_pretty(&seats)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let path = seats_path(&self.data, name);
                let temp = path.with_extension("json.tmp");
                std::fs::create_dir_all(self.data.join("seats"))
                    .and_then(|_| std::fs::write(&temp, text))
                    .and_then(|_| std::fs::rename(&temp, &path))
                    .map_err(|e| e.to_string())
            });
        if let Err(e) = written {
            log::event(format!("table {name}: could not save its seats: {e}"));
        }
    }
}

/// Who made a table and who holds its seats, as kept on disk.
#[derive(serde::Serialize, serde::Deserialize)]
struct SeatsFile {
    owner: String,
    holders: Vec<Option<Holder>>,
}

/// Where the seats of table `name` are kept.
fn seats_path(data: &Path, name: &str) -> PathBuf {
    data.join("seats").join(format!("{name}.json"))
}

/// The seats kept at `path`; `None` (everyone's seat free) when missing
/// or unreadable, which is logged.
fn read_seats(path: &Path) -> Option<(String, Vec<Option<Holder>>)> {
    let text = std::fs::read_to_string(path).ok()?;
    match serde_json::from_str::<SeatsFile>(&text) {
        Ok(seats) => Some((seats.owner, seats.holders)),
        Err(e) => {
            log::event(format!("{}: {e}; its seats are free", path.display()));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::table::{Player, TableSpec};
    use catboard::variants::Variant;

    fn who(id: &str) -> Who {
        Who {
            identity: id.into(),
            name: id.into(),
            guest: id.starts_with(GUEST_PREFIX),
        }
    }

    fn chess() -> TableGame {
        TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: catboard::core::Options::new(),
            position: None,
            players: vec![Player::Human; 2],
        })
        .expect("chess")
    }

    #[test]
    fn a_restart_keeps_a_persons_seat_and_the_moves_but_no_guests_seat() {
        let dir = std::env::temp_dir().join(format!("catboard-hub-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let shared = Shared::load(&dir, Limits::default(), 100).expect("an empty hub");
        let (tx, _rx) = std::sync::mpsc::channel();
        shared.create("t", chess(), &who("key:a")).expect("made");
        shared
            .join("t", 1, &who("key:a"), tx.clone(), true, None)
            .expect("joined");
        shared
            .join("t", 2, &who("guest:1"), tx, true, None)
            .expect("joined");
        let e4 = shared
            .table("t")
            .expect("t")
            .game()
            .parse_move("e4")
            .expect("e4");
        shared.play("t", 1, e4).expect("White moves");
        drop(shared);

        let again = Shared::load(&dir, Limits::default(), 100).expect("brought back");
        assert_eq!(again.table("t").map(|t| t.ply()), Some(1));
        let hub = again.lock();
        let holders = &hub.rooms["t"].holders;
        assert_eq!(
            holders[0].as_ref().map(|h| h.identity.as_str()),
            Some("key:a")
        );
        assert_eq!(holders[1], None, "the guest's seat is free");
        drop(hub);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn one_person_may_make_only_so_many_tables() {
        let dir = std::env::temp_dir().join(format!("catboard-hub-cap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let limits = Limits {
            tables_per_identity: 1,
            ..Limits::default()
        };
        let shared = Shared::load(&dir, limits, 100).expect("an empty hub");
        shared
            .create("a", chess(), &who("key:a"))
            .expect("the first");
        let err = shared
            .create("b", chess(), &who("key:a"))
            .expect_err("one too many");
        assert!(err.contains("1 unfinished tables"), "{err}");
        let taken = shared
            .create("a", chess(), &who("key:b"))
            .expect_err("the name is taken");
        assert!(taken.contains("already a table called a"), "{taken}");
        shared
            .create("b", chess(), &who("key:b"))
            .expect("someone else may");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
