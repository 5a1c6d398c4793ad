//! PGN of chess as other programs write and read it: catboard's own
//! tags and movetext, the files lichess, chess.com and an annotating
//! database write (tests/data/pgn, with clocks, evaluations, comments,
//! nested variations and NAGs), and python-chess both ways: what catboard
//! writes reads back there with the same moves and clocks, and what
//! python-chess writes reads here (skipped with a message where python3
//! or its `chess` package is not installed).

use crate::support::XorShift;
use crate::support::process::python_chess;
use catboard::clock::{pgn_clock, read_pgn_clock};
use catboard::core::{Departure, Game, Move, Options, Retire, Seat};
use catboard::notation::pgn::{self, PgnGame, PgnTags};
use catboard::variants::Variant;
use catboard::variants::chess::Chess;
use std::time::Duration;

fn moves_of(g: &Chess, list: &[&str]) -> Vec<Move> {
    let mut g = g.clone();
    list.iter()
        .map(|m| {
            let mv = g.parse_move(m).expect("legal");
            g.make_move(mv);
            mv
        })
        .collect()
}

fn chess_game(start: &str, moves: Vec<Move>) -> PgnGame {
    let mut game = PgnGame::new(Variant::Chess, Options::new());
    game.start = start.to_string();
    game.moves = moves;
    game
}

#[test]
fn pgn_of_a_finished_game() {
    let start = Chess::new(&Options::new());
    let moves = moves_of(&start, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let pgn = pgn::write(&chess_game(&start.position_text(), moves)).expect("writes");
    assert!(pgn.starts_with("[Event \"catboard game\"]\n[Site \"catboard\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n"), "{pgn}");
    assert!(pgn.contains("[Termination \"checkmate\"]"), "{pgn}");
    for absent in ["[FEN", "[SetUp", "[Variant", "[TimeControl", "[Winner"] {
        assert!(!pgn.contains(absent), "{absent} in {pgn}");
    }
    assert!(
        pgn.ends_with("\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"),
        "{pgn}"
    );
}

#[test]
fn pgn_from_a_set_position_with_black_to_move() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40";
    let start = Chess::from_fen(fen, &Options::new()).expect("valid");
    let moves = moves_of(&start, &["Kd7", "e4"]);
    let mut game = chess_game(fen, moves);
    game.clocks = vec![Some(Duration::from_secs(61)), None];
    let pgn = pgn::write(&game).expect("writes");
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"));
    assert!(pgn.contains("40... Kd7 {[%clk 0:01:01]} 41. e4 *"), "{pgn}");
}

#[test]
fn a_move_that_is_not_legal_is_refused_in_a_sentence() {
    let start = Chess::new(&Options::new());
    let mut moves = moves_of(&start, &["e4", "e5"]);
    moves.push(moves[0]);
    let why = pgn::write(&chess_game(&start.position_text(), moves)).expect_err("illegal");
    assert_eq!(
        why.to_string(),
        "Ply 3 of the game, 'e2e4', is not a legal move there."
    );
}

#[test]
fn a_result_tag_the_token_contradicts_is_named_in_a_warning_and_the_token_taken() {
    let read = |result_tag: &str, token: &str| {
        let text = format!("[Event \"x\"]\n[Result \"{result_tag}\"]\n\n1. e4 e5 {token}\n");
        pgn::read_game(&text, 1).expect("reads")
    };
    let contradicted = read("1-0", "0-1");
    assert_eq!(contradicted.result, "0-1");
    assert_eq!(
        contradicted.warnings,
        ["Game 1: its Result tag says 1-0 but its moves end with 0-1; 0-1 is taken."]
    );
    let agreed = read("1/2-1/2", "1/2-1/2");
    assert!(agreed.warnings.is_empty(), "{:?}", agreed.warnings);
    assert_eq!(agreed.result, "1/2-1/2");
}

