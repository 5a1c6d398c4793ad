//! The setup screen's state: variant, who plays each seat, the variant's
//! rule options, the start (opening or a position text), which seat sits at
//! the near edge, and the offer to resume the last unfinished game. All of
//! it comes from the library's `Variant` data, so new variants appear here
//! without changes.

use super::table::{Player, TableGame, TableSpec};
use super::words::capitalise;
use catboard::ai::level::{DEFAULT_THINK_MS, Level};
use catboard::clock::TimeControl;
use catboard::core::{Game, Options};
use catboard::protocol::engine::EngineSpec;
use catboard::protocol::engine::known::{KNOWN_ENGINES, KnownEngine};
use catboard::variants::Variant;
use std::path::PathBuf;
use std::time::Duration;

/// An unfinished game the setup screen offers to resume.
#[derive(Clone, Debug)]
pub struct ResumeOffer {
    /// The save file it came from (autosaves go on there).
    pub path: PathBuf,
    /// The game, replayed and checked.
    pub table: Box<TableGame>,
}

impl ResumeOffer {
    /// A one-line description: variant, moves played, side to move.
    pub fn describe(&self) -> String {
        let game = self.table.game();
        format!(
            "{} at move {}, {} to move",
            self.table.variant().name(),
            self.table.move_number(),
            capitalise(game.seat_name(game.to_move()))
        )
    }
}

/// An option's choice as a player reads it: `option1` as `option 1`,
/// `rooks_and_pawns` as `rooks and pawns`.
pub fn choice_words(id: &str) -> String {
    let mut words = String::new();
    let mut last = ' ';
    for c in id.chars() {
        if c == '_' {
            words.push(' ');
        } else {
            if c.is_ascii_digit() && last.is_ascii_alphabetic() {
                words.push(' ');
            }
            words.push(c);
        }
        last = c;
    }
    words
}

/// One row of the setup screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupRow {
    /// Resume the offered game.
    Resume,
    /// The variant.
    Variant,
    /// Who plays seat `n`.
    Seat(usize),
    /// The variant's option `n`.
    Option(usize),
    /// How long a Master computer thinks a move (only when one plays).
    MasterTime,
    /// The time control: none, or minutes plus seconds a move.
    Clock,
    /// Opening array or a position.
    Start,
    /// The position text (only when starting from a position).
    Position,
    /// The seat drawn at the near edge.
    NearSide,
    /// Start the game.
    Begin,
}

/// The setup screen's choices.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The highlighted row, an index into [`Setup::rows`].
    pub row: usize,
    /// The variant chosen.
    pub variant: Variant,
    /// Who plays each seat.
    pub players: Vec<Player>,
    /// Rule options chosen.
    pub options: Options,
    /// Whether the game starts from `position` rather than the opening.
    pub from_position: bool,
    /// The position text typed.
    pub position: String,
    /// The seat at the near edge of the board.
    pub near_side: usize,
    /// How long a Master computer thinks a move, in milliseconds.
    pub think_ms: u64,
    /// A game that can be resumed.
    pub resume: Option<ResumeOffer>,
    /// Who plays the seats after the first when a variant is chosen.
    pub opponent: Player,
    /// The engine playing each seat, where one does (its player is then
    /// the computer that takes over if it fails); empty when none does.
    pub engines: Vec<Option<EngineSpec>>,
    /// The engines installed here that a seat may be given, after the
    /// players (none on a shared table): bit `i` stands for
    /// `KNOWN_ENGINES[i]` (a byte, to keep the screen state small).
    pub offered: u8,
    /// The time control; `None` for a game without clocks.
    pub time: Option<TimeControl>,
}

impl Setup {
    /// The screen with the first variant and its defaults.
    pub fn new(resume: Option<ResumeOffer>) -> Setup {
        let variant = Variant::ALL.first().copied().unwrap_or(Variant::Chess);
        let mut setup = Setup {
            row: 0,
            variant,
            players: Vec::new(),
            options: Options::new(),
            from_position: false,
            position: String::new(),
            near_side: 0,
            think_ms: DEFAULT_THINK_MS,
            resume,
            opponent: Player::Human,
            engines: Vec::new(),
            offered: 0,
            time: None,
        };
        setup.reset_for_variant();
        setup
    }

