//! Property tests (fuzzing on stable Rust) for every text parser the library
//! offers: chess FEN and Cat FEN, the moves of both variants in every
//! notation they read, the rules oracle's JSON lines, and CECP and uci-cat
//! sessions. Inputs are valid texts with random edits, texts assembled from
//! valid and invalid pieces, and random text. The properties: no panic, an
//! error is one sentence (one line ending in a full stop), and what is
//! accepted reads back as it was written.
//!
//! `cargo test --release --test cli fuzz_parsers` tries a few dozen cases per
//! parser; `PROPTEST_CASES=20000 cargo test --release --test cli fuzz_parsers`
//! is the longer run.

use crate::support::{assert_one_sentence, edit_text, play_picks, proptest_config, within};
use catboard::ai::Level;
use catboard::core::{Game, Options};
use catboard::protocol::{rules, uci_cat, xboard};
use catboard::variants::{AnyGame, Variant};
use proptest::prelude::*;
use std::io::Cursor;
use std::time::Duration;

const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

const CAT_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rn2kb1r/1C2qpp1/p1n5/4p2p/2pB2b1/1PPBP2C/1PQ1NPPP/R3K2R w KQkq - 4 18",
    "4N3/8/8/8/2kP4/1b4P1/4C2C/4K2R b - d3 0 47",
    "4k3/8/8/8/8/8/4P3/C3K2C c - - 99 60",
];

/// Pieces of position texts, valid and not, to assemble texts from.
const FEN_PIECES: &[&str] = &[
    "rnbqkbnr",
    "pppppppp",
    "8",
    "7C",
    "C7",
    "PPPPPPPP",
    "RNBQKBNR",
    "4k3",
    "4K3",
    "9",
    "0",
    "kK",
    "CC",
    "/",
    "//",
    "w",
    "b",
    "c",
    "x",
    "KQkq",
    "-",
    "Kk",
    "e3",
    "d6",
    "z9",
    "0",
    "1",
    "65536",
    "99999999999999999999",
    "-1",
    " ",
    "  ",
    "\t",
    "é",
    "♞",
    "\u{0}",
];

/// A valid text from `pool` with a few random edits (a character replaced,
/// inserted or removed), or a text assembled from `pieces`, or random text.
fn mangled(
    pool: &'static [&'static str],
    pieces: &'static [&'static str],
) -> BoxedStrategy<String> {
    let edited = (
        prop::sample::select(pool),
        prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 0..4),
    )
        .prop_map(|(text, edits)| edit_text(text, &edits));
    let assembled =
        prop::collection::vec(prop::sample::select(pieces), 0..12).prop_map(|parts| parts.concat());
    prop_oneof![
        4 => edited,
        3 => assembled,
        1 => any::<String>(),
        1 => "[ -~]{0,40}",
    ]
    .boxed()
}

/// Reads `text` as a position of `variant`: an accepted text reads back as
/// itself, a refused one gets one sentence.
fn check_position_text(variant: Variant, text: &str) {
    match variant.from_position(text, &Options::new()) {
        Ok(game) => {
            let written = game.position_text();
            let again = variant
                .from_position(&written, &Options::new())
                .unwrap_or_else(|e| panic!("{written:?}, written from {text:?}, is refused: {e}"));
            assert_eq!(again.position_text(), written, "from {text:?}");
            assert_eq!(again.hash(), game.hash(), "from {text:?}");
        }
        Err(e) => assert_one_sentence(&e.0, text),
    }
}

/// Move-like words: every legal move in both notations, edited, and junk.
fn move_words(game: &AnyGame) -> Vec<String> {
    let mut words = Vec::new();
    for &mv in game.legal_move_list().iter() {
        words.push(game.move_text(mv));
        words.push(game.move_notation(mv));
    }
    words.extend(
        [
            "", "pass", "O-O", "O-O-O", "0-0", "e9e4", "a1a1", "Nf3+", "exd6", "e8=Q", "e7e8k",
            "Z", "♞f3", "e2e4e6", "h5h5", "  e4", "e4  ", "é",
        ]
        .map(String::from),
    );
    words
}

