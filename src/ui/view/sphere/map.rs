//! The sphere's shade marks: an empty cell's shade and shape as a
//! character (`□`/`■` for a light or dark quadrilateral, `△`/`▲` for a
//! triangle), so neither is told by colour alone.

use crate::session::look::GlyphSet;

/// The shade of an empty cell as a mark: light or dark, quadrilateral or
/// triangle, so neither colour nor shape is told by colour alone.
pub fn shade_mark(glyphs: GlyphSet, light: bool, triangle: bool) -> &'static str {
    match (glyphs, light, triangle) {
        (GlyphSet::Unicode, true, false) => "□",
        (GlyphSet::Unicode, false, false) => "■",
        (GlyphSet::Unicode, true, true) => "△",
        (GlyphSet::Unicode, false, true) => "▲",
        // What every Linux console font has.
        (GlyphSet::Letters, true, false) => "☐",
        (GlyphSet::Letters, false, false) => "■",
        (GlyphSet::Letters, true, true) => "▴",
        (GlyphSet::Letters, false, true) => "▲",
        (GlyphSet::Ascii, true, false) => ":",
        (GlyphSet::Ascii, false, false) => "#",
        (GlyphSet::Ascii, true, true) => "^",
        (GlyphSet::Ascii, false, true) => "A",
    }
}
