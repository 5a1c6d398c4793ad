//! Board geometry as data: cell names, drawing places, colours, and the
//! neighbour, ray and leap tables that move generation walks.
//!
//! A [`Geometry`] is built once per board and shared (`&'static`) by every
//! game on it. Move generation reads its tables and never does coordinate
//! arithmetic.

use super::bitboard::BitTables;
use super::cell::{Cell, CellSet};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The eight compass directions of a grid, `North` being towards higher ranks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Direction {
    /// Up the board (rank + 1).
    North,
    /// Rank + 1, file + 1.
    NorthEast,
    /// File + 1.
    East,
    /// Rank − 1, file + 1.
    SouthEast,
    /// Rank − 1.
    South,
    /// Rank − 1, file − 1.
    SouthWest,
    /// File − 1.
    West,
    /// Rank + 1, file − 1.
    NorthWest,
}

impl Direction {
    /// All eight, clockwise from North.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];
    /// The four orthogonal directions (the order of a grid's orthogonal rays).
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
    /// The four diagonal directions (the order of a grid's diagonal rays).
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// The (file, rank) offset of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// Whether the direction is a diagonal one.
    pub const fn is_diagonal(self) -> bool {
        (self as u8) % 2 == 1
    }
}

/// The two kinds of line a slider follows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LineKind {
    /// Rook lines: across edges.
    Orthogonal,
    /// Bishop lines: across corners.
    Diagonal,
}

/// What a cell shares with one of its neighbours.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Across {
    /// A whole edge (an orthogonal step).
    Edge,
    /// A corner only (a diagonal step).
    Corner,
}

/// One neighbour of a cell, and what the two share.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Neighbour {
    /// The neighbouring cell.
    pub cell: Cell,
    /// Whether it lies across an edge or a corner.
    pub across: Across,
}

/// A leap pattern: every (±a, ±b) and (±b, ±a) offset on a grid, given by
/// its data on other boards. Leaps are never blocked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Leap {
    /// (0,1): one orthogonal step.
    Wazir,
    /// (1,1): one diagonal step.
    Ferz,
    /// (0,2).
    Dabbaba,
    /// (1,2).
    Knight,
    /// (2,2).
    Alfil,
    /// (0,3).
    Threeleaper,
    /// (1,3).
    Camel,
    /// (2,3).
    Zebra,
    /// (3,3).
    Tripper,
    /// (1,5), as the BacCanCat rulings name the Zemel.
    Zemel,
}

impl Leap {
    /// Every leap pattern, in table order.
    pub const ALL: [Leap; 10] = [
        Leap::Wazir,
        Leap::Ferz,
        Leap::Dabbaba,
        Leap::Knight,
        Leap::Alfil,
        Leap::Threeleaper,
        Leap::Camel,
        Leap::Zebra,
        Leap::Tripper,
        Leap::Zemel,
    ];

    /// The pattern's (a, b) offsets.
    pub const fn offsets(self) -> (i32, i32) {
        match self {
            Leap::Wazir => (0, 1),
            Leap::Ferz => (1, 1),
            Leap::Dabbaba => (0, 2),
            Leap::Knight => (1, 2),
            Leap::Alfil => (2, 2),
            Leap::Threeleaper => (0, 3),
            Leap::Camel => (1, 3),
            Leap::Zebra => (2, 3),
            Leap::Tripper => (3, 3),
            Leap::Zemel => (1, 5),
        }
    }
}

/// How a grid's cells are named.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellNaming {
    /// A file letter then a rank number starting at `first_rank` (`a1`, `a0`).
    FileRank {
        /// The number of the lowest rank (1 in chess, 0 in Chu Chess).
        first_rank: u8,
    },
    /// A file letter then a rank letter (`aa` … `pp`).
    TwoLetters,
}

/// What shape a board is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// A rectangle of `files` × `ranks` cells; cell index = rank × files + file.
    Grid {
        /// Number of files (columns).
        files: u8,
        /// Number of ranks (rows).
        ranks: u8,
    },
    /// A graph of cells given by data (the sphere).
    Graph,
}

