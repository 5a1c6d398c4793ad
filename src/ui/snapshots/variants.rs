//! Golden screens of Chu Chess, Polar chess and BacCanCat.

use super::*;

/// A Chu Chess game between two people from `fen` after `moves`.
fn chu_game(fen: Option<&str>, moves: &[&str]) -> App {
    table_game(
        Variant::Chu,
        vec![Player::Human; 2],
        fen,
        moves,
        0,
        classic(),
    )
}

/// A Polar chess game between two people from `position` (the Option 1
/// start when `None`) after `moves`, seen from White.
fn polar(position: Option<&str>, moves: &[&str]) -> App {
    table_game(
        Variant::Polar,
        vec![Player::Human; 2],
        position,
        moves,
        0,
        classic(),
    )
}

/// White's Lion on e4 with Black pawns on e5 and e6.
const CHU_LION_FEN: &str = "4k5/10/10/4p5/4p5/4L5/10/10/10/5K4 w - - 0 1";

fn snapshot_chu_chess(goldens: &mut Goldens) {
    check(goldens, "chu-start", &chu_game(None, &[]), 80, 24);
    check(goldens, "chu-start-120x40", &chu_game(None, &[]), 120, 40);
    // The Lion picked up, then its first leg on e5: second legs marked.
    let mut app = chu_game(Some(CHU_LION_FEN), &[]);
    let Screen::Playing(p) = &mut app.screen else {
        panic!("playing")
    };
    p.cursor = p.table.game().geometry().cell("e4").unwrap_or_default();
    act(&mut app, &[Action::Select]);
    check(goldens, "chu-lion-selected", &app, 120, 40);
    act(&mut app, &[Action::Cursor(Dir::Up), Action::Select]);
    check(goldens, "chu-lion-first-leg", &app, 120, 40);
    // A double capture just played: the transit cell is marked too.
    let app = chu_game(Some(CHU_LION_FEN), &["e4e5,e5e6"]);
    check(goldens, "chu-double-capture", &app, 120, 40);
    // Shogi-like promotion: the chooser offers not promoting.
    let table = TableGame::new(&TableSpec {
        variant: Variant::Chu,
        options: Options::parse(Variant::Chu.options(), ["promotion=shogi"])
            .unwrap_or_else(|e| panic!("{e}")),
        position: Some("4k5/10/10/4P5/10/10/10/10/10/5K4 w - - 0 1".into()),
        players: vec![Player::Human; 2],
        time: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, None))),
        None,
        classic(),
    );
    if let Screen::Playing(p) = &mut app.screen {
        p.cursor = p.table.game().geometry().cell("e6").unwrap_or_default();
    }
    act(
        &mut app,
        &[Action::Select, Action::Cursor(Dir::Up), Action::Select],
    );
    assert!(matches!(app.overlay, Some(Overlay::Chooser { .. })));
    check(goldens, "chu-promotion-shogi", &app, 120, 40);
    // Help lists the pieces beyond chess's six.
    let mut app = chu_game(None, &[]);
    act(&mut app, &[Action::Help]);
    check(goldens, "chu-help", &app, 120, 40);
}

/// The cursor moved to `name` through the go-to prompt, as a person types it.
fn go_to(app: &mut App, name: &str) {
    let mut typed = vec![Action::GoTo];
    typed.extend(name.chars().map(Action::TypeChar));
    typed.push(Action::Submit);
    act(app, &typed);
}

/// A Polar position with White's pawn one step from promotion (19S-10E=Q
/// promotes and checks, tests/rules/polar_notation.rs).
const POLAR_PROMOTION: &str = "K14S,P19S,k9N w - - 0 1";

/// A Polar position with White's king on 14S in check from the black rook
/// on 3E (tests/rules/polar_rules.rs).
const POLAR_CHECK: &str = "K14S,k9S,r3E w - - 0 1";

/// A Polar position with White's queen on the ring at 2E: her lines run
/// on over the equator, so her targets lie on both discs.
const POLAR_QUEEN: &str = "K14N,Q2E,k9S w - - 0 1";

