//! The BacCanCat position text: eight fields separated by spaces,
//!
//! `<placement> <to move> <out> <partners> <fresh> <reserve> <passes> <leapers>`
//!
//! - placement: ranks `p` down to `a`, separated by `/`; in each rank,
//!   files `a` to `p`: a number (1–16) for empty cells, or a piece as its
//!   army letter (`r o g b`) then its letter (`K Q T G R B N M C A P Y`):
//!   `rK` is Red's King;
//! - to move: `r`, `o`, `g` or `b`;
//! - out: `-`, or the armies knocked out in order, each as its letter then
//!   the letter of the army credited with the mate (`or,bg`), or `!` for an
//!   army that resigned and `@` for one whose flag fell (`o!`);
//! - partners: `-`, or the cells of unmoved castling partners (`ae,be`);
//! - fresh: `-`, or the cells of refill pieces that may still double-step;
//! - reserve: `-`, or letters with counts (`Q8,T8,G8`), Pawns and Yeomen
//!   never counted;
//! - passes: passes in a row;
//! - leapers: the sub-variant, 1 to 4 (it decides what `N`, `M`, `G` are).

use super::armies::{ARMIES, Frame, army_letter, army_of_letter};
use super::pieces::{Leapers, letter};
use super::state::{Cause, Knockout, Position};
use super::tables::tables;
use crate::core::{Cell, CellSet, Departure, EndReason, Outcome, Piece, PieceKind};
use crate::limits::{LEAPERS, PASSES, RESERVE_COUNT};
use crate::notation::PositionError;
use crate::text::{count, quoted};
use std::sync::OnceLock;

/// The text of the start position of `leapers`' sub-variant.
pub fn start_text(leapers: Leapers) -> &'static str {
    static TEXTS: OnceLock<[String; 4]> = OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        [Leapers::One, Leapers::Two, Leapers::Three, Leapers::Four]
            .map(|l| write(&start_position(l)))
    });
    &texts[leapers.number() as usize - 1]
}

/// Red's camp, row by row from relative rank 5 down to 0, as the rules
/// file draws it; the other camps are its mirror images.
const RED_CAMP: [&str; 6] = ["PPPYYY", "RRNNKY", "CCMMNY", "AAMMNP", "BBACRP", "BBACRP"];

/// The start position of a sub-variant, built from the rules file's camp.
pub fn start_position(leapers: Leapers) -> Position {
    let t = tables();
    let mut pos = Position::empty(leapers);
    for seat in ARMIES {
        let frame = Frame::of(seat);
        for (row, text) in RED_CAMP.iter().enumerate() {
            let y = 5 - row as i32;
            for (x, ch) in text.chars().enumerate() {
                let (Some(cell), Some(kind)) =
                    (frame.cell(t.geo, x as i32, y), leapers.kind_of_letter(ch))
                else {
                    continue;
                };
                pos.board.put(cell, Piece::new(seat, kind));
                let on_diagonal = x as i32 == y;
                if kind == PieceKind::Rook || (kind == PieceKind::Bishop && on_diagonal) {
                    pos.set_partner(cell, true);
                }
            }
        }
    }
    for kind in &leapers.promotion_order()[..3] {
        pos.set_reserve(*kind, 8);
    }
    pos
}

