//! `catboard uci-cat`: the Cat Chess line protocol on standard input and
//! output (see `catboard::protocol::uci_cat`).

use super::Failure;
use catboard::ai::Level;
use clap::Args;

/// Arguments of `catboard uci-cat`.
#[derive(Args, Debug)]
pub struct UciCatArgs {
    /// The level `go` thinks at: a level's name or an Elo.
    #[arg(long, default_value = "strong")]
    pub level: Level,
}

/// Runs `catboard uci-cat` on standard input and output.
pub fn uci_cat(args: &UciCatArgs) -> Result<(), Failure> {
    let input = std::io::BufReader::new(std::io::stdin());
    catboard::protocol::uci_cat::run(args.level, input, std::io::stdout())
        .map_err(super::engine::session_failure)
}
