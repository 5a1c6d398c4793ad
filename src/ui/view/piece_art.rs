//! Big pieces: for board cells of 7 × 3 characters and more, each piece
//! drawn as a picture five columns wide and three rows tall, its seat told
//! by its form as well as by its colour: the light seats' (White's) pictures
//! outlined, the dark seats' (Black's) filled, as the chess symbols `♔` and
//! `♚` are.
//!
//! - In the Unicode set a picture is made of quadrant blocks
//!   (`▘▝▖▗▀▄▌▐▚▞▛▜▙▟█`, two by two pixels a character): chess's six kinds
//!   and the Cat by their silhouettes (outlined: only the silhouette's
//!   edge pixels), every other kind (a crowned one too, so it never looks
//!   like the kind it was promoted from) by its notation letter in a larger form
//!   (a 3 × 5 pixel font doubled in width), plain for a light seat and cut
//!   out of a filled tile for a dark one. The glyph and seat mark are drawn
//!   on the picture's base or under it. No two kinds of a variant have
//!   pictures alike (a test measures how many pixels they differ in).
//! - In the letters and ASCII sets a picture is the piece's text (crown,
//!   letter, seat mark) in a box of ASCII characters: an outlined box
//!   (`.---.`) for a light seat, a filled one (`#####`) for a dark seat.
//!
//! The Cats, one army whoever's seat they are, are drawn filled.

use crate::session::look::GlyphSet;
use crate::ui::glyphs::{GlyphDrawing, label_letter, light_seat};
use catboard::core::{Game, Piece, PieceKind};
use unicode_width::UnicodeWidthStr;

/// Pixels across a picture: two per column.
const ART_PIXELS_WIDE: usize = 10;
/// Pixels down a picture: two per row.
const ART_PIXELS_TALL: usize = 6;
/// Columns a picture takes.
pub const ART_WIDTH: u16 = 5;
/// Rows a picture takes.
pub const ART_HEIGHT: u16 = 3;

/// The smallest cell (columns, rows) a picture is drawn in.
pub const BIG_FROM: (u16, u16) = (7, 3);

/// A piece's picture: [`ART_HEIGHT`] rows of [`ART_WIDTH`] columns, and
/// whether it shows the piece's text itself (the boxes of the letters and
/// ASCII sets), so the glyph is not drawn again under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The rows, top first, each [`ART_WIDTH`] columns wide.
    pub rows: [String; ART_HEIGHT as usize],
    /// Whether the picture already shows the glyph (and crown and mark).
    pub labelled: bool,
}

