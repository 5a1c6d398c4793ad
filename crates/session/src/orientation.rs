//! Which seat sits at the near edge of the screen: one value used by the
//! board drawing, its labels and the cursor's steps alike.

use super::action::Dir;
use catboard::core::geometry::Neighbour;
use catboard::core::geometry::Shape;
use catboard::core::sphere::{self as layout, MapView};
use catboard::core::{Cell, Geometry};

/// The screen directions in the order the neighbour keys number them.
pub const COMPASS: [&str; 8] = [
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
];

/// Columns and rows spanned by the geometry's drawing places.
pub fn drawing_extent(geo: &Geometry) -> (u16, u16) {
    geo.cells().fold((0, 0), |(c, r), cell| {
        let (x, y) = geo.place(cell);
        (c.max(u16::from(x) + 1), r.max(u16::from(y) + 1))
    })
}

/// How the board is turned: the army drawn at the near (bottom) edge.
///
/// Two armies face each other: the second seat near turns the board half
/// round. Four armies sit on the four edges in turn order, going round the
/// board clockwise from the bottom; each seat near turns it a quarter more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orientation {
    /// The seat at the near edge.
    near: usize,
    /// How many armies sit round the board (2 or 4).
    armies: usize,
    /// On the sphere, how many degrees the globe is turned eastwards.
    turn: i16,
}

impl Orientation {
    /// `near` at the near edge of a board with `armies` armies; a seat that
    /// is no army (the Cats) is drawn as the first seat would be.
    pub fn new(near: usize, armies: usize) -> Orientation {
        let armies = if armies >= 4 { 4 } else { 2 };
        Orientation {
            near: if near < armies { near } else { 0 },
            armies,
            turn: 0,
        }
    }

    /// The globe turned `degrees` further eastwards (the sphere's `<` and
    /// `>` keys, a mouse drag); the turn stays within one round.
    pub fn rotated(self, degrees: i16) -> Orientation {
        Orientation {
            turn: (self.turn + degrees).rem_euclid(360),
            ..self
        }
    }

    /// How the sphere's map is shown from this side: the near seat's pole
    /// on the left, turned as far as the globe is.
    pub fn map_view(self) -> MapView {
        MapView {
            turn: f64::from(self.turn),
            north_left: self.near == 0,
        }
    }

    /// The seat at the near edge.
    pub fn near(self) -> usize {
        self.near
    }

    /// The next army at the near edge (the `f` key).
    pub fn turned(self) -> Orientation {
        Orientation {
            turn: self.turn,
            ..Orientation::new((self.near + 1) % self.armies, self.armies)
        }
    }

    /// Whether files run up the screen and ranks across (a quarter turn).
    pub fn sideways(self) -> bool {
        self.quarter_turns() % 2 == 1
    }

    /// Quarter turns clockwise from the first seat's view.
    fn quarter_turns(self) -> usize {
        if self.armies == 4 {
            self.near
        } else {
            self.near * 2
        }
    }

    /// Columns and rows on screen of a board whose drawing places span
    /// `extent` (columns, rows).
    pub fn screen_extent(self, extent: (u16, u16)) -> (u16, u16) {
        if self.sideways() {
            (extent.1, extent.0)
        } else {
            extent
        }
    }

    /// Screen column and row (row 0 at the top) of the drawing place
    /// `place` on a board whose places span `extent`.
    pub fn screen_place(self, place: (u8, u8), extent: (u16, u16)) -> (u16, u16) {
        let (x, y) = (u16::from(place.0), u16::from(place.1));
        let (last_x, last_y) = (extent.0.saturating_sub(1), extent.1.saturating_sub(1));
        match self.quarter_turns() {
            // The first seat near: its rank at the bottom.
            0 => (x, last_y.saturating_sub(y)),
            // The left edge's army near, looking towards the right edge.
            1 => (last_y.saturating_sub(y), last_x.saturating_sub(x)),
            2 => (last_x.saturating_sub(x), y),
            _ => (y, x),
        }
    }

