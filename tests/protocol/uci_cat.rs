//! `catboard uci-cat`: the Cat Chess line protocol, driven with in-memory
//! text (and once through the real binary).

use catboard::ai::Level;
use catboard::core::Game;
use catboard::protocol::uci_cat::{Flow, Session, read_go, run};
use catboard::variants::cat::CatChess;
use std::io::{BufRead, BufReader, Cursor, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::support::process;

/// Sends each line to a session and returns everything it wrote.
fn talk(session: &mut Session, lines: &[&str]) -> String {
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for line in lines {
        session
            .handle(line, &stop, &mut out)
            .expect("writing to memory works");
    }
    String::from_utf8(out).expect("UTF-8 output")
}

fn bestmoves(output: &str) -> Vec<String> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(str::to_string)
        .collect()
}

fn errors(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// Whether `text` is a legal move of the position `position_line` sets.
fn legal_in(position_line: &str, text: &str) -> bool {
    let words: Vec<&str> = position_line.split_whitespace().skip(1).collect();
    let game = catboard::protocol::uci_cat::read_position(&words).expect("a good position");
    game.parse_move(text)
        .is_ok_and(|mv| game.move_text(mv) == text)
}

#[test]
fn go_answers_one_bestmove_for_whichever_faction_is_to_move() {
    let mut s = Session::new(Level::Casual);
    for (line, faction) in [
        ("position startpos", "white"),
        ("position startpos moves e2e4", "black"),
        ("position startpos moves e2e4 e7e5", "cats"),
    ] {
        let out = talk(&mut s, &[line, "go"]);
        let moves = bestmoves(&out);
        assert_eq!(moves.len(), 1, "{out}");
        assert_eq!(out.lines().count(), 1, "only the bestmove line: {out}");
        assert!(
            legal_in(line, &moves[0]),
            "{faction}: {} after '{line}'",
            moves[0]
        );
    }
}

#[test]
fn the_cats_answer_in_cell_notation_or_pass() {
    let mut s = Session::new(Level::Club);
    let out = talk(
        &mut s,
        &["position 6k1/5ppp/4C3/8/3C4/8/5PPP/R5K1 c - - 0 1", "go"],
    );
    assert_eq!(bestmoves(&out), ["e6e7"]);
    // Knights out and back twice: passing repeats the start a third time.
    let out = talk(
        &mut s,
        &[
            "position startpos moves g1f3 g8f6 pass f3g1 f6g8 pass g1f3 g8f6 pass f3g1 f6g8",
            "go",
        ],
    );
    assert_eq!(bestmoves(&out), ["pass"]);
}

#[test]
fn the_move_history_counts_for_repetition() {
    let line =
        "position startpos moves g1f3 g8f6 pass f3g1 f6g8 pass g1f3 g8f6 pass f3g1 f6g8 pass";
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    let game = catboard::protocol::uci_cat::read_position(&words).expect("a good position");
    let outcome = game.outcome().expect("the third repetition ends the game");
    assert_eq!(outcome.reason.code(), "repetition");
    let mut s = Session::new(Level::Casual);
    let out = talk(&mut s, &[line, "go"]);
    assert_eq!(bestmoves(&out), ["(none)"]);
    assert!(
        out.contains("info string the game is over by threefold repetition; the winner is cats"),
        "{out}"
    );
    // The same placement set up from its FEN has no history: play goes on.
    let fen = game.position_text();
    let out = talk(&mut s, &[&format!("position {fen}"), "go"]);
    assert_ne!(bestmoves(&out), ["(none)"], "{out}");
}

#[test]
fn go_movetime_and_depth_and_nodes_set_the_budget() {
    let level = Level::Strong;
    let movetime = read_go(&["movetime", "250"], level).expect("readable");
    assert_eq!(movetime.time, Some(std::time::Duration::from_millis(250)));
    assert_eq!(movetime.nodes, None);
    assert_eq!(read_go(&["depth", "3"], level).expect("readable").depth, 3);
    assert_eq!(
        read_go(&["nodes", "500"], level).expect("readable").nodes,
        Some(500)
    );
    let plain = read_go(&["infinite"], level).expect("readable");
    let strong = level.limits();
    assert_eq!((plain.depth, plain.nodes), (strong.depth, strong.nodes));
    let err = read_go(&["movetime", "soon"], level).unwrap_err();
    assert_eq!(err.to_string(), "go movetime 'soon' is not a whole number.");
    let mut s = Session::new(Level::Casual);
    let out = talk(&mut s, &["position startpos moves e2e4", "go movetime 100"]);
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    let out = talk(&mut s, &["go movetime -5"]);
    assert_eq!(errors(&out).len(), 1, "{out}");
    assert_eq!(bestmoves(&out).len(), 1, "still answers: {out}");
}

#[test]
fn a_bad_position_gets_one_error_line_and_leaves_no_position() {
    let mut s = Session::new(Level::Casual);
    let out = talk(
        &mut s,
        &["position rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"],
    );
    let errs = errors(&out);
    assert_eq!(errs.len(), 1, "{out}");
    assert!(errs[0].contains("side to move"), "{}", errs[0]);
    assert!(s.game().is_none());
    let out = talk(&mut s, &["go"]);
    assert_eq!(
        errors(&out),
        ["info string error: no position is set; send a position line first."]
    );
    assert_eq!(bestmoves(&out), ["(none)"]);
    let out = talk(&mut s, &["position"]);
    assert_eq!(
        errors(&out),
        [
            "info string error: the position line names no position; give startpos or fen and a position."
        ]
    );
    let out = talk(&mut s, &["position 8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(errors(&out).len(), 1, "{out}");
}

#[test]
fn a_bad_move_names_its_place_in_the_list() {
    let mut s = Session::new(Level::Casual);
    let out = talk(&mut s, &["position startpos moves e2e4 e7e5 a4a3 e4e6"]);
    let errs = errors(&out);
    assert_eq!(errs.len(), 1, "{out}");
    assert!(
        errs[0].starts_with("info string error: at move 4 of the list:"),
        "{}",
        errs[0]
    );
    assert!(errs[0].contains("e4e6"), "{}", errs[0]);
    let out = talk(&mut s, &["position startpos moves pass"]);
    assert!(errors(&out)[0].contains("Only the Cats may pass"), "{out}");
    let out = talk(&mut s, &["position startpos moves zz9"]);
    assert_eq!(errors(&out).len(), 1, "{out}");
    // A good position afterwards is taken again.
    let out = talk(&mut s, &["position startpos moves e2e4", "go"]);
    assert!(errors(&out).is_empty(), "{out}");
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn unknown_lines_are_ignored_and_quit_ends_the_session() {
    let mut s = Session::new(Level::Casual);
    let out = talk(
        &mut s,
        &["hello", "", "setoption name Hash value 1", "stop"],
    );
    assert_eq!(out, "");
    let out = talk(&mut s, &["uci", "isready"]);
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");
    let stop = AtomicBool::new(false);
    let flow = s.handle("quit", &stop, &mut Vec::new()).expect("memory");
    assert_eq!(flow, Flow::Quit);
}

#[test]
fn debug_on_reports_each_finished_depth() {
    let mut s = Session::new(Level::Club);
    let out = talk(&mut s, &["debug on", "position startpos", "go depth 2"]);
    let infos: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth "))
        .collect();
    // A depth counts plies of a two-seat game: 2 becomes 3 for three seats.
    assert_eq!(infos.len(), 3, "{out}");
    assert!(
        infos[2].starts_with("info depth 3 score cp "),
        "{}",
        infos[2]
    );
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn run_reads_lines_until_quit() {
    let input = Cursor::new(
        "isready\nposition startpos moves e2e4 e7e5\ngo nodes 2000\nquit\nposition startpos\ngo\n",
    );
    let mut out = Vec::new();
    run(Level::Casual, input, &mut out).expect("in-memory I/O works");
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "nothing after quit: {text}");
    assert_eq!(lines[0], "readyok");
    let mv = lines[1].strip_prefix("bestmove ").expect("a bestmove");
    let game = {
        let mut g = CatChess::new();
        for m in ["e2e4", "e7e5"] {
            let mv = g.parse_move(m).expect("legal");
            g.make_move(mv);
        }
        g
    };
    assert!(game.parse_move(mv).is_ok(), "{mv}");
}

#[test]
fn the_binary_speaks_uci_cat() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catboard"))
        .args(["uci-cat", "--level", "casual"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the catboard binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    writeln!(
        stdin,
        "position startpos moves d2d4 d7d5\ngo\nposition nonsense\nquit"
    )
    .expect("the engine reads");
    drop(stdin);
    let lines: Vec<String> = BufReader::new(stdout)
        .lines()
        .map(|l| l.expect("a line"))
        .collect();
    let status = child.wait().expect("the engine ends");
    assert!(status.success());
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("bestmove "), "{lines:?}");
    assert!(lines[1].starts_with("info string error: "), "{lines:?}");
    let bad_level = process::catboard(&["uci-cat", "--level", "grandmaster"]);
    assert!(!bad_level.status.success());
    assert!(String::from_utf8_lossy(&bad_level.stderr).contains("There is no level 'grandmaster'"));
}

/// How long a stopped search may take to answer: far below the budgets
/// these tests ask for.
const AT_ONCE: Duration = Duration::from_secs(3);

#[test]
fn quit_right_after_go_stops_the_search_and_still_answers() {
    let mut engine = process::Running::start(&["uci-cat", "--level", "master"]);
    engine.send(b"position startpos\ngo movetime 60000\nquit\n");
    let (status, lines) = engine.finish(AT_ONCE);
    assert!(status.success(), "{status}");
    assert_eq!(bestmoves(&lines.join("\n")).len(), 1, "{lines:?}");
    assert!(legal_in(
        "position startpos",
        &bestmoves(&lines.join("\n"))[0]
    ));
}

#[test]
fn the_end_of_input_stops_a_search() {
    let mut engine = process::Running::start(&["uci-cat", "--level", "master"]);
    engine.send(b"position startpos\ngo movetime 60000\n");
    engine.close();
    let (status, lines) = engine.finish(AT_ONCE);
    assert!(status.success(), "{status}");
    assert_eq!(bestmoves(&lines.join("\n")).len(), 1, "{lines:?}");
}

#[test]
fn a_bad_go_is_an_error_and_does_not_search() {
    let mut s = Session::new(Level::Casual);
    for go in ["go depth abc", "go depth 1000", "go depth 65", "go nodes 0"] {
        let out = talk(&mut s, &["debug on", go]);
        assert_eq!(errors(&out).len(), 1, "{go}: {out}");
        assert!(!out.contains("info depth"), "{go} searched: {out}");
        assert_eq!(bestmoves(&out), ["(none)"], "{go}: {out}");
    }
    let out = talk(&mut s, &["go depth 1000"]);
    assert_eq!(
        errors(&out),
        ["info string error: go depth 1000 is more than the largest allowed, 64."]
    );
    let out = talk(&mut s, &["go depth 1"]);
    assert_eq!(bestmoves(&out).len(), 1);
    assert_ne!(bestmoves(&out), ["(none)"], "{out}");
}

#[test]
fn go_depth_1000_through_the_binary_ends_at_once() {
    let done = process::run(
        &["uci-cat"],
        b"position startpos\ngo depth 1000\nisready\n",
        AT_ONCE,
    );
    let text = String::from_utf8(done.stdout).expect("UTF-8");
    assert_eq!(
        text,
        "info string error: go depth 1000 is more than the largest allowed, 64.\nbestmove (none)\nreadyok\n"
    );
}

#[test]
fn a_line_that_is_not_text_gets_an_error_and_the_session_goes_on() {
    let input = Cursor::new(b"isready\n\xc3\x28 go\nisready\n".to_vec());
    let mut out = Vec::new();
    run(Level::Casual, input, &mut out).expect("in-memory I/O works");
    let text = String::from_utf8(out).expect("UTF-8");
    assert_eq!(
        text,
        "readyok\ninfo string error: line 2 is not UTF-8 text.\nreadyok\n"
    );
}

#[test]
fn a_huge_bad_position_is_cut_in_the_error() {
    let mut s = Session::new(Level::Casual);
    let line = format!("position {} w - - 0 1", "x".repeat(100_000));
    let out = talk(&mut s, &[&line]);
    assert_eq!(errors(&out).len(), 1, "{}", &out[..200]);
    assert!(out.len() < 300, "{} bytes", out.len());
}
