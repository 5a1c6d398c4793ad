//! What can change a session's state: every [`Action`] a key, a typed
//! line, a signal or a computer player's report becomes, and the screen
//! [`Dir`]ections the cursor moves in. A leaf: the keymap, the
//! orientation and the app all speak of actions, and none of them is
//! needed to name one.

use super::save::SavedGame;
use catboard::ai::Thought;

/// The [`Action::ScrollPage`] that goes to the start of the page.
pub const PAGE_START: i16 = i16::MIN;

/// The [`Action::ScrollPage`] that goes to the end of the page.
pub const PAGE_END: i16 = i16::MAX;

/// The lines one [`Action::ScrollPage`] of PageUp or PageDown moves.
pub const PAGE_LINES: i16 = 10;

/// A direction on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom.
    Down,
    /// Leftwards.
    Left,
    /// Rightwards.
    Right,
}

/// A step through the game's moves in review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    /// One ply back (from the live position: into review).
    Back,
    /// One ply forward (reaching the live position ends the review).
    Forward,
    /// To the start position.
    First,
    /// Back to the game as it stands.
    Live,
    /// Into review at the last move played: the position as it stands,
    /// said as its move, so the next step back is the move before.
    Last,
}

/// What a mouse did, as the terminal reports it (xterm's SGR mouse mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseKind {
    /// The left button pressed.
    Press,
    /// Moved with the left button held.
    Drag,
    /// The button let go.
    Release,
    /// The wheel turned up.
    ScrollUp,
    /// The wheel turned down.
    ScrollDown,
}

/// A mouse event at a screen cell (column and row from 0 at the top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mouse {
    /// What it did.
    pub kind: MouseKind,
    /// The screen column.
    pub column: u16,
    /// The screen row.
    pub row: u16,
}

/// A page of the server's lobby.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LobbyPage {
    /// The tables (`t`).
    #[default]
    Tables,
    /// The games finished last (`r`).
    Recent,
    /// The player's own games (`m`).
    Mine,
    /// A variant's leaderboard (`l`; Left and Right change the variant).
    Leaders,
    /// A quick game (`p`): the variant and the time control, then the wait.
    Quick,
    /// The account's keys (`a`): each first and last seen; one removed
    /// after a question.
    Keys,
    /// Puzzles (`z`): a variant chosen, the player's puzzle rating and
    /// streak in each; Enter sets the variant's puzzles.
    Puzzles,
}

/// What a key asks of the server's lobby; what each does depends on the
/// page shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyStep {
    /// The highlight (or the scroll, or the form's row) up one line.
    Up,
    /// Down one line.
    Down,
    /// Up a screenful.
    PageUp,
    /// Down a screenful.
    PageDown,
    /// To the first line.
    Top,
    /// To the last line.
    Bottom,
    /// The previous choice (a leaderboard's variant, the form's value).
    Left,
    /// The next choice.
    Right,
    /// Join the table, review the game, or wait for the quick game chosen.
    Choose,
    /// Review the game and analyse it.
    Analyse,
    /// Back to the tables, or stop waiting for a quick game.
    Back,
    /// Watch the table highlighted.
    Watch,
    /// Make a table.
    Create,
    /// Give a code for adding another key to the account.
    AddKey,
    /// Remove the key highlighted from the account (asked first).
    RemoveKey,
    /// Show this page.
    Go(LobbyPage),
    /// Play the computer instead of waiting for a quick game.
    PlayComputer,
    /// Go on in the line mode: the lobby and the tables in lines, for a
    /// screen reader.
    Lines,
    /// Draw tables and reviews in the screen reader view, or not.
    Reader,
}

