//! Who played each seat, and from which ply: the tags of a game loaded
//! from PGN (its event, players and the rest, kept for its export) and
//! each change of player since (an engine's seat taken over by
//! catboard's computer). A seat's PGN name is its first player's, then
//! each later player that made a move, from the ply it first moved:
//! `Stockfish (UCI engine), then computer (master) from ply 23`.

use super::TableGame;
use crate::save::{SavedChange, SavedRoster};
use catboard::core::Seat;
use catboard::notation::pgn::PgnTags;

/// A seat's player changing at a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChange {
    /// The seat, by index.
    pub seat: usize,
    /// The ply (counted from 0) from which the new player plays.
    pub ply: usize,
    /// Who played it until then.
    pub before: String,
    /// Who plays it from then on.
    pub after: String,
}

/// The loaded game's tags and the changes of player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roster {
    /// The tags of the game loaded from PGN, and how many plies it had.
    pub loaded: Option<(PgnTags, usize)>,
    /// Each change of player, oldest first.
    pub changes: Vec<SeatChange>,
}

impl Roster {
    /// The roster as a save records it (`None` when there is nothing).
    pub fn saved(&self) -> Option<SavedRoster> {
        if self.loaded.is_none() && self.changes.is_empty() {
            return None;
        }
        let (tags, plies) = match &self.loaded {
            Some((tags, plies)) => (Some(tags_list(tags)), *plies),
            None => (None, 0),
        };
        Some(SavedRoster {
            tags,
            loaded_plies: plies,
            changes: self
                .changes
                .iter()
                .map(|c| SavedChange {
                    seat: c.seat,
                    ply: c.ply,
                    before: c.before.clone(),
                    after: c.after.clone(),
                })
                .collect(),
        })
    }

    /// The roster a save records.
    pub fn from_saved(saved: &SavedRoster, seats: usize) -> Roster {
        Roster {
            loaded: saved
                .tags
                .as_ref()
                .map(|tags| (tags_from_list(tags, seats), saved.loaded_plies)),
            changes: saved
                .changes
                .iter()
                .filter(|c| c.seat < seats)
                .map(|c| SeatChange {
                    seat: c.seat,
                    ply: c.ply,
                    before: c.before.clone(),
                    after: c.after.clone(),
                })
                .collect(),
        }
    }
}

/// The tags as name and value pairs, the players as `player:INDEX`.
fn tags_list(tags: &PgnTags) -> Vec<(String, String)> {
    let mut list = vec![
        ("Event".to_string(), tags.event.clone()),
        ("Site".to_string(), tags.site.clone()),
        ("Date".to_string(), tags.date.clone()),
        ("Round".to_string(), tags.round.clone()),
    ];
    for (i, name) in tags.players.iter().enumerate() {
        list.push((format!("player:{i}"), name.clone()));
    }
    list.extend(tags.extra.iter().cloned());
    list
}

/// The tags from [`tags_list`]'s pairs.
fn tags_from_list(list: &[(String, String)], seats: usize) -> PgnTags {
    let mut tags = PgnTags {
        players: vec!["?".to_string(); seats],
        ..PgnTags::default()
    };
    for (name, value) in list {
        match name.as_str() {
            "Event" => tags.event = value.clone(),
            "Site" => tags.site = value.clone(),
            "Date" => tags.date = value.clone(),
            "Round" => tags.round = value.clone(),
            other => match other
                .strip_prefix("player:")
                .and_then(|i| i.parse::<usize>().ok())
            {
                Some(i) if i < seats => tags.players[i] = value.clone(),
                Some(_) => {}
                None => tags.extra.push((name.clone(), value.clone())),
            },
        }
    }
    tags
}

impl TableGame {
    /// Keeps `tags`, those of the game this table was loaded from (with
    /// every ply it had), for its export.
    pub fn keep_loaded_tags(&mut self, tags: PgnTags) {
        self.roster.loaded = Some((tags, self.ply()));
    }

    /// The tags of the game this table was loaded from, if it was.
    pub fn loaded_tags(&self) -> Option<&PgnTags> {
        self.roster.loaded.as_ref().map(|(tags, _)| tags)
    }

