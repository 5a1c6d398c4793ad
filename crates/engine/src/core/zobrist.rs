//! Zobrist keys: the random numbers a position's hash is made of.

use super::cell::{Cell, MAX_CELLS};
use super::piece::{Piece, Seat};
use std::sync::OnceLock;

/// The key tables, shared by every variant; built once from a fixed seed so
/// hashes are the same on every run.
pub struct Zobrist {
    /// Per piece code (kind and seat in one byte) and cell.
    pieces: Vec<[u64; MAX_CELLS]>,
    /// Per seat to move.
    seats: [u64; 4],
    /// Keys for whatever else a variant folds into its hash (castling rights,
    /// en-passant cell, reserve counts...).
    extra: [u64; 1024],
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// The shared tables.
    pub fn get() -> &'static Zobrist {
        static Z: OnceLock<Zobrist> = OnceLock::new();
        Z.get_or_init(|| {
            let mut state = 0x00C0_FFEE_CA7B_0A4Du64;
            let mut pieces = vec![[0u64; MAX_CELLS]; 128];
            for row in pieces.iter_mut() {
                for k in row.iter_mut() {
                    *k = splitmix64(&mut state);
                }
            }
            let mut seats = [0u64; 4];
            for k in seats.iter_mut() {
                *k = splitmix64(&mut state);
            }
            let mut extra = [0u64; 1024];
            for k in extra.iter_mut() {
                *k = splitmix64(&mut state);
            }
            Zobrist {
                pieces,
                seats,
                extra,
            }
        })
    }

    /// The key of `piece` standing on `cell`.
    #[inline(always)]
    pub fn piece(&self, piece: Piece, cell: Cell) -> u64 {
        self.pieces[piece.code() as usize & 127][cell.index()]
    }

    /// The key of `seat` being to move.
    #[inline(always)]
    pub fn seat(&self, seat: Seat) -> u64 {
        self.seats[seat.index() & 3]
    }

    /// Extra key number `i` (taken modulo the table size).
    #[inline(always)]
    pub fn extra(&self, i: usize) -> u64 {
        self.extra[i & 1023]
    }
}
