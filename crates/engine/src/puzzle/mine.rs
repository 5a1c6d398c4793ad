//! Finding puzzles: candidate positions from an analysed game (before each
//! mistake or blunder, where a better move was there to find, and after
//! each blunder, where it may be punished), each checked by a deeper
//! search ([`check`]), a function of the position and the search's budget
//! alone: the best move must win clearly — its winning
//! chances at least [`WINNING`] — and the second best fall short of it by
//! at least [`GAP`] (a blunder's fall), or there is no second move; a mate
//! is the only move when no other move mates. The
//! solution goes on while the solver's next move is unique the same way,
//! up to [`MAX_SOLVER_MOVES`](super::MAX_SOLVER_MOVES) of them.

use super::{MAX_SOLVER_MOVES, Puzzle, PuzzleError, Source, Tag};
use crate::ai::score::{MATE_BOUND, mate_in_moves};
use crate::analysis::chances::chances;
use crate::analysis::{Analyst, Class, GameAnalysis, Line, Scale, pass};
use crate::core::{Game, Move, Seat};
use crate::rating::Rating;
use crate::variants::{AnyGame, Variant};
use std::sync::atomic::AtomicBool;

/// The least winning chances (−1 to +1) the best move must give: about
/// three pawns ahead in chess.
pub const WINNING: f64 = 0.5;

/// The least fall in chances from the best move to the second best: a
/// blunder's ([`Class::Blunder`]).
pub const GAP: f64 = Class::Blunder.threshold();

/// The deeper search's nodes a position by default: 100000 in games of
/// two seats; 40000 in games of three or four seats, where the search
/// gives one line and every other move is searched in turn.
pub fn check_nodes(variant: Variant) -> u64 {
    if variant.seats().len() > 2 {
        40_000
    } else {
        100_000
    }
}

/// Why a candidate position is no puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The game is over there.
    Finished,
    /// The best move does not win clearly.
    NotWinning,
    /// Another move wins nearly as well.
    NotUnique,
    /// The solver has one legal move: nothing to find.
    OnlyMove,
    /// The search was stopped.
    Stopped,
}

/// The plies of a game whose positions are worth checking: before every
/// ply classed a mistake or worse, after every blunder (the position the
/// next seat may punish it from), and every position whose seat to move
/// has just come to be winning (its chances at least [`WINNING`] where
/// they were short of it one ply before: whatever the others did, in
/// games of three or four seats too), each once, in order.
pub fn candidates(analysis: &GameAnalysis, moves: &[Move], scale: Scale) -> Vec<usize> {
    let mut out = Vec::new();
    for verdict in analysis.verdicts(moves, scale).into_iter().flatten() {
        match verdict.class {
            Some(Class::Blunder) => out.extend([verdict.ply, verdict.ply + 1]),
            Some(Class::Mistake) => out.push(verdict.ply),
            _ => {}
        }
    }
    for (ply, pair) in analysis.positions.windows(2).enumerate() {
        let seat = pair[1].to_move;
        if chances(pair[1].score(seat), scale) >= WINNING
            && chances(pair[0].score(seat), scale) < WINNING
        {
            out.push(ply + 1);
        }
    }
    out.retain(|&ply| ply < moves.len());
    out.sort_unstable();
    out.dedup();
    out
}

/// The only winning move of `game`, if it has one: the best line when it
/// wins clearly and the second best is worse by the gap.
fn only_win(
    game: &AnyGame,
    analyst: &mut dyn Analyst,
    scale: Scale,
    stop: &AtomicBool,
) -> Result<Result<Line, Rejection>, PuzzleError> {
    if game.outcome().is_some() || game.legal_move_list().is_empty() {
        return Ok(Err(Rejection::Finished));
    }
    let lines = analyst.lines(game, 2, stop).map_err(PuzzleError::Analyst)?;
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(Err(Rejection::Stopped));
    }
    let Some(best) = lines.first().filter(|l| !l.moves.is_empty()) else {
        return Ok(Err(Rejection::Stopped));
    };
    let best_chances = chances(best.score, scale);
    if best_chances < WINNING {
        return Ok(Err(Rejection::NotWinning));
    }
    let second = match lines.get(1) {
        Some(second) => Some(second.score),
        // The analyst gives one line (catboard's search in games of three
        // or four seats, some engines): every other move searched in turn.
        None => match second_best(game, best.moves[0], analyst, stop)? {
            Err(stopped) => return Ok(Err(stopped)),
            Ok(second) => second,
        },
    };
    if let Some(second) = second
        && !unique(best.score, second, scale)
    {
        return Ok(Err(Rejection::NotUnique));
    }
    Ok(Ok(best.clone()))
}

