//! Who is connected: the SSH public key's fingerprint is a person's
//! identity; guests (no key) get one of their own that is never kept. The
//! login name carries the name shown and, after a `+`, a table to go
//! straight to (`ssh name+table@host`).

/// A person at the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    /// What their seats are kept under: `key:SHA256:…`, or `guest:N`.
    pub identity: String,
    /// The name shown at the table.
    pub name: String,
    /// A guest's seat is given up when they leave.
    pub guest: bool,
}

/// How a guest's identity begins (`guest:N`).
pub const GUEST_PREFIX: &str = "guest:";

/// The longest name or table name kept.
const LONGEST_NAME: usize = 24;

/// The name and the table asked for in an SSH login name `name+table`;
/// characters other than letters, digits, `-` and `_` are dropped, and an
/// empty name becomes `player`.
pub fn parse_login(user: &str) -> (String, Option<String>) {
    let (name, table) = match user.split_once('+') {
        Some((name, table)) => (name, Some(table)),
        None => (user, None),
    };
    let name = clean_name(name).unwrap_or_else(|| "player".to_string());
    (name, table.and_then(clean_name))
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
        assert_eq!(parse_login("ann+t1"), ("ann".into(), Some("t1".into())));
        assert_eq!(parse_login("ann"), ("ann".into(), None));
        assert_eq!(parse_login("+../x"), ("player".into(), Some("x".into())));
        assert_eq!(parse_login("a/b+"), ("ab".into(), None));
    }
}
