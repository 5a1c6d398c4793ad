//! The variants catboard plays, and `AnyGame`, which holds a game of any of them.

pub mod baccancat;
pub mod cat;
pub mod chess;
pub mod chu;
pub mod polar;

use crate::core::{
    Annotations, Cell, EndRules, Game, GameError, Geometry, Move, MoveList, OptionSpec, Options,
    Outcome, Piece, PieceKind, Retire, Retirements, Seat,
};
use baccancat::BacCanCat;
use cat::CatChess;
use chess::Chess;
use chu::Chu;
use polar::Polar;

/// Which game is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// FIDE chess.
    Chess,
    /// Cat Chess: White, Black and the Cats.
    Cat,
    /// Polar chess, on the 72-cell sphere.
    Polar,
    /// Chu Chess: the 10 × 10 game with the Lion.
    Chu,
    /// BacCanCat: four armies on a 16 × 16 board.
    BacCanCat,
}

impl Variant {
    /// Every variant, in the order the setup screen lists them.
    pub const ALL: &'static [Variant] = &[
        Variant::Chess,
        Variant::Cat,
        Variant::Chu,
        Variant::Polar,
        Variant::BacCanCat,
    ];

    /// Every variant the command line and saved games accept.
    pub fn known() -> impl Iterator<Item = Variant> {
        Variant::ALL.iter().chain(Variant::ENGINE_ONLY).copied()
    }

    /// Variants the engine and the command line play that the setup screen
    /// does not offer yet (their screens are still to come).
    pub const ENGINE_ONLY: &'static [Variant] = &[];

    /// The identifier used on the command line and in saved games.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Cat => "cat",
            Variant::Polar => "polar",
            Variant::Chu => "chu",
            Variant::BacCanCat => "baccancat",
        }
    }

    /// The name shown to players.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "Chess",
            Variant::Cat => "Cat Chess",
            Variant::Polar => "Polar chess",
            Variant::Chu => "Chu Chess",
            Variant::BacCanCat => "BacCanCat",
        }
    }

    /// The variant in one line, for a player choosing one.
    pub const fn summary(self) -> &'static str {
        match self {
            Variant::Chess => "FIDE chess: two armies on 8 x 8, checkmate the king.",
            Variant::Cat => {
                "Chess with a third seat, the Cats, whose zones disarm the pieces in them."
            }
            Variant::Polar => {
                "Chess on a sphere of 72 cells round two poles, lines running over the equator."
            }
            Variant::Chu => {
                "Muller's Chu Chess on 10 x 10: shogi-like pieces, a Lion that moves twice."
            }
            Variant::BacCanCat => {
                "Gilman's four armies on 16 x 16, each with a camp: cannons, camels, bishops."
            }
        }
    }

    /// The variant with this identifier; the error lists the ones there are.
    pub fn from_id(id: &str) -> Result<Variant, GameError> {
        Variant::known().find(|v| v.id() == id).ok_or_else(|| {
            let known: Vec<&str> = Variant::known().map(|v| v.id()).collect();
            GameError::new(format!(
                "There is no variant {}; choose {}.",
                crate::text::quoted(id),
                crate::text::or_list(&known)
            ))
        })
    }

    /// The deepest perft worth counting: beyond it a count would take
    /// days (chess perft 9 is 2.4 trillion leaves, Cat Chess perft 7 and
    /// Polar perft 7 are hours, Chu perft 6 as long), so the tools refuse a
    /// bigger depth.
    pub const fn max_perft_depth(self) -> u32 {
        crate::limits::perft_depth(self).most as u32
    }

    /// The rule options the variant offers at setup.
    pub fn options(self) -> &'static [OptionSpec] {
        match self {
            Variant::Chess => chess::OPTIONS,
            Variant::Cat => cat::OPTIONS,
            Variant::Polar => polar::OPTIONS,
            Variant::Chu => chu::OPTIONS,
            Variant::BacCanCat => baccancat::OPTIONS,
        }
    }

    /// The seats' names in turn order.
    pub fn seats(self) -> &'static [&'static str] {
        match self {
            Variant::Chess => chess::SEATS,
            Variant::Cat => cat::SEATS,
            Variant::Polar => polar::SEATS,
            Variant::Chu => chu::SEATS,
            Variant::BacCanCat => baccancat::SEATS,
        }
    }

    /// The text of the usual start position.
    pub fn start_position(self) -> &'static str {
        match self {
            Variant::Chess => chess::START_FEN,
            Variant::Cat => cat::START_FEN,
            Variant::Polar => polar::START_TEXT,
            Variant::Chu => chu::START_FEN,
            Variant::BacCanCat => baccancat::position::start_text(baccancat::Leapers::One),
        }
    }

    /// A new game from the usual start.
    pub fn new_game(self, options: &Options) -> AnyGame {
        match self {
            Variant::Chess => AnyGame::Chess(Chess::new(options)),
            Variant::Cat => AnyGame::Cat(CatChess::new()),
            Variant::Polar => AnyGame::Polar(Polar::new(options)),
            Variant::Chu => AnyGame::Chu(Chu::new(options)),
            Variant::BacCanCat => AnyGame::BacCanCat(BacCanCat::new(options)),
        }
    }

    /// A game from a position text (FEN for chess). An option the text
    /// also decides (BacCanCat's leapers field) may be chosen too only
    /// when both say the same: otherwise one would be ignored without a
    /// word, so the pair is refused in a sentence.
    pub fn from_position(self, text: &str, options: &Options) -> Result<AnyGame, GameError> {
        let game = match self {
            Variant::Chess => Chess::from_fen(text, options).map(AnyGame::Chess),
            Variant::Cat => CatChess::from_fen(text).map(AnyGame::Cat),
            Variant::Polar => Polar::from_text(text, options).map(AnyGame::Polar),
            Variant::Chu => Chu::from_fen(text, options).map(AnyGame::Chu),
            Variant::BacCanCat => BacCanCat::from_text(text).map(AnyGame::BacCanCat),
        }?;
        for (spec, in_text) in game.options_in_text() {
            if let Some(chosen) = options.chosen(&spec)
                && chosen != in_text
            {
                return Err(GameError::new(format!(
                    "The option {key}={chosen} disagrees with the position text, whose {key} field says {in_text}; give only one of them, or the same in both.",
                    key = spec.key
                )));
            }
        }
        Ok(game)
    }
}

