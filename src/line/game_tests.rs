//! One whole game per variant played in the line mode against the
//! computer, as a blind player would: a person's seat types its moves at
//! its prompts (chosen by the engine at Club, which is deterministic), the
//! other seats are Club computers. The game goes on to a result (or, past a
//! number of plies, the person resigns), within a time limit. Then the
//! moves are replayed from the save with the library alone, and every
//! kind of event they hold must have been said: each seat's moves,
//! captures, promotions, two-leg moves, checks on any seat, pieces that
//! appear (refills) or leave, disarmed pieces and Cats' zones, armies
//! out, and the result.

use crate::session::look::LookChoice;
use crate::session::save::SaveStore;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::{SessionConfig, SpeechChoice, Start};
use catboard::ai::Level;
use catboard::core::{Game, MoveKind, Options, PieceKind, Seat};
use catboard::variants::{AnyGame, Variant};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the line mode writes, shared with the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.lock() {
            Ok(mut out) => {
                out.extend_from_slice(buf);
                Ok(buf.len())
            }
            Err(_) => Err(std::io::Error::other("poisoned")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        self.0
            .lock()
            .map(|o| String::from_utf8_lossy(&o).into_owned())
            .unwrap_or_default()
    }
}

/// A game to play: the variant, its start, the person's seat, moves the
/// person plays first, and after how many plies the person resigns.
struct Game1 {
    variant: Variant,
    position: Option<&'static str>,
    person: usize,
    first: &'static [&'static str],
    resign_after: usize,
}

/// The transcript of `game` played out, and the moves of its save.
fn play(game: &Game1) -> (String, TableGame) {
    let seats = game.variant.seats().len();
    let players: Vec<Player> = (0..seats)
        .map(|i| {
            if i == game.person {
                Player::Human
            } else {
                Player::Computer(Level::Club)
            }
        })
        .collect();
    let table = TableGame::new(&TableSpec {
        variant: game.variant,
        options: Options::new(),
        position: game.position.map(str::to_string),
        players,
        time: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let dir = std::env::temp_dir().join(format!(
        "catboard-line-game-{}-{}",
        game.variant.id(),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let config = SessionConfig {
        start: Start::Play {
            table: Box::new(table),
            near_side: game.person,
            path: None,
        },
        look: LookChoice::default(),
        saves: Some(SaveStore::new(dir.clone())),
        notice: None,
        think_ms: 300,
        speech: SpeechChoice {
            thinking_after: Duration::from_secs(3600),
            ..SpeechChoice::default()
        },
    };
    let (reader, mut writer) = std::io::pipe().unwrap_or_else(|e| panic!("{e}"));
    let out = Shared::default();
    let line_out = out.clone();
    let session =
        std::thread::spawn(move || super::run(config, std::io::BufReader::new(reader), line_out));
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut answered = 0;
    let mut first = game.first.iter();
    loop {
        assert!(
            Instant::now() < deadline,
            "the game did not end in time:\n{}",
            out.text()
        );
        std::thread::sleep(Duration::from_millis(5));
        let text = out.text();
        if text.len() == answered {
            continue;
        }
        if text.ends_with("The game is over. Type new, undo or quit: ") {
            break;
        }
        if !text.ends_with(" to move: ") && !text.ends_with(", in check: ") {
            continue;
        }
        answered = text.len();
        let table = saved_table(&dir).unwrap_or_else(|| {
            TableGame::new(&TableSpec {
                variant: game.variant,
                options: Options::new(),
                position: game.position.map(str::to_string),
                players: vec![Player::Human; seats],
                time: None,
            })
            .unwrap_or_else(|e| panic!("{e}"))
        });
        let line = if table.ply() >= game.resign_after {
            "resign".to_string()
        } else if let Some(mv) = first.next() {
            mv.to_string()
        } else {
            chosen_move(table.game())
        };
        writeln!(writer, "{line}").unwrap_or_else(|e| panic!("{e}"));
    }
    writeln!(writer, "quit").unwrap_or_else(|e| panic!("{e}"));
    drop(writer);
    match session.join() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => panic!("{e}"),
        Err(_) => panic!("the line mode panicked:\n{}", out.text()),
    }
    let table = saved_table(&dir).unwrap_or_else(|| panic!("no save in {}", dir.display()));
    let _ = std::fs::remove_dir_all(&dir);
    (out.text(), table)
}

/// The game saved in `dir`, if one is.
fn saved_table(dir: &Path) -> Option<TableGame> {
    let path = SaveStore::new(dir.to_path_buf())
        .newest_first()
        .ok()?
        .into_iter()
        .next()?;
    let saved = SaveStore::load(&path).ok()?;
    TableGame::from_saved(&saved).ok()
}

/// The person's move: the engine's at Club, in coordinates.
fn chosen_move(game: &AnyGame) -> String {
    let thought = catboard::ai::think(game, &Level::Club.limits(), &AtomicBool::new(false), |_| {});
    thought
        .best
        .map_or("pass".to_string(), |mv| game.move_text(mv))
}

/// The seat as a sentence starts with it ("White", "The Cats").
fn subject(game: &AnyGame, seat: Seat) -> String {
    let name = crate::session::words::capitalise(game.seat_name(seat));
    if name.ends_with('s') {
        format!("The {name}")
    } else {
        name
    }
}

/// Whether `line` says a move of `who` ("White plays ...").
fn is_move_line(line: &str, who: &str) -> bool {
    // "White knight to f3.", "Cat to b5." (the Cats' only piece), "The
    // Cats pass.", "White castles king side."
    let piece = catboard::core::PieceKind::ALL
        .iter()
        .any(|k| line.starts_with(&format!("{who} {} ", k.name())));
    piece
        || (who == "The Cats" && line.starts_with("Cat "))
        || ["plays ", "play ", "passes", "pass.", "castles", "castle"]
            .iter()
            .any(|verb| line.starts_with(&format!("{who} {verb}")))
}

/// The lines of `text` without the prompts before them.
fn said_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            let mut l = l;
            while let Some(i) = l.find(" to move: ").or_else(|| l.find(", in check: ")) {
                let end = l[i..].find(": ").map_or(0, |j| i + j + 2);
                l = &l[end..];
            }
            l.trim_start_matches("The game is over. Type new, undo or quit: ")
                .to_string()
        })
        .collect()
}

