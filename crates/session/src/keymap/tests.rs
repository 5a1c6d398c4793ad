//! Tests of the keymap, the help and the hint line.

use super::*;

#[test]
fn no_key_is_bound_twice_in_one_context() {
    for (i, a) in KEYMAP.iter().enumerate() {
        for b in &KEYMAP[i + 1..] {
            // One key may be bound twice on boards that exclude each
            // other (`f` on a flat board and on the globe; PageUp steps
            // back through the moves, and pages the globe's list): the
            // keymap looks a key up on one kind of board.
            let either = matches!(
                (a.when, b.when),
                (When::Flat, When::Sphere) | (When::Sphere, When::Flat)
            );
            if a.context == b.context && !either {
                for k in a.keys {
                    assert!(!b.keys.contains(k), "{k:?} twice in {:?}", a.context);
                }
            }
        }
    }
}

#[test]
fn keys_map_to_actions_by_context() {
    assert_eq!(
        action_for(C::Board, Key::Char('k')),
        Some(Action::Cursor(Dir::Up))
    );
    assert_eq!(action_for(C::Board, Key::Char('x')), None);
    assert_eq!(
        action_for(C::TextEntry, Key::Char('k')),
        Some(Action::TypeChar('k'))
    );
    assert_eq!(
        action_for(C::TextEntry, Key::Char('q')),
        Some(Action::TypeChar('q'))
    );
    assert_eq!(
        action_for(C::Chooser, Key::Char('n')),
        Some(Action::ChooseLetter('n'))
    );
    assert_eq!(
        action_for(C::Chooser, Key::Char('j')),
        Some(Action::Cursor(Dir::Down))
    );
    assert_eq!(action_for(C::Confirm, Key::Esc), Some(Action::No));
    assert_eq!(
        action_for(C::Setup, Key::Esc),
        None,
        "Esc does not quit the setup screen without asking"
    );
}

#[test]
fn the_hint_line_names_the_keymaps_keys() {
    let shown = |context, ascii, state| -> Vec<String> {
        hints(context, ascii, state)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    };
    let board = shown(C::Board, false, HelpState::default());
    assert_eq!(board[..2], ["←↓↑→/hjkl move", "Enter select"]);
    assert!(board.contains(&"q quit".to_string()));
    assert!(
        !board.iter().any(|t| t.ends_with("pass")),
        "only when one may pass"
    );
    let passing = HelpState {
        can_pass: true,
        computer_plays: true,
        unsaved: false,
        shared: false,
        sphere: false,
        refused: &[],
    };
    let board = shown(C::Board, true, passing);
    assert_eq!(board[0], "Left/Down/Up/Right/hjkl move");
    assert!(board.contains(&"p pass".to_string()) && board.contains(&"s pause".to_string()));
    let setup = shown(C::Setup, false, HelpState::default());
    assert_eq!(setup[..3], ["↑↓/kj row", "←→/hl change", "Enter start"]);
}

#[test]
fn the_help_lists_every_binding_of_its_contexts() {
    let everything = HelpState {
        can_pass: true,
        computer_plays: true,
        unsaved: false,
        shared: false,
        sphere: false,
        refused: &[],
    };
    let sections = help_sections(&[C::Board], false, everything);
    let quit = |state| {
        help_sections(&[C::Board], false, state)[0]
            .1
            .iter()
            .find(|(k, _)| k.starts_with('q'))
            .map(|(_, h)| *h)
    };
    assert_eq!(quit(everything), Some("quit (game is saved)"));
    let unsaved = HelpState {
        unsaved: true,
        ..everything
    };
    assert_eq!(quit(unsaved), Some(QUIT_UNSAVED), "no false promise");
    let shared = HelpState {
        unsaved: true,
        shared: true,
        ..everything
    };
    assert_eq!(
        quit(shared),
        Some(QUIT_SHARED),
        "a server's table is left, not saved here"
    );
    let board = KEYMAP.iter().filter(|b| b.context == C::Board).count();
    // The globe's seven lines (`f` over, `<`, `>`, `c` swapping globe and
    // list, `v` alone stepping back, PageUp and PageDown paging the list)
    // only on the sphere, the board's `f`, `c` and `v`/PageUp only off it.
    let globe_only = 7;
    assert_eq!(
        sections[0].1.len(),
        board - 1 - globe_only,
        "all but the claim of a win and the globe's keys"
    );
    let on_sphere = help_sections(
        &[C::Board],
        false,
        HelpState {
            sphere: true,
            ..everything
        },
    );
    assert_eq!(
        on_sphere[0].1.len(),
        board - 1 - 3,
        "the board's f, c and v/PgUp give way"
    );
    let at_server = help_sections(&[C::Board], false, shared);
    assert_eq!(
        at_server[0].1.len(),
        board - globe_only,
        "a shared table's claim too"
    );
    assert!(at_server[0].1.iter().any(|(k, _)| k == "W"));
    let plain = help_sections(&[C::Board], false, HelpState::default());
    assert_eq!(
        plain[0].1.len(),
        board - 3 - globe_only,
        "no pass, no pause, no claim"
    );
    assert!(!plain[0].1.iter().any(|(k, _)| k == "p"));
    assert!(
        sections[0]
            .1
            .iter()
            .any(|(k, h)| k == "p" && h.contains("pass"))
    );
    assert!(
        sections[0]
            .1
            .iter()
            .any(|(k, h)| k == "u" && h.contains("undo"))
    );
    assert!(sections[0].1.iter().any(|(k, _)| k == "↑ k"));
}

