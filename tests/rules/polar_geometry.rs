//! The polar board's tables against the board's data: every neighbour
//! list against `geometry.json`, and every ray, knight leap, king step and
//! pawn table against `lines.json` (kept compressed in
//! `tests/data/polar/lines.json.gz`). The engine traces its lines itself
//! from the cells' edges and corners; `lines.json` was computed separately
//! (see `docs/rules/polar-geometry.md`), so agreement checks the tracing.

use catboard::core::geometry::Across;
use catboard::core::{Cell, Geometry, Leap, LineKind, Seat};
use catboard::variants::polar::polar_board;
use flate2::read::GzDecoder;
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Read;

const LINES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/polar/lines.json.gz"
);
const GEOMETRY: &str = include_str!("../../data/polar/geometry.json");

fn lines() -> Value {
    let file = std::fs::File::open(LINES).expect("lines.json.gz is in the repository");
    let mut text = String::new();
    GzDecoder::new(file)
        .read_to_string(&mut text)
        .expect("lines.json.gz unpacks");
    serde_json::from_str(&text).expect("lines.json is JSON")
}

fn geometry_data() -> Value {
    serde_json::from_str(GEOMETRY).expect("geometry.json is JSON")
}

fn geo() -> &'static Geometry {
    polar_board().geometry()
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| geo().name(c).to_string()).collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().expect("a name").to_string())
        .collect()
}

fn set(v: Vec<String>) -> BTreeSet<String> {
    v.into_iter().collect()
}

fn cell(name: &str) -> Cell {
    geo().cell(name).expect("a cell of the data")
}

#[test]
fn cells_names_colours_and_counts_match_the_data() {
    let data = geometry_data();
    let cells = data["cells"].as_array().expect("cells");
    assert_eq!(geo().cell_count(), 72);
    assert_eq!(cells.len(), 72);
    let mut triangles = 0;
    for (i, c) in cells.iter().enumerate() {
        let name = c["name"].as_str().expect("name");
        assert_eq!(geo().name(Cell(i as u8)), name);
        assert_eq!(
            geo().is_light(Cell(i as u8)),
            c["colour"] == "light",
            "{name}"
        );
        let tri = c["shape"] == "tri";
        assert_eq!(polar_board().is_triangle(Cell(i as u8)), tri, "{name}");
        triangles += tri as usize;
    }
    assert_eq!(triangles, 8);
    assert_eq!(geo().cells().filter(|&c| geo().is_light(c)).count(), 36);
}

#[test]
fn neighbours_go_round_each_cell_as_the_data_orders_them() {
    let data = geometry_data();
    for c in data["cells"].as_array().expect("cells") {
        let name = c["name"].as_str().expect("name");
        let edges = strings(&c["edge_neighbours"]);
        let corners = strings(&c["vertex_neighbours"]);
        // Corner j, then the edge from corner j to corner j + 1.
        let mut expected = Vec::new();
        for (corner, edge) in corners.iter().zip(&edges) {
            expected.push((corner.clone(), Across::Corner));
            expected.push((edge.clone(), Across::Edge));
        }
        let got: Vec<(String, Across)> = geo()
            .neighbours(cell(name))
            .iter()
            .map(|n| (geo().name(n.cell).to_string(), n.across))
            .collect();
        assert_eq!(got, expected, "neighbours of {name}");
    }
}

#[test]
fn rook_and_bishop_rays_match_lines_json_in_order() {
    let data = lines();
    let (mut rook_rays, mut triangle_ends, mut loops) = (0, 0, 0);
    for (name, c) in data["cells"].as_object().expect("cells") {
        for (key, kind) in [
            ("rook_rays", LineKind::Orthogonal),
            ("bishop_rays", LineKind::Diagonal),
        ] {
            let expected: Vec<Vec<String>> = c[key]
                .as_array()
                .expect("rays")
                .iter()
                .map(strings)
                .collect();
            let got: Vec<Vec<String>> = geo().rays(cell(name), kind).map(names).collect();
            assert_eq!(got, expected, "{key} of {name}");
        }
        for (ray, end) in geo()
            .rays(cell(name), LineKind::Orthogonal)
            .zip(strings(&c["rook_ray_ends"]))
        {
            rook_rays += 1;
            let last = *ray.last().expect("no ray is empty");
            if polar_board().is_triangle(last) {
                triangle_ends += 1;
                assert_eq!(end, "triangle", "a rook ray of {name}");
            } else {
                loops += 1;
                assert_eq!(end, "returns_to_start", "a rook ray of {name}");
            }
        }
    }
    // docs/rules/polar-geometry.md, "Lines": 280 rook rays, 88 ending on
    // a triangle, 192 closing a loop.
    assert_eq!((rook_rays, triangle_ends, loops), (280, 88, 192));
}

#[test]
fn knight_and_king_targets_match_lines_json() {
    let data = lines();
    let mut counts = BTreeSet::new();
    for (name, c) in data["cells"].as_object().expect("cells") {
        let from = cell(name);
        let knights = names(geo().leaps(from, Leap::Knight));
        assert_eq!(
            set(knights.clone()),
            set(strings(&c["knight_targets"])),
            "knight on {name}"
        );
        assert_eq!(
            knights.len(),
            set(knights.clone()).len(),
            "knight targets of {name} repeat"
        );
        counts.insert(knights.len());
        let mut king = names(geo().leaps(from, Leap::Wazir));
        king.extend(names(geo().leaps(from, Leap::Ferz)));
        assert_eq!(
            set(king),
            set(strings(&c["king_targets"])),
            "king on {name}"
        );
        // The knight relation is symmetric.
        for &to in geo().leaps(from, Leap::Knight) {
            assert!(
                geo().leaps(to, Leap::Knight).contains(&from),
                "{name} knight"
            );
        }
    }
    // docs/rules/polar-geometry.md, "Knights": 8, 7 on ring corners, 6
    // beside triangles, 5 on triangles.
    assert_eq!(counts, BTreeSet::from([5, 6, 7, 8]));
}

#[test]
fn pawn_tables_match_lines_json_for_both_armies() {
    let data = lines();
    let t = polar_board();
    for (name, c) in data["cells"].as_object().expect("cells") {
        let from = cell(name);
        let pawn = &c["pawn"];
        for (seat, army) in [(Seat::WHITE, "white"), (Seat::BLACK, "black")] {
            let edges = names(t.forward_edges(seat, from));
            assert_eq!(
                set(edges),
                set(strings(&pawn[format!("{army}_forward_edges")])),
                "{army} pawn on {name}"
            );
            let diagonals = names(t.forward_diagonals(seat, from));
            assert_eq!(
                set(diagonals),
                set(strings(&pawn[format!("{army}_forward_diagonals")])),
                "{army} pawn captures from {name}"
            );
            let doubles: BTreeSet<(String, String)> = t
                .double_steps(seat, from)
                .iter()
                .map(|&(m, l)| (geo().name(m).to_string(), geo().name(l).to_string()))
                .collect();
            let expected: BTreeSet<(String, String)> = pawn[format!("{army}_double_steps")]
                .as_array()
                .expect("double steps")
                .iter()
                .map(|p| {
                    let p = strings(p);
                    (p[0].clone(), p[1].clone())
                })
                .collect();
            assert_eq!(doubles, expected, "{army} double steps from {name}");
        }
    }
    for (seat, army) in [(Seat::WHITE, "white"), (Seat::BLACK, "black")] {
        let zone: Vec<Cell> = t.promotion_cells(seat).iter().collect();
        assert_eq!(
            set(names(&zone)),
            set(strings(&data["promotion"][army])),
            "{army} promotes"
        );
    }
}
