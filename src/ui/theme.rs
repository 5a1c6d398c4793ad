//! Themes: the colours of the board, pieces, marks and text, read from TOML
//! (`themes/*.toml`, built in; the user's config directory; `--theme PATH`),
//! and the terminal's colour depth, to which every colour is degraded.

use super::colour::{distinct_squares_16, parse_colour};
use crate::session::look::ColorDepth;
use crate::ui::colour::DepthColours;
use ratatui::style::Color;
use std::fmt;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The themes built into the binary: (name, TOML text).
pub const BUILT_IN: &[(&str, &str)] = &[
    ("classic", include_str!("../../themes/classic.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("mono", include_str!("../../themes/mono.toml")),
    ("console", include_str!("../../themes/console.toml")),
];

/// The colours of the board's cells and labels.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardColours {
    /// Light cells.
    pub light: Color,
    /// Dark cells.
    pub dark: Color,
    /// File and rank labels.
    pub label: Color,
    /// Brackets, dots and crosses drawn on cells.
    pub mark: Color,
    /// The light squares of each seat's camp (its region of the board),
    /// by seat in turn order, tinted toward its colour; later seats reuse
    /// the last. Empty: camps keep the plain squares and are marked by a
    /// character instead.
    pub camps_light: Vec<Color>,
    /// The dark squares of each seat's camp, as [`BoardColours::camps_light`].
    pub camps_dark: Vec<Color>,
}

impl BoardColours {
    /// The colour of a light (`light` true) or dark square, in `seat`'s
    /// camp when `camp` is `Some(seat)`: the camp's tint where the theme
    /// gives one, else the plain square.
    pub fn square(&self, light: bool, camp: Option<usize>) -> Color {
        let (plain, tints) = if light {
            (self.light, &self.camps_light)
        } else {
            (self.dark, &self.camps_dark)
        };
        camp.and_then(|seat| tints.get(seat).or(tints.last()))
            .copied()
            .unwrap_or(plain)
    }
}

/// The colours of boards with four armies or more (`[armies]` in a theme
/// file): their own squares, camp tints, piece colours and marks, so four
/// hues can each stand out from every square. A colour left out (`None`)
/// is the theme's two-army one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArmyColours {
    /// Light squares.
    pub light: Option<Color>,
    /// Dark squares.
    pub dark: Option<Color>,
    /// Camps' light squares by seat.
    pub camps_light: Option<Vec<Color>>,
    /// Camps' dark squares by seat.
    pub camps_dark: Option<Vec<Color>>,
    /// Piece colours by seat.
    pub seats: Option<Vec<Color>>,
    /// Mark colours, each optional.
    pub marks: [Option<Color>; MARK_KEYS.len()],
}

/// The mark keys, in [`MarkColours`] order.
const MARK_KEYS: [&str; 7] = [
    "cursor",
    "selected",
    "target",
    "last_move",
    "check",
    "zone",
    "hint",
];

/// The fewest armies a board needs to be drawn in the `[armies]` colours.
pub const ARMIES_FROM: usize = 4;

/// The background colours that mark cells.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkColours {
    /// The cursor's cell.
    pub cursor: Color,
    /// The selected piece's cell.
    pub selected: Color,
    /// Cells the selected piece may move to.
    pub target: Color,
    /// The two cells of the last move.
    pub last_move: Color,
    /// A king in check.
    pub check: Color,
    /// Shaded zones (Cat Chess), on light squares.
    pub zone: Color,
    /// Zones on dark squares, so a zone keeps the board's checker;
    /// `marks.zone_dark`, the zone colour where a theme leaves it out.
    pub zone_dark: Option<Color>,
    /// The two cells of the move the hint suggests.
    pub hint: Color,
}

impl MarkColours {
    /// A zone's colour on a light (`light`) or dark square.
    pub fn zone_on(&self, light: bool) -> Color {
        if light {
            self.zone
        } else {
            self.zone_dark.unwrap_or(self.zone)
        }
    }
}

/// The colours of panel text.
#[derive(Clone, Debug, PartialEq)]
pub struct TextColours {
    /// Ordinary text.
    pub normal: Color,
    /// Secondary text (hints, moves not yet replayed).
    pub dim: Color,
    /// Titles and the side to move.
    pub accent: Color,
    /// Error messages.
    pub error: Color,
    /// The background of highlighted rows (the current move, the setup row).
    pub highlight: Color,
}