/// The best score the seat to move of `game` gets from a move other than
/// `best`: each searched by `analyst` from the position after it, the
/// mover's score read at the end of its best line
/// ([`pass::evaluate_position`]); `None` when there is no other move.
fn second_best(
    game: &AnyGame,
    best: Move,
    analyst: &mut dyn Analyst,
    stop: &AtomicBool,
) -> Result<Result<Option<i32>, Rejection>, PuzzleError> {
    let mover = game.to_move();
    let mut second: Option<i32> = None;
    for &mv in game.legal_move_list().iter() {
        if mv == best {
            continue;
        }
        let mut after = game.clone();
        after.make_move(mv);
        let Some(eval) =
            pass::evaluate_position(&after, true, analyst, stop).map_err(PuzzleError::Analyst)?
        else {
            return Ok(Err(Rejection::Stopped));
        };
        // A mate counted from the position after the move is one ply
        // further from this one.
        let score = match eval.score(mover) {
            s if s > MATE_BOUND => s - 1,
            s if s < -MATE_BOUND => s + 1,
            s => s,
        };
        second = Some(second.map_or(score, |s| s.max(score)));
    }
    Ok(Ok(second))
}

/// Whether a best move scored `best` stands alone beside the second best,
/// scored `second`: a mate stands alone when the second mates not at all
/// (as lichess's puzzles count it: a mate is the only move when no other
/// mates); a win without mate when the second falls short by the gap.
fn unique(best: i32, second: i32, scale: Scale) -> bool {
    let mates = |score: i32| mate_in_moves(score).is_some_and(|n| n > 0);
    if mates(best) {
        return !mates(second);
    }
    chances(best, scale) - chances(second, scale) >= GAP
}

/// Checks `game` (the solver to move) as a puzzle: the puzzle, or why it
/// is none. `analyst` should search deeper than the pass that found the
/// candidate. The verdict depends on the position and the analyst's
/// budget alone, so that checking the puzzle again later gives it again:
/// the game is rebuilt from its position's text (as a puzzle file keeps
/// it, without the positions before), and the analyst forgets what it
/// learnt before ([`Analyst::forget`]). A failure of the analyst is one
/// sentence.
pub fn check(
    game: &AnyGame,
    analyst: &mut dyn Analyst,
    source: Source,
    stop: &AtomicBool,
) -> Result<Result<Puzzle, Rejection>, PuzzleError> {
    let variant = game.variant();
    let scale = Scale::of(variant);
    let position = game.position_text();
    let game = &Puzzle::game_of(variant, &position)?;
    if game.outcome().is_none() && game.legal_move_list().len() == 1 {
        return Ok(Err(Rejection::OnlyMove));
    }
    analyst.forget();
    let first = match only_win(game, analyst, scale, stop)? {
        Ok(line) => line,
        Err(why) => return Ok(Err(why)),
    };
    let solver = game.to_move();
    let mut solution = vec![first.moves[0]];
    let mut walk = game.clone();
    walk.make_move(first.moves[0]);
    let mut line = first.moves;
    let mut solver_moves = 1;
    // Go on while the line has the other seats' replies and then a move
    // of the solver's that is again the only win.
    while solver_moves < MAX_SOLVER_MOVES && walk.outcome().is_none() {
        let mut replies = Vec::new();
        let mut next = walk.clone();
        let mut index = 1;
        while next.outcome().is_none() && next.to_move() != solver {
            let Some(&reply) = line.get(index) else { break };
            if !next.legal_move_list().contains(&reply) {
                break;
            }
            next.make_move(reply);
            replies.push(reply);
            index += 1;
        }
        if replies.is_empty() || next.to_move() != solver || next.outcome().is_some() {
            break;
        }
        match only_win(&next, analyst, scale, stop)? {
            Ok(found) => {
                solution.extend(replies);
                solution.push(found.moves[0]);
                next.make_move(found.moves[0]);
                walk = next;
                line = found.moves;
                solver_moves += 1;
            }
            Err(Rejection::Stopped) => return Ok(Err(Rejection::Stopped)),
            Err(_) => break,
        }
    }
    Ok(Ok(Puzzle {
        id: Puzzle::id_of(variant, &position),
        variant,
        tags: tags(game, &solution, first.score),
        position,
        solution,
        rating: Rating::default(),
        source,
    }))
}

