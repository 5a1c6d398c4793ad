//! A finished game as the archive keeps it: its PGN, its players, what
//! each scored, whether it is rated and how it ended. The rules of who is
//! rated live here once: [`is_rated`] decides, [`scores`] says what each
//! seat scored; the store moves the ratings as it archives the game
//! (`store::rate`, with `catboard::rating`'s arithmetic).

use super::room::{Holder, Room};
use super::store::{ArchivedPlayer, FinishedGame};
use crate::session::keeper::policy;
use crate::session::table::{Player, TableGame};
use crate::session::words::capitalise;
use catboard::clock::TimeControl;
use catboard::core::{EndReason, Game, Outcome, Retire, Termination};
use catboard::notation::pgn::{self, Ending};

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

/// Why `game`, archived unrated, was not rated, where a player would
/// not know it (each seat a keyed person at a timed table): it was
/// aborted, one account played two seats, or its accounts had already
/// played `a_day` rated games together that day.
pub fn unrated_because(game: &FinishedGame, a_day: usize) -> Option<String> {
    if game.aborted() {
        return Some(format!("{}.", crate::session::describe::ABORTED));
    }
    let ids: Option<Vec<&str>> = game.players.iter().map(|p| p.identity.as_deref()).collect();
    let ids = ids?;
    if game.rated || game.time_control.is_none() || ids.len() < 2 {
        return None;
    }
    let twice = ids.iter().enumerate().any(|(i, a)| ids[..i].contains(a));
    Some(match twice {
        true => "Not rated: one account played more than one seat.".to_string(),
        false => format!(
            "Not rated: these accounts have finished {a_day} rated games together today, the most a day."
        ),
    })
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
        return pgn::result_token(game).to_string();
    }
    scores(game)
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// The game at `table` as PGN, with `names` for its seats, ended at
/// `finished`: written by the library's one PGN writer
/// ([`pgn::write`]). Every PGN the server writes comes from here. An
/// `aborted` game ([`policy::aborted`]) is written as lichess exports
/// one: its moves without the resignation or flag that ended it, result
/// `*` and `Termination` `abandoned`, the reason as the last comment.
pub fn pgn_of(
    table: &TableGame,
    names: &[String],
    time_control: Option<&str>,
    finished: u64,
    aborted: bool,
) -> String {
    let mut tags = crate::session::pgn::local_tags(
        table,
        &names.iter().cloned().map(Some).collect::<Vec<_>>(),
        pgn::date(finished),
    );
    tags.players = names.to_vec();
    let mut game = crate::session::pgn::pgn_game_of(table, tags);
    if let (None, Some(text)) = (table.time_control(), time_control) {
        // A table kept before its game carried its clock.
        game.time_control = TimeControl::parse(text).ok().flatten();
    }
    if aborted {
        while game
            .moves
            .last()
            .is_some_and(|&mv| Retire::of(mv).is_some())
        {
            game.moves.pop();
        }
        game.clocks.truncate(game.moves.len());
        game.ending = Some(Ending {
            result: "*",
            termination: "abandoned",
            reason: crate::session::describe::ABORTED.to_string(),
        });
    }
    pgn::write(&game).unwrap_or_else(|why| why.to_string())
}

