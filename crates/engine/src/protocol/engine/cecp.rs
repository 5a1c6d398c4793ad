//! The XBoard (CECP v2) side of the engine client: `xboard`, `protover 2`,
//! the engine's `feature` lines each `accepted` (`san` rejected: moves go
//! in coordinates) until `done=1`, or, from an engine that never sent
//! `done=0`, until the features' patience runs out; then `option
//! NAME=VALUE` for each option given (checked against the options it
//! announced, when it announced any), and `easy` (no pondering). A move is
//! asked with `new`, `variant`, `force`, `setboard` and every move
//! (`usermove` where asked for), or only the moves since the last when the
//! engine holds the game; then `st` (seconds, a fraction as a decimal) or `level`/`time`/`otim`, a `ping` to
//! see that every move was taken, and `go`; the answer is `move X` (a move
//! of several legs may come a leg a line, each but the last ending in a
//! comma), or `resign`.

use super::{Budget, EngineError, Fault, Info, Link, Reply, Turn, decimal_seconds};
use crate::analysis::Line;
use crate::text::{quoted, shown};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What a CECP engine announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Moves are sent as `usermove MOVE`.
    pub usermove: bool,
    /// It answers `ping N` with `pong N`.
    pub ping: bool,
    /// It takes `setboard FEN`.
    pub setboard: bool,
    /// It wants `time` and `otim`.
    pub time: bool,
    /// Its variants (`normal` when it named none).
    pub variants: Vec<String>,
    /// The names of its options (`feature option="NAME -type ..."`).
    pub options: Vec<String>,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            usermove: false,
            ping: false,
            setboard: false,
            time: true,
            variants: vec!["normal".to_string()],
            options: Vec::new(),
        }
    }
}

/// Splits a `feature` line's `key=value key="quoted value"` pairs.
pub fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = text.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((v, n)) => (v.to_string(), n),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((v, n)) => (v.to_string(), n),
                None => (after.to_string(), ""),
            }
        };
        pairs.push((key, value));
        rest = next.trim();
    }
    pairs
}

/// A CECP engine's state.
pub struct Cecp {
    features: Features,
    pings: u32,
}

impl Cecp {
    /// What it announced.
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// Its variants.
    pub fn variants(&self) -> &[String] {
        &self.features.variants
    }

    /// Does the handshake and sets `options`.
    pub(crate) fn handshake(
        link: &mut Link,
        options: &[(String, String)],
    ) -> Result<Cecp, EngineError> {
        link.send("xboard")?;
        link.send("protover 2")?;
        let mut features = Features::default();
        let started = Instant::now();
        let mut deadline = started + link.patience.features;
        let mut waited = link.patience.features;
        let mut told_to_wait = false;
        loop {
            let line = match link.process.hear(deadline, None) {
                super::Heard::Line(line) => line,
                // No done=0: the features have had their time (CECP's rule).
                super::Heard::Silence if !told_to_wait => break,
                super::Heard::Silence | super::Heard::Stopped => {
                    return Err(link.silent("while starting (before feature done=1)", waited));
                }
                super::Heard::Ended => return Err(link.ended("while starting")),
            };
            let Some(text) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            let mut done = false;
            for (key, value) in parse_features(text) {
                let accepted = match key.as_str() {
                    "usermove" => {
                        features.usermove = value == "1";
                        true
                    }
                    "ping" => {
                        features.ping = value == "1";
                        true
                    }
                    "setboard" => {
                        features.setboard = value == "1";
                        true
                    }
                    "time" => {
                        features.time = value != "0";
                        true
                    }
                    "san" => value != "1",
                    "myname" => {
                        link.name = value.trim().to_string();
                        true
                    }
                    "variants" => {
                        features.variants = value
                            .split(',')
                            .map(|v| v.trim().to_string())
                            .filter(|v| !v.is_empty())
                            .collect();
                        true
                    }
                    "option" => {
                        let name = value.split(" -").next().unwrap_or("").trim();
                        features.options.push(name.to_string());
                        true
                    }
                    "done" => {
                        if value == "0" {
                            told_to_wait = true;
                            waited = link.patience.handshake;
                            deadline = started + waited;
                        } else {
                            done = true;
                        }
                        true
                    }
                    _ => true,
                };
                let word = if accepted { "accepted" } else { "rejected" };
                link.send(&format!("{word} {key}"))?;
            }
            if done {
                break;
            }
        }
        let mut cecp = Cecp { features, pings: 0 };
        for (name, value) in options {
            if !cecp.features.options.is_empty() && !cecp.features.options.iter().any(|o| o == name)
            {
                let names: Vec<String> = cecp.features.options.iter().map(|o| shown(o)).collect();
                return Err(link.error(
                    Fault::Option,
                    &format!(
                        "has no option {} ({})",
                        quoted(name),
                        super::uci::listed_options(&names)
                    ),
                ));
            }
            link.send(&format!("option {name}={value}"))?;
        }
        // Castling written O-O means another move to another program
        // (Sjaak II castles Black's Chu King to i9): coordinates are asked
        // for where the engine offers the choice.
        if let Some(name) = cecp
            .features
            .options
            .iter()
            .find(|o| o.starts_with("Send O-O/O-O-O"))
            .filter(|o| !options.iter().any(|(n, _)| n == *o))
        {
            link.send(&format!("option {name}=0"))?;
        }
        link.send("easy")?;
        cecp.sync(link, "while starting (before pong)")?;
        Ok(cecp)
    }