/// Writes `pos` as a position text.
pub fn write(pos: &Position) -> String {
    let t = tables();
    let geo = t.geo;
    let mut ranks = Vec::new();
    for rank in (0..16).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for file in 0..16 {
            match geo.at(file, rank).and_then(|c| pos.board.get(c)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(army_letter(p.seat()));
                    s.push(letter(p.kind()));
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    let cells = |set: CellSet| -> String {
        let names: Vec<&str> = set.iter().map(|c| geo.name(c)).collect();
        dash_if_empty(names.join(","))
    };
    let out: Vec<String> = pos
        .knocked_out()
        .iter()
        .map(|k| format!("{}{}", army_letter(k.army), cause_mark(k.cause)))
        .collect();
    let reserve: Vec<String> = reserve_kinds(pos.leapers())
        .iter()
        .filter(|&&k| pos.reserve(k) > 0)
        .map(|&k| format!("{}{}", letter(k), pos.reserve(k)))
        .collect();
    format!(
        "{} {} {} {} {} {} {} {}",
        ranks.join("/"),
        army_letter(pos.side()),
        dash_if_empty(out.join(",")),
        cells(pos.partners()),
        cells(pos.fresh()),
        dash_if_empty(reserve.join(",")),
        pos.passes(),
        pos.leapers().number()
    )
}

/// The kinds the Reserve can hold, in the order the text lists them.
pub fn reserve_kinds(leapers: Leapers) -> [PieceKind; 10] {
    let o = leapers.promotion_order();
    [
        o[0],
        o[1],
        o[2],
        o[3],
        o[4],
        o[5],
        o[6],
        o[7],
        o[8],
        PieceKind::King,
    ]
}

fn dash_if_empty(s: String) -> String {
    if s.is_empty() { "-".to_string() } else { s }
}

fn bad(message: String) -> PositionError {
    PositionError::Fault(message)
}

/// Reads a position text; the error names the field and what is wrong.
pub fn read(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 8 {
        return Err(bad(format!(
            "A BacCanCat position has 8 fields (placement, to move, out, partners, fresh, reserve, passes, leapers), not {}.",
            count(fields.len() as u64, "field", "fields")
        )));
    }
    let leapers = LEAPERS
        .read(fields[7])
        .map(|n| Leapers::from_number(&n.to_string()))
        .map_err(|why| bad(format!("The leapers field (field 8): {}.", why.clause())))?
        .ok_or_else(|| bad("The leapers field (field 8) should be 1, 2, 3 or 4.".to_string()))?;
    let mut pos = Position::empty(leapers);
    read_placement(&mut pos, fields[0])?;
    pos.side = army_of_letter_field(fields[1], "to move")?;
    read_out(&mut pos, fields[2])?;
    for cell in read_cells(fields[3], "partners")?.iter() {
        match pos.board.get(cell).map(|p| p.kind()) {
            Some(PieceKind::Rook | PieceKind::Bishop | PieceKind::Queen) => {
                pos.set_partner(cell, true)
            }
            _ => {
                return Err(bad(format!(
                    "The partners field names {}, which holds no Rook, Bishop or Queen.",
                    tables().geo.name(cell)
                )));
            }
        }
    }
    for cell in read_cells(fields[4], "fresh")?.iter() {
        match pos.board.get(cell).map(|p| p.kind()) {
            Some(PieceKind::Pawn | PieceKind::Yeoman) => pos.set_fresh(cell, true),
            _ => {
                return Err(bad(format!(
                    "The fresh field names {}, which holds no Pawn or Yeoman.",
                    tables().geo.name(cell)
                )));
            }
        }
    }
    read_reserve(&mut pos, fields[5])?;
    let passes = PASSES
        .read(fields[6])
        .map_err(|why| bad(format!("The passes field (field 7): {}.", why.clause())))?
        as u8;
    if passes as usize > pos.in_play_count() {
        return Err(bad(format!(
            "The passes field (field 7) says {passes}, more than the {} in play.",
            count(pos.in_play_count() as u64, "army", "armies")
        )));
    }
    pos.set_passes(passes);
    check_armies(&pos)?;
    settle_loaded(&mut pos);
    Ok(pos)
}

fn army_of_letter_field(field: &str, name: &str) -> Result<crate::core::Seat, PositionError> {
    let mut chars = field.chars();
    match (chars.next().and_then(army_of_letter), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(bad(format!(
            "The {name} field should be r, o, g or b, not {}.",
            quoted(field)
        ))),
    }
}

fn read_placement(pos: &mut Position, field: &str) -> Result<(), PositionError> {
    let geo = tables().geo;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 16 {
        return Err(bad(format!(
            "The placement should have 16 ranks separated by /, not {}.",
            ranks.len()
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 15 - i as i32;
        let rank_name = (b'a' + rank as u8) as char;
        let mut file = 0i32;
        let mut chars = rank_text.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d;
                while let Some(e) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(e);
                    chars.next();
                }
                if n == 0 || n > 16 {
                    return Err(bad(format!(
                        "Rank {rank_name} of the placement has a run of {} empty cells; a run is 1 to 16.",
                        crate::text::shown(&n.to_string())
                    )));
                }
                file += n as i32;
            } else {
                let army = army_of_letter(ch).filter(|_| ch.is_ascii_lowercase());
                let kind_ch = chars.next().unwrap_or(' ');
                let kind = pos
                    .leapers
                    .kind_of_letter(kind_ch)
                    .filter(|_| kind_ch.is_ascii_uppercase());
                let (Some(army), Some(kind)) = (army, kind) else {
                    return Err(bad(format!(
                        "Rank {rank_name} of the placement has {}, which is no army letter (r o g b) followed by a piece letter (K Q T G R B N M C A P Y).",
                        quoted(&format!("{ch}{kind_ch}"))
                    )));
                };
                let Some(cell) = geo.at(file, rank) else {
                    return Err(bad(format!(
                        "Rank {rank_name} of the placement is longer than 16 cells."
                    )));
                };
                pos.board.put(cell, Piece::new(army, kind));
                file += 1;
            }
            if file > 16 {
                return Err(bad(format!(
                    "Rank {rank_name} of the placement is longer than 16 cells."
                )));
            }
        }
        if file != 16 {
            return Err(bad(format!(
                "Rank {rank_name} of the placement has {}, not 16.",
                count(file as u64, "cell", "cells")
            )));
        }
    }
    Ok(())
}

/// How the out field writes why an army went out: the letter of the army
/// credited with the mate, `!` for a resignation, `@` for a flag fallen.
fn cause_mark(cause: Cause) -> char {
    match cause {
        Cause::MatedBy(by) => army_letter(by),
        Cause::Left(Departure::Resigned) => '!',
        Cause::Left(Departure::Flagged) => '@',
    }
}

/// The cause a mark of the out field stands for ([`cause_mark`]).
fn cause_of_mark(mark: char) -> Option<Cause> {
    match mark {
        '!' => Some(Cause::Left(Departure::Resigned)),
        '@' => Some(Cause::Left(Departure::Flagged)),
        c => army_of_letter(c).map(Cause::MatedBy),
    }
}

fn read_out(pos: &mut Position, field: &str) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    for pair in field.split(',') {
        let mut chars = pair.chars();
        let (a, b, rest) = (
            chars.next().and_then(army_of_letter),
            chars.next().and_then(cause_of_mark),
            chars.next(),
        );
        let (Some(army), Some(cause), None) = (a, b, rest) else {
            return Err(bad(format!(
                "The out field has {}, which is not an army letter followed by the letter of the army that mated it, or ! or @.",
                quoted(pair)
            )));
        };
        if !pos.in_play(army) || cause == Cause::MatedBy(army) || pos.out.len() >= 3 {
            return Err(bad(format!(
                "The out field has {}: an army goes out once, not mated by itself, and one army stays in play.",
                quoted(pair)
            )));
        }
        pos.knock_out_record(Knockout { army, cause });
    }
    Ok(())
}

fn read_cells(field: &str, name: &str) -> Result<CellSet, PositionError> {
    let mut set = CellSet::new();
    if field == "-" {
        return Ok(set);
    }
    for part in field.split(',') {
        let cell: Cell = tables().geo.cell(part).ok_or_else(|| {
            bad(format!(
                "The {name} field has {}, which is no cell (aa to pp).",
                quoted(part)
            ))
        })?;
        set.insert(cell);
    }
    Ok(set)
}

fn read_reserve(pos: &mut Position, field: &str) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    for part in field.split(',') {
        let mut chars = part.chars();
        let kind = chars
            .next()
            .and_then(|c| pos.leapers.kind_of_letter(c))
            .filter(|k| !matches!(k, PieceKind::Pawn | PieceKind::Yeoman));
        let Some(kind) = kind else {
            return Err(bad(format!(
                "The reserve field has {}, which is not a piece letter (K Q T G R B N M C A) followed by a count.",
                quoted(part)
            )));
        };
        let number = RESERVE_COUNT.read(chars.as_str()).map_err(|why| {
            bad(format!(
                "The reserve field has {}: the count {}.",
                quoted(part),
                why.clause()
            ))
        })?;
        pos.set_reserve(kind, number as u8);
    }
    Ok(())
}

