//! Texel-style tuning of the gomoku pattern weights (issue #16): self-play games at a small node
//! budget from the opening sets, every quiet position's pattern counts recorded with the game's
//! result, then a logistic regression of the result on the counts.
//!
//! `cargo run --release --example texel -- --games 600 --nodes 4000 --workers 2 --out /tmp/texel.csv`
//! plays and writes the data; `--fit /tmp/texel.csv` fits and prints weights on the scale of
//! the current ones (`params::eval::PATTERN_WEIGHT`), for own and opponent patterns.
//! `--order-out /tmp/order.txt` also writes each position's move-ordering features and the move
//! the search chose, for `examples/order_fit.rs`.

#[path = "common/adam.rs"]
mod adam;
#[path = "common/features.rs"]
mod features;
#[path = "common/selfplay.rs"]
mod selfplay;
use adam::Adam;
use features::{order_line, PATTERNS};
use selfplay::{arg, play_game, play_games, result_for};

use std::io::Write;
use std::sync::Mutex;

use gridmind::games::gomoku::{OPPONENT_WEIGHT, OWN_WEIGHT};
use gridmind::games::Point;

/// Indices of pattern codes (see `games::gomoku::pattern`: DEAD, OVERLINE, B1, F1, B2, F2, B3,
/// F3, B4, F4, FIVE); `PATTERNS` codes per side come from `features.rs`.
const FIVE: usize = 10;
/// The open three (F3), whose current weight for the waiting side sets the scale of the fit.
const F3: usize = 7;
/// The open four (F4): a row where either side has one is a tactical position.
const F4: usize = 9;

/// One self-play game: the quiet positions' features (side to move first) and the result for
/// the side to move (1 win, 0.5 draw, 0 loss).
/// With `order`, also one line per position for the ordering fit (`examples/order_fit.rs`): the
/// index of the chosen move among the candidates, then each candidate's features.
fn play(
    opening: &[Point],
    nodes: u64,
    seed: u64,
    order: &mut Option<String>,
) -> Vec<([[u32; PATTERNS]; 2], f64)> {
    let mut seen = Vec::new();
    let winner = play_game(opening, nodes, seed, |g, colour, t| {
        let counts = g.pattern_counts(colour);
        if counts[0][FIVE] == 0 && counts[1][FIVE] == 0 {
            seen.push((colour, counts));
        }
        if let Some(out) = order.as_mut() {
            order_line(g, colour, t.point, out);
        }
    });
    seen.into_iter()
        .map(|(c, f)| (f, result_for(winner, c)))
        .collect()
}

fn generate(games: usize, nodes: u64, workers: usize, out: &str, order_out: Option<&str>) {
    let order_file =
        order_out.map(|p| Mutex::new(std::fs::File::create(p).expect("order output file")));
    play_games(games, workers, out, |opening, seed| {
        let mut order = order_file.as_ref().map(|_| String::new());
        let rows = play(opening, nodes, seed, &mut order);
        if let (Some(f), Some(text)) = (&order_file, order) {
            let _ = f.lock().expect("file lock").write_all(text.as_bytes());
        }
        let mut text = String::new();
        for (f, r) in rows {
            let cells: Vec<String> = f.iter().flatten().map(|n| n.to_string()).collect();
            text.push_str(&format!("{},{}\n", cells.join(","), r));
        }
        text
    });
}

/// Logistic regression of the result on (own counts, opponent counts), by gradient descent on
/// the log loss; features scaled by their standard deviation for conditioning.
fn fit(path: &str, quiet: bool) {
    let text = std::fs::read_to_string(path).expect("data file");
    let rows: Vec<(Vec<f64>, f64)> = text
        .lines()
        .filter_map(|l| {
            let v: Vec<f64> = l.split(',').filter_map(|t| t.parse().ok()).collect();
            (v.len() == 2 * PATTERNS + 1).then(|| (v[..2 * PATTERNS].to_vec(), v[2 * PATTERNS]))
        })
        .filter(|(x, _)| !quiet || (x[F4] == 0.0 && x[PATTERNS + F4] == 0.0))
        .collect();
    let n = rows.len() as f64;
    let dims = 2 * PATTERNS;
    let mut scale = vec![0.0; dims];
    for (x, _) in &rows {
        for j in 0..dims {
            scale[j] += x[j] * x[j];
        }
    }
    for s in scale.iter_mut() {
        *s = (*s / n).sqrt().max(1e-9);
    }
    let sigmoid = |z: f64| 1.0 / (1.0 + (-z).exp());
    let mut w = vec![0.0; dims];
    let mut adam = Adam::new(dims);
    let loss = |w: &[f64]| {
        rows.iter()
            .map(|(x, r)| {
                let z: f64 = (0..dims).map(|j| w[j] * x[j] / scale[j]).sum();
                let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
                -(r * p.ln() + (1.0 - r) * (1.0 - p).ln())
            })
            .sum::<f64>()
            / n
    };
    let current: Vec<f64> = (0..dims)
        .map(|j| {
            if j < PATTERNS {
                OWN_WEIGHT[j] as f64 * scale[j]
            } else {
                -(OPPONENT_WEIGHT[j - PATTERNS] as f64) * scale[j]
            }
        })
        .collect();
    // The current weights up to one scale factor, for comparison: the best factor by a scan.
    let best_current = (1..400)
        .map(|k| {
            let f = k as f64 * 0.0005;
            let cw: Vec<f64> = current.iter().map(|c| c * f).collect();
            (loss(&cw), f)
        })
        .fold((f64::MAX, 0.0), |a, b| if b.0 < a.0 { b } else { a });
    println!(
        "{} positions; loss of the current weights (best scale {}): {:.5}",
        rows.len(),
        best_current.1,
        best_current.0
    );
    for step in 0..3000 {
        let mut grad = vec![0.0; dims];
        for (x, r) in &rows {
            let z: f64 = (0..dims).map(|j| w[j] * x[j] / scale[j]).sum();
            let e = sigmoid(z) - r;
            for j in 0..dims {
                grad[j] += e * x[j] / scale[j];
            }
        }
        adam.step(&mut w, &grad, n);
        if step % 1000 == 999 {
            println!("step {step}: loss {:.5}", loss(&w));
        }
    }
    // Back to raw count weights, on the current weights' scale (the waiting side's open three
    // keeps its weight).
    let raw: Vec<f64> = (0..dims).map(|j| w[j] / scale[j]).collect();
    let unit = -raw[PATTERNS + F3] / OPPONENT_WEIGHT[F3] as f64;
    let own: Vec<String> = (0..PATTERNS)
        .map(|j| format!("{:.0}", raw[j] / unit))
        .collect();
    let opp: Vec<String> = (0..PATTERNS)
        .map(|j| format!("{:.0}", -raw[PATTERNS + j] / unit))
        .collect();
    println!("logistic scale: p = 1 / (1 + exp(-{unit:.6} * eval)) in these units");
    println!("own [{}]", own.join(", "));
    println!("opp [{}]", opp.join(", "));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(path) = arg(&args, "--fit") {
        fit(&path, args.iter().any(|a| a == "--quiet"));
        return;
    }
    let games = arg(&args, "--games")
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let nodes = arg(&args, "--nodes")
        .and_then(|s| s.parse().ok())
        .unwrap_or(4000);
    let workers = arg(&args, "--workers")
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let out = arg(&args, "--out").unwrap_or_else(|| "texel.csv".into());
    generate(
        games,
        nodes,
        workers,
        &out,
        arg(&args, "--order-out").as_deref(),
    );
}
