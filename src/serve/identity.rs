//! Who is connected: the SSH public key's fingerprint is a person's
//! identity, and the name shown is the login name, claimed by that key
//! on first use ([`super::names`]); a guest (no key) is `guest-N`, a
//! number never given twice. The login name carries, after a `+`, a table
//! to go straight to (`ssh name+table@host`), and after another, the
//! clock of the table it makes (`ssh name+table+5+3@host`).

use catboard::clock::TimeControl;
use std::net::IpAddr;

/// A person at the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    /// What their seats are kept under: `key:SHA256:…`, or `guest:N`.
    pub identity: String,
    /// The name shown at the table.
    pub name: String,
    /// A guest's seat is given up when they leave.
    pub guest: bool,
    /// Whom the per-person limits count them as: their key, or for a
    /// guest (who can come back as a new guest at will) their address.
    pub person: String,
    /// Where they connect from, as the per-address limits count it
    /// ([`address_key`]); empty when not known.
    pub address: String,
    /// When their account was first seen (seconds since 1970); `None` for
    /// a guest.
    pub first_seen: Option<u64>,
    /// The key this connection logged in with (`key:SHA256:…`): the
    /// account's own ([`Who::identity`]) or one linked to it; `None` for
    /// a guest.
    pub key: Option<String>,
}

/// What the SSH login said about a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Login {
    /// The login name as sent.
    pub user: String,
    /// `key:SHA256:…` for a key, `None` for a guest.
    pub key: Option<String>,
    /// Where the connection comes from.
    pub address: IpAddr,
}

/// How a guest's identity begins (`guest:N`).
pub const GUEST_PREFIX: &str = "guest:";

/// How a guest's name begins (`guest-N`); no key may claim a name that
/// begins so.
pub const GUEST_NAME: &str = "guest";

/// The longest name or table name kept.
pub const LONGEST_NAME: usize = 24;

impl Who {
    /// Guest number `n` from `address`.
    pub fn guest(n: u64, address: IpAddr) -> Who {
        Who {
            identity: format!("{GUEST_PREFIX}{n}"),
            name: format!("{GUEST_NAME}-{n}"),
            guest: true,
            person: format!("guest@{}", address_key(address)),
            address: address_key(address),
            first_seen: None,
            key: None,
        }
    }

    /// The holder of `key` with the name `name`.
    pub fn with_key(key: &str, name: String) -> Who {
        Who::of_account(key, key, name)
    }

    /// Account `identity`, shown as `name`, logged in with its key `key`
    /// (its own, or one linked to it).
    pub fn of_account(identity: &str, key: &str, name: String) -> Who {
        Who {
            identity: identity.to_string(),
            name,
            guest: false,
            person: identity.to_string(),
            address: String::new(),
            first_seen: None,
            key: Some(key.to_string()),
        }
    }

    /// The same person, connecting from `address`, their account first
    /// seen at `first_seen` (seconds since 1970).
    pub fn from(self, address: IpAddr, first_seen: Option<u64>) -> Who {
        Who {
            address: address_key(address),
            first_seen,
            ..self
        }
    }

    /// Whether this is a key whose account was first seen less than
    /// `new` before `now` (seconds since 1970).
    pub fn is_new_key(&self, now: u64, new: std::time::Duration) -> bool {
        self.first_seen
            .is_some_and(|first| now.saturating_sub(first) < new.as_secs())
    }
}

/// How an address is counted for the per-address limits: an IPv4 address
/// (or one mapped into IPv6) as it is, an IPv6 address by its /64, which
/// one subscriber usually holds whole.
pub fn address_key(address: IpAddr) -> String {
    match address.to_canonical() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
    }
}

/// The name and the table asked for in an SSH login name `name+table`
/// (or `name+table+clock`, see [`login_clock`]): the name as sent (read
/// whole or refused by [`super::names::checked`]), the table's name kept
/// to letters, digits, `-` and `_`.
pub fn parse_login(user: &str) -> (&str, Option<String>) {
    let mut parts = user.splitn(3, '+');
    let name = parts.next().unwrap_or_default();
    let table = parts.next();
    (name, table.and_then(clean_name))
}

/// The time control a login name `name+table+clock` asks for the table it
/// makes (`ann+t1+5+3`: five minutes, three seconds a move); `None`
/// without one, and a sentence for one that does not read.
pub fn login_clock(user: &str) -> Result<Option<TimeControl>, String> {
    match user.splitn(3, '+').nth(2) {
        Some(text) => TimeControl::parse(text).map_err(|e| e.to_string()),
        None => Ok(None),
    }
}

/// `text` kept to letters, digits, `-` and `_`, at most [`LONGEST_NAME`]
/// characters; `None` when nothing is left.
pub fn clean_name(text: &str) -> Option<String> {
    let kept: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(LONGEST_NAME)
        .collect();
    (!kept.is_empty()).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_login_name_gives_the_name_and_the_table() {
        assert_eq!(parse_login("ann+t1"), ("ann", Some("t1".into())));
        assert_eq!(parse_login("ann"), ("ann", None));
        assert_eq!(parse_login("+../x"), ("", Some("x".into())));
        assert_eq!(parse_login("a/b+"), ("a/b", None));
        assert_eq!(parse_login("ann+t1+5+3"), ("ann", Some("t1".into())));
        let five = TimeControl::parse("5+3").expect("a control");
        assert_eq!(login_clock("ann+t1+5+3"), Ok(five));
        assert_eq!(login_clock("ann+t1"), Ok(None));
        let bad = login_clock("ann+t1+fast").expect_err("not a clock");
        assert!(bad.contains("'fast'"), "{bad}");
    }

    #[test]
    fn guests_are_counted_by_address_and_ipv6_by_its_64() {
        let a: IpAddr = "2001:db8:1:2:3:4:5:6".parse().expect("v6");
        let b: IpAddr = "2001:db8:1:2:ffff::1".parse().expect("v6");
        assert_eq!(address_key(a), address_key(b));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("mapped");
        assert_eq!(address_key(mapped), "192.0.2.7");
        let g = Who::guest(17, mapped);
        assert_eq!(
            (g.name.as_str(), g.person.as_str()),
            ("guest-17", "guest@192.0.2.7")
        );
        assert!(g.guest && g.identity.starts_with(GUEST_PREFIX));
    }
}
