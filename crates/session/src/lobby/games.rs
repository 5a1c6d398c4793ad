//! The pages of the archive: the games finished last and the player's
//! own (a game highlighted and opened for review with Enter), each
//! variant's leaderboard; and what the pages that are lists share with
//! the page of keys: the scroll and the highlight kept in view.

use super::keys::key_lines;
use super::{Choice, GameLine, Keys, Lists, Lobby, Page, PageLines};
use crate::action::LobbyStep;
use catboard::rating::PROVISIONAL_DEVIATION;
use catboard::variants::Variant;

/// What a page of games, standings or keys lists (see
/// [`Lobby::page_content`]).
struct Content<'a> {
    title: String,
    lines: Vec<String>,
    empty: String,
    games: Option<&'a [GameLine]>,
    keys: Option<&'a Keys>,
}

impl Content<'_> {
    /// Whether a line of it is chosen (games, keys), not only read.
    fn chosen_from(&self) -> bool {
        self.games.is_some() || self.keys.is_some()
    }
}

impl Lobby {
    /// A step on a leaderboard, in `rows` lines: it scrolls, or shows
    /// another variant.
    pub(super) fn leaders_step(&mut self, step: LobbyStep, rows: usize) {
        let variants = Variant::ALL.len();
        match step {
            LobbyStep::Up => self.scroll = self.scroll.saturating_sub(1),
            LobbyStep::Down => self.scroll += 1,
            LobbyStep::PageUp => self.scroll = self.scroll.saturating_sub(rows),
            LobbyStep::PageDown => self.scroll += rows,
            LobbyStep::Top => self.scroll = 0,
            LobbyStep::Left => {
                self.variant = (self.variant + variants - 1) % variants;
                self.scroll = 0;
            }
            LobbyStep::Right => {
                self.variant = (self.variant + 1) % variants;
                self.scroll = 0;
            }
            LobbyStep::Back => {
                self.turn_to(Page::Tables);
            }
            _ => {}
        }
    }

    /// A step on a list of games, in `rows` lines: the highlight moves,
    /// Choose opens the game.
    pub(super) fn games_step(&mut self, step: LobbyStep, rows: usize) -> Choice {
        match step {
            LobbyStep::Up => self.game = self.game.saturating_sub(1),
            LobbyStep::Down => self.game += 1,
            LobbyStep::PageUp => self.game = self.game.saturating_sub(rows),
            LobbyStep::PageDown => self.game += rows,
            LobbyStep::Top => self.game = 0,
            LobbyStep::Back => return self.turn_to(Page::Tables),
            LobbyStep::Choose => {
                return self.highlighted_game.map_or(Choice::Stay, Choice::Review);
            }
            LobbyStep::Analyse => {
                return self.highlighted_game.map_or(Choice::Stay, Choice::Analyse);
            }
            _ => {}
        }
        Choice::Stay
    }

