//! The page of keys of a connection, on the screen and in lines: the
//! account's keys listed, one removed after a question, the key of the
//! connection refused in the server's sentence.

use super::*;
use crate::serve::hub::tests::HubScratch;
use crate::serve::identity::Login;
use crate::serve::limits::Limits;
use crate::serve::store::Store;
use catboard_testkit::Scratch;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A hub where Alice has three keys (`key:A`, `key:L`, `key:P`), and
/// Alice as her laptop (`key:L`) logs in.
fn alice(dir: &Scratch) -> (Arc<Shared>, Who, Arc<dyn Store>) {
    let (shared, store) = dir.shared(Limits::default());
    let login = |user: &str, key: &str, last: u8| Login {
        user: user.into(),
        key: Some(key.into()),
        address: std::net::IpAddr::from([10, 0, 0, last]),
    };
    let desk = shared.who(&login("alice", "key:A", 1)).expect("alice");
    for (n, key) in ["key:L", "key:P"].into_iter().enumerate() {
        let code = shared.link_code(&desk).expect("a code");
        let last = u8::try_from(n).expect("two") + 2;
        shared
            .who(&login(&format!("link-{code}"), key, last))
            .expect("added");
    }
    let laptop = shared.who(&login("", "key:L", 9)).expect("the laptop");
    (shared, laptop, store)
}

fn note(conn: &Connection) -> String {
    match &conn.place {
        Place::Lobby(lobby) => lobby.note().map(str::to_string).unwrap_or_default(),
        _ => panic!("not in the lobby"),
    }
}

#[test]
fn a_key_is_removed_from_the_page_of_keys_after_a_question() {
    let rt = runtime();
    let dir = Scratch::new("keys-screen");
    let (shared, laptop, store) = alice(&dir);
    let mut conn = Connection::new(shared.clone(), 1, laptop, Arc::new(Mailbox::new()));
    let area = Rect::new(0, 0, 80, 24);
    let press = |conn: &mut Connection, c: Key| {
        rt.block_on(conn.input(Incoming::Key(c), area));
        conn.fit_lobby(area);
    };
    press(&mut conn, Key::Char('a'));
    let listed = conn.lists.keys.clone().expect("read");
    assert_eq!(listed.listed.len(), 3);
    assert_eq!(listed.connected, "key:L");
    // The laptop's own key (the second): refused at once, not asked.
    press(&mut conn, Key::Down);
    press(&mut conn, Key::Char('x'));
    assert_eq!(
        note(&conn),
        "The key L is the one you are connected with; connect with another of your keys to remove it."
    );
    // The phone's (the third): asked, then removed.
    press(&mut conn, Key::Down);
    press(&mut conn, Key::Char('x'));
    assert!(
        note(&conn).starts_with("Remove the key P"),
        "{}",
        note(&conn)
    );
    press(&mut conn, Key::Char('y'));
    assert_eq!(
        note(&conn),
        "The key P is removed: it no longer logs in to your account."
    );
    let left: Vec<String> = conn
        .lists
        .keys
        .clone()
        .expect("read anew")
        .listed
        .into_iter()
        .map(|k| k.key)
        .collect();
    assert_eq!(left, ["key:A", "key:L"]);
    assert_eq!(store.account_of_key("key:P"), Ok(None));
}

#[test]
fn keys_are_listed_and_removed_in_lines() {
    let rt = runtime();
    let dir = Scratch::new("keys-lines");
    let (shared, laptop, store) = alice(&dir);
    let mut conn = Connection::new(shared.clone(), 1, laptop, Arc::new(Mailbox::new()));
    conn.line = Some(lines::LineIo::new(false));
    let said = |conn: &mut Connection, line: &str| -> String {
        rt.block_on(conn.line_typed(lines::Typing::Line(line.to_string())));
        let out = conn.line.as_mut().expect("in lines").take();
        String::from_utf8(out).expect("text")
    };
    assert_eq!(
        said(&mut conn, "remove 3"),
        "Type keys first, to hear your keys and their numbers.\n"
    );
    let keys = said(&mut conn, "keys");
    assert!(keys.starts_with("Your account has 3 keys"), "{keys}");
    assert!(
        keys.contains("\n1. A, the account's first: first seen "),
        "{keys}"
    );
    assert!(
        keys.contains("\n2. L, this connection's: first seen "),
        "{keys}"
    );
    let in_use = said(&mut conn, "remove 2");
    assert!(
        in_use.contains("the one you are connected with"),
        "{in_use}"
    );
    let first = said(&mut conn, "remove key 1");
    assert!(first.contains("cannot be removed"), "{first}");
    let wrong = said(&mut conn, "remove 4");
    assert!(wrong.starts_with("Remove which key?"), "{wrong}");
    let asked = said(&mut conn, "remove 3");
    assert!(asked.starts_with("Remove the key P"), "{asked}");
    assert_eq!(said(&mut conn, "no"), "The key P is kept.\n");
    assert_eq!(store.account_of_key("key:P"), Ok(Some("key:A".into())));
    said(&mut conn, "remove 3");
    let removed = said(&mut conn, "yes");
    assert_eq!(
        removed,
        "The key P is removed: it no longer logs in to your account.\n"
    );
    assert_eq!(store.account_of_key("key:P"), Ok(None));
    assert!(said(&mut conn, "keys").starts_with("Your account has 2 keys"));
}
