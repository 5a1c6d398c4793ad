//! Move entry: a state machine over the legal moves, with no terminal code.
//!
//! A move is entered as a *path*: its origin, any transit cells (a Lion's
//! first leg), its destination, then, when moves share the path, a
//! [`Choice`] (a promotion piece, or not promoting). Each pick narrows the
//! legal moves whose path starts with the picks so far; [`MoveEntry::next_picks`]
//! is what a board marks. The cursor, the move prompt and the line mode all
//! feed picks into the same machine, so a two-leg move, an optional
//! promotion and a promotion from a reserve need no special case in a
//! front end.

use crate::core::{Cell, CellSet, Game, Geometry, Move, PieceKind};
use arrayvec::ArrayVec;

mod read;
pub use read::{Reading, nearest_move, read_move};

/// What distinguishes moves that share a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The piece becomes this kind (a promotion, or a piece from a reserve).
    Promote(PieceKind),
    /// The piece stays as it is, where promotion is optional.
    NoPromotion,
}

impl Choice {
    /// The choice of `mv`.
    pub fn of(mv: Move) -> Choice {
        mv.promotion.map_or(Choice::NoPromotion, Choice::Promote)
    }

    /// The key that picks it in a chooser: the piece's letter, `-` for no promotion.
    pub fn key(self) -> char {
        match self {
            Choice::Promote(kind) => kind.letter(),
            Choice::NoPromotion => '-',
        }
    }

    /// The choice in words ("queen", "do not promote").
    pub fn words(self) -> String {
        match self {
            Choice::Promote(kind) => kind.name().to_string(),
            Choice::NoPromotion => "do not promote".to_string(),
        }
    }
}

/// One way of entering a move: origin, transit cells, destination.
pub type Path = ArrayVec<Cell, 3>;

/// Why a pick was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No legal move starts on this cell.
    NoMoveFrom(Cell),
    /// The piece picked up (on `from`, having passed `via`) cannot go to `to`.
    CannotReach {
        /// The origin of the move being entered.
        from: Cell,
        /// The last cell picked, when it is not the origin (a first leg).
        via: Option<Cell>,
        /// The cell refused.
        to: Cell,
    },
    /// The choice is not one of those offered.
    NotAChoice(Choice),
    /// A choice was given when none is asked for.
    NoChoicePending,
}

/// What a pick led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Taken; more picks are needed.
    Continue,
    /// The picks name this one legal move, which should now be played.
    Complete(Move),
    /// The moves left differ only by a choice; pick one with [`MoveEntry::choose`].
    Choose(Vec<(Choice, Move)>),
    /// The entry went back to the start (the origin picked again).
    Cancelled,
    /// Not taken; the entry is as it was.
    Refused(Refusal),
}

/// The state of a move being entered over one position's legal moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEntry {
    /// Every legal move entered by cells, with each path it may be entered by.
    legal: Vec<(Move, Path)>,
    /// The cells picked so far.
    picks: Vec<Cell>,
    /// The (move, path) pairs whose path starts with the picks.
    candidates: Vec<(Move, Path)>,
    /// Moves waiting for a choice.
    pending: Vec<Move>,
}

impl MoveEntry {
    /// An entry over `legal`, the position's legal moves, each entered by
    /// its one [`Move::path`]; passes are left out.
    pub fn new(legal: &[Move]) -> MoveEntry {
        MoveEntry::with_paths(legal.iter().map(|&m| (m, m.path())))
    }

    /// An entry over `game`'s legal moves, each entered by every path the
    /// game offers for it ([`Game::entry_paths`]).
    pub fn for_game<G: Game>(game: &G) -> MoveEntry {
        let legal = game.legal_move_list();
        MoveEntry::with_paths(
            legal
                .iter()
                .flat_map(|&m| game.entry_paths(m).into_iter().map(move |p| (m, p))),
        )
    }

