//! PGN for every variant: a game of random play (retirements and clock
//! readings among its plies, rule options and a set-up start sometimes)
//! written and read back gives the same plies, position, clocks and tags,
//! a property over the five variants; every variant reads back the move
//! list's notation of every legal move; a finished game of each kind of
//! ending reads back finished, with its Result, Termination, Winner and
//! Points tags; and a hostile text never makes the reader panic, each
//! fault one sentence, within the limits of `catboard::limits`.

use crate::support::{assert_one_sentence, edit_text, hostile_texts, proptest_config};
use catboard::clock::{TimeControl, pgn_clock, read_pgn_clock};
use catboard::core::{Departure, EndReason, Game, Options, Outcome, Retire, Seat};
use catboard::limits::{PGN_FILE, PGN_GAMES, PGN_PLIES};
use catboard::notation::pgn::{self, PgnGame, PgnTags};
use catboard::variants::{AnyGame, Variant};
use proptest::prelude::*;
use proptest::sample::Index;
use std::time::Duration;

/// One step of a random game: which move (or retirement) and the clock.
type Step = (Index, u8, u8, u32);

/// Options of `variant` chosen by `picks` (a choice per option; most of
/// them the default).
fn options_of(variant: Variant, picks: &[Index]) -> Options {
    let mut options = Options::new();
    for (spec, pick) in variant.options().iter().zip(picks) {
        let choice = spec.choices[pick.index(spec.choices.len() * 2) % spec.choices.len()];
        options
            .set(variant.options(), spec.key, choice)
            .expect("a choice offered");
    }
    options
}

/// A game of `variant` as `tests/support::play_picks` plays one, with
/// `options`, from the position `lead_in` moves into it, where a step may
/// also be a retirement (a resignation, a flag, an agreed draw, when the
/// rules allow it) and may give the clock after it.
fn played(variant: Variant, options: Options, lead_in: &[Index], steps: &[Step]) -> PgnGame {
    let mut game = variant.new_game(&options);
    for pick in lead_in {
        let moves = game.legal_move_list();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.make_move(moves[pick.index(moves.len())]);
    }
    let mut pgn_game = PgnGame::new(variant, options.clone());
    pgn_game.start = game.position_text();
    let mut game = variant
        .from_position(&pgn_game.start, &options)
        .expect("a position the variant wrote");
    for (pick, kind, seat, clock) in steps {
        if game.outcome().is_some() {
            break;
        }
        let seats = game.seat_names().len() as u8;
        let retire = match kind % 16 {
            0 => Some(Retire::Leave(Seat(seat % seats), Departure::Resigned)),
            1 => Some(Retire::Leave(game.to_move(), Departure::Flagged)),
            2 => Some(Retire::Agreement),
            _ => None,
        }
        .filter(|r| game.may_retire(*r).is_ok());
        let mv = match retire {
            Some(retire) => retire.to_move(),
            None => {
                let moves = game.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                moves[pick.index(moves.len())]
            }
        };
        game.make_move(mv);
        pgn_game.moves.push(mv);
        pgn_game
            .clocks
            .push((clock % 4 != 0).then(|| Duration::from_millis(u64::from(*clock) * 7)));
    }
    pgn_game
}

/// Tags with awkward names: quotes, backslashes, brackets, braces.
fn tags_for(variant: Variant, salt: u32) -> PgnTags {
    PgnTags {
        event: format!("Club \"{salt}\" [final] {{x}}"),
        site: "C:\\games".to_string(),
        date: pgn::date(u64::from(salt) * 86_400),
        round: (salt % 9).to_string(),
        players: (0..variant.seats().len())
            .map(|s| format!("Player {s}; ({salt})"))
            .collect(),
        extra: vec![("Annotator".to_string(), "me".to_string())],
    }
}

/// The clocks as `%clk` keeps them: whole seconds, and tenths below ten.
fn as_written(clocks: &[Option<Duration>]) -> Vec<Option<Duration>> {
    clocks
        .iter()
        .map(|c| c.and_then(|d| read_pgn_clock(&pgn_clock(d))))
        .collect()
}

