//! A deliberately simple second BacCanCat rules engine, written from
//! `docs/rules/baccancat.md` alone and sharing no code with
//! `src/variants/baccancat`: coordinates instead of tables, every piece
//! looked at for every attack, whole-position copies. Slow, but easy to
//! read against the rules; the perft tests compare its counts and move
//! lists with the engine's.

#![allow(
    clippy::unwrap_used,
    reason = "test code: an unwrap that fails here fails the perft test that called the oracle"
)]

use std::collections::{BTreeMap, BTreeSet};

/// A piece: its army (0 Red, 1 Orange, 2 Green, 3 Blue) and its letter.
pub type Man = (u8, char);

/// One position of the reference engine.
#[derive(Clone, Debug)]
pub struct Ref {
    /// Indexed `[file][rank]`.
    pub sq: [[Option<Man>; 16]; 16],
    pub side: u8,
    /// (army out, army credited), in order.
    pub out: Vec<(u8, u8)>,
    pub partners: BTreeSet<(i32, i32)>,
    pub fresh: BTreeSet<(i32, i32)>,
    pub reserve: BTreeMap<char, u32>,
    pub passes: u32,
    pub leapers: u8,
    pub over: bool,
}

const ARMY: [char; 4] = ['r', 'o', 'g', 'b'];

/// The corner and outward signs of each army's camp.
fn frame(army: u8) -> (i32, i32, i32, i32) {
    match army {
        0 => (0, 0, 1, 1),
        1 => (0, 15, 1, -1),
        2 => (15, 15, -1, -1),
        _ => (15, 0, -1, 1),
    }
}

fn rel(army: u8, f: i32, r: i32) -> (i32, i32) {
    let (cf, cr, sx, sy) = frame(army);
    ((f - cf) * sx, (r - cr) * sy)
}

fn abs(army: u8, x: i32, y: i32) -> (i32, i32) {
    let (cf, cr, sx, sy) = frame(army);
    (cf + x * sx, cr + y * sy)
}

fn on(f: i32, r: i32) -> bool {
    (0..16).contains(&f) && (0..16).contains(&r)
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, (b'a' + r as u8) as char)
}

fn leaps_of(leapers: u8, kind: char) -> Vec<(i32, i32)> {
    let n: &[(i32, i32)] = match leapers {
        1 => &[(1, 2)],
        2 => &[(2, 3)],
        3 => &[(1, 2), (0, 3)],
        _ => &[(1, 2), (2, 3)],
    };
    let m: &[(i32, i32)] = match leapers {
        1 => &[(1, 3)],
        2 => &[(1, 5)],
        3 => &[(1, 3), (3, 3)],
        _ => &[(1, 3), (1, 5)],
    };
    let base: Vec<(i32, i32)> = match kind {
        'N' => n.to_vec(),
        'M' => m.to_vec(),
        'G' => n.iter().chain(m).copied().collect(),
        _ => Vec::new(),
    };
    let mut all = BTreeSet::new();
    for (a, b) in base {
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                all.insert((x * sx, y * sy));
            }
        }
    }
    all.into_iter().collect()
}

const ORTH: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// One move: from, to, promotion letter, and whether it is castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RMove {
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub promo: Option<char>,
    pub castle: Option<(i32, i32)>,
    pub double: bool,
    pub pass: bool,
}

impl RMove {
    /// The move as the rules file writes it.
    pub fn text(&self) -> String {
        if self.pass {
            return "pass".into();
        }
        let mut s = format!(
            "{}-{}",
            name(self.from.0, self.from.1),
            name(self.to.0, self.to.1)
        );
        if let Some(p) = self.promo {
            s.push('=');
            s.push(p);
        }
        s
    }
}

fn plain(from: (i32, i32), to: (i32, i32)) -> RMove {
    RMove {
        from,
        to,
        promo: None,
        castle: None,
        double: false,
        pass: false,
    }
}

