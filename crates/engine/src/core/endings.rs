//! How games end, written once: each variant gives its end rules as a
//! value ([`EndRules`]) and a few hooks on [`Game`] (the clock, the
//! repetition count, insufficient material, endings of its own);
//! [`outcome`] and [`rule_outcome`] apply them the same way for every game.

use super::game::{EndReason, Game, Outcome};
use super::moves::{Move, MoveList};
use super::piece::Seat;
use super::retire::{Departure, Leaving, Retire};

/// A move-count rule: so many plies without a capture or a pawn move end
/// the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCountRule {
    /// The plies that end the game, as [`Game::halfmove_clock`] counts them.
    pub plies: u16,
    /// The reason the game ends by.
    pub reason: EndReason,
}

/// Chess's fifty-move rule: a hundred half-moves.
pub const FIFTY_MOVE_RULE: MoveCountRule = MoveCountRule {
    plies: 100,
    reason: EndReason::FiftyMoves,
};

/// The occurrences of one position that end a game by repetition.
pub const THREEFOLD: u8 = 3;

/// A variant's end rules, as values: which of the common endings it plays
/// and to whom a draw goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// Whether a side to move without a legal move ends the game: lost by
    /// checkmate when in check, drawn by stalemate otherwise.
    pub no_legal_move: bool,
    /// The move-count rule, if it is played.
    pub move_count: Option<MoveCountRule>,
    /// How many occurrences of a position end the game, if repetition does.
    pub repetition: Option<u8>,
    /// The seat a drawn ending goes to as a win (Cat Chess: any draw is a
    /// Cats' win); `None` where a draw is a draw.
    pub draw_goes_to: Option<Seat>,
    /// What resigning, a flag falling and a draw by agreement do.
    pub leaving: Leaving,
}

impl EndRules {
    /// No common ending at all: a variant whose endings are all its own
    /// ([`Game::variant_ending`]).
    pub const NONE: EndRules = EndRules {
        no_legal_move: false,
        move_count: None,
        repetition: None,
        draw_goes_to: None,
        leaving: Leaving::Elimination,
    };

    /// The orthodox rules: checkmate and stalemate, with the fifty-move
    /// rule and threefold repetition where they are on; a draw is a draw.
    pub const fn orthodox(fifty_moves: bool, repetition: bool) -> EndRules {
        EndRules {
            no_legal_move: true,
            move_count: if fifty_moves {
                Some(FIFTY_MOVE_RULE)
            } else {
                None
            },
            repetition: if repetition { Some(THREEFOLD) } else { None },
            draw_goes_to: None,
            leaving: Leaving::TwoArmies,
        }
    }

    /// The result of a drawn ending for `reason`: a draw, or a win for the
    /// seat draws go to.
    pub const fn draw(self, reason: EndReason) -> Outcome {
        Outcome {
            winner: self.draw_goes_to,
            reason,
        }
    }
}

/// The ending a retirement brought about in a game of two armies
/// ([`Leaving::TwoArmies`]): an agreed draw; the army that resigned loses;
/// the army whose flag fell loses, or draws when the other cannot mate
/// (FIDE 6.9). A seat beyond the two (the Cats) ends nothing by leaving.
/// Where every seat is an army ([`Leaving::Elimination`]) the variant's own
/// endings see to it.
pub fn retirement_outcome<G: Game>(game: &G) -> Option<Outcome> {
    let retired = game.retirements();
    if !retired.any() {
        return None;
    }
    let rules = game.end_rules();
    if rules.leaving != Leaving::TwoArmies {
        return None;
    }
    if retired.agreed() {
        return Some(rules.draw(EndReason::Agreement));
    }
    let (seat, how) = retired.army_gone()?;
    let other = seat.opponent();
    Some(match how {
        Departure::Resigned => Outcome {
            winner: Some(other),
            reason: EndReason::Resignation,
        },
        Departure::Flagged if !game.can_mate(other) => rules.draw(EndReason::TimeAgainstMaterial),
        Departure::Flagged => Outcome {
            winner: Some(other),
            reason: EndReason::Time,
        },
    })
}

/// The endings that need no move generation, in this order: a
/// retirement's ([`retirement_outcome`]), the variant's own, the
/// move-count rule, repetition, insufficient material.
#[inline]
pub fn rule_outcome<G: Game>(game: &G) -> Option<Outcome> {
    if let Some(outcome) = retirement_outcome(game) {
        return Some(outcome);
    }
    if let Some(outcome) = game.variant_ending() {
        return Some(outcome);
    }
    let rules = game.end_rules();
    if let Some(rule) = rules.move_count
        && game.halfmove_clock() >= rule.plies
    {
        return Some(rules.draw(rule.reason));
    }
    if let Some(times) = rules.repetition
        && game.earlier_occurrences() + 1 >= usize::from(times)
    {
        return Some(rules.draw(EndReason::Repetition));
    }
    if game.insufficient_material() {
        return Some(rules.draw(EndReason::Material));
    }
    None
}