/// The game after every ply of `pgn_game`.
fn end_of(pgn_game: &PgnGame) -> AnyGame {
    let mut game = pgn_game.start_game().expect("a start");
    for &mv in &pgn_game.moves {
        game.make_move(mv);
    }
    game
}

fn step() -> impl Strategy<Value = Step> {
    (any::<Index>(), any::<u8>(), any::<u8>(), any::<u32>())
}

proptest! {
    #![proptest_config(proptest_config(48))]

    /// Written and read back, a game is the same game: plies, start,
    /// position, outcome, clocks (as `%clk` keeps them), options, time
    /// control and tags; and written again it is the same text.
    #[test]
    fn every_variant_reads_back_what_it_writes(
        variant in prop::sample::select(Variant::ALL),
        option_picks in prop::collection::vec(any::<Index>(), 4),
        lead_in in prop::collection::vec(any::<Index>(), 0..12),
        steps in prop::collection::vec(step(), 0..90),
        timed in any::<bool>(),
        salt in any::<u32>(),
    ) {
        let lead_in = if salt % 3 == 0 { &lead_in[..] } else { &[] };
        let mut written = played(variant, options_of(variant, &option_picks), lead_in, &steps);
        written.tags = tags_for(variant, salt);
        written.time_control = timed.then_some(TimeControl {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(3),
        });
        let text = pgn::write(&written).expect("writes");
        let read = pgn::read_game(&text, 1).unwrap_or_else(|why| panic!("{why}\n{text}"));
        prop_assert_eq!(&read.pgn.moves, &written.moves, "{}", text);
        prop_assert_eq!(&read.pgn.start, &written.start);
        prop_assert_eq!(&read.pgn.clocks, &as_written(&written.clocks), "{}", text);
        let values = |o: &Options| variant.options().iter().map(|spec| o.value(spec).to_string()).collect::<Vec<_>>();
        prop_assert_eq!(values(&read.pgn.options), values(&written.options));
        prop_assert_eq!(read.pgn.time_control, written.time_control);
        prop_assert_eq!(&read.pgn.tags, &written.tags);
        let end = end_of(&written);
        prop_assert_eq!(read.position.position_text(), end.position_text());
        prop_assert_eq!(read.position.outcome(), end.outcome());
        prop_assert_eq!(read.result.as_str(), pgn::result_token(&end));
        prop_assert_eq!(pgn::write(&read.pgn).expect("writes again"), text.clone());
        let (_, movetext) = text.split_once("\n\n").expect("tags, then moves");
        prop_assert!(movetext.lines().all(|l| l.chars().count() <= 79), "{}", movetext);
        prop_assert_eq!(
            text.contains("[FEN "),
            written.start != variant.new_game(&written.options).position_text()
        );
    }

    /// Every legal move's notation (the move list's, and the word PGN
    /// writes for it) reads back as that move in every variant.
    #[test]
    fn every_variant_reads_back_its_own_move_list(
        variant in prop::sample::select(Variant::ALL),
        picks in prop::collection::vec(any::<Index>(), 0..80),
    ) {
        let game = crate::support::play_picks(variant, &picks);
        for &mv in game.legal_move_list().iter() {
            let notation = game.move_notation(mv);
            prop_assert_eq!(game.parse_move(&notation), Ok(mv), "{} at {}", notation, game.position_text());
            let word = pgn::writer::move_word(&notation);
            prop_assert!(!word.contains(char::is_whitespace), "{}", word);
        }
    }

    /// Random text, edited PGN and hostile words never make the reader
    /// panic, and each of its faults is one sentence.
    #[test]
    fn a_hostile_text_gets_one_sentence_and_no_panic(
        variant in prop::sample::select(Variant::ALL),
        steps in prop::collection::vec(step(), 0..30),
        edits in prop::collection::vec((any::<Index>(), 0u8..4, any::<char>()), 0..6),
        soup in "[\\[\\]{}()\";$%. \n\\\\a-hKQRBNO1-9x+#=*/_!?-]{0,300}",
        hostile in any::<Index>(),
        at in any::<Index>(),
    ) {
        let mut written = played(variant, Options::new(), &[], &steps);
        written.tags = tags_for(variant, 7);
        let text = pgn::write(&written).expect("writes");
        let words = hostile_texts();
        let word = &words[hostile.index(words.len())];
        let cut = text.char_indices().map(|(i, _)| i).nth(at.index(text.chars().count())).unwrap_or(0);
        for input in [
            edit_text(&text, &edits),
            soup.clone(),
            format!("{}{word}{}", &text[..cut], &text[cut..]),
            format!("[Event \"{word}\"]\n[FEN \"{word}\"]\n\n1. {word} *"),
            format!("[Variant \"{word}\"]\n\n*"),
            format!("1. e4 {{[%clk {word}]}} {{[%retire {word}]}} *"),
        ] {
            check_reader(&input);
        }
    }
}

