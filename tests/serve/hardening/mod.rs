//! `catboard serve` as a stranger and an operator would try it: every
//! limit of issue 20 against the server binary, with real russh clients
//! (client.rs), clients that stop reading, and sockets that never speak.
//! The measurements for the closing note are ignored tests in `load`; run
//! them by hand (see docs/operator.md).

mod behaviour;
mod client;
mod data;
mod load;
mod security;