/// Reads `text` as a move in `game`: an accepted move is legal, and a
/// refused one gets one sentence.
fn check_move_text(game: &AnyGame, text: &str) {
    match game.parse_move(text) {
        Ok(mv) => assert!(
            game.legal_move_list().contains(&mv),
            "{text:?} read as an illegal move at {}",
            game.position_text()
        ),
        Err(e) => assert_one_sentence(&e.0, text),
    }
}

/// Any character but a line break (see
/// `a_move_with_a_line_break_is_refused_in_one_line`).
fn not_a_line_break() -> impl Strategy<Value = char> {
    any::<char>().prop_filter("no line break", |c| *c != '\n')
}

proptest! {
    #![proptest_config(proptest_config(200))]

    #[test]
    fn chess_fen_never_panics_and_reads_back(text in mangled(CHESS_FENS, FEN_PIECES)) {
        check_position_text(Variant::Chess, &text);
    }

    #[test]
    fn cat_fen_never_panics_and_reads_back(text in mangled(CAT_FENS, FEN_PIECES)) {
        check_position_text(Variant::Cat, &text);
    }

    #[test]
    fn chess_moves_in_any_notation_are_legal_or_refused_in_a_sentence(
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..80),
        choice in any::<prop::sample::Index>(),
        edit in (any::<prop::sample::Index>(), 0u8..2, not_a_line_break()),
        edited in any::<bool>(),
    ) {
        let game = play_picks(Variant::Chess, &picks);
        let words = move_words(&game);
        let word = &words[choice.index(words.len())];
        let text = if edited { edit_text(word, &[edit]) } else { word.clone() };
        check_move_text(&game, &text);
    }

    #[test]
    fn cat_moves_in_any_notation_are_legal_or_refused_in_a_sentence(
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..120),
        choice in any::<prop::sample::Index>(),
        edit in (any::<prop::sample::Index>(), 0u8..2, not_a_line_break()),
        edited in any::<bool>(),
    ) {
        let game = play_picks(Variant::Cat, &picks);
        let words = move_words(&game);
        let word = &words[choice.index(words.len())];
        let text = if edited { edit_text(word, &[edit]) } else { word.clone() };
        check_move_text(&game, &text);
    }

    #[test]
    fn every_legal_move_reads_back_from_both_its_texts(
        cat in any::<bool>(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..120),
    ) {
        let variant = if cat { Variant::Cat } else { Variant::Chess };
        let game = play_picks(variant, &picks);
        for &mv in game.legal_move_list().iter() {
            for text in [game.move_text(mv), game.move_notation(mv)] {
                let read = game.parse_move(&text);
                prop_assert_eq!(read, Ok(mv), "{} at {}", text, game.position_text());
            }
        }
    }

    #[test]
    fn a_rules_query_line_gets_one_json_line_and_errors_are_sentences(line in rules_line()) {
        let answer = rules::answer_line(&line);
        prop_assert!(!answer.contains('\n'), "{answer}");
        let value: serde_json::Value = serde_json::from_str(&answer)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {answer}"));
        if let Some(error) = value.get("error") {
            let error = error.as_str().expect("an error is a string");
            assert_one_sentence(error, &line);
        } else {
            prop_assert!(value.get("legal").is_some(), "{answer}");
        }
    }
}

