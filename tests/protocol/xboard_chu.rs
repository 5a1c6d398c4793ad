//! `catboard xboard` playing Chu Chess as XBoard's `variant elven`: the
//! feature line, the switch of variant, Lion moves in legs both ways,
//! promotions in both modes, `setboard`, `undo`/`remove`, a game's end,
//! refused moves; then the binary under a search, and a short match of
//! catboard against itself through `catboard-match --variant elven`.
//!
//! Every wait on another process has a deadline.

use catboard::core::Game;
use catboard::protocol::xboard::Session;
use catboard::variants::Variant;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::support::process::{catboard_match, xboard_engine};
use crate::support::xboard_talk as talk;

/// Chu's start (White King f0, Black King e9), as the rules give it.
const CHU_START: &str =
    "r3k4r/mnb+rql+bbnm/pppppppppp/10/10/10/10/PPPPPPPPPP/MNB+BLQ+RBNM/R4K3R w KQkq - 0 1";

/// A White Lion on e4 below two Black Queens (e5, e6); the Kings f0, e9.
const LION_AND_TWO_QUEENS: &str = "4k5/10/10/4q5/4q5/4L5/10/10/10/5K4 w - - 0 1";

/// The engine's moves in `output`, a move of several legs (sent one leg a
/// `move` line, each but the last ending in a comma) joined whole.
fn engine_moves(output: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut legs = String::new();
    for text in output.lines().filter_map(|l| l.strip_prefix("move ")) {
        legs.push_str(text);
        if !legs.ends_with(',') {
            moves.push(std::mem::take(&mut legs));
        }
    }
    moves
}

/// The placement field of the session's position.
fn placement(session: &Session) -> String {
    let text = session.game().position_text();
    text.split(' ').next().unwrap_or_default().to_string()
}

/// A session in Chu Chess, in force mode, at `fen`.
fn chu_at(fen: &str) -> Session {
    let mut s = Session::new(1);
    let out = talk(
        &mut s,
        &["new", "variant elven", "force", &format!("setboard {fen}")],
    );
    assert_eq!(out, "", "setting up {fen}");
    s
}

#[test]
fn the_features_offer_elven_and_the_promotion_option() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["xboard", "protover 2"]);
    let features = out
        .lines()
        .find(|l| l.starts_with("feature "))
        .expect("a feature line");
    assert!(features.contains("variants=\"normal,elven\""), "{features}");
    assert!(
        features.contains("option=\"Promotion -combo *chess /// shogi\""),
        "{features}"
    );
    assert!(features.trim_end().ends_with("done=1"), "{features}");
}

#[test]
fn variant_elven_sets_up_chu_and_new_returns_to_chess() {
    let mut s = Session::new(1);
    assert_eq!(talk(&mut s, &["new", "variant elven"]), "");
    assert_eq!(s.game().variant(), Variant::Chu);
    assert_eq!(s.game().position_text(), CHU_START);
    // CECP's `new` is standard chess; XBoard sends `variant` after it for
    // anything else (and never sends `variant normal`).
    talk(&mut s, &["new"]);
    assert_eq!(s.game().variant(), Variant::Chess);
    talk(&mut s, &["variant elven", "variant normal"]);
    assert_eq!(s.game().variant(), Variant::Chess);
    assert!(talk(&mut s, &["variant chu"]).contains("Error (unsupported variant): chu"));
}

#[test]
fn the_engine_answers_in_chu_with_a_legal_move() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["new", "variant elven", "sd 2", "usermove e2e4"]);
    let moves = engine_moves(&out);
    assert_eq!(moves.len(), 1, "{out}");
    // The reply is legal in a game of Chu replayed apart from the session.
    let mut game = Variant::Chu.new_game(&catboard::core::Options::new());
    let e2e4 = game.parse_move("e2e4").expect("e2e4 is legal at the start");
    game.make_move(e2e4);
    assert!(game.parse_move(&moves[0]).is_ok(), "{}", moves[0]);
    assert_eq!(s.game().moves_played().len(), 2);
}

