//! `catboard xboard`: the CECP v2 engine protocol, driven with in-memory
//! text (and once through the real binary).

use catboard::core::Game;
use catboard::protocol::xboard::{Flow, Interrupts, Session, run};
use std::io::{BufRead, BufReader, Cursor, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::process;
use crate::support::xboard_talk as talk;

fn engine_moves(output: &str) -> Vec<String> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("move "))
        .map(str::to_string)
        .collect()
}

#[test]
fn protover_announces_the_features() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["xboard", "protover 2"]);
    let features = out
        .lines()
        .find(|l| l.starts_with("feature "))
        .expect("a feature line");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "colors=0",
        "variants=\"normal,elven\"",
        "done=1",
    ] {
        assert!(features.contains(f), "missing {f} in {features}");
    }
}

#[test]
fn ping_is_answered_with_pong() {
    let mut s = Session::new(1);
    assert_eq!(talk(&mut s, &["ping 42"]), "pong 42\n");
}

#[test]
fn the_engine_answers_a_move_as_black() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["new", "sd 2", "usermove e2e4"]);
    let moves = engine_moves(&out);
    assert_eq!(moves.len(), 1, "{out}");
    assert_eq!(s.game().moves_played().len(), 2);
    assert_eq!(s.game().to_move(), catboard::core::Seat::WHITE);
}

#[test]
fn go_makes_the_engine_play_the_side_to_move() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["new", "force", "sd 2", "go"]);
    assert_eq!(engine_moves(&out).len(), 1, "{out}");
    let out = talk(&mut s, &["usermove e7e5"]);
    assert_eq!(engine_moves(&out).len(), 1, "{out}");
    assert_eq!(s.game().moves_played().len(), 3);
}

#[test]
fn force_mode_only_records_moves() {
    let mut s = Session::new(1);
    let out = talk(
        &mut s,
        &[
            "new",
            "force",
            "usermove e2e4",
            "usermove e7e5",
            "usermove g1f3",
        ],
    );
    assert!(engine_moves(&out).is_empty(), "{out}");
    assert_eq!(s.game().moves_played().len(), 3);
}

#[test]
fn illegal_and_unreadable_moves_are_refused() {
    let mut s = Session::new(1);
    let out = talk(
        &mut s,
        &["new", "force", "usermove e2e5", "usermove zz9", "usermove"],
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        ["Illegal move: e2e5", "Illegal move: zz9", "Illegal move: "]
    );
    assert!(s.game().moves_played().is_empty());
}

#[test]
fn garbage_never_panics_and_unknown_commands_are_named() {
    let mut s = Session::new(1);
    let junk = [
        "frobnicate 1 2",
        "level x y z",
        "st -3",
        "st nan",
        "sd many",
        "time soon",
        "setboard not a fen",
        "variant atomic",
        "\u{0}\u{7f}\u{fffd}",
        "usermove e7e8q",
        "remove",
        "undo",
        "",
        "    ",
    ];
    let out = talk(&mut s, &junk);
    assert!(out.contains("Error (unknown command): frobnicate"), "{out}");
    assert!(out.contains("Error (bad level)"), "{out}");
    assert!(out.contains("Error (bad time)"), "{out}");
    assert!(out.contains("Error (bad depth)"), "{out}");
    assert!(out.contains("tellusererror Illegal position"), "{out}");
    assert!(out.contains("Error (unsupported variant): atomic"), "{out}");
    assert!(out.contains("Illegal move: e7e8q"), "{out}");
}

