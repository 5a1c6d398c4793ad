//! A table's game as PGN and back, through the library's one writer and
//! reader ([`catboard::notation::pgn`]): what `catboard export`, the
//! server's archive and `--pgn FILE` share.

use super::table::{Player, TableError, TableGame, TableSpec};
use catboard::core::{Game, Seat};
use catboard::notation::pgn::{self, PgnGame, PgnTags, ReadGame};

/// `table`'s game as PGN, with `tags` (the event, the players' names...):
/// its start, every ply (retirements too), each ply's clock and the time
/// control.
pub fn pgn_of(table: &TableGame, tags: PgnTags) -> String {
    let mut game = pgn_game_of(table, tags);
    pgn::write(&game).unwrap_or_else(|why| {
        // Not reached: the table's moves were each legal when played.
        game.moves.clear();
        pgn::write(&game).unwrap_or_else(|_| why.to_string())
    })
}

/// `table`'s game as the PGN writer takes it, with `tags`.
pub fn pgn_game_of(table: &TableGame, tags: PgnTags) -> PgnGame {
    let mut game = PgnGame::new(table.variant(), table.options().clone());
    game.start = table.start_position().to_string();
    game.moves = table.moves().collect();
    game.clocks = table.clock_readings();
    game.time_control = table.time_control();
    game.tags = tags;
    game
}

/// The tags of a game played here: the event named after the variant,
/// the date, and who played each seat (`human`, `computer (club)`, an
/// engine with its options, `Stockfish (UCI engine) with UCI_Elo=1500`,
/// or the names given for them), a seat whose player changed named from
/// the ply each played ([`TableGame::seat_name_for_pgn`]). A game loaded
/// from PGN keeps its tags (event, site, date, round, players and the
/// rest); only a seat whose player changed since is named anew.
pub fn local_tags(table: &TableGame, names: &[Option<String>], date: String) -> PgnTags {
    let base = table.loaded_tags().cloned().unwrap_or_else(|| PgnTags {
        event: format!("catboard {}", table.variant().name()),
        date,
        ..PgnTags::default()
    });
    PgnTags {
        players: table
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                let now = match names.get(i) {
                    Some(Some(name)) if table.engine(seat).is_none() && p.level().is_none() => {
                        name.clone()
                    }
                    _ => table.player_name(seat),
                };
                table.seat_name_for_pgn(seat, &now)
            })
            .collect(),
        ..base
    }
}

