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
