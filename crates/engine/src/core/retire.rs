//! Leaving a game before its rules end it, written once for every variant:
//! a seat resigns or its flag falls, or the players agree a draw. Each is
//! recorded as a ply of the game's history (a [`Move`] of kind
//! [`MoveKind::Retire`]), so taking it back, saving it, replaying it and
//! writing it out go the way every move goes. What it does is a value of
//! the variant's end rules ([`Leaving`]): in a game of two armies (chess,
//! Chu, Polar, and Cat Chess's White and Black) the one who leaves loses;
//! in BacCanCat the army is eliminated as if mated, without credit, and
//! play goes on; the Cats whose flag falls pass for the rest of the game.

use super::cell::Cell;
use super::game::Game;
use super::moves::{Move, MoveKind};
use super::piece::Seat;
use crate::text::capitalised;

/// How a seat left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Departure {
    /// Its player gave the game up.
    Resigned,
    /// Its clock ran out on its turn.
    Flagged,
}

impl Departure {
    /// The word a move text starts with (`resign`, `flag`).
    const fn word(self) -> &'static str {
        match self {
            Departure::Resigned => "resign",
            Departure::Flagged => "flag",
        }
    }
}

/// A ply that is not a move on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Retire {
    /// This seat leaves, so.
    Leave(Seat, Departure),
    /// The players agree a draw.
    Agreement,
}

/// The `aux` codes of a retirement ply.
const RESIGNED: u8 = 0;
const FLAGGED: u8 = 1;
const AGREED: u8 = 2;

impl Retire {
    /// The ply as a [`Move`] of kind [`MoveKind::Retire`]: `from` holds the
    /// seat, `aux` what happened.
    pub const fn to_move(self) -> Move {
        let (seat, code) = match self {
            Retire::Leave(seat, Departure::Resigned) => (seat.0, RESIGNED),
            Retire::Leave(seat, Departure::Flagged) => (seat.0, FLAGGED),
            Retire::Agreement => (0, AGREED),
        };
        Move {
            from: Cell(seat),
            to: Cell(0),
            aux: Cell(code),
            kind: MoveKind::Retire,
            promotion: None,
        }
    }

    /// The retirement `mv` records, if it is one.
    #[inline(always)]
    pub const fn of(mv: Move) -> Option<Retire> {
        if !matches!(mv.kind, MoveKind::Retire) {
            return None;
        }
        match mv.aux.0 {
            RESIGNED => Some(Retire::Leave(Seat(mv.from.0), Departure::Resigned)),
            FLAGGED => Some(Retire::Leave(Seat(mv.from.0), Departure::Flagged)),
            _ => Some(Retire::Agreement),
        }
    }

    /// The ply as saves and protocols write it: `resign:white`,
    /// `flag:cats`, `draw:agreed`.
    pub fn text(self, seats: &[&str]) -> String {
        match self {
            Retire::Leave(seat, how) => format!(
                "{}:{}",
                how.word(),
                seats.get(seat.index()).copied().unwrap_or("?")
            ),
            Retire::Agreement => "draw:agreed".to_string(),
        }
    }

    /// Reads a ply written by [`Retire::text`] for a game with these
    /// seats; `None` for any other text (a move, say).
    pub fn parse(text: &str, seats: &[&str]) -> Option<Retire> {
        let (word, rest) = text.trim().split_once(':')?;
        let word = word.to_ascii_lowercase();
        let rest = rest.to_ascii_lowercase();
        if word == "draw" && rest == "agreed" {
            return Some(Retire::Agreement);
        }
        let how = [Departure::Resigned, Departure::Flagged]
            .into_iter()
            .find(|h| h.word() == word)?;
        let seat = seats.iter().position(|s| *s == rest)?;
        Some(Retire::Leave(Seat(seat as u8), how))
    }

    /// The ply in words, as a move list shows it: `White resigns`,
    /// `Black's flag fell`, `Draw agreed`.
    pub fn words(self, seats: &[&str]) -> String {
        match self {
            Retire::Leave(seat, how) => {
                let name =
                    crate::text::capitalised(seats.get(seat.index()).copied().unwrap_or("?"));
                let plural = name.ends_with('s');
                match how {
                    Departure::Resigned if plural => format!("{name} resign"),
                    Departure::Resigned => format!("{name} resigns"),
                    Departure::Flagged if plural => format!("{name}' flag fell"),
                    Departure::Flagged => format!("{name}'s flag fell"),
                }
            }
            Retire::Agreement => "Draw agreed".to_string(),
        }
    }
}

