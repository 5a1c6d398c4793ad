//! `catboard play` and `catboard` with no subcommand: the arguments that
//! set up the terminal front end, read into a [`UiConfig`].

use crate::cli::engine::check_think_ms;
use crate::ui::glyphs::GlyphSet;
use crate::ui::save::SaveStore;
use crate::ui::table::{Player, TableGame, TableSpec};
use crate::ui::theme::{ColorDepth, load_theme, user_theme_dir};
use crate::ui::view::Look;
use crate::ui::{Start, UiConfig, last_unfinished, run};
use catboard::ai::level::DEFAULT_THINK_MS;
use catboard::core::Options;
use catboard::variants::Variant;
use clap::Args;
use std::path::PathBuf;

/// How the screen looks: theme, glyphs, colour depth.
#[derive(Args, Debug, Clone, Default)]
pub struct LookArgs {
    /// A theme: built in (classic, high-contrast, mono), one in
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
}

/// How the computer players think.
#[derive(Args, Debug, Clone)]
pub struct ComputerArgs {
    /// How long a Master computer thinks per move, in milliseconds.
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
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub computer: ComputerArgs,
    #[command(flatten)]
    pub save: SaveArgs,
}

/// Arguments of `catboard play`: start a game without the setup screen.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The variant: chess, cat (Cat Chess), chu (Chu Chess), polar (Polar chess) or baccancat.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Who plays White: human, casual, club, strong or master.
    #[arg(long, value_name = "PLAYER")]
    pub white: Option<String>,
    /// Who plays Black: human, casual, club, strong or master.
    #[arg(long, value_name = "PLAYER")]
    pub black: Option<String>,
    /// Who plays the Cats (Cat Chess): human, casual, club, strong or master.
    #[arg(long, value_name = "PLAYER")]
    pub cats: Option<String>,
    /// Who plays any seat, as seat=player (e.g. black=club); may be repeated.
    #[arg(long = "seat", value_name = "SEAT=PLAYER")]
    pub seats: Vec<String>,
    /// The start position in the variant's position text (FEN for chess, Cat FEN for cat; docs/ has a page per game); the usual start when absent.
    #[arg(long)]
    pub position: Option<String>,
    /// A rule option as key=value (e.g. fifty_moves=off); may be repeated.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The seat drawn at the near edge (default: the first human seat).
    #[arg(long, value_name = "SEAT")]
    pub view: Option<String>,
    /// Play in the line mode (plain sentences on standard input and
    /// output, for screen readers) instead of the full screen.
    #[arg(long)]
    pub line: bool,
    #[command(flatten)]
    pub look: LookArgs,
    #[command(flatten)]
    pub computer: ComputerArgs,
    #[command(flatten)]
    pub save: SaveArgs,
}

