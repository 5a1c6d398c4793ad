//! Terminal bytes to keys: a small decoder for what a terminal sends in raw
//! mode (printable UTF-8, control characters, the arrow keys' escape
//! sequences). The input thread reads the terminal itself and feeds the
//! bytes here, so no key can be left in a buffer the thread does not see.

use super::action::{Mouse, MouseKind};
use super::keymap::Key;

/// The longest escape sequence kept while waiting for its end; anything
/// longer is not a key and is dropped.
const LONGEST_SEQUENCE: usize = 64;

/// The marks a terminal in bracketed-paste mode puts around pasted text.
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// The most pasted text kept; the rest of a longer paste is dropped.
const LONGEST_PASTE: usize = 64 * 1024;

/// What the bytes decode to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A key pressed.
    Key(Key),
    /// Text pasted in the terminal (bracketed paste): text, never keys.
    Paste(String),
    /// A mouse event (SGR encoding, `ESC [ < b ; x ; y M`).
    Mouse(Mouse),
}

/// Turns bytes into keys and pastes, keeping a sequence cut short until
/// the rest comes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyDecoder {
    pending: Vec<u8>,
    /// The text of a paste whose end mark has not come yet.
    paste: Option<Vec<u8>>,
}

/// What the bytes at the front of the buffer are.
enum Token {
    /// A key, and how many bytes it took.
    Key(Key, usize),
    /// A mouse event, and how many bytes it took.
    Mouse(Mouse, usize),
    /// Bytes that are no key we use (a function key, a paste marker).
    Skip(usize),
    /// The start of something whose end has not come yet.
    Incomplete,
}

impl KeyDecoder {
    /// A decoder with nothing waiting.
    pub fn new() -> KeyDecoder {
        KeyDecoder::default()
    }

    /// Adds `bytes` and returns the keys and pastes they complete, in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Decoded> {
        self.pending.extend_from_slice(bytes);
        let mut out = Vec::new();
        let mut at = 0;
        while at < self.pending.len() {
            if let Some(text) = &mut self.paste {
                let rest = &self.pending[at..];
                match find(rest, PASTE_END) {
                    Some(end) => {
                        keep_pasted(text, &rest[..end]);
                        let pasted = String::from_utf8_lossy(text).into_owned();
                        out.push(Decoded::Paste(pasted));
                        self.paste = None;
                        at += end + PASTE_END.len();
                    }
                    None => {
                        // Keep a tail that may be the start of the end mark.
                        let keep = partial_suffix(rest, PASTE_END);
                        keep_pasted(text, &rest[..rest.len() - keep]);
                        at = self.pending.len() - keep;
                        break;
                    }
                }
                continue;
            }
            let rest = &self.pending[at..];
            if rest.starts_with(PASTE_START) {
                self.paste = Some(Vec::new());
                at += PASTE_START.len();
                continue;
            }
            if PASTE_START.starts_with(rest) && rest.len() < PASTE_START.len() {
                break;
            }
            match token(rest) {
                Token::Key(key, used) => {
                    out.push(Decoded::Key(key));
                    at += used;
                }
                Token::Mouse(mouse, used) => {
                    out.push(Decoded::Mouse(mouse));
                    at += used;
                }
                Token::Skip(used) => at += used,
                Token::Incomplete if self.pending.len() - at > LONGEST_SEQUENCE => {
                    at = self.pending.len();
                }
                Token::Incomplete => break,
            }
        }
        self.pending.drain(..at);
        out
    }

    /// Whether bytes are waiting for the rest of their sequence (a lone
    /// Esc may be the start of an arrow key).
    pub fn is_waiting(&self) -> bool {
        !self.pending.is_empty() && self.paste.is_none()
    }

    /// No more bytes came: a waiting Esc is the Esc key, and whatever
    /// followed it is read afresh; a cut UTF-8 character is dropped.
    pub fn flush(&mut self) -> Vec<Decoded> {
        if self.paste.is_some() {
            return Vec::new();
        }
        let rest = std::mem::take(&mut self.pending);
        match rest.split_first() {
            Some((0x1b, after)) => {
                let mut keys = vec![Decoded::Key(Key::Esc)];
                keys.extend(self.feed(after));
                self.pending.clear();
                keys
            }
            _ => Vec::new(),
        }
    }
}

