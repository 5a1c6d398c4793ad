//! Where the sphere's cells lie: each hemisphere as concentric rings round
//! its pole (the 4 central cells, the ring of 12, the band of 20 with the
//! triangles on the equator), the order the cell list walks them in, the
//! compass word from one cell to another, and where each cell lies on the
//! map of its hemisphere.
//!
//! A graph board's drawing places are, for the sphere, the octant and the
//! slot in it (`geometry.json`'s `group` and `slot`; see
//! `docs/rules/polar-geometry.md`): octant `g` has its centre at longitude `⌊g/2⌋ · 90°`, in the northern (White's)
//! hemisphere for even `g`; slot 8 is the central cell, 5–7 the ring (east,
//! corner, west), 0–4 the band (the triangle, then quads west and east of
//! it). Everything here is read from those places and the geometry's
//! ordered neighbours.

use crate::core::{Cell, Geometry};

/// The three rings of a hemisphere, from its pole outwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Circle {
    /// The 4 central cells meeting at the pole.
    Central,
    /// The ring of 12 round them.
    Ring,
    /// The band of 20, down to the equator (4 triangles, 16 quads).
    Band,
}

impl Circle {
    /// Every ring, from the pole outwards.
    pub const ALL: [Circle; 3] = [Circle::Central, Circle::Ring, Circle::Band];

    /// How many cells the ring holds.
    pub const fn cell_count(self) -> u8 {
        match self {
            Circle::Central => 4,
            Circle::Ring => 12,
            Circle::Band => 20,
        }
    }

    /// The ring in words, for the list's headings and the line mode.
    pub const fn words(self) -> &'static str {
        match self {
            Circle::Central => "the four central cells",
            Circle::Ring => "the ring of twelve",
            Circle::Band => "the band of twenty",
        }
    }

    /// How far from the pole the ring is drawn (in ring widths).
    fn radius(self) -> f64 {
        match self {
            Circle::Central => 1.0,
            Circle::Ring => 2.0,
            Circle::Band => 3.0,
        }
    }
}

/// Where one cell lies on the globe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    /// In the northern hemisphere, round White's pole.
    pub north: bool,
    /// Its ring.
    pub ring: Circle,
    /// Its place round the ring, counted eastwards from the west end of
    /// octant 0's share (0 ..  `ring.cell_count()`).
    pub index: u8,
    /// Whether it is one of the equator's triangles.
    pub triangle: bool,
}

impl Spot {
    /// The spot of `cell`, read from its drawing place; `None` on a board
    /// that is not the sphere.
    pub fn of(geo: &Geometry, cell: Cell) -> Option<Spot> {
        let (octant, slot) = geo.place(cell);
        let quarter = octant / 2;
        let (ring, within) = match slot {
            8 => (Circle::Central, 0),
            7 => (Circle::Ring, 0),
            6 => (Circle::Ring, 1),
            5 => (Circle::Ring, 2),
            2 => (Circle::Band, 0),
            1 => (Circle::Band, 1),
            0 => (Circle::Band, 2),
            3 => (Circle::Band, 3),
            4 => (Circle::Band, 4),
            _ => return None,
        };
        (octant < 8 && geo.cell_count() == 72).then_some(Spot {
            north: octant % 2 == 0,
            ring,
            index: quarter * (ring.cell_count() / 4) + within,
            triangle: slot == 0,
        })
    }

    /// The centre's longitude in degrees, east of octant 0's centre.
    pub fn longitude(self) -> f64 {
        let per = f64::from(self.ring.cell_count() / 4);
        let step = 90.0 / per;
        let quarter = f64::from(self.index / (self.ring.cell_count() / 4));
        let within = f64::from(self.index % (self.ring.cell_count() / 4));
        let offset = (within - (per - 1.0) / 2.0)
            * match self.ring {
                Circle::Band => 18.0,
                _ => step,
            };
        quarter * 90.0 + offset
    }

