//! PGN export of a game of chess (or any game whose moves read as SAN).

use crate::core::{Game, Move, Outcome};

/// The tag pairs written at the head of a PGN game.
#[derive(Clone, Debug)]
pub struct PgnTags {
    /// Event name.
    pub event: String,
    /// Date as `YYYY.MM.DD` (`????.??.??` when unknown).
    pub date: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
}

impl Default for PgnTags {
    fn default() -> Self {
        PgnTags {
            event: "catboard game".to_string(),
            date: "????.??.??".to_string(),
            white: "White".to_string(),
            black: "Black".to_string(),
        }
    }
}

/// The PGN result token for an outcome (`1-0`, `0-1`, `1/2-1/2`, `*`).
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome { winner: None, .. }) => "1/2-1/2",
        Some(Outcome {
            winner: Some(s), ..
        }) => {
            if s.0 == 0 {
                "1-0"
            } else {
                "0-1"
            }
        }
    }
}

/// Writes the game that starts at `start` and plays `moves` (which must be
/// legal in turn) as PGN, with a `FEN` tag when `start_fen` is not `standard`.
pub fn export<G: Game>(start: &G, moves: &[Move], standard_fen: &str, tags: &PgnTags) -> String {
    let mut game = start.clone();
    let start_fen = start.position_text();
    let mut words: Vec<String> = Vec::new();
    let fen_fields: Vec<&str> = start_fen.split_whitespace().collect();
    let mut number: u32 = fen_fields.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut white_to_move = game.to_move().0 == 0;
    if !white_to_move {
        words.push(format!("{number}..."));
    }
    for &mv in moves {
        if white_to_move {
            words.push(format!("{number}."));
        }
        words.push(game.move_notation(mv));
        game.make_move(mv);
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    let result = result_token(game.outcome());
    words.push(result.to_string());
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        // Not a message: PGN's tag syntax, its value escaped as PGN says.
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    tag("Event", &tags.event);
    tag("Site", "catboard");
    tag("Date", &tags.date);
    tag("Round", "-");
    tag("White", &tags.white);
    tag("Black", &tags.black);
    tag("Result", result);
    if start_fen != standard_fen {
        tag("SetUp", "1");
        tag("FEN", &start_fen);
    }
    out.push('\n');
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
