//! The line mode driven through its input and output: short games whose
//! transcripts are kept in `snapshots/` and compared, and the behaviours
//! each issue item asks for.

use super::run;
use crate::session::SpeechChoice;
use crate::session::look::LookChoice;
use crate::session::save::SaveStore;
use crate::session::speech::Notation;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::{SessionConfig, Start};
use catboard::ai::Level;
use catboard::core::Options;
use catboard::variants::Variant;
use std::io::Cursor;
use std::path::PathBuf;
use std::time::Duration;

/// A line-mode run: the game, its players, what is typed, and how it speaks.
#[derive(Clone, Debug)]
pub(super) struct Run {
    pub variant: Variant,
    pub position: Option<&'static str>,
    pub players: Vec<Player>,
    pub script: String,
    pub notation: Option<Notation>,
    /// How long a reply may take before "is thinking" is said (an hour:
    /// never, so transcripts do not depend on the machine's speed).
    pub thinking_after: Duration,
    pub saves: Option<PathBuf>,
    pub resume: bool,
    /// The game's clock ("5+3"), if it has one.
    pub time: Option<&'static str>,
}

impl Run {
    pub fn new(variant: Variant, players: Vec<Player>, script: &str) -> Run {
        Run {
            variant,
            position: None,
            players,
            script: script.to_string(),
            notation: None,
            thinking_after: Duration::from_secs(3600),
            saves: None,
            resume: false,
            time: None,
        }
    }

    pub fn at(mut self, position: &'static str) -> Run {
        self.position = Some(position);
        self
    }

    /// Everything the line mode wrote.
    pub fn transcript(&self) -> String {
        let mut out = Vec::new();
        let input = Cursor::new(self.script.as_bytes().to_vec());
        if let Err(e) = run(self.config(), input, &mut out) {
            panic!("{e}");
        }
        let text = String::from_utf8(out).unwrap_or_else(|e| panic!("not UTF-8: {e}"));
        assert_plain(&text);
        text
    }

    /// The line mode's settings for this run (its script aside).
    fn config(&self) -> SessionConfig {
        let saves = self.saves.clone().map(SaveStore::new);
        let start = match (&saves, self.resume) {
            (Some(store), true) => {
                let offer = crate::session::last_unfinished(store)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .offer
                    .unwrap_or_else(|| panic!("nothing to resume"));
                Start::Play {
                    near_side: 0,
                    table: offer.table,
                    path: Some(offer.path),
                }
            }
            _ => {
                let table = TableGame::new(&TableSpec {
                    variant: self.variant,
                    options: Options::new(),
                    position: self.position.map(str::to_string),
                    players: self.players.clone(),
                    time: self.time.and_then(|t| {
                        catboard::clock::TimeControl::parse(t).unwrap_or_else(|e| panic!("{e}"))
                    }),
                })
                .unwrap_or_else(|e| panic!("{e}"));
                Start::Play {
                    table: Box::new(table),
                    near_side: 0,
                    path: None,
                }
            }
        };
        SessionConfig {
            start,
            look: LookChoice::default(),
            saves,
            notice: None,
            think_ms: 300,
            speech: SpeechChoice {
                notation: self.notation,
                reader: false,
                thinking_after: self.thinking_after,
            },
        }
    }
}

/// `text` holds each of `said`, else the test fails showing it.
fn assert_says(text: &str, said: &[&str]) {
    for s in said {
        assert!(text.contains(s), "'{s}' missing from:\n{text}");
    }
}

/// Plays `script` (one command a line) in a game of `variant` from
/// `position` between `players`; everything the line mode wrote.
fn transcript(
    variant: Variant,
    position: Option<&'static str>,
    players: Vec<Player>,
    script: &str,
) -> String {
    let mut run = Run::new(variant, players, script);
    run.position = position;
    run.transcript()
}

/// Compares the transcript `actual` with `snapshots/<name>.snap` (see
/// `crate::golden`; `INSTA_UPDATE=always cargo test --release` writes the
/// files anew). insta ignores whitespace at the end of a file, so the text
/// is stored with a last line marking its end: the prompt that ends a
/// transcript keeps its trailing space.
fn check(goldens: &mut crate::golden::Goldens, name: &str, actual: &str) {
    goldens.check(name, &format!("{actual}{END_OF_TRANSCRIPT}"));
}

