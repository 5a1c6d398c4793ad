//! The lobby driven by actions and the server's answers, with no server
//! and no screen: what each asks, and what the answers change.

use super::*;
use std::time::Duration;

/// `page` of the lobby, as its key would turn to it.
fn go(page: Page) -> Action {
    Action::Lobby(LobbyStep::Go(page))
}

/// A step of the lobby.
fn step(step: LobbyStep) -> Action {
    Action::Lobby(step)
}

/// An account's two keys: the first (with which it was made) and the
/// phone's, this connection logged in with the first.
fn two_keys() -> Lists {
    let key = |name: &str, first: bool| AccountKey {
        key: format!("key:SHA256:{name}Qx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE"),
        first_seen: 1_796_083_200,
        last_seen: 1_796_083_200,
        first,
    };
    Lists {
        keys: Some(Keys {
            listed: vec![key("desk", true), key("phone", false)],
            connected: "key:SHA256:deskQx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE".to_string(),
        }),
        ..Lists::default()
    }
}

#[test]
fn a_page_asks_for_its_lists_and_a_refusal_is_folded_in() {
    let mut lobby = Lobby::new();
    assert_eq!(lobby.context(), Context::LobbyTables);
    // The pages whose lists the store keeps ask for them anew.
    assert_eq!(lobby.update(go(Page::Mine), &[], 10), Choice::Mine);
    assert_eq!(lobby.context(), Context::LobbyGames);
    assert_eq!(lobby.update(go(Page::Puzzles), &[], 10), Choice::Puzzles);
    assert_eq!(lobby.update(go(Page::Recent), &[], 10), Choice::Stay);
    assert_eq!(lobby.update(go(Page::Keys), &[], 10), Choice::Keys);
    assert_eq!(lobby.page(), Page::Keys);
    // The store could not read them: the lobby says why, on its page.
    lobby.heard(Heard::Note(
        "Your keys could not be read: the store is busy.".into(),
    ));
    assert_eq!(
        lobby.note(),
        Some("Your keys could not be read: the store is busy.")
    );
    assert_eq!(lobby.page(), Page::Keys);
    // A key pressed next takes the sentence away.
    assert_eq!(lobby.pressed(Key::Char('t'), &[], 10), Choice::Stay);
    assert_eq!((lobby.page(), lobby.note()), (Page::Tables, None));
}

#[test]
fn a_key_is_asked_of_then_removed_and_the_servers_refusal_is_said() {
    let lists = two_keys();
    let mut lobby = Lobby::new();
    assert_eq!(lobby.update(go(Page::Keys), &[], 10), Choice::Keys);
    lobby.fit_to(&[], &lists, 10);
    // The account's first key is not asked of: the server says why it stays.
    assert_eq!(
        lobby.update(step(LobbyStep::RemoveKey), &[], 10),
        Choice::RemoveKey("key:SHA256:deskQx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE".into())
    );
    lobby.heard(Heard::Note(
        "That key is the account's first: it stays.".into(),
    ));
    assert_eq!(
        lobby.note(),
        Some("That key is the account's first: it stays.")
    );
    // The phone's is asked of; the question takes the keys.
    lobby.update(step(LobbyStep::Down), &[], 10);
    lobby.fit_to(&[], &lists, 10);
    assert_eq!(
        lobby.update(step(LobbyStep::RemoveKey), &[], 10),
        Choice::Stay
    );
    assert_eq!(lobby.context(), Context::Confirm);
    assert!(
        lobby
            .note()
            .is_some_and(|n| n.starts_with("Remove the key SHA256:phoneQx9fK2m…")),
        "{:?}",
        lobby.note()
    );
    assert_eq!(
        lobby.update(go(Page::Tables), &[], 10),
        Choice::Stay,
        "only an answer"
    );
    assert_eq!(
        lobby.update(Action::Yes, &[], 10),
        Choice::RemoveKey("key:SHA256:phoneQx9fK2mZ8rT4vW1yB6nD3hJ5sL7pC0aE".into())
    );
    assert_eq!(lobby.context(), Context::LobbyKeys);
    // The store refused it after all: said as it was given.
    lobby.heard(Heard::Note(
        "The key could not be removed: the store is full.".into(),
    ));
    assert_eq!(
        lobby.note(),
        Some("The key could not be removed: the store is full.")
    );
}

#[test]
fn the_wait_for_a_quick_game_follows_what_the_hub_says() {
    let mut lobby = Lobby::new();
    lobby.update(go(Page::Quick), &[], 10);
    assert_eq!(lobby.context(), Context::QuickGame);
    let Choice::Seek(variant, control) = lobby.update(step(LobbyStep::Choose), &[], 10) else {
        panic!("the form asks for a quick game");
    };
    assert_eq!(lobby.context(), Context::QuickGame, "not waiting till told");
    let mut wait = SeekStatus {
        variant,
        control,
        waited: Duration::from_secs(3),
        range: 150.0,
        computer_offered: false,
    };
    lobby.heard(Heard::Wait(Some(wait)));
    assert_eq!(lobby.context(), Context::QuickWait);
    assert!(lobby.greeting("ann").contains("Waiting for a quick game"));
    assert_eq!(
        lobby.update(step(LobbyStep::PlayComputer), &[], 10),
        Choice::Stay,
        "the computer is not offered yet"
    );
    wait.computer_offered = true;
    lobby.heard(Heard::Wait(Some(wait)));
    assert_eq!(
        lobby.update(step(LobbyStep::PlayComputer), &[], 10),
        Choice::PlayComputer(variant, control)
    );
    assert_eq!(
        lobby.update(step(LobbyStep::Back), &[], 10),
        Choice::CancelSeek
    );
    lobby.heard(Heard::Wait(None));
    assert_eq!(lobby.context(), Context::QuickGame);
}

#[test]
fn the_highlight_pages_through_the_tables_by_the_rows_shown() {
    let tables: Vec<TableSummary> = (1..=30)
        .map(|n| TableSummary {
            name: format!("t{n}"),
            game: "Chess".into(),
            time: None,
            seats: Vec::new(),
            spectators: 0,
            open: true,
            over: false,
        })
        .collect();
    let mut lobby = Lobby::new();
    lobby.fit_to(&tables, &Lists::default(), 8);
    lobby.update(step(LobbyStep::PageDown), &tables, 8);
    assert_eq!(
        lobby.update(step(LobbyStep::Choose), &tables, 8),
        Choice::Join("t9".into())
    );
    let shown = lobby.page_lines(&tables, &Lists::default(), 8);
    assert_eq!(shown.title, "Tables 2–9 of 30");
    assert_eq!(shown.highlighted, Some(7));
    lobby.update(step(LobbyStep::Bottom), &tables, 8);
    assert_eq!(
        lobby.update(step(LobbyStep::Watch), &tables, 8),
        Choice::Watch("t30".into())
    );
}
