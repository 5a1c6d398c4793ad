//! `catboard play`, `catboard line` and `catboard` with no subcommand: the
//! arguments that set up a session, read into a [`SessionConfig`] for the
//! screen (`ui`) or the line mode (`line`).

use crate::cli::engine::check_think_ms;
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::save::SaveStore;
use crate::session::speech::Notation;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::session::{
    SessionConfig, SpeechChoice, Start, THINKING_AFTER_MS, join_notices, last_unfinished,
};
use crate::ui::run;
use catboard::ai::level::{DEFAULT_THINK_MS, Level};
use catboard::clock::TimeControl;
use catboard::core::Options;
use catboard::notation::pgn;
use catboard::protocol::engine::EngineSpec;
use catboard::protocol::engine::known::KnownEngine;
use catboard::protocol::engine::process::missing_program;
use catboard::text::{quoted, shown};
use catboard::variants::Variant;
use clap::Args;
use std::path::PathBuf;

/// How the screen looks: theme, glyphs, colour depth.
#[derive(Args, Debug, Clone, Default)]
pub struct LookArgs {
    /// A theme: built in (classic, high-contrast, mono, console), one in
    /// ~/.config/catboard/themes, or a path to a .toml file.
    #[arg(long, value_name = "NAME|PATH")]
    pub theme: Option<String>,
    /// Piece and mark characters: unicode, letters or ascii.
    #[arg(long, value_name = "SET")]
    pub glyphs: Option<String>,
    /// Colour depth (truecolor, 256, 16, none); detected from COLORTERM,
    /// TERM and NO_COLOR when absent.
    #[arg(long, value_name = "DEPTH")]
    pub color: Option<String>,
    /// Leave the mouse to the terminal (no clicking cells, no dragging the
    /// globe); the keyboard does everything either way.
    #[arg(long)]
    pub no_mouse: bool,
}

/// How the computer players think.
#[derive(Args, Debug, Clone)]
pub struct ComputerArgs {
    /// How long a Master computer thinks per move, in milliseconds (1 to
    /// 3600000).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_THINK_MS)]
    pub think_ms: u64,
}

impl Default for ComputerArgs {
    fn default() -> ComputerArgs {
        ComputerArgs {
            think_ms: DEFAULT_THINK_MS,
        }
    }
}

/// How the line mode and the screen reader view speak.
#[derive(Args, Debug, Clone)]
pub struct SpeechArgs {
    /// How moves and cells are said: words (the default), san, uci,
    /// letters or phonetic.
    #[arg(long, value_name = "NOTATION")]
    pub speech: Option<String>,
    /// Say that a computer is thinking only when its reply takes longer
    /// than this many milliseconds.
    #[arg(long, value_name = "MS", default_value_t = THINKING_AFTER_MS)]
    pub thinking_after_ms: u64,
}

impl Default for SpeechArgs {
    fn default() -> SpeechArgs {
        SpeechArgs {
            speech: None,
            thinking_after_ms: THINKING_AFTER_MS,
        }
    }
}

impl SpeechArgs {
    /// The choice these arguments make, with the screen reader view or not.
    fn choice(&self, reader: bool) -> Result<SpeechChoice, String> {
        let notation = match &self.speech {
            Some(name) => Some(Notation::from_id(name)?),
            None => None,
        };
        Ok(SpeechChoice {
            notation,
            reader,
            thinking_after: std::time::Duration::from_millis(self.thinking_after_ms),
        })
    }
}

/// Where games are saved.
#[derive(Args, Debug, Clone, Default)]
pub struct SaveArgs {
    /// The folder games are saved in and resumed from (default:
    /// $XDG_DATA_HOME/catboard/games, else ~/.local/share/catboard/games).
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
}

/// Arguments of `catboard` with no subcommand.
#[derive(Args, Debug, Clone, Default)]
pub struct OpenArgs {
    /// Resume the last unfinished game instead of showing the setup screen.
    #[arg(long)]
    pub resume: bool,
    /// The screen reader view: one line carries the current sentence, the
    /// board stays still while the cursor moves.
    #[arg(long)]
    pub screen_reader: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub computer: ComputerArgs,
    #[command(flatten)]
    pub save: SaveArgs,
}