/// A contiguous run of a flat table.
#[derive(Clone, Copy, Default, Debug)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    #[inline(always)]
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// Lists of cells per cell, stored flat: rays of one kind (several per cell)
/// or leap targets (one list per cell).
#[derive(Clone, Default, Debug)]
struct CellLists {
    cells: Vec<Cell>,
    lists: Vec<Span>,
    /// Per cell: which entries of `lists` are its own.
    by_cell: Vec<Span>,
}

impl CellLists {
    fn from_nested(nested: &[Vec<Vec<Cell>>]) -> CellLists {
        let mut out = CellLists::default();
        for per_cell in nested {
            let first = out.lists.len() as u32;
            for list in per_cell {
                out.lists.push(Span {
                    start: out.cells.len() as u32,
                    len: list.len() as u32,
                });
                out.cells.extend_from_slice(list);
            }
            out.by_cell.push(Span {
                start: first,
                len: per_cell.len() as u32,
            });
        }
        out
    }

    #[inline(always)]
    fn list(&self, cell: Cell, i: usize) -> &[Cell] {
        let span = self.lists[self.by_cell[cell.index()].start as usize + i];
        &self.cells[span.range()]
    }

    #[inline(always)]
    fn lists_of(&self, cell: Cell) -> impl Iterator<Item = &[Cell]> + '_ {
        let spans = &self.lists[self.by_cell[cell.index()].range()];
        spans.iter().map(move |s| &self.cells[s.range()])
    }

    #[inline(always)]
    fn count(&self, cell: Cell) -> usize {
        self.by_cell[cell.index()].len as usize
    }
}

/// The data a graph board is built from (see [`Geometry::graph`]).
#[derive(Clone, Debug, Default)]
pub struct GraphSpec {
    /// The board's identifier, e.g. `"sphere72"`.
    pub id: &'static str,
    /// Cell names, by index.
    pub names: Vec<String>,
    /// Where each cell is drawn (column, row) on a map of the board.
    pub places: Vec<(u8, u8)>,
    /// Which cells are light.
    pub light: Vec<bool>,
    /// Per cell, its orthogonal rays (cells in order, start excluded).
    pub orthogonal_rays: Vec<Vec<Vec<Cell>>>,
    /// Per cell, its diagonal rays.
    pub diagonal_rays: Vec<Vec<Vec<Cell>>>,
    /// Per cell, its knight targets.
    pub knight_targets: Vec<Vec<Cell>>,
    /// Per cell, every neighbour across an edge or a corner, in order round it.
    pub neighbours: Vec<Vec<Neighbour>>,
    /// Per cell, its corners as (longitude, latitude) in multiples of π,
    /// counter-clockwise seen from outside, for a board drawn on a sphere
    /// ([`crate::core::sphere`]); empty for one that is not.
    pub outlines: Vec<Vec<[f64; 2]>>,
}

/// A board's cells and the tables move generation walks; built once.
#[derive(Debug)]
pub struct Geometry {
    id: &'static str,
    shape: Shape,
    names: Vec<String>,
    by_name: HashMap<String, Cell>,
    places: Vec<(u8, u8)>,
    /// Graph only: each cell's corners on the sphere (see [`GraphSpec`]).
    outlines: Vec<Vec<[f64; 2]>>,
    light: CellSet,
    /// Grid only: the neighbour in each [`Direction`], per cell.
    steps: Vec<[Option<Cell>; 8]>,
    /// Per cell, its neighbours in order round it.
    neighbours: Vec<Vec<Neighbour>>,
    orthogonal: CellLists,
    diagonal: CellLists,
    /// Indexed by [`Leap`] as usize.
    leaps: Vec<CellLists>,
    /// The same tables as bitboards, for a grid of at most 64 cells;
    /// built the first time they are asked for.
    bit_tables: OnceLock<Option<Box<BitTables>>>,
    /// The same as `u128` bitboards, for a grid of at most 128 cells.
    wide_bit_tables: OnceLock<Option<Box<WideBitTables>>>,
}

/// Bitboard tables of a grid of at most 128 cells (Chu Chess's 10 × 10).
pub type WideBitTables = BitTables<u128, 128>;

