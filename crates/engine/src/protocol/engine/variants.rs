//! Which of catboard's variants an engine can play, and how their
//! positions and moves are written for it.
//!
//! - **Chess**: FEN (`position startpos` or `position fen`, CECP
//!   `setboard`), moves in coordinates (`e2e4`, `e7e8q`, castling as the
//!   King's move `e1g1`), which is catboard's own `move_text` for chess.
//!   UCI calls it `chess` (an engine without `UCI_Variant` plays only
//!   chess), CECP `normal`. An engine's move may also come in SAN
//!   (`O-O`, `Nf3`), which means one thing in chess.
//! - **Chu Chess**: XBoard's `elven` (its rules page is catboard's
//!   source), with catboard's own position text and XBoard's coordinates
//!   (a Lion's two steps `e1f2,f2g3`); UCI's `elven` (catboard's own
//!   name: no other UCI engine plays it). An engine's move must be in
//!   coordinates: the readable list's `O-O` means another move to another
//!   program (Sjaak II castles Black's King to i9). Only Chess-like
//!   promotion, XBoard's.
//! - **Cat Chess, Polar chess, BacCanCat**: UCI's `cat-chess`,
//!   `polar` and `baccancat` (catboard's own names, which `catboard
//!   uci` announces), with catboard's position text and coordinates; no
//!   XBoard name.

use super::Protocol;
use crate::core::{Game, Move, Options};
use crate::text::{clause, quoted};
use crate::variants::{AnyGame, Variant};

/// `variant`'s name in `protocol` (the value of `UCI_Variant`, CECP's
/// `variant`), from the variant's record: every variant has a UCI name
/// (catboard's own where Fairy-Stockfish has none, which `catboard uci`
/// announces); XBoard names only chess and Chu Chess.
pub fn protocol_variant(variant: Variant, protocol: Protocol) -> Option<&'static str> {
    let names = variant.record().names;
    match protocol {
        Protocol::Uci => Some(names.uci.name()),
        Protocol::Cecp => names.xboard,
    }
}

/// `variant`'s value of `UCI_Variant`, from its record: Fairy-Stockfish's
/// name where it has one (`chess`), else catboard's own (the variant's name in lower case
/// without spaces: `catchess`, `chuchess`, `polarchess`, `baccancat`).
pub fn uci_name(variant: Variant) -> &'static str {
    variant.record().names.uci.name()
}

/// The variant whose `UCI_Variant` value, or catboard's id for it, is
/// `name` (any case).
pub fn variant_of_uci_name(name: &str) -> Option<Variant> {
    let name = name.trim();
    Variant::ALL
        .iter()
        .copied()
        .find(|&v| uci_name(v).eq_ignore_ascii_case(name) || v.id().eq_ignore_ascii_case(name))
}

/// Why no engine speaking `protocol` can play `variant`, if none can (a
/// clause).
pub fn unplayable(variant: Variant, protocol: Protocol) -> Option<String> {
    if protocol_variant(variant, protocol).is_some() {
        return None;
    }
    // Every variant has a UCI name; those without an XBoard name are played
    // by UCI engines that announce it.
    Some(format!(
        "XBoard has no name for it; UCI engines that announce UCI_Variant {} play it (catboard uci does)",
        uci_name(variant)
    ))
}

/// Why an engine cannot play `variant` with `options`, if it cannot (a
/// clause): an option that changes the moves (the record's
/// `engine_options`) is not the engines' value, its first choice.
pub fn options_unplayable(variant: Variant, options: &Options) -> Option<String> {
    variant
        .record()
        .engine_options
        .iter()
        .filter_map(|o| variant.options().iter().find(|s| s.key == o.key))
        .find_map(|spec| {
            let value = options.value(spec);
            let usual = spec.choices.first().copied().unwrap_or("");
            (value != usual).then(|| {
                format!(
                    "engines play it with {}={usual}, and this game has {}={value}",
                    spec.key, spec.key
                )
            })
        })
}

/// Why an engine's move was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// It is not a move written as the variant's moves are (a clause).
    Unreadable(String),
    /// It is written as a move but not legal in the game (a clause).
    Illegal(String),
}

/// The move an engine wrote `text` in `game`, read as [`variants`](self)
/// says for the game's variant.
pub fn read_move(game: &AnyGame, text: &str) -> Result<Move, MoveFault> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveFault::Unreadable("which is no move".to_string()));
    }
    // A move written as catboard writes it for engines (`e2e4`, a Cat's
    // `pass`) is read whatever its form.
    if let Some(&mv) = game
        .legal_move_list()
        .iter()
        .find(|&&mv| game.move_text(mv) == text)
    {
        return Ok(mv);
    }
    let coordinates = in_coordinates(game, text);
    if !coordinates && game.variant() != Variant::Chess {
        return Err(MoveFault::Unreadable(format!(
            "which is not a move in coordinates (as {})",
            quoted(&example(game))
        )));
    }
    game.parse_move(text).map_err(|e| {
        let why = format!("which is not legal here ({})", clause(&e.to_string()));
        if coordinates {
            MoveFault::Illegal(why)
        } else {
            MoveFault::Unreadable(why)
        }
    })
}

