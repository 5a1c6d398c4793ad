//! Tables built once for the 16 × 16 board: each army's home cell, camp,
//! Pawn and Yeoman steps by cell, promotion cells, and the twelve camp
//! lines that refills watch.

use super::armies::{ARMIES, Frame};
use crate::core::{
    Cell, CellNaming, CellSet, Direction, Geometry, Leap, LineKind, PieceKind, Seat,
};
use arrayvec::ArrayVec;
use std::sync::OnceLock;

/// Cells on a 16 × 16 board.
const CELLS: usize = 256;

/// How many cells of an edge or the long diagonal lie in a camp.
pub const LINE_LENGTH: usize = 6;

/// How far from the corner (along its line) the original Pawn and Yeoman
/// cells stand: a refill piece nearer than this may double-step.
pub const ORIGINAL_DISTANCE: i32 = 5;

/// One camp's stretch of a board edge or of the long diagonal: when all
/// six cells are empty, the camp's army refills it.
#[derive(Clone, Copy, Debug)]
pub struct CampLine {
    /// The army whose camp it is.
    pub seat: Seat,
    /// The cells, from the board's corner outwards.
    pub cells: [Cell; LINE_LENGTH],
    /// What refills it: Pawns (edges, corner left empty) or Yeomen (diagonal, corner included).
    pub fill: PieceKind,
}

impl CampLine {
    /// The cells a refill puts a piece on.
    pub fn fill_cells(&self) -> &[Cell] {
        if self.fill == PieceKind::Pawn {
            &self.cells[1..]
        } else {
            &self.cells
        }
    }
}

/// The single steps and double steps of one kind of foot soldier, by cell.
#[derive(Clone, Debug)]
pub struct FootSteps {
    /// The non-capturing step.
    pub push: [Option<Cell>; CELLS],
    /// The double step's destination, where a refill piece may make one
    /// (its crossed cell is `push`).
    pub double: [Option<Cell>; CELLS],
    /// The capturing steps.
    pub captures: [[Option<Cell>; 2]; CELLS],
}

/// Everything per army.
#[derive(Clone, Debug)]
pub struct ArmyTable {
    /// The King's starting cell.
    pub home: Cell,
    /// The 6 × 6 camp.
    pub camp: CellSet,
    /// The cells on a completely enemy edge, where foot soldiers promote.
    pub promotion: CellSet,
    /// The cells of the camp's long diagonal, across the whole board.
    pub diagonal: CellSet,
    /// Pawn steps: forward along the axis on which the Pawn stands further
    /// from the camp's corner; none on the long diagonal itself.
    pub pawn: FootSteps,
    /// Yeoman steps: diagonally away from the corner, capturing by either
    /// orthogonal component.
    pub yeoman: FootSteps,
}

/// The tables of the BacCanCat board.
#[derive(Debug)]
pub struct Tables {
    /// The 16 × 16 board, cells named `aa` … `pp` (file then rank).
    pub geo: &'static Geometry,
    /// Per army, in turn order.
    pub armies: Vec<ArmyTable>,
    /// The twelve camp lines: three per army (its two edges and its
    /// diagonal), army by army.
    pub lines: Vec<CampLine>,
    /// Per cell, which of `lines` pass through it.
    pub lines_through: Vec<ArrayVec<u8, 3>>,
    /// Per cell, every cell on its eight rays (what a piece arriving or
    /// leaving there could open or close towards it).
    pub rays: Vec<CellSet>,
    /// Per cell, per [`Direction`] (in [`Direction::ALL`] order): the ray.
    pub ray_sets: PerCell<[CellSet; 8]>,
    /// Per [`Direction`]: whether cell indices grow along its rays (the
    /// first piece met is then the lowest cell of the blockers).
    pub increasing: [bool; 8],
    /// The cells of each of `lines`.
    pub line_sets: Vec<CellSet>,
    /// Per cell, per [`Leap`] (in [`Leap::ALL`] order): the leap's targets.
    pub leap_sets: PerCell<[CellSet; Leap::ALL.len()]>,
    /// Per cell: its neighbours (a King's steps).
    pub steps: PerCell<CellSet>,
    /// Per cell, per [`Direction`]: the neighbour that way.
    pub step_to: PerCell<[Option<Cell>; 8]>,
    /// Per cell, per [`LineKind`] (orthogonal, diagonal): the first cells
    /// and all the cells of its rays of that kind.
    pub line_cells: PerCell<[LineCells; 2]>,
    /// Per cell: the camp lines through it, as bits of `lines`' indices.
    pub line_bits: PerCell<u16>,
    /// Per pair of cells: the [`Direction`] from the first to the second,
    /// counted from 1, when one of the first's rays holds the second; 0
    /// when none does.
    pub toward: PerCell<[u8; CELLS]>,
}

