//! Glyph sets keep their word: every character of every screen of every
//! variant ([`super::tour`]) at every toured size is one the chosen set
//! promises. `ascii` draws only ASCII; `letters` (the console theme's set,
//! chosen on the Linux console) only what every Linux console font Debian
//! ships has (`data/fonts/console.txt`), its pieces in ASCII; `unicode`
//! only what DejaVu Sans Mono has (`data/fonts/coverage.txt`).
//!
//! And the pictures tell the sides apart by form: drawn without colour,
//! no White piece's cell equals a Black one's, and within a variant every
//! piece's cell differs from every other's, at every cell size.

use super::render;
use super::tour::{SIZES, tour};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::ui::glyphs::tests::{console_missing, fonts_missing};
use crate::ui::view::Look;
use crate::ui::view::board::{BoardMarks, CELL_SIZES, Noted, cell_look_in_regions, draw_cell_at};
use catboard::core::{Cell, CellSet, Game, Options, Piece, PieceKind, Seat};
use catboard::variants::Variant;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

/// Why `c` is not in `glyphs`'s promise, if it is not.
fn outside(glyphs: GlyphSet, c: char) -> Option<String> {
    match glyphs {
        GlyphSet::Ascii => (!c.is_ascii()).then(|| "not ASCII".to_string()),
        GlyphSet::Letters => {
            let missing = console_missing(c);
            (!missing.is_empty()).then(|| format!("not in {} console fonts", missing.len()))
        }
        GlyphSet::Unicode => {
            let missing: Vec<String> = fonts_missing(c)
                .into_iter()
                .filter(|f| f.starts_with("DejaVu"))
                .collect();
            (!missing.is_empty()).then(|| format!("not in {}", missing.join(", ")))
        }
    }
}

