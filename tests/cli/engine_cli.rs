//! Other engines at the table from the command line: `--seat
//! black=uci:COMMAND`, `--engine-option SEAT:NAME=VALUE` and `--fallback`
//! refused in one sentence where they cannot work (a variant no engine
//! plays, a program not installed, an option for a seat no engine plays);
//! a line-mode game against the fake engine with its options passed and
//! its seat saved; and `--resume` restarting the engine, or handing its
//! seat to catboard's computer with a sentence when its program is gone.

use crate::support::engines::fake_engine;
use crate::support::process::run;
use crate::support::scratch::Scratch;
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(120);

/// Runs `catboard ARGS` with `input`: its status code, output and errors.
fn catboard(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let done = run(args, input.as_bytes(), PATIENCE);
    (
        done.status.code(),
        String::from_utf8_lossy(&done.stdout).into_owned(),
        done.stderr,
    )
}

#[test]
fn engine_arguments_that_cannot_work_exit_2_with_one_sentence() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--variant", "cat", "--seat", "black=uci:stockfish"],
            "catboard: Stockfish does not play Cat Chess; it plays Chess.",
        ),
        (
            &["--variant", "chu", "--seat", "black=uci:stockfish"],
            "catboard: Stockfish does not play Chu Chess; it plays Chess.",
        ),
        (
            &["--variant", "chu", "--seat", "black=xboard:fairymax"],
            "catboard: Fairy-Max does not play Chu Chess; it plays Chess.",
        ),
        (
            &[
                "--variant",
                "chu",
                "--option",
                "promotion=shogi",
                "--seat",
                "black=xboard:some-engine",
            ],
            "catboard: The XBoard engine 'some-engine' cannot play Chu Chess: engines play it with promotion=chess, and this game has promotion=shogi.",
        ),
        (
            &["--seat", "black=uci:catboard-no-such-engine --uci"],
            "catboard: The engine 'catboard-no-such-engine --uci' cannot be started: there is no program 'catboard-no-such-engine' on the PATH or in /usr/games or /usr/local/games.",
        ),
        (&["--seat", "black=uci: "], "names no command after uci:"),
        (
            &["--engine-option", "black:UCI_Elo=1500"],
            "catboard: --engine-option 'black:UCI_Elo=1500' names the black seat, which no engine plays; give it one with --seat black=uci:COMMAND.",
        ),
        (
            &["--seat", "black=uci:sh", "--engine-option", "UCI_Elo=1500"],
            "catboard: --engine-option 'UCI_Elo=1500' should be written SEAT:NAME=VALUE, as black:UCI_Elo=1500.",
        ),
        (
            &["--seat", "black=uci:sh", "--engine-option", "cats:Hash=1"],
            "catboard: Chess has no seat 'cats' for --engine-option; its seats are white, black.",
        ),
        (
            &["--seat", "black=uci:sh", "--fallback", "human"],
            "catboard: --fallback 'human' is not a level of catboard's computer; choose a level (beginner to master) or an Elo such as 1400.",
        ),
    ];
    for (args, said) in cases {
        let mut all = vec!["line"];
        all.extend(*args);
        let (code, _, err) = catboard(&all, "");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}:\n{err}\nshould hold\n{said}");
        assert!(err.trim_end().ends_with('.'), "{err}");
    }
}

#[test]
fn a_line_game_against_an_engine_passes_its_options_and_saves_its_seat() {
    let dir = Scratch::new("engine-cli");
    let log = dir.path().join("sent.txt");
    let saves = dir.path().join("games");
    let seat = format!(
        "black=uci:{}",
        fake_engine(&format!("--uci --log {}", log.display()))
    );
    let saves_arg = saves.display().to_string();
    let (code, out, err) = catboard(
        &[
            "line",
            "--seat",
            &seat,
            "--engine-option",
            "black:UCI_Elo=1500",
            "--think-ms",
            "100",
            "--save-dir",
            &saves_arg,
        ],
        "e4\nd4\n",
    );
    assert_eq!(code, Some(0), "{err}\n{out}");
    assert!(out.contains("Black is fake_engine (UCI engine)"), "{out}");
    assert_eq!(black_moves(&out), 2, "{out}");
    let sent = std::fs::read_to_string(&log).expect("the engine's log");
    for line in [
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1500",
        "position startpos moves e2e4",
        "go movetime 100",
    ] {
        assert!(
            sent.lines().any(|l| l == line),
            "{line:?} not sent:\n{sent}"
        );
    }
    // Started twice: once before the game, to check its options against
    // those it announces, and once for the game (never again per move).
    assert_eq!(
        sent.matches("\nuci\n").count() + usize::from(sent.starts_with("uci\n")),
        2
    );
    let save = std::fs::read_dir(&saves)
        .expect("the saves")
        .flatten()
        .find(|e| e.path().extension().is_some_and(|x| x == "json"))
        .map(|e| std::fs::read_to_string(e.path()).expect("a save"))
        .expect("a save");
    assert!(save.contains("\"engines\""), "{save}");
    assert!(save.contains("\"seat\": \"black\""), "{save}");
    assert!(save.contains("\"UCI_Elo=1500\""), "{save}");
    assert!(save.contains("\"master\""), "the fallback level: {save}");
}

