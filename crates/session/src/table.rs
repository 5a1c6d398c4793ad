//! A game in progress at the table: the variant, options and start, who
//! plays each seat, the game itself, the move list in its notation, the
//! captured pieces, and the moves undone that `redo` can replay.

mod engine_seats;
mod error;
mod roster;
mod saved;

pub use error::{TableError, UnknownPlayer};
pub use roster::{Roster, SeatChange};

use super::save::{SavedGame, SavedSeries, SavedVerdict};
use super::words::capitalise;
use catboard::ai::Level;
use catboard::analysis::AnalysisRecord;
use catboard::clock::{Clocks, FlagFell, TimeControl};
use catboard::core::{
    Cell, Departure, EndReason, Game, Move, MoveKind, Options, Outcome, Piece, Retire, RetireError,
    Seat, Termination,
};
use catboard::series::Series;
use catboard::variants::{AnyGame, Variant};
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// The computer, at this level.
    Computer(Level),
}

impl Player {
    /// Every kind of player the setup screen offers, in its order.
    pub const ALL: &'static [Player] = &[
        Player::Human,
        Player::Computer(Level::Beginner),
        Player::Computer(Level::Novice),
        Player::Computer(Level::Casual),
        Player::Computer(Level::Club),
        Player::Computer(Level::Advanced),
        Player::Computer(Level::Strong),
        Player::Computer(Level::Expert),
        Player::Computer(Level::Master),
    ];

    /// The name used on the command line, in saves and on screen
    /// (`human`, or the computer's level: `beginner` … `master`).
    pub const fn id(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer(level) => level.id(),
        }
    }

    /// The player named `id`: `human`, a level's name, or an Elo (the
    /// computer at the nearest level of the ladder).
    pub fn from_id(id: &str) -> Result<Player, UnknownPlayer> {
        if id.trim().eq_ignore_ascii_case("human") {
            return Ok(Player::Human);
        }
        match id.parse::<Level>() {
            Ok(level) => Ok(Player::Computer(level)),
            Err(why) if id.trim().bytes().all(|b| b.is_ascii_digit()) => {
                Err(UnknownPlayer::Elo(why))
            }
            Err(_) => Err(UnknownPlayer::Name(id.to_string())),
        }
    }

    /// How the screen names the player: `human`, `computer (club)`.
    pub fn label(self) -> String {
        match self {
            Player::Human => "human".to_string(),
            Player::Computer(level) => format!("computer ({level})"),
        }
    }

    /// How the setup screen offers the player, with the computer's
    /// strength: `human`, `computer (Club ≈ 1380 ± 110)`.
    pub fn choice_label(self) -> String {
        match self {
            Player::Human => "human".to_string(),
            Player::Computer(level) => format!("computer ({})", level.label()),
        }
    }

    /// The computer's level, when the computer plays.
    pub const fn level(self) -> Option<Level> {
        match self {
            Player::Human => None,
            Player::Computer(level) => Some(level),
        }
    }
}

/// What a new table is set up from.
#[derive(Clone, Debug, PartialEq)]
pub struct TableSpec {
    /// The variant played.
    pub variant: Variant,
    /// Its rule options.
    pub options: Options,
    /// The start position's text; `None` for the usual start.
    pub position: Option<String>,
    /// Who plays each seat, in seat order.
    pub players: Vec<Player>,
    /// The time control; `None` for a game without clocks.
    pub time: Option<TimeControl>,
}

/// One move as the table remembers it.
#[derive(Clone, Debug, PartialEq)]
struct Played {
    mv: Move,
    notation: String,
    mover: Seat,
    /// The other seats' pieces the move took off the board (both of a
    /// Lion's double capture).
    captured: Vec<Piece>,
    /// The mover's clock before and after the move (after its increment),
    /// in a timed game: undo and redo set the clock back and forth by them.
    clock: Option<(Duration, Duration)>,
}

