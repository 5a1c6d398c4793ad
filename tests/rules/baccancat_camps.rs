//! BacCanCat tells a viewer its camps through the variant-neutral
//! `Annotations::regions`: each army's 6 × 6 corner, in turn order.

use catboard::core::{Game, Options, Seat};
use catboard::variants::Variant;

#[test]
fn the_regions_are_the_four_six_by_six_camps_in_turn_order() {
    let game = Variant::BacCanCat.new_game(&Options::new());
    let geo = game.geometry();
    let regions = game.annotations().regions;
    let owners: Vec<Seat> = regions.iter().map(|(seat, _)| *seat).collect();
    assert_eq!(owners, [Seat(0), Seat(1), Seat(2), Seat(3)]);
    // Red a–f × a–f, Orange a–f × k–p, Green k–p × k–p, Blue k–p × a–f.
    let spans = [
        (0..6, 0..6),
        (0..6, 10..16),
        (10..16, 10..16),
        (10..16, 0..6),
    ];
    for ((seat, cells), (files, ranks)) in regions.iter().zip(spans) {
        let expected: Vec<_> = geo
            .cells()
            .filter(|&c| files.contains(&geo.file(c)) && ranks.contains(&geo.rank(c)))
            .collect();
        assert_eq!(expected.len(), 36);
        assert_eq!(cells.iter().collect::<Vec<_>>(), expected, "seat {seat:?}");
    }
    let chess = Variant::Chess.new_game(&Options::new());
    assert!(chess.annotations().regions.is_empty());
}
