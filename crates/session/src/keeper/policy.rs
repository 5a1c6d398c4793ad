//! Table policy, written once for every keeper of a game (the local one
//! of the screen and the line mode, and the server's table keeper): which
//! seat the computer plays and how long it thinks, how long its reply is
//! held back, when a clock runs and when a flag falls, what a seat that
//! has left does, and the draw: who may offer one and when a computer
//! takes it.

use crate::table::{Player, TableGame};
use crate::words::capitalise;
use catboard::ai::{Level, Limits};
use catboard::clock::think_budget;
use catboard::core::{Departure, Game, Leaving, Move, Retire, Seat};
use std::time::Duration;

/// How much better than level (in centipawns, by its own search) a
/// computer may find its side and still take a draw offered.
pub const DRAW_MARGIN: i32 = 25;

/// What the computer does for the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComputerTurn {
    /// The seat has left the game (the Cats once their flag fell): it
    /// passes at once on each of its turns.
    Pass,
    /// A computer plays the seat: it searches at this level.
    Think(Level),
}

/// What the computer does at `table` now, if anything: nothing once the
/// game is over or while a person is to move.
pub fn computer_turn(table: &TableGame) -> Option<ComputerTurn> {
    if table.outcome().is_some() {
        return None;
    }
    let seat = table.game().to_move();
    if table.game().retirements().of(seat).is_some() && table.can_pass() {
        return Some(ComputerTurn::Pass);
    }
    table.player_to_move().level().map(ComputerTurn::Think)
}

/// The limits of a search at `level` (a Master thinking `think_ms` a
/// move); in a timed game, with `left` on the thinking seat's clock, the
/// computer plays by its clock: a share of the time left and most of the
/// increment, and never longer than its level would.
pub fn search_limits(
    table: &TableGame,
    level: Level,
    think_ms: u64,
    left: Option<Duration>,
) -> Limits {
    let mut limits = level.limits_with_think_ms(think_ms);
    if let (Some(clocks), Some(left)) = (table.clocks(), left) {
        let budget = think_budget(left, clocks.control().increment, None);
        let budget = match (level, limits.time) {
            (Level::Master, _) | (_, None) => budget,
            (_, Some(t)) => t.min(budget),
        };
        limits = limits.on_clock(budget);
    }
    limits
}

/// How long a computer's move at `table` is held back, at least: `pause`
/// right after another computer's move in an untimed game, so a person
/// watching can follow; nothing in a timed game, where the pause would
/// cost the computer its time.
pub fn reply_pause(table: &TableGame, pause: Duration) -> Duration {
    let after_computer = table
        .last_mover()
        .is_some_and(|seat| table.player(seat).level().is_some());
    if after_computer && table.clocks().is_none() {
        pause
    } else {
        Duration::ZERO
    }
}

/// Whether the clock of the seat to move runs: a timed game that goes
/// on, a seat that has not left it, and not a person's first move of the
/// game (clocks start with the first move; a computer's is timed).
pub fn clock_runs(table: &TableGame) -> bool {
    let seat = table.game().to_move();
    table.clock_runs_for(seat) && table.outcome().is_none() && !table.opening()
}

/// What the clock of the seat to move reads once it has spent `spent` on
/// its turn (besides the time carried from a save), while it runs.
pub fn time_left(table: &TableGame, spent: Duration) -> Option<Duration> {
    if !clock_runs(table) {
        return None;
    }
    let seat = table.game().to_move();
    Some(
        table
            .clocks()?
            .left_after(seat.index(), table.carried() + spent),
    )
}

/// The flag of the seat to move, when its time has run out `spent` into
/// its turn.
pub fn fallen_flag(table: &TableGame, spent: Duration) -> Option<Retire> {
    time_left(table, spent)
        .filter(|left| left.is_zero())
        .map(|_| Retire::Leave(table.game().to_move(), Departure::Flagged))
}

