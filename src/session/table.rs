//! A game in progress at the table: the variant, options and start, who
//! plays each seat, the game itself, the move list in its notation, the
//! captured pieces, and the moves undone that `redo` can replay.

mod engine_seats;

use super::save::{SavedGame, SavedSeries, SavedVerdict};
use super::words::capitalise;
use catboard::ai::Level;
use catboard::core::{EndReason, Game, Move, Options, Outcome, Piece, Seat};
use catboard::series::Series;
use catboard::text::{count, noun};
use catboard::variants::{AnyGame, Variant};

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
        Player::Computer(Level::Casual),
        Player::Computer(Level::Club),
        Player::Computer(Level::Strong),
        Player::Computer(Level::Master),
    ];

    /// The name used on the command line, in saves and on screen
    /// (`human`, or the computer's level: `casual` … `master`).
    pub const fn id(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer(level) => level.id(),
        }
    }

    /// The player named `id`.
    pub fn from_id(id: &str) -> Result<Player, String> {
        Player::ALL
            .iter()
            .copied()
            .find(|p| p.id() == id.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                let known: Vec<&str> = Player::ALL.iter().map(|p| p.id()).collect();
                let (last, rest) = known.split_last().unwrap_or((&"human", &[]));
                format!(
                    "There is no player {}; choose {} or {last}.",
                    catboard::text::quoted(id),
                    rest.join(", ")
                )
            })
    }

    /// How the screen names the player: `human`, `computer (club)`.
    pub fn label(self) -> String {
        match self {
            Player::Human => "human".to_string(),
            Player::Computer(level) => format!("computer ({level})"),
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
}

/// How the players ended a game that its rules had not: a resignation or
/// an agreed draw (and, with clocks, a loss on time). Recorded in the
/// save; the variants' own endings stay in the library's [`Outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// This seat gave the game up.
    Resigned(Seat),
    /// The players agreed to a draw.
    Agreed,
}

impl Verdict {
    /// The verdict's kind as a save records it (`resigned`, `agreed`).
    pub const fn code(self) -> &'static str {
        match self {
            Verdict::Resigned(_) => "resigned",
            Verdict::Agreed => "agreed",
        }
    }
}

/// How a game at the table ended: by the variant's rules, or by a
/// verdict of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The rules ended it.
    Rules(Outcome),
    /// The players did; `winner` is the seat that won, if one did.
    Verdict {
        /// What the players did.
        verdict: Verdict,
        /// The winner (the other seat when one of two resigned).
        winner: Option<Seat>,
    },
}

impl Ending {
    /// The seat that won, if one did.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Ending::Rules(o) => o.winner,
            Ending::Verdict { winner, .. } => winner,
        }
    }

    /// The result as a score for a two-seat game: `1-0`, `0-1`, `1/2-1/2`.
    pub fn score(self) -> &'static str {
        match self.winner() {
            None => "1/2-1/2",
            Some(Seat(0)) => "1-0",
            Some(_) => "0-1",
        }
    }
}

/// One move as the table remembers it.
#[derive(Clone, Debug, PartialEq)]
struct Played {
    mv: Move,
    notation: String,
    mover: Seat,
    captured: Option<Piece>,
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
    /// How the players ended the game, if they did.
    verdict: Option<Verdict>,
    /// How long a Master computer thinks per move at this table (ms),
    /// when set: saved with the game.
    think_ms: Option<u64>,
    /// The engine playing each seat, where one does (see
    /// [`TableGame::engine`]); empty when none does.
    engines: Vec<Option<catboard::protocol::engine::EngineSpec>>,
}

