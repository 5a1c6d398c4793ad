//! UCI's `go`: its words read into a [`Go`], and the search budget it
//! gives the side to move.

use super::LineError;
use crate::ai::level::{DEFAULT_THINK_MS, MAX_DEPTH};
use crate::ai::{Level, Limits};
use crate::limits::{UCI_DEPTH, UCI_MATE, UCI_MOVETIME, UCI_NODES};
use std::time::Duration;

/// What a `go` line asks for. Every limit given applies; none at all
/// (a bare `go`) thinks for [`DEFAULT_THINK_MS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `wtime`, `btime`: what is left on White's and Black's clocks (a
    /// negative time, a clock past its flag, counts as none left).
    pub clocks: [Option<Duration>; 2],
    /// `winc`, `binc`: their increments.
    pub increments: [Duration; 2],
    /// `movestogo`: moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// `movetime`: exactly this long.
    pub movetime: Option<Duration>,
    /// `depth`: at most this many plies.
    pub depth: Option<u32>,
    /// `nodes`: at most this many nodes.
    pub nodes: Option<u64>,
    /// `mate`: look for a mate in this many moves.
    pub mate: Option<u32>,
    /// `infinite`: think until `stop`.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
}

/// The words `go` takes a number after.
const NUMBERED: [&str; 9] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
];