/// Every army in play has one King; armies out have no pieces; no Pawn
/// stands on its own camp's long diagonal; the army to move is in play.
fn check_armies(pos: &Position) -> Result<(), PositionError> {
    let t = tables();
    for seat in ARMIES {
        let name = super::armies::army_name(seat);
        let kings = pos.board.count(seat, PieceKind::King);
        if pos.in_play(seat) && kings != 1 {
            return Err(bad(format!(
                "{name} is in play and has {}, not one.",
                count(kings as u64, "King", "Kings")
            )));
        }
        if !pos.in_play(seat) && pos.board.total(seat) > 0 {
            return Err(bad(format!(
                "{name} is out but still has pieces on the board."
            )));
        }
        for cell in pos.board.occupied_by(seat).iter() {
            if pos
                .board
                .get(cell)
                .is_some_and(|p| p.kind() == PieceKind::Pawn)
                && t.army(seat).diagonal.contains(cell)
            {
                return Err(bad(format!(
                    "{name}'s Pawn on {} stands on its camp's long diagonal, where no Pawn can be.",
                    t.geo.name(cell)
                )));
            }
        }
    }
    if !pos.in_play(pos.side) {
        return Err(bad(format!(
            "The army to move, {}, is out.",
            super::armies::army_name(pos.side)
        )));
    }
    Ok(())
}

/// A loaded position's result: a marriage standing or a foot soldier on a
/// promotion cell is a win already; otherwise the position is settled as
/// after a move (mates at once, a mate on the mover's own turn, passing out).
fn settle_loaded(pos: &mut Position) {
    let t = tables();
    for seat in ARMIES.into_iter().filter(|&s| pos.in_play(s)) {
        let promoted = pos.board.occupied_by(seat).iter().any(|c| {
            t.army(seat).promotion.contains(c)
                && pos
                    .board
                    .get(c)
                    .is_some_and(|p| matches!(p.kind(), PieceKind::Pawn | PieceKind::Yeoman))
        });
        let reason = if pos.married(seat) {
            EndReason::Marriage
        } else if promoted {
            EndReason::Promotion
        } else {
            continue;
        };
        pos.outcome = Some(Outcome {
            winner: Some(seat),
            reason,
        });
        return;
    }
    pos.settle();
}