/// A rules query line: a JSON object of fields valid and not, or a valid
/// query with random edits, or random text.
fn rules_line() -> BoxedStrategy<String> {
    let variant = prop::sample::select(&["chess", "cat", "", "xiangqi", "CHESS"][..]);
    let position = prop_oneof![
        Just(None),
        mangled(CHESS_FENS, FEN_PIECES).prop_map(Some),
        mangled(CAT_FENS, FEN_PIECES).prop_map(Some),
    ];
    let moves = prop::collection::vec(
        prop::sample::select(
            &[
                "e2e4", "e7e5", "pass", "a4b5", "Nf3", "h5g5", "zz", "", "e4", "O-O", "e1g1",
            ][..],
        ),
        0..6,
    );
    let options = prop::collection::vec(
        prop::sample::select(
            &[
                "fifty_moves=off",
                "fifty_moves=on",
                "repetition=off",
                "nonsense",
                "=",
                "x=y",
            ][..],
        ),
        0..3,
    );
    let structured = (variant, position, moves, options, any::<bool>()).prop_map(
        |(variant, position, moves, options, extra)| {
            let mut query =
                serde_json::json!({ "variant": variant, "moves": moves, "options": options });
            if let Some(p) = position {
                query["position"] = serde_json::Value::String(p);
            }
            if extra {
                query["extra"] = serde_json::Value::Bool(true);
            }
            query.to_string()
        },
    );
    const LINES: &[&str] = &[
        r#"{"variant":"chess","moves":["e2e4","e7e5"]}"#,
        r#"{"variant":"cat","position":"4k3/8/8/8/8/8/4P3/C3K2C c - - 99 60","moves":["pass"]}"#,
        r#"{"variant":"chess","options":["fifty_moves=off"]}"#,
    ];
    prop_oneof![
        3 => structured,
        2 => mangled(LINES, &["{", "}", "\"", ":", ",", "[", "]", "variant", "chess", "null", "1"]),
        1 => any::<String>(),
    ]
    .boxed()
}

/// Words of protocol lines: commands, positions, moves and numbers, valid
/// and not (numbers stay small, so that no search runs long and no table
/// is huge; see `cecp_st_with_a_huge_number_is_refused_not_a_panic`).
const PROTOCOL_WORDS: &[&str] = &[
    "e2e4",
    "e7e5",
    "g1f3",
    "a4b5",
    "pass",
    "e7e8q",
    "zz",
    "0",
    "1",
    "2",
    "-1",
    "abc",
    "1e3",
    "fen",
    "startpos",
    "moves",
    "w",
    "b",
    "c",
    "-",
    "KQkq",
    "0:30",
    "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR",
    "4k3/8/8/8/8/8/4P3/4K3",
    "é",
    "\t",
];

/// A protocol session's lines: commands from `commands` with random words.
fn session_lines(commands: &'static [&'static str]) -> BoxedStrategy<Vec<String>> {
    let line = (
        prop::sample::select(commands),
        prop::collection::vec(prop::sample::select(PROTOCOL_WORDS), 0..8),
    )
        .prop_map(|(command, words)| {
            let mut line = command.to_string();
            for w in words {
                line.push(' ');
                line.push_str(w);
            }
            line
        });
    prop::collection::vec(prop_oneof![6 => line, 1 => "[ -~]{0,30}"], 0..16).boxed()
}

/// CECP commands, valid and not, but never one that starts an unbounded search.
const CECP_COMMANDS: &[&str] = &[
    "xboard", "protover", "new", "force", "usermove", "setboard", "variant", "sd", "st", "level",
    "time", "otim", "undo", "remove", "ping", "memory", "result", "post", "nopost", "hard", "easy",
    "random", "computer", "accepted", "rejected", "e2e4", "?", "hint", "bogus", "",
];

/// uci-cat commands, valid and not; `go` only with small limits.
const UCI_CAT_COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "debug",
    "position",
    "position startpos moves",
    "position fen",
    "go depth",
    "go nodes",
    "go movetime",
    "go",
    "stop",
    "setoption",
    "bogus",
    "",
];

