//! A deliberately plain Chu Chess move generator, written from
//! `docs/rules/chu-chess.md` alone and sharing no code with
//! `src/variants/chu`: the board is a 10 × 10 array of letters, every
//! piece's move is coordinate arithmetic, a move is kept as its outcome
//! (origin, destination, the cells it captured on, promotion), so the
//! Lion's moves are found by walking every one- and two-step path and the
//! 24-cell jump and merging paths with the same outcome. Legality is tried
//! by playing the move on a copy and asking whether any enemy move could
//! then capture the King. It is slow and only meant to confirm the
//! engine's perft counts (tests/rules/chu_perft.rs).

/// A cell as (file, rank), both 0–9.
pub type Sq = (i32, i32);

/// A piece: White or not, and its letter (`K L Q D H R B N M P`, D and H
/// being the Crowned Rook and Crowned Bishop).
pub type Pc = (bool, char);

/// A position.
#[derive(Clone)]
pub struct Pos {
    pub sq: [[Option<Pc>; 10]; 10],
    pub white: bool,
    /// White towards j, White towards a, Black towards j, Black towards a.
    pub castle: [bool; 4],
    pub ep: Option<Sq>,
    pub lion_ban: bool,
    pub shogi: bool,
}

/// A move as its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BMove {
    pub from: Sq,
    pub to: Sq,
    pub caps: Vec<Sq>,
    pub promo: Option<char>,
    /// Castling: the Rook's corner and landing cell.
    pub rook: Option<(Sq, Sq)>,
    /// A double step: the cell passed over.
    pub passed: Option<Sq>,
}

fn on(s: Sq) -> bool {
    (0..10).contains(&s.0) && (0..10).contains(&s.1)
}

