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
