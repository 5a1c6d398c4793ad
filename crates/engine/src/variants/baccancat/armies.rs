//! The four armies: their names and letters, turn order, and each army's
//! frame (its camp's corner and which way is "away from the corner").

use crate::core::{Cell, Geometry, Seat};

/// The armies' names in turn order, as the oracle writes them.
pub const SEATS: &[&str] = &["red", "orange", "green", "blue"];

/// Red, first to move, camped bottom-left.
pub const RED: Seat = Seat(0);
/// Orange, camped top-left.
pub const ORANGE: Seat = Seat(1);
/// Green, camped top-right.
pub const GREEN: Seat = Seat(2);
/// Blue, camped bottom-right.
pub const BLUE: Seat = Seat(3);

/// The four armies in turn order.
pub const ARMIES: [Seat; 4] = [RED, ORANGE, GREEN, BLUE];

/// The army's letter in position texts (`r`, `o`, `g`, `b`).
pub const fn army_letter(seat: Seat) -> char {
    match seat.0 & 3 {
        0 => 'r',
        1 => 'o',
        2 => 'g',
        _ => 'b',
    }
}

/// The army with this letter (`r`, `o`, `g`, `b`, either case).
pub fn army_of_letter(ch: char) -> Option<Seat> {
    match ch.to_ascii_lowercase() {
        'r' => Some(RED),
        'o' => Some(ORANGE),
        'g' => Some(GREEN),
        'b' => Some(BLUE),
        _ => None,
    }
}

/// The army's name in sentences ("Red").
pub const fn army_name(seat: Seat) -> &'static str {
    match seat.0 & 3 {
        0 => "Red",
        1 => "Orange",
        2 => "Green",
        _ => "Blue",
    }
}

/// The army after `seat` in turn order, whether in play or not.
pub const fn after(seat: Seat) -> Seat {
    Seat((seat.0 + 1) & 3)
}

/// Where an army's camp lies: the corner cell's (file, rank) and the signs
/// of the army's two outward axes. Relative coordinates `(x, y)` count
/// steps from the corner along the board's files (`x`) and ranks (`y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    corner: (i32, i32),
    sign: (i32, i32),
}

impl Frame {
    /// The frame of `seat`'s camp.
    pub const fn of(seat: Seat) -> Frame {
        match seat.0 & 3 {
            0 => Frame {
                corner: (0, 0),
                sign: (1, 1),
            },
            1 => Frame {
                corner: (0, 15),
                sign: (1, -1),
            },
            2 => Frame {
                corner: (15, 15),
                sign: (-1, -1),
            },
            _ => Frame {
                corner: (15, 0),
                sign: (-1, 1),
            },
        }
    }

    /// The relative coordinates of `cell`.
    pub fn relative(&self, geo: &Geometry, cell: Cell) -> (i32, i32) {
        (
            (geo.file(cell) as i32 - self.corner.0) * self.sign.0,
            (geo.rank(cell) as i32 - self.corner.1) * self.sign.1,
        )
    }

    /// The cell at relative coordinates `(x, y)`, if on the board.
    pub fn cell(&self, geo: &Geometry, x: i32, y: i32) -> Option<Cell> {
        geo.at(
            self.corner.0 + x * self.sign.0,
            self.corner.1 + y * self.sign.1,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_names_round_trip_and_turns_cycle() {
        for seat in ARMIES {
            assert_eq!(army_of_letter(army_letter(seat)), Some(seat));
            assert_eq!(army_name(seat).to_ascii_lowercase(), SEATS[seat.index()]);
        }
        assert_eq!(after(BLUE), RED);
        assert_eq!(army_of_letter('x'), None);
    }
}
