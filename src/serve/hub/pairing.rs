//! Quick games: a person in the lobby asks for a game of a variant at a
//! time control and waits; the hub pairs them with the waiting player
//! nearest in rating (the range widening while they wait), makes the
//! table, seats them at random and sends them there. After
//! [`COMPUTER_OFFER_AFTER`] the lobby offers the computer instead. The
//! waiting list is budgeted: one wait a connection, one a person, and
//! [`MAX_SEEKS`] in all; a wait ends when its connection leaves the lobby.

use super::{Shared, lock};
use crate::serve::identity::Who;
use crate::serve::limits::{COMPUTER_OFFER_AFTER, MAX_SEEKS, SEEK_RANGE, SEEK_WIDENING};
use crate::serve::log;
use crate::serve::mailbox::Mailbox;
use crate::serve::room::{Holder, Room};
use crate::session::table::{Player, TableGame, TableSpec};
use catboard::clock::TimeControl;
use catboard::core::Options;
use catboard::rating::Rating;
use catboard::variants::Variant;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The level of the computer offered to someone who waited long, and
/// what the lobby shows of a wait (the session's).
pub use crate::session::lobby::{QUICK_COMPUTER, SeekStatus};

/// One person waiting for a quick game.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Their connection.
    pub conn: u64,
    /// Who they are.
    pub who: Who,
    /// Where to tell them the game is ready.
    pub mailbox: Arc<Mailbox>,
    /// The variant asked for.
    pub variant: Variant,
    /// The time control asked for.
    pub control: TimeControl,
    /// Their rating in the variant (a new player's for a guest).
    pub rating: f64,
    /// When they began to wait, on the hub's clock.
    pub since: Duration,
}

impl Seek {
    /// How far from their rating they may be paired, `now`.
    pub fn range(&self, now: Duration) -> f64 {
        SEEK_RANGE + SEEK_WIDENING * now.saturating_sub(self.since).as_secs_f64()
    }

    /// Whether `other` waits for the same game and is near enough in
    /// rating for both, `now`.
    fn suits(&self, other: &Seek, now: Duration) -> bool {
        self.variant == other.variant
            && self.control == other.control
            && self.who.identity != other.who.identity
            && (self.rating - other.rating).abs() <= self.range(now).min(other.range(now))
    }
}

/// The people waiting, the longest first.
#[derive(Debug, Default)]
pub struct Seeks {
    list: Vec<Seek>,
}

impl Seeks {
    /// Adds `seek` (in place of its connection's earlier one); refused
    /// when another connection of the same person waits, or the list is full.
    pub fn add(&mut self, seek: Seek) -> Result<(), String> {
        self.list.retain(|s| s.conn != seek.conn);
        if self
            .list
            .iter()
            .any(|s| s.who.identity == seek.who.identity)
        {
            return Err("You are waiting for a quick game on another connection already.".into());
        }
        if self.list.len() >= MAX_SEEKS {
            return Err(format!(
                "{MAX_SEEKS} people are waiting for a quick game, the most the server keeps; make a table (c) or try again soon."
            ));
        }
        self.list.push(seek);
        Ok(())
    }

    /// Takes connection `conn`'s wait off the list.
    pub fn remove(&mut self, conn: u64) -> Option<Seek> {
        let at = self.list.iter().position(|s| s.conn == conn)?;
        Some(self.list.remove(at))
    }

    /// How connection `conn`'s wait stands `now`.
    pub fn status(&self, conn: u64, now: Duration) -> Option<SeekStatus> {
        let seek = self.list.iter().find(|s| s.conn == conn)?;
        let waited = now.saturating_sub(seek.since);
        Some(SeekStatus {
            variant: seek.variant,
            control: seek.control,
            waited,
            range: seek.range(now),
            computer_offered: waited >= COMPUTER_OFFER_AFTER,
        })
    }

    /// The games that can be made `now`, each its players (as many as the
    /// variant has seats), taken off the list: the longest waiting first,
    /// each with those waiting for the same game nearest to them in rating.
    pub fn groups(&mut self, now: Duration) -> Vec<Vec<Seek>> {
        self.list.sort_by_key(|s| s.since);
        let mut taken = vec![false; self.list.len()];
        let mut groups = Vec::new();
        for i in 0..self.list.len() {
            if taken[i] {
                continue;
            }
            let first = &self.list[i];
            let seats = first.variant.seats().len();
            let mut near: Vec<(f64, usize)> = (0..self.list.len())
                .filter(|&j| j != i && !taken[j] && first.suits(&self.list[j], now))
                .map(|j| ((first.rating - self.list[j].rating).abs(), j))
                .collect();
            if near.len() + 1 < seats {
                continue;
            }
            near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let mut group = vec![i];
            group.extend(near.iter().take(seats - 1).map(|(_, j)| *j));
            for &j in &group {
                taken[j] = true;
            }
            groups.push(group);
        }
        let out: Vec<Vec<Seek>> = groups
            .iter()
            .map(|g| g.iter().map(|&j| self.list[j].clone()).collect())
            .collect();
        let mut j = 0;
        self.list.retain(|_| {
            j += 1;
            !taken[j - 1]
        });
        out
    }
}

