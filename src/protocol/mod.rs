//! Text protocols for other programs: the JSON rules oracle (and, later,
//! engine modes).

pub mod rules;
