//! Every error of every domain — move refusals, position text, notation,
//! protocol lines, PGN, limits, options, clocks, retirements, tables and saves —
//! renders one sentence (a clause set in a sentence where the type is a
//! clause): not empty, one line, no raw control character, within
//! [`LONGEST_SENTENCE`](catboard::text::LONGEST_SENTENCE), whatever text a
//! stranger wrote into it.
//!
//! Each domain's `arm` is an exhaustive `match`, so a new variant does not
//! compile until it has an index here, and the test then fails until the
//! samples hold one of it.

mod readers;

use super::{TableError, UnknownPlayer};
use catboard::clock::TimeControlError;
use catboard::core::{EndReason, ListedMoveError, OptionError, PieceKind, RetireError, Seat};
use catboard::limits::{LimitError, LimitFault};
use catboard::notation::PositionError;
use catboard::notation::pgn::{AtLine, PgnError, TagFault, TextFault};
use catboard::notation::san::SanError;
use catboard::protocol::rules::QueryError;
use catboard::protocol::uci_cat::LineError;
use catboard::series::SeriesError;
use catboard::text::{sentence, sentence_fault};
use catboard::variants::{MoveError, UnknownVariant, Variant, baccancat, cat, chu, polar};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::fmt::Display;

/// The sentence `error` is shown as: its `Display`, set as a sentence when
/// the type says a clause.
fn shown(error: &dyn Display) -> String {
    let said = error.to_string();
    if said.ends_with('.') {
        said
    } else {
        sentence(&said)
    }
}

/// Checks every sample is one sentence and that the samples hold every
/// one of the `arms` variants of their type.
fn check_all<E: Display + std::fmt::Debug>(
    domain: &str,
    samples: &[E],
    arm: fn(&E) -> usize,
    arms: usize,
) -> Result<(), TestCaseError> {
    for error in samples {
        let said = shown(error);
        prop_assert_eq!(
            sentence_fault(&said),
            None,
            "{}: {:?} says {:?}",
            domain,
            error,
            said
        );
    }
    let seen: BTreeSet<usize> = samples.iter().map(arm).collect();
    prop_assert_eq!(
        seen,
        (0..arms).collect::<BTreeSet<usize>>(),
        "{}: a variant has no sample",
        domain
    );
    Ok(())
}

/// Text a stranger wrote: any characters, control and bidirectional ones
/// included, up to a few hundred.
fn strangers_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..300).prop_map(|cs| cs.into_iter().collect())
}

fn san_arm(e: &SanError) -> usize {
    match e {
        SanError::Empty => 0,
        SanError::NotLegal { .. } => 1,
        SanError::NotLegalFor { .. } => 2,
        SanError::Ambiguous { .. } => 3,
    }
}

fn san_samples(t: &str) -> Vec<SanError> {
    vec![
        SanError::Empty,
        SanError::NotLegal { text: t.into() },
        SanError::NotLegalFor {
            text: t.into(),
            side: "White",
        },
        SanError::Ambiguous {
            text: t.into(),
            could_be: vec!["Nbd2".into(), "Nfd2".into()],
        },
    ]
}

fn cat_arm(e: &cat::notation::Refusal) -> usize {
    match e {
        cat::notation::Refusal::OnlyCatsPass { .. } => 0,
        cat::notation::Refusal::San(_) => 1,
    }
}

fn cat_samples(t: &str) -> Vec<cat::notation::Refusal> {
    let mut all = vec![cat::notation::Refusal::OnlyCatsPass {
        to_move: Seat::WHITE,
    }];
    all.extend(san_samples(t).into_iter().map(cat::notation::Refusal::San));
    all
}

fn chu_arm(e: &chu::notation::Refusal) -> usize {
    use chu::notation::Refusal::*;
    match e {
        Unreadable(_) => 0,
        Illegal(_) => 1,
        LegsApart(_) => 2,
        LongLeg(_) => 3,
        OwnPieceMidway(_) => 4,
        PassIllegal(_) => 5,
    }
}

fn chu_samples(t: &str) -> Vec<chu::notation::Refusal> {
    use chu::notation::Refusal::*;
    vec![
        Unreadable(t.into()),
        Illegal(t.into()),
        LegsApart(t.into()),
        LongLeg(t.into()),
        OwnPieceMidway(t.into()),
        PassIllegal(t.into()),
    ]
}

fn polar_arm(e: &polar::notation::Refusal) -> usize {
    use polar::notation::Refusal::*;
    match e {
        NotAMove { .. } => 0,
        NoCell { .. } => 1,
        NoSuchPiece { .. } => 2,
        Illegal { .. } => 3,
        NotAPromotion { .. } => 4,
        MustPromote { .. } => 5,
        WrongPromotion { .. } => 6,
    }
}

