//! The one helpers module of every test crate (`tests/*/main.rs` includes
//! it with `#[path = "../support/mod.rs"] mod support;`): running the
//! binary with bounded waits ([`process`], [`process::catboard`]), the binary in a
//! pseudo-terminal ([`pty`]), a scratch folder per test ([`scratch`]), BacCanCat positions from piece lists
//! ([`baccancat`]), property-test settings, a deadline for work that would
//! hang if stopping broke, and a small replayable random generator. The
//! brute-force Cat Chess generator ([`cat_brute`]) is an oracle kept here
//! since before the crates were formed.

#![allow(
    dead_code,
    reason = "each test crate uses only part of these helpers; the rest is dead code in that crate only"
)]

pub mod baccancat;
pub mod cat_brute;
pub mod engines;
pub mod process;
pub mod pty;
pub mod scratch;

use catboard::ai::{Limits, Thought, think};
use catboard::core::{Game, Options};
use catboard::variants::{AnyGame, Variant};
use proptest::sample::Index;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// How many cases a property test tries: `PROPTEST_CASES` when set (for a
/// longer run), else `default`, kept small so `cargo test` stays fast.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// A property test's settings: [`cases`] cases; the same cases every run
/// unless `PROPTEST_RNG_SEED` picks another sequence; and no files of
/// failing cases written beside the tests (a failure prints its minimal
/// input).
pub fn proptest_config(default_cases: u32) -> proptest::test_runner::Config {
    let defaults = proptest::test_runner::Config::default();
    let rng_seed = match std::env::var("PROPTEST_RNG_SEED") {
        Ok(_) => defaults.rng_seed,
        Err(_) => proptest::test_runner::RngSeed::Fixed(0xCA7B0A4D),
    };
    proptest::test_runner::Config {
        cases: cases(default_cases),
        failure_persistence: None,
        rng_seed,
        ..defaults
    }
}

/// Fails unless `message` is one sentence as the library's
/// [`catboard::text::sentence_fault`] has it: one non-empty line of at
/// most `LONGEST_SENTENCE` characters, no control character, ending in a
/// full stop.
pub fn assert_one_sentence(message: &str, input: &str) {
    if let Some(why) = catboard::text::sentence_fault(message) {
        let input: String = input.chars().take(200).collect();
        panic!("not one sentence ({why}): {message:?} (for input {input:?})");
    }
}

/// Texts a hostile user types or leaves on disk: terminal escapes (clear
/// the screen, set the title), NUL, line breaks, tabs, a bidirectional
/// override, and 5,000 characters of one or another kind.
pub fn hostile_texts() -> Vec<String> {
    let mut out: Vec<String> = [
        "e2\u{1b}[2J",
        "\u{1b}]0;owned\u{7}",
        "\u{0}",
        "a\nb",
        "line\r\nbreak",
        "\ttab",
        "\u{9b}31m",
        "\u{202e}4e2e",
        "\u{7f}",
        "é♞\u{200b}",
        "",
        " ",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    out.push("x".repeat(5_000));
    out.push("9".repeat(5_000));
    out.push("\u{1b}".repeat(5_000));
    out.push("é".repeat(5_000));
    out
}
use std::time::Duration;

/// Runs `work` on its own thread and returns its result, failing the test
/// (instead of hanging it) when `work` takes longer than `limit`.
pub fn within<T: Send + 'static>(
    limit: Duration,
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    match rx.recv_timeout(limit) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what} did not finish within {limit:?}")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}

/// The CPU time a process has used so far, in clock ticks (Linux
/// `/proc/PID/stat`, fields 14 and 15); `None` once it is gone or where
/// there is no `/proc`.
pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name, in brackets, may hold spaces: count from after it.
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let fields: Vec<&str> = rest.split(' ').collect();
    let user: u64 = fields.get(11)?.parse().ok()?;
    let system: u64 = fields.get(12)?.parse().ok()?;
    Some(user + system)
}

/// Sends each line to an XBoard session (in memory) and returns everything
/// it wrote.
pub fn xboard_talk(session: &mut catboard::protocol::xboard::Session, lines: &[&str]) -> String {
    let interrupts = catboard::protocol::xboard::Interrupts::default();
    let mut out = Vec::new();
    for line in lines {
        session
            .handle(line, &interrupts, &mut out)
            .expect("writing to memory works");
    }
    String::from_utf8(out).expect("UTF-8 output")
}

/// A small deterministic generator (xorshift64), so a failure can be replayed.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The legal moves of `game` in its coordinate notation, sorted.
pub fn legal_texts<G: Game>(game: &G) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_move_list()
        .iter()
        .map(|m| game.move_text(*m))
        .collect();
    out.sort();
    out
}

/// The game of `variant` after the moves `picks` choose from its start
/// (fewer once the game is over).
pub fn play_picks(variant: Variant, picks: &[Index]) -> AnyGame {
    let mut game = variant.new_game(&Options::new());
    for pick in picks {
        let moves = game.legal_move_list();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.make_move(moves[pick.index(moves.len())]);
    }
    game
}

/// `text` after `edits`, each at a position `Index` picks: kind 0 replaces
/// a character, 1 inserts one, 2 removes one, 3 repeats the next twelve.
pub fn edit_text(text: &str, edits: &[(Index, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(ref at, kind, ch) in edits {
        let i = at.index(chars.len() + 1);
        match kind {
            0 if i < chars.len() => chars[i] = ch,
            1 => chars.insert(i, ch),
            2 if i < chars.len() => {
                chars.remove(i);
            }
            3 => {
                let piece: Vec<char> = chars[i..].iter().take(12).copied().collect();
                chars.splice(i..i, piece);
            }
            _ => chars.insert(i, ch),
        }
    }
    chars.into_iter().collect()
}

/// Searches `game` to `depth` (far deeper than could finish) while another
/// thread raises the stop flag after `delay`; the search must end within
/// twenty seconds or the test fails instead of hanging.
pub fn think_stopped_after<G: Game + catboard::ai::Evaluate>(
    game: &G,
    depth: u32,
    delay: Duration,
) -> Thought {
    let stop = Arc::new(AtomicBool::new(false));
    let raiser = stop.clone();
    std::thread::spawn(move || {
        std::thread::sleep(delay);
        raiser.store(true, Ordering::SeqCst);
    });
    let game = game.clone();
    within(
        Duration::from_secs(20),
        &format!("a stopped depth-{depth} search"),
        move || think(&game, &Limits::depth(depth), &stop, |_| {}),
    )
}