/// A game of any variant; dispatches to the variant without dynamic calls.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A game of chess.
    Chess(Chess),
    /// A game of Cat Chess.
    Cat(CatChess),
    /// A game of Polar chess.
    Polar(Polar),
    /// A game of Chu Chess.
    Chu(Chu),
    /// A game of BacCanCat.
    BacCanCat(BacCanCat),
}

macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Chess($g) => $body,
            AnyGame::Cat($g) => $body,
            AnyGame::Polar($g) => $body,
            AnyGame::Chu($g) => $body,
            AnyGame::BacCanCat($g) => $body,
        }
    };
}

impl AnyGame {
    /// The options the position text itself decides, with the values it
    /// gives them (BacCanCat's leapers field); none for the other variants.
    pub fn options_in_text(&self) -> Vec<(OptionSpec, String)> {
        match self {
            AnyGame::BacCanCat(g) => vec![(
                baccancat::options::LEAPERS,
                g.position().leapers().number().to_string(),
            )],
            _ => Vec::new(),
        }
    }

    /// The kinds of piece this game's variant plays with, in the order a
    /// list of them shows (BacCanCat's leapers those of its sub-variant).
    pub fn piece_kinds(&self) -> Vec<PieceKind> {
        use crate::core::glance::Showcase;
        dispatch!(self, g => g.showcase_kinds())
    }

    /// How a piece of `kind` moves, found by this game's own rules on an
    /// otherwise empty board ([`crate::core::glance`]); `None` for a kind
    /// the variant does not play with.
    pub fn glance(&self, kind: PieceKind) -> Option<crate::core::glance::Glance<AnyGame>> {
        use crate::core::glance::glance;
        match self {
            AnyGame::Chess(g) => glance(g, kind).map(|s| s.map(AnyGame::Chess)),
            AnyGame::Cat(g) => glance(g, kind).map(|s| s.map(AnyGame::Cat)),
            AnyGame::Polar(g) => glance(g, kind).map(|s| s.map(AnyGame::Polar)),
            AnyGame::Chu(g) => glance(g, kind).map(|s| s.map(AnyGame::Chu)),
            AnyGame::BacCanCat(g) => glance(g, kind).map(|s| s.map(AnyGame::BacCanCat)),
        }
    }

    /// A game of this variant with `pieces` alone on the board and
    /// `to_move` to move, or `None` when the rules refuse the position
    /// (what [`AnyGame::glance`] builds its positions with).
    pub fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<AnyGame> {
        use crate::core::glance::Showcase;
        match self {
            AnyGame::Chess(g) => g.arranged(pieces, to_move).map(AnyGame::Chess),
            AnyGame::Cat(g) => g.arranged(pieces, to_move).map(AnyGame::Cat),
            AnyGame::Polar(g) => g.arranged(pieces, to_move).map(AnyGame::Polar),
            AnyGame::Chu(g) => g.arranged(pieces, to_move).map(AnyGame::Chu),
            AnyGame::BacCanCat(g) => g.arranged(pieces, to_move).map(AnyGame::BacCanCat),
        }
    }

