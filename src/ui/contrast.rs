//! Readable pieces, measured: the WCAG 2 relative luminance and contrast
//! ratio of the colours a theme gives, and every (piece colour, background)
//! pair a theme can put on the board (boards of two or three seats, and
//! boards of four armies in the theme's `[armies]` colours, camp tints
//! included), so a test can hold every built-in theme to a minimum ratio.
//! Only the tests use it, so it is built only for them.
#![cfg(test)]

use super::colour::xterm_rgb;
use super::theme::{ARMIES_FROM, Theme};
use ratatui::style::Color;

/// How many seats a theme is measured for: the four armies of the largest
/// game (later seats reuse the last colour of `[pieces] seats`).
pub const SEATS_MEASURED: usize = 4;

/// The WCAG 2 relative luminance of `colour`, from 0 (black) to 1 (white);
/// `None` for [`Color::Reset`], the terminal's own colour, which only the
/// terminal knows.
pub fn relative_luminance(colour: Color) -> Option<f64> {
    let (r, g, b) = xterm_rgb(colour)?;
    let linear = |v: u8| {
        let c = f64::from(v) / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    Some(0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b))
}

/// How well one colour reads on another.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Contrast {
    /// Both colours are known: their WCAG contrast ratio, from 1 to 21.
    Ratio(f64),
    /// Both are the terminal's own default colours: its own text on its own
    /// background, as readable as everything else the terminal shows.
    TerminalDefault,
    /// One is the terminal's default and the other a fixed colour: the
    /// ratio depends on the terminal and cannot be promised.
    Unmeasured,
}

impl Contrast {
    /// Whether the pair reads at least as well as `minimum` : 1 (the
    /// terminal's own pair always does; an unmeasured pair never does).
    pub fn meets(self, minimum: f64) -> bool {
        match self {
            Contrast::Ratio(r) => r >= minimum,
            Contrast::TerminalDefault => true,
            Contrast::Unmeasured => false,
        }
    }
}

/// The contrast of `foreground` on `background`.
pub fn contrast(foreground: Color, background: Color) -> Contrast {
    match (
        relative_luminance(foreground),
        relative_luminance(background),
    ) {
        (Some(a), Some(b)) => Contrast::Ratio((a.max(b) + 0.05) / (a.min(b) + 0.05)),
        (None, None) => Contrast::TerminalDefault,
        _ => Contrast::Unmeasured,
    }
}

/// One piece colour on one background a theme can show.
#[derive(Clone, Debug, PartialEq)]
pub struct PiecePair {
    /// Which pieces: `seat 0` … `seat 3`, or `the Cats`.
    pub piece: String,
    /// Their colour.
    pub piece_colour: Color,
    /// Which background: `board.light`, `marks.zone`,
    /// `board.camps_dark[2]`, …
    pub background: String,
    /// Its colour.
    pub background_colour: Color,
}

impl PiecePair {
    /// How well the piece reads on the background.
    pub fn contrast(&self) -> Contrast {
        contrast(self.piece_colour, self.background_colour)
    }
}

/// Every background a piece can stand on: both squares, each seat's camp
/// tint on both (for [`SEATS_MEASURED`] seats, where the theme tints
/// camps), and every mark.
pub fn piece_backgrounds(theme: &Theme) -> Vec<(String, Color)> {
    let (b, m) = (&theme.board, &theme.marks);
    let mut backgrounds = vec![
        ("board.light".to_string(), b.light),
        ("board.dark".to_string(), b.dark),
    ];
    for (name, light, tints) in [
        ("camps_light", true, &b.camps_light),
        ("camps_dark", false, &b.camps_dark),
    ] {
        if !tints.is_empty() {
            backgrounds.extend(
                (0..SEATS_MEASURED)
                    .map(|seat| (format!("board.{name}[{seat}]"), b.square(light, Some(seat)))),
            );
        }
    }
    backgrounds.extend([
        ("marks.cursor".to_string(), m.cursor),
        ("marks.selected".to_string(), m.selected),
        ("marks.target".to_string(), m.target),
        ("marks.last_move".to_string(), m.last_move),
        ("marks.check".to_string(), m.check),
        ("marks.zone".to_string(), m.zone),
        ("marks.hint".to_string(), m.hint),
    ]);
    if let Some(zone_dark) = m.zone_dark {
        backgrounds.push(("marks.zone_dark".to_string(), zone_dark));
    }
    backgrounds
}