/// The game to start: the variant, who plays each seat, the position,
/// the rule options and the seat at the near edge.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The variant: chess, cat (Cat Chess), chu (Chu Chess), polar (Polar chess) or baccancat.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Who plays White: human, a level (beginner, novice, casual, club,
    /// advanced, strong, expert, master) or an Elo (the nearest level).
    #[arg(long, value_name = "PLAYER")]
    pub white: Option<String>,
    /// Who plays Black: human, a level (beginner, novice, casual, club,
    /// advanced, strong, expert, master) or an Elo (the nearest level).
    #[arg(long, value_name = "PLAYER")]
    pub black: Option<String>,
    /// Who plays the Cats (Cat Chess): human, a level or an Elo.
    #[arg(long, value_name = "PLAYER")]
    pub cats: Option<String>,
    /// Who plays any seat, as seat=player (e.g. black=club), or another
    /// engine as seat=uci:COMMAND or seat=xboard:COMMAND (e.g.
    /// black=uci:stockfish); may be repeated.
    #[arg(long = "seat", value_name = "SEAT=PLAYER")]
    pub seats: Vec<String>,
    /// An option of the engine playing a seat, as SEAT:NAME=VALUE (e.g.
    /// black:UCI_Elo=1500); may be repeated.
    #[arg(long = "engine-option", value_name = "SEAT:NAME=VALUE")]
    pub engine_options: Vec<String>,
    /// The level of catboard's computer that takes over a seat whose
    /// engine fails (a level or an Elo; master by default).
    #[arg(long, value_name = "LEVEL")]
    pub fallback: Option<String>,
    /// The start position in the variant's position text (FEN for chess, Cat FEN for cat; docs/ has a page per game); the usual start when absent.
    #[arg(long)]
    pub position: Option<String>,
    /// A rule option as key=value (e.g. fifty_moves=off); may be repeated.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The seat drawn at the near edge (default: the first human seat).
    #[arg(long, value_name = "SEAT")]
    pub view: Option<String>,
    /// The time control: minutes (may be fractional) plus seconds added
    /// after each move, e.g. 5+3 or 0.5+0; none (the default) for no clock.
    #[arg(long, value_name = "M+S")]
    pub time: Option<String>,
    /// Go on from the last position of a game in a PGN file, with its
    /// history (its variant, start, options and clock come from the file).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "position", "options", "time"])]
    pub pgn: Option<PathBuf>,
    /// Which game of the PGN file, counted from 1.
    #[arg(long, value_name = "N", requires = "pgn", default_value_t = 1)]
    pub game: usize,
}

/// Arguments of `catboard play`: start a game without the setup screen.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Play in the line mode (plain sentences on standard input and
    /// output, for screen readers) instead of the full screen.
    #[arg(long, conflicts_with_all = ["theme", "glyphs", "color"])]
    pub line: bool,
    /// The screen reader view of the full screen: one line carries the
    /// current sentence, the board stays still while the cursor moves.
    #[arg(long, conflicts_with = "line")]
    pub screen_reader: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub computer: ComputerArgs,
    #[command(flatten)]
    pub speech: SpeechArgs,
    #[command(flatten)]
    pub save: SaveArgs,
}

/// Arguments of `catboard line`: the game as `play` takes it, or
/// `--resume`; no look (the line mode draws nothing).
#[derive(Args, Debug, Clone)]
pub struct LineArgs {
    /// Resume the last unfinished game.
    #[arg(long)]
    pub resume: bool,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub computer: ComputerArgs,
    #[command(flatten)]
    pub speech: SpeechArgs,
    #[command(flatten)]
    pub save: SaveArgs,
}

/// The notice shown when there is nowhere to save games, `why` being the
/// clause that says why (`neither HOME nor XDG_DATA_HOME is set`).
pub fn nowhere_to_save(why: &str) -> String {
    format!("Games will not be saved: {why}; start with --save-dir DIR to save them.")
}

