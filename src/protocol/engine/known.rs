//! The engines catboard knows by name, which the setup screen offers when
//! it finds them installed: the command that starts each, its protocol,
//! and the variants it plays (what it announces and [`super::variants`]
//! can translate; a test checks each against the engine when installed).

use super::process::find_program;
use super::{EngineSpec, Protocol};
use crate::variants::Variant;

/// An engine catboard knows by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownEngine {
    /// Its name (`Stockfish`).
    pub name: &'static str,
    /// Its program (`stockfish`).
    pub program: &'static str,
    /// The arguments it is started with (`--uci`).
    pub arguments: &'static str,
    /// The protocol it is spoken to in.
    pub protocol: Protocol,
    /// The variants it plays.
    pub variants: &'static [Variant],
}

/// The engines catboard knows, in the order the setup screen offers them.
pub const KNOWN_ENGINES: &[KnownEngine] = &[
    KnownEngine {
        name: "Stockfish",
        program: "stockfish",
        arguments: "",
        protocol: Protocol::Uci,
        variants: &[Variant::Chess],
    },
    KnownEngine {
        name: "Fairy-Stockfish",
        program: "fairy-stockfish",
        arguments: "",
        protocol: Protocol::Uci,
        variants: &[Variant::Chess],
    },
    KnownEngine {
        name: "Fairy-Max",
        program: "fairymax",
        arguments: "",
        protocol: Protocol::Cecp,
        variants: &[Variant::Chess],
    },
    KnownEngine {
        name: "Sjaak II",
        program: "sjaakii",
        arguments: "",
        protocol: Protocol::Cecp,
        variants: &[Variant::Chess, Variant::Chu],
    },
    KnownEngine {
        // Its XBoard mode sends its features late and mixed with other
        // lines; its UCI mode is clean.
        name: "GNU Chess",
        program: "gnuchess",
        arguments: "--uci",
        protocol: Protocol::Uci,
        variants: &[Variant::Chess],
    },
];

impl KnownEngine {
    /// The command that starts it (`gnuchess --uci`).
    pub fn command(&self) -> String {
        if self.arguments.is_empty() {
            self.program.to_string()
        } else {
            format!("{} {}", self.program, self.arguments)
        }
    }

    /// The engine to play, with no options.
    pub fn spec(&self) -> EngineSpec {
        EngineSpec {
            protocol: self.protocol,
            command: self.command(),
            options: Vec::new(),
        }
    }

    /// Whether it plays `variant`.
    pub fn plays(&self, variant: Variant) -> bool {
        self.variants.contains(&variant)
    }

    /// Whether its program is on the `PATH` (or in `/usr/games`).
    pub fn installed(&self) -> bool {
        find_program(self.program).is_some()
    }

    /// The known engine `spec` starts, if it is one (by its program).
    pub fn of(spec: &EngineSpec) -> Option<&'static KnownEngine> {
        KNOWN_ENGINES
            .iter()
            .find(|k| k.protocol == spec.protocol && k.program == spec.program())
    }
}

/// The known engines installed here.
pub fn installed() -> Vec<KnownEngine> {
    KNOWN_ENGINES
        .iter()
        .copied()
        .filter(KnownEngine::installed)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_engine_plays_chess_by_a_name_its_protocol_has() {
        for known in KNOWN_ENGINES {
            assert!(known.plays(Variant::Chess), "{}", known.name);
            for &v in known.variants {
                assert_eq!(
                    super::super::variants::unplayable(v, known.protocol),
                    None,
                    "{} {v:?}",
                    known.name
                );
            }
            assert_eq!(KnownEngine::of(&known.spec()), Some(known));
        }
        assert_eq!(KNOWN_ENGINES[4].command(), "gnuchess --uci");
    }
}
