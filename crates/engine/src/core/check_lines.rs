//! The lines by which the side to move is in check, found by the rules on
//! any board: from the checked King along each of its lines, to the first
//! piece (an enemy giving check along the line), or through it to the
//! second (an enemy hopping over the first as its screen, as a Cannon
//! does), each line confirmed by the legal answers to the check.

use super::cell::{Cell, CellSet};
use super::game::Game;
use super::geometry::LineKind;

/// The cells of the lines by which the side to move is in check: each
/// attacker's cell and the cells between it and the King (the screen of
/// a hopper among them); empty when not in check.
///
/// From each checked King, along each of its lines: the first piece on
/// it, when an enemy, checks along the line when some legal answer lands
/// between them or on it (a piece taking it or stepping between, the King
/// taking it), as every answer to a check along a line but a King's step
/// away must. The second piece, when an enemy, checks over the first as
/// its screen when some legal answer lands beyond the screen, up to it (a
/// piece taking it or stepping between screen and hopper, which makes two
/// screens). An answer nearer the King, on this line or on another line's
/// stretch up to its first piece (lines that wrap round a sphere cross),
/// may answer that first piece, and the King's own steps never reach
/// beyond a screen: neither confirms a hop.
pub fn check_lines<G: Game>(game: &G) -> CellSet {
    let mut line = CellSet::new();
    let checked = game.annotations().checked;
    if checked.is_empty() {
        return line;
    }
    let geo = game.geometry();
    let mover = game.to_move();
    let moves = game.legal_move_list();
    let answers = |king_too: bool| -> Vec<Cell> {
        moves
            .iter()
            // A King's own move answers only by taking the attacker.
            .filter(|m| {
                !m.is_pass()
                    && (!checked.contains(m.from) || (king_too && game.piece_at(m.to).is_some()))
            })
            .map(|m| m.to)
            .collect()
    };
    let (direct_answers, hop_answers) = (answers(true), answers(false));
    let enemy = |c: Cell| game.piece_at(c).is_some_and(|p| p.seat() != mover);
    // The King of the side to move (a board of four armies may show
    // another in check, which this side's answers say nothing of).
    let ours = |c: &Cell| game.piece_at(*c).is_some_and(|p| p.seat() == mover);
    for king in checked.iter().filter(ours) {
        let rays: Vec<&[Cell]> = [LineKind::Orthogonal, LineKind::Diagonal]
            .into_iter()
            .flat_map(|kind| geo.rays(king, kind))
            .collect();
        // Each line's first piece and second, as places along it.
        let pieces: Vec<(Option<usize>, Option<usize>)> = rays
            .iter()
            .map(|ray| {
                let mut at = (0..ray.len()).filter(|&i| game.piece_at(ray[i]).is_some());
                (at.next(), at.next())
            })
            .collect();
        // The cells up to each line's first piece: an answer there may
        // answer that line's check, so it confirms no hop on another line
        // through the same cell (lines that wrap round a sphere cross).
        let mut near = CellSet::new();
        for (ray, (first, _)) in rays.iter().zip(&pieces) {
            if let Some(first) = first {
                ray[..=*first].iter().for_each(|c| near.insert(*c));
            }
        }
        for (ray, (first, second)) in rays.iter().zip(&pieces) {
            let Some(first) = *first else {
                continue;
            };
            let segment = &ray[..=first];
            if enemy(ray[first]) && segment.iter().any(|c| direct_answers.contains(c)) {
                segment.iter().for_each(|c| line.insert(*c));
            }
            if let Some(second) = *second
                && enemy(ray[second])
                && ray[first + 1..=second]
                    .iter()
                    .any(|c| hop_answers.contains(c) && !near.contains(*c))
            {
                ray[..=second].iter().for_each(|c| line.insert(*c));
            }
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Options;
    use crate::variants::Variant;

    /// The check line of the position `text` of `variant`, as cell names
    /// sorted.
    fn line_of(variant: Variant, text: &str) -> Vec<String> {
        let game = variant
            .from_position(text, &Options::new())
            .unwrap_or_else(|e| panic!("{e}"));
        let geo = game.geometry();
        let mut names: Vec<String> = check_lines(&game)
            .iter()
            .map(|c| geo.name(c).to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_checks_line_runs_from_the_attacker_to_the_king() {
        // The rook on e1 checks the king on e8 down the open file (the
        // knight on c6 can step between, on e5 or e7).
        assert_eq!(
            line_of(Variant::Chess, "4k3/8/2n5/8/8/8/8/4R1K1 b - - 0 1"),
            ["e1", "e2", "e3", "e4", "e5", "e6", "e7"]
        );
        // No check, no line; a rook on a diagonal gives none.
        assert!(line_of(Variant::Chess, "4k3/8/2n5/8/8/8/8/3R2K1 b - - 0 1").is_empty());
        // A rook checking with a queen behind it: the line ends at the
        // rook, which the knight can take, not at the queen.
        assert_eq!(
            line_of(Variant::Chess, "4k3/8/2n5/4R3/8/8/8/4Q1K1 b - - 0 1"),
            ["e5", "e6", "e7"]
        );
        // On the sphere: the rook next to White's king, which takes it.
        assert_eq!(line_of(Variant::Polar, "K14S,k9S,r3E w - - 0 1"), ["3E"]);
    }

    #[test]
    fn a_hoppers_check_line_runs_through_its_screen_to_the_king() {
        // Green's Cannon on jh checks Red's King on dh over Red's Rook on
        // fh, which can take it: the line runs from the King through the
        // screen to the Cannon.
        let cannon = "16/16/16/16/16/16/16/16/3rK1rR3gC6/16/16/16/16/16/16/15gK r or,br - - - 0 1";
        assert_eq!(
            line_of(Variant::BacCanCat, cannon),
            ["eh", "fh", "gh", "hh", "ih", "jh"]
        );
        // Green's Arrow on hh checks Red's King on dd over Red's Rook on
        // ff; Red's Bishop on kk can take it.
        let arrow =
            "16/16/16/16/16/10rB5/16/16/7gA8/16/5rR10/16/3rK12/16/16/15gK r or,br - - - 0 1";
        assert_eq!(line_of(Variant::BacCanCat, arrow), ["ee", "ff", "gg", "hh"]);
        // A Queen behind a Rook that checks gives no check over it: the
        // line ends at the Rook. Green's Rook on fh checks, Red's Knight on
        // ef takes it; Green's Queen on jh stands behind.
        let rook = "16/16/16/16/16/16/16/16/3rK1gR3gQ6/16/4rN11/16/16/16/16/15gK r or,br - - - 0 1";
        assert_eq!(line_of(Variant::BacCanCat, rook), ["eh", "fh"]);
    }
}