#[test]
fn setboard_then_go_finds_the_mate_and_announces_the_result() {
    let mut s = Session::new(1);
    let out = talk(
        &mut s,
        &[
            "new",
            "force",
            "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "sd 3",
            "go",
        ],
    );
    assert_eq!(engine_moves(&out), ["a1a8"]);
    assert!(out.contains("1-0 {White mates}"), "{out}");
    let out = talk(&mut s, &["usermove g8h8"]);
    assert!(out.starts_with("Illegal move (the game is over)"), "{out}");
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut s = Session::new(1);
    talk(
        &mut s,
        &[
            "new",
            "force",
            "usermove e2e4",
            "usermove e7e5",
            "usermove g1f3",
        ],
    );
    talk(&mut s, &["undo"]);
    assert_eq!(s.game().moves_played().len(), 2);
    talk(&mut s, &["remove"]);
    assert!(s.game().moves_played().is_empty());
}

#[test]
fn post_shows_thinking_lines() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["new", "post", "sd 3", "usermove d2d4"]);
    let thinking: Vec<&str> = out
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(thinking.len(), 3, "{out}");
    let fields: Vec<&str> = thinking[2].split_whitespace().collect();
    assert_eq!(fields[0], "3");
    assert!(fields[1].parse::<i32>().is_ok());
    assert!(
        fields.len() >= 5,
        "a principal variation follows: {}",
        thinking[2]
    );
}

#[test]
fn time_controls_are_accepted() {
    let mut s = Session::new(1);
    let out = talk(
        &mut s,
        &[
            "new",
            "level 40 5 0",
            "level 0 2:30 1.5",
            "time 3000",
            "otim 3000",
            "st 1",
            "sd 4",
        ],
    );
    assert_eq!(out, "");
    let out = talk(&mut s, &["usermove e2e4"]);
    assert_eq!(engine_moves(&out).len(), 1);
}

#[test]
fn quit_ends_the_session() {
    let mut s = Session::new(1);
    let interrupts = Interrupts::default();
    let mut out = Vec::new();
    let flow = s.handle("quit", &interrupts, &mut out).expect("writes");
    assert_eq!(flow, Flow::Quit);
}

#[test]
fn run_reads_lines_until_quit() {
    // A search that cannot finish before the `quit` behind it is read (at
    // most 10 s, so a `quit` left unread fails the test, not hangs it);
    // `sd 2` raced the reader under load.
    let script = "xboard\nprotover 2\nnew\nst 10\nsd 60\nusermove e2e4\nping 1\nquit\nping 2\n";
    let mut out = Vec::new();
    run(Cursor::new(script.as_bytes().to_vec()), &mut out, 1).expect("runs");
    let text = String::from_utf8(out).expect("UTF-8");
    assert!(text.contains("feature "));
    // The `quit` read while the engine thought left the game: no move.
    assert_eq!(engine_moves(&text).len(), 0, "{text}");
    assert!(text.contains("pong 1"));
    assert!(!text.contains("pong 2"), "nothing is read after quit");
}

/// Starts `catboard xboard` with piped standard streams.
fn spawn_engine() -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catboard"))
        .arg("xboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the catboard binary starts");
    let input = child.stdin.take().expect("stdin");
    let output = BufReader::new(child.stdout.take().expect("stdout"));
    (child, input, output)
}

/// Reads lines until one starts with `prefix`; says whether one did.
fn read_until(output: &mut BufReader<ChildStdout>, prefix: &str, seen: &mut Vec<String>) -> bool {
    let mut line = String::new();
    while output.read_line(&mut line).expect("read") > 0 {
        let found = line.starts_with(prefix);
        seen.push(line.trim().to_string());
        line.clear();
        if found {
            return true;
        }
    }
    false
}

#[test]
fn the_binary_speaks_xboard_on_standard_streams() {
    let (mut child, mut input, mut output) = spawn_engine();
    input
        .write_all(b"xboard\nprotover 2\nnew\nsd 2\nusermove g1f3\n")
        .expect("write");
    let mut seen = Vec::new();
    assert!(read_until(&mut output, "move ", &mut seen));
    input.write_all(b"ping 9\nquit\n").expect("write");
    drop(input);
    let mut rest = String::new();
    output.read_to_string(&mut rest).expect("read");
    assert!(child.wait().expect("it ends").success());
    let text = format!("{}\n{rest}", seen.join("\n"));
    assert!(text.contains("feature setboard=1"), "{text}");
    assert_eq!(engine_moves(&text).len(), 1, "{text}");
    assert!(rest.contains("pong 9"), "{text}");
}

