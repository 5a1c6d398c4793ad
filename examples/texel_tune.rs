//! Fits the chess evaluation's weights to labelled positions of
//! catboard's own games (Texel's method): minimises the squared difference
//! between each position's label (its game's result, or that blended with
//! Stockfish's winning chance by `scripts/label-positions.py`) and the
//! winning chance the evaluation gives it, `1 / (1 + 10^(-K * eval /
//! 400))`, by gradient descent (Adam), and writes
//! `crates/engine/src/variants/chess/weights.rs`.
//!
//! ```sh
//! cargo run --release --example texel_positions -- 2400 8000 2 > positions.txt
//! scripts/label-positions.py positions.txt labelled.txt --nodes 2000 --lambda 0.75
//! cargo run --release --example texel_tune -- labelled.txt 400
//! ```
//!
//! One position in ten is held out; the loss on it is printed before and
//! after, so an over-fitted table shows.

use catboard::core::Options;
use catboard::variants::chess::Chess;
use catboard::variants::chess::eval::feature;
use catboard::variants::chess::weights::{WEIGHTS_EG, WEIGHTS_MG};
use std::fmt::Write as _;

/// The positions' features, flat.
struct Data {
    /// Per position: where its features start in `features`.
    starts: Vec<u32>,
    features: Vec<(u16, i8)>,
    phases: Vec<u8>,
    results: Vec<f32>,
}

impl Data {
    fn new() -> Data {
        Data {
            starts: vec![0],
            features: Vec::new(),
            phases: Vec::new(),
            results: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.results.len()
    }

    fn of(&self, i: usize) -> &[(u16, i8)] {
        &self.features[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

fn eval(w: &[f64], data: &Data, i: usize) -> f64 {
    let phase = data.phases[i] as f64 / 24.0;
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(f, n) in data.of(i) {
        mg += w[f as usize] * n as f64;
        eg += w[feature::COUNT + f as usize] * n as f64;
    }
    mg * phase + eg * (1.0 - phase)
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

fn loss(w: &[f64], data: &Data, k: f64, held_out: bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for i in (0..data.len()).filter(|i| (i % 10 == 0) == held_out) {
        let d = data.results[i] as f64 - sigmoid(k, eval(w, data, i));
        sum += d * d;
        n += 1;
    }
    sum / n.max(1) as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "positions.txt".to_string());
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("texel_tune: cannot read {path}: {e}");
        std::process::exit(2)
    });
    let options = Options::new();
    let mut data = Data::new();
    let mut list = Vec::new();
    for line in text.lines() {
        let Some((fen, result)) = line.rsplit_once(';') else {
            continue;
        };
        let (Ok(game), Ok(result)) = (Chess::from_fen(fen, &options), result.parse::<f32>()) else {
            continue;
        };
        list.clear();
        let phase = game.features(&mut list);
        for &(f, n) in &list {
            data.features.push((f as u16, n.clamp(-127, 127) as i8));
        }
        data.starts.push(data.features.len() as u32);
        data.phases.push(phase as u8);
        data.results.push(result);
    }
    eprintln!("{} positions", data.len());
    let n = feature::COUNT;
    let mut w: Vec<f64> = WEIGHTS_MG
        .iter()
        .chain(WEIGHTS_EG.iter())
        .map(|&x| x as f64)
        .collect();
    let start = w.clone();
    // The scale K that fits the starting weights best.
    let mut k = 1.0;
    let mut best = f64::INFINITY;
    for step in 0..60 {
        let candidate = 0.2 + step as f64 * 0.05;
        let l = loss(&w, &data, candidate, false);
        if l < best {
            best = l;
            k = candidate;
        }
    }
    eprintln!(
        "K = {k:.2}; loss {:.6} (held out {:.6})",
        best,
        loss(&w, &data, k, true)
    );
    let (mut m, mut v) = (vec![0.0; 2 * n], vec![0.0; 2 * n]);
    let (lr, b1, b2) = (1.0, 0.9, 0.999);
    let ln10 = std::f64::consts::LN_10;
    for round in 1..=rounds {
        let mut grad = vec![0.0; 2 * n];
        let mut count = 0usize;
        for i in (0..data.len()).filter(|i| i % 10 != 0) {
            let p = sigmoid(k, eval(&w, &data, i));
            let g = (p - data.results[i] as f64) * p * (1.0 - p) * k * ln10 / 400.0;
            let phase = data.phases[i] as f64 / 24.0;
            for &(f, c) in data.of(i) {
                grad[f as usize] += g * c as f64 * phase;
                grad[n + f as usize] += g * c as f64 * (1.0 - phase);
            }
            count += 1;
        }
        for j in 0..2 * n {
            // A little pull back towards the start keeps rare features sane.
            let g = grad[j] / count as f64 + 1e-7 * (w[j] - start[j]);
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(round as i32));
            let vh = v[j] / (1.0 - b2.powi(round as i32));
            w[j] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if round % 50 == 0 || round == rounds {
            eprintln!(
                "round {round}: loss {:.6} (held out {:.6})",
                loss(&w, &data, k, false),
                loss(&w, &data, k, true)
            );
        }
    }
    let table = |name: &str, values: &[f64]| {
        let mut s = format!("pub const {name}: [i16; feature::COUNT] = [\n");
        for chunk in values.chunks(16) {
            let row: Vec<String> = chunk
                .iter()
                .map(|x| format!("{}", x.round() as i16))
                .collect();
            let _ = writeln!(s, "    {},", row.join(", "));
        }
        s.push_str("];\n");
        s
    };
    let out = format!(
        "//! The chess evaluation's weights, one middlegame and one endgame weight\n\
         //! per feature of [`super::eval::feature`], in centipawns.\n\
         //!\n\
         //! Written by `cargo run --release --example texel_tune`, which fits them\n\
         //! to labelled quiet positions of catboard's own games (see\n\
         //! docs/computer.md, \"Tuning the chess evaluation\"): {} positions from\n\
         //! `{path}`, K = {k:.2}, {rounds} rounds of Adam; held-out loss {:.6} before,\n\
         //! {:.6} after.\n\
         \n\
         use super::eval::feature;\n\
         \n\
         /// Middlegame weights.\n{}\n/// Endgame weights.\n{}",
        data.len(),
        loss(&start, &data, k, true),
        loss(&w, &data, k, true),
        table("WEIGHTS_MG", &w[..n]),
        table("WEIGHTS_EG", &w[n..]),
    );
    if let Err(e) = std::fs::write("crates/engine/src/variants/chess/weights.rs", out) {
        eprintln!("texel_tune: cannot write the weights: {e}");
        std::process::exit(2);
    }
    eprintln!("wrote crates/engine/src/variants/chess/weights.rs");
}
