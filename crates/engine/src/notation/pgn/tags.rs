//! PGN's tag pairs as catboard writes and reads them: the tags a game is
//! given ([`PgnTags`]), each variant's name in the `Variant` tag, the
//! seats' tags, the result token for games of two, three and four seats,
//! the `Termination`, `Winner` and `Points` tags, rule options in
//! `VariantOptions`, and a tag pair's text.

use super::error::TagFault;
use crate::core::{EndReason, Game, Leaving, OptionSpec, Options, Outcome};
use crate::text::{capitalised, or_list, quoted};
use crate::variants::Variant;

/// The tags a game is written with besides those the game itself decides
/// (result, termination, variant, position, options, time control).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnTags {
    /// `Event`: the event's name.
    pub event: String,
    /// `Site`: where it was played.
    pub site: String,
    /// `Date`: `YYYY.MM.DD`, `?` for what is not known (see [`date`]).
    pub date: String,
    /// `Round`: the round of the event, `-` for none.
    pub round: String,
    /// The seats' players in seat order, each written in its seat's tag
    /// ([`seat_tag`]: `White`, `Black`, `Cats`, `Red`); `?` for a seat
    /// not given.
    pub players: Vec<String>,
    /// Any other tags, written after catboard's own in this order (a tag
    /// catboard writes itself, such as `Result`, and a name that is no
    /// PGN symbol are left out).
    pub extra: Vec<(String, String)>,
}

impl Default for PgnTags {
    fn default() -> Self {
        PgnTags {
            event: "catboard game".to_string(),
            site: "catboard".to_string(),
            date: "????.??.??".to_string(),
            round: "-".to_string(),
            players: Vec::new(),
            extra: Vec::new(),
        }
    }
}

impl PgnTags {
    /// The player of seat `index`, `?` when not given.
    pub fn player(&self, index: usize) -> &str {
        self.players
            .get(index)
            .map(String::as_str)
            .filter(|p| !p.is_empty())
            .unwrap_or("?")
    }
}

/// Whether `name` may name a tag: a PGN symbol, a letter or digit then
/// letters, digits and `_ + # = : -`.
pub fn is_tag_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_+#=:-".contains(c))
}

/// The tags catboard writes from the game itself, besides the seven of
/// the roster and the seats' tags: never taken from [`PgnTags::extra`],
/// and read back into the game rather than kept as extra tags.
pub const DERIVED: &[&str] = &[
    "Result",
    "Termination",
    "Winner",
    "Points",
    "Variant",
    "VariantOptions",
    "TimeControl",
    "SetUp",
    "FEN",
];

/// The name of the tag that holds the player of `seat` of `variant`:
/// the seat's name in capitals (`White`, `Black`, `Cats`, `Red`).
pub fn seat_tag(variant: Variant, seat: usize) -> String {
    capitalised(variant.seats().get(seat).copied().unwrap_or("?"))
}

/// Whether `name` is a tag catboard writes for a game of `variant` (the
/// roster, the seats, the [`DERIVED`] tags), compared without case.
pub fn is_written(variant: Variant, name: &str) -> bool {
    ["Event", "Site", "Date", "Round"]
        .iter()
        .chain(DERIVED)
        .any(|t| t.eq_ignore_ascii_case(name))
        || (0..variant.seats().len()).any(|s| seat_tag(variant, s).eq_ignore_ascii_case(name))
}

/// The `Variant` tag written for `variant` (its record's): XBoard's name
/// where it has one (`elven` for Chu Chess), else catboard's
/// (`cat-chess`, `polar`, `baccancat`); none for chess, so that every
/// program reads it.
pub const fn variant_name(variant: Variant) -> Option<&'static str> {
    variant.record().names.pgn
}

/// The variant a `Variant` tag names (`None`, no tag: chess); the error
/// is a clause naming the variants catboard reads.
pub fn variant_of(tag: Option<&str>) -> Result<Variant, TagFault> {
    let Some(name) = tag.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(Variant::Chess);
    };
    let read = |v: &Variant| v.record().names.pgn_read;
    Variant::known()
        .find(|v| read(v).iter().any(|n| n.eq_ignore_ascii_case(name)))
        .ok_or_else(|| {
            let known: Vec<String> = Variant::known()
                .map(|v| match variant_name(v) {
                    Some(n) => quoted(n),
                    None => quoted(read(&v).first().copied().unwrap_or(v.id())),
                })
                .collect();
            TagFault::Variant {
                name: name.to_string(),
                known: or_list(&known),
            }
        })
}

/// The PGN result token of `game` as it stands. PGN knows only `1-0`,
/// `0-1`, `1/2-1/2` and `*`, so for three or four seats: in a game of two
/// armies and a third seat (Cat Chess), `1-0` and `0-1` are the armies'
/// wins and a third seat's win (the Cats win every draw between the
/// armies) is `1/2-1/2`; where every seat is an army (BacCanCat) a
/// finished game is `1/2-1/2`, its points shared. The `Winner` and
/// `Points` tags ([`winner_tag`], [`points_tag`]) say who won.
pub fn result_token<G: Game>(game: &G) -> &'static str {
    outcome_token(game.outcome(), game.end_rules().leaving)
}

/// The result token of `outcome` under `leaving` (see [`result_token`]).
pub fn outcome_token(outcome: Option<Outcome>, leaving: Leaving) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome {
            winner: Some(seat), ..
        }) if leaving == Leaving::TwoArmies && seat.0 < 2 => {
            if seat.0 == 0 {
                "1-0"
            } else {
                "0-1"
            }
        }
        Some(_) => "1/2-1/2",
    }
}

