//! The variants catboard plays, and `AnyGame`, which holds a game of any of them.

pub mod baccancat;
pub mod cat;
pub mod chess;
pub mod chu;
pub mod polar;

mod record;

pub use record::{Bench, EngineOption, Layout, Names, Record, Registered, UciName};

use crate::core::{
    Annotations, Cell, EndRules, Game, Geometry, Move, MoveList, OptionSpec, Options, Outcome,
    Piece, PieceKind, Retire, RetireError, Retirements, Seat,
};
use crate::notation::PositionError;

/// Writes the registry: from one line per variant (its name, its game
/// type, its [`Record`]), the enum [`Variant`], the enum [`AnyGame`] that
/// holds a game of any of them, and everything that goes from one to the
/// other. The lines' order is the order the setup screen lists them.
macro_rules! registry {
    ($($(#[$doc:meta])* $name:ident($game:ty) = $record:path,)*) => {
        /// Which game is played.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Variant {
            $($(#[$doc])* $name,)*
        }

        /// A game of any variant; dispatches to the variant without
        /// dynamic calls.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($(#[$doc])* $name($game),)*
        }

        /// Why a move's text is refused in a game of any variant: a
        /// retirement refused, or the variant's own refusal
        /// ([`Game::Refusal`]), whose sentence it says.
        #[derive(Clone, Debug, PartialEq, thiserror::Error)]
        pub enum MoveError {
            /// A retirement refused.
            #[error(transparent)]
            Retire(#[from] RetireError),
            $(
                /// The variant's own refusal.
                #[error(transparent)]
                $name(<$game as Game>::Refusal),
            )*
        }

        /// `$body` with `$g` bound to the game `$self` holds.
        macro_rules! dispatch {
            ($self:expr, $g:ident => $body:expr) => {
                match $self {
                    $(AnyGame::$name($g) => $body,)*
                }
            };
        }

        impl Variant {
            /// Every variant, in the order the setup screen lists them.
            pub const ALL: &'static [Variant] = &[$(Variant::$name,)*];

            /// The variant's record: its names, seats, start, limits,
            /// figures and layout.
            pub const fn record(self) -> &'static Record {
                match self {
                    $(Variant::$name => &$record,)*
                }
            }

            /// A new game from the usual start.
            pub fn new_game(self, options: &Options) -> AnyGame {
                match self {
                    $(Variant::$name => AnyGame::$name(<$game as Registered>::start(options)),)*
                }
            }

            /// A game from a position text, as the variant reads it.
            fn read_position(self, text: &str, options: &Options) -> Result<AnyGame, PositionError> {
                match self {
                    $(Variant::$name => {
                        <$game as Registered>::from_text(text, options).map(AnyGame::$name)
                    })*
                }
            }
        }

        impl AnyGame {
            /// A move's text read by the variant's own rules.
            fn variant_parse_move(&self, text: &str) -> Result<Move, MoveError> {
                match self {
                    $(AnyGame::$name(g) => g.parse_move(text).map_err(MoveError::$name),)*
                }
            }

            /// Which variant this game is.
            pub fn variant(&self) -> Variant {
                match self {
                    $(AnyGame::$name(_) => Variant::$name,)*
                }
            }

            /// How a piece of `kind` moves, found by this game's own rules
            /// on an otherwise empty board ([`crate::core::glance`]);
            /// `None` for a kind the variant does not play with.
            pub fn glance(&self, kind: PieceKind) -> Option<crate::core::glance::Glance<AnyGame>> {
                use crate::core::glance::glance;
                match self {
                    $(AnyGame::$name(g) => glance(g, kind).map(|s| s.map(AnyGame::$name)),)*
                }
            }

            /// A game of this variant with `pieces` alone on the board and
            /// `to_move` to move, or `None` when the rules refuse the
            /// position (what [`AnyGame::glance`] builds its positions with).
            pub fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<AnyGame> {
                use crate::core::glance::Showcase;
                match self {
                    $(AnyGame::$name(g) => g.arranged(pieces, to_move).map(AnyGame::$name),)*
                }
            }
        }
    };
}

registry! {
    /// FIDE chess.
    Chess(chess::Chess) = chess::RECORD,
    /// Cat Chess: White, Black and the Cats.
    Cat(cat::CatChess) = cat::RECORD,
    /// Chu Chess: the 10 × 10 game with the Lion.
    Chu(chu::Chu) = chu::RECORD,
    /// Polar chess, on the 72-cell sphere.
    Polar(polar::Polar) = polar::RECORD,
    /// BacCanCat: four armies on a 16 × 16 board.
    BacCanCat(baccancat::BacCanCat) = baccancat::RECORD,
}

impl Variant {
    /// Every variant the command line and saved games accept.
    pub fn known() -> impl Iterator<Item = Variant> {
        Variant::ALL.iter().chain(Variant::ENGINE_ONLY).copied()
    }

    /// Variants the engine and the command line play that the setup screen
    /// does not offer yet (their screens are still to come).
    pub const ENGINE_ONLY: &'static [Variant] = &[];

    /// The identifier used on the command line and in saved games.
    pub const fn id(self) -> &'static str {
        self.record().id
    }

    /// The name shown to players.
    pub const fn name(self) -> &'static str {
        self.record().names.display
    }

    /// The variant in one line, for a player choosing one.
    pub const fn summary(self) -> &'static str {
        self.record().summary
    }

    /// The variant with this identifier; the error lists the ones there are.
    pub fn from_id(id: &str) -> Result<Variant, UnknownVariant> {
        Variant::known()
            .find(|v| v.id() == id)
            .ok_or_else(|| UnknownVariant(id.to_string()))
    }

    /// The deepest perft worth counting: beyond it a count would take
    /// days (chess perft 9 is 2.4 trillion leaves, Cat Chess perft 7 and
    /// Polar perft 7 are hours, Chu perft 6 as long), so the tools refuse a
    /// bigger depth.
    pub const fn max_perft_depth(self) -> u32 {
        self.record().perft.most as u32
    }

    /// The rule options the variant offers at setup.
    pub fn options(self) -> &'static [OptionSpec] {
        self.record().options
    }

    /// The seats' names in turn order.
    pub fn seats(self) -> &'static [&'static str] {
        self.record().seats
    }

    /// The text of the usual start position.
    pub fn start_position(self) -> &'static str {
        self.record().start
    }

    /// How a front end draws this variant's board.
    pub fn layout(self) -> Layout {
        self.record().layout
    }

    /// A game from a position text (FEN for chess). An option the text
    /// also decides (BacCanCat's leapers field) may be chosen too only
    /// when both say the same: otherwise one would be ignored without a
    /// word, so the pair is refused in a sentence.
    pub fn from_position(self, text: &str, options: &Options) -> Result<AnyGame, PositionError> {
        let game = self.read_position(text, options)?;
        for (spec, in_text) in game.options_in_text() {
            if let Some(chosen) = options.chosen(&spec)
                && chosen != in_text
            {
                return Err(PositionError::OptionDisagrees {
                    key: spec.key,
                    chosen: chosen.to_string(),
                    in_text,
                });
            }
        }
        Ok(game)
    }
}

