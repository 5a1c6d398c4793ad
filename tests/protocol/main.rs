//! The engine protocols: `catboard xboard` (CECP v2, chess and Chu Chess),
//! `catboard uci-cat` (Cat Chess) and `catboard rules` (one position or a
//! batch of JSON lines).

#[path = "../support/mod.rs"]
mod support;

mod cli_rules;
mod engine_client;
mod engine_real;
mod python_chess;
mod uci_cat;
mod uci_cat_stop;
mod uci_engine;
mod xboard;
mod xboard_chu;
mod xboard_gui;
mod xboard_nps;