/// A silhouette: [`ART_PIXELS_TALL`] rows of [`ART_PIXELS_WIDE`] pixels,
/// `#` set. Every one is at least three pixels thick somewhere, so its
/// outline differs from it.
type Mask = [&'static str; ART_PIXELS_TALL];

const PAWN: Mask = [
    "..........",
    "....##....",
    "...####...",
    "...####...",
    "....##....",
    "..######..",
];
const KING: Mask = [
    "....##....",
    "...####...",
    "....##....",
    ".########.",
    ".########.",
    "..######..",
];
const QUEEN: Mask = [
    "#..#..#..#",
    "##.####.##",
    "..######..",
    "...####...",
    "..######..",
    "##########",
];
const ROOK: Mask = [
    "##.####.##",
    "##########",
    ".########.",
    ".########.",
    ".########.",
    "##########",
];
const BISHOP: Mask = [
    "....##....",
    "...####...",
    "..###.##..",
    "..######..",
    "...####...",
    ".########.",
];
const KNIGHT: Mask = [
    "..####....",
    ".#######..",
    "########..",
    "#...####..",
    "...#####..",
    ".#######..",
];
const CAT: Mask = [
    "##......##",
    "###....###",
    "##########",
    "##.####.##",
    ".########.",
    "..######..",
];

/// The 3 × 5 pixel font of the capital letters, rows top first.
fn letter_rows(letter: char) -> [&'static str; 5] {
    match letter {
        'A' => [".#.", "#.#", "###", "#.#", "#.#"],
        'B' => ["##.", "#.#", "##.", "#.#", "##."],
        'C' => [".##", "#..", "#..", "#..", ".##"],
        'D' => ["##.", "#.#", "#.#", "#.#", "##."],
        'E' => ["###", "#..", "##.", "#..", "###"],
        'F' => ["###", "#..", "##.", "#..", "#.."],
        'G' => [".##", "#..", "#.#", "#.#", "###"],
        'H' => ["#.#", "#.#", "###", "#.#", "#.#"],
        'I' => ["###", ".#.", ".#.", ".#.", "###"],
        'J' => ["..#", "..#", "..#", "#.#", ".#."],
        'K' => ["#.#", "#.#", "##.", "#.#", "#.#"],
        'L' => ["#..", "#..", "#..", "#..", "###"],
        'M' => ["#.#", "###", "###", "#.#", "#.#"],
        'N' => ["##.", "#.#", "#.#", "#.#", "#.#"],
        'O' => [".#.", "#.#", "#.#", "#.#", ".#."],
        'P' => ["##.", "#.#", "##.", "#..", "#.."],
        'Q' => [".#.", "#.#", "#.#", "##.", ".##"],
        'R' => ["##.", "#.#", "##.", "##.", "#.#"],
        'S' => [".##", "#..", ".#.", "..#", "##."],
        'T' => ["###", ".#.", ".#.", ".#.", ".#."],
        'U' => ["#.#", "#.#", "#.#", "#.#", "###"],
        'V' => ["#.#", "#.#", "#.#", "#.#", ".#."],
        'W' => ["#.#", "#.#", "###", "###", "#.#"],
        'X' => ["#.#", "#.#", ".#.", "#.#", "#.#"],
        'Y' => ["#.#", "#.#", ".#.", ".#.", ".#."],
        'Z' => ["###", "..#", ".#.", "#..", "###"],
        _ => ["###", "..#", ".#.", "...", ".#."],
    }
}

/// The pixels of a picture: `true` where set.
type Pixels = [[bool; ART_PIXELS_WIDE]; ART_PIXELS_TALL];

fn from_mask(mask: &Mask) -> Pixels {
    let mut pixels = [[false; ART_PIXELS_WIDE]; ART_PIXELS_TALL];
    for (row, text) in mask.iter().enumerate() {
        for (col, c) in text.chars().take(ART_PIXELS_WIDE).enumerate() {
            pixels[row][col] = c == '#';
        }
    }
    pixels
}

/// The silhouette's edge: its pixels with a neighbour (across an edge)
/// outside it or off the picture.
fn outline(pixels: &Pixels) -> Pixels {
    let set = |row: isize, col: isize| {
        usize::try_from(row)
            .ok()
            .zip(usize::try_from(col).ok())
            .and_then(|(r, c)| pixels.get(r).and_then(|line| line.get(c)))
            .copied()
            .unwrap_or(false)
    };
    std::array::from_fn(|row| {
        std::array::from_fn(|col| {
            let (r, c) = (row as isize, col as isize);
            set(r, c) && !(set(r - 1, c) && set(r + 1, c) && set(r, c - 1) && set(r, c + 1))
        })
    })
}

/// A letter of the font, each pixel doubled in width, centred.
fn from_letter(letter: char) -> Pixels {
    let mut pixels = [[false; ART_PIXELS_WIDE]; ART_PIXELS_TALL];
    for (row, text) in letter_rows(letter).iter().enumerate() {
        for (col, c) in text.chars().enumerate() {
            if c == '#' {
                pixels[row][2 + 2 * col] = true;
                pixels[row][3 + 2 * col] = true;
            }
        }
    }
    pixels
}

/// A tile with rounded corners and `letter`'s pixels cut out of it.
fn cut_out(letter: &Pixels) -> Pixels {
    let last = (ART_PIXELS_TALL - 1, ART_PIXELS_WIDE - 1);
    std::array::from_fn(|row| {
        std::array::from_fn(|col| {
            let corner = (row == 0 || row == last.0) && (col == 0 || col == last.1);
            !corner && !letter[row][col]
        })
    })
}

/// The quadrant block of four pixels (top left, top right, bottom left,
/// bottom right).
fn quadrant(tl: bool, tr: bool, bl: bool, br: bool) -> char {
    const BLOCKS: [char; 16] = [
        ' ', '▗', '▖', '▄', '▝', '▐', '▞', '▟', '▘', '▚', '▌', '▙', '▀', '▜', '▛', '█',
    ];
    let index =
        (usize::from(tl) << 3) | (usize::from(tr) << 2) | (usize::from(bl) << 1) | usize::from(br);
    BLOCKS[index]
}

/// `pixels` in quadrant blocks, [`ART_HEIGHT`] rows of [`ART_WIDTH`].
fn blocks(pixels: &Pixels) -> [String; ART_HEIGHT as usize] {
    std::array::from_fn(|row| {
        (0..ART_WIDTH as usize)
            .map(|col| {
                let (y, x) = (2 * row, 2 * col);
                quadrant(
                    pixels[y][x],
                    pixels[y][x + 1],
                    pixels[y + 1][x],
                    pixels[y + 1][x + 1],
                )
            })
            .collect()
    })
}

/// The silhouette of a kind, if it has one: chess's six kinds and the
/// Cat. A crowned kind (Chu's `+R`) has none: it is drawn by its letter,
/// so that it never looks like the kind it was promoted from.
fn silhouette(kind: PieceKind) -> Option<&'static Mask> {
    Some(match kind {
        PieceKind::King => &KING,
        PieceKind::Queen => &QUEEN,
        PieceKind::Rook => &ROOK,
        PieceKind::Bishop => &BISHOP,
        PieceKind::Knight => &KNIGHT,
        PieceKind::Pawn => &PAWN,
        PieceKind::Cat => &CAT,
        _ => return None,
    })
}

