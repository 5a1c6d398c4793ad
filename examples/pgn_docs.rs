//! scratch
use catboard::clock::TimeControl;
use catboard::core::{Game, Options};
use catboard::notation::pgn::{self, PgnGame, PgnTags};
use catboard::variants::Variant;
use std::time::Duration;
fn main() {
    let cases: Vec<(Variant, Vec<&str>, &str, Vec<&str>, Option<&str>)> = vec![
        (
            Variant::Chess,
            vec![],
            "",
            vec![
                "e4",
                "e5",
                "Nf3",
                "Nc6",
                "Bb5",
                "a6",
                "Ba4",
                "Nf6",
                "O-O",
                "Be7",
                "Re1",
                "b5",
                "Bb3",
                "d6",
                "c3",
                "O-O",
                "h3",
                "resign:black",
            ],
            Some("5+3"),
        ),
        (
            Variant::Cat,
            vec![],
            "",
            vec![
                "e4",
                "e5",
                "Ch5-h4",
                "Nf3",
                "Nc6",
                "flag:cats",
                "pass",
                "Bc4",
                "Bc5",
                "pass",
                "d3",
                "draw:agreed",
            ],
            Some("3+2"),
        ),
        (
            Variant::Chu,
            vec!["promotion=shogi"],
            "",
            vec!["f3", "f6", "Lf2", "L pass", "Lxf6-g5"],
            None,
        ),
        (
            Variant::Polar,
            vec![],
            "K14S,Q12N,R13N,k1N w - - 0 1",
            vec!["13N-8N"],
            None,
        ),
        (Variant::BacCanCat, vec![], "", vec![], Some("10+5")),
    ];
    for (v, opts, start, plies, tc) in cases {
        let options = Options::parse(v.options(), opts.iter().copied()).unwrap();
        let mut g = PgnGame::new(v, options.clone());
        if !start.is_empty() {
            g.start = start.to_string();
        }
        let mut game = g.start_game().unwrap();
        let base = tc
            .and_then(|t| TimeControl::parse(t).unwrap())
            .map_or(0, |c| c.base.as_secs());
        let mut left = vec![base; 4];
        for (i, p) in plies.iter().enumerate() {
            let mv = match game.parse_move(p) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("{v:?} {p}: {e}");
                    break;
                }
            };
            let seat = game.to_move().index();
            left[seat] = left[seat].saturating_sub(3 + (i as u64 * 5) % 11);
            if p.starts_with("flag") {
                left[seat] = 0;
            }
            game.make_move(mv);
            g.moves.push(mv);
            g.clocks.push(tc.map(|_| Duration::from_secs(left[seat])));
        }
        if v == Variant::BacCanCat {
            for i in 0..9 {
                let m = if i == 5 {
                    game.parse_move("resign:blue").unwrap()
                } else {
                    game.legal_move_list()[i * 7 % 5]
                };
                game.make_move(m);
                g.moves.push(m);
                g.clocks.push(Some(Duration::from_secs(600 - 9 * i as u64)));
            }
        }
        g.time_control = tc.and_then(|t| TimeControl::parse(t).unwrap());
        g.tags = PgnTags {
            event: format!("{} example", v.name()),
            date: pgn::date(1_717_200_000),
            players: ["ann", "bob", "cat", "dan"][..v.seats().len()]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            ..PgnTags::default()
        };
        println!("{}", pgn::write(&g).unwrap());
    }
}
