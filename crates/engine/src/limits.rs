//! Every numeric limit catboard has, in one table ([`all`]): the
//! command line's numbers, the numbers of position texts and protocol
//! lines, and the longest lines and quotes. Every check of such a number
//! goes through [`Limit::check`] or [`Limit::read`], so a number out of
//! range always gets the same words (`--jobs 5000 is more than the largest
//! allowed, 1024.`); docs/limits.md's table is generated from this one
//! (a test compares them), and a test holds `--help` to it.

use crate::text::shown;
use crate::variants::Variant;

/// What happens to a value beyond a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beyond {
    /// It is refused in one sentence ([`Limit::check`]).
    Refused,
    /// It counts as the nearest value allowed (a protocol's `sd 100`).
    Capped,
    /// The rest is dropped (a quote: `... (N characters)` follows).
    Cut,
    /// The whole is refused in one sentence and skipped, never held whole
    /// (a line of input, a file).
    Skipped,
}

/// One limit: what it bounds, its name in messages, the least and most
/// allowed, and what happens beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// What it bounds, as docs/limits.md's table says it (Markdown).
    pub what: &'static str,
    /// Its name in messages (`--think-ms`, `the halfmove clock`).
    pub name: &'static str,
    /// Whose limit it is, after "the largest allowed" in messages
    /// (` for Chu Chess perft`); empty when the name says it all.
    pub scope: &'static str,
    /// The least value allowed.
    pub least: u64,
    /// The most allowed.
    pub most: u64,
    /// The unit, for docs/limits.md (`ms`, `bytes`); empty for a count.
    pub unit: &'static str,
    /// What happens beyond it.
    pub beyond: Beyond,
}

/// What is wrong with a number a [`Limit`] refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitFault {
    /// It is less than the least allowed.
    Less,
    /// It is more than the most allowed.
    More,
    /// It is not a whole number.
    NotANumber,
}

/// A number refused by a [`Limit`]: its `Display` is the sentence
/// (`--jobs 0 is less than the smallest allowed, 1.`), its
/// [`LimitError::clause`] the words without the limit's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitError {
    /// The limit that refused it.
    pub limit: Limit,
    /// The number as written (cut when long).
    pub written: String,
    /// What is wrong with it.
    pub fault: LimitFault,
}

impl std::fmt::Display for LimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}.", self.limit.name, self.clause())
    }
}

impl std::error::Error for LimitError {}

impl LimitError {
    /// What is wrong, without the limit's name and full stop, to be set
    /// after a field's name: `65536 is more than the largest allowed,
    /// 65535`, `'x' is not a whole number`.
    pub fn clause(&self) -> String {
        let Limit {
            scope, least, most, ..
        } = self.limit;
        match self.fault {
            LimitFault::Less => format!(
                "{} is less than the smallest allowed{scope}, {least}",
                self.written
            ),
            LimitFault::More => format!(
                "{} is more than the largest allowed{scope}, {most}",
                self.written
            ),
            LimitFault::NotANumber => {
                format!(
                    "{} is not a whole number",
                    crate::text::quoted(&self.written)
                )
            }
        }
    }
}

impl Limit {
    /// A limit refused beyond, for a count: `what` for docs/limits.md,
    /// `name` in messages, from `least` to `most`.
    pub const fn refused(what: &'static str, name: &'static str, least: u64, most: u64) -> Limit {
        Limit {
            what,
            name,
            scope: "",
            least,
            most,
            unit: "",
            beyond: Beyond::Refused,
        }
    }

    const fn in_unit(self, unit: &'static str) -> Limit {
        Limit { unit, ..self }
    }

    const fn beyond(self, beyond: Beyond) -> Limit {
        Limit { beyond, ..self }
    }

    /// The limit with whose it is, after "the largest allowed" in
    /// messages (` for Chu Chess perft`).
    pub const fn scoped(self, scope: &'static str) -> Limit {
        Limit { scope, ..self }
    }

    /// Whether `value` is allowed.
    pub fn allows(&self, value: u64) -> bool {
        (self.least..=self.most).contains(&value)
    }