impl Geometry {
    /// A rectangular board of `files` × `ranks` cells (at most 256).
    pub fn grid(id: &'static str, files: u8, ranks: u8, naming: CellNaming) -> Geometry {
        let (w, h) = (files as i32, ranks as i32);
        assert!(w * h <= 256 && w <= 26 && h <= 26, "grid too large");
        let at = |f: i32, r: i32| -> Option<Cell> {
            (0..w)
                .contains(&f)
                .then_some(())
                .and_then(|_| (0..h).contains(&r).then(|| Cell((r * w + f) as u8)))
        };
        let mut names = Vec::new();
        let mut places = Vec::new();
        let mut light = CellSet::new();
        let mut steps = Vec::new();
        let mut orth = Vec::new();
        let mut diag = Vec::new();
        let mut leaps: Vec<Vec<Vec<Vec<Cell>>>> = vec![Vec::new(); Leap::ALL.len()];
        for r in 0..h {
            for f in 0..w {
                let file = (b'a' + f as u8) as char;
                names.push(match naming {
                    CellNaming::FileRank { first_rank } => {
                        format!("{}{}", file, r + first_rank as i32)
                    }
                    CellNaming::TwoLetters => format!("{}{}", file, (b'a' + r as u8) as char),
                });
                places.push((f as u8, r as u8));
                if (f + r) % 2 == 1 {
                    light.insert(Cell((r * w + f) as u8));
                }
                let mut cell_steps = [None; 8];
                for d in Direction::ALL {
                    let (df, dr) = d.delta();
                    cell_steps[d as usize] = at(f + df, r + dr);
                }
                steps.push(cell_steps);
                let ray = |d: Direction| {
                    let (df, dr) = d.delta();
                    let mut out = Vec::new();
                    let (mut cf, mut cr) = (f + df, r + dr);
                    while let Some(c) = at(cf, cr) {
                        out.push(c);
                        cf += df;
                        cr += dr;
                    }
                    out
                };
                orth.push(Direction::ORTHOGONAL.iter().map(|&d| ray(d)).collect());
                diag.push(Direction::DIAGONAL.iter().map(|&d| ray(d)).collect());
                for leap in Leap::ALL {
                    let (a, b) = leap.offsets();
                    let mut targets = Vec::new();
                    for (x, y) in [(a, b), (b, a)] {
                        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            if let Some(c) = at(f + sx * x, r + sy * y)
                                && !targets.contains(&c)
                            {
                                targets.push(c);
                            }
                        }
                    }
                    leaps[leap as usize].push(vec![targets]);
                }
            }
        }
        let by_name = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), Cell(i as u8)))
            .collect();
        let neighbours = steps
            .iter()
            .map(|cell_steps| {
                Direction::ALL
                    .iter()
                    .filter_map(|&d| {
                        cell_steps[d as usize].map(|cell| Neighbour {
                            cell,
                            across: if d.is_diagonal() {
                                Across::Corner
                            } else {
                                Across::Edge
                            },
                        })
                    })
                    .collect()
            })
            .collect();
        Geometry {
            id,
            shape: Shape::Grid { files, ranks },
            names,
            by_name,
            places,
            outlines: Vec::new(),
            light,
            steps,
            neighbours,
            orthogonal: CellLists::from_nested(&orth),
            diagonal: CellLists::from_nested(&diag),
            leaps: leaps.iter().map(|l| CellLists::from_nested(l)).collect(),
            bit_tables: OnceLock::new(),
            wide_bit_tables: OnceLock::new(),
        }
    }

    /// A board given as a graph of cells (the sphere). Wazir and Ferz leaps
    /// are the first cells of the orthogonal and diagonal rays.
    pub fn graph(spec: GraphSpec) -> Geometry {
        let n = spec.names.len();
        assert!(n <= 256, "graph too large");
        let mut light = CellSet::new();
        for (i, l) in spec.light.iter().enumerate() {
            if *l {
                light.insert(Cell(i as u8));
            }
        }
        let first_steps = |rays: &Vec<Vec<Vec<Cell>>>| -> Vec<Vec<Vec<Cell>>> {
            rays.iter()
                .map(|per| vec![per.iter().filter_map(|r| r.first().copied()).collect()])
                .collect()
        };
        let mut leaps = vec![CellLists::from_nested(&vec![vec![Vec::new()]; n]); Leap::ALL.len()];
        leaps[Leap::Wazir as usize] = CellLists::from_nested(&first_steps(&spec.orthogonal_rays));
        leaps[Leap::Ferz as usize] = CellLists::from_nested(&first_steps(&spec.diagonal_rays));
        let knights: Vec<Vec<Vec<Cell>>> = spec
            .knight_targets
            .iter()
            .map(|t| vec![t.clone()])
            .collect();
        leaps[Leap::Knight as usize] = CellLists::from_nested(&knights);
        let by_name = spec
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), Cell(i as u8)))
            .collect();
        Geometry {
            id: spec.id,
            shape: Shape::Graph,
            by_name,
            names: spec.names,
            places: spec.places,
            outlines: spec.outlines,
            light,
            steps: vec![[None; 8]; n],
            neighbours: spec.neighbours,
            orthogonal: CellLists::from_nested(&spec.orthogonal_rays),
            diagonal: CellLists::from_nested(&spec.diagonal_rays),
            leaps,
            bit_tables: OnceLock::new(),
            wide_bit_tables: OnceLock::new(),
        }
    }

    /// The 8 × 8 chess board (`a1` … `h8`).
    pub fn chess8() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| Geometry::grid("8x8", 8, 8, CellNaming::FileRank { first_rank: 1 }))
    }

    /// The movement tables as bitboards ([`BitTables`]), for a grid of at
    /// most 64 cells; `None` for a larger board or a graph.
    #[inline]
    pub fn bit_tables(&self) -> Option<&BitTables> {
        self.bit_tables
            .get_or_init(|| <BitTables>::build(self).map(Box::new))
            .as_deref()
    }

    /// The movement tables as `u128` bitboards ([`WideBitTables`]), for a
    /// grid of at most 128 cells; `None` for a larger board or a graph.
    #[inline]
    pub fn wide_bit_tables(&self) -> Option<&WideBitTables> {
        self.wide_bit_tables
            .get_or_init(|| WideBitTables::build(self).map(Box::new))
            .as_deref()
    }

    /// The board's identifier.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of files and ranks of a grid; `None` for a graph.
    pub fn grid_size(&self) -> Option<(u8, u8)> {
        match self.shape {
            Shape::Grid { files, ranks } => Some((files, ranks)),
            Shape::Graph => None,
        }
    }

    /// How many cells the board has.
    pub fn cell_count(&self) -> usize {
        self.names.len()
    }

    /// Every cell, in index order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.names.len()).map(|i| Cell(i as u8))
    }

    /// The cell's name (`e4`, `a0`, `pp`, `14N`).
    pub fn name(&self, cell: Cell) -> &str {
        self.names.get(cell.index()).map_or("?", |s| s.as_str())
    }

    /// The cell with this name.
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.by_name.get(name).copied()
    }

    /// Where the cell is drawn: (file, rank) on a grid, (column, row) of the
    /// map on a graph.
    pub fn place(&self, cell: Cell) -> (u8, u8) {
        self.places.get(cell.index()).copied().unwrap_or((0, 0))
    }

    /// The corners of `cell` on the sphere as (longitude, latitude) in
    /// multiples of π, counter-clockwise seen from outside the sphere (a
    /// pole written at longitude 0): what a front end draws the cell's
    /// edges from. Empty on a board not drawn on a sphere.
    pub fn outline(&self, cell: Cell) -> &[[f64; 2]] {
        self.outlines.get(cell.index()).map_or(&[], Vec::as_slice)
    }

    /// The grid cell at (file, rank).
    pub fn at(&self, file: i32, rank: i32) -> Option<Cell> {
        match self.shape {
            Shape::Grid { files, ranks }
                if (0..files as i32).contains(&file) && (0..ranks as i32).contains(&rank) =>
            {
                Some(Cell((rank * files as i32 + file) as u8))
            }
            _ => None,
        }
    }

    /// The file (column) of a grid cell.
    #[inline(always)]
    pub fn file(&self, cell: Cell) -> u8 {
        self.places[cell.index()].0
    }

    /// The rank (row) of a grid cell.
    #[inline(always)]
    pub fn rank(&self, cell: Cell) -> u8 {
        self.places[cell.index()].1
    }

    /// How many King steps apart two cells of a grid are (the larger of
    /// their file and rank differences).
    #[inline(always)]
    pub fn king_distance(&self, a: Cell, b: Cell) -> i32 {
        let df = (i32::from(self.file(a)) - i32::from(self.file(b))).abs();
        let dr = (i32::from(self.rank(a)) - i32::from(self.rank(b))).abs();
        df.max(dr)
    }

    /// Whether the cell is a light one.
    #[inline(always)]
    pub fn is_light(&self, cell: Cell) -> bool {
        self.light.contains(cell)
    }

    /// The neighbour of a grid cell in direction `d`.
    #[inline(always)]
    pub fn step(&self, cell: Cell, d: Direction) -> Option<Cell> {
        self.steps[cell.index()][d as usize]
    }

    /// Every neighbour of `cell` across an edge or a corner, in order round
    /// it: clockwise from North on a grid, as the data gives them on a graph.
    pub fn neighbours(&self, cell: Cell) -> &[Neighbour] {
        self.neighbours.get(cell.index()).map_or(&[], Vec::as_slice)
    }

    /// Every ray of `kind` from `cell`: the cells a slider passes, in order.
    #[inline(always)]
    pub fn rays(&self, cell: Cell, kind: LineKind) -> impl Iterator<Item = &[Cell]> + '_ {
        self.lines(kind).lists_of(cell)
    }

    /// How many rays of `kind` leave `cell` (4 on a grid, including empty ones).
    #[inline(always)]
    pub fn ray_count(&self, cell: Cell, kind: LineKind) -> usize {
        self.lines(kind).count(cell)
    }

    /// The `i`-th ray of `kind` from `cell`. On a grid the orthogonal rays are
    /// in [`Direction::ORTHOGONAL`] order and the diagonal ones in
    /// [`Direction::DIAGONAL`] order.
    #[inline(always)]
    pub fn ray(&self, cell: Cell, kind: LineKind, i: usize) -> &[Cell] {
        self.lines(kind).list(cell, i)
    }

    /// The ray from a grid cell in direction `d`.
    #[inline(always)]
    pub fn ray_towards(&self, cell: Cell, d: Direction) -> &[Cell] {
        if d.is_diagonal() {
            self.diagonal.list(cell, d as usize / 2)
        } else {
            self.orthogonal.list(cell, d as usize / 2)
        }
    }

    /// The cells a `leap` from `cell` lands on.
    #[inline(always)]
    pub fn leaps(&self, cell: Cell, leap: Leap) -> &[Cell] {
        self.leaps[leap as usize].list(cell, 0)
    }

    #[inline(always)]
    fn lines(&self, kind: LineKind) -> &CellLists {
        match kind {
            LineKind::Orthogonal => &self.orthogonal,
            LineKind::Diagonal => &self.diagonal,
        }
    }
}

