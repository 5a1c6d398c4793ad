//! The placement field of FEN-like position texts on any grid: ranks from
//! the top, `/` between ranks, digits for runs of empty cells.

use crate::core::{Board, Cell, Geometry, Piece};
use crate::text::{count, quoted};

/// Reads a placement field onto a new board. `piece_of` maps a letter to a
/// piece (or `None` for a letter the variant does not know). The error is a
/// sentence naming the rank at fault.
pub fn parse_placement(
    geo: &Geometry,
    field: &str,
    piece_of: impl Fn(char) -> Option<Piece>,
) -> Result<Board, String> {
    let Some((files, ranks)) = geo.grid_size() else {
        return Err("this board has no ranks and files".to_string());
    };
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(format!(
            "the placement has {}, not {}",
            count(rows.len() as u64, "rank", "ranks"),
            ranks
        ));
    }
    let mut board = Board::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks as usize - 1 - i;
        let rank_name = rank_label(geo, rank);
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                let mut run = ch.to_digit(10).unwrap_or(0) as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                if run == 0 {
                    return Err(format!("rank {rank_name} has an empty run of 0 cells"));
                }
                file = file.saturating_add(run);
            } else {
                let piece = piece_of(ch).ok_or_else(|| {
                    format!(
                        "rank {rank_name} has {}, which is not a piece here",
                        quoted(&ch.to_string())
                    )
                })?;
                if file >= files as usize {
                    return Err(format!("rank {rank_name} has more than {files} cells"));
                }
                let cell = geo
                    .at(file as i32, rank as i32)
                    .ok_or_else(|| format!("rank {rank_name} runs off the board"))?;
                board.put(cell, piece);
                file += 1;
            }
            if file > files as usize {
                return Err(format!("rank {rank_name} has more than {files} cells"));
            }
        }
        if file != files as usize {
            return Err(format!(
                "rank {rank_name} has {}, not {files}",
                count(file as u64, "cell", "cells")
            ));
        }
    }
    Ok(board)
}

/// Writes the placement field of `piece_at` on a grid; `letter_of` gives a
/// piece's letter.
pub fn write_placement(
    geo: &Geometry,
    piece_at: impl Fn(Cell) -> Option<Piece>,
    letter_of: impl Fn(Piece) -> char,
) -> String {
    let Some((files, ranks)) = geo.grid_size() else {
        return String::new();
    };
    let mut out = String::new();
    for rank in (0..ranks as i32).rev() {
        let mut empty = 0;
        for file in 0..files as i32 {
            match geo.at(file, rank).and_then(&piece_at) {
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(letter_of(p));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// How a rank is called in messages: the rank part of its first cell's name.
fn rank_label(geo: &Geometry, rank: usize) -> String {
    geo.at(0, rank as i32)
        .map(|c| geo.name(c)[1..].to_string())
        .unwrap_or_else(|| rank.to_string())
}
