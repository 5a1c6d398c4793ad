//! The sphere's shade marks: an empty cell's shade and shape as a
//! character (`□`/`■` for a light or dark quadrilateral, `△`/`▲` for a
//! triangle), so neither is told by colour alone.

use crate::session::look::GlyphSet;

/// The shade of an empty cell as a mark: light or dark, quadrilateral or
/// triangle, so neither colour nor shape is told by colour alone.
pub fn shade_mark(glyphs: GlyphSet, light: bool, triangle: bool) -> &'static str {
    match (glyphs == GlyphSet::Ascii, light, triangle) {
        (false, true, false) => "□",
        (false, false, false) => "■",
        (false, true, true) => "△",
        (false, false, true) => "▲",
        (true, true, false) => ":",
        (true, false, false) => "#",
        (true, true, true) => "^",
        (true, false, true) => "A",
    }
}
