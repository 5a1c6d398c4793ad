//! End-to-end: the real `catboard` binary in a pseudo-terminal (portable-pty),
//! its output read by a terminal emulator (vt100), played by keys. The
//! binary's data and config directories point at a temporary directory, so
//! the real home is never touched. Waits poll for expected text with a
//! timeout rather than sleeping fixed times.

use crate::support;

use crate::support::cpu_ticks;
use crate::support::pty::{COLS, PATIENCE, ROWS, Session, TempHome, command};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How a process ended after a hang-up: its exit code, how long it took,
/// and the CPU ticks it used meanwhile (as last seen before it exited).
struct Ending {
    code: u32,
    took: Duration,
    cpu_ticks: u64,
}

/// How long a hung-up process may take to save and exit by itself.
const EXIT_BOUND: Duration = Duration::from_secs(5);

impl Session {
    /// Waits, without ever killing it, for the process to exit by itself
    /// within [`EXIT_BOUND`] of `since`, watching its CPU time.
    fn wait_exit_by_itself(&mut self, since: Instant) -> Ending {
        let pid = self.child.process_id().expect("a process id");
        let cpu_before = cpu_ticks(pid).unwrap_or(0);
        let mut cpu_seen = cpu_before;
        loop {
            if let Some(status) = self.child.try_wait().expect("poll the child") {
                return Ending {
                    code: status.exit_code(),
                    took: since.elapsed(),
                    cpu_ticks: cpu_seen - cpu_before,
                };
            }
            if let Some(ticks) = cpu_ticks(pid) {
                cpu_seen = ticks;
            }
            assert!(
                since.elapsed() < EXIT_BOUND,
                "catboard did not exit by itself within {EXIT_BOUND:?} ({} CPU ticks used meanwhile); the screen shows:\n{}",
                cpu_seen - cpu_before,
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Sends `signal` (`HUP`, `TERM`) to `pid` with the `kill` command; `false`
/// when there is no working `kill`.
fn send_signal(signal: &str, pid: u32) -> bool {
    std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .is_ok_and(|s| s.success())
}

/// Checks a hang-up's ending: in time, not the panic status, not spinning.
fn assert_calm_ending(ending: &Ending, what: &str) {
    assert_ne!(ending.code, 101, "{what}: the panic status");
    // A clock tick is 10 ms: a process that saved and left uses a few; one
    // spinning on a dead terminal uses one per tick of wall time.
    let wall_ticks = ending.took.as_millis() as u64 / 10;
    assert!(
        ending.cpu_ticks <= 20 + wall_ticks / 2,
        "{what}: {} CPU ticks in {:?} after the hang-up",
        ending.cpu_ticks,
        ending.took
    );
}

const PLAY: &[&str] = &[
    "play",
    "--variant",
    "chess",
    "--white",
    "human",
    "--black",
    "human",
];
const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const LEFT: &str = "\x1b[D";

#[test]
fn moves_played_by_keys_show_on_the_board_and_in_the_saved_game() {
    let home = TempHome::new("keys");
    let mut s = Session::start(command(&home.0, PLAY));
    s.wait_for(&[
        "a    b    c    d    e    f    g    h",
        "White to move",
        "No moves yet.",
    ]);
    // 1. e4 through the move prompt.
    s.keys(":e4\r");
    s.wait_for(&["1. ▸e4", "Black to move"]);
    // 1... e5 with the cursor: from e4 up to e7, select, down to e5, place.
    s.keys(&UP.repeat(3));
    s.keys("\r");
    s.keys(&DOWN.repeat(2));
    s.keys(" ");
    s.wait_for(&["▸e5", "White to move"]);
    let rank_5 = s.rank_row("5");
    assert!(rank_5.contains('♟'), "a black pawn on rank 5: {rank_5}");
    // 2. Nf3 with hjkl: down to e1, right to g1, select, up-up-left to f3.
    s.keys("jjjjll\r");
    s.keys("kkh\r");
    s.wait_for(&["▸Nf3", "Black to move"]);
    // An illegal move through the prompt gets a one-line error.
    s.keys(":Ke3\r");
    s.wait_for(&["'Ke3' is not a legal move"]);
    // Esc closes the prompt.
    s.keys("\x1b");
    s.wait_for(&["hjkl move"]);
    // Undo and redo.
    s.keys("u");
    s.wait_for(&["▸e5", " Nf3"]);
    s.keys("r");
    s.wait_for(&["▸Nf3"]);
    assert!(s.screen.lock().is_ok_and(|p| p.screen().alternate_screen()));
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    s.wait_restored();
    let saves = home.saves();
    assert_eq!(saves.len(), 1, "one game saved");
    assert!(
        saves[0].contains("\"e2e4\"")
            && saves[0].contains("\"e7e5\"")
            && saves[0].contains("\"g1f3\""),
        "{}",
        saves[0]
    );
}

#[test]
fn the_setup_screen_starts_a_game_and_resume_offers_it_again() {
    let home = TempHome::new("setup");
    let mut s = Session::start(command(&home.0, &[]));
    s.wait_for(&["catboard: new game", "Variant", "Start the game"]);
    // The computer plays Black unless chosen otherwise: down to Black's
    // row, back from Club through Casual, Novice and Beginner to a
    // person, and Enter starts the game from that row.
    s.wait_for(&["computer (Club \u{2248}"]);
    s.keys(DOWN);
    s.keys(DOWN);
    for _ in 0..4 {
        s.keys(LEFT);
    }
    s.keys("\r");
    s.wait_for(&["White to move", "Black  human"]);
    s.keys(":d4\r");
    s.wait_for(&["▸d4"]);
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    let mut s = Session::start(command(&home.0, &["--resume"]));
    s.wait_for(&["▸d4", "Black to move"]);
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    let mut s = Session::start(command(&home.0, &[]));
    s.wait_for(&["Resume", "Chess at move 1, Black to move"]);
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
}

/// The exit status after SIGHUP and SIGTERM today: the game is saved and
/// the program ends normally.
const SIGNAL_STATUS: u32 = 0;

/// Plays `typed` (shown as `shown`), sends `signal` alone (not
/// portable-pty's kill, which follows SIGHUP with SIGKILL and proves
/// nothing), and checks the process saves `saved` and exits by itself with
/// [`SIGNAL_STATUS`], restoring the terminal, without spinning.
fn a_signal_saves_and_ends_calmly(signal: &str, typed: &str, shown: &str, saved: &str) {
    let home = TempHome::new(signal);
    let mut s = Session::start(command(&home.0, PLAY));
    s.wait_for(&["White to move"]);
    s.keys(&format!(":{typed}\r"));
    s.wait_for(&[shown]);
    let pid = s.child.process_id().expect("a process id");
    let sent = Instant::now();
    if !send_signal(signal, pid) {
        eprintln!("skipped: no working `kill` command to send SIG{signal}");
        return;
    }
    let ending = s.wait_exit_by_itself(sent);
    assert_eq!(ending.code, SIGNAL_STATUS, "the status after SIG{signal}");
    assert_calm_ending(&ending, signal);
    s.wait_restored();
    let saves = home.saves();
    assert!(saves.iter().any(|t| t.contains(saved)), "{saves:?}");
}

#[test]
fn a_hang_up_signal_saves_the_game_and_exits() {
    a_signal_saves_and_ends_calmly("HUP", "c4", "▸c4", "\"c2c4\"");
}

#[test]
fn a_termination_signal_saves_the_game_and_restores_the_terminal() {
    a_signal_saves_and_ends_calmly("TERM", "Nc3", "▸Nc3", "\"b1c3\"");
}

/// The exit status after a dead terminal: 0, as README's exit statuses
/// say (the game is saved and the program ends calmly, as on a hang-up).
const DEAD_TERMINAL_STATUSES: &[u32] = &[0];

#[test]
fn a_dead_terminal_without_a_signal_ends_the_process_instead_of_spinning() {
    let home = TempHome::new("deadtty");
    let mut cmd = command(&home.0, PLAY);
    // No controlling terminal: closing the pty sends no SIGHUP, so only
    // noticing the dead terminal itself can end the process.
    cmd.set_controlling_tty(false);
    let mut s = Session::start(cmd);
    s.wait_for(&["White to move"]);
    s.keys(":g3\r");
    s.wait_for(&["▸g3"]);
    s.stop_reading.store(true, Ordering::Relaxed);
    s.keys("?");
    std::thread::sleep(Duration::from_millis(100));
    let closed = Instant::now();
    s.writer = None;
    s.master = None;
    let ending = s.wait_exit_by_itself(closed);
    assert_calm_ending(&ending, "a dead terminal");
    assert!(
        DEAD_TERMINAL_STATUSES.contains(&ending.code),
        "a dead terminal ended with status {}, not one of {DEAD_TERMINAL_STATUSES:?}",
        ending.code
    );
    let saves = home.saves();
    assert!(saves.iter().any(|t| t.contains("\"g2g3\"")), "{saves:?}");
}

/// Resumes the save `text` with no terminal, which must be refused with
/// status 2 in one line, leaving the file untouched; the line.
fn resume_refused(tag: &str, text: &str) -> String {
    let home = TempHome::new(tag);
    std::fs::create_dir_all(home.games()).expect("games dir");
    let path = home.games().join("game-1.json");
    std::fs::write(&path, text).expect("write the save");
    let out = home
        .binary(false)
        .arg("--resume")
        .output()
        .expect("run catboard");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("still there"), text);
    err
}

#[test]
fn a_corrupt_save_is_reported_in_one_sentence_and_left_untouched() {
    let text = "{\"format\": 1, \"variant\": \"chess\", \"options\": [], \"start\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", \"players\": [\"human\", \"human\"], \"moves\": [\"e2e4\", \"e2e4\"]}\n";
    let err = resume_refused("corrupt", text);
    assert!(
        err.contains("game-1.json") && err.contains("move 2 'e2e4'"),
        "{err}"
    );
}

/// A Cat Chess save, with `options`, after 1. e4 e5 and the a4 Cat to b5.
fn cat_save(options: &str) -> String {
    format!(
        "{{\"format\": 1, \"variant\": \"cat\", \"options\": {options}, \"start\": \"rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", \"players\": [\"human\", \"human\", \"club\"], \"moves\": [\"e2e4\", \"e7e5\", \"a4b5\"]}}\n"
    )
}

#[test]
fn a_cat_chess_save_resumes_with_its_moves_and_players() {
    let home = TempHome::new("cat-resume");
    std::fs::create_dir_all(home.games()).expect("games dir");
    std::fs::write(home.games().join("game-1.json"), cat_save("[]")).expect("write the save");
    let mut s = Session::start(command(&home.0, &["--resume"]));
    s.wait_for(&[
        "Cat Chess",
        "White to move",
        "Cats   computer (club)",
        "Hundred-turn count: 1 of 100",
    ]);
    s.wait_until("the Cat's move in the list", |screen| {
        screen
            .lines()
            .any(|l| l.contains("1.  e4") && l.contains("e5") && l.contains("Ca4-b5"))
    });
    s.keys(":d4\r");
    s.wait_for(&["Black to move"]);
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    let saves = home.saves();
    assert!(
        saves
            .iter()
            .any(|t| t.contains("\"a4b5\"") && t.contains("\"d2d4\"") && t.contains("\"club\"")),
        "{saves:?}"
    );
}

#[test]
fn a_cat_chess_save_with_an_option_cat_chess_lacks_is_refused_in_one_sentence() {
    let err = resume_refused("cat-resume-option", &cat_save("[\"fifty_moves=off\"]"));
    assert!(
        err.contains("game-1.json") && err.contains("fifty_moves"),
        "{err}"
    );
    assert!(err.trim_end().ends_with('.'), "{err}");
}

#[test]
fn a_malformed_theme_names_file_line_and_key_and_falls_back_to_classic() {
    let home = TempHome::new("theme");
    let theme = home.0.join("bad.toml");
    std::fs::write(&theme, "name = \"bad\"\n[board]\nlight = \"#12345\"\n").expect("write theme");
    let mut args = PLAY.to_vec();
    let theme_arg = theme.display().to_string();
    args.extend(["--theme", theme_arg.as_str()]);
    let mut s = Session::start(command(&home.0, &args));
    // The sentence wraps over the feedback rows: its words, whichever row.
    s.wait_for(&["bad.toml, line 3, key", "'board.light'", "White to move"]);
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
}

/// Whether some cell of the screen has `colour` as its background.
fn shows_background(s: &Session, colour: vt100::Color) -> bool {
    s.screen.lock().is_ok_and(|p| {
        let screen = p.screen();
        (0..ROWS).any(|row| {
            (0..COLS).any(|col| screen.cell(row, col).is_some_and(|c| c.bgcolor() == colour))
        })
    })
}

#[test]
fn a_theme_is_found_by_name_in_the_config_themes_folder() {
    let home = TempHome::new("theme-by-name");
    let themes = home.0.join("config").join("catboard").join("themes");
    std::fs::create_dir_all(&themes).expect("themes dir");
    std::fs::write(
        themes.join("mine.toml"),
        "name = \"mine\"\n[board]\nlight = \"#010203\"\ndark = \"#040506\"\n",
    )
    .expect("write theme");
    let light = vt100::Color::Rgb(1, 2, 3);
    let dark = vt100::Color::Rgb(4, 5, 6);
    let mut args = PLAY.to_vec();
    args.extend(["--theme", "mine", "--color", "truecolor"]);
    let mut s = Session::start(command(&home.0, &args));
    s.wait_for(&["White to move"]);
    s.wait_until("the theme's board colours", |_| {
        shows_background(&s, light) && shows_background(&s, dark)
    });
    assert!(!s.contents().contains("classic theme"), "{}", s.contents());
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    // A name with no file there falls back to classic, saying so.
    let mut args = PLAY.to_vec();
    args.extend(["--theme", "yours", "--color", "truecolor"]);
    let mut s = Session::start(command(&home.0, &args));
    s.wait_for(&["White to move", "yours"]);
    assert!(!shows_background(&s, light), "{}", s.contents());
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
}

#[test]
fn the_computer_replies_to_your_move_and_undo_takes_both_back() {
    let home = TempHome::new("computer");
    let args = ["play", "--white", "human", "--black", "casual"];
    let mut s = Session::start(command(&home.0, &args));
    s.wait_for(&["White to move", "casual", "No moves yet."]);
    s.keys(":e4\r");
    // Black's reply appears by itself: the pointer moves to Black's column.
    let screen = s.wait_until("Black's reply", |screen| {
        screen
            .lines()
            .any(|l| l.contains("1.  e4") && l.contains('▸') && !l.contains("▸e4"))
    });
    assert!(screen.contains("White to move"), "{screen}");
    // u takes back the reply and the move.
    s.keys("u");
    s.wait_for(&["White to move", "e4"]);
    s.wait_until("both moves taken back", |screen| {
        !screen.contains("▸") && screen.contains("1.  e4")
    });
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    let saves = home.saves();
    assert!(
        saves.iter().any(|t| t.contains("\"casual\"")),
        "the players are saved: {saves:?}"
    );
}

#[test]
fn computers_play_each_other_and_a_key_pauses_them() {
    let home = TempHome::new("watch");
    let args = ["play", "--white", "casual", "--black", "casual"];
    let mut s = Session::start(command(&home.0, &args));
    s.wait_for(&["2. "]);
    s.keys("s");
    s.wait_for(&["Computer paused (s resumes)"]);
    let paused = s.contents();
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(s.contents(), paused, "no move while paused");
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
}

#[test]
fn a_cat_chess_game_shows_the_cats_and_they_pass_by_key() {
    let home = TempHome::new("cats");
    let args = ["play", "--variant", "cat"];
    let mut s = Session::start(command(&home.0, &args));
    s.wait_for(&[
        "Cat Chess",
        "Cats   human",
        "Hundred-turn count: 0 of 100",
        "ω",
    ]);
    s.keys(":e4\r");
    s.wait_for(&["Black to move"]);
    s.keys(":e5\r");
    s.wait_for(&["Cats to move", "p pass"]);
    s.keys("p");
    s.wait_for(&["Cats pass", "White to move"]);
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    let saves = home.saves();
    assert!(
        saves.iter().any(|t| t.contains("\"pass\"")),
        "the pass is saved: {saves:?}"
    );
}

#[test]
fn computer_cats_take_their_turn_after_the_two_armies() {
    let home = TempHome::new("catai");
    let args = ["play", "--variant", "cat", "--cats", "club"];
    let mut s = Session::start(command(&home.0, &args));
    s.wait_for(&["Cat Chess", "White to move"]);
    s.keys(":e4\r");
    s.wait_for(&["Black to move"]);
    s.keys(":e5\r");
    // The Cats' computer moves a Cat or passes on its own, and the turn
    // comes back round to White.
    s.wait_until("the Cats' reply in the move list", |screen| {
        screen.contains("White to move")
            && screen
                .lines()
                .any(|line| line.contains("1.  e4") && line.contains("e5") && cats_move_in(line))
    });
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
    let saves = home.saves();
    assert!(
        saves.iter().any(|t| t.matches('"').count() >= 8),
        "three moves are saved: {saves:?}"
    );
}

/// Whether a move-list line holds a Cats' move (`Ca4-b5`) or pass.
fn cats_move_in(line: &str) -> bool {
    line.contains("Cats pass")
        || line.split_whitespace().any(|word| {
            let b = word.trim_start_matches('▸').as_bytes();
            b.len() == 6 && b[0] == b'C' && b[3] == b'-'
        })
}

#[test]
fn a_burst_of_keys_larger_than_one_read_is_read_whole() {
    let home = TempHome::new("burst");
    let mut s = Session::start(command(&home.0, PLAY));
    s.wait_for(&["White to move"]);
    // An odd number of board turns, in one write of 1,501 bytes: the board
    // ends turned round, with rank 1 at the top.
    s.keys(&"f".repeat(1501));
    s.wait_until("the board turned round", |screen| {
        support::pty::top_rank_label(screen) == Some("1")
    });
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
}

/// Keystroke to redraw while a Master computer thinks, by hand:
/// `cargo test --release --test e2e measure_keys_while -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_keys_while_the_computer_thinks() {
    let home = TempHome::new("latency");
    let args = [
        "play",
        "--white",
        "master",
        "--black",
        "human",
        "--think-ms",
        "20000",
    ];
    let mut s = Session::start(command(&home.0, &args));
    s.wait_for(&["White thinks", "Depth 1"]);
    let mut times = Vec::new();
    // Where the cursor's bracket is on the board (left of the panel).
    let cursor = |screen: &str| {
        screen.lines().enumerate().find_map(|(row, line)| {
            let board: String = line.chars().take(28).collect();
            board.find('[').map(|col| (row, col))
        })
    };
    for i in 0..40 {
        let before = cursor(&s.contents());
        let key = if i % 2 == 0 { "l" } else { "h" };
        let sent = Instant::now();
        s.keys(key);
        loop {
            let now = s.contents();
            if cursor(&now) != before {
                assert!(now.contains("thinks"), "still thinking:\n{now}");
                break;
            }
            assert!(sent.elapsed() < PATIENCE, "no redraw");
            std::thread::sleep(Duration::from_micros(200));
        }
        times.push(sent.elapsed());
        std::thread::sleep(Duration::from_millis(20));
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "keystroke to redraw during a Master think: median {:.2} ms, 90th percentile {:.2} ms, worst {:.2} ms ({} keys)",
        ms(times[times.len() / 2]),
        ms(times[times.len() * 9 / 10]),
        ms(times[times.len() - 1]),
        times.len()
    );
    s.keys("q");
    assert_eq!(s.wait_exit(), 0);
}

/// Startup to first frame, by hand:
/// `cargo test --release --test e2e measure_startup -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_startup_to_first_frame() {
    let home = TempHome::new("startup");
    let mut times = Vec::new();
    for _ in 0..10 {
        let mut s = Session::start(command(&home.0, PLAY));
        times.push(s.wait_for(&["a    b    c    d    e    f    g    h", "No moves yet."]));
        s.keys("q");
        s.wait_exit();
    }
    times.sort();
    println!(
        "startup to first frame: median {:.1} ms, best {:.1} ms, worst {:.1} ms (10 runs)",
        times[5].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[9].as_secs_f64() * 1e3
    );
}
