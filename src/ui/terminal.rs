//! The terminal's life: raw mode and the alternate screen, restored on
//! quit, error and panic; keys read on a thread that notices a dead
//! terminal instead of spinning on it; resizes turned into
//! [`Action::Resize`], hang-up and termination signals into
//! [`Action::Hangup`].
//!
//! The input thread reads the terminal's bytes itself and decodes them with
//! [`KeyDecoder`]. It used to wait on the terminal with `poll` and then ask
//! crossterm for events, but crossterm watches the terminal edge-triggered
//! and stops reading as soon as one event is parsed: with more than its
//! 1,024-byte buffer waiting (a burst of keys, a paste), the rest stayed
//! unread, `poll` kept reporting input, and the thread spun until the next
//! key arrived. One reader and one level-triggered wait cannot disagree.

use crate::session::action::Action;
use crate::session::input::Incoming;
use crate::session::key_decoder::KeyDecoder;
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use rustix::event::{PollFd, PollFlags, Timespec, poll};
use std::fs::File;
use std::io::{self, Stdout};
use std::os::fd::{AsFd, BorrowedFd};
use std::sync::mpsc::Sender;
use std::time::Duration;

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
    if let Err(e) = enter_screen(&mut stdout) {
        restore();
        return Err(e);
    }
    Terminal::new(CrosstermBackend::new(stdout)).inspect_err(|_| restore())
}

/// Writes what takes over a terminal for the game, to any terminal's
/// output (the local one, or an SSH channel): the alternate screen, the
/// cursor hidden, bracketed paste on.
pub fn enter_screen(out: &mut impl io::Write) -> io::Result<()> {
    execute!(
        out,
        terminal::EnterAlternateScreen,
        cursor::Hide,
        crossterm::event::EnableBracketedPaste
    )
}

/// Asks the terminal to report the mouse: buttons and drags (xterm's
/// mode 1002, not every motion) in the SGR encoding (1006), which has no
/// limit on the column.
pub fn enable_mouse(out: &mut impl io::Write) -> io::Result<()> {
    out.write_all(b"\x1b[?1002h\x1b[?1006h")?;
    out.flush()
}

/// Writes what undoes [`enter_screen`] (and [`enable_mouse`]): mouse
/// reports and bracketed paste off, the main screen back, the cursor shown.
pub fn leave_screen(out: &mut impl io::Write) -> io::Result<()> {
    out.write_all(b"\x1b[?1006l\x1b[?1002l")?;
    execute!(
        out,
        crossterm::event::DisableBracketedPaste,
        terminal::LeaveAlternateScreen,
        cursor::Show
    )
}

/// Gives the terminal back as it was: cooked mode, main screen, cursor
/// shown. Errors are ignored (the terminal may be gone).
pub fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = leave_screen(&mut io::stdout());
}

/// Gives the terminal back ([`restore`]) and lets go of `screen` without
/// its own clean-up: ratatui's would show the cursor again and, on a
/// terminal that is gone, report the failure on standard error, which is
/// that same dead terminal, and the failed report would panic (exit 101).
pub fn leave(screen: Screen) {
    restore();
    std::mem::forget(screen);
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

    /// Waits up to `wait` for input.
    fn wait(&self, wait: Duration) -> Readiness {
        let fd = self.fd();
        let mut fds = [PollFd::new(&fd, PollFlags::IN)];
        let timeout = Timespec {
            tv_sec: wait.as_secs() as _,
            tv_nsec: wait.subsec_nanos() as _,
        };
        match poll(&mut fds, Some(&timeout)) {
            Ok(0) => Readiness::Timeout,
            Ok(_) if fds[0].revents().contains(PollFlags::IN) => Readiness::Input,
            Ok(_) => Readiness::HungUp,
            Err(rustix::io::Errno::INTR) => Readiness::Timeout,
            Err(_) => Readiness::HungUp,
        }
    }

    /// Reads what the terminal has; `None` once it has hung up.
    fn read(&self, buf: &mut [u8]) -> Option<usize> {
        match rustix::io::read(self.fd(), buf) {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => Some(0),
            Err(_) => None,
        }
    }
}

/// What waiting on the terminal found.
enum Readiness {
    /// Bytes to read.
    Input,
    /// Nothing within the wait.
    Timeout,
    /// The terminal is gone.
    HungUp,
}

/// How long a lone Esc waits for the rest of an arrow key's sequence.
const ESC_WAIT: Duration = Duration::from_millis(30);

/// How long the input thread waits for a key before looking again.
const IDLE_WAIT: Duration = Duration::from_secs(1);

/// Reads keys on a thread and sends them to `tx`. A hung-up terminal
/// (SIGHUP lost, SSH dropped) ends in one [`Action::Hangup`] instead of a
/// busy loop.
pub fn spawn_input(tx: Sender<Incoming>) -> io::Result<()> {
    let tty = TtyInput::open()?;
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let mut decoder = KeyDecoder::new();
            let mut buf = [0u8; 4096];
            loop {
                let wait = if decoder.is_waiting() {
                    ESC_WAIT
                } else {
                    IDLE_WAIT
                };
                let keys = match tty.wait(wait) {
                    Readiness::Input => match tty.read(&mut buf) {
                        Some(n) => decoder.feed(&buf[..n]),
                        None => break,
                    },
                    Readiness::Timeout => decoder.flush(),
                    Readiness::HungUp => break,
                };
                for decoded in keys {
                    if tx.send(Incoming::from(decoded)).is_err() {
                        return;
                    }
                }
            }
            let _ = tx.send(Incoming::Action(Action::Hangup));
        })?;
    Ok(())
}

/// Turns SIGWINCH into [`Action::Resize`], and SIGHUP, SIGTERM and SIGINT
/// into [`Action::Hangup`], on `tx`.
pub fn spawn_signals(tx: Sender<Incoming>) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};
    let mut signals = signal_hook::iterator::Signals::new([SIGHUP, SIGTERM, SIGINT, SIGWINCH])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                let action = if signal == SIGWINCH {
                    Action::Resize
                } else {
                    Action::Hangup
                };
                let last = action == Action::Hangup;
                if tx.send(Incoming::Action(action)).is_err() || last {
                    return;
                }
            }
        })?;
    Ok(())
}
