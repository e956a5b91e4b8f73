//! Fits the gomoku move-ordering weights (issue #16) to the moves a deeper search chose: a
//! softmax over each position's candidates whose logit is the ordering's own formula, the point
//! weights of the patterns both sides would make plus the fork and four bonuses, divided by the
//! locality divisor. Prints how well the current weights and the fitted ones predict the chosen
//! move on held-out positions (every other position), and the fitted weights on the current scale.
//!
//! `cargo run --release --example texel -- --games 300 --nodes 50000 --workers 2 --out
//! /tmp/texel.csv --order-out /tmp/order.txt` writes the data; then
//! `cargo run --release --example order_fit -- /tmp/order.txt [--shared]` fits it (`--shared`:
//! one weight table for both sides instead of one per side, as the engine has them).

#[path = "common/adam.rs"]
mod adam;
use adam::Adam;

use gridmind::games::gomoku::{
    OPPONENT_ORDER_WEIGHT, ORDER_OPPONENT_FORK, ORDER_OWN_FORK, ORDER_OWN_FOUR, OWN_ORDER_WEIGHT,
};

/// Pattern codes (see `games::gomoku::pattern`): DEAD, OVERLINE, B1, F1, B2, F2, B3, F3, B4, F4, FIVE.
const PATTERNS: usize = 11;
const F3: usize = 7;
const B4: usize = 8;
const F4: usize = 9;
const FIVE: usize = 10;
/// Parameters: own point weights, opponent point weights, own fork, own four, opponent fork.
const DIMS: usize = 2 * PATTERNS + 3;

/// One candidate: its feature vector (already divided by its locality divisor).
type Cand = [f64; DIMS];

/// Whether a side's four patterns make a fork (four-three or double three) and a four.
fn fork_and_four(p: &[u8]) -> (bool, bool) {
    let count = |code: usize| p.iter().filter(|&&x| x as usize == code).count();
    let (f4, b4, f3) = (count(F4), count(B4), count(F3));
    let four = f4 > 0 || b4 > 0;
    (b4 > 0 && f3 > 0 || f3 >= 2, four)
}

/// Parses `chosen;tok tok ...`; skips positions where a five or an open four decides the move
/// (the search never orders those).
fn parse(line: &str, shared: bool) -> Option<(usize, Vec<Cand>)> {
    let (k, rest) = line.split_once(';')?;
    let k: usize = k.parse().ok()?;
    let mut cands = Vec::new();
    for tok in rest.split(' ') {
        let b = tok.as_bytes();
        if b.len() != 9 {
            return None;
        }
        let code = |i: usize| (b[i] as char).to_digit(16).map(|d| d as u8);
        let pats: Vec<u8> = (0..8).map(code).collect::<Option<_>>()?;
        let divisor = f64::from((b[8] as char).to_digit(10)?);
        if pats.iter().any(|&p| p as usize == FIVE) || pats[4..].contains(&(F4 as u8)) {
            return None;
        }
        let mut x = [0.0; DIMS];
        for (j, &p) in pats.iter().enumerate() {
            let side = if j < 4 || shared { 0 } else { PATTERNS };
            x[side + p as usize] += 1.0;
        }
        let (own_fork, own_four) = fork_and_four(&pats[..4]);
        let (opp_fork, _) = fork_and_four(&pats[4..]);
        x[2 * PATTERNS] = f64::from(u8::from(own_fork));
        x[2 * PATTERNS + 1] = f64::from(u8::from(own_four && !own_fork));
        x[2 * PATTERNS + 2] = f64::from(u8::from(opp_fork));
        for v in x.iter_mut() {
            *v /= divisor;
        }
        cands.push(x);
    }
    (k < cands.len()).then_some((k, cands))
}

/// Log loss, top-1 rate, top-4 rate and mean rank (0 = first) of the chosen moves under
/// weights `w`.
fn measure(data: &[(usize, Vec<Cand>)], w: &[f64; DIMS]) -> (f64, f64, f64, f64) {
    let (mut loss, mut top, mut top4, mut rank) = (0.0, 0.0, 0.0, 0.0);
    for (k, cands) in data {
        let z: Vec<f64> = cands.iter().map(|x| dot(w, x)).collect();
        let max = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|v| (v - max).exp()).sum();
        loss -= z[*k] - max - sum.ln();
        let better = z.iter().filter(|&&v| v > z[*k]).count();
        rank += better as f64;
        top += f64::from(u8::from(better == 0));
        top4 += f64::from(u8::from(better < 4));
    }
    let n = data.len() as f64;
    (loss / n, top / n, top4 / n, rank / n)
}

