//! Tests of the board's drawing: cells, pictures and marks at every size.

use super::*;
use crate::session::look::{ColorDepth, GlyphSet};

#[test]
fn the_biggest_cells_that_fit_are_chosen() {
    let geo = Geometry::chess8();
    let white = Orientation::new(0, 2);
    let size = |room| BoardSize::fit(geo, white, room).map(|s| (s.cell_width, s.cell_height));
    assert_eq!(size((26, 9)), Some((3, 1)));
    assert_eq!(size((42, 17)), Some((5, 2)));
    assert_eq!(size((58, 25)), Some((7, 3)));
    assert_eq!(size((200, 25)), Some((7, 3)), "height limits too");
    assert_eq!(size((17, 9)), None);
    assert_eq!(BoardSize::minimum(geo, white), (18, 9));
}

/// The BacCanCat start drawn with `look` at cells of `cell_size`, Red
/// near; and the top-left corner of each cell on screen.
fn baccancat_start(
    look: &Look,
    cell_size: (u16, u16),
) -> (Buffer, AnyGame, impl Fn(Cell) -> (u16, u16)) {
    let game = catboard::variants::Variant::BacCanCat.new_game(&catboard::core::Options::new());
    let geo = game.geometry();
    let orientation = Orientation::new(0, 4);
    let size = BoardSize::all(geo, orientation)
        .find(|s| (s.cell_width, s.cell_height) == cell_size)
        .unwrap_or_else(|| panic!("no cell size {cell_size:?}"));
    let area = Rect::new(0, 0, size.width(), size.height());
    let mut buf = Buffer::empty(area);
    BoardView {
        game: &game,
        look,
        marks: &BoardMarks::default(),
        orientation,
        size,
    }
    .render(area, &mut buf);
    let extent = drawing_extent(geo);
    let corner = move |cell: Cell| {
        let (col, row) = orientation.screen_place(geo.place(cell), extent);
        (
            size.label_width + col * size.cell_width,
            row * size.cell_height,
        )
    };
    (buf, game, corner)
}

/// A cell of each shade in Red's camp, and one of the same shade in no camp.
fn camp_and_plain(game: &AnyGame, light: bool) -> (Cell, Cell) {
    let geo = game.geometry();
    let regions = game.annotations().regions;
    let red = regions.first().map(|(_, cells)| *cells).unwrap_or_default();
    let shade = |c: &Cell| geo.is_light(*c) == light;
    let camp = red.iter().find(shade);
    let plain = geo
        .cells()
        .filter(shade)
        .find(|c| owner(&regions, *c).is_none());
    match (camp, plain) {
        (Some(camp), Some(plain)) => (camp, plain),
        _ => panic!("BacCanCat has no camp"),
    }
}

#[test]
fn a_camp_square_is_tinted_unlike_the_same_square_outside_any_camp() {
    let look = Look::test_default();
    let (buf, game, corner) = baccancat_start(&look, (3, 1));
    for light in [true, false] {
        let (camp, plain) = camp_and_plain(&game, light);
        let bg = |cell| buf[corner(cell)].bg;
        assert_ne!(bg(camp), bg(plain), "light {light}: the camp is not tinted");
        // Tinted, so no camp mark is needed.
        assert_eq!(buf[corner(camp)].symbol(), " ");
    }
}

#[test]
fn without_tints_a_camp_square_carries_the_camp_mark_in_its_lower_left_corner() {
    let mono = Theme::built_in("mono").unwrap_or_else(|| panic!("no mono theme"));
    for (glyphs, mark) in [(GlyphSet::Unicode, "▫"), (GlyphSet::Ascii, ",")] {
        // Mono, and classic in 16 colours, where camps are not tinted.
        for (theme, depth) in [
            (&mono, ColorDepth::TrueColor),
            (&Theme::classic(), ColorDepth::Ansi16),
        ] {
            let look = Look::new(theme, depth, glyphs);
            for cell_size in [(3, 1), (7, 3)] {
                let (buf, game, corner) = baccancat_start(&look, cell_size);
                let lower_left = |cell| {
                    let (x, y) = corner(cell);
                    buf[(x, y + cell_size.1 - 1)].symbol().to_string()
                };
                let (camp, plain) = camp_and_plain(&game, true);
                let what = format!("{} at {depth:?}, {cell_size:?}", theme.name);
                assert_eq!(lower_left(camp), mark, "{what}");
                assert_eq!(lower_left(plain), " ", "{what}");
            }
        }
    }
}