    /// The step on the board (files, ranks) that goes `dir` on screen.
    pub fn board_step(self, dir: Dir) -> (i32, i32) {
        let (right, up) = match self.quarter_turns() {
            0 => ((1, 0), (0, 1)),
            1 => ((0, -1), (1, 0)),
            2 => ((-1, 0), (0, -1)),
            _ => ((0, 1), (-1, 0)),
        };
        let neg = |(a, b): (i32, i32)| (-a, -b);
        match dir {
            Dir::Up => up,
            Dir::Down => neg(up),
            Dir::Right => right,
            Dir::Left => neg(right),
        }
    }

    /// The cell next to `cell` in screen direction `dir`, found by where
    /// cells are drawn; `cell` itself at an edge. On the sphere, the
    /// neighbour lying most nearly that way on the map.
    pub fn step(self, geo: &Geometry, cell: Cell, dir: Dir) -> Cell {
        if geo.shape() == Shape::Graph {
            return arrow_step(geo, cell, dir, self.map_view());
        }
        let (x, y) = geo.place(cell);
        let (dx, dy) = self.board_step(dir);
        let target = (i32::from(x) + dx, i32::from(y) + dy);
        geo.cells()
            .find(|c| {
                let (cx, cy) = geo.place(*c);
                (i32::from(cx), i32::from(cy)) == target
            })
            .unwrap_or(cell)
    }

    /// Where `to` lies from `from` on the screen, as a compass word with
    /// north up ("north", "south-west"), for the cell list; on the sphere,
    /// the compass on the globe, north being White's pole.
    pub fn direction_word(self, geo: &Geometry, from: Cell, to: Cell) -> &'static str {
        if geo.shape() == Shape::Graph {
            return layout::compass(geo, from, to);
        }
        let extent = drawing_extent(geo);
        let (fc, fr) = self.screen_place(geo.place(from), extent);
        let (tc, tr) = self.screen_place(geo.place(to), extent);
        let across = i32::from(tc) - i32::from(fc);
        let down = i32::from(tr) - i32::from(fr);
        match (down.signum(), across.signum()) {
            (-1, 0) => "north",
            (-1, 1) => "north-east",
            (0, 1) => "east",
            (1, 1) => "south-east",
            (1, 0) => "south",
            (1, -1) => "south-west",
            (0, -1) => "west",
            (-1, -1) => "north-west",
            _ => "here",
        }
    }

    /// The neighbours of `cell`, each with the number its key (`1`–`8`)
    /// and the cell list give it. On a grid the number is the screen
    /// direction's, the same on every cell (1 north, 2 north-east, 3 east,
    /// and on clockwise to 8 north-west), so an edge cell skips the numbers
    /// of the directions it has no neighbour in. On the sphere, the order
    /// round the cell.
    pub fn numbered_neighbours(self, geo: &Geometry, cell: Cell) -> Vec<(u8, Neighbour)> {
        if geo.shape() == Shape::Graph {
            return geo
                .neighbours(cell)
                .iter()
                .enumerate()
                .map(|(i, nb)| (i as u8 + 1, *nb))
                .collect();
        }
        let mut numbered: Vec<(u8, Neighbour)> = geo
            .neighbours(cell)
            .iter()
            .filter_map(|nb| {
                let word = self.direction_word(geo, cell, nb.cell);
                COMPASS
                    .iter()
                    .position(|w| *w == word)
                    .map(|i| (i as u8 + 1, *nb))
            })
            .collect();
        numbered.sort_by_key(|(n, _)| *n);
        numbered
    }

    /// The cell the cursor starts on: the middle of the second row from the
    /// near edge (e2 for White, e7 for Black).
    /// On the sphere: the near seat's pole, its central cell at longitude 0.
    pub fn starting_cursor(self, geo: &Geometry) -> Cell {
        let Some((files, ranks)) = geo.grid_size() else {
            return layout::starting_cell(geo, self.near == 0).unwrap_or(Cell(0));
        };
        let (files, ranks) = (i32::from(files), i32::from(ranks));
        let (file, rank) = match self.quarter_turns() {
            0 => (files / 2, 1),
            1 => (1, ranks / 2),
            2 => (files / 2, ranks - 2),
            _ => (files - 2, ranks / 2),
        };
        geo.at(file, rank.max(0)).unwrap_or(Cell(0))
    }
}