#[test]
fn an_engine_whose_path_has_a_space_is_seated_as_a_shell_splits_its_command() {
    let dir = Scratch::new("engine-space");
    let folder = dir.path().join("my engines");
    std::fs::create_dir_all(&folder).expect("a folder");
    let program = folder.join("fake engine");
    std::fs::copy(crate::support::engines::fake_engine_program(), &program)
        .expect("a copy of the fake engine");
    let path = program.display().to_string();
    for command in [
        format!("\"{path}\" --uci"),
        format!("'{path}' --uci"),
        format!("{} --uci", path.replace(' ', "\\ ")),
    ] {
        let seat = format!("black=uci:{command}");
        let (code, out, err) = catboard(&["line", "--seat", &seat, "--think-ms", "50"], "e4\n");
        assert_eq!(code, Some(0), "{command}: {err}\n{out}");
        assert!(
            out.contains("Black is fake engine (UCI engine)"),
            "{command}: {out}"
        );
        // The engine's answer is said as its move (`Black knight to a6.`).
        assert!(
            out.lines()
                .any(|l| l.starts_with("Black ") && l.contains(" to ")),
            "{command}: {out}"
        );
    }
    // A path to nothing is named whole, folders and spaces included.
    let gone = folder.join("no engine here");
    let seat = format!("black=uci:\"{}\" --uci", gone.display());
    let (code, _, err) = catboard(&["line", "--seat", &seat], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!("there is no program '{}'.", gone.display())),
        "{err}"
    );
    let (code, _, err) = catboard(&["line", "--seat", "black=uci:\"unclosed --uci"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("cannot be started: its quotes are not closed."),
        "{err}"
    );
}

#[test]
fn an_engine_option_the_engine_does_not_announce_is_refused_before_the_game() {
    let seat = format!("black=uci:{}", fake_engine("--uci"));
    let (code, out, err) = catboard(
        &[
            "line",
            "--seat",
            &seat,
            "--engine-option",
            "black:UCI_Elo=1500",
            "--engine-option",
            "black:Bogus=1",
        ],
        "e4\n",
    );
    assert_eq!(code, Some(2), "{err}\n{out}");
    assert!(out.is_empty(), "no game is played: {out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("has no option 'Bogus' (its options are"),
        "{err}"
    );
}

/// A save of 1. e4 with Black played by `engine` (Master taking over).
fn save_with_engine(dir: &std::path::Path, engine: &str) {
    std::fs::create_dir_all(dir).expect("a folder");
    let save = serde_json::json!({
        "format": 1,
        "variant": "chess",
        "options": [],
        "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "players": ["human", "master"],
        "moves": ["e2e4"],
        "engines": [{ "seat": "black", "engine": engine, "options": ["UCI_Elo=1500"] }],
    });
    std::fs::write(dir.join("game-1.json"), save.to_string()).expect("write the save");
}

/// `catboard line --resume` from `saves`, asking for the history.
fn resume(saves: &std::path::Path) -> (Option<i32>, String, String) {
    let saves = saves.display().to_string();
    let args = [
        "line",
        "--resume",
        "--save-dir",
        &saves,
        "--think-ms",
        "100",
    ];
    catboard(&args, "history\n")
}

#[test]
fn resume_restarts_the_engine_with_the_whole_game() {
    let dir = Scratch::new("engine-resume");
    let log = dir.path().join("sent.txt");
    let saves = dir.path().join("games");
    let engine = format!(
        "uci:{}",
        fake_engine(&format!("--uci --log {}", log.display()))
    );
    save_with_engine(&saves, &engine);
    let (code, out, err) = resume(&saves);
    assert_eq!(code, Some(0), "{err}\n{out}");
    assert!(black_moves(&out) > 0, "{out}");
    let sent = std::fs::read_to_string(&log).expect("the engine's log");
    assert!(sent.contains("setoption name UCI_Elo value 1500"), "{sent}");
    assert!(sent.contains("position startpos moves e2e4\n"), "{sent}");
}

#[test]
fn resume_hands_the_seat_to_catboard_when_the_engines_program_is_gone() {
    let dir = Scratch::new("engine-gone");
    let saves = dir.path().join("games");
    save_with_engine(&saves, "uci:catboard-engine-uninstalled");
    let (code, out, err) = resume(&saves);
    assert_eq!(code, Some(0), "{err}\n{out}");
    let said = "The engine catboard-engine-uninstalled (UCI engine) cannot be started: there is no program 'catboard-engine-uninstalled' on the PATH or in /usr/games or /usr/local/games. catboard's computer (master) plays Black from now on.";
    assert!(out.contains(said), "{out}");
    assert!(black_moves(&out) > 0, "catboard's computer moves:\n{out}");
}

/// How many of Black's moves `out` says ("Black knight to a6.").
fn black_moves(out: &str) -> usize {
    out.lines()
        .map(|l| l.rsplit(": ").next().unwrap_or(l))
        .filter(|l| l.starts_with("Black ") && !l.starts_with("Black to move"))
        .count()
}
