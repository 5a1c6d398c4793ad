//! Clocks and time controls: a time control (`5+3`: minutes, plus seconds
//! added after each move), one clock per seat, how a clock reads on a
//! screen and in PGN, and the time manager the computer plays by. The
//! library never reads the time itself: a front end measures a move on its
//! own monotonic clock and hands the duration in, so a game can be saved,
//! resumed and tested with times given.

use std::fmt;
use std::time::Duration;

/// The longest base time a control may give: a day.
pub const LONGEST_BASE: Duration = Duration::from_secs(24 * 3600);

/// The largest increment a control may give: an hour.
pub const LONGEST_INCREMENT: Duration = Duration::from_secs(3600);

/// When a clock is low: the screen shows tenths and the line mode warns
/// once.
pub const LOW_TIME: Duration = Duration::from_secs(10);

/// A time control: every seat starts with `base`, and `increment` is
/// added to a seat's clock after each of its moves (Fischer's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time each seat starts with.
    pub base: Duration,
    /// The time added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `M+S` (minutes, which may be fractional, plus seconds of
    /// increment: `5+3`, `0.5+0`, `90+30`), `M` alone (no increment), or
    /// `none` (no clock: `Ok(None)`). Anything else is refused, the error's
    /// sentence naming what is wrong.
    pub fn parse(text: &str) -> Result<Option<TimeControl>, TimeControlError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("none") || text == "-" {
            return Ok(None);
        }
        let (minutes, seconds) = text.split_once('+').unwrap_or((text, "0"));
        let base = read_amount(minutes, 60.0, "minutes", text)?;
        let increment = read_amount(seconds, 1.0, "seconds of increment", text)?;
        if base.is_zero() {
            return Err(TimeControlError::NoTime(text.to_string()));
        }
        if base > LONGEST_BASE || increment > LONGEST_INCREMENT {
            return Err(TimeControlError::Longest(text.to_string()));
        }
        Ok(Some(TimeControl { base, increment }))
    }

    /// The control as [`TimeControl::parse`] reads it (`5+3`, `0.5+0`).
    pub fn text(self) -> String {
        format!(
            "{}+{}",
            trimmed_number(self.base.as_secs_f64() / 60.0),
            trimmed_number(self.increment.as_secs_f64())
        )
    }

    /// The control as PGN's `TimeControl` tag writes it: seconds, then
    /// `+` and the increment in seconds (`300+3`).
    pub fn pgn(self) -> String {
        format!(
            "{}+{}",
            trimmed_number(self.base.as_secs_f64()),
            trimmed_number(self.increment.as_secs_f64())
        )
    }

    /// Reads PGN's `TimeControl` tag as [`TimeControl::pgn`] writes it
    /// (`-` and `?` are no control).
    pub fn from_pgn(tag: &str) -> Option<TimeControl> {
        let (base, increment) = tag.trim().split_once('+').unwrap_or((tag.trim(), "0"));
        let base = base.parse::<f64>().ok()?;
        let increment = increment.parse::<f64>().ok()?;
        let control = TimeControl {
            base: Duration::try_from_secs_f64(base).ok()?,
            increment: Duration::try_from_secs_f64(increment).ok()?,
        };
        (!control.base.is_zero() && control.base <= LONGEST_BASE).then_some(control)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// `value` (a number of `unit`s of seconds) read from `field` of the time
/// control `whole`.
fn read_amount(
    field: &str,
    unit: f64,
    name: &'static str,
    whole: &str,
) -> Result<Duration, TimeControlError> {
    let number = field
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && *n >= 0.0);
    let Some(number) = number else {
        return Err(TimeControlError::NotANumber {
            text: whole.to_string(),
            written: field.trim().to_string(),
            name,
        });
    };
    Duration::try_from_secs_f64(number * unit)
        .map_err(|_| TimeControlError::TooLong(whole.to_string()))
}

/// Why a time control's text is refused (each holding the text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A field is no number of minutes or seconds.
    #[error(
        "The time control {} has {} where its {name} should be; write minutes+seconds, like 5+3, or none.",
        crate::text::quoted(.text),
        crate::text::quoted(.written)
    )]
    NotANumber {
        /// The whole text.
        text: String,
        /// What stands in the field.
        written: String,
        /// The field's name (`minutes`).
        name: &'static str,
    },
    /// A number too big to be a duration.
    #[error("The time control {} is longer than catboard keeps.", crate::text::quoted(.0))]
    TooLong(String),
    /// No time at all.
    #[error("The time control {} gives no time at all; give minutes above 0.", crate::text::quoted(.0))]
    NoTime(String),
    /// More than the longest control kept.
    #[error(
        "The time control {} is longer than catboard keeps: at most {} minutes plus {} seconds.",
        crate::text::quoted(.0),
        LONGEST_BASE.as_secs() / 60,
        LONGEST_INCREMENT.as_secs()
    )]
    Longest(String),
}

