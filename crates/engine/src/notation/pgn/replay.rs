//! A game read from PGN, replayed: its variant, rule options and start
//! position from its tags, each move through the variant's own parser,
//! the `%clk` readings kept per ply and the `%retire` plies played where
//! they stand. A fault is one sentence naming the game, the move's
//! number and its text.

use super::error::{PgnError, TagFault};
use super::games::{Item, RawGame};
use super::tags::{self, PgnTags};
use super::{PgnGame, ReadGame};
use crate::clock::TimeControl;
use crate::core::{Departure, Game, ListedMoveError, Retire, Seat};

/// `raw` replayed, or the sentence saying what in it cannot be.
pub fn replay(raw: &RawGame<'_>) -> Result<ReadGame, PgnError> {
    let number = raw.number;
    let fault = |fault: TagFault| PgnError::Tags {
        game: number,
        fault,
    };
    let variant = tags::variant_of(raw.tag("Variant")).map_err(fault)?;
    let options = tags::options_of(variant.options(), raw.tag("VariantOptions")).map_err(fault)?;
    let start = match raw.tag("FEN") {
        Some(text) => variant.from_position(text, &options).map_err(|why| {
            fault(TagFault::Fen {
                text: text.to_string(),
                variant,
                fault: why,
            })
        })?,
        None => variant.new_game(&options),
    };
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut clocks: Vec<Option<std::time::Duration>> = Vec::new();
    let mut round = u32::from(start.fullmove());
    let mut last_mover: Option<usize> = None;
    for item in &raw.items {
        match item {
            Item::Move { text, .. } => {
                let mover = game.to_move().index();
                if last_mover.is_some_and(|previous| mover <= previous) {
                    round += 1;
                }
                let written = text.trim_end_matches(['!', '?']).replace('_', " ");
                let read = match super::stopped(&game) {
                    Some(o) => Err(ListedMoveError::GameOver(o.reason)),
                    // A check mark where the variant's notation writes none
                    // (XBoard marks Chu's checks) is passed over.
                    None => game.parse_move(&written).or_else(|why| {
                        match written.strip_suffix(['+', '#']) {
                            Some(bare) if !bare.is_empty() => game
                                .parse_move(bare)
                                .map_err(|_| ListedMoveError::Refused(why)),
                            _ => Err(ListedMoveError::Refused(why)),
                        }
                    }),
                };
                let mv = read.map_err(|why| PgnError::Move {
                    game: number,
                    round: round as usize,
                    text: text.to_string(),
                    fault: why,
                })?;
                game.make_move(mv);
                moves.push(mv);
                clocks.push(None);
                last_mover = Some(mover);
            }
            Item::Clock(left) => {
                if let Some(last) = clocks.last_mut() {
                    *last = Some(*left);
                }
            }
            Item::Retire { text, line } => {
                let seats = game.seat_names();
                let Some(retire) = Retire::parse(text, seats) else {
                    let names: Vec<&str> = seats.to_vec();
                    return Err(PgnError::NoRetirement {
                        game: number,
                        line: *line,
                        text: text.clone(),
                        seats: crate::text::or_list(&names),
                    });
                };
                game.may_retire(retire)
                    .map_err(|why| PgnError::Retirement {
                        game: number,
                        line: *line,
                        text: text.clone(),
                        fault: why,
                    })?;
                game.make_move(retire.to_move());
                moves.push(retire.to_move());
                clocks.push(None);
            }
        }
    }
    let seat_count = variant.seats().len();
    let players = (0..seat_count)
        .map(|s| {
            raw.tag(&tags::seat_tag(variant, s))
                .unwrap_or("?")
                .to_string()
        })
        .collect();
    let defaults = PgnTags::default();
    let roster = |name: &str, default: &str| raw.tag(name).unwrap_or(default).to_string();
    let pgn_tags = PgnTags {
        event: roster("Event", "?"),
        site: roster("Site", "?"),
        date: roster("Date", &defaults.date),
        round: roster("Round", "?"),
        players,
        extra: raw
            .tags
            .iter()
            .filter(|(name, _)| !tags::is_written(variant, name))
            .cloned()
            .collect(),
    };
    let token = raw.result.filter(|r| tags::is_result(r));
    let tag = raw.tag("Result").filter(|r| tags::is_result(r));
    let mut warnings = Vec::new();
    if let (Some(token), Some(tag)) = (token, tag)
        && token != tag
    {
        warnings.push(format!(
            "Game {number}: its Result tag says {tag} but its moves end with {token}; {token} is taken."
        ));
    }
    let result = token.or(tag).unwrap_or("*").to_string();
    Ok(ReadGame {
        number,
        pgn: PgnGame {
            variant,
            options,
            start: start.position_text(),
            moves,
            clocks,
            time_control: raw.tag("TimeControl").and_then(TimeControl::from_pgn),
            tags: pgn_tags,
            notes: Vec::new(),
            ending: None,
        },
        start,
        position: game,
        tags: raw.tags.clone(),
        result,
        warnings,
    })
}

/// The retirement a game from another program implies when its moves
/// leave it unfinished but its result says it ended (a resignation, a
/// flag, an agreed draw): for a game of two armies, `1-0` or `0-1` is the
/// loser leaving (its flag falling when the `Termination` tag speaks of
/// time and it is the loser's turn, else resigning) and `1/2-1/2` a draw
/// agreed; `None` when the game is over already, the result is `*`, or
/// the game does not allow that retirement.
pub fn implied_retirement(read: &ReadGame) -> Option<Retire> {
    let game = &read.position;
    if game.outcome().is_some() || game.seat_names().len() != 2 {
        return None;
    }
    let on_time = read
        .tag("Termination")
        .is_some_and(|t| t.to_ascii_lowercase().contains("time"));
    let leave = |loser: u8| {
        let seat = Seat(loser);
        let how = if on_time && game.to_move() == seat {
            Departure::Flagged
        } else {
            Departure::Resigned
        };
        Retire::Leave(seat, how)
    };
    let retire = match read.result.as_str() {
        "1-0" => leave(1),
        "0-1" => leave(0),
        "1/2-1/2" | "½-½" => Retire::Agreement,
        _ => return None,
    };
    game.may_retire(retire).ok().map(|()| retire)
}