/// What a test place refuses: undo and hints.
static REFUSED: &[Refusal] = &[
    Refusal {
        action: Action::Undo,
        why: "No undo here.",
    },
    Refusal {
        action: Action::Hint,
        why: "No hints here.",
    },
];

#[test]
fn refused_actions_leave_the_hint_line_and_the_help() {
    let offered = HelpState {
        computer_plays: true,
        ..HelpState::default()
    };
    let refusing = HelpState {
        refused: REFUSED,
        ..offered
    };
    let words = |state| -> Vec<String> {
        hints(C::Board, false, state)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    };
    let (all, fewer) = (words(offered), words(refusing));
    assert!(all.contains(&"u undo".to_string()) && all.contains(&"t hint".to_string()));
    assert!(
        !fewer
            .iter()
            .any(|t| t.ends_with(" undo") || t.ends_with(" hint"))
    );
    assert_eq!(fewer.len(), all.len() - 2, "only the refused go: {fewer:?}");
    let help = |state| help_sections(&[C::Board], false, state)[0].1.clone();
    assert_eq!(help(refusing).len(), help(offered).len() - 2);
    assert!(!help(refusing).iter().any(|(k, _)| k == "u" || k == "t"));
}

#[test]
fn the_lobbys_key_lines_are_made_from_the_keymap() {
    assert_eq!(
        key_line(C::LobbyTables, true),
        "Up/Down · Enter join · w watch · c new · p quick game · r/m/l games · z puzzles · a your keys · L lines (screen reader) · S reader view · q leave"
    );
    assert_eq!(
        key_line(C::QuickWait, true),
        "Esc stop waiting · t/r/m/l other pages (the wait goes on) · q leave"
    );
    assert_eq!(
        key_line(C::LobbyKeys, true),
        "Up/Down choose · x remove · K add a key · t tables · q leave"
    );
    let lobby = [
        C::LobbyTables,
        C::LobbyGames,
        C::LobbyLeaders,
        C::QuickGame,
        C::QuickWait,
        C::LobbyKeys,
        C::LobbyPuzzles,
    ];
    assert_eq!(
        key_line(C::LobbyPuzzles, true),
        "Up/Down variant · Enter solve · t tables · q leave"
    );
    for context in lobby {
        // Every hint names keys the page answers, its own or the lobby's.
        for h in HINTS.iter().filter(|h| h.context == context) {
            for action in h.actions {
                assert!(
                    binding_of(context, action).is_some(),
                    "{context:?}: {action:?} has no key"
                );
            }
        }
        // The lobby's own keys work on every page, after the page's own.
        assert_eq!(action_for(context, Key::Char('q')), Some(Action::Quit));
        assert_eq!(
            action_for(context, Key::Char('t')),
            Some(Action::Lobby(LobbyStep::Go(LobbyPage::Tables)))
        );
    }
}

/// Help lists only the keys that apply to the board on screen: a flat
/// board's help has no globe to turn, the sphere's has, and each has one
/// line for `f` saying what it does there.
#[test]
fn help_lists_the_globe_keys_only_on_the_sphere() {
    let lines = |sphere| {
        help_sections(
            &[C::Board],
            false,
            HelpState {
                sphere,
                ..HelpState::default()
            },
        )[0]
        .1
        .clone()
    };
    let (flat, globe) = (lines(false), lines(true));
    let keys = |ls: &[(String, &str)], key: &str| -> Vec<String> {
        ls.iter()
            .filter(|(k, _)| k == key)
            .map(|(_, h)| h.to_string())
            .collect()
    };
    assert!(!flat.iter().any(|(_, h)| h.contains("globe")), "{flat:?}");
    assert_eq!(keys(&flat, "f"), ["turn the board round"]);
    assert_eq!(keys(&globe, "f").len(), 1);
    assert!(keys(&globe, "f")[0].contains("globe"));
    assert_eq!(keys(&globe, "<").len(), 1);
    assert_eq!(keys(&globe, ">").len(), 1);
    assert!(keys(&flat, "<").is_empty() && keys(&flat, ">").is_empty());
}

#[test]
fn page_keys_page_the_globes_list_and_review_on_a_flat_board() {
    assert_eq!(
        action_on(C::Board, Key::PageUp, false),
        Some(Action::Review(ReviewStep::Back))
    );
    assert_eq!(action_on(C::Board, Key::PageDown, false), None);
    assert_eq!(
        action_on(C::Board, Key::PageUp, true),
        Some(Action::ListPage(-1))
    );
    assert_eq!(
        action_on(C::Board, Key::PageDown, true),
        Some(Action::ListPage(1))
    );
    // `v` still steps back on the globe; in review the page keys step.
    assert_eq!(
        action_on(C::Board, Key::Char('v'), true),
        Some(Action::Review(ReviewStep::Back))
    );
    assert_eq!(
        action_on(C::Review, Key::PageDown, true),
        Some(Action::Review(ReviewStep::Forward))
    );
}