    /// The centre's latitude in degrees (north positive), near enough for
    /// compass words: the central cells at 70°, the ring at 33–44°, the
    /// band at 6–15°.
    pub fn latitude(self) -> f64 {
        let within = self.index % (self.ring.cell_count() / 4);
        let lat = match (self.ring, within) {
            (Circle::Central, _) => 70.0,
            (Circle::Ring, 1) => 33.0,
            (Circle::Ring, _) => 44.0,
            (Circle::Band, 2) => 6.0,
            (Circle::Band, 1 | 3) => 12.0,
            (Circle::Band, _) => 15.0,
        };
        if self.north { lat } else { -lat }
    }

    /// Where the cell is drawn on the map of the hemisphere round the pole
    /// of `north`, in ring widths from that pole (x rightwards, y
    /// downwards): each disc is seen from outside the sphere above its
    /// pole, longitude 0 at the bottom; a cell of the other hemisphere lies
    /// beyond the equator, mirrored outwards.
    pub fn map_point(self, north: bool) -> (f64, f64) {
        let radius = if self.north == north {
            self.ring.radius()
        } else {
            7.0 - self.ring.radius()
        };
        let lon = self.longitude().to_radians();
        let turn = if north { lon } else { -lon };
        (radius * turn.sin(), radius * turn.cos())
    }
}

/// Every cell of the sphere in the cell list's order: ring by ring away
/// from White's pole (its central cells, its ring, its band, then the
/// other band, ring and central cells), each ring eastwards round the
/// sphere. Empty on a board that is not the sphere.
pub fn list_order(geo: &Geometry) -> Vec<Cell> {
    let mut cells: Vec<(u8, u8, Cell)> = geo
        .cells()
        .filter_map(|c| Spot::of(geo, c).map(|s| (rank_from_white(s), s.index, c)))
        .collect();
    if cells.len() != geo.cell_count() {
        return Vec::new();
    }
    cells.sort();
    cells.into_iter().map(|(_, _, c)| c).collect()
}

/// The ring's rank away from White's pole: 0 for its central cells to 5
/// for Black's.
pub fn rank_from_white(spot: Spot) -> u8 {
    let out = spot.ring as u8;
    if spot.north { out } else { 5 - out }
}

/// The cells of one ring, eastwards.
pub fn ring_cells(geo: &Geometry, north: bool, ring: Circle) -> Vec<Cell> {
    list_order(geo)
        .into_iter()
        .filter(|c| Spot::of(geo, *c).is_some_and(|s| s.north == north && s.ring == ring))
        .collect()
}

/// The cell on the other side of the equator at the same place of the
/// same ring (the globe turned over); `cell` itself off the sphere.
pub fn mirror(geo: &Geometry, cell: Cell) -> Cell {
    let Some(spot) = Spot::of(geo, cell) else {
        return cell;
    };
    geo.cells()
        .find(|c| {
            Spot::of(geo, *c).is_some_and(|s| {
                s.north != spot.north && s.ring == spot.ring && s.index == spot.index
            })
        })
        .unwrap_or(cell)
}

/// The compass word from `from` to its neighbour `to` on the globe, north
/// being White's pole: the initial bearing of the great circle between
/// the two centres, in eight sectors ("north-east").
pub fn compass(geo: &Geometry, from: Cell, to: Cell) -> &'static str {
    let (Some(a), Some(b)) = (Spot::of(geo, from), Spot::of(geo, to)) else {
        return "here";
    };
    let (lat1, lat2) = (a.latitude().to_radians(), b.latitude().to_radians());
    let dlon = (b.longitude() - a.longitude()).to_radians();
    let y = dlon.sin() * lat2.cos();
    let x = lat1.cos() * lat2.sin() - lat1.sin() * lat2.cos() * dlon.cos();
    let bearing = y.atan2(x).to_degrees().rem_euclid(360.0);
    const WORDS: [&str; 8] = [
        "north",
        "north-east",
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
    ];
    WORDS[((bearing + 22.5) / 45.0) as usize % 8]
}