    /// The screen offering `engines` (those installed) for the seats, each
    /// for the variants it plays.
    pub fn offering(mut self, engines: &[KnownEngine]) -> Setup {
        self.offered = KNOWN_ENGINES
            .iter()
            .enumerate()
            .filter(|(_, k)| engines.contains(k))
            .fold(0, |mask, (i, _)| mask | (1 << i));
        self
    }

    /// The engines offered for a seat of the variant chosen.
    fn engine_choices(&self) -> Vec<&KnownEngine> {
        KNOWN_ENGINES
            .iter()
            .enumerate()
            .filter(|(i, k)| self.offered & (1 << i) != 0 && k.plays(self.variant))
            .map(|(_, k)| k)
            .collect()
    }

    /// The engine of seat `seat`, if one plays it.
    fn engine(&self, seat: usize) -> Option<&EngineSpec> {
        self.engines.get(seat).and_then(Option::as_ref)
    }

    /// Steps seat `seat` through the players and then the engines offered,
    /// by `delta`, wrapping round. An engine's seat is the computer at
    /// Master for when it fails.
    fn change_seat(&mut self, seat: usize, delta: isize) {
        let engines: Vec<EngineSpec> = self.engine_choices().iter().map(|k| k.spec()).collect();
        let n = Player::ALL.len() + engines.len();
        let now = match self.engine(seat) {
            Some(spec) => {
                Player::ALL.len()
                    + engines
                        .iter()
                        .position(|e| e == spec)
                        .unwrap_or(engines.len())
            }
            None => self
                .players
                .get(seat)
                .and_then(|p| Player::ALL.iter().position(|q| q == p))
                .unwrap_or(0),
        };
        let next = (now as isize + delta).rem_euclid(n.max(1) as isize) as usize;
        self.engines.resize(self.players.len(), None);
        match engines.get(next.wrapping_sub(Player::ALL.len())) {
            Some(spec) if next >= Player::ALL.len() => {
                self.engines[seat] = Some(spec.clone());
                if let Some(p) = self.players.get_mut(seat) {
                    *p = Player::Computer(Level::Master);
                }
            }
            _ => {
                self.engines[seat] = None;
                if let Some(p) = self.players.get_mut(seat) {
                    *p = Player::ALL[next.min(Player::ALL.len() - 1)];
                }
            }
        }
        if self.engines.iter().all(Option::is_none) {
            self.engines.clear();
        }
    }

    /// The screen for one person at the terminal: the computer (at Club
    /// strength) plays every seat after the first, which the person
    /// plays. (A shared table, as the server's, keeps people in every seat.)
    pub fn against_the_computer(mut self) -> Setup {
        self.opponent = Player::Computer(Level::Club);
        self.reset_for_variant();
        self
    }

    /// The screen with the choices of `table` and Master's `think_ms`
    /// (for a new game after one).
    pub fn like(
        table: &TableGame,
        near_side: usize,
        think_ms: u64,
        resume: Option<ResumeOffer>,
    ) -> Setup {
        let mut setup = Setup::new(resume);
        setup.think_ms = think_ms;
        setup.variant = table.variant();
        setup.players = table.players().to_vec();
        setup.engines = table.engines().to_vec();
        setup.options = table.options().clone();
        setup.near_side = near_side;
        setup.time = table.time_control();
        let usual = table.variant().new_game(table.options()).position_text();
        if table.start_position() != usual {
            setup.from_position = true;
            setup.position = table.start_position().to_string();
        }
        setup
    }

    /// The variant's defaults: a person in the first seat, the opponent
    /// in every other, the usual start.
    fn reset_for_variant(&mut self) {
        self.players = (0..self.variant.seats().len())
            .map(|i| if i == 0 { Player::Human } else { self.opponent })
            .collect();
        self.engines.clear();
        self.options = Options::new();
        self.near_side = 0;
        self.position.clear();
        self.from_position = false;
    }