/// Where `needle` first stands in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// How many bytes at the end of `bytes` could be the start of `mark`.
fn partial_suffix(bytes: &[u8], mark: &[u8]) -> usize {
    (1..mark.len())
        .rev()
        .find(|&n| n <= bytes.len() && bytes.ends_with(&mark[..n]))
        .unwrap_or(0)
}

/// Adds `bytes` to a paste, up to [`LONGEST_PASTE`].
fn keep_pasted(text: &mut Vec<u8>, bytes: &[u8]) {
    let room = LONGEST_PASTE.saturating_sub(text.len());
    text.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

/// Reads the token at the front of `bytes` (not empty).
fn token(bytes: &[u8]) -> Token {
    let first = bytes[0];
    match first {
        0x1b => escape(bytes),
        b'\r' | b'\n' => Token::Key(Key::Enter, 1),
        0x7f | 0x08 => Token::Key(Key::Backspace, 1),
        0x01..=0x1a => Token::Key(Key::Ctrl(char::from(b'a' + first - 1)), 1),
        0x20..=0x7e => Token::Key(Key::Char(char::from(first)), 1),
        0x80.. => utf8(bytes),
        _ => Token::Skip(1),
    }
}

/// An escape sequence: arrows as CSI (`ESC [ A`, `ESC [ 1 ; 5 A`) or SS3
/// (`ESC O A`); other sequences are skipped whole; Esc before anything else
/// is the Esc key.
fn escape(bytes: &[u8]) -> Token {
    let Some(&second) = bytes.get(1) else {
        return Token::Incomplete;
    };
    match second {
        b'[' => {
            // Parameters and intermediates, then one final byte.
            let end = bytes[2..].iter().position(|b| (0x40..=0x7e).contains(b));
            match end {
                None => Token::Incomplete,
                Some(i) => {
                    let used = 2 + i + 1;
                    if let Some(mouse) = sgr_mouse(&bytes[2..2 + i], bytes[2 + i]) {
                        return Token::Mouse(mouse, used);
                    }
                    match csi_key(&bytes[2..2 + i], bytes[2 + i]) {
                        Some(key) => Token::Key(key, used),
                        None => Token::Skip(used),
                    }
                }
            }
        }
        b'O' => match bytes.get(2) {
            None => Token::Incomplete,
            Some(&b) => match arrow(b) {
                Some(key) => Token::Key(key, 3),
                None => Token::Skip(3),
            },
        },
        _ => Token::Key(Key::Esc, 1),
    }
}

fn arrow(final_byte: u8) -> Option<Key> {
    match final_byte {
        b'A' => Some(Key::Up),
        b'B' => Some(Key::Down),
        b'C' => Some(Key::Right),
        b'D' => Some(Key::Left),
        b'H' => Some(Key::Home),
        b'F' => Some(Key::End),
        _ => None,
    }
}

/// The mouse event of an SGR mouse report (`ESC [ < b ; x ; y M`, `m`
/// on release; x and y count from 1): the left button, a drag with it,
/// its release and the wheel; other buttons and malformed reports give
/// `None` (and the sequence is skipped whole).
fn sgr_mouse(params: &[u8], final_byte: u8) -> Option<Mouse> {
    let rest = params.strip_prefix(b"<")?;
    if final_byte != b'M' && final_byte != b'm' {
        return None;
    }
    let mut numbers = rest.split(|b| *b == b';').map(|n| {
        std::str::from_utf8(n)
            .ok()
            .filter(|t| (1..=5).contains(&t.len()))
            .and_then(|t| t.parse::<u16>().ok())
    });
    let (button, x, y) = (numbers.next()??, numbers.next()??, numbers.next()??);
    if numbers.next().is_some() || x == 0 || y == 0 {
        return None;
    }
    // Bits 2-4 are Shift, Meta and Control, ignored here.
    let kind = match (button & !0b1_1100, final_byte) {
        (0, b'M') => MouseKind::Press,
        (32, b'M') => MouseKind::Drag,
        (0, b'm') => MouseKind::Release,
        (64, _) => MouseKind::ScrollUp,
        (65, _) => MouseKind::ScrollDown,
        _ => return None,
    };
    Some(Mouse {
        kind,
        column: x - 1,
        row: y - 1,
    })
}

/// The key of a CSI sequence with `params` and `final_byte`: an arrow,
/// Home or End (`ESC [ H`, `ESC [ 1 ~`), Page Up or Page Down (`ESC [ 5 ~`).
fn csi_key(params: &[u8], final_byte: u8) -> Option<Key> {
    if final_byte != b'~' {
        return arrow(final_byte);
    }
    let first = params.split(|b| *b == b';').next().unwrap_or_default();
    match first {
        b"1" | b"7" => Some(Key::Home),
        b"4" | b"8" => Some(Key::End),
        b"5" => Some(Key::PageUp),
        b"6" => Some(Key::PageDown),
        _ => None,
    }
}

/// A UTF-8 character of two to four bytes.
fn utf8(bytes: &[u8]) -> Token {
    let len = match bytes[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Token::Skip(1),
    };
    if bytes.len() < len {
        return if bytes[1..].iter().all(|b| (0x80..=0xbf).contains(b)) {
            Token::Incomplete
        } else {
            Token::Skip(1)
        };
    }
    match std::str::from_utf8(&bytes[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) if !c.is_control() => Token::Key(Key::Char(c), len),
        _ => Token::Skip(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(decoded: Vec<Decoded>) -> Vec<Key> {
        decoded
            .into_iter()
            .filter_map(|d| match d {
                Decoded::Key(k) => Some(k),
                Decoded::Paste(_) | Decoded::Mouse(_) => None,
            })
            .collect()
    }

    fn decode(bytes: &[u8]) -> Vec<Key> {
        let mut d = KeyDecoder::new();
        let mut out = d.feed(bytes);
        out.extend(d.flush());
        keys(out)
    }

    #[test]
    fn paging_keys_in_the_usual_encodings() {
        assert_eq!(
            decode(b"\x1b[5~\x1b[6~\x1b[H\x1b[F\x1b[1~\x1b[4~\x1bOH\x1b[7~\x1b[3~"),
            [
                Key::PageUp,
                Key::PageDown,
                Key::Home,
                Key::End,
                Key::Home,
                Key::End,
                Key::Home,
                Key::Home
            ]
        );
    }

    #[test]
    fn arrows_in_both_encodings_and_with_modifiers() {
        assert_eq!(
            decode(b"\x1b[A\x1b[B\x1bOC\x1bOD\x1b[1;5A"),
            [Key::Up, Key::Down, Key::Right, Key::Left, Key::Up]
        );
    }

    #[test]
    fn printable_control_and_editing_keys() {
        assert_eq!(
            decode(b"k: \r\x7f\x08\x03"),
            [
                Key::Char('k'),
                Key::Char(':'),
                Key::Char(' '),
                Key::Enter,
                Key::Backspace,
                Key::Backspace,
                Key::Ctrl('c'),
            ]
        );
        assert_eq!(decode("é×".as_bytes()), [Key::Char('é'), Key::Char('×')]);
    }

    #[test]
    fn a_sequence_split_across_reads_waits_for_its_end() {
        let mut d = KeyDecoder::new();
        assert_eq!(keys(d.feed(b"j\x1b")), [Key::Char('j')]);
        assert!(d.is_waiting());
        assert_eq!(keys(d.feed(b"[")), []);
        assert_eq!(keys(d.feed(b"A")), [Key::Up]);
        assert!(!d.is_waiting());
        let bytes = "é".as_bytes();
        assert_eq!(keys(d.feed(&bytes[..1])), []);
        assert_eq!(keys(d.feed(&bytes[1..])), [Key::Char('é')]);
    }

    #[test]
    fn a_lone_esc_is_the_esc_key_once_nothing_follows() {
        let mut d = KeyDecoder::new();
        assert_eq!(keys(d.feed(b"\x1b")), []);
        assert_eq!(keys(d.flush()), [Key::Esc]);
        assert!(!d.is_waiting());
        // Esc then a key in one read (typed fast) is both keys.
        assert_eq!(decode(b"\x1bq"), [Key::Esc, Key::Char('q')]);
        assert_eq!(decode(b"\x1b\x1b[A"), [Key::Esc, Key::Up]);
    }

    #[test]
    fn other_sequences_are_skipped_whole() {
        // F5, Insert, a focus report, F1.
        assert_eq!(
            decode(b"\x1b[15~\x1b[2~\x1b[Ia\x1bOPb"),
            [Key::Char('a'), Key::Char('b')]
        );
        // An endless sequence does not hold input back for ever.
        let mut d = KeyDecoder::new();
        let mut junk = b"\x1b[".to_vec();
        junk.extend([b'1'; 100]);
        assert_eq!(keys(d.feed(&junk)), []);
        assert!(!d.is_waiting());
        assert_eq!(keys(d.feed(b"q")), [Key::Char('q')]);
    }

    #[test]
    fn sgr_mouse_reports_are_mouse_events_and_others_are_skipped() {
        let mut d = KeyDecoder::new();
        let out = d.feed(b"\x1b[<0;10;5M\x1b[<32;12;5M\x1b[<0;12;5m\x1b[<64;1;1M\x1b[<65;3;2Mx");
        let mouse = |kind, column, row| Decoded::Mouse(Mouse { kind, column, row });
        assert_eq!(
            out,
            vec![
                mouse(MouseKind::Press, 9, 4),
                mouse(MouseKind::Drag, 11, 4),
                mouse(MouseKind::Release, 11, 4),
                mouse(MouseKind::ScrollUp, 0, 0),
                mouse(MouseKind::ScrollDown, 2, 1),
                Decoded::Key(Key::Char('x')),
            ]
        );
        // The right button, a zero column, a huge number: skipped whole.
        assert_eq!(
            keys(d.feed(b"\x1b[<2;1;1M\x1b[<0;0;1M\x1b[<0;999999;1My")),
            vec![Key::Char('y')]
        );
    }

    #[test]
    fn many_keys_in_one_read_all_come_out() {
        let bytes = "f".repeat(5000);
        assert_eq!(decode(bytes.as_bytes()).len(), 5000);
        let arrows = "\x1b[B".repeat(2000);
        assert_eq!(decode(arrows.as_bytes()), vec![Key::Down; 2000]);
    }

    #[test]
    fn a_bracketed_paste_is_text_never_keys() {
        let mut d = KeyDecoder::new();
        let out = d.feed(b"k\x1b[200~Nf3\rq\x1b[201~j");
        assert_eq!(
            out,
            [
                Decoded::Key(Key::Char('k')),
                Decoded::Paste("Nf3\rq".into()),
                Decoded::Key(Key::Char('j')),
            ]
        );
        // Split between two reads anywhere, even inside the marks, it is
        // the same (a wait inside the paste reads no Esc key either).
        let bytes = b"\x1b[200~e2\x1be4\x1b[201~";
        for cut in 1..bytes.len() {
            let mut d = KeyDecoder::new();
            let mut out = d.feed(&bytes[..cut]);
            if cut >= PASTE_START.len() {
                out.extend(d.flush());
            }
            out.extend(d.feed(&bytes[cut..]));
            out.extend(d.flush());
            assert_eq!(out, [Decoded::Paste("e2\x1be4".into())], "cut at {cut}");
        }
        // A huge paste is cut, not kept whole.
        let mut d = KeyDecoder::new();
        let mut big = PASTE_START.to_vec();
        big.extend(vec![b'a'; LONGEST_PASTE * 2]);
        big.extend(PASTE_END);
        match d.feed(&big).as_slice() {
            [Decoded::Paste(text)] => assert_eq!(text.len(), LONGEST_PASTE),
            other => panic!("{other:?}"),
        }
    }

    use proptest::strategy::Strategy;

    /// Byte runs a terminal sends, mixed with random bytes by the property.
    const FRAGMENTS: &[&[u8]] = &[
        PASTE_START,
        PASTE_END,
        b"\x1b[A",
        b"\x1b[1;5B",
        b"\x1bOC",
        b"\x1b",
        b"\r",
        b"q",
        "\u{e9}".as_bytes(),
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

        /// Any bytes, cut into reads anywhere, decode without a panic, and
        /// the same bytes in one read decode the same way as in two.
        #[test]
        fn any_byte_stream_decodes_calmly(
            pieces in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::any::<u8>().prop_map(|b| vec![b]),
                    proptest::sample::select(FRAGMENTS).prop_map(|f| f.to_vec()),
                ],
                0..60,
            ),
            cut in 0usize..300,
        ) {
            let bytes: Vec<u8> = pieces.concat();
            let cut = cut.min(bytes.len());
            let mut whole = KeyDecoder::new();
            let mut once = whole.feed(&bytes);
            once.extend(whole.flush());
            let mut split = KeyDecoder::new();
            let mut twice = split.feed(&bytes[..cut]);
            twice.extend(split.feed(&bytes[cut..]));
            twice.extend(split.flush());
            proptest::prop_assert_eq!(once, twice);
        }
    }
}
