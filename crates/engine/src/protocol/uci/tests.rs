use super::*;
use crate::protocol::engine::uci::parse_option;
use std::time::Instant;

/// Everything a session wrote, shared with the test.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Waits (at most a minute, then fails) for a line starting `prefix`.
    fn wait_for(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let lines = self.lines();
            if lines.iter().any(|l| l.starts_with(prefix)) {
                return lines;
            }
            assert!(Instant::now() < deadline, "no {prefix:?} in {lines:#?}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

fn session() -> (Session, Captured) {
    let captured = Captured::default();
    (Session::new(Output::new(captured.clone())), captured)
}

fn send(session: &mut Session, lines: &[&str]) {
    for line in lines {
        assert_eq!(session.handle(line).expect("in memory"), Flow::Continue);
    }
}

fn bestmove(lines: &[String]) -> Vec<&str> {
    let found: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(found.len(), 1, "one bestmove in {lines:#?}");
    found[0].split_whitespace().skip(1).collect()
}

#[test]
fn uci_announces_every_option_the_client_reads_and_isready_answers() {
    let (mut s, out) = session();
    send(&mut s, &["uci", "isready"]);
    let lines = out.lines();
    assert!(lines[0].starts_with("id name catboard "));
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    assert!(lines.contains(&"uciok".to_string()));
    let names: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("option"))
        .map(|l| parse_option(l).expect("readable").name)
        .collect();
    for name in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "UCI_LimitStrength",
        "UCI_Elo",
        "UCI_Variant",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
}

#[test]
fn go_depth_reports_every_field_and_a_legal_bestmove_with_its_ponder() {
    let (mut s, out) = session();
    send(&mut s, &["position startpos moves e2e4 e7e5", "go depth 4"]);
    s.wait().expect("in memory");
    let lines = out.lines();
    let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert_eq!(infos.len(), 4, "one a depth: {lines:#?}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        for key in [
            "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(words.contains(&key), "{key} in {info}");
        }
        assert_eq!(words[2], (i + 1).to_string(), "{info}");
    }
    let words = bestmove(&lines);
    let mut game = s.game().expect("a position").clone();
    let best = game.parse_move(words[0]).expect("a legal move");
    game.make_move(best);
    assert_eq!(words[1], "ponder");
    assert!(game.parse_move(words[2]).is_ok(), "the reply is legal");
}

#[test]
fn multipv_reports_that_many_distinct_lines_a_depth() {
    let (mut s, out) = session();
    send(
        &mut s,
        &[
            "setoption name MultiPV value 3",
            "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "go depth 3",
        ],
    );
    s.wait().expect("in memory");
    let lines = out.lines();
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    assert_eq!(last.len(), 3, "{lines:#?}");
    let mut firsts = Vec::new();
    for (rank, line) in last.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", rank + 1)), "{line}");
        firsts.push(
            line.split(" pv ")
                .nth(1)
                .and_then(|pv| pv.split(' ').next()),
        );
    }
    assert!(last[0].contains("score mate 1") && last[0].contains(" pv a1a8"));
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{last:#?}");
    assert_eq!(bestmove(&lines)[0], "a1a8");
}

#[test]
fn go_infinite_waits_for_stop_and_isready_is_answered_meanwhile() {
    let (mut s, out) = session();
    send(&mut s, &["position startpos", "go infinite depth 1"]);
    out.wait_for("info depth 1 ");
    send(&mut s, &["isready"]);
    let lines = out.wait_for("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:#?}"
    );
    send(&mut s, &["stop"]);
    let lines = out.lines();
    assert_eq!(
        lines.last().map(|l| &l[..8]),
        Some("bestmove"),
        "{lines:#?}"
    );
    assert!(bestmove(&lines)[0].len() >= 4);
}

