//! The UCI side of the engine client: `uci` → `id name`, `option` lines,
//! `uciok`; `setoption` for each option given (with `UCI_LimitStrength`
//! turned on when `UCI_Elo` is given and the engine has it), checked
//! against what the engine announced; `isready` → `readyok`. A move is
//! asked with `position startpos|fen ... moves ...` and `go movetime` or
//! `go wtime btime winc binc`, and read from `bestmove`; a new game (or a
//! history that does not go on from the last) first gets `ucinewgame`
//! (and `UCI_Variant` where the engine has it) and `isready`.

use super::{EngineError, Fault, Info, Link, Reply, Turn};
use crate::analysis::Line;
use crate::text::{quoted, shown};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// An option the engine announced.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct UciOption {
    /// Its name.
    pub name: String,
    /// Its type: `check`, `spin`, `combo`, `button`, `string`.
    pub kind: String,
    /// The least value of a spin.
    pub min: Option<i64>,
    /// The greatest value of a spin.
    pub max: Option<i64>,
    /// The choices of a combo.
    pub vars: Vec<String>,
}

/// Reads an `option name ... type ...` line.
pub fn parse_option(line: &str) -> Option<UciOption> {
    let rest = line.trim().strip_prefix("option")?;
    const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
    let mut option = UciOption::default();
    let mut key: Option<&str> = None;
    let mut value: Vec<&str> = Vec::new();
    let finish = |key: Option<&str>, value: &mut Vec<&str>, option: &mut UciOption| {
        let text = value.join(" ");
        value.clear();
        match key {
            Some("name") => option.name = text,
            Some("type") => option.kind = text,
            Some("min") => option.min = text.parse().ok(),
            Some("max") => option.max = text.parse().ok(),
            Some("var") => option.vars.push(text),
            _ => {}
        }
    };
    for word in rest.split_whitespace() {
        // A name may hold a key's word (`Debug Log File`, but also `Skill
        // Level`); within the name only `type` ends it.
        let ends = KEYS.contains(&word) && (key != Some("name") || word == "type");
        if ends {
            finish(key, &mut value, &mut option);
            key = Some(word);
        } else {
            value.push(word);
        }
    }
    finish(key, &mut value, &mut option);
    (!option.name.is_empty()).then_some(option)
}

/// A UCI engine's state: what it announced.
pub struct Uci {
    options: Vec<UciOption>,
    /// `UCI_Variant`'s choices, or `chess` alone.
    variants: Vec<String>,
    /// Whether it has `UCI_Variant`.
    has_variant_option: bool,
    /// The `MultiPV` it was last set to (1 until set).
    multipv: usize,
}

impl Uci {
    /// The options the engine announced.
    pub fn options(&self) -> &[UciOption] {
        &self.options
    }

    /// The variants it announced (`chess` when it has no `UCI_Variant`).
    pub fn variants(&self) -> &[String] {
        &self.variants
    }

