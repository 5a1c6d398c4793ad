//! The computer player: a search written once for every two-seat variant,
//! another for games of three or four seats (`multi`), the playing levels, and the `think` call a front end runs on a worker
//! thread.
//!
//! ```no_run
//! use catboard::ai::{Level, think};
//! use catboard::core::Options;
//! use catboard::variants::Variant;
//! use std::sync::atomic::AtomicBool;
//!
//! let game = Variant::Chess.new_game(&Options::new());
//! let stop = AtomicBool::new(false);
//! let thought = think(&game, &Level::Club.limits(), &stop, |p| {
//!     eprintln!("depth {} score {} nodes {}", p.depth, p.score, p.nodes);
//! });
//! println!("{:?}", thought.best);
//! ```
//!
//! The same call gives a hint: think for the side to move of the position
//! the player is looking at, and show `best`.

pub mod bench;
mod budget;
pub mod eval_cache;
pub mod evaluate;
mod fog;
pub mod ladder;
pub mod level;
pub mod model;
pub mod multi;
pub mod ordering;
pub mod random;
pub mod score;
pub mod search;
pub mod table;
pub mod thought;

pub use evaluate::Evaluate;
pub use ladder::{LADDER, Rung};
pub use level::{Level, Limits};
pub use search::{Searcher, think};
pub use thought::{Report, Thought};