/// Replays `table`'s moves with the library and checks `text` says each
/// event; the kinds of event met, by name.
fn check_events(text: &str, table: &TableGame) -> BTreeSet<&'static str> {
    let lines = said_lines(text);
    let mut replay = table.game().clone();
    let mut moves = Vec::new();
    while let Some(mv) = replay.unmake_move() {
        moves.push(mv);
    }
    moves.reverse();
    let mut met = BTreeSet::new();
    let mut at = 0;
    for (ply, &mv) in moves.iter().enumerate() {
        if catboard::core::Retire::of(mv).is_some() {
            // A resignation: said as the result, checked below.
            replay.make_move(mv);
            continue;
        }
        let before = replay.clone();
        let mover = before.to_move();
        let who = subject(&before, mover);
        let found = lines[at..]
            .iter()
            .position(|l| is_move_line(l, &who))
            .unwrap_or_else(|| panic!("move {} of {who} not said in:\n{text}", ply + 1));
        at += found;
        let said = lines[at].clone();
        replay.make_move(mv);
        let next = lines[at + 1..]
            .iter()
            .position(|l| {
                before
                    .seat_names()
                    .iter()
                    .enumerate()
                    .any(|(i, _)| is_move_line(l, &subject(&before, Seat(i as u8))))
            })
            .map_or(lines.len(), |n| at + 1 + n);
        let segment = lines[at..next].join("\n");
        met.insert(if table.player(mover).level().is_some() {
            "computer move"
        } else {
            "person move"
        });
        if mv.kind != MoveKind::Pass && before.captured(mv).is_some() {
            met.insert("capture");
            assert!(
                said.contains("taking") || said.contains(" takes "),
                "capture not said: {said}"
            );
        }
        if let Some(kind) = mv.promotion {
            met.insert("promotion");
            assert!(
                said.contains(&format!("promotes to {}", kind.name())),
                "{said}"
            );
        }
        if mv.kind == MoveKind::TwoLeg {
            met.insert("two-leg move");
            assert!(
                said.contains(" via ")
                    || said.contains(" and back")
                    || said.contains("passes with"),
                "{said}"
            );
        }
        if replay.outcome().is_none() {
            let was = before.annotations();
            let now = replay.annotations();
            let was_checked: Vec<Seat> = was
                .checked
                .iter()
                .filter_map(|c| before.piece_at(c).map(|p| p.seat()))
                .collect();
            for c in now.checked.iter() {
                let Some(seat) = replay.piece_at(c).map(|p| p.seat()) else {
                    continue;
                };
                if !was_checked.contains(&seat) {
                    // A check the move gave is said in the move's own
                    // sentence, as a chess player says it.
                    met.insert("check");
                    let words = if replay.seat_names().len() == 2 {
                        ", check.".to_string()
                    } else {
                        subject(&replay, seat)
                    };
                    assert!(
                        said.contains(&words)
                            && (words.starts_with(',') || said.contains("checking")),
                        "'{words}' not said in the move: {said}\n{text}"
                    );
                } else if seat == replay.to_move() {
                    met.insert("check");
                    let words = format!("{} is in check.", subject(&replay, seat));
                    assert!(
                        segment.contains(&words),
                        "'{words}' not said after: {segment}\n{text}"
                    );
                }
            }
            let note = |a: &catboard::core::Annotations, label: &str| {
                a.notes
                    .iter()
                    .find(|n| n.label == label)
                    .map(|n| n.value.clone())
            };
            if note(&was, "Out") != note(&now, "Out") {
                met.insert("army out");
                assert!(segment.contains("Out: "), "{segment}");
            }
            let touched = [mv.from, mv.to, mv.aux];
            let castle_rook = mv.kind == MoveKind::Castle;
            let appeared = before.geometry().cells().any(|c| {
                !touched.contains(&c)
                    && !castle_rook
                    && before.piece_at(c).is_none()
                    && replay.piece_at(c).is_some()
            });
            if appeared {
                met.insert("pieces appear");
                assert!(segment.contains(" gets "), "{segment}");
            }
            // The moved piece's own disarming or re-arming is said in the
            // move's sentence; any other piece's in a list after it.
            let kept =
                before.piece_at(mv.from) == replay.piece_at(mv.to) && !castle_rook && !mv.is_pass();
            let mover_was = was.disarmed.contains(mv.from);
            let mover_now = now.disarmed.contains(mv.to);
            if kept && mover_now != mover_was {
                met.insert("mover's arming");
                let word = if mover_now {
                    ", disarmed"
                } else {
                    ", re-armed"
                };
                assert!(said.contains(word), "'{word}' not said in: {said}\n{text}");
            }
            let newly = now.disarmed.iter().any(|c| {
                let from = if c == mv.to { mv.from } else { c };
                !(was.disarmed.contains(from) || kept && c == mv.to)
            });
            if newly {
                met.insert("disarmed");
                assert!(segment.contains("Disarmed: "), "{segment}");
            }
            if before
                .piece_at(mv.from)
                .is_some_and(|p| p.kind() == PieceKind::Cat)
                && !mv.is_pass()
            {
                // Its zone is said on asking (zone), not with every move.
                met.insert("cat zone");
                assert!(!segment.contains("zone is now"), "{segment}");
            }
        }
        at += 1;
    }
    if table.outcome().is_some() {
        met.insert("result");
        assert!(
            text.contains(" by ") || text.contains("Draw") || text.contains("; "),
            "the result is not said:\n{text}"
        );
    }
    met
}

