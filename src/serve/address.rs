//! The address people reach the server by, and the sentences that name
//! it. The hub makes a sentence once for everyone at a table ("Kept as
//! game 12 (ssh HOST pgn 12 prints it)."), but each connection may have
//! come by another address; so a [`Sentence`] holds the place of the
//! `ssh` command as a typed piece, and each connection fills in its own
//! [`PublicName`] when it shows the sentence — never by searching text,
//! which holds names people chose.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

/// The port `ssh` uses when none is given.
const SSH_PORT: u16 = 22;

/// Where people reach the server: `catboard serve --public-name
/// HOST[:PORT]`, or by default the address a connection was accepted on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicName {
    host: String,
    port: u16,
}

impl PublicName {
    /// The local address `local` a connection came to (an IPv4 address
    /// seen through an IPv6 socket is shown as IPv4).
    pub fn at(local: SocketAddr) -> PublicName {
        let ip = match local.ip() {
            IpAddr::V6(v6) => v6.to_canonical(),
            v4 => v4,
        };
        PublicName {
            host: ip.to_string(),
            port: local.port(),
        }
    }

    /// The command that reaches the server: `ssh HOST`, or `ssh -p PORT
    /// HOST` off port 22.
    pub fn ssh(&self) -> String {
        if self.port == SSH_PORT {
            format!("ssh {}", self.host)
        } else {
            format!("ssh -p {} {}", self.port, self.host)
        }
    }
}

impl FromStr for PublicName {
    type Err = String;

    /// `HOST`, `HOST:PORT`, `[IPV6]:PORT` or a bare IPv6 address; the
    /// refusal is one sentence.
    fn from_str(given: &str) -> Result<PublicName, String> {
        let (host, port) = if let Some(rest) = given.strip_prefix('[') {
            let Some((host, after)) = rest.split_once(']') else {
                return Err(format!("{given:?} opens a [ it does not close."));
            };
            match after {
                "" => (host, None),
                _ => match after.strip_prefix(':') {
                    Some(port) => (host, Some(port)),
                    None => return Err(format!("{given:?} has {after:?} after its ].")),
                },
            }
        } else if given.matches(':').count() > 1 {
            // A bare IPv6 address: no port can be told from it.
            (given, None)
        } else {
            match given.split_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (given, None),
            }
        };
        let port = match port {
            None => SSH_PORT,
            Some(port) => match port.parse::<u16>() {
                Ok(port) if port > 0 => port,
                _ => {
                    return Err(format!(
                        "{port:?} is not a port (a number from 1 to 65535) in {given:?}."
                    ));
                }
            },
        };
        let fits = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':');
        if host.is_empty() || host.starts_with('-') || !host.chars().all(fits) {
            return Err(format!(
                "{given:?} is not a host name or address (letters, digits, '.', '-', '_' and ':' only)."
            ));
        }
        Ok(PublicName {
            host: host.to_string(),
            port,
        })
    }
}

impl Default for PublicName {
    /// The machine itself (`ssh localhost`), for a connection made
    /// without an address.
    fn default() -> PublicName {
        PublicName {
            host: "localhost".to_string(),
            port: SSH_PORT,
        }
    }
}

impl fmt::Display for PublicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.port == SSH_PORT {
            write!(f, "{}", self.host)
        } else if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

/// One piece of a [`Sentence`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    /// Words as they are.
    Text(String),
    /// The command that reaches the server, as the reader's connection
    /// reached it ([`PublicName::ssh`]).
    Ssh,
}

/// A sentence for someone at the server, which may name the command
/// that reaches it; [`Sentence::to`] writes it for one connection.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sentence(Vec<Piece>);

impl Sentence {
    /// An empty sentence, to build on.
    pub fn new() -> Sentence {
        Sentence::default()
    }

    /// The sentence with `text` added.
    pub fn text(mut self, text: impl Into<String>) -> Sentence {
        self.push(text);
        self
    }

    /// The sentence with the `ssh` command that reaches the server added.
    pub fn ssh(mut self) -> Sentence {
        self.0.push(Piece::Ssh);
        self
    }

