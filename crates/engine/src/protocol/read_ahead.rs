//! Reading a protocol's input: lines as bytes, so that a line which is not
//! UTF-8 text is reported and the session goes on; every line bounded
//! while it is read ([`read_line`]: a line longer than its limit is
//! skipped unread past the limit, so a 200 MB line costs the limit's
//! memory, not 200 MB); and read ahead on a thread, so that a command
//! arriving during a search (or the end of the input) stops it at once.
//! The line mode, `rules --batch`, `xboard` and `uci-cat` all read
//! through [`read_line`].
//!
//! The reader counts the lines it has read that call for stopping a search
//! and not yet handled; [`Interrupts::stop`] is raised while any is queued,
//! whether the search had begun when it was read or not. That makes a
//! script's `go` followed at once by `quit` deterministic: the search always
//! sees the `quit`.

use crate::limits::PROTOCOL_LINE;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line whose bytes are not UTF-8 text.
    NotText,
    /// A line longer than the limit it was read with, this many bytes
    /// long (without its line ending); only the limit's worth of it was
    /// kept, and it is not used.
    TooLong(u64),
}

/// A line and its number, counting from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered {
    /// The line's place in the input.
    pub number: u64,
    /// What it holds.
    pub line: Line,
}

/// Reads one line of bytes from `input` into a [`Line`]; `None` at the end
/// of the input. A trailing `\n` or `\r\n` is dropped. At most `limit`
/// bytes of the line are ever held (in `buf`, which keeps them for a
/// caller that wants the start of a [`Line::TooLong`]); the rest of a
/// longer line is read past and counted, never stored.
pub fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<Line>> {
    buf.clear();
    let mut length: u64 = 0;
    let mut ended = false;
    // The line's last byte, kept or not, to drop a `\r` before the `\n`.
    let mut last = None;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        let (part, used) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => {
                ended = true;
                (&available[..at], at + 1)
            }
            None => (available, available.len()),
        };
        // One byte beyond the limit is kept, to tell a line of exactly
        // `limit` bytes and a `\r\n` ending from a longer one.
        let room = (limit + 1).saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        length += part.len() as u64;
        if let Some(&byte) = part.last() {
            last = Some(byte);
        }
        input.consume(used);
        if ended {
            break;
        }
    }
    if length == 0 && !ended {
        return Ok(None);
    }
    if ended && last == Some(b'\r') {
        if length as usize == buf.len() {
            buf.pop();
        }
        length -= 1;
    }
    if length > limit as u64 {
        buf.truncate(limit);
        return Ok(Some(Line::TooLong(length)));
    }
    Ok(Some(match std::str::from_utf8(buf) {
        Ok(text) => Line::Text(text.to_string()),
        Err(_) => Line::NotText,
    }))
}

/// What a line read ahead asks of a running search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    /// Nothing at all, not even of an analysis (XBoard's `.`).
    Idle,
    /// Nothing of a search for a move (it waits its turn); an analysis,
    /// which runs only while no line waits, stops for it.
    Wait,
    /// Stop thinking and play the best move found so far.
    Stop,
    /// Stop thinking and play nothing (the game was left).
    Abandon,
}

/// How many lines read but not yet handled call for each urgency.
#[derive(Debug, Default)]
struct Queued {
    stops: u64,
    abandons: u64,
    /// Lines read so far.
    read: u64,
    /// Lines read but not yet handled that stop an analysis.
    waiting: u64,
    /// The input has ended.
    ended: bool,
}

/// Flags raised from the reading thread for the search to see.
#[derive(Debug, Default)]
pub struct Interrupts {
    /// Stop thinking now.
    pub stop: AtomicBool,
    /// Stop thinking and do not play the move found.
    pub abandon: AtomicBool,
    /// A line other than [`Urgency::Idle`] waits to be handled, or the
    /// input has ended: an analysis, which runs only until then, stops.
    pub pending: AtomicBool,
    /// The number of the line being handled (0 when lines are handed to a
    /// session directly).
    current: AtomicU64,
    queued: Mutex<Queued>,
}

