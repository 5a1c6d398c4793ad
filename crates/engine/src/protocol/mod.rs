//! Text protocols for other programs: the JSON rules oracle, the XBoard engine
//! protocol, and `uci-cat` for Cat Chess players; and the client that plays
//! other engines over UCI and XBoard ([`engine`]).

pub mod engine;
pub mod read_ahead;
pub mod rules;
pub mod uci_cat;
pub mod xboard;