/// The line after a transcript in its golden file.
const END_OF_TRANSCRIPT: &str = "\n[end of transcript]\n";

/// No escape sequence, colour or cursor movement: plain lines only.
fn assert_plain(text: &str) {
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in:\n{text}"
    );
}

/// White: King f6, Rook a1; Black: King h8. After Kg6 Black's only move
/// is Kg8, and Ra8 mates; Ra8 at the start is check with Kh7 forced.
const ROOK_MATE: &str = "7k/8/5K2/8/8/8/8/R7 w - - 0 1";

/// The runs whose transcripts are golden files, by file name: the
/// speech test reads them too.
pub(super) fn golden_runs() -> Vec<(&'static str, Run)> {
    let computer = Player::Computer(Level::Club);
    vec![
        (
            "line-chess",
            Run::new(
                Variant::Chess,
                vec![Player::Human, computer],
                "Kh7\nKg6\nundo\nhelp\nboard\nKg6\ncell g7\nmoves a1\nlast\nl\nstatus\ns\nturn\no\np K\np rook\ns a\ns 6\nrank\nfile\ncell\nrank 9\nRa8?\nfrobnicate\nclock\ncount\nmaterial\nRa8\nhistory\nnew\nRa8\nnotation san\nmoves f6\nnotation\nquit\n",
            )
            .at(ROOK_MATE),
        ),
        (
            "line-cat",
            Run::new(
                Variant::Cat,
                vec![Player::Human; 3],
                "e4\ne5\nzones\npass\nNf3\nNc6\npieces cats\na4b5\nzones\nstatus\nmoves\nquit\n",
            ),
        ),
        (
            "line-chu",
            Run::new(
                Variant::Chu,
                vec![Player::Human; 2],
                "e4e5,e5e4\np L\ne9e8\nmoves e4\ne4d4,d4e4\nhistory\nstatus\nrank 9\nfile e\nquit\n",
            )
            .at("4k5/10/10/4p5/4p5/4L5/10/10/10/5K4 w - - 0 1"),
        ),
        (
            "line-polar",
            Run::new(
                Variant::Polar,
                vec![Player::Human; 2],
                "board\ncell 15n\n22s-20s\nmoves 3n\n3N-1N\nformation\nstatus\n6n-11e\nhistory\nquit\n",
            ),
        ),
        (
            "line-baccancat",
            Run::new(
                Variant::BacCanCat,
                vec![Player::Human; 4],
                "reserve\nscores\nrank p\nrank 1\nfile a\ns a\nfa-fc\nf1-g1\nzz-zz\nundo\nlast\ncell f1\nstatus\nquit\n",
            ),
        ),
        (
            "line-baccancat-events",
            // Red's Rook leaves its edge, which is refilled with Pawns;
            // then Red's Knight unmasks Orange's Rook and Green goes out.
            Run::new(
                Variant::BacCanCat,
                vec![Player::Human; 4],
                "ca-ch\nout\nquit\n",
            )
            .at("oB14gB/16/16/16/4oK6gK4/16/16/16/16/16/16/4rK6bK4/16/rN15/16/2rR12bB r - - - Q8 0 1"),
        ),
        (
            "line-baccancat-out",
            Run::new(
                Variant::BacCanCat,
                vec![Player::Human; 4],
                "jl-kn\nout\npoints\nstatus\nquit\n",
            )
            .at("oB14gB/16/16/16/4oK2oR1rN1gK4/16/16/16/16/16/16/4rK6bK4/16/rN15/16/2gN12bB r - - - Q8 0 1"),
        ),
        (
            "line-analysis",
            Run::new(
                Variant::Chess,
                vec![Player::Human; 2],
                "analyse\ne4\ne5\nBc4\nNc6\nQh5\nNf6\nQxf7\nanalyse\nquit\n",
            ),
        ),
        (
            "line-explain-chu",
            Run::new(
                Variant::Chu,
                vec![Player::Human; 2],
                "explain\nexplain lion\nexplain knight\nexplain n\nx +R\nexplain pawns\nexplain frog\nhelp\nquit\n",
            ),
        ),
        (
            "line-explain-baccancat",
            Run::new(
                Variant::BacCanCat,
                vec![Player::Human; 4],
                "explain cannon\nexplain y\nexplain\nquit\n",
            ),
        ),
    ]
}