/// Reads `input` every way the reader offers: no panic, and every fault
/// one sentence.
fn check_reader(input: &str) {
    for game in pgn::read_games(input) {
        if let Err(why) = game {
            assert_one_sentence(&why.to_string(), input);
        }
    }
    match pgn::count_games(input) {
        Ok(n) => {
            if let Err(why) = pgn::read_game(input, n + 1) {
                assert_one_sentence(&why.to_string(), input);
            }
        }
        Err(why) => assert_one_sentence(&why.to_string(), input),
    }
    if let Err(why) = pgn::read_game(input, 1) {
        assert_one_sentence(&why.to_string(), input);
    }
}

/// A game of `variant` from `start` (its usual start when empty) with
/// each of `plies` read as a move or a retirement (`resign:black`).
fn game_of(variant: Variant, start: &str, plies: &[&str]) -> PgnGame {
    let mut pgn_game = PgnGame::new(variant, Options::new());
    if !start.is_empty() {
        pgn_game.start = start.to_string();
    }
    let mut game = pgn_game.start_game().expect("a start");
    for text in plies {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|why| panic!("{text}: {why}"));
        game.make_move(mv);
        pgn_game.moves.push(mv);
    }
    pgn_game
}

fn tag_of<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let head = format!("[{name} \"");
    let at = text.find(&head)? + head.len();
    text[at..].split('"').next()
}

