//! Does the evaluation miss per-point combinations of line patterns? (issue #16)
//!
//! The evaluation sums one weight per (empty point, direction) pattern, so a point where a stone
//! would make an open three in one line and an open two in another is worth just the sum of
//! the two. This example records self-play positions with the pattern counts, the counts of
//! points that combine patterns in a few ways (below), the search's own score and the game's
//! result, then fits a logistic model with and without the combination counts to a blend of
//! result and score, and prints both on held-out positions.
//!
//! `cargo run --release --example combo_fit -- --games 400 --nodes 20000 --workers 1 --out
//! /tmp/combo.csv` plays; `--fit /tmp/combo.csv [--lambda 0.5]` fits.

#[path = "common/adam.rs"]
mod adam;
#[path = "common/selfplay.rs"]
mod selfplay;
use adam::Adam;
use selfplay::{arg, play_game, play_games, result_for};

use gridmind::base::Score;
use gridmind::games::gomoku::{pattern, Gomoku};
use gridmind::games::{Color, Point};

const PATTERNS: usize = 11;
/// The combination classes, per colour.
const COMBOS: usize = 6;
const COMBO_NAMES: [&str; COMBOS] = [
    "three+two",
    "two+two",
    "three+three",
    "four+three",
    "four+two",
    "four+four",
];
/// The logistic scale of the evaluation (docs/strength.md: 0.0015 per unit).
const SCALE: f64 = 0.0015;

/// Which combination classes one colour's four line patterns at a point fall in.
fn combos(p: [u8; 4]) -> [bool; COMBOS] {
    let n = |f: &dyn Fn(u8) -> bool| p.iter().filter(|&&q| f(q)).count();
    let fours = n(&|q| q == pattern::B4 || q == pattern::F4);
    let threes = n(&|q| q == pattern::F3);
    let twos = n(&|q| q == pattern::F2 || q == pattern::B3);
    [
        threes >= 1 && twos >= 1,
        twos >= 2,
        threes >= 2,
        fours >= 1 && threes >= 1,
        fours >= 1 && twos >= 1,
        fours >= 2,
    ]
}

/// One position's features: pattern counts (side to move, then waiting), combination counts
/// (side to move, then waiting).
fn features(g: &Gomoku, c: Color) -> Option<Vec<u32>> {
    let counts = g.pattern_counts(c);
    if counts[0][pattern::FIVE as usize] > 0 || counts[1][pattern::FIVE as usize] > 0 {
        return None;
    }
    let mut combo = [[0u32; COMBOS]; 2];
    for pts in g.point_patterns(c) {
        for side in 0..2 {
            for (k, on) in combos(pts[side]).into_iter().enumerate() {
                combo[side][k] += u32::from(on);
            }
        }
    }
    Some(
        counts
            .iter()
            .flatten()
            .chain(combo.iter().flatten())
            .copied()
            .collect(),
    )
}

/// One self-play game: per position with no five to make and a heuristic score, the features,
/// the search's score and the result for the side to move.
fn play(opening: &[Point], nodes: u64, seed: u64) -> Vec<(Vec<u32>, i32, f64)> {
    let mut seen = Vec::new();
    let winner = play_game(opening, nodes, seed, |g, colour, t| {
        if let (Some(f), Score::Cp(v)) = (features(g, colour), t.score) {
            seen.push((colour, f, v));
        }
    });
    seen.into_iter()
        .map(|(c, f, v)| (f, v, result_for(winner, c)))
        .collect()
}

fn generate(games: usize, nodes: u64, workers: usize, out: &str) {
    play_games(games, workers, out, |opening, seed| {
        let mut text = String::new();
        for (f, v, r) in play(opening, nodes, seed) {
            let cells: Vec<String> = f.iter().map(|n| n.to_string()).collect();
            text.push_str(&format!("{},{v},{r}\n", cells.join(",")));
        }
        text
    });
}

/// One recorded position: its features, the search's score and the game's result for the side
/// to move.
#[derive(Clone)]
struct Sample {
    x: Vec<f64>,
    score: f64,
    result: f64,
}

