//! The fixed positions `catboard bench` searches: openings, middlegames and
//! endgames, chosen to exercise every part of the search.

/// The bench positions as (name, FEN).
pub const POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "italian",
        "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    ),
    (
        "queens-gambit",
        "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 8",
    ),
    (
        "sicilian",
        "r1b1kb1r/1pqp1ppp/p1n1pn2/8/3NP3/2N1B3/PPP1BPPP/R2QK2R w KQkq - 2 8",
    ),
    (
        "tactics",
        "r2q1rk1/ppp2ppp/2n1bn2/2bpp3/4P3/3P1NP1/PPPNQPBP/R1B2RK1 w - - 0 9",
    ),
    ("rook-ending", "8/5pk1/6p1/8/3R4/6P1/r4PKP/8 w - - 0 40"),
    ("pawn-ending", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];

/// Cat Chess positions for `catboard bench --variant cat`, as (name, Cat
/// FEN): each faction to move in the opening, the middlegame and the
/// ending, and a Cats' rescue.
pub const CAT_POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/7C/C7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "open-cats",
        "rnbqkbnr/pppp1ppp/8/4p2C/C3P3/8/PPPP1PPP/RNBQKBNR c KQkq e6 0 1",
    ),
    (
        "middle-white",
        "r2qk1nB/pbp4p/n3p1p1/1p1p4/CP6/N3PN1P/2PP2PC/R2QKB1R w KQq - 2 11",
    ),
    (
        "middle-black",
        "3br1Cr/1Cp2p2/3pk1pP/Pp5p/3P4/B3PN2/P1P1NP1P/1R3R1K b - - 0 21",
    ),
    (
        "middle-cats",
        "5B1C/2C2p1r/5b1P/PR1P2pp/P1P1k3/4PN2/1R2NP1P/7K c - - 0 32",
    ),
    ("cats-rescue", "6k1/5ppp/4C3/8/3C4/8/5PPP/R5K1 c - - 0 1"),
    ("rook-ending", "8/5pk1/6p1/2C5/3R4/6P1/r4PKP/7C w - - 0 40"),
];