    /// `ping N` and every line up to `pong N` read, when the engine takes
    /// `ping`: an `Illegal move` among them is the engine refusing a move
    /// sent. Without `ping`, nothing.
    fn sync(&mut self, link: &mut Link, doing: &str) -> Result<(), EngineError> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        link.send(&format!("ping {}", self.pings))?;
        let waited = link.patience.handshake;
        let deadline = Instant::now() + waited;
        loop {
            let Some(line) = link.hear(deadline, None, doing, waited)? else {
                continue;
            };
            let line = line.trim();
            if line == pong {
                return Ok(());
            }
            refused(link, line)?;
        }
    }

    /// Sends the game of `turn` in force mode: from its start (`new`,
    /// `variant`, `setboard`) unless the engine holds its beginning, then
    /// the moves it does not hold.
    fn send_game(&mut self, link: &mut Link, turn: &Turn<'_>) -> Result<(), EngineError> {
        let history = turn.history;
        let from = match turn.from {
            Some(from) => {
                link.send("force")?;
                from
            }
            None => {
                if !history.usual_start && !self.features.setboard {
                    return Err(link.error(
                        Fault::Unplayable,
                        "cannot start from a set-up position (it has no setboard)",
                    ));
                }
                link.send("new")?;
                if turn.variant_name != "normal" {
                    link.send(&format!("variant {}", turn.variant_name))?;
                }
                link.send("force")?;
                if !history.usual_start {
                    link.send(&format!("setboard {}", history.start))?;
                }
                0
            }
        };
        for mv in history.moves.iter().skip(from) {
            if self.features.usermove {
                link.send(&format!("usermove {mv}"))?;
            } else {
                link.send(mv)?;
            }
        }
        Ok(())
    }

    /// Asks for the move of `turn`.
    pub(crate) fn ask(
        &mut self,
        link: &mut Link,
        turn: &Turn<'_>,
        stop: &AtomicBool,
    ) -> Result<Reply, EngineError> {
        self.send_game(link, turn)?;
        match turn.budget {
            Budget::PerMove(t) => link.send(&format!("st {}", decimal_seconds(t)))?,
            Budget::Clock(c) => {
                link.send(&format!(
                    "level 0 {} {}",
                    minutes_seconds(c.own),
                    decimal_seconds(c.own_increment)
                ))?;
                if self.features.time {
                    link.send(&format!("time {}", c.own.as_millis() / 10))?;
                    link.send(&format!("otim {}", c.opponent.as_millis() / 10))?;
                }
            }
        }
        if let Some(depth) = turn.depth {
            link.send(&format!("sd {depth}"))?;
        }
        self.sync(link, "while taking the game's moves (before pong)")?;
        link.send("go")?;
        let deadline = Instant::now() + turn.waited;
        let mut legs = String::new();
        loop {
            let heard = link.hear(deadline, Some(stop), "while choosing its move", turn.waited)?;
            let Some(line) = heard else {
                return stopped(link);
            };
            let line = line.trim();
            let mv = line
                .strip_prefix("move ")
                .or_else(|| line.strip_prefix("My move is :"))
                .or_else(|| line.strip_prefix("My move is:"));
            if let Some(mv) = mv {
                legs.push_str(mv.trim());
                if legs.ends_with(',') {
                    continue;
                }
                return Ok(Reply::Move(legs));
            }
            if line == "resign" || line.starts_with("resign ") {
                return Ok(Reply::Resign);
            }
            refused(link, line)?;
            if ["1-0", "0-1", "1/2-1/2"]
                .iter()
                .any(|r| line == *r || line.starts_with(&format!("{r} ")))
            {
                return Err(link.error(
                    Fault::Claimed,
                    &format!("claimed {}, where catboard's rules go on", quoted(line)),
                ));
            }
        }
    }
}

