//! `catboard play` arguments: `--position`, `--view` and `--option` shape
//! the game on screen and in its save (in a pseudo-terminal), and a bad
//! argument is refused with exit status 2 and one sentence naming it,
//! before any terminal is opened.

use crate::support;

use crate::support::pty::{Session, TempHome, command};

/// Black to move after one quiet White move would end the game by the
/// fifty-move rule, unless the option turns it off.
const NINETY_NINE: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";

/// Two humans playing from [`NINETY_NINE`], with `more` arguments.
fn from_ninety_nine(home: &TempHome, more: &[&str]) -> Session {
    let mut args = vec![
        "play",
        "--white",
        "human",
        "--black",
        "human",
        "--position",
        NINETY_NINE,
    ];
    args.extend(more);
    Session::start(command(&home.0, &args))
}

#[test]
fn position_view_and_option_shape_the_game_and_its_save() {
    let home = TempHome::new("playargs");
    let mut s = from_ninety_nine(&home, &["--view", "black", "--option", "fifty_moves=off"]);
    s.wait_for(&["White to move"]);
    // Seen from Black: rank 1 at the top, the files from h to a.
    s.wait_until("the board seen from Black", |screen| {
        support::pty::top_rank_label(screen) == Some("1")
            && screen.contains("h    g    f    e    d    c    b    a")
    });
    s.keys(":Ra2\r");
    s.wait_for(&["▸Ra2", "Black to move"]);
    assert!(!s.contents().contains("fifty-move"), "{}", s.contents());
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    let saves = home.saves();
    assert_eq!(saves.len(), 1, "{saves:?}");
    assert!(saves[0].contains(NINETY_NINE), "{}", saves[0]);
    assert!(saves[0].contains("fifty_moves=off"), "{}", saves[0]);
}

#[test]
fn without_the_option_the_same_move_ends_the_game() {
    let home = TempHome::new("playargs-rule");
    let mut s = from_ninety_nine(&home, &[]);
    s.wait_for(&["White to move"]);
    // Seen from White, the default for the first human seat.
    let screen = s.contents();
    assert_eq!(support::pty::top_rank_label(&screen), Some("8"), "{screen}");
    s.keys(":Ra2\r");
    s.wait_for(&["▸Ra2", "fifty-move rule"]);
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
}

/// Runs `catboard play` with `args` and no terminal: status and stderr.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let home = TempHome::new("playbad");
    let out = home
        .binary(false)
        .arg("play")
        .args(args)
        .output()
        .expect("run catboard");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_play_arguments_exit_2_with_one_sentence_naming_them() {
    let cases: &[(&[&str], &str)] = &[
        (&["--variant", "xiangqi"], "xiangqi"),
        (&["--position", "8/8/8 w - - 0 1"], "placement"),
        (
            &[
                "--variant",
                "cat",
                "--position",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            ],
            "side to move",
        ),
        (&["--option", "fifty_moves=maybe"], "maybe"),
        (&["--option", "nonsense=on"], "nonsense"),
        (&["--option", "fifty_moves"], "fifty_moves"),
        (&["--view", "cats"], "cats"),
        (&["--white", "wizard"], "wizard"),
        (&["--seat", "black"], "black"),
        (&["--seat", "cats=club"], "cats"),
        (&["--glyphs", "runes"], "runes"),
        (&["--color", "sepia"], "sepia"),
        (&["--time", "5+x"], "5+x"),
        (&["--time", "0+3"], "0+3"),
        (&["--time", "fast"], "fast"),
    ];
    for (args, named) in cases {
        let (code, err) = refused(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        let line = err.trim_end();
        assert!(
            line.starts_with("catboard: ") && line.ends_with('.'),
            "{args:?}: {err}"
        );
        assert!(
            line.contains(named),
            "{args:?} should name '{named}': {err}"
        );
        assert!(
            !line.contains("terminal"),
            "{args:?} reached the terminal: {err}"
        );
    }
}

#[test]
fn an_unknown_play_flag_exits_2() {
    let (code, err) = refused(&["--depth", "3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--depth"), "{err}");
}

#[test]
fn a_screen_option_before_the_command_is_refused_not_dropped() {
    let home = TempHome::new("playbefore");
    let out = home
        .binary(false)
        .args(["--glyphs", "ascii", "play"])
        .output()
        .expect("run catboard");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--glyphs"), "{err}");
}
