//! The seats other engines play at a table, kept beside the players: such
//! a seat's [`Player`] is the computer at the level that takes it over if
//! the engine fails, so every part of the session that asks "does a
//! computer play here?" needs no change; only the computer players
//! (which ask the engine for the move) and the labels look here.

use super::{Player, TableError, TableGame};
use crate::save::SavedEngine;
use catboard::ai::Level;
use catboard::core::{Game, Seat};
use catboard::protocol::engine::EngineSpec;
use catboard::protocol::engine::process::missing_program;

impl TableGame {
    /// The engine that plays `seat`, if one does.
    pub fn engine(&self, seat: Seat) -> Option<&EngineSpec> {
        self.engines.get(seat.index()).and_then(Option::as_ref)
    }

    /// The engine of each seat, in seat order (empty when none plays).
    pub fn engines(&self) -> &[Option<EngineSpec>] {
        &self.engines
    }

    /// Lets `spec` play `seat`, catboard's computer at `fallback` taking
    /// it over if the engine fails.
    pub fn set_engine(&mut self, seat: Seat, spec: EngineSpec, fallback: Level) {
        let seats = self.players.len();
        if seat.index() >= seats {
            return;
        }
        self.engines.resize(seats, None);
        self.engines[seat.index()] = Some(spec);
        self.players[seat.index()] = Player::Computer(fallback);
    }

    /// Lets the engines `engines` (one a seat, in seat order) play their
    /// seats, each seat's player being the level that takes it over.
    pub fn set_engines(&mut self, engines: &[Option<EngineSpec>]) {
        self.engines.clear();
        for (i, spec) in engines.iter().enumerate() {
            if let (Some(spec), Some(Player::Computer(level))) = (spec, self.players.get(i)) {
                let level = *level;
                self.set_engine(Seat(i as u8), spec.clone(), level);
            }
        }
    }

    /// Takes the engine off `seat` (it failed): catboard's computer plays
    /// the seat from now on. The engine it was, if one played.
    pub fn retire_engine(&mut self, seat: Seat) -> Option<EngineSpec> {
        let spec = self.engines.get_mut(seat.index())?.take();
        if self.engines.iter().all(Option::is_none) {
            self.engines.clear();
        }
        if let Some(spec) = &spec {
            let after = self.player(seat).label();
            self.note_new_player(seat, engine_name(spec), after);
        }
        spec
    }

    /// Who plays `seat` as PGN names them now: the engine with its options
    /// (`Stockfish (UCI engine) with UCI_Elo=1500`), else the player.
    pub fn player_name(&self, seat: Seat) -> String {
        match self.engine(seat) {
            Some(spec) => engine_name(spec),
            None => self.player(seat).label(),
        }
    }

    /// How the screen names who plays `seat`: the engine, or the player.
    pub fn player_label(&self, seat: Seat) -> String {
        match self.engine(seat) {
            Some(spec) => spec.label(),
            None => self.player(seat).label(),
        }
    }

    /// The sentence saying that `seat`'s engine is gone (`why`) and who
    /// plays it now: `... catboard's computer (master) plays Black from now on.`
    pub fn fallback_sentence(&self, seat: Seat, why: &str) -> String {
        let name = crate::words::capitalise(self.game.seat_name(seat));
        let level = self.player(seat).level().unwrap_or(Level::Master);
        format!(
            "{} catboard's computer ({level}) plays {name} from now on.",
            why.trim()
        )
    }

    /// Takes off every seat an engine whose program is not installed
    /// plays (a game resumed after it was removed), each said in a sentence.
    pub fn retire_missing_engines(&mut self) -> Vec<String> {
        let mut said = Vec::new();
        for i in 0..self.engines.len() {
            let seat = Seat(i as u8);
            let Some(why) = self
                .engine(seat)
                .and_then(|spec| missing_program(&spec.command).map(|why| (spec.label(), why)))
            else {
                continue;
            };
            self.retire_engine(seat);
            let sentence = format!("The engine {} cannot be started: {}.", why.0, why.1);
            said.push(self.fallback_sentence(seat, &sentence));
        }
        said
    }

    /// The engines as a save records them.
    pub(super) fn saved_engines(&self) -> Vec<SavedEngine> {
        self.engines
            .iter()
            .enumerate()
            .filter_map(|(i, spec)| {
                let spec = spec.as_ref()?;
                Some(SavedEngine {
                    seat: self.game.seat_name(Seat(i as u8)).to_string(),
                    engine: spec.id(),
                    options: spec.option_pairs(),
                })
            })
            .collect()
    }

