//! The clocks at the table: the timer of the turn under way kept in step
//! with the game, a flag falling when the time of the seat to move runs
//! out, the low-time warning, and what the clocks read now. The time is
//! read from the App's [`TimeSource`](crate::timing::TimeSource)
//! once per action, so a front end only has to wake the session when
//! [`App::clock_wake`] says.

use super::{App, Effect, Playing, Screen};
use crate::describe::{Event, EventKind};
use crate::keeper::policy;
use crate::table::Player;
use crate::words::capitalise;
use catboard::clock::{LOW_TIME, said};
use catboard::core::{Game, Seat};
use std::time::Duration;

impl Playing {
    /// Whether the clock of the seat to move should run: when the table
    /// policy says it runs ([`crate::keeper::policy::clock_runs`]), play
    /// is not paused, and the game is not only watched (the catboard that
    /// has it times it).
    fn clock_should_run(&self) -> bool {
        crate::keeper::policy::clock_runs(&self.table) && !self.paused && self.watching.is_none()
    }

    /// The time `seat`'s clock reads `now` (its turn's time so far taken
    /// off, while it is to move); `None` in an untimed game.
    pub fn clock_reading(&self, seat: Seat, now: Duration) -> Option<Duration> {
        let clocks = self.table.clocks()?;
        let to_move = self.table.game().to_move() == seat && self.table.outcome().is_none();
        let running = if to_move {
            self.table.carried() + self.timer.running(now)
        } else {
            Duration::ZERO
        };
        Some(clocks.left_after(seat.index(), running))
    }
}

impl App {
    /// After an action: a new turn (the position changed) starts the
    /// timer afresh, and it runs only while [`Playing::clock_should_run`].
    pub(super) fn keep_time(&mut self, new_turn: bool) {
        let now = self.time.now();
        let Screen::Playing(p) = &mut self.screen else {
            return;
        };
        let runs = p.clock_should_run();
        if new_turn {
            p.timer.restart(now, runs);
        } else {
            p.timer.set_running(now, runs);
        }
        let seats = p.table.players().len();
        p.clock_faces = (0..seats)
            .filter_map(|i| p.clock_reading(Seat(i as u8), now))
            .collect();
    }

    /// Before every action: when the seat to move has run out of time, its
    /// flag falls (a ply the table plays, and the result or what follows
    /// is said); and a person's clock passing below ten seconds is told
    /// once. So no move is ever played after the flag fell.
    pub(super) fn watch_clocks(&mut self) -> Vec<Effect> {
        let now = self.time.now();
        let kept_elsewhere = self.kept_elsewhere;
        let Screen::Playing(p) = &mut self.screen else {
            return Vec::new();
        };
        if !p.timer.is_running() {
            return Vec::new();
        }
        if let Some(flag) = policy::fallen_flag(&p.table, p.timer.running(now)) {
            if kept_elsewhere {
                // The keeper's flag to play, by its own clock.
                return Vec::new();
            }
            p.timer.set_running(now, false);
            return super::asking::keeper_retires(self, flag);
        }
        let seat = p.table.game().to_move();
        let Some(left) = p.clock_reading(seat, now) else {
            return Vec::new();
        };
        for other in 0..8u8 {
            let reading = p.clock_reading(Seat(other), now);
            if reading.is_some_and(|t| t >= LOW_TIME) {
                p.low_time_told &= !(1 << other);
            }
        }
        let bit = 1u8 << (seat.0 & 7);
        let low = left < LOW_TIME;
        if low && p.low_time_told & bit == 0 && p.table.player(seat) == Player::Human {
            p.low_time_told |= bit;
            let name = capitalise(p.table.game().seat_name(seat));
            let has = if name.ends_with('s') { "have" } else { "has" };
            let text = format!("{name} {has} {} left.", said(left));
            self.emit(Event::new(EventKind::Info, text));
        }
        Vec::new()
    }

    /// How long a front end may wait before the clocks need the session
    /// again ([`crate::action::Action::Tick`]): when the flag of
    /// the seat to move falls, its low-time mark is passed, or (with
    /// `shown`, for a screen) the clock shown changes its last figure.
    /// `None` while no clock runs.
    pub fn clock_wake(&self, shown: bool) -> Option<Duration> {
        let now = self.time.now();
        let Screen::Playing(p) = &self.screen else {
            return None;
        };
        if !p.timer.is_running() {
            return None;
        }
        let left = p.clock_reading(p.table.game().to_move(), now)?;
        if left.is_zero() && self.kept_elsewhere {
            // Nothing more to show until the keeper plays the flag.
            return None;
        }
        let mut due = left;
        if left > LOW_TIME {
            due = due.min(left - LOW_TIME);
        }
        if shown {
            let step = if left <= LOW_TIME {
                Duration::from_millis(100)
            } else {
                Duration::from_secs(1)
            };
            let into_step = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
            due = due.min(if into_step.is_zero() { step } else { into_step });
        }
        Some(due.max(Duration::from_millis(1)))
    }

    /// What `seat`'s clock reads now, in a timed game being played.
    pub fn clock_reading(&self, seat: Seat) -> Option<Duration> {
        match &self.screen {
            Screen::Playing(p) => p.clock_reading(seat, self.time.now()),
            Screen::Setup(_) => None,
        }
    }
}