impl Ref {
    /// Reads the engine's documented position text.
    pub fn parse(text: &str) -> Ref {
        let f: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(f.len(), 8);
        let mut sq = [[None; 16]; 16];
        for (i, row) in f[0].split('/').enumerate() {
            let r = 15 - i as i32;
            let mut file = 0;
            let cs: Vec<char> = row.chars().collect();
            let mut k = 0;
            while k < cs.len() {
                if cs[k].is_ascii_digit() {
                    let mut n = 0;
                    while k < cs.len() && cs[k].is_ascii_digit() {
                        n = n * 10 + cs[k].to_digit(10).unwrap() as i32;
                        k += 1;
                    }
                    file += n;
                } else {
                    let army = ARMY.iter().position(|&a| a == cs[k]).unwrap() as u8;
                    sq[file as usize][r as usize] = Some((army, cs[k + 1]));
                    file += 1;
                    k += 2;
                }
            }
        }
        let army = |c: char| ARMY.iter().position(|&a| a == c).unwrap() as u8;
        let cells = |s: &str| -> BTreeSet<(i32, i32)> {
            if s == "-" {
                return BTreeSet::new();
            }
            s.split(',')
                .map(|c| {
                    let b = c.as_bytes();
                    ((b[0] - b'a') as i32, (b[1] - b'a') as i32)
                })
                .collect()
        };
        let mut reserve = BTreeMap::new();
        if f[5] != "-" {
            for part in f[5].split(',') {
                let mut cs = part.chars();
                let l = cs.next().unwrap();
                reserve.insert(l, cs.as_str().parse().unwrap());
            }
        }
        let out = if f[2] == "-" {
            Vec::new()
        } else {
            f[2].split(',')
                .map(|p| {
                    let c: Vec<char> = p.chars().collect();
                    (army(c[0]), army(c[1]))
                })
                .collect()
        };
        let mut p = Ref {
            sq,
            side: army(f[1].chars().next().unwrap()),
            out,
            partners: cells(f[3]),
            fresh: cells(f[4]),
            reserve,
            passes: f[6].parse().unwrap(),
            leapers: f[7].parse().unwrap(),
            over: false,
        };
        p.over = (0..4).any(|a| p.playing(a) && (p.married(a) || p.foot_on_edge(a)));
        if !p.over {
            p.settle();
        }
        p
    }

    fn at(&self, c: (i32, i32)) -> Option<Man> {
        if on(c.0, c.1) {
            self.sq[c.0 as usize][c.1 as usize]
        } else {
            None
        }
    }

    fn set(&mut self, c: (i32, i32), m: Option<Man>) {
        self.sq[c.0 as usize][c.1 as usize] = m;
    }

    pub fn playing(&self, a: u8) -> bool {
        !self.out.iter().any(|o| o.0 == a)
    }

    fn next_playing(&self, a: u8) -> u8 {
        let mut s = (a + 1) % 4;
        while !self.playing(s) {
            s = (s + 1) % 4;
        }
        s
    }

    fn king(&self, a: u8) -> Option<(i32, i32)> {
        for f in 0..16 {
            for r in 0..16 {
                if self.sq[f][r] == Some((a, 'K')) {
                    return Some((f as i32, r as i32));
                }
            }
        }
        None
    }

    /// Cells the piece on `c` could capture on if an enemy stood there.
    pub fn threats(&self, c: (i32, i32)) -> Vec<(i32, i32)> {
        let Some((army, kind)) = self.at(c) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let (x, y) = rel(army, c.0, c.1);
        match kind {
            'K' => {
                for d in ORTH.iter().chain(DIAG.iter()) {
                    out.push((c.0 + d.0, c.1 + d.1));
                }
            }
            'P' => {
                if x > y {
                    out.push(abs(army, x + 1, y + 1));
                    out.push(abs(army, x + 1, y - 1));
                } else if y > x {
                    out.push(abs(army, x + 1, y + 1));
                    out.push(abs(army, x - 1, y + 1));
                }
            }
            'Y' => {
                out.push(abs(army, x + 1, y));
                out.push(abs(army, x, y + 1));
            }
            'N' | 'M' | 'G' => {
                for (dx, dy) in leaps_of(self.leapers, kind) {
                    out.push((c.0 + dx, c.1 + dy));
                }
            }
            _ => {
                let orth = matches!(kind, 'R' | 'Q' | 'C' | 'T');
                let hopper = matches!(kind, 'C' | 'A' | 'T');
                let dirs: Vec<(i32, i32)> = if kind == 'Q' || kind == 'T' {
                    ORTH.iter().chain(DIAG.iter()).copied().collect()
                } else if orth {
                    ORTH.to_vec()
                } else {
                    DIAG.to_vec()
                };
                for d in dirs {
                    let mut p = (c.0 + d.0, c.1 + d.1);
                    let mut screens = 0;
                    while on(p.0, p.1) {
                        if self.at(p).is_some() {
                            if (hopper && screens == 1) || (!hopper && screens == 0) {
                                out.push(p);
                                break;
                            }
                            screens += 1;
                        }
                        p = (p.0 + d.0, p.1 + d.1);
                    }
                }
            }
        }
        out.retain(|p| on(p.0, p.1));
        out
    }