fn polar_samples(t: &str, letter: char) -> Vec<polar::notation::Refusal> {
    use polar::notation::Refusal::*;
    vec![
        NotAMove { text: t.into() },
        NoCell {
            cell: t.into(),
            text: t.into(),
        },
        NoSuchPiece {
            text: t.into(),
            letter,
            from: "15N".into(),
        },
        Illegal {
            shown: "15N-16N".into(),
        },
        NotAPromotion {
            letter,
            text: t.into(),
        },
        MustPromote {
            shown: "19S-10E".into(),
        },
        WrongPromotion {
            shown: "19S-10E".into(),
        },
    ]
}

fn baccancat_arm(e: &baccancat::notation::Refusal) -> usize {
    use baccancat::notation::Refusal::*;
    match e {
        NotYourPass { .. } => 0,
        MustMove(_) => 1,
        NotAMove(_) => 2,
        NotAPieceLetter(_) => 3,
        NoPiece { .. } => 4,
        WrongPiece { .. } => 5,
        CannotMove { .. } => 6,
        MustPromote { .. } => 7,
        NoPromotion { .. } => 8,
        NotInReserve { .. } => 9,
    }
}

fn baccancat_samples(t: &str, letter: char) -> Vec<baccancat::notation::Refusal> {
    use baccancat::notation::Refusal::*;
    let kind = PieceKind::ALL[0];
    vec![
        NotYourPass {
            to_move: Seat::WHITE,
            army: Seat::BLACK,
        },
        MustMove(Seat::THIRD),
        NotAMove(t.into()),
        NotAPieceLetter(t.into()),
        NoPiece {
            army: Seat::WHITE,
            cell: "ee".into(),
        },
        WrongPiece {
            cell: "ee".into(),
            kind,
            letter,
        },
        CannotMove {
            army: Seat::BLACK,
            kind,
            from: "ee".into(),
            to: "ec".into(),
        },
        MustPromote {
            from: "fo".into(),
            to: "fp".into(),
            choices: vec!["=Q".into(), "=R".into()],
        },
        NoPromotion {
            from: "fo".into(),
            to: "fp".into(),
            kind,
        },
        NotInReserve {
            from: "fo".into(),
            to: "fp".into(),
            kind,
            choices: vec!["=Q".into()],
        },
    ]
}

fn retire_arm(e: &RetireError) -> usize {
    match e {
        RetireError::GameOver => 0,
        RetireError::NoAgreement => 1,
        RetireError::NoSuchSeat => 2,
        RetireError::AlreadyLeft => 3,
        RetireError::AlreadyOut(_) => 4,
        RetireError::FlagOffTurn => 5,
        RetireError::NotAnArmy => 6,
    }
}

fn retire_samples() -> Vec<RetireError> {
    vec![
        RetireError::GameOver,
        RetireError::NoAgreement,
        RetireError::NoSuchSeat,
        RetireError::AlreadyLeft,
        RetireError::AlreadyOut("the Cats"),
        RetireError::FlagOffTurn,
        RetireError::NotAnArmy,
    ]
}

/// Every move refusal of every variant, as [`MoveError`] carries them.
fn move_arm(e: &MoveError) -> usize {
    match e {
        MoveError::Retire(_) => 0,
        MoveError::Chess(_) => 1,
        MoveError::Cat(_) => 2,
        MoveError::Chu(_) => 3,
        MoveError::Polar(_) => 4,
        MoveError::BacCanCat(_) => 5,
    }
}

fn move_samples(t: &str, letter: char) -> Vec<MoveError> {
    let mut all: Vec<MoveError> = retire_samples().into_iter().map(MoveError::from).collect();
    all.extend(san_samples(t).into_iter().map(MoveError::Chess));
    all.extend(cat_samples(t).into_iter().map(MoveError::Cat));
    all.extend(chu_samples(t).into_iter().map(MoveError::Chu));
    all.extend(polar_samples(t, letter).into_iter().map(MoveError::Polar));
    all.extend(
        baccancat_samples(t, letter)
            .into_iter()
            .map(MoveError::BacCanCat),
    );
    all
}

fn position_arm(e: &PositionError) -> usize {
    match e {
        PositionError::Fen { .. } => 0,
        PositionError::Fault(_) => 1,
        PositionError::OptionDisagrees { .. } => 2,
    }
}

