//! A PGN text cut into its games, one at a time: each game's tag pairs,
//! the moves of its main line with the commands of its comments (`%clk`
//! readings, `%retire` plies) in order, and its result. Variations,
//! NAGs, move numbers and the rest of comments are skipped. The budgets
//! of `catboard::limits` bound what is read: the games of a file
//! ([`PGN_GAMES`]), variations within variations ([`PGN_NESTING`]) and a
//! game's plies ([`PGN_PLIES`]); a fault is one sentence naming the game
//! and the line. After a fault in one game the reader moves on to the
//! next game's tags, so one bad game does not hide the others (the games
//! keep their numbers); only going past [`PGN_GAMES`] ends the reading.

use super::error::{AtLine, PgnError, TextFault};
use super::tags::{is_result, is_tag_name};
use super::tokens::{Token, Tokens};
use crate::clock::read_pgn_clock;
use crate::limits::{PGN_GAMES, PGN_NESTING, PGN_PLIES};
use std::time::Duration;

/// What a game's main line holds, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// A move, as written.
    Move {
        /// The word.
        text: &'a str,
        /// Its line.
        line: usize,
    },
    /// A `%clk` reading: the clock of the ply before it.
    Clock(Duration),
    /// A `%retire` ply (`resign:white`), as written.
    Retire {
        /// The command's argument.
        text: String,
        /// Its line.
        line: usize,
    },
}

/// One game as the text has it, not yet replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame<'a> {
    /// Its number in the text, from 1.
    pub number: usize,
    /// The line it starts on.
    pub line: usize,
    /// Its tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// Its main line.
    pub items: Vec<Item<'a>>,
    /// The result token that ends it, if one does.
    pub result: Option<&'a str>,
}

impl RawGame<'_> {
    /// The value of the first tag named `name` (without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A game that cannot be read: its number and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    /// The game's number in the text, from 1.
    pub number: usize,
    /// Why it cannot be read (boxed: a fault is returned often and is
    /// large).
    pub error: Box<PgnError>,
}

/// The games of a PGN text, in order, a bad one among them as its fault.
pub struct Games<'a> {
    tokens: Tokens<'a>,
    back: Option<(Token<'a>, usize)>,
    count: usize,
    done: bool,
}

impl<'a> Games<'a> {
    /// The games of `text`.
    pub fn new(text: &'a str) -> Games<'a> {
        Games {
            tokens: Tokens::new(text),
            back: None,
            count: 0,
            done: false,
        }
    }

    fn next_token(&mut self) -> Result<Option<(Token<'a>, usize)>, AtLine> {
        match self.back.take() {
            Some(t) => Ok(Some(t)),
            None => self.tokens.next_token(),
        }
    }

    /// The next game with anything in it, `None` at the end; a fault is
    /// a sentence naming the game and the line, after which the reader
    /// moves on to the next game's tags.
    fn game(&mut self) -> Result<Option<RawGame<'a>>, Fault> {
        loop {
            let number = self.count + 1;
            let fault = |why: AtLine| Fault {
                number,
                error: Box::new(PgnError::Text {
                    game: number,
                    fault: why,
                }),
            };
            let first = match self.next_token() {
                Ok(Some(first)) => first,
                Ok(None) => return Ok(None),
                Err(why) => {
                    self.skip_game(number, self.tokens.line());
                    return Err(fault(why));
                }
            };
            let line = first.1;
            self.back = Some(first);
            let mut game = RawGame {
                number,
                line,
                tags: Vec::new(),
                items: Vec::new(),
                result: None,
            };
            if let Err(why) = self.tags(&mut game).and_then(|()| self.movetext(&mut game)) {
                self.skip_game(number, line);
                return Err(fault(why));
            }
            if game.tags.is_empty() && game.items.is_empty() && game.result.is_none() {
                continue;
            }
            if let Err(why) = PGN_GAMES.check(number as u64) {
                self.done = true;
                return Err(Fault {
                    number,
                    error: Box::new(PgnError::TooManyGames(Box::new(why))),
                });
            }
            self.count = number;
            return Ok(Some(game));
        }
    }