    /// Whether a piece of an army `by` accepts attacks `target`.
    pub fn attacked(&self, target: (i32, i32), by: impl Fn(u8) -> bool) -> bool {
        for f in 0..16 {
            for r in 0..16 {
                if let Some((a, _)) = self.sq[f][r]
                    && by(a)
                    && self.threats((f as i32, r as i32)).contains(&target)
                {
                    return true;
                }
            }
        }
        false
    }

    fn in_check(&self, a: u8) -> bool {
        self.king(a).is_some_and(|k| self.attacked(k, |x| x != a))
    }

    fn married(&self, a: u8) -> bool {
        let g = 'G';
        for f in 0..15 {
            for r in 0..15 {
                let mut kinds: Vec<char> = Vec::new();
                for (df, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    if let Some((x, k)) = self.sq[f + df][r + dr]
                        && x == a
                    {
                        kinds.push(k);
                    }
                }
                if ['K', 'Q', 'T', g].iter().all(|k| kinds.contains(k)) {
                    return true;
                }
            }
        }
        false
    }

    fn promo_edge(a: u8, c: (i32, i32)) -> bool {
        let (x, y) = rel(a, c.0, c.1);
        x == 15 || y == 15
    }

    fn foot_on_edge(&self, a: u8) -> bool {
        (0..16).any(|f| {
            (0..16).any(|r| {
                matches!(self.sq[f][r], Some((x, 'P' | 'Y')) if x == a)
                    && Ref::promo_edge(a, (f as i32, r as i32))
            })
        })
    }

    fn choices(&self) -> Vec<char> {
        "QTGRBNMCA"
            .chars()
            .filter(|c| self.reserve.get(c).copied().unwrap_or(0) > 0)
            .collect()
    }

