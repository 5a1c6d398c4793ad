//! The page of puzzles: what they are, each variant with the player's
//! puzzle rating and streak in it; Enter sets the variant highlighted.

use super::{Choice, Lists, Lobby, Page, PageLines};
use crate::action::LobbyStep;
use crate::puzzles::Standing;
use catboard::variants::Variant;

/// Why a guest's puzzles are not kept.
pub const GUEST_PUZZLES: &str = "A guest's puzzle rating lasts the connection: connect with a key (ssh -i KEY NAME@host) to have it kept.";

impl Lobby {
    /// A step on the page of puzzles: the highlight moves through the
    /// variants, Choose sets the one highlighted.
    pub(super) fn puzzles_step(&mut self, step: LobbyStep) -> Choice {
        let variants = Variant::ALL.len();
        match step {
            LobbyStep::Up => self.puzzle_variant = (self.puzzle_variant + variants - 1) % variants,
            LobbyStep::Down => self.puzzle_variant = (self.puzzle_variant + 1) % variants,
            LobbyStep::Choose => {
                return Choice::Solve(Variant::ALL[self.puzzle_variant % variants]);
            }
            LobbyStep::Back => return self.turn_to(Page::Tables),
            _ => {}
        }
        Choice::Stay
    }

    /// The page of puzzles: what they are, each variant with the
    /// player's standing in it, and for a guest why it is not kept.
    pub(super) fn puzzle_lines(&self, lists: &Lists) -> PageLines {
        let mut lines = vec![
            "A puzzle is a position where one move, or a short forced line, wins: find it. Your puzzle rating moves with each (Glicko-2), and so does the puzzle's; the streak counts puzzles solved in a row.".to_string(),
            String::new(),
        ];
        for variant in Variant::ALL {
            let standing = lists
                .puzzles
                .iter()
                .flatten()
                .find(|(id, _)| id == variant.id())
                .map_or_else(Standing::default, |(_, s)| *s);
            let count = catboard::puzzle::starter::text(*variant)
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .count();
            lines.push(format!(
                "{:<12} {:>6}  streak {:>3}, best {:>3}  {count:>4} puzzles",
                variant.name(),
                standing.rating.shown(),
                standing.streak,
                standing.best
            ));
        }
        if lists.puzzles.is_none() {
            lines.push(String::new());
            lines.push(GUEST_PUZZLES.to_string());
        }
        PageLines {
            title: "Puzzles: your puzzle rating in each variant".to_string(),
            lines,
            highlighted: Some(2 + self.puzzle_variant % Variant::ALL.len()),
            prose: true,
        }
    }
}