impl Sample {
    /// What the model is fitted to: the result with weight `lambda`, the score with the rest.
    fn target(&self, lambda: f64) -> f64 {
        lambda * self.result + (1.0 - lambda) * sigmoid(SCALE * self.score)
    }
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Fits a logistic model on the first `dims` features of `train` to the target, by Adam on the
/// cross-entropy; returns the raw weights.
fn fit_on(train: &[Sample], dims: usize, lambda: f64) -> Vec<f64> {
    let n = train.len() as f64;
    let mut scale = vec![0.0; dims];
    for s in train {
        for (v, x) in scale.iter_mut().zip(&s.x) {
            *v += x * x;
        }
    }
    for v in scale.iter_mut() {
        *v = (*v / n).sqrt().max(1e-9);
    }
    let mut w = vec![0.0; dims];
    let mut adam = Adam::new(dims);
    for _ in 0..3000 {
        let mut grad = vec![0.0; dims];
        for s in train {
            let z: f64 = (0..dims).map(|j| w[j] * s.x[j] / scale[j]).sum();
            let e = sigmoid(z) - s.target(lambda);
            for j in 0..dims {
                grad[j] += e * s.x[j] / scale[j];
            }
        }
        adam.step(&mut w, &grad, n);
    }
    (0..dims).map(|j| w[j] / scale[j]).collect()
}

/// Mean cross-entropy of the weights `w` (missing ones count as zero) against the target.
fn loss(samples: &[Sample], w: &[f64], lambda: f64) -> f64 {
    samples
        .iter()
        .map(|s| {
            let t = s.target(lambda);
            let z: f64 = w.iter().zip(&s.x).map(|(a, b)| a * b).sum();
            let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / samples.len() as f64
}

fn fit(path: &str, lambda: f64) {
    let text = std::fs::read_to_string(path).expect("data file");
    let width = 2 * PATTERNS + 2 * COMBOS;
    // A line: the features, the score, the result.
    let samples: Vec<Sample> = text
        .lines()
        .filter_map(|l| {
            let v: Vec<f64> = l.split(',').filter_map(|t| t.parse().ok()).collect();
            (v.len() == width + 2).then(|| Sample {
                x: v[..width].to_vec(),
                score: v[width],
                result: v[width + 1],
            })
        })
        .collect();
    // Every fifth position held out.
    let (test, train): (Vec<_>, Vec<_>) = samples
        .iter()
        .cloned()
        .enumerate()
        .partition(|(k, _)| k % 5 == 0);
    let train: Vec<Sample> = train.into_iter().map(|(_, s)| s).collect();
    let test: Vec<Sample> = test.into_iter().map(|(_, s)| s).collect();
    println!(
        "{} positions ({} held out), lambda {lambda}",
        samples.len(),
        test.len()
    );
    // Weights in evaluation units: the logistic scale turns them back.
    let shown = |w: &[f64], range: std::ops::Range<usize>, sign: f64| -> String {
        range
            .map(|j| format!("{:.0}", sign * w[j] / SCALE))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for dims in [2 * PATTERNS, width] {
        let w = fit_on(&train, dims, lambda);
        println!(
            "{dims} features: train loss {:.5}, held-out loss {:.5}",
            loss(&train, &w, lambda),
            loss(&test, &w, lambda)
        );
        println!("  own  [{}]", shown(&w, 0..PATTERNS, 1.0));
        println!("  opp  [{}]", shown(&w, PATTERNS..2 * PATTERNS, -1.0));
        if dims == width {
            let base = 2 * PATTERNS;
            for k in 0..COMBOS {
                println!(
                    "  {:12} own {:6.0}  opp {:6.0}",
                    COMBO_NAMES[k],
                    w[base + k] / SCALE,
                    -w[base + COMBOS + k] / SCALE
                );
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(path) = arg(&args, "--fit") {
        let lambda = arg(&args, "--lambda")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0.5);
        fit(&path, lambda);
        return;
    }
    let num = |name: &str, default: u64| {
        arg(&args, name)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let out = arg(&args, "--out").unwrap_or_else(|| "combo.csv".into());
    generate(
        num("--games", 400) as usize,
        num("--nodes", 20000),
        num("--workers", 1) as usize,
        &out,
    );
}