/// How far off the direction pressed a neighbour may lie and still be
/// stepped to: the cosine of 66 degrees.
const ARROW_CONE: f64 = 0.4;

/// The neighbour of `cell` that lies in screen direction `dir` on the
/// sphere's map as drawn (`view`): among the neighbours whose centre lies
/// less than 66° off that way, the nearest on the map (the more nearly
/// that way of two as near); `cell` itself when none does. Every step goes
/// strictly further that way on the map, so pressing one arrow again and
/// again never comes back to a cell: no oscillation, no cycle.
fn arrow_step(geo: &Geometry, cell: Cell, dir: Dir, view: MapView) -> Cell {
    let Some((x0, y0)) = view.cell_place(geo, cell) else {
        return cell;
    };
    let (dx, dy) = match dir {
        Dir::Up => (0.0, -1.0),
        Dir::Down => (0.0, 1.0),
        Dir::Left => (-1.0, 0.0),
        Dir::Right => (1.0, 0.0),
    };
    let mut best: Option<(f64, f64, Cell)> = None;
    for nb in geo.neighbours(cell) {
        let Some((x, y)) = view.cell_place(geo, nb.cell) else {
            continue;
        };
        let (vx, vy) = (x - x0, y - y0);
        let length = (vx * vx + vy * vy).sqrt();
        if length < 1e-9 {
            continue;
        }
        let cosine = (vx * dx + vy * dy) / length;
        if cosine < ARROW_CONE {
            continue;
        }
        let better = match best {
            None => true,
            Some((l, c, _)) => length < l - 1e-6 || (length < l + 1e-6 && cosine > c),
        };
        if better {
            best = Some((length, cosine, nb.cell));
        }
    }
    best.map_or(cell, |(_, _, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::{Game, Options};
    use catboard::variants::Variant;

    #[test]
    fn every_orientation_places_cells_and_steps_the_same_way() {
        let geo = Geometry::chess8();
        let extent = (8, 8);
        for armies in [2, 4] {
            for near in 0..armies {
                let o = Orientation::new(near, armies);
                for cell in geo.cells() {
                    let (col, row) = o.screen_place(geo.place(cell), extent);
                    for dir in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
                        let next = o.step(geo, cell, dir);
                        let (ncol, nrow) = o.screen_place(geo.place(next), extent);
                        let expected = match dir {
                            Dir::Up => (col, row.wrapping_sub(1)),
                            Dir::Down => (col, row + 1),
                            Dir::Left => (col.wrapping_sub(1), row),
                            Dir::Right => (col + 1, row),
                        };
                        if next != cell {
                            assert_eq!((ncol, nrow), expected, "{near}/{armies} {dir:?}");
                        } else {
                            assert!(expected.0 >= 8 || expected.1 >= 8, "stops only at edges");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_near_seat_has_its_first_rank_at_the_bottom() {
        let geo = Geometry::chess8();
        let cell = |n: &str| geo.cell(n).unwrap_or_default();
        let white = Orientation::new(0, 2);
        let black = white.turned();
        assert_eq!(white.screen_place(geo.place(cell("a1")), (8, 8)), (0, 7));
        assert_eq!(black.screen_place(geo.place(cell("a1")), (8, 8)), (7, 0));
        assert_eq!(black.turned(), white);
        assert_eq!(geo.name(white.starting_cursor(geo)), "e2");
        assert_eq!(geo.name(black.starting_cursor(geo)), "e7");
        // Four armies: a quarter turn each; the Cats' seat draws as White's.
        let left = Orientation::new(1, 4);
        assert_eq!(left.screen_place(geo.place(cell("a1")), (8, 8)), (7, 7));
        assert_eq!(Orientation::new(2, 2), white);
    }

    fn sphere_geometry() -> &'static Geometry {
        let game = Variant::Polar.new_game(&Options::new());
        game.geometry()
    }

    #[test]
    fn arrows_on_the_map_never_oscillate_and_reach_every_cell() {
        let geo = sphere_geometry();
        let dirs = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
        for near in [0, 1] {
            for turn in (0..360).step_by(15) {
                let o = Orientation::new(near, 2).rotated(turn);
                let view = o.map_view();
                for start in geo.cells() {
                    for d in dirs {
                        // Pressing one arrow again and again visits each
                        // cell at most once and goes further that way on
                        // the map with every step, until it stops.
                        let mut seen = vec![start];
                        let mut here = start;
                        loop {
                            let next = o.step(geo, here, d);
                            if next == here {
                                break;
                            }
                            assert!(
                                geo.neighbours(here).iter().any(|n| n.cell == next),
                                "{} {d:?} is no neighbour",
                                geo.name(here)
                            );
                            let (a, b) = (
                                view.cell_place(geo, here).unwrap_or_default(),
                                view.cell_place(geo, next).unwrap_or_default(),
                            );
                            let along = match d {
                                Dir::Up => a.1 - b.1,
                                Dir::Down => b.1 - a.1,
                                Dir::Left => a.0 - b.0,
                                Dir::Right => b.0 - a.0,
                            };
                            assert!(along > 0.0, "{} {d:?} goes back", geo.name(here));
                            assert!(
                                !seen.contains(&next),
                                "near {near}, turn {turn}: {d:?} from {} comes back to {}",
                                geo.name(start),
                                geo.name(next)
                            );
                            seen.push(next);
                            here = next;
                        }
                    }
                }
                // From the start every cell is reached by arrows alone.
                let start = o.starting_cursor(geo);
                let mut reached = vec![start];
                let mut i = 0;
                while i < reached.len() {
                    for d in dirs {
                        let next = o.step(geo, reached[i], d);
                        if !reached.contains(&next) {
                            reached.push(next);
                        }
                    }
                    i += 1;
                }
                assert_eq!(
                    reached.len(),
                    72,
                    "near {near}, turn {turn}: arrows reach every cell"
                );
            }
        }
    }

    #[test]
    fn arrows_follow_the_map_as_drawn() {
        let geo = sphere_geometry();
        let named = |name: &str| geo.cell(name).unwrap_or_else(|| panic!("no cell {name}"));
        let white = Orientation::new(0, 2);
        let step = |o: Orientation, a: &str, d| geo.name(o.step(geo, named(a), d)).to_string();
        // White's disc on the left, longitude 0 at its bottom: down from
        // 14N (the central cell at longitude 0) is the ring corner 6N
        // below it, up is 14S across the pole.
        assert_eq!(step(white, "14N", Dir::Down), "6N");
        assert_eq!(step(white, "14N", Dir::Up), "14S");
        assert_eq!(step(white, "6N", Dir::Up), "14N");
        // Pressed down again and again from 14N: outwards to the rim, and
        // there it stops (the old map went 6N, 2N, 1N, 2N, 1N... for ever).
        let mut here = named("14N");
        let mut path = Vec::new();
        loop {
            let next = white.step(geo, here, Dir::Down);
            if next == here {
                break;
            }
            path.push(geo.name(next).to_string());
            here = next;
        }
        assert!(path.len() <= 4, "{path:?}");
        // The discs meet on the right of White's: right from White's rim
        // there goes on into Black's disc, and on rightwards.
        let meeting = geo
            .cells()
            .filter(|c| layout::centre(geo, *c).is_some_and(|(_, lat)| lat > 0.0))
            .max_by(|a, b| {
                let x = |c| white.map_view().cell_place(geo, c).unwrap_or_default().0;
                x(*a).total_cmp(&x(*b))
            })
            .unwrap_or_default();
        let across = white.step(geo, meeting, Dir::Right);
        assert!(
            layout::centre(geo, across).is_some_and(|(_, lat)| lat < 0.0),
            "right of {} is {}",
            geo.name(meeting),
            geo.name(across)
        );
        // Turning the globe turns the discs: 6N is no longer below 14N.
        let turned = white.rotated(90);
        assert_ne!(step(turned, "14N", Dir::Down), "6N");
        assert_eq!(white.rotated(360), white);
    }
}