impl Interrupts {
    fn queued(&self) -> std::sync::MutexGuard<'_, Queued> {
        self.queued.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records a line just read that asks for `urgency`, raising the flags.
    pub fn on_read(&self, urgency: Urgency) {
        let mut queued = self.queued();
        queued.read += 1;
        if urgency != Urgency::Idle {
            queued.waiting += 1;
        }
        self.raise(&mut queued, urgency, 1);
    }

    /// Records the end of the input, which asks for `urgency` from now on.
    pub fn on_end(&self, urgency: Urgency) {
        let mut queued = self.queued();
        queued.ended = true;
        self.raise(&mut queued, urgency, 1);
    }

    fn raise(&self, queued: &mut Queued, urgency: Urgency, n: u64) {
        match urgency {
            Urgency::Idle | Urgency::Wait => {}
            Urgency::Stop => queued.stops += n,
            Urgency::Abandon => {
                queued.stops += n;
                queued.abandons += n;
            }
        }
        self.stop.store(queued.stops > 0, Ordering::SeqCst);
        self.abandon.store(queued.abandons > 0, Ordering::SeqCst);
        self.pending
            .store(queued.waiting > 0 || queued.ended, Ordering::SeqCst);
    }

    /// Marks line `number`, which asked for `urgency`, as the one now being
    /// handled: it no longer interrupts anything.
    pub fn on_handle(&self, number: u64, urgency: Urgency) {
        let mut queued = self.queued();
        self.current.store(number, Ordering::SeqCst);
        if urgency != Urgency::Idle {
            queued.waiting = queued.waiting.saturating_sub(1);
        }
        match urgency {
            Urgency::Idle | Urgency::Wait => {}
            Urgency::Stop => queued.stops = queued.stops.saturating_sub(1),
            Urgency::Abandon => {
                queued.stops = queued.stops.saturating_sub(1);
                queued.abandons = queued.abandons.saturating_sub(1);
            }
        }
        self.raise(&mut queued, Urgency::Wait, 0);
    }

    /// The number of the line being handled.
    pub fn current_line(&self) -> u64 {
        self.current.load(Ordering::SeqCst)
    }

    /// How many lines have been read so far.
    pub fn lines_read(&self) -> u64 {
        self.queued().read
    }
}

/// What `line` asks of a search: a text line what `urgency` says, any
/// other line (answered with an error) that it waits its turn.
fn line_urgency(line: &Line, urgency: fn(&str) -> Urgency) -> Urgency {
    match line {
        Line::Text(text) => urgency(text),
        Line::NotText | Line::TooLong(_) => Urgency::Wait,
    }
}

/// Reads `input` on a thread, numbering its lines, raising `interrupts` by
/// each line's `urgency` (and by `at_end` when the input ends or fails),
/// and sending the lines on. The thread ends with the input or when the
/// receiver is dropped.
fn spawn_reader<R>(
    mut input: R,
    urgency: fn(&str) -> Urgency,
    at_end: Urgency,
    interrupts: Arc<Interrupts>,
) -> io::Result<Receiver<Numbered>>
where
    R: BufRead + Send + 'static,
{
    let (send, receive) = mpsc::channel();
    let limit = PROTOCOL_LINE.most as usize;
    std::thread::Builder::new()
        .name("read-ahead".into())
        .spawn(move || {
            let mut buf = Vec::new();
            let mut number = 0;
            while let Ok(Some(line)) = read_line(&mut input, &mut buf, limit) {
                number += 1;
                let asks = line_urgency(&line, urgency);
                interrupts.on_read(asks);
                if send.send(Numbered { number, line }).is_err() {
                    return;
                }
            }
            interrupts.on_end(at_end);
        })
        .map_err(|e| {
            io::Error::other(StartFailure(format!(
                "Could not start the thread that reads the input: {}.",
                crate::text::foreign(&e.to_string())
            )))
        })?;
    Ok(receive)
}