    /// Adds `text` at the end.
    pub fn push(&mut self, text: impl Into<String>) {
        let text = text.into();
        match self.0.last_mut() {
            Some(Piece::Text(last)) => last.push_str(&text),
            _ => self.0.push(Piece::Text(text)),
        }
    }

    /// The sentence as a connection that came by `name` reads it.
    pub fn to(&self, name: &PublicName) -> String {
        let mut written = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => written.push_str(text),
                Piece::Ssh => written.push_str(&name.ssh()),
            }
        }
        written
    }

    /// The sentence as the log and the tests read it: the command is
    /// `ssh HOST`.
    pub fn plain(&self) -> String {
        let mut written = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => written.push_str(text),
                Piece::Ssh => written.push_str("ssh HOST"),
            }
        }
        written
    }
}

impl From<String> for Sentence {
    fn from(text: String) -> Sentence {
        Sentence(vec![Piece::Text(text)])
    }
}

impl From<&str> for Sentence {
    fn from(text: &str) -> Sentence {
        Sentence::from(text.to_string())
    }
}

impl From<&String> for Sentence {
    fn from(text: &String) -> Sentence {
        Sentence::from(text.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_name_is_a_host_and_a_port_and_names_its_ssh_command() {
        for (given, ssh) in [
            ("games.example.org", "ssh games.example.org"),
            ("games.example.org:22", "ssh games.example.org"),
            ("games.example.org:2222", "ssh -p 2222 games.example.org"),
            ("192.0.2.7:443", "ssh -p 443 192.0.2.7"),
            ("[2001:db8::1]:2222", "ssh -p 2222 2001:db8::1"),
            ("[2001:db8::1]", "ssh 2001:db8::1"),
            ("2001:db8::1", "ssh 2001:db8::1"),
        ] {
            let name: PublicName = given.parse().expect(given);
            assert_eq!(name.ssh(), ssh, "{given}");
            // Shown as it would be given again.
            assert_eq!(name.to_string().parse::<PublicName>(), Ok(name), "{given}");
        }
        for refused in [
            "",
            ":2222",
            "host:",
            "host:0",
            "host:65536",
            "host:ssh",
            "-oProxyCommand=x",
            "host name",
            "host;id",
            "[::1",
            "[::1]x",
            "hôte",
        ] {
            let why = refused.parse::<PublicName>().expect_err(refused);
            assert!(why.ends_with('.') && !why.contains('\n'), "{why}");
        }
    }

    #[test]
    fn the_address_a_connection_came_to_is_its_default_name() {
        let v4: SocketAddr = "127.0.0.1:2222".parse().expect("an address");
        assert_eq!(PublicName::at(v4).ssh(), "ssh -p 2222 127.0.0.1");
        let mapped: SocketAddr = "[::ffff:192.0.2.7]:22".parse().expect("an address");
        assert_eq!(PublicName::at(mapped).ssh(), "ssh 192.0.2.7");
        let v6: SocketAddr = "[::1]:2200".parse().expect("an address");
        assert_eq!(PublicName::at(v6).ssh(), "ssh -p 2200 ::1");
    }

    #[test]
    fn a_sentence_names_each_readers_command_and_leaves_its_words_alone() {
        // A table named as a command would be is words, not a place.
        let sentence = Sentence::new()
            .text("Kept as game 3 at ssh HOST (")
            .ssh()
            .text(" pgn 3 prints it).");
        let name: PublicName = "games.example.org:2222".parse().expect("a name");
        assert_eq!(
            sentence.to(&name),
            "Kept as game 3 at ssh HOST (ssh -p 2222 games.example.org pgn 3 prints it)."
        );
        assert_eq!(
            sentence.plain(),
            "Kept as game 3 at ssh HOST (ssh HOST pgn 3 prints it)."
        );
        let mut more = Sentence::from("a");
        more.push("b");
        assert_eq!(more, Sentence::from("ab"));
    }
}