    /// The announced option named `name` (names are not case-sensitive).
    fn option(&self, name: &str) -> Option<&UciOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// Does the handshake and sets `options`.
    pub(crate) fn handshake(
        link: &mut Link,
        options: &[(String, String)],
    ) -> Result<Uci, EngineError> {
        link.send("uci")?;
        let waited = link.patience.handshake;
        let deadline = Instant::now() + waited;
        let mut found = Vec::new();
        loop {
            let Some(line) = link.hear(deadline, None, "while starting (before uciok)", waited)?
            else {
                continue;
            };
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                link.name = name.trim().to_string();
            } else if let Some(option) = parse_option(line) {
                found.push(option);
            }
        }
        let variant_option = found
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case("UCI_Variant"));
        let variants = match variant_option {
            Some(o) if !o.vars.is_empty() => o.vars.clone(),
            _ => vec!["chess".to_string()],
        };
        let uci = Uci {
            has_variant_option: variant_option.is_some(),
            options: found,
            variants,
            multipv: 1,
        };
        for line in uci.option_lines(link, options)? {
            link.send(&line)?;
        }
        ready(link, "while setting its options (before readyok)")?;
        Ok(uci)
    }

    /// The `setoption` lines for `options`, each checked against what the
    /// engine announced; `UCI_LimitStrength` first when `UCI_Elo` is given
    /// without it.
    fn option_lines(
        &self,
        link: &Link,
        options: &[(String, String)],
    ) -> Result<Vec<String>, EngineError> {
        let mut lines = Vec::new();
        let given = |name: &str| options.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        if given("UCI_Elo")
            && !given("UCI_LimitStrength")
            && self.option("UCI_LimitStrength").is_some()
        {
            lines.push("setoption name UCI_LimitStrength value true".to_string());
        }
        for (name, value) in options {
            let Some(option) = self.option(name) else {
                let names: Vec<String> = self.options.iter().map(|o| shown(&o.name)).collect();
                return Err(link.error(
                    Fault::Option,
                    &format!(
                        "has no option {} ({})",
                        quoted(name),
                        listed_options(&names)
                    ),
                ));
            };
            if let Some(why) = refused_value(option, value) {
                return Err(link.error(
                    Fault::Option,
                    &format!(
                        "cannot set {} to {}: {why}",
                        shown(&option.name),
                        quoted(value)
                    ),
                ));
            }
            lines.push(if option.kind == "button" {
                format!("setoption name {}", option.name)
            } else {
                format!("setoption name {} value {value}", option.name)
            });
        }
        Ok(lines)
    }

    /// Sets `MultiPV` to `lines` where the engine has it and it is not
    /// set so already.
    fn set_multipv(&mut self, link: &mut Link, lines: usize) -> Result<(), EngineError> {
        if self.multipv != lines && self.option("MultiPV").is_some() {
            link.send(&format!("setoption name MultiPV value {lines}"))?;
            self.multipv = lines;
        }
        Ok(())
    }

    /// Sends the game of `turn`: for a new game `UCI_Variant` (where the
    /// engine has it), `ucinewgame` and `isready`; then `position`.
    fn send_game(&mut self, link: &mut Link, turn: &Turn<'_>) -> Result<(), EngineError> {
        if turn.from.is_none() {
            if self.has_variant_option {
                link.send(&format!(
                    "setoption name UCI_Variant value {}",
                    turn.variant_name
                ))?;
            }
            link.send("ucinewgame")?;
            ready(link, "before a new game (before readyok)")?;
        }
        let history = turn.history;
        let mut position = if history.usual_start {
            "position startpos".to_string()
        } else {
            format!("position fen {}", history.start)
        };
        if !history.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&history.moves.join(" "));
        }
        link.send(&position)
    }

    /// Asks for the move of `turn`.
    pub(crate) fn ask(
        &mut self,
        link: &mut Link,
        turn: &Turn<'_>,
        stop: &AtomicBool,
    ) -> Result<Reply, EngineError> {
        self.set_multipv(link, 1)?;
        self.send_game(link, turn)?;
        link.send(&go_line(turn, turn.history.moves.len()))?;
        let deadline = Instant::now() + turn.waited;
        loop {
            let heard = link.hear(deadline, Some(stop), "while choosing its move", turn.waited)?;
            let Some(line) = heard else {
                return stopped(link);
            };
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                return match words.next() {
                    Some("(none)" | "0000") | None => Err(link.error(
                        Fault::Unreadable,
                        &format!(
                            "answered {}, no move, where the game goes on",
                            quoted(line.trim())
                        ),
                    )),
                    Some(mv) => Ok(Reply::Move(mv.to_string())),
                };
            }
        }
    }
}