const KING: [Sq; 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const ORTH: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl Pos {
    /// Reads a Chu FEN (placement, side, castling, en passant).
    pub fn from_fen(fen: &str, shogi: bool) -> Pos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut sq = [[None; 10]; 10];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 9 - i;
            let mut file = 0;
            let mut crowned = false;
            let mut digits = String::new();
            for ch in row.chars().chain(std::iter::once(' ')) {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                if !digits.is_empty() {
                    file += digits.parse::<usize>().expect("a run");
                    digits.clear();
                }
                if ch == ' ' {
                    break;
                }
                if ch == '+' {
                    crowned = true;
                    continue;
                }
                let up = ch.to_ascii_uppercase();
                let letter = match (up, crowned) {
                    ('R', true) => 'D',
                    ('B', true) => 'H',
                    (l, _) => l,
                };
                crowned = false;
                sq[rank][file] = Some((ch.is_ascii_uppercase(), letter));
                file += 1;
            }
        }
        let c = f[2];
        let ep = if f[3] == "-" {
            None
        } else {
            let b = f[3].as_bytes();
            Some(((b[0] - b'a') as i32, (b[1] - b'0') as i32))
        };
        Pos {
            sq,
            white: f[1] == "w",
            castle: [
                c.contains('K'),
                c.contains('Q'),
                c.contains('k'),
                c.contains('q'),
            ],
            ep,
            lion_ban: false,
            shogi,
        }
    }

    pub fn at(&self, s: Sq) -> Option<Pc> {
        self.sq[s.1 as usize][s.0 as usize]
    }

    fn set(&mut self, s: Sq, p: Option<Pc>) {
        self.sq[s.1 as usize][s.0 as usize] = p;
    }

    fn has_lion(&self, white: bool) -> bool {
        self.sq.iter().flatten().any(|p| *p == Some((white, 'L')))
    }

    fn in_zone(white: bool, s: Sq) -> bool {
        if white { s.1 >= 7 } else { s.1 <= 2 }
    }

    /// Adds a plain move of `p` with its promotion choices.
    fn push(&self, p: Pc, from: Sq, to: Sq, caps: Vec<Sq>, out: &mut Vec<BMove>) {
        let (white, letter) = p;
        let mv = |promo| BMove {
            from,
            to,
            caps: caps.clone(),
            promo,
            rook: None,
            passed: None,
        };
        let last = if white { to.1 == 9 } else { to.1 == 0 };
        if !self.shogi {
            if letter == 'P' && Pos::in_zone(white, to) {
                for q in ['Q', 'R', 'B', 'N'] {
                    out.push(mv(Some(q)));
                }
                if !self.has_lion(white) {
                    out.push(mv(Some('L')));
                }
            } else {
                out.push(mv(None));
            }
            return;
        }
        let crowned = match letter {
            'P' => Some('M'),
            'N' if !self.has_lion(white) => Some('L'),
            'R' => Some('D'),
            'B' => Some('H'),
            _ => None,
        };
        match crowned {
            Some(c) if Pos::in_zone(white, from) || Pos::in_zone(white, to) => {
                out.push(mv(Some(c)));
                if !(letter == 'P' && last) {
                    out.push(mv(None));
                }
            }
            _ => out.push(mv(None)),
        }
    }

    /// Whether a piece of `mover` letter may take `target` under rule 3.
    fn may_take(&self, mover: Pc, target: Pc, ban: bool) -> bool {
        target.0 != mover.0 && !(ban && target.1 == 'L' && mover.1 != 'L')
    }

    /// Every pseudo-legal move of the side `white` (castling when asked).
    pub fn pseudo(&self, white: bool, with_castling: bool, ban: bool) -> Vec<BMove> {
        let mut out = Vec::new();
        for r in 0..10 {
            for f in 0..10 {
                let from = (f, r);
                let Some(p) = self.at(from) else { continue };
                if p.0 != white {
                    continue;
                }
                self.piece_moves(p, from, ban, &mut out);
            }
        }
        if with_castling {
            self.castles(white, &mut out);
        }
        out
    }

    fn piece_moves(&self, p: Pc, from: Sq, ban: bool, out: &mut Vec<BMove>) {
        let add = |d: Sq| (from.0 + d.0, from.1 + d.1);
        let leap = |dirs: &[Sq], out: &mut Vec<BMove>| {
            for &d in dirs {
                let to = add(d);
                if !on(to) {
                    continue;
                }
                match self.at(to) {
                    None => self.push(p, from, to, vec![], out),
                    Some(t) if self.may_take(p, t, ban) => self.push(p, from, to, vec![to], out),
                    _ => {}
                }
            }
        };
        let slide = |dirs: &[Sq], out: &mut Vec<BMove>| {
            for &d in dirs {
                let mut to = add(d);
                while on(to) {
                    match self.at(to) {
                        None => self.push(p, from, to, vec![], out),
                        Some(t) => {
                            if self.may_take(p, t, ban) {
                                self.push(p, from, to, vec![to], out);
                            }
                            break;
                        }
                    }
                    to = (to.0 + d.0, to.1 + d.1);
                }
            }
        };
        match p.1 {
            'K' | 'M' => leap(&KING, out),
            'N' => leap(&KNIGHT, out),
            'R' => slide(&ORTH, out),
            'B' => slide(&DIAG, out),
            'Q' => {
                slide(&ORTH, out);
                slide(&DIAG, out);
            }
            'D' => {
                slide(&ORTH, out);
                leap(&DIAG, out);
            }
            'H' => {
                slide(&DIAG, out);
                leap(&ORTH, out);
            }
            'P' => self.pawn_moves(p, from, ban, out),
            'L' => self.lion_moves(p, from, out),
            _ => {}
        }
    }

    fn pawn_moves(&self, p: Pc, from: Sq, ban: bool, out: &mut Vec<BMove>) {
        let dir = if p.0 { 1 } else { -1 };
        let one = (from.0, from.1 + dir);
        if on(one) && self.at(one).is_none() {
            self.push(p, from, one, vec![], out);
            let two = (from.0, from.1 + 2 * dir);
            let start = if p.0 { 2 } else { 7 };
            if from.1 == start && on(two) && self.at(two).is_none() {
                out.push(BMove {
                    from,
                    to: two,
                    caps: vec![],
                    promo: None,
                    rook: None,
                    passed: Some(one),
                });
            }
        }
        for df in [-1, 1] {
            let to = (from.0 + df, from.1 + dir);
            if !on(to) {
                continue;
            }
            match self.at(to) {
                Some(t) if self.may_take(p, t, ban) => self.push(p, from, to, vec![to], out),
                None if self.ep == Some(to) => {
                    let victim = (to.0, to.1 - dir);
                    if self.at(victim) == Some((!p.0, 'P')) {
                        out.push(BMove {
                            from,
                            to,
                            caps: vec![victim],
                            promo: None,
                            rook: None,
                            passed: None,
                        });
                    }
                }
                _ => {}
            }
        }
    }

    /// The Lion: every jump within two king steps, every path of one or
    /// two king steps, merged by outcome.
    fn lion_moves(&self, p: Pc, from: Sq, out: &mut Vec<BMove>) {
        let mut outcomes: Vec<(Sq, Vec<Sq>)> = Vec::new();
        let own = |s: Sq| self.at(s).is_some_and(|q| q.0 == p.0);
        let enemy = |s: Sq| self.at(s).is_some_and(|q| q.0 != p.0);
        for df in -2..=2 {
            for dr in -2..=2 {
                let to = (from.0 + df, from.1 + dr);
                if (df, dr) == (0, 0) || !on(to) || own(to) {
                    continue;
                }
                outcomes.push((to, if enemy(to) { vec![to] } else { vec![] }));
            }
        }
        for d1 in KING {
            let a = (from.0 + d1.0, from.1 + d1.1);
            if !on(a) || own(a) {
                continue;
            }
            for d2 in KING {
                let b = (a.0 + d2.0, a.1 + d2.1);
                if !on(b) || (b != from && own(b)) {
                    continue;
                }
                let mut caps = Vec::new();
                if enemy(a) {
                    caps.push(a);
                }
                if b != from && enemy(b) {
                    caps.push(b);
                }
                outcomes.push((b, caps));
            }
        }
        let mut seen: Vec<(Sq, Vec<Sq>)> = Vec::new();
        for (to, mut caps) in outcomes {
            caps.sort();
            if !seen.contains(&(to, caps.clone())) {
                seen.push((to, caps.clone()));
                out.push(BMove {
                    from,
                    to,
                    caps,
                    promo: None,
                    rook: None,
                    passed: None,
                });
            }
        }
    }

    fn castles(&self, white: bool, out: &mut Vec<BMove>) {
        let rank = if white { 0 } else { 9 };
        let Some(kf) = (0..10).find(|&f| self.at((f, rank)) == Some((white, 'K'))) else {
            return;
        };
        for (i, rf, dir) in [(0, 9, 1), (1, 0, -1)] {
            let right = self.castle[if white { i } else { 2 + i }];
            if !right
                || self.at((rf, rank)) != Some((white, 'R'))
                || (rf - kf).abs() < 4
                || (1..(rf - kf).abs()).any(|k| self.at((kf + dir * k, rank)).is_some())
                || (0..=3).any(|k| self.attacked((kf + dir * k, rank), !white, true))
            {
                continue;
            }
            out.push(BMove {
                from: (kf, rank),
                to: (kf + 3 * dir, rank),
                caps: vec![],
                promo: None,
                rook: Some(((rf, rank), (kf + 2 * dir, rank))),
                passed: None,
            });
        }
    }

    /// Whether a piece of side `by` could capture on `s` (a piece of the
    /// other side is put there for the question), the King only when
    /// `with_king`.
    pub fn attacked(&self, s: Sq, by: bool, with_king: bool) -> bool {
        let mut probe = self.clone();
        if probe.at(s).is_none_or(|p| p.0 == by) {
            probe.set(s, Some((!by, 'M')));
        }
        probe.ep = None;
        probe
            .pseudo(by, false, false)
            .iter()
            .any(|m| m.caps.contains(&s) && (with_king || probe.at(m.from) != Some((by, 'K'))))
    }

    /// Plays `m`.
    pub fn play(&self, m: &BMove) -> Pos {
        let mut n = self.clone();
        let Some(p) = n.at(m.from) else { return n };
        let mut took_lion = false;
        for &c in &m.caps {
            took_lion |= n.at(c).is_some_and(|q| q.1 == 'L');
            n.set(c, None);
        }
        n.set(m.from, None);
        n.set(m.to, Some((p.0, m.promo.unwrap_or(p.1))));
        if let Some((rf, rt)) = m.rook {
            let rook = n.at(rf);
            n.set(rf, None);
            n.set(rt, rook);
        }
        if p.1 == 'K' {
            let base = if p.0 { 0 } else { 2 };
            n.castle[base] = false;
            n.castle[base + 1] = false;
        }
        let corners = [(9, 0), (0, 0), (9, 9), (0, 9)];
        for (i, corner) in corners.iter().enumerate() {
            if m.from == *corner || m.to == *corner || m.caps.contains(corner) {
                n.castle[i] = false;
            }
        }
        n.ep = m.passed;
        n.lion_ban = p.1 != 'L' && took_lion;
        n.white = !self.white;
        n
    }

    /// Every legal move of the side to move.
    pub fn legal(&self) -> Vec<BMove> {
        let us = self.white;
        let king_safe_now = !self.king_attacked(us);
        self.pseudo(us, king_safe_now, self.lion_ban)
            .into_iter()
            .filter(|m| {
                // The pass cannot answer a check; it needs an empty neighbour,
                // which the path walk already required.
                let after = self.play(m);
                if after.king_attacked(us) {
                    return false;
                }
                self.trade_ok(m, &after)
            })
            .collect()
    }

    fn king_attacked(&self, white: bool) -> bool {
        for r in 0..10 {
            for f in 0..10 {
                if self.at((f, r)) == Some((white, 'K')) {
                    return self.attacked((f, r), !white, true);
                }
            }
        }
        false
    }

    /// Trading rule 1 with the bridge.
    fn trade_ok(&self, m: &BMove, after: &Pos) -> bool {
        let Some(p) = self.at(m.from) else {
            return true;
        };
        if p.1 != 'L' || self.at(m.to) != Some((!p.0, 'L')) {
            return true;
        }
        let far = (m.to.0 - m.from.0).abs().max((m.to.1 - m.from.1).abs()) == 2;
        if !far {
            return true;
        }
        let bridge = m
            .caps
            .iter()
            .any(|&c| c != m.to && self.at(c).is_some_and(|q| q.1 != 'P'));
        bridge || !after.attacked(m.to, !p.0, false)
    }

    /// Counts the leaves `depth` plies ahead.
    pub fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