#[test]
fn every_character_of_every_screen_is_in_the_chosen_set() {
    let mut problems = Vec::new();
    let mut known = std::collections::HashMap::new();
    for (theme, glyphs) in [
        ("classic", GlyphSet::Ascii),
        ("console", GlyphSet::Letters),
        ("mono", GlyphSet::Letters),
        ("classic", GlyphSet::Unicode),
    ] {
        let look = LookChoice {
            theme: theme.to_string(),
            depth: ColorDepth::TrueColor,
            glyphs,
        };
        for variant in Variant::ALL.iter().copied() {
            for (name, app) in tour(variant, &look) {
                for (w, h) in SIZES {
                    let buffer = render(&app, w, h);
                    for y in 0..h {
                        for x in 0..w {
                            for c in buffer[(x, y)].symbol().chars() {
                                let why = known
                                    .entry((glyphs.name(), c))
                                    .or_insert_with(|| outside(glyphs, c));
                                if let Some(why) = why {
                                    problems.push(format!(
                                        "{theme} {glyphs:?} {variant:?} {name} {w}x{h}: \
                                         {c:?} (U+{:04X}) at {x},{y} {why}",
                                        c as u32
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // One line for each character of each look.
    let mut seen = std::collections::BTreeSet::new();
    problems.retain(|p| {
        let mut words = p.split(' ');
        let look = (words.next(), words.next());
        let c = p.split('\'').nth(1).map(str::to_string);
        seen.insert((look.0.map(str::to_string), look.1.map(str::to_string), c))
    });
    assert!(
        problems.is_empty(),
        "{} characters outside their set:\n{}",
        problems.len(),
        problems[..problems.len().min(40)].join("\n")
    );
}

/// `piece` drawn alone on `cell` of `game` in a cell of `size` in
/// `look` with `marks` (and in check when `checked`).
fn draw_one(
    game: &catboard::variants::AnyGame,
    look: &Look,
    (cell, piece): (Cell, Piece),
    marks: &BoardMarks,
    checked: bool,
    size: (u16, u16),
) -> Buffer {
    let mut buffer = Buffer::empty(Rect::new(0, 0, size.0, size.1));
    let none = CellSet::default();
    let check: CellSet = if checked {
        [cell].into_iter().collect()
    } else {
        none
    };
    let noted = Noted {
        checked: &check,
        zones: &none,
        disarmed: &none,
    };
    let cell_look = cell_look_in_regions(game, look, marks, cell, &noted, &[], Some(piece));
    draw_cell_at(&mut buffer, 0, 0, size, &cell_look);
    buffer
}

/// The characters of `buffer`, row by row.
fn text_of(buffer: &Buffer) -> String {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A light cell of `game`.
fn light_cell(game: &catboard::variants::AnyGame) -> Cell {
    let geo = game.geometry();
    geo.cells().find(|c| geo.is_light(*c)).unwrap_or_default()
}

/// `piece` of `game` drawn alone in a cell of `size` in `look`: its
/// characters, row by row.
fn drawn(
    game: &catboard::variants::AnyGame,
    look: &Look,
    piece: Piece,
    size: (u16, u16),
) -> String {
    let cell = light_cell(game);
    text_of(&draw_one(
        game,
        look,
        (cell, piece),
        &BoardMarks::default(),
        false,
        size,
    ))
}

/// The pieces of `variant`: every kind it plays with, of every seat (the
/// Cats of their own seat).
fn pieces_of(variant: Variant) -> Vec<Piece> {
    let game = variant.new_game(&Options::new());
    let seats = game.seat_names().len() as u8;
    let mut out = Vec::new();
    for kind in game.piece_kinds() {
        if kind == PieceKind::Cat {
            out.push(Piece::new(Seat::THIRD, kind));
            continue;
        }
        for seat in 0..seats {
            out.push(Piece::new(Seat(seat), kind));
        }
    }
    out
}

#[test]
fn without_colour_no_white_picture_equals_a_black_one_and_every_picture_differs() {
    for glyphs in GlyphSet::ALL {
        for (theme, depth) in [
            (crate::ui::theme::Theme::classic(), ColorDepth::NoColor),
            (
                crate::ui::theme::Theme::built_in("mono").unwrap_or_else(|| panic!("mono")),
                ColorDepth::TrueColor,
            ),
        ] {
            let look = Look::new(&theme, depth, glyphs);
            for variant in Variant::ALL.iter().copied() {
                let game = variant.new_game(&Options::new());
                let pieces = pieces_of(variant);
                for size in CELL_SIZES {
                    let pictures: Vec<(Piece, String)> = pieces
                        .iter()
                        .map(|p| (*p, drawn(&game, &look, *p, size)))
                        .collect();
                    for (i, (a, pa)) in pictures.iter().enumerate() {
                        for (b, pb) in &pictures[i + 1..] {
                            assert_ne!(
                                pa, pb,
                                "{glyphs:?} {variant:?} {size:?}: {a:?} and {b:?} are drawn \
                                 alike:\n{pa}"
                            );
                        }
                    }
                    // The pictures of White and Black differ in more than
                    // the glyph: in every character row of a big cell.
                    if size.0 >= 7 && size.1 >= 3 {
                        for kind in PieceKind::ALL {
                            let of =
                                |seat| pictures.iter().find(|(p, _)| *p == Piece::new(seat, kind));
                            if let (Some((_, w)), Some((_, b))) = (of(Seat::WHITE), of(Seat::BLACK))
                            {
                                let rows_differ = w
                                    .lines()
                                    .zip(b.lines())
                                    .filter(|(x, y)| x.trim() != y.trim())
                                    .count();
                                assert!(
                                    rows_differ >= 2,
                                    "{glyphs:?} {variant:?} {size:?} {kind:?}:\n{w}\n--\n{b}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn marks_sit_round_or_behind_a_piece_never_through_it() {
    // Every mark a piece's cell can carry, at every cell size and depth:
    // the piece's characters are those it has unmarked, none underlined
    // or struck through, and the mark shows (the drawing changes).
    let game = Variant::Chess.new_game(&Options::new());
    let cell = light_cell(&game);
    let at: CellSet = [cell].into_iter().collect();
    let kinds: [(&str, BoardMarks, bool); 5] = [
        (
            "last move",
            BoardMarks {
                last_move: at,
                ..BoardMarks::default()
            },
            false,
        ),
        (
            "hint",
            BoardMarks {
                hint: at,
                ..BoardMarks::default()
            },
            false,
        ),
        (
            "capture",
            BoardMarks {
                targets: at,
                captures: at,
                ..BoardMarks::default()
            },
            false,
        ),
        (
            "cursor",
            BoardMarks {
                cursor: Some(cell),
                ..BoardMarks::default()
            },
            false,
        ),
        ("check", BoardMarks::default(), true),
    ];
    for depth in [
        ColorDepth::TrueColor,
        ColorDepth::Ansi16,
        ColorDepth::NoColor,
    ] {
        for glyphs in GlyphSet::ALL {
            let look = Look::new(&crate::ui::theme::Theme::classic(), depth, glyphs);
            for size in CELL_SIZES {
                for seat in [Seat::WHITE, Seat::BLACK] {
                    let piece = Piece::new(seat, PieceKind::Queen);
                    let plain = draw_one(
                        &game,
                        &look,
                        (cell, piece),
                        &BoardMarks::default(),
                        false,
                        size,
                    );
                    for (name, marks, checked) in &kinds {
                        let marked = draw_one(&game, &look, (cell, piece), marks, *checked, size);
                        let what = format!("{name} {depth:?} {glyphs:?} {size:?}");
                        assert_ne!(marked, plain, "{what}: the mark does not show");
                        for y in 0..size.1 {
                            for x in 0..size.0 {
                                let (p, m) = (&plain[(x, y)], &marked[(x, y)]);
                                // A piece's character: not blank unmarked.
                                if p.symbol() == " " || !p.modifier.contains(Modifier::BOLD) {
                                    continue;
                                }
                                assert_eq!(
                                    p.symbol(),
                                    m.symbol(),
                                    "{what}: at {x},{y}\n{}",
                                    text_of(&marked)
                                );
                                assert!(
                                    !m.modifier
                                        .intersects(Modifier::UNDERLINED | Modifier::CROSSED_OUT),
                                    "{what}: the mark crosses the piece at {x},{y}\n{}",
                                    text_of(&marked)
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