/// A game at a table: the game, who plays each seat, and the moves taken
/// back that redo can replay (not to be confused with ratatui's `Table`
/// widget or the search's transposition `Table`).
#[derive(Clone, Debug)]
pub struct TableGame {
    variant: Variant,
    options: Options,
    start: String,
    players: Vec<Player>,
    game: AnyGame,
    played: Vec<Played>,
    /// Moves taken back, the next to replay last.
    redo: Vec<Played>,
    first_mover: Seat,
    /// The round number of the start position (a set-up position's
    /// fullmove number), the move list's first number.
    first_round: u16,
    /// The series this game belongs to: the games finished before it.
    series: Series,
    /// How long a Master computer thinks per move at this table (ms),
    /// when set: saved with the game.
    think_ms: Option<u64>,
    /// The engine playing each seat, where one does (see
    /// [`TableGame::engine`]); empty when none does.
    engines: Vec<Option<catboard::protocol::engine::EngineSpec>>,
    /// The clocks, in a timed game: each seat's time as its turn began.
    clocks: Option<Clocks>,
    /// The time the seat to move had spent on its turn before this game
    /// was last read back from a save (the rest of the turn is the front
    /// end's to measure); nothing once a move is played.
    carried: Duration,
    /// The loaded game's tags and each change of player, for PGN.
    roster: Roster,
    /// The game's analysis as far as it went, as its save keeps it (of the
    /// moves played, or of the first of them).
    analysis: Option<AnalysisRecord>,
}

impl TableGame {
    /// A new game as `spec` describes; a bad start position is reported in
    /// one sentence.
    pub fn new(spec: &TableSpec) -> Result<TableGame, TableError> {
        let game = match &spec.position {
            Some(text) => spec.variant.from_position(text.trim(), &spec.options)?,
            None => spec.variant.new_game(&spec.options),
        };
        let seats = spec.variant.seats().len();
        if spec.players.len() != seats {
            return Err(TableError::Seats {
                variant: spec.variant,
                seats,
                players: spec.players.len(),
            });
        }
        Ok(TableGame {
            variant: spec.variant,
            options: spec.options.clone(),
            start: game.position_text(),
            players: spec.players.clone(),
            first_mover: game.to_move(),
            first_round: game.fullmove().max(1),
            think_ms: None,
            engines: Vec::new(),
            clocks: spec.time.map(|control| Clocks::new(control, seats)),
            carried: Duration::ZERO,
            roster: Roster::default(),
            analysis: None,
            game,
            played: Vec::new(),
            redo: Vec::new(),
            series: Series::new(),
        })
    }

    /// Plays `retire` (a seat resigns or its flag falls, or a draw is
    /// agreed) as the next ply; refused in one sentence where the game
    /// does not allow it. A flag fallen leaves the seat's clock at 0.
    pub fn retire(&mut self, retire: Retire) -> Result<(), RetireError> {
        self.game.may_retire(retire)?;
        let mv = retire.to_move();
        let notation = self.game.move_notation(mv);
        let after = match (retire, &self.clocks) {
            (Retire::Leave(seat, Departure::Flagged), Some(_)) => Some((seat, Duration::ZERO)),
            _ => None,
        };
        self.record(mv, notation, after.map(|(_, left)| left));
        Ok(())
    }

    /// The game's analysis as its save keeps it, if it was analysed.
    pub fn analysis_record(&self) -> Option<&AnalysisRecord> {
        self.analysis.as_ref()
    }

    /// Keeps `record`, the game's analysis, for its save (none: forgets
    /// it).
    pub fn set_analysis_record(&mut self, record: Option<AnalysisRecord>) {
        self.analysis = record;
    }