/// The games of a file of tests/data/pgn, each read.
fn sample(name: &str) -> Vec<pgn::ReadGame> {
    let path = format!("{}/tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = pgn::read_file(std::path::Path::new(&path)).expect("readable");
    pgn::read_games(&text)
        .map(|g| g.unwrap_or_else(|why| panic!("{name}: {why}")))
        .collect()
}

/// What python-chess made of each game of tests/data/pgn (its moves
/// counted and its last position's FEN), written here once.
#[test]
fn lichess_chess_com_and_annotated_files_read_with_their_moves_and_clocks() {
    let expected = [
        (
            "lichess.pgn",
            vec![
                (
                    37,
                    "6k1/1pp2pp1/p1n1rn1p/4p3/P7/2PR1NNP/1P3PP1/R5K1 b - - 0 19",
                ),
                (
                    17,
                    "r1bq1b1r/pp4pp/2pk4/3Np3/2BP4/P4Q2/1P3PPP/n1BK3R w - - 0 13",
                ),
            ],
        ),
        (
            "chesscom.pgn",
            vec![(
                28,
                "2kr1b1r/ppqn1p1p/4ppb1/1B1p4/8/5N2/PPPBQPPP/R3R1K1 w - - 2 15",
            )],
        ),
        (
            "annotated.pgn",
            vec![
                (33, "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"),
                (
                    14,
                    "rnbq1rk1/p1p1bpp1/1p2pn1p/3p4/2PP3B/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
                ),
            ],
        ),
    ];
    for (name, games) in expected {
        let read = sample(name);
        assert_eq!(read.len(), games.len(), "{name}");
        for (game, (plies, fen)) in read.iter().zip(games) {
            assert_eq!(game.pgn.variant, Variant::Chess, "{name}");
            assert_eq!(game.pgn.moves.len(), plies, "{name} game {}", game.number);
            assert_eq!(
                game.position.position_text(),
                fen,
                "{name} game {}",
                game.number
            );
        }
    }
    let lichess = sample("lichess.pgn");
    let blitz = &lichess[0];
    assert_eq!(blitz.pgn.tags.players, vec!["tal_fan_1936", "Knightmare42"]);
    assert_eq!(blitz.pgn.time_control.map(|c| c.text()), Some("3+2".into()));
    assert_eq!(blitz.pgn.clocks[0], Some(Duration::from_secs(181)));
    assert_eq!(blitz.pgn.clocks[36], Some(Duration::from_secs(137)));
    assert!(blitz.pgn.clocks.iter().all(Option::is_some));
    assert!(
        blitz
            .pgn
            .tags
            .extra
            .contains(&("WhiteElo".into(), "1843".into())),
        "other tags are kept"
    );
    assert_eq!(blitz.result, "1-0");
    assert_eq!(
        blitz.implied_retirement(),
        Some(Retire::Leave(Seat(1), Departure::Resigned)),
        "lichess's 1-0 with Black to move and no mate: Black resigned"
    );
    assert_eq!(lichess[1].result, "*");
    assert_eq!(lichess[1].implied_retirement(), None);
    let chesscom = &sample("chesscom.pgn")[0];
    assert_eq!(chesscom.pgn.clocks[26], Some(Duration::from_millis(5_900)));
    assert_eq!(
        chesscom.implied_retirement(),
        Some(Retire::Leave(Seat(0), Departure::Flagged)),
        "\"won on time\" with White to move: White's flag fell"
    );
    let opera = &sample("annotated.pgn")[0];
    assert_eq!(opera.pgn.tags.players[0], "Morphy, Paul");
    assert!(opera.pgn.tags.extra.contains(&(
        "Source".into(),
        "A \"famous\" game \\ from the Théâtre-Italien".into()
    )));
    assert!(opera.position.outcome().is_some(), "Rd8# is mate");
    assert_eq!(opera.implied_retirement(), None, "the game is over already");
}

/// Each game as a line: its moves in UCI, `|`, each ply's clock in
/// tenths of seconds (`-` for none).
fn summary(moves: &[String], clocks: &[Option<Duration>]) -> String {
    let clocks: Vec<String> = clocks
        .iter()
        .map(|c| c.map_or("-".to_string(), |d| (d.as_millis() / 100).to_string()))
        .collect();
    format!("{}|{}", moves.join(" "), clocks.join(" "))
}

/// A python script printing [`summary`] for each game of the PGN on its
/// standard input, as python-chess reads it.
const READ_IN_PYTHON: &str = r#"
import chess.pgn, io, sys
text = sys.stdin.read()
stream = io.StringIO(text)
while True:
    game = chess.pgn.read_game(stream)
    if game is None:
        break
    if game.errors:
        print("ERRORS", game.errors)
    moves, clocks = [], []
    for node in game.mainline():
        moves.append(node.move.uci())
        c = node.clock()
        clocks.append("-" if c is None else str(int(round(c * 10))))
    print(" ".join(moves) + "|" + " ".join(clocks))
"#;

#[test]
fn chess_that_catboard_writes_reads_back_in_python_chess() {
    let mut rng = XorShift(0x5EED_CA7B);
    let mut text = String::new();
    let mut expected = Vec::new();
    for game_no in 0..40 {
        // Some games start from a position reached by play.
        let mut game = Variant::Chess.new_game(&Options::new());
        for _ in 0..if game_no % 3 == 0 {
            1 + rng.below(30)
        } else {
            0
        } {
            let legal = game.legal_move_list();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            game.make_move(legal[rng.below(legal.len())]);
        }
        let mut pgn_game = PgnGame::new(Variant::Chess, Options::new());
        pgn_game.start = game.position_text();
        let mut game = Variant::Chess
            .from_position(&pgn_game.start, &Options::new())
            .expect("reads");
        let (mut moves, mut clocks, mut uci) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rng.below(120) {
            let legal = game.legal_move_list();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            uci.push(game.move_text(mv));
            moves.push(mv);
            let clock = (game_no % 2 == 0).then(|| Duration::from_millis(rng.next() % 900_000));
            // A reading keeps what %clk can say: seconds, and tenths below ten.
            clocks.push(clock.and_then(|c| read_pgn_clock(&pgn_clock(c))));
            game.make_move(mv);
        }
        if game.outcome().is_none() && game_no % 4 == 1 {
            moves.push(Retire::Leave(game.to_move(), Departure::Resigned).to_move());
        }
        pgn_game.moves = moves;
        pgn_game.clocks = clocks.clone();
        pgn_game.tags = PgnTags {
            players: vec![format!("White \"{game_no}\""), "Black\\".into()],
            ..PgnTags::default()
        };
        text.push_str(&pgn::write(&pgn_game).expect("writes"));
        text.push('\n');
        expected.push(summary(&uci, &clocks));
    }
    let Some(out) = python_chess(READ_IN_PYTHON, &text) else {
        return;
    };
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), expected.len(), "{out}");
    for (i, (got, want)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(*got, want, "game {}", i + 1);
    }
    // And catboard reads its own file back the same way.
    for (read, want) in pgn::read_games(&text).zip(&expected) {
        let read = read.expect("reads");
        let uci: Vec<String> = {
            let mut g = read.start.clone();
            read.pgn
                .moves
                .iter()
                .filter(|m| Retire::of(**m).is_none())
                .map(|&m| {
                    let t = g.move_text(m);
                    g.make_move(m);
                    t
                })
                .collect()
        };
        let clocks: Vec<Option<Duration>> = read
            .pgn
            .moves
            .iter()
            .zip(&read.pgn.clocks)
            .filter(|(m, _)| Retire::of(**m).is_none())
            .map(|(_, c)| *c)
            .collect();
        assert_eq!(&summary(&uci, &clocks), want, "game {}", read.number);
    }
}

