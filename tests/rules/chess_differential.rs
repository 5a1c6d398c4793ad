//! Differential test: catboard's chess move generator against the
//! independent `cozy-chess` crate, on positions reached by random playouts.

use crate::support::{XorShift, legal_texts};
use catboard::core::{Game, Options};
use catboard::variants::chess::Chess;
use cozy_chess::Board;
use cozy_chess::util::display_uci_move;

fn cozy_legal(board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.push(display_uci_move(board, mv).to_string());
        }
        false
    });
    out.sort();
    out
}

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

#[test]
fn legal_move_sets_match_cozy_chess_on_random_playouts() {
    let mut rng = XorShift(0x5EED_CA7B_0A4D_0001);
    let mut positions = 0usize;
    let mut distinct = std::collections::HashSet::new();
    let (mut checks, mut castlings, mut en_passants, mut promotions) = (0, 0, 0, 0);
    let mut game_number = 0;
    while positions < 3000 {
        let start = STARTS[game_number % STARTS.len()];
        game_number += 1;
        let mut ours = Chess::from_fen(start, &Options::new()).expect("valid start");
        let mut theirs = Board::from_fen(start, false).expect("cozy parses start");
        for ply in 0..200 {
            let a = legal_texts(&ours);
            let b = cozy_legal(&theirs);
            assert_eq!(
                a,
                b,
                "legal moves differ in game {game_number} at ply {ply}, position {}",
                ours.position_text()
            );
            assert_eq!(
                ours.in_check(),
                !theirs.checkers().is_empty(),
                "check differs at {}",
                ours.position_text()
            );
            positions += 1;
            distinct.insert(ours.position_text());
            checks += usize::from(ours.in_check());
            let has = |pred: &dyn Fn(&str) -> bool| usize::from(a.iter().any(|m| pred(m)));
            promotions += has(&|m| m.len() == 5);
            castlings += has(&|m| {
                theirs.piece_on(m[..2].parse::<cozy_chess::Square>().expect("a square"))
                    == Some(cozy_chess::Piece::King)
                    && m.as_bytes()[0].abs_diff(m.as_bytes()[2]) == 2
            });
            en_passants += has(&|m| {
                let from = m[..2].parse::<cozy_chess::Square>().expect("a square");
                let to = m[2..4].parse::<cozy_chess::Square>().expect("a square");
                theirs.piece_on(from) == Some(cozy_chess::Piece::Pawn)
                    && from.file() != to.file()
                    && theirs.piece_on(to).is_none()
            });
            if a.is_empty() {
                break;
            }
            let pick = &a[rng.below(a.len())];
            let mv = ours.parse_move(pick).expect("our own move parses");
            ours.make_move(mv);
            let cozy_mv = cozy_chess::util::parse_uci_move(&theirs, pick).expect("cozy parses");
            theirs.play(cozy_mv);
            // Placement, side, castling rights agree after every move.
            let ours_fen = ours.position_text();
            let theirs_fen = theirs.to_string();
            let head = |f: &str| f.split(' ').take(3).collect::<Vec<_>>().join(" ");
            assert_eq!(
                head(&ours_fen),
                head(&theirs_fen),
                "FEN differs after {pick}"
            );
        }
    }
    // The playouts must not have gone round in circles, and every rule
    // that is easy to get wrong must have come up.
    assert!(
        distinct.len() >= 2500,
        "only {} distinct positions",
        distinct.len()
    );
    assert!(checks >= 50, "only {checks} positions in check");
    assert!(
        castlings >= 50,
        "castling open in only {castlings} positions"
    );
    assert!(
        en_passants >= 5,
        "en passant open in only {en_passants} positions"
    );
    assert!(
        promotions >= 20,
        "promotion open in only {promotions} positions"
    );
}

#[test]
fn unmake_restores_every_position_of_a_playout() {
    let mut rng = XorShift(42);
    let mut game = Chess::new(&Options::new());
    let mut fens = vec![game.position_text()];
    let mut hashes = vec![game.hash()];
    for _ in 0..300 {
        let moves = game.legal_move_list();
        if moves.is_empty() {
            break;
        }
        game.make_move(moves[rng.below(moves.len())]);
        fens.push(game.position_text());
        hashes.push(game.hash());
    }
    while game.unmake_move().is_some() {
        fens.pop();
        hashes.pop();
        assert_eq!(Some(&game.position_text()), fens.last());
        assert_eq!(Some(&game.hash()), hashes.last());
    }
    assert_eq!(fens.len(), 1);
}