    /// The rows shown, in order.
    pub fn rows(&self) -> Vec<SetupRow> {
        let mut rows = Vec::new();
        if self.resume.is_some() {
            rows.push(SetupRow::Resume);
        }
        rows.push(SetupRow::Variant);
        rows.extend((0..self.variant.seats().len()).map(SetupRow::Seat));
        if self.players.contains(&Player::Computer(Level::Master)) && self.time.is_none() {
            rows.push(SetupRow::MasterTime);
        }
        rows.push(SetupRow::Clock);
        rows.extend((0..self.variant.options().len()).map(SetupRow::Option));
        rows.push(SetupRow::Start);
        if self.from_position {
            rows.push(SetupRow::Position);
        }
        rows.push(SetupRow::NearSide);
        rows.push(SetupRow::Begin);
        rows
    }

    /// The highlighted row.
    pub fn current(&self) -> SetupRow {
        let rows = self.rows();
        rows.get(self.row.min(rows.len().saturating_sub(1)))
            .copied()
            .unwrap_or(SetupRow::Begin)
    }

    /// Moves the highlight by `delta` rows, wrapping round.
    pub fn move_row(&mut self, delta: isize) {
        let n = self.rows().len() as isize;
        self.row = (self.row as isize + delta).rem_euclid(n.max(1)) as usize;
    }

    /// Steps the highlighted row's value by `delta`, wrapping round; rows
    /// without a list of values are left alone.
    pub fn change(&mut self, delta: isize) {
        let step = |i: usize, n: usize| (i as isize + delta).rem_euclid(n.max(1) as isize) as usize;
        match self.current() {
            SetupRow::Variant => {
                let i = Variant::ALL
                    .iter()
                    .position(|v| *v == self.variant)
                    .unwrap_or(0);
                let next = Variant::ALL[step(i, Variant::ALL.len())];
                if next != self.variant {
                    self.variant = next;
                    self.reset_for_variant();
                }
            }
            SetupRow::Seat(seat) => self.change_seat(seat, delta),
            SetupRow::Option(n) => {
                if let Some(spec) = self.variant.options().get(n) {
                    let value = self.options.value(spec);
                    let i = spec.choices.iter().position(|c| *c == value).unwrap_or(0);
                    let next = spec.choices[step(i, spec.choices.len())];
                    let _ = self.options.set(self.variant.options(), spec.key, next);
                }
            }
            SetupRow::MasterTime => {
                // The next choice up or down from the time now (which may
                // be a command-line time between two choices), wrapping.
                let now = self.think_ms;
                let choices = &THINK_CHOICES_MS;
                self.think_ms = if delta > 0 {
                    choices.iter().copied().find(|&ms| ms > now)
                } else {
                    choices.iter().rev().copied().find(|&ms| ms < now)
                }
                .unwrap_or(if delta > 0 {
                    choices[0]
                } else {
                    choices[choices.len() - 1]
                });
            }
            SetupRow::Clock => {
                let choices = time_choices();
                let i = choices.iter().position(|c| *c == self.time).unwrap_or(0);
                self.time = choices[step(i, choices.len())];
            }
            SetupRow::Start => {
                self.from_position = !self.from_position;
                if self.from_position && self.position.is_empty() {
                    self.position = self.variant.start_position().to_string();
                }
            }
            SetupRow::NearSide => {
                self.near_side = step(self.near_side, self.variant.seats().len());
            }
            SetupRow::Resume | SetupRow::Position | SetupRow::Begin => {}
        }
    }

    /// The label and the shown value of `row`.
    pub fn describe(&self, row: SetupRow) -> (String, String) {
        let seat_name = |i: usize| capitalise(self.variant.seats().get(i).copied().unwrap_or("?"));
        match row {
            SetupRow::Resume => (
                "Resume".into(),
                self.resume.as_ref().map_or(String::new(), |r| r.describe()),
            ),
            SetupRow::Variant => ("Variant".into(), self.variant.name().into()),
            SetupRow::Seat(i) => (
                seat_name(i),
                match self.engine(i) {
                    Some(spec) => spec.label(),
                    None => self.players.get(i).map_or("?".into(), |p| p.choice_label()),
                },
            ),
            SetupRow::Option(i) => match self.variant.options().get(i) {
                Some(spec) => (spec.label.into(), choice_words(self.options.value(spec))),
                None => (String::new(), String::new()),
            },
            SetupRow::MasterTime => ("Master thinks".into(), think_time_label(self.think_ms)),
            SetupRow::Clock => ("Clock".into(), time_label(self.time)),
            SetupRow::Start => (
                "Start from".into(),
                if self.from_position {
                    "a position".into()
                } else {
                    "the opening".into()
                },
            ),
            SetupRow::Position => ("Position".into(), self.position.clone()),
            SetupRow::NearSide => ("Near side".into(), seat_name(self.near_side)),
            SetupRow::Begin => ("Start the game".into(), String::new()),
        }
    }