/// A session that could not start (no thread for its reader under a
/// process limit): the sentence saying so, carried in an `io::Error`.
#[derive(Debug)]
pub struct StartFailure(pub String);

impl std::fmt::Display for StartFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartFailure {}

/// The sentence of a [`StartFailure`] that `e` carries, if it carries one.
pub fn start_failure(e: &io::Error) -> Option<String> {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<StartFailure>())
        .map(|f| f.0.clone())
}

/// How a protocol is served by [`serve`].
pub struct Protocol {
    /// What each line asks of a running search.
    pub urgency: fn(&str) -> Urgency,
    /// What the end of the input asks.
    pub at_end: Urgency,
    /// The reply to line `n` when it is not UTF-8 text.
    pub not_text: fn(u64) -> String,
    /// The reply to line `n`, `length` bytes long, when it is longer
    /// than [`PROTOCOL_LINE`] allows.
    pub too_long: fn(u64, u64) -> String,
}

/// The words every protocol uses for line `n`, `length` bytes long, that
/// is longer than [`PROTOCOL_LINE`] allows: `line 3 is 209715200 bytes
/// long, more than the largest allowed, 1048576, and was skipped`.
pub fn too_long_words(n: u64, length: u64) -> String {
    format!(
        "line {n} is {length} bytes long, more than the largest allowed, {}, and was skipped",
        PROTOCOL_LINE.most
    )
}