/// The golden run called `name`.
fn golden_run(name: &str) -> Run {
    golden_runs()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, r)| r)
        .unwrap_or_else(|| panic!("no run {name}"))
}

fn a_chess_game_against_the_computer_is_played_in_sentences(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-chess").transcript();
    assert_says(
        &text,
        &[
            "'Kh7' is not a legal move for White now.",
            "King f6 can move to e5, e6, e7, f5, f7, g5, g6.",
            "White king to g6.",
            "Black king to g8.",
            "Took back king from f6 to g6 and king from h8 to g8.",
            "White wins by checkmate.",
            "White rook to a8, check.",
            "Unknown command 'frobnicate'. Type help.",
            "'Ra8' would be legal: rook from a1 to a8, checkmate.",
            "Which rank? Type rank and its name, such as rank 1.",
        ],
    );
    assert!(
        !text.contains("is thinking"),
        "a quick reply is not announced: {text}"
    );
    check(goldens, "line-chess", &text);
}

fn a_cat_chess_game_between_people_names_zones_and_passes(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-cat").transcript();
    assert_says(
        &text,
        &[
            "The Cats pass.",
            "The zone of the Cat on a4: a3, b3, a4, b4, a5, b5.",
            "Cats to move: ",
            "The Cats stand on a4, h5.",
            "Cat to b5.",
            "Disarmed: black knight c6.",
            "Hundred-turn count: ",
        ],
    );
    check(goldens, "line-cat", &text);
}

fn a_chu_chess_game_takes_the_lions_two_leg_moves(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-chu").transcript();
    assert_says(
        &text,
        &[
            "White lion e4 to e5 and back, taking pawn e5.",
            "White passes with the lion on e4.",
            "Halfmove clock: ",
        ],
    );
    check(goldens, "line-chu", &text);
}

fn a_polar_game_is_played_ring_by_ring_in_sentences(goldens: &mut crate::golden::Goldens) {
    // The shortest mate from Option 1's start: 22S-20S, Black's bishop
    // 3N-1N, and the bishop 6N takes on 11E, mate.
    let text = golden_run("line-polar").transcript();
    assert_says(
        &text,
        &[
            "White's pole, the four central cells: white queen 14 N, white king 3 E, white rook 14 S, white rook 4 E.",
            "Neighbours of 15 N: 1 south corner: 7 N, empty; 2 south edge: 16 N, empty;",
            "Formation: ",
            "White wins by checkmate.",
        ],
    );
    check(goldens, "line-polar", &text);
}

fn a_baccancat_game_says_its_cells_ranks_and_figures(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-baccancat").transcript();
    assert_says(
        &text,
        &[
            "BacCanCat: Red is human, Orange is human, Green is human, Blue is human.",
            "Reserve: 8 queens, 8 tanks, 8 gnus.",
            "Points: Red 0, Orange 0, Green 0, Blue 0.",
            "Rank 16: ",
            "Rank 1: ",
            "File a: ",
            "Red pawn to g1.",
            "'zz-zz' is not a move",
            "Took back pawn from f1 to g1.",
            "Passes in a row: ",
            "Leapers: ",
        ],
    );
    assert!(!text.contains("Rank :"), "{text}");
    assert!(!text.contains("There is no rank"), "{text}");
    check(goldens, "line-baccancat", &text);
}

fn a_baccancat_refill_is_said(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-baccancat-events").transcript();
    assert_says(&text, &["Red gets "]);
    check(goldens, "line-baccancat-events", &text);
}

fn a_baccancat_army_mated_out_of_turn_is_said(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-baccancat-out").transcript();
    assert_says(&text, &["Out: Green (mated by "]);
    check(goldens, "line-baccancat-out", &text);
}

