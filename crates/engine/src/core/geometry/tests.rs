//! Tests of the geometries: cells, names, neighbours and rays of every board.

use super::*;

#[test]
fn chess_board_names_rays_and_leaps() {
    let g = Geometry::chess8();
    let e4 = g.cell("e4").expect("e4 exists");
    assert_eq!(g.name(e4), "e4");
    assert_eq!((g.file(e4), g.rank(e4)), (4, 3));
    assert_eq!(g.leaps(e4, Leap::Knight).len(), 8);
    let a1 = g.cell("a1").expect("a1");
    assert_eq!(g.leaps(a1, Leap::Knight).len(), 2);
    assert!(!g.is_light(a1));
    assert!(g.is_light(g.cell("h1").expect("h1")));
    let north: Vec<&str> = g
        .ray_towards(e4, Direction::North)
        .iter()
        .map(|&c| g.name(c))
        .collect();
    assert_eq!(north, ["e5", "e6", "e7", "e8"]);
    assert_eq!(g.ray_towards(a1, Direction::SouthWest).len(), 0);
    assert_eq!(
        g.rays(e4, LineKind::Diagonal)
            .map(|r| r.len())
            .sum::<usize>(),
        13
    );
    assert_eq!(g.step(a1, Direction::NorthEast), g.cell("b2"));
}

#[test]
fn other_grids_name_their_cells() {
    let chu = Geometry::grid("10x10", 10, 10, CellNaming::FileRank { first_rank: 0 });
    assert_eq!(chu.name(Cell(0)), "a0");
    assert_eq!(chu.name(Cell(99)), "j9");
    let big = Geometry::grid("16x16", 16, 16, CellNaming::TwoLetters);
    assert_eq!(big.name(Cell(255)), "pp");
    assert_eq!(big.cell("pa"), Some(Cell(15)));
    let zemel = big.leaps(big.cell("hh").expect("hh"), Leap::Zemel);
    assert_eq!(zemel.len(), 8);
}

#[test]
fn graph_boards_take_rays_and_leaps_from_data() {
    // A ring of four cells: each has two orthogonal rays (round the loop
    // each way, stopping before its own cell) and one knight target.
    let c = Cell;
    let ring = |i: u8| -> Vec<Vec<Cell>> {
        vec![
            (1..4).map(|k| c((i + k) % 4)).collect(),
            (1..4).map(|k| c((i + 4 - k) % 4)).collect(),
        ]
    };
    let spec = GraphSpec {
        id: "ring4",
        names: ["1N", "2N", "3N", "4N"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        places: vec![(0, 0), (1, 0), (1, 1), (0, 1)],
        outlines: Vec::new(),
        light: vec![true, false, true, false],
        orthogonal_rays: (0..4).map(ring).collect(),
        diagonal_rays: vec![Vec::new(); 4],
        knight_targets: (0..4).map(|i| vec![c((i + 2) % 4)]).collect(),
        neighbours: (0..4)
            .map(|i| {
                vec![Neighbour {
                    cell: c((i + 1) % 4),
                    across: Across::Edge,
                }]
            })
            .collect(),
    };
    let g = Geometry::graph(spec);
    assert_eq!(g.shape(), Shape::Graph);
    assert_eq!(g.grid_size(), None);
    assert_eq!(g.cell("3N"), Some(c(2)));
    assert_eq!(g.ray_count(c(0), LineKind::Orthogonal), 2);
    assert_eq!(g.ray(c(0), LineKind::Orthogonal, 1), &[c(3), c(2), c(1)]);
    assert_eq!(g.leaps(c(0), Leap::Wazir), &[c(1), c(3)]);
    assert!(g.leaps(c(0), Leap::Ferz).is_empty());
    assert_eq!(g.leaps(c(1), Leap::Knight), &[c(3)]);
    assert!(g.is_light(c(2)) && !g.is_light(c(3)));
    assert_eq!(g.at(0, 0), None, "a graph has no grid coordinates");
    assert_eq!(g.neighbours(c(3))[0].cell, c(0));
}

#[test]
fn grid_neighbours_go_round_clockwise_from_north() {
    let g = Geometry::chess8();
    let name = |n: &Neighbour| g.name(n.cell).to_string();
    let e4 = g.neighbours(g.cell("e4").expect("e4"));
    let names: Vec<String> = e4.iter().map(name).collect();
    assert_eq!(names, ["e5", "f5", "f4", "f3", "e3", "d3", "d4", "d5"]);
    assert_eq!(e4[1].across, Across::Corner);
    assert_eq!(e4[2].across, Across::Edge);
    assert_eq!(g.neighbours(g.cell("a1").expect("a1")).len(), 3);
}

/// A 4 × 4 torus of quads, where every corner touches four cells.
fn torus() -> Vec<Polygon> {
    let at = |f: i32, r: i32| (r.rem_euclid(4) * 4 + f.rem_euclid(4)) as usize;
    (0..16)
        .map(|i| {
            let (f, r) = (i % 4, i / 4);
            // Corners counter-clockwise from the south-west one; edge j
            // runs from corner j to j + 1: south, east, north, west.
            Polygon {
                across_edges: vec![at(f, r - 1), at(f + 1, r), at(f, r + 1), at(f - 1, r)],
                across_corners: vec![
                    at(f - 1, r - 1),
                    at(f + 1, r - 1),
                    at(f + 1, r + 1),
                    at(f - 1, r + 1),
                ],
            }
        })
        .collect()
}

#[test]
fn polygon_rays_close_loops_and_end_in_triangles() {
    let t = trace_polygons(&torus());
    // Round the torus a ray meets every other cell of its row and stops
    // before its own.
    assert_eq!(t.orthogonal_rays[0][1], [Cell(1), Cell(2), Cell(3)]);
    assert_eq!(t.diagonal_rays[0][2], [Cell(5), Cell(10), Cell(15)]);
    assert_eq!(t.neighbours[0].len(), 8);
    assert_eq!(t.neighbours[0][0].across, Across::Corner);
    assert_eq!(t.neighbours[0][1], neighbour(12, Across::Edge));
    // A triangle ends a line: make cell 2 three-sided (its west edge gone).
    let mut cells = torus();
    cells[2].across_edges.pop();
    let t = trace_polygons(&cells);
    assert_eq!(t.orthogonal_rays[0][1], [Cell(1), Cell(2)]);
    assert_eq!(
        t.orthogonal_rays[2].len(),
        3,
        "one ray per edge of a triangle"
    );
}

#[test]
fn polygon_knights_leave_their_neighbourhood() {
    let t = trace_polygons(&torus());
    // On a 4 x 4 torus, (1, 2) leaps from (0, 0) land on eight cells,
    // two of which coincide in pairs: (±1, ±2) and (±2, ±1) meet at
    // distance 2 round the loop.
    let mut targets: Vec<u8> = t.knight_targets[0].iter().map(|c| c.0).collect();
    targets.sort();
    assert_eq!(targets, [6, 9, 11, 14]);
}