impl Go {
    /// Reads the words after `go`. An unknown word is passed over (as UCI
    /// asks of an engine); a number that cannot be read is refused in a
    /// sentence naming it.
    pub fn read(words: &[&str]) -> Result<Go, LineError> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            i += 1;
            match key {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                key if NUMBERED.contains(&key) => {
                    let Some(&word) = words.get(i) else {
                        return Err(LineError::MissingNumber(key.to_string()));
                    };
                    i += 1;
                    go.set(key, word)?;
                }
                _ => {}
            }
        }
        Ok(go)
    }

    /// Sets the limit `key` to the number `word`.
    fn set(&mut self, key: &str, word: &str) -> Result<(), LineError> {
        let signed = |word: &str| -> Result<i64, LineError> {
            word.parse::<i64>().map_err(|_| LineError::NotANumber {
                key: key.to_string(),
                word: word.to_string(),
            })
        };
        let ms = |word: &str| signed(word).map(|n| Duration::from_millis(n.max(0) as u64));
        let counted = |limit: &crate::limits::Limit, word: &str| -> Result<u64, LineError> {
            let n = signed(word)?;
            Ok(limit.cap(n.max(0) as u64))
        };
        match key {
            "wtime" => self.clocks[0] = Some(ms(word)?),
            "btime" => self.clocks[1] = Some(ms(word)?),
            "winc" => self.increments[0] = ms(word)?,
            "binc" => self.increments[1] = ms(word)?,
            "movestogo" => self.moves_to_go = Some(signed(word)?.clamp(1, 1000) as u32),
            "movetime" => {
                self.movetime = Some(Duration::from_millis(counted(&UCI_MOVETIME, word)?));
            }
            "depth" => self.depth = Some(counted(&UCI_DEPTH, word)? as u32),
            "nodes" => self.nodes = Some(counted(&UCI_NODES, word)?),
            _ => self.mate = Some(counted(&UCI_MATE, word)? as u32),
        }
        Ok(())
    }

    /// Whether the search waits for `stop` (or `ponderhit`) before its
    /// `bestmove`, even when it has finished.
    pub fn waits(&self) -> bool {
        self.infinite || self.ponder
    }

    /// The time the side to move may take, by `movetime` or its clock
    /// (`seat` 0 is White's, 1 Black's; a third or fourth seat of Cat
    /// Chess or BacCanCat takes the lesser of the two clocks), keeping
    /// `overhead` back for the interface; `None` when neither is given.
    pub fn time_for(&self, seat: usize, overhead: Duration) -> Option<Duration> {
        if let Some(t) = self.movetime {
            return Some(t.saturating_sub(overhead).max(Duration::from_millis(1)));
        }
        let (left, increment) = match seat {
            0 | 1 => (self.clocks[seat]?, self.increments[seat]),
            _ => match self.clocks {
                [Some(w), Some(b)] if w <= b => (w, self.increments[0]),
                [_, Some(b)] => (b, self.increments[1]),
                [Some(w), None] => (w, self.increments[0]),
                [None, None] => return None,
            },
        };
        Some(crate::clock::think_budget(
            left.saturating_sub(overhead),
            increment,
            self.moves_to_go,
        ))
    }

    /// The search budget for the side to move, `seat`: every limit the
    /// line gave; a waiting search (`infinite`, `ponder`) has no time
    /// limit (a ponder's time starts at `ponderhit`). With `strength`, the
    /// level's own budget, within the line's limits.
    pub fn limits(&self, seat: usize, overhead: Duration, strength: Option<Level>) -> Limits {
        let time = if self.waits() {
            None
        } else {
            self.time_for(seat, overhead)
        };
        let mut limits = match strength {
            Some(level) if level != Level::Master => level.limits(),
            _ => Limits::depth(MAX_DEPTH),
        };
        let nothing_given = time.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
            && self.mate.is_none()
            && !self.waits();
        limits.time = match (limits.time, time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => b.or(a),
        };
        // A share of a clock stops early to keep time for later moves; a
        // `movetime` is the move's to spend.
        limits.clock = self.movetime.is_none() && time.is_some();
        if nothing_given && limits.nodes.is_none() {
            limits.time = Some(Duration::from_millis(DEFAULT_THINK_MS));
        }
        // A mate in n moves is 2n - 1 plies deep; one more for the reply.
        let depth = self.depth.or(self.mate.map(|n| 2 * n));
        if let Some(depth) = depth {
            limits.depth = limits.depth.min(depth.clamp(1, MAX_DEPTH));
        }
        if let Some(nodes) = self.nodes {
            limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str) -> Go {
        Go::read(&text.split_whitespace().collect::<Vec<_>>()).expect("a go line")
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn every_word_is_read_and_unknown_words_are_passed_over() {
        let g = go("wtime 60000 btime -300 winc 1000 binc 0 movestogo 12 searchmoves e2e4 depth 9");
        assert_eq!(g.clocks, [Some(ms(60_000)), Some(ms(0))]);
        assert_eq!(g.increments, [ms(1000), ms(0)]);
        assert_eq!((g.moves_to_go, g.depth), (Some(12), Some(9)));
        let g = go("infinite");
        assert!(g.infinite && g.waits());
        let g = go("ponder movetime 500 nodes 12345 mate 3");
        assert!(g.ponder && !g.infinite);
        assert_eq!(
            (g.movetime, g.nodes, g.mate),
            (Some(ms(500)), Some(12345), Some(3))
        );
        assert_eq!(go("depth 300").depth, Some(MAX_DEPTH), "capped");
        let err = Go::read(&["depth", "deep"]).expect_err("not a number");
        assert_eq!(err.to_string(), "go depth takes a whole number, not 'deep'");
        let err = Go::read(&["movetime"]).expect_err("no number");
        assert_eq!(
            err.to_string(),
            "go movetime needs a whole number after it."
        );
    }

    #[test]
    fn the_budget_is_every_limit_given() {
        let overhead = ms(30);
        let limits = go("movetime 1000").limits(0, overhead, None);
        assert_eq!(limits.time, Some(ms(970)));
        assert!(!limits.clock, "a movetime is spent to its end");
        assert_eq!(limits.depth, MAX_DEPTH);
        let limits = go("depth 5 nodes 1000").limits(1, overhead, None);
        assert_eq!(
            (limits.depth, limits.nodes, limits.time),
            (5, Some(1000), None)
        );
        assert_eq!(go("mate 2").limits(0, overhead, None).depth, 4);
        assert_eq!(go("infinite").limits(0, overhead, None).time, None);
        assert_eq!(
            go("").limits(0, overhead, None).time,
            Some(ms(DEFAULT_THINK_MS))
        );
        // The clock of the side to move: Black's is short.
        let g = go("wtime 100000 btime 1000 winc 0 binc 0");
        let white = g.limits(0, overhead, None).time.expect("timed");
        let black = g.limits(1, overhead, None).time.expect("timed");
        assert!(black < white && black < ms(1000), "{black:?} {white:?}");
        assert!(g.limits(0, overhead, None).clock, "a share of a clock");
        assert_eq!(
            g.time_for(2, overhead),
            g.time_for(1, overhead),
            "the lesser"
        );
        // A level keeps its own budget, within the line's.
        let club = go("wtime 100000 btime 100000").limits(0, overhead, Some(Level::Club));
        assert_eq!((club.depth, club.nodes), (3, Level::Club.limits().nodes));
        assert!(club.time.is_some());
        let master = go("depth 7").limits(0, overhead, Some(Level::Master));
        assert_eq!((master.depth, master.time), (7, None));
    }
}