/// Where games are saved: `--save-dir`, else the usual folder (an
/// absolute `XDG_DATA_HOME` or `HOME`). With neither, or a saves folder
/// that is a file, `None` and the clause saying why (for the notice
/// [`nowhere_to_save`], and for `--resume`).
pub(crate) fn saves_of(
    args: &SaveArgs,
    var: &impl Fn(&str) -> Option<String>,
) -> (Option<SaveStore>, Option<String>) {
    let store = match &args.save_dir {
        Some(dir) => Ok(SaveStore::new(dir.clone())),
        None => SaveStore::from_env(var).map_err(|why| why.to_string()),
    };
    let store = store.and_then(|s| match s.folder_problem() {
        Some(why) => Err(why),
        None => Ok(s),
    });
    match store {
        Ok(store) => (Some(store), None),
        Err(why) => (None, Some(why)),
    }
}

pub(crate) fn env(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// The saves folder `args` names, from the environment's usual place
/// when it names none; `None` and why when there is none.
pub fn saves_of_env(args: &SaveArgs) -> (Option<SaveStore>, Option<String>) {
    saves_of(args, &env)
}

/// The look the arguments and environment ask for; the theme is read by
/// the screen that draws it.
pub(crate) fn look_choice(args: &LookArgs) -> Result<LookChoice, String> {
    let (default_glyphs, default_theme) = LookChoice::terminal_default(env);
    let glyphs = match &args.glyphs {
        Some(name) => GlyphSet::from_name(name)?,
        None => default_glyphs,
    };
    let depth = match &args.color {
        Some(name) => ColorDepth::from_name(name)?,
        None => ColorDepth::detect(env),
    };
    Ok(LookChoice {
        theme: args
            .theme
            .clone()
            .unwrap_or_else(|| default_theme.to_string()),
        depth,
        glyphs,
    })
}

/// Who plays a seat, as the command line gives it.
#[derive(Clone, Debug, PartialEq)]
enum SeatChoice {
    /// A person or catboard's computer.
    Player(Player),
    /// Another engine.
    Engine(EngineSpec),
}

/// Who plays each seat of `variant`, from `--white`, `--black` and
/// `--seat`; a seat an engine plays is catboard's computer at the
/// `--fallback` level, which takes it over if the engine fails.
fn players_of(variant: Variant, args: &GameArgs) -> Result<Vec<Player>, String> {
    let fallback = fallback_level(args)?;
    Ok(seat_choices(variant, args)?
        .into_iter()
        .map(|choice| match choice {
            SeatChoice::Player(player) => player,
            SeatChoice::Engine(_) => Player::Computer(fallback),
        })
        .collect())
}

/// The level `--fallback` names: Master when absent.
fn fallback_level(args: &GameArgs) -> Result<Level, String> {
    let Some(name) = &args.fallback else {
        return Ok(Level::Master);
    };
    match Player::from_id(name) {
        Ok(Player::Computer(level)) => Ok(level),
        _ => Err(format!(
            "--fallback {} is not a level of catboard's computer; choose a level (beginner to master) or an Elo such as 1400.",
            quoted(name)
        )),
    }
}

/// The engine of each seat of `variant` (none where a player sits), with
/// their `--engine-option`s, each checked as far as can be without
/// starting it: a variant no engine of its protocol can play, a program
/// not installed, a known engine that does not play the variant; and a
/// notice for a known engine whose rules of the variant differ.
fn engines_of(
    variant: Variant,
    options: &Options,
    args: &GameArgs,
) -> Result<(Vec<Option<EngineSpec>>, Option<String>), String> {
    let mut engines: Vec<Option<EngineSpec>> = seat_choices(variant, args)?
        .into_iter()
        .map(|choice| match choice {
            SeatChoice::Engine(spec) => Some(spec),
            SeatChoice::Player(_) => None,
        })
        .collect();
    for given in &args.engine_options {
        let written = || {
            format!(
                "--engine-option {} should be written SEAT:NAME=VALUE, as black:UCI_Elo=1500.",
                quoted(given)
            )
        };
        let (seat, pair) = given.split_once(':').ok_or_else(written)?;
        let index = variant
            .seats()
            .iter()
            .position(|s| s.eq_ignore_ascii_case(seat.trim()))
            .ok_or_else(|| {
                format!(
                    "{} has no seat {} for --engine-option; its seats are {}.",
                    variant.name(),
                    quoted(seat),
                    variant.seats().join(", ")
                )
            })?;
        let spec = engines[index].as_mut().ok_or_else(|| {
            format!(
                "--engine-option {} names the {} seat, which no engine plays; give it one with --seat {}=uci:COMMAND.",
                quoted(given),
                variant.seats()[index],
                variant.seats()[index]
            )
        })?;
        spec.add_option(pair).map_err(|_| written())?;
    }
    let mut notices = Vec::new();
    for spec in engines.iter().flatten() {
        if let Some(why) = spec.refuses(variant, options) {
            return Err(why);
        }
        if let Some(known) = KnownEngine::of(spec) {
            match known.differs(variant) {
                Some(how) => notices.push(format!(
                    "{} plays {} by rules that differ from catboard's ({how}); at the first move the two disagree on, catboard's computer takes its seat.",
                    known.name,
                    variant.name()
                )),
                None if !known.plays(variant) => {
                    return Err(format!(
                        "{} does not play {}; it plays {}.",
                        known.name,
                        variant.name(),
                        catboard::text::and_list(
                            &known.variants.iter().map(|v| v.name()).collect::<Vec<_>>()
                        )
                    ));
                }
                None => {}
            }
        }
        if let Some(why) = missing_program(&spec.command) {
            return Err(format!(
                "The engine {} cannot be started: {why}.",
                catboard::text::quoted_command(&spec.command)
            ));
        }
        if !spec.options.is_empty() {
            check_engine_options(spec)?;
        }
    }
    let notice = (!notices.is_empty()).then(|| notices.join(" "));
    Ok((engines, notice))
}

/// Starts the engine `spec` describes once, before the game, so that
/// each of its `--engine-option`s is checked against the options it
/// announces (a name it does not have, a value out of its range) and
/// refused in its sentence rather than found at its first move.
fn check_engine_options(spec: &EngineSpec) -> Result<(), String> {
    let patience = catboard::protocol::engine::Patience::default();
    catboard::protocol::engine::Engine::start(spec, patience)
        .map(drop)
        .map_err(|e| e.sentence)
}

/// Who plays each seat of `variant`, from `--white`, `--black` and `--seat`.
fn seat_choices(variant: Variant, args: &GameArgs) -> Result<Vec<SeatChoice>, String> {
    let mut named: Vec<(String, String)> = Vec::new();
    let flags = [
        ("white", &args.white),
        ("black", &args.black),
        ("cats", &args.cats),
    ];
    for (seat, player) in flags {
        if let Some(p) = player {
            named.push((seat.into(), p.clone()));
        }
    }
    for pair in &args.seats {
        let (seat, player) = pair
            .split_once('=')
            .ok_or_else(|| format!("--seat {} should be written seat=player.", quoted(pair)))?;
        named.push((seat.trim().to_string(), player.trim().to_string()));
    }
    let seats = variant.seats();
    for (i, (seat, player)) in named.iter().enumerate() {
        if let Some((_, other)) = named[..i]
            .iter()
            .find(|(s, p)| s == seat && !p.eq_ignore_ascii_case(player))
        {
            return Err(format!(
                "The {} seat is given twice, to {} and to {}; give each seat once.",
                shown(seat),
                shown(other),
                shown(player)
            ));
        }
    }
    for (seat, _) in &named {
        if !seats.contains(&seat.as_str()) {
            return Err(format!(
                "{} has no seat {}; its seats are {}.",
                variant.name(),
                quoted(seat),
                seats.join(", ")
            ));
        }
    }
    seats
        .iter()
        .map(|seat| match named.iter().rev().find(|(s, _)| s == seat) {
            Some((_, player)) => match EngineSpec::parse(player) {
                Some(spec) => spec.map(SeatChoice::Engine).map_err(String::from),
                None => Player::from_id(player)
                    .map(SeatChoice::Player)
                    .map_err(|e| e.to_string()),
            },
            None => Ok(SeatChoice::Player(Player::Human)),
        })
        .collect()
}

/// Runs `catboard play`: the full screen, or with `--line` the line mode.
pub fn play(args: &PlayArgs) -> Result<(), String> {
    let look = (!args.line).then_some(&args.look);
    let mut config = play_config(&args.game, &args.computer, &args.save, look)?;
    config.speech = args.speech.choice(args.screen_reader)?;
    if args.line {
        run_line(config)
    } else {
        run(config, !args.look.no_mouse)
    }
}

/// Runs `catboard line`: a game given as to `play`, or with `--resume` the
/// last unfinished one, in the line mode.
pub fn line(args: &LineArgs) -> Result<(), String> {
    let config = if args.resume {
        check_think_ms(args.computer.think_ms)?;
        let (saves, nowhere) = saves_of(&args.save, &env);
        let (start, skipped) = resume_start(&saves, nowhere.as_deref())?;
        SessionConfig {
            start,
            look: LookChoice::default(),
            saves,
            notice: join_notices(skipped, nowhere.as_deref().map(nowhere_to_save)),
            think_ms: args.computer.think_ms,
            speech: args.speech.choice(false)?,
        }
    } else {
        let mut config = play_config(&args.game, &args.computer, &args.save, None)?;
        config.speech = args.speech.choice(false)?;
        config
    };
    run_line(config)
}

/// The line mode on standard input and output.
fn run_line(config: SessionConfig) -> Result<(), String> {
    let input = std::io::BufReader::new(std::io::stdin());
    crate::line::run(config, input, std::io::stdout().lock())
}

/// The game `catboard play` (or `catboard line`) starts, from its
/// arguments; `look` is `None` in the line mode, which draws nothing.
fn play_config(
    args: &GameArgs,
    computer: &ComputerArgs,
    save: &SaveArgs,
    look: Option<&LookArgs>,
) -> Result<SessionConfig, String> {
    check_think_ms(computer.think_ms)?;
    let variant = Variant::from_id(&args.variant).map_err(|e| e.to_string())?;
    let options = Options::parse(variant.options(), args.options.iter().map(String::as_str))
        .map_err(|e| format!("Bad option: {e}."))?;
    let mut read_warnings = None;
    let mut table = match &args.pgn {
        Some(path) => {
            let text = pgn::read_file(path).map_err(|e| e.to_string())?;
            let read = pgn::read_game(&text, args.game).map_err(|e| e.to_string())?;
            let players = players_of(read.pgn.variant, args)?;
            if !read.warnings.is_empty() {
                read_warnings = Some(read.warnings.join(" "));
            }
            crate::session::pgn::table_of(&read, players).map_err(|e| e.to_string())?
        }
        None => {
            let players = players_of(variant, args)?;
            let time = match &args.time {
                Some(text) => TimeControl::parse(text).map_err(|e| e.to_string())?,
                None => None,
            };
            TableGame::new(&TableSpec {
                variant,
                options,
                position: args.position.clone(),
                players,
                time,
            })
            .map_err(|e| e.to_string())?
        }
    };
    let variant = table.variant();
    let (engines, engine_notice) = engines_of(variant, table.options(), args)?;
    table.set_engines(&engines);
    let near_side = match &args.view {
        Some(seat) => variant
            .seats()
            .iter()
            .position(|s| s == seat)
            .ok_or_else(|| {
                format!(
                    "{} has no seat {} to view from.",
                    variant.name(),
                    quoted(seat)
                )
            })?,
        None => table.first_human_seat(),
    };
    let look = match look {
        Some(args) => look_choice(args)?,
        None => LookChoice::default(),
    };
    let (saves, nowhere) = saves_of(save, &env);
    Ok(SessionConfig {
        start: Start::Play {
            table: Box::new(table),
            near_side,
            path: None,
        },
        look,
        saves,
        notice: join_notices(
            join_notices(read_warnings, engine_notice),
            nowhere.as_deref().map(nowhere_to_save),
        ),
        think_ms: computer.think_ms,
        speech: crate::session::SpeechChoice::default(),
    })
}

/// The last unfinished game in `saves`, to resume, and a notice naming
/// the files skipped on the way; a sentence when there is none, or no
/// folder to look in (`nowhere` says why).
fn resume_start(
    saves: &Option<SaveStore>,
    nowhere: Option<&str>,
) -> Result<(Start, Option<String>), String> {
    let Some(store) = saves else {
        return Err(format!(
            "There is no saved game to resume: {}; give --save-dir DIR.",
            nowhere.unwrap_or("there is no saves folder")
        ));
    };
    let found = last_unfinished(store)?;
    let notice = found.notice();
    match found.offer {
        Some(offer) => Ok((
            Start::Play {
                near_side: offer.table.first_human_seat(),
                table: offer.table,
                path: Some(offer.path),
            },
            notice,
        )),
        None => Err(match notice {
            Some(skipped) => format!(
                "There is no unfinished game to resume in {}. {skipped}",
                catboard::text::shown_path(store.dir())
            ),
            None => format!(
                "There is no unfinished game to resume in {}.",
                catboard::text::shown_path(store.dir())
            ),
        }),
    }
}

/// Runs `catboard` with no subcommand: the setup screen, or with
/// `--resume` the last unfinished game.
pub fn open(args: &OpenArgs) -> Result<(), String> {
    check_think_ms(args.computer.think_ms)?;
    let look = look_choice(&args.look)?;
    let (saves, nowhere) = saves_of(&args.save, &env);
    let mut notice = nowhere.as_deref().map(nowhere_to_save);
    let start = if args.resume {
        let (start, skipped) = resume_start(&saves, nowhere.as_deref())?;
        notice = join_notices(skipped, notice);
        start
    } else {
        let found = match &saves {
            Some(store) => last_unfinished(store),
            None => Ok(Default::default()),
        };
        match found {
            Ok(found) => {
                notice = join_notices(found.notice(), notice);
                Start::Setup(found.offer)
            }
            Err(e) => {
                notice = join_notices(Some(e.to_string()), notice);
                Start::Setup(None)
            }
        }
    };
    run(
        SessionConfig {
            start,
            look,
            saves,
            notice,
            think_ms: args.computer.think_ms,
            speech: SpeechChoice {
                reader: args.screen_reader,
                ..SpeechChoice::default()
            },
        },
        !args.look.no_mouse,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(white: Option<&str>, seats: &[&str]) -> GameArgs {
        GameArgs {
            variant: "chess".into(),
            white: white.map(str::to_string),
            black: None,
            cats: None,
            seats: seats.iter().map(|s| s.to_string()).collect(),
            engine_options: Vec::new(),
            fallback: None,
            position: None,
            options: Vec::new(),
            view: None,
            time: None,
            pgn: None,
            game: 1,
        }
    }

    #[test]
    fn a_seat_given_twice_to_different_players_is_refused() {
        let err = players_of(Variant::Chess, &args(Some("club"), &["white=human"]))
            .expect_err("conflict");
        assert_eq!(
            err,
            "The white seat is given twice, to club and to human; give each seat once."
        );
        assert!(players_of(Variant::Chess, &args(Some("club"), &["white=Club"])).is_ok());
    }

    #[test]
    fn with_nowhere_to_save_the_notice_says_so_and_save_dir_fixes_it() {
        let nothing = |_: &str| None;
        let (store, why) = saves_of(&SaveArgs::default(), &nothing);
        assert_eq!(
            (store, why.as_deref()),
            (None, Some("neither HOME nor XDG_DATA_HOME is set"))
        );
        assert_eq!(
            nowhere_to_save("neither HOME nor XDG_DATA_HOME is set"),
            "Games will not be saved: neither HOME nor XDG_DATA_HOME is set; start with --save-dir DIR to save them."
        );
        let chosen = SaveArgs {
            save_dir: Some(PathBuf::from("/tmp/games")),
        };
        let (store, notice) = saves_of(&chosen, &nothing);
        assert_eq!(store, Some(SaveStore::new(PathBuf::from("/tmp/games"))));
        assert_eq!(notice, None);
        let home = |k: &str| (k == "HOME").then(|| "/home/u".to_string());
        assert_eq!(saves_of(&SaveArgs::default(), &home).1, None);
        assert_eq!(
            join_notices(Some("a.".into()), Some("b.".into())).as_deref(),
            Some("a. b.")
        );
    }

    #[test]
    fn players_come_from_seat_flags_with_clear_errors() {
        assert_eq!(
            players_of(Variant::Chess, &args(Some("human"), &[])),
            Ok(vec![Player::Human; 2])
        );
        let err = players_of(Variant::Chess, &args(Some("robot"), &[])).expect_err("unknown");
        assert!(err.contains("'robot'"), "{err}");
        let err = players_of(Variant::Chess, &args(None, &["cats=human"])).expect_err("no seat");
        assert!(
            err.contains("'cats'") && err.contains("white, black"),
            "{err}"
        );
        assert!(players_of(Variant::Chess, &args(None, &["black"])).is_err());
    }

    #[test]
    fn computer_levels_and_the_cats_seat_are_players() {
        use catboard::ai::Level;
        let mut a = args(Some("master"), &["black=casual"]);
        a.variant = "cat".into();
        a.cats = Some("club".into());
        assert_eq!(
            players_of(Variant::Cat, &a),
            Ok(vec![
                Player::Computer(Level::Master),
                Player::Computer(Level::Casual),
                Player::Computer(Level::Club),
            ])
        );
        let mut a = args(None, &[]);
        a.cats = Some("human".into());
        let err = players_of(Variant::Chess, &a).expect_err("chess has no cats");
        assert!(err.contains("'cats'"), "{err}");
        let err = players_of(Variant::Chess, &args(Some("grandmaster"), &[])).expect_err("no");
        assert!(
            err.contains(
                "human, beginner, novice, casual, club, advanced, strong, expert or master"
            ),
            "{err}"
        );
    }

    #[test]
    fn look_flags_are_checked() {
        let mut look = LookArgs {
            glyphs: Some("ascii".into()),
            color: Some("none".into()),
            theme: Some("mono".into()),
            no_mouse: false,
        };
        assert_eq!(
            look_choice(&look),
            Ok(LookChoice {
                theme: "mono".into(),
                depth: ColorDepth::NoColor,
                glyphs: GlyphSet::Ascii,
            })
        );
        look.color = Some("millions".into());
        assert!(look_choice(&look).is_err());
        look.color = None;
        look.glyphs = Some("runes".into());
        assert!(look_choice(&look).is_err());
    }

    #[test]
    fn the_line_mode_takes_no_look_flags() {
        use clap::Parser;
        let parse = |args: &[&str]| crate::Cli::try_parse_from(args).map(|_| ());
        for flags in [
            &["--theme", "mono"][..],
            &["--glyphs", "ascii"],
            &["--color", "none"],
        ] {
            let line = [&["catboard", "line"][..], flags].concat();
            let err = parse(&line).expect_err("catboard line takes no look flag");
            assert_eq!(err.kind(), clap::error::ErrorKind::UnknownArgument, "{err}");
            let play_line = [&["catboard", "play", "--line"][..], flags].concat();
            let err = parse(&play_line).expect_err("play --line takes no look flag");
            assert_eq!(
                err.kind(),
                clap::error::ErrorKind::ArgumentConflict,
                "{err}"
            );
            let play = [&["catboard", "play"][..], flags].concat();
            assert!(parse(&play).is_ok(), "the screen takes {flags:?}");
        }
        assert!(parse(&["catboard", "line", "--variant", "cat", "--resume"]).is_ok());
    }
}
