//! Tests of the SSH line mode: what a connection reads and says a line at a time.

use super::*;

#[test]
fn lines_are_read_with_and_without_a_terminal() {
    let mut plain = LineIo::new(false);
    assert_eq!(
        plain.feed(b"tables\njoin a\r\n"),
        vec![Typing::Line("tables".into()), Typing::Line("join a".into())]
    );
    assert!(plain.take().is_empty(), "no echo without a pty");
    let mut pty = LineIo::new(true);
    assert_eq!(pty.feed(b"e2e5\x7f4"), Vec::new());
    assert_eq!(pty.feed(b"\r\n"), vec![Typing::Line("e2e4".into())]);
    assert_eq!(pty.take(), b"e2e5\x08 \x084\r\n".to_vec());
    assert_eq!(pty.feed(b"\x04"), vec![Typing::Done]);
}

#[test]
fn a_line_too_long_is_skipped_to_its_end() {
    let mut io = LineIo::new(false);
    let long = vec![b'a'; LINE_MODE_LINE.most as usize + 10];
    let mut typed = io.feed(&long);
    typed.extend(io.feed(b"\nboard\n"));
    assert_eq!(
        typed,
        vec![
            Typing::TooLong(LINE_MODE_LINE.most + 10),
            Typing::Line("board".into())
        ]
    );
}

#[test]
fn a_variant_and_a_clock_are_read_in_any_order() {
    assert_eq!(
        game_asked(&["5+3", "polar"], None).map(|(v, c)| (v, c.map(|c| c.text()))),
        Ok((Variant::Polar, Some("5+3".to_string())))
    );
    assert_eq!(game_asked(&[], None), Ok((Variant::Chess, None)));
    assert!(game_asked(&["chezz"], None).is_err());
    for v in Variant::ALL {
        assert_eq!(variant_named(v.id()), Some(*v));
        assert_eq!(variant_named(v.name()), Some(*v));
    }
}
