//! `catboard-match`: a short match between two copies of catboard's own
//! engine (and, when it is installed, one game against Fairy-Max).

use crate::support::process::{catboard_match, python_chess, xboard_engine};
use crate::support::scratch::Scratch;
use catboard::notation::pgn;

#[test]
fn two_games_with_colours_reversed_and_a_scored_summary() {
    let engine = xboard_engine();
    let (status, out, err) = catboard_match(&[
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--games",
        "2",
        "--st",
        "1",
        "--depth",
        "1",
        "--max-moves",
        "15",
    ]);
    assert!(status.success(), "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games[0].contains("(white)"));
    let last = out.lines().last().expect("a summary");
    assert!(last.contains("2 games: +"), "{last}");
    assert!(last.contains("score "), "{last}");
    assert!(last.contains("± "), "{last}");
}

#[test]
fn a_missing_engine_is_reported_in_one_sentence() {
    let (status, _, err) = catboard_match(&[
        "--engine1",
        "/nonexistent/engine",
        "--engine2",
        "/nonexistent/engine",
        "--games",
        "1",
    ]);
    assert!(!status.success());
    assert!(err.starts_with("catboard-match: "), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn a_bad_openings_file_is_reported() {
    let dir = std::env::temp_dir().join(format!("catboard-openings-{}", std::process::id()));
    std::fs::write(&dir, "e2e4 e7e5 e1e3\n").expect("write a temporary file");
    let engine = xboard_engine();
    let path = dir.to_string_lossy().into_owned();
    let (status, _, err) = catboard_match(&[
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--openings",
        &path,
    ]);
    let _ = std::fs::remove_file(&dir);
    assert!(!status.success());
    assert!(err.contains("opening 1"), "{err}");
}

#[test]
fn one_game_against_fairy_max_when_installed() {
    let fairymax = ["/usr/games/fairymax", "/usr/bin/fairymax"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(fairymax) = fairymax else {
        eprintln!("skipped: fairymax is not installed (apt-get install fairymax)");
        return;
    };
    let engine = xboard_engine();
    let (status, out, err) = catboard_match(&[
        "--engine1",
        &engine,
        "--engine2",
        fairymax,
        "--games",
        "1",
        "--st",
        "1",
        "--depth",
        "2",
        "--max-moves",
        "10",
    ]);
    assert!(status.success(), "{err}");
    assert!(out.contains("Fairy-Max"), "{out}");
    assert!(
        out.lines().last().is_some_and(|l| l.contains("1 games: +")),
        "{out}"
    );
}

/// Plays one game of `catboard-match` between two copies of catboard
/// with `extra` arguments and `--pgn`, and returns the PGN written.
fn match_pgn(tag: &str, extra: &[&str]) -> String {
    let folder = Scratch::new(tag);
    let pgn = folder.0.join("games.pgn");
    let engine = xboard_engine();
    let path = pgn.to_string_lossy().into_owned();
    let mut args = vec![
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--games",
        "1",
        "--st",
        "1",
        "--depth",
        "1",
        "--pgn",
        &path,
    ];
    args.extend_from_slice(extra);
    let (status, out, err) = catboard_match(&args);
    assert!(status.success(), "{err}\n{out}");
    std::fs::read_to_string(&pgn).expect("catboard-match wrote the PGN")
}

#[test]
fn a_game_stopped_at_the_move_limit_is_written_as_an_adjudicated_draw() {
    let text = match_pgn("match-limit", &["--max-moves", "3"]);
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    assert!(
        text.contains("{Draw by the 3-move limit} 1/2-1/2"),
        "{text}"
    );
    // catboard reads it back as the draw it was, not as a game going on.
    let read = pgn::read_game(&text, 1).expect("catboard reads its own PGN");
    assert_eq!(read.result, "1/2-1/2");
    assert_eq!(read.pgn.moves.len(), 6);
    assert_eq!(read.tag("Termination"), Some("adjudication"));
}

/// An opening after which Black has lost its queen for nothing: the match
/// runner adjudicates it on material within eight plies.
const QUEEN_DOWN: &str = "e2e4 e7e5 d1h5 d8h4 h5h4\n";

#[test]
fn a_game_adjudicated_on_material_reads_in_python_chess_as_its_result() {
    let folder = Scratch::new("match-openings");
    let openings = folder.0.join("openings.txt");
    std::fs::write(&openings, QUEEN_DOWN).expect("write the openings");
    let openings = openings.to_string_lossy().into_owned();
    let text = match_pgn(
        "match-material",
        &[
            "--openings",
            &openings,
            "--material",
            "5",
            "--max-moves",
            "60",
        ],
    );
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    assert!(text.contains("{Adjudicated on material} 1-0"), "{text}");
    let Some(out) = python_chess(
        "import chess.pgn, sys\n\
         g = chess.pgn.read_game(sys.stdin)\n\
         print(g.headers['Result'], g.headers['Termination'], g.end().comment, \
               len(g.errors), sep='|')\n",
        &text,
    ) else {
        return;
    };
    assert_eq!(out.trim(), "1-0|adjudication|Adjudicated on material|0");
}

/// catboard as a UCI engine on both sides of `catboard-match` (UCI
/// against UCI, through catboard's own engine client): two games with
/// colours reversed, every move legal (the runner ends a game at an
/// illegal one and says so), each written with its result.
#[test]
fn two_games_uci_against_uci_are_played_and_written_with_their_results() {
    let folder = Scratch::new("match-uci");
    let pgn = folder.0.join("games.pgn");
    let path = pgn.to_string_lossy().into_owned();
    let engine = format!("uci:{}", crate::support::process::BIN) + " uci";
    let (status, out, err) = catboard_match(&[
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--games",
        "2",
        "--st",
        "1",
        "--depth",
        "2",
        "--max-moves",
        "20",
        "--pgn",
        &path,
    ]);
    assert!(status.success(), "{err}\n{out}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(
        !out.contains("illegal") && !out.contains("forfeit"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).expect("catboard-match wrote the PGN");
    for n in 1..=2 {
        let read = pgn::read_game(&text, n).expect("catboard reads the PGN back");
        assert_ne!(read.result, "*", "game {n}: {text}");
        assert!(read.pgn.moves.len() >= 2, "game {n}: {text}");
    }
}