fn a_piece_is_explained_by_name_or_letter(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-explain-chu").transcript();
    assert_says(
        &text,
        &[
            "The pieces of Chu Chess: king (K), lion (L), queen (Q), crowned rook (+R),",
            "How the lion moves: White lion on e4,",
            "It takes there and may go on: a second step, back home, or stop there:",
            "It may also stay where it is, passing its turn.",
            "How the knight moves: White knight on e4",
            "How the crowned rook moves:",
            "Chu Chess has no piece 'frog'; its pieces are king, lion, queen,",
            "explain knight, explain n, x lion: how a piece moves",
        ],
    );
    // `explain n` says what `explain knight` says.
    let knight = |t: &str| {
        t.lines()
            .skip_while(|l| !l.contains("How the knight moves"))
            .take(2)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let after_first = text
        .split_once("How the knight moves")
        .map_or("", |(_, r)| r);
    assert!(after_first.contains("How the knight moves"), "{text}");
    assert_eq!(
        knight(&text),
        knight(after_first.split_once('\n').map_or("", |(_, r)| r))
    );
    check(goldens, "line-explain-chu", &text);
}

fn a_cannon_and_a_yeoman_are_explained(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-explain-baccancat").transcript();
    assert_says(
        &text,
        &[
            "How the cannon moves: Red cannon on ",
            "It takes there only by jumping over the screen on its line:",
            "as screens to jump over.",
            "How the yeoman moves:",
            "Red's camp is ",
        ],
    );
    check(goldens, "line-explain-baccancat", &text);
}

fn a_game_is_analysed_in_words(goldens: &mut crate::golden::Goldens) {
    let text = golden_run("line-analysis").transcript();
    assert_says(
        &text,
        &[
            "No move has been played yet: there is nothing to analyse.",
            "Analysing 8 positions at 150000 nodes a position.",
            "White: accuracy ",
            "Move 3, ",
            ": a blunder, a mate allowed; better was ",
        ],
    );
    check(goldens, "line-analysis", &text);
}

crate::golden::golden_tests!(mod transcripts = [
    a_game_is_analysed_in_words,
    a_piece_is_explained_by_name_or_letter,
    a_cannon_and_a_yeoman_are_explained,
    a_chess_game_against_the_computer_is_played_in_sentences,
    a_cat_chess_game_between_people_names_zones_and_passes,
    a_chu_chess_game_takes_the_lions_two_leg_moves,
    a_polar_game_is_played_ring_by_ring_in_sentences,
    a_baccancat_game_says_its_cells_ranks_and_figures,
    a_baccancat_refill_is_said,
    a_baccancat_army_mated_out_of_turn_is_said,
]);

#[test]
fn every_transcript_file_is_checked() {
    crate::golden::assert_every_file_is_checked(
        crate::golden::Owner::Transcripts,
        &[
            transcripts::CASES,
            super::puzzles::tests::transcripts::CASES,
        ]
        .concat(),
    );
}

#[test]
fn a_computer_seat_moves_without_being_asked_and_is_thinking_only_when_slow() {
    let players = vec![
        Player::Human,
        Player::Human,
        Player::Computer(Level::Casual),
    ];
    let mut run = Run::new(Variant::Cat, players, "e4\ne5\n");
    let quick = run.transcript();
    assert!(!quick.contains("is thinking"), "{quick}");
    assert!(
        quick.contains("The Cats pass.") || quick.contains("Cat to "),
        "the Cats' move is said: {quick}"
    );
    run.thinking_after = Duration::ZERO;
    let slow = run.transcript();
    let after = slow
        .split("The Cats are thinking.")
        .nth(1)
        .unwrap_or_else(|| panic!("a reply slower than the threshold is announced: {slow}"));
    assert!(
        after.contains("The Cats pass.") || after.contains("Cat to "),
        "{slow}"
    );
}

#[test]
fn a_promotion_typed_as_cells_asks_for_the_piece() {
    let text = Run::new(
        Variant::Chess,
        vec![Player::Human; 2],
        "e7e8\nx\ne7e8\nn\nquit\n",
    )
    .at("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    .transcript();
    assert_says(
        &text,
        &[
            "Choose: queen (q), rook (r), bishop (b), knight (n)",
            "The move is cancelled.",
            "White pawn to e8, promotes to knight.",
        ],
    );
}

#[test]
fn a_baccancat_capture_that_may_promote_asks_before_it_is_played() {
    // Red's Rook on ca may take Blue's Bishop on pa and promote, or not.
    let text = Run::new(
        Variant::BacCanCat,
        vec![Player::Human; 4],
        "capa
x
quit
",
    )
    .at("oB14gB/16/16/16/4oK6gK4/16/16/16/16/16/16/4rK6bK4/16/rN15/16/2rR12bB r - - - Q8 0 1")
    .transcript();
    assert_says(&text, &["Choose: ", "The move is cancelled."]);
    assert!(!text.contains("Red plays"), "{text}");
}

#[test]
fn the_computer_command_plays_one_move_for_the_side_to_move() {
    let text = Run::new(
        Variant::Polar,
        vec![Player::Human; 2],
        "computer\nhistory\nquit\n",
    )
    .transcript();
    assert_says(
        &text,
        &[
            "The computer (expert) chooses a move...",
            "White ",
            "Moves: 1: ",
        ],
    );
}

#[test]
fn a_hint_asked_before_a_move_is_said_before_the_move() {
    let text = Run::new(Variant::Chess, vec![Player::Human; 2], "hint\ne4\nquit\n").transcript();
    let hint = text
        .find("Hint: ")
        .unwrap_or_else(|| panic!("no hint in:\n{text}"));
    let moved = text
        .find("White pawn to e4.")
        .unwrap_or_else(|| panic!("no move in:\n{text}"));
    assert!(hint < moved, "{text}");
}

#[test]
fn new_after_a_finished_baccancat_game_goes_on_with_the_series() {
    // Red's Gnu marries on dh: Red takes all 6 points of game 1.
    let marriage =
        "oB14gB/16/16/16/4oK6gK4/16/4rG11/16/2rT13/2rKrQ12/16/11bK4/16/16/16/15bB r - - - Q8 0 1";
    let text = Run::new(
        Variant::BacCanCat,
        vec![Player::Human; 4],
        "scores\nej-dh\nscores\nnew\nscores\nquit\n",
    )
    .at(marriage)
    .transcript();
    let at = |said: &str| {
        text.find(said)
            .unwrap_or_else(|| panic!("'{said}' missing from:\n{text}"))
    };
    let before = at("Series: game 1; totals Red 0, Orange 0, Green 0, Blue 0.");
    let after = at("Series: game 1; totals Red 6, Orange 0, Green 0, Blue 0.");
    let next = at("Game 2 of the series. Totals: Red 6, Orange 0, Green 0, Blue 0.");
    let then = at("Series: game 2; totals Red 6, Orange 0, Green 0, Blue 0.");
    assert!(before < after && after < next && next < then, "{text}");
}

#[test]
fn resign_ends_the_game_with_a_result_that_is_saved_and_kept() {
    let saves = catboard_testkit::Scratch::empty("resign");
    let mut run = Run::new(
        Variant::Chess,
        vec![Player::Human; 2],
        "e4\ne5\nresign\nstatus\nquit\n",
    );
    run.saves = Some(saves.0.clone());
    let text = run.transcript();
    assert_says(&text, &["White resigns; Black wins."]);
    let store = SaveStore::new(saves.0.clone());
    let resumable = crate::session::last_unfinished(&store).unwrap_or_else(|e| panic!("{e}"));
    assert!(resumable.offer.is_none(), "a resigned game is not resumed");
    let files = store.newest_first().unwrap_or_else(|e| panic!("{e}"));
    let saved = SaveStore::load(&files[0]).unwrap_or_else(|e| panic!("{e}"));
    let table = TableGame::from_saved(&saved).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        table.outcome().map(|o| table.outcome_words(o)),
        Some("White resigns — Black wins".to_string())
    );
}

#[test]
fn a_resumed_game_says_where_it_stands_not_who_moves_first() {
    let saves = catboard_testkit::Scratch::empty("resume");
    let mut run = Run::new(Variant::Chess, vec![Player::Human; 2], "e4\ne5\nquit\n");
    run.saves = Some(saves.0.clone());
    run.transcript();
    run.resume = true;
    run.script = "quit\n".to_string();
    let text = run.transcript();
    assert!(!text.contains("moves first"), "{text}");
    assert_says(
        &text,
        &["The game goes on at move 2; the last: Black pawn to e5."],
    );
}

#[test]
fn a_draw_offered_to_people_is_accepted_or_declined_and_a_computer_judges_one() {
    let text = Run::new(
        Variant::Chess,
        vec![Player::Human; 2],
        "draw\ndecline\ne4\ndraw\naccept\nquit\n",
    )
    .transcript();
    assert_says(
        &text,
        &[
            "White offers a draw. Black: type accept or decline; a move declines it.",
            "Black declines the draw.",
            "Black offers a draw. White: type accept or decline; a move declines it.",
            "Draw agreed.",
        ],
    );
    // A lone king against a queen: the computer takes the draw it is offered
    // by the side that is lost, and refuses one it would give away.
    let lost = Run::new(
        Variant::Chess,
        vec![Player::Human, Player::Computer(Level::Club)],
        "draw\nquit\n",
    )
    .at("4k3/8/8/8/8/8/8/q3K3 w - - 0 1")
    .transcript();
    assert_says(
        &lost,
        &[
            "White offers a draw; Black thinks it over.",
            "Black declines the draw.",
        ],
    );
    let won = Run::new(
        Variant::Chess,
        vec![Player::Human, Player::Computer(Level::Club)],
        "draw\nquit\n",
    )
    .at("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")
    .transcript();
    assert_says(&won, &["Black accepts the draw.", "Draw agreed."]);
}

/// Item 7 of issue 21 in the line mode: `e2` and `ESC[2J` cleared a
/// screen-reader user's terminal. Every hostile text, typed as a move, a
/// command's argument or a whole line, in every variant: the transcript
/// holds no control character and no line longer than a sentence may be.
#[test]
fn hostile_lines_are_answered_in_clean_sentences_in_every_variant() {
    let mut script = String::new();
    for hostile in hostile_texts() {
        let h = hostile.replace(['\n', '\r'], " ");
        for command in ["", "cell ", "pieces ", "moves ", "rank ", "file ", "e2"] {
            script.push_str(&format!("{command}{h}\n"));
        }
    }
    for &variant in Variant::ALL {
        let players = vec![Player::Human; variant.seats().len()];
        let text = transcript(variant, None, players, &script);
        assert_plain(&text);
        for line in text.lines() {
            assert!(
                line.chars().count() <= catboard::text::LONGEST_SENTENCE,
                "{}: a line of {} characters",
                variant.id(),
                line.chars().count()
            );
        }
    }
}

/// The hostile texts of the property tests (tests/support's
/// `hostile_texts`, which this crate cannot reach).
fn hostile_texts() -> Vec<String> {
    let mut out: Vec<String> = [
        "e2\u{1b}[2J",
        "\u{1b}]0;owned\u{7}",
        "\u{0}",
        "\ttab",
        "\u{9b}31m",
        "\u{202e}4e2e",
        "\u{7f}",
        "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    out.push("x".repeat(4_000));
    out.push("\u{1b}".repeat(1_000));
    out
}

/// Item 3 of issue 21: with computers in every seat, `quit` waited for a
/// person's turn that never came, and so did the end of the input. Both
/// now end the game after the move being thought.
///
/// Counted without the clock: the output holds the game at its first move
/// until the whole input has been read (the reader is done with it), so
/// however slowly the input thread runs, at most the move then being
/// thought and the one whose reply was already waiting follow it.
#[test]
fn a_game_of_computers_alone_ends_on_quit_or_at_the_end_of_input() {
    for script in ["quit\n", "board\n", ""] {
        let done = within_seconds(60, move || {
            let (delivered, read) = std::sync::mpsc::channel();
            let input = Delivered {
                script: Cursor::new(script.as_bytes().to_vec()),
                done: delivered,
            };
            let mut out = HeldAtFirstMove {
                text: Vec::new(),
                read,
                held: false,
            };
            let config = Run::new(
                Variant::Chess,
                vec![Player::Computer(Level::Casual); 2],
                script,
            )
            .config();
            run(config, input, &mut out).unwrap_or_else(|e| panic!("{e}"));
            assert!(out.held, "{script:?}: no move was said");
            String::from_utf8(out.text).unwrap_or_else(|e| panic!("not UTF-8: {e}"))
        });
        let text = done.unwrap_or_else(|| panic!("{script:?}: the game never ended"));
        let moves = moves_said(&text);
        assert!(
            moves <= 3,
            "{script:?}: {moves} moves, the first and more than two after the input ended:\n{text}"
        );
    }
}

/// How many moves `text` says: "White knight to f3.", "Black pawn takes
/// pawn e4.", "White castles".
fn moves_said(text: &str) -> usize {
    ["White", "Black"]
        .iter()
        .flat_map(|seat| {
            ["pawn", "knight", "bishop", "rook", "queen", "king"]
                .map(|kind| format!("{seat} {kind} "))
        })
        .map(|said| text.matches(said.as_str()).count())
        .sum::<usize>()
        + text.matches(" castles").count()
}

/// A script read whole; when the line mode's reader is done with it
/// (dropped, after it sent the end of the input on), it says so on `done`.
struct Delivered {
    script: Cursor<Vec<u8>>,
    done: std::sync::mpsc::Sender<()>,
}

impl std::io::Read for Delivered {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        std::io::Read::read(&mut self.script, buf)
    }
}

impl std::io::BufRead for Delivered {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        std::io::BufRead::fill_buf(&mut self.script)
    }
    fn consume(&mut self, amount: usize) {
        std::io::BufRead::consume(&mut self.script, amount);
    }
}