/// The archive's record of `room`, whose game `table` has just ended at
/// `finished`: rated when [`is_rated`] says so (the store fills in the
/// ratings); aborted, with no result and unrated, when a person at it
/// had not made a move ([`policy::aborted`]).
pub fn finished_game(room: &Room, table: &TableGame, finished: u64) -> FinishedGame {
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
    let players = (0..names.len())
        .map(|s| ArchivedPlayer {
            seat_name: capitalise(seat_names.get(s).copied().unwrap_or("?")),
            identity: room.holders[s]
                .as_ref()
                .filter(|h| h.identity.starts_with("key:"))
                .map(|h| h.identity.clone()),
            name: names[s].clone(),
            score: scores.get(s).copied().unwrap_or(0),
            before: None,
            after: None,
        })
        .collect();
    let time_control = table.time_control().map(TimeControl::text);
    let time_control = time_control.as_deref();
    let aborted = policy::aborted(table);
    let abort = Outcome {
        winner: None,
        reason: EndReason::Aborted,
    };
    FinishedGame {
        variant: table.variant().id().to_string(),
        time_control: time_control.map(str::to_string),
        termination: match aborted {
            true => Some(Termination::new(abort, None)),
            false => table
                .outcome()
                .map(|o| Termination::new(o, table.last_move())),
        },
        result: match aborted {
            true => "*".to_string(),
            false => result(game),
        },
        rated: !aborted && is_rated(table.players(), &room.holders, table.time_control()),
        finished,
        plies: table.ply(),
        pgn: pgn_of(table, &names, time_control, finished, aborted),
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
        // A computer's seat, even with a keyed holder, is not rated: every
        // other clause holds here, so only the computer clause refuses it.
        let computer = [Player::Human, Player::Computer(catboard::ai::Level::Casual)];
        assert!(
            !is_rated(&computer, &keyed, five),
            "a computer, though its seat has a keyed holder"
        );
    }

    #[test]
    fn a_timed_game_is_archived_with_its_clocks_and_its_flag_and_reads_back() {
        use crate::session::table::TableSpec;
        use catboard::core::Options;
        use catboard::variants::Variant;
        use std::time::Duration;
        let spec = TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: None,
            players: vec![Player::Human, Player::Human],
            time: TimeControl::parse("1+2").expect("a control"),
        };
        let mut table = TableGame::new(&spec).expect("a table");
        // The first move is free: the clocks start with it.
        for (text, spent) in [("e4", 5), ("e5", 7), ("Nf3", 70)] {
            let mv = table.game().parse_move(text).expect("legal");
            let _ = table.play_after(mv, Duration::from_secs(spent));
        }
        let names = ["ann".to_string(), "bob".to_string()];
        let text = pgn_of(&table, &names, Some("1+2"), 0, false);
        assert!(text.contains("[TimeControl \"60+2\"]"), "{text}");
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(
            text.contains("1. e4 {[%clk 0:01:00]} 1... e5 {[%clk 0:00:55]}\n{[%retire flag:white] [%clk 0:00:00.0]} 0-1"),
            "{text}"
        );
        let read = pgn::read_game(&text, 1).expect("reads back");
        assert_eq!(read.pgn.moves, table.moves().collect::<Vec<_>>());
        assert_eq!(read.pgn.clocks, table.clock_readings());
        assert_eq!(read.position.outcome(), table.outcome());
    }

    #[test]
    fn an_aborted_game_is_written_as_lichess_exports_one() {
        use crate::session::table::TableSpec;
        use catboard::core::{Departure, Options, Seat};
        use catboard::variants::Variant;
        let spec = TableSpec {
            variant: Variant::Chess,
            options: Options::new(),
            position: None,
            players: vec![Player::Human, Player::Human],
            time: TimeControl::parse("5+3").expect("a control"),
        };
        let names = ["ann".to_string(), "bob".to_string()];
        // Resigned before any move, and after 1.e4 before Black's first.
        for before in [&[][..], &["e4"][..]] {
            let mut table = TableGame::new(&spec).expect("a table");
            for text in before {
                let mv = table.game().parse_move(text).expect("legal");
                let _ = table.play_after(mv, std::time::Duration::from_secs(1));
            }
            let resign = Retire::Leave(Seat::WHITE, Departure::Resigned);
            table.retire(resign).expect("White may resign");
            assert!(policy::aborted(&table), "{before:?}");
            let text = pgn_of(&table, &names, Some("5+3"), 0, true);
            assert!(text.contains("[Result \"*\"]"), "{text}");
            assert!(text.contains("[Termination \"abandoned\"]"), "{text}");
            assert!(!text.contains("retire"), "{text}");
            assert!(text.trim_end().ends_with('*'), "{text}");
            let read = pgn::read_game(&text, 1).expect("reads back");
            assert_eq!(read.pgn.moves.len(), before.len(), "{text}");
        }
    }
}