#[test]
fn a_ponder_search_moves_after_ponderhit_and_stop_ends_it_too() {
    let (mut s, out) = session();
    send(
        &mut s,
        &[
            "setoption name Ponder value true",
            "position startpos moves e2e4",
            "go ponder depth 1 wtime 1000 btime 1000",
        ],
    );
    out.wait_for("info depth 1 ");
    assert!(!out.lines().iter().any(|l| l.starts_with("bestmove")));
    send(&mut s, &["ponderhit"]);
    s.wait().expect("in memory");
    bestmove(&out.lines());
    // A long ponder ended by its clock from ponderhit.
    send(&mut s, &["go ponder movetime 50"]);
    out.wait_for("info depth 1 ");
    send(&mut s, &["ponderhit"]);
    s.wait().expect("in memory");
    assert_eq!(
        out.lines()
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count(),
        2
    );
}

#[test]
fn every_variant_plays_through_uci_variant_from_its_start_and_its_text() {
    for &variant in Variant::ALL {
        let (mut s, out) = session();
        let name = crate::protocol::engine::variants::uci_name(variant);
        send(
            &mut s,
            &[
                &format!("setoption name UCI_Variant value {name}"),
                "position startpos",
                "go depth 1",
            ],
        );
        s.wait().expect("in memory");
        let words = bestmove(&out.lines()).join(" ");
        let mv = words.split(' ').next().unwrap_or("");
        let start = variant.new_game(&Options::new());
        assert!(start.parse_move(mv).is_ok(), "{variant:?}: {mv}");
        // The same from the position text, with the move played.
        let text = variant.start_position();
        send(
            &mut s,
            &[&format!("position fen {text} moves {mv}"), "go depth 1"],
        );
        s.wait().expect("in memory");
        let game = s.game().expect("a position");
        assert_eq!(game.variant(), variant);
        assert_eq!(game.moves_played().len(), 1);
        let last = out.lines().last().cloned().unwrap_or_default();
        let reply = last.split_whitespace().nth(1).unwrap_or("");
        assert!(game.parse_move(reply).is_ok(), "{variant:?}: {last}");
    }
}

#[test]
fn bad_lines_are_one_sentence_and_a_go_without_a_position_moves_nothing() {
    let (mut s, out) = session();
    send(
        &mut s,
        &[
            "position startpos moves e2e5",
            "go depth 2",
            "setoption name Hash value 0",
            "setoption name Contempt value 3",
            "setoption name UCI_Variant value nosuch",
            "go depth x",
            "frobnicate",
            "joho isready",
        ],
    );
    let lines = out.lines();
    assert_eq!(
        lines,
        [
            "info string error: at move 1 of the list: 'e2e5' is not a legal move for white in this position.",
            "info string error: no position is set; send a position line first.",
            "bestmove (none)",
            "info string error: Hash takes 1 to 1024, not '0'.",
            "info string error: there is no option 'Contempt'.",
            "info string error: UCI_Variant takes chess, catchess, chuchess, polarchess or baccancat, not 'nosuch'.",
            "info string error: go depth takes a whole number, not 'x'.",
            "bestmove (none)",
            "info string error: unknown command 'frobnicate'.",
            "readyok",
        ]
    );
}

#[test]
fn a_finished_game_answers_go_with_its_score_and_no_move() {
    let (mut s, out) = session();
    send(
        &mut s,
        &[
            "position startpos moves f2f3 e7e5 g2g4 d8h4",
            "go wtime 1000 btime 1000",
        ],
    );
    let lines = out.lines();
    assert_eq!(lines[0], "info depth 0 score mate 0");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"));
}

#[test]
fn limit_strength_plays_the_level_of_the_elo() {
    let (mut s, out) = session();
    send(
        &mut s,
        &[
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 1390",
            "position startpos",
            "go wtime 60000 btime 60000",
        ],
    );
    s.wait().expect("in memory");
    let lines = out.lines();
    let deepest = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split(' ').next()?.parse::<u32>().ok())
        .max();
    assert_eq!(deepest, Some(crate::ai::Level::Club.limits().depth));
}

#[test]
fn run_reads_lines_as_bytes_and_the_end_of_input_stops_a_search() {
    let captured = Captured::default();
    let input = io::Cursor::new(b"uci\n\xff\nposition startpos\ngo infinite\n".to_vec());
    run(input, captured.clone()).expect("in memory");
    let lines = captured.lines();
    assert!(lines.contains(&"info string error: line 2 is not UTF-8 text.".to_string()));
    assert!(!bestmove(&lines).is_empty(), "a move, stopped at once");
}