/// One cell of a board made of polygons, for [`trace_polygons`]: the cells
/// around it by index, corners counted in order round it.
#[derive(Clone, Debug, Default)]
pub struct Polygon {
    /// The cell across each edge; edge `j` runs from corner `j` to corner `j + 1`.
    pub across_edges: Vec<usize>,
    /// The cell diagonally opposite at each corner: the only one sharing
    /// that corner but no edge.
    pub across_corners: Vec<usize>,
}

impl Polygon {
    /// Whether a straight line passes through the cell: only a quadrilateral
    /// has an opposite side to leave by; a line entering any other cell ends there.
    fn passes_lines(&self) -> bool {
        self.across_edges.len() == 4
    }
}

/// The movement tables [`trace_polygons`] works out, ready for a [`GraphSpec`].
#[derive(Clone, Debug, Default)]
pub struct PolygonTables {
    /// Per cell, its neighbours round it: corner 0, edge 0, corner 1, edge 1, …
    pub neighbours: Vec<Vec<Neighbour>>,
    /// Per cell, one orthogonal ray per edge.
    pub orthogonal_rays: Vec<Vec<Vec<Cell>>>,
    /// Per cell, one diagonal ray per corner.
    pub diagonal_rays: Vec<Vec<Vec<Cell>>>,
    /// Per cell, its knight targets.
    pub knight_targets: Vec<Vec<Cell>>,
}