fn snapshot_polar_screens_at_three_sizes(goldens: &mut Goldens) {
    // 120 × 60 too: a tall screen stacks the discs.
    for (width, height) in [(80, 24), (120, 40), (200, 60), (120, 60)] {
        let size = format!("{width}x{height}");
        check(
            goldens,
            &format!("polar-start-{size}"),
            &polar(None, &[]),
            width,
            height,
        );
        // The pawn on 15N picked: its targets marked in the list and on the map.
        let mut app = polar(None, &[]);
        go_to(&mut app, "15n");
        act(&mut app, &[Action::Select]);
        check(
            goldens,
            &format!("polar-selected-{size}"),
            &app,
            width,
            height,
        );
        // The queen picked: her targets marked on both discs, or counted
        // under a lone disc (+N on Black's pole).
        let mut app = polar(Some(POLAR_QUEEN), &[]);
        go_to(&mut app, "2E");
        act(&mut app, &[Action::Select]);
        check(goldens, &format!("polar-queen-{size}"), &app, width, height);
        let mut app = polar(Some(POLAR_CHECK), &[]);
        go_to(&mut app, "3E");
        check(goldens, &format!("polar-check-{size}"), &app, width, height);
        // `c`: the globe and the list change places (the list larger, or
        // the globe alone where both do not fit).
        let mut app = polar(None, &[]);
        go_to(&mut app, "22S");
        act(&mut app, &[Action::ToggleCellList]);
        check(
            goldens,
            &format!("polar-swapped-{size}"),
            &app,
            width,
            height,
        );
        // The screen reader view: the list, still, and the panel.
        let mut app = polar(None, &["15N-16N"]);
        app.reader = true;
        app.voice = crate::session::speech::Voice::SPOKEN;
        check(
            goldens,
            &format!("polar-reader-{size}"),
            &app,
            width,
            height,
        );
        let mut app = polar(Some(POLAR_PROMOTION), &[]);
        let mut typed = vec![Action::OpenPrompt];
        typed.extend("19s10e".chars().map(Action::TypeChar));
        typed.push(Action::Submit);
        act(&mut app, &typed);
        check(
            goldens,
            &format!("polar-promotion-{size}"),
            &app,
            width,
            height,
        );
    }
}