fn position_samples(t: &str) -> Vec<PositionError> {
    vec![
        PositionError::field(
            "FEN",
            "castling",
            format!(
                "{} is not one of K, Q, k, q or -",
                catboard::text::quoted(t)
            ),
        ),
        // A variant's own reader's sentence, which quotes what it cites.
        PositionError::Fault(format!(
            "The position text {} has 3 fields; it needs 6.",
            catboard::text::quoted(t)
        )),
        PositionError::OptionDisagrees {
            key: "leapers",
            chosen: "on".into(),
            in_text: "off".into(),
        },
    ]
}

fn option_arm(e: &OptionError) -> usize {
    match e {
        OptionError::NotKeyValue(_) => 0,
        OptionError::NoSuchOption { .. } => 1,
        OptionError::NoSuchChoice { .. } => 2,
    }
}

fn option_samples(t: &str) -> Vec<OptionError> {
    vec![
        OptionError::NotKeyValue(t.into()),
        OptionError::NoSuchOption {
            key: t.into(),
            keys: vec!["leapers"],
        },
        OptionError::NoSuchOption {
            key: t.into(),
            keys: vec![],
        },
        OptionError::NoSuchChoice {
            key: "leapers".into(),
            choices: &["on", "off"],
            value: t.into(),
        },
    ]
}

fn limit_arm(e: &LimitError) -> usize {
    match e.fault {
        LimitFault::Less => 0,
        LimitFault::More => 1,
        LimitFault::NotANumber => 2,
    }
}

fn limit_samples(t: &str) -> Vec<LimitError> {
    let limit = catboard::limits::THINK_MS;
    let mut all = vec![
        limit.check(0).expect_err("0 ms is below the least"),
        limit
            .check(u64::MAX)
            .expect_err("u64::MAX is above the most"),
    ];
    if let Err(e) = limit.check_text(t) {
        all.push(e);
    }
    if let Err(e) = limit.check_text(&format!("x{t}")) {
        all.push(e);
    }
    all
}

fn time_arm(e: &TimeControlError) -> usize {
    match e {
        TimeControlError::NotANumber { .. } => 0,
        TimeControlError::TooLong(_) => 1,
        TimeControlError::NoTime(_) => 2,
        TimeControlError::Longest(_) => 3,
    }
}

fn time_samples(t: &str) -> Vec<TimeControlError> {
    vec![
        TimeControlError::NotANumber {
            text: t.into(),
            written: t.into(),
            name: "minutes",
        },
        TimeControlError::TooLong(t.into()),
        TimeControlError::NoTime(t.into()),
        TimeControlError::Longest(t.into()),
    ]
}

fn series_arm(e: &SeriesError) -> usize {
    match e {
        SeriesError::PointsWithoutGames => 0,
        SeriesError::GamesWithoutTotals(_) => 1,
    }
}

fn listed<R: Clone>(refusal: R) -> Vec<ListedMoveError<R>> {
    vec![
        ListedMoveError::GameOver(EndReason::Checkmate),
        ListedMoveError::Refused(refusal),
    ]
}

fn query_arm(e: &QueryError) -> usize {
    match e {
        QueryError::Variant(_) => 0,
        QueryError::Option(_) => 1,
        QueryError::Position(_) => 2,
        QueryError::Move { .. } => 3,
    }
}

fn query_samples(t: &str, letter: char) -> Vec<QueryError> {
    let mut all = vec![QueryError::Variant(UnknownVariant(t.into()))];
    all.extend(option_samples(t).into_iter().map(QueryError::from));
    all.extend(position_samples(t).into_iter().map(QueryError::from));
    for refusal in move_samples(t, letter) {
        for fault in listed(refusal) {
            all.push(QueryError::Move {
                number: 3,
                text: t.into(),
                fault,
            });
        }
    }
    all
}

fn line_arm(e: &LineError) -> usize {
    match e {
        LineError::NoPosition => 0,
        LineError::Position { .. } => 1,
        LineError::Move { .. } => 2,
        LineError::MissingNumber(_) => 3,
        LineError::Number(_) => 4,
        LineError::NotANumber { .. } => 5,
    }
}

fn line_samples(t: &str) -> Vec<LineError> {
    let mut all = vec![
        LineError::NoPosition,
        LineError::MissingNumber("depth".into()),
        LineError::NotANumber {
            key: "depth".into(),
            word: t.into(),
        },
    ];
    for fault in position_samples(t) {
        all.push(LineError::Position {
            fen: t.into(),
            fault,
        });
    }
    for refusal in cat_samples(t) {
        for fault in listed(refusal) {
            all.push(LineError::Move {
                number: 1,
                text: t.into(),
                fault,
            });
        }
    }
    all.extend(limit_samples(t).into_iter().map(LineError::from));
    all
}