#[test]
fn a_command_arriving_during_a_search_interrupts_it() {
    // Lines that arrive while the engine thinks: `?` makes it move now.
    let (mut child, mut input, mut output) = spawn_engine();
    // A search of unlimited depth and an hour a move, then `?`.
    input
        .write_all(b"xboard\nnew\npost\nst 3600\nusermove e2e4\n")
        .expect("write");
    // The first thinking line shows that the search has started.
    let mut seen = Vec::new();
    assert!(read_until(&mut output, "1 ", &mut seen));
    input.write_all(b"?\n").expect("write");
    let moved = read_until(&mut output, "move ", &mut seen);
    input.write_all(b"quit\n").expect("write");
    drop(input);
    assert!(moved, "the engine moved when told to");
    assert!(child.wait().expect("it ends").success());
}

#[test]
fn a_fixed_level_keeps_its_depth_whatever_the_clock() {
    let mut s = Session::new(1).with_level(catboard::ai::Level::Club);
    let out = talk(&mut s, &["new", "post", "st 30", "usermove e2e4"]);
    let depths: Vec<u32> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(depths, [1, 2, 3], "{out}");
    assert_eq!(engine_moves(&out).len(), 1);
}

#[test]
fn result_lines_name_the_winner_or_the_draw() {
    use catboard::core::{EndReason, Outcome, Seat};
    use catboard::protocol::xboard::result_line;
    let game = catboard::variants::Variant::Chess.new_game(&catboard::core::Options::new());
    let mate = Outcome {
        winner: Some(Seat::BLACK),
        reason: EndReason::Checkmate,
    };
    assert_eq!(result_line(&game, mate), "0-1 {Black mates}");
    let fifty = Outcome {
        winner: None,
        reason: EndReason::FiftyMoves,
    };
    assert_eq!(
        result_line(&game, fifty),
        "1/2-1/2 {Draw by the fifty-move rule}"
    );
}

/// How long a stopped search may take to answer: far below the 30 s a
/// move the interface allows.
const AT_ONCE: Duration = Duration::from_secs(3);

#[test]
fn quit_right_after_go_ends_the_search_at_once() {
    let mut engine = process::Running::start(&["xboard"]);
    engine.send(b"xboard\nnew\nst 30\ngo\nquit\n");
    let (status, lines) = engine.finish(AT_ONCE);
    assert!(status.success(), "{status}");
    assert!(engine_moves(&lines.join("\n")).is_empty(), "{lines:?}");
}

#[test]
fn the_end_of_input_right_after_go_ends_the_search_at_once() {
    let mut engine = process::Running::start(&["xboard"]);
    engine.send(b"xboard\nnew\nst 30\ngo\n");
    engine.close();
    let (status, lines) = engine.finish(AT_ONCE);
    assert!(status.success(), "{status}");
    assert!(engine_moves(&lines.join("\n")).is_empty(), "{lines:?}");
}

#[test]
fn move_now_right_after_go_moves_at_once() {
    let mut engine = process::Running::start(&["xboard"]);
    engine.send(b"xboard\nnew\nst 30\ngo\n?\n");
    let seen = engine.read_until("move ", AT_ONCE);
    let mv = seen
        .last()
        .and_then(|l| l.strip_prefix("move "))
        .expect("a move");
    let game = catboard::variants::Variant::Chess.new_game(&catboard::core::Options::new());
    assert!(game.parse_move(mv).is_ok(), "a legal move: {mv}");
    engine.send(b"quit\n");
    let (status, _) = engine.finish(AT_ONCE);
    assert!(status.success());
}

