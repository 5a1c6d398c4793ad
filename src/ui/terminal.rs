//! The terminal's life: raw mode and the alternate screen, restored on
//! quit, error and panic; keys read on a thread that notices a dead
//! terminal instead of spinning on it; hang-up and termination signals
//! turned into an [`Action::Hangup`].

use super::app::Action;
use super::input::Key;
use crossterm::event::{self, Event};
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use rustix::event::{PollFd, PollFlags, Timespec, poll};
use std::fs::File;
use std::io::{self, Stdout};
use std::os::fd::{AsFd, BorrowedFd};
use std::sync::mpsc::Sender;
use std::time::Duration;

/// What arrives at the event loop from outside: a key to map through the
/// keymap (which depends on what is on screen), or a ready action (resize,
/// signals, later the computer player's move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// A key pressed.
    Key(Key),
    /// An action from elsewhere.
    Action(Action),
}

/// The terminal type the program draws on.
pub type Screen = Terminal<CrosstermBackend<Stdout>>;

/// Puts the terminal into raw mode on the alternate screen and installs a
/// panic hook that restores it before the panic message is printed.
pub fn enter() -> io::Result<Screen> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    terminal::enable_raw_mode()?;
    let mut stdout = io::stdout();
    if let Err(e) = execute!(stdout, terminal::EnterAlternateScreen, cursor::Hide) {
        restore();
        return Err(e);
    }
    Terminal::new(CrosstermBackend::new(stdout)).inspect_err(|_| restore())
}

/// Gives the terminal back as it was: cooked mode, main screen, cursor
/// shown. Errors are ignored (the terminal may be gone).
pub fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
}

/// The terminal input crossterm reads: standard input when it is a
/// terminal, else `/dev/tty`.
enum TtyInput {
    Stdin,
    Tty(File),
}

impl TtyInput {
    fn open() -> io::Result<TtyInput> {
        if rustix::termios::isatty(io::stdin()) {
            Ok(TtyInput::Stdin)
        } else {
            File::open("/dev/tty").map(TtyInput::Tty)
        }
    }

    fn fd(&self) -> BorrowedFd<'_> {
        match self {
            // Standard input lives as long as the process.
            TtyInput::Stdin => rustix::stdio::stdin(),
            TtyInput::Tty(f) => f.as_fd(),
        }
    }

    /// Waits up to `wait` for input; false once the terminal has hung up.
    fn alive_after_wait(&self, wait: Duration) -> bool {
        let fd = self.fd();
        let mut fds = [PollFd::new(&fd, PollFlags::IN)];
        let timeout = Timespec {
            tv_sec: wait.as_secs() as _,
            tv_nsec: wait.subsec_nanos() as _,
        };
        match poll(&mut fds, Some(&timeout)) {
            Ok(_) => !fds[0]
                .revents()
                .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL),
            Err(e) => e == rustix::io::Errno::INTR,
        }
    }
}

/// Reads keys and resizes on a thread and sends them to `tx`. Before each
/// read it polls the terminal itself, so a hung-up terminal (SIGHUP lost,
/// SSH dropped) ends in one [`Action::Hangup`] instead of a busy loop.
pub fn spawn_input(tx: Sender<Incoming>) -> io::Result<()> {
    let tty = TtyInput::open()?;
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let hang_up = |tx: &Sender<Incoming>| {
                let _ = tx.send(Incoming::Action(Action::Hangup));
            };
            loop {
                if !tty.alive_after_wait(Duration::from_millis(250)) {
                    return hang_up(&tx);
                }
                loop {
                    match event::poll(Duration::ZERO) {
                        Ok(true) => {}
                        Ok(false) => break,
                        Err(_) => return hang_up(&tx),
                    }
                    let incoming = match event::read() {
                        Ok(Event::Key(k)) => Key::of_event(&k).map(Incoming::Key),
                        Ok(Event::Resize(..)) => Some(Incoming::Action(Action::Resize)),
                        Ok(_) => None,
                        Err(_) => return hang_up(&tx),
                    };
                    if let Some(incoming) = incoming
                        && tx.send(incoming).is_err()
                    {
                        return;
                    }
                }
            }
        })?;
    Ok(())
}

/// Turns SIGHUP, SIGTERM and SIGINT into [`Action::Hangup`] on `tx`.
pub fn spawn_signals(tx: Sender<Incoming>) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGHUP, SIGTERM, SIGINT])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if signals.forever().next().is_some() {
                let _ = tx.send(Incoming::Action(Action::Hangup));
            }
        })?;
    Ok(())
}