#[test]
fn a_board_with_letters_on_both_axes_says_which_comes_first_in_a_name() {
    let bcc = catboard::variants::Variant::BacCanCat.new_game(&catboard::core::Options::new());
    let geo = bcc.geometry();
    let red = axis_hint(geo, Orientation::new(0, 4), 80);
    let orange = axis_hint(geo, Orientation::new(1, 4), 80);
    assert_eq!(
        red,
        Some("A cell's name: its column's letter (file), then its row's (rank)")
    );
    assert_eq!(
        orange,
        Some("A cell's name: its row's letter (file), then its column's (rank)")
    );
    // The words fit the room, shorter where it is narrow.
    assert_eq!(
        axis_hint(geo, Orientation::new(2, 4), 34),
        Some("Cell = column letter + row letter")
    );
    assert_eq!(
        axis_hint(geo, Orientation::new(3, 4), 20),
        Some("cell = row + column")
    );
    // A cell's name read that way is the cell drawn there: the top
    // left cell seen from Orange is named by its row's label, then
    // its column's.
    let labels = Labels::of(geo, Orientation::new(1, 4));
    let extent = drawing_extent(geo);
    let top_left = geo
        .cells()
        .find(|c| Orientation::new(1, 4).screen_place(geo.place(*c), extent) == (0, 0))
        .unwrap_or_default();
    assert_eq!(
        geo.name(top_left),
        format!("{}{}", labels.rows[0], labels.cols[0])
    );
    // Chess's labels say it themselves.
    assert_eq!(
        axis_hint(Geometry::chess8(), Orientation::new(0, 2), 80),
        None
    );
    assert_eq!(
        axis_hint(Geometry::chess8(), Orientation::new(1, 2), 80),
        None
    );
}

#[test]
fn labels_follow_the_orientation() {
    let geo = Geometry::chess8();
    let white = Labels::of(geo, Orientation::new(0, 2));
    assert_eq!(white.rows.first().map(String::as_str), Some("8"));
    assert_eq!(white.cols.first().map(String::as_str), Some("a"));
    let black = Labels::of(geo, Orientation::new(1, 2));
    assert_eq!(black.rows.first().map(String::as_str), Some("1"));
    assert_eq!(black.cols.first().map(String::as_str), Some("h"));
    let side = Labels::of(geo, Orientation::new(1, 4));
    assert_eq!(side.rows.len(), 8);
    assert!(
        side.rows
            .iter()
            .all(|l| l.chars().all(|c| c.is_ascii_alphabetic()))
    );
}

#[test]
fn without_colour_dark_squares_carry_a_texture_and_light_ones_do_not() {
    let game = catboard::variants::Variant::Chess.new_game(&catboard::core::Options::new());
    let geo = game.geometry();
    let white = Orientation::new(0, 2);
    for (glyphs, texture) in [(GlyphSet::Unicode, "·"), (GlyphSet::Ascii, ".")] {
        for (theme, depth) in [
            (Theme::classic(), ColorDepth::NoColor),
            (
                Theme::built_in("mono").unwrap_or_else(Theme::classic),
                ColorDepth::TrueColor,
            ),
        ] {
            let look = Look::new(&theme, depth, glyphs);
            for cell_size in [(3, 1), (5, 2), (7, 3)] {
                let size = BoardSize::all(geo, white)
                    .find(|s| (s.cell_width, s.cell_height) == cell_size)
                    .unwrap_or_else(|| panic!("no size {cell_size:?}"));
                let area = Rect::new(0, 0, size.width(), size.height());
                let mut buf = Buffer::empty(area);
                BoardView {
                    game: &game,
                    look: &look,
                    marks: &BoardMarks::default(),
                    orientation: white,
                    size,
                }
                .render(area, &mut buf);
                // e4 is light and d4 dark, both empty.
                let row_text = |name: &str| {
                    let cell = geo.cell(name).unwrap_or_default();
                    let (col, row) = white.screen_place(geo.place(cell), drawing_extent(geo));
                    let x = size.label_width + col * size.cell_width;
                    let y = row * size.cell_height + size.cell_height / 2;
                    (x..x + size.cell_width)
                        .map(|x| buf[(x, y)].symbol().to_string())
                        .collect::<String>()
                };
                let what = format!("{glyphs:?} {} at {depth:?}, {cell_size:?}", theme.name);
                assert!(
                    row_text("d4").contains(texture),
                    "{what}: d4 '{}'",
                    row_text("d4")
                );
                assert!(
                    !row_text("e4").contains(texture),
                    "{what}: e4 '{}'",
                    row_text("e4")
                );
            }
        }
    }
    // With colour, the squares' colours tell them apart and no
    // texture is drawn.
    assert!(!squares_alike(
        &Theme::classic().adapted(ColorDepth::Ansi16)
    ));
}
