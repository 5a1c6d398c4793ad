//! Colours as a terminal can show them: named, indexed or 24-bit colours
//! read from text, the terminal's colour depth, and each colour brought
//! down to the nearest one a 256- or 16-colour terminal has.

use crate::session::look::ColorDepth;
use ratatui::style::Color;

/// What a depth does to colours: the depth itself is a choice the session
/// keeps by name ([`ColorDepth`] in `session::look`).
pub trait DepthColours {
    /// `colour` as this terminal can show it.
    fn adapt(self, colour: Color) -> Color;
}

impl DepthColours for ColorDepth {
    fn adapt(self, colour: Color) -> Color {
        match (self, colour) {
            (ColorDepth::NoColor, _) => Color::Reset,
            (ColorDepth::TrueColor, c) => c,
            (ColorDepth::Ansi256, Color::Rgb(r, g, b)) => Color::Indexed(nearest_256(r, g, b)),
            (ColorDepth::Ansi16, Color::Rgb(r, g, b)) => nearest_16(r, g, b),
            (ColorDepth::Ansi16, Color::Indexed(_)) => Color::Reset,
            (_, c) => c,
        }
    }
}

/// The 16 ANSI colours with the RGB values most terminals give them.
const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 0, 0)),
    (Color::Green, (0, 205, 0)),
    (Color::Yellow, (205, 205, 0)),
    (Color::Blue, (0, 0, 238)),
    (Color::Magenta, (205, 0, 205)),
    (Color::Cyan, (0, 205, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (127, 127, 127)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (92, 92, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2) as u32;
    d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)
}

/// The nearest of the 16 ANSI colours.
fn nearest_16(r: u8, g: u8, b: u8) -> Color {
    ANSI16
        .iter()
        .min_by_key(|(_, rgb)| distance(*rgb, (r, g, b)))
        .map_or(Color::Reset, |(c, _)| *c)
}

/// The two board colours in 16 colours, kept apart: when both fall on the
/// same ANSI colour, the one farther from it moves to its next nearest.
pub fn distinct_squares_16(light: Color, dark: Color) -> (Color, Color) {
    let (Color::Rgb(lr, lg, lb), Color::Rgb(dr, dg, db)) = (light, dark) else {
        return (
            ColorDepth::Ansi16.adapt(light),
            ColorDepth::Ansi16.adapt(dark),
        );
    };
    let (l, d) = ((lr, lg, lb), (dr, dg, db));
    let (nl, nd) = (nearest_16(lr, lg, lb), nearest_16(dr, dg, db));
    if nl != nd || l == d {
        return (nl, nd);
    }
    let shared = xterm_rgb(nl).unwrap_or((0, 0, 0));
    let next_nearest = |target: (u8, u8, u8)| {
        ANSI16
            .iter()
            .filter(|(c, _)| *c != nl)
            .min_by_key(|(_, rgb)| distance(*rgb, target))
            .map_or(Color::Reset, |(c, _)| *c)
    };
    if distance(l, shared) >= distance(d, shared) {
        (next_nearest(l), nd)
    } else {
        (nl, next_nearest(d))
    }
}

/// The six levels of each channel in the xterm 256-colour palette's cube.
const CUBE_LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The RGB value a terminal shows for `colour`: the colour itself, or the
/// standard xterm value of an ANSI name or palette index; `None` for
/// [`Color::Reset`], the terminal's own default, whose value only the
/// terminal knows.
pub fn xterm_rgb(colour: Color) -> Option<(u8, u8, u8)> {
    match colour {
        Color::Reset => None,
        Color::Rgb(r, g, b) => Some((r, g, b)),
        Color::Indexed(i @ 0..=15) => ANSI16.get(usize::from(i)).map(|(_, rgb)| *rgb),
        Color::Indexed(i @ 16..=231) => {
            let i = usize::from(i - 16);
            let level = |n: usize| CUBE_LEVELS[n % 6];
            Some((level(i / 36), level(i / 6), level(i)))
        }
        Color::Indexed(i) => {
            let grey = 8 + 10 * (i - 232);
            Some((grey, grey, grey))
        }
        named => ANSI16
            .iter()
            .find(|(c, _)| *c == named)
            .map(|(_, rgb)| *rgb),
    }
}

