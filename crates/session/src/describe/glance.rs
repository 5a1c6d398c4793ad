//! How a piece moves, in words: the library's glance
//! ([`catboard::core::glance`]) said as sentences, for the view beside its
//! picture, the screen reader view and the line mode's `explain`.

use super::piece_words;
use crate::speech::Voice;
use crate::words::{and_list, capitalise, possessive};
use catboard::core::glance::{Glance, Reach};
use catboard::core::{Cell, CellSet, Game, Geometry, LineKind, PieceKind};
use catboard::variants::AnyGame;

/// What a kind of move is, as a legend and a sentence say it.
pub fn reach_words(reach: Reach) -> &'static str {
    match reach {
        Reach::Slide => "slides, taking or not; a piece in between blocks it",
        Reach::Leap => "steps or leaps, taking or not; nothing in between stops it",
        Reach::MoveOnly => "moves there only when it is empty, never taking",
        Reach::CaptureOnly => "goes there only to take a piece",
        Reach::DoubleStep => "takes there and may go on: a second step, back home, or stop there",
        Reach::Hop => "takes there only by jumping over the screen on its line",
    }
}

/// A kind as a list of the game's pieces shows it: its name and the
/// letter the game writes it with ("Knight (N)", "Crowned rook (+R)").
pub fn kind_title(game: &AnyGame, kind: PieceKind) -> String {
    format!("{} ({})", capitalise(kind.name()), game.kind_label(kind))
}

/// The kind of the game's pieces `text` names: its name in the singular
/// or plural, or the letter the game writes it with, in either case
/// ("lion", "knights", "n", "+R").
pub fn kind_named(game: &AnyGame, text: &str) -> Option<PieceKind> {
    let text = text.trim().to_ascii_lowercase();
    game.piece_kinds().into_iter().find(|k| {
        text == k.name() || text == k.plural() || text == game.kind_label(*k).to_ascii_lowercase()
    })
}

/// The game's pieces in a sentence: "The pieces of Chess: king (K), queen (Q), …".
pub fn kinds_sentence(game: &AnyGame) -> String {
    let kinds: Vec<String> = game
        .piece_kinds()
        .into_iter()
        .map(|k| format!("{} ({})", k.name(), game.kind_label(k)))
        .collect();
    let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
    format!(
        "The pieces of {}: {}.",
        game.variant().name(),
        and_list(&kinds)
    )
}

/// The answer to a piece name the game has no piece of: one sentence
/// listing the pieces it has.
pub fn unknown_kind(game: &AnyGame, text: &str) -> String {
    let kinds: Vec<&str> = game.piece_kinds().iter().map(|k| k.name()).collect();
    format!(
        "{} has no piece {}; its pieces are {}.",
        game.variant().name(),
        catboard::text::quoted(text),
        and_list(&kinds)
    )
}

