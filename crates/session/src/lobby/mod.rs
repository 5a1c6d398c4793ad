//! The server's lobby, apart from any screen: its state, what a key asks
//! of it (through the one keymap's lobby contexts), and the lines each
//! page shows. The tables page lists the server's tables, one a line in
//! the order people count (t1, t2 … t10), scrolling to keep the
//! highlight in view; the highlight belongs to a table, not a line
//! number, so a table made or gone above it does not move it onto
//! another. Its other pages list the archive (the games finished last,
//! the player's own, each variant's leaderboard), the quick game (a
//! variant and a time control chosen, then a wait for an opponent), the
//! account's keys and the puzzles.
//!
//! [`Lobby::update`] changes the lobby and returns what it asks of the
//! server as a [`Choice`]; the server carries it out against its store
//! and hub and folds the answer back in as [`Heard`]. A front end draws
//! the [`PageLines`] of the page shown, and changes nothing drawing.

mod games;
mod keys;
mod lists;
mod puzzles;
mod quick;
mod tables;
#[cfg(test)]
mod tests;

pub use crate::action::LobbyPage as Page;
use crate::action::{Action, LobbyStep};
use crate::keymap::{self, Context, Key};
use catboard::clock::TimeControl;
use catboard::variants::Variant;
pub use lists::{
    AccountKey, Boards, GameLine, Keys, Lists, Standing, TableSummary, ending_of, short_key, when,
};
pub use puzzles::GUEST_PUZZLES;
pub use quick::{QUICK_COMPUTER, QUICK_CONTROLS, SeekStatus};

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
    /// The number of the game highlighted when the lobby was last fitted.
    highlighted_game: Option<u64>,
    /// The key highlighted on the page of keys when the lobby was last
    /// fitted, and whether the server would remove it (not this
    /// connection's, not the account's first).
    highlighted_key: Option<(String, bool)>,
    /// The key the question "remove it?" is asked of, while it is.
    removing: Option<String>,
    /// The quick game's variant, in [`Variant::ALL`].
    quick_variant: usize,
    /// The quick game's time control, past the default in
    /// [`QUICK_CONTROLS`] (so the default is 0).
    quick_control: usize,
    /// Whether the quick game's Clock row is highlighted (else Variant).
    quick_clock_row: bool,
    /// The variant highlighted on the page of puzzles, in
    /// [`Variant::ALL`].
    puzzle_variant: usize,
    /// The wait for a quick game, while the person waits.
    seeking: Option<SeekStatus>,
    /// A sentence from the last thing that failed, or was asked for.
    note: Option<String>,
    /// The rows of a list when the lobby was last fitted (0 before),
    /// which the keys page through.
    list_rows: usize,
}

/// What a key in the lobby asks of the server.
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

/// What the server tells the lobby: its answer to a [`Choice`], or news.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// A sentence to show: a refusal, a failure, a code for a key, a
    /// notice from a table.
    Note(String),
    /// How the wait for a quick game stands now (`None`: no wait).
    Wait(Option<SeekStatus>),
}

/// What a page shows: its title, its lines, and the highlighted one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PageLines {
    /// The list's title.
    pub title: String,
    /// The lines shown, from the first scrolled to.
    pub lines: Vec<String>,
    /// The highlighted line, counted among `lines`.
    pub highlighted: Option<usize>,
    /// Whether the lines are sentences, broken between words to the
    /// screen's width (else rows of a list, each cut after a whole word).
    pub prose: bool,
}

impl Lobby {
    /// A lobby with the first table highlighted.
    pub fn new() -> Lobby {
        Lobby::default()
    }

    /// The page shown.
    pub fn page(&self) -> Page {
        self.page
    }

    /// The sentence shown below the list, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The sentence shown, taken away (the line mode says it once).
    pub fn take_note(&mut self) -> Option<String> {
        self.note.take()
    }

    /// The wait for a quick game, while the person waits.
    pub fn seeking(&self) -> Option<SeekStatus> {
        self.seeking
    }

    /// The rows of a list as last fitted to a screen, if it was.
    pub fn fitted_rows(&self) -> Option<usize> {
        (self.list_rows > 0).then_some(self.list_rows)
    }

    /// Folds in what the server said.
    pub fn heard(&mut self, heard: Heard) {
        match heard {
            Heard::Note(text) => self.note = Some(text),
            Heard::Wait(wait) => self.seeking = wait,
        }
    }

    /// Where the keyboard's attention is: the page shown, the wait for a
    /// quick game, or a question.
    pub fn context(&self) -> Context {
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
    pub fn key_line(&self) -> String {
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

    /// The lobby's first line: the greeting of `name`, and the wait for
    /// a quick game while it goes on.
    pub fn greeting(&self, name: &str) -> String {
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

    /// Fits the lobby to what it shows: `tables` and `lists` in a list of
    /// `rows` lines (the highlight kept on its table and in view, a
    /// page's scroll within its lines). Called when any of them changed,
    /// before the lobby is drawn.
    pub fn fit_to(&mut self, tables: &[TableSummary], lists: &Lists, rows: usize) {
        self.list_rows = rows.max(1);
        self.follow(tables, self.list_rows);
        self.fit_page(lists);
    }

    /// What `key` asks for, with `tables` listed in `rows` lines: the
    /// keymap's action for the page shown ([`Lobby::update`]). The note
    /// shown goes.
    pub fn pressed(&mut self, key: Key, tables: &[TableSummary], rows: usize) -> Choice {
        self.note = None;
        match keymap::action_for(self.context(), key) {
            Some(action) => self.update(action, tables, rows),
            None => Choice::Stay,
        }
    }

    /// Changes the lobby by `action`, with `tables` listed in `rows`
    /// lines; what it asks of the world outside is the [`Choice`].
    pub fn update(&mut self, action: Action, tables: &[TableSummary], rows: usize) -> Choice {
        let rows = rows.max(1);
        let step = match action {
            Action::Quit | Action::Hangup => return Choice::Quit,
            Action::Help => {
                self.note = Some(self.help());
                return Choice::Stay;
            }
            Action::Yes | Action::No if self.removing.is_some() => {
                return self.answer_removal(action == Action::Yes);
            }
            Action::Lobby(step) if self.removing.is_none() => step,
            _ => return Choice::Stay,
        };
        match step {
            LobbyStep::Go(page) => return self.turn_to(page),
            LobbyStep::Lines => return Choice::Lines,
            LobbyStep::Reader => return Choice::Reader,
            _ => {}
        }
        match self.page {
            Page::Quick => self.quick_step(step),
            Page::Recent | Page::Mine => self.games_step(step, rows),
            Page::Keys => self.keys_step(step),
            Page::Puzzles => self.puzzles_step(step),
            Page::Leaders => {
                self.leaders_step(step, rows);
                Choice::Stay
            }
            Page::Tables => self.tables_step(step, tables, rows),
        }
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

    /// The title and the lines of the page shown, with `tables` and
    /// `lists`, as scrolled in a list of `rows` lines, and which of them
    /// is highlighted.
    pub fn page_lines(&self, tables: &[TableSummary], lists: &Lists, rows: usize) -> PageLines {
        let rows = rows.max(1);
        match self.page {
            Page::Tables => self.table_lines(tables, rows),
            Page::Quick => self.quick_lines(),
            Page::Puzzles => self.puzzle_lines(lists),
            Page::Recent | Page::Mine | Page::Leaders | Page::Keys => self.list_lines(lists, rows),
        }
    }
}
