//! The line mode driven through its input and output: whole short games
//! whose transcripts are kept in `snapshots/` and compared.

use super::run;
use crate::session::look::LookChoice;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::{SessionConfig, Start};
use catboard::ai::Level;
use catboard::core::Options;
use catboard::variants::Variant;
use std::io::Cursor;

/// Plays `script` (one command a line) in a game of `variant` from
/// `position` between `players`; everything the line mode wrote.
fn transcript(
    variant: Variant,
    position: Option<&str>,
    players: Vec<Player>,
    script: &str,
) -> String {
    let table = TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: position.map(str::to_string),
        players,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let config = SessionConfig {
        start: Start::Play {
            table: Box::new(table),
            near_side: 0,
            path: None,
        },
        look: LookChoice::default(),
        saves: None,
        notice: None,
        think_ms: 300,
    };
    let mut out = Vec::new();
    let input = Cursor::new(script.as_bytes().to_vec());
    if let Err(e) = run(config, input, &mut out) {
        panic!("{e}");
    }
    String::from_utf8(out).unwrap_or_else(|e| panic!("not UTF-8: {e}"))
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

fn a_chess_game_against_the_computer_is_played_in_sentences(goldens: &mut crate::golden::Goldens) {
    // Input ends after Ra8: the session waits for the computer's reply.
    let script =
        "Kh7\nKg6\nundo\nhelp\nboard\nKg6\ncell g7\nmoves a1\nlast\nRa8\nhistory\nnew\nRa8\n";
    let text = transcript(
        Variant::Chess,
        Some(ROOK_MATE),
        vec![Player::Human, Player::Computer(Level::Casual)],
        script,
    );
    assert_plain(&text);
    for said in [
        "'Kh7' is not a legal move",
        "White plays king from f6 to g6.",
        "Black: the computer (casual) is thinking.",
        "Black plays king from h8 to g8.",
        "Game over 1-0: Checkmate",
        "Black is in check.",
        "Black plays king from h8 to h7.",
        "Took back Kg6 and Kg8.",
    ] {
        assert!(text.contains(said), "'{said}' missing from:\n{text}");
    }
    check(goldens, "line-chess", &text);
}

fn a_cat_chess_game_between_people_names_zones_and_passes(goldens: &mut crate::golden::Goldens) {
    let script = "e4\ne5\nzones\npass\nNf3\nNc6\npieces cats\na4b5\nmoves\nquit\n";
    let text = transcript(Variant::Cat, None, vec![Player::Human; 3], script);
    assert_plain(&text);
    for said in [
        "The Cats pass.",
        "Zones: ",
        "Cats to move: ",
        "The Cats stand on a4, h5.",
        "The Cats play cat from a4 to b5.",
    ] {
        assert!(text.contains(said), "'{said}' missing from:\n{text}");
    }
    check(goldens, "line-cat", &text);
}

#[test]
fn a_computer_seat_is_announced_and_moves_without_being_asked() {
    let text = transcript(
        Variant::Cat,
        None,
        vec![
            Player::Human,
            Player::Human,
            Player::Computer(Level::Casual),
        ],
        "e4\ne5\n",
    );
    assert_plain(&text);
    assert!(
        text.contains("Cats: the computer (casual) is thinking."),
        "{text}"
    );
    let after = text.split("is thinking.").nth(1).unwrap_or("");
    assert!(
        after.contains("The Cats pass.") || after.contains("The Cats play cat"),
        "the Cats' move is said: {text}"
    );
}

#[test]
fn a_promotion_typed_as_cells_asks_for_the_piece() {
    let text = transcript(
        Variant::Chess,
        Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"),
        vec![Player::Human; 2],
        "e7e8\nx\ne7e8\nn\nquit\n",
    );
    assert!(
        text.contains("Choose: queen (q), rook (r), bishop (b), knight (n)"),
        "{text}"
    );
    assert!(text.contains("The move is cancelled."), "{text}");
    assert!(
        text.contains("White plays pawn from e7 to e8, and promotes to knight."),
        "{text}"
    );
}

#[test]
fn a_chu_chess_game_takes_the_lions_two_leg_moves() {
    let text = transcript(
        Variant::Chu,
        Some("4k5/10/10/4p5/4p5/4L5/10/10/10/5K4 w - - 0 1"),
        vec![Player::Human, Player::Computer(Level::Casual)],
        "e4e5,e5e4\nmoves e4\ne4d4,d4e4\nhistory\n",
    );
    assert_plain(&text);
    for said in [
        "White plays lion on e4 to e5 and back, taking the black pawn on e5.",
        "Black: the computer (casual) is thinking.",
        "White passes with the lion on e4.",
    ] {
        assert!(text.contains(said), "'{said}' missing from:\n{text}");
    }
}

fn a_polar_game_is_played_ring_by_ring_in_sentences(goldens: &mut crate::golden::Goldens) {
    // The shortest mate from Option 1's start: 22S-20S, Black's bishop
    // 3N-1N, and the bishop 6N takes on 11E, mate.
    let script = "board\ncell 15n\n22s-20s\nmoves 3n\n3N-1N\n6n-11e\nhistory\nquit\n";
    let text = transcript(Variant::Polar, None, vec![Player::Human; 2], script);
    assert_plain(&text);
    for said in [
        "White's pole, the four central cells: white queen 14N, white king 3E, white rook 14S, white rook 4E.",
        "Black's pole, the four central cells: black queen 9N, black king 10E, black rook 9S, black rook 9E.",
        "Neighbours of 15N: 1 south corner: 7N, empty; 2 south edge: 16N, empty;",
        "4 east edge: 23N, white pawn;",
        "6 north edge: 14N, white queen;",
        "Game over 1-0: Checkmate",
    ] {
        assert!(text.contains(said), "'{said}' missing from:\n{text}");
    }
    check(goldens, "line-polar", &text);
}

#[test]
fn the_computer_command_plays_one_move_for_the_side_to_move() {
    let text = transcript(
        Variant::Polar,
        None,
        vec![Player::Human; 2],
        "computer\nhistory\nquit\n",
    );
    assert!(
        text.contains("White: the computer (strong) is thinking."),
        "{text}"
    );
    assert!(text.contains("White plays "), "{text}");
    assert!(
        text.contains("Moves: 1. "),
        "history after the reply: {text}"
    );
}

fn a_baccancat_game_says_the_reserve_and_the_scores(goldens: &mut crate::golden::Goldens) {
    let text = transcript(
        Variant::BacCanCat,
        None,
        vec![Player::Human; 4],
        "reserve\nscores\nfa-fc\nfa-ga\nzz-zz\nundo\nlast\nquit\n",
    );
    assert_plain(&text);
    for said in [
        "BacCanCat: Red is human, Orange is human, Green is human, Blue is human.",
        "Reserve: Q8 T8 G8.",
        "Points: Red 0, Orange 0, Green 0, Blue 0.",
        "Red plays pawn from fa to ga.",
        "Pawn fa can move to ga",
        "'zz-zz' is not",
        "Took back Pfa-ga.",
    ] {
        assert!(text.contains(said), "'{said}' missing from:\n{text}");
    }
    check(goldens, "line-baccancat", &text);
}

#[test]
fn new_after_a_finished_baccancat_game_goes_on_with_the_series() {
    // Red's Gnu marries on dh: Red takes all 6 points of game 1.
    let marriage =
        "oB14gB/16/16/16/4oK6gK4/16/4rG11/16/2rT13/2rKrQ12/16/11bK4/16/16/16/15bB r - - - Q8 0 1";
    let text = transcript(
        Variant::BacCanCat,
        Some(marriage),
        vec![Player::Human; 4],
        "scores\nej-dh\nscores\nnew\nscores\nquit\n",
    );
    assert_plain(&text);
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

crate::golden::golden_tests!(mod transcripts = [
    a_chess_game_against_the_computer_is_played_in_sentences,
    a_cat_chess_game_between_people_names_zones_and_passes,
    a_polar_game_is_played_ring_by_ring_in_sentences,
    a_baccancat_game_says_the_reserve_and_the_scores,
]);

#[test]
fn every_transcript_file_is_checked() {
    crate::golden::assert_every_file_is_checked(
        crate::golden::Owner::Transcripts,
        transcripts::CASES,
    );
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
#[test]
fn a_game_of_computers_alone_ends_on_quit_or_at_the_end_of_input() {
    for script in ["quit\n", "board\n", ""] {
        let done = within_seconds(60, move || {
            transcript(
                Variant::Chess,
                None,
                vec![Player::Computer(Level::Casual); 2],
                script,
            )
        });
        let text = done.unwrap_or_else(|| panic!("{script:?}: the game never ended"));
        let moves = text.matches(" plays ").count() + text.matches(" castles").count();
        assert!(
            moves <= 3,
            "{script:?}: {moves} moves after the input ended:\n{text}"
        );
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