    /// `value` when allowed (counted as the most for a limit that caps),
    /// else why not, whose sentence is
    /// `--jobs 0 is less than the smallest allowed, 1.`
    pub fn check(&self, value: u64) -> Result<u64, LimitError> {
        if self.beyond == Beyond::Capped && value > self.most {
            return Ok(self.most);
        }
        let fault = if value < self.least {
            LimitFault::Less
        } else if value > self.most {
            LimitFault::More
        } else {
            return Ok(value);
        };
        Err(self.refusing(value.to_string(), fault))
    }

    /// The error refusing the value written `written` for `fault`.
    fn refusing(&self, written: String, fault: LimitFault) -> LimitError {
        LimitError {
            limit: *self,
            written,
            fault,
        }
    }

    /// `value` counted as the nearest value allowed (for a limit that
    /// caps rather than refuses).
    pub fn cap(&self, value: u64) -> u64 {
        value.clamp(self.least, self.most)
    }

    /// Reads the whole number written `text` (a field of a position text,
    /// a word of a protocol line) and checks it; the error's
    /// [`LimitError::clause`] is set after the field's name: `65536 is
    /// more than the largest allowed, 65535`, or `'x' is not a whole
    /// number`. A number of any length is read (and cut when shown), so
    /// thousands of digits are still "more than"; a limit that caps counts
    /// a bigger number as its most.
    pub fn read(&self, text: &str) -> Result<u64, LimitError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.refusing(text.to_string(), LimitFault::NotANumber));
        }
        let value = text.parse::<u64>().unwrap_or(u64::MAX);
        let digits = text.trim_start_matches('0');
        let written = || shown(if digits.is_empty() { "0" } else { digits });
        if value < self.least {
            Err(self.refusing(written(), LimitFault::Less))
        } else if value > self.most && self.beyond == Beyond::Capped {
            Ok(self.most)
        } else if value > self.most || text.parse::<u64>().is_err() {
            Err(self.refusing(written(), LimitFault::More))
        } else {
            Ok(value)
        }
    }

    /// Reads the whole number written `text` (a word of a protocol line)
    /// and checks it: [`Limit::read`], the error's sentence
    /// [`Limit::check`]'s, or `go depth 'x' is not a whole number.`
    pub fn check_text(&self, text: &str) -> Result<u64, LimitError> {
        self.read(text)
    }

    /// The range as docs/limits.md writes it: `1 to 3,600,000 ms`.
    pub fn range_words(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("{} to {}{unit}", grouped(self.least), grouped(self.most))
    }

    /// What happens beyond the limit, as docs/limits.md writes it.
    pub fn beyond_words(&self) -> String {
        match self.beyond {
            Beyond::Refused => {
                let above = self.check(self.most.saturating_add(1));
                match above {
                    Err(sentence) if self.most < u64::MAX => format!("`{sentence}`"),
                    _ => "refused".to_string(),
                }
            }
            Beyond::Capped => format!("counts as {}", grouped(self.most)),
            Beyond::Cut => "cut there, then `... (N characters)`".to_string(),
            Beyond::Skipped => "refused in one sentence and skipped, never held whole".to_string(),
        }
    }
}

/// `n` with a comma between groups of three digits (`3,600,000`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// How long a Master computer thinks a move (`--think-ms` of `catboard`,
/// `play`, `line`, `bench`, `selfplay`).
pub const THINK_MS: Limit = Limit::refused(
    "`--think-ms` of `catboard`, `play`, `line`, `bench`, `selfplay`",
    "--think-ms",
    1,
    crate::ai::level::MAX_THINK_MS,
)
.in_unit("ms");

/// `bench --depth`.
pub const BENCH_DEPTH: Limit = Limit::refused(
    "`bench --depth`",
    "--depth",
    1,
    crate::ai::level::MAX_DEPTH as u64,
);

/// `perft --depth` for `variant` (its record's; beyond it a count takes
/// days).
pub const fn perft_depth(variant: Variant) -> &'static Limit {
    &variant.record().perft
}

/// `bench --perft` for `variant` (its record's: the bench's count of the
/// start position, kept to seconds).
pub const fn bench_perft(variant: Variant) -> &'static Limit {
    &variant.record().bench_perft
}