/// The corners of `cell` on the sphere as (longitude, latitude) in
/// degrees (longitude east of octant 0's centre, in −180 … 180; latitude
/// north positive), in order round the cell; `None` on a board that is
/// not the sphere. A pole corner is given at its neighbours' longitude, so
/// the edges to it run along meridians.
pub fn outline(geo: &Geometry, cell: Cell) -> Option<Vec<(f64, f64)>> {
    let raw = geo.outline(cell);
    if raw.is_empty() {
        return None;
    }
    let degrees = |v: &[f64; 2]| {
        let lon = (v[0] * 180.0 + 180.0).rem_euclid(360.0) - 180.0;
        (lon, v[1] * 180.0)
    };
    let mut corners: Vec<(f64, f64)> = raw.iter().map(degrees).collect();
    let n = corners.len();
    for i in 0..n {
        if corners[i].1.abs() >= 89.999 {
            // The pole: at the longitude between its two neighbours.
            let before = corners[(i + n - 1) % n].0;
            let after = corners[(i + 1) % n].0;
            let mut mid = (before + after) / 2.0;
            if (before - after).abs() > 180.0 {
                mid += 180.0;
            }
            corners[i].0 = (mid + 180.0).rem_euclid(360.0) - 180.0;
        }
    }
    Some(corners)
}

/// The centre of `cell` on the sphere as (longitude, latitude) in
/// degrees: the direction of the mean of its corners' unit vectors.
pub fn centre(geo: &Geometry, cell: Cell) -> Option<(f64, f64)> {
    let corners = outline(geo, cell)?;
    let mut sum = [0.0f64; 3];
    for (lon, lat) in &corners {
        let (lon, lat) = (lon.to_radians(), lat.to_radians());
        sum[0] += lat.cos() * lon.cos();
        sum[1] += lat.cos() * lon.sin();
        sum[2] += lat.sin();
    }
    let flat = (sum[0] * sum[0] + sum[1] * sum[1]).sqrt();
    Some((
        sum[1].atan2(sum[0]).to_degrees(),
        sum[2].atan2(flat).to_degrees(),
    ))
}

/// How wide a terminal character is against its height: the map is drawn
/// and stepped on in rows, its columns this many to a row.
pub const ASPECT: f64 = 2.0;

/// The gap between the two discs of the map, in disc radii.
pub const MAP_GAP: f64 = 0.12;

/// How the globe is shown: both hemispheres as discs side by side (an
/// azimuthal equidistant map of each, its pole at the centre and the
/// equator its rim), the near seat's pole on the left, each disc seen from
/// outside the sphere over its pole, turned `turn` degrees in longitude.
/// The discs meet at the meridian on the left disc's right, so a line
/// crossing the equator there runs on from one disc into the other;
/// turning the globe brings another meridian there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapView {
    /// Degrees the globe is turned eastwards.
    pub turn: f64,
    /// Whether the north (White's) pole is the left disc.
    pub north_left: bool,
}

impl MapView {
    /// Where the point at `lon`, `lat` (degrees) lies on the map: whether
    /// on the left disc, and (x, y) in disc radii from that disc's centre,
    /// x rightwards, y downwards (x not yet widened by [`ASPECT`]).
    pub fn disc_point(self, lon: f64, lat: f64) -> (bool, f64, f64) {
        let north = lat >= 0.0;
        let left = north == self.north_left;
        let rho = ((90.0 - lat.abs()) / 90.0).clamp(0.0, 1.0);
        let angle = (lon + self.turn).to_radians();
        let angle = if left { angle } else { -angle };
        (left, rho * angle.sin(), rho * angle.cos())
    }

    /// The point's place on the whole map in rows (x widened by
    /// [`ASPECT`]), the origin midway between the two discs' centres.
    pub fn place(self, lon: f64, lat: f64) -> (f64, f64) {
        let (left, x, y) = self.disc_point(lon, lat);
        let centre = if left {
            -(1.0 + MAP_GAP / 2.0)
        } else {
            1.0 + MAP_GAP / 2.0
        };
        (ASPECT * (centre + x), y)
    }

