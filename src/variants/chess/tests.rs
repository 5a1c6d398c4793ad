use super::*;
use crate::core::perft;

fn perft_of(fen: &str, depth: u32) -> u64 {
    let mut g = Chess::from_fen(fen, &Options::new()).expect("valid FEN");
    perft(&mut g, depth)
}

#[test]
fn start_position_perft_depth_3() {
    assert_eq!(perft_of(START_FEN, 3), 8902);
}