impl Drop for Delivered {
    fn drop(&mut self) {
        let _ = self.done.send(());
    }
}

/// The line mode's output, which once the first move has been said holds
/// the game there (the line mode writes from its one loop) until the
/// input has been read whole, or a minute has passed.
struct HeldAtFirstMove {
    text: Vec<u8>,
    read: std::sync::mpsc::Receiver<()>,
    held: bool,
}

impl std::io::Write for HeldAtFirstMove {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.text.extend_from_slice(bytes);
        if !self.held && moves_said(&String::from_utf8_lossy(&self.text)) > 0 {
            self.held = true;
            let _ = self.read.recv_timeout(Duration::from_secs(60));
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Item 9 of issue 21: a line longer than the limit is refused in one
/// sentence, never held whole, and the next line is read as usual.
#[test]
fn a_line_longer_than_the_limit_is_refused_and_the_next_one_read() {
    let limit = catboard::limits::LINE_MODE_LINE.most as usize;
    let script = format!("{}\nboard\n", "e".repeat(limit + 1));
    let text = transcript(Variant::Chess, None, vec![Player::Human; 2], &script);
    assert!(
        text.contains(&format!(
            "That line is {} bytes long, more than the largest allowed, {limit}, so none of it was read."
        , limit + 1)),
        "{text}"
    );
    assert!(
        text.contains("Rank 8:") || text.contains("rank 8"),
        "the next line is read:\n{text}"
    );
}

/// Runs `work` on a thread; `None` if it takes longer than `seconds`.
fn within_seconds<T: Send + 'static>(
    seconds: u64,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    rx.recv_timeout(std::time::Duration::from_secs(seconds))
        .ok()
}

#[test]
fn lines_says_the_best_lines_of_the_position_shown_and_refuses_a_game_over() {
    let text = transcript(
        Variant::Chess,
        None,
        vec![Player::Human; 2],
        "lines\ne4\nbest\nback\nlines\nlive\nquit\n",
    );
    let blocks: Vec<&str> = text.split("The best lines for ").skip(1).collect();
    assert_eq!(blocks.len(), 3, "{text}");
    for (block, seat) in blocks.iter().zip(["White", "Black", "White"]) {
        assert!(block.starts_with(&format!("{seat}:")), "{block}");
        for n in 1..=3 {
            assert!(
                block.contains(&format!("{n}. {seat} ")) && block.contains(" at depth "),
                "line {n} missing from:\n{block}"
            );
        }
    }
    let over = transcript(
        Variant::Chess,
        None,
        vec![Player::Human; 2],
        "f3\ne5\ng4\nQh4\nlines\nquit\n",
    );
    assert_says(
        &over,
        &["The game is over (", "there are no lines to show."],
    );
    let cats = transcript(Variant::Cat, None, vec![Player::Human; 3], "best\nquit\n");
    assert_says(
        &cats,
        &[
            "The best lines for White:",
            "1. White ",
            "2. White ",
            "3. White ",
        ],
    );
}

#[test]
fn status_says_the_clocks_of_a_timed_game() {
    let mut run = Run::new(
        Variant::Chess,
        vec![Player::Human, Player::Human],
        "e4\nstatus\nquit\n",
    );
    run.time = Some("5+3");
    let text = run.transcript();
    let status = text
        .split("Chess, round 1. Black to move")
        .nth(1)
        .unwrap_or_else(|| panic!("no status in:\n{text}"));
    assert!(
        status.contains("Black to move (5+3)."),
        "status has no clock reading:\n{text}"
    );
}
