//! How a session wants to look, as a choice made by name: the theme (a
//! built-in name, a theme in the user's folder or a file), the colour
//! depth and the glyph set. The session keeps the choice; a front end that
//! draws (`ui`) builds its colours and characters from it, and the line
//! mode, which draws nothing, never does.

use catboard::text::UnknownChoice;

/// The look a session asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookChoice {
    /// The theme as `--theme` names it: built in (`classic`), a theme in
    /// the user's folder, or a path to a `.toml` file.
    pub theme: String,
    /// How many colours the terminal shows.
    pub depth: ColorDepth,
    /// Which characters the screen uses.
    pub glyphs: GlyphSet,
}

impl Default for LookChoice {
    /// The classic theme in true colour with Unicode glyphs.
    fn default() -> LookChoice {
        LookChoice {
            theme: "classic".to_string(),
            depth: ColorDepth::TrueColor,
            glyphs: GlyphSet::Unicode,
        }
    }
}

impl LookChoice {
    /// The glyph set and theme a terminal gets when none is asked for:
    /// the Linux console (`TERM=linux`), whose 512-glyph font has no chess
    /// symbols and whose backgrounds are 8 colours, gets the letters and
    /// the `console` theme made for it; every other terminal the Unicode
    /// set and `classic`.
    pub fn terminal_default(var: impl Fn(&str) -> Option<String>) -> (GlyphSet, &'static str) {
        if var("TERM").is_some_and(|t| t == "linux") {
            (GlyphSet::Letters, "console")
        } else {
            (GlyphSet::Unicode, "classic")
        }
    }
}

/// Which characters the screen uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlyphSet {
    /// Unicode chess symbols for the six chess kinds, letters for the rest.
    Unicode,
    /// Letters for every piece (upper case for the first seat), marks and
    /// square borders from the PC character set (CP437, Latin-1), which the
    /// Linux console's fonts have.
    Letters,
    /// ASCII only: letters, and ASCII marks and borders.
    Ascii,
}

impl GlyphSet {
    /// Every set, in the order `--glyphs` lists them.
    pub const ALL: [GlyphSet; 3] = [GlyphSet::Unicode, GlyphSet::Letters, GlyphSet::Ascii];

    /// The name used by `--glyphs`.
    pub const fn name(self) -> &'static str {
        match self {
            GlyphSet::Unicode => "unicode",
            GlyphSet::Letters => "letters",
            GlyphSet::Ascii => "ascii",
        }
    }

    /// The set named `name`.
    pub fn from_name(name: &str) -> Result<GlyphSet, UnknownChoice> {
        GlyphSet::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| {
                UnknownChoice::among("glyph set", name, &GlyphSet::ALL.map(GlyphSet::name))
            })
    }
}

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorDepth {
    /// 24-bit colour.
    TrueColor,
    /// The xterm 256-colour palette.
    Ansi256,
    /// The 16 ANSI colours.
    Ansi16,
    /// No colour at all (`NO_COLOR`, dumb terminals).
    NoColor,
}

impl ColorDepth {
    /// The depth the environment asks for: `NO_COLOR` (non-empty) wins, then
    /// `COLORTERM=truecolor|24bit`, then a `TERM` naming 256 colours; a
    /// `dumb` terminal gets none and anything else 16.
    pub fn detect(var: impl Fn(&str) -> Option<String>) -> ColorDepth {
        if var("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return ColorDepth::NoColor;
        }
        let colorterm = var("COLORTERM").unwrap_or_default().to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" {
            return ColorDepth::TrueColor;
        }
        let term = var("TERM").unwrap_or_default().to_ascii_lowercase();
        if term.contains("256") {
            ColorDepth::Ansi256
        } else if term == "dumb" {
            ColorDepth::NoColor
        } else {
            ColorDepth::Ansi16
        }
    }

    /// The depth named on the command line (`truecolor`, `256`, `16`, `none`).
    pub fn from_name(name: &str) -> Result<ColorDepth, UnknownChoice> {
        match name {
            "truecolor" | "24bit" => Ok(ColorDepth::TrueColor),
            "256" => Ok(ColorDepth::Ansi256),
            "16" => Ok(ColorDepth::Ansi16),
            "none" => Ok(ColorDepth::NoColor),
            _ => Err(UnknownChoice::among(
                "colour depth",
                name,
                &["truecolor", "256", "16", "none"],
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_depth_is_detected_from_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        let detect = |pairs| ColorDepth::detect(env(pairs));
        assert_eq!(detect(&[("COLORTERM", "truecolor")]), ColorDepth::TrueColor);
        assert_eq!(detect(&[("TERM", "xterm-256color")]), ColorDepth::Ansi256);
        assert_eq!(detect(&[("TERM", "xterm")]), ColorDepth::Ansi16);
        assert_eq!(detect(&[("TERM", "dumb")]), ColorDepth::NoColor);
        assert_eq!(
            detect(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")]),
            ColorDepth::NoColor
        );
        assert_eq!(
            detect(&[("NO_COLOR", ""), ("TERM", "xterm")]),
            ColorDepth::Ansi16
        );
    }

    #[test]
    fn the_linux_console_gets_letters_and_its_own_theme() {
        let term = |t: &'static str| move |k: &str| (k == "TERM").then(|| t.to_string());
        assert_eq!(
            LookChoice::terminal_default(term("linux")),
            (GlyphSet::Letters, "console")
        );
        assert_eq!(ColorDepth::detect(term("linux")), ColorDepth::Ansi16);
        for other in ["xterm", "xterm-256color", "screen", "tmux-256color"] {
            assert_eq!(
                LookChoice::terminal_default(term(other)),
                (GlyphSet::Unicode, "classic"),
                "{other}"
            );
        }
    }

    #[test]
    fn a_refused_name_is_quoted_and_lists_every_name_taken() {
        let said = GlyphSet::from_name("emoji\u{1b}").unwrap_err().to_string();
        assert!(
            said.starts_with("There is no glyph set 'emoji\\u{1b}'"),
            "{said}"
        );
        for set in GlyphSet::ALL {
            assert!(said.contains(set.name()), "{said} lists {}", set.name());
        }
        let said = ColorDepth::from_name("8").unwrap_err().to_string();
        for name in ["truecolor", "256", "16", "none"] {
            assert!(said.contains(name), "{said} lists {name}");
            assert!(ColorDepth::from_name(name).is_ok(), "{name} is taken");
        }
    }

    #[test]
    fn glyph_sets_are_found_by_name() {
        assert!(GlyphSet::from_name("emoji").is_err());
        assert_eq!(GlyphSet::from_name("letters"), Ok(GlyphSet::Letters));
        for set in GlyphSet::ALL {
            assert_eq!(GlyphSet::from_name(set.name()), Ok(set));
        }
    }
}