    /// Which variant this game is.
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Chess(_) => Variant::Chess,
            AnyGame::Cat(_) => Variant::Cat,
            AnyGame::Polar(_) => Variant::Polar,
            AnyGame::Chu(_) => Variant::Chu,
            AnyGame::BacCanCat(_) => Variant::BacCanCat,
        }
    }
}

impl Game for AnyGame {
    fn variant_id(&self) -> &'static str {
        dispatch!(self, g => g.variant_id())
    }
    fn geometry(&self) -> &'static Geometry {
        dispatch!(self, g => g.geometry())
    }
    fn seat_names(&self) -> &'static [&'static str] {
        dispatch!(self, g => g.seat_names())
    }
    fn to_move(&self) -> Seat {
        dispatch!(self, g => g.to_move())
    }
    fn piece_at(&self, cell: Cell) -> Option<Piece> {
        dispatch!(self, g => g.piece_at(cell))
    }
    fn legal_moves(&self, out: &mut MoveList) {
        dispatch!(self, g => g.legal_moves(out))
    }
    fn make_move(&mut self, mv: Move) {
        dispatch!(self, g => g.make_move(mv))
    }
    fn unmake_move(&mut self) -> Option<Move> {
        dispatch!(self, g => g.unmake_move())
    }
    fn moves_played(&self) -> &[Move] {
        dispatch!(self, g => g.moves_played())
    }
    fn in_check(&self) -> bool {
        dispatch!(self, g => g.in_check())
    }
    fn end_rules(&self) -> EndRules {
        dispatch!(self, g => g.end_rules())
    }
    fn halfmove_clock(&self) -> u16 {
        dispatch!(self, g => g.halfmove_clock())
    }
    fn earlier_occurrences(&self) -> usize {
        dispatch!(self, g => g.earlier_occurrences())
    }
    fn insufficient_material(&self) -> bool {
        dispatch!(self, g => g.insufficient_material())
    }
    fn variant_ending(&self) -> Option<Outcome> {
        dispatch!(self, g => g.variant_ending())
    }
    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.rule_outcome())
    }
    fn is_repeat(&self) -> bool {
        dispatch!(self, g => g.is_repeat())
    }
    fn hash(&self) -> u64 {
        dispatch!(self, g => g.hash())
    }
    fn position_text(&self) -> String {
        dispatch!(self, g => g.position_text())
    }
    /// A retirement's text (`resign:white`) for every variant; a move's
    /// as the variant writes it.
    fn move_text(&self, mv: Move) -> String {
        match Retire::of(mv) {
            Some(retire) => retire.text(self.seat_names()),
            None => dispatch!(self, g => g.move_text(mv)),
        }
    }
    /// A retirement in words (`White resigns`); a move as the variant
    /// lists it.
    fn move_notation(&self, mv: Move) -> String {
        match Retire::of(mv) {
            Some(retire) => retire.words(self.seat_names()),
            None => dispatch!(self, g => g.move_notation(mv)),
        }
    }
    /// A retirement's text, when the game allows it now; any move the
    /// variant reads.
    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        match Retire::parse(text, self.seat_names()) {
            Some(retire) => self.may_retire(retire).map(|()| retire.to_move()),
            None => dispatch!(self, g => g.parse_move(text)),
        }
    }
    fn captured(&self, mv: Move) -> Option<Piece> {
        if !mv.on_board() {
            return None;
        }
        dispatch!(self, g => g.captured(mv))
    }
    fn retirements(&self) -> Retirements {
        dispatch!(self, g => g.retirements())
    }
    fn can_mate(&self, seat: Seat) -> bool {
        dispatch!(self, g => g.can_mate(seat))
    }
    fn may_retire(&self, retire: Retire) -> Result<(), GameError> {
        dispatch!(self, g => g.may_retire(retire))
    }
    fn entry_paths(&self, mv: Move) -> Vec<arrayvec::ArrayVec<Cell, 3>> {
        dispatch!(self, g => g.entry_paths(mv))
    }
    fn state_beyond_text(&self) -> bool {
        dispatch!(self, g => g.state_beyond_text())
    }
    fn annotations(&self) -> Annotations {
        dispatch!(self, g => g.annotations())
    }
    fn fullmove(&self) -> u16 {
        dispatch!(self, g => g.fullmove())
    }
    fn kind_label(&self, kind: PieceKind) -> String {
        dispatch!(self, g => g.kind_label(kind))
    }
    fn points(&self) -> Option<Vec<u8>> {
        dispatch!(self, g => g.points())
    }
    fn oracle_fields(&self) -> serde_json::Map<String, serde_json::Value> {
        dispatch!(self, g => g.oracle_fields())
    }
    fn capture_moves(&self, out: &mut MoveList) {
        dispatch!(self, g => g.capture_moves(out))
    }
    fn make_null_move(&mut self) -> bool {
        dispatch!(self, g => g.make_null_move())
    }
    fn unmake_null_move(&mut self) {
        dispatch!(self, g => g.unmake_null_move())
    }
}

