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
        speech: crate::session::SpeechChoice::default(),
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