/// What the search can tell of a solution from `game` whose first move
/// scored `score`: a mate within the solution, an army mated
/// (BacCanCat), a promotion, material won.
fn tags(game: &AnyGame, solution: &[Move], score: i32) -> Vec<Tag> {
    let solver = game.to_move();
    let mut tags = Vec::new();
    let mut walk = game.clone();
    let (mut won, mut lost, mut promotes, mut army) = (0, 0, false, false);
    for &mv in solution {
        let mover = walk.to_move();
        let captured = walk.captured(mv).is_some();
        if mover == solver {
            won += i32::from(captured);
            promotes |= mv.promotion.is_some();
            army |= game.variant() == Variant::BacCanCat && walk.move_notation(mv).ends_with('#');
        } else {
            lost += i32::from(captured);
        }
        walk.make_move(mv);
    }
    let mates = walk.outcome().is_some_and(|o| o.winner == Some(solver));
    match mate_in_moves(score) {
        Some(n) if n > 0 && mates => tags.push(Tag::MateIn(n.clamp(1, 9) as u8)),
        _ => {}
    }
    if army {
        tags.push(Tag::MatesAnArmy);
    }
    if promotes {
        tags.push(Tag::Promotes);
    }
    if won > lost && !mates {
        tags.push(Tag::WinsMaterial);
    }
    tags
}

/// What mining found: the puzzles, and how many candidate positions
/// were checked and why the rest were turned down.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mined {
    /// The puzzles found, each position once.
    pub puzzles: Vec<Puzzle>,
    /// Candidate positions checked.
    pub checked: usize,
    /// Rejected: the best move does not win clearly.
    pub not_winning: usize,
    /// Rejected: another move wins nearly as well (the uniqueness check).
    pub not_unique: usize,
    /// Rejected: the game was over there.
    pub finished: usize,
    /// Rejected: the solver had one legal move.
    pub only_move: usize,
    /// Puzzles found again (a position already found).
    pub repeated: usize,
}

impl Mined {
    /// Candidates turned down, for any reason.
    pub fn rejected(&self) -> usize {
        self.not_winning + self.not_unique + self.finished + self.only_move
    }

    /// Counts what checking one candidate came to; false when the search
    /// was stopped.
    pub fn add(&mut self, checked: Result<Puzzle, Rejection>) -> bool {
        self.checked += 1;
        match checked {
            Ok(p) if self.puzzles.iter().any(|q| q.id == p.id) => self.repeated += 1,
            Ok(p) => self.puzzles.push(p),
            Err(Rejection::NotWinning) => self.not_winning += 1,
            Err(Rejection::NotUnique) => self.not_unique += 1,
            Err(Rejection::Finished) => self.finished += 1,
            Err(Rejection::OnlyMove) => self.only_move += 1,
            Err(Rejection::Stopped) => {
                self.checked -= 1;
                return false;
            }
        }
        true
    }
}