/// A number without a needless fraction: `5`, `0.5`, `2.25`.
fn trimmed_number(n: f64) -> String {
    let text = format!("{n:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A flag fallen: the seat's time ran out before its move was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagFell;

/// The clocks of a game: the time left on each seat's clock between
/// moves. The running turn's time is the front end's to measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    left: Vec<Duration>,
}

impl Clocks {
    /// Every one of `seats` seats with the control's base time.
    pub fn new(control: TimeControl, seats: usize) -> Clocks {
        Clocks {
            control,
            left: vec![control.base; seats],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time on `seat`'s clock when its turn began (or now, when it is
    /// not its turn).
    pub fn left(&self, seat: usize) -> Duration {
        self.left.get(seat).copied().unwrap_or_default()
    }

    /// The time on `seat`'s clock after `running` of its turn has gone.
    pub fn left_after(&self, seat: usize, running: Duration) -> Duration {
        self.left(seat).saturating_sub(running)
    }

    /// Whether `seat`'s flag has fallen `running` into its turn.
    pub fn flag_fallen(&self, seat: usize, running: Duration) -> bool {
        running >= self.left(seat)
    }

    /// Sets the time on `seat`'s clock (a game read back from a save).
    pub fn set_left(&mut self, seat: usize, left: Duration) {
        if let Some(slot) = self.left.get_mut(seat) {
            *slot = left;
        }
    }

    /// `seat` moved after `spent` of its turn: the time comes off its
    /// clock, then the increment goes on; the clock after, or [`FlagFell`]
    /// (the clock then reads 0) when the time had run out first.
    pub fn moved(&mut self, seat: usize, spent: Duration) -> Result<Duration, FlagFell> {
        let Some(slot) = self.left.get_mut(seat) else {
            return Ok(Duration::ZERO);
        };
        if spent >= *slot {
            *slot = Duration::ZERO;
            return Err(FlagFell);
        }
        *slot = *slot - spent + self.control.increment;
        Ok(*slot)
    }
}

/// A clock as a panel shows it: `4:58`, `1:02:03`, and with tenths under
/// ten seconds, `0:09.3`.
pub fn shown(left: Duration) -> String {
    if left < LOW_TIME {
        let tenths = left.as_millis() / 100;
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let secs = left.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A clock in words, for the line mode: `4 minutes 58 seconds`, `9.3
/// seconds`.
pub fn said(left: Duration) -> String {
    use crate::text::count;
    if left < LOW_TIME {
        let tenths = left.as_millis() / 100;
        return format!("{}.{} seconds", tenths / 10, tenths % 10);
    }
    let secs = left.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(count(h, "hour", "hours"));
    }
    if m > 0 {
        parts.push(count(m, "minute", "minutes"));
    }
    if s > 0 || parts.is_empty() {
        parts.push(count(s, "second", "seconds"));
    }
    parts.join(" ")
}

/// A clock as PGN's `%clk` command writes it: `0:04:58` (with tenths
/// under ten seconds: `0:00:09.3`).
pub fn pgn_clock(left: Duration) -> String {
    let secs = left.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if left < LOW_TIME {
        let tenths = left.subsec_millis() / 100;
        format!("{h}:{m:02}:{s:02}.{tenths}")
    } else {
        format!("{h}:{m:02}:{s:02}")
    }
}

/// Reads a `%clk` value (`0:04:58`, `0:00:09.3`, `1:02:03.25`).
pub fn read_pgn_clock(text: &str) -> Option<Duration> {
    let mut parts = text.trim().split(':');
    let h = parts.next()?.parse::<u64>().ok()?;
    let m = parts.next()?.parse::<u64>().ok()?;
    let s = parts.next()?.parse::<f64>().ok()?;
    if parts.next().is_some() || m >= 60 || !(0.0..60.0).contains(&s) {
        return None;
    }
    let whole = Duration::from_secs(h.checked_mul(3600)?.checked_add(m * 60)?);
    whole.checked_add(Duration::try_from_secs_f64(s).ok()?)
}

/// The least a timed search is given, and what is kept back from the clock
/// for everything around the search (the front end, the worker thread, the
/// search overrunning its check).
const KEPT_BACK: Duration = Duration::from_millis(60);

/// How long the computer may think for a move with `left` on its clock
/// and `increment` to come, with `moves_to_go` moves until the next time
/// control (`None`: the whole game, reckoned as 30 moves): a share of the
/// time left plus most of the increment, never so much that the flag
/// could fall (with an increment of 100 ms or more a game is never lost on
/// time: the share stays below the increment once the clock runs low).
pub fn think_budget(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Duration {
    let to_go = moves_to_go.unwrap_or(30).clamp(1, 60);
    let share = left / (to_go + 1) + increment * 3 / 4;
    let most = left
        .saturating_sub(KEPT_BACK)
        .min(left / 2 + increment * 3 / 4);
    let floor = Duration::from_millis(5);
    share
        .min(most.saturating_sub(KEPT_BACK))
        .min(left.saturating_sub(KEPT_BACK))
        .max(floor)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_read_and_write_back() {
        let c = TimeControl::parse("5+3").expect("reads").expect("timed");
        assert_eq!(
            (c.base, c.increment),
            (Duration::from_secs(300), Duration::from_secs(3))
        );
        assert_eq!(c.text(), "5+3");
        assert_eq!(c.pgn(), "300+3");
        assert_eq!(TimeControl::from_pgn(&c.pgn()), Some(c));
        let half = TimeControl::parse(" 0.5+0 ")
            .expect("reads")
            .expect("timed");
        assert_eq!(half.base, Duration::from_secs(30));
        assert_eq!(half.text(), "0.5+0");
        assert_eq!(
            TimeControl::parse("10")
                .expect("reads")
                .map(|c| c.increment),
            Some(Duration::ZERO)
        );
        assert_eq!(TimeControl::parse("none"), Ok(None));
        assert_eq!(
            TimeControl::parse("2.25+0.5")
                .expect("reads")
                .map(|c| c.text()),
            Some("2.25+0.5".into())
        );
    }

    #[test]
    fn bad_time_controls_get_one_sentence() {
        for bad in [
            "", "five", "5+x", "-1+0", "0+0", "5+3+1", "nan+1", "99999+0", "5+99999", "inf",
        ] {
            let why = TimeControl::parse(bad).expect_err(bad);
            assert_eq!(
                crate::text::sentence_fault(&why.to_string()),
                None,
                "{bad}: {why}"
            );
        }
        assert!(TimeControl::parse("0+5").is_err(), "no base time");
    }

    #[test]
    fn a_move_takes_its_time_then_adds_the_increment_and_a_late_one_flags() {
        let control = TimeControl {
            base: ms(10_000),
            increment: ms(2_000),
        };
        let mut clocks = Clocks::new(control, 3);
        assert_eq!(clocks.moved(1, ms(4_000)), Ok(ms(8_000)));
        assert_eq!(clocks.left(1), ms(8_000));
        assert_eq!(clocks.left(0), ms(10_000), "the others untouched");
        assert!(!clocks.flag_fallen(1, ms(7_999)));
        assert!(clocks.flag_fallen(1, ms(8_000)));
        assert_eq!(clocks.left_after(1, ms(9_000)), Duration::ZERO);
        assert_eq!(clocks.moved(1, ms(8_000)), Err(FlagFell));
        assert_eq!(clocks.left(1), Duration::ZERO);
        clocks.set_left(2, ms(1));
        assert_eq!(clocks.left(2), ms(1));
    }

    #[test]
    fn clocks_read_as_a_player_expects() {
        assert_eq!(shown(ms(298_400)), "4:58");
        assert_eq!(shown(ms(3_723_000)), "1:02:03");
        assert_eq!(shown(ms(9_349)), "0:09.3");
        assert_eq!(shown(ms(10_000)), "0:10");
        assert_eq!(shown(Duration::ZERO), "0:00.0");
        assert_eq!(said(ms(298_400)), "4 minutes 58 seconds");
        assert_eq!(said(ms(60_000)), "1 minute");
        assert_eq!(said(ms(9_349)), "9.3 seconds");
        assert_eq!(pgn_clock(ms(298_400)), "0:04:58");
        assert_eq!(pgn_clock(ms(9_349)), "0:00:09.3");
        for t in [ms(298_000), ms(9_300), ms(3_723_000)] {
            assert_eq!(read_pgn_clock(&pgn_clock(t)), Some(t));
        }
        assert_eq!(read_pgn_clock("0:61:00"), None);
        assert_eq!(read_pgn_clock("x"), None);
    }

    #[test]
    fn the_budget_is_a_share_and_most_of_the_increment_never_the_whole_clock() {
        // Plenty of time: about a thirtieth plus three quarters of the increment.
        let b = think_budget(ms(300_000), ms(3_000), None);
        assert!(b > ms(10_000) && b < ms(13_000), "{b:?}");
        // Every clock and increment of at least 100 ms: a game played at
        // the budget never runs out of time.
        for start in [100u64, 1_000, 5_000, 60_000] {
            for inc in [100u64, 250, 1_000, 3_000] {
                let mut left = ms(start);
                for _ in 0..500 {
                    let spent = think_budget(left, ms(inc), None) + ms(20);
                    assert!(spent < left, "{start}+{inc}: {spent:?} of {left:?}");
                    left = left - spent + ms(inc);
                }
            }
        }
        // Moves to go: more time a move when fewer are left.
        assert!(
            think_budget(ms(60_000), Duration::ZERO, Some(5))
                > think_budget(ms(60_000), Duration::ZERO, Some(40))
        );
    }
}