    /// Lets the engines a save records play their seats again.
    pub(super) fn read_engines(&mut self, saved: &[SavedEngine]) -> Result<(), TableError> {
        for engine in saved {
            let seat = self
                .game
                .seat_names()
                .iter()
                .position(|s| *s == engine.seat)
                .map(|i| Seat(i as u8))
                .ok_or_else(|| TableError::EngineSeat(engine.seat.clone()))?;
            let mut spec = match EngineSpec::parse(&engine.engine) {
                Some(Ok(spec)) => spec,
                Some(Err(why)) => return Err(TableError::Engine(why)),
                None => return Err(TableError::EngineNotWritten(engine.engine.clone())),
            };
            for pair in &engine.options {
                spec.add_option(pair)?;
            }
            let Player::Computer(level) = self.player(seat) else {
                return Err(TableError::EnginePersonsSeat(engine.seat.clone()));
            };
            self.set_engine(seat, spec, level);
        }
        Ok(())
    }
}

/// An engine as PGN names its player: `Stockfish (UCI engine)`, with its
/// options after `with` when it has any.
pub fn engine_name(spec: &EngineSpec) -> String {
    if spec.options.is_empty() {
        spec.label()
    } else {
        format!("{} with {}", spec.label(), spec.option_pairs().join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::chess;
    use super::*;

    fn spec(text: &str) -> EngineSpec {
        let mut spec = EngineSpec::parse(text).expect("uci:").expect("a command");
        spec.add_option("UCI_Elo=1500").expect("an option");
        spec
    }

    #[test]
    fn an_engine_seat_is_saved_with_its_options_and_read_back() {
        let mut t = chess();
        t.set_engine(Seat::BLACK, spec("uci:stockfish"), Level::Club);
        assert_eq!(t.player(Seat::BLACK), Player::Computer(Level::Club));
        assert_eq!(t.player_label(Seat::BLACK), "Stockfish (UCI engine)");
        assert_eq!(t.player_label(Seat::WHITE), "human");
        let saved = t.saved();
        assert_eq!(saved.players, ["human", "club"]);
        assert_eq!(
            saved.engines,
            [SavedEngine {
                seat: "black".into(),
                engine: "uci:stockfish".into(),
                options: vec!["UCI_Elo=1500".into()],
            }]
        );
        let json = serde_json::to_string(&saved).expect("json");
        assert!(json.contains("\"engines\":[{\"seat\":\"black\""), "{json}");
        let back = TableGame::from_saved(&saved).expect("read back");
        assert_eq!(back.engine(Seat::BLACK), t.engine(Seat::BLACK));
        assert_eq!(back.engines(), t.engines());
        // Without engines the save has no such field.
        let plain = chess().saved();
        let json = serde_json::to_string(&plain).expect("json");
        assert!(!json.contains("engines"), "{json}");
    }

    #[test]
    fn a_bad_engine_in_a_save_is_a_clause() {
        let mut t = chess();
        t.set_engine(Seat::BLACK, spec("uci:stockfish"), Level::Master);
        let mut saved = t.saved();
        saved.engines[0].engine = "telnet:x".into();
        let err = TableGame::from_saved(&saved).expect_err("not an engine");
        assert_eq!(
            err.to_string(),
            "the engine 'telnet:x' is not written uci:COMMAND or xboard:COMMAND"
        );
        saved.engines[0].engine = "uci:stockfish".into();
        saved.engines[0].seat = "cats".into();
        assert!(TableGame::from_saved(&saved).is_err());
        saved.engines[0].seat = "white".into();
        let err = TableGame::from_saved(&saved).expect_err("a person's seat");
        assert_eq!(err.to_string(), "the engine's seat 'white' is a person's");
    }

    #[test]
    fn a_retired_or_missing_engine_leaves_catboards_computer_in_its_seat() {
        let mut t = chess();
        t.set_engine(
            Seat::BLACK,
            spec("uci:catboard-no-such-engine"),
            Level::Strong,
        );
        t.set_engine(Seat::WHITE, spec("uci:sh"), Level::Master);
        let said = t.retire_missing_engines();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with(
                "The engine catboard-no-such-engine (UCI engine) cannot be started: there is no program 'catboard-no-such-engine' on the PATH"
            ) && said[0].ends_with("catboard's computer (strong) plays Black from now on."),
            "{}",
            said[0]
        );
        assert_eq!(catboard::text::sentence_fault(&said[0]), None);
        assert_eq!(t.engine(Seat::BLACK), None);
        assert_eq!(t.player(Seat::BLACK), Player::Computer(Level::Strong));
        assert!(t.engine(Seat::WHITE).is_some(), "sh is installed");
        assert!(t.retire_engine(Seat::WHITE).is_some());
        assert!(t.engines().is_empty() && t.saved().engines.is_empty());
    }
}