    /// An entry over (move, path) pairs; pairs with no cells are left out.
    pub fn with_paths(pairs: impl Iterator<Item = (Move, Path)>) -> MoveEntry {
        let legal: Vec<(Move, Path)> = pairs.filter(|(_, p)| !p.is_empty()).collect();
        MoveEntry {
            candidates: legal.clone(),
            legal,
            picks: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// The cells picked so far, origin first.
    pub fn picks(&self) -> &[Cell] {
        &self.picks
    }

    /// Whether nothing is picked and no choice is waiting.
    pub fn is_idle(&self) -> bool {
        self.picks.is_empty() && self.pending.is_empty()
    }

    /// The choices waiting, if the entry waits for one.
    pub fn pending_choices(&self) -> Vec<(Choice, Move)> {
        self.pending.iter().map(|&m| (Choice::of(m), m)).collect()
    }

    /// Forgets the picks.
    pub fn reset(&mut self) {
        self.picks.clear();
        self.pending.clear();
        self.candidates = self.legal.clone();
    }

    /// Whether some legal move starts on `cell`.
    pub fn is_origin(&self, cell: Cell) -> bool {
        self.legal.iter().any(|(_, p)| p.first() == Some(&cell))
    }

    /// The legal moves still possible after the picks, each once.
    pub fn candidates(&self) -> Vec<Move> {
        distinct(self.candidates.iter().map(|(m, _)| *m))
    }

    /// The cells that may be picked next: the next cell of every candidate's
    /// path, and the last pick itself when a move may end there while others
    /// go on (picking it again ends the move). With nothing picked, every origin.
    pub fn next_picks(&self) -> CellSet {
        let n = self.picks.len();
        let mut cells = CellSet::default();
        for (_, p) in &self.candidates {
            if let Some(&next) = p.get(n) {
                cells.insert(next);
            } else if let Some(&last) = self.picks.last() {
                cells.insert(last);
            }
        }
        cells
    }

    /// Picks `cell`: an origin, a transit cell or a destination.
    pub fn pick(&mut self, cell: Cell) -> Step {
        self.pending.clear();
        let n = self.picks.len();
        if n == 0 {
            return self.start_at(cell);
        }
        if cell == self.picks[0] {
            // The origin again: a move that ends where it began (a Lion's
            // igui or pass) when there is one, else the entry is cancelled.
            let ending = self.moves_ending_on(cell);
            if n >= 2 && !ending.is_empty() {
                self.picks.push(cell);
                return self.resolve(ending);
            }
            self.reset();
            return Step::Cancelled;
        }
        if n >= 2 && Some(&cell) == self.picks.last() {
            // The last cell again: end the move here, when one may.
            let here = distinct(
                self.candidates
                    .iter()
                    .filter(|(_, p)| p.len() == n)
                    .map(|(m, _)| *m),
            );
            if !here.is_empty() {
                return self.resolve(here);
            }
        }
        let next: Vec<(Move, Path)> = self
            .candidates
            .iter()
            .filter(|(_, p)| p.get(n) == Some(&cell))
            .cloned()
            .collect();
        if next.is_empty() {
            if self.is_origin(cell) {
                self.reset();
                return self.start_at(cell);
            }
            return Step::Refused(Refusal::CannotReach {
                from: self.picks[0],
                via: (n >= 2).then(|| self.picks[n - 1]),
                to: cell,
            });
        }
        self.picks.push(cell);
        self.candidates = next;
        let complete = distinct(
            self.candidates
                .iter()
                .filter(|(_, p)| p.len() == n + 1)
                .map(|(m, _)| *m),
        );
        let going_on = self.candidates.iter().any(|(_, p)| p.len() > n + 1);
        if going_on {
            Step::Continue
        } else {
            self.resolve(complete)
        }
    }

    /// Takes `choice` among the moves waiting for one.
    pub fn choose(&mut self, choice: Choice) -> Step {
        if self.pending.is_empty() {
            return Step::Refused(Refusal::NoChoicePending);
        }
        match self.pending.iter().find(|m| Choice::of(**m) == choice) {
            Some(&mv) => {
                self.reset();
                Step::Complete(mv)
            }
            None => Step::Refused(Refusal::NotAChoice(choice)),
        }
    }

    /// Enters a whole path at once (a typed `e7e8`, `e1f2f2g3`): picks each
    /// cell in turn, treating a cell named twice in a row as one pick, and
    /// ends the move at the last cell if it can end there.
    pub fn enter_path(&mut self, cells: &[Cell]) -> Step {
        self.reset();
        let mut step = Step::Continue;
        for (i, &cell) in cells.iter().enumerate() {
            if i > 0 && cells[i - 1] == cell {
                continue;
            }
            step = self.pick(cell);
            match step {
                Step::Continue => {}
                _ if i + 1 == cells.len() => return step,
                _ => {
                    self.reset();
                    return match step {
                        Step::Refused(_) => step,
                        _ => Step::Refused(Refusal::CannotReach {
                            from: cells[0],
                            via: None,
                            to: cells[i + 1],
                        }),
                    };
                }
            }
        }
        if step == Step::Continue
            && let Some(&last) = self.picks.last()
            && self.picks.len() >= 2
        {
            return self.pick(last);
        }
        step
    }

    fn start_at(&mut self, cell: Cell) -> Step {
        let from_here: Vec<(Move, Path)> = self
            .legal
            .iter()
            .filter(|(_, p)| p.first() == Some(&cell))
            .cloned()
            .collect();
        if from_here.is_empty() {
            return Step::Refused(Refusal::NoMoveFrom(cell));
        }
        self.picks = vec![cell];
        self.candidates = from_here;
        Step::Continue
    }

    /// The candidates whose path is the picks followed by `cell`.
    fn moves_ending_on(&self, cell: Cell) -> Vec<Move> {
        let n = self.picks.len();
        distinct(
            self.candidates
                .iter()
                .filter(|(_, p)| p.len() == n + 1 && p[n] == cell)
                .map(|(m, _)| *m),
        )
    }

    /// Ends the entry with `moves`, which share a path: one is played, more
    /// wait for a choice.
    fn resolve(&mut self, moves: Vec<Move>) -> Step {
        match moves.as_slice() {
            [mv] => {
                let mv = *mv;
                self.reset();
                Step::Complete(mv)
            }
            _ => {
                self.pending = moves;
                Step::Choose(self.pending_choices())
            }
        }
    }
}

/// `moves` with repeats left out, in their first order.
fn distinct(moves: impl Iterator<Item = Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in moves {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// The cells named one after another in `text` (`e7e8`, `e1f2,f2g3`,
/// `e1-f2-g3`), ignoring separators and capture marks; `None` when some
/// part names no cell.
pub fn cells_named(geo: &Geometry, text: &str) -> Option<Vec<Cell>> {
    let text: Vec<char> = text
        .to_ascii_lowercase()
        .chars()
        .filter(|c| !matches!(c, ',' | '-' | ' ' | ':'))
        .collect();
    let mut cells = Vec::new();
    let mut i = 0;
    while i < text.len() {
        // The longest name that matches here (names are a few characters).
        let found = (1..=4.min(text.len() - i)).rev().find_map(|len| {
            let name: String = text[i..i + len].iter().collect();
            // Board names are in one case or the other (`e4`, `15N`).
            geo.cell(&name)
                .or_else(|| geo.cell(&name.to_ascii_uppercase()))
                .map(|c| (c, len))
        });
        match found {
            Some((cell, len)) => {
                cells.push(cell);
                i += len;
            }
            None if text[i] == 'x' => i += 1,
            None => return None,
        }
    }
    (!cells.is_empty()).then_some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(i: usize) -> Cell {
        Cell::from_index(i).unwrap_or_default()
    }

    /// A fake mover: a two-leg piece on 0 that may step to 1 and stop, or
    /// go on to 2 or back to 0 (igui); a pawn on 5 that reaches 6 with an
    /// optional promotion to a queen or a knight; a piece on 8 that jumps
    /// to 9 directly.
    fn fake_moves() -> Vec<Move> {
        vec![
            Move::normal(c(0), c(1)),
            Move::two_leg(c(0), c(1), c(2)),
            Move::two_leg(c(0), c(1), c(0)),
            Move::normal(c(0), c(3)),
            Move::normal(c(5), c(6)),
            Move::promoting(c(5), c(6), PieceKind::Queen),
            Move::promoting(c(5), c(6), PieceKind::Knight),
            Move::normal(c(8), c(9)),
            Move::PASS,
        ]
    }

    fn cells(set: CellSet) -> Vec<usize> {
        set.iter().map(|c| c.index()).collect()
    }

    #[test]
    fn nothing_picked_marks_every_origin_and_a_pass_is_no_origin() {
        let entry = MoveEntry::new(&fake_moves());
        assert_eq!(cells(entry.next_picks()), [0, 5, 8]);
        assert!(entry.is_idle());
    }

    #[test]
    fn a_one_step_move_completes_on_its_destination() {
        let mut entry = MoveEntry::new(&fake_moves());
        assert_eq!(entry.pick(c(8)), Step::Continue);
        assert_eq!(cells(entry.next_picks()), [9]);
        assert_eq!(entry.pick(c(9)), Step::Complete(Move::normal(c(8), c(9))));
        assert!(entry.is_idle(), "back to the start after a move");
    }

    #[test]
    fn a_transit_cell_waits_for_the_second_leg_and_marks_where_to_end() {
        let mut entry = MoveEntry::new(&fake_moves());
        entry.pick(c(0));
        assert_eq!(cells(entry.next_picks()), [1, 3]);
        assert_eq!(entry.pick(c(1)), Step::Continue, "1 may end or go on");
        // Next: 2 or back to 0 (second legs), or 1 again (end here).
        assert_eq!(cells(entry.next_picks()), [0, 1, 2]);
        assert_eq!(
            entry.pick(c(2)),
            Step::Complete(Move::two_leg(c(0), c(1), c(2)))
        );
    }

    #[test]
    fn picking_the_last_cell_again_ends_the_move_there() {
        let mut entry = MoveEntry::new(&fake_moves());
        entry.pick(c(0));
        entry.pick(c(1));
        assert_eq!(entry.pick(c(1)), Step::Complete(Move::normal(c(0), c(1))));
    }

    #[test]
    fn the_origin_again_after_a_first_leg_ends_an_igui_else_cancels() {
        let mut entry = MoveEntry::new(&fake_moves());
        entry.pick(c(0));
        entry.pick(c(1));
        assert_eq!(
            entry.pick(c(0)),
            Step::Complete(Move::two_leg(c(0), c(1), c(0)))
        );
        // Without a first leg, the origin again cancels.
        entry.pick(c(0));
        assert_eq!(entry.pick(c(0)), Step::Cancelled);
        assert!(entry.is_idle());
        // With a first leg but no move ending on the origin, it cancels too.
        let only_forward = vec![Move::normal(c(0), c(1)), Move::two_leg(c(0), c(1), c(2))];
        let mut entry = MoveEntry::new(&only_forward);
        entry.pick(c(0));
        entry.pick(c(1));
        assert_eq!(entry.pick(c(0)), Step::Cancelled);
        assert!(entry.is_idle());
    }

    #[test]
    fn moves_differing_only_by_promotion_ask_for_a_choice_including_none() {
        let mut entry = MoveEntry::new(&fake_moves());
        entry.pick(c(5));
        let Step::Choose(choices) = entry.pick(c(6)) else {
            panic!("a choice is needed");
        };
        let offered: Vec<Choice> = choices.iter().map(|(ch, _)| *ch).collect();
        assert_eq!(
            offered,
            [
                Choice::NoPromotion,
                Choice::Promote(PieceKind::Queen),
                Choice::Promote(PieceKind::Knight)
            ]
        );
        assert_eq!(
            entry.choose(Choice::Promote(PieceKind::Rook)),
            Step::Refused(Refusal::NotAChoice(Choice::Promote(PieceKind::Rook)))
        );
        assert_eq!(
            entry.choose(Choice::NoPromotion),
            Step::Complete(Move::normal(c(5), c(6)))
        );
        assert_eq!(
            entry.choose(Choice::NoPromotion),
            Step::Refused(Refusal::NoChoicePending)
        );
    }

    #[test]
    fn a_bad_pick_is_refused_and_changes_nothing() {
        let mut entry = MoveEntry::new(&fake_moves());
        assert_eq!(entry.pick(c(4)), Step::Refused(Refusal::NoMoveFrom(c(4))));
        entry.pick(c(0));
        assert_eq!(
            entry.pick(c(7)),
            Step::Refused(Refusal::CannotReach {
                from: c(0),
                via: None,
                to: c(7)
            })
        );
        assert_eq!(entry.picks(), [c(0)]);
        entry.pick(c(1));
        assert_eq!(
            entry.pick(c(7)),
            Step::Refused(Refusal::CannotReach {
                from: c(0),
                via: Some(c(1)),
                to: c(7)
            })
        );
        assert_eq!(entry.picks(), [c(0), c(1)]);
    }

    #[test]
    fn another_origin_picks_that_piece_up_instead() {
        let mut entry = MoveEntry::new(&fake_moves());
        entry.pick(c(0));
        assert_eq!(entry.pick(c(8)), Step::Continue);
        assert_eq!(entry.picks(), [c(8)]);
    }

    #[test]
    fn a_whole_path_is_entered_at_once() {
        let mut entry = MoveEntry::new(&fake_moves());
        assert_eq!(
            entry.enter_path(&[c(0), c(1), c(1), c(2)]),
            Step::Complete(Move::two_leg(c(0), c(1), c(2)))
        );
        assert_eq!(
            entry.enter_path(&[c(0), c(1)]),
            Step::Complete(Move::normal(c(0), c(1))),
            "a path that stops where a move ends is that move"
        );
        assert!(matches!(entry.enter_path(&[c(5), c(6)]), Step::Choose(_)));
        assert_eq!(
            entry.enter_path(&[c(0), c(7)]),
            Step::Refused(Refusal::CannotReach {
                from: c(0),
                via: None,
                to: c(7)
            })
        );
    }

    #[test]
    fn cells_are_read_from_typed_names() {
        let geo = Geometry::chess8();
        let named = |t: &str| {
            cells_named(geo, t).map(|v| v.iter().map(|c| geo.name(*c).to_string()).collect())
        };
        assert_eq!(
            named("e7e8"),
            Some(vec!["e7".to_string(), "e8".to_string()])
        );
        assert_eq!(
            named("E1-f2, f2xg3"),
            Some(
                vec!["e1", "f2", "f2", "g3"]
                    .into_iter()
                    .map(String::from)
                    .collect()
            )
        );
        assert_eq!(named("Nf3"), None);
        assert_eq!(named(""), None);
    }

    #[test]
    fn a_move_with_several_paths_is_entered_by_any_of_them() {
        // A pass entered through either empty neighbour (1 or 2) and back,
        // and a jump to 3 entered directly or through 1.
        let pass = Move::two_leg(c(0), c(0), c(0));
        let jump = Move::normal(c(0), c(3));
        let paths = |cells: &[usize]| cells.iter().map(|&i| c(i)).collect::<Path>();
        let pairs = vec![
            (pass, paths(&[0, 1, 0])),
            (pass, paths(&[0, 2, 0])),
            (jump, paths(&[0, 3])),
            (jump, paths(&[0, 1, 3])),
        ];
        let mut entry = MoveEntry::with_paths(pairs.clone().into_iter());
        entry.pick(c(0));
        assert_eq!(cells(entry.next_picks()), [1, 2, 3]);
        assert_eq!(entry.pick(c(2)), Step::Continue);
        assert_eq!(entry.pick(c(0)), Step::Complete(pass));
        let mut entry = MoveEntry::with_paths(pairs.into_iter());
        entry.pick(c(0));
        entry.pick(c(1));
        assert_eq!(cells(entry.next_picks()), [0, 3]);
        assert_eq!(entry.pick(c(3)), Step::Complete(jump));
        assert_eq!(entry.candidates().len(), 2, "two moves, each once");
    }
}