impl Uci {
    /// Analyses the position of `turn` (`go infinite`, `MultiPV` set to
    /// `lines` where the engine has it) for its budget's time or until
    /// `stop`, then `stop`: the last report of each line heard.
    pub(crate) fn analyse(
        &mut self,
        link: &mut Link,
        turn: &Turn<'_>,
        lines: usize,
        stop: &AtomicBool,
    ) -> Result<Vec<Info>, EngineError> {
        self.set_multipv(link, lines.max(1))?;
        self.send_game(link, turn)?;
        link.send("go infinite")?;
        let mut found: Vec<Info> = Vec::new();
        let mut keep = |info: Info| match found.iter_mut().find(|f| f.rank == info.rank) {
            Some(slot) => *slot = info,
            None => found.push(info),
        };
        let until = Instant::now() + turn.budget.allowed();
        let mut over = false;
        while !over {
            match link.process.hear(until, Some(stop)) {
                super::Heard::Line(line) => {
                    over = line.starts_with("bestmove");
                    if let Some(info) = parse_info(&line) {
                        keep(info);
                    }
                }
                super::Heard::Silence | super::Heard::Stopped => break,
                super::Heard::Ended => return Err(link.ended("while analysing")),
            }
        }
        if !over {
            link.send("stop")?;
            let margin = link.patience.margin;
            let deadline = Instant::now() + margin;
            loop {
                let line = link.hear(deadline, None, "after stop", margin)?;
                let Some(line) = line else { continue };
                if line.starts_with("bestmove") {
                    break;
                }
                if let Some(info) = parse_info(&line) {
                    keep(info);
                }
            }
        }
        found.sort_by_key(|f| f.rank);
        Ok(found)
    }
}

/// An `info` line with a `pv`: its line's rank (`multipv`, from 0), depth,
/// score (`cp` or `mate`, as catboard's search scores) and moves.
pub fn parse_info(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut info = Info {
        rank: 0,
        depth: 0,
        score: 0,
        moves: Vec::new(),
    };
    let mut scored = false;
    while let Some(word) = words.next() {
        match word {
            "depth" => info.depth = words.next()?.parse().ok()?,
            "multipv" => info.rank = words.next()?.parse::<usize>().ok()?.checked_sub(1)?,
            "score" => {
                let kind = words.next()?;
                let value = words.next()?.parse::<i64>().ok()?;
                info.score = match kind {
                    "cp" => Line::centipawn_score(value),
                    "mate" => Line::mate_score(value.clamp(-1000, 1000) as i32),
                    _ => return None,
                };
                scored = true;
            }
            "pv" => {
                info.moves = words.by_ref().map(str::to_string).collect();
            }
            // `string` runs to the end of the line.
            "string" => return None,
            _ => {}
        }
    }
    (scored && !info.moves.is_empty()).then_some(info)
}

/// The `go` line of `turn`, whose game has `plies` moves (White moved
/// first: an even count is White's turn, for the clocks).
fn go_line(turn: &Turn<'_>, plies: usize) -> String {
    let time = match turn.budget {
        super::Budget::PerMove(t) => format!("go movetime {}", t.as_millis().max(1)),
        super::Budget::Clock(c) => {
            let start_black = turn.history.start.split_whitespace().nth(1) == Some("b");
            let white_to_move = plies.is_multiple_of(2) != start_black;
            let ms = |d: Duration| d.as_millis();
            let (w, b, wi, bi) = if white_to_move {
                (c.own, c.opponent, c.own_increment, c.opponent_increment)
            } else {
                (c.opponent, c.own, c.opponent_increment, c.own_increment)
            };
            format!(
                "go wtime {} btime {} winc {} binc {}",
                ms(w),
                ms(b),
                ms(wi),
                ms(bi)
            )
        }
    };
    match turn.depth {
        Some(depth) => format!("{time} depth {depth}"),
        None => time,
    }
}