    /// Passes over the rest of game `number`, begun on line `line`, to
    /// the next game's tags (the game keeps its number).
    fn skip_game(&mut self, number: usize, line: usize) {
        self.back = None;
        self.count = number;
        self.tokens.skip_to_next_tags(line);
        if PGN_GAMES.check(number as u64 + 1).is_err() {
            self.done = true;
        }
    }

    /// The tag pairs at the head of a game, comments before the first
    /// skipped.
    fn tags(&mut self, game: &mut RawGame<'a>) -> Result<(), AtLine> {
        loop {
            match self.next_token()? {
                Some((Token::TagOpen, line)) => {
                    let name = self.next_token()?;
                    let value = self.next_token()?;
                    let close = self.next_token()?;
                    match (name, value, close) {
                        (
                            Some((Token::Word(name), _)),
                            Some((Token::Text(value), _)),
                            Some((Token::TagClose, _)),
                        ) if is_tag_name(name) => game.tags.push((name.to_string(), value)),
                        _ => {
                            return Err(AtLine::new(line, TextFault::BadTagPair));
                        }
                    }
                }
                Some((Token::Comment(_), _)) if game.tags.is_empty() => {}
                other => {
                    self.back = other;
                    return Ok(());
                }
            }
        }
    }

    /// The movetext, to its result, the next game's tags or the end.
    fn movetext(&mut self, game: &mut RawGame<'a>) -> Result<(), AtLine> {
        let mut open: Vec<usize> = Vec::new();
        let mut plies = 0u64;
        while let Some((token, line)) = self.next_token()? {
            let main = open.is_empty();
            match token {
                Token::TagOpen if main => {
                    self.back = Some((token, line));
                    return Ok(());
                }
                Token::TagOpen => {
                    let opened = open.last().copied().unwrap_or(line);
                    return Err(AtLine::new(line, TextFault::TagInVariation(opened)));
                }
                Token::TagClose => {
                    return Err(AtLine::new(line, TextFault::StrayTagClose));
                }
                Token::Text(_) => {
                    return Err(AtLine::new(line, TextFault::StrayText));
                }
                Token::Word(word) if main && is_result(word) => {
                    game.result = Some(word);
                    return Ok(());
                }
                Token::Word(text) if main => {
                    plies += 1;
                    PGN_PLIES
                        .check(plies)
                        .map_err(|why| AtLine::new(line, TextFault::Limit(Box::new(why))))?;
                    game.items.push(Item::Move { text, line });
                }
                Token::Comment(body) if main => commands(body, line, &mut game.items)?,
                Token::Open => {
                    open.push(line);
                    PGN_NESTING
                        .check(open.len() as u64)
                        .map_err(|why| AtLine::new(line, TextFault::Limit(Box::new(why))))?;
                }
                Token::Close => {
                    if open.pop().is_none() {
                        return Err(AtLine::new(line, TextFault::StrayClose));
                    }
                }
                Token::Word(_) | Token::Comment(_) | Token::Number | Token::Nag => {}
            }
        }
        match open.last() {
            Some(&opened) => Err(AtLine::new(opened, TextFault::OpenVariation)),
            None => Ok(()),
        }
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = Result<RawGame<'a>, Fault>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.game();
        if matches!(next, Ok(None)) {
            self.done = true;
        }
        next.transpose()
    }
}

