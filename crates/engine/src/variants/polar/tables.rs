//! The 72-cell sphere as tables, built once from the board's data
//! (`data/polar/geometry.json`): names, colours, ranks, the lines every
//! piece follows (traced by the core's polygon tracer) and the pawns'
//! forward steps, capture diagonals and double steps for each army.

use crate::core::bitboard::BitSet;
use crate::core::geometry::{GraphSpec, Polygon, trace_polygons};
use crate::core::line_sets::LineSets;
use crate::core::{Cell, CellSet, Geometry, Seat};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The board's data, as the repository keeps it.
const GEOMETRY_JSON: &str = include_str!("../../../../../data/polar/geometry.json");

/// How far apart two progress values must be to count as different (the
/// data's exact ties, such as 15N and 23N, are sideways).
const TIE: f64 = 1e-9;

/// One cell as `geometry.json` describes it (the fields the game needs).
#[derive(Deserialize)]
struct CellData {
    name: String,
    shape: String,
    colour: String,
    group: u8,
    slot: u8,
    /// Corners as (longitude, latitude) in multiples of π.
    vertices: Vec<[f64; 2]>,
    edge_neighbours: Vec<String>,
    vertex_neighbours: Vec<String>,
    rank_from_north: u8,
}

#[derive(Deserialize)]
struct Pole {
    central: Vec<String>,
}

#[derive(Deserialize)]
struct Poles {
    north: Pole,
    south: Pole,
}

#[derive(Deserialize)]
struct GeometryData {
    cells: Vec<CellData>,
    poles: Poles,
}

/// Per army (White 0, Black 1), a list of cells for every cell.
type PerArmy<T> = [Vec<Vec<T>>; 2];

/// The sphere and every table the rules of Polar chess read.
pub struct PolarBoard {
    geo: Geometry,
    triangles: CellSet,
    rank_from_north: Vec<u8>,
    forward_edges: PerArmy<Cell>,
    forward_diagonals: PerArmy<Cell>,
    double_steps: PerArmy<(Cell, Cell)>,
    pawn_attackers: PerArmy<Cell>,
    /// Per army, per cell: `pawn_attackers` as a set.
    pawn_attacker_bits: [Vec<u128>; 2],
    /// The board's lines and leaps as bitboards.
    line_sets: LineSets<u128>,
    promotion: [CellSet; 2],
}

/// Why the sphere's data in the repository does not make a board.
#[derive(Debug, thiserror::Error)]
enum DataFault {
    /// It is not the JSON expected.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A neighbour or pole names no cell.
    #[error("no cell {}", crate::text::quoted(.0))]
    NoCell(String),
    /// More cells than a bitboard holds.
    #[error("the sphere has too many cells")]
    TooManyCells,
}

/// The board, built on first use.
pub fn polar_board() -> &'static PolarBoard {
    static BOARD: OnceLock<PolarBoard> = OnceLock::new();
    BOARD.get_or_init(|| match PolarBoard::from_json(GEOMETRY_JSON) {
        Ok(board) => board,
        Err(e) => panic!("the polar board data in the repository is broken: {e}"),
    })
}