/// Traces the lines of a board made of polygons in which every corner
/// touches four cells (the sphere):
///
/// - an orthogonal line crosses an edge and leaves a quadrilateral by the
///   opposite edge; a diagonal line crosses a corner and leaves by the
///   opposite corner;
/// - a ray ends on the first cell that is not a quadrilateral (a triangle)
///   it enters, and a piece on one may leave by any edge or corner;
/// - a ray that comes round a closed loop stops before its own cell;
/// - a knight crosses an edge into A, goes on straight into B (by either
///   other edge when A is a triangle), then steps sideways across an edge
///   of B touching the one it entered by; it never lands on its own cell
///   or a neighbour of it.
pub fn trace_polygons(cells: &[Polygon]) -> PolygonTables {
    let mut tables = PolygonTables::default();
    for (start, poly) in cells.iter().enumerate() {
        let mut around = Vec::new();
        for (j, &edge) in poly.across_edges.iter().enumerate() {
            if let Some(&corner) = poly.across_corners.get(j) {
                around.push(neighbour(corner, Across::Corner));
            }
            around.push(neighbour(edge, Across::Edge));
        }
        let rays = |across: fn(&Polygon) -> &Vec<usize>| -> Vec<Vec<Cell>> {
            across(poly)
                .iter()
                .map(|&first| trace_ray(cells, start, first, across))
                .collect()
        };
        tables.orthogonal_rays.push(rays(|p| &p.across_edges));
        tables.diagonal_rays.push(rays(|p| &p.across_corners));
        let touching: Vec<usize> = around.iter().map(|n| n.cell.index()).collect();
        tables.knight_targets.push(
            knight_landings(cells, start)
                .into_iter()
                .filter(|t| *t != start && !touching.contains(t))
                .map(|t| Cell(t as u8))
                .collect(),
        );
        tables.neighbours.push(around);
    }
    tables
}

