//! Text protocols for other programs: the JSON rules oracle and the XBoard engine
//! protocol.

pub mod rules;
pub mod xboard;
