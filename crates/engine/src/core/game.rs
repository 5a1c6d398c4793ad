//! The `Game` trait: everything the screen, the computer player and the
//! command-line tools may ask of a game, whatever the variant.

use super::cell::{Cell, CellSet};
use super::endings::{self, EndRules};
use super::geometry::Geometry;
use super::moves::{Move, MoveList};
use super::piece::{Piece, PieceKind, Seat};
use super::retire::{Retire, RetireError, Retirements};
use std::fmt;

/// Why a move read from a written move list (a save, a query, a protocol
/// line) cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListedMoveError<R> {
    /// The game had already ended, for this reason.
    GameOver(EndReason),
    /// The move cannot be read, or is not legal there
    /// ([`Game::Refusal`]).
    Refused(R),
}

impl<R: fmt::Display> ListedMoveError<R> {
    /// What is wrong with move `number` (counted from 1) of the list,
    /// written `text` (quoted here): a clause without capital or full
    /// stop, to be set in the caller's sentence.
    pub fn describe(&self, number: usize, text: &str) -> String {
        match self {
            ListedMoveError::GameOver(reason) => format!(
                "move {number} {} comes after the game ended by {}",
                crate::text::quoted(text),
                reason.describe()
            ),
            ListedMoveError::Refused(why) => {
                format!(
                    "move {number} {}: {}",
                    crate::text::quoted(text),
                    crate::text::clause(&why.to_string())
                )
            }
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// The side to move is in check with no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A hundred half-moves without a capture or a pawn move.
    FiftyMoves,
    /// Cat Chess: a hundred turns, the Cats' included, without a capture or a pawn move.
    HundredTurns,
    /// The same position came up a third time.
    Repetition,
    /// Neither side can mate any more.
    Material,
    /// BacCanCat: King, Queen, Tank and compound on one 2 × 2 square.
    Marriage,
    /// BacCanCat: a Pawn or Yeoman promoted with nothing left to promote to.
    Promotion,
    /// BacCanCat: the army that delivered the third checkmate.
    ThirdMate,
    /// Every army still in play had to pass in one round.
    AllPassed,
    /// A player gave the game up.
    Resignation,
    /// A player's clock ran out.
    Time,
    /// A player's clock ran out, but the other side could not have mated
    /// (FIDE 6.9): a draw.
    TimeAgainstMaterial,
    /// The players agreed a draw.
    Agreement,
    /// Called off before each player had made a move (as lichess aborts
    /// a game): no result, and no rating moves. No game's rules end a
    /// game so; a server's archive says it of a game that was not played.
    Aborted,
}

impl EndReason {
    /// The reason's code in the rules oracle and saved games (`fifty_moves`).
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::HundredTurns => "hundred_turns",
            EndReason::Repetition => "repetition",
            EndReason::Material => "material",
            EndReason::Marriage => "marriage",
            EndReason::Promotion => "promotion",
            EndReason::ThirdMate => "third_mate",
            EndReason::AllPassed => "all_passed",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::TimeAgainstMaterial => "time_against_material",
            EndReason::Agreement => "agreement",
            EndReason::Aborted => "aborted",
        }
    }

    /// The reason in words, for the screen ("threefold repetition").
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::FiftyMoves => "the fifty-move rule",
            EndReason::HundredTurns => "the hundred-turn rule",
            EndReason::Repetition => "threefold repetition",
            EndReason::Material => "insufficient material",
            EndReason::Marriage => "marriage",
            EndReason::Promotion => "promotion with an empty reserve",
            EndReason::ThirdMate => "the third checkmate",
            EndReason::AllPassed => "every army passing",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::TimeAgainstMaterial => "time against insufficient material",
            EndReason::Agreement => "agreement",
            EndReason::Aborted => "an abort before each player had moved",
        }
    }

    /// Every reason, for tables and tests that go through them all.
    pub const ALL: [EndReason; 15] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::FiftyMoves,
        EndReason::HundredTurns,
        EndReason::Repetition,
        EndReason::Material,
        EndReason::Marriage,
        EndReason::Promotion,
        EndReason::ThirdMate,
        EndReason::AllPassed,
        EndReason::Resignation,
        EndReason::Time,
        EndReason::TimeAgainstMaterial,
        EndReason::Agreement,
        EndReason::Aborted,
    ];

    /// The reason with this [`EndReason::code`].
    pub fn from_code(code: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.code() == code)
    }

    /// Whether a game ending for this reason is a draw by the rules of
    /// chess (whoever the variant then lets win it, as Cat Chess's Cats).
    pub const fn draws(self) -> bool {
        matches!(
            self,
            EndReason::Stalemate
                | EndReason::FiftyMoves
                | EndReason::HundredTurns
                | EndReason::Repetition
                | EndReason::Material
                | EndReason::AllPassed
                | EndReason::TimeAgainstMaterial
                | EndReason::Agreement
        )
    }

    /// Whether the players ended the game rather than its rules
    /// (resignation, time, agreement).
    pub const fn by_players(self) -> bool {
        matches!(
            self,
            EndReason::Resignation
                | EndReason::Time
                | EndReason::TimeAgainstMaterial
                | EndReason::Agreement
        )
    }
}

