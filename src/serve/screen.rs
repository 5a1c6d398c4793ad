//! A connection's screen as bytes for its SSH channel. A zero width or
//! height from the client means it does not know (RFC 4254 §6.2): it is
//! taken as [`UNKNOWN_SIZE`]. The size is clamped to [`MAX_COLUMNS`] ×
//! [`MAX_ROWS`] before anything is drawn (a larger terminal is told so),
//! whatever size the client claims, and a window smaller than
//! [`SMALLEST`] is asked to grow instead of showing a cut screen. A frame is drawn by ratatui on a terminal shared by all
//! connections of one thread; what the client shows is kept as a 32-bit
//! hash of each cell (4 bytes a cell, not ratatui's two buffers of cells
//! of about 40 bytes each), and a frame sends only the cells whose hash
//! changed since the last frame sent, as ratatui's own diff would.

use super::limits::{MAX_COLUMNS, MAX_ROWS};
use crossterm::{cursor, queue};
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect, Size};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};
use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::rc::Rc;

/// The window assumed when a client gives a zero width or height: a
/// terminal's usual 80 columns by 24 rows.
pub const UNKNOWN_SIZE: (u32, u32) = (80, 24);

/// The smallest window any screen of the server is drawn in, columns by
/// rows: the lobby's greeting, its list's title and a row of it, and its
/// keys. A smaller one shows [`too_small_screen`]'s line (the keys still
/// work).
pub const SMALLEST: (u16, u16) = (24, 6);

/// The window a client means by `width` by `height`: a zero dimension is
/// not known and taken from [`UNKNOWN_SIZE`] (RFC 4254 §6.2: zero
/// dimensions are ignored).
pub fn window(width: u32, height: u32) -> (u32, u32) {
    let known = |n: u32, unknown: u32| if n == 0 { unknown } else { n };
    (known(width, UNKNOWN_SIZE.0), known(height, UNKNOWN_SIZE.1))
}

/// The area drawn for a client window of `width` by `height` (at least 1
/// by 1, at most [`MAX_COLUMNS`] by [`MAX_ROWS`]).
pub fn clamp(width: u32, height: u32) -> Rect {
    let fit = |n: u32, most: u16| u16::try_from(n).unwrap_or(u16::MAX).clamp(1, most);
    Rect::new(0, 0, fit(width, MAX_COLUMNS), fit(height, MAX_ROWS))
}

/// What the client's terminal shows, as far as the server knows.
#[derive(Debug)]
pub struct Screen {
    /// The size the client gave.
    asked: (u32, u32),
    /// The area drawn.
    area: Rect,
    /// A hash of each cell as the client shows it, row by row; empty when
    /// unknown (the next frame repaints the whole screen).
    cells: Vec<u32>,
    /// Where the client's cursor shows, or `None` when hidden.
    cursor: Option<Position>,
}

impl Screen {
    /// The screen of a client window of `width` by `height`, unknown so far.
    pub fn new(width: u32, height: u32) -> Screen {
        let (width, height) = window(width, height);
        Screen {
            asked: (width, height),
            area: clamp(width, height),
            cells: Vec::new(),
            cursor: None,
        }
    }

    /// The client's window is now `width` by `height`: the next frame is
    /// drawn at that size (clamped) and repaints everything.
    pub fn resize(&mut self, width: u32, height: u32) {
        let (width, height) = window(width, height);
        self.asked = (width, height);
        self.area = clamp(width, height);
        self.cells = Vec::new();
    }

    /// The area frames are drawn in.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// Whether the client's window is larger than the server draws.
    pub fn too_large(&self) -> bool {
        self.asked.0 > u32::from(MAX_COLUMNS) || self.asked.1 > u32::from(MAX_ROWS)
    }

