//! Tests of the line mode's commands: how each is read and what it says.

use super::*;
use catboard::core::Options;
use catboard::variants::Variant;

#[test]
fn last_says_the_move_as_it_was_said_when_played_check_and_all() {
    let mut table = TableGame::new(&crate::session::table::TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: None,
        players: vec![
            crate::session::table::Player::Human,
            crate::session::table::Player::Human,
        ],
        time: None,
    })
    .expect("a table");
    assert_eq!(
        last_move(&table, Voice::SPOKEN),
        "No move has been played yet."
    );
    for text in ["e2e4", "f7f5", "d1h5"] {
        let mv = table.game().parse_move(text).expect("a move");
        let before = table.game().clone();
        let mut after = before.clone();
        after.make_move(mv);
        let said = describe::changes::move_and_changes(&before, &after, Voice::SPOKEN, mv);
        table.replay_ply(mv, None);
        assert_eq!(last_move(&table, Voice::SPOKEN), said[0].text);
    }
    assert_eq!(
        last_move(&table, Voice::SPOKEN),
        "White queen to h5, check."
    );
}

#[test]
fn lines_are_read_as_commands_moves_or_unknown_words() {
    let chess = Variant::Chess.new_game(&Options::new());
    let geo = chess.geometry();
    let read = |line: &str| Command::read(line, geo);
    assert_eq!(read("Board"), Command::Board);
    assert_eq!(read("rank 3"), Command::Rank(Some("3".into())));
    assert_eq!(read("rank"), Command::Rank(None));
    assert_eq!(read("file"), Command::File(None));
    assert_eq!(read("cell"), Command::Cell(None));
    assert_eq!(read("cell E4"), Command::Cell(Some("E4".into())));
    assert_eq!(read("e4"), Command::Move("e4".into()));
    assert_eq!(read("knights"), Command::Moves(Some("knights".into())));
    assert_eq!(read("q"), Command::OneLetterQuit);
    assert_eq!(read("quit"), Command::Quit);
    assert_eq!(read("p N"), Command::Pieces(Some("N".into())));
    assert_eq!(read("s a"), Command::Scan("a".into()));
    assert_eq!(read("s"), Command::Status);
    assert_eq!(read("status"), Command::Status);
    assert_eq!(read("turn"), Command::Turn);
    assert_eq!(read("clock"), Command::Clock);
    assert_eq!(read("c"), Command::Clock);
    assert_eq!(read("clocks"), Command::Unknown("clocks".into()));
    assert_eq!(read("o"), Command::Players);
    assert_eq!(read("l"), Command::Last);
    assert_eq!(read("moves"), Command::Moves(None));
    assert_eq!(read("Nf3"), Command::Move("Nf3".into()));
    assert_eq!(read("e4?"), Command::Ask("e4".into()));
    assert_eq!(read("?"), Command::Help);
    assert_eq!(read("O-O"), Command::Move("O-O".into()));
    assert_eq!(read("e1f2,f2g3"), Command::Move("e1f2,f2g3".into()));
    assert_eq!(read("frobnicate"), Command::Unknown("frobnicate".into()));
    assert_eq!(read("x"), Command::Explain(None));
    assert_eq!(read("explain lion"), Command::Explain(Some("lion".into())));
    assert_eq!(
        read("explain crowned rook"),
        Command::Explain(Some("crowned rook".into()))
    );
    assert_eq!(read("new").action(), Some(Action::Restart));
    let bcc = Variant::BacCanCat.new_game(&Options::new());
    let geo = bcc.geometry();
    assert_eq!(Command::read("fa-ga", geo), Command::Move("fa-ga".into()));
    assert_eq!(
        Command::read("cell f a", geo),
        Command::Cell(Some("fa".into()))
    );
    assert_eq!(Command::read("Pfa-ga", geo), Command::Move("Pfa-ga".into()));
    assert_eq!(
        Command::read("reserve", geo),
        Command::Note("reserve".into())
    );
}