/// A finished game of each kind of ending: its Result, Termination,
/// Winner and Points tags, the movetext's end, and read back, the same
/// outcome.
#[test]
fn a_finished_game_of_each_ending_reads_back_finished() {
    struct Case {
        variant: Variant,
        start: &'static str,
        plies: &'static [&'static str],
        result: &'static str,
        termination: &'static str,
        reason: Option<EndReason>,
        ends: &'static str,
    }
    let case = |variant, start, plies, result, termination, reason, ends| Case {
        variant,
        start,
        plies,
        result,
        termination,
        reason,
        ends,
    };
    use EndReason::*;
    use Variant::*;
    let cases = [
        case(
            Chess,
            "",
            &["f3", "e5", "g4", "Qh4#"],
            "0-1",
            "checkmate",
            Some(Checkmate),
            "2. g4 Qh4# 0-1",
        ),
        case(
            Chess,
            "k7/8/8/8/8/8/8/2Q4K w - - 0 1",
            &["Qc7"],
            "1/2-1/2",
            "stalemate",
            Some(Stalemate),
            "1. Qc7 1/2-1/2",
        ),
        case(
            Chess,
            "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
            &["Ra2"],
            "1/2-1/2",
            "fifty-move rule",
            Some(FiftyMoves),
            "80. Ra2 1/2-1/2",
        ),
        case(
            Chess,
            "",
            &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
            "1/2-1/2",
            "threefold repetition",
            Some(Repetition),
            "Ng8 1/2-1/2",
        ),
        case(
            Chess,
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
            &["Kxd2"],
            "1/2-1/2",
            "insufficient material",
            Some(Material),
            "1. Kxd2 1/2-1/2",
        ),
        case(
            Chess,
            "",
            &["e4", "resign:black"],
            "1-0",
            "resignation",
            Some(Resignation),
            "1. e4 {[%retire resign:black]} 1-0",
        ),
        case(
            Chess,
            "",
            &["e4", "e5", "flag:white"],
            "0-1",
            "time forfeit",
            Some(Time),
            "1. e4 e5 {[%retire flag:white]} 0-1",
        ),
        case(
            Chess,
            "4k3/8/8/8/8/8/4p3/4K3 b - - 0 1",
            &["flag:black"],
            "1/2-1/2",
            "time forfeit against insufficient material",
            Some(TimeAgainstMaterial),
            "{[%retire flag:black]} 1/2-1/2",
        ),
        case(
            Chess,
            "",
            &["d4", "draw:agreed"],
            "1/2-1/2",
            "agreement",
            Some(Agreement),
            "1. d4 {[%retire draw:agreed]} 1/2-1/2",
        ),
        case(
            Polar,
            "K14S,Q12N,R13N,k1N w - - 0 1",
            &["13N-8N"],
            "1-0",
            "checkmate",
            Some(Checkmate),
            "1. R13N-8N# 1-0",
        ),
        case(
            Chu,
            "",
            &["e3", "resign:white"],
            "0-1",
            "resignation",
            Some(Resignation),
            "{[%retire resign:white]} 0-1",
        ),
        case(
            Cat,
            "",
            &["e4", "e5", "flag:cats", "pass", "d4"],
            "*",
            "unterminated",
            None,
            "1. e4 e5 {[%retire flag:cats]} 1... Cats_pass 2. d4 *",
        ),
        case(
            Cat,
            "",
            &["e4", "e5", "flag:cats", "pass", "draw:agreed"],
            "1/2-1/2",
            "agreement",
            Some(Agreement),
            "Cats_pass {[%retire draw:agreed]} 1/2-1/2",
        ),
        case(
            Cat,
            "",
            &["e4", "resign:white"],
            "0-1",
            "resignation",
            Some(Resignation),
            "1. e4 {[%retire resign:white]} 0-1",
        ),
        case(
            BacCanCat,
            "",
            &["resign:blue"],
            "*",
            "unterminated",
            None,
            "{[%retire resign:blue]} *",
        ),
        case(
            BacCanCat,
            "",
            &["resign:red", "resign:orange", "flag:green"],
            "1/2-1/2",
            "time forfeit",
            Some(Time),
            "{[%retire resign:red] [%retire resign:orange] [%retire flag:green]} 1/2-1/2",
        ),
    ];
    for c in cases {
        let written = game_of(c.variant, c.start, c.plies);
        let text = pgn::write(&written).expect("writes");
        let context = format!("{:?} {:?}\n{text}", c.variant, c.plies);
        assert_eq!(tag_of(&text, "Result"), Some(c.result), "{context}");
        assert_eq!(
            tag_of(&text, "Termination"),
            Some(c.termination),
            "{context}"
        );
        assert!(text.ends_with(&format!("{}\n", c.ends)), "{context}");
        let read = pgn::read_game(&text, 1).expect("reads");
        assert_eq!(read.pgn.moves, written.moves, "{context}");
        let end = end_of(&written);
        assert_eq!(
            read.position.outcome().map(|o| o.reason),
            c.reason,
            "{context}"
        );
        assert_eq!(read.position.outcome(), end.outcome(), "{context}");
        assert_eq!(read.result, c.result, "{context}");
    }
}