impl Cecp {
    /// Analyses the position of `turn` (`post`, `analyze`) for its
    /// budget's time or until `stop`, then leaves analysis (`exit`): the
    /// last thinking line heard, as line 0.
    pub(crate) fn analyse(
        &mut self,
        link: &mut Link,
        turn: &Turn<'_>,
        stop: &AtomicBool,
    ) -> Result<Vec<Info>, EngineError> {
        self.send_game(link, turn)?;
        self.sync(link, "while taking the game's moves (before pong)")?;
        link.send("post")?;
        link.send("analyze")?;
        let until = Instant::now() + turn.budget.allowed();
        let mut found = None;
        loop {
            match link.process.hear(until, Some(stop)) {
                super::Heard::Line(line) => {
                    refused(link, line.trim())?;
                    if let Some(info) = parse_thinking(&line) {
                        found = Some(info);
                    }
                }
                super::Heard::Silence | super::Heard::Stopped => break,
                super::Heard::Ended => return Err(link.ended("while analysing")),
            }
        }
        link.send("exit")?;
        link.send("nopost")?;
        self.sync(link, "after analysing (before pong)")?;
        Ok(found.into_iter().collect())
    }
}

/// A thinking line, `depth score time nodes [...] pv`: its depth, score
/// (in centipawns; 100000 + N a mate in N moves, -100000 - N mated in N)
/// and the words of its line (move numbers and marks left for the reader).
pub fn parse_thinking(line: &str) -> Option<Info> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [depth, score, time, nodes, pv @ ..] = &words[..] else {
        return None;
    };
    let depth = depth.trim_end_matches(['.', '&']).parse::<u32>().ok()?;
    let score = score.parse::<i64>().ok()?;
    time.parse::<u64>().ok()?;
    nodes.parse::<u64>().ok()?;
    let score = if score >= 100_000 {
        Line::mate_score((score - 100_000).clamp(1, 1000) as i32)
    } else if score <= -100_000 {
        Line::mate_score(-((-score - 100_000).clamp(1, 1000) as i32))
    } else {
        Line::centipawn_score(score)
    };
    Some(Info {
        rank: 0,
        depth,
        score,
        moves: pv.iter().map(|w| w.to_string()).collect(),
    })
}

/// An `Illegal move` line is the engine refusing a move sent to it: the
/// move (what follows the line's last colon) is quoted.
fn refused(link: &Link, line: &str) -> Result<(), EngineError> {
    if line.starts_with("Illegal move") || line.starts_with("Error (Illegal move") {
        let mv = line.rsplit_once(':').map_or(line, |(_, mv)| mv).trim();
        return Err(link.error(
            Fault::Refused,
            &format!(
                "refused the move {} of the game (its rules differ from catboard's)",
                quoted(mv)
            ),
        ));
    }
    Ok(())
}

/// After the stop flag: `?` (move now) and its move forgotten; an engine
/// that does not answer in the margin is started anew next time anyway.
fn stopped(link: &mut Link) -> Result<Reply, EngineError> {
    link.send("?")?;
    let margin = link.patience.margin;
    let deadline = Instant::now() + margin;
    while let Ok(Some(line)) = link.hear(deadline, None, "after ?", margin) {
        if line.starts_with("move ") && !line.trim_end().ends_with(',') {
            break;
        }
    }
    link.send("force")?;
    Ok(Reply::Stopped)
}

/// `t` as `level` writes its base time: `5`, `0:30`, `2:05`.
fn minutes_seconds(t: Duration) -> String {
    let secs = t.as_secs().max(1);
    if secs.is_multiple_of(60) {
        (secs / 60).to_string()
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_split_with_quotes() {
        let f = parse_features(
            r#"setboard=1 myname="Fairy-Max 5.0b" variants="normal,shatranj" done=0"#,
        );
        assert_eq!(
            f,
            vec![
                ("setboard".to_string(), "1".to_string()),
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("variants".to_string(), "normal,shatranj".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
    }

    #[test]
    fn level_writes_minutes_seconds_and_increments() {
        assert_eq!(minutes_seconds(Duration::from_secs(300)), "5");
        assert_eq!(minutes_seconds(Duration::from_secs(30)), "0:30");
        assert_eq!(minutes_seconds(Duration::from_secs(125)), "2:05");
        assert_eq!(minutes_seconds(Duration::from_millis(200)), "0:01");
    }
}