impl Shared {
    /// Connection `conn` of `who` waits for a quick game of `variant` at
    /// `control`, told through `mailbox` when it is ready; refused when
    /// `who` may not make another table or the list is full. May read.
    pub fn seek(
        &self,
        conn: u64,
        who: &Who,
        mailbox: Arc<Mailbox>,
        variant: Variant,
        control: TimeControl,
    ) -> Result<(), String> {
        self.room_for(who)?;
        let rating = if who.guest {
            Rating::default().rating
        } else {
            self.store
                .ratings(&[who.identity.as_str()], variant.id())?
                .first()
                .copied()
                .unwrap_or_default()
                .rating
        };
        lock(&self.seeks).add(Seek {
            conn,
            who: who.clone(),
            mailbox,
            variant,
            control,
            rating,
            since: self.time.now(),
        })?;
        log::by(
            &log::Source {
                conn,
                address: &who.address,
            },
            format!(
                "{} waits for a quick game of {} at {control} (rated {rating:.0})",
                who.name,
                variant.name()
            ),
        );
        self.pair_seekers();
        Ok(())
    }

    /// Connection `conn` no longer waits for a quick game.
    pub fn cancel_seek(&self, conn: u64) {
        if let Some(seek) = lock(&self.seeks).remove(conn) {
            log::by(
                &log::Source {
                    conn,
                    address: &seek.who.address,
                },
                format!("{} stopped waiting for a quick game", seek.who.name),
            );
        }
    }

    /// How connection `conn`'s wait for a quick game stands.
    pub fn seek_status(&self, conn: u64) -> Option<SeekStatus> {
        lock(&self.seeks).status(conn, self.time.now())
    }

    /// Pairs whoever can be paired: each game's table is made and its
    /// players sent there. A table that cannot be made is told to them.
    pub(super) fn pair_seekers(&self) {
        let groups = lock(&self.seeks).groups(self.time.now());
        for group in groups {
            match self.open_quick(&group) {
                Ok(name) => {
                    for seek in &group {
                        seek.mailbox.go_to(&name);
                    }
                }
                Err(e) => {
                    log::event(format!("a quick game was not made: {e}"));
                    for seek in &group {
                        seek.mailbox
                            .notice(format!("Your quick game was not made: {e}"), true);
                    }
                }
            }
        }
    }

    /// A name for a new quick game's table: `quick-N`.
    fn quick_name(&self) -> String {
        loop {
            let n = self.next_quick.fetch_add(1, Ordering::Relaxed);
            let name = format!("quick-{n}");
            if !self.exists(&name) {
                return name;
            }
        }
    }

    /// Makes the table of a quick game for `players` (the seats given out
    /// at random; counted against the one who waited longest), or for the
    /// one player against the computer at the other seats; its name.
    fn open_quick(&self, players: &[Seek]) -> Result<String, String> {
        let first = players
            .first()
            .ok_or_else(|| "nobody to play".to_string())?;
        let _making = lock(&self.creating);
        self.room_for(&first.who)?;
        let seats = first.variant.seats().len();
        let mut order: Vec<usize> = (0..seats).collect();
        rand::seq::SliceRandom::shuffle(order.as_mut_slice(), &mut rand::rng());
        let people: Vec<Option<&Seek>> = (0..seats)
            .map(|s| {
                order
                    .iter()
                    .position(|&o| o == s)
                    .and_then(|i| players.get(i))
            })
            .collect();
        let spec = TableSpec {
            variant: first.variant,
            options: Options::new(),
            position: None,
            players: people
                .iter()
                .map(|p| match p {
                    Some(_) => Player::Human,
                    None => Player::Computer(QUICK_COMPUTER),
                })
                .collect(),
            time: Some(first.control),
        };
        let table = TableGame::new(&spec).map_err(|e| e.to_string())?;
        let mut room = Room::new(
            table,
            first.who.person.clone(),
            self.limits.think_ms,
            self.time.now(),
        );
        room.address = (!first.who.address.is_empty()).then(|| first.who.address.clone());
        for (slot, person) in room.holders.iter_mut().zip(&people) {
            *slot = person.map(|p| Holder {
                identity: p.who.identity.clone(),
                name: p.who.name.clone(),
            });
        }
        let name = self.quick_name();
        self.open(&name, room)?;
        let names: Vec<&str> = players.iter().map(|p| p.who.name.as_str()).collect();
        log::event(format!(
            "table {name}: a quick game of {} at {}, {}",
            first.variant.name(),
            first.control,
            if players.len() == 1 {
                format!("{} against the computer", names.join(""))
            } else {
                names.join(" against ")
            }
        ));
        Ok(name)
    }