    /// Records that `seat` is played by `after` from the next ply on,
    /// `before` having played it until now.
    pub fn note_new_player(&mut self, seat: Seat, before: String, after: String) {
        if before != after {
            self.roster.changes.push(SeatChange {
                seat: seat.index(),
                ply: self.ply(),
                before,
                after,
            });
        }
    }

    /// The name of `seat` for PGN, its player now being `now`: the loaded
    /// game's name (when loaded), then each player since that moved for
    /// the seat, from the ply it first did.
    pub fn seat_name_for_pgn(&self, seat: Seat, now: &str) -> String {
        let index = seat.index();
        let changes: Vec<&SeatChange> = self
            .roster
            .changes
            .iter()
            .filter(|c| c.seat == index)
            .collect();
        // Who played from which ply: the loaded name, the player after
        // loading (or the first), then each change.
        let first_after_load = changes
            .first()
            .map_or(now.to_string(), |c| c.before.clone());
        let mut spans: Vec<(usize, String)> = Vec::new();
        if let Some((tags, plies)) = &self.roster.loaded {
            spans.push((0, tags.players.get(index).cloned().unwrap_or_default()));
            spans.push((*plies, first_after_load));
        } else {
            spans.push((0, first_after_load));
        }
        spans.extend(changes.iter().map(|c| (c.ply, c.after.clone())));
        let movers: Vec<Seat> = self.movers().collect();
        let mut named: Vec<(usize, String)> = Vec::new();
        for (i, (from, name)) in spans.iter().enumerate() {
            let until = spans.get(i + 1).map_or(movers.len(), |next| next.0);
            let first_move = (*from..until.min(movers.len())).find(|&p| movers[p] == seat);
            let shown = match (named.last(), first_move) {
                (None, _) => Some(0),
                (Some((_, last)), Some(ply)) if last != name => Some(ply),
                _ => None,
            };
            if let Some(ply) = shown {
                named.push((ply, name.clone()));
            }
        }
        let mut text = named.first().map(|(_, n)| n.clone()).unwrap_or_default();
        for (ply, name) in named.iter().skip(1) {
            text.push_str(&format!(", then {name} from ply {}", ply + 1));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::chess;
    use super::*;
    use catboard::core::Game;

    fn play(t: &mut TableGame, moves: &[&str]) {
        for text in moves {
            let mv = t.game().parse_move(text).expect("legal");
            t.replay_ply(mv, None);
        }
    }

    #[test]
    fn a_seat_is_named_from_the_ply_each_of_its_players_first_moved() {
        let mut t = chess();
        play(&mut t, &["e4", "e5"]);
        t.note_new_player(
            Seat::BLACK,
            "Stockfish (UCI engine)".into(),
            "computer (master)".into(),
        );
        assert_eq!(
            t.seat_name_for_pgn(Seat::BLACK, "computer (master)"),
            "Stockfish (UCI engine)",
            "the new player has not moved yet"
        );
        play(&mut t, &["Nf3", "Nc6"]);
        assert_eq!(
            t.seat_name_for_pgn(Seat::BLACK, "computer (master)"),
            "Stockfish (UCI engine), then computer (master) from ply 4"
        );
        assert_eq!(t.seat_name_for_pgn(Seat::WHITE, "human"), "human");
    }

    #[test]
    fn a_loaded_games_names_stay_until_a_new_player_moves_and_survive_a_save() {
        let mut t = chess();
        play(&mut t, &["e4", "e5"]);
        let tags = PgnTags {
            event: "Open".into(),
            players: vec!["Ann".into(), "Bob".into()],
            extra: vec![("ECO".into(), "C20".into())],
            ..PgnTags::default()
        };
        t.keep_loaded_tags(tags.clone());
        assert_eq!(t.seat_name_for_pgn(Seat::WHITE, "human"), "Ann");
        play(&mut t, &["Nf3"]);
        assert_eq!(
            t.seat_name_for_pgn(Seat::WHITE, "human"),
            "Ann, then human from ply 3"
        );
        assert_eq!(t.seat_name_for_pgn(Seat::BLACK, "computer (club)"), "Bob");
        let back = TableGame::from_saved(&t.saved()).expect("reads back");
        assert_eq!(back.loaded_tags(), Some(&tags));
        assert_eq!(
            back.seat_name_for_pgn(Seat::WHITE, "human"),
            "Ann, then human from ply 3"
        );
    }
}