/// Reads `input` ahead as [`spawn_reader`] does and hands each line of text
/// to `handle` in order, until it says to stop (returns `false`) or the
/// input ends; a line that is not text is answered by the protocol's
/// `not_text`. The reader is not waited for at the end, as it may be
/// blocked reading a terminal.
pub fn serve<R, W>(
    input: R,
    mut output: W,
    protocol: &Protocol,
    mut handle: impl FnMut(&str, &Interrupts, &mut W) -> io::Result<bool>,
) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let interrupts = Arc::new(Interrupts::default());
    let lines = spawn_reader(
        input,
        protocol.urgency,
        protocol.at_end,
        Arc::clone(&interrupts),
    )?;
    while let Ok(Numbered { number, line }) = lines.recv() {
        let go_on = match line {
            Line::Text(text) => {
                interrupts.on_handle(number, (protocol.urgency)(&text));
                handle(&text, &interrupts, &mut output)?
            }
            Line::NotText => {
                interrupts.on_handle(number, line_urgency(&Line::NotText, protocol.urgency));
                writeln!(output, "{}", (protocol.not_text)(number))?;
                output.flush()?;
                true
            }
            Line::TooLong(length) => {
                interrupts.on_handle(number, line_urgency(&Line::NotText, protocol.urgency));
                writeln!(output, "{}", (protocol.too_long)(number, length))?;
                output.flush()?;
                true
            }
        };
        if !go_on {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn lines_are_read_as_bytes_and_bad_text_is_one_line() {
        let mut input = Cursor::new(b"ping 1\r\n\xff\xfe bad\n\nlast".to_vec());
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        while let Some(line) = read_line(&mut input, &mut buf, 100).expect("in memory") {
            lines.push(line);
        }
        assert_eq!(
            lines,
            [
                Line::Text("ping 1".into()),
                Line::NotText,
                Line::Text(String::new()),
                Line::Text("last".into()),
            ]
        );
    }

    /// A reader of one line `length` bytes long and then `next\n`, made
    /// as it is read, 64 KiB at a time: it holds no more than that itself.
    struct LongLine {
        left: u64,
        chunk: Vec<u8>,
        tail: Cursor<Vec<u8>>,
    }

    impl LongLine {
        fn new(length: u64) -> LongLine {
            LongLine {
                left: length,
                chunk: vec![b'x'; 64 * 1024],
                tail: Cursor::new(b"\nnext\n".to_vec()),
            }
        }
    }

    impl io::Read for LongLine {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.fill_buf()?.len().min(out.len());
            out[..n].copy_from_slice(&self.fill_buf()?[..n]);
            self.consume(n);
            Ok(n)
        }
    }

    impl BufRead for LongLine {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.left == 0 {
                return self.tail.fill_buf();
            }
            let n = self.chunk.len().min(self.left as usize);
            Ok(&self.chunk[..n])
        }

        fn consume(&mut self, n: usize) {
            if self.left == 0 {
                self.tail.consume(n);
            } else {
                self.left -= n as u64;
            }
        }
    }

    #[test]
    fn a_200_megabyte_line_costs_the_limit_not_200_megabytes() {
        let limit = PROTOCOL_LINE.most as usize;
        let mut input = LongLine::new(200 << 20);
        let mut buf = Vec::new();
        let line = read_line(&mut input, &mut buf, limit).expect("in memory");
        assert_eq!(line, Some(Line::TooLong(200 << 20)));
        assert!(
            buf.capacity() <= 2 * (limit + 1),
            "{} bytes held for a limit of {limit}",
            buf.capacity()
        );
        let next = read_line(&mut input, &mut buf, limit).expect("in memory");
        assert_eq!(next, Some(Line::Text("next".into())), "the rest is skipped");
        assert_eq!(
            read_line(&mut input, &mut buf, limit).expect("in memory"),
            None
        );
    }

    #[test]
    fn a_line_at_the_limit_is_read_whole_and_one_byte_more_is_too_long() {
        for (text, expected) in [
            (&b"abcd\r\nx"[..], Line::Text("abcd".into())),
            (b"abcd\nx", Line::Text("abcd".into())),
            (b"abcde\nx", Line::TooLong(5)),
            (b"abcde\r\nx", Line::TooLong(5)),
            (b"abcd", Line::Text("abcd".into())),
            (b"abcdefgh", Line::TooLong(8)),
        ] {
            let mut input = Cursor::new(text.to_vec());
            let mut buf = Vec::new();
            let line = read_line(&mut input, &mut buf, 4).expect("in memory");
            assert_eq!(line, Some(expected), "{:?}", String::from_utf8_lossy(text));
            assert!(buf.len() <= 4);
        }
    }

    #[test]
    fn a_stop_read_before_the_search_still_stops_it_until_handled() {
        let i = Interrupts::default();
        i.on_read(Urgency::Wait);
        i.on_read(Urgency::Stop);
        i.on_handle(1, Urgency::Wait);
        assert!(i.stop.load(Ordering::SeqCst), "the queued stop is seen");
        assert!(!i.abandon.load(Ordering::SeqCst));
        i.on_handle(2, Urgency::Stop);
        assert!(!i.stop.load(Ordering::SeqCst), "handled, it is spent");
        i.on_end(Urgency::Abandon);
        i.on_handle(3, Urgency::Wait);
        assert!(i.stop.load(Ordering::SeqCst) && i.abandon.load(Ordering::SeqCst));
        assert_eq!((i.current_line(), i.lines_read()), (3, 2));
    }

    #[test]
    fn an_analysis_stops_for_any_line_but_an_idle_one_and_at_the_end() {
        let i = Interrupts::default();
        let pending = || i.pending.load(Ordering::SeqCst);
        i.on_read(Urgency::Idle);
        assert!(!pending(), "XBoard's `.` does not stop an analysis");
        i.on_read(Urgency::Wait);
        assert!(pending() && !i.stop.load(Ordering::SeqCst));
        i.on_handle(1, Urgency::Idle);
        assert!(pending(), "the second line still waits");
        i.on_handle(2, Urgency::Wait);
        assert!(!pending());
        i.on_end(Urgency::Stop);
        assert!(pending());
    }
}