/// Everything that can change the application's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor (or the highlight of a list).
    Cursor(Dir),
    /// Select what is under the cursor, or take the highlighted choice.
    Select,
    /// Cancel the selection, or close what is open.
    Cancel,
    /// Open the move prompt.
    OpenPrompt,
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Turn the board round.
    Flip,
    /// A mouse event, before the screen that knows where things are drawn
    /// turns it into [`Action::Click`], [`Action::Rotate`] or
    /// [`Action::ScrollMoves`]; nothing by itself.
    Mouse(Mouse),
    /// The cell clicked: the cursor goes there and picks it.
    Click(catboard::core::Cell),
    /// Scroll the move list this many lines back (negative: forwards).
    ScrollMoves(i16),
    /// Scroll the page on show (the help) this many lines down (negative:
    /// up); [`PAGE_START`] and [`PAGE_END`] go to its start and its end.
    ScrollPage(i16),
    /// Turn the sphere's globe this many degrees eastwards in longitude
    /// (`<` and `>`, a mouse drag).
    Rotate(i16),
    /// Ask to start a new game.
    NewGame,
    /// Open the help.
    Help,
    /// Pass the turn (where the rules allow it: the Cats).
    Pass,
    /// Ask the engine which move it would play for the person to move.
    Hint,
    /// Pause or resume the computer players.
    PauseComputer,
    /// Step through the game's moves without undoing them.
    Review(ReviewStep),
    /// Ask to resign (the screen asks first; see [`Action::Resign`]).
    AskResign,
    /// The person to move gives the game up.
    Resign,
    /// The person to move offers a draw.
    OfferDraw,
    /// The offered draw is accepted (`true`) or declined.
    AnswerDraw(bool),
    /// Claim the win from the players who have been away from a shared
    /// table long enough (lichess's claim when an opponent left).
    ClaimWin,
    /// A search has finished another depth.
    Progress {
        /// The search's request id.
        id: u64,
        /// What it has found so far.
        thought: Thought,
    },
    /// An engine playing a seat brings news other than a move: it failed
    /// (its seat goes to catboard's computer) or resigned.
    EngineNews {
        /// The request's id.
        id: u64,
        /// The seat it plays.
        seat: catboard::core::Seat,
        /// What it brings.
        news: super::engines::EngineNews,
    },
    /// Analyse the game (an engine pass over every position), or go on
    /// with the analysis a stop left unfinished.
    Analyse,
    /// Stop the analysis under way, keeping the positions it finished.
    StopAnalysis,
    /// Show the best lines of the position on the board (the live one,
    /// or the one in review), found on a worker thread.
    BestLines,
    /// The best-lines search has lines to show: after a finished depth,
    /// or (`done`) at its end.
    LinesFound {
        /// The search's id.
        id: u64,
        /// The lines so far, best first.
        lines: Vec<catboard::analysis::Line>,
        /// Whether the search has ended.
        done: bool,
    },
    /// The analysis under way has finished another position.
    AnalysisProgress {
        /// The pass's id.
        id: u64,
        /// How far it has got.
        progress: catboard::analysis::Progress,
    },
    /// The analysis has ended (done, or stopped): what it found.
    Analysed {
        /// The pass's id.
        id: u64,
        /// The positions analysed, those of earlier passes included.
        analysis: Box<catboard::analysis::GameAnalysis>,
        /// Why it ended early, when the search failed or was not started.
        failure: Option<crate::analysing::AnalysisFailure>,
    },
    /// A search has ended with its move.
    Reply {
        /// The search's request id.
        id: u64,
        /// What it found.
        thought: Thought,
    },
    /// Leave the program.
    Quit,
    /// A puzzle's hint: the piece to move.
    PuzzleHint,
    /// Show a puzzle's solution (it is failed).
    PuzzleSolution,
    /// The next puzzle.
    PuzzleNext,
    /// Type a character into the open text field.
    TypeChar(char),
    /// Delete the last character of the open text field.
    DeleteChar,
    /// Accept the open text field.
    Submit,
    /// Choose the chooser's entry with this letter.
    ChooseLetter(char),
    /// Answer yes.
    Yes,
    /// Answer no.
    No,
    /// The terminal changed size.
    Resize,
    /// Time went by: the clocks may need the session (a flag falling, a
    /// low-time warning, the time shown); a front end sends it when
    /// [`crate::app::App::clock_wake`] says.
    Tick,
    /// The terminal hung up or a termination signal came: save and leave.
    Hangup,
    /// Something outside (saving) went wrong; show this sentence.
    Notice(String),
    /// A whole move typed at once (the line mode), in any notation the
    /// variant reads or as the cells of its path.
    TypedMove(String),
    /// Text pasted into the terminal: it goes to the move prompt, never
    /// runs as keys.
    Paste(String),
    /// Start the same game again from its start: variant, options,
    /// position and players.
    Restart,
    /// Show or hide the cell list (the cursor's cell and its neighbours).
    ToggleCellList,
    /// On the sphere, the cursor to the first cell of the next (`1`) or
    /// the previous (`-1`) page of the list of every cell, as the screen
    /// pages it ([`App::list_pages`](crate::app::App::list_pages)): the
    /// list follows the cursor, so every row can be reached a page at a
    /// time.
    ListPage(i8),
    /// Move the cursor to the cursor cell's neighbour with this number
    /// (from 1, in the order round the cell the cell list shows).
    Neighbour(u8),
    /// Open the prompt that moves the cursor to a cell typed by name.
    GoTo,
    /// Show how a piece moves: the piece picked or under the cursor, or
    /// (from the help, or on an empty cell) the first of the game's pieces.
    Explain,
    /// The computer plays one move for the side to move.
    ComputerMove,
    /// The game being watched was saved anew by the catboard that has it
    /// open: as its file now holds it.
    Watched(Box<SavedGame>),
    /// The catboard that had the watched game open has let it go.
    WatchedFree,
    /// A key of the server's lobby.
    Lobby(LobbyStep),
    /// The player asks this of the game, as an intent already made (a
    /// front end that names the move itself rather than typing it): it
    /// goes to the game's keeper like any key's intent.
    Ask(crate::keeper::Intent),
    /// The game's keeper, elsewhere, answers what this App asked.
    Answered(crate::keeper::Intent, crate::keeper::Answer),
    /// The game's keeper, elsewhere, has the record as this says: the
    /// App follows it.
    Kept(Box<crate::keeper::Record>),
    /// The game's keeper, elsewhere, tells everyone at the table this
    /// (an error when `error`).
    Told {
        /// The sentence.
        text: String,
        /// Whether it reports a failure.
        error: bool,
    },
}
