//! What the rules oracle (`catboard rules`) adds for BacCanCat: the armies
//! out in the order they went, the points this game per army, and the
//! Reserve's counts by letter.

use super::BacCanCat;
use super::armies::{ARMIES, SEATS};
use super::pieces::letter;
use super::position::reserve_kinds;
use serde_json::{Map, Value, json};

/// The oracle's BacCanCat fields: `eliminated` (army names, in the order
/// they went out), `scores` (points this game per army, halves as `2.5`)
/// and `reserve` (counts by letter, Pawns and Yeomen never counted).
pub fn oracle_fields(game: &BacCanCat) -> Map<String, Value> {
    let pos = game.position();
    let eliminated: Vec<&str> = pos
        .knocked_out()
        .iter()
        .map(|k| SEATS[k.army.index() & 3])
        .collect();
    let half = pos.half_points();
    let mut scores = Map::new();
    for seat in ARMIES {
        let points = half[seat.index()] as f64 / 2.0;
        let value = if half[seat.index()].is_multiple_of(2) {
            json!(half[seat.index()] / 2)
        } else {
            json!(points)
        };
        scores.insert(SEATS[seat.index()].to_string(), value);
    }
    let mut reserve = Map::new();
    for kind in reserve_kinds(pos.leapers()) {
        if pos.reserve(kind) > 0 {
            reserve.insert(letter(kind).to_string(), json!(pos.reserve(kind)));
        }
    }
    let mut out = Map::new();
    out.insert("eliminated".into(), json!(eliminated));
    out.insert("scores".into(), Value::Object(scores));
    out.insert("reserve".into(), Value::Object(reserve));
    out
}