/// `bench --depth` for `variant`: its record's own, else [`BENCH_DEPTH`].
pub const fn bench_depth(variant: Variant) -> &'static Limit {
    match &variant.record().bench_depth {
        Some(limit) => limit,
        None => &BENCH_DEPTH,
    }
}

/// `xboard --hash-mb` and CECP `memory`.
pub const HASH_MB: Limit =
    Limit::refused("`xboard --hash-mb`, CECP `memory`", "--hash-mb", 1, 1024).in_unit("MiB");

/// CECP `sd`: a deeper limit counts as the search's deepest.
pub const CECP_DEPTH: Limit =
    Limit::refused("CECP `sd`", "sd", 1, crate::ai::level::MAX_DEPTH as u64).beyond(Beyond::Capped);

/// uci-cat `go depth`.
pub const GO_DEPTH: Limit = Limit::refused(
    "uci-cat `go depth`",
    "go depth",
    1,
    crate::ai::level::MAX_DEPTH as u64,
);

/// uci-cat `go movetime`, as `--think-ms`.
pub const GO_MOVETIME: Limit = Limit::refused(
    "uci-cat `go movetime`",
    "go movetime",
    1,
    crate::ai::level::MAX_THINK_MS,
)
.in_unit("ms");

/// uci-cat `go nodes`.
pub const GO_NODES: Limit = Limit::refused("uci-cat `go nodes`", "go nodes", 1, 1_000_000_000_000);

/// UCI `go depth` (`catboard uci`): a deeper search counts as the deepest.
pub const UCI_DEPTH: Limit = Limit::refused(
    "UCI `go depth`",
    "go depth",
    1,
    crate::ai::level::MAX_DEPTH as u64,
)
.beyond(Beyond::Capped);

/// UCI `go movetime`: a longer time counts as an hour.
pub const UCI_MOVETIME: Limit = Limit::refused(
    "UCI `go movetime`",
    "go movetime",
    1,
    crate::ai::level::MAX_THINK_MS,
)
.in_unit("ms")
.beyond(Beyond::Capped);

/// UCI `go nodes`.
pub const UCI_NODES: Limit =
    Limit::refused("UCI `go nodes`", "go nodes", 1, 1_000_000_000_000).beyond(Beyond::Capped);

/// UCI `go mate`: moves to a mate looked for (twice as many plies within
/// the deepest search).
pub const UCI_MATE: Limit = Limit::refused(
    "UCI `go mate`",
    "go mate",
    1,
    crate::ai::level::MAX_DEPTH as u64 / 2,
)
.beyond(Beyond::Capped);

/// UCI option `MultiPV`: the best lines shown.
pub const UCI_MULTIPV: Limit = Limit::refused("UCI option `MultiPV`", "MultiPV", 1, 256);

/// `selfplay --games`.
pub const SELFPLAY_GAMES: Limit = Limit::refused("`selfplay --games`", "--games", 1, 1_000_000);

/// `selfplay --soak`.
pub const SOAK_GAMES: Limit = Limit::refused("`selfplay --soak`", "--soak", 1, 1_000_000_000);

/// `selfplay --jobs` (at most twice the cores are used, and no more than
/// there are games).
pub const JOBS: Limit = Limit::refused("`selfplay --jobs`", "--jobs", 1, 1024);

/// `selfplay --max-plies`.
pub const MAX_PLIES: Limit = Limit::refused("`selfplay --max-plies`", "--max-plies", 1, 1_000_000);

/// `selfplay --random-plies`.
pub const RANDOM_PLIES: Limit =
    Limit::refused("`selfplay --random-plies`", "--random-plies", 0, 1_000);

/// A position text's halfmove clock (chess, Cat Chess, Chu, Polar).
pub const HALFMOVE_CLOCK: Limit = Limit::refused(
    "Position texts' halfmove clock",
    "the halfmove clock",
    0,
    u16::MAX as u64,
);

/// A position text's move number (chess, Cat Chess, Chu, Polar).
pub const MOVE_NUMBER: Limit = Limit::refused(
    "Position texts' move number",
    "the move number",
    1,
    u16::MAX as u64,
);

/// BacCanCat's passes field (and no more than the armies in play).
pub const PASSES: Limit = Limit::refused("BacCanCat's passes field", "the passes field", 0, 4);