/// The unit vector of a point given in multiples of π.
fn unit_vector([lon, lat]: [f64; 2]) -> [f64; 3] {
    let (lon, lat) = (lon * std::f64::consts::PI, lat * std::f64::consts::PI);
    [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
}

/// How far north a cell's centre lies: the height of the normalised mean
/// of its corners' unit vectors (White's progress falls with it, Black's rises).
fn centre_height(vertices: &[[f64; 2]]) -> f64 {
    let mut sum = [0.0; 3];
    for &v in vertices {
        for (s, x) in sum.iter_mut().zip(unit_vector(v)) {
            *s += x;
        }
    }
    let norm = sum.iter().map(|x| x * x).sum::<f64>().sqrt();
    sum[2] / norm
}

impl PolarBoard {
    fn from_json(text: &str) -> Result<PolarBoard, DataFault> {
        let data: GeometryData = serde_json::from_str(text)?;
        let index: HashMap<&str, usize> = data
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.as_str(), i))
            .collect();
        let look_up = |names: &[String]| -> Result<Vec<usize>, DataFault> {
            names
                .iter()
                .map(|n| {
                    index
                        .get(n.as_str())
                        .copied()
                        .ok_or_else(|| DataFault::NoCell(n.clone()))
                })
                .collect()
        };
        let mut polygons = Vec::new();
        for c in &data.cells {
            polygons.push(Polygon {
                across_edges: look_up(&c.edge_neighbours)?,
                across_corners: look_up(&c.vertex_neighbours)?,
            });
        }
        let traced = trace_polygons(&polygons);
        let cell_set = |names: &[String]| -> Result<CellSet, DataFault> {
            Ok(look_up(names)?.into_iter().map(|i| Cell(i as u8)).collect())
        };
        let promotion = [
            cell_set(&data.poles.south.central)?,
            cell_set(&data.poles.north.central)?,
        ];
        let geo = Geometry::graph(GraphSpec {
            id: "sphere72",
            names: data.cells.iter().map(|c| c.name.clone()).collect(),
            places: data.cells.iter().map(|c| (c.group, c.slot)).collect(),
            light: data.cells.iter().map(|c| c.colour == "light").collect(),
            orthogonal_rays: traced.orthogonal_rays,
            diagonal_rays: traced.diagonal_rays,
            knight_targets: traced.knight_targets,
            neighbours: traced.neighbours,
            outlines: data.cells.iter().map(|c| c.vertices.clone()).collect(),
        });
        let triangles: CellSet = data
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.shape == "tri")
            .map(|(i, _)| Cell(i as u8))
            .collect();
        let height: Vec<f64> = data
            .cells
            .iter()
            .map(|c| centre_height(&c.vertices))
            .collect();
        let line_sets = LineSets::build(&geo).ok_or(DataFault::TooManyCells)?;
        let mut board = PolarBoard {
            line_sets,
            pawn_attacker_bits: Default::default(),
            geo,
            triangles,
            rank_from_north: data.cells.iter().map(|c| c.rank_from_north).collect(),
            forward_edges: Default::default(),
            forward_diagonals: Default::default(),
            double_steps: Default::default(),
            pawn_attackers: Default::default(),
            promotion,
        };
        for army in 0..2 {
            // White's progress grows southwards, Black's northwards.
            let sign = if army == 0 { 1.0 } else { -1.0 };
            let ahead = |from: usize, to: usize| sign * (height[from] - height[to]) > TIE;
            let n = polygons.len();
            let forward = |across: fn(&Polygon) -> &Vec<usize>| -> Vec<Vec<Cell>> {
                (0..n)
                    .map(|from| {
                        across(&polygons[from])
                            .iter()
                            .filter(|&&to| ahead(from, to))
                            .map(|&to| Cell(to as u8))
                            .collect()
                    })
                    .collect()
            };
            board.forward_edges[army] = forward(|p| &p.across_edges);
            board.forward_diagonals[army] = forward(|p| &p.across_corners);
            let double_steps = (0..n)
                .map(|from| board.straight_double_steps(army, from, &polygons, &ahead))
                .collect();
            board.double_steps[army] = double_steps;
            let mut attackers = vec![Vec::new(); n];
            for (from, targets) in board.forward_diagonals[army].iter().enumerate() {
                for to in targets {
                    attackers[to.index()].push(Cell(from as u8));
                }
            }
            board.pawn_attacker_bits[army] = attackers
                .iter()
                .map(|cells| cells.iter().fold(0u128, |b, &c| b | u128::bit(c)))
                .collect();
            board.pawn_attackers[army] = attackers;
        }
        Ok(board)
    }

    /// The straight two-cell advances of `army` from `from`: a forward edge
    /// into a quad, then on through its opposite edge to a forward cell
    /// that is no triangle.
    fn straight_double_steps(
        &self,
        army: usize,
        from: usize,
        polygons: &[Polygon],
        ahead: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<(Cell, Cell)> {
        let mut out = Vec::new();
        for &middle in &self.forward_edges[army][from] {
            let edges = &polygons[middle.index()].across_edges;
            if self.is_triangle(middle) || edges.len() != 4 {
                continue;
            }
            let Some(entry) = edges.iter().position(|&c| c == from) else {
                continue;
            };
            let landing = edges[(entry + 2) % 4];
            if ahead(middle.index(), landing) && !self.is_triangle(Cell(landing as u8)) {
                out.push((middle, Cell(landing as u8)));
            }
        }
        out
    }

    /// The board's cells and lines.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// Whether `cell` is one of the eight triangles on the equator.
    #[inline(always)]
    pub fn is_triangle(&self, cell: Cell) -> bool {
        self.triangles.contains(cell)
    }

    /// How many king steps `cell` lies from `seat`'s home central cells
    /// (0 there, 5 on the enemy's central cells).
    pub fn rank_from_home(&self, seat: Seat, cell: Cell) -> u8 {
        let from_north = self.rank_from_north.get(cell.index()).copied().unwrap_or(0);
        if seat == Seat::WHITE {
            from_north
        } else {
            5 - from_north.min(5)
        }
    }

    /// The cells across an edge that take `seat`'s pawn on `from` further
    /// from its home pole.
    #[inline(always)]
    pub fn forward_edges(&self, seat: Seat, from: Cell) -> &[Cell] {
        &self.forward_edges[seat.index() & 1][from.index()]
    }

    /// The cells across a corner that take `seat`'s pawn on `from` further
    /// from its home pole: where it captures.
    #[inline(always)]
    pub fn forward_diagonals(&self, seat: Seat, from: Cell) -> &[Cell] {
        &self.forward_diagonals[seat.index() & 1][from.index()]
    }

    /// `seat`'s straight double steps from `from`, as (middle, landing).
    #[inline(always)]
    pub fn double_steps(&self, seat: Seat, from: Cell) -> &[(Cell, Cell)] {
        &self.double_steps[seat.index() & 1][from.index()]
    }

    /// The cells from which a pawn of `seat` captures on `target`.
    #[inline(always)]
    pub fn pawn_attackers(&self, seat: Seat, target: Cell) -> &[Cell] {
        &self.pawn_attackers[seat.index() & 1][target.index()]
    }

    /// The cells from which a pawn of `seat` captures on `target`, as a set.
    #[inline(always)]
    pub fn pawn_attacker_bits(&self, seat: Seat, target: Cell) -> u128 {
        self.pawn_attacker_bits[seat.index() & 1]
            .get(target.index())
            .copied()
            .unwrap_or(0)
    }

    /// The board's lines and leaps as `u128` bitboards.
    #[inline(always)]
    pub fn line_sets(&self) -> &LineSets<u128> {
        &self.line_sets
    }

    /// The four enemy central cells, where `seat`'s pawns promote.
    #[inline(always)]
    pub fn promotion_cells(&self, seat: Seat) -> CellSet {
        self.promotion[seat.index() & 1]
    }

    /// The four central cells round `seat`'s home pole.
    pub fn home_cells(&self, seat: Seat) -> CellSet {
        self.promotion[(seat.index() & 1) ^ 1]
    }
}
