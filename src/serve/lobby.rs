//! The lobby: the server's tables, one a line in the order people count
//! (t1, t2 … t10), scrolling to keep the highlight in view, with keys to
//! join a free seat, watch, make a table or leave. The highlight belongs
//! to a table, not a line number, so a table made or gone above it does
//! not move it onto another; Enter joins the table highlighted on screen.
//! Its other pages list the archive: the games finished last and the
//! player's own (each opened for review with Enter), and each variant's
//! leaderboard; and the quick game: a variant and a time control chosen,
//! then a wait for an opponent of about the same rating; and the
//! account's keys, each first and last seen, one removed after a
//! question.

use super::hub::short_key;
use super::hub::{Boards, SeekStatus, TableSummary};
use super::store::{AccountKey, GameLine, PuzzleStanding};
use crate::session::action::{Action, LobbyStep};
use crate::session::keymap::{self, Context, Key};
use crate::ui::view::wrap::{fit_line, wrap_keys, wrap_words};
use catboard::clock::TimeControl;
use catboard::rating::PROVISIONAL_DEVIATION;
use catboard::variants::Variant;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;
use unicode_width::UnicodeWidthStr;

/// A page of the lobby (the session's [`LobbyPage`]).
pub use crate::session::action::LobbyPage as Page;

/// The time controls a quick game offers, the default marked by
/// [`QUICK_DEFAULT`].
pub const QUICK_CONTROLS: &[&str] = &[
    "1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0",
];

/// The time control a quick game starts from (`5+3`).
const QUICK_DEFAULT: usize = 5;

/// What the lobby shows besides the tables: the archive's lists, and the
/// player's own games (`None` for a guest, whose games are kept under no
/// name).
#[derive(Clone, Debug, Default)]
pub struct Lists {
    /// The games finished last and the leaderboards.
    pub boards: Arc<Boards>,
    /// The player's games, the newest first.
    pub mine: Option<Vec<GameLine>>,
    /// The account's keys, as last read (`None` for a guest, or before
    /// they are read).
    pub keys: Option<Keys>,
    /// The account's puzzle standing in each variant tried, as last read
    /// (`None` for a guest, whose standing is not kept).
    pub puzzles: Option<Vec<(String, PuzzleStanding)>>,
}

/// The account's keys, and the one this connection logged in with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keys {
    /// Each key, the one the account was made with first.
    pub listed: Vec<AccountKey>,
    /// The key of this connection.
    pub connected: String,
}

impl Keys {
    /// What sets `key` apart, in the words given for each note: the key
    /// this connection logged in with (`in_use`), the account's first
    /// (`first`). The screen and the line mode word them to their room.
    pub fn notes<'a>(&self, key: &AccountKey, in_use: &'a str, first: &'a str) -> Vec<&'a str> {
        let mut notes = Vec::new();
        if key.key == self.connected {
            notes.push(in_use);
        }
        if key.first {
            notes.push(first);
        }
        notes
    }
}

/// The lobby's state: the page, the highlighted table, the first line
/// shown and a sentence to show.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// The page shown.
    page: Page,
    /// The leaderboard's variant, in [`Variant::ALL`].
    variant: usize,
    /// The first line shown of a page of games or standings.
    scroll: usize,
    /// The highlighted line.
    selected: usize,
    /// The highlighted table's name, which the highlight follows.
    chosen: Option<String>,
    /// The first table shown.
    offset: usize,
    /// The highlighted line of a list of games.
    game: usize,
    /// The number of the game highlighted when the page was last drawn.
    highlighted_game: Option<u64>,
    /// The key highlighted on the page of keys when it was last drawn,
    /// and whether the server would remove it (not this connection's,
    /// not the account's first).
    highlighted_key: Option<(String, bool)>,
    /// The key the question "remove it?" is asked of, while it is.
    removing: Option<String>,
    /// The quick game's variant, in [`Variant::ALL`].
    quick_variant: usize,
    /// The quick game's time control, past [`QUICK_DEFAULT`] in
    /// [`QUICK_CONTROLS`] (so the default is 0).
    quick_control: usize,
    /// Whether the quick game's Clock row is highlighted (else Variant).
    quick_clock_row: bool,
    /// The variant highlighted on the page of puzzles, in
    /// [`Variant::ALL`].
    puzzle_variant: usize,
    /// The wait for a quick game, while the person waits.
    pub seeking: Option<SeekStatus>,
    /// A sentence from the last thing that failed.
    pub note: Option<String>,
    /// The rows of the list when the lobby was last drawn (0 before the
    /// first frame), which the keys page through.
    list_rows: usize,
}

/// What a key in the lobby asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Nothing beyond moving the highlight.
    Stay,
    /// Sit at this table (a free seat or one kept), else watch.
    Join(String),
    /// Watch this table.
    Watch(String),
    /// Make a table (the setup form).
    Create,
    /// Show the player's own games (they are read anew).
    Mine,
    /// Give a code for adding another key to the player's account.
    AddKey,
    /// Show the account's keys (they are read anew).
    Keys,
    /// Show the page of puzzles (the standings are read anew).
    Puzzles,
    /// Solve puzzles of this variant.
    Solve(Variant),
    /// Remove this key from the account (asked and answered yes, or
    /// one the server refuses to remove, for it to say why).
    RemoveKey(String),
    /// Wait for a quick game of this variant at this time control.
    Seek(Variant, TimeControl),
    /// Stop waiting for a quick game.
    CancelSeek,
    /// Play the computer at this variant and time control instead of waiting.
    PlayComputer(Variant, TimeControl),
    /// Open this archived game for review.
    Review(u64),
    /// Open this archived game for review and analyse it (its kept
    /// analysis, when it was analysed before).
    Analyse(u64),
    /// Leave the server.
    Quit,
    /// Go on in the line mode (`L`): the lobby and the tables in lines,
    /// for a screen reader.
    Lines,
    /// Turn the screen reader view of tables and reviews on or off (`S`).
    Reader,
}

/// The lines above the list (the greeting, a blank, the list's title)
/// and below it (the note and the keys) on a screen wide enough for each
/// to take one row: how the list is sized before the first frame.
const CHROME: u16 = 5;

/// The screen's parts: the greeting's rows, the list's area (its title
/// row included), and the rows of the note and the keys below it.
struct Parts {
    head: Vec<String>,
    head_area: Rect,
    list: Rect,
    foot: Vec<String>,
    foot_area: Rect,
}