#[test]
fn three_and_four_seats_say_who_won_and_the_points() {
    // The Cats win an agreed draw: between the armies it is a draw.
    let cats = game_of(
        Variant::Cat,
        "",
        &["e4", "e5", "flag:cats", "pass", "draw:agreed"],
    );
    let text = pgn::write(&cats).expect("writes");
    assert_eq!(tag_of(&text, "Winner"), Some("Cats"), "{text}");
    assert_eq!(tag_of(&text, "Points"), None);
    assert!(
        text.contains("[White \"?\"]\n[Black \"?\"]\n[Cats \"?\"]\n"),
        "{text}"
    );
    assert_eq!(tag_of(&text, "Variant"), Some("cat-chess"));
    // Three armies out of BacCanCat: Blue wins, the points shared.
    let four = game_of(
        Variant::BacCanCat,
        "",
        &["resign:red", "resign:orange", "flag:green"],
    );
    let text = pgn::write(&four).expect("writes");
    assert_eq!(tag_of(&text, "Winner"), Some("Blue"), "{text}");
    let end = end_of(&four);
    assert_eq!(end.outcome().and_then(|o| o.winner), Some(Seat(3)));
    let points = end.points().expect("BacCanCat scores points");
    let words: Vec<String> = ["Red", "Orange", "Green", "Blue"]
        .iter()
        .zip(&points)
        .map(|(name, halves)| match halves % 2 {
            0 => format!("{name} {}", halves / 2),
            _ => format!("{name} {}.5", halves / 2),
        })
        .collect();
    assert_eq!(
        tag_of(&text, "Points"),
        Some(words.join(", ").as_str()),
        "{text}"
    );
    assert!(
        text.contains("[Red \"?\"]\n[Orange \"?\"]\n[Green \"?\"]\n[Blue \"?\"]\n"),
        "{text}"
    );
    assert!(!text.contains("[White "), "{text}");
    // An unfinished game: no Winner, no Points.
    let going = game_of(Variant::BacCanCat, "", &["resign:blue"]);
    let text = pgn::write(&going).expect("writes");
    assert_eq!(
        (tag_of(&text, "Winner"), tag_of(&text, "Points")),
        (None, None)
    );
}

#[test]
fn the_variant_tags_and_options_are_xboards_and_catboards() {
    for (variant, name) in [
        (Variant::Chess, None),
        (Variant::Cat, Some("cat-chess")),
        (Variant::Chu, Some("elven")),
        (Variant::Polar, Some("polar")),
        (Variant::BacCanCat, Some("baccancat")),
    ] {
        let text = pgn::write(&PgnGame::new(variant, Options::new())).expect("writes");
        assert_eq!(tag_of(&text, "Variant"), name, "{text}");
        assert_eq!(tag_of(&text, "VariantOptions"), None, "{text}");
        assert_eq!(tag_of(&text, "FEN"), None, "{text}");
    }
    let options = Options::parse(
        Variant::Chu.options(),
        ["promotion=shogi", "fifty_moves=on", "bare_kings=off"],
    )
    .expect("options");
    let text = pgn::write(&PgnGame::new(Variant::Chu, options.clone())).expect("writes");
    assert_eq!(
        tag_of(&text, "VariantOptions"),
        Some("promotion=shogi bare_kings=off"),
        "defaults are left out: {text}"
    );
    assert_eq!(pgn::read_game(&text, 1).expect("reads").pgn.options, {
        let mut o = Options::new();
        let specs = Variant::Chu.options();
        o.set(specs, "promotion", "shogi").expect("set");
        o.set(specs, "bare_kings", "off").expect("set");
        o
    });
    // A Polar formation away from the default: its own start, no FEN.
    let polar = Options::parse(Variant::Polar.options(), ["formation=option2"]).expect("options");
    let text = pgn::write(&PgnGame::new(Variant::Polar, polar)).expect("writes");
    assert_eq!(tag_of(&text, "VariantOptions"), Some("formation=option2"));
    assert_eq!(tag_of(&text, "FEN"), None, "{text}");
}