/// The result, once the game is over: checkmate or stalemate of a side to
/// move without a legal move first (where the rules say so), then
/// [`rule_outcome`].
pub fn outcome<G: Game>(game: &G) -> Option<Outcome> {
    if let Some(outcome) = retirement_outcome(game) {
        return Some(outcome);
    }
    let rules = game.end_rules();
    if rules.no_legal_move {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(if game.in_check() {
                Outcome {
                    winner: Some(game.to_move().opponent()),
                    reason: EndReason::Checkmate,
                }
            } else {
                rules.draw(EndReason::Stalemate)
            });
        }
    }
    rule_outcome(game)
}

/// How a finished game ended, as values to keep and read back (an
/// archive keeps its parts as codes: [`EndReason::code`], the winner's
/// seat, [`Retire::text`]): the outcome, and the retirement that brought
/// it about when the game ended by one (a resignation or a flag). Its
/// words are made where it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Termination {
    /// Who won, and why the game ended.
    pub outcome: Outcome,
    /// The retirement that ended it, for an ending by resignation or by
    /// time; `None` for any other.
    pub retire: Option<Retire>,
}

impl Termination {
    /// The termination of a game that ended with `outcome`, `last` its
    /// last ply: the ply is kept only when it is the retirement the
    /// ending is about, so one ending has one termination.
    pub fn new(outcome: Outcome, last: Option<Move>) -> Termination {
        let by_retirement = matches!(
            outcome.reason,
            EndReason::Resignation | EndReason::Time | EndReason::TimeAgainstMaterial
        );
        Termination {
            outcome,
            retire: last
                .and_then(Retire::of)
                .filter(|r| by_retirement && matches!(r, Retire::Leave(..))),
        }
    }

    /// Every termination a game of `seats` seats could have: each reason,
    /// each winner or none, and for the retirements' reasons each seat
    /// resigning or flagging (or no ply known). For reading back what was
    /// kept in other forms.
    pub fn all(seats: usize) -> Vec<Termination> {
        let seats = u8::try_from(seats).unwrap_or(u8::MAX);
        let winners = std::iter::once(None).chain((0..seats).map(|s| Some(Seat(s))));
        let leaves: Vec<Option<Move>> = std::iter::once(None)
            .chain((0..seats).flat_map(|s| {
                [Departure::Resigned, Departure::Flagged]
                    .map(|how| Some(Retire::Leave(Seat(s), how).to_move()))
            }))
            .collect();
        let mut all = Vec::new();
        for winner in winners {
            for reason in EndReason::ALL {
                for last in &leaves {
                    let termination = Termination::new(Outcome { winner, reason }, *last);
                    if !all.contains(&termination) {
                        all.push(termination);
                    }
                }
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orthodox_rules_follow_the_options_and_draws_go_where_told() {
        let on = EndRules::orthodox(true, true);
        assert_eq!(on.move_count, Some(FIFTY_MOVE_RULE));
        assert_eq!(on.repetition, Some(3));
        assert!(on.no_legal_move);
        let off = EndRules::orthodox(false, false);
        assert_eq!((off.move_count, off.repetition), (None, None));
        assert_eq!(on.draw(EndReason::Stalemate).winner, None);
        let cats = EndRules {
            draw_goes_to: Some(Seat::THIRD),
            ..on
        };
        assert_eq!(
            cats.draw(EndReason::Material),
            Outcome {
                winner: Some(Seat::THIRD),
                reason: EndReason::Material
            }
        );
    }

    #[test]
    fn a_termination_keeps_the_retirement_only_when_it_ended_the_game() {
        let resigned = Retire::Leave(Seat::WHITE, Departure::Resigned).to_move();
        let won = |reason| Outcome {
            winner: Some(Seat::BLACK),
            reason,
        };
        assert_eq!(
            Termination::new(won(EndReason::Resignation), Some(resigned)).retire,
            Some(Retire::Leave(Seat::WHITE, Departure::Resigned))
        );
        assert_eq!(
            Termination::new(won(EndReason::ThirdMate), Some(resigned)).retire,
            None,
            "a BacCanCat ending after a resignation is the rules' own"
        );
        assert_eq!(
            Termination::new(won(EndReason::Agreement), Some(Retire::Agreement.to_move())).retire,
            None
        );
        let all = Termination::all(2);
        // 15 reasons × 3 winners, and the 3 retiring reasons × 3 winners
        // × 4 retirements more.
        assert_eq!(all.len(), 15 * 3 + 3 * 3 * 4);
        assert!(all.contains(&Termination::new(won(EndReason::Time), Some(resigned))));
    }
}