    /// The pseudo-legal moves of the side to move.
    fn pseudo(&self) -> Vec<RMove> {
        let s = self.side;
        let mut out = Vec::new();
        for f in 0..16 {
            for r in 0..16 {
                let Some((a, kind)) = self.sq[f][r] else {
                    continue;
                };
                if a != s {
                    continue;
                }
                let c = (f as i32, r as i32);
                let (x, y) = rel(a, c.0, c.1);
                let enemy = |p: (i32, i32)| self.at(p).is_some_and(|m| m.0 != s);
                let empty = |p: (i32, i32)| on(p.0, p.1) && self.at(p).is_none();
                let foot = |to: (i32, i32), out: &mut Vec<RMove>| {
                    if Ref::promo_edge(s, to) {
                        let ch = self.choices();
                        if ch.is_empty() {
                            out.push(plain(c, to));
                        }
                        for p in ch {
                            out.push(RMove {
                                promo: Some(p),
                                ..plain(c, to)
                            });
                        }
                    } else {
                        out.push(plain(c, to));
                    }
                };
                match kind {
                    'P' | 'Y' => {
                        let (step, far, caps) = if kind == 'P' {
                            if x == y {
                                continue;
                            }
                            let (fx, fy) = if x > y { (1, 0) } else { (0, 1) };
                            let caps = if x > y {
                                [(x + 1, y + 1), (x + 1, y - 1)]
                            } else {
                                [(x + 1, y + 1), (x - 1, y + 1)]
                            };
                            let far = (x.max(y) < 5).then_some((x + 2 * fx, y + 2 * fy));
                            ((x + fx, y + fy), far, caps)
                        } else {
                            let far = (x == y && x < 5).then_some((x + 2, y + 2));
                            ((x + 1, y + 1), far, [(x + 1, y), (x, y + 1)])
                        };
                        let step = abs(s, step.0, step.1);
                        if empty(step) {
                            foot(step, &mut out);
                            if let Some(far) = far {
                                let far = abs(s, far.0, far.1);
                                if self.fresh.contains(&c) && empty(far) {
                                    out.push(RMove {
                                        double: true,
                                        ..plain(c, far)
                                    });
                                }
                            }
                        }
                        for cap in caps {
                            let cap = abs(s, cap.0, cap.1);
                            if enemy(cap) {
                                foot(cap, &mut out);
                            }
                        }
                    }
                    _ => {
                        // Non-capturing moves: slides (sliders and hoppers alike), steps, leaps.
                        let mut quiet = Vec::new();
                        match kind {
                            'K' => {
                                for d in ORTH.iter().chain(DIAG.iter()) {
                                    quiet.push((c.0 + d.0, c.1 + d.1));
                                }
                            }
                            'N' | 'M' | 'G' => {
                                for (dx, dy) in leaps_of(self.leapers, kind) {
                                    quiet.push((c.0 + dx, c.1 + dy));
                                }
                            }
                            _ => {
                                let dirs: Vec<(i32, i32)> = match kind {
                                    'R' | 'C' => ORTH.to_vec(),
                                    'B' | 'A' => DIAG.to_vec(),
                                    _ => ORTH.iter().chain(DIAG.iter()).copied().collect(),
                                };
                                for d in dirs {
                                    let mut p = (c.0 + d.0, c.1 + d.1);
                                    while empty(p) {
                                        quiet.push(p);
                                        p = (p.0 + d.0, p.1 + d.1);
                                    }
                                }
                            }
                        }
                        for p in quiet {
                            if empty(p) {
                                out.push(plain(c, p));
                            }
                        }
                        for p in self.threats(c) {
                            if enemy(p) {
                                out.push(plain(c, p));
                                let victim = self.at(p).unwrap().1;
                                let pair = |a: char, b: char| {
                                    (kind == a && victim == b) || (kind == b && victim == a)
                                };
                                let compound = if pair('R', 'B') {
                                    Some('Q')
                                } else if pair('C', 'A') {
                                    Some('T')
                                } else if pair('N', 'M') {
                                    Some('G')
                                } else {
                                    None
                                };
                                if let Some(g) = compound
                                    && self.reserve.get(&g).copied().unwrap_or(0) > 0
                                {
                                    out.push(RMove {
                                        promo: Some(g),
                                        ..plain(c, p)
                                    });
                                }
                            }
                        }
                        if kind == 'K' && (x, y) == (4, 4) {
                            for d in ORTH.iter().chain(DIAG.iter()) {
                                for dist in [3, 4] {
                                    let p = (c.0 + d.0 * dist, c.1 + d.1 * dist);
                                    let between_empty =
                                        (1..dist).all(|k| empty((c.0 + d.0 * k, c.1 + d.1 * k)));
                                    let diagonal = d.0 != 0 && d.1 != 0;
                                    let ok_kind = match self.at(p) {
                                        Some((pa, 'R')) => pa == s && !diagonal,
                                        Some((pa, 'B')) => pa == s && diagonal,
                                        Some((pa, 'Q')) => pa == s,
                                        _ => false,
                                    };
                                    if on(p.0, p.1)
                                        && between_empty
                                        && ok_kind
                                        && self.partners.contains(&p)
                                    {
                                        out.push(RMove {
                                            castle: Some(p),
                                            ..plain(c, (c.0 + 2 * d.0, c.1 + 2 * d.1))
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The position after the board part of `m` and its refills.
    pub fn after_board(&self, m: &RMove) -> Ref {
        let mut n = self.clone();
        let man = n.at(m.from).unwrap();
        let captured = m.castle.is_none() && n.at(m.to).is_some();
        let was_fresh = n.fresh.remove(&m.from);
        n.fresh.remove(&m.to);
        let was_partner = n.partners.remove(&m.from);
        let _ = was_partner;
        n.partners.remove(&m.to);
        n.set(m.from, None);
        if let Some(p) = m.castle {
            let partner = n.at(p);
            n.set(p, None);
            n.partners.remove(&p);
            let mid = ((m.from.0 + m.to.0) / 2, (m.from.1 + m.to.1) / 2);
            n.set(mid, partner);
            n.set(m.to, Some(man));
        } else if let Some(pr) = m.promo {
            *n.reserve.get_mut(&pr).unwrap() -= 1;
            n.set(m.to, Some((man.0, pr)));
            if captured && pr == 'Q' && !matches!(man.1, 'P' | 'Y') {
                n.partners.insert(m.to);
            }
        } else {
            n.set(m.to, Some(man));
            if was_fresh && !captured {
                n.fresh.insert(m.to);
            }
        }
        n.refill();
        n
    }

    /// Fills every wholly empty camp edge or diagonal of an army in play.
    fn refill(&mut self) {
        let mut fills = Vec::new();
        for a in 0..4 {
            if !self.playing(a) {
                continue;
            }
            for (dx, dy, kind) in [(1, 0, 'P'), (0, 1, 'P'), (1, 1, 'Y')] {
                let cells: Vec<(i32, i32)> = (0..6).map(|k| abs(a, dx * k, dy * k)).collect();
                if cells.iter().all(|&c| self.at(c).is_none()) {
                    let skip = if kind == 'P' { 1 } else { 0 };
                    for &c in &cells[skip..] {
                        fills.push((c, a, kind));
                    }
                }
            }
        }
        for (c, a, kind) in fills {
            self.set(c, Some((a, kind)));
            self.fresh.insert(c);
        }
    }

    fn legal_without_pass(&self) -> Vec<RMove> {
        let s = self.side;
        let check = self.in_check(s);
        self.pseudo()
            .into_iter()
            .filter(|m| {
                if m.castle.is_some() {
                    if check {
                        return false;
                    }
                    let mid = ((m.from.0 + m.to.0) / 2, (m.from.1 + m.to.1) / 2);
                    let mut t = self.clone();
                    let k = t.at(m.from);
                    t.set(m.from, None);
                    t.set(mid, k);
                    if t.attacked(mid, |x| x != s) {
                        return false;
                    }
                }
                !self.after_board(m).in_check(s)
            })
            .collect()
    }

    /// The legal moves (`pass` alone when there are none; none when over).
    pub fn legal(&self) -> Vec<RMove> {
        if self.over {
            return Vec::new();
        }
        let l = self.legal_without_pass();
        if l.is_empty() {
            vec![RMove {
                pass: true,
                ..plain((0, 0), (0, 0))
            }]
        } else {
            l
        }
    }

    fn eliminate(&mut self, a: u8, by: u8) {
        for f in 0..16 {
            for r in 0..16 {
                if let Some((x, k)) = self.sq[f][r]
                    && x == a
                {
                    if k != 'P' && k != 'Y' {
                        *self.reserve.entry(k).or_insert(0) += 1;
                    }
                    self.sq[f][r] = None;
                    self.fresh.remove(&(f as i32, r as i32));
                    self.partners.remove(&(f as i32, r as i32));
                }
            }
        }
        self.out.push((a, by));
        self.passes = 0;
        self.refill();
    }

    fn settle(&mut self) {
        loop {
            let playing: Vec<u8> = (0..4).filter(|&a| self.playing(a)).collect();
            if playing.len() == 1 || self.passes as usize >= playing.len() {
                self.over = true;
                return;
            }
            let s = self.side;
            let mut victims = Vec::new();
            let mut o = self.next_playing(s);
            while o != s {
                if let Some(k) = self.king(o)
                    && self.attacked(k, |x| x == s)
                {
                    victims.push(o);
                }
                o = self.next_playing(o);
            }
            if !victims.is_empty() {
                for v in victims {
                    self.eliminate(v, s);
                }
                continue;
            }
            if self.in_check(s) && self.legal_without_pass().is_empty() {
                let k = self.king(s).unwrap();
                let mut by = self.next_playing(s);
                while !self.attacked(k, |x| x == by) {
                    by = self.next_playing(by);
                }
                self.side = self.next_playing(s);
                self.eliminate(s, by);
                continue;
            }
            return;
        }
    }

    /// The position after the legal move `m`.
    pub fn play(&self, m: &RMove) -> Ref {
        let s = self.side;
        let mut n = if m.pass {
            let mut n = self.clone();
            n.passes += 1;
            n
        } else {
            let mut n = self.after_board(m);
            n.passes = 0;
            let man = n.at(m.to).unwrap();
            if (matches!(man.1, 'P' | 'Y') && m.promo.is_none() && Ref::promo_edge(s, m.to))
                || n.married(s)
            {
                n.over = true;
            }
            n
        };
        n.side = n.next_playing(s);
        if !n.over {
            n.settle();
        }
        n
    }

    /// Counts leaves `depth` moves ahead.
    pub fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
