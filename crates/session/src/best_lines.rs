//! The best lines of the position on the board, as the screen's key and
//! the line mode's `lines` command show them: catboard's own search with
//! MultiPV ([`catboard::ai::Searcher::analyse`]; in games of three or
//! four seats the best of the root moves not yet shown, line after line),
//! each line its score for the side to move and its moves in the
//! variant's notation ([`Line`]).

use catboard::ai::{Report, Searcher};
use catboard::analysis::{Line, PlyBudget};
use catboard::core::{Game, Move};
use catboard::variants::AnyGame;
use std::sync::atomic::AtomicBool;

/// How many lines are shown.
pub const LINES: usize = 3;

/// The hash table of the search, in MiB.
const TABLE_MB: usize = 32;

/// What a worker thread is asked: the best lines of `game`.
#[derive(Clone, Debug)]
pub struct LinesRequest {
    /// The search's id (from the same count as the other searches').
    pub id: u64,
    /// The position, its side to move the one the lines are for.
    pub game: AnyGame,
    /// What the search may spend.
    pub budget: PlyBudget,
}

impl PartialEq for LinesRequest {
    fn eq(&self, other: &LinesRequest) -> bool {
        self.id == other.id
            && self.budget == other.budget
            && self.game.position_text() == other.game.position_text()
    }
}

impl Eq for LinesRequest {}

/// The best lines shown for one position: what is found so far, and
/// whether the search is still at it.
#[derive(Clone, Debug)]
pub struct ShownLines {
    /// The search's id.
    pub id: u64,
    /// The position they are of.
    pub game: AnyGame,
    /// How many plies into the game it is.
    pub ply: usize,
    /// The lines found so far, best first (each of the deepest depth
    /// finished for it).
    pub lines: Vec<Line>,
    /// Whether the search still runs.
    pub running: bool,
    /// What the search may spend.
    pub budget: PlyBudget,
}

impl PartialEq for ShownLines {
    fn eq(&self, other: &ShownLines) -> bool {
        self.id == other.id
            && self.ply == other.ply
            && self.lines == other.lines
            && self.running == other.running
            && self.budget == other.budget
            && self.game.position_text() == other.game.position_text()
    }
}

impl Eq for ShownLines {}

/// Why a position has no lines to show, in one sentence; `None` when it
/// has (a game not over, with a move to play).
pub fn refusal(game: &AnyGame) -> Option<String> {
    if let Some(outcome) = game.outcome() {
        return Some(format!(
            "The game is over ({}): there are no lines to show.",
            outcome.reason.describe()
        ));
    }
    game.legal_move_list()
        .is_empty()
        .then(|| "There is no move to play here: there are no lines to show.".to_string())
}

/// Finds the [`LINES`] best lines of `request`'s position within its
/// budget, calling `found` with the lines so far after each finished
/// depth of any line, until the budget is spent or `stop` is raised;
/// returns the lines, best first.
pub fn run(request: &LinesRequest, stop: &AtomicBool, mut found: impl FnMut(&[Line])) -> Vec<Line> {
    let mut searcher = Searcher::new(TABLE_MB);
    let limits = request.budget.limits();
    let mut kept: Vec<Line> = Vec::with_capacity(LINES + 1);
    searcher.analyse(&request.game, &limits, LINES, stop, |report| {
        if let Report::Line { thought, .. } = report {
            keep(&mut kept, Line::of_thought(thought));
            found(&in_order(&kept));
        }
    });
    in_order(&kept)
}

/// Keeps `line` among `kept`, the newest line of each first move: the
/// lines of the deepest depth first, then (where it has not finished
/// every line) the best of the depth before with other first moves, at
/// most [`LINES`].
fn keep(kept: &mut Vec<Line>, line: Line) {
    kept.retain(|l| l.moves.first() != line.moves.first());
    kept.push(line);
    kept.sort_by_key(|l| (std::cmp::Reverse(l.depth), std::cmp::Reverse(l.score)));
    kept.truncate(LINES);
}

/// The lines kept, best score first.
fn in_order(kept: &[Line]) -> Vec<Line> {
    let mut lines = kept.to_vec();
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    lines
}

