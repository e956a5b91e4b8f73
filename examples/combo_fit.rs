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
#[path = "common/features.rs"]
mod features;
#[path = "common/logistic.rs"]
mod logistic;
#[path = "common/report.rs"]
mod report;
#[path = "common/selfplay.rs"]
mod selfplay;
use features::{features, SCALE, WIDTH};
use logistic::{sigmoid, split, Sample};
use report::print_pattern_fits;
use selfplay::{arg, num_arg, play_game, play_games, result_for};

use gridmind::base::Score;
use gridmind::games::Point;

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

fn fit_file(path: &str, lambda: f64) {
    let text = std::fs::read_to_string(path).expect("data file");
    // A line: the features, the score, the result. The fit's target is the result with weight
    // `lambda`, the score's win probability with the rest.
    let samples: Vec<Sample> = text
        .lines()
        .filter_map(|l| {
            let v: Vec<f64> = l.split(',').filter_map(|t| t.parse().ok()).collect();
            (v.len() == WIDTH + 2).then(|| Sample {
                x: v[..WIDTH].to_vec(),
                target: lambda * v[WIDTH + 1] + (1.0 - lambda) * sigmoid(SCALE * v[WIDTH]),
                offset: 0.0,
            })
        })
        .collect();
    let total = samples.len();
    let (train, test) = split(samples);
    println!(
        "{total} positions ({} held out), lambda {lambda}",
        test.len()
    );
    print_pattern_fits(&train, &test);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(path) = arg(&args, "--fit") {
        let lambda = arg(&args, "--lambda")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0.5);
        fit_file(&path, lambda);
        return;
    }
    let num = |name: &str, default: u64| num_arg(&args, name, default);
    let out = arg(&args, "--out").unwrap_or_else(|| "combo.csv".into());
    generate(
        num("--games", 400) as usize,
        num("--nodes", 20000),
        num("--workers", 1) as usize,
        &out,
    );
}
