//! `gridmind bench renju [--positions N]`: what the renju referee costs per point.
//!
//! The search asks [`might_be_forbidden`] at every node and [`forbidden`] where it passes, so
//! their cost per point of a middle game is what matters. Middle-game-like 15x15 positions are
//! generated from a fixed seed (random games whose moves land within two points of a stone, black
//! never on a forbidden point, stopped after 30 to 60 stones); every empty point of every position
//! is judged, seven times, and the median run is printed next to `wins` (four run lengths) as the
//! baseline. Only a figure: the tests check the verdicts (`tests/gomoku_rules.rs`), never the time.

use std::hint::black_box;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::games::gomoku::rules::{forbidden, might_be_forbidden, wins, Grid};
use crate::games::{Color, Rule};

const USAGE: &str = "usage: gridmind bench renju [--positions N]";

/// Runs the renju referee benchmark.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut count = 60;
    match args {
        [] => {}
        [flag, n] if flag == "--positions" => {
            count = n
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or("--positions takes a positive number")?;
        }
        _ => return Err(USAGE.into()),
    }
    let grids = middle_games(count);
    let empty: usize = grids.iter().map(|g| points(g).len()).sum();
    let (base, _) = ns_per_point(&grids, |g, x, y| wins(g, Rule::Renju, Color::Black, x, y));
    let (filter, passed) = ns_per_point(&grids, might_be_forbidden);
    let (full, forbidden_n) = ns_per_point(&grids, |g, x, y| forbidden(g, x, y).is_some());
    let passing: Vec<(&Grid, usize, usize)> = grids
        .iter()
        .flat_map(|g| points(g).into_iter().map(move |(x, y)| (g, x, y)))
        .filter(|&(g, x, y)| might_be_forbidden(g, x, y))
        .collect();
    let per_passing = median_of_7(|| {
        let start = Instant::now();
        for &(g, x, y) in &passing {
            black_box(forbidden(g, x, y));
        }
        start.elapsed().as_nanos() as f64 / passing.len().max(1) as f64
    });
    println!(
        "renju bench: {} positions, {empty} empty points",
        grids.len()
    );
    println!("wins {base:.0} ns/point (baseline)");
    println!(
        "might_be_forbidden {filter:.0} ns/point ({passed} pass, {:.1}%)",
        100.0 * passed as f64 / empty.max(1) as f64
    );
    println!("forbidden {full:.0} ns/point ({forbidden_n} forbidden)");
    println!("forbidden on pre-filter-passing points {per_passing:.0} ns");
    Ok(())
}

/// The empty points of `g`.
fn points(g: &Grid) -> Vec<(usize, usize)> {
    (0..g.height())
        .flat_map(|y| (0..g.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| g.get(x as i32, y as i32).is_none())
        .collect()
}

/// `count` middle-game-like positions from a fixed seed (see the module doc).
fn middle_games(count: usize) -> Vec<Grid> {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Grid::new(15, 15);
        g.set(7, 7, Some(Color::Black));
        let target = rng.gen_range(30..=60);
        let mut color = Color::White;
        let mut ok = true;
        for _ in 1..target {
            let near: Vec<(usize, usize)> = points(&g)
                .into_iter()
                .filter(|&(x, y)| {
                    (-2..=2)
                        .any(|dy| (-2..=2).any(|dx| g.get(x as i32 + dx, y as i32 + dy).is_some()))
                })
                .filter(|&(x, y)| color == Color::White || forbidden(&g, x, y).is_none())
                .collect();
            if near.is_empty() {
                ok = false;
                break;
            }
            let (x, y) = near[rng.gen_range(0..near.len())];
            g.set(x, y, Some(color));
            if wins(&g, Rule::Freestyle, color, x, y) {
                ok = false;
                break;
            }
            color = color.opponent();
        }
        if ok {
            out.push(g);
        }
    }
    out
}

/// The median of seven runs of `f`.
fn median_of_7(mut f: impl FnMut() -> f64) -> f64 {
    let mut runs: Vec<f64> = (0..7).map(|_| f()).collect();
    runs.sort_by(f64::total_cmp);
    runs[3]
}

/// Nanoseconds per call of `f` over every empty point of every position (median of seven runs),
/// and how many calls said `true`.
fn ns_per_point(grids: &[Grid], mut f: impl FnMut(&Grid, usize, usize) -> bool) -> (f64, usize) {
    let mut hits = 0;
    let ns = median_of_7(|| {
        let (mut calls, mut h) = (0usize, 0usize);
        let start = Instant::now();
        for g in grids {
            for (x, y) in points(g) {
                calls += 1;
                h += black_box(f(g, x, y)) as usize;
            }
        }
        hits = h;
        start.elapsed().as_nanos() as f64 / calls.max(1) as f64
    });
    (ns, hits)
}
