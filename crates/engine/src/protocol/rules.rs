//! The rules oracle: a position and moves in, the legal moves, check and
//! result out, as one JSON object (the `catboard rules` command).

use crate::core::{Game, ListedMoveError, OptionError, Options};
use crate::notation::PositionError;
use crate::variants::{AnyGame, Variant};
use crate::variants::{MoveError, UnknownVariant};
use serde::Deserialize;
use serde_json::{Value, json};

/// One question to the oracle.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesQuery {
    /// The variant's identifier (`chess`).
    pub variant: String,
    /// The start position; the variant's usual start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves to play from it, in coordinate notation or SAN.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Rule options as `key=value` (`fifty_moves=off`).
    #[serde(default)]
    pub options: Vec<String>,
}

/// Why a query is refused, in one sentence.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum QueryError {
    /// The variant is unknown.
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    /// An option is refused.
    #[error("Bad option: {0}.")]
    Option(#[from] OptionError),
    /// The position text is refused.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Move `number` (from 1), written `text`, cannot be played.
    #[error("{}", crate::text::sentence(&.fault.describe(*.number, .text)))]
    Move {
        /// The move's number in the list.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        fault: ListedMoveError<MoveError>,
    },
}

/// Sets up the game a query describes: the position, then each move.
pub fn play_query(query: &RulesQuery) -> Result<AnyGame, QueryError> {
    let variant = Variant::from_id(&query.variant)?;
    let options = Options::parse(variant.options(), query.options.iter().map(String::as_str))?;
    let mut game = match &query.position {
        Some(text) => variant.from_position(text, &options)?,
        None => variant.new_game(&options),
    };
    for (i, text) in query.moves.iter().enumerate() {
        let mv = game
            .read_listed_move(text)
            .map_err(|fault| QueryError::Move {
                number: i + 1,
                text: text.clone(),
                fault,
            })?;
        game.make_move(mv);
    }
    Ok(game)
}

/// The oracle's answer for a game: position, side to move, legal moves
/// (none once the game is over), check and outcome.
pub fn describe<G: Game>(game: &G) -> Value {
    let outcome = game.outcome();
    let mut legal: Vec<String> = if outcome.is_some() {
        Vec::new()
    } else {
        game.legal_move_list()
            .iter()
            .map(|m| game.move_text(*m))
            .collect()
    };
    legal.sort();
    let outcome_json = match outcome {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner.map(|s| game.seat_name(s)),
            "reason": o.reason.code(),
        }),
    };
    let mut answer = json!({
        "variant": game.variant_id(),
        "position": game.position_text(),
        "to_move": game.seat_name(game.to_move()),
        "legal": legal,
        "in_check": game.in_check(),
        "outcome": outcome_json,
    });
    // A variant may add its own (BacCanCat: who is out, the points, the Reserve).
    if let Value::Object(fields) = &mut answer {
        fields.extend(game.oracle_fields());
    }
    answer
}

/// Answers one query as JSON; errors come back as `{"error": "..."}`.
pub fn answer(query: &RulesQuery) -> Value {
    match play_query(query) {
        Ok(game) => describe(&game),
        Err(e) => json!({ "error": e.to_string() }),
    }
}

/// Answers one line of a batch: a JSON query in, one JSON line out.
pub fn answer_line(line: &str) -> String {
    match serde_json::from_str::<RulesQuery>(line) {
        Ok(query) => answer(&query).to_string(),
        Err(e) => error_line(&format!(
            "The line is not a rules query: {}.",
            crate::text::foreign(&e.to_string())
        )),
    }
}

/// The answer line for a line that could not be asked: `{"error": ...}`.
pub fn error_line(sentence: &str) -> String {
    json!({ "error": sentence }).to_string()
}