fn the_list_alone_at_80x24_the_globe_beside_it_from_120x40(goldens: &mut Goldens) {
    let app = polar(None, &[]);
    let text = |app: &App, w, h| rows(&render(app, w, h)).join("\n");
    // The words of the screen run together (a narrow screen wraps them).
    let words = |app: &App, w, h| {
        rows(&render(app, w, h))
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (w, h) = (
        super::super::view::sphere::MINIMUM.0,
        super::super::view::sphere::MINIMUM.1 + 2,
    );
    assert!(text(&app, w, h).contains("White central"));
    assert!(words(&app, w - 1, h).starts_with(&format!("The terminal is {}x{h}", w - 1)));
    assert!(words(&app, w, h - 1).starts_with(&format!("The terminal is {w}x{}", h - 1)));
    // Too narrow for both: the list (and the panel), no globe.
    let small = text(&app, 80, 24);
    // (No globe: none of its corners `┼`.)
    assert!(
        small.contains("White's four central cells") && !small.contains('┼'),
        "{small}"
    );
    for (w, h) in [(120, 40), (200, 60)] {
        let big = text(&app, w, h);
        assert!(
            big.contains("White's pole") && big.contains("Black's pole") && big.contains("White"),
            "{big}"
        );
        assert!(big.contains("14N □ ♕"), "the list beside the globe: {big}");
    }
    // Swapped where both do not fit: the globe alone, one disc, the
    // cursor's.
    let mut swapped = polar(None, &[]);
    act(&mut swapped, &[Action::ToggleCellList]);
    let shown = text(&swapped, 80, 24);
    assert!(
        shown.contains("White's pole") && !shown.contains("Black's pole"),
        "{shown}"
    );
    assert!(!shown.contains("White's four central cells"), "{shown}");
    let mut south = swapped.clone();
    go_to(&mut south, "9E");
    let shown = text(&south, 80, 24);
    assert!(
        shown.contains("Black's pole") && !shown.contains("White's pole"),
        "{shown}"
    );
    // The setup screen offers Polar chess and its formations.
    let mut setup = App::new(Screen::Setup(Setup::new(None)), None, classic());
    act(&mut setup, &vec![Action::Cursor(Dir::Right); 3]);
    check(goldens, "setup-polar", &setup, 80, 24);
}

fn snapshot_polar_in_ascii(goldens: &mut Goldens) {
    let mut app = table_game(
        Variant::Polar,
        vec![Player::Human; 2],
        None,
        &["15N-16N", "18N-17N"],
        0,
        look("classic", ColorDepth::TrueColor, GlyphSet::Ascii),
    );
    go_to(&mut app, "16N");
    act(&mut app, &[Action::Select]);
    check(goldens, "polar-ascii-100x30", &app, 100, 30);
}

/// A BacCanCat game between four people from `text` after `moves`.
fn baccancat(text: Option<&str>, moves: &[&str]) -> App {
    table_game(
        Variant::BacCanCat,
        vec![Player::Human; 4],
        text,
        moves,
        0,
        classic(),
    )
}

fn snapshot_baccancat(goldens: &mut Goldens) {
    check(goldens, "baccancat-start", &baccancat(None, &[]), 100, 40);
    check(
        goldens,
        "baccancat-start-80x24",
        &baccancat(None, &[]),
        80,
        24,
    );
    // Red's Cannon on hj picked up: its slides and its hops over one screen.
    let cannon = "oB14gB/7bN8/16/7rN8/4oK6gK4/16/6gNrC2rYbNoN3/16/16/16/7gY8/4rK6bK4/16/7oN8/16/rB14bB r - - - Q8 0 1";
    let mut app = baccancat(Some(cannon), &[]);
    let Screen::Playing(p) = &mut app.screen else {
        panic!("playing")
    };
    p.cursor = p.table.game().geometry().cell("hj").unwrap_or_default();
    act(&mut app, &[Action::Select]);
    check(goldens, "baccancat-cannon", &app, 100, 40);
    // Red's Rook leaves its bottom edge, which is refilled with Pawns.
    let refill =
        "oB14gB/16/16/16/4oK6gK4/16/16/16/16/16/16/4rK6bK4/16/rN15/16/2rR12bB r - - - Q8 0 1";
    check(
        goldens,
        "baccancat-refill",
        &baccancat(Some(refill), &["ca-ch"]),
        100,
        40,
    );
    // Red's Knight unmasks Orange's Rook: Green is mated and goes out.
    let mate =
        "oB14gB/16/16/16/4oK2oR1rN1gK4/16/16/16/16/16/16/4rK6bK4/16/rN15/16/2gN12bB r - - - Q8 0 1";
    check(
        goldens,
        "baccancat-eliminated",
        &baccancat(Some(mate), &["jl-kn"]),
        100,
        40,
    );
    // Red's Gnu joins King, Queen and Tank on one 2 x 2 square: marriage.
    let marriage =
        "oB14gB/16/16/16/4oK6gK4/16/4rG11/16/2rT13/2rKrQ12/16/11bK4/16/16/16/15bB r - - - Q8 0 1";
    check(
        goldens,
        "baccancat-marriage",
        &baccancat(Some(marriage), &["ej-dh"]),
        100,
        40,
    );
    // The next game of the series, a move in: the panel shows the game's
    // number and the totals carried from the marriage.
    let mut app = baccancat(Some(marriage), &["ej-dh"]);
    act(
        &mut app,
        &[
            Action::Restart,
            Action::TypedMove("ej-fg".into()),
            Action::TypedMove("el-ek".into()),
        ],
    );
    check(goldens, "baccancat-series", &app, 100, 40);
}

golden_tests!(pub(super) mod screens = [
    snapshot_chu_chess,
    snapshot_polar_screens_at_three_sizes,
    the_list_alone_at_80x24_the_globe_beside_it_from_120x40,
    snapshot_polar_in_ascii,
    snapshot_baccancat,
]);