/// Arguments of `catboard line`: those of `play`, or `--resume`.
#[derive(Args, Debug, Clone)]
pub struct LineArgs {
    /// Resume the last unfinished game.
    #[arg(long)]
    pub resume: bool,
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The notice shown when there is nowhere to save games.
pub const NOWHERE_TO_SAVE: &str = "Games will not be saved: neither HOME nor XDG_DATA_HOME is set; \
     start with --save-dir DIR to save them.";

/// Where games are saved: `--save-dir`, else the usual folder; with
/// neither, `None` and the notice saying so.
fn saves_of(
    args: &SaveArgs,
    var: &impl Fn(&str) -> Option<String>,
) -> (Option<SaveStore>, Option<String>) {
    let store = match &args.save_dir {
        Some(dir) => Some(SaveStore::new(dir.clone())),
        None => SaveStore::from_env(var),
    };
    let notice = store.is_none().then(|| NOWHERE_TO_SAVE.to_string());
    (store, notice)
}

/// Two notices as one, the first first.
fn both(first: Option<String>, second: Option<String>) -> Option<String> {
    match (first, second) {
        (Some(a), Some(b)) => Some(format!("{a} {b}")),
        (a, b) => a.or(b),
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// The look the arguments and environment ask for, and a sentence when
/// the theme fell back to classic.
fn look_of(args: &LookArgs) -> Result<(Look, Option<String>), String> {
    let glyphs = match &args.glyphs {
        Some(name) => GlyphSet::from_name(name)?,
        None => GlyphSet::Unicode,
    };
    let depth = match &args.color {
        Some(name) => ColorDepth::from_name(name)?,
        None => ColorDepth::detect(env),
    };
    let (theme, notice) = load_theme(
        args.theme.as_deref().unwrap_or("classic"),
        user_theme_dir(&env).as_deref(),
    );
    Ok((Look::new(&theme, depth, glyphs), notice))
}

/// Who plays each seat of `variant`, from `--white`, `--black` and `--seat`.
fn players_of(variant: Variant, args: &PlayArgs) -> Result<Vec<Player>, String> {
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
            .ok_or_else(|| format!("--seat '{pair}' should be written seat=player."))?;
        named.push((seat.trim().to_string(), player.trim().to_string()));
    }
    let seats = variant.seats();
    for (i, (seat, player)) in named.iter().enumerate() {
        if let Some((_, other)) = named[..i]
            .iter()
            .find(|(s, p)| s == seat && !p.eq_ignore_ascii_case(player))
        {
            return Err(format!(
                "The {seat} seat is given twice, to {other} and to {player}; give each seat once."
            ));
        }
    }
    for (seat, _) in &named {
        if !seats.contains(&seat.as_str()) {
            return Err(format!(
                "{} has no seat '{seat}'; its seats are {}.",
                variant.name(),
                seats.join(", ")
            ));
        }
    }
    seats
        .iter()
        .map(|seat| match named.iter().rev().find(|(s, _)| s == seat) {
            Some((_, player)) => Player::from_id(player),
            None => Ok(Player::Human),
        })
        .collect()
}

/// Runs `catboard play`: the full screen, or with `--line` the line mode.
pub fn play(args: &PlayArgs) -> Result<(), String> {
    let config = play_config(args)?;
    if args.line {
        run_line(config)
    } else {
        run(config)
    }
}

/// Runs `catboard line`: a game given as to `play`, or with `--resume` the
/// last unfinished one, in the line mode.
pub fn line(args: &LineArgs) -> Result<(), String> {
    let config = if args.resume {
        check_think_ms(args.play.computer.think_ms)?;
        let (look, theme_notice) = look_of(&args.play.look)?;
        let (saves, nowhere) = saves_of(&args.play.save, &env);
        UiConfig {
            start: resume_start(&saves)?,
            look,
            saves,
            notice: both(nowhere, theme_notice),
            think_ms: args.play.computer.think_ms,
        }
    } else {
        play_config(&args.play)?
    };
    run_line(config)
}

/// The line mode on standard input and output.
fn run_line(config: UiConfig) -> Result<(), String> {
    let input = std::io::BufReader::new(std::io::stdin());
    crate::line::run(config, input, std::io::stdout().lock())
}

/// The game `catboard play` starts, from its arguments.
fn play_config(args: &PlayArgs) -> Result<UiConfig, String> {
    check_think_ms(args.computer.think_ms)?;
    let variant = Variant::from_id(&args.variant).map_err(|e| e.0)?;
    let options = Options::parse(variant.options(), args.options.iter().map(String::as_str))
        .map_err(|e| format!("Bad option: {e}."))?;
    let players = players_of(variant, args)?;
    let table = TableGame::new(&TableSpec {
        variant,
        options,
        position: args.position.clone(),
        players,
    })?;
    let near_side = match &args.view {
        Some(seat) => variant
            .seats()
            .iter()
            .position(|s| s == seat)
            .ok_or_else(|| format!("{} has no seat '{seat}' to view from.", variant.name()))?,
        None => table.first_human_seat(),
    };
    let (look, notice) = look_of(&args.look)?;
    let (saves, nowhere) = saves_of(&args.save, &env);
    Ok(UiConfig {
        start: Start::Play {
            table: Box::new(table),
            near_side,
            path: None,
        },
        look,
        saves,
        notice: both(nowhere, notice),
        think_ms: args.computer.think_ms,
    })
}

/// The last unfinished game in `saves`, to resume; a sentence when there
/// is none or it cannot be read.
fn resume_start(saves: &Option<SaveStore>) -> Result<Start, String> {
    let offer = match saves {
        Some(store) => last_unfinished(store)?,
        None => None,
    };
    match (offer, saves) {
        (Some(offer), _) => Ok(Start::Play {
            near_side: offer.table.first_human_seat(),
            table: offer.table,
            path: Some(offer.path),
        }),
        (None, Some(store)) => Err(format!(
            "There is no unfinished game to resume in {}.",
            store.dir().display()
        )),
        (None, None) => Err(
            "There is no saved game to resume: neither HOME nor XDG_DATA_HOME is set; \
             give --save-dir DIR."
                .into(),
        ),
    }
}

/// Runs `catboard` with no subcommand: the setup screen, or with
/// `--resume` the last unfinished game.
pub fn open(args: &OpenArgs) -> Result<(), String> {
    check_think_ms(args.computer.think_ms)?;
    let (look, theme_notice) = look_of(&args.look)?;
    let (saves, nowhere) = saves_of(&args.save, &env);
    let mut notice = both(nowhere, theme_notice);
    let start = if args.resume {
        resume_start(&saves)?
    } else {
        let offer = match &saves {
            Some(store) => last_unfinished(store),
            None => Ok(None),
        };
        match offer {
            Ok(offer) => Start::Setup(offer),
            Err(e) => {
                notice = both(Some(e), notice);
                Start::Setup(None)
            }
        }
    };
    run(UiConfig {
        start,
        look,
        saves,
        notice,
        think_ms: args.computer.think_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(white: Option<&str>, seats: &[&str]) -> PlayArgs {
        PlayArgs {
            variant: "chess".into(),
            white: white.map(str::to_string),
            black: None,
            cats: None,
            seats: seats.iter().map(|s| s.to_string()).collect(),
            position: None,
            options: Vec::new(),
            view: None,
            line: false,
            look: LookArgs::default(),
            computer: ComputerArgs::default(),
            save: SaveArgs::default(),
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
        let (store, notice) = saves_of(&SaveArgs::default(), &nothing);
        assert_eq!((store, notice.as_deref()), (None, Some(NOWHERE_TO_SAVE)));
        let chosen = SaveArgs {
            save_dir: Some(PathBuf::from("/tmp/games")),
        };
        let (store, notice) = saves_of(&chosen, &nothing);
        assert_eq!(store, Some(SaveStore::new(PathBuf::from("/tmp/games"))));
        assert_eq!(notice, None);
        let home = |k: &str| (k == "HOME").then(|| "/home/u".to_string());
        assert_eq!(saves_of(&SaveArgs::default(), &home).1, None);
        assert_eq!(
            both(Some("a.".into()), Some("b.".into())).as_deref(),
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
            err.contains("human, casual, club, strong or master"),
            "{err}"
        );
    }

    #[test]
    fn look_flags_are_checked() {
        let mut look = LookArgs {
            glyphs: Some("ascii".into()),
            color: Some("none".into()),
            theme: Some("mono".into()),
        };
        let (l, notice) = look_of(&look).expect("valid");
        assert_eq!(l.glyphs, GlyphSet::Ascii);
        assert!(notice.is_none());
        look.color = Some("millions".into());
        assert!(look_of(&look).is_err());
    }
}