/// The plies of a game at which one of `players` made a mistake or a
/// blunder, in order: "your mistakes", each position before such a ply
/// being where a better move was there to find. The other seats' moves
/// (the computer's) are not taken, however bad.
pub fn mistakes(
    analysis: &GameAnalysis,
    moves: &[Move],
    scale: Scale,
    players: &[Seat],
) -> Vec<usize> {
    analysis
        .verdicts(moves, scale)
        .into_iter()
        .flatten()
        .filter(|v| players.contains(&v.mover))
        .filter(|v| matches!(v.class, Some(Class::Mistake | Class::Blunder)))
        .map(|v| v.ply)
        .collect()
}

/// Mines an analysed game (`start`, then `moves`) into `mined`: every
/// candidate checked by `analyst`, the puzzles found marked `source` (a
/// stop ends the search with what was found).
pub fn from_game(
    start: &AnyGame,
    moves: &[Move],
    analysis: &GameAnalysis,
    analyst: &mut dyn Analyst,
    source: Source,
    mined: &mut Mined,
    stop: &AtomicBool,
) -> Result<(), PuzzleError> {
    let plies = candidates(analysis, moves, Scale::of(start.variant()));
    from_plies(start, moves, &plies, analyst, source, mined, stop)
}

/// Mines a player's own mistakes in an analysed game (`start`, then
/// `moves`; `players` the seats that were theirs) into `mined`: the
/// position before each ([`mistakes`]) checked by `analyst` like any
/// candidate, so a puzzle's solution is the only clear win the player
/// missed; the puzzles are marked [`Source::Game`].
pub fn your_mistakes(
    start: &AnyGame,
    moves: &[Move],
    analysis: &GameAnalysis,
    players: &[Seat],
    analyst: &mut dyn Analyst,
    mined: &mut Mined,
    stop: &AtomicBool,
) -> Result<(), PuzzleError> {
    let plies = mistakes(analysis, moves, Scale::of(start.variant()), players);
    from_plies(start, moves, &plies, analyst, Source::Game, mined, stop)
}

