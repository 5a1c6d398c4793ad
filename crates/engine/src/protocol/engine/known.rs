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
    /// The variants it announces but plays by rules that differ from
    /// catboard's, and how: the setup screen does not offer them, and a
    /// game asked for on the command line is warned (its seat goes to
    /// catboard's computer at the first move the two disagree on).
    pub different: &'static [(Variant, &'static str)],
}

/// The engines catboard knows, in the order the setup screen offers them.
pub const KNOWN_ENGINES: &[KnownEngine] = &[
    KnownEngine {
        name: "Stockfish",
        program: "stockfish",
        arguments: "",
        protocol: Protocol::Uci,
        variants: &[Variant::Chess],
        different: &[],
    },
    KnownEngine {
        name: "Fairy-Stockfish",
        program: "fairy-stockfish",
        arguments: "",
        protocol: Protocol::Uci,
        variants: &[Variant::Chess],
        different: &[],
    },
    KnownEngine {
        name: "Fairy-Max",
        program: "fairymax",
        arguments: "",
        protocol: Protocol::Cecp,
        variants: &[Variant::Chess],
        different: &[],
    },
    KnownEngine {
        name: "Sjaak II",
        program: "sjaakii",
        arguments: "",
        protocol: Protocol::Cecp,
        variants: &[Variant::Chess],
        different: &[(
            Variant::Chu,
            "its elven castles Black's King to i9 or c9, refuses the Lion's two-step \
             moves catboard allows and lets Pawns decline promotion",
        )],
    },
    KnownEngine {
        // Its XBoard mode sends its features late and mixed with other
        // lines; its UCI mode is clean.
        name: "GNU Chess",
        program: "gnuchess",
        arguments: "--uci",
        protocol: Protocol::Uci,
        variants: &[Variant::Chess],
        different: &[],
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

    /// How its rules of `variant` differ from catboard's, when it announces
    /// the variant but they do.
    pub fn differs(&self, variant: Variant) -> Option<&'static str> {
        self.different
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, how)| *how)
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
            for (v, _) in known.different {
                assert!(!known.plays(*v), "{} {v:?}", known.name);
            }
        }
        assert_eq!(KNOWN_ENGINES[4].command(), "gnuchess --uci");
    }
}
