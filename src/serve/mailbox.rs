//! What comes to one connection's screen from outside it — the client's
//! bytes and window size from the SSH session, word from its table and
//! the lobby, and the reason it must end — kept in one box of fixed size:
//! a change of size or of the table is a flag or the latest value, never
//! a queue, input has a cap, and notices keep only the newest few. The
//! connection's task takes everything at once and draws once.

use super::address::Sentence;
use super::limits::{PENDING_INPUT, PENDING_NOTICES};
use crate::session::action::Action;
use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::Notify;

/// Why a connection ends, said to the client in one line before it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The person asked to leave (q in the lobby).
    Quit,
    /// No input for this long.
    Idle(Duration),
    /// The same person connected again and took their seat.
    TakenOver,
    /// The server is stopping.
    Shutdown,
    /// As many people are on as the server allows.
    Full(usize),
    /// The connection cannot go on, for the reason given (a name taken).
    Refused(String),
    /// The client sent more than it read.
    Flooded,
    /// The client stopped reading what is sent to it.
    Unread,
    /// The client closed the channel or the connection is gone.
    Gone,
}

impl Ending {
    /// The sentence the client is left with.
    pub fn sentence(&self) -> String {
        match self {
            Ending::Quit => "Goodbye from catboard.".into(),
            Ending::Idle(d) => format!(
                "Closed after {} without a key pressed.",
                super::log::duration_words(*d)
            ),
            Ending::TakenOver => {
                "Closed: you connected again from elsewhere, and that connection has your seat."
                    .into()
            }
            Ending::Shutdown => "The catboard server is stopping; your games are saved.".into(),
            Ending::Full(n) => {
                format!("The server is full (it takes {n} at once); please try again later.")
            }
            Ending::Refused(why) => why.clone(),
            Ending::Flooded => "Closed: more input came than the screen could follow.".into(),
            Ending::Unread => "Closed: the screen sent was not read.".into(),
            Ending::Gone => "The connection is gone.".into(),
        }
    }

    /// The exit status `ssh` ends with: 0 when the person left, 1 when the
    /// server ended it.
    pub fn exit_status(&self) -> u32 {
        match self {
            Ending::Quit | Ending::Gone => 0,
            _ => 1,
        }
    }

    /// Whether anything more can be written to the client.
    pub fn can_write(&self) -> bool {
        !matches!(self, Ending::Gone | Ending::Unread | Ending::Flooded)
    }
}

/// A line to show at the table (someone sat down, a save failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The sentence (each connection names its own address in it).
    pub text: Sentence,
    /// Whether it reports a failure.
    pub error: bool,
}

/// Everything that came since the connection last looked.
#[derive(Debug, Default)]
pub struct Mail {
    /// Bytes the client typed.
    pub input: Vec<u8>,
    /// The client's window, when it changed (the latest size only).
    pub size: Option<(u32, u32)>,
    /// The game at the connection's table changed.
    pub table: bool,
    /// The list of tables changed.
    pub lobby: bool,
    /// The hub has a seat for the person at this table (a quick game
    /// paired, a rematch made): the connection goes there.
    pub go_to: Option<String>,
    /// What to tell the person.
    pub notices: Vec<Notice>,
    /// News of the analysis the connection asked for, as the App's own
    /// actions: the latest progress and its end, in order.
    pub analysis: Vec<Action>,
    /// The connection must end.
    pub ending: Option<Ending>,
}

#[derive(Debug, Default)]
struct Inbox {
    mail: Mail,
    notices: VecDeque<Notice>,
    /// The game began (the shell started): the login grace is over.
    started: bool,
    /// The SSH session is to be dropped now.
    killed: bool,
    /// The SSH session has ended.
    gone: bool,
}

/// One connection's box.
#[derive(Debug, Default)]
pub struct Mailbox {
    inbox: Mutex<Inbox>,
    /// Wakes the connection's task.
    events: Notify,
    /// Wakes whoever waits for the session's life to change.
    life: Notify,
}