impl TableGame {
    /// A new game as `spec` describes; a bad start position is reported in
    /// one sentence.
    pub fn new(spec: &TableSpec) -> Result<TableGame, String> {
        let game = match &spec.position {
            Some(text) => spec
                .variant
                .from_position(text.trim(), &spec.options)
                .map_err(|e| e.0)?,
            None => spec.variant.new_game(&spec.options),
        };
        let seats = spec.variant.seats().len();
        if spec.players.len() != seats {
            return Err(format!(
                "{} has {} but {} {} given.",
                spec.variant.name(),
                count(seats as u64, "seat", "seats"),
                count(spec.players.len() as u64, "player", "players"),
                noun(spec.players.len() as u64, "was", "were")
            ));
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
            game,
            played: Vec::new(),
            redo: Vec::new(),
            series: Series::new(),
            verdict: None,
        })
    }

    /// A saved game, replayed and checked move by move.
    pub fn from_saved(saved: &SavedGame) -> Result<TableGame, String> {
        let variant = Variant::from_id(&saved.variant).map_err(|e| e.0)?;
        let options = Options::parse(variant.options(), saved.options.iter().map(String::as_str))?;
        let players = saved
            .players
            .iter()
            .map(|p| Player::from_id(p))
            .collect::<Result<Vec<_>, _>>()?;
        let mut table = TableGame::new(&TableSpec {
            variant,
            options,
            position: Some(saved.start.clone()),
            players,
        })?;
        table.think_ms = saved.think_ms;
        table.read_engines(&saved.engines)?;
        if let Some(series) = &saved.series {
            table.series =
                Series::from_parts(series.games, series.totals.clone()).map_err(|e| e.0)?;
            let seats = table.players.len();
            if !table.series.fits(seats) {
                return Err(format!(
                    "the series has {} but {} has {}",
                    count(series.totals.len() as u64, "total", "totals"),
                    variant.name(),
                    count(seats as u64, "seat", "seats")
                ));
            }
        }
        let verdict = match &saved.verdict {
            Some(v) => Some(table.read_verdict(v)?),
            None => None,
        };
        for (i, text) in saved.moves.iter().enumerate() {
            let mv = table
                .game
                .read_listed_move(text)
                .map_err(|e| e.describe(i + 1, text))?;
            // The notation is worked out on the position alone: a variant's
            // notation looks one move ahead on a copy of the game, and a
            // copy with the whole history would make a long replay take
            // time growing with the square of its length.
            let position = table.game.position_text();
            let notation = match variant.from_position(&position, &table.options) {
                Ok(alone) => alone.move_notation(mv),
                Err(_) => table.game.move_notation(mv),
            };
            table.record(mv, notation);
        }
        if let Some(verdict) = verdict {
            table.end_by(verdict)?;
        }
        Ok(table)
    }

    /// A verdict as a save wrote it.
    fn read_verdict(&self, saved: &SavedVerdict) -> Result<Verdict, String> {
        match (saved.kind.as_str(), &saved.seat) {
            ("agreed", None) => Ok(Verdict::Agreed),
            ("resigned", Some(seat)) => self
                .game
                .seat_names()
                .iter()
                .position(|s| s == seat)
                .map(|i| Verdict::Resigned(Seat(i as u8)))
                .ok_or_else(|| {
                    format!(
                        "the game has no seat {} to resign",
                        catboard::text::quoted(seat)
                    )
                }),
            (kind, _) => Err(format!(
                "the ending {} is not one this version reads",
                catboard::text::quoted(kind)
            )),
        }
    }

    /// Ends the game by `verdict`; refused once the game is over.
    pub fn end_by(&mut self, verdict: Verdict) -> Result<(), String> {
        if self.outcome().is_some() {
            return Err("The game is already over.".to_string());
        }
        self.verdict = Some(verdict);
        Ok(())
    }

    /// Takes back the players' verdict; false when there is none.
    pub fn take_back_verdict(&mut self) -> bool {
        self.verdict.take().is_some()
    }

    /// The game as a save file records it.
    pub fn saved(&self) -> SavedGame {
        let mut replay = self.game.clone();
        for _ in 0..self.played.len() {
            replay.unmake_move();
        }
        SavedGame {
            format: SavedGame::FORMAT,
            variant: self.variant.id().to_string(),
            options: self.options.pairs(),
            start: self.start.clone(),
            players: self.players.iter().map(|p| p.id().to_string()).collect(),
            moves: self
                .played
                .iter()
                .map(|p| {
                    let text = replay.move_text(p.mv);
                    replay.make_move(p.mv);
                    text
                })
                .collect(),
            series: (!self.series.is_fresh()).then(|| SavedSeries {
                games: self.series.games(),
                totals: self.series.totals().to_vec(),
            }),
            verdict: self.verdict.map(|v| SavedVerdict {
                kind: v.code().to_string(),
                seat: match v {
                    Verdict::Resigned(seat) => Some(self.game.seat_name(seat).to_string()),
                    Verdict::Agreed => None,
                },
            }),
            think_ms: self.think_ms,
            engines: self.saved_engines(),
        }
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

    /// The result, once the game is over: the players' verdict, else the
    /// rules' outcome.
    pub fn outcome(&self) -> Option<Ending> {
        match self.verdict {
            Some(verdict) => Some(Ending::Verdict {
                verdict,
                winner: self.verdict_winner(verdict),
            }),
            None => self.game.outcome().map(Ending::Rules),
        }
    }

    /// Who wins by `verdict`: the other seat when one of two resigns.
    fn verdict_winner(&self, verdict: Verdict) -> Option<Seat> {
        match verdict {
            Verdict::Resigned(seat) if self.players.len() == 2 => Some(Seat(1 - seat.0.min(1))),
            _ => None,
        }
    }

    /// How `outcome` reads: "Checkmate — White wins", "Draw by stalemate",
    /// "Draw by threefold repetition — the Cats win" (a draw that a seat
    /// wins, as in Cat Chess).
    pub fn outcome_words(&self, ending: Ending) -> String {
        let outcome = match ending {
            Ending::Rules(outcome) => outcome,
            Ending::Verdict { verdict, winner } => {
                let how = match verdict {
                    Verdict::Resigned(seat) => {
                        let name = self.game.seat_name(seat);
                        let verb = if name.ends_with('s') {
                            "resign"
                        } else {
                            "resigns"
                        };
                        format!("{} {verb}", capitalise(name))
                    }
                    Verdict::Agreed => "Draw agreed".to_string(),
                };
                return match winner {
                    Some(seat) => format!("{how} — {}", winner_words(self.game.seat_name(seat))),
                    None => how,
                };
            }
        };
        let reason = outcome.reason.describe();
        let how = if is_drawing_reason(outcome.reason) {
            format!("Draw by {reason}")
        } else {
            capitalise(reason)
        };
        match outcome.winner {
            Some(seat) => format!("{how} — {}", winner_words(self.game.seat_name(seat))),
            None => how,
        }
    }

    /// Plays `mv` (legal now), forgetting any moves that were undone.
    pub fn play(&mut self, mv: Move) {
        let notation = self.game.move_notation(mv);
        self.record(mv, notation);
    }

    /// Plays `mv` (legal now), written `notation` in the move list.
    fn record(&mut self, mv: Move, notation: String) {
        let entry = Played {
            mv,
            notation,
            mover: self.game.to_move(),
            captured: self.game.captured(mv),
        };
        self.game.make_move(mv);
        self.played.push(entry);
        self.redo.clear();
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some(entry) => {
                self.game.unmake_move();
                self.redo.push(entry);
                true
            }
            None => false,
        }
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(entry) => {
                self.game.make_move(entry.mv);
                self.played.push(entry);
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

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        self.played.len()
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
        self.played
            .iter()
            .filter(|p| p.mover == seat)
            .filter_map(|p| p.captured)
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

/// Whether a game ending for `reason` is a draw by the rules of chess
/// (whoever the variant then lets win it).
fn is_drawing_reason(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::Stalemate
            | EndReason::FiftyMoves
            | EndReason::HundredTurns
            | EndReason::Repetition
            | EndReason::Material
            | EndReason::AllPassed
    )
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
mod tests {
    use super::*;

    /// Two people at chess (also for the engine seats' tests).
    pub(super) fn chess() -> TableGame {
        TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: None,
            players: vec![Player::Human, Player::Human],
        })
        .expect("chess starts")
    }

    fn play(table: &mut TableGame, text: &str) {
        let mv = table.game().parse_move(text).expect("legal");
        table.play(mv);
    }

    #[test]
    fn moves_are_listed_in_san_and_undo_redo_walk_the_list() {
        let mut t = chess();
        for m in ["e4", "d5", "exd5"] {
            play(&mut t, m);
        }
        assert_eq!(t.notation().collect::<Vec<_>>(), ["e4", "d5", "exd5"]);
        assert_eq!(t.captured_by(Seat::WHITE).len(), 1);
        assert!(t.captured_by(Seat::BLACK).is_empty());
        assert!(t.undo());
        assert_eq!(t.notation().count(), 2);
        assert_eq!(t.undone_notation().collect::<Vec<_>>(), ["exd5"]);
        assert!(t.captured_by(Seat::WHITE).is_empty());
        assert!(t.redo());
        assert_eq!(t.notation().last(), Some("exd5"));
        assert!(!t.redo());
        t.undo();
        play(&mut t, "Nf3");
        assert_eq!(
            t.undone_notation().count(),
            0,
            "a new move forgets the undone ones"
        );
    }

    #[test]
    fn a_saved_game_round_trips_and_is_checked_move_by_move() {
        let mut t = chess();
        for m in ["e4", "e5", "Nf3"] {
            play(&mut t, m);
        }
        let saved = t.saved();
        assert_eq!(saved.moves, ["e2e4", "e7e5", "g1f3"]);
        let back = TableGame::from_saved(&saved).expect("valid save");
        assert_eq!(back.game().position_text(), t.game().position_text());
        let mut bad = saved.clone();
        bad.moves[1] = "e7e4".into();
        let err = TableGame::from_saved(&bad).expect_err("illegal move");
        assert!(err.starts_with("move 2 'e7e4'"), "{err}");
        let mut bad = saved;
        bad.variant = "draughts".into();
        assert!(TableGame::from_saved(&bad).is_err());
    }
}