    /// What a page of games, standings or keys lists: its title, its
    /// lines, what it says when there are none, and the games or keys
    /// when a line is chosen from it.
    fn page_content<'a>(&self, lists: &'a Lists) -> Content<'a> {
        let games = match self.page {
            Page::Recent => Some(lists.boards.recent.as_slice()),
            Page::Mine => lists.mine.as_deref(),
            _ => None,
        };
        let (title, lines, empty) = match self.page {
            Page::Tables | Page::Recent => (
                "Recent games".to_string(),
                game_lines(&lists.boards.recent),
                "No game has finished here yet.".to_string(),
            ),
            Page::Mine => match &lists.mine {
                Some(mine) => (
                    "My games".to_string(),
                    game_lines(mine),
                    "You have not finished a game here yet.".to_string(),
                ),
                None => (
                    "My games".to_string(),
                    Vec::new(),
                    "A guest's games are kept under no name: connect with a key (ssh -i KEY NAME@host) to have yours listed and rated.".to_string(),
                ),
            },
            Page::Quick | Page::Puzzles => (String::new(), Vec::new(), String::new()),
            Page::Keys => (
                "Your keys: fingerprint, first seen, last seen (UTC)".to_string(),
                lists.keys.as_ref().map(key_lines).unwrap_or_default(),
                match &lists.keys {
                    Some(_) => "Your key has no account here yet: connect with a name (ssh NAME@host) to make one.".to_string(),
                    None => "A guest has no keys kept here: connect with a key (ssh -i KEY NAME@host) to have an account.".to_string(),
                },
            ),
            Page::Leaders => self.leaders_content(lists),
        };
        let keys = match self.page {
            Page::Keys => lists.keys.as_ref(),
            _ => None,
        };
        Content {
            title,
            lines,
            empty,
            games,
            keys,
        }
    }

    /// The leaderboard of the variant shown: its title, its lines, and
    /// what it says when no one is rated.
    fn leaders_content(&self, lists: &Lists) -> (String, Vec<String>, String) {
        let variant = Variant::ALL[self.variant % Variant::ALL.len()];
        let standings = lists
            .boards
            .leaders
            .iter()
            .find(|(id, _)| id == variant.id())
            .map(|(_, s)| s.as_slice())
            .unwrap_or_default();
        let lines = standings
            .iter()
            .enumerate()
            .map(|(i, s)| {
                format!(
                    "{:>3}. {:<24} {:>6}  ±{:<4.0} {:>4} {}",
                    i + 1,
                    s.name,
                    s.rating.shown(),
                    s.rating.deviation,
                    s.games,
                    if s.games == 1 { "game" } else { "games" }
                )
            })
            .collect();
        (
            format!(
                "Leaderboard — {} ({}/{}; ? provisional: deviation above {PROVISIONAL_DEVIATION:.0})",
                variant.name(),
                self.variant % Variant::ALL.len() + 1,
                Variant::ALL.len()
            ),
            lines,
            format!(
                "No rated {} game yet: games between players with keys, with a clock, are rated.",
                variant.name()
            ),
        )
    }

    /// Keeps a page's highlight and scroll within its lines and in view,
    /// and notes the game or key highlighted (which Choose opens, or
    /// removing removes).
    pub(super) fn fit_page(&mut self, lists: &Lists) {
        self.highlighted_game = None;
        self.highlighted_key = None;
        if matches!(self.page, Page::Tables | Page::Quick | Page::Puzzles) {
            return;
        }
        let content = self.page_content(lists);
        let (count, rows) = (content.lines.len(), self.list_rows.max(1));
        if content.chosen_from() && count > 0 {
            // A list of games or keys: the highlight stays on a line,
            // and the scroll keeps it in view.
            self.game = self.game.min(count - 1);
            if self.game < self.scroll {
                self.scroll = self.game;
            } else if self.game >= self.scroll + rows {
                self.scroll = self.game + 1 - rows;
            }
            self.highlighted_game = content.games.and_then(|g| g.get(self.game)).map(|g| g.id);
            self.highlighted_key = content.keys.and_then(|keys| {
                let key = keys.listed.get(self.game)?;
                Some((key.key.clone(), !key.first && key.key != keys.connected))
            });
        }
        self.scroll = self.scroll.min(count.saturating_sub(rows));
    }

    /// The title and the lines of a page of games, standings or keys, as
    /// scrolled in `rows` lines, and which of them is highlighted.
    pub(super) fn list_lines(&self, lists: &Lists, rows: usize) -> PageLines {
        let content = self.page_content(lists);
        let chosen_from = content.chosen_from();
        let Content {
            title,
            lines,
            empty,
            ..
        } = content;
        if lines.is_empty() {
            return PageLines {
                title,
                lines: vec![empty],
                highlighted: None,
                prose: true,
            };
        }
        let start = self.scroll.min(lines.len() - 1);
        let end = (start + rows).min(lines.len());
        let highlighted = chosen_from
            .then_some(self.game)
            .filter(|g| (start..end).contains(g))
            .map(|g| g - start);
        PageLines {
            title,
            lines: lines[start..end].to_vec(),
            highlighted,
            prose: false,
        }
    }
}

/// A list of games, a line each: number, variant, players, result, how
/// it ended; `ssh HOST pgn NUMBER` prints one.
fn game_lines(games: &[GameLine]) -> Vec<String> {
    games
        .iter()
        .map(|g| {
            let variant = Variant::from_id(&g.variant).map_or(g.variant.as_str(), |v| v.name());
            format!(
                "#{:<4} {:<11} {:<22} {:<7} {:<6} {}",
                g.id,
                variant,
                g.players,
                g.result,
                if g.rated { "rated" } else { "casual" },
                g.ending()
            )
        })
        .collect()
}