/// A whole theme, as written in its file (before colour-depth degradation).
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// The theme's name.
    pub name: String,
    /// Board colours.
    pub board: BoardColours,
    /// Piece colours by seat index; later seats reuse the last one.
    pub seats: Vec<Color>,
    /// The colour of the Cats (Cat Chess), whatever their seat.
    pub cat: Color,
    /// Cell marks.
    pub marks: MarkColours,
    /// Panel text.
    pub text: TextColours,
    /// Boards with four armies.
    pub armies: ArmyColours,
    /// The colours a theme chose for 16-colour terminals (`[ansi16.board]`,
    /// `[ansi16.marks]`, ...: any key of the other sections), by dotted key:
    /// in 16 colours they replace the nearest-colour mapping of the others,
    /// so a theme is designed for the 16 colours rather than mapped to them.
    pub ansi16: Vec<(String, Vec<Color>)>,
}

/// Why a theme file could not be used: one sentence naming the file, the
/// line and the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeError {
    /// The file (or built-in name) that was read.
    pub file: String,
    /// The line the problem is on, counting from 1.
    pub line: usize,
    /// The key at fault (`board.light`), or empty for a syntax error.
    pub key: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            write!(
                f,
                "Theme file {}, line {}: {}; using the classic theme.",
                catboard::text::shown_path(std::path::Path::new(&self.file)),
                self.line,
                self.problem
            )
        } else {
            write!(
                f,
                "Theme file {}, line {}, key {}: {}; using the classic theme.",
                catboard::text::shown_path(std::path::Path::new(&self.file)),
                self.line,
                catboard::text::quoted(&self.key),
                self.problem
            )
        }
    }
}

/// The line (from 1) that byte `offset` of `text` is on.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |t| t.matches('\n').count() + 1)
}

/// The sections and keys a theme file may have.
const SECTIONS: &[(&str, &[&str])] = &[
    (
        "board",
        &[
            "light",
            "dark",
            "label",
            "mark",
            "camps_light",
            "camps_dark",
        ],
    ),
    ("pieces", &["seats", "cat"]),
    (
        "marks",
        &[
            "cursor",
            "selected",
            "target",
            "last_move",
            "check",
            "zone",
            "zone_dark",
            "hint",
        ],
    ),
    ("text", &["normal", "dim", "accent", "error", "highlight"]),
    (
        "armies",
        &[
            "light",
            "dark",
            "camps_light",
            "camps_dark",
            "seats",
            "cursor",
            "selected",
            "target",
            "last_move",
            "check",
            "zone",
            "hint",
        ],
    ),
];

/// The keys whose value is a list of colours.
const LIST_KEYS: &[&str] = &[
    "pieces.seats",
    "board.camps_light",
    "board.camps_dark",
    "armies.seats",
    "armies.camps_light",
    "armies.camps_dark",
];