    /// The table these choices describe.
    pub fn spec(&self) -> TableSpec {
        TableSpec {
            variant: self.variant,
            options: self.options.clone(),
            position: self.from_position.then(|| self.position.clone()),
            players: self.players.clone(),
            time: self.time,
        }
    }
}

/// The time controls the setup screen offers, as minutes plus seconds a
/// move, after none (a command line's `--time` may give any other).
pub const TIME_CHOICES: [(u64, u64); 8] = [
    (1, 0),
    (3, 2),
    (5, 0),
    (5, 3),
    (10, 5),
    (15, 10),
    (30, 0),
    (90, 30),
];

/// Every choice of the Clock row, no clock first.
fn time_choices() -> Vec<Option<TimeControl>> {
    std::iter::once(None)
        .chain(TIME_CHOICES.iter().map(|&(m, s)| {
            Some(TimeControl {
                base: Duration::from_secs(m * 60),
                increment: Duration::from_secs(s),
            })
        }))
        .collect()
}

/// A time control as the setup screen shows it: `none`, `5 min + 3 s a move`.
pub fn time_label(time: Option<TimeControl>) -> String {
    match time {
        None => "none".into(),
        Some(c) => {
            let (minutes, seconds) = c
                .text()
                .split_once('+')
                .map_or((c.text(), String::new()), |(m, s)| {
                    (m.to_string(), s.to_string())
                });
            format!("{minutes} min + {seconds} s a move")
        }
    }
}

/// The thinking times per move the setup screen offers Master, in
/// milliseconds.
pub const THINK_CHOICES_MS: [u64; 7] = [500, 1_000, 2_000, 3_000, 5_000, 10_000, 30_000];

