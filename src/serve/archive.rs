//! A finished game as the archive keeps it: its PGN, its players, what
//! each scored, whether it is rated and the ratings it moves. The rules
//! of who is rated live here once: [`is_rated`] decides, [`scores`] says
//! what each seat scored, and `catboard::rating` does the arithmetic.

use super::room::{Holder, Room};
use super::store::{ArchivedPlayer, FinishedGame};
use crate::session::table::{Player, TableGame};
use crate::session::words::capitalise;
use catboard::clock::TimeControl;
use catboard::core::{Game, Move};
use catboard::notation::pgn::{self, PgnTags};
use catboard::rating::{self, Rating};

/// Whether a game is rated: every seat is played by a person with a key
/// (no computer, no guest, no seat empty), no one plays two seats, and
/// the table has a time control. The one place this is decided.
pub fn is_rated(
    players: &[Player],
    holders: &[Option<Holder>],
    time_control: Option<TimeControl>,
) -> bool {
    let keyed: Vec<&str> = holders
        .iter()
        .flatten()
        .filter(|h| h.identity.starts_with("key:"))
        .map(|h| h.identity.as_str())
        .collect();
    let distinct = keyed
        .iter()
        .enumerate()
        .all(|(i, a)| !keyed[..i].contains(a));
    players.len() >= 2
        && players.iter().all(|p| p.level().is_none())
        && keyed.len() == players.len()
        && distinct
        && time_control.is_some()
}

/// What each seat of a finished `game` scored, for the result and the
/// ratings: its points where the variant scores points (BacCanCat), else
/// 1 for the winner and 0 for the others (every seat 1 in a draw). So
/// ratings go pairwise by score: a Cat Chess winner beats both others and
/// the two losers draw each other.
pub fn scores<G: Game>(game: &G) -> Vec<u32> {
    let seats = game.seat_names().len();
    if let Some(points) = game.points() {
        return points.into_iter().map(u32::from).collect();
    }
    match game.outcome().and_then(|o| o.winner) {
        Some(winner) => (0..seats).map(|s| u32::from(s == winner.index())).collect(),
        None => vec![1; seats],
    }
}

/// The result as the archive writes it: `1-0`, `0-1` or `1/2-1/2` for
/// two seats, else each seat's score joined by `-` (points in halves).
pub fn result<G: Game>(game: &G) -> String {
    if game.seat_names().len() == 2 && game.points().is_none() {
        return pgn::result_token(game.outcome()).to_string();
    }
    scores(game)
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// `secs` since 1970 as a PGN date, `YYYY.MM.DD` (UTC).
pub fn pgn_date(secs: u64) -> String {
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

/// The game at `table` as PGN, with `names` for its seats, ended at
/// `finished`. Every PGN the server writes comes from here.
pub fn pgn_of(
    table: &TableGame,
    names: &[String],
    time_control: Option<&str>,
    finished: u64,
) -> String {
    let variant = table.variant();
    let start = variant
        .from_position(table.start_position(), table.options())
        .unwrap_or_else(|_| variant.new_game(table.options()));
    let mut replay = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    for text in table.saved().moves {
        let Ok(mv) = replay.read_listed_move(&text) else {
            break;
        };
        replay.make_move(mv);
        moves.push(mv);
    }
    let standard = variant.new_game(table.options()).position_text();
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| "?".to_string());
    let tags = PgnTags {
        event: format!("catboard {}", variant.name()),
        date: pgn_date(finished),
        white: name(0),
        black: name(1),
    };
    let text = pgn::export(&start, &moves, &standard, &tags);
    // The tags the writer has no field for, before the moves.
    // Not a message: PGN tag pairs.
    let mut extra = format!("[Variant \"{}\"]\n", variant.name());
    for (seat, seat_name) in start.seat_names().iter().enumerate().skip(2) {
        extra.push_str(&format!(
            "[{} \"{}\"]\n",
            capitalise(seat_name).replace(' ', ""),
            name(seat).replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    // Not a message: a PGN tag pair.
    extra.push_str(&format!(
        "[TimeControl \"{}\"]\n",
        time_control.unwrap_or("-")
    ));
    if let Some(outcome) = table.outcome() {
        // Not a message: a PGN tag pair.
        extra.push_str(&format!(
            "[Termination \"{}\"]\n",
            table.outcome_words(outcome).replace('"', "'")
        ));
    }
    match text.split_once("\n\n") {
        Some((head, moves)) => format!("{head}\n{extra}\n{moves}"),
        None => text,
    }
}

/// The archive's record of `room`, whose game `table` has just ended at
/// `finished`, with `before` the ratings of its players before the game
/// when it is rated (see [`is_rated`]), in seat order.
pub fn finished_game(
    room: &Room,
    table: &TableGame,
    before: Option<&[Rating]>,
    finished: u64,
) -> FinishedGame {
    let game = table.game();
    let seat_names = game.seat_names();
    let names: Vec<String> = (0..table.players().len())
        .map(|s| match (&room.holders[s], table.players()[s].level()) {
            (_, Some(_)) => table.players()[s].label(),
            (Some(h), None) => h.name.clone(),
            (None, None) => "nobody".to_string(),
        })
        .collect();
    let scores = scores(game);
    let after = before.map(|b| rating::rate_game(b, &scores, rating::TAU));
    let players = (0..names.len())
        .map(|s| ArchivedPlayer {
            seat_name: capitalise(seat_names.get(s).copied().unwrap_or("?")),
            identity: room.holders[s]
                .as_ref()
                .filter(|h| h.identity.starts_with("key:"))
                .map(|h| h.identity.clone()),
            name: names[s].clone(),
            score: scores.get(s).copied().unwrap_or(0),
            before: before.and_then(|b| b.get(s).copied()),
            after: after.as_ref().and_then(|a| a.get(s).copied()),
        })
        .collect();
    let time_control = table.time_control().map(TimeControl::text);
    let time_control = time_control.as_deref();
    FinishedGame {
        variant: table.variant().id().to_string(),
        time_control: time_control.map(str::to_string),
        termination: table
            .outcome()
            .map_or_else(String::new, |o| table.outcome_words(o)),
        result: result(game),
        rated: before.is_some(),
        finished,
        plies: table.ply(),
        pgn: pgn_of(table, &names, time_control, finished),
        saved: Some(table.saved()),
        players,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holder(id: &str) -> Option<Holder> {
        Some(Holder {
            identity: id.into(),
            name: id.into(),
        })
    }

    #[test]
    fn only_keyed_people_at_a_timed_table_are_rated() {
        let people = [Player::Human, Player::Human];
        let keyed = [holder("key:a"), holder("key:b")];
        let five = TimeControl::parse("5+3").expect("a control");
        assert!(is_rated(&people, &keyed, five));
        assert!(!is_rated(&people, &keyed, None), "untimed");
        assert!(
            !is_rated(&people, &[holder("key:a"), holder("guest:1")], five),
            "a guest"
        );
        assert!(
            !is_rated(&people, &[holder("key:a"), None], five),
            "an empty seat"
        );
        assert!(
            !is_rated(&people, &[holder("key:a"), holder("key:a")], five),
            "one person both sides"
        );
        let computer = [Player::Human, Player::Computer(catboard::ai::Level::Casual)];
        assert!(
            !is_rated(&computer, &[holder("key:a"), None], five),
            "a computer"
        );
    }

    #[test]
    fn dates_are_the_calendars() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400), "2000.02.29");
        assert_eq!(pgn_date(1_796_083_200), "2026.12.01");
    }
}