/// Whether `word` is a PGN result token (`½-½` too, as some programs
/// write it).
pub fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½")
}

/// The `Termination` tag for `outcome`: the ending in words
/// (`checkmate`, `resignation`, `time forfeit`, `agreement`, the
/// variant's own), `unterminated` while the game goes on.
pub fn termination(outcome: Option<Outcome>) -> &'static str {
    let Some(outcome) = outcome else {
        return "unterminated";
    };
    match outcome.reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::FiftyMoves => "fifty-move rule",
        EndReason::HundredTurns => "hundred-turn rule",
        EndReason::Repetition => "threefold repetition",
        EndReason::Material => "insufficient material",
        EndReason::Marriage => "marriage",
        EndReason::Promotion => "promotion with an empty reserve",
        EndReason::ThirdMate => "third checkmate",
        EndReason::AllPassed => "every army passed",
        EndReason::Resignation => "resignation",
        EndReason::Time => "time forfeit",
        EndReason::TimeAgainstMaterial => "time forfeit against insufficient material",
        EndReason::Agreement => "agreement",
        EndReason::Aborted => "abandoned",
    }
}

/// The `Winner` tag of a finished game of more than two seats that a
/// seat won (`Cats`, `Red`); none otherwise, where `Result` says it.
pub fn winner_tag<G: Game>(game: &G) -> Option<String> {
    if game.seat_names().len() <= 2 {
        return None;
    }
    let winner = game.outcome()?.winner?;
    Some(capitalised(game.seat_name(winner)))
}

/// The `Points` tag of a finished game whose variant scores points
/// (BacCanCat): each seat and its points, `Red 6, Orange 1.5, Green 3,
/// Blue 1.5`.
pub fn points_tag<G: Game>(game: &G) -> Option<String> {
    game.outcome()?;
    let points = game.points()?;
    let each: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(seat, halves)| {
            let name = capitalised(game.seat_names().get(seat).copied().unwrap_or("?"));
            let whole = halves / 2;
            if halves % 2 == 1 {
                format!("{name} {whole}.5")
            } else {
                format!("{name} {whole}")
            }
        })
        .collect();
    Some(each.join(", "))
}

/// The `VariantOptions` tag: the options of `specs` chosen away from
/// their defaults, as `key=value` pairs between spaces; none when every
/// option is at its default.
pub fn options_tag(specs: &[OptionSpec], options: &Options) -> Option<String> {
    let pairs: Vec<String> = specs
        .iter()
        .filter_map(|spec| {
            let value = options.value(spec);
            (spec.choices.first() != Some(&value)).then(|| format!("{}={value}", spec.key))
        })
        .collect();
    (!pairs.is_empty()).then(|| pairs.join(" "))
}

/// The options a `VariantOptions` tag gives (`None`: every default); the
/// error is a clause.
pub fn options_of(specs: &[OptionSpec], tag: Option<&str>) -> Result<Options, TagFault> {
    match tag {
        None => Ok(Options::new()),
        Some(text) => Options::parse(specs, text.split_whitespace()).map_err(TagFault::Options),
    }
}

/// A tag pair's line, `[Name "value"]`: the value's `\` and `"` escaped
/// as PGN says, and any control character (a line break in a player's
/// name) written as a space, so the pair stays one line.
pub fn tag_line(name: &str, value: &str) -> String {
    let mut escaped = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => escaped.push_str("\\\\"),
            '"' => escaped.push_str("\\\""),
            c if c.is_control() => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    // Not a message: PGN's tag pair syntax.
    format!("[{name} \"{escaped}\"]\n")
}

/// `secs` since 1970 as a PGN date, `YYYY.MM.DD` (UTC).
pub fn date(secs: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let days = i64::try_from(secs / 86_400).unwrap_or(0) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;

    #[test]
    fn dates_are_the_calendars() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(951_782_400), "2000.02.29");
        assert_eq!(date(1_796_083_200), "2026.12.01");
    }

    #[test]
    fn every_variant_reads_back_from_its_name_and_others_are_refused() {
        for &v in Variant::ALL {
            assert_eq!(variant_of(variant_name(v)), Ok(v));
            assert_eq!(variant_of(Some(v.name())), Ok(v), "{v:?}");
        }
        assert_eq!(variant_of(Some("From Position")), Ok(Variant::Chess));
        assert_eq!(variant_of(Some("Standard")), Ok(Variant::Chess));
        let why = variant_of(Some("Crazyhouse"))
            .expect_err("not played")
            .to_string();
        assert!(
            why.contains("'Crazyhouse'") && why.contains("'elven'"),
            "{why}"
        );
    }

    #[test]
    fn results_keep_the_armies_tokens_and_share_the_rest() {
        let won = |s| {
            Some(Outcome {
                winner: Some(Seat(s)),
                reason: EndReason::Checkmate,
            })
        };
        let two = Leaving::TwoArmies;
        assert_eq!(outcome_token(won(0), two), "1-0");
        assert_eq!(outcome_token(won(1), two), "0-1");
        assert_eq!(outcome_token(won(2), two), "1/2-1/2", "the Cats");
        assert_eq!(outcome_token(won(0), Leaving::Elimination), "1/2-1/2");
        assert_eq!(outcome_token(None, two), "*");
        assert_eq!(termination(None), "unterminated");
        assert_eq!(termination(won(0)), "checkmate");
    }

    #[test]
    fn a_tag_line_escapes_and_stays_one_line() {
        assert_eq!(
            tag_line("White", "a \"b\" \\ c"),
            "[White \"a \\\"b\\\" \\\\ c\"]\n"
        );
        assert_eq!(tag_line("Black", "x\ny\u{1b}"), "[Black \"x y \"]\n");
    }
}
