//! The screen of an SSH channel: a ratatui terminal whose crossterm
//! backend writes to a buffer that is sent to the channel on every flush,
//! with the size the client gave (its pty request and window changes).

use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::ChannelId;
use russh::server::Handle;
use std::io;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

/// What the connection's thread sends to its channel.
#[derive(Debug)]
pub enum Out {
    /// Bytes to write.
    Data(Vec<u8>),
    /// Close the channel and the connection.
    Close,
}

/// Collects what the backend writes and sends it to the channel on flush.
#[derive(Debug)]
pub struct ChannelWriter {
    tx: UnboundedSender<Out>,
    buf: Vec<u8>,
}

impl ChannelWriter {
    /// A writer that sends to `tx`.
    pub fn new(tx: UnboundedSender<Out>) -> ChannelWriter {
        ChannelWriter {
            tx,
            buf: Vec::new(),
        }
    }
}

impl io::Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut self.buf);
        self.tx
            .send(Out::Data(data))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the channel is closed"))
    }
}

/// The terminal a connection draws on.
pub type SshScreen = Terminal<CrosstermBackend<ChannelWriter>>;

/// The area of a `width` by `height` terminal (at least 1 by 1).
pub fn area(width: u32, height: u32) -> Rect {
    let clamp = |n: u32| u16::try_from(n).unwrap_or(u16::MAX).max(1);
    Rect::new(0, 0, clamp(width), clamp(height))
}

/// A screen of `size` drawing through `writer`.
pub fn screen(writer: ChannelWriter, size: Rect) -> io::Result<SshScreen> {
    Terminal::with_options(
        CrosstermBackend::new(writer),
        TerminalOptions {
            viewport: Viewport::Fixed(size),
        },
    )
}

/// Sends what arrives on `rx` to channel `channel` of the connection
/// behind `handle`, until told to close or the connection is gone.
pub async fn pump(handle: Handle, channel: ChannelId, mut rx: UnboundedReceiver<Out>) {
    while let Some(out) = rx.recv().await {
        match out {
            Out::Data(data) => {
                if handle.data(channel, data).await.is_err() {
                    break;
                }
            }
            Out::Close => {
                let _ = handle.eof(channel).await;
                let _ = handle.close(channel).await;
                break;
            }
        }
    }
}