fn text_arm(e: &TextFault) -> usize {
    match e {
        TextFault::OpenComment => 0,
        TextFault::LongTagValue(_) => 1,
        TextFault::OpenTagValue => 2,
        TextFault::BadTagPair => 3,
        TextFault::TagInVariation(_) => 4,
        TextFault::StrayTagClose => 5,
        TextFault::StrayText => 6,
        TextFault::StrayClose => 7,
        TextFault::OpenVariation => 8,
        TextFault::BadClock(_) => 9,
        TextFault::Limit(_) => 10,
    }
}

fn text_samples(t: &str) -> Vec<TextFault> {
    let mut all = vec![
        TextFault::OpenComment,
        TextFault::LongTagValue(4096),
        TextFault::OpenTagValue,
        TextFault::BadTagPair,
        TextFault::TagInVariation(usize::MAX),
        TextFault::StrayTagClose,
        TextFault::StrayText,
        TextFault::StrayClose,
        TextFault::OpenVariation,
        TextFault::BadClock(t.into()),
    ];
    all.extend(
        limit_samples(t)
            .into_iter()
            .map(|l| TextFault::Limit(Box::new(l))),
    );
    all
}

fn tag_arm(e: &TagFault) -> usize {
    match e {
        TagFault::Variant { .. } => 0,
        TagFault::Options(_) => 1,
        TagFault::Fen { .. } => 2,
    }
}

fn tag_samples(t: &str) -> Vec<TagFault> {
    let mut all = vec![TagFault::Variant {
        name: t.into(),
        known: "'chess' or 'cat-chess'".into(),
    }];
    all.extend(option_samples(t).into_iter().map(TagFault::Options));
    for fault in position_samples(t) {
        all.push(TagFault::Fen {
            text: t.into(),
            variant: Variant::BacCanCat,
            fault,
        });
    }
    all
}

fn pgn_arm(e: &PgnError) -> usize {
    match e {
        PgnError::Text { .. } => 0,
        PgnError::TooManyGames(_) => 1,
        PgnError::Tags { .. } => 2,
        PgnError::Move { .. } => 3,
        PgnError::NoRetirement { .. } => 4,
        PgnError::Retirement { .. } => 5,
        PgnError::GameZero => 6,
        PgnError::NoSuchGame { .. } => 7,
        PgnError::TooLarge(_) => 8,
        PgnError::Unreadable { .. } => 9,
        PgnError::FileTooLarge { .. } => 10,
        PgnError::Start { .. } => 11,
        PgnError::UnwritableRetirement { .. } => 12,
        PgnError::UnwritableMove { .. } => 13,
    }
}

fn pgn_samples(t: &str, letter: char) -> Vec<PgnError> {
    let game = usize::MAX;
    let mut all: Vec<PgnError> = text_samples(t)
        .into_iter()
        .map(|fault| PgnError::Text {
            game,
            fault: AtLine::new(usize::MAX, fault),
        })
        .collect();
    all.extend(
        limit_samples(t)
            .into_iter()
            .map(|l| PgnError::TooManyGames(Box::new(l))),
    );
    all.extend(
        tag_samples(t)
            .into_iter()
            .map(|fault| PgnError::Tags { game, fault }),
    );
    for refusal in move_samples(t, letter) {
        for fault in listed(refusal) {
            all.push(PgnError::Move {
                game,
                round: usize::MAX,
                text: t.into(),
                fault,
            });
        }
    }
    all.push(PgnError::NoRetirement {
        game,
        line: 1,
        text: t.into(),
        seats: "white or black".into(),
    });
    for fault in retire_samples() {
        all.push(PgnError::Retirement {
            game,
            line: 1,
            text: t.into(),
            fault,
        });
        all.push(PgnError::UnwritableRetirement {
            ply: usize::MAX,
            text: t.into(),
            fault,
        });
    }
    all.extend([
        PgnError::GameZero,
        PgnError::NoSuchGame { asked: 3, held: 0 },
        PgnError::NoSuchGame {
            asked: usize::MAX,
            held: 2,
        },
        PgnError::TooLarge(u64::MAX),
        PgnError::Unreadable {
            path: t.into(),
            why: t.into(),
        },
        PgnError::FileTooLarge {
            path: t.into(),
            most: 1,
        },
        PgnError::UnwritableMove {
            ply: 1,
            text: t.into(),
        },
    ]);
    for fault in position_samples(t) {
        all.push(PgnError::Start {
            variant: Variant::Polar,
            fault,
        });
    }
    all
}