    /// The bytes that bring the client from what it shows to the frame
    /// `render` draws (nothing when nothing changed). A window larger than
    /// the server draws gets a sentence saying so instead.
    pub fn frame(&mut self, render: impl FnOnce(&mut Frame<'_>)) -> Vec<u8> {
        let area = self.area;
        let asked = self.asked;
        PAINTER.with(|painter| {
            let mut painter = painter.borrow_mut();
            if painter.as_ref().is_none_or(|(at, _, _)| *at != area) {
                let cursor = Rc::new(Cell::new(None));
                let recorder = Recorder {
                    cursor: cursor.clone(),
                    at: Position::default(),
                    size: area.as_size(),
                };
                *painter = Terminal::with_options(
                    recorder,
                    TerminalOptions {
                        viewport: Viewport::Fixed(area),
                    },
                )
                .ok()
                .map(|t| (area, t, cursor));
            }
            let Some((_, terminal, cursor)) = painter.as_mut() else {
                return Vec::new();
            };
            cursor.set(None);
            let drawn = terminal.draw(|f| fitted(asked, f, render));
            let Ok(completed) = drawn else {
                return Vec::new();
            };
            self.changes(completed.buffer, cursor.get())
        })
    }

    /// The bytes from what the client shows to `buffer` with the cursor at
    /// `cursor`, and the client now shows that.
    fn changes(&mut self, buffer: &Buffer, cursor: Option<Position>) -> Vec<u8> {
        let hashes: Vec<u32> = buffer.content.iter().map(cell_hash).collect();
        let mut out = Vec::new();
        let known = self.cells.len() == hashes.len();
        let changed = !known || self.cells != hashes;
        if !known {
            // Everything is drawn afresh over a cleared screen: only the
            // cells that are not blank.
            let _ = queue!(
                out,
                crossterm::style::SetAttribute(crossterm::style::Attribute::Reset),
                crossterm::terminal::Clear(crossterm::terminal::ClearType::All)
            );
            let blank = Buffer::empty(buffer.area);
            let _ = CrosstermBackend::new(&mut out).draw(blank.diff_iter(buffer));
        } else if changed {
            // What the client shows, as far as ratatui's diff can tell: the
            // new frame where the cell is unchanged, a cell no frame has
            // where it changed.
            let mut shown = buffer.clone();
            for (i, cell) in shown.content.iter_mut().enumerate() {
                if self.cells[i] != hashes[i] {
                    *cell = ratatui::buffer::Cell::new(UNLIKE_ANY_CELL);
                }
            }
            let _ = CrosstermBackend::new(&mut out).draw(shown.diff_iter(buffer));
        }
        self.cells = hashes;
        match cursor {
            Some(at) if changed || self.cursor != Some(at) => {
                let _ = queue!(out, cursor::MoveTo(at.x, at.y));
                if self.cursor.is_none() {
                    let _ = queue!(out, cursor::Show);
                }
            }
            None if self.cursor.is_some() => {
                let _ = queue!(out, cursor::Hide);
            }
            _ => {}
        }
        self.cursor = cursor;
        out
    }
}

/// A symbol no frame draws, for the cells whose contents the client has
/// not got.
const UNLIKE_ANY_CELL: &str = "\u{FFFF}";

/// A cell's hash, 32 bits (FNV-1a over its symbol, colours and modifiers).
fn cell_hash(cell: &ratatui::buffer::Cell) -> u32 {
    let mut hasher = Fnv(0x811c_9dc5);
    cell.hash(&mut hasher);
    hasher.finish() as u32
}

/// The 32-bit FNV-1a hash: quick for the few bytes of a cell.
struct Fnv(u32);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        u64::from(self.0)
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u32::from(*b)).wrapping_mul(0x0100_0193);
        }
    }
}

/// Draws `render` on `frame`, the area drawn for a client window of
/// `asked` (after [`window`]); a window larger than the server draws, or
/// smaller than [`SMALLEST`], gets a sentence saying so instead.
pub fn fitted(asked: (u32, u32), frame: &mut Frame<'_>, render: impl FnOnce(&mut Frame<'_>)) {
    let area = frame.area();
    if asked.0 > u32::from(MAX_COLUMNS) || asked.1 > u32::from(MAX_ROWS) {
        too_large_screen(asked, frame);
    } else if area.width < SMALLEST.0 || area.height < SMALLEST.1 {
        too_small_screen(frame);
    } else {
        render(frame);
    }
}

