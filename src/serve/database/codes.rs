//! An ending as the archive's columns keep it: `termination` the
//! reason's code (`checkmate`; empty when not known), `winner` the
//! winning seat's number, `retired` the retirement that ended the game
//! in the save format's words (`resign:white`, `flag:cats`).

use catboard::core::{EndReason, Outcome, Retire, Seat, Termination};
use catboard::variants::Variant;

fn seats(variant: &str) -> &'static [&'static str] {
    Variant::from_id(variant).map_or(&[][..], Variant::seats)
}

/// The columns of `termination`, of a game of `variant`.
pub fn columns(
    variant: &str,
    termination: Option<Termination>,
) -> (&'static str, Option<i64>, Option<String>) {
    let Some(Termination { outcome, retire }) = termination else {
        return ("", None, None);
    };
    (
        outcome.reason.code(),
        outcome.winner.map(|s| i64::from(s.0)),
        retire.map(|r| r.text(seats(variant))),
    )
}

/// The ending the columns keep, `None` when they keep none or one this
/// catboard does not know.
pub fn termination(
    variant: &str,
    code: &str,
    winner: Option<i64>,
    retired: Option<&str>,
) -> Option<Termination> {
    let reason = EndReason::from_code(code)?;
    let winner = match winner {
        Some(n) => Some(Seat(u8::try_from(n).ok()?)),
        None => None,
    };
    let retire = match retired {
        Some(text) => Some(Retire::parse(text, seats(variant))?),
        None => None,
    };
    Some(Termination {
        outcome: Outcome { winner, reason },
        retire,
    })
}