/// The picture of `piece` of `game` in `glyphs` (see the module's words).
pub fn picture(glyphs: GlyphSet, game: &impl Game, piece: Piece) -> Picture {
    let cat = piece.kind() == PieceKind::Cat;
    let light = light_seat(piece.seat().index()) && !cat;
    if glyphs != GlyphSet::Unicode {
        return boxed(&glyphs.piece_text(game, piece), light);
    }
    let pixels = match silhouette(piece.kind()) {
        Some(mask) if light => outline(&from_mask(mask)),
        Some(mask) => from_mask(mask),
        None => {
            let letter = from_letter(label_letter(&game.kind_label(piece.kind())));
            if light { letter } else { cut_out(&letter) }
        }
    };
    Picture {
        rows: blocks(&pixels),
        labelled: false,
    }
}

/// `text` (at most three columns) in a box of ASCII characters: outlined
/// for a light seat, filled for a dark one.
fn boxed(text: &str, light: bool) -> Picture {
    let inner = (ART_WIDTH - 2) as usize;
    let width = text.width().min(inner);
    let left = (inner - width) / 2;
    let right = inner - width - left;
    let fill = if light { " " } else { "#" };
    let middle = format!(
        "{side}{}{text}{}{side}",
        fill.repeat(left),
        fill.repeat(right),
        side = if light { "|" } else { "#" }
    );
    let rows = if light {
        [".---.".to_string(), middle, "'---'".to_string()]
    } else {
        ["#####".to_string(), middle, "#####".to_string()]
    };
    Picture {
        rows,
        labelled: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::{Options, Seat};
    use catboard::variants::Variant;

    #[test]
    fn every_picture_is_five_columns_by_three_rows() {
        for variant in Variant::ALL {
            let game = variant.new_game(&Options::new());
            for glyphs in GlyphSet::ALL {
                for kind in PieceKind::ALL {
                    for seat in 0..4 {
                        let picture = picture(glyphs, &game, Piece::new(Seat(seat), kind));
                        for row in &picture.rows {
                            assert_eq!(row.width(), ART_WIDTH as usize, "{kind:?}: {row}");
                        }
                        assert!(picture.rows.iter().any(|r| !r.trim().is_empty()));
                    }
                }
            }
        }
        // Every letter of the font differs from every other.
        let letters: Vec<_> = ('A'..='Z').map(letter_rows).collect();
        for (i, a) in letters.iter().enumerate() {
            for b in &letters[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn every_silhouette_differs_from_its_outline() {
        for kind in PieceKind::ALL {
            if let Some(mask) = silhouette(kind) {
                let pixels = from_mask(mask);
                assert_ne!(blocks(&pixels), blocks(&outline(&pixels)), "{kind:?}");
            }
        }
    }

    #[test]
    fn light_seats_are_outlined_and_dark_ones_filled() {
        let chess = Variant::Chess.new_game(&Options::new());
        let rook = |seat, glyphs| picture(glyphs, &chess, Piece::new(Seat(seat), PieceKind::Rook));
        assert_eq!(
            rook(0, GlyphSet::Unicode).rows,
            ["▛▞▀▚▜", "▐   ▌", "▟▄▄▄▙"].map(String::from)
        );
        assert_eq!(
            rook(1, GlyphSet::Unicode).rows,
            ["█▟█▙█", "▐███▌", "▟███▙"].map(String::from)
        );
        assert_eq!(
            rook(0, GlyphSet::Ascii).rows,
            [".---.", "| R |", "'---'"].map(String::from)
        );
        assert_eq!(
            rook(1, GlyphSet::Letters).rows,
            ["#####", "##r##", "#####"].map(String::from)
        );
        // A Lion by its letter; Black's cut out of a tile.
        let chu = Variant::Chu.new_game(&Options::new());
        let lion = |seat| {
            picture(
                GlyphSet::Unicode,
                &chu,
                Piece::new(Seat(seat), PieceKind::Lion),
            )
        };
        assert_eq!(lion(0).rows[2], " ▀▀▀ ");
        assert_eq!(lion(1).rows[2], "▜▄▄▄▛");
        // A crowned rook by its letter, never as the rook it was.
        let crowned = picture(
            GlyphSet::Unicode,
            &chu,
            Piece::new(Seat(0), PieceKind::CrownedRook),
        );
        assert_ne!(crowned, rook(0, GlyphSet::Unicode));
        assert_eq!(crowned.rows, [" █▀▄ ", " ██  ", " ▀ ▀ "].map(String::from));
    }

    #[test]
    fn every_block_of_the_pictures_is_in_every_monospace_font_debian_ships() {
        for variant in Variant::ALL {
            let game = variant.new_game(&Options::new());
            for kind in PieceKind::ALL {
                for seat in 0..2 {
                    let picture = picture(GlyphSet::Unicode, &game, Piece::new(Seat(seat), kind));
                    for c in picture.rows.concat().chars() {
                        let missing = crate::ui::glyphs::tests::fonts_missing(c);
                        assert!(missing.is_empty(), "{c} is not in {missing:?}");
                    }
                }
            }
        }
    }

    /// The pixels a picture in quadrant blocks shows (its inverse of
    /// [`blocks`]); `None` for a character that is not a quadrant block.
    fn pixels_of(picture: &Picture) -> Option<Pixels> {
        const BLOCKS: &str = " ▗▖▄▝▐▞▟▘▚▌▙▀▜▛█";
        let mut pixels = [[false; ART_PIXELS_WIDE]; ART_PIXELS_TALL];
        for (row, text) in picture.rows.iter().enumerate() {
            for (col, c) in text.chars().enumerate() {
                let index = BLOCKS.chars().position(|b| b == c)?;
                let (y, x) = (2 * row, 2 * col);
                pixels[y][x] = index & 8 != 0;
                pixels[y][x + 1] = index & 4 != 0;
                pixels[y + 1][x] = index & 2 != 0;
                pixels[y + 1][x + 1] = index & 1 != 0;
            }
        }
        Some(pixels)
    }

    /// Pixels two silhouettes differ in at the least: the old queen and
    /// rook, which players took for each other at 7 × 3 and 9 × 4, differed
    /// in 12 of 60.
    const SHAPES_APART: usize = 13;
    /// Pixels two letter pictures differ in at the least: three of the
    /// font's pixels (each two wide); the old G and C differed in two.
    const LETTERS_APART: usize = 6;

    /// Every two kinds a variant plays with have pictures that are not
    /// equal nor nearly so, for every seat and glyph set: in Unicode two
    /// silhouettes differ in [`SHAPES_APART`] pixels at least, a letter
    /// picture from any other in [`LETTERS_APART`]; in the letters and
    /// ASCII sets the boxes' texts differ. The pictures are the same at
    /// every cell size that draws them (7 × 3 puts the glyph on the base,
    /// 9 × 4 and up under it).
    #[test]
    fn every_picture_of_a_variant_is_far_from_every_other() {
        let mut close = Vec::new();
        for variant in Variant::ALL {
            let game = variant.new_game(&Options::new());
            let kinds = game.piece_kinds();
            for glyphs in GlyphSet::ALL {
                for seat in 0..variant.seats().len() as u8 {
                    for (i, &a) in kinds.iter().enumerate() {
                        for &b in &kinds[i + 1..] {
                            let pa = picture(glyphs, &game, Piece::new(Seat(seat), a));
                            let pb = picture(glyphs, &game, Piece::new(Seat(seat), b));
                            let (apart, needed) = match (pixels_of(&pa), pixels_of(&pb)) {
                                (Some(x), Some(y)) => {
                                    let apart = x
                                        .iter()
                                        .flatten()
                                        .zip(y.iter().flatten())
                                        .filter(|(p, q)| p != q)
                                        .count();
                                    let shapes = silhouette(a).is_some() && silhouette(b).is_some();
                                    (apart, if shapes { SHAPES_APART } else { LETTERS_APART })
                                }
                                _ => (usize::from(pa != pb), 1),
                            };
                            if apart < needed {
                                close.push(format!(
                                    "{variant:?} {glyphs:?} seat {seat}: {a:?} and {b:?} \
                                     {apart} apart, {:?} {:?}",
                                    pa.rows, pb.rows
                                ));
                            }
                        }
                    }
                }
            }
        }
        assert!(
            close.is_empty(),
            "{} pairs too close: {close:#?}",
            close.len()
        );
    }
}