/// A count of BacCanCat's reserve field.
pub const RESERVE_COUNT: Limit = Limit::refused(
    "BacCanCat's reserve counts",
    "a reserve count",
    0,
    u8::MAX as u64,
);

/// BacCanCat's leapers field.
pub const LEAPERS: Limit = Limit::refused("BacCanCat's leapers field", "the leapers field", 1, 4);

/// A saved game's file, in bytes (100,000 plies take about 1 MB): a
/// bigger file in the saves folder is reported and skipped unread.
pub const SAVE_FILE: Limit = Limit::refused("A saved game's file", "a saved game", 0, 16 << 20)
    .in_unit("bytes")
    .beyond(Beyond::Skipped);

/// A line of the line mode, in bytes.
pub const LINE_MODE_LINE: Limit = Limit::refused("A line of the line mode", "a line", 0, 4096)
    .in_unit("bytes")
    .beyond(Beyond::Skipped);

/// A line of `rules --batch`, `xboard` or `uci-cat`, in bytes: a longer
/// one is answered as too long and the rest of it skipped unread.
pub const PROTOCOL_LINE: Limit = Limit::refused(
    "A line of `rules --batch`, `xboard`, `uci-cat`",
    "a line",
    0,
    1 << 20,
)
.in_unit("bytes")
.beyond(Beyond::Skipped);

/// A line an engine played against writes (`--seat black=uci:COMMAND`), in
/// bytes: a longer one is skipped unread, so an engine's output never
/// costs more than a few of these.
pub const ENGINE_LINE: Limit = Limit::refused(
    "A line from an engine played against",
    "a line",
    0,
    64 << 10,
)
.in_unit("bytes")
.beyond(Beyond::Skipped);
/// A PGN file read (`--pgn`), in bytes: a bigger one is refused unread.
pub const PGN_FILE: Limit = Limit::refused("A PGN file read", "a PGN file", 0, 32 << 20)
    .in_unit("bytes")
    .beyond(Beyond::Skipped);

/// The games of one PGN file: reading stops at a game past it.
pub const PGN_GAMES: Limit = Limit::refused("Games in a PGN file", "PGN game", 1, 100_000);

/// A PGN tag's value (a name, a position text), in bytes.
pub const PGN_TAG: Limit = Limit::refused("A PGN tag's value", "a PGN tag's value", 0, 4096)
    .in_unit("bytes")
    .beyond(Beyond::Skipped);

/// Variations within variations in a PGN game (they are skipped, the
/// depth counted).
pub const PGN_NESTING: Limit =
    Limit::refused("Variations nested in a PGN game", "variation depth", 0, 100);

/// The plies of one PGN game (moves and retirements).
pub const PGN_PLIES: Limit = Limit::refused("Plies of a PGN game", "PGN ply", 0, 100_000);

/// User text quoted in a message, in characters.
pub const QUOTED_TEXT: Limit = Limit::refused(
    "Text quoted in a message",
    "a quote",
    0,
    crate::text::QUOTED_CHARS as u64,
)
.in_unit("characters")
.beyond(Beyond::Cut);

/// Every limit, in the order docs/limits.md lists them: each variant's
/// `perft --depth`, the `bench --depth` limits, each variant's `bench
/// --perft` (the variants' from the registry), then the rest.
pub fn all() -> Vec<&'static Limit> {
    let variants = || Variant::ALL.iter().map(|v| v.record());
    let mut out: Vec<&'static Limit> = variants().map(|r| &r.perft).collect();
    out.push(&BENCH_DEPTH);
    out.extend(variants().filter_map(|r| r.bench_depth.as_ref()));
    out.extend(variants().map(|r| &r.bench_perft));
    out.extend([
        &THINK_MS,
        &HASH_MB,
        &CECP_DEPTH,
        &GO_DEPTH,
        &GO_MOVETIME,
        &GO_NODES,
        &UCI_DEPTH,
        &UCI_MOVETIME,
        &UCI_NODES,
        &UCI_MATE,
        &UCI_MULTIPV,
        &SELFPLAY_GAMES,
        &SOAK_GAMES,
        &JOBS,
        &MAX_PLIES,
        &RANDOM_PLIES,
        &HALFMOVE_CLOCK,
        &MOVE_NUMBER,
        &PASSES,
        &RESERVE_COUNT,
        &LEAPERS,
        &SAVE_FILE,
        &LINE_MODE_LINE,
        &PROTOCOL_LINE,
        &ENGINE_LINE,
        &PGN_FILE,
        &PGN_GAMES,
        &PGN_TAG,
        &PGN_NESTING,
        &PGN_PLIES,
        &QUOTED_TEXT,
    ]);
    out
}