/// Input beyond [`PENDING_INPUT`] waiting.
#[derive(Debug, PartialEq, Eq)]
pub struct Overflow;

impl Mailbox {
    /// An empty box.
    pub fn new() -> Mailbox {
        Mailbox::default()
    }

    fn lock(&self) -> MutexGuard<'_, Inbox> {
        self.inbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn change(&self, f: impl FnOnce(&mut Inbox)) {
        f(&mut self.lock());
        self.events.notify_one();
    }

    /// Bytes the client typed; refused past [`PENDING_INPUT`] waiting.
    pub fn input(&self, bytes: &[u8]) -> Result<(), Overflow> {
        let mut inbox = self.lock();
        if inbox.mail.input.len() + bytes.len() > PENDING_INPUT {
            return Err(Overflow);
        }
        inbox.mail.input.extend_from_slice(bytes);
        drop(inbox);
        self.events.notify_one();
        Ok(())
    }

    /// The client's window is now `width` by `height`.
    pub fn resize(&self, width: u32, height: u32) {
        self.change(|i| i.mail.size = Some((width, height)));
    }

    /// The game at the connection's table changed.
    pub fn table_changed(&self) {
        self.change(|i| i.mail.table = true);
    }

    /// The list of tables changed.
    pub fn lobby_changed(&self) {
        self.change(|i| i.mail.lobby = true);
    }

    /// The hub has a seat for the person at table `name`: go there.
    pub fn go_to(&self, name: &str) {
        let name = name.to_string();
        self.change(|i| i.mail.go_to = Some(name));
    }

    /// Something to tell the person; the oldest go past [`PENDING_NOTICES`].
    pub fn notice(&self, text: impl Into<Sentence>, error: bool) {
        let notice = Notice {
            text: text.into(),
            error,
        };
        self.change(|i| {
            if i.notices.len() >= PENDING_NOTICES {
                i.notices.pop_front();
            }
            i.notices.push_back(notice);
        });
    }

    /// News of the analysis the connection asked for
    /// ([`Action::AnalysisProgress`], then [`Action::Analysed`]): a
    /// progress replaces the progress before it still waiting, so at most
    /// a progress and an end wait.
    pub fn analysis(&self, news: Action) {
        self.change(|i| {
            let waiting = &mut i.mail.analysis;
            if matches!(news, Action::AnalysisProgress { .. })
                && matches!(waiting.last(), Some(Action::AnalysisProgress { .. }))
            {
                waiting.pop();
            }
            waiting.push(news);
        });
    }

    /// The connection must end, for `ending` (the first reason given stays).
    pub fn end(&self, ending: Ending) {
        self.change(|i| {
            i.mail.ending.get_or_insert(ending);
        });
    }

    /// Takes everything that came.
    pub fn take(&self) -> Mail {
        let mut inbox = self.lock();
        let mut mail = std::mem::take(&mut inbox.mail);
        mail.notices = inbox.notices.drain(..).collect();
        mail
    }

    /// Waits until something comes (returns at once if something came
    /// since the last wait).
    pub async fn wait(&self) {
        self.events.notified().await;
    }

    fn set_life(&self, f: impl FnOnce(&mut Inbox)) {
        f(&mut self.lock());
        self.life.notify_waiters();
        self.events.notify_one();
    }

    /// Waits until `done` holds of the box.
    async fn wait_life(&self, done: impl Fn(&Inbox) -> bool) {
        loop {
            let notified = self.life.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if done(&self.lock()) {
                return;
            }
            notified.await;
        }
    }

    /// The game began: the login grace is over.
    pub fn start(&self) {
        self.set_life(|i| i.started = true);
    }

    /// Whether the game has begun.
    pub fn is_started(&self) -> bool {
        self.lock().started
    }

    /// Waits until the game begins.
    pub async fn started(&self) {
        self.wait_life(|i| i.started).await;
    }