impl crate::ai::Evaluate for AnyGame {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        dispatch!(self, g => g.evaluate_for(seat))
    }
    fn piece_value(&self, kind: crate::core::PieceKind) -> i32 {
        dispatch!(self, g => g.piece_value(kind))
    }
    fn null_move_safe(&self) -> bool {
        dispatch!(self, g => g.null_move_safe())
    }
    fn exchange_value(&self, mv: Move) -> Option<i32> {
        dispatch!(self, g => g.exchange_value(mv))
    }
    fn seats_in_play(&self) -> Option<usize> {
        dispatch!(self, g => g.seats_in_play())
    }
    fn evaluate_from_scratch(&self, seat: Seat) -> Option<i32> {
        dispatch!(self, g => crate::ai::Evaluate::evaluate_from_scratch(g, seat))
    }
    fn evaluate_all(&self, out: &mut [i32]) {
        dispatch!(self, g => g.evaluate_all(out))
    }
    fn seat_model(&self, seat: Seat) -> crate::ai::multi::Model {
        dispatch!(self, g => g.seat_model(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `AnyGame` answers every end-rule hook as the game it holds: a hook
    /// left to its default there would, say, score Cat Chess draws in the
    /// multi-seat search as draws instead of Cats' wins.
    #[test]
    fn any_game_answers_the_end_rule_hooks_as_the_game_it_holds() {
        for &variant in Variant::ALL {
            // Every seat moves a piece that is no pawn out and back (or
            // passes), so that the clock runs and the position repeats.
            let mut game = variant.new_game(&Options::new());
            let mut out = Vec::new();
            for _ in game.seat_names() {
                let quiet = |m: &&Move| {
                    m.is_pass()
                        || (m.kind == crate::core::MoveKind::Normal
                            && game.captured(**m).is_none()
                            && game
                                .piece_at(m.from)
                                .is_some_and(|p| p.kind() != crate::core::PieceKind::Pawn))
                };
                let Some(&mv) = game.legal_move_list().iter().find(quiet) else {
                    break;
                };
                game.make_move(mv);
                out.push(mv);
            }
            for mv in out {
                let back = if mv.is_pass() {
                    mv
                } else {
                    Move::normal(mv.to, mv.from)
                };
                if !game.legal_move_list().contains(&back) {
                    break;
                }
                game.make_move(back);
            }
            let inner: (EndRules, u16, usize, bool, Option<Outcome>, usize) = dispatch!(&game, g => (
                g.end_rules(),
                g.halfmove_clock(),
                g.earlier_occurrences(),
                g.insufficient_material(),
                g.variant_ending(),
                g.oracle_fields().len(),
            ));
            let outer = (
                game.end_rules(),
                game.halfmove_clock(),
                game.earlier_occurrences(),
                game.insufficient_material(),
                game.variant_ending(),
                game.oracle_fields().len(),
            );
            assert_eq!(outer, inner, "{}", variant.id());
        }
        let mut chess = Variant::Chess.new_game(&Options::new());
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let mv = chess.parse_move(text).expect("legal");
            chess.make_move(mv);
        }
        assert_eq!(
            (chess.halfmove_clock(), chess.earlier_occurrences()),
            (4, 1)
        );
        let cat = Variant::Cat.new_game(&Options::new());
        assert_eq!(cat.end_rules().draw_goes_to, Some(cat::CATS));
        let four = Variant::BacCanCat.new_game(&Options::new());
        assert!(four.oracle_fields().contains_key("reserve"));
        let bare = Variant::Chess.from_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &Options::new());
        assert!(bare.is_ok_and(|g| g.insufficient_material()));
        // Red's King, Queen, Tank and Gnu stand married on c7, d7, c8, d8.
        let married = "oB14gB/16/16/16/4oK6gK4/16/16/16/2rTrG12/2rKrQ12/16/11bK4/16/16/16/15bB r - - - Q8 0 1";
        let won = Variant::BacCanCat.from_position(married, &Options::new());
        assert!(won.is_ok_and(|g| g.variant_ending().is_some()));
    }
}