/// A python script that plays random games with python-chess (some from
/// a set-up position, with clocks, comments, NAGs and variations),
/// prints their PGN, a line `=====`, then [`summary`] of each game's
/// main line.
const WRITE_IN_PYTHON: &str = r#"
import chess, chess.pgn, random
random.seed(20240601)
pgns, summaries = [], []
for n in range(30):
    board = chess.Board()
    if n % 4 == 3:
        for _ in range(random.randrange(1, 20)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(random.choice(moves))
        board = chess.Board(board.fen())
    game = chess.pgn.Game()
    game.headers["Event"] = "python-chess game %d" % n
    game.headers["White"] = "Py \"thon\""
    if board.fen() != chess.STARTING_FEN:
        game.setup(board)
    node = game
    moves, clocks = [], []
    for ply in range(random.randrange(0, 160)):
        legal = list(node.board().legal_moves)
        if not legal or node.board().is_game_over():
            break
        move = random.choice(legal)
        if len(legal) > 1 and random.random() < 0.15:
            other = random.choice([m for m in legal if m != move])
            side = node.add_variation(other)
            side.nags.add(random.choice([1, 2, 5, 6]))
            follow = list(side.board().legal_moves)
            if follow:
                side.add_variation(random.choice(follow)).comment = "a side line (with) {braces"
        node = node.add_main_variation(move)
        moves.append(move.uci())
        if n % 2 == 0:
            seconds = random.randrange(0, 6000) / 10
            node.set_clock(seconds)
            clocks.append(str(int(round(seconds * 10))))
        else:
            clocks.append("-")
        if random.random() < 0.1:
            node.nags.add(random.choice([1, 3, 4]))
        if random.random() < 0.1:
            node.comment = (node.comment + " a comment; with } none").strip()
    game.headers["Result"] = node.board().result(claim_draw=False) if node.board().is_game_over() else random.choice(["*", "1-0", "1/2-1/2"])
    pgns.append(str(game))
    summaries.append(" ".join(moves) + "|" + " ".join(clocks))
print("\n\n".join(pgns))
print("=====")
print("\n".join(summaries))
"#;

#[test]
fn chess_that_python_chess_writes_reads_in_catboard() {
    let Some(out) = python_chess(WRITE_IN_PYTHON, "") else {
        return;
    };
    let (text, summaries) = out.split_once("=====\n").expect("two parts");
    let expected: Vec<&str> = summaries.lines().collect();
    let read: Vec<pgn::ReadGame> = pgn::read_games(text)
        .map(|g| g.unwrap_or_else(|why| panic!("{why}")))
        .collect();
    assert_eq!(read.len(), expected.len());
    for (game, want) in read.iter().zip(expected) {
        let mut g = game.start.clone();
        let uci: Vec<String> = game
            .pgn
            .moves
            .iter()
            .map(|&m| {
                let t = g.move_text(m);
                g.make_move(m);
                t
            })
            .collect();
        assert_eq!(
            summary(&uci, &game.pgn.clocks),
            want,
            "game {}",
            game.number
        );
    }
}

/// A game analysed by catboard's own search and written with the
/// analysis: python-chess reads every `[%eval …]` and the blunder's NAG.
#[test]
fn python_chess_reads_an_analysed_games_evals_and_nags() {
    use catboard::analysis::annotate::pgn_notes;
    use catboard::analysis::{PlyBudget, pass};
    let start = Variant::Chess.new_game(&Options::new());
    let mut game = start.clone();
    let mut moves = Vec::new();
    for text in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] {
        let mv = game.parse_move(text).expect("a move");
        game.make_move(mv);
        moves.push(mv);
    }
    let analysis = pass::with_own_search(&start, &moves, PlyBudget::Nodes(20_000))
        .expect("catboard's search does not fail");
    let mut written = PgnGame::new(Variant::Chess, Options::new());
    written.moves = moves;
    written.notes = pgn_notes(&analysis, &start, &written.moves);
    let text = pgn::write(&written).expect("PGN");
    let script = "import chess.pgn, sys\n\
g = chess.pgn.read_game(sys.stdin)\n\
for n in g.mainline():\n    e = n.eval()\n    print(n.san(), '' if e is None else e.white(), ','.join(str(x) for x in sorted(n.nags)))\n";
    let Some(out) = python_chess(script, &text) else {
        return;
    };
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[5], "Nf6 #+1 4", "{out}");
    assert!(lines[6].starts_with("Qxf7# "), "{out}");
    for line in &lines[..5] {
        let eval = line.split(' ').nth(1).unwrap_or("");
        assert!(eval.parse::<i32>().is_ok(), "a centipawn eval in {line:?}");
    }
}
