//! Perft for Cat Chess: catboard's leaf counts against a second, brute-force
//! implementation written from the rules in `tests/support/cat_brute.rs`
//! (which shares no code with `src/variants/cat`), from the start and from
//! three corpus positions with castling, en passant and zones in play; and
//! the two generators' legal move lists compared on random playouts.

use crate::support::cat_brute::{self, Position};
use crate::support::{XorShift, legal_texts};
use catboard::core::{EndReason, Game, perft};
use catboard::variants::cat::{CatChess, START_FEN};

const WHITE_CASTLES: &str = "rn2kb1r/1C2qpp1/p1n5/4p2p/2pB2b1/1PPBP2C/1PQ1NPPP/R3K2R w KQkq - 4 18";
const BLACK_CASTLES: &str = "rn2k2r/2C2p2/p1n3pb/R3p2p/1qBB2bC/2P1P3/1P3PPP/3QK1NR b Kkq - 5 22";
const BLACK_EN_PASSANT: &str = "4N3/8/8/8/2kP4/1b4P1/4C2C/4K2R b - d3 0 47";

fn perft_of(fen: &str, depth: u32) -> u64 {
    let mut game = CatChess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    perft(&mut game, depth)
}

/// catboard's count, checked against the brute-force generator's.
fn agreed_perft(fen: &str, depth: u32) -> u64 {
    let ours = perft_of(fen, depth);
    let theirs = cat_brute::perft(&Position::from_fen(fen), depth);
    assert_eq!(
        ours, theirs,
        "perft {depth} of {fen}: catboard against brute force"
    );
    ours
}

#[test]
fn perft_of_the_start() {
    let counts: Vec<u64> = (1..=4).map(|d| agreed_perft(START_FEN, d)).collect();
    assert_eq!(counts, [19, 361, 3743, 77878]);
    assert_eq!(perft_of(START_FEN, 5), 1_621_568);
}

#[test]
fn perft_with_both_castlings_available_to_white() {
    assert_eq!(agreed_perft(WHITE_CASTLES, 3), 9559);
    assert_eq!(perft_of(WHITE_CASTLES, 4), 344_186);
}

#[test]
fn perft_with_black_to_castle_among_cats() {
    assert_eq!(agreed_perft(BLACK_CASTLES, 3), 19039);
    assert_eq!(perft_of(BLACK_CASTLES, 4), 759_107);
}

#[test]
fn perft_with_black_to_take_en_passant() {
    assert_eq!(agreed_perft(BLACK_EN_PASSANT, 3), 1372);
    assert_eq!(agreed_perft(BLACK_EN_PASSANT, 4), 17882);
}

#[test]
fn perft_where_a_zone_forbids_en_passant() {
    // Black's e4 Pawn may take d4 en passant on d3, unless a zone holds the
    // landing cell (Cat c2), the passed Pawn (Cat c5) or the taker (Cat f5).
    let open = "4k2C/8/8/8/3Pp3/8/8/C3K3 b - d3 0 1";
    assert!(
        Position::from_fen(open)
            .legal_texts()
            .contains(&"e4d3".to_string())
    );
    agreed_perft(open, 3);
    for cat in ["8/8/8/3Pp3/8/2C5", "8/8/2C5/3Pp3/8/8", "8/8/5C2/3Pp3/8/8"] {
        let fen = format!("4k2C/{cat}/4K3 b - d3 0 1");
        assert!(
            !Position::from_fen(&fen)
                .legal_texts()
                .contains(&"e4d3".to_string()),
            "{fen}"
        );
        agreed_perft(&fen, 3);
    }
}

#[test]
fn legal_moves_match_the_brute_force_generator_on_random_playouts() {
    let mut rng = XorShift(0xCA7_5EED_0000_0001);
    let starts = [START_FEN, WHITE_CASTLES, BLACK_CASTLES, BLACK_EN_PASSANT];
    let mut positions = 0usize;
    let (mut captures, mut cat_moves, mut en_passants, mut castlings) = (0, 0, 0, 0);
    for game_number in 0..60 {
        let start = starts[game_number % starts.len()];
        let mut ours = CatChess::from_fen(start).expect("a valid start");
        let mut theirs = Position::from_fen(start);
        for ply in 0..150 {
            // Once a rule other than mate or stalemate has ended the game,
            // catboard may list no moves; the brute force knows no draws.
            if let Some(outcome) = ours.outcome()
                && !matches!(outcome.reason, EndReason::Checkmate | EndReason::Stalemate)
            {
                break;
            }
            let a = legal_texts(&ours);
            let b = theirs.legal_texts();
            assert_eq!(
                a,
                b,
                "legal moves differ in game {game_number} at ply {ply}, position {}",
                ours.position_text()
            );
            positions += 1;
            if a.is_empty() {
                break;
            }
            if a.iter().any(|m| is_castling(&ours, m)) {
                castlings += 1;
            }
            if a.iter().any(|m| is_en_passant(&ours, m)) {
                en_passants += 1;
            }
            let pick = a[rng.below(a.len())].clone();
            let mv = ours.parse_move(&pick).expect("our own move parses");
            if ours.captured(mv).is_some() {
                captures += 1;
            }
            if pick.len() == 4 && is_cat_at(&ours, &pick[..2]) {
                cat_moves += 1;
            }
            ours.make_move(mv);
            theirs = theirs
                .successors()
                .into_iter()
                .find(|(text, _)| *text == pick)
                .map(|(_, p)| p)
                .expect("the brute force has the move too");
        }
    }
    // Enough positions, and the rules that matter most were exercised.
    assert!(positions >= 3000, "only {positions} positions compared");
    assert!(captures >= 50, "only {captures} captures played");
    assert!(cat_moves >= 50, "only {cat_moves} Cats' moves played");
    assert!(
        castlings >= 20,
        "castling was open in only {castlings} positions"
    );
    assert!(
        en_passants >= 2,
        "en passant was open in only {en_passants} positions"
    );
}

/// Whether the move `text` is a King's two-cell step.
fn is_castling(game: &CatChess, text: &str) -> bool {
    let position = Position::from_fen(&game.position_text());
    matches!(text, "e1g1" | "e1c1" | "e8g8" | "e8c8")
        && position
            .piece_on(&text[..2])
            .is_some_and(|p| p.eq_ignore_ascii_case(&b'k'))
}

/// Whether a Cat stands on the cell named `from`.
fn is_cat_at(game: &CatChess, from: &str) -> bool {
    Position::from_fen(&game.position_text()).piece_on(from) == Some(b'C')
}

/// Whether the move `text` is a Pawn's capture onto an empty cell.
fn is_en_passant(game: &CatChess, text: &str) -> bool {
    let position = Position::from_fen(&game.position_text());
    let (from, to) = (
        text.get(..2).unwrap_or_default(),
        text.get(2..4).unwrap_or_default(),
    );
    position
        .piece_on(from)
        .is_some_and(|p| p.eq_ignore_ascii_case(&b'p'))
        && from.as_bytes()[0] != to.as_bytes()[0]
        && position.piece_on(to).is_none()
}