/// Reads one theme's TOML text; keys it leaves out keep `base`'s colours.
/// `file` names the source in errors.
pub fn parse_theme(file: &str, text: &str, base: &Theme) -> Result<Theme, ThemeError> {
    let error = |span: std::ops::Range<usize>, key: &str, problem: String| ThemeError {
        file: file.to_string(),
        line: line_of(text, span.start),
        key: key.to_string(),
        problem,
    };
    let doc = DeTable::parse(text).map_err(|e| {
        let problem = catboard::text::foreign(e.message());
        error(e.span().unwrap_or(0..0), "", problem)
    })?;
    let mut theme = base.clone();
    for (key, value) in doc.get_ref().iter() {
        let name: &str = key.get_ref();
        if name == "name" {
            match value.get_ref() {
                DeValue::String(s) => theme.name = s.to_string(),
                _ => return Err(error(value.span(), name, "should be a string".into())),
            }
            continue;
        }
        if name == "ansi16" {
            let DeValue::Table(sections) = value.get_ref() else {
                return Err(error(value.span(), name, "should be a table".into()));
            };
            for (section, inner) in sections.iter() {
                let section_name: &str = section.get_ref();
                let dotted = format!("ansi16.{section_name}");
                let Some((_, keys)) = SECTIONS
                    .iter()
                    .find(|(s, _)| *s == section_name && *s != "armies")
                else {
                    return Err(error(
                        section.span(),
                        &dotted,
                        "is not a section 16 colours can set (expected board, pieces, marks or text)".into(),
                    ));
                };
                let DeValue::Table(table) = inner.get_ref() else {
                    return Err(error(inner.span(), &dotted, "should be a table".into()));
                };
                for (entry, v) in table.iter() {
                    let entry_name: &str = entry.get_ref();
                    let key = format!("{section_name}.{entry_name}");
                    if !keys.contains(&entry_name) {
                        return Err(error(
                            entry.span(),
                            &format!("ansi16.{key}"),
                            format!("is not a known key (expected {})", keys.join(", ")),
                        ));
                    }
                    let colours = if LIST_KEYS.contains(&key.as_str()) {
                        parse_colour_list(v)
                            .map_err(|(s, p)| error(s, &format!("ansi16.{key}"), p))?
                    } else {
                        vec![
                            colour_value(v)
                                .map_err(|p| error(v.span(), &format!("ansi16.{key}"), p))?,
                        ]
                    };
                    if colours.iter().any(|c| matches!(c, Color::Rgb(..))) {
                        return Err(error(
                            v.span(),
                            &format!("ansi16.{key}"),
                            "should name one of the 16 ANSI colours (or \"default\"), not #rrggbb"
                                .into(),
                        ));
                    }
                    theme.ansi16.retain(|(k, _)| *k != key);
                    theme.ansi16.push((key, colours));
                }
            }
            continue;
        }
        let Some((_, keys)) = SECTIONS.iter().find(|(s, _)| *s == name) else {
            return Err(error(
                key.span(),
                name,
                format!(
                    "is not a theme section (expected name, {})",
                    SECTIONS.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        let DeValue::Table(table) = value.get_ref() else {
            return Err(error(value.span(), name, "should be a table".into()));
        };
        for (entry, v) in table.iter() {
            let entry_name: &str = entry.get_ref();
            let dotted = format!("{name}.{entry_name}");
            if !keys.contains(&entry_name) {
                return Err(error(
                    entry.span(),
                    &dotted,
                    format!("is not a known key (expected {})", keys.join(", ")),
                ));
            }
            if LIST_KEYS.contains(&dotted.as_str()) {
                let list = parse_colour_list(v).map_err(|(s, p)| error(s, &dotted, p))?;
                if list.is_empty() {
                    return Err(error(v.span(), &dotted, "needs at least one colour".into()));
                }
                set_list(&mut theme, &dotted, list);
                continue;
            }
            let colour = colour_value(v).map_err(|p| error(v.span(), &dotted, p))?;
            set_colour(&mut theme, &dotted, colour);
        }
    }
    Ok(theme)
}

fn colour_value(v: &Spanned<DeValue<'_>>) -> Result<Color, String> {
    match v.get_ref() {
        DeValue::String(s) => parse_colour(s),
        _ => Err("should be a colour in quotes, such as \"#d6b07a\"".into()),
    }
}

fn parse_colour_list(
    v: &Spanned<DeValue<'_>>,
) -> Result<Vec<Color>, (std::ops::Range<usize>, String)> {
    let DeValue::Array(items) = v.get_ref() else {
        return Err((v.span(), "should be a list of colours".into()));
    };
    items
        .iter()
        .map(|item| colour_value(item).map_err(|p| (item.span(), p)))
        .collect()
}

fn set_list(theme: &mut Theme, key: &str, list: Vec<Color>) {
    match key {
        "board.camps_light" => theme.board.camps_light = list,
        "board.camps_dark" => theme.board.camps_dark = list,
        "armies.seats" => theme.armies.seats = Some(list),
        "armies.camps_light" => theme.armies.camps_light = Some(list),
        "armies.camps_dark" => theme.armies.camps_dark = Some(list),
        _ => theme.seats = list,
    }
}

fn set_colour(theme: &mut Theme, key: &str, colour: Color) {
    if let Some(entry) = key.strip_prefix("armies.") {
        let armies = &mut theme.armies;
        match entry {
            "light" => armies.light = Some(colour),
            "dark" => armies.dark = Some(colour),
            _ => {
                if let Some(i) = MARK_KEYS.iter().position(|k| *k == entry) {
                    armies.marks[i] = Some(colour);
                }
            }
        }
        return;
    }
    let slot = match key {
        "board.light" => &mut theme.board.light,
        "board.dark" => &mut theme.board.dark,
        "board.label" => &mut theme.board.label,
        "board.mark" => &mut theme.board.mark,
        "marks.cursor" => &mut theme.marks.cursor,
        "marks.selected" => &mut theme.marks.selected,
        "marks.target" => &mut theme.marks.target,
        "marks.last_move" => &mut theme.marks.last_move,
        "marks.check" => &mut theme.marks.check,
        "marks.zone" => &mut theme.marks.zone,
        "marks.zone_dark" => {
            theme.marks.zone_dark = Some(colour);
            return;
        }
        "marks.hint" => &mut theme.marks.hint,
        "pieces.cat" => &mut theme.cat,
        "text.normal" => &mut theme.text.normal,
        "text.dim" => &mut theme.text.dim,
        "text.accent" => &mut theme.text.accent,
        "text.error" => &mut theme.text.error,
        _ => &mut theme.text.highlight,
    };
    *slot = colour;
}

impl Theme {
    /// A theme with every colour the terminal's default; the base every
    /// theme file is read over.
    fn blank() -> Theme {
        let d = Color::Reset;
        Theme {
            name: String::new(),
            board: BoardColours {
                light: d,
                dark: d,
                label: d,
                mark: d,
                camps_light: Vec::new(),
                camps_dark: Vec::new(),
            },
            seats: vec![d],
            cat: d,
            marks: MarkColours {
                cursor: d,
                selected: d,
                target: d,
                last_move: d,
                check: d,
                zone: d,
                zone_dark: None,
                hint: d,
            },
            text: TextColours {
                normal: d,
                dim: d,
                accent: d,
                error: d,
                highlight: d,
            },
            armies: ArmyColours::default(),
            ansi16: Vec::new(),
        }
    }

    /// The built-in `classic` theme.
    pub fn classic() -> Theme {
        Theme::built_in("classic").unwrap_or_else(Theme::blank)
    }

    /// A built-in theme by name.
    pub fn built_in(name: &str) -> Option<Theme> {
        let (_, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        parse_theme(name, text, &Theme::blank()).ok()
    }

    /// The colour of `seat`'s pieces.
    pub fn seat_colour(&self, seat: usize) -> Color {
        self.seats
            .get(seat)
            .or(self.seats.last())
            .copied()
            .unwrap_or(Color::Reset)
    }

    /// The theme a board of `armies` seats is drawn in: from
    /// [`ARMIES_FROM`] armies on, the `[armies]` colours over the others.
    pub fn for_armies(&self, armies: usize) -> Theme {
        let mut theme = self.clone();
        if armies < ARMIES_FROM {
            return theme;
        }
        let over = &self.armies;
        let board = &mut theme.board;
        board.light = over.light.unwrap_or(board.light);
        board.dark = over.dark.unwrap_or(board.dark);
        if let Some(list) = &over.camps_light {
            board.camps_light = list.clone();
        }
        if let Some(list) = &over.camps_dark {
            board.camps_dark = list.clone();
        }
        if let Some(list) = &over.seats {
            theme.seats = list.clone();
        }
        let m = &mut theme.marks;
        let slots = [
            &mut m.cursor,
            &mut m.selected,
            &mut m.target,
            &mut m.last_move,
            &mut m.check,
            &mut m.zone,
            &mut m.hint,
        ];
        for (slot, colour) in slots.into_iter().zip(over.marks) {
            if let Some(c) = colour {
                *slot = c;
            }
        }
        // A zone colour of the armies' own covers both shades of square.
        if over.marks[5].is_some() {
            m.zone_dark = None;
        }
        theme
    }

    /// Every colour degraded to `depth`. In 16 colours camps are not
    /// tinted (too few colours to tint faintly; the board marks them with
    /// a character) and boards of four armies keep the two-army colours,
    /// which stay readable there while four hues cannot.
    pub fn adapted(&self, depth: ColorDepth) -> Theme {
        let a = |c: Color| depth.adapt(c);
        let all = |list: &[Color]| list.iter().map(|c| a(*c)).collect::<Vec<_>>();
        let (light, dark) = match depth {
            ColorDepth::Ansi16 => distinct_squares_16(self.board.light, self.board.dark),
            _ => (a(self.board.light), a(self.board.dark)),
        };
        let sixteen = depth == ColorDepth::Ansi16;
        let camps = |list: &[Color]| if sixteen { Vec::new() } else { all(list) };
        let armies = if sixteen {
            ArmyColours::default()
        } else {
            let over = &self.armies;
            ArmyColours {
                light: over.light.map(a),
                dark: over.dark.map(a),
                camps_light: over.camps_light.as_deref().map(all),
                camps_dark: over.camps_dark.as_deref().map(all),
                seats: over.seats.as_deref().map(all),
                marks: over.marks.map(|c| c.map(a)),
            }
        };
        let mut adapted = Theme {
            name: self.name.clone(),
            board: BoardColours {
                light,
                dark,
                label: a(self.board.label),
                mark: a(self.board.mark),
                camps_light: camps(&self.board.camps_light),
                camps_dark: camps(&self.board.camps_dark),
            },
            seats: self.seats.iter().map(|c| a(*c)).collect(),
            cat: a(self.cat),
            marks: MarkColours {
                cursor: a(self.marks.cursor),
                selected: a(self.marks.selected),
                target: a(self.marks.target),
                last_move: a(self.marks.last_move),
                check: a(self.marks.check),
                zone: a(self.marks.zone),
                zone_dark: self.marks.zone_dark.map(a),
                hint: a(self.marks.hint),
            },
            text: TextColours {
                normal: a(self.text.normal),
                dim: a(self.text.dim),
                accent: a(self.text.accent),
                error: a(self.text.error),
                highlight: a(self.text.highlight),
            },
            armies,
            ansi16: Vec::new(),
        };
        if sixteen {
            for (key, colours) in &self.ansi16 {
                if LIST_KEYS.contains(&key.as_str()) {
                    set_list(&mut adapted, key, colours.clone());
                } else if let Some(c) = colours.first() {
                    set_colour(&mut adapted, key, *c);
                }
            }
        }
        adapted
    }
}

/// Where the user's own themes live: `$XDG_CONFIG_HOME/catboard/themes`
/// or `~/.config/catboard/themes`.
pub fn user_theme_dir(var: &impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let base = var("XDG_CONFIG_HOME")
        .filter(|v| Path::new(v).is_absolute())
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| Path::new(&h).join(".config")))?;
    Some(base.join("catboard").join("themes"))
}

/// Finds and reads the theme the user asked for: a path (anything with a
/// `/` or ending in `.toml`), a theme in the user's directory, or a built-in
/// one. On any problem the result is `classic` plus one sentence saying why.
pub fn load_theme(choice: &str, user_dir: Option<&Path>) -> (Theme, Option<String>) {
    let classic = Theme::classic();
    let fail = |message: String| (Theme::classic(), Some(message));
    let as_path = choice.contains('/') || choice.ends_with(".toml");
    let path: Option<PathBuf> = if as_path {
        Some(PathBuf::from(choice))
    } else {
        user_dir
            .map(|d| d.join(format!("{choice}.toml")))
            .filter(|p| p.is_file())
    };
    if let Some(path) = path {
        let shown = catboard::text::shown_path(&path);
        let file = path.to_string_lossy().into_owned();
        return match std::fs::read_to_string(&path) {
            Ok(text) => match parse_theme(&file, &text, &classic) {
                Ok(theme) => (theme, None),
                Err(e) => fail(e.to_string()),
            },
            Err(e) => fail(format!(
                "Theme file {shown} could not be read ({}); using the classic theme.",
                catboard::text::foreign(&e.to_string())
            )),
        };
    }
    match Theme::built_in(choice) {
        Some(theme) => (theme, None),
        None => {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            fail(format!(
                "There is no theme {} (built in: {}); using the classic theme.",
                catboard::text::quoted(choice),
                names.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests;
