//! The placement field of FEN-like position texts on any grid: ranks from
//! the top, `/` between ranks, digits for runs of empty cells.

use crate::core::{Board, Cell, Geometry, Piece};
use crate::text::{count, quoted};

/// What is wrong with a placement field, each a clause naming the rank
/// at fault (`rank 4 has 9 cells, not 8`), a wrong letter quoted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementFault {
    /// The board is a graph, not a grid.
    #[error("this board has no ranks and files")]
    NoGrid,
    /// Too many or too few ranks.
    #[error("the placement has {}, not {ranks}", count(*.found as u64, "rank", "ranks"))]
    RankCount {
        /// The ranks written.
        found: usize,
        /// The board's ranks.
        ranks: u8,
    },
    /// A run of `0` empty cells.
    #[error("rank {rank} has an empty run of 0 cells")]
    EmptyRun {
        /// The rank's name.
        rank: String,
    },
    /// A letter that is no piece of the variant.
    #[error("rank {rank} has {}, which is not a piece here", quoted(&.letter.to_string()))]
    NotAPiece {
        /// The rank's name.
        rank: String,
        /// The letter written.
        letter: char,
    },
    /// More cells than the board's files.
    #[error("rank {rank} has more than {files} cells")]
    TooLong {
        /// The rank's name.
        rank: String,
        /// The board's files.
        files: u8,
    },
    /// A cell the board's geometry does not have.
    #[error("rank {rank} runs off the board")]
    OffBoard {
        /// The rank's name.
        rank: String,
    },
    /// Fewer cells than the board's files.
    #[error("rank {rank} has {}, not {files}", count(*.found as u64, "cell", "cells"))]
    CellCount {
        /// The rank's name.
        rank: String,
        /// The cells written.
        found: usize,
        /// The board's files.
        files: u8,
    },
}

/// Reads a placement field onto a new board. `piece_of` maps a letter to a
/// piece (or `None` for a letter the variant does not know). The fault
/// names the rank at fault.
pub fn parse_placement(
    geo: &Geometry,
    field: &str,
    piece_of: impl Fn(char) -> Option<Piece>,
) -> Result<Board, PlacementFault> {
    let Some((files, ranks)) = geo.grid_size() else {
        return Err(PlacementFault::NoGrid);
    };
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(PlacementFault::RankCount {
            found: rows.len(),
            ranks,
        });
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
                    return Err(PlacementFault::EmptyRun { rank: rank_name });
                }
                file = file.saturating_add(run);
            } else {
                let piece = piece_of(ch).ok_or_else(|| PlacementFault::NotAPiece {
                    rank: rank_name.clone(),
                    letter: ch,
                })?;
                if file >= files as usize {
                    return Err(PlacementFault::TooLong {
                        rank: rank_name,
                        files,
                    });
                }
                let cell =
                    geo.at(file as i32, rank as i32)
                        .ok_or_else(|| PlacementFault::OffBoard {
                            rank: rank_name.clone(),
                        })?;
                board.put(cell, piece);
                file += 1;
            }
            if file > files as usize {
                return Err(PlacementFault::TooLong {
                    rank: rank_name,
                    files,
                });
            }
        }
        if file != files as usize {
            return Err(PlacementFault::CellCount {
                rank: rank_name,
                found: file,
                files,
            });
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
