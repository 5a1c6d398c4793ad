//! `catboard uci` and `catboard xboard` driven by python-chess's own UCI
//! and XBoard clients, when python-chess is installed (each test says it
//! is skipped when `import chess.engine` fails): a game played through
//! each, UCI analysis with MultiPV, `go infinite` stopped, pondering, and
//! XBoard's analyze mode.

use crate::support::process::BIN;
use std::process::Command;

/// Runs `script` with python3, `CATBOARD` set to the binary; `None` (after
/// saying so) when python-chess cannot be imported.
fn python(script: &str) -> Option<String> {
    let probe = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: python-chess is not installed (pip install chess)");
        return None;
    }
    let done = Command::new("python3")
        .args(["-c", script])
        .env("CATBOARD", BIN)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&done.stdout).into_owned();
    assert!(
        done.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&done.stderr)
    );
    Some(stdout)
}

#[test]
fn python_chess_plays_analyses_and_ponders_through_uci() {
    let script = r#"
import os, chess, chess.engine
engine = chess.engine.SimpleEngine.popen_uci([os.environ["CATBOARD"], "uci"], timeout=30)
assert engine.id["name"].startswith("catboard"), engine.id
assert {"Hash", "MultiPV", "UCI_Elo", "UCI_Variant", "Ponder"} <= set(engine.options)
engine.configure({"Hash": 16})
board = chess.Board()
while not board.is_game_over() and board.ply() < 30:
    limit = chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05)
    result = engine.play(board, limit, ponder=board.ply() % 4 == 0, info=chess.engine.INFO_ALL)
    assert result.move in board.legal_moves, result
    board.push(result.move)
print("plies", board.ply())
infos = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), chess.engine.Limit(depth=4), multipv=3)
assert [i["multipv"] for i in infos] == [1, 2, 3], infos
assert infos[0]["score"].white() == chess.engine.Mate(1), infos[0]
assert len({i["pv"][0] for i in infos}) == 3
with engine.analysis(chess.Board(), multipv=2) as analysis:
    for info in analysis:
        if info.get("depth", 0) >= 5 and info.get("multipv") == 2:
            break
print("analysis depth", analysis.info.get("depth"))
engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 900})
assert engine.play(chess.Board(), chess.engine.Limit(time=0.1)).move is not None
engine.quit()
"#;
    if let Some(out) = python(script) {
        assert!(out.contains("plies "), "{out}");
    }
}

#[test]
fn python_chess_plays_and_analyses_through_xboard() {
    let script = r#"
import os, chess, chess.engine
engine = chess.engine.SimpleEngine.popen_xboard([os.environ["CATBOARD"], "xboard"], timeout=30)
board = chess.Board()
for _ in range(12):
    result = engine.play(board, chess.engine.Limit(time=0.05))
    assert result.move in board.legal_moves, result
    board.push(result.move)
info = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), chess.engine.Limit(time=0.5))
assert info["pv"][0] == chess.Move.from_uci("a1a8"), info
print("analysed", info.get("depth"), info["score"])
engine.quit()
"#;
    if let Some(out) = python(script) {
        assert!(out.contains("analysed"), "{out}");
    }
}

/// `scripts/match.py` (python-chess's UCI client on both sides) runs
/// `catboard uci` against Stockfish held to `UCI_Elo 1350` on clocks, when
/// both are installed (else says it is skipped): two full games, colours
/// reversed, with no illegal move and no engine error from catboard. The
/// losses on time it counts are printed, not asserted (a loaded machine
/// may be slow); the measured figures are in docs/protocols.md.
#[test]
fn scripts_match_py_plays_catboard_uci_against_stockfish() {
    let Some(stockfish) = catboard::protocol::engine::process::find_program("stockfish") else {
        eprintln!("skipped: Stockfish is not installed (apt-get install stockfish)");
        return;
    };
    let probe = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: python-chess is not installed (pip install chess)");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/match.py");
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/openings-chess.txt");
    let done = Command::new("python3")
        .args([
            script,
            "--engine1",
            &format!("{BIN} uci"),
            "--proto1",
            "uci",
            "--name1",
            "catboard",
            "--engine2",
            &stockfish.to_string_lossy(),
            "--proto2",
            "uci",
            "--name2",
            "stockfish",
            "--option2",
            "UCI_LimitStrength=true",
            "--option2",
            "UCI_Elo=1350",
            "--games",
            "2",
            "--tc",
            "5+0.05",
            "--max-moves",
            "30",
            "--book",
            book,
        ])
        .output()
        .expect("python3 runs");
    let out = String::from_utf8_lossy(&done.stdout).into_owned();
    assert!(
        done.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&done.stderr)
    );
    println!("{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{out}"
    );
    let faults = out
        .lines()
        .find(|l| l.starts_with("catboard: "))
        .unwrap_or_else(|| panic!("no count of catboard's faults in:\n{out}"));
    assert!(
        faults.starts_with("catboard: 0 illegal moves, ") && faults.ends_with(", 0 engine errors"),
        "{out}"
    );
}