impl Lobby {
    /// A lobby with the first table highlighted.
    pub fn new() -> Lobby {
        Lobby::default()
    }

    /// How many lines of a list a screen of `area` shows: as many as
    /// the last frame showed, or before the first an estimate.
    fn rows(&self, area: Rect) -> usize {
        if self.list_rows > 0 {
            self.list_rows
        } else {
            usize::from(area.height.saturating_sub(CHROME)).max(1)
        }
    }

    /// Where the keyboard's attention is: the page shown, or the wait
    /// for a quick game.
    fn context(&self) -> Context {
        if self.removing.is_some() {
            return Context::Confirm;
        }
        match self.page {
            Page::Tables => Context::LobbyTables,
            Page::Recent | Page::Mine => Context::LobbyGames,
            Page::Leaders => Context::LobbyLeaders,
            Page::Quick if self.seeking.is_some() => Context::QuickWait,
            Page::Quick => Context::QuickGame,
            Page::Keys => Context::LobbyKeys,
            Page::Puzzles => Context::LobbyPuzzles,
        }
    }

    /// The keys the page shown answers, as its last rows list them: made
    /// from the keymap by the page's hints.
    fn keys(&self) -> String {
        keymap::key_line(self.context(), true)
    }

    /// Every key the page shown answers, with what it does, as one note
    /// (`?`): the keys line at the bottom gives only the main ones.
    fn help(&self) -> String {
        let contexts = match self.context() {
            Context::Confirm => vec![Context::Confirm],
            context => vec![context, Context::Lobby],
        };
        let keys: Vec<String> =
            keymap::help_sections(&contexts, true, keymap::HelpState::default())
                .into_iter()
                .flat_map(|(_, lines)| lines)
                .map(|(keys, what)| format!("{keys} {what}"))
                .collect();
        format!("Keys: {}.", keys.join("; "))
    }

    /// Where the greeting of `name`, the list and the note and keys go
    /// in `area`, each text broken between words (keys between keys) to
    /// its width, and the list's rows remembered for the keys.
    fn parts(&self, name: &str, area: Rect) -> Parts {
        let width = usize::from(area.width);
        let head = wrap_words(&self.greeting(name), width);
        let mut foot = Vec::new();
        if let Some(note) = &self.note {
            foot.extend(wrap_words(note, width));
        }
        foot.extend(wrap_keys(&self.keys(), width));
        let rows = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let [head_area, list, foot_area] = Layout::vertical([
            Constraint::Length(rows(head.len() + 1)),
            Constraint::Min(2),
            Constraint::Length(rows(foot.len())),
        ])
        .areas(area);
        Parts {
            head,
            head_area,
            list,
            foot,
            foot_area,
        }
    }

    /// Puts the highlight back on the chosen table in `tables` (or as
    /// near its line as the list allows), and scrolls to show it in
    /// `rows` lines.
    fn follow(&mut self, tables: &[TableSummary], rows: usize) {
        if let Some(i) = self
            .chosen
            .as_ref()
            .and_then(|name| tables.iter().position(|t| &t.name == name))
        {
            self.selected = i;
        }
        self.selected = self.selected.min(tables.len().saturating_sub(1));
        self.chosen = tables.get(self.selected).map(|t| t.name.clone());
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + rows {
            self.offset = self.selected + 1 - rows;
        }
        self.offset = self.offset.min(tables.len().saturating_sub(rows));
    }

    /// The lines of `tables` shown: from the first shown, as many as the
    /// list's rows on a screen of `area` hold.
    fn shown(&self, tables: &[TableSummary], area: Rect) -> Range<usize> {
        let start = self.offset.min(tables.len());
        start..(start + self.rows(area)).min(tables.len())
    }

    /// Fits the lobby to what it shows: `tables` and `lists` on a screen
    /// of `area` for `name` (the list's rows, the highlight kept on its
    /// table and in view, a page's scroll within its lines). Called when
    /// any of them changed, before the lobby is drawn.
    pub fn fit(&mut self, tables: &[TableSummary], lists: &Lists, name: &str, area: Rect) {
        let list = self.parts(name, area).list;
        self.list_rows = usize::from(list.height.saturating_sub(1)).max(1);
        self.follow(tables, self.list_rows);
        self.fit_page(lists);
    }

    /// The page shown.
    pub fn page(&self) -> Page {
        self.page
    }

    /// Goes to `page`, its top.
    fn turn_to(&mut self, page: Page) -> Choice {
        self.page = page;
        self.scroll = 0;
        self.game = 0;
        match page {
            Page::Mine => Choice::Mine,
            Page::Keys => Choice::Keys,
            Page::Puzzles => Choice::Puzzles,
            _ => Choice::Stay,
        }
    }

    /// What `key` asks for, with `tables` listed on a screen of `area`:
    /// the keymap's action for the page shown ([`Lobby::update`]).
    pub fn key(&mut self, key: Key, tables: &[TableSummary], area: Rect) -> Choice {
        self.note = None;
        match keymap::action_for(self.context(), key) {
            Some(action) => self.update(action, tables, area),
            None => Choice::Stay,
        }
    }

    /// Changes the lobby by `action`, with `tables` listed on a screen of
    /// `area`; what it asks of the world outside is the [`Choice`].
    pub fn update(&mut self, action: Action, tables: &[TableSummary], area: Rect) -> Choice {
        let step = match action {
            Action::Quit | Action::Hangup => return Choice::Quit,
            Action::Help => {
                self.note = Some(self.help());
                return Choice::Stay;
            }
            Action::Yes | Action::No if self.removing.is_some() => {
                let key = self.removing.take().unwrap_or_default();
                if action == Action::Yes {
                    return Choice::RemoveKey(key);
                }
                self.note = Some(format!("The key {} is kept.", short_key(&key)));
                return Choice::Stay;
            }
            Action::Lobby(step) if self.removing.is_none() => step,
            _ => return Choice::Stay,
        };
        if let LobbyStep::Go(page) = step {
            return self.turn_to(page);
        }
        if step == LobbyStep::Lines {
            return Choice::Lines;
        }
        if step == LobbyStep::Reader {
            return Choice::Reader;
        }
        match self.page {
            Page::Quick => self.quick_step(step),
            Page::Recent | Page::Mine => self.games_step(step, area),
            Page::Keys => self.keys_step(step),
            Page::Puzzles => self.puzzles_step(step),
            Page::Leaders => {
                self.leaders_step(step, area);
                Choice::Stay
            }
            Page::Tables => self.tables_step(step, tables, area),
        }
    }

