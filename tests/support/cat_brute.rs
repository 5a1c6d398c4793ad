//! A deliberately simple, slow Cat Chess move generator written from the
//! rules (`docs/rules/cat-chess.md`),
//! sharing no code with `src/variants/cat`: a second opinion on catboard's
//! legal moves and perft counts. It knows nothing of draws (perft counts
//! moves by the rules of movement alone, as `catboard::core::perft` does).
//!
//! A position is a 64-byte board of FEN letters (`.` empty, `C` a Cat),
//! index `rank * 8 + file` with rank 0 being rank 1. Every successor is a
//! whole new position, and a move is legal when the mover's King is not in
//! check afterwards: no make/unmake, no incremental state.

/// White, Black or the Cats to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    White,
    Black,
    Cats,
}

/// A Cat Chess position as the rules describe it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    board: [u8; 64],
    side: Side,
    /// Castling rights: White short, White long, Black short, Black long.
    castling: [bool; 4],
    en_passant: Option<usize>,
}

fn cell_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

fn cell_of(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
}

/// The cell `(file + df, rank + dr)` if it is on the board.
fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const ROOK_LINES: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_LINES: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn is_white(p: u8) -> bool {
    p.is_ascii_uppercase() && p != b'C'
}

fn is_black(p: u8) -> bool {
    p.is_ascii_lowercase()
}

fn belongs_to(p: u8, side: Side) -> bool {
    match side {
        Side::White => is_white(p),
        Side::Black => is_black(p),
        Side::Cats => p == b'C',
    }
}