#[test]
fn the_lions_double_capture_is_read_in_legs() {
    let mut s = chu_at(LION_AND_TWO_QUEENS);
    assert_eq!(talk(&mut s, &["usermove e4e5,e5e6"]), "");
    assert_eq!(placement(&s), "4k5/10/10/4L5/10/10/10/10/10/5K4");
}

#[test]
fn igui_captures_and_the_lion_stays() {
    let mut s = chu_at(LION_AND_TWO_QUEENS);
    assert_eq!(talk(&mut s, &["usermove e4e5,e5e4"]), "");
    assert_eq!(placement(&s), "4k5/10/10/4q5/10/4L5/10/10/10/5K4");
}

#[test]
fn hit_and_run_captures_and_moves_on() {
    let mut s = chu_at(LION_AND_TWO_QUEENS);
    assert_eq!(talk(&mut s, &["usermove e4e5,e5f4"]), "");
    assert_eq!(placement(&s), "4k5/10/10/4q5/10/5L4/10/10/10/5K4");
}

#[test]
fn the_pass_leaves_the_board_and_hands_over_the_move() {
    // In legs, and as XBoard relays a pass (its null move).
    for pass in ["e4d4,d4e4", "@@@@"] {
        let mut s = chu_at(LION_AND_TWO_QUEENS);
        assert_eq!(talk(&mut s, &[&format!("usermove {pass}")]), "");
        assert_eq!(placement(&s), "4k5/10/10/4q5/4q5/4L5/10/10/10/5K4");
        assert!(s.game().position_text().contains(" b "));
    }
}

#[test]
fn the_engine_plays_the_double_capture_in_xboards_legs() {
    let mut s = chu_at(LION_AND_TWO_QUEENS);
    let out = talk(&mut s, &["sd 3", "go"]);
    // Two lines, the first leg ending in a comma, as XBoard reads it.
    assert!(out.contains("move e4e5,\nmove e5e6\n"), "{out}");
    assert_eq!(engine_moves(&out), vec!["e4e5,e5e6".to_string()]);
    assert_eq!(placement(&s), "4k5/10/10/4L5/10/10/10/10/10/5K4");
}

#[test]
fn bad_lion_moves_and_bad_text_are_refused() {
    let mut s = chu_at(LION_AND_TWO_QUEENS);
    for bad in [
        // The first leg's cell is empty: no double step through it.
        "e4d4,d4c3x",
        // Three legs.
        "e4e5,e5e6,e6e7",
        // A second leg that does not start where the first ended.
        "e4e5,f5f6",
        // The Lion cannot reach e7 in two steps.
        "e4e5,e5e7",
        // Off the board.
        "e4k4",
        "z9z9",
        // Not the mover's piece.
        "e5e4",
    ] {
        let out = talk(&mut s, &[&format!("usermove {bad}")]);
        assert_eq!(out, format!("Illegal move: {bad}\n"), "{bad}");
    }
    assert_eq!(
        s.game().position_text(),
        LION_AND_TWO_QUEENS,
        "nothing was played"
    );
}