/// A thinking time as the setup screen shows it: `0.5 s a move`.
fn think_time_label(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{} s a move", ms / 1000)
    } else {
        format!("{:.1} s a move", ms as f64 / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_come_from_the_variant_data() {
        let setup = Setup::new(None);
        let rows = setup.rows();
        let seats = Variant::Chess.seats().len();
        let options = Variant::Chess.options().len();
        assert_eq!(rows.len(), 1 + seats + options + 4);
        assert!(rows.contains(&SetupRow::Clock));
        assert_eq!(setup.describe(SetupRow::Seat(1)).0, "Black");
        assert_eq!(setup.describe(SetupRow::Option(0)).0, "Fifty-move rule");
    }

    #[test]
    fn a_new_game_defaults_to_a_person_against_the_computer_and_reads_its_options() {
        for variant in Variant::ALL {
            let mut s = Setup::new(None).against_the_computer();
            s.variant = *variant;
            s.reset_for_variant();
            assert_eq!(s.players[0], Player::Human, "{variant:?}");
            assert!(
                s.players[1..].iter().all(|p| p.level().is_some()),
                "{variant:?}: the computer plays every other seat"
            );
            assert!(!variant.summary().is_empty());
            // A shared table's setup keeps people in every seat.
            let mut shared = Setup::new(None);
            shared.variant = *variant;
            shared.reset_for_variant();
            assert!(shared.players.iter().all(|p| *p == Player::Human));
        }
        assert_eq!(choice_words("option1"), "option 1");
        assert_eq!(choice_words("rooks_and_pawns"), "rooks and pawns");
        assert_eq!(choice_words("original_2004"), "original 2004");
    }

    #[test]
    fn options_and_start_cycle_and_reach_the_spec() {
        let mut s = Setup::new(None);
        let option_row = s.rows().iter().position(|r| *r == SetupRow::Option(1));
        s.row = option_row.expect("the repetition row");
        s.change(1);
        assert_eq!(s.describe(SetupRow::Option(1)).1, "off");
        s.change(1);
        assert_eq!(s.describe(SetupRow::Option(1)).1, "on");
        s.change(-1);
        assert_eq!(s.spec().options.pairs(), ["repetition=off"]);
        s.row = s
            .rows()
            .iter()
            .position(|r| *r == SetupRow::Start)
            .unwrap_or(0);
        s.change(1);
        assert!(s.rows().contains(&SetupRow::Position));
        assert_eq!(
            s.spec().position.as_deref(),
            Some(Variant::Chess.start_position())
        );
        s.row = s
            .rows()
            .iter()
            .position(|r| *r == SetupRow::NearSide)
            .unwrap_or(0);
        s.change(1);
        assert_eq!(s.near_side, 1);
    }

    #[test]
    fn master_time_is_offered_once_master_plays_and_cycles() {
        let mut s = Setup::new(None);
        assert!(!s.rows().contains(&SetupRow::MasterTime));
        s.players[1] = Player::Computer(Level::Master);
        let row = s.rows().iter().position(|r| *r == SetupRow::MasterTime);
        s.row = row.expect("a Master-time row once Master plays");
        assert_eq!(s.describe(SetupRow::MasterTime).1, "2 s a move");
        s.change(1);
        assert_eq!(s.think_ms, 3_000);
        s.change(-1);
        s.change(-1);
        s.change(-1);
        assert_eq!(s.describe(SetupRow::MasterTime).1, "0.5 s a move");
        s.change(-1);
        assert_eq!(s.think_ms, 30_000, "wraps round");
        // A command-line time between two choices steps to its neighbours.
        s.think_ms = 4_000;
        s.change(1);
        assert_eq!(s.think_ms, 5_000);
        s.think_ms = 4_000;
        s.change(-1);
        assert_eq!(s.think_ms, 3_000);
    }

    #[test]
    fn the_row_highlight_wraps() {
        let mut s = Setup::new(None);
        s.move_row(-1);
        assert_eq!(s.current(), SetupRow::Begin);
        s.move_row(1);
        assert_eq!(s.current(), SetupRow::Variant);
    }

    #[test]
    fn installed_engines_follow_the_players_for_the_variants_they_play() {
        let mut s = Setup::new(None)
            .against_the_computer()
            .offering(KNOWN_ENGINES);
        s.row = s
            .rows()
            .iter()
            .position(|r| *r == SetupRow::Seat(1))
            .expect("Black's row");
        s.players[1] = Player::Human;
        let mut seen = vec![s.describe(SetupRow::Seat(1)).1];
        for _ in 1..Player::ALL.len() + KNOWN_ENGINES.len() {
            s.change(1);
            seen.push(s.describe(SetupRow::Seat(1)).1);
        }
        let levels = Level::ALL.map(|l| format!("computer ({})", l.label()));
        let engines = [
            "Stockfish (UCI engine)",
            "Fairy-Stockfish (UCI engine)",
            "Fairy-Max (XBoard engine)",
            "Sjaak II (XBoard engine)",
            "GNU Chess (UCI engine)",
        ];
        let mut expected = vec!["human".to_string()];
        expected.extend(levels);
        expected.extend(engines.map(String::from));
        assert_eq!(seen, expected);
        assert_eq!(seen[4], format!("computer ({})", Level::Club.label()));
        // An engine's seat is Master's should the engine fail.
        assert_eq!(s.players[1], Player::Computer(Level::Master));
        assert_eq!(
            s.engines[1].as_ref().map(|e| e.id()),
            Some("uci:gnuchess --uci".to_string())
        );
        s.change(1);
        assert_eq!(s.describe(SetupRow::Seat(1)).1, "human", "wraps round");
        assert!(s.engines.is_empty());
        s.change(-1);
        assert!(s.engines[1].is_some(), "back to the last engine");
        // No engine plays Cat Chess; a new variant forgets the engines.
        s.row = 0;
        s.change(1);
        assert_eq!(s.variant, Variant::Cat);
        assert!(s.engines.is_empty());
        s.row = s
            .rows()
            .iter()
            .position(|r| *r == SetupRow::Seat(1))
            .expect("Black's row");
        let before = s.players[1];
        for _ in 0..Player::ALL.len() {
            s.change(1);
            assert!(s.engines.is_empty());
        }
        assert_eq!(s.players[1], before, "the players alone, round");
        // A shared table's setup offers none.
        assert_eq!(Setup::new(None).offered, 0);
        let one = Setup::new(None).offering(&KNOWN_ENGINES[2..3]);
        assert_eq!(one.offered, 0b100);
    }
}