/// How a game ended: who won (nobody for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winning seat; `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The result as a two-seat game's score: `1-0`, `0-1`, `1/2-1/2`.
    pub const fn score(self) -> &'static str {
        match self.winner {
            None => "1/2-1/2",
            Some(Seat(0)) => "1-0",
            Some(_) => "0-1",
        }
    }
}

/// What a viewer should mark on the board, whatever the variant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// Kings that are in check.
    pub checked: CellSet,
    /// Shaded cells (the Cats' no-capture zones).
    pub zones: CellSet,
    /// Pieces that stand disarmed.
    pub disarmed: CellSet,
    /// Cells that belong to a seat, each set with its owner (BacCanCat's
    /// camps): a viewer tints them toward the seat's colour and names them
    /// ("Red's camp"). Empty where a variant has no such regions.
    pub regions: Vec<(Seat, CellSet)>,
    /// Labelled figures for the side panel ("Hundred-turn count", 37 of
    /// 100), typed ([`crate::core::Figure`]); their labels are among the
    /// variant's record's `figures`.
    pub notes: Vec<crate::core::Note>,
}

/// A game of any variant: the only door through which the screen, the
/// computer player and the tools see a position.
pub trait Game: Clone + Send + 'static {
    /// Why the variant refuses a move's text ([`Game::parse_move`]): its
    /// notation's reasons as a type, the sentence its `Display`.
    type Refusal: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The variant's identifier (`"chess"`, `"cat"`).
    fn variant_id(&self) -> &'static str;

    /// The board this game is played on.
    fn geometry(&self) -> &'static Geometry;

    /// The seats' names in turn order (`["white", "black"]`).
    fn seat_names(&self) -> &'static [&'static str];

    /// Whose turn it is.
    fn to_move(&self) -> Seat;

    /// The piece on `cell`.
    fn piece_at(&self, cell: Cell) -> Option<Piece>;

    /// Fills `out` with every legal move of the side to move by the rules of
    /// movement alone; whether a rule such as repetition has already ended
    /// the game is [`Game::outcome`]'s business.
    fn legal_moves(&self, out: &mut MoveList);

    /// Plays `mv`, which must be one of [`Game::legal_moves`].
    fn make_move(&mut self, mv: Move);

    /// Takes back the last move played, returning it.
    fn unmake_move(&mut self) -> Option<Move>;

    /// The moves played since the start position, oldest first.
    fn moves_played(&self) -> &[Move];

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// The end rules this game is played under, as values (see
    /// [`EndRules`]); [`Game::outcome`] applies them. By default none: a
    /// variant whose endings are all its own ([`Game::variant_ending`]).
    fn end_rules(&self) -> EndRules {
        EndRules::NONE
    }

    /// The plies since the last capture or pawn move, as the move-count
    /// rule counts them (Cat Chess counts the Cats' turns too); 0 where
    /// nothing is counted.
    fn halfmove_clock(&self) -> u16 {
        0
    }

    /// How many times the current position came up before in this game,
    /// since the last irreversible move (what the repetition rule counts);
    /// 0 where positions are not compared.
    fn earlier_occurrences(&self) -> usize {
        0
    }

    /// Whether the material left can no longer give mate (the material
    /// ending, a draw by [`Game::end_rules`]); false by default.
    fn insufficient_material(&self) -> bool {
        false
    }

    /// Whether `seat` has the material to mate by some series of legal
    /// moves, for a flag falling against it (FIDE 6.9: then the game is
    /// drawn, not won); true by default.
    fn can_mate(&self, _seat: Seat) -> bool {
        true
    }

    /// Who has left the game so far (resigned, flag fallen) and whether a
    /// draw was agreed: the retirement plies played ([`MoveKind::Retire`](super::moves::MoveKind::Retire)).
    /// None by default, for a game that records none.
    fn retirements(&self) -> Retirements {
        Retirements::NONE
    }

    /// Whether `retire` may be played now: refused once the game is over
    /// and where the variant's [`EndRules::leaving`] does not allow it.
    /// Then [`Game::make_move`] plays `retire.to_move()`.
    fn may_retire(&self, retire: Retire) -> Result<(), RetireError> {
        super::retire::may_retire(self, retire)
    }

    /// An ending particular to the variant (BacCanCat's marriage or third
    /// mate), looked at before the common ones; none by default.
    fn variant_ending(&self) -> Option<Outcome> {
        None
    }

    /// The result, once the game is over: checkmate or stalemate, then the
    /// endings of [`Game::rule_outcome`], as [`Game::end_rules`] has them.
    fn outcome(&self) -> Option<Outcome> {
        endings::outcome(self)
    }

    /// Endings that need no move generation (the variant's own, move-count
    /// rules, repetition, material); [`Game::outcome`] adds mate and
    /// stalemate.
    fn rule_outcome(&self) -> Option<Outcome> {
        endings::rule_outcome(self)
    }

    /// Whether the current position has already occurred in this game since
    /// the last irreversible move (the search scores it as a draw).
    fn is_repeat(&self) -> bool {
        self.earlier_occurrences() >= 1
    }

    /// The position's hash (placement, side to move and rights).
    fn hash(&self) -> u64;

    /// The position in the variant's text form (FEN for chess).
    fn position_text(&self) -> String;

    /// `mv` in the variant's coordinate notation (UCI for chess).
    fn move_text(&self, mv: Move) -> String;

    /// `mv` as the move list shows it (SAN for chess); `mv` must be legal now.
    fn move_notation(&self, mv: Move) -> String;

    /// Reads a move in any notation the variant accepts and checks that it is legal.
    fn parse_move(&self, text: &str) -> Result<Move, Self::Refusal>;

    /// Reads `text` as the next move of a list being replayed: refused once
    /// the game is over, as well as when [`Game::parse_move`] refuses it.
    fn read_listed_move(&self, text: &str) -> Result<Move, ListedMoveError<Self::Refusal>> {
        if let Some(outcome) = self.outcome() {
            return Err(ListedMoveError::GameOver(outcome.reason));
        }
        self.parse_move(text).map_err(ListedMoveError::Refused)
    }

    /// The piece `mv` would capture, if any.
    fn captured(&self, mv: Move) -> Option<Piece>;

    /// What a viewer should mark.
    fn annotations(&self) -> Annotations;

    /// The legal moves as a fresh list (a convenience over [`Game::legal_moves`]).
    fn legal_move_list(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list
    }

    /// Fills `out` with the legal moves that capture or promote: the moves a
    /// quiescence search looks at. The default filters [`Game::legal_moves`];
    /// a variant may generate them directly.
    fn capture_moves(&self, out: &mut MoveList) {
        self.legal_moves(out);
        out.retain(|&mv| mv.promotion.is_some() || self.captured(mv).is_some());
    }

    /// Passes the turn without moving, for the search's null-move pruning.
    /// Returns `false` and changes nothing where the variant has no such
    /// thing (the default); undo a `true` with [`Game::unmake_null_move`].
    fn make_null_move(&mut self) -> bool {
        false
    }

    /// Takes back a pass made by [`Game::make_null_move`].
    fn unmake_null_move(&mut self) {}

    /// Every path of cells by which `mv` (legal now) may be entered, pick
    /// by pick: by default its one [`Move::path`]. A variant whose one move
    /// can be walked several ways (a Lion's pass through any empty
    /// neighbour, a two-step through an empty cell that is the same move as
    /// the jump) lists each way, so a front end needs no special case.
    fn entry_paths(&self, mv: Move) -> Vec<arrayvec::ArrayVec<Cell, 3>> {
        vec![mv.path()]
    }

    /// Whether the position holds state its text cannot say, so that a
    /// game read back from [`Game::position_text`] differs in its legal
    /// moves and hash (Chu Chess's trading rule 3 in force just after a
    /// Lion was taken). False by default.
    fn state_beyond_text(&self) -> bool {
        false
    }

    /// What the rules oracle (`catboard rules`) reports for this variant
    /// beyond the fields every game has (BacCanCat: the armies out, the
    /// points, the Reserve); nothing by default.
    fn oracle_fields(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }

    /// Each seat's points in this game, in half points (6 points to share
    /// are `12`), in seat order; `None` for a variant that scores no
    /// points (the default). Before the end they are what is settled so far.
    fn points(&self) -> Option<Vec<u8>> {
        None
    }

    /// The number of the round (chess's fullmove number) the position is
    /// in: what a move list numbers its first line with when a game starts
    /// from a set-up position. 1 where the position text has no such number.
    fn fullmove(&self) -> u16 {
        1
    }

    /// A piece kind as the variant's notation writes it, in upper case:
    /// `N` for chess's Knight, `C` for BacCanCat's Cannon, `+R` for Chu's
    /// crowned Rook. A front end draws the same letters, so the board can be
    /// read against the move list and typed from. By default the kind's
    /// usual letter ([`PieceKind::letter`]).
    fn kind_label(&self, kind: PieceKind) -> String {
        kind.letter().to_string()
    }

    /// The name of `seat` (`"white"`).
    fn seat_name(&self, seat: Seat) -> &'static str {
        self.seat_names().get(seat.index()).copied().unwrap_or("?")
    }
}

/// Counts the leaf positions `depth` moves ahead (perft), counting the last
/// ply by the length of the move list.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        game.make_move(mv);
        nodes += perft(game, depth - 1);
        game.unmake_move();
    }
    nodes
}