    /// A step on the tables page: the highlight moves, a table is joined,
    /// watched or made, or a key added.
    fn tables_step(&mut self, step: LobbyStep, tables: &[TableSummary], area: Rect) -> Choice {
        let rows = self.rows(area);
        self.follow(tables, rows);
        let last = tables.len().saturating_sub(1);
        let to = match step {
            LobbyStep::Up => self.selected.saturating_sub(1),
            LobbyStep::Down => self.selected + 1,
            LobbyStep::PageUp => self.selected.saturating_sub(rows),
            LobbyStep::PageDown => self.selected + rows,
            LobbyStep::Top => 0,
            LobbyStep::Bottom => last,
            LobbyStep::Choose => return self.chosen.clone().map_or(Choice::Stay, Choice::Join),
            LobbyStep::Watch => return self.chosen.clone().map_or(Choice::Stay, Choice::Watch),
            LobbyStep::Create => return Choice::Create,
            LobbyStep::AddKey => return Choice::AddKey,
            _ => return Choice::Stay,
        };
        self.selected = to.min(last);
        self.chosen = tables.get(self.selected).map(|t| t.name.clone());
        self.follow(tables, rows);
        Choice::Stay
    }

    /// A step on a leaderboard: it scrolls, or shows another variant.
    fn leaders_step(&mut self, step: LobbyStep, area: Rect) {
        let rows = self.rows(area);
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

    /// A step on the quick game's page: the form, or the wait.
    fn quick_step(&mut self, step: LobbyStep) -> Choice {
        let variants = Variant::ALL.len();
        let controls = QUICK_CONTROLS.len();
        if let Some(wait) = self.seeking {
            return match step {
                LobbyStep::Back => Choice::CancelSeek,
                LobbyStep::PlayComputer if wait.computer_offered => {
                    Choice::PlayComputer(wait.variant, wait.control)
                }
                _ => Choice::Stay,
            };
        }
        match step {
            LobbyStep::Up | LobbyStep::Down => self.quick_clock_row = !self.quick_clock_row,
            LobbyStep::Left if self.quick_clock_row => {
                self.quick_control = (self.quick_control + controls - 1) % controls;
            }
            LobbyStep::Right if self.quick_clock_row => {
                self.quick_control = (self.quick_control + 1) % controls;
            }
            LobbyStep::Left => {
                self.quick_variant = (self.quick_variant + variants - 1) % variants;
            }
            LobbyStep::Right => self.quick_variant = (self.quick_variant + 1) % variants,
            LobbyStep::Choose => {
                let (variant, control) = self.quick_choice();
                if let Some(control) = control {
                    return Choice::Seek(variant, control);
                }
            }
            LobbyStep::Back => return self.turn_to(Page::Tables),
            _ => {}
        }
        Choice::Stay
    }

    /// The quick game chosen on the form: the variant and the time control.
    fn quick_choice(&self) -> (Variant, Option<TimeControl>) {
        let variant = Variant::ALL[self.quick_variant % Variant::ALL.len()];
        let text = QUICK_CONTROLS[(QUICK_DEFAULT + self.quick_control) % QUICK_CONTROLS.len()];
        (variant, TimeControl::parse(text).ok().flatten())
    }

    /// A step on a list of games: the highlight moves, Choose opens the
    /// game.
    fn games_step(&mut self, step: LobbyStep, area: Rect) -> Choice {
        let rows = self.rows(area);
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

    /// A step on the page of puzzles: the highlight moves through the
    /// variants, Choose sets the one highlighted.
    fn puzzles_step(&mut self, step: LobbyStep) -> Choice {
        let variants = Variant::ALL.len();
        match step {
            LobbyStep::Up => self.puzzle_variant = (self.puzzle_variant + variants - 1) % variants,
            LobbyStep::Down => self.puzzle_variant = (self.puzzle_variant + 1) % variants,
            LobbyStep::Choose => {
                return Choice::Solve(Variant::ALL[self.puzzle_variant % variants]);
            }
            LobbyStep::Back => return self.turn_to(Page::Tables),
            _ => {}
        }
        Choice::Stay
    }

    /// The page of puzzles: what they are, each variant with the
    /// player's standing in it, and for a guest why it is not kept.
    fn puzzle_lines(&self, lists: &Lists) -> PageLines {
        let mut lines = vec![
            "A puzzle is a position where one move, or a short forced line, wins: find it. Your puzzle rating moves with each (Glicko-2), and so does the puzzle's; the streak counts puzzles solved in a row.".to_string(),
            String::new(),
        ];
        for variant in Variant::ALL {
            let standing = lists
                .puzzles
                .iter()
                .flatten()
                .find(|(id, _)| id == variant.id())
                .map_or_else(PuzzleStanding::default, |(_, s)| *s);
            let count = catboard::puzzle::starter::text(*variant)
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .count();
            lines.push(format!(
                "{:<12} {:>6}  streak {:>3}, best {:>3}  {count:>4} puzzles",
                variant.name(),
                standing.rating.shown(),
                standing.streak,
                standing.best
            ));
        }
        if lists.puzzles.is_none() {
            lines.push(String::new());
            lines.push(super::hub::GUEST_PUZZLES.to_string());
        }
        PageLines {
            title: "Puzzles: your puzzle rating in each variant".to_string(),
            lines,
            highlighted: Some(2 + self.puzzle_variant % Variant::ALL.len()),
            prose: true,
        }
    }

    /// A step on the page of keys: the highlight moves, a key is to be
    /// removed (asked first, unless the server will refuse it: the key
    /// of this connection, the account's first), a key added.
    fn keys_step(&mut self, step: LobbyStep) -> Choice {
        match step {
            LobbyStep::Up => self.game = self.game.saturating_sub(1),
            LobbyStep::Down => self.game += 1,
            LobbyStep::Top => self.game = 0,
            LobbyStep::Back => return self.turn_to(Page::Tables),
            LobbyStep::AddKey => return Choice::AddKey,
            LobbyStep::RemoveKey => {
                let Some((key, removable)) = self.highlighted_key.clone() else {
                    return Choice::Stay;
                };
                if !removable {
                    // Not asked: the server says why it is kept.
                    return Choice::RemoveKey(key);
                }
                self.note = Some(format!(
                    "Remove the key {} from your account? It will log in as a stranger. y removes it; n keeps it.",
                    short_key(&key)
                ));
                self.removing = Some(key);
            }
            _ => {}
        }
        Choice::Stay
    }

    /// A number that changes whenever what the lobby of `name` would show
    /// with `tables` and `lists` on a screen of `area` changes.
    pub fn fingerprint(
        &self,
        tables: &[TableSummary],
        lists: &Lists,
        name: &str,
        area: Rect,
    ) -> u64 {
        let shown = self.shown(tables, area);
        let mut hasher = DefaultHasher::new();
        (
            &tables[shown],
            self.selected,
            &self.note,
            name,
            tables.len(),
            area,
            self.page,
            self.seeking
                .map(|w| (w.waited.as_secs(), w.computer_offered)),
        )
            .hash(&mut hasher);
        if self.page != Page::Tables {
            self.page_lines(lists, area).hash(&mut hasher);
            self.note.hash(&mut hasher);
        }
        hasher.finish()
    }

    /// What a page of games or standings lists: its title, its lines,
    /// what it says when there are none, and the games when it is a list
    /// of games.
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
            Page::Leaders => {
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

    /// Keeps a page's highlight and scroll within its lines and in view,
    /// and notes the game highlighted (which Choose opens).
    fn fit_page(&mut self, lists: &Lists) {
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

    /// The title and the lines of a page of games, standings or the
    /// quick game, as scrolled on a screen of `area`, and which of them
    /// is highlighted.
    fn page_lines(&self, lists: &Lists, area: Rect) -> PageLines {
        if self.page == Page::Quick {
            return self.quick_lines();
        }
        if self.page == Page::Puzzles {
            return self.puzzle_lines(lists);
        }
        let Content {
            title,
            lines,
            empty,
            games,
            keys,
        } = self.page_content(lists);
        if lines.is_empty() {
            return PageLines {
                title,
                lines: vec![empty],
                highlighted: None,
                prose: true,
            };
        }
        let start = self.scroll.min(lines.len() - 1);
        let end = (start + self.rows(area)).min(lines.len());
        let highlighted = (games.is_some() || keys.is_some())
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

    /// The quick game's page: the form, or how the wait stands.
    fn quick_lines(&self) -> PageLines {
        let (variant, control) = self.quick_choice();
        let control = control.map_or_else(|| "?".to_string(), |c| c.text());
        let Some(wait) = self.seeking else {
            let marks = if self.quick_clock_row {
                ("  ", "> ")
            } else {
                ("> ", "  ")
            };
            return PageLines {
                title: "Quick game".to_string(),
                lines: vec![
                    "Choose a game; you are paired with whoever waits for the same game nearest your rating.".to_string(),
                    String::new(),
                    format!("{}Variant  ‹ {} ›", marks.0, variant.name()),
                    format!("{}Clock    ‹ {control} ›  (minutes + seconds a move)", marks.1),
                ],
                highlighted: Some(if self.quick_clock_row { 3 } else { 2 }),
                prose: true,
            };
        };
        let mut lines = vec![
            format!(
                "Waiting for a game of {} at {}: {} s so far, an opponent within {:.0} of your rating.",
                wait.variant.name(),
                wait.control,
                wait.waited.as_secs(),
                wait.range
            ),
            String::new(),
        ];
        if wait.computer_offered {
            lines.push(format!(
                "No one yet: press y to play the computer ({}) instead, or keep waiting.",
                super::hub::QUICK_COMPUTER
            ));
        } else {
            lines.push(
                "The range widens as you wait; the computer is offered after 30 s.".to_string(),
            );
        }
        PageLines {
            title: "Quick game".to_string(),
            lines,
            highlighted: None,
            prose: true,
        }
    }

    /// Draws the lobby for `name` with `tables` and `lists` (as fitted
    /// to them and the screen by [`Lobby::fit`]); it changes nothing.
    pub fn view(&self, tables: &[TableSummary], lists: &Lists, name: &str, frame: &mut Frame<'_>) {
        let parts = self.parts(name, frame.area());
        let width = usize::from(parts.list.width);
        let (title, lines) = if self.page == Page::Tables {
            self.table_lines(tables, frame.area())
        } else {
            let page = self.page_lines(lists, frame.area());
            let mut lines = Vec::new();
            for (i, line) in page.lines.into_iter().enumerate() {
                let style = if Some(i) == page.highlighted {
                    Style::default().add_modifier(Modifier::REVERSED)
                } else {
                    Style::default()
                };
                if page.prose && line.width() > width {
                    lines.extend(
                        wrap_words(&line, width)
                            .into_iter()
                            .map(|row| Line::styled(row, style)),
                    );
                } else {
                    lines.push(Line::styled(fit_line(&line, width), style));
                }
            }
            (page.title, lines)
        };
        frame.render_widget(Paragraph::new(rows_of(parts.head)), parts.head_area);
        frame.render_widget(
            Paragraph::new(lines).block(
                Block::default()
                    .borders(Borders::TOP)
                    .title(fit_line(&title, width.saturating_sub(1))),
            ),
            parts.list,
        );
        frame.render_widget(Paragraph::new(rows_of(parts.foot)), parts.foot_area);
    }

    /// The title and the rows of the tables page on a screen of `area`,
    /// each row cut after a whole word to the width.
    fn table_lines(&self, tables: &[TableSummary], area: Rect) -> (String, Vec<Line<'static>>) {
        let width = usize::from(area.width);
        let shown = self.shown(tables, area);
        let mut lines: Vec<Line<'_>> = tables[shown.clone()]
            .iter()
            .zip(shown.clone())
            .map(|(t, i)| {
                let state = if t.over {
                    "over"
                } else if t.open {
                    "open"
                } else {
                    "full"
                };
                let text = format!(
                    "{:<16} {:<12} {:<6} {:<5} {}  watching: {}",
                    t.name,
                    t.game,
                    t.time.as_deref().unwrap_or("-"),
                    state,
                    t.seats.join(", "),
                    t.spectators
                );
                let style = if i == self.selected {
                    Style::default().add_modifier(Modifier::REVERSED)
                } else {
                    Style::default()
                };
                Line::styled(fit_line(&text, width), style)
            })
            .collect();
        if lines.is_empty() {
            lines.extend(
                wrap_words(
                    "No tables yet: press c to make one, or p for a quick game.",
                    width,
                )
                .into_iter()
                .map(Line::from),
            );
        }
        let title = if tables.len() > shown.len() {
            format!(
                "Tables {}–{} of {}",
                shown.start + 1,
                shown.end,
                tables.len()
            )
        } else {
            "Tables".to_string()
        };
        (title, lines)
    }

    /// The lobby's first line: the greeting, and the wait for a quick
    /// game while it goes on.
    fn greeting(&self, name: &str) -> String {
        match self.seeking {
            Some(wait) => format!(
                "catboard — the lobby. Welcome, {name}. Waiting for a quick game of {} at {} ({} s; p shows it).",
                wait.variant.name(),
                wait.control,
                wait.waited.as_secs()
            ),
            None => format!("catboard — the lobby. Welcome, {name}."),
        }
    }
}

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

/// What a page shows: its title, its lines, and the highlighted one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PageLines {
    title: String,
    lines: Vec<String>,
    highlighted: Option<usize>,
    /// Whether the lines are sentences, broken between words to the
    /// screen's width (else rows of a list, each cut after a whole word).
    prose: bool,
}

/// `rows` as lines of a paragraph.
fn rows_of(rows: Vec<String>) -> Vec<Line<'static>> {
    rows.into_iter().map(Line::from).collect()
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

/// `secs` since 1970 as the page of keys shows it: `2026.12.06 21:30`
/// (UTC).
pub fn when(secs: u64) -> String {
    let minutes = secs / 60 % (24 * 60);
    format!(
        "{} {:02}:{:02}",
        catboard::notation::pgn::date(secs),
        minutes / 60,
        minutes % 60
    )
}

/// The account's keys, a line each: the short fingerprint, first and
/// last seen, and which is in use (this connection's) and which the
/// account's first.
fn key_lines(keys: &Keys) -> Vec<String> {
    keys.listed
        .iter()
        .map(|k| {
            // Short enough to fit beside the dates at 80 columns.
            let notes = keys.notes(k, "in use", "first key");
            format!(
                "{:<21} {}  {}  {}",
                short_key(&k.key),
                when(k.first_seen),
                when(k.last_seen),
                notes.join(", ")
            )
            .trim_end()
            .to_string()
        })
        .collect()
}

/// The text of `lobby` drawn with `tables` and `lists` on a screen of
/// `width` by `height`, a line a row (for tests).
#[cfg(test)]
pub fn drawn(
    lobby: &mut Lobby,
    tables: &[TableSummary],
    lists: &Lists,
    width: u16,
    height: u16,
) -> String {
    lobby.fit(tables, lists, "ann", Rect::new(0, 0, width, height));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height))
        .expect("a test terminal");
    terminal
        .draw(|f| lobby.view(tables, lists, "ann", f))
        .expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::{EndReason, Outcome, Seat, Termination};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn summary(name: &str) -> TableSummary {
        TableSummary {
            name: name.into(),
            game: "Chess".into(),
            time: Some("5+3".into()),
            seats: vec!["White: free".into()],
            spectators: 0,
            open: true,
            over: false,
        }
    }

    fn area() -> Rect {
        Rect::new(0, 0, 80, 24)
    }

    /// The screen's text when `lobby` is drawn with `tables` at 80x24.
    fn drawn(lobby: &mut Lobby, tables: &[TableSummary]) -> String {
        lobby.fit(tables, &Lists::default(), "ann", area());
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
        terminal
            .draw(|f| lobby.view(tables, &Lists::default(), "ann", f))
            .expect("drawn");
        let buffer = terminal.backend().buffer();
        (0..24)
            .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The name on the highlighted line of the drawn lobby.
    fn highlighted(lobby: &mut Lobby, tables: &[TableSummary]) -> Option<String> {
        lobby.fit(tables, &Lists::default(), "ann", area());
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
        terminal
            .draw(|f| lobby.view(tables, &Lists::default(), "ann", f))
            .expect("drawn");
        let buffer = terminal.backend().buffer();
        (0..24).find_map(|y| {
            buffer[(0, y)]
                .modifier
                .contains(Modifier::REVERSED)
                .then(|| {
                    (0..16)
                        .map(|x| buffer[(x, y)].symbol())
                        .collect::<String>()
                        .trim()
                        .to_string()
                })
        })
    }

    #[test]
    fn the_keys_choose_a_table_and_stop_at_the_ends() {
        let tables = [summary("a"), summary("b")];
        let mut lobby = Lobby::new();
        assert_eq!(lobby.key(Key::Up, &tables, area()), Choice::Stay);
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join("a".into())
        );
        lobby.key(Key::Down, &tables, area());
        lobby.key(Key::Down, &tables, area());
        assert_eq!(
            lobby.key(Key::Char('w'), &tables, area()),
            Choice::Watch("b".into())
        );
        assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Stay);
        assert_eq!(lobby.key(Key::Char('q'), &tables, area()), Choice::Quit);
    }

    #[test]
    fn the_highlight_stays_on_screen_and_enter_joins_the_table_shown() {
        let tables: Vec<TableSummary> = (1..=60).map(|n| summary(&format!("t{n}"))).collect();
        let mut lobby = Lobby::new();
        for n in 1..=60 {
            let name = highlighted(&mut lobby, &tables);
            assert_eq!(
                name.as_deref(),
                Some(format!("t{n}").as_str()),
                "after {} Downs",
                n - 1
            );
            assert_eq!(
                lobby.key(Key::Enter, &tables, area()),
                Choice::Join(format!("t{n}"))
            );
            lobby.key(Key::Down, &tables, area());
        }
        assert!(drawn(&mut lobby, &tables).contains("of 60"));
        lobby.key(Key::PageUp, &tables, area());
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("t41"));
        lobby.key(Key::Home, &tables, area());
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("t1"));
    }

    #[test]
    fn the_highlight_follows_its_table_when_others_come_and_go() {
        let mut tables: Vec<TableSummary> = ["a", "c", "d"].iter().map(|n| summary(n)).collect();
        let mut lobby = Lobby::new();
        lobby.key(Key::Down, &tables, area());
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("c"));
        tables.insert(1, summary("b"));
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("c"));
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join("c".into())
        );
        tables.retain(|t| t.name != "c");
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join("d".into())
        );
    }

    /// A game won by seat `seat` for `reason`.
    fn won_by(reason: EndReason, seat: u8) -> Option<Termination> {
        let outcome = Outcome {
            winner: Some(Seat(seat)),
            reason,
        };
        Some(Termination::new(outcome, None))
    }

    fn standing(name: &str, rating: f64, deviation: f64) -> crate::serve::store::Standing {
        crate::serve::store::Standing {
            identity: format!("key:{name}"),
            name: name.into(),
            rating: catboard::rating::Rating {
                rating,
                deviation,
                volatility: 0.06,
            },
            games: 12,
        }
    }

    #[test]
    fn the_pages_show_the_archive_and_each_variants_leaderboard() {
        let boards = Boards {
            recent: vec![GameLine {
                id: 3,
                variant: "chess".into(),
                players: "ann · bob".into(),
                result: "1-0".into(),
                termination: won_by(EndReason::Checkmate, 0),
                rated: true,
                finished: 0,
            }],
            leaders: vec![
                (
                    "chess".into(),
                    vec![
                        standing("ann", 1712.4, 80.0),
                        standing("bob", 1490.0, 180.0),
                    ],
                ),
                ("cats".into(), Vec::new()),
            ],
        };
        let lists = Lists {
            boards: Arc::new(boards),
            mine: None,
            keys: None,
            puzzles: None,
        };
        let mut lobby = Lobby::new();
        let tables = [summary("t1")];
        let before = lobby.fingerprint(&tables, &lists, "ann", area());
        assert_eq!(lobby.key(Key::Char('l'), &tables, area()), Choice::Stay);
        assert_ne!(lobby.fingerprint(&tables, &lists, "ann", area()), before);
        let screen = super::drawn(&mut lobby, &tables, &lists, 80, 24);
        assert!(screen.contains("Leaderboard — Chess (1/5"), "{screen}");
        let ann = screen
            .lines()
            .find(|l| l.contains("1. ann"))
            .unwrap_or_default();
        let bob = screen
            .lines()
            .find(|l| l.contains("2. bob"))
            .unwrap_or_default();
        assert!(ann.contains(" 1712 ") && !ann.contains('?'), "{ann}");
        assert!(bob.contains("1490?"), "provisional: {bob}");
        lobby.key(Key::Right, &tables, area());
        let cats = super::drawn(&mut lobby, &tables, &lists, 80, 24);
        assert!(cats.contains("No rated Cat Chess game yet"), "{cats}");
        lobby.key(Key::Left, &tables, area());
        lobby.key(Key::Left, &tables, area());
        let last = Variant::ALL[Variant::ALL.len() - 1].name();
        assert!(super::drawn(&mut lobby, &tables, &lists, 80, 24).contains(last));

        assert_eq!(lobby.key(Key::Char('r'), &tables, area()), Choice::Stay);
        let recent = super::drawn(&mut lobby, &tables, &lists, 80, 24);
        assert!(recent.contains("#3    Chess       ann · bob"), "{recent}");
        assert_eq!(lobby.key(Key::Char('m'), &tables, area()), Choice::Mine);
        let mine = super::drawn(&mut lobby, &tables, &lists, 80, 24);
        assert!(
            mine.contains("A guest's games are kept under no name"),
            "{mine}"
        );
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Stay,
            "Enter joins nothing from a list of games"
        );
        assert_eq!(lobby.key(Key::Char('K'), &tables, area()), Choice::Stay);
        lobby.key(Key::Char('t'), &tables, area());
        assert_eq!(lobby.key(Key::Char('K'), &tables, area()), Choice::AddKey);
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join("t1".into())
        );
    }

    #[test]
    fn every_page_fits_every_screen_without_a_panic() {
        let lists = Lists::default();
        let tables: Vec<TableSummary> = (1..=30).map(|n| summary(&format!("t{n}"))).collect();
        for key in ['t', 'r', 'm', 'l'] {
            for (w, h) in [(1, 1), (20, 5), (80, 24), (200, 60)] {
                let mut lobby = Lobby::new();
                lobby.key(Key::Char(key), &tables, Rect::new(0, 0, w, h));
                for _ in 0..40 {
                    lobby.key(Key::PageDown, &tables, Rect::new(0, 0, w, h));
                }
                super::drawn(&mut lobby, &tables, &lists, w, h);
            }
        }
    }

    /// A lobby on every page (and the quick game's wait, and a note),
    /// with long names, games and standings.
    fn every_state() -> (Vec<Lobby>, Lists, Vec<TableSummary>) {
        let long = |id: u64| GameLine {
            id,
            variant: "baccancat".into(),
            players: "a-rather-long-name · someone-else · third-player · fourth".into(),
            result: "1/2-1/2".into(),
            termination: won_by(EndReason::ThirdMate, 3),
            rated: true,
            finished: 0,
        };
        let boards = Boards {
            recent: (1..=40).map(long).collect(),
            leaders: vec![(
                "chess".into(),
                (0..30)
                    .map(|i| standing(&format!("player-with-a-long-name-{i}"), 1500.0, 90.0))
                    .collect(),
            )],
        };
        let lists = Lists {
            boards: Arc::new(boards),
            mine: Some((41..=60).map(long).collect()),
            keys: None,
            puzzles: None,
        };
        let mut tables: Vec<TableSummary> = (1..=30).map(|n| summary(&format!("t{n}"))).collect();
        tables[0].seats = vec![
            "Red: a-rather-long-name".into(),
            "Orange: free".into(),
            "Green: computer (master)".into(),
            "Blue: free".into(),
        ];
        let mut lobbies = Vec::new();
        for key in ['t', 'r', 'm', 'l', 'p', 'z'] {
            let mut lobby = Lobby::new();
            lobby.key(Key::Char(key), &tables, area());
            lobbies.push(lobby.clone());
            if !matches!(key, 't' | 'l') {
                continue;
            }
            lobby.note = Some(
                "That table is full: every seat is taken; press w to watch it instead.".to_string(),
            );
            lobbies.push(lobby);
        }
        for offered in [false, true] {
            let mut lobby = Lobby::new();
            lobby.key(Key::Char('p'), &tables, area());
            lobby.seeking = Some(SeekStatus {
                variant: Variant::ALL[4],
                control: TimeControl::parse("15+10")
                    .ok()
                    .flatten()
                    .expect("a control"),
                waited: std::time::Duration::from_secs(95),
                range: 350.0,
                computer_offered: offered,
            });
            lobbies.push(lobby);
        }
        (lobbies, lists, tables)
    }

    /// The words of a drawn screen (the list's rule taken away).
    fn words(screen: &str) -> Vec<String> {
        screen
            .replace('─', " ")
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_page_shows_whole_words_and_every_key_at_every_size() {
        let (lobbies, lists, tables) = every_state();
        for lobby in &lobbies {
            for height in [10, 14, 24, 40, 70] {
                // The words as a screen wide enough for every line shows
                // them (at the smallest height too, whose tables' title
                // counts the tables shown).
                let mut whole = Vec::new();
                for h in [height, 10] {
                    let mut wide = lobby.clone();
                    whole.extend(words(&super::drawn(&mut wide, &tables, &lists, 400, h)));
                }
                for width in 30..=220 {
                    let mut narrow = lobby.clone();
                    let screen = super::drawn(&mut narrow, &tables, &lists, width, height);
                    for word in words(&screen) {
                        let stem = word.trim_end_matches('…');
                        // The tables' title counts the lines shown.
                        let count = stem.chars().all(|c| c.is_ascii_digit() || c == '–');
                        assert!(
                            count || whole.iter().any(|w| w == stem),
                            "{width}x{height}, {:?}: {word:?} is cut\n{screen}",
                            lobby.page
                        );
                    }
                    if width >= 40 {
                        for key in narrow.keys().split(" · ") {
                            assert!(
                                screen.lines().any(|row| row.contains(key)),
                                "{width}x{height}: the key {key:?} is missing\n{screen}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_fingerprint_changes_only_with_what_is_shown() {
        let mut tables: Vec<TableSummary> = (1..=60).map(|n| summary(&format!("t{n}"))).collect();
        let lobby = Lobby::new();
        let before = lobby.fingerprint(&tables, &Lists::default(), "ann", area());
        tables[50].spectators = 3;
        assert_eq!(
            lobby.fingerprint(&tables, &Lists::default(), "ann", area()),
            before,
            "t51 is off screen"
        );
        tables[0].spectators = 1;
        assert_ne!(
            lobby.fingerprint(&tables, &Lists::default(), "ann", area()),
            before
        );
    }

    fn game_line(id: u64) -> GameLine {
        GameLine {
            id,
            variant: "chess".into(),
            players: "ann · bob".into(),
            result: "1-0".into(),
            termination: won_by(EndReason::Resignation, 1),
            rated: false,
            finished: 0,
        }
    }

    #[test]
    fn a_game_listed_is_highlighted_and_opened_with_enter() {
        let lists = Lists {
            boards: Arc::new(Boards {
                recent: (1..=30).rev().map(game_line).collect(),
                leaders: Vec::new(),
            }),
            mine: Some(vec![game_line(7)]),
            keys: None,
            puzzles: None,
        };
        let mut lobby = Lobby::new();
        lobby.key(Key::Char('r'), &[], area());
        super::drawn(&mut lobby, &[], &lists, 80, 24);
        assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Review(30));
        for _ in 0..25 {
            lobby.key(Key::Down, &[], area());
        }
        let screen = super::drawn(&mut lobby, &[], &lists, 80, 24);
        assert!(
            screen.contains("#5 "),
            "scrolled to the highlight: {screen}"
        );
        assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Review(5));
        assert_eq!(lobby.key(Key::Char('m'), &[], area()), Choice::Mine);
        super::drawn(&mut lobby, &[], &lists, 80, 24);
        assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Review(7));
    }

    #[test]
    fn the_quick_game_is_chosen_then_waited_for_and_the_computer_offered() {
        let mut lobby = Lobby::new();
        assert_eq!(lobby.key(Key::Char('p'), &[], area()), Choice::Stay);
        let screen = super::drawn(&mut lobby, &[], &Lists::default(), 80, 24);
        assert!(screen.contains("> Variant  ‹ Chess ›"), "{screen}");
        assert!(screen.contains("  Clock    ‹ 5+3 ›"), "{screen}");
        lobby.key(Key::Right, &[], area());
        lobby.key(Key::Down, &[], area());
        lobby.key(Key::Right, &[], area());
        let ten = TimeControl::parse("10+0")
            .ok()
            .flatten()
            .expect("a control");
        assert_eq!(
            lobby.key(Key::Enter, &[], area()),
            Choice::Seek(Variant::Cat, ten)
        );
        let mut wait = SeekStatus {
            variant: Variant::Cat,
            control: ten,
            waited: std::time::Duration::from_secs(12),
            range: 220.0,
            computer_offered: false,
        };
        lobby.seeking = Some(wait);
        let screen = super::drawn(&mut lobby, &[], &Lists::default(), 80, 24);
        assert!(
            screen.contains("Waiting for a game of Cat Chess at 10+0: 12 s so far"),
            "{screen}"
        );
        assert_eq!(lobby.key(Key::Char('y'), &[], area()), Choice::Stay);
        wait.computer_offered = true;
        lobby.seeking = Some(wait);
        let screen = super::drawn(&mut lobby, &[], &Lists::default(), 120, 24);
        assert!(screen.contains("press y to play the computer"), "{screen}");
        assert_eq!(
            lobby.key(Key::Char('y'), &[], area()),
            Choice::PlayComputer(Variant::Cat, ten)
        );
        assert_eq!(lobby.key(Key::Esc, &[], area()), Choice::CancelSeek);
        lobby.key(Key::Char('t'), &[], area());
        let tables = super::drawn(&mut lobby, &[summary("t1")], &Lists::default(), 120, 24);
        assert!(
            tables.contains("Waiting for a quick game of Cat Chess"),
            "{tables}"
        );
        assert!(
            tables.contains("t1               Chess        5+3"),
            "{tables}"
        );
    }

    /// Alice's three keys, the second this connection's.
    fn three_keys() -> Lists {
        let t0 = 1_796_083_200; // 2026.12.01 00:00
        let key = |n: &str, first_seen: u64, last_seen: u64, first: bool| AccountKey {
            key: format!("key:SHA256:{n}Qx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE"),
            first_seen,
            last_seen,
            first,
        };
        Lists {
            keys: Some(Keys {
                listed: vec![
                    key("desk", t0, t0 + 3 * 86_400 + 600, true),
                    key("lap", t0 + 3_600, t0 + 5 * 86_400 + 75_660, false),
                    key("phone", t0 + 86_400, t0 + 2 * 86_400, false),
                ],
                connected: "key:SHA256:lapQx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE".to_string(),
            }),
            ..Lists::default()
        }
    }

    /// Every key's line, with both notes (the key in use is the first
    /// key), fits in 80 columns, so no note is cut on the common
    /// terminal.
    #[test]
    fn every_keys_line_fits_in_80_columns() {
        let Some(mut keys) = three_keys().keys else {
            panic!("three keys");
        };
        keys.connected = keys.listed[0].key.clone();
        for line in key_lines(&keys) {
            assert!(line.chars().count() <= 80, "{line}");
        }
        assert!(key_lines(&keys)[0].ends_with("in use, first key"));
    }

    /// The page of keys at 80×24, its third key highlighted.
    fn keys_page(goldens: &mut crate::golden::Goldens) {
        let lists = three_keys();
        let mut lobby = Lobby::new();
        let (width, height) = (80, 24);
        let area = Rect::new(0, 0, width, height);
        assert_eq!(lobby.key(Key::Char('a'), &[], area), Choice::Keys);
        lobby.fit(&[], &lists, "alice", area);
        lobby.key(Key::Down, &[], area);
        lobby.key(Key::Down, &[], area);
        lobby.fit(&[], &lists, "alice", area);
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal
            .draw(|f| lobby.view(&[], &lists, "alice", f))
            .expect("drawn");
        goldens.check(
            "serve-lobby-keys-80x24",
            &format!("{:?}\n", terminal.backend().buffer()),
        );
    }

    #[test]
    fn the_page_of_keys_is_drawn() {
        crate::golden::compare(keys_page);
    }

    /// The page of puzzles of an account that tried chess and Chu
    /// puzzles, Chu highlighted.
    fn puzzles_page(goldens: &mut crate::golden::Goldens) {
        let standing = |rating: f64, streak: u32, best: u32| PuzzleStanding {
            rating: catboard::rating::Rating {
                rating,
                deviation: 180.0,
                volatility: 0.06,
            },
            streak,
            best,
        };
        let lists = Lists {
            puzzles: Some(vec![
                ("chess".into(), standing(1612.0, 3, 5)),
                ("chu".into(), standing(1433.0, 0, 2)),
            ]),
            ..Lists::default()
        };
        let mut lobby = Lobby::new();
        let (width, height) = (80, 24);
        let area = Rect::new(0, 0, width, height);
        assert_eq!(lobby.key(Key::Char('z'), &[], area), Choice::Puzzles);
        lobby.key(Key::Down, &[], area);
        lobby.key(Key::Down, &[], area);
        lobby.fit(&[], &lists, "alice", area);
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal
            .draw(|f| lobby.view(&[], &lists, "alice", f))
            .expect("drawn");
        let text = super::drawn(&mut lobby, &[], &lists, width, height);
        assert!(
            text.lines()
                .any(|l| l.starts_with("Chu Chess") && l.contains("1433?  streak   0, best   2")),
            "{text}"
        );
        assert!(!text.contains("guest"), "{text}");
        assert_eq!(
            lobby.key(Key::Enter, &[], area),
            Choice::Solve(Variant::Chu),
            "Enter solves the variant highlighted"
        );
        goldens.check(
            "serve-lobby-puzzles-80x24",
            &format!("{:?}\n", terminal.backend().buffer()),
        );
    }

    #[test]
    fn the_page_of_puzzles_is_drawn() {
        crate::golden::compare(puzzles_page);
    }

    #[test]
    fn a_key_is_removed_after_a_question_and_the_one_in_use_is_not_asked() {
        let lists = three_keys();
        let mut lobby = Lobby::new();
        let fit = |lobby: &mut Lobby| lobby.fit(&[], &lists, "alice", area());
        assert_eq!(lobby.key(Key::Char('a'), &[], area()), Choice::Keys);
        fit(&mut lobby);
        let screen = super::drawn(&mut lobby, &[], &lists, 80, 24);
        assert!(screen.contains("SHA256:lapQx9fK2mZ8…"), "{screen}");
        assert!(screen.contains("2026.12.06 21:01  in use"), "{screen}");
        // The phone's key: asked, and kept with n.
        lobby.key(Key::Down, &[], area());
        lobby.key(Key::Down, &[], area());
        fit(&mut lobby);
        assert_eq!(lobby.key(Key::Char('x'), &[], area()), Choice::Stay);
        let asked = super::drawn(&mut lobby, &[], &lists, 80, 24);
        assert!(
            asked.contains("Remove the key SHA256:phoneQx9fK2m…"),
            "{asked}"
        );
        assert!(
            asked.contains("y yes · n no"),
            "the question's keys: {asked}"
        );
        assert_eq!(
            lobby.key(Key::Char('t'), &[], area()),
            Choice::Stay,
            "only y or n"
        );
        assert_eq!(lobby.key(Key::Char('n'), &[], area()), Choice::Stay);
        assert_eq!(
            lobby.note.as_deref(),
            Some("The key SHA256:phoneQx9fK2m… is kept.")
        );
        // Asked again, and removed with y.
        lobby.key(Key::Char('x'), &[], area());
        assert_eq!(
            lobby.key(Key::Char('y'), &[], area()),
            Choice::RemoveKey("key:SHA256:phoneQx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE".into())
        );
        // The key in use and the account's first are not asked of: the
        // server says why they stay.
        for (line, key) in [(1, "lap"), (0, "desk")] {
            lobby.key(Key::Char('g'), &[], area());
            for _ in 0..line {
                lobby.key(Key::Down, &[], area());
            }
            fit(&mut lobby);
            assert_eq!(
                lobby.key(Key::Char('d'), &[], area()),
                Choice::RemoveKey(format!("key:SHA256:{key}Qx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE"))
            );
        }
        // A guest's page says why it is empty, and removes nothing.
        let mut guest = Lobby::new();
        guest.key(Key::Char('a'), &[], area());
        let page = super::drawn(&mut guest, &[], &Lists::default(), 80, 24);
        assert!(page.contains("A guest has no keys kept here"), "{page}");
        assert_eq!(guest.key(Key::Char('x'), &[], area()), Choice::Stay);
    }
}