/// BacCanCat positions for `catboard bench --variant baccancat`, as (name,
/// position text): the start, an opening, a middlegame with Cannons and
/// Arrows in play, one with an army out and its pieces in the Reserve,
/// and an ending of two armies, each reached by playing legal moves.
pub const BACCANCAT_POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "oBoBoAoCoRoP4gPgRgCgAgBgB/oBoBoAoCoRoP4gPgRgCgAgBgB/oAoAoMoMoNoP4gPgNgMgMgAgA/oCoCoMoMoNoY4gYgNgMgMgCgC/oRoRoNoNoKoY4gYgKgNgNgRgR/oPoPoPoYoYoY4gYgYgYgPgPgP/16/16/16/16/rPrPrPrYrYrY4bYbYbYbPbPbP/rRrRrNrNrKrY4bYbKbNbNbRbR/rCrCrMrMrNrY4bYbNbMbMbCbC/rArArMrMrNrP4bPbNbMbMbAbA/rBrBrArCrRrP4bPbRbCbAbBbB/rBrBrArCrRrP4bPbRbCbAbBbB r - aa,ea,la,pa,bb,eb,lb,ob,ae,be,oe,pe,al,bl,ol,pl,bo,eo,lo,oo,ap,ep,lp,pp - Q8,T8,G8 0 1",
    ),
    (
        "opening",
        "oBoBoAoCoRoP4gPgRgCgAgBgB/oBoBoAoCoRoP2oN1gPgRgCgAgBgB/oAoAoMoMoNoP4gPgN1gMgAgA/oCoCoM2oY3gMgYgN1gMgCgC/oRoRoNoNoKoY4gYgKgNgNgRgR/1oPoPoYoYoY5gYgYgPgPgP/oP3oM4gY6/16/16/3rMrM9bP1/rPrPrPrYrYrY3bYbYbYbYbPbPbR/rRrRrNrNrKrY3bM1bKbNbNbR1/rCrC2rNrY4bYbN1bMbCbC/rArArMrMrNrP4bPbNbMbMbAbA/rBrBrArCrRrP4bPbRbCbAbBbB/rBrBrArCrRrP4bPbRbCbAbBbB r - aa,ea,la,pa,bb,eb,lb,ob,ae,be,oe,al,bl,ol,pl,bo,eo,lo,oo,ap,ep,lp,pp - Q8,T8,G8 0 1",
    ),
    (
        "middlegame",
        "oBoBoAoCoRoP4gPgRgCgAgBgB/oBoBoAoCoRoP4gPgRgCgAgBgB/oAoAoMoM1oPoN1oM4gMgAgA/oCoCoMoK5gMgYgN1gNgCgC/oRoR1oN1oYoY3gYgK2gRgR/1oPoPgM6gN1gYgPgPgN/oP4oYoY2gYgY4gP/14bP1/7rM1bN6/3rM2rY4bY4/rPrPrPrYrY4bYbYbY1bPbPbR/rRrRrNrNrKrY1bM3bKbNbNbR1/rCrC3rYrN3bY2bMbCbC/rArArMrMrRrPrN3bPbNbMbMbAbA/rBrBrArC2rP2bP1bRbCbAbBbB/rBrBrArCrRrP3bP1bRbCbAbBbB r - aa,ea,la,pa,bb,lb,ob,ae,be,oe,al,bl,ol,pl,bo,eo,lo,oo,ap,ep,lp,pp - Q8,T8,G8 0 1",
    ),
    (
        "army-out",
        "10gPgRgCgAgBgB/10gPgRgCgAgBgB/14gAgA/10gYgN2gCgC/10gYbGgK2gR/13gPgM1/9gY4gPbR/7rY1gY6/6rY5gN1gP1/4rM2rNbYgG1bY1bN2/rPrPrP1rNrK4bYbY1bPgN1/rRrR1gM1rY5bR2bR1/rMrCrA2rYrN3bY1bKbMbCbC/rA1rMrRrCrP4bP1bMbMbAbA/rBrBrArC2rP2bPbC2bAbBbB/rBrBrArCrRrP2bP1bNbRbCbAbBbB g or aa,ea,la,pa,bb,ob,ae,be,oe,pl,lo,oo,lp,pp - Q8,T8,G6,R3,B4,N1,M4,C4,A4,K1 0 1",
    ),
    (
        "two-armies",
        "1rQ14/4rB11/11bA4/15bR/16/9rNrM5/rM1bA8rRrA3/9bYbC5/4rK1rY3rB2bP2/rP3rM8bK2/1rPrP2rYrN3rR1bM3/4rYrY3bY4bT1/rRrC1rY1rB2rP1bR5/rA1rY7bPrC1bA2/1rYrA4rP5bA2/rY1bC4rP2bN2rC1bB r or,gr pa,bp aa,bb,cc,dd,ee,ff Q7,T6,G6,R5,B8,N3,M5,C8,A7,K2 0 1",
    ),
];

#[cfg(test)]
mod tests {
    use super::BACCANCAT_POSITIONS;
    use crate::core::{Game, Options};
    use crate::variants::Variant;

    #[test]
    fn every_baccancat_bench_position_sets_up_and_reads_back_the_same() {
        for (name, text) in BACCANCAT_POSITIONS {
            let game = Variant::BacCanCat
                .from_position(text, &Options::new())
                .unwrap_or_else(|e| panic!("bench position {name}: {e}"));
            assert_eq!(game.position_text(), *text, "bench position {name}");
            assert!(game.outcome().is_none(), "bench position {name} is over");
        }
        let out: Vec<usize> = BACCANCAT_POSITIONS
            .iter()
            .map(|(_, text)| {
                text.split(' ')
                    .nth(2)
                    .map_or(0, |o| o.split(',').filter(|s| *s != "-").count())
            })
            .collect();
        assert!(out.contains(&1), "a position with one army out: {out:?}");
        assert!(out.contains(&2), "a position with two armies left: {out:?}");
    }
}