    /// The time control, in a timed game.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clocks.as_ref().map(Clocks::control)
    }

    /// Each seat's time as it stood `ply` plies into the game (for the
    /// review of an earlier position), in a timed game: a seat's reading
    /// before its first move, then after each of its moves up to `ply`.
    pub fn clocks_at(&self, ply: usize) -> Option<Vec<Duration>> {
        let clocks = self.clocks.as_ref()?;
        let mut left: Vec<Option<Duration>> = vec![None; self.players.len()];
        for p in &self.played {
            if let (Some((before, _)), Some(slot)) = (p.clock, left.get_mut(p.mover.index())) {
                slot.get_or_insert(before);
            }
        }
        for p in self.played.iter().take(ply) {
            if let (Some((_, after)), Some(slot)) = (p.clock, left.get_mut(p.mover.index())) {
                *slot = Some(after);
            }
        }
        Some(
            left.into_iter()
                .enumerate()
                .map(|(seat, reading)| reading.unwrap_or_else(|| clocks.left(seat)))
                .collect(),
        )
    }

    /// The clocks, in a timed game: each seat's time as its turn began.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The time the seat to move spent on its turn before the game was
    /// read back from its save.
    pub fn carried(&self) -> Duration {
        self.carried
    }

    /// Sets the time the seat to move has spent on its turn so far, as the
    /// game's keeper measured it (a server hands each viewer a copy with
    /// its own measure, so every screen shows the same clock; the rest of
    /// the turn is the viewer's to measure).
    pub fn set_carried(&mut self, carried: Duration) {
        self.carried = carried;
    }

    /// Whether `seat`'s clock runs on its turns: a timed game, and the
    /// seat has not left it (the Cats pass without a clock once their flag
    /// has fallen).
    pub fn clock_runs_for(&self, seat: Seat) -> bool {
        self.clocks.is_some() && self.game.retirements().of(seat).is_none()
    }

    /// Whether the game's first move is still to be made, by a person:
    /// clocks start with the first move, so no time is taken before it
    /// (a computer's first move is timed as usual).
    pub fn opening(&self) -> bool {
        self.played.is_empty() && self.player_to_move() == Player::Human
    }

    /// The clock readings after each ply, oldest first (`None` in an
    /// untimed game): what PGN writes as `%clk`, and the server keeps
    /// with each move.
    pub fn clock_readings(&self) -> Vec<Option<Duration>> {
        self.played
            .iter()
            .map(|p| p.clock.map(|(_, after)| after))
            .collect()
    }

    /// How long a Master computer thinks per move at this table (ms), if
    /// set (a game saved before this was recorded has none).
    pub fn think_ms(&self) -> Option<u64> {
        self.think_ms
    }

    /// Sets how long a Master computer thinks per move at this table.
    pub fn set_think_ms(&mut self, think_ms: u64) {
        self.think_ms = Some(think_ms);
    }

    /// The series this game belongs to, without this game.
    pub fn series(&self) -> &Series {
        &self.series
    }

    /// Makes this game the next of `series` (the games finished before it).
    pub fn set_series(&mut self, series: Series) {
        self.series = series;
    }

    /// The series with this game counted, when it has ended and its
    /// variant scores points; recomputed each time, so asking twice, or
    /// after undoing the end and finishing again, never counts it twice.
    pub fn series_with_this_game(&self) -> Series {
        self.series.after_game(&self.game)
    }

    /// Whether this game belongs to a series worth showing: its variant
    /// scores points and a game of the series has ended (this or an earlier one).
    pub fn shows_series(&self) -> bool {
        self.game.points().is_some() && (!self.series.is_fresh() || self.outcome().is_some())
    }

    /// The position the game started from, in the variant's text form.
    pub fn start_position(&self) -> &str {
        &self.start
    }

    /// The game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rule options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Who plays each seat.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Who plays the seat to move.
    pub fn player_to_move(&self) -> Player {
        self.player(self.game.to_move())
    }

    /// The result, once the game is over (by its rules, or by a seat
    /// resigning or out of time, or a draw agreed: the plies of
    /// [`TableGame::retire`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// How `outcome` reads: "Checkmate — White wins", "Draw by stalemate",
    /// "Draw by threefold repetition — the Cats win" (a draw that a seat
    /// wins, as in Cat Chess), "Black resigns — White wins", "White's flag
    /// fell — Black wins".
    pub fn outcome_words(&self, outcome: Outcome) -> String {
        termination_words(
            Termination::new(outcome, self.last_move()),
            self.game.seat_names(),
        )
    }

    /// Plays `mv` (legal now) without a clock (or with no time spent on
    /// it), forgetting any moves that were undone.
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "the server times every move it plays")
    )]
    pub fn play(&mut self, mv: Move) {
        let _ = self.play_after(mv, Duration::ZERO);
    }

    /// Plays `mv` (legal now) for the seat to move, which spent `spent` on
    /// its turn (measured by the front end; the time carried from a save
    /// is added here): the time comes off its clock and the increment goes
    /// on (a person's first move of the game leaves the clock as it is:
    /// see [`TableGame::opening`]). When the time had run out first the move is not played and the
    /// seat's flag falls instead ([`FlagFell`]).
    pub fn play_after(&mut self, mv: Move, spent: Duration) -> Result<(), FlagFell> {
        let notation = self.game.move_notation(mv);
        let mover = self.game.to_move();
        let after = match &self.clocks {
            Some(clocks) if self.game.retirements().of(mover).is_none() && !self.opening() => {
                // Worked out on a copy: `record` sets the clock and keeps
                // the reading before the move for undo and review.
                match clocks.clone().moved(mover.index(), self.carried + spent) {
                    Ok(after) => Some(after),
                    Err(flag) => {
                        let _ = self.retire(Retire::Leave(mover, Departure::Flagged));
                        return Err(flag);
                    }
                }
            }
            Some(clocks) => Some(clocks.left(mover.index())),
            None => None,
        };
        self.record(mv, notation, after);
        Ok(())
    }

    /// Plays `mv` (legal now), written `notation` in the move list, with
    /// the mover's clock reading `after` it (a timed game); the clocks are
    /// set to it.
    fn record(&mut self, mv: Move, notation: String, after: Option<Duration>) {
        let mover = match Retire::of(mv) {
            Some(Retire::Leave(seat, _)) => seat,
            _ => self.game.to_move(),
        };
        let clock = self.clocks.as_mut().map(|clocks| {
            let before = clocks.left(mover.index());
            let after = after.unwrap_or(before);
            clocks.set_left(mover.index(), after);
            (before, after)
        });
        let exposed = exposed(&self.game, mv);
        self.game.make_move(mv);
        let captured = exposed
            .into_iter()
            .filter(|&(cell, piece)| self.game.piece_at(cell) != Some(piece))
            .map(|(_, piece)| piece)
            .collect();
        let entry = Played {
            mv,
            notation,
            mover,
            captured,
            clock,
        };
        self.played.push(entry);
        self.redo.clear();
        self.carried = Duration::ZERO;
    }

    /// Takes back the last move (its mover's clock as it was before it);
    /// false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some(entry) => {
                self.game.unmake_move();
                if let (Some(clocks), Some((before, _))) = (&mut self.clocks, entry.clock) {
                    clocks.set_left(entry.mover.index(), before);
                }
                self.redo.push(entry);
                self.carried = Duration::ZERO;
                // The position after the move taken back is no longer the
                // game's: its analysis goes with it.
                let positions = self.played.len() + 1;
                if let Some(record) = &mut self.analysis {
                    record.positions.truncate(positions);
                }
                true
            }
            None => false,
        }
    }

    /// Plays again the last move taken back (its mover's clock as it was
    /// after it); false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(entry) => {
                self.game.make_move(entry.mv);
                if let (Some(clocks), Some((_, after))) = (&mut self.clocks, entry.clock) {
                    clocks.set_left(entry.mover.index(), after);
                }
                self.played.push(entry);
                self.carried = Duration::ZERO;
                true
            }
            None => false,
        }
    }

    /// The moves played, as the move list writes them.
    pub fn notation(&self) -> impl Iterator<Item = &str> {
        self.played.iter().map(|p| p.notation.as_str())
    }

    /// The moves taken back, in the order `redo` would replay them.
    pub fn undone_notation(&self) -> impl Iterator<Item = &str> {
        self.redo.iter().rev().map(|p| p.notation.as_str())
    }

    /// The moves taken back, in the order `redo` would replay them.
    pub fn undone_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.redo.iter().rev().map(|p| p.mv)
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.played.iter().map(|p| p.mv)
    }

    /// The seat that played each ply, in turn.
    pub fn movers(&self) -> impl Iterator<Item = Seat> + '_ {
        self.played.iter().map(|p| p.mover)
    }

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        self.played.len()
    }

    /// The number the move list gives the round now being played: rounds
    /// of every seat's move, counted from the start position's number
    /// (a FEN's fullmove), so a chess game 45 plies in is at move 23.
    pub fn move_number(&self) -> usize {
        self.round_of(self.ply())
    }

    /// The number the move list gives the last move played (`None`
    /// before the first): 23 for chess's 45th ply (23. Qc6#) and 44th.
    pub fn last_move_number(&self) -> Option<usize> {
        self.ply().checked_sub(1).map(|ply| self.round_of(ply))
    }

    /// The round of the ply numbered `ply` from 0 (the start position's
    /// number, and its side to move: a FEN with Black to move at 8 has
    /// Black's 8 as ply 0 and White's 9 as ply 1).
    fn round_of(&self, ply: usize) -> usize {
        let seats = self.players.len().max(1);
        let (first, mover) = self
            .variant()
            .from_position(self.start_position(), self.options())
            .map_or((1, 0), |g| (g.fullmove(), g.to_move().index()));
        usize::from(first) + (ply + mover) / seats
    }

    /// Who plays `seat`.
    pub fn player(&self, seat: Seat) -> Player {
        self.players
            .get(seat.index())
            .copied()
            .unwrap_or(Player::Human)
    }

    /// Whether a person plays at least one seat.
    pub fn has_human(&self) -> bool {
        self.players.contains(&Player::Human)
    }

    /// Whether `seat` has made a move of its own in this game (a pass
    /// included; a resignation or a fallen flag is not one).
    pub fn has_moved(&self, seat: Seat) -> bool {
        self.played
            .iter()
            .any(|p| p.mover == seat && Retire::of(p.mv).is_none())
    }

    /// The seat that played the last move.
    pub fn last_mover(&self) -> Option<Seat> {
        self.played.last().map(|p| p.mover)
    }

    /// The seat that moved first from the start position.
    pub fn first_mover(&self) -> Seat {
        self.first_mover
    }

    /// The round the game started in (1 unless it started from a set-up
    /// position numbered otherwise): the move list's first number.
    pub fn first_round(&self) -> u16 {
        self.first_round
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.played.last().map(|p| p.mv)
    }

    /// The pieces `seat` has captured, in the order taken.
    pub fn captured_by(&self, seat: Seat) -> Vec<Piece> {
        self.captured_by_at(seat, self.ply())
    }

    /// The pieces `seat` had captured `ply` plies into the game (for the
    /// review of an earlier position), in the order taken.
    pub fn captured_by_at(&self, seat: Seat, ply: usize) -> Vec<Piece> {
        self.played
            .iter()
            .take(ply)
            .filter(|p| p.mover == seat)
            .flat_map(|p| p.captured.iter().copied())
            .collect()
    }

    /// Whether the side to move may pass.
    pub fn can_pass(&self) -> bool {
        self.outcome().is_none() && self.game.legal_move_list().iter().any(|m| m.is_pass())
    }

    /// The seat best drawn at the near edge: the first a person plays.
    pub fn first_human_seat(&self) -> usize {
        self.players
            .iter()
            .position(|p| *p == Player::Human)
            .unwrap_or(0)
    }
}