/// The lines in words, one sentence each, each move said by `say`
/// (the move list's notation, or the line mode's voice): `1. White +0.35
/// at depth 9: e4, e5, Nf3.`; one sentence when there are none.
pub fn words(
    game: &AnyGame,
    lines: &[Line],
    say: &dyn Fn(&AnyGame, Move) -> String,
) -> Vec<String> {
    if lines.is_empty() {
        return vec!["No line was found.".to_string()];
    }
    let seat = catboard::text::capitalised(game.seat_name(game.to_move()));
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let moves = moves_words(game, &line.moves, say);
            format!(
                "{}. {seat} {} at depth {}: {}.",
                i + 1,
                line.score_words(),
                line.depth,
                moves.join(", ")
            )
        })
        .collect()
}

/// Each of `moves` said by `say` in the position it is played from,
/// as far as they are legal in turn from `game`.
pub fn moves_words(
    game: &AnyGame,
    moves: &[Move],
    say: &dyn Fn(&AnyGame, Move) -> String,
) -> Vec<String> {
    let mut game = game.clone();
    let mut said = Vec::with_capacity(moves.len());
    for &mv in moves {
        if !game.legal_move_list().contains(&mv) {
            break;
        }
        said.push(say(&game, mv));
        game.make_move(mv);
    }
    said
}

/// A move as the move list writes it.
pub fn in_move_list(game: &AnyGame, mv: Move) -> String {
    game.move_notation(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;
    use std::sync::atomic::AtomicBool;

    fn request(game: AnyGame, nodes: u64) -> LinesRequest {
        LinesRequest {
            id: 1,
            game,
            budget: PlyBudget::Nodes(nodes),
        }
    }

    /// Whether every move of `line` is legal in turn from `game`.
    fn legal_from(game: &AnyGame, line: &Line) -> bool {
        let mut game = game.clone();
        line.moves.iter().all(|&mv| {
            let legal = game.legal_move_list().contains(&mv);
            if legal {
                game.make_move(mv);
            }
            legal
        })
    }

    #[test]
    fn every_variant_gets_three_lines_each_legal_from_the_position_and_each_its_own_first_move() {
        for variant in Variant::ALL {
            let mut game = variant.new_game(&Options::new());
            // The start, and a position a few plies on.
            for plies in [0, 3] {
                for _ in 0..plies {
                    let mv = game.legal_move_list()[0];
                    game.make_move(mv);
                }
                let mut updates = 0;
                let lines = run(
                    &request(game.clone(), 6_000),
                    &AtomicBool::new(false),
                    |_| updates += 1,
                );
                assert_eq!(lines.len(), LINES, "{variant:?} after {plies} plies");
                assert!(updates >= LINES, "{variant:?}: found as it goes");
                for line in &lines {
                    assert!(!line.moves.is_empty(), "{variant:?}: {line:?}");
                    assert!(legal_from(&game, line), "{variant:?}: {line:?}");
                }
                let firsts: Vec<Move> = lines.iter().map(|l| l.moves[0]).collect();
                let mut distinct = firsts.clone();
                distinct.sort_by_key(|m| format!("{m:?}"));
                distinct.dedup();
                assert_eq!(distinct.len(), LINES, "{variant:?}: {firsts:?}");
                assert!(
                    lines.windows(2).all(|w| w[0].score >= w[1].score),
                    "{variant:?}: best first"
                );
                assert_eq!(words(&game, &lines, &in_move_list).len(), LINES);
            }
        }
    }

    #[test]
    fn a_mate_in_one_is_the_first_line_and_a_stopped_search_finds_none() {
        let game = Variant::Chess
            .from_position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &Options::new())
            .expect("a position");
        let lines = run(
            &request(game.clone(), 20_000),
            &AtomicBool::new(false),
            |_| {},
        );
        let said = words(&game, &lines, &in_move_list);
        assert!(
            said[0].starts_with("1. White mates in 1 at depth"),
            "{said:?}"
        );
        assert!(said[0].ends_with(": Ra8#."), "{said:?}");
        let none = run(
            &request(game.clone(), 20_000),
            &AtomicBool::new(true),
            |_| {},
        );
        assert!(none.is_empty());
        assert_eq!(words(&game, &none, &in_move_list), ["No line was found."]);
    }

    #[test]
    fn a_game_over_is_refused_in_a_sentence() {
        let mated = Variant::Chess
            .from_position("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1", &Options::new())
            .expect("a position");
        let said = refusal(&mated).expect("refused");
        assert!(said.starts_with("The game is over ("), "{said}");
        assert_eq!(refusal(&Variant::Chess.new_game(&Options::new())), None);
    }
}