/// The table as docs/limits.md holds it between its markers: a header and
/// one row a limit.
pub fn markdown_table() -> String {
    let mut out = String::from("| What | Allowed | Beyond it |\n| --- | --- | --- |\n");
    for limit in all() {
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            limit.what,
            limit.range_words(),
            limit.beyond_words()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentence refusing a value.
    fn said(result: Result<u64, LimitError>) -> Result<u64, String> {
        result.map_err(|e| e.to_string())
    }

    /// The clause refusing a field's value.
    fn clause(result: Result<u64, LimitError>) -> Result<u64, String> {
        result.map_err(|e| e.clause())
    }

    #[test]
    fn a_number_out_of_range_gets_the_same_words_everywhere() {
        assert_eq!(JOBS.check(4), Ok(4));
        assert_eq!(
            said(JOBS.check(4_294_967_295)),
            Err("--jobs 4294967295 is more than the largest allowed, 1024.".into())
        );
        assert_eq!(
            said(SELFPLAY_GAMES.check(0)),
            Err("--games 0 is less than the smallest allowed, 1.".into())
        );
        assert_eq!(CECP_DEPTH.cap(100), 64);
        assert_eq!(CECP_DEPTH.check(100), Ok(64));
        assert_eq!(CECP_DEPTH.read(&"9".repeat(30)), Ok(64));
        assert!(CECP_DEPTH.read("0").is_err());
        assert_eq!(
            said(perft_depth(Variant::Chu).check(7)),
            Err("--depth 7 is more than the largest allowed for Chu Chess perft, 6.".into())
        );
    }

    #[test]
    fn a_field_is_read_whole_however_long_and_cut_when_shown() {
        assert_eq!(HALFMOVE_CLOCK.read("65535"), Ok(65535));
        assert_eq!(HALFMOVE_CLOCK.read("007"), Ok(7));
        assert_eq!(
            clause(HALFMOVE_CLOCK.read("65536")),
            Err("65536 is more than the largest allowed, 65535".into())
        );
        let huge = HALFMOVE_CLOCK
            .read(&"9".repeat(5_000))
            .expect_err("huge")
            .clause();
        assert!(
            huge.ends_with("(5000 characters) is more than the largest allowed, 65535"),
            "{huge}"
        );
        assert!(huge.len() < 120, "{huge}");
        assert_eq!(
            clause(MOVE_NUMBER.read("0")),
            Err("0 is less than the smallest allowed, 1".into())
        );
        assert_eq!(
            clause(PASSES.read("-1")),
            Err("'-1' is not a whole number".into())
        );
        assert_eq!(
            clause(PASSES.read("")),
            Err("'' is not a whole number".into())
        );
        assert_eq!(
            clause(PASSES.read("256")),
            Err("256 is more than the largest allowed, 4".into())
        );
    }

    #[test]
    fn ranges_and_beyond_read_as_the_docs_write_them() {
        assert_eq!(THINK_MS.range_words(), "1 to 3,600,000 ms");
        assert_eq!(
            THINK_MS.beyond_words(),
            "`--think-ms 3600001 is more than the largest allowed, 3600000.`"
        );
        assert_eq!(CECP_DEPTH.beyond_words(), "counts as 64");
        assert_eq!(grouped(1_048_576), "1,048,576");
        assert_eq!(grouped(0), "0");
        assert!(markdown_table().lines().count() == all().len() + 2);
    }

    #[test]
    fn every_variant_has_its_perft_limits() {
        for &variant in Variant::ALL {
            assert!(perft_depth(variant).what.contains(variant.name()));
            assert!(bench_perft(variant).what.contains(variant.name()));
            assert!(bench_perft(variant).most <= perft_depth(variant).most);
        }
    }
}
