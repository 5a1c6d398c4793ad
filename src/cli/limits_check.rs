//! The limits table ([`catboard::limits::all()`]) against what the user
//! reads: docs/limits.md holds the table generated from it (between two
//! markers; `CATBOARD_WRITE_DOCS=1 cargo test limits_check` writes it), and
//! every command-line flag a limit bounds says that limit in `--help`.

use crate::Cli;
use catboard::limits::{self, Limit};
use catboard::variants::Variant;
use clap::CommandFactory;
use std::path::Path;

/// Where the generated table begins and ends in docs/limits.md.
const BEGIN: &str =
    "<!-- The table below is generated from catboard::limits::all(); a test compares them. -->";
const END: &str = "<!-- End of the generated table. -->";

#[test]
fn docs_limits_md_holds_the_table_generated_from_the_library() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/limits.md");
    let text = std::fs::read_to_string(&path).expect("docs/limits.md reads");
    let (Some(begin), Some(end)) = (text.find(BEGIN), text.find(END)) else {
        panic!("docs/limits.md has no generated table between {BEGIN} and {END}");
    };
    let held = &text[begin + BEGIN.len()..end];
    let wanted = format!("\n{}", limits::markdown_table());
    if held != wanted && std::env::var_os("CATBOARD_WRITE_DOCS").is_some() {
        let written = format!("{}{wanted}{}", &text[..begin + BEGIN.len()], &text[end..]);
        std::fs::write(&path, written).expect("docs/limits.md writes");
        return;
    }
    assert_eq!(
        held, wanted,
        "docs/limits.md's table is not the library's; run CATBOARD_WRITE_DOCS=1 cargo test limits_check"
    );
}

/// The help of `--flag` of `subcommand` (the root's when empty).
fn help_of(subcommand: &str, flag: &str) -> String {
    let root = Cli::command();
    let command = if subcommand.is_empty() {
        &root
    } else {
        root.find_subcommand(subcommand)
            .unwrap_or_else(|| panic!("no subcommand {subcommand}"))
    };
    let arg = command
        .get_arguments()
        .find(|a| a.get_long() == Some(flag))
        .unwrap_or_else(|| panic!("{subcommand} has no --{flag}"));
    arg.get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string().replace('\n', " "))
        .unwrap_or_default()
}

/// Whether `help` says `limit`'s range as "LEAST to MOST".
fn says_range(help: &str, limit: &Limit) -> bool {
    help.contains(&format!("{} to {}", limit.least, limit.most))
}

/// Whether `help` gives `variant` the most `limit` allows it: the number
/// written last before the variant's name is that most (`... 7 for Cat
/// Chess and Polar chess, 6 for ...`).
fn says_most_for(help: &str, variant: Variant, limit: &Limit) -> bool {
    // "Chess" alone, not the end of "Cat Chess" or "Chu Chess".
    let mut text = help.to_string();
    for other in Variant::ALL.iter().map(|v| v.name()) {
        if other != variant.name() && other.contains(variant.name()) {
            text = text.replace(other, &other.replace(variant.name(), "----"));
        }
    }
    let Some(at) = text.find(variant.name()) else {
        return false;
    };
    let before = &text[..at];
    let last_number = before
        .split(|c: char| !c.is_ascii_digit())
        .rfind(|n| !n.is_empty());
    last_number == Some(limit.most.to_string().as_str())
}

#[test]
fn every_bounded_flag_says_its_limit_in_help() {
    let ranged: &[(&str, &str, &Limit)] = &[
        ("", "think-ms", &limits::THINK_MS),
        ("play", "think-ms", &limits::THINK_MS),
        ("line", "think-ms", &limits::THINK_MS),
        ("bench", "think-ms", &limits::THINK_MS),
        ("bench", "depth", &limits::BENCH_DEPTH),
        ("selfplay", "think-ms", &limits::THINK_MS),
        ("selfplay", "games", &limits::SELFPLAY_GAMES),
        ("selfplay", "jobs", &limits::JOBS),
        ("selfplay", "max-plies", &limits::MAX_PLIES),
        ("selfplay", "random-plies", &limits::RANDOM_PLIES),
        ("selfplay", "soak", &limits::SOAK_GAMES),
        ("xboard", "hash-mb", &limits::HASH_MB),
    ];
    let own_depths = Variant::ALL
        .iter()
        .filter_map(|v| v.record().bench_depth.as_ref())
        .map(|limit| ("bench", "depth", limit));
    let mut wrong = Vec::new();
    for (sub, flag, limit) in ranged.iter().copied().chain(own_depths) {
        let help = help_of(sub, flag);
        if !says_range(&help, limit) {
            wrong.push(format!(
                "{sub} --{flag}: {:?} does not say {} to {}",
                help, limit.least, limit.most
            ));
        }
    }
    for &variant in Variant::ALL {
        for (sub, flag, limit) in [
            ("perft", "depth", limits::perft_depth(variant)),
            ("bench", "perft", limits::bench_perft(variant)),
        ] {
            let help = help_of(sub, flag);
            if !says_most_for(&help, variant, limit) {
                wrong.push(format!(
                    "{sub} --{flag}: {help:?} does not say {} for {}",
                    limit.most,
                    variant.name()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "help and the limits table disagree:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_help_check_sees_a_wrong_number() {
    let help = "at most 9 for Chess, 5 for Cat Chess, 4 for Chu Chess";
    assert!(says_most_for(
        help,
        Variant::Chess,
        limits::perft_depth(Variant::Chess)
    ));
    assert!(!says_most_for(
        help,
        Variant::Cat,
        limits::perft_depth(Variant::Cat)
    ));
    assert!(says_range("how many (1 to 1024)", &limits::JOBS));
    assert!(!says_range("how many (1 to 1000)", &limits::JOBS));
}