#[test]
fn faults_name_the_game_the_move_and_its_text() {
    let games = "[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
    assert!(pgn::read_game(games, 1).is_ok(), "game 1 is whole");
    for (text, number, fault) in [
        (
            games,
            2,
            "Game 2, move 2 'Ke3': 'Ke3' is not a legal move for white in this position.",
        ),
        (games, 3, "The PGN holds 2 games, so there is no game 3."),
        (games, 0, "Games are counted from 1, so there is no game 0."),
        ("", 1, "The PGN holds no game."),
        (
            "f3 e5 g4 Qh4# Kf2 *",
            1,
            "Game 1, move 3 'Kf2' comes after the game ended by checkmate.",
        ),
        (
            "[Variant \"Atomic\"]\n\n*",
            1,
            "Game 1: its Variant tag 'Atomic' names no game catboard plays; it reads 'standard', 'cat-chess', 'elven', 'polar' or 'baccancat'.",
        ),
        (
            "1. e4 {[%retire resign:cats]} *",
            1,
            "Game 1, line 1: the retirement 'resign:cats' is none of resign:SEAT, flag:SEAT or draw:agreed with a seat of white or black.",
        ),
        (
            "1. e4 {[%retire flag:white]} *",
            1,
            "Game 1, line 1: the retirement 'flag:white' cannot be played: A flag falls only on its own turn.",
        ),
    ] {
        assert_eq!(
            pgn::read_game(text, number).expect_err(text).to_string(),
            fault
        );
    }
    for (text, start) in [
        (
            "[FEN \"8/8/8 w\"]\n\n*",
            "Game 1: its FEN tag '8/8/8 w' is no position of Chess: ",
        ),
        (
            "[VariantOptions \"fifty_moves=maybe\"]\n\n*",
            "Game 1: its VariantOptions tag: option 'fifty_moves' takes",
        ),
    ] {
        let fault = pgn::read_game(text, 1).expect_err(text).to_string();
        assert!(fault.starts_with(start), "{fault}");
        assert_one_sentence(&fault, text);
    }
}

#[test]
fn a_chess_game_from_elsewhere_may_go_on_past_a_draw_it_did_not_claim() {
    // FIDE's threefold repetition is a draw only when claimed.
    let text = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *";
    let read = pgn::read_game(text, 1).expect("reads on");
    assert_eq!(read.pgn.moves.len(), 10);
    assert_eq!(read.position.outcome(), None);
    assert_eq!(
        pgn::write(&read.pgn).map(|t| t.ends_with("5. e4 e5 *\n")),
        Ok(true)
    );
    // Cat Chess has no such claim: its endings are the rules'.
    let cat = "[Variant \"cat-chess\"]\n\n1. e4 e5 Cats_pass *";
    assert!(pgn::read_game(cat, 1).is_ok());
}

#[test]
fn the_budgets_stop_a_hostile_file_in_one_sentence() {
    let deep = format!("[Event \"deep\"]\n\n1. e4 {} *", "(".repeat(1_000_000));
    let why = pgn::read_game(&deep, 1).expect_err("too deep").to_string();
    assert_eq!(
        why,
        "Game 1, line 3: variation depth 101 is more than the largest allowed, 100."
    );
    let many = "*\n".repeat(PGN_GAMES.most as usize + 1);
    assert_eq!(
        pgn::count_games(&many).expect_err("too many").to_string(),
        format!(
            "PGN game {} is more than the largest allowed, {}.",
            PGN_GAMES.most + 1,
            PGN_GAMES.most
        )
    );
    assert_eq!(
        pgn::count_games(&many[2..]),
        Ok(PGN_GAMES.most as usize),
        "as many as allowed"
    );
    let long = format!("[Event \"{}\"]\n\n*", "x".repeat(10_000));
    let why = pgn::read_game(&long, 1).expect_err("too long").to_string();
    assert_eq!(
        why,
        "Game 1, line 1: a tag's value is longer than the largest allowed, 4096 bytes."
    );
    let plies = "Nf3 Ng1 ".repeat(PGN_PLIES.most as usize / 2 + 1);
    let why = pgn::read_game(&plies, 1)
        .expect_err("too many plies")
        .to_string();
    assert!(
        why.contains("PGN ply 100001 is more than the largest allowed, 100000"),
        "{why}"
    );
    let huge = " ".repeat(PGN_FILE.most as usize + 1);
    assert_eq!(
        pgn::read_game(&huge, 1).expect_err("too big").to_string(),
        format!(
            "The PGN text is more than the largest allowed, {} bytes.",
            PGN_FILE.most
        )
    );
    for text in [
        "{ never closed",
        "[Event \"x\"",
        "1. e4 )",
        "[Event x]",
        "1. e4 {[%clk 99:99:99]} *",
        "[Event \"a\nb\"]",
        "}",
        "1. e4 ( [Event \"x\"] ) *",
    ] {
        let why = pgn::read_game(text, 1).expect_err(text).to_string();
        assert_one_sentence(&why, text);
    }
}

