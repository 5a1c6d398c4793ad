//! Polar chess in writing: the position text (the issue's six fields),
//! moves in coordinates and in the move list's form, and one-sentence
//! errors for bad input.

use catboard::core::{Game, Options};
use catboard::variants::Variant;
use catboard::variants::polar::{Polar, START_TEXT};

fn start() -> Polar {
    Polar::new(&Options::new())
}

fn read(text: &str) -> Result<Polar, String> {
    Polar::from_text(text, &Options::new()).map_err(|e| e.to_string())
}

/// A message is one sentence: a capital, one full stop at the end.
fn assert_sentence(message: &str) {
    assert!(message.ends_with('.'), "{message}");
    assert!(
        message
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || c == '\''),
        "{message}"
    );
    assert!(!message.contains('\n'), "{message}");
}

#[test]
fn the_start_is_written_exactly_as_the_issue_gives_it() {
    assert_eq!(
        start().position_text(),
        "K3E,Q14N,R14S,R4E,B6N,B2E,N6S,N5E,P15N,P13N,P22S,P23N,P15S,P13S,P22N,P23S,k10E,q9N,r9S,r9E,b3N,b11E,n3S,n8E,p18N,p10N,p19S,p26N,p18S,p10S,p19N,p26S w 15N,13N,18N,10N,22S,23N,19S,26N,15S,13S,18S,10S,22N,23S,19N,26S - 0 1"
    );
    assert_eq!(Variant::Polar.start_position(), START_TEXT);
}

#[test]
fn position_texts_read_back_to_the_same_text_in_any_piece_order_and_case() {
    let text = "k9S,K14S,p18n,P15N,n3s w 15N - 3 7";
    let g = read(text).expect("valid");
    assert_eq!(g.position_text(), "K14S,P15N,k9S,n3S,p18N w 15N - 3 7");
    let again = read(&g.position_text()).expect("valid");
    assert_eq!(again.hash(), g.hash());
}

#[test]
fn bad_position_texts_are_refused_in_one_sentence_naming_the_fault() {
    let cases = [
        ("K14S,k9S w - - 0", "six fields"),
        ("K14S,X3E,k9S w - - 0 1", "Piece 2"),
        ("K14S,Q99N,k9S w - - 0 1", "Piece 2"),
        ("K14S,Q14S,k9S w - - 0 1", "two pieces on 14S"),
        ("K14S,K3E,k9S w - - 0 1", "White 2 kings"),
        ("K14S w - - 0 1", "Black 0 kings"),
        ("K14S,P9N,k9S w - - 0 1", "promoted"),
        ("K14S,k9S x - - 0 1", "side to move"),
        ("K14S,P15N,k9S w 16N - 0 1", "16N, where no pawn"),
        ("K14S,P15N,k9S w 99Q - 0 1", "'99Q'"),
        ("K14S,P15N,k9S b - 16N 0 1", "16N"),
        ("K14S,P17N,k9S b - 16N/18N 0 1", "16N/18N"),
        ("K14S,k9S w - - x 1", "halfmove"),
        ("K14S,k9S w - - 0 0", "move number"),
        ("K14S,R14N,k9N w - - 0 1", "in check"),
    ];
    for (text, fragment) in cases {
        let message = read(text).expect_err(text);
        assert!(message.contains(fragment), "{text}: {message}");
        assert_sentence(&message);
    }
}

#[test]
fn moves_are_written_from_to_with_the_cell_names() {
    let g = start();
    let mut texts: Vec<String> = g
        .legal_move_list()
        .iter()
        .map(|m| g.move_text(*m))
        .collect();
    texts.sort();
    assert!(texts.contains(&"15N-16N".to_string()));
    assert!(texts.contains(&"2E-3N".to_string()));
    let promoting = read("K14S,P19S,k9N w - - 0 1").expect("valid");
    let mv = promoting.parse_move("19S-10E=Q").expect("legal");
    assert_eq!(promoting.move_text(mv), "19S-10E=Q");
}

#[test]
fn every_spelling_of_a_move_is_read() {
    let g = start();
    let want = g.parse_move("15N-16N").expect("legal");
    for text in [
        "15n-16n",
        "15N16N",
        "P15N-16N",
        "p15n16n",
        " 15N-16N ",
        "15N-16N!",
    ] {
        assert_eq!(g.parse_move(text), Ok(want), "{text}");
    }
    let capture = g.parse_move("B2Ex3N").expect("legal");
    assert_eq!(g.parse_move("2e-3n"), Ok(capture));
    let promoting = read("K14S,P19S,k9N w - - 0 1").expect("valid");
    let queen = promoting.parse_move("19S-10E=Q").expect("legal");
    for text in ["19s10eq", "19Sx10E=Q", "19S-10E(Q)", "P19Sx10E=q+"] {
        assert_eq!(promoting.parse_move(text), Ok(queen), "{text}");
    }
}

#[test]
fn the_move_list_form_names_piece_capture_promotion_and_check() {
    let g = start();
    let mv = g.parse_move("2E-3N").expect("legal");
    assert_eq!(g.move_notation(mv), "B2Ex3N");
    let mv = g.parse_move("15N-16N").expect("legal");
    assert_eq!(g.move_notation(mv), "15N-16N");
    // 19S steps to 10E, queens, and checks the king on 9N.
    let promoting = read("K14S,P19S,k9N w - - 0 1").expect("valid");
    let mv = promoting.parse_move("19S-10E=Q").expect("legal");
    assert_eq!(promoting.move_notation(mv), "19S-10E=Q+");
}

#[test]
fn bad_moves_are_refused_in_one_sentence() {
    let g = start();
    let promoting = read("K14S,P19S,k9N w - - 0 1").expect("valid");
    let cases = [
        (&g, "hello", "not a Polar chess move"),
        (&g, "15N-99N", "no cell '99N'"),
        (&g, "15N-18N", "not a legal move"),
        (&g, "N15N-16N", "names a piece 'N'"),
        (&g, "", "not a Polar chess move"),
        (&promoting, "19S-10E", "promotes"),
        (&promoting, "19S-10E=K", "not a piece to promote to"),
        (&g, "15N-16N=Q", "does not promote to that piece"),
        (&promoting, "19S-10E=Z", "not a piece to promote to"),
    ];
    for (game, text, fragment) in cases {
        let message = game.parse_move(text).expect_err(text).to_string();
        assert!(message.contains(fragment), "{text}: {message}");
        assert_sentence(&message);
    }
}
