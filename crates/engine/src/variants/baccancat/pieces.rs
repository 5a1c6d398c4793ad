//! BacCanCat's pieces as data: their letters, the leaps of each leaper,
//! which lines a piece slides or hops along, and which captures may
//! promote to a compound.

use crate::core::{Leap, LineKind, PieceKind};

/// The leaper sub-variant chosen at setup (`--option leapers=1|2|3|4`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Leapers {
    /// Knight, Camel, Gnu.
    #[default]
    One,
    /// Zebra, Zemel, Zebu.
    Two,
    /// Catapult, Camper, Achates.
    Three,
    /// Gazelle, Cogazelle, Gallop.
    Four,
}

impl Leapers {
    /// The sub-variant numbered `n` (1 to 4).
    pub fn from_number(n: &str) -> Option<Leapers> {
        match n.trim() {
            "1" => Some(Leapers::One),
            "2" => Some(Leapers::Two),
            "3" => Some(Leapers::Three),
            "4" => Some(Leapers::Four),
            _ => None,
        }
    }

    /// The sub-variant's number, 1 to 4.
    pub const fn number(self) -> u8 {
        match self {
            Leapers::One => 1,
            Leapers::Two => 2,
            Leapers::Three => 3,
            Leapers::Four => 4,
        }
    }

    /// The colour-changing leaper (`N`), the colour-bound one (`M`) and
    /// their compound (`G`).
    pub const fn kinds(self) -> [PieceKind; 3] {
        match self {
            Leapers::One => [PieceKind::Knight, PieceKind::Camel, PieceKind::Gnu],
            Leapers::Two => [PieceKind::Zebra, PieceKind::Zemel, PieceKind::Zebu],
            Leapers::Three => [PieceKind::Catapult, PieceKind::Camper, PieceKind::Achates],
            Leapers::Four => [PieceKind::Gazelle, PieceKind::Cogazelle, PieceKind::Gallop],
        }
    }

    /// Every leap pattern this sub-variant's leapers make.
    pub const fn patterns(self) -> &'static [Leap] {
        match self {
            Leapers::One => &[Leap::Knight, Leap::Camel],
            Leapers::Two => &[Leap::Zebra, Leap::Zemel],
            Leapers::Three => &[Leap::Knight, Leap::Threeleaper, Leap::Camel, Leap::Tripper],
            Leapers::Four => &[Leap::Knight, Leap::Zebra, Leap::Camel, Leap::Zemel],
        }
    }

    /// The kinds a promotion may choose, in the order moves are listed:
    /// Queen, Tank, compound, then the pieces only an eliminated army
    /// brings into the Reserve.
    pub const fn promotion_order(self) -> [PieceKind; 9] {
        let [n, m, g] = self.kinds();
        [
            PieceKind::Queen,
            PieceKind::Tank,
            g,
            PieceKind::Rook,
            PieceKind::Bishop,
            n,
            m,
            PieceKind::Cannon,
            PieceKind::Arrow,
        ]
    }

    /// The kind a letter of the notation stands for (`K Q T G R B N M C A P Y`).
    pub fn kind_of_letter(self, ch: char) -> Option<PieceKind> {
        let [n, m, g] = self.kinds();
        Some(match ch.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'Q' => PieceKind::Queen,
            'T' => PieceKind::Tank,
            'G' => g,
            'R' => PieceKind::Rook,
            'B' => PieceKind::Bishop,
            'N' => n,
            'M' => m,
            'C' => PieceKind::Cannon,
            'A' => PieceKind::Arrow,
            'P' => PieceKind::Pawn,
            'Y' => PieceKind::Yeoman,
            _ => return None,
        })
    }
}

