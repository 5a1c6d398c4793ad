use super::*;
use crate::core::Options;
use crate::variants::{AnyGame, Variant};

fn game(variant: Variant, position: &str) -> AnyGame {
    variant
        .from_position(position, &Options::new())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The move `text` names, which must be exactly one.
fn one(game: &AnyGame, text: &str) -> String {
    match read_move(game, text) {
        Reading::Move(mv) => game.move_text(mv),
        other => panic!("{text:?} read as {other:?}"),
    }
}

#[test]
fn every_form_of_a_knight_move_reads_as_it() {
    let chess = Variant::Chess.new_game(&Options::new());
    for text in [
        "Nf3",
        "nf3",
        "N f3",
        "n f3",
        "knight f3",
        "Knight f3",
        "kn f3",
        "Ng1f3",
        "Ng1-f3",
        "ng1 f3",
        "g1f3",
        "g1-f3",
        "g1 f3",
        "G1-F3",
        "g1xf3",
        "Nf3+",
        "Nf3!",
        "Nf3?",
    ] {
        assert_eq!(one(&chess, text), "g1f3", "{text}");
    }
    for text in [
        "e4", "E4", "e2e4", "e2-e4", "e2 e4", "E2 E4", "Pe4", "pe2e4", "pawn e4",
    ] {
        assert_eq!(one(&chess, text), "e2e4", "{text}");
    }
}

#[test]
fn a_lower_case_letter_that_is_a_piece_or_a_file_asks_which() {
    let chess = game(Variant::Chess, "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1");
    assert_eq!(one(&chess, "bxc4"), "b3c4", "SAN as written is the pawn");
    assert_eq!(one(&chess, "Bxc4"), "f1c4");
    assert_eq!(one(&chess, "Bc4"), "f1c4");
    match read_move(&chess, "bc4") {
        Reading::Either(moves) => {
            let mut texts: Vec<String> = moves.iter().map(|m| chess.move_text(*m)).collect();
            texts.sort();
            assert_eq!(texts, ["b3c4", "f1c4"]);
        }
        other => panic!("bc4 read as {other:?}"),
    }
}

#[test]
fn a_piece_without_the_detail_its_rivals_need_asks_which() {
    let chess = game(Variant::Chess, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert!(matches!(read_move(&chess, "Nd2"), Reading::Either(m) if m.len() == 2));
    assert_eq!(one(&chess, "Nbd2"), "b1d2");
    assert_eq!(one(&chess, "nfd2"), "f3d2");
}

#[test]
fn a_promotion_without_its_piece_asks_which_in_every_form() {
    let chess = game(Variant::Chess, "4k2r/6P1/8/8/8/8/8/4K3 w - - 0 1");
    for text in [
        "gxh8", "gh8", "g7h8", "g7xh8", "g7-h8", "g7 h8", "g8", "g7g8",
    ] {
        match read_move(&chess, text) {
            Reading::Choose(choices) => assert_eq!(choices.len(), 4, "{text}"),
            other => panic!("{text:?} read as {other:?}"),
        }
    }
    assert_eq!(one(&chess, "gxh8=Q"), "g7h8q");
    assert_eq!(one(&chess, "gxh8N"), "g7h8n");
    assert_eq!(one(&chess, "g7h8r"), "g7h8r");
    assert_eq!(one(&chess, "g8=B+"), "g7g8b");
}

#[test]
fn no_legal_move_gives_the_games_reason() {
    let chess = Variant::Chess.new_game(&Options::new());
    assert!(matches!(read_move(&chess, "e5"), Reading::NotLegal(_)));
    assert!(matches!(read_move(&chess, "Nf6"), Reading::NotLegal(_)));
    assert!(matches!(read_move(&chess, ""), Reading::NotLegal(_)));
    assert!(matches!(read_move(&chess, "?"), Reading::NotLegal(_)));
}

#[test]
fn chu_and_polar_read_every_form_too() {
    let chu = Variant::Chu.new_game(&Options::new());
    let lion = one(&chu, "Le3");
    assert_eq!(one(&chu, "Le1-e3"), lion);
    assert_eq!(one(&chu, "le1 e3"), lion);
    let polar = Variant::Polar.new_game(&Options::new());
    assert_eq!(one(&polar, "15N-16N"), one(&polar, "15n 16n"));
    assert_eq!(one(&polar, "B6N-2N"), one(&polar, "6N 2N"));
    assert_eq!(one(&polar, "b6n2n"), one(&polar, "6N-2N"));
}

/// Positions along a game of each variant: every legal move, written as
/// the move list, reads as itself, and as coordinates as itself or a
/// choice that includes it; its paths' cells,
/// joined by nothing, `-` or a space, read as it or ask among moves
/// that include it.
#[test]
fn every_legal_move_reads_back_from_its_notation_and_its_cells_in_every_variant() {
    for &variant in Variant::ALL {
        let mut game = variant.new_game(&Options::new());
        for ply in 0..40 {
            let legal = game.legal_move_list();
            if legal.is_empty() {
                break;
            }
            let geo = game.geometry();
            // Every fourth position is enough to meet every kind of move.
            for &mv in legal.iter().filter(|_| ply % 4 == 0) {
                let text = game.move_notation(mv);
                assert_eq!(
                    read_move(&game, &text),
                    Reading::Move(mv),
                    "{variant:?} {text}"
                );
                // Coordinates that are the cells alone ask where the cells
                // are shared by a choice (BacCanCat's capture that may
                // promote to a gnu).
                let text = game.move_text(mv);
                match read_move(&game, &text) {
                    Reading::Move(m) => assert_eq!(m, mv, "{variant:?} {text}"),
                    Reading::Choose(c) => assert!(c.iter().any(|(_, m)| *m == mv), "{text}"),
                    other => panic!("{variant:?} {text}: {other:?}"),
                }
                if mv.is_pass() {
                    continue;
                }
                let paths = game.entry_paths(mv);
                for (joint, path) in ["", "-", " "].iter().zip(paths.iter().cycle()) {
                    let path: Vec<&str> = path.iter().map(|c| geo.name(*c)).collect();
                    let text = path.join(joint);
                    let named = match read_move(&game, &text) {
                        Reading::Move(m) => vec![m],
                        Reading::Choose(c) => c.into_iter().map(|(_, m)| m).collect(),
                        Reading::Either(m) => m,
                        Reading::NotLegal(e) => panic!("{variant:?} {text}: {e}"),
                    };
                    assert!(named.contains(&mv), "{variant:?} {text}: {named:?}");
                }
            }
            let mv = legal[(ply * 7) % legal.len()];
            game.make_move(mv);
        }
    }
}

#[test]
fn a_typo_of_one_move_suggests_it() {
    let chess = Variant::Chess.new_game(&Options::new());
    let meant = |text: &str| nearest_move(&chess, text).map(|m| chess.move_text(m));
    assert_eq!(meant("Ng1f4"), Some("g1f3".to_string()));
    assert_eq!(meant("g1h4"), Some("g1h3".to_string()));
    assert_eq!(meant("e2e5"), None, "e2e4 and e2e3 are both a typo away");
    assert_eq!(meant("Nf4"), None, "f4 and Nf3 are both a typo away");
    assert_eq!(meant("Qh5"), None);
}