/// A variant identifier catboard does not know: the sentence lists those
/// it does.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("There is no variant {}; choose {}.", crate::text::quoted(.0), known_ids())]
pub struct UnknownVariant(pub String);

/// The identifiers of the variants there are, as a list to choose from.
fn known_ids() -> String {
    let known: Vec<&str> = Variant::known().map(|v| v.id()).collect();
    crate::text::or_list(&known)
}

impl AnyGame {
    /// The options the position text itself decides, with the values it
    /// gives them (BacCanCat's leapers field); none for the other variants.
    pub fn options_in_text(&self) -> Vec<(OptionSpec, String)> {
        dispatch!(self, g => g.options_in_text())
    }

    /// The kinds of piece this game's variant plays with, in the order a
    /// list of them shows (BacCanCat's leapers those of its sub-variant).
    pub fn piece_kinds(&self) -> Vec<PieceKind> {
        use crate::core::glance::Showcase;
        dispatch!(self, g => g.showcase_kinds())
    }
}

impl Game for AnyGame {
    type Refusal = MoveError;

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
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        match Retire::parse(text, self.seat_names()) {
            Some(retire) => Ok(self.may_retire(retire).map(|()| retire.to_move())?),
            None => self.variant_parse_move(text),
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
    fn may_retire(&self, retire: Retire) -> Result<(), RetireError> {
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
    fn exchange_at_least(&self, mv: Move, threshold: i32) -> Option<bool> {
        dispatch!(self, g => g.exchange_at_least(mv, threshold))
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

    /// Every variant in the registry has every piece of its record, and
    /// each piece agrees with the game the variant makes: what a sixth
    /// variant must bring (docs/development.md's checklist).
    #[test]
    fn every_registered_variant_has_every_piece_of_its_record() {
        use crate::core::geometry::Shape;
        use crate::notation::pgn::tags;
        use crate::protocol::xboard;
        use std::collections::HashSet;
        let mut ids = HashSet::new();
        let mut names = HashSet::new();
        let mut pgn_names = HashSet::new();
        let mut protocol_names = HashSet::new();
        for &variant in Variant::ALL {
            let r = variant.record();
            let id = r.id;
            // Its names, each its own.
            assert!(!id.is_empty() && ids.insert(id), "{id}: an id of its own");
            assert_eq!(Variant::from_id(id), Ok(variant), "{id}");
            assert!(names.insert(r.names.display), "{id}: a name of its own");
            assert!(!r.summary.is_empty(), "{id}: a summary");
            assert!(
                !r.names.pgn_read.is_empty(),
                "{id}: names a Variant tag reads"
            );
            for name in r.names.pgn_read {
                assert!(pgn_names.insert(name.to_ascii_lowercase()), "{id}: {name}");
                assert_eq!(tags::variant_of(Some(name)), Ok(variant), "{id}: {name}");
            }
            if let Some(written) = r.names.pgn {
                assert_eq!(r.names.pgn_read.first(), Some(&written), "{id}");
            }
            assert_eq!(tags::variant_of(r.names.pgn), Ok(variant), "{id}");
            if let Some(name) = r.names.xboard {
                assert!(protocol_names.insert(("xboard", name)), "{id}: {name}");
                assert_eq!(xboard::variant_named(name), Some(variant), "{id}");
            }
            let uci = r.names.uci.name();
            assert!(
                !uci.is_empty() && protocol_names.insert(("uci", uci)),
                "{id}"
            );
            // Its game: seats, start and options as the record says.
            let game = variant.new_game(&Options::new());
            assert_eq!(game.variant(), variant, "{id}");
            assert_eq!(game.variant_id(), id, "{id}");
            assert!(r.seats.len() >= 2, "{id}: seats");
            assert_eq!(game.seat_names(), r.seats, "{id}: seats");
            assert_eq!(game.position_text(), r.start, "{id}: the start");
            let read = variant.from_position(r.start, &Options::new());
            assert!(read.is_ok_and(|g| g.hash() == game.hash()), "{id}");
            for spec in r.options {
                assert!(!spec.choices.is_empty(), "{id}: {}", spec.key);
            }
            for option in r.engine_options {
                assert!(
                    r.options.iter().any(|s| s.key == option.key),
                    "{id}: engines' option {} is no option of the variant",
                    option.key
                );
            }
            // Its limits, each naming it.
            for limit in [&r.perft, &r.bench_perft].into_iter().chain(&r.bench_depth) {
                assert!(limit.what.contains(r.names.display), "{id}: {}", limit.what);
                assert!(
                    limit.scope.contains(r.names.display),
                    "{id}: {}",
                    limit.scope
                );
            }
            assert!(r.bench_perft.most <= r.perft.most, "{id}");
            // Its bench positions, each a position of the variant.
            assert!(!r.bench.positions.is_empty(), "{id}: bench positions");
            for (name, text) in r.bench.positions {
                let read = variant.from_position(text, &Options::new());
                assert!(read.is_ok(), "{id}: bench position {name}: {read:?}");
            }
            // The panel's figures it shows are among those it declares.
            assert!(!r.figures.is_empty(), "{id}: figures");
            let shown = game.annotations().notes;
            let mut at = 0;
            for note in &shown {
                let Some(i) = r.figures[at..].iter().position(|f| *f == note.label) else {
                    panic!(
                        "{id}: the panel shows {}, not among {:?} in order",
                        note.label, r.figures
                    );
                };
                at += i + 1;
            }
            // Its layout fits its board.
            let geo = game.geometry();
            match r.layout {
                Layout::Grid => assert!(matches!(geo.shape(), Shape::Grid { .. }), "{id}"),
                Layout::Sphere => {
                    assert_eq!(geo.shape(), Shape::Graph, "{id}");
                    assert!(geo.cells().all(|c| !geo.outline(c).is_empty()), "{id}");
                }
            }
        }
    }

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