fn dot(w: &[f64; DIMS], x: &Cand) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// The engine's current weights as a parameter vector (times `scale`); with `--shared` the
/// two sides' tables averaged.
fn current(scale: f64, shared: bool) -> [f64; DIMS] {
    let mut w = [0.0; DIMS];
    for j in 0..PATTERNS {
        let (own, opp) = (OWN_ORDER_WEIGHT[j] as f64, OPPONENT_ORDER_WEIGHT[j] as f64);
        w[j] = if shared { (own + opp) / 2.0 } else { own } * scale;
        w[PATTERNS + j] = opp * scale;
    }
    w[2 * PATTERNS] = ORDER_OWN_FORK as f64 * scale;
    w[2 * PATTERNS + 1] = ORDER_OWN_FOUR as f64 * scale;
    w[2 * PATTERNS + 2] = ORDER_OPPONENT_FORK as f64 * scale;
    w
}

/// Softmax regression by Adam on the training positions.
fn fit(train: &[(usize, Vec<Cand>)], shared: bool) -> [f64; DIMS] {
    let mut w = current(0.01, shared);
    let mut adam = Adam::new(DIMS);
    let n = train.len() as f64;
    for step in 0..3000 {
        let mut grad = [0.0; DIMS];
        for (k, cands) in train {
            let z: Vec<f64> = cands.iter().map(|x| dot(&w, x)).collect();
            let max = z.iter().cloned().fold(f64::MIN, f64::max);
            let e: Vec<f64> = z.iter().map(|v| (v - max).exp()).collect();
            let sum: f64 = e.iter().sum();
            for (i, x) in cands.iter().enumerate() {
                let p = e[i] / sum - f64::from(u8::from(i == *k));
                for j in 0..DIMS {
                    grad[j] += p * x[j];
                }
            }
        }
        adam.step(&mut w, &grad, n);
        if step % 1000 == 999 {
            eprintln!("step {step}: train loss {:.4}", measure(train, &w).0);
        }
    }
    w
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: order_fit DATA [--shared]");
        return;
    };
    let shared = args.iter().any(|a| a == "--shared");
    let text = std::fs::read_to_string(path).expect("data file");
    let data: Vec<_> = text.lines().filter_map(|l| parse(l, shared)).collect();
    let (train, test): (Vec<_>, Vec<_>) = data
        .iter()
        .cloned()
        .enumerate()
        .partition(|(i, _)| i % 2 == 0);
    let train: Vec<_> = train.into_iter().map(|(_, d)| d).collect();
    let test: Vec<_> = test.into_iter().map(|(_, d)| d).collect();
    let report = |name: &str, w: &[f64; DIMS]| {
        let (l, t, t4, r) = measure(&test, w);
        println!("{name:<34} loss {l:.4}, top-1 {t:.3}, top-4 {t4:.3}, mean rank {r:.2}");
    };
    println!("{} positions ({} held out)", data.len(), test.len());
    report(
        "current weights, best scale",
        &best_scale(&train, current(1.0, shared)),
    );
    let w = fit(&train, shared);
    report("fitted weights", &w);
    // On the engine's scale: the two sides' open-three weights average the current ones.
    let f3 = if shared {
        w[F3]
    } else {
        (w[F3] + w[PATTERNS + F3]) / 2.0
    };
    let unit = f3 / ((OWN_ORDER_WEIGHT[F3] + OPPONENT_ORDER_WEIGHT[F3]) as f64 / 2.0);
    let show = |r: std::ops::Range<usize>| {
        r.map(|j| format!("{:.0}", w[j] / unit))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!("own      [{}]", show(0..PATTERNS));
    if !shared {
        println!("opponent [{}]", show(PATTERNS..2 * PATTERNS));
    }
    println!(
        "own fork, own four, opponent fork: {}",
        show(2 * PATTERNS..DIMS)
    );
}

/// `w` times the factor that predicts the training positions best (the softmax's temperature).
fn best_scale(train: &[(usize, Vec<Cand>)], w: [f64; DIMS]) -> [f64; DIMS] {
    let scaled = |k: usize| w.map(|v| v * k as f64 * 0.0005);
    let best = (1..200)
        .min_by(|&a, &b| {
            measure(train, &scaled(a))
                .0
                .total_cmp(&measure(train, &scaled(b)).0)
        })
        .unwrap_or(20);
    scaled(best)
}