/// After the stop flag: `stop`, and the `bestmove` it brings forgotten (an
/// engine that does not answer it in the margin is started anew next time).
fn stopped(link: &mut Link) -> Result<Reply, EngineError> {
    link.send("stop")?;
    let deadline = Instant::now() + link.patience.margin;
    let margin = link.patience.margin;
    while let Ok(Some(line)) = link.hear(deadline, None, "after stop", margin) {
        if line.starts_with("bestmove") {
            break;
        }
    }
    Ok(Reply::Stopped)
}

/// `isready`, and every line before `readyok` passed over.
fn ready(link: &mut Link, doing: &str) -> Result<(), EngineError> {
    link.send("isready")?;
    let waited = link.patience.handshake;
    let deadline = Instant::now() + waited;
    loop {
        if let Some(line) = link.hear(deadline, None, doing, waited)?
            && line.trim() == "readyok"
        {
            return Ok(());
        }
    }
}

/// Why `value` does not suit `option`, if it does not (a clause).
fn refused_value(option: &UciOption, value: &str) -> Option<String> {
    match option.kind.as_str() {
        "spin" => {
            let Ok(n) = value.trim().parse::<i64>() else {
                return Some("it takes a whole number".to_string());
            };
            let low = option.min.unwrap_or(i64::MIN);
            let high = option.max.unwrap_or(i64::MAX);
            (!(low..=high).contains(&n)).then(|| format!("it takes {low} to {high}"))
        }
        "check" => {
            (!matches!(value, "true" | "false")).then(|| "it takes true or false".to_string())
        }
        "combo" => (!option.vars.iter().any(|v| v.eq_ignore_ascii_case(value))).then(|| {
            let vars: Vec<String> = option.vars.iter().take(12).map(|v| shown(v)).collect();
            format!("it takes {}", crate::text::or_list(&vars))
        }),
        _ => None,
    }
}

/// The names of an engine's options for a sentence, the first few.
pub(super) fn listed_options(names: &[String]) -> String {
    const SHOWN: usize = 10;
    if names.is_empty() {
        return "it announced none".to_string();
    }
    let mut list: Vec<String> = names.iter().take(SHOWN).cloned().collect();
    if names.len() > SHOWN {
        list.push(format!("{} more", names.len() - SHOWN));
    }
    format!("its options are {}", crate::text::and_list(&list))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_lines_are_read_with_names_of_several_words() {
        let o = parse_option("option name Skill Level type spin default 20 min -20 max 20")
            .expect("an option");
        assert_eq!(
            (o.name.as_str(), o.kind.as_str(), o.min, o.max),
            ("Skill Level", "spin", Some(-20), Some(20))
        );
        let o = parse_option("option name Debug Log File type string default ").expect("one");
        assert_eq!(
            (o.name.as_str(), o.kind.as_str()),
            ("Debug Log File", "string")
        );
        let o = parse_option(
            "option name UCI_Variant type combo default chess var 3check var chess var king of the hill",
        )
        .expect("one");
        assert_eq!(o.vars, ["3check", "chess", "king of the hill"]);
        assert_eq!(parse_option("id name x"), None);
        assert_eq!(parse_option("option type spin"), None);
    }

    #[test]
    fn values_are_checked_against_the_option() {
        let elo = parse_option("option name UCI_Elo type spin default 1350 min 1350 max 2850")
            .expect("one");
        assert_eq!(refused_value(&elo, "1500"), None);
        assert_eq!(
            refused_value(&elo, "1000").as_deref(),
            Some("it takes 1350 to 2850")
        );
        assert!(refused_value(&elo, "strong").is_some());
        let check = parse_option("option name Ponder type check default false").expect("one");
        assert_eq!(refused_value(&check, "true"), None);
        assert!(refused_value(&check, "yes").is_some());
        let combo = parse_option("option name P type combo default a var a var b").expect("one");
        assert_eq!(refused_value(&combo, "B"), None);
        assert_eq!(
            refused_value(&combo, "c").as_deref(),
            Some("it takes a or b")
        );
    }
}