/// Checks the positions before each of `plies` (in order, each below
/// `moves.len()`) of the game `start` then `moves`, counting each in
/// `mined`; a stop ends it with what was found.
fn from_plies(
    start: &AnyGame,
    moves: &[Move],
    plies: &[usize],
    analyst: &mut dyn Analyst,
    source: Source,
    mined: &mut Mined,
    stop: &AtomicBool,
) -> Result<(), PuzzleError> {
    let mut game = start.clone();
    let mut at = 0;
    for &ply in plies.iter().filter(|&&ply| ply < moves.len()) {
        if ply < at {
            game = start.clone();
            at = 0;
        }
        for &mv in &moves[at..ply] {
            game.make_move(mv);
        }
        at = ply;
        if !mined.add(check(&game, analyst, source, stop)?) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{OwnSearch, PlyBudget, pass};
    use crate::core::Options;

    fn chess(position: &str) -> AnyGame {
        Variant::Chess
            .from_position(position, &Options::new())
            .expect("a position")
    }

    fn deep() -> OwnSearch {
        OwnSearch::new(PlyBudget::Nodes(60_000))
    }

    #[test]
    fn an_only_mate_is_a_puzzle_two_mates_and_an_even_game_are_not() {
        let stop = AtomicBool::new(false);
        let only = chess("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
        let puzzle = check(&only, &mut deep(), Source::SelfPlay, &stop)
            .expect("no failure")
            .expect("a puzzle");
        assert_eq!(only.move_text(puzzle.solution[0]), "e1e8");
        assert_eq!(puzzle.solution.len(), 1);
        assert_eq!(puzzle.tags, vec![Tag::MateIn(1)]);
        assert_eq!(
            Puzzle::from_line(Variant::Chess, &puzzle.line()),
            Ok(puzzle.clone())
        );
        let two = chess("6k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1");
        assert_eq!(
            check(&two, &mut deep(), Source::SelfPlay, &stop).expect("no failure"),
            Err(Rejection::NotUnique)
        );
        let start = Variant::Chess.new_game(&Options::new());
        assert_eq!(
            check(&start, &mut deep(), Source::SelfPlay, &stop).expect("no failure"),
            Err(Rejection::NotWinning)
        );
    }

    #[test]
    fn a_position_with_one_legal_move_is_no_puzzle_however_it_wins() {
        let stop = AtomicBool::new(false);
        // White's king must take the queen, and two rooks win.
        let forced = chess("6k1/8/8/8/8/RR6/6q1/7K w - - 0 1");
        assert_eq!(forced.legal_move_list().len(), 1);
        assert_eq!(
            check(&forced, &mut deep(), Source::SelfPlay, &stop).expect("no failure"),
            Err(Rejection::OnlyMove)
        );
        let mut one = OneLine(deep());
        assert_eq!(
            check(&forced, &mut one, Source::SelfPlay, &stop).expect("no failure"),
            Err(Rejection::OnlyMove)
        );
        let mut mined = Mined::default();
        assert!(mined.add(Err(Rejection::OnlyMove)));
        assert_eq!((mined.only_move, mined.rejected()), (1, 1));
    }

    /// catboard's search, keeping every answer it gave.
    struct Recording(OwnSearch, Vec<Vec<Line>>);

    impl Analyst for Recording {
        fn name(&self) -> String {
            "recording".into()
        }
        fn lines(
            &mut self,
            game: &AnyGame,
            lines: usize,
            stop: &AtomicBool,
        ) -> Result<Vec<Line>, crate::protocol::engine::EngineError> {
            let found = self.0.lines(game, lines, stop)?;
            self.1.push(found.clone());
            Ok(found)
        }
        fn forget(&mut self) {
            self.0.forget();
        }
    }

    /// `check` of `game` by `analyst`: its verdict and every line its
    /// searches gave.
    fn checked(
        game: &AnyGame,
        mut analyst: Recording,
    ) -> (Result<Puzzle, Rejection>, Vec<Vec<Line>>) {
        let stop = AtomicBool::new(false);
        let verdict = check(game, &mut analyst, Source::SelfPlay, &stop).expect("no failure");
        (verdict, analyst.1)
    }

    #[test]
    fn a_check_depends_on_the_position_and_the_budget_alone() {
        let stop = AtomicBool::new(false);
        let budget = PlyBudget::Nodes(10_000);
        for variant in [Variant::Chess, Variant::Cat] {
            let puzzles = super::super::read_file(variant, super::super::starter::text(variant))
                .expect("a starter set");
            for pair in puzzles.windows(2).take(3) {
                let [before, p] = pair else { continue };
                let game = p.game().expect("a position");
                let fresh = checked(&game, Recording(OwnSearch::new(budget), Vec::new()));
                // The same position checked after the analyst has searched
                // another, and reached by a move in a game with a history.
                let mut warm = OwnSearch::new(budget);
                let other = before.game().expect("a position");
                warm.lines(&other, 2, &stop).expect("no failure");
                assert_eq!(
                    checked(&game, Recording(warm, Vec::new())),
                    fresh,
                    "{}",
                    p.line()
                );
                let mut reached = game.clone();
                reached.make_move(reached.legal_move_list()[0]);
                let alone = Puzzle::game_of(variant, &reached.position_text()).expect("a position");
                let mut warm = OwnSearch::new(budget);
                warm.lines(&game, 2, &stop).expect("no failure");
                assert_eq!(
                    checked(&reached, Recording(warm, Vec::new())),
                    checked(&alone, Recording(OwnSearch::new(budget), Vec::new())),
                    "{} then its first legal move",
                    p.line()
                );
            }
        }
    }

    /// An analyst that gives one line, as catboard's search does in games
    /// of three or four seats: the second best is found move by move.
    struct OneLine(OwnSearch);

    impl Analyst for OneLine {
        fn name(&self) -> String {
            "one line".into()
        }
        fn lines(
            &mut self,
            game: &AnyGame,
            _: usize,
            stop: &AtomicBool,
        ) -> Result<Vec<Line>, crate::protocol::engine::EngineError> {
            self.0.lines(game, 1, stop)
        }
        fn forget(&mut self) {
            self.0.forget();
        }
    }

    #[test]
    fn with_one_line_a_second_win_is_still_found_by_searching_every_move() {
        let stop = AtomicBool::new(false);
        let two = chess("6k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1");
        let mut one = OneLine(deep());
        assert_eq!(
            check(&two, &mut one, Source::SelfPlay, &stop).expect("no failure"),
            Err(Rejection::NotUnique)
        );
        let only = chess("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
        assert!(matches!(
            check(&only, &mut one, Source::SelfPlay, &stop),
            Ok(Ok(_))
        ));
    }

    #[test]
    fn a_blunder_in_an_analysed_game_becomes_the_puzzle_that_punishes_it() {
        let start = Variant::Chess.new_game(&Options::new());
        let (moves, analysis) = analysed(
            &start,
            &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
        );
        let stop = AtomicBool::new(false);
        let plies = candidates(&analysis, &moves, Scale::CHESS);
        assert!(plies.contains(&5) && plies.contains(&6), "{plies:?}");
        let mut mined = Mined::default();
        from_game(
            &start,
            &moves,
            &analysis,
            &mut deep(),
            Source::Game,
            &mut mined,
            &stop,
        )
        .expect("no failure");
        let rejected = mined.rejected();
        let mate = mined
            .puzzles
            .iter()
            .find(|p| p.solution == [moves[6]])
            .expect("Qxf7# found");
        assert_eq!(
            (mate.source, &mate.tags[..]),
            (Source::Game, &[Tag::MateIn(1)][..])
        );
        assert!(rejected >= 1, "the move before Nf6 wins nothing");
    }
    /// Both back ranks open on the a-file, both rooks able to mate: White
    /// plays h3?? (missing Rxa8#), Black Kh8?? (missing Rxa1+ and walking
    /// into the mate), White mates. Each seat's mistakes are its own.
    fn both_blunder() -> (AnyGame, Vec<Move>, GameAnalysis) {
        let start = chess("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let (moves, analysis) = analysed(&start, &["h2h3", "g8h8", "a1a8"]);
        (start, moves, analysis)
    }

    /// The moves `texts` from `start`, and the game analysed at 20000
    /// nodes a position.
    fn analysed(start: &AnyGame, texts: &[&str]) -> (Vec<Move>, GameAnalysis) {
        let mut game = start.clone();
        let mut moves = Vec::new();
        for text in texts {
            let mv = game.parse_move(text).expect("a move");
            game.make_move(mv);
            moves.push(mv);
        }
        let mut analysis = GameAnalysis::new("catboard", PlyBudget::Nodes(20_000));
        let stop = AtomicBool::new(false);
        let mut analyst = OwnSearch::new(analysis.budget);
        pass::run(&mut analysis, start, &moves, &mut analyst, &stop, |_| {})
            .expect("catboard's search does not fail");
        (moves, analysis)
    }

    #[test]
    fn a_players_mistakes_are_their_seats_alone_and_their_puzzles_the_better_move() {
        let (start, moves, analysis) = both_blunder();
        let (white, black) = (Seat(0), Seat(1));
        assert_eq!(mistakes(&analysis, &moves, Scale::CHESS, &[white]), [0]);
        assert_eq!(mistakes(&analysis, &moves, Scale::CHESS, &[black]), [1]);
        assert_eq!(mistakes(&analysis, &moves, Scale::CHESS, &[]), [0_usize; 0]);
        let stop = AtomicBool::new(false);
        for (seat, solution) in [(white, "a1a8"), (black, "a8a1")] {
            let mut mined = Mined::default();
            your_mistakes(
                &start,
                &moves,
                &analysis,
                &[seat],
                &mut deep(),
                &mut mined,
                &stop,
            )
            .expect("no failure");
            assert_eq!(
                mined.checked, 1,
                "{seat:?}: only its own mistake is checked"
            );
            let [puzzle] = &mined.puzzles[..] else {
                panic!("{seat:?}: one puzzle, not {:?}", mined.puzzles);
            };
            let game = puzzle.game().expect("a position");
            assert_eq!(game.to_move(), seat);
            assert_eq!(game.move_text(puzzle.solution[0]), solution);
            assert_eq!(puzzle.source, Source::Game);
        }
    }
}