/// Plays `game` and checks its events; `wanted` must be among those met.
fn a_whole_game(game: Game1, wanted: &[&str]) {
    let (text, table) = play(&game);
    if std::env::var_os("CATBOARD_SHOW_GAMES").is_some() {
        eprintln!("{text}");
    }
    assert!(table.outcome().is_some(), "the game ended:\n{text}");
    let met = check_events(&text, &table);
    for kind in wanted {
        assert!(met.contains(kind), "no {kind} met in {met:?}:\n{text}");
    }
}

#[test]
fn a_whole_chess_game_is_said_event_by_event() {
    a_whole_game(
        Game1 {
            variant: Variant::Chess,
            position: Some("4k3/1P6/8/3p4/8/8/6q1/R3K3 w Q - 0 1"),
            person: 0,
            first: &[],
            resign_after: 120,
        },
        &[
            "person move",
            "computer move",
            "check",
            "promotion",
            "result",
        ],
    );
}

#[test]
fn a_whole_cat_chess_game_is_said_event_by_event() {
    a_whole_game(
        Game1 {
            variant: Variant::Cat,
            position: None,
            person: 0,
            first: &[],
            resign_after: 45,
        },
        &[
            "person move",
            "computer move",
            "cat zone",
            "disarmed",
            "mover's arming",
            "result",
        ],
    );
}

#[test]
fn a_whole_chu_chess_game_is_said_event_by_event() {
    a_whole_game(
        Game1 {
            variant: Variant::Chu,
            position: Some("4k5/10/10/4p5/4p5/4L5/10/10/10/5K4 w - - 0 1"),
            person: 0,
            first: &["e4e5,e5e4"],
            resign_after: 60,
        },
        &[
            "person move",
            "computer move",
            "capture",
            "two-leg move",
            "result",
        ],
    );
}

#[test]
fn a_whole_polar_game_is_said_event_by_event() {
    a_whole_game(
        Game1 {
            variant: Variant::Polar,
            position: Some("K14S,P19S,k9N w - - 0 1"),
            person: 0,
            first: &["19S-10E=Q"],
            resign_after: 60,
        },
        &["person move", "computer move", "promotion", "result"],
    );
}

#[test]
fn a_whole_baccancat_game_is_said_event_by_event() {
    // Red's Knight unmasks Orange's Rook: Green is mated, out of turn, and
    // Red's emptied edge is refilled.
    a_whole_game(
        Game1 {
            variant: Variant::BacCanCat,
            position: Some(
                "oB14gB/16/16/16/4oK2oR1rN1gK4/16/16/16/16/16/16/4rK6bK4/16/rN15/16/2gN12bB r - - - Q8 0 1",
            ),
            person: 0,
            first: &["jl-kn"],
            resign_after: 40,
        },
        &[
            "person move",
            "computer move",
            "army out",
            "pieces appear",
            "result",
        ],
    );
}