/// A legal move of `game` in coordinates, for a sentence.
fn example(game: &AnyGame) -> String {
    game.legal_move_list()
        .iter()
        .next()
        .map_or_else(|| "e2e4".to_string(), |&mv| game.move_text(mv))
}

/// Whether `text` is written in coordinates on `game`'s board: legs of two
/// cell names joined by commas, the last perhaps with a promotion's one
/// character after it.
fn in_coordinates(game: &AnyGame, text: &str) -> bool {
    let geometry = game.geometry();
    let leg = |leg: &str, last: bool| -> bool {
        (1..leg.len())
            .filter(|&i| leg.is_char_boundary(i))
            .any(|i| {
                geometry.cell(&leg[..i]).is_some() && {
                    let rest = &leg[i..];
                    (1..=rest.len())
                        .filter(|&j| rest.is_char_boundary(j))
                        .any(|j| {
                            geometry.cell(&rest[..j]).is_some()
                                && (rest[j..].is_empty()
                                    || (last && rest[j..].chars().count() == 1))
                        })
                }
            })
    };
    let legs: Vec<&str> = text.split(',').collect();
    legs.iter()
        .enumerate()
        .all(|(i, l)| leg(l, i + 1 == legs.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chu() -> AnyGame {
        Variant::Chu.new_game(&Options::new())
    }

    #[test]
    fn chess_and_chu_have_names_and_the_others_none() {
        assert_eq!(
            protocol_variant(Variant::Chess, Protocol::Uci),
            Some("chess")
        );
        assert_eq!(
            protocol_variant(Variant::Chess, Protocol::Cecp),
            Some("normal")
        );
        assert_eq!(
            protocol_variant(Variant::Chu, Protocol::Cecp),
            Some("elven")
        );
        assert_eq!(
            protocol_variant(Variant::Chu, Protocol::Uci),
            Some("chuchess")
        );
        for &v in Variant::ALL {
            assert_eq!(unplayable(v, Protocol::Uci), None, "{v:?} has a UCI name");
            assert_eq!(variant_of_uci_name(uci_name(v)), Some(v));
            assert_eq!(variant_of_uci_name(&v.id().to_uppercase()), Some(v));
        }
        for v in [Variant::Cat, Variant::Polar, Variant::BacCanCat] {
            assert!(
                unplayable(v, Protocol::Cecp).is_some_and(|w| w.contains(uci_name(v))),
                "{v:?}"
            );
        }
        assert_eq!(variant_of_uci_name("shogi"), None);
        let shogi = Options::parse(Variant::Chu.options(), ["promotion=shogi"]).expect("an option");
        assert_eq!(
            options_unplayable(Variant::Chu, &shogi).as_deref(),
            Some("engines play it with promotion=chess, and this game has promotion=shogi")
        );
        assert_eq!(options_unplayable(Variant::Chu, &Options::new()), None);
        let no_fifty =
            Options::parse(Variant::Chess.options(), ["fifty_moves=off"]).expect("an option");
        assert_eq!(options_unplayable(Variant::Chess, &no_fifty), None);
    }

    #[test]
    fn moves_are_read_in_coordinates_and_chess_also_in_san() {
        let chess = Variant::Chess.new_game(&Options::new());
        assert!(read_move(&chess, "e2e4").is_ok());
        assert!(read_move(&chess, "Nf3").is_ok());
        assert!(matches!(
            read_move(&chess, "e2e5"),
            Err(MoveFault::Illegal(_))
        ));
        assert!(matches!(
            read_move(&chess, "(none)"),
            Err(MoveFault::Unreadable(_))
        ));
        assert!(matches!(
            read_move(&chess, ""),
            Err(MoveFault::Unreadable(_))
        ));
        let mut chu = chu();
        for text in ["e2e4", "a7a6"] {
            let mv = read_move(&chu, text).expect("a legal move");
            chu.make_move(mv);
        }
        assert!(read_move(&chu, "e1e2,e2e1").is_ok(), "the Lion's pass");
        let fault = read_move(&chu, "O-O").expect_err("not coordinates");
        assert!(
            matches!(&fault, MoveFault::Unreadable(w) if w.starts_with("which is not a move in coordinates")),
            "{fault:?}"
        );
        assert!(matches!(
            read_move(&chu, "a0a5"),
            Err(MoveFault::Illegal(_))
        ));
        assert!(in_coordinates(&chu, "a6a7q") && in_coordinates(&chu, "j9j0"));
        assert!(!in_coordinates(&chu, "a6a7qq") && !in_coordinates(&chu, "k1k2"));
    }
}