/// A table with one entry per cell of the board, indexed by a cell's
/// index (which, a byte, never falls outside it).
pub type PerCell<T> = Box<[T; CELLS]>;

/// The entries of a [`PerCell`] table, cell by cell.
fn per_cell<T>(entries: impl Iterator<Item = T>) -> PerCell<T> {
    let entries: Box<[T]> = entries.collect();
    match entries.try_into() {
        Ok(table) => table,
        Err(_) => unreachable!("the 16 x 16 board has 256 cells"),
    }
}

/// The BacCanCat board: 16 × 16, cells named by two letters.
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::grid("16x16", 16, 16, CellNaming::TwoLetters))
}

/// The shared tables.
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

fn build() -> Tables {
    let geo = geometry();
    let mut armies = Vec::new();
    let mut lines = Vec::new();
    for seat in ARMIES {
        let frame = Frame::of(seat);
        let at = |x: i32, y: i32| frame.cell(geo, x, y);
        let mut camp = CellSet::new();
        let mut promotion = CellSet::new();
        let mut diagonal = CellSet::new();
        let mut pawn = FootSteps::empty();
        let mut yeoman = FootSteps::empty();
        for cell in geo.cells() {
            let (x, y) = frame.relative(geo, cell);
            if x < 6 && y < 6 {
                camp.insert(cell);
            }
            if x == 15 || y == 15 {
                promotion.insert(cell);
            }
            if x == y {
                diagonal.insert(cell);
            }
            let i = cell.index();
            // Pawns: forward along the longer axis; captures to both sides.
            if x != y {
                let (fx, fy) = if x > y { (1, 0) } else { (0, 1) };
                pawn.push[i] = at(x + fx, y + fy);
                if x.max(y) < ORIGINAL_DISTANCE {
                    pawn.double[i] = at(x + 2 * fx, y + 2 * fy);
                }
                pawn.captures[i] = [at(x + 1, y + 1), at(x + fx - fy, y + fy - fx)];
            }
            yeoman.push[i] = at(x + 1, y + 1);
            if x == y && x < ORIGINAL_DISTANCE {
                yeoman.double[i] = at(x + 2, y + 2);
            }
            yeoman.captures[i] = [at(x + 1, y), at(x, y + 1)];
        }
        let line = |dx: i32, dy: i32, fill: PieceKind| -> Option<CampLine> {
            let mut cells = [Cell(0); LINE_LENGTH];
            for (k, c) in cells.iter_mut().enumerate() {
                *c = at(dx * k as i32, dy * k as i32)?;
            }
            Some(CampLine { seat, cells, fill })
        };
        for (dx, dy, fill) in [
            (1, 0, PieceKind::Pawn),
            (0, 1, PieceKind::Pawn),
            (1, 1, PieceKind::Yeoman),
        ] {
            if let Some(l) = line(dx, dy, fill) {
                lines.push(l);
            }
        }
        armies.push(ArmyTable {
            home: at(4, 4).unwrap_or_default(),
            camp,
            promotion,
            diagonal,
            pawn,
            yeoman,
        });
    }
    let mut lines_through = vec![ArrayVec::new(); geo.cell_count()];
    for (i, l) in lines.iter().enumerate() {
        for c in l.cells {
            lines_through[c.index()].push(i as u8);
        }
    }
    let rays = geo
        .cells()
        .map(|c| {
            [LineKind::Orthogonal, LineKind::Diagonal]
                .iter()
                .flat_map(|&line| geo.rays(c, line).flatten().copied())
                .collect()
        })
        .collect();
    let mut increasing = [false; 8];
    let ray_sets = per_cell(geo.cells().map(|c| {
        Direction::ALL.map(|d| {
            let ray = geo.ray_towards(c, d);
            if let Some(&first) = ray.first() {
                increasing[d as usize] = first.0 > c.0;
            }
            ray.iter().copied().collect()
        })
    }));
    let line_sets = lines
        .iter()
        .map(|l| l.cells.iter().copied().collect())
        .collect();
    let leap_sets = per_cell(
        geo.cells()
            .map(|c| Leap::ALL.map(|leap| geo.leaps(c, leap).iter().copied().collect())),
    );
    let steps = per_cell(geo.cells().map(|c| {
        Direction::ALL
            .iter()
            .filter_map(|&d| geo.step(c, d))
            .collect()
    }));
    let line_cells = per_cell(geo.cells().map(|c| {
        [LineKind::Orthogonal, LineKind::Diagonal].map(|line| LineCells {
            steps: geo
                .rays(c, line)
                .filter_map(|r| r.first().copied())
                .collect(),
            rays: geo.rays(c, line).flatten().copied().collect(),
        })
    }));
    let step_to = per_cell(geo.cells().map(|c| Direction::ALL.map(|d| geo.step(c, d))));
    let line_bits = per_cell(geo.cells().map(|c| {
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.cells.contains(&c))
            .fold(0u16, |bits, (i, _)| bits | 1 << i)
    }));
    let toward = per_cell(geo.cells().map(|c| {
        let mut row = [0u8; CELLS];
        for d in Direction::ALL {
            for &to in geo.ray_towards(c, d) {
                row[to.index()] = d as u8 + 1;
            }
        }
        row
    }));
    Tables {
        line_cells,
        toward,
        step_to,
        line_bits,
        geo,
        armies,
        lines,
        lines_through,
        rays,
        ray_sets,
        increasing,
        line_sets,
        leap_sets,
        steps,
    }
}