fn table_arm(e: &TableError) -> usize {
    match e {
        TableError::Position(_) => 0,
        TableError::Seats { .. } => 1,
        TableError::Variant(_) => 2,
        TableError::Option(_) => 3,
        TableError::Player(_) => 4,
        TableError::TimeControl(_) => 5,
        TableError::ClockReadings { .. } => 6,
        TableError::Series(_) => 7,
        TableError::SeriesSeats { .. } => 8,
        TableError::VerdictSeat(_) => 9,
        TableError::VerdictKind(_) => 10,
        TableError::EngineSeat(_) => 11,
        TableError::EnginePersonsSeat(_) => 12,
        TableError::EngineNotWritten(_) => 13,
        TableError::Engine(_) => 14,
        TableError::Move { .. } => 15,
        TableError::GoesOnAfterEnd { .. } => 16,
        TableError::Retire(_) => 17,
    }
}

fn table_samples(t: &str, letter: char) -> Vec<TableError> {
    let mut all = vec![
        TableError::Seats {
            variant: Variant::Cat,
            seats: 3,
            players: 2,
        },
        TableError::Variant(UnknownVariant(t.into())),
        TableError::Player(UnknownPlayer::Name(t.into())),
        TableError::ClockReadings {
            moves: 4,
            readings: 1,
        },
        TableError::Series(SeriesError::PointsWithoutGames),
        TableError::Series(SeriesError::GamesWithoutTotals(2)),
        TableError::SeriesSeats {
            totals: 2,
            variant: Variant::BacCanCat,
            seats: 4,
        },
        TableError::VerdictSeat(t.into()),
        TableError::VerdictKind(t.into()),
        TableError::EngineSeat(t.into()),
        TableError::EnginePersonsSeat(t.into()),
        TableError::EngineNotWritten(t.into()),
        TableError::Engine(catboard::protocol::engine::SpecError::OptionNotPair(
            t.into(),
        )),
        TableError::GoesOnAfterEnd {
            game: 2,
            after: 40,
            reason: EndReason::Repetition,
        },
    ];
    all.extend(position_samples(t).into_iter().map(TableError::from));
    all.extend(option_samples(t).into_iter().map(TableError::from));
    all.extend(time_samples(t).into_iter().map(TableError::from));
    all.extend(retire_samples().into_iter().map(TableError::from));
    for refusal in move_samples(t, letter) {
        for fault in listed(refusal) {
            all.push(TableError::Move {
                number: 7,
                text: t.into(),
                fault,
            });
        }
    }
    all
}

fn player_arm(e: &UnknownPlayer) -> usize {
    match e {
        UnknownPlayer::Name(_) => 0,
        UnknownPlayer::Elo(_) => 1,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_error_of_every_domain_is_one_sentence(t in strangers_text(), letter in any::<char>()) {
        check_all("san", &san_samples(&t), san_arm, 4)?;
        check_all("cat", &cat_samples(&t), cat_arm, 2)?;
        check_all("chu", &chu_samples(&t), chu_arm, 6)?;
        check_all("polar", &polar_samples(&t, letter), polar_arm, 7)?;
        check_all("baccancat", &baccancat_samples(&t, letter), baccancat_arm, 10)?;
        check_all("retire", &retire_samples(), retire_arm, 7)?;
        check_all("move", &move_samples(&t, letter), move_arm, 6)?;
        check_all("position", &position_samples(&t), position_arm, 3)?;
        check_all("option", &option_samples(&t), option_arm, 3)?;
        check_all("limit", &limit_samples(&t), limit_arm, 3)?;
        check_all("time control", &time_samples(&t), time_arm, 4)?;
        check_all(
            "series",
            &[SeriesError::PointsWithoutGames, SeriesError::GamesWithoutTotals(1)],
            series_arm,
            2,
        )?;
        check_all("query", &query_samples(&t, letter), query_arm, 4)?;
        check_all("protocol line", &line_samples(&t), line_arm, 6)?;
        check_all("pgn text", &text_samples(&t), text_arm, 11)?;
        check_all("pgn tags", &tag_samples(&t), tag_arm, 3)?;
        check_all("pgn", &pgn_samples(&t, letter), pgn_arm, 14)?;
        check_all("table", &table_samples(&t, letter), table_arm, 18)?;
        check_all("variant", &[UnknownVariant(t.clone())], |_| 0, 1)?;
        let mut players = vec![UnknownPlayer::Name(t.clone())];
        players.extend(
            ["0", "99999999999999999999999"]
                .iter()
                .filter_map(|elo| crate::table::Player::from_id(elo).err()),
        );
        check_all("player", &players, player_arm, 2)?;
    }
}