/// Who has left a game so far, and whether a draw was agreed: a small
/// value a variant keeps in the state its history snapshots, so taking a
/// retirement back restores it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Retirements(u16);

impl Retirements {
    /// Nobody has left.
    pub const NONE: Retirements = Retirements(0);

    /// The bit of an agreed draw (two bits a seat below it, up to 8 seats).
    const AGREED_BIT: u16 = 1 << 15;

    /// How `seat` left, if it has.
    #[inline(always)]
    pub const fn of(self, seat: Seat) -> Option<Departure> {
        match (self.0 >> (2 * (seat.0 as u16 & 7))) & 3 {
            1 => Some(Departure::Resigned),
            2 => Some(Departure::Flagged),
            _ => None,
        }
    }

    /// Whether the players agreed a draw.
    #[inline(always)]
    pub const fn agreed(self) -> bool {
        self.0 & Self::AGREED_BIT != 0
    }

    /// Whether anything at all has been recorded.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// These retirements with `retire` added.
    pub const fn with(self, retire: Retire) -> Retirements {
        match retire {
            Retire::Agreement => Retirements(self.0 | Self::AGREED_BIT),
            Retire::Leave(seat, how) => {
                let shift = 2 * (seat.0 as u16 & 7);
                let code = match how {
                    Departure::Resigned => 1,
                    Departure::Flagged => 2,
                };
                Retirements((self.0 & !(3 << shift)) | (code << shift))
            }
        }
    }

    /// The first of the two armies (seats 0 and 1) to have left, with how.
    pub fn army_gone(self) -> Option<(Seat, Departure)> {
        [Seat(0), Seat(1)]
            .into_iter()
            .find_map(|s| self.of(s).map(|how| (s, how)))
    }
}

/// What leaving a game does, by variant: a value of its end rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// Two armies, seats 0 and 1: one that resigns or whose flag falls
    /// loses to the other (a flag falling against a side that cannot mate
    /// is a draw, FIDE 6.9, where the variant says what mating material
    /// is); a draw may be agreed. Any further seat (Cat Chess's Cats)
    /// cannot resign or offer a draw, and when its flag falls it passes
    /// for the rest of the game.
    TwoArmies,
    /// Every seat is an army: one that resigns or whose flag falls is
    /// eliminated as the variant eliminates a mated army, without credit,
    /// and play goes on (BacCanCat); no draw by agreement.
    Elimination,
}

impl Leaving {
    /// Whether `retire` may be played now by these rules, in a game of
    /// `seats` seats with `retired` gone already and `to_move` to move:
    /// `Err` says why not.
    pub fn allows(
        self,
        retire: Retire,
        seats: usize,
        retired: Retirements,
        to_move: Seat,
    ) -> Result<(), RetireError> {
        match retire {
            Retire::Agreement => match self {
                Leaving::TwoArmies => Ok(()),
                Leaving::Elimination => Err(RetireError::NoAgreement),
            },
            Retire::Leave(seat, how) => {
                if seat.index() >= seats {
                    return Err(RetireError::NoSuchSeat);
                }
                if retired.of(seat).is_some() {
                    return Err(RetireError::AlreadyLeft);
                }
                if how == Departure::Flagged && seat != to_move {
                    return Err(RetireError::FlagOffTurn);
                }
                if self == Leaving::TwoArmies && seat.0 >= 2 && how == Departure::Resigned {
                    return Err(RetireError::NotAnArmy);
                }
                Ok(())
            }
        }
    }
}

/// Why a retirement (a resignation, a flag, a draw agreed) is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RetireError {
    /// The game has ended.
    #[error("The game is already over.")]
    GameOver,
    /// The game knows no draw by agreement (BacCanCat).
    #[error("There are no draws by agreement in this game.")]
    NoAgreement,
    /// The seat named is not one of the game's.
    #[error("The game has no such seat.")]
    NoSuchSeat,
    /// The seat has retired already.
    #[error("That seat has already left the game.")]
    AlreadyLeft,
    /// The seat is out of the game by the rules (an army mated), by its
    /// name.
    #[error("{} is already out of the game.", capitalised(.0))]
    AlreadyOut(&'static str),
    /// A flag falls only on its seat's own turn.
    #[error("A flag falls only on its own turn.")]
    FlagOffTurn,
    /// Only the two armies resign (not Cat Chess's Cats).
    #[error("Only the two armies can resign.")]
    NotAnArmy,
}