/// The reproduction: moves sent while the engine thinks.
const OUT_OF_TURN: &[u8] = b"xboard\nsetboard 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nusermove a1a8\nusermove e8e7\nusermove e1e2\nping 1\nquit\n";

#[test]
fn a_move_sent_while_the_engine_thinks_is_refused_every_time() {
    for run in 0..12 {
        let done = process::run(&["xboard"], OUT_OF_TURN, Duration::from_secs(10));
        assert!(done.status.success(), "run {run}: {}", done.status);
        let text = String::from_utf8(done.stdout).expect("UTF-8");
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("move ")).collect();
        assert_eq!(
            lines,
            [
                "Illegal move (the engine was thinking): e8e7",
                "Illegal move (the engine was thinking): e1e2",
                "pong 1"
            ],
            "run {run}: {text}"
        );
    }
}

#[test]
fn a_move_sent_while_the_engine_thinks_stops_it_and_it_moves_first() {
    let mut engine = process::Running::start(&["xboard"]);
    let started = Instant::now();
    engine.send(
        b"xboard\nsetboard 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nusermove a1a8\nusermove e1e2\nping 1\n",
    );
    let seen = engine.read_until("pong 1", AT_ONCE);
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "the search (2 s by default) was stopped: {:?}",
        started.elapsed()
    );
    let after_check = ["move e8d7", "move e8e7", "move e8f7"];
    assert!(after_check.contains(&seen[0].as_str()), "{seen:?}");
    assert_eq!(
        &seen[1..],
        ["Illegal move (the engine was thinking): e1e2", "pong 1"]
    );
    // After that, a move in turn is played as usual.
    engine.send(b"force\nusermove e1e2\nping 2\n");
    let seen = engine.read_until("pong 2", AT_ONCE);
    assert_eq!(seen, ["pong 2"]);
}

#[test]
fn memory_is_bounded_and_announced() {
    let mut s = Session::new(1);
    let out = talk(
        &mut s,
        &[
            "protover 2",
            "memory 8",
            "memory 1000000",
            "memory 0",
            "memory x",
        ],
    );
    assert!(out.contains(" memory=1 "), "{out}");
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("Error")).collect();
    assert_eq!(
        errors,
        [
            "Error (memory is 1 to 1024 MiB): memory 1000000",
            "Error (memory is 1 to 1024 MiB): memory 0",
            "Error (memory is 1 to 1024 MiB): memory x",
        ]
    );
}

#[test]
fn hash_mb_out_of_bounds_is_refused_in_a_sentence() {
    for size in ["0", "1000000", "18446744073709551615"] {
        let done = process::run(
            &["xboard", "--hash-mb", size],
            b"quit\n",
            Duration::from_secs(10),
        );
        assert_eq!(done.status.code(), Some(2), "{size}: {}", done.stderr);
        let words = if size == "0" {
            "less than the smallest allowed, 1"
        } else {
            "more than the largest allowed, 1024"
        };
        assert_eq!(
            done.stderr,
            format!("catboard: --hash-mb {size} is {words}.\n")
        );
    }
}

#[test]
fn a_line_that_is_not_text_gets_an_error_and_the_session_goes_on() {
    let mut out = Vec::new();
    let script = b"ping 1\n\xff\xfe\x80\nping 2\n".to_vec();
    run(Cursor::new(script), &mut out, 1).expect("runs");
    let text = String::from_utf8(out).expect("UTF-8");
    assert_eq!(text, "pong 1\nError (not UTF-8 text): line 2\npong 2\n");
}

#[test]
fn a_huge_unknown_command_is_cut_in_the_reply() {
    let mut s = Session::new(1);
    let long = "z".repeat(100_000);
    let out = talk(&mut s, &[&long]);
    assert!(out.len() < 200, "{} bytes", out.len());
    assert!(out.contains("(100000 characters)"), "{out}");
}

