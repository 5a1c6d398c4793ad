//! The engine core shared by every variant: cells, geometry tables, pieces,
//! moves, hashing, options, the history of moves played, how games end
//! and the `Game` trait.

pub mod attack;
pub mod bitboard;
pub mod board;
pub mod cell;
pub mod check_lines;
pub mod endings;
pub mod figure;
pub mod game;
pub mod geometry;
pub mod glance;
pub mod history;
pub mod line_sets;
pub mod moves;
pub mod options;
pub mod orthodox;
pub mod piece;
pub mod piece_sets;
pub mod retire;
pub mod sphere;
pub mod square_table;
pub mod zobrist;

pub use board::Board;
pub use cell::{Cell, CellSet};
pub use endings::{EndRules, MoveCountRule, Termination};
pub use figure::{Figure, Note};
pub use game::{Annotations, EndReason, Game, ListedMoveError, Outcome, perft};
pub use geometry::{CellNaming, Direction, Geometry, Leap, LineKind};
pub use history::{History, Ply, Recorded, Snapshot};
pub use moves::{Move, MoveKind, MoveList};
pub use options::{OptionError, OptionSpec, Options};
pub use piece::{Piece, PieceKind, Seat};
pub use retire::{Departure, Leaving, Retire, RetireError, Retirements};
pub use square_table::SquareTable;