    /// The SSH session is to be dropped now (the client is not reading,
    /// or the connection has ended and said so).
    pub fn kill(&self) {
        self.set_life(|i| i.killed = true);
    }

    /// Whether [`Mailbox::kill`] was called.
    #[cfg(test)]
    pub fn is_killed(&self) -> bool {
        self.lock().killed
    }

    /// Waits until the session is to be dropped.
    pub async fn killed(&self) {
        self.wait_life(|i| i.killed).await;
    }

    /// The SSH session has ended: nothing more can be sent.
    pub fn gone(&self) {
        self.set_life(|i| {
            i.gone = true;
            i.mail.ending.get_or_insert(Ending::Gone);
        });
    }

    /// Whether the session has ended.
    pub fn is_gone(&self) -> bool {
        self.lock().gone
    }

    /// Waits until the session has ended or is to be dropped.
    pub async fn ended(&self) {
        self.wait_life(|i| i.gone || i.killed).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn progress(done: usize) -> Action {
        Action::AnalysisProgress {
            id: 1,
            progress: catboard::analysis::Progress {
                done,
                total: 100_000,
                elapsed: Duration::ZERO,
                left: None,
            },
        }
    }

    #[test]
    fn sizes_and_changes_coalesce_and_the_box_never_grows_past_its_caps() {
        let mailbox = Mailbox::new();
        for n in 0..100_000u32 {
            mailbox.resize(n, n + 1);
            mailbox.table_changed();
            mailbox.notice(format!("notice {n}"), false);
            mailbox.analysis(progress(n as usize));
        }
        mailbox.analysis(Action::Analysed {
            id: 1,
            analysis: Box::new(catboard::analysis::GameAnalysis::new(
                "catboard",
                catboard::analysis::PlyBudget::DEFAULT,
            )),
            failure: None,
        });
        let mail = mailbox.take();
        assert_eq!(mail.analysis.len(), 2, "the latest progress, then the end");
        assert_eq!(mail.analysis[0], progress(99_999));
        assert!(matches!(mail.analysis[1], Action::Analysed { id: 1, .. }));
        assert_eq!(mail.size, Some((99_999, 100_000)), "the latest size only");
        assert!(mail.table);
        assert_eq!(mail.notices.len(), PENDING_NOTICES);
        assert_eq!(
            mail.notices.last().map(|n| n.text.plain()),
            Some("notice 99999".to_string())
        );
        let empty = mailbox.take();
        assert!(empty.size.is_none() && !empty.table && empty.notices.is_empty());
        assert!(empty.analysis.is_empty());
    }

    #[test]
    fn input_waits_up_to_its_cap_and_the_first_ending_stays() {
        let mailbox = Mailbox::new();
        let chunk = vec![b'j'; 1024];
        let mut taken = 0;
        while mailbox.input(&chunk).is_ok() {
            taken += chunk.len();
        }
        assert_eq!(taken, PENDING_INPUT);
        assert_eq!(mailbox.take().input.len(), PENDING_INPUT);
        assert_eq!(mailbox.input(&chunk), Ok(()), "room again once taken");
        mailbox.end(Ending::TakenOver);
        mailbox.end(Ending::Shutdown);
        assert_eq!(mailbox.take().ending, Some(Ending::TakenOver));
    }

    #[tokio::test]
    async fn waiting_for_the_start_and_the_kill_returns_once_they_happen() {
        let mailbox = std::sync::Arc::new(Mailbox::new());
        let waiter = mailbox.clone();
        let started = tokio::spawn(async move { waiter.started().await });
        tokio::task::yield_now().await;
        mailbox.start();
        tokio::time::timeout(Duration::from_secs(5), started)
            .await
            .expect("woken")
            .expect("the task");
        mailbox.kill();
        tokio::time::timeout(Duration::from_secs(5), mailbox.killed())
            .await
            .expect("already killed");
        assert!(mailbox.is_killed() && !mailbox.is_gone());
    }
}