/// Whether `retire` may be played now in `game` ([`Game::may_retire`]'s
/// rule for every variant): refused once the game is over and where the
/// variant's [`Leaving`] does not allow it.
pub fn may_retire<G: Game>(game: &G, retire: Retire) -> Result<(), RetireError> {
    if game.outcome().is_some() {
        return Err(RetireError::GameOver);
    }
    game.end_rules().leaving.allows(
        retire,
        game.seat_names().len(),
        game.retirements(),
        game.to_move(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEATS: &[&str] = &["white", "black", "cats"];

    fn every_retire() -> Vec<Retire> {
        let mut all = vec![Retire::Agreement];
        for s in 0..4 {
            for how in [Departure::Resigned, Departure::Flagged] {
                all.push(Retire::Leave(Seat(s), how));
            }
        }
        all
    }

    #[test]
    fn a_retirement_survives_the_move_and_its_text() {
        let seats = ["red", "orange", "green", "blue"];
        for r in every_retire() {
            let mv = r.to_move();
            assert_eq!(mv.kind, MoveKind::Retire);
            assert_eq!(Retire::of(mv), Some(r));
            assert_eq!(Retire::parse(&r.text(&seats), &seats), Some(r), "{r:?}");
        }
        assert_eq!(Retire::of(Move::PASS), None);
        assert_eq!(Retire::parse("e2e4", SEATS), None);
        assert_eq!(Retire::parse("resign:purple", SEATS), None);
        assert_eq!(
            Retire::parse(" RESIGN:Black ", SEATS),
            Some(Retire::Leave(Seat(1), Departure::Resigned))
        );
    }

    #[test]
    fn retirements_keep_each_seat_apart() {
        let mut r = Retirements::NONE;
        assert!(!r.any());
        r = r.with(Retire::Leave(Seat(2), Departure::Flagged));
        r = r.with(Retire::Leave(Seat(0), Departure::Resigned));
        assert_eq!(r.of(Seat(2)), Some(Departure::Flagged));
        assert_eq!(r.of(Seat(0)), Some(Departure::Resigned));
        assert_eq!(
            (r.of(Seat(1)), r.of(Seat(3)), r.agreed()),
            (None, None, false)
        );
        assert_eq!(r.army_gone(), Some((Seat(0), Departure::Resigned)));
        assert!(r.with(Retire::Agreement).agreed());
    }

    #[test]
    fn the_rules_refuse_what_they_do_not_allow() {
        let none = Retirements::NONE;
        let two = Leaving::TwoArmies;
        let resign = |s| Retire::Leave(Seat(s), Departure::Resigned);
        let flag = |s| Retire::Leave(Seat(s), Departure::Flagged);
        assert!(two.allows(resign(1), 2, none, Seat(0)).is_ok());
        assert!(two.allows(flag(1), 2, none, Seat(0)).is_err());
        assert!(two.allows(flag(0), 2, none, Seat(0)).is_ok());
        assert!(two.allows(resign(2), 3, none, Seat(2)).is_err());
        assert!(two.allows(flag(2), 3, none, Seat(2)).is_ok());
        assert!(two.allows(resign(2), 2, none, Seat(0)).is_err());
        assert!(two.allows(Retire::Agreement, 2, none, Seat(0)).is_ok());
        let elim = Leaving::Elimination;
        assert!(elim.allows(Retire::Agreement, 4, none, Seat(0)).is_err());
        assert!(elim.allows(resign(3), 4, none, Seat(0)).is_ok());
        let gone = none.with(resign(3));
        assert!(elim.allows(resign(3), 4, gone, Seat(0)).is_err());
    }

    #[test]
    fn the_words_take_the_seat_name_and_its_number() {
        assert_eq!(
            Retire::Leave(Seat(0), Departure::Resigned).words(SEATS),
            "White resigns"
        );
        assert_eq!(
            Retire::Leave(Seat(2), Departure::Flagged).words(SEATS),
            "Cats' flag fell"
        );
        assert_eq!(
            Retire::Leave(Seat(1), Departure::Flagged).words(SEATS),
            "Black's flag fell"
        );
        assert_eq!(Retire::Agreement.words(SEATS), "Draw agreed");
    }
}