/// The other seats' pieces on the cells `mv` touches on the board of
/// `game` before it is played (its origin, its transit or en-passant cell,
/// its end): those of them gone after the move are what it captured, in
/// every variant alike, so a Lion's double capture is two pieces. An army
/// knocked out as a result (BacCanCat) loses its other pieces to the
/// Reserve, not to the mover; a seat's retirement or a pass takes nothing.
fn exposed(game: &AnyGame, mv: Move) -> Vec<(Cell, Piece)> {
    if Retire::of(mv).is_some() || mv.is_pass() || !mv.on_board() {
        return Vec::new();
    }
    let mover = game.to_move();
    let mut cells = vec![mv.from, mv.to];
    if matches!(mv.kind, MoveKind::EnPassant | MoveKind::TwoLeg) {
        cells.insert(1, mv.aux);
    }
    cells.dedup();
    cells
        .into_iter()
        .filter_map(|c| Some((c, game.piece_at(c).filter(|p| p.seat() != mover)?)))
        .collect()
}

/// How a game of seats `seats` (its seat names) that ended as
/// `termination` reads: the one place an ending is put in words, for a
/// table in play and for a game read back from an archive alike.
pub fn termination_words(termination: Termination, seats: &[&str]) -> String {
    let Termination { outcome, retire } = termination;
    let how = match (outcome.reason, retire) {
        (
            EndReason::Resignation | EndReason::Time | EndReason::TimeAgainstMaterial,
            Some(retire),
        ) => {
            let left = retire.words(seats);
            match retire {
                Retire::Leave(seat, _) if outcome.reason == EndReason::TimeAgainstMaterial => {
                    let other = seats.get(seat.opponent().index()).copied().unwrap_or("?");
                    format!(
                        "{left}, but {} could not have mated: a draw",
                        capitalise(other)
                    )
                }
                _ => left,
            }
        }
        (EndReason::Agreement, _) => "Draw agreed".to_string(),
        (EndReason::Aborted, _) => crate::describe::ABORTED.to_string(),
        (reason, _) if reason.draws() => format!("Draw by {}", reason.describe()),
        (reason, _) => capitalise(reason.describe()),
    };
    match outcome.winner {
        Some(seat) => format!(
            "{how} — {}",
            winner_words(seats.get(seat.index()).copied().unwrap_or("?"))
        ),
        None => how,
    }
}

/// "White wins", or for a seat named in the plural, "the Cats win".
fn winner_words(seat_name: &str) -> String {
    let name = capitalise(seat_name);
    if seat_name.ends_with('s') {
        format!("the {name} win")
    } else {
        format!("{name} wins")
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod long_game;