#[test]
fn chess_like_promotion_takes_a_letter_and_refuses_the_plus() {
    let mut s = chu_at("4k5/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(talk(&mut s, &["usermove b6b7+"]), "Illegal move: b6b7+\n");
    assert_eq!(talk(&mut s, &["usermove b6b7q"]), "");
    assert_eq!(placement(&s), "4k5/10/1Q8/10/10/10/10/10/10/5K4");
}

#[test]
fn shogi_like_promotion_by_the_engine_option_takes_the_plus() {
    let mut s = Session::new(1);
    talk(&mut s, &["new", "variant elven", "force"]);
    assert_eq!(talk(&mut s, &["option Promotion=shogi"]), "");
    talk(
        &mut s,
        &["setboard 4k5/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1"],
    );
    assert_eq!(talk(&mut s, &["usermove b6b7q"]), "Illegal move: b6b7q\n");
    assert_eq!(talk(&mut s, &["usermove b6b7+"]), "");
    // A Pawn promotes Shogi-like to a Commoner.
    assert_eq!(placement(&s), "4k5/10/1M8/10/10/10/10/10/10/5K4");
}

#[test]
fn shogi_like_declining_is_written_without_the_plus() {
    let mut s = Session::new(1).with_options(
        catboard::core::Options::parse(Variant::Chu.options(), ["promotion=shogi"])
            .expect("a valid option"),
    );
    talk(
        &mut s,
        &[
            "new",
            "variant elven",
            "force",
            "setboard 4k5/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1",
        ],
    );
    assert_eq!(talk(&mut s, &["usermove b6b7"]), "");
    assert_eq!(placement(&s), "4k5/10/1P8/10/10/10/10/10/10/5K4");
}

#[test]
fn bad_options_are_named_in_a_sentence() {
    let mut s = Session::new(1);
    let out = talk(&mut s, &["option Promotion=crazy", "option Nope=1"]);
    assert!(
        out.contains("Error (Promotion takes chess or shogi): crazy"),
        "{out}"
    );
    assert!(out.contains("Error (unknown option): Nope"), "{out}");
}

#[test]
fn setboard_takes_chus_text_and_refuses_a_bad_one() {
    let mut s = Session::new(1);
    talk(&mut s, &["new", "variant elven", "force"]);
    let out = talk(&mut s, &["setboard 4k5/10/zz w - - 0 1"]);
    assert!(out.starts_with("tellusererror Illegal position: "), "{out}");
    assert_eq!(s.game().position_text(), CHU_START, "the game is kept");
    // A chess position is not a Chu one.
    let out = talk(
        &mut s,
        &["setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    );
    assert!(out.starts_with("tellusererror Illegal position: "), "{out}");
    talk(&mut s, &[&format!("setboard {LION_AND_TWO_QUEENS}")]);
    assert_eq!(s.game().position_text(), LION_AND_TWO_QUEENS);
}

#[test]
fn undo_and_remove_take_lion_moves_back() {
    let mut s = chu_at(LION_AND_TWO_QUEENS);
    talk(&mut s, &["usermove e4e5,e5e6", "usermove e9d9"]);
    talk(&mut s, &["undo"]);
    assert_eq!(placement(&s), "4k5/10/10/4L5/10/10/10/10/10/5K4");
    talk(&mut s, &["usermove e9d9", "remove"]);
    assert_eq!(s.game().position_text(), LION_AND_TWO_QUEENS);
}

#[test]
fn the_engine_mates_and_announces_the_result() {
    // Black King a9, White King a7 and Rook j0: Rj0-j9 is the only mate.
    let mut s = chu_at("k9/10/K9/10/10/10/10/10/10/9R w - - 0 1");
    let out = talk(&mut s, &["sd 3", "go"]);
    assert_eq!(engine_moves(&out), vec!["j0j9".to_string()], "{out}");
    assert!(out.contains("1-0 {White mates}"), "{out}");
    let out = talk(&mut s, &["usermove a9b9"]);
    assert_eq!(out, "Illegal move (the game is over): a9b9\n");
}

#[test]
fn a_users_mate_is_announced_too() {
    let mut s = chu_at("k9/10/K9/10/10/10/10/10/10/9R w - - 0 1");
    talk(&mut s, &["playother"]);
    // Engine plays Black; the user's mate ends the game at once.
    let out = talk(&mut s, &["usermove j0j9"]);
    assert_eq!(out, "1-0 {White mates}\n");
}

#[test]
fn clocks_ping_memory_and_hint_work_in_chu() {
    let mut s = Session::new(1);
    let out = talk(
        &mut s,
        &[
            "new",
            "variant elven",
            "level 40 5 0",
            "time 30000",
            "otim 30000",
            "memory 2",
            "ping 7",
            "hint",
        ],
    );
    assert!(out.contains("pong 7"), "{out}");
    assert!(!out.contains("Error"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    let start = Instant::now();
    let out = talk(&mut s, &["st 0.2", "usermove e2e4"]);
    assert_eq!(engine_moves(&out).len(), 1, "{out}");
    assert!(start.elapsed() < Duration::from_secs(10));
}

/// Starts `catboard xboard` with its output read on a thread, so every
/// wait has a deadline.
fn spawn_engine(
    args: &[&str],
) -> (
    std::process::Child,
    std::process::ChildStdin,
    Receiver<String>,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catboard"))
        .arg("xboard")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the catboard binary starts");
    let input = child.stdin.take().expect("stdin");
    let output = child.stdout.take().expect("stdout");
    let (send, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    (child, input, lines)
}

/// Reads lines until one starts with `prefix`, for at most `patience`.
fn read_until(lines: &Receiver<String>, prefix: &str, patience: Duration) -> Vec<String> {
    let deadline = Instant::now() + patience;
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                let found = line.starts_with(prefix);
                seen.push(line);
                if found {
                    return seen;
                }
            }
            Err(_) => panic!("no line starting {prefix:?} in {patience:?}; saw {seen:?}"),
        }
    }
}

#[test]
fn a_lion_move_sent_while_the_engine_thinks_stops_it_and_is_refused() {
    let (child, mut input, lines) = spawn_engine(&["--hash-mb", "4"]);
    input
        .write_all(b"xboard\nnew\nvariant elven\npost\nst 3600\nusermove e2e4\n")
        .expect("write");
    read_until(&lines, "1 ", Duration::from_secs(20));
    // A bare move in legs, out of turn: it is seen as a move, so the
    // search stops at once instead of thinking for an hour.
    input.write_all(b"f8f7,f7f6\n").expect("write");
    let seen = read_until(&lines, "Illegal move", Duration::from_secs(20));
    assert!(
        seen.iter().any(|l| l.starts_with("move ")),
        "the engine moved first: {seen:?}"
    );
    assert_eq!(
        seen.last().map(String::as_str),
        Some("Illegal move (the engine was thinking): f8f7,f7f6")
    );
    input.write_all(b"quit\n").expect("write");
    drop(input);
    assert!(finish(child, Duration::from_secs(10)).status.success());
}

#[test]
fn the_next_games_moves_are_not_refused_after_a_search_is_left() {
    // The engine thinks for an hour; `result` leaves the game and a new
    // one is set up at once. Its moves are the opponent's, in turn.
    let (child, mut input, lines) = spawn_engine(&["--hash-mb", "4"]);
    input
        .write_all(b"xboard\nnew\nvariant elven\npost\nst 3600\nusermove e2e4\n")
        .expect("write");
    read_until(&lines, "1 ", Duration::from_secs(20));
    input
        .write_all(
            b"result 1-0 {adjudicated}\nforce\nnew\nvariant elven\nforce\n\
              usermove e2e4\nusermove e7e5\nping 1\n",
        )
        .expect("write");
    let seen = read_until(&lines, "pong 1", Duration::from_secs(20));
    assert!(
        !seen.iter().any(|l| l.starts_with("Illegal move")),
        "{seen:?}"
    );
    input.write_all(b"quit\n").expect("write");
    drop(input);
    assert!(finish(child, Duration::from_secs(10)).status.success());
}

#[test]
fn the_shogi_option_on_the_command_line_and_a_bad_one() {
    let (child, mut input, lines) =
        spawn_engine(&["--hash-mb", "4", "--option", "promotion=shogi"]);
    input
        .write_all(
            b"xboard\nnew\nvariant elven\nforce\n\
              setboard 4k5/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1\n\
              usermove b6b7q\nping 2\n",
        )
        .expect("write");
    let seen = read_until(&lines, "pong 2", Duration::from_secs(20));
    assert!(
        seen.contains(&"Illegal move: b6b7q".to_string()),
        "{seen:?}"
    );
    input.write_all(b"quit\n").expect("write");
    drop(input);
    assert!(finish(child, Duration::from_secs(10)).status.success());

    let refused = Command::new(env!("CARGO_BIN_EXE_catboard"))
        .args(["xboard", "--option", "promotion=crazy"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the catboard binary runs");
    let out = finish(refused, Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("option 'promotion' takes chess or shogi"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Waits for `child` to end, for at most `patience` (it is killed and the
/// test fails past that); returns its output.
fn finish(mut child: std::process::Child, patience: Duration) -> std::process::Output {
    let deadline = Instant::now() + patience;
    while child.try_wait().expect("status").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the process did not end within {patience:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

/// Runs `catboard-match ARGS`: whether it succeeded, and its output and
/// its errors as one text.
fn run_match(args: &[&str]) -> (bool, String) {
    let (status, out, err) = catboard_match(args);
    (status.success(), out + &err)
}

#[test]
fn a_short_chu_match_of_catboard_against_itself_runs_to_the_end() {
    let engine = xboard_engine();
    let pgn = std::env::temp_dir().join(format!("catboard-elven-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let (ok, out) = run_match(&[
        "--variant",
        "elven",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--games",
        "2",
        "--st",
        "0.02",
        "--depth",
        "1",
        "--max-moves",
        "400",
        "--pgn",
        pgn.to_str().expect("a UTF-8 path"),
    ]);
    let _ = std::fs::remove_file(&pgn);
    assert!(ok, "{out}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for game in games {
        // Every move was legal by catboard's rules and accepted by the
        // other engine; the game ended by the rules, not by a limit.
        assert!(!game.contains("illegal"), "{game}");
        assert!(!game.contains("rules disagree"), "{game}");
        assert!(!game.contains("said:"), "{game}");
        assert!(!game.contains("move limit"), "{game}");
        assert!(game.contains("mates") || game.contains("Draw by"), "{game}");
    }
    assert!(out.contains("2 games: +"), "{out}");
}

#[test]
fn a_variant_the_runner_does_not_play_is_refused_in_a_sentence() {
    let engine = xboard_engine();
    let (ok, out) = run_match(&[
        "--variant",
        "shogi",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
    ]);
    assert!(!ok);
    assert!(
        out.contains("catboard-match: --variant shogi is not one the match runner plays"),
        "{out}"
    );
}

/// Sjaak II (Debian's `sjaakii`) plays `variant elven` with simpler rules
/// (its Lion has no igui or hit and run, its Black King castles e9 to i9
/// or c9): one game is played, and every move catboard made was legal by
/// catboard's rules; a move either engine refuses stops the game.
#[test]
fn a_game_against_sjaak_ii_when_it_is_installed() {
    let sjaak = ["/usr/games/sjaakii", "/usr/bin/sjaakii"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(sjaak) = sjaak else {
        eprintln!("skipped: sjaakii is not installed (apt-get install sjaakii)");
        return;
    };
    let engine = xboard_engine();
    let (ok, out) = run_match(&[
        "--variant",
        "elven",
        "--engine1",
        &engine,
        "--engine2",
        sjaak,
        "--games",
        "1",
        "--st",
        "0.05",
        "--max-moves",
        "60",
    ]);
    assert!(ok, "{out}");
    let game = out
        .lines()
        .find(|l| l.starts_with("game "))
        .expect("a game line");
    // Sjaak's moves may break catboard's rules (its castling differs), and
    // it may refuse catboard's Lion moves; catboard never fails.
    assert!(!game.contains("The engine catboard"), "{game}");
}

#[test]
fn a_legal_move_an_engine_refuses_stops_the_game_outside_the_score() {
    let engine = xboard_engine();
    // An engine whose rules allow nothing: it refuses every move sent.
    let refuser = r#"echo 'feature usermove=1 ping=1 variants="normal,elven" done=1'; while read l; do case "$l" in usermove*) echo "Illegal move: ${l#usermove }";; ping*) echo "pong ${l#ping }";; quit) exit 0;; esac; done"#;
    let (ok, out) = run_match(&[
        "--variant",
        "elven",
        "--engine1",
        &engine,
        "--engine2",
        refuser,
        "--name2",
        "refuser",
        "--games",
        "1",
        "--st",
        "0.02",
        "--depth",
        "1",
    ]);
    assert!(ok, "{out}");
    let game = out
        .lines()
        .find(|l| l.starts_with("game "))
        .expect("a game line");
    assert!(game.contains("* {rules disagree: "), "{game}");
    assert!(
        out.contains("1 games stopped where the engines' rules disagree (not counted)"),
        "{out}"
    );
    assert!(out.contains("0 games: +0 =0 -0"), "{out}");
}
