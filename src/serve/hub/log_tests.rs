//! Every kind of event a connection can cause at the hub is logged
//! within the connection's allowance ([`log::caused`], [`log::by`]): a
//! stranger repeating them at will writes at most the burst, and the
//! connection's last line says how many were not written.

use super::tests::{HubScratch, chess, mv, who};
use super::*;
use crate::serve::log::{self, CONNECTION_BURST, CONNECTION_RATE};
use catboard::clock::TimeControl;
use catboard::variants::Variant;
use catboard_testkit::Scratch;

/// Pawn moves for both sides that neither capture, check nor repeat a
/// position: sixteen each, so each player moves well past an allowance.
const PAWNS: [&str; 16] = [
    "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4",
];

#[test]
fn every_event_a_connection_causes_is_logged_within_its_allowance() {
    let dir = Scratch::new("log-flood");
    let (shared, hand) = dir.timed_hub();
    // Numbers and addresses of their own: the allowances are the process's.
    let (a, b) = (7_301_001_u64, 7_301_002_u64);
    let alice = Who {
        address: "198.51.100.71".into(),
        ..who("key:flood-a")
    };
    let bob = Who {
        address: "198.51.100.72".into(),
        ..who("key:flood-b")
    };
    let start = std::time::Instant::now();
    let ((), lines) = log::capture::lines(|| {
        // Joining and leaving, waiting for a quick game and not: each
        // far past the allowance.
        shared.create("flood", chess(), &alice, 100).expect("made");
        for _ in 0..30 {
            for (conn, person) in [(a, &alice), (b, &bob)] {
                shared
                    .join("flood", conn, person, Arc::new(Mailbox::new()), true, None)
                    .expect("joined");
                shared.leave("flood", conn, person);
                let control = TimeControl::parse("5+0")
                    .expect("reads")
                    .expect("a control");
                shared
                    .seek(
                        conn,
                        person,
                        Arc::new(Mailbox::new()),
                        Variant::Chess,
                        control,
                    )
                    .expect("waits");
                shared.cancel_seek(conn);
            }
        }
        for (conn, person) in [(a, &alice), (b, &bob)] {
            shared
                .join("flood", conn, person, Arc::new(Mailbox::new()), true, None)
                .expect("seated");
        }
        // Moves, draws offered and declined, a resignation and the end
        // of the game, a rematch.
        for (n, white) in PAWNS.iter().enumerate() {
            // Three offers, the most a player may make in a game.
            if n % 6 == 0 {
                hand.advance(crate::serve::limits::DRAW_OFFER_GAP);
                shared.offer_draw("flood", a).expect("offered");
                shared.decline_draw("flood", b).expect("declined");
            }
            shared
                .play("flood", a, mv(&shared, "flood", white))
                .expect("white moves");
            let black = white.replace('3', "6").replace('4', "5");
            shared
                .play("flood", b, mv(&shared, "flood", &black))
                .expect("black moves");
        }
        shared.resign("flood", a).expect("resigned");
        shared.rematch("flood", a, &alice).expect("asked");
        shared.rematch("flood", b, &bob).expect("asked");
        for (conn, person) in [(a, &alice), (b, &bob)] {
            log::ended(
                &log::Source {
                    conn,
                    address: &person.address,
                },
                format!("connection {conn} ended"),
            );
        }
    });
    // Each connection caused well over a hundred events; it logs its
    // burst, what its allowance refilled while the test ran, and its end.
    let refilled = (start.elapsed().as_secs_f64() * CONNECTION_RATE).ceil() as usize;
    let most = 2 * (CONNECTION_BURST as usize + refilled + 1);
    assert!(
        lines.len() <= most,
        "{} lines, at most {most} allowed:\n{}",
        lines.len(),
        lines.join("")
    );
    for conn in [a, b] {
        let end = lines
            .iter()
            .find(|l| l.contains(&format!("connection {conn} ended")))
            .expect("a connection's end is always logged");
        assert!(end.contains("not logged"), "{end}");
    }
}