fn neighbour(index: usize, across: Across) -> Neighbour {
    Neighbour {
        cell: Cell(index as u8),
        across,
    }
}

/// The cell after `here` on a straight line that entered it from `from`,
/// through the side `across` lists; `None` where the line ends.
fn straight_on(
    cells: &[Polygon],
    from: usize,
    here: usize,
    across: fn(&Polygon) -> &Vec<usize>,
) -> Option<usize> {
    let poly = &cells[here];
    if !poly.passes_lines() {
        return None;
    }
    let sides = across(poly);
    let entry = sides.iter().position(|&c| c == from)?;
    sides.get((entry + 2) % 4).copied()
}

/// The ray from `start` whose first cell is `first`.
fn trace_ray(
    cells: &[Polygon],
    start: usize,
    first: usize,
    across: fn(&Polygon) -> &Vec<usize>,
) -> Vec<Cell> {
    let mut ray = Vec::new();
    let (mut from, mut here) = (start, first);
    while here != start && !ray.contains(&Cell(here as u8)) && here < cells.len() {
        ray.push(Cell(here as u8));
        match straight_on(cells, from, here, across) {
            Some(next) => (from, here) = (here, next),
            None => break,
        }
    }
    ray
}

/// Every cell the knight's construction reaches from `start`, before the
/// cells touching `start` are taken out; each once.
fn knight_landings(cells: &[Polygon], start: usize) -> Vec<usize> {
    // The edges of `cell` a path entering it from `from` may leave by:
    // `straight` asks for the opposite edge (any other edge of a triangle),
    // otherwise the two edges beside the entry edge (any other of a triangle).
    let exits = |from: usize, cell: usize, straight: bool| -> Vec<usize> {
        let edges = &cells[cell].across_edges;
        let Some(entry) = edges.iter().position(|&c| c == from) else {
            return Vec::new();
        };
        let n = edges.len();
        (1..n)
            .filter(|&k| n != 4 || (k == 2) == straight)
            .map(|k| edges[(entry + k) % n])
            .collect()
    };
    let mut out = Vec::new();
    for &a in &cells[start].across_edges {
        for b in exits(start, a, true) {
            for target in exits(a, b, false) {
                if !out.contains(&target) {
                    out.push(target);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