/// The screen of a window smaller than [`SMALLEST`]: the request first,
/// so that even one cell starts it.
fn too_small_screen(frame: &mut Frame<'_>) {
    let area = frame.area();
    let text = format!(
        "{TOO_SMALL} ({}x{}; at least {}x{}), or press q to leave.",
        area.width, area.height, SMALLEST.0, SMALLEST.1
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// The first words of the line a window too small to draw in shows.
pub const TOO_SMALL: &str = "Make the window larger";

/// The screen of a window larger than the server draws.
fn too_large_screen(asked: (u32, u32), frame: &mut Frame<'_>) {
    let text = format!(
        "This terminal is {}x{}; the server draws at most {MAX_COLUMNS}x{MAX_ROWS}. Make the window smaller, or press q to leave.",
        asked.0, asked.1
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), frame.area());
}

/// A thread's terminal: the area it draws, the terminal, and where its
/// last frame left the cursor.
type Painter = (Rect, Terminal<Recorder>, Rc<Cell<Option<Position>>>);

thread_local! {
    /// The terminal this thread draws every connection's frames on.
    static PAINTER: RefCell<Option<Painter>> = const { RefCell::new(None) };
}

/// A ratatui backend that writes nothing and keeps where the frame put
/// the cursor: the bytes are made by [`Screen`] from the drawn buffer.
#[derive(Debug)]
struct Recorder {
    /// Where the cursor shows after the frame, or `None` when hidden.
    cursor: Rc<Cell<Option<Position>>>,
    at: Position,
    size: Size,
}

impl Backend for Recorder {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, _content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a ratatui::buffer::Cell)>,
    {
        Ok(())
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.cursor.set(None);
        Ok(())
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.cursor.set(Some(self.at));
        Ok(())
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.at)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.at = position.into();
        if self.cursor.get().is_some() {
            self.cursor.set(Some(self.at));
        }
        Ok(())
    }

    fn clear(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn clear_region(&mut self, _clear_type: ClearType) -> io::Result<()> {
        Ok(())
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes what takes over the client's terminal (the alternate screen,
/// the cursor hidden, bracketed paste) to `out`.
pub fn enter(out: &mut Vec<u8>) {
    let _ = crate::ui::terminal::enter_screen(out);
}

/// Writes what gives the client's terminal back (the main screen, the
/// cursor shown) and `sentence` on a line of its own.
pub fn leave(out: &mut Vec<u8>, sentence: &str) {
    let _ = crate::ui::terminal::leave_screen(out);
    let _ = write!(out, "{sentence}\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Style};
    use ratatui::text::Line;

    fn parser(area: Rect) -> vt100::Parser {
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("not empty");
        vt100::Parser::new(size(area.height), size(area.width), 0)
    }

    fn text_of(buffer: &Buffer) -> Vec<String> {
        (0..buffer.area.height)
            .map(|y| {
                let mut row = String::new();
                let mut x = 0;
                while x < buffer.area.width {
                    let s = buffer[(x, y)].symbol();
                    row.push_str(s);
                    x += unicode_width::UnicodeWidthStr::width(s).max(1) as u16;
                }
                row.trim_end().to_string()
            })
            .collect()
    }

    fn render_lines(lines: &[(String, Color)]) -> impl FnOnce(&mut Frame<'_>) + '_ {
        move |f: &mut Frame<'_>| {
            let text: Vec<Line<'_>> = lines
                .iter()
                .map(|(t, c)| Line::styled(t.clone(), Style::default().fg(*c)))
                .collect();
            f.render_widget(Paragraph::new(text), f.area());
        }
    }

    /// Draws `lines` on a test terminal of `area`, for the expected screen.
    fn expected(area: Rect, lines: &[(String, Color)]) -> Buffer {
        let mut t = Terminal::new(ratatui::backend::TestBackend::new(area.width, area.height))
            .expect("a test terminal");
        t.draw(render_lines(lines)).expect("drawn");
        t.backend().buffer().clone()
    }

    fn shown(p: &vt100::Parser) -> Vec<String> {
        p.screen()
            .rows(0, p.screen().size().1.get())
            .map(|r| r.trim_end().to_string())
            .collect()
    }

    #[test]
    fn any_window_size_is_clamped_before_anything_is_drawn() {
        for (w, h) in [
            (0, 0),
            (1, 1),
            (80, 24),
            (500, 200),
            (501, 201),
            (10_000, 10_000),
            (65_535, 65_535),
            (u32::MAX, u32::MAX),
        ] {
            let (w, h) = window(w, h);
            let area = clamp(w, h);
            assert!((1..=MAX_COLUMNS).contains(&area.width), "{w}x{h}");
            assert!((1..=MAX_ROWS).contains(&area.height), "{w}x{h}");
            let mut screen = Screen::new(w, h);
            let bytes = screen.frame(|f| {
                assert_eq!(f.area(), area);
                f.render_widget(Paragraph::new("board"), f.area());
            });
            let big = w > u32::from(MAX_COLUMNS) || h > u32::from(MAX_ROWS);
            assert_eq!(screen.too_large(), big);
            let mut p = parser(area);
            p.process(&bytes);
            let text = p.screen().contents();
            if big {
                assert!(text.contains("the server draws at most"), "{text}");
            } else if area.width >= SMALLEST.0 && area.height >= SMALLEST.1 {
                assert!(text.starts_with("board"), "{text}");
            } else {
                assert!(
                    text.starts_with(&TOO_SMALL[..usize::from(area.width).min(TOO_SMALL.len())]),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn frames_replayed_on_a_terminal_show_exactly_what_was_drawn() {
        let area = Rect::new(0, 0, 30, 6);
        let mut screen = Screen::new(30, 6);
        let mut client = parser(area);
        let frames: Vec<Vec<(String, Color)>> = vec![
            vec![
                ("Tables".into(), Color::Yellow),
                ("t1 open".into(), Color::Reset),
            ],
            vec![
                ("Tables".into(), Color::Yellow),
                ("t1 full".into(), Color::Red),
            ],
            vec![
                ("Tables".into(), Color::Yellow),
                ("t1 full".into(), Color::Red),
                ("t2 open — 象 watching".into(), Color::Green),
            ],
            vec![("short".into(), Color::Reset)],
            vec![("short".into(), Color::Reset)],
        ];
        let mut sizes = Vec::new();
        for lines in &frames {
            let bytes = screen.frame(render_lines(lines));
            sizes.push(bytes.len());
            client.process(&bytes);
            assert_eq!(shown(&client), text_of(&expected(area, lines)), "{lines:?}");
        }
        assert_eq!(sizes[4], 0, "nothing changed, nothing sent");
        assert!(sizes[1] < sizes[0], "one row rewritten: {sizes:?}");
        // A colour on the screen is the colour drawn.
        assert_eq!(
            client.screen().cell(1, 0).map(|c| c.fgcolor()),
            Some(vt100::Color::Default),
            "the last frame drew row 1 in the default colour"
        );
    }

    /// What a test frame writes: text in a colour at a place.
    type Span = (u16, u16, &'static str, Color);

    fn palette(n: usize) -> Color {
        [
            Color::Reset,
            Color::Red,
            Color::Indexed(100),
            Color::Rgb(1, 2, 3),
        ][n % 4]
    }

    fn vt_colour(c: Color) -> vt100::Color {
        match c {
            Color::Red => vt100::Color::Idx(1),
            Color::Indexed(n) => vt100::Color::Idx(n),
            Color::Rgb(r, g, b) => vt100::Color::Rgb(r, g, b),
            _ => vt100::Color::Default,
        }
    }

    fn spans() -> impl proptest::strategy::Strategy<Value = Vec<Span>> {
        use proptest::prelude::*;
        let words = prop::sample::select(vec!["a", "bc", "象", "♔♕", "  ", "x象y", "—"]);
        prop::collection::vec((0u16..20, 0u16..6, words, 0usize..4), 0..8).prop_map(|v| {
            v.into_iter()
                .map(|(x, y, w, c)| (x, y, w, palette(c)))
                .collect()
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            cases: 200,
            failure_persistence: None,
            ..proptest::test_runner::Config::default()
        })]

        #[test]
        fn any_sequence_of_frames_shows_on_the_client_exactly_as_drawn(
            frames in proptest::collection::vec(spans(), 1..6)
        ) {
            let area = Rect::new(0, 0, 24, 6);
            let mut screen = Screen::new(24, 6);
            let mut client = parser(area);
            for frame in &frames {
                let draw = |f: &mut Frame<'_>| {
                    for (x, y, text, colour) in frame {
                        f.buffer_mut().set_string(*x, *y, text, Style::default().fg(*colour));
                    }
                };
                client.process(&screen.frame(draw));
                let mut t = Terminal::new(ratatui::backend::TestBackend::new(24, 6))
                    .expect("a test terminal");
                t.draw(draw).expect("drawn");
                let want = t.backend().buffer().clone();
                proptest::prop_assert_eq!(shown(&client), text_of(&want));
                for y in 0..6u16 {
                    let mut x = 0u16;
                    while x < 24 {
                        let cell = &want[(x, y)];
                        let got = client.screen().cell(y, x).map(|c| c.fgcolor());
                        if cell.symbol() != " " {
                            proptest::prop_assert_eq!(got, Some(vt_colour(cell.fg)), "at {},{}", x, y);
                        }
                        x += unicode_width::UnicodeWidthStr::width(cell.symbol()).max(1) as u16;
                    }
                }
            }
        }
    }

    #[test]
    fn a_forgotten_screen_repaints_every_row_and_the_cursor_follows_the_frame() {
        let mut screen = Screen::new(24, 6);
        let first = screen.frame(|f| {
            f.render_widget(Paragraph::new("prompt: e4"), f.area());
            f.set_cursor_position((10, 0));
        });
        let text = String::from_utf8_lossy(&first).into_owned();
        assert!(text.contains("\x1b[?25h"), "the cursor is shown: {text:?}");
        let again = screen.frame(|f| {
            f.render_widget(Paragraph::new("prompt: e4"), f.area());
            f.set_cursor_position((10, 0));
        });
        assert!(again.is_empty(), "{:?}", String::from_utf8_lossy(&again));
        let hidden = screen.frame(|f| f.render_widget(Paragraph::new("board"), f.area()));
        assert!(String::from_utf8_lossy(&hidden).contains("\x1b[?25l"));
        screen.resize(24, 6);
        let repaint = screen.frame(|f| f.render_widget(Paragraph::new("board"), f.area()));
        let mut client = parser(Rect::new(0, 0, 24, 6));
        client.process(b"garbage everywhere\r\nmore garbage\r\nand more");
        client.process(&repaint);
        assert_eq!(shown(&client), ["board", "", "", "", "", ""]);
    }
}