/// Each of `pieces` against every background of `theme`.
fn pairs_on(theme: &Theme, pieces: Vec<(String, Color)>, prefix: &str) -> Vec<PiecePair> {
    let backgrounds = piece_backgrounds(theme);
    pieces
        .into_iter()
        .flat_map(|(piece, piece_colour)| {
            backgrounds
                .iter()
                .map(move |(background, background_colour)| PiecePair {
                    piece: piece.clone(),
                    piece_colour,
                    background: format!("{prefix}{background}"),
                    background_colour: *background_colour,
                })
        })
        .collect()
}

/// Every (piece colour, background) pair `theme` can show on a board of
/// two or three seats: each of the first [`SEATS_MEASURED`] seats' colours
/// and the Cats' colour against every background of [`piece_backgrounds`].
pub fn piece_pairs(theme: &Theme) -> Vec<PiecePair> {
    let pieces = (0..SEATS_MEASURED)
        .map(|seat| (format!("seat {seat}"), theme.seat_colour(seat)))
        .chain([("the Cats".to_string(), theme.cat)])
        .collect();
    pairs_on(theme, pieces, "")
}

/// Every pair a board of four armies can show: each army's colour against
/// every background of the theme [`Theme::for_armies`] gives such a board,
/// its camp tints included; backgrounds named `armies: board.light`, ….
pub fn army_pairs(theme: &Theme) -> Vec<PiecePair> {
    let armies = theme.for_armies(ARMIES_FROM);
    let pieces = (0..SEATS_MEASURED)
        .map(|seat| (format!("army {seat}"), armies.seat_colour(seat)))
        .collect();
    pairs_on(&armies, pieces, "armies: ")
}

/// The pairs of `theme` that read worse than `minimum` : 1 on any board,
/// each as one sentence naming the theme, piece, background, colours and
/// ratio.
pub fn shortfalls(theme: &Theme, minimum: f64) -> Vec<String> {
    piece_pairs(theme)
        .into_iter()
        .chain(army_pairs(theme))
        .filter(|pair| !pair.contrast().meets(minimum))
        .map(|pair| {
            let measured = match pair.contrast() {
                Contrast::Ratio(r) => format!("{r:.2} : 1"),
                _ => "unmeasured (one colour is the terminal's default)".to_string(),
            };
            format!(
                "theme {}: {} ({:?}) on {} ({:?}) is {measured}, below {minimum} : 1",
                theme.name, pair.piece, pair.piece_colour, pair.background, pair.background_colour
            )
        })
        .collect()
}