impl Position {
    /// Reads a Cat FEN (placement, side, castling, en passant; clocks ignored).
    pub fn from_fen(text: &str) -> Position {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut board = [b'.'; 64];
        for (row, rank_text) in fields[0].split('/').enumerate() {
            let rank = 7 - row;
            let mut file = 0;
            for ch in rank_text.bytes() {
                if ch.is_ascii_digit() {
                    file += (ch - b'0') as usize;
                } else {
                    board[rank * 8 + file] = ch;
                    file += 1;
                }
            }
        }
        let side = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            _ => Side::Cats,
        };
        let rights = fields[2];
        let castling = [
            rights.contains('K'),
            rights.contains('Q'),
            rights.contains('k'),
            rights.contains('q'),
        ];
        Position {
            board,
            side,
            castling,
            en_passant: cell_of(fields[3]),
        }
    }

    /// The letter of the piece on the cell named `name`, if any.
    pub fn piece_on(&self, name: &str) -> Option<u8> {
        cell_of(name)
            .map(|sq| self.board[sq])
            .filter(|&p| p != b'.')
    }

    /// Whether `sq` is a Cat's cell or one of the eight around it.
    fn in_zone(&self, sq: usize) -> bool {
        (0..64).any(|c| {
            self.board[c] == b'C'
                && ((c % 8) as i32 - (sq % 8) as i32).abs() <= 1
                && ((c / 8) as i32 - (sq / 8) as i32).abs() <= 1
        })
    }

    /// The cells in some Cat's zone, by name, sorted.
    pub fn zone_names(&self) -> Vec<String> {
        let mut names: Vec<String> = (0..64)
            .filter(|&sq| self.in_zone(sq))
            .map(cell_name)
            .collect();
        names.sort();
        names
    }

    /// Whether the piece on `from` (armed or not) reaches `target` as an attacker.
    fn reaches(&self, from: usize, target: usize) -> bool {
        let p = self.board[from];
        let lines = |dirs: &[(i32, i32)]| {
            dirs.iter().any(|&(df, dr)| {
                let mut sq = from;
                while let Some(next) = step(sq, df, dr) {
                    if next == target {
                        return true;
                    }
                    if self.board[next] != b'.' {
                        return false;
                    }
                    sq = next;
                }
                false
            })
        };
        let steps = |dirs: &[(i32, i32)]| {
            dirs.iter()
                .any(|&(df, dr)| step(from, df, dr) == Some(target))
        };
        match p.to_ascii_lowercase() {
            b'p' => {
                let dr = if is_white(p) { 1 } else { -1 };
                step(from, -1, dr) == Some(target) || step(from, 1, dr) == Some(target)
            }
            b'n' => steps(&KNIGHT_STEPS),
            b'k' => steps(&KING_STEPS),
            b'b' => lines(&BISHOP_LINES),
            b'r' => lines(&ROOK_LINES),
            b'q' => lines(&BISHOP_LINES) || lines(&ROOK_LINES),
            _ => false,
        }
    }

    /// Whether an armed piece of `by` attacks `target` (zones aside).
    fn attacked_by(&self, target: usize, by: Side) -> bool {
        (0..64).any(|from| {
            belongs_to(self.board[from], by) && !self.in_zone(from) && self.reaches(from, target)
        })
    }

    /// Whether `side`'s King is in check: attacked by an armed enemy piece
    /// and not inside a zone.
    fn in_check(&self, side: Side) -> bool {
        let king = if side == Side::White { b'K' } else { b'k' };
        let enemy = if side == Side::White {
            Side::Black
        } else {
            Side::White
        };
        (0..64).any(|sq| self.board[sq] == king && !self.in_zone(sq) && self.attacked_by(sq, enemy))
    }

    fn next_side(&self) -> Side {
        match self.side {
            Side::White => Side::Black,
            Side::Black => Side::Cats,
            Side::Cats => Side::White,
        }
    }

    /// The position after moving `from` to `to` (no legality check);
    /// `promotion` is the new piece's letter, `taken` a cell emptied by en passant.
    fn moved(
        &self,
        from: usize,
        to: usize,
        promotion: Option<u8>,
        taken: Option<usize>,
    ) -> Position {
        let mut next = self.clone();
        let piece = self.board[from];
        next.board[from] = b'.';
        next.board[to] = promotion.unwrap_or(piece);
        if let Some(t) = taken {
            next.board[t] = b'.';
        }
        // Castling: the King's two-cell step brings its Rook.
        if piece.eq_ignore_ascii_case(&b'k') && from.abs_diff(to) == 2 {
            let (rook_from, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            next.board[rook_to] = next.board[rook_from];
            next.board[rook_from] = b'.';
        }
        // Rights: lost when the King moves, or a Rook leaves or is taken in its corner.
        match piece {
            b'K' => next.castling[..2].fill(false),
            b'k' => next.castling[2..].fill(false),
            _ => {}
        }
        for (i, corner) in [7usize, 0, 63, 56].into_iter().enumerate() {
            if from == corner || to == corner {
                next.castling[i] = false;
            }
        }
        next.en_passant =
            (piece.eq_ignore_ascii_case(&b'p') && from.abs_diff(to) == 16).then(|| (from + to) / 2);
        next.side = self.next_side();
        next
    }

    /// Every legal move, written as catboard writes moves (`e2e4`,
    /// `e7e8q`, `e1g1`, `a4b5`, `pass`), with the position it leads to.
    pub fn successors(&self) -> Vec<(String, Position)> {
        let mut out = Vec::new();
        if self.side == Side::Cats {
            for from in (0..64).filter(|&sq| self.board[sq] == b'C') {
                for (df, dr) in KING_STEPS {
                    if let Some(to) = step(from, df, dr).filter(|&to| self.board[to] == b'.') {
                        out.push((
                            format!("{}{}", cell_name(from), cell_name(to)),
                            self.moved(from, to, None, None),
                        ));
                    }
                }
            }
            let mut passed = self.clone();
            passed.side = Side::White;
            passed.en_passant = None;
            out.push(("pass".to_string(), passed));
            return out;
        }
        let side = self.side;
        let enemy = if side == Side::White {
            Side::Black
        } else {
            Side::White
        };
        let mut candidates: Vec<(usize, usize, Option<u8>, Option<usize>)> = Vec::new();
        for from in (0..64).filter(|&sq| belongs_to(self.board[sq], side)) {
            let piece = self.board[from];
            let armed = !self.in_zone(from);
            // A capture needs an armed mover and an enemy (never a King or a
            // Cat) standing outside every zone.
            let can_take = |to: usize| {
                let target = self.board[to];
                armed
                    && belongs_to(target, enemy)
                    && !target.eq_ignore_ascii_case(&b'k')
                    && !self.in_zone(to)
            };
            let add = |to: usize, candidates: &mut Vec<_>| {
                if self.board[to] == b'.' || can_take(to) {
                    candidates.push((from, to, None, None));
                }
            };
            match piece.to_ascii_lowercase() {
                b'p' => {
                    let dr = if side == Side::White { 1 } else { -1 };
                    let last = if side == Side::White { 7 } else { 0 };
                    let start = if side == Side::White { 1 } else { 6 };
                    let mut targets = Vec::new();
                    if let Some(one) = step(from, 0, dr).filter(|&to| self.board[to] == b'.') {
                        targets.push((one, None));
                        if from / 8 == start
                            && let Some(two) = step(one, 0, dr).filter(|&to| self.board[to] == b'.')
                        {
                            targets.push((two, None));
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(to) = step(from, df, dr) {
                            if self.board[to] != b'.' && can_take(to) {
                                targets.push((to, None));
                            } else if self.en_passant == Some(to) && self.board[to] == b'.' {
                                let passed = step(to, 0, -dr).expect("on the board");
                                if armed
                                    && !self.in_zone(to)
                                    && !self.in_zone(passed)
                                    && belongs_to(self.board[passed], enemy)
                                {
                                    targets.push((to, Some(passed)));
                                }
                            }
                        }
                    }
                    for (to, taken) in targets {
                        if to / 8 == last {
                            for promo in [b'q', b'r', b'b', b'n'] {
                                let letter = if side == Side::White {
                                    promo.to_ascii_uppercase()
                                } else {
                                    promo
                                };
                                candidates.push((from, to, Some(letter), taken));
                            }
                        } else {
                            candidates.push((from, to, None, taken));
                        }
                    }
                }
                b'n' | b'k' => {
                    let steps = if piece.eq_ignore_ascii_case(&b'n') {
                        KNIGHT_STEPS
                    } else {
                        KING_STEPS
                    };
                    for (df, dr) in steps {
                        if let Some(to) = step(from, df, dr) {
                            add(to, &mut candidates);
                        }
                    }
                }
                kind => {
                    let mut dirs = Vec::new();
                    if kind != b'r' {
                        dirs.extend(BISHOP_LINES);
                    }
                    if kind != b'b' {
                        dirs.extend(ROOK_LINES);
                    }
                    for (df, dr) in dirs {
                        let mut sq = from;
                        while let Some(to) = step(sq, df, dr) {
                            add(to, &mut candidates);
                            if self.board[to] != b'.' {
                                break;
                            }
                            sq = to;
                        }
                    }
                }
            }
        }
        // Castling: rights, King and Rook in their corners, the cells between
        // empty, and the King's start, crossing and landing cells unattacked
        // by an armed enemy piece, zone or not.
        let (home, rights, king, rook) = if side == Side::White {
            (4usize, 0usize, b'K', b'R')
        } else {
            (60, 2, b'k', b'r')
        };
        for (i, (rook_sq, between, path)) in [
            (
                home + 3,
                vec![home + 1, home + 2],
                [home, home + 1, home + 2],
            ),
            (
                home - 4,
                vec![home - 1, home - 2, home - 3],
                [home, home - 1, home - 2],
            ),
        ]
        .into_iter()
        .enumerate()
        {
            if self.castling[rights + i]
                && self.board[home] == king
                && self.board[rook_sq] == rook
                && between.iter().all(|&sq| self.board[sq] == b'.')
                && path.iter().all(|&sq| !self.attacked_by(sq, enemy))
            {
                candidates.push((home, path[2], None, None));
            }
        }
        for (from, to, promotion, taken) in candidates {
            let next = self.moved(from, to, promotion, taken);
            if !next.in_check(side) {
                let mut text = format!("{}{}", cell_name(from), cell_name(to));
                if let Some(p) = promotion {
                    text.push(p.to_ascii_lowercase() as char);
                }
                out.push((text, next));
            }
        }
        out
    }

    /// The legal moves' texts, sorted.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.successors().into_iter().map(|(t, _)| t).collect();
        texts.sort();
        texts
    }
}

/// Counts the leaf positions `depth` moves ahead.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let next = position.successors();
    if depth == 1 {
        return next.len() as u64;
    }
    next.iter().map(|(_, p)| perft(p, depth - 1)).sum()
}