/// Whether a protocol's output line that reports an error (after
/// `prefix`) is one sentence; with `full_stop` false, only that it is a
/// non-empty clause (see `uci_cat_errors_end_in_a_full_stop`).
fn check_protocol_output(output: &[u8], input: &str, prefix: &str, full_stop: bool) {
    let text = String::from_utf8_lossy(output);
    for line in text.lines() {
        if let Some(message) = line.strip_prefix(prefix) {
            if full_stop {
                assert_one_sentence(message, input);
            } else {
                assert!(!message.trim().is_empty(), "an empty error for {input:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(proptest_config(48))]

    #[test]
    fn cecp_sessions_never_panic_and_errors_are_sentences(lines in session_lines(CECP_COMMANDS)) {
        // `sd 1` and `st 1` first keep any search the lines start short.
        let input = format!("xboard\nprotover 2\nsd 1\nst 1\n{}\nquit\n", lines.join("\n"));
        let fed = input.clone();
        let output = within(Duration::from_secs(30), "a CECP session", move || {
            let mut out = Vec::new();
            let result = xboard::run(Cursor::new(fed.into_bytes()), &mut out, 1);
            (result.is_ok(), out)
        });
        prop_assert!(output.0, "the session failed on {input:?}");
        check_protocol_output(&output.1, &input, "tellusererror Illegal position: ", true);
    }

    #[test]
    fn uci_cat_sessions_never_panic_and_errors_are_sentences(lines in session_lines(UCI_CAT_COMMANDS)) {
        let input = format!("uci\n{}\nquit\n", lines.join("\n"));
        let fed = input.clone();
        let output = within(Duration::from_secs(30), "a uci-cat session", move || {
            let mut out = Vec::new();
            let result = uci_cat::run(Level::Casual, Cursor::new(fed.into_bytes()), &mut out);
            (result.is_ok(), out)
        });
        prop_assert!(output.0, "the session failed on {input:?}");
        check_protocol_output(&output.1, &input, "info string error: ", false);
    }
}

// ---- Findings: each fails today, in code another engineer owns ---------

/// A Bishop move disambiguated by its rank (two Bishops on the d-file
/// reaching c2) is written `B1c2`, which reads back as the coordinate move
/// b1c2 (here the King on b1): any SAN `B<rank>…` is taken for a b-file
/// coordinate move. Found by `selfplay --soak` (20 games in 100,000 of
/// chess, 1 in 10,000 of Cat Chess).
#[test]
fn a_rank_disambiguated_san_move_reads_back() {
    for variant in [Variant::Chess, Variant::Cat] {
        let fen = match variant {
            Variant::Chess => "6n1/4r3/8/8/8/3b4/6K1/1k1b4 b - - 5 198",
            _ => "6n1/4r3/8/7C/C7/3b4/6K1/1k1b4 b - - 5 198",
        };
        let game = variant
            .from_position(fen, &Options::new())
            .expect("a valid position");
        for &mv in game.legal_move_list().iter() {
            let shown = game.move_notation(mv);
            assert_eq!(game.parse_move(&shown), Ok(mv), "{shown} in {fen}");
        }
    }
}

/// A move with a line break in it is echoed as it is, so the refusal spans
/// two lines (the rules oracle takes such moves from JSON strings).
#[test]
fn a_move_with_a_line_break_is_refused_in_one_line() {
    let game = Variant::Chess.new_game(&Options::new());
    let refusal = game.parse_move("b\n1c3").expect_err("not a move");
    assert_one_sentence(&refusal.0, "b\n1c3");
}

/// uci-cat ends some errors with a full stop and not others.
#[test]
fn uci_cat_errors_end_in_a_full_stop() {
    let mut out = Vec::new();
    let input = "position\nposition fen x\ngo\nquit\n";
    uci_cat::run(
        Level::Casual,
        Cursor::new(input.as_bytes().to_vec()),
        &mut out,
    )
    .expect("a session");
    check_protocol_output(&out, input, "info string error: ", true);
}

/// `st 99999999999999999999999` parses as a float too large for a
/// `Duration`, and `Duration::from_secs_f64` panics. Found by
/// `cecp_sessions_never_panic_and_errors_are_sentences`.
#[test]
fn cecp_st_with_a_huge_number_is_refused_not_a_panic() {
    let input = "xboard\nst 99999999999999999999999\nquit\n";
    let out = within(Duration::from_secs(10), "a CECP session", move || {
        let mut out = Vec::new();
        xboard::run(Cursor::new(input.as_bytes().to_vec()), &mut out, 1).map(|_| out)
    });
    assert!(out.is_ok());
}