/// The notation letter of a kind: `N`, `M` and `G` stand for whichever
/// leapers the sub-variant plays.
pub const fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => 'K',
        PieceKind::Queen => 'Q',
        PieceKind::Tank => 'T',
        PieceKind::Rook => 'R',
        PieceKind::Bishop => 'B',
        PieceKind::Cannon => 'C',
        PieceKind::Arrow => 'A',
        PieceKind::Pawn => 'P',
        PieceKind::Yeoman => 'Y',
        PieceKind::Knight | PieceKind::Zebra | PieceKind::Catapult | PieceKind::Gazelle => 'N',
        PieceKind::Camel | PieceKind::Zemel | PieceKind::Camper | PieceKind::Cogazelle => 'M',
        PieceKind::Gnu | PieceKind::Zebu | PieceKind::Achates | PieceKind::Gallop => 'G',
        _ => '?',
    }
}

/// The leap patterns a piece of `kind` makes (none for a non-leaper).
pub const fn leaps(kind: PieceKind) -> &'static [Leap] {
    match kind {
        PieceKind::Knight => &[Leap::Knight],
        PieceKind::Camel => &[Leap::Camel],
        PieceKind::Gnu => &[Leap::Knight, Leap::Camel],
        PieceKind::Zebra => &[Leap::Zebra],
        PieceKind::Zemel => &[Leap::Zemel],
        PieceKind::Zebu => &[Leap::Zebra, Leap::Zemel],
        PieceKind::Catapult => &[Leap::Knight, Leap::Threeleaper],
        PieceKind::Camper => &[Leap::Camel, Leap::Tripper],
        PieceKind::Achates => &[Leap::Knight, Leap::Threeleaper, Leap::Camel, Leap::Tripper],
        PieceKind::Gazelle => &[Leap::Knight, Leap::Zebra],
        PieceKind::Cogazelle => &[Leap::Camel, Leap::Zemel],
        PieceKind::Gallop => &[Leap::Knight, Leap::Zebra, Leap::Camel, Leap::Zemel],
        _ => &[],
    }
}

/// Whether `kind` moves and captures along `line` like a slider.
#[inline(always)]
pub const fn slides(kind: PieceKind, line: LineKind) -> bool {
    match line {
        LineKind::Orthogonal => matches!(kind, PieceKind::Rook | PieceKind::Queen),
        LineKind::Diagonal => matches!(kind, PieceKind::Bishop | PieceKind::Queen),
    }
}

/// Whether `kind` is a hopper along `line`: it moves there like a slider
/// but captures only over exactly one screen.
#[inline(always)]
pub const fn hops(kind: PieceKind, line: LineKind) -> bool {
    match line {
        LineKind::Orthogonal => matches!(kind, PieceKind::Cannon | PieceKind::Tank),
        LineKind::Diagonal => matches!(kind, PieceKind::Arrow | PieceKind::Tank),
    }
}

/// The compound a capture of `victim` by `mover` may promote to: Rook and
/// Bishop make a Queen, Cannon and Arrow a Tank, the two leapers their
/// compound (either way round).
pub fn capture_promotion(
    leapers: Leapers,
    mover: PieceKind,
    victim: PieceKind,
) -> Option<PieceKind> {
    let [n, m, g] = leapers.kinds();
    let pair =
        |a: PieceKind, b: PieceKind| (mover == a && victim == b) || (mover == b && victim == a);
    if pair(PieceKind::Rook, PieceKind::Bishop) {
        Some(PieceKind::Queen)
    } else if pair(PieceKind::Cannon, PieceKind::Arrow) {
        Some(PieceKind::Tank)
    } else if pair(n, m) {
        Some(g)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compounds_make_both_leaps_of_their_parts() {
        for leapers in [Leapers::One, Leapers::Two, Leapers::Three, Leapers::Four] {
            let [n, m, g] = leapers.kinds();
            let mut parts: Vec<Leap> = leaps(n).iter().chain(leaps(m)).copied().collect();
            parts.sort_by_key(|l| *l as u8);
            let mut whole = leaps(g).to_vec();
            whole.sort_by_key(|l| *l as u8);
            assert_eq!(parts, whole, "sub-variant {}", leapers.number());
            for ch in "KQTGRBNMCAPY".chars() {
                let kind = leapers
                    .kind_of_letter(ch)
                    .expect("a letter of the notation");
                assert_eq!(letter(kind), ch);
            }
        }
    }
}