    /// Connection `conn` of `who`, waiting for a quick game of `variant`
    /// at `control`, plays the computer instead: the table made (the
    /// person's seat at random), its name. May write.
    pub fn quick_computer(
        &self,
        conn: u64,
        who: &Who,
        mailbox: Arc<Mailbox>,
        variant: Variant,
        control: TimeControl,
    ) -> Result<String, String> {
        self.cancel_seek(conn);
        self.open_quick(&[Seek {
            conn,
            who: who.clone(),
            mailbox,
            variant,
            control,
            rating: Rating::default().rating,
            since: self.time.now(),
        }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(conn: u64, variant: Variant, rating: f64, since: u64) -> Seek {
        Seek {
            conn,
            who: Who::with_key(&format!("key:{conn}"), format!("p{conn}")),
            mailbox: Arc::new(Mailbox::new()),
            variant,
            control: TimeControl::parse("5+3").ok().flatten().expect("a control"),
            rating,
            since: Duration::from_secs(since),
        }
    }

    fn conns(groups: &[Vec<Seek>]) -> Vec<Vec<u64>> {
        groups
            .iter()
            .map(|g| g.iter().map(|s| s.conn).collect())
            .collect()
    }

    #[test]
    fn the_nearest_in_rating_is_paired_and_the_range_widens_with_waiting() {
        let mut seeks = Seeks::default();
        seeks
            .add(seek(1, Variant::Chess, 1500.0, 0))
            .expect("added");
        seeks
            .add(seek(2, Variant::Chess, 1750.0, 0))
            .expect("added");
        let now = Duration::from_secs(1);
        assert!(seeks.groups(now).is_empty(), "250 apart: too far at first");
        seeks
            .add(seek(3, Variant::Chess, 1560.0, 1))
            .expect("added");
        seeks
            .add(seek(4, Variant::Polar, 1500.0, 1))
            .expect("added");
        assert_eq!(
            conns(&seeks.groups(now)),
            [[1, 3]],
            "the nearest, same game"
        );
        // 2 and 4 wait for different games; 2 widens but finds nobody.
        assert!(seeks.groups(Duration::from_secs(60)).is_empty());
        seeks
            .add(seek(5, Variant::Chess, 1300.0, 60))
            .expect("added");
        assert!(
            seeks.groups(Duration::from_secs(61)).is_empty(),
            "450 apart: 2 would, but 5 has only just come"
        );
        assert_eq!(conns(&seeks.groups(Duration::from_secs(96))), [[2, 5]]);
        let status = seeks.status(4, Duration::from_secs(31)).expect("4 waits");
        assert!(
            status.computer_offered && status.range == 400.0,
            "{status:?}"
        );
    }

    #[test]
    fn a_game_of_three_or_four_waits_for_them_all() {
        let mut seeks = Seeks::default();
        for conn in 1..=3 {
            seeks
                .add(seek(conn, Variant::BacCanCat, 1500.0, conn))
                .expect("added");
        }
        assert!(
            seeks.groups(Duration::from_secs(5)).is_empty(),
            "three of four"
        );
        seeks
            .add(seek(4, Variant::BacCanCat, 1500.0, 4))
            .expect("added");
        assert_eq!(conns(&seeks.groups(Duration::from_secs(5))), [[1, 2, 3, 4]]);
    }

    #[test]
    fn the_list_takes_one_wait_a_person_and_no_more_than_its_cap() {
        let mut seeks = Seeks::default();
        seeks
            .add(seek(1, Variant::Chess, 1500.0, 0))
            .expect("added");
        seeks
            .add(seek(1, Variant::Polar, 1500.0, 0))
            .expect("replaces its own");
        let mut again = seek(2, Variant::Chess, 1500.0, 0);
        again.who = seek(1, Variant::Chess, 0.0, 0).who;
        assert!(seeks.add(again).is_err(), "one person, two connections");
        assert!(seeks.remove(1).is_some());
        for conn in 0..MAX_SEEKS as u64 {
            seeks.add(seek(conn, Variant::Chu, 0.0, 0)).expect("room");
        }
        let full = seeks
            .add(seek(u64::MAX, Variant::Chu, 0.0, 0))
            .expect_err("full");
        assert!(full.contains("the most the server keeps"), "{full}");
    }
}
