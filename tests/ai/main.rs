//! The computer player: the search, the levels as budgets, won endgames,
//! each variant's evaluation and search, and `catboard bench` / `selfplay`
//! from the command line.

#[path = "../support/mod.rs"]
mod support;

mod ai_cli;
mod ai_endgames;
mod ai_levels;
mod ai_search;
mod baccancat_eval;
mod cat_ai;
mod cat_ai_cli;
mod cat_ai_eval;
mod chu_ai;