/// The `%clk` and `%retire` commands of a comment on `line`, in order;
/// other commands and the text around them are skipped.
fn commands<'a>(body: &str, line: usize, items: &mut Vec<Item<'a>>) -> Result<(), AtLine> {
    let mut rest = body;
    while let Some(at) = rest.find("[%") {
        let command = &rest[at + 2..];
        let Some(end) = command.find(']') else {
            break;
        };
        let inner = &command[..end];
        rest = &command[end + 1..];
        let (name, argument) = inner
            .trim()
            .split_once(char::is_whitespace)
            .unwrap_or((inner.trim(), ""));
        let argument = argument.trim();
        match name {
            "clk" => match read_pgn_clock(argument) {
                Some(left) => items.push(Item::Clock(left)),
                None => {
                    return Err(AtLine::new(line, TextFault::BadClock(argument.to_string())));
                }
            },
            "retire" => items.push(Item::Retire {
                text: argument.to_string(),
                line,
            }),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(text: &str) -> Vec<RawGame<'_>> {
        Games::new(text)
            .collect::<Result<Vec<_>, _>>()
            .expect("reads")
    }

    #[test]
    fn a_bad_game_is_one_fault_and_the_games_after_it_keep_their_numbers() {
        let text = "[Event \"a\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n[White \"x\"\n[Black \"y\"]\n\n1. d4 (1. c4\n\n\
                    [Event \"c\"]\n1. e4 {never closed\n\n[Event \"d\"]\n\n1. f4 *\n";
        // Each game as its number and Event tag, or its number and fault.
        type Read = Result<(usize, Option<String>), (usize, String)>;
        let read: Vec<Read> = Games::new(text)
            .map(|g| {
                g.map(|g| (g.number, g.tag("Event").map(str::to_string)))
                    .map_err(|f| (f.number, f.error.to_string()))
            })
            .collect();
        assert_eq!(
            read,
            [
                Ok((1, Some("a".into()))),
                Err((
                    2,
                    "Game 2, line 6: a tag's value is not closed with \" on its line.".into()
                )),
                Err((
                    3,
                    "Game 3, line 12: a comment opened with { is never closed.".into()
                )),
                Ok((4, Some("d".into()))),
            ]
        );
    }

    #[test]
    fn games_are_cut_at_their_results_and_their_tags() {
        let text = "{before} [Event \"a\"]\n[White \"x\"]\n\n1. e4 {[%clk 0:04:58]} (1. d4 {[%clk 0:01:00]}) e5 1-0\n\n\
                    [Event \"b\"]\n1. d4 [Event \"c\"] {trailing}";
        let all = games(text);
        assert_eq!(all.len(), 3);
        assert_eq!(all[0].tag("white"), Some("x"));
        let odd = games("[Time-Stamp \"1\"] *");
        assert_eq!(
            odd[0].tag("Time-Stamp"),
            Some("1"),
            "a PGN symbol names a tag"
        );
        assert_eq!(
            all[0].items,
            vec![
                Item::Move {
                    text: "e4",
                    line: 4
                },
                Item::Clock(Duration::from_secs(298)),
                Item::Move {
                    text: "e5",
                    line: 4
                },
            ]
        );
        assert_eq!(all[0].result, Some("1-0"));
        assert_eq!(all[1].result, None, "ended by the next game's tags");
        assert_eq!(all[2].number, 3);
        assert!(all[2].items.is_empty());
    }

    #[test]
    fn retirements_and_clocks_keep_their_order() {
        let all = games("e4 {[%retire resign:black] [%clk 0:00:09.5] [%eval 0.2]} 1-0");
        assert_eq!(
            all[0].items[1..],
            [
                Item::Retire {
                    text: "resign:black".into(),
                    line: 1
                },
                Item::Clock(Duration::from_millis(9_500)),
            ]
        );
    }

    #[test]
    fn faults_name_the_game_and_the_line() {
        let typed = |text: &str| Games::new(text).find_map(Result::err).expect("a fault");
        assert_eq!(
            *typed("e4 )").error,
            PgnError::Text {
                game: 1,
                fault: AtLine::new(1, TextFault::StrayClose)
            },
            "the fault is a type: its game, its line and what is wrong"
        );
        let fault = |text: &str| typed(text).error.to_string();
        assert_eq!(
            fault("1-0\n\n[Event \"x\"]\n1. e4 (1. d4"),
            "Game 2, line 4: a variation opened with ( is never closed."
        );
        assert_eq!(fault("e4 )"), "Game 1, line 1: a ) closes no variation.");
        assert_eq!(
            fault("[Event x]"),
            "Game 1, line 1: a tag pair should be written [Name \"value\"]."
        );
        let deep = format!("e4 {}", "(".repeat(10_000));
        assert!(
            fault(&deep).contains("variation depth 101"),
            "{}",
            fault(&deep)
        );
        assert!(fault("e4 {[%clk soon]}").contains("'soon'"));
    }
}