/// Game `read` (from a PGN file) as a table with `players`, ready to go
/// on from its last position with its history: every ply with its clock,
/// and, for a game another program wrote whose result its moves do not
/// reach (a resignation, a flag), that result as the last ply. A sentence
/// when it cannot be (a variant's ending that catboard's rules reach
/// sooner).
pub fn table_of(read: &ReadGame, players: Vec<Player>) -> Result<TableGame, TableError> {
    let seats = read.pgn.variant.seats().len();
    if players.len() != seats {
        return Err(TableError::Seats {
            variant: read.pgn.variant,
            seats,
            players: players.len(),
        });
    }
    let mut table = TableGame::new(&TableSpec {
        variant: read.pgn.variant,
        options: read.pgn.options.clone(),
        position: Some(read.pgn.start.clone()),
        players,
        time: read.pgn.time_control,
    })?;
    for (i, &mv) in read.pgn.moves.iter().enumerate() {
        if let Some(outcome) = table.outcome() {
            // A chess game from another program may go on past an
            // unclaimed repetition or fifty moves; catboard's rules end it.
            return Err(TableError::GoesOnAfterEnd {
                game: read.number,
                after: i,
                reason: outcome.reason,
            });
        }
        let after = read.pgn.clocks.get(i).copied().flatten();
        table.replay_ply(mv, after);
    }
    if let Some(retire) = read.implied_retirement()
        && table.game().may_retire(retire).is_ok()
    {
        table.replay_ply(retire.to_move(), None);
    }
    table.keep_loaded_tags(read.pgn.tags.clone());
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::clock::TimeControl;
    use catboard::core::{Departure, Options, Retire};
    use catboard::variants::Variant;
    use std::time::Duration;

    /// Whether a retirement is among the plies a read game holds.
    fn holds_retirement(read: &ReadGame) -> bool {
        read.pgn.moves.iter().any(|&mv| Retire::of(mv).is_some())
    }

    fn table(variant: Variant, time: Option<&str>) -> TableGame {
        TableGame::new(&TableSpec {
            variant,
            options: Options::new(),
            position: None,
            players: vec![Player::Human; variant.seats().len()],
            time: time.and_then(|t| TimeControl::parse(t).ok().flatten()),
        })
        .expect("a game")
    }

    #[test]
    fn every_variant_goes_out_as_pgn_and_back_to_the_same_table() {
        for &variant in Variant::ALL {
            let mut t = table(variant, Some("5+3"));
            for n in 0..12u64 {
                let moves = t.game().legal_move_list();
                let Some(&mv) = moves.get((n as usize * 7) % moves.len().max(1)) else {
                    break;
                };
                let _ = t.play_after(mv, Duration::from_secs(n + 1));
            }
            let text = pgn_of(&t, local_tags(&t, &[], "2026.12.04".into()));
            let read = pgn::read_game(&text, 1).expect("reads back");
            let back = table_of(&read, t.players().to_vec()).expect("a table");
            assert_eq!(back.saved().moves, t.saved().moves, "{variant:?}");
            assert_eq!(back.clock_readings(), t.clock_readings(), "{variant:?}");
            assert_eq!(back.time_control(), t.time_control());
            assert_eq!(
                back.game().position_text(),
                t.game().position_text(),
                "{variant:?}"
            );
        }
    }

    #[test]
    fn an_engines_seat_is_named_by_the_engine_and_its_options() {
        use catboard::ai::level::Level;
        use catboard::protocol::engine::EngineSpec;
        let mut t = table(Variant::Chess, None);
        let mut spec = EngineSpec::parse("uci:stockfish")
            .expect("an engine")
            .expect("well written");
        spec.add_option("UCI_Elo=1500").expect("an option");
        t.set_engine(Seat(1), spec, Level::Master);
        let text = pgn_of(&t, local_tags(&t, &[], "2026.12.04".into()));
        assert!(text.contains("[White \"human\"]"), "{text}");
        assert!(
            text.contains("[Black \"Stockfish (UCI engine) with UCI_Elo=1500\"]"),
            "{text}"
        );
    }

    #[test]
    fn a_resigned_game_comes_back_finished() {
        let mut t = table(Variant::Chess, None);
        let mv = t.game().parse_move("e4").expect("legal");
        t.play(mv);
        t.retire(Retire::Leave(Seat(1), Departure::Resigned))
            .expect("Black resigns");
        let text = pgn_of(&t, local_tags(&t, &[], "????.??.??".into()));
        assert!(text.contains("[Termination"), "{text}");
        let read = pgn::read_game(&text, 1).expect("reads");
        assert!(holds_retirement(&read));
        let back = table_of(&read, vec![Player::Human; 2]).expect("a table");
        assert_eq!(back.outcome(), t.outcome());
    }

    #[test]
    fn another_programs_resignation_is_the_last_ply() {
        let text = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 0-1\n";
        let read = pgn::read_game(text, 1).expect("reads");
        let back = table_of(&read, vec![Player::Human; 2]).expect("a table");
        let outcome = back.outcome().expect("finished");
        assert_eq!(outcome.winner, Some(Seat(1)));
        assert_eq!(back.ply(), 4);
    }

    #[test]
    fn the_players_must_fit_the_variant() {
        let t = table(Variant::Cat, None);
        let text = pgn_of(&t, PgnTags::default());
        let read = pgn::read_game(&text, 1).expect("reads");
        let why = table_of(&read, vec![Player::Human; 2]).expect_err("three seats");
        assert_eq!(
            catboard::text::sentence_fault(&why.to_string()),
            None,
            "{why}"
        );
    }
}