#[cfg(test)]
mod long_game {
    use super::*;

    /// A save of `plies` knight moves out and back, with the draw rules off.
    fn shuffling(plies: usize) -> SavedGame {
        let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        SavedGame {
            format: SavedGame::FORMAT,
            variant: "chess".into(),
            options: vec!["fifty_moves=off".into(), "repetition=off".into()],
            start: catboard::variants::chess::START_FEN.into(),
            players: vec!["human".into(), "human".into()],
            moves: (0..plies).map(|i| cycle[i % 4].to_string()).collect(),
            series: None,
            verdict: None,
            think_ms: None,
            engines: Vec::new(),
        }
    }

    /// Seconds to replay a save of `plies` plies (the best of three tries).
    fn replay_secs(plies: usize) -> f64 {
        let saved = shuffling(plies);
        (0..3)
            .map(|_| {
                let start = std::time::Instant::now();
                let table = TableGame::from_saved(&saved).expect("a valid save");
                assert_eq!(table.ply(), plies);
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn a_long_game_replays_in_time_growing_with_its_length() {
        // Eight times the moves: about eight times the time when linear,
        // sixty-four when quadratic. The bound leaves three times the
        // linear ratio for a busy machine, and is still far below the
        // quadratic one (four times the moves took 15 times as long before
        // the fix).
        let short = replay_secs(10_000);
        let long = replay_secs(80_000);
        let ratio = long / short.max(1e-6);
        assert!(
            ratio < 24.0,
            "10,000 plies {short:.3} s, 80,000 plies {long:.3} s: {ratio:.1} times"
        );
        let moves: Vec<String> = TableGame::from_saved(&shuffling(8))
            .expect("valid")
            .notation()
            .map(str::to_string)
            .collect();
        assert_eq!(
            moves,
            ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
        );
    }

    #[test]
    #[ignore = "a measurement: cargo test --release --bin catboard hundred_thousand -- --ignored --nocapture"]
    fn hundred_thousand_plies_replay() {
        eprintln!("100,000 plies replay in {:.3} s", replay_secs(100_000));
    }
}