/// Whether a seat a person plays at `table` has made no move of its own
/// yet: until each has, a game that ends is aborted ([`aborted`]).
pub fn unplayed(table: &TableGame) -> bool {
    (0u8..)
        .zip(table.players())
        .any(|(s, p)| *p == Player::Human && !table.has_moved(Seat(s)))
}

/// Whether the game at `table`, which is over, is aborted rather than
/// decided, with lichess's rule as the anchor: it ended before each
/// person at it had made a move (one who never moved resigned, left, or
/// let the flag fall). An aborted game has no result and moves no rating.
pub fn aborted(table: &TableGame) -> bool {
    table.outcome().is_some() && unplayed(table)
}

/// The flag of the seat to move at a timed `table`, a person who has not
/// made a move yet and has spent `spent` of at most `wait` on it: a
/// player who does not start the game calls it off (the game is then
/// [`aborted`]), whether or not the clock runs yet.
pub fn first_move_flag(table: &TableGame, spent: Duration, wait: Duration) -> Option<Retire> {
    let seat = table.game().to_move();
    let waiting = table.clocks().is_some()
        && table.outcome().is_none()
        && table.player(seat) == Player::Human
        && !table.has_moved(seat)
        && table.game().retirements().of(seat).is_none();
    (waiting && spent >= wait).then_some(Retire::Leave(seat, Departure::Flagged))
}

/// Plays `mv` (legal now) for the seat to move, which spent `spent` on
/// its turn: a retirement as it is, a move timed by the clock (its time
/// off, the increment on; a person's first move of the game costs
/// nothing). When the time had run out first, the flag falls instead.
/// The ply played; the refusal says why a retirement may not be played.
pub fn play_timed(
    table: &mut TableGame,
    mv: Move,
    spent: Duration,
) -> Result<Move, catboard::core::RetireError> {
    if let Some(retire) = Retire::of(mv) {
        table.retire(retire)?;
        return Ok(mv);
    }
    let mover = table.game().to_move();
    match table.play_after(mv, spent) {
        Ok(()) => Ok(mv),
        Err(_) => Ok(Retire::Leave(mover, Departure::Flagged).to_move()),
    }
}

/// Whether a computer whose search scores its position `score` (in
/// centipawns, for the side that offered the draw) takes the draw: when
/// it finds its own side no better than [`DRAW_MARGIN`] above level.
pub fn takes_draw(score: i32) -> bool {
    -score <= DRAW_MARGIN
}

/// Why `seat` may not offer a draw at `table` now, if it may not: the
/// game is over, the variant has no draws by agreement, the seat is not
/// one of the two armies, or it is not its turn.
pub fn offer_refusal(table: &TableGame, seat: Seat) -> Option<String> {
    if table.outcome().is_some() {
        return Some("The game is already over.".into());
    }
    let game = table.game();
    if game.end_rules().leaving != Leaving::TwoArmies {
        let name = table.variant().name();
        return Some(format!("There are no draws by agreement in {name}."));
    }
    if seat.0 >= 2 {
        let name = capitalise(game.seat_name(seat));
        return Some(format!(
            "{name} may not offer a draw; only the two armies can."
        ));
    }
    if game.to_move() != seat {
        return Some("Offer a draw on your own turn.".into());
    }
    None
}

/// The seat that judges a draw `offerer` offered: the other army, with
/// the level its computer searches at, when a computer plays it.
pub fn draw_judge(table: &TableGame, offerer: Seat) -> Option<Level> {
    table.player(offerer.opponent()).level()
}

/// Why `mv` may not be played at `table` now, if it may not: the game
/// is over, or the move is not legal (a retirement is checked when it is
/// played: [`TableGame::retire`]).
pub fn move_refusal(table: &TableGame, mv: Move) -> Option<String> {
    if let Some(outcome) = table.outcome() {
        return Some(format!(
            "The game is over ({}).",
            table.outcome_words(outcome)
        ));
    }
    let legal = Retire::of(mv).is_some() || table.game().legal_move_list().contains(&mv);
    (!legal).then(|| "That move is not legal here.".to_string())
}