#[test]
fn a_bare_move_sent_while_the_engine_thinks_stops_it_too() {
    use catboard::protocol::read_ahead::Urgency;
    use catboard::protocol::xboard::urgency;
    for word in ["e2e4", "e7e8q", "a10b10", "usermove e2e4", "?"] {
        assert_eq!(urgency(word), Urgency::Stop, "{word}");
    }
    for word in ["ping 1", "e2", "e2e4qq", "E2E4", "time 100", "level 40 5 0"] {
        assert_eq!(urgency(word), Urgency::Wait, "{word}");
    }
    assert_eq!(urgency("quit"), Urgency::Abandon);
    let mut engine = process::Running::start(&["xboard"]);
    let started = Instant::now();
    engine.send(b"xboard\nsetboard 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nusermove a1a8\ne1e2\nping 1\n");
    let seen = engine.read_until("pong 1", AT_ONCE);
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(
        &seen[1..],
        ["Illegal move (the engine was thinking): e1e2", "pong 1"]
    );
}

/// The thinking lines of `out`: their depth and first move.
fn thinking(out: &str) -> Vec<(u32, String)> {
    out.lines()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let depth = words.first()?.parse().ok()?;
            Some((depth, words.get(4)?.to_string()))
        })
        .collect()
}

#[test]
fn analyze_posts_lines_for_every_position_and_never_moves_until_exit() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["protover 2"]);
    assert!(out.contains(" analyze=1 "), "{out}");
    let out = talk(&mut s, &["new", "sd 3", "analyze"]);
    let lines = thinking(&out);
    assert_eq!(lines.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3]);
    let out = talk(&mut s, &["usermove e2e4"]);
    assert_eq!(engine_moves(&out), Vec::<String>::new(), "{out}");
    let lines = thinking(&out);
    assert_eq!(lines.len(), 3, "{out}");
    let black = s.game().clone();
    assert!(
        lines.iter().all(|(_, mv)| black.parse_move(mv).is_ok()),
        "Black's moves after e2e4: {out}"
    );
    let out = talk(&mut s, &["undo"]);
    assert_eq!(s.game().moves_played().len(), 0);
    assert_eq!(thinking(&out).len(), 3, "the start analysed again");
    let out = talk(&mut s, &["exit", "usermove d2d4", "ping 1"]);
    assert_eq!(out, "pong 1\n", "out of analysis, force mode goes on");
}

#[test]
fn an_analysis_stops_for_the_next_command_and_the_end_of_input() {
    // Without `sd` the analysis would go to depth 64: every command read
    // stops it, and the end of the input ends the session.
    let script = "xboard\nprotover 2\nnew\npost\nanalyze\nusermove e2e4\n.\nping 1\nexit\nping 2\n";
    let mut out = Vec::new();
    run(Cursor::new(script.as_bytes().to_vec()), &mut out, 1).expect("runs");
    let text = String::from_utf8(out).expect("UTF-8");
    assert!(
        text.contains("pong 1\n") && text.contains("pong 2\n"),
        "{text}"
    );
    assert_eq!(engine_moves(&text).len(), 0, "{text}");
}

#[test]
fn a_negative_time_is_a_clock_past_its_flag_and_a_draw_is_announced_once() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["new", "time -150", "otim 100", "usermove e2e4"]);
    assert!(!out.contains("Error"), "{out}");
    assert_eq!(engine_moves(&out).len(), 1, "it moves at once: {out}");
    let mut s = Session::new(1);
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut lines = vec!["new", "force"];
    let sent: Vec<String> = moves
        .iter()
        .chain(moves.iter())
        .map(|m| format!("usermove {m}"))
        .collect();
    lines.extend(sent.iter().map(String::as_str));
    lines.extend(["go", "ping 1"]);
    let out = talk(&mut s, &lines);
    assert_eq!(
        out, "1/2-1/2 {Draw by threefold repetition}\npong 1\n",
        "announced once"
    );
}