#[test]
fn a_file_read_is_bounded_and_latin_one_is_read_as_such() {
    let scratch = crate::support::scratch::Scratch::new("pgn-file");
    let path = scratch.path().join("old.pgn");
    std::fs::write(&path, b"[White \"Tal, Mikha\xefl\"]\n\n1. e4 *\n").expect("written");
    let text = pgn::read_file(&path).expect("reads");
    let read = pgn::read_game(&text, 1).expect("a game");
    assert_eq!(read.pgn.tags.players[0], "Tal, Mikhaïl");
    let missing = pgn::read_file(&scratch.path().join("none.pgn"))
        .expect_err("absent")
        .to_string();
    assert_one_sentence(&missing, "");
    assert!(missing.starts_with("The PGN file "), "{missing}");
    let big = scratch.path().join("big.pgn");
    std::fs::write(&big, vec![b' '; PGN_FILE.most as usize + 1]).expect("written");
    let why = pgn::read_file(&big).expect_err("too big").to_string();
    assert!(
        why.ends_with(&format!(
            "is more than the largest allowed, {} bytes.",
            PGN_FILE.most
        )),
        "{why}"
    );
}

#[test]
fn the_outcome_a_result_implies_is_only_for_unfinished_two_army_games() {
    let read = |text: &str| pgn::read_game(text, 1).expect("reads");
    assert_eq!(
        read("1. e4 e5 0-1").implied_retirement(),
        Some(Retire::Leave(Seat(0), Departure::Resigned))
    );
    assert_eq!(
        read("[Termination \"time forfeit\"]\n\n1. e4 e5 0-1").implied_retirement(),
        Some(Retire::Leave(Seat(0), Departure::Flagged))
    );
    assert_eq!(
        read("[Termination \"time forfeit\"]\n\n1. e4 0-1").implied_retirement(),
        Some(Retire::Leave(Seat(0), Departure::Resigned)),
        "a flag falls only on its own turn"
    );
    assert_eq!(
        read("1. e4 e5 1/2-1/2").implied_retirement(),
        Some(Retire::Agreement)
    );
    assert_eq!(read("1. f3 e5 2. g4 Qh4# 0-1").implied_retirement(), None);
    assert_eq!(read("1. e4 *").implied_retirement(), None);
    let cat = read("[Variant \"cat-chess\"]\n\n1. e4 1-0");
    assert_eq!(cat.implied_retirement(), None, "three seats");
    assert_eq!(
        cat.position.outcome(),
        None::<Outcome>,
        "nothing is played unless the caller plays it"
    );
}

/// Each whole game docs/pgn.md shows is what catboard writes: it reads
/// back, and written again it is the same text.
#[test]
fn the_examples_in_the_docs_are_what_catboard_writes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/pgn.md");
    let docs = std::fs::read_to_string(path).expect("docs/pgn.md");
    let examples: Vec<&str> = docs
        .split("```text\n")
        .skip(1)
        .filter_map(|block| block.split_once("```").map(|(code, _)| code))
        .filter(|code| code.starts_with("[Event "))
        .collect();
    assert_eq!(examples.len(), 5, "one example a variant");
    let mut variants = Vec::new();
    for example in examples {
        let read = pgn::read_game(example, 1).unwrap_or_else(|why| panic!("{why}\n{example}"));
        assert_eq!(pgn::write(&read.pgn).as_deref(), Ok(example));
        variants.push(read.pgn.variant);
    }
    assert_eq!(variants, Variant::ALL);
}
