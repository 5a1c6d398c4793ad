//! Chu Chess's pieces as its texts write them: `K L Q R B N M P`, and the
//! crowned pieces `+R`, `+B` (upper case White, lower case Black).

use crate::core::{Piece, PieceKind, Seat};

/// Every kind of piece Chu Chess uses.
pub const KINDS: [PieceKind; 10] = [
    PieceKind::King,
    PieceKind::Lion,
    PieceKind::Queen,
    PieceKind::CrownedRook,
    PieceKind::CrownedBishop,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Commoner,
    PieceKind::Pawn,
];

/// The kind's letter without the crown: `R` for a Crowned Rook.
const fn base_letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::CrownedRook => 'R',
        PieceKind::CrownedBishop => 'B',
        k => k.letter(),
    }
}

/// Whether the kind is written with a `+` crown.
const fn is_crowned(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::CrownedRook | PieceKind::CrownedBishop)
}

/// The kind as the move list writes it: `L`, `+R`, `P`.
pub fn kind_text(kind: PieceKind) -> String {
    if is_crowned(kind) {
        format!("+{}", base_letter(kind))
    } else {
        base_letter(kind).to_string()
    }
}

/// The piece as a position text writes it: `+R`, `l`, `M`.
pub fn piece_text(piece: Piece) -> String {
    let mut letter = base_letter(piece.kind());
    if piece.seat() == Seat::BLACK {
        letter = letter.to_ascii_lowercase();
    }
    if is_crowned(piece.kind()) {
        format!("+{letter}")
    } else {
        letter.to_string()
    }
}

/// The kind an upper-case letter (with `crowned` for a `+` before it) names.
pub fn kind_of_letter(letter: char, crowned: bool) -> Option<PieceKind> {
    let kind = match (letter, crowned) {
        ('R', true) => PieceKind::CrownedRook,
        ('B', true) => PieceKind::CrownedBishop,
        (_, true) => return None,
        ('K', _) => PieceKind::King,
        ('L', _) => PieceKind::Lion,
        ('Q', _) => PieceKind::Queen,
        ('R', _) => PieceKind::Rook,
        ('B', _) => PieceKind::Bishop,
        ('N', _) => PieceKind::Knight,
        ('M', _) => PieceKind::Commoner,
        ('P', _) => PieceKind::Pawn,
        _ => return None,
    };
    Some(kind)
}

/// The piece a placement letter stands for, with its crown.
pub fn piece_of_letter(letter: char, crowned: bool) -> Option<Piece> {
    let seat = if letter.is_ascii_uppercase() {
        Seat::WHITE
    } else {
        Seat::BLACK
    };
    kind_of_letter(letter.to_ascii_uppercase(), crowned).map(|k| Piece::new(seat, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_round_trips_through_its_text() {
        for seat in [Seat::WHITE, Seat::BLACK] {
            for kind in KINDS {
                let p = Piece::new(seat, kind);
                let text = piece_text(p);
                let (crowned, letter) = match text.strip_prefix('+') {
                    Some(rest) => (true, rest),
                    None => (false, text.as_str()),
                };
                let ch = letter.chars().next().expect("a letter");
                assert_eq!(piece_of_letter(ch, crowned), Some(p), "{text}");
            }
        }
        assert_eq!(piece_of_letter('N', true), None);
        assert_eq!(piece_of_letter('X', false), None);
    }
}
