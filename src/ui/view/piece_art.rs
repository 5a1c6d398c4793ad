//! Big pieces: for board cells of 7 × 3 characters and more, each piece
//! drawn as a picture five columns wide and three rows tall, made of
//! quadrant blocks (`▘▝▖▗▀▄▌▐▚▞▛▜▙▟█`, two by two pixels a character):
//! chess's six kinds and the Cat by their shape, every other kind by its
//! notation letter in a larger form (a 3 × 5 pixel font, doubled in
//! width). Which seat a piece is is told, as in small cells, by its colour
//! and by the one-character glyph and seat mark, drawn on the picture's
//! base or under it.

use catboard::core::PieceKind;

/// Pixels across a picture: two per column.
pub const ART_PIXELS_WIDE: usize = 10;
/// Pixels down a picture: two per row.
pub const ART_PIXELS_TALL: usize = 6;
/// Columns a picture takes.
pub const ART_WIDTH: u16 = 5;
/// Rows a picture takes.
pub const ART_HEIGHT: u16 = 3;

/// The smallest cell (columns, rows) a picture is drawn in.
pub const BIG_FROM: (u16, u16) = (7, 3);

/// A picture: [`ART_PIXELS_TALL`] rows of [`ART_PIXELS_WIDE`] pixels,
/// `#` set.
type Mask = [&'static str; ART_PIXELS_TALL];

const PAWN: Mask = [
    "....##....",
    "...####...",
    "....##....",
    "...####...",
    "..######..",
    "..######..",
];
const KING: Mask = [
    "....##....",
    "...####...",
    "....##....",
    "..######..",
    "...####...",
    ".########.",
];
const QUEEN: Mask = [
    ".#..##..#.",
    ".########.",
    "..######..",
    "...####...",
    "..######..",
    ".########.",
];
const ROOK: Mask = [
    ".##.##.##.",
    ".########.",
    "..######..",
    "..######..",
    "..######..",
    ".########.",
];
const BISHOP: Mask = [
    "....##....",
    "...#.##...",
    "...##.#...",
    "....##....",
    "...####...",
    ".########.",
];
const KNIGHT: Mask = [
    "...###....",
    "..######..",
    ".###.###..",
    ".....###..",
    "....####..",
    "..######..",
];
const CAT: Mask = [
    ".#......#.",
    ".##....##.",
    ".########.",
    ".#.####.#.",
    "..######..",
    "...####...",
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
        'G' => [".##", "#..", "#.#", "#.#", ".##"],
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
        'R' => ["##.", "#.#", "##.", "#.#", "#.#"],
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

/// The picture of a piece of `kind` written `letter` in its variant's
/// notation: [`ART_HEIGHT`] rows of [`ART_WIDTH`] characters. Chess's
/// kinds (and a crowned kind, drawn as the kind its letter names) and the
/// Cat by shape; others by their letter.
pub fn art(kind: PieceKind, letter: char) -> [String; ART_HEIGHT as usize] {
    let shape = match kind {
        PieceKind::Cat => Some(&CAT),
        _ => match letter {
            _ if !is_chess_kind(kind)
                && !matches!(kind, PieceKind::CrownedRook | PieceKind::CrownedBishop) =>
            {
                None
            }
            'K' => Some(&KING),
            'Q' => Some(&QUEEN),
            'R' => Some(&ROOK),
            'B' => Some(&BISHOP),
            'N' => Some(&KNIGHT),
            'P' => Some(&PAWN),
            _ => None,
        },
    };
    let pixels = match shape {
        Some(mask) => from_mask(mask),
        None => from_letter(letter),
    };
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

/// Whether `kind` is one of chess's six.
fn is_chess_kind(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::King
            | PieceKind::Queen
            | PieceKind::Rook
            | PieceKind::Bishop
            | PieceKind::Knight
            | PieceKind::Pawn
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn every_kind_has_a_picture_of_its_own_size_and_chess_kinds_differ() {
        let mut chess = Vec::new();
        for kind in PieceKind::ALL {
            let rows = art(kind, kind.letter());
            for row in &rows {
                assert_eq!(row.width(), ART_WIDTH as usize, "{kind:?}: {row}");
            }
            assert!(rows.iter().any(|r| r.trim() != ""), "{kind:?} is blank");
            if is_chess_kind(kind) || kind == PieceKind::Cat {
                chess.push(rows);
            }
        }
        for (i, a) in chess.iter().enumerate() {
            for b in &chess[i + 1..] {
                assert_ne!(a, b, "two chess pictures are the same");
            }
        }
        // Every letter of the font differs from every other.
        let letters: Vec<_> = ('A'..='Z').map(letter_rows).collect();
        for (i, a) in letters.iter().enumerate() {
            for b in &letters[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // A crowned rook is drawn as a rook, a Lion by its letter.
        assert_eq!(art(PieceKind::CrownedRook, 'R'), art(PieceKind::Rook, 'R'));
        assert_eq!(art(PieceKind::Lion, 'L')[2], " ▀▀▀ ");
    }

    #[test]
    fn every_block_of_the_pictures_is_in_every_monospace_font_debian_ships() {
        for kind in PieceKind::ALL {
            for row in art(kind, kind.letter()) {
                for c in row.chars() {
                    let missing = crate::ui::glyphs::tests::fonts_missing(c);
                    assert!(missing.is_empty(), "{c} is not in {missing:?}");
                }
            }
        }
    }
}