/// The lowest measured ratio among `pairs` and the pair it belongs to;
/// `None` when no pair has two known colours.
pub fn lowest_ratio(pairs: Vec<PiecePair>) -> Option<(f64, PiecePair)> {
    pairs
        .into_iter()
        .filter_map(|pair| match pair.contrast() {
            Contrast::Ratio(r) => Some((r, pair)),
            _ => None,
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::look::ColorDepth;
    use crate::ui::theme::{BUILT_IN, parse_theme};

    fn built_in(name: &str) -> Theme {
        Theme::built_in(name).unwrap_or_else(|| panic!("no built-in theme {name}"))
    }

    /// The minimum ratio each built-in theme promises.
    fn promised(name: &str) -> f64 {
        match name {
            "high-contrast" => 4.5,
            _ => 3.0,
        }
    }

    fn ratio(a: Color, b: Color) -> f64 {
        match contrast(a, b) {
            Contrast::Ratio(r) => r,
            other => panic!("{a:?} on {b:?} is {other:?}"),
        }
    }

    #[test]
    fn luminance_and_ratio_match_the_wcag_reference_values() {
        // WCAG 2: black on white is 21 : 1, a colour on itself 1 : 1.
        assert!((ratio(Color::Rgb(0, 0, 0), Color::Rgb(255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((ratio(Color::Rgb(90, 40, 7), Color::Rgb(90, 40, 7)) - 1.0).abs() < 1e-9);
        // Worked values from the WCAG definition: #777777 on white 4.48,
        // #767676 on white 4.54 (the classic pass/fail boundary for 4.5).
        let white = Color::Rgb(255, 255, 255);
        assert!((ratio(Color::Rgb(0x77, 0x77, 0x77), white) - 4.48).abs() < 0.005);
        assert!((ratio(Color::Rgb(0x76, 0x76, 0x76), white) - 4.54).abs() < 0.005);
        // Pure primaries weigh 0.2126, 0.7152, 0.0722.
        for (c, l) in [
            (Color::Rgb(255, 0, 0), 0.2126),
            (Color::Rgb(0, 255, 0), 0.7152),
            (Color::Rgb(0, 0, 255), 0.0722),
        ] {
            assert!((relative_luminance(c).unwrap_or(-1.0) - l).abs() < 1e-9);
        }
        // The order of the two colours does not matter.
        let (a, b) = (Color::Rgb(200, 30, 90), Color::Rgb(10, 120, 40));
        assert_eq!(ratio(a, b), ratio(b, a));
    }

    #[test]
    fn named_and_indexed_colours_are_measured_by_their_xterm_values() {
        let same = |a: Color, b: Color| assert_eq!(relative_luminance(a), relative_luminance(b));
        same(Color::White, Color::Rgb(255, 255, 255));
        same(Color::Indexed(15), Color::Rgb(255, 255, 255));
        same(Color::Gray, Color::Rgb(229, 229, 229));
        same(Color::Indexed(8), Color::Rgb(127, 127, 127));
        same(Color::Indexed(1), Color::Red);
        // Cube: 16 + 36 r + 6 g + b over the levels 0, 95, 135, 175, 215, 255.
        same(
            Color::Indexed(16 + 36 * 5 + 6 * 2 + 1),
            Color::Rgb(255, 135, 95),
        );
        same(Color::Indexed(231), Color::Rgb(255, 255, 255));
        // Grey ramp: 8, 18, … 238.
        same(Color::Indexed(232), Color::Rgb(8, 8, 8));
        same(Color::Indexed(255), Color::Rgb(238, 238, 238));
    }

    #[test]
    fn the_terminal_default_is_its_own_pair_and_never_measured_against_a_colour() {
        assert_eq!(relative_luminance(Color::Reset), None);
        assert_eq!(
            contrast(Color::Reset, Color::Reset),
            Contrast::TerminalDefault
        );
        assert_eq!(
            contrast(Color::Reset, Color::Rgb(0, 0, 0)),
            Contrast::Unmeasured
        );
        assert_eq!(contrast(Color::White, Color::Reset), Contrast::Unmeasured);
        assert!(Contrast::TerminalDefault.meets(21.0));
        assert!(!Contrast::Unmeasured.meets(1.0));
        assert!(Contrast::Ratio(3.0).meets(3.0));
        assert!(!Contrast::Ratio(2.99).meets(3.0));
    }

    #[test]
    fn the_pairs_cover_four_seats_and_the_cats_on_every_background() {
        let theme = built_in("classic");
        let pairs = piece_pairs(&theme);
        assert_eq!(pairs.len(), (SEATS_MEASURED + 1) * 10);
        for background in [
            "board.light",
            "board.dark",
            "marks.cursor",
            "marks.selected",
            "marks.target",
            "marks.last_move",
            "marks.check",
            "marks.zone",
            "marks.zone_dark",
            "marks.hint",
        ] {
            for piece in ["seat 0", "seat 1", "seat 2", "seat 3", "the Cats"] {
                assert!(
                    pairs
                        .iter()
                        .any(|p| p.piece == piece && p.background == background),
                    "{piece} on {background} missing"
                );
            }
        }
        // Later seats reuse the last colour of the list.
        let two = parse_theme(
            "t",
            "[pieces]\nseats = [\"#010101\", \"#020202\"]\n",
            &theme,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let seat3 = piece_pairs(&two)
            .into_iter()
            .find(|p| p.piece == "seat 3")
            .map(|p| p.piece_colour);
        assert_eq!(seat3, Some(Color::Rgb(2, 2, 2)));
    }

    /// Prints the lowest ratio of `theme` (a built-in at `depth`) on boards
    /// of two seats and of four armies.
    fn report(name: &str, depth: &str, theme: &Theme) {
        for (board, pairs) in [
            ("two seats", piece_pairs(theme)),
            ("four armies", army_pairs(theme)),
        ] {
            match lowest_ratio(pairs) {
                Some((r, p)) => println!(
                    "{name} at {depth}, {board}: lowest ratio {r:.2} : 1 ({} on {})",
                    p.piece, p.background
                ),
                None => {
                    println!("{name} at {depth}, {board}: every pair is the terminal's own colours")
                }
            }
        }
    }

    /// The hue of `colour` in degrees (0 red, 120 green, 240 blue).
    fn hue(colour: Color) -> f64 {
        let (r, g, b) = xterm_rgb(colour).unwrap_or_else(|| panic!("{colour:?} has no hue"));
        let (r, g, b) = (f64::from(r), f64::from(g), f64::from(b));
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        assert!(max > min, "{colour:?} is grey");
        let h = if max == r {
            60.0 * ((g - b) / (max - min))
        } else if max == g {
            60.0 * ((b - r) / (max - min)) + 120.0
        } else {
            60.0 * ((r - g) / (max - min)) + 240.0
        };
        h.rem_euclid(360.0)
    }

    #[test]
    fn four_armies_are_red_orange_green_and_blue_wherever_the_depth_allows() {
        // The hue ranges of the names, in degrees.
        let ranges = [
            ("red", 345.0, 375.0),
            ("orange", 18.0, 45.0),
            ("green", 90.0, 160.0),
            ("blue", 200.0, 250.0),
        ];
        for name in ["classic", "high-contrast"] {
            for depth in [ColorDepth::TrueColor, ColorDepth::Ansi256] {
                let armies = built_in(name).adapted(depth).for_armies(ARMIES_FROM);
                for (seat, (word, low, high)) in ranges.iter().enumerate() {
                    let colour = armies.seat_colour(seat);
                    let h = hue(colour);
                    let h = if h < *low { h + 360.0 } else { h };
                    assert!(
                        (*low..=*high).contains(&h),
                        "{name} at {depth:?}: army {seat} is {colour:?}, hue {h:.0}, not {word}"
                    );
                }
                // The four armies' pairs are measured, on the camp tints too.
                let pairs = army_pairs(&built_in(name).adapted(depth));
                for seat in 0..SEATS_MEASURED {
                    for background in ["board.camps_light[0]", "board.camps_dark[3]", "marks.check"]
                    {
                        assert!(
                            pairs.iter().any(|p| p.piece == format!("army {seat}")
                                && p.background == format!("armies: {background}")),
                            "{name}: army {seat} on {background} is not measured"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn camp_tints_differ_from_the_plain_squares_but_not_in_16_colours() {
        for name in ["classic", "high-contrast"] {
            for depth in [
                ColorDepth::TrueColor,
                ColorDepth::Ansi256,
                ColorDepth::Ansi16,
            ] {
                let armies = built_in(name).adapted(depth).for_armies(ARMIES_FROM);
                let board = &armies.board;
                for seat in 0..SEATS_MEASURED {
                    for light in [true, false] {
                        let tinted = board.square(light, Some(seat)) != board.square(light, None);
                        assert_eq!(
                            tinted,
                            depth != ColorDepth::Ansi16,
                            "{name} at {depth:?}: seat {seat}'s camp, light {light}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_built_in_theme_keeps_its_promised_contrast() {
        let mut failures = Vec::new();
        // The console theme is measured in the console's own palette
        // (the_console_theme_uses_its_eight_backgrounds_and_reads_in_its_palette).
        for (name, _) in BUILT_IN.iter().filter(|(n, _)| *n != "console") {
            let theme = built_in(name);
            failures.extend(shortfalls(&theme, promised(name)));
            report(name, "TrueColor", &theme);
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn a_shortfall_names_theme_piece_background_colours_and_ratio() {
        let dim = parse_theme(
            "dim",
            "name = \"dim\"\n[board]\nlight = \"#d6b07a\"\n",
            &built_in("classic"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let found = shortfalls(&dim, 3.0);
        let sentence = found
            .iter()
            .find(|s| s.contains("seat 0") && s.contains("board.light"))
            .unwrap_or_else(|| panic!("white on a light #d6b07a passes: {found:?}"));
        assert!(sentence.starts_with("theme dim: seat 0 (Rgb(255, 255, 255)) on board.light (Rgb(214, 176, 122)) is 2.03 : 1"), "{sentence}");
    }

    #[test]
    fn degraded_themes_keep_three_to_one() {
        // In 256 colours every built-in theme except mono keeps 3 : 1. In 16
        // colours too: the themes choose colours whose nearest ANSI colour
        // stays in the readable band (the squares and marks fall on dark
        // grey, red or light blue in classic, on light colours in
        // high-contrast).
        let mut failures = Vec::new();
        for name in ["classic", "high-contrast"] {
            for depth in [ColorDepth::Ansi256, ColorDepth::Ansi16] {
                let theme = built_in(name).adapted(depth);
                failures.extend(
                    shortfalls(&theme, 3.0)
                        .into_iter()
                        .map(|s| format!("{depth:?}: {s}")),
                );
                report(name, &format!("{depth:?}"), &theme);
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn mono_shows_pieces_in_the_terminals_own_pair_and_marks_without_colour() {
        // Mono's 3 : 1 is the terminal's own: every piece is drawn in the
        // terminal's default foreground on its default background, so it
        // reads exactly as the terminal's text does; no mark may rely on a
        // colour (the board draws them with brackets, dots and modifiers,
        // see snapshots/theme-mono.snap).
        let mono = built_in("mono");
        for pair in piece_pairs(&mono) {
            assert_eq!(
                pair.contrast(),
                Contrast::TerminalDefault,
                "mono: {} on {}",
                pair.piece,
                pair.background
            );
        }
        for (name, colour) in piece_backgrounds(&mono) {
            assert_eq!(colour, Color::Reset, "mono colours {name}");
        }
        // At any colour depth, since NO_COLOR gives every theme mono's look.
        for (name, _) in BUILT_IN {
            let none = built_in(name).adapted(ColorDepth::NoColor);
            assert!(shortfalls(&none, 21.0).is_empty(), "{name} without colour");
        }
        // A mono variant that colours one mark is no longer measurable.
        let tinted = parse_theme("tinted", "[marks]\nzone = \"#808080\"\n", &mono)
            .unwrap_or_else(|e| panic!("{e}"));
        let found = shortfalls(&tinted, 3.0);
        // The Cats and each seat on the two-seat board, each army on the
        // four-army board (mono has no [armies], so the same zone colour).
        assert_eq!(found.len(), 2 * SEATS_MEASURED + 1, "{found:?}");
        assert!(found.iter().all(|s| s.contains("marks.zone")));
    }

    #[test]
    fn marks_drawn_on_marked_cells_read_on_every_mark_and_square() {
        // The characters of the marks (zone texture, disarmed ⊘, brackets)
        // are drawn in the board's mark colour on whatever the cell shows:
        // 3 : 1 or better everywhere, so ⊘ does not vanish under the cursor.
        let mut failures = Vec::new();
        for name in ["classic", "high-contrast"] {
            for depth in [
                ColorDepth::TrueColor,
                ColorDepth::Ansi256,
                ColorDepth::Ansi16,
            ] {
                let theme = built_in(name).adapted(depth);
                for (background, colour) in piece_backgrounds(&theme) {
                    let r = ratio(theme.board.mark, colour);
                    if r < 3.0 {
                        failures.push(format!(
                            "{name} at {depth:?}: marks on {background} read {r:.2} : 1"
                        ));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// How far apart two hues are, in degrees (0 to 180).
    fn hue_apart(a: Color, b: Color) -> f64 {
        let d = (hue(a) - hue(b)).abs();
        d.min(360.0 - d)
    }

    #[test]
    fn the_cursor_zone_and_hint_are_hues_apart() {
        // They were three near-identical blues in classic (#5f87d7,
        // #5f87af, #5f8787): now 35 degrees or more apart, on both shades
        // of a zone, and from check's red and the targets' green.
        for name in ["classic", "high-contrast"] {
            for depth in [
                ColorDepth::TrueColor,
                ColorDepth::Ansi256,
                ColorDepth::Ansi16,
            ] {
                let m = built_in(name).adapted(depth).marks;
                let named = [
                    ("cursor", m.cursor),
                    ("zone", m.zone),
                    ("zone_dark", m.zone_on(false)),
                    ("hint", m.hint),
                ];
                for (i, (a, ca)) in named.iter().enumerate() {
                    for (b, cb) in named.iter().skip(i + 1) {
                        if a.starts_with("zone") && b.starts_with("zone") {
                            continue;
                        }
                        let apart = hue_apart(*ca, *cb);
                        assert!(
                            apart >= 35.0,
                            "{name} {depth:?}: {a} and {b} {apart:.0}° apart"
                        );
                    }
                    for (other, co) in [("check", m.check), ("target", m.target)] {
                        let apart = hue_apart(*ca, co);
                        assert!(
                            apart >= 35.0,
                            "{name} {depth:?}: {a} and {other} {apart:.0}° apart"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_board_and_its_marks_are_distinct_colours_at_every_depth() {
        // The two squares, the cursor, the last move, a zone and the hint
        // each have a colour of their own (16 colours was a magenta and
        // grey board with the cursor and the last move both blue), and
        // the pick, targets and check differ from both squares.
        for name in ["classic", "high-contrast", "console"] {
            for depth in [
                ColorDepth::TrueColor,
                ColorDepth::Ansi256,
                ColorDepth::Ansi16,
            ] {
                let theme = built_in(name).adapted(depth);
                for armies in [2, 4] {
                    let t = theme.for_armies(armies);
                    let m = &t.marks;
                    let own = [
                        ("light squares", t.board.light),
                        ("dark squares", t.board.dark),
                        ("cursor", m.cursor),
                        ("last move", m.last_move),
                        ("zone", m.zone),
                        ("zone on dark", m.zone_on(false)),
                        ("hint", m.hint),
                    ];
                    for (i, (a, ca)) in own.iter().enumerate() {
                        for (b, cb) in own.iter().skip(i + 1) {
                            if a.starts_with("zone") && b.starts_with("zone") {
                                continue;
                            }
                            // The console's palette has five backgrounds
                            // its black ink reads on: a zone (Cat Chess's
                            // alone) shares the hint's, told by its texture.
                            if name == "console" && a.starts_with("zone") && *b == "hint" {
                                continue;
                            }
                            assert_ne!(ca, cb, "{name} {depth:?} {armies} armies: {a} and {b}");
                        }
                    }
                    for (mark, c) in [
                        ("pick", m.selected),
                        ("target", m.target),
                        ("check", m.check),
                    ] {
                        assert_ne!(c, t.board.light, "{name} {depth:?}: {mark} on light");
                        assert_ne!(c, t.board.dark, "{name} {depth:?}: {mark} on dark");
                    }
                }
            }
        }
    }

    /// The colours the Linux console shows: its own palette, the eight
    /// dark ones at 170 (brown for yellow), the bright ones 85 higher.
    fn console_rgb(colour: Color) -> Option<(u8, u8, u8)> {
        let table = [
            (Color::Black, (0, 0, 0)),
            (Color::Red, (170, 0, 0)),
            (Color::Green, (0, 170, 0)),
            (Color::Yellow, (170, 85, 0)),
            (Color::Blue, (0, 0, 170)),
            (Color::Magenta, (170, 0, 170)),
            (Color::Cyan, (0, 170, 170)),
            (Color::Gray, (170, 170, 170)),
            (Color::DarkGray, (85, 85, 85)),
            (Color::LightRed, (255, 85, 85)),
            (Color::LightGreen, (85, 255, 85)),
            (Color::LightYellow, (255, 255, 85)),
            (Color::LightBlue, (85, 85, 255)),
            (Color::LightMagenta, (255, 85, 255)),
            (Color::LightCyan, (85, 255, 255)),
            (Color::White, (255, 255, 255)),
        ];
        table
            .iter()
            .find(|(c, _)| *c == colour)
            .map(|(_, rgb)| *rgb)
    }

    #[test]
    fn the_console_theme_uses_its_eight_backgrounds_and_reads_in_its_palette() {
        let theme = built_in("console").adapted(ColorDepth::Ansi16);
        let dark_eight = [
            Color::Black,
            Color::Red,
            Color::Green,
            Color::Yellow,
            Color::Blue,
            Color::Magenta,
            Color::Cyan,
            Color::Gray,
        ];
        let mut failures = Vec::new();
        for pair in piece_pairs(&theme) {
            if !dark_eight.contains(&pair.background_colour) {
                failures.push(format!("{} is no console background", pair.background));
                continue;
            }
            let luminance = |c: Color| {
                let (r, g, b) = console_rgb(c).unwrap_or((0, 0, 0));
                relative_luminance(Color::Rgb(r, g, b)).unwrap_or(0.0)
            };
            let (a, b) = (
                luminance(pair.piece_colour),
                luminance(pair.background_colour),
            );
            let r = (a.max(b) + 0.05) / (a.min(b) + 0.05);
            if r < 3.0 {
                failures.push(format!("{} on {}: {r:.2} : 1", pair.piece, pair.background));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert_ne!(theme.board.light, theme.board.dark);
    }
}