/// The cells of one cell's rays of one kind of line.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineCells {
    /// The first cell of each ray.
    pub steps: CellSet,
    /// Every cell of the rays.
    pub rays: CellSet,
}

impl FootSteps {
    fn empty() -> FootSteps {
        FootSteps {
            push: [None; CELLS],
            double: [None; CELLS],
            captures: [[None; 2]; CELLS],
        }
    }
}

impl Tables {
    /// The direction from `from` to `to` if one of `from`'s rays holds `to`.
    #[inline(always)]
    pub fn direction(&self, from: Cell, to: Cell) -> Option<Direction> {
        let d = self.toward[from.index()][to.index()];
        Direction::ALL.get((d as usize).wrapping_sub(1)).copied()
    }

    /// The table of `seat`'s army.
    #[inline(always)]
    pub fn army(&self, seat: Seat) -> &ArmyTable {
        &self.armies[seat.index() & 3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::baccancat::armies::{GREEN, RED};

    #[test]
    fn homes_lines_and_steps_match_the_rules_file() {
        let t = tables();
        let g = t.geo;
        let name = |c: Option<Cell>| c.map(|c| g.name(c).to_string());
        let homes: Vec<&str> = t.armies.iter().map(|a| g.name(a.home)).collect();
        assert_eq!(homes, ["ee", "el", "ll", "le"]);
        assert_eq!(t.lines.len(), 12);
        let red = t.army(RED);
        let cell = |n: &str| g.cell(n).expect("a cell");
        assert_eq!(name(red.pawn.push[cell("fa").index()]), Some("ga".into()));
        assert_eq!(name(red.pawn.push[cell("af").index()]), Some("ag".into()));
        assert_eq!(name(red.yeoman.push[cell("ff").index()]), Some("gg".into()));
        assert_eq!(name(red.pawn.double[cell("ba").index()]), Some("da".into()));
        assert_eq!(red.pawn.double[cell("fa").index()], None);
        let green = t.army(GREEN);
        assert_eq!(name(green.pawn.push[cell("kp").index()]), Some("jp".into()));
        assert!(red.promotion.contains(cell("pc")) && red.promotion.contains(cell("cp")));
        assert!(red.promotion.contains(cell("ap")) && !red.promotion.contains(cell("oo")));
        assert_eq!(t.lines_through[cell("aa").index()].len(), 3);
    }
}