    /// Where `cell`'s centre lies on the whole map ([`MapView::place`]);
    /// `None` off the sphere.
    pub fn cell_place(self, geo: &Geometry, cell: Cell) -> Option<(f64, f64)> {
        let (lon, lat) = centre(geo, cell)?;
        Some(self.place(lon, lat))
    }
}

/// The cell the cursor starts on: the central cell of `north`'s pole at
/// longitude 0.
pub fn starting_cell(geo: &Geometry, north: bool) -> Option<Cell> {
    ring_cells(geo, north, Circle::Central).first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::core::Options;
    use crate::variants::Variant;

    fn sphere() -> crate::variants::AnyGame {
        Variant::Polar.new_game(&Options::new())
    }

    fn named(geo: &Geometry, name: &str) -> Cell {
        geo.cell(name).unwrap_or_else(|| panic!("no cell {name}"))
    }

    #[test]
    fn the_list_walks_the_rings_from_white_pole() {
        let game = sphere();
        let geo = game.geometry();
        let order = list_order(geo);
        assert_eq!(order.len(), 72);
        let names: Vec<&str> = order.iter().map(|c| geo.name(*c)).collect();
        // docs/rules/polar-geometry.md, "The poles": the north central
        // four in pole order, then the north ring in its east-going order
        // from 13N (west of 6N).
        assert_eq!(&names[..4], ["14N", "3E", "14S", "4E"]);
        assert_eq!(
            &names[4..16],
            [
                "13N", "6N", "15N", "23N", "2E", "22S", "13S", "6S", "15S", "23S", "5E", "22N"
            ]
        );
        assert_eq!(&names[68..], ["9N", "10E", "9S", "9E"]);
        let ranks: Vec<usize> = [4, 12, 20, 20, 12, 4].to_vec();
        let mut counts = vec![0; 6];
        for c in &order {
            let s = Spot::of(geo, *c).unwrap_or_else(|| panic!("a spot"));
            counts[rank_from_white(s) as usize] += 1;
        }
        assert_eq!(counts, ranks);
        // The triangles are the band's cells with six neighbours.
        for c in geo.cells() {
            let spot = Spot::of(geo, c).unwrap_or_else(|| panic!("a spot"));
            assert_eq!(
                spot.triangle,
                geo.neighbours(c).len() == 6,
                "{}",
                geo.name(c)
            );
        }
        assert!(list_order(Geometry::chess8()).is_empty());
    }

    #[test]
    fn the_mirror_is_the_equator_mirror_of_the_data() {
        let game = sphere();
        let geo = game.geometry();
        // geometry.json's equator_mirror: 2N|1N, 5N|4N, 15N|18N, 14N|9N.
        for (a, b) in [("2N", "1N"), ("5N", "4N"), ("15N", "18N"), ("14N", "9N")] {
            assert_eq!(geo.name(mirror(geo, named(geo, a))), b);
            assert_eq!(geo.name(mirror(geo, named(geo, b))), a);
        }
    }

    #[test]
    fn compass_words_follow_the_globe() {
        let game = sphere();
        let geo = game.geometry();
        let word = |a: &str, b: &str| compass(geo, named(geo, a), named(geo, b));
        // Across the pole from 14N lies 14S: due north over the pole.
        assert_eq!(word("14N", "14S"), "north");
        // 2N's mirror triangle lies across the equator.
        assert_eq!(word("2N", "1N"), "south");
        assert_eq!(word("1N", "2N"), "north");
        // 15N (ring, east of 6N) to 16N (band, far east): outward, south.
        assert_eq!(word("15N", "16N"), "south");
        assert!(["east", "north-east"].contains(&word("6N", "15N")));
        assert!(["west", "south-west"].contains(&word("15N", "6N")));
    }
}
