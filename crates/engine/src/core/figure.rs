//! The side panel's figures as typed values ([`Note`], [`Figure`]): what a
//! variant counts or keeps besides the board (a move count, a reserve of
//! pieces, the armies out), so that a front end shows them as the panel
//! writes them and says them as it likes, without reading the text back.

use crate::core::PieceKind;
use std::fmt;

/// One figure of the side panel: its label and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The figure's label, as the panel writes it ("Halfmove clock").
    pub label: &'static str,
    /// Its value.
    pub value: Figure,
}

impl Note {
    /// The figure `value` labelled `label`.
    pub fn new(label: &'static str, value: Figure) -> Note {
        Note { label, value }
    }
}

/// A value of the side panel, written by [`fmt::Display`] as the panel
/// shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A count of moves, with the limit it runs to where it has one: `12`,
    /// `37 of 100`.
    Count {
        /// The count.
        count: u32,
        /// The limit it counts towards.
        limit: Option<u32>,
    },
    /// Pieces in hand, counted by kind, each with the letter the panel
    /// writes it with (`Q8 T8 G1`); `empty` when there are none.
    Pieces {
        /// Each kind with its letter and how many there are.
        counts: Vec<(PieceKind, char, u32)>,
        /// The words shown when there are none ("Pawns and Yeomen only").
        empty: &'static str,
    },
    /// Items of a list, `, ` between them (`Red 0, Blue 1.5`); `none`
    /// when empty.
    List(Vec<String>),
    /// The seats in check, by name (`Red, Blue`; `none`): what a front
    /// end that reports checks as they come says already.
    InCheck(Vec<String>),
    /// Words: a formation's name, a rule in force this move.
    Words(String),
}

impl Figure {
    /// A count with no limit.
    pub fn count(count: impl Into<u32>) -> Figure {
        Figure::Count {
            count: count.into(),
            limit: None,
        }
    }

    /// The count and its limit, for a count.
    pub fn as_count(&self) -> Option<(u32, Option<u32>)> {
        match self {
            Figure::Count { count, limit } => Some((*count, *limit)),
            _ => None,
        }
    }

    /// The items the figure lists, each as the panel writes it (a count's
    /// or words' value is its one item; an empty list has none).
    pub fn items(&self) -> Vec<String> {
        match self {
            Figure::List(items) | Figure::InCheck(items) => items.clone(),
            _ => vec![self.to_string()],
        }
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, items: &[String]| {
            if items.is_empty() {
                f.write_str("none")
            } else {
                f.write_str(&items.join(", "))
            }
        };
        match self {
            Figure::Count {
                count,
                limit: Some(limit),
            } => write!(f, "{count} of {limit}"),
            Figure::Count { count, limit: None } => write!(f, "{count}"),
            Figure::Pieces { counts, empty } if counts.is_empty() => f.write_str(empty),
            Figure::Pieces { counts, .. } => {
                let parts: Vec<String> = counts
                    .iter()
                    .map(|(_, letter, n)| format!("{letter}{n}"))
                    .collect();
                f.write_str(&parts.join(" "))
            }
            Figure::List(items) | Figure::InCheck(items) => list(f, items),
            Figure::Words(words) => f.write_str(words),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_as_the_panel_shows_them() {
        let reserve = |counts| Figure::Pieces {
            counts,
            empty: "Pawns only",
        };
        let cases = [
            (Figure::count(12u16), "12"),
            (
                Figure::Count {
                    count: 37,
                    limit: Some(100),
                },
                "37 of 100",
            ),
            (
                reserve(vec![
                    (PieceKind::Queen, 'Q', 8),
                    (PieceKind::Knight, 'K', 1),
                ]),
                "Q8 K1",
            ),
            (reserve(Vec::new()), "Pawns only"),
            (
                Figure::List(vec!["Red 0".into(), "Blue 1.5".into()]),
                "Red 0, Blue 1.5",
            ),
            (Figure::InCheck(Vec::new()), "none"),
            (Figure::Words("Option 1".into()), "Option 1"),
        ];
        for (figure, shown) in cases {
            assert_eq!(figure.to_string(), shown, "{figure:?}");
        }
        assert_eq!(Figure::count(3u8).as_count(), Some((3, None)));
        assert_eq!(Figure::Words("x".into()).as_count(), None);
        assert!(Figure::List(Vec::new()).items().is_empty());
    }
}