/// `cells` in words, along the lines from `from` first: a run of three or
/// more cells one after another on a line as "d5 to d8" on a grid (whose
/// names say the cells between), every cell it passes on the sphere
/// ("15 N, 16 N, 3 E, 4 E"); the rest one by one in the board's order.
fn runs(geo: &Geometry, voice: Voice, from: Cell, cells: CellSet) -> Vec<String> {
    let mut left = cells;
    let mut said = Vec::new();
    for kind in [LineKind::Orthogonal, LineKind::Diagonal] {
        for ray in geo.rays(from, kind) {
            let mut i = 0;
            while i < ray.len() {
                if !left.contains(ray[i]) {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < ray.len() && left.contains(ray[i]) {
                    i += 1;
                }
                if i - start >= 3 {
                    ray[start..i].iter().for_each(|c| left.remove(*c));
                    said.push(if geo.grid_size().is_some() {
                        format!(
                            "{} to {}",
                            voice.cell(geo, ray[start]),
                            voice.cell(geo, ray[i - 1])
                        )
                    } else {
                        voice.cell_list(geo, ray[start..i].iter().copied())
                    });
                }
            }
        }
    }
    said.extend(left.iter().map(|c| voice.cell(geo, c)));
    said
}

/// `cells` of a region in words: "aa to ff" for a rectangle of a grid,
/// else every cell.
fn region_words(geo: &Geometry, voice: Voice, cells: CellSet) -> String {
    let corners = cells.iter().fold(None, |b: Option<(u8, u8, u8, u8)>, c| {
        let (f, r) = (geo.file(c), geo.rank(c));
        Some(match b {
            None => (f, r, f, r),
            Some((f0, r0, f1, r1)) => (f0.min(f), r0.min(r), f1.max(f), r1.max(r)),
        })
    });
    if let (Some((f0, r0, f1, r1)), Some(_)) = (corners, geo.grid_size()) {
        let area = (usize::from(f1 - f0) + 1) * (usize::from(r1 - r0) + 1);
        let (low, high) = (
            geo.at(i32::from(f0), i32::from(r0)),
            geo.at(i32::from(f1), i32::from(r1)),
        );
        if let (true, Some(low), Some(high)) = (area == cells.len(), low, high) {
            return format!("{} to {}", voice.cell(geo, low), voice.cell(geo, high));
        }
    }
    voice.cell_list(geo, cells.iter())
}

/// How the glance's piece moves, in sentences: where it stands and what
/// else stands there, each kind of move with its cells, the screens, the
/// zone it keeps, its army's camp.
pub fn glance_words(glance: &Glance<AnyGame>, voice: Voice) -> Vec<String> {
    let scene = &glance.scene;
    let geo = scene.geometry();
    let piece = glance.piece;
    let mut said = Vec::new();
    let others: Vec<String> = glance
        .fixtures
        .iter()
        .filter_map(|c| {
            scene
                .piece_at(c)
                .map(|p| format!("the {} on {}", piece_words(scene, p), voice.cell(geo, c)))
        })
        .collect();
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    let company = if others.is_empty() {
        String::new()
    } else {
        format!(
            ", alone but for {}, which the rules need",
            and_list(&others)
        )
    };
    said.push(format!(
        "How the {} moves: {} on {}{company}.",
        piece.kind().name(),
        capitalise(&piece_words(scene, piece)),
        voice.cell(geo, glance.from),
    ));
    for reach in Reach::ALL {
        let cells = glance.cells(reach);
        if cells.is_empty() {
            continue;
        }
        // A sphere's runs are lists themselves: a stronger stop between.
        let between = if geo.grid_size().is_some() {
            ", "
        } else {
            "; "
        };
        let where_to = runs(geo, voice, glance.from, cells).join(between);
        said.push(format!("It {}: {where_to}.", reach_words(reach)));
    }
    if !glance.screens.is_empty() {
        let count = glance.screens.len();
        let (pieces, stand) = if count == 1 {
            ("A piece of its own stands", "as a screen")
        } else {
            ("Pieces of its own stand", "as screens")
        };
        let cells: Vec<String> = glance.screens.iter().map(|c| voice.cell(geo, c)).collect();
        let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
        said.push(format!(
            "{pieces} on {} {stand} to jump over.",
            and_list(&cells)
        ));
    }
    if glance.stays {
        said.push("It may also stay where it is, passing its turn.".to_string());
    }
    if !glance.zone.is_empty() {
        said.push(format!(
            "It keeps a zone round itself, {}: no piece in it takes or is taken.",
            voice.cell_list(geo, glance.zone.iter())
        ));
    }
    if let Some((seat, cells)) = scene
        .annotations()
        .regions
        .into_iter()
        .find(|(seat, _)| *seat == piece.seat())
    {
        said.push(format!(
            "{} camp is {}.",
            capitalise(&possessive(scene.seat_name(seat))),
            region_words(geo, voice, cells)
        ));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    fn words(variant: Variant, kind: PieceKind) -> String {
        let game = variant.new_game(&Options::new());
        let glance = game
            .glance(kind)
            .unwrap_or_else(|| panic!("{variant:?} {kind:?}"));
        glance_words(&glance, Voice::SCREEN).join(" ")
    }

    #[test]
    fn a_glance_says_each_kind_of_move_with_its_cells() {
        let rook = words(Variant::Chess, PieceKind::Rook);
        assert!(
            rook.starts_with("How the rook moves: White rook on d4"),
            "{rook}"
        );
        assert!(
            rook.contains("It slides, taking or not; a piece in between blocks it: d5 to d8, e4 to h4, d3 to d1, c4 to a4."),
            "{rook}"
        );
        let pawn = words(Variant::Chess, PieceKind::Pawn);
        assert!(pawn.contains("never taking: e3, e4."), "{pawn}");
        assert!(pawn.contains("only to take a piece: d3, f3."), "{pawn}");
        let lion = words(Variant::Chu, PieceKind::Lion);
        assert!(
            lion.contains("second step, back home, or stop there:"),
            "{lion}"
        );
        assert!(lion.contains("passing its turn"), "{lion}");
        let cannon = words(Variant::BacCanCat, PieceKind::Cannon);
        assert!(cannon.contains("jumping over the screen"), "{cannon}");
        assert!(cannon.contains("as screens to jump over"), "{cannon}");
        let yeoman = words(Variant::BacCanCat, PieceKind::Yeoman);
        assert!(yeoman.contains("never taking: hh."), "{yeoman}");
        assert!(yeoman.contains("Red's camp is aa to ff."), "{yeoman}");
        let cat = words(Variant::Cat, PieceKind::Cat);
        assert!(cat.contains("It keeps a zone round itself"), "{cat}");
    }

    #[test]
    fn pieces_are_found_by_name_plural_or_letter() {
        let chu = Variant::Chu.new_game(&Options::new());
        assert_eq!(kind_named(&chu, "Lion"), Some(PieceKind::Lion));
        assert_eq!(kind_named(&chu, "knights"), Some(PieceKind::Knight));
        assert_eq!(kind_named(&chu, "n"), Some(PieceKind::Knight));
        assert_eq!(kind_named(&chu, "+r"), Some(PieceKind::CrownedRook));
        assert_eq!(kind_named(&chu, "cat"), None);
        let bcc = Variant::BacCanCat.new_game(&Options::new());
        assert_eq!(kind_named(&bcc, "C"), Some(PieceKind::Cannon));
        assert_eq!(kind_named(&bcc, "m"), Some(PieceKind::Camel));
        assert_eq!(
            unknown_kind(&chu, "frog"),
            "Chu Chess has no piece 'frog'; its pieces are king, lion, queen, crowned rook, crowned bishop, rook, bishop, knight, commoner and pawn."
        );
    }
}