/// The nearest entry of the xterm 256-colour palette's cube or grey ramp.
fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = CUBE_LEVELS;
    let level = |v: u8| {
        (0..6)
            .min_by_key(|&i| (LEVELS[i] as i32 - v as i32).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let cube = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let cube_index = 16 + 36 * ri + 6 * gi + bi;
    let grey_step = ((r as u32 + g as u32 + b as u32) / 3).saturating_sub(3) / 10;
    let grey_step = grey_step.min(23) as u8;
    let grey = 8 + 10 * grey_step;
    let grey_index = 232 + grey_step as usize;
    if distance((grey, grey, grey), (r, g, b)) < distance(cube, (r, g, b)) {
        grey_index as u8
    } else {
        cube_index as u8
    }
}

/// Reads a colour: `#rrggbb`, an ANSI colour name, or `default`.
pub fn parse_colour(text: &str) -> Result<Color, String> {
    let t = text.trim().to_ascii_lowercase();
    if let Some(hex) = t.strip_prefix('#') {
        if hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
            return Ok(Color::Rgb(byte(0), byte(2), byte(4)));
        }
        return Err(format!(
            "{} is not a #rrggbb colour",
            catboard::text::quoted(text)
        ));
    }
    let named = match t.as_str() {
        "default" => Color::Reset,
        "black" => Color::Black,
        "red" => Color::Red,
        "green" => Color::Green,
        "yellow" => Color::Yellow,
        "blue" => Color::Blue,
        "magenta" => Color::Magenta,
        "cyan" => Color::Cyan,
        "gray" | "grey" => Color::Gray,
        "darkgray" | "darkgrey" => Color::DarkGray,
        "lightred" => Color::LightRed,
        "lightgreen" => Color::LightGreen,
        "lightyellow" => Color::LightYellow,
        "lightblue" => Color::LightBlue,
        "lightmagenta" => Color::LightMagenta,
        "lightcyan" => Color::LightCyan,
        "white" => Color::White,
        _ => {
            return Err(format!(
                "{} is not a colour (write #rrggbb, an ANSI colour name or default)",
                catboard::text::quoted(text)
            ));
        }
    };
    Ok(named)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::{BUILT_IN, Theme};

    #[test]
    fn colours_degrade_to_the_nearest_palette_entry() {
        assert_eq!(
            ColorDepth::Ansi256.adapt(Color::Rgb(255, 0, 0)),
            Color::Indexed(196)
        );
        assert_eq!(
            ColorDepth::Ansi256.adapt(Color::Rgb(128, 128, 128)),
            Color::Indexed(244)
        );
        assert_eq!(
            ColorDepth::Ansi16.adapt(Color::Rgb(250, 250, 250)),
            Color::White
        );
        assert_eq!(ColorDepth::NoColor.adapt(Color::Red), Color::Reset);
        // Squares that both lie nearest dark grey stay apart.
        assert_eq!(
            distinct_squares_16(Color::Rgb(0xaf, 0x87, 0x5f), Color::Rgb(0x87, 0x5f, 0x3f)),
            (Color::DarkGray, Color::Red)
        );
        for (name, _) in BUILT_IN {
            let theme = Theme::built_in(name)
                .expect("built in")
                .adapted(ColorDepth::Ansi16);
            if theme.board.light != Color::Reset {
                assert_ne!(theme.board.light, theme.board.dark, "{name}");
            }
        }
        assert_eq!(
            ColorDepth::TrueColor.adapt(Color::Rgb(1, 2, 3)),
            Color::Rgb(1, 2, 3)
        );
    }
}
