//! A table from its save, replayed and checked move by move, and the
//! save it is written as.

use super::*;

impl TableGame {
    /// A saved game, replayed and checked move by move.
    pub fn from_saved(saved: &SavedGame) -> Result<TableGame, TableError> {
        let variant = Variant::from_id(&saved.variant)?;
        let options = Options::parse(variant.options(), saved.options.iter().map(String::as_str))?;
        let players = saved
            .players
            .iter()
            .map(|p| Player::from_id(p))
            .collect::<Result<Vec<_>, _>>()?;
        let time = match &saved.time {
            Some(text) => TimeControl::parse(text)?,
            None => None,
        };
        if time.is_some() && !saved.clocks.is_empty() && saved.clocks.len() != saved.moves.len() {
            return Err(TableError::ClockReadings {
                moves: saved.moves.len(),
                readings: saved.clocks.len(),
            });
        }
        let mut table = TableGame::new(&TableSpec {
            variant,
            options,
            position: Some(saved.start.clone()),
            players,
            time,
        })?;
        table.think_ms = saved.think_ms;
        table.read_engines(&saved.engines)?;
        if let Some(roster) = &saved.roster {
            table.roster = Roster::from_saved(roster, table.players.len());
        }
        if let Some(series) = &saved.series {
            table.series = Series::from_parts(series.games, series.totals.clone())?;
            let seats = table.players.len();
            if !table.series.fits(seats) {
                return Err(TableError::SeriesSeats {
                    totals: series.totals.len(),
                    variant,
                    seats,
                });
            }
        }
        let verdict = match &saved.verdict {
            Some(v) => Some(table.read_verdict(v)?),
            None => None,
        };
        for (i, text) in saved.moves.iter().enumerate() {
            let mv = table
                .game
                .read_listed_move(text)
                .map_err(|fault| TableError::Move {
                    number: i + 1,
                    text: text.clone(),
                    fault,
                })?;
            let after = saved.clocks.get(i).map(|&ms| Duration::from_millis(ms));
            table.replay_ply(mv, after);
        }
        table.carried = Duration::from_millis(saved.turn_ms.unwrap_or(0));
        table.analysis = saved.analysis.clone();
        if let Some(verdict) = verdict {
            // A save from before retirements were plies: its verdict
            // becomes the last ply.
            table.retire(verdict)?;
        }
        Ok(table)
    }

    /// Plays `mv` (legal now, or a retirement the game allows) as the next
    /// ply of a game being read back (a save, a PGN), with the mover's
    /// clock reading `after` it when the game is timed.
    pub fn replay_ply(&mut self, mv: Move, after: Option<Duration>) {
        // The notation is worked out on the position alone: a variant's
        // notation looks one move ahead on a copy of the game, and a copy
        // with the whole history would make a long replay take time
        // growing with the square of its length.
        let notation = if mv.on_board() {
            let position = self.game.position_text();
            match self.variant.from_position(&position, &self.options) {
                Ok(alone) => alone.move_notation(mv),
                Err(_) => self.game.move_notation(mv),
            }
        } else {
            self.game.move_notation(mv)
        };
        self.record(mv, notation, after);
    }

    /// A verdict as an older save wrote it, as the retirement it was.
    fn read_verdict(&self, saved: &SavedVerdict) -> Result<Retire, TableError> {
        match (saved.kind.as_str(), &saved.seat) {
            ("agreed", None) => Ok(Retire::Agreement),
            ("resigned", Some(seat)) => self
                .game
                .seat_names()
                .iter()
                .position(|s| s == seat)
                .map(|i| Retire::Leave(Seat(i as u8), Departure::Resigned))
                .ok_or_else(|| TableError::VerdictSeat(seat.clone())),
            (kind, _) => Err(TableError::VerdictKind(kind.to_string())),
        }
    }

    /// The game as a save file records it.
    pub fn saved(&self) -> SavedGame {
        let mut replay = self.game.clone();
        for _ in 0..self.played.len() {
            replay.unmake_move();
        }
        SavedGame {
            format: SavedGame::FORMAT,
            variant: self.variant.id().to_string(),
            options: self.options.pairs(),
            start: self.start.clone(),
            players: self.players.iter().map(|p| p.id().to_string()).collect(),
            moves: self
                .played
                .iter()
                .map(|p| {
                    let text = replay.move_text(p.mv);
                    replay.make_move(p.mv);
                    text
                })
                .collect(),
            series: (!self.series.is_fresh()).then(|| SavedSeries {
                games: self.series.games(),
                totals: self.series.totals().to_vec(),
            }),
            verdict: None,
            think_ms: self.think_ms,
            engines: self.saved_engines(),
            roster: self.roster.saved(),
            time: self.time_control().map(TimeControl::text),
            clocks: match &self.clocks {
                Some(_) => self
                    .played
                    .iter()
                    .map(|p| p.clock.map_or(0, |(_, after)| after.as_millis() as u64))
                    .collect(),
                None => Vec::new(),
            },
            turn_ms: None,
            analysis: self.analysis.clone(),
        }
    }

    /// The game as a save records it `spent` into the current turn (by
    /// the front end's timer, besides the time carried from the save it
    /// was read from): the time the seat to move has used so far is kept,
    /// so a resumed game goes on from the clock as it stood.
    pub fn saved_during_turn(&self, spent: Duration) -> SavedGame {
        let mut saved = self.saved();
        let spent = self.carried + spent;
        if self.clocks.is_some() && self.outcome().is_none() && !spent.is_zero() {
            saved.turn_ms = Some(spent.as_millis() as u64);
        }
        saved
    }
}
