//! The SPRT and pentanomial statistics of `gridmind match`, without engine processes:
//!
//! - the log-likelihood ratio of given pair counts against an independent computation: the
//!   constrained likelihood maximised numerically here, by exact line searches along directions
//!   that keep the constraints (no secular equation, no fixed-point iteration);
//! - seeded simulations of whole SPRTs with a known true Elo, where H1 and H0 must be accepted
//!   about as often as alpha and beta promise, under both Elo models;
//! - the Elo interval from the pentanomial variance, by hand and by its coverage.
//!
//! Every "true" quantity here (the expected score of an Elo difference, the normalized-Elo scale)
//! is computed from its published definition in this file, never with the code under test: a
//! wrong mapping in `sprt.rs` or `pentanomial.rs` then fails these tests instead of agreeing
//! with itself.

use gridmind::matchrunner::pentanomial::{Pentanomial, NELO_PER_T, PAIR_SCORES};
use gridmind::matchrunner::sprt::{expected_score, Model, Sprt, Verdict};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const X: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The logistic Elo model's expected score at an Elo difference `elo`: a 400-point difference
/// means odds of 10 to 1, so the score is `1 / (1 + 10^(-elo/400))` (Elo's logistic curve, as
/// used by fishtest, cutechess-cli and BayesElo's logistic prior).
fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Normalized Elo per unit of t-value: fishtest's `nElo = t * 800 / ln(10)` (the logistic Elo
/// scale's slope at a level match, so that nElo and Elo agree for small differences when draws
/// are absent).
const PUBLISHED_NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The Elo mapping and the normalized-Elo scale of the code are the published ones: checked at
/// points whose values follow from the definitions by hand (400 Elo is 10:1 odds, 10/11; 0 is
/// 1/2; the curve is symmetric) and against this file's own formula over a range.
#[test]
fn the_codes_elo_scale_is_the_published_one() {
    assert!((expected_score(0.0) - 0.5).abs() < 1e-15);
    assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
    assert!((expected_score(-400.0) - 1.0 / 11.0).abs() < 1e-12);
    assert!((expected_score(800.0) - 100.0 / 101.0).abs() < 1e-12);
    for elo in (-600..=600).step_by(7).map(f64::from) {
        assert!(
            (expected_score(elo) - logistic_score(elo)).abs() < 1e-12,
            "{elo}"
        );
        assert!((expected_score(elo) + expected_score(-elo) - 1.0).abs() < 1e-12);
    }
    assert!((NELO_PER_T - 347.435).abs() < 1e-3, "{NELO_PER_T}");
    assert!((NELO_PER_T - PUBLISHED_NELO_PER_T).abs() < 1e-12);
}

/// Counts as the likelihood sees them: an empty class weighs 1e-3 (fishtest's regularization).
fn weights(counts: [u32; 5]) -> [f64; 5] {
    counts.map(|c| if c == 0 { 1e-3 } else { c as f64 })
}

fn log_likelihood(w: &[f64; 5], p: &[f64; 5]) -> f64 {
    let mut sum = 0.0;
    for i in 0..5 {
        if p[i] <= 0.0 {
            return f64::NEG_INFINITY;
        }
        sum += w[i] * p[i].ln();
    }
    sum
}

/// Solves `m v = r` (k x k, k <= 3) by Gaussian elimination with partial pivoting; `None` when
/// singular.
fn solve(mut m: Vec<Vec<f64>>, mut r: Vec<f64>) -> Option<Vec<f64>> {
    let k = r.len();
    for col in 0..k {
        let pivot = (col..k).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-14 {
            return None;
        }
        m.swap(col, pivot);
        r.swap(col, pivot);
        let (top, below) = m.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (offset, row) in below.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (a, b) in row[col..k].iter_mut().zip(&pivot_row[col..k]) {
                *a -= f * b;
            }
            r[col + 1 + offset] -= f * r[col];
        }
    }
    let mut v = vec![0.0; k];
    for row in (0..k).rev() {
        let tail: f64 = (row + 1..k).map(|c| m[row][c] * v[c]).sum();
        v[row] = (r[row] - tail) / m[row][row];
    }
    Some(v)
}

fn det(m: Vec<Vec<f64>>) -> f64 {
    match m.len() {
        1 => m[0][0],
        2 => m[0][0] * m[1][1] - m[0][1] * m[1][0],
        _ => {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
    }
}

/// Linear equality constraints `rows[j] . p = rhs[j]` on the five class probabilities.
struct Constraints {
    rows: Vec<[f64; 5]>,
    rhs: Vec<f64>,
}

impl Constraints {
    /// A strictly positive feasible point, as far inside as a grid over the free coordinates
    /// finds (the last k coordinates solve the constraints); `None` when the set is empty.
    fn interior_point(&self) -> Option<[f64; 5]> {
        const STEPS: usize = 24;
        let k = self.rows.len();
        let free = 5 - k;
        let mut best: Option<([f64; 5], f64)> = None;
        for cell in 0..(STEPS + 1).pow(free as u32) {
            let mut p = [0.0; 5];
            let mut rest = cell;
            for slot in p.iter_mut().take(free) {
                *slot = (rest % (STEPS + 1)) as f64 / STEPS as f64;
                rest /= STEPS + 1;
            }
            let m: Vec<Vec<f64>> = self.rows.iter().map(|row| row[free..].to_vec()).collect();
            let r: Vec<f64> = (0..k)
                .map(|j| self.rhs[j] - (0..free).map(|i| self.rows[j][i] * p[i]).sum::<f64>())
                .collect();
            let Some(v) = solve(m, r) else { continue };
            p[free..].copy_from_slice(&v);
            let least = p.iter().cloned().fold(f64::INFINITY, f64::min);
            if least > 0.0 && best.is_none_or(|(_, b)| least > b) {
                best = Some((p, least));
            }
        }
        best.map(|(p, _)| p)
    }

    /// The direction that moves only the classes in `idx` (k + 1 of them) and keeps every
    /// constraint: the null vector of the k x (k + 1) submatrix, by signed minors.
    fn direction(&self, idx: &[usize]) -> [f64; 5] {
        let mut d = [0.0; 5];
        for (j, &i) in idx.iter().enumerate() {
            let minor: Vec<Vec<f64>> = self
                .rows
                .iter()
                .map(|row| idx.iter().filter(|&&c| c != i).map(|&c| row[c]).collect())
                .collect();
            d[i] = if j % 2 == 0 { 1.0 } else { -1.0 } * det(minor);
        }
        d
    }
}

/// The subsets of `size` of the five classes.
fn subsets(size: usize) -> Vec<Vec<usize>> {
    (0u32..32)
        .filter(|m| m.count_ones() as usize == size)
        .map(|m| (0..5).filter(|i| m & (1 << i) != 0).collect())
        .collect()
}

/// The maximum of `sum w_i ln p_i` under `c` by exact line searches along constraint-keeping
/// directions, each moving k + 1 classes, swept until nothing improves (the objective is
/// concave, so this reaches the maximum).
fn max_log_likelihood(w: &[f64; 5], c: &Constraints) -> f64 {
    const SWEEPS: usize = 20_000;
    const LINE_STEPS: usize = 100;
    let Some(mut p) = c.interior_point() else {
        return f64::NEG_INFINITY;
    };
    let dirs: Vec<[f64; 5]> = subsets(c.rows.len() + 1)
        .iter()
        .map(|idx| c.direction(idx))
        .filter(|d| d.iter().any(|v| v.abs() > 1e-12))
        .collect();
    let mut value = log_likelihood(w, &p);
    for _ in 0..SWEEPS {
        let before = value;
        for d in &dirs {
            // Steps keeping p positive: (lo, hi); the slope falls across it.
            let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
            for i in 0..5 {
                if d[i] > 0.0 {
                    lo = lo.max(-p[i] / d[i]);
                } else if d[i] < 0.0 {
                    hi = hi.min(-p[i] / d[i]);
                }
            }
            let slope = |t: f64| (0..5).map(|i| w[i] * d[i] / (p[i] + t * d[i])).sum::<f64>();
            for _ in 0..LINE_STEPS {
                let mid = 0.5 * (lo + hi);
                if slope(mid) > 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let t = 0.5 * (lo + hi);
            let q: [f64; 5] = std::array::from_fn(|i| p[i] + t * d[i]);
            let v = log_likelihood(w, &q);
            if v > value {
                p = q;
                value = v;
            }
        }
        if value - before < 1e-14 {
            break;
        }
    }
    value
}

/// max log-likelihood over distributions with mean `s`.
fn max_ll_mean(w: &[f64; 5], s: f64) -> f64 {
    let c = Constraints {
        rows: vec![[1.0; 5], X],
        rhs: vec![1.0, s],
    };
    max_log_likelihood(w, &c)
}

/// max log-likelihood over distributions with t-value `(mean - 1/2) / sd = t`. For a fixed
/// deviation `sd` the mean is `1/2 + t sd` and the second moment follows, so the constraints are
/// linear; the outer search runs over `sd` (a coarse grid, then golden sections).
fn max_ll_t(w: &[f64; 5], t: f64) -> f64 {
    const GRID: usize = 25;
    const GOLDEN_ROUNDS: usize = 60;
    let at_sd = |sd: f64| {
        let mu = 0.5 + t * sd;
        let c = Constraints {
            rows: vec![[1.0; 5], X, X.map(|x| x * x)],
            rhs: vec![1.0, mu, sd * sd + mu * mu],
        };
        max_log_likelihood(w, &c)
    };
    let top = 0.5;
    let (best_k, _) = (1..GRID)
        .map(|k| (k, at_sd(top * k as f64 / GRID as f64)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    let (mut a, mut b) = (
        top * (best_k - 1) as f64 / GRID as f64,
        top * (best_k + 1).min(GRID) as f64 / GRID as f64,
    );
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..GOLDEN_ROUNDS {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if at_sd(c) > at_sd(d) {
            b = d;
        } else {
            a = c;
        }
    }
    at_sd(0.5 * (a + b))
}

fn sprt(elo0: f64, elo1: f64, model: Model) -> Sprt {
    Sprt {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
        model,
    }
}

const COUNT_SETS: [[u32; 5]; 6] = [
    [3, 20, 50, 25, 2],
    [10, 31, 72, 40, 13],
    [0, 1, 5, 7, 9],
    [0, 0, 0, 0, 8],
    [0, 0, 1, 0, 7],
    [4, 0, 17, 0, 1],
];

#[test]
fn logistic_llr_matches_a_direct_maximisation() {
    for (elo0, elo1) in [(0.0, 10.0), (-5.0, 5.0), (0.0, 200.0), (20.0, 60.0)] {
        let s = sprt(elo0, elo1, Model::Logistic);
        for counts in COUNT_SETS {
            let w = weights(counts);
            let expected =
                max_ll_mean(&w, logistic_score(elo1)) - max_ll_mean(&w, logistic_score(elo0));
            let got = s.llr(&Pentanomial { counts });
            assert!(
                (got - expected).abs() < 1e-6 * (1.0 + expected.abs()),
                "{counts:?} elo0={elo0} elo1={elo1}: {got} vs {expected}"
            );
        }
    }
    // An anchor on the scale: 8 pairs won twice over decide 0 vs 200, 7 do not (bound 2.944).
    let s = sprt(0.0, 200.0, Model::Logistic);
    let llr = |counts| s.llr(&Pentanomial { counts });
    assert_eq!(s.verdict(llr([0, 0, 0, 0, 8])), Some(Verdict::H1));
    assert_eq!(s.verdict(llr([0, 0, 0, 0, 7])), None);
}

#[test]
fn normalized_llr_matches_a_direct_maximisation() {
    for (nelo0, nelo1) in [(0.0, 10.0), (-5.0, 5.0), (0.0, 100.0)] {
        let s = sprt(nelo0, nelo1, Model::Normalized);
        // A pair's t-value is sqrt(2) times the per-game one.
        let t = |nelo: f64| nelo / PUBLISHED_NELO_PER_T * std::f64::consts::SQRT_2;
        for counts in &COUNT_SETS[..3] {
            let w = weights(*counts);
            let expected = max_ll_t(&w, t(nelo1)) - max_ll_t(&w, t(nelo0));
            let got = s.llr(&Pentanomial { counts: *counts });
            assert!(
                (got - expected).abs() < 1e-5 * (1.0 + expected.abs()),
                "{counts:?} nelo0={nelo0} nelo1={nelo1}: {got} vs {expected}"
            );
        }
    }
}

/// Pair-class probabilities when games are won/drawn/lost independently with expected score
/// `score` and draw rate `draw`, the opening favouring the first game's colors by `bias` (it
/// moves `bias` from loss to win in the first game and back in the second).
fn pair_distribution(score: f64, draw: f64, bias: f64) -> [f64; 5] {
    let win = score - draw / 2.0;
    let loss = 1.0 - score - draw / 2.0;
    let first = [loss - bias, draw, win + bias];
    let second = [loss + bias, draw, win - bias];
    let mut p = [0.0; 5];
    for (i, a) in first.iter().enumerate() {
        for (j, b) in second.iter().enumerate() {
            p[i + j] += a * b;
        }
    }
    p
}

fn draw_class(rng: &mut StdRng, p: &[f64; 5]) -> usize {
    let mut u: f64 = rng.gen();
    for (i, q) in p.iter().enumerate() {
        if u < *q {
            return i;
        }
        u -= q;
    }
    4
}

/// Runs `runs` SPRTs on pairs drawn from `p`; returns how often H1 and H0 were accepted.
fn simulate(s: &Sprt, p: &[f64; 5], runs: usize, seed: u64) -> (f64, f64) {
    /// Far more pairs than these tests ever need: a run reaching it counts as inconclusive.
    const MAX_PAIRS: u32 = 20_000;
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut h1, mut h0) = (0, 0);
    for _ in 0..runs {
        let mut pairs = Pentanomial::default();
        while pairs.pairs() < MAX_PAIRS {
            pairs.counts[draw_class(&mut rng, p)] += 1;
            match s.verdict(s.llr(&pairs)) {
                Some(Verdict::H1) => h1 += 1,
                Some(Verdict::H0) => h0 += 1,
                None => continue,
            }
            break;
        }
    }
    (h1 as f64 / runs as f64, h0 as f64 / runs as f64)
}

/// Error rates must be near their nominal 5%. 1000 runs give a standard error of about 0.7%, so
/// the band is about 3.5 standard errors either side (seeded: measured 3.4% to 6.0%).
fn check_rate(what: &str, rate: f64) {
    assert!((0.025..=0.075).contains(&rate), "{what}: {rate}");
}

const RUNS: usize = 1000;
const DRAW_RATE: f64 = 0.2;
const OPENING_BIAS: f64 = 0.15;

#[test]
fn logistic_sprt_errs_about_as_often_as_alpha_and_beta() {
    let s = sprt(0.0, 60.0, Model::Logistic);
    let at = |elo: f64| pair_distribution(logistic_score(elo), DRAW_RATE, OPENING_BIAS);
    let (h1_at_elo0, _) = simulate(&s, &at(0.0), RUNS, 1);
    let (_, h0_at_elo1) = simulate(&s, &at(60.0), RUNS, 2);
    check_rate("H1 accepted at elo0 (alpha)", h1_at_elo0);
    check_rate("H0 accepted at elo1 (beta)", h0_at_elo1);
    // Far from the bounds the test is almost never wrong.
    let (_, h0_far) = simulate(&s, &at(150.0), 200, 3);
    assert!(h0_far < 0.01, "{h0_far}");
}

#[test]
fn normalized_sprt_errs_about_as_often_as_alpha_and_beta() {
    // The true normalized Elo of a pair distribution: the mean's distance from 1/2 over the
    // per-game deviation (sqrt(2) pair deviations), in units of NELO_PER_T.
    let nelo = |p: &[f64; 5]| {
        let mean: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
        let var: f64 = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mean).powi(2)).sum();
        (mean - 0.5) / (2.0 * var).sqrt() * PUBLISHED_NELO_PER_T
    };
    let even = pair_distribution(0.5, DRAW_RATE, OPENING_BIAS);
    let better = pair_distribution(logistic_score(60.0), DRAW_RATE, OPENING_BIAS);
    assert!(nelo(&even).abs() < 1e-12);
    let s = sprt(0.0, nelo(&better), Model::Normalized);
    let (h1_at_elo0, _) = simulate(&s, &even, RUNS, 4);
    let (_, h0_at_elo1) = simulate(&s, &better, RUNS, 5);
    check_rate("H1 accepted at nelo0 (alpha)", h1_at_elo0);
    check_rate("H0 accepted at nelo1 (beta)", h0_at_elo1);
}

fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

#[test]
fn pentanomial_interval_from_the_pair_variance() {
    let counts = [2u32, 10, 20, 12, 6];
    let scores: Vec<f64> = (0..5)
        .flat_map(|i| std::iter::repeat_n(X[i], counts[i] as usize))
        .collect();
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let e = Pentanomial { counts }.elo().unwrap();
    assert!((e.diff - elo(mean)).abs() < 1e-9, "{e:?}");
    assert!((e.low - elo(mean - 1.96 * se)).abs() < 1e-9, "{e:?}");
    assert!((e.high - elo(mean + 1.96 * se)).abs() < 1e-9, "{e:?}");
    // Opening bias makes pairs less variable than their games suggest: when a pair's games
    // disagree (WL) far more often than chance, the pentanomial interval is much narrower than
    // the trinomial one from the same games (about 0.54 of it here).
    let lopsided = Pentanomial {
        counts: [1, 2, 30, 4, 3],
    }
    .elo()
    .unwrap();
    let games_var = {
        // The same 40 pairs as 80 games: 1 LL, 2 LD, 30 WL, 4 WD, 3 WW.
        let g: Vec<f64> = [(0.0, 2 + 2 + 30), (0.5, 2 + 4), (1.0, 30 + 4 + 6)]
            .iter()
            .flat_map(|&(s, k)| std::iter::repeat_n(s, k))
            .collect();
        let m = g.iter().sum::<f64>() / g.len() as f64;
        (
            g.iter().map(|s| (s - m).powi(2)).sum::<f64>() / g.len() as f64,
            g.len() as f64,
            m,
        )
    };
    let (gv, gn, gm) = games_var;
    let trinomial_width = elo(gm + 1.96 * (gv / gn).sqrt()) - elo(gm - 1.96 * (gv / gn).sqrt());
    assert!(
        lopsided.high - lopsided.low < 0.6 * trinomial_width,
        "{lopsided:?}"
    );
}

#[test]
fn pentanomial_interval_covers_the_true_elo_95_percent_of_the_time() {
    const PAIRS: usize = 200;
    let true_elo = 30.0;
    let p = pair_distribution(logistic_score(true_elo), DRAW_RATE, OPENING_BIAS);
    let mut rng = StdRng::seed_from_u64(6);
    let runs = 2000;
    let covered = (0..runs)
        .filter(|_| {
            let mut pairs = Pentanomial::default();
            for _ in 0..PAIRS {
                pairs.counts[draw_class(&mut rng, &p)] += 1;
            }
            let e = pairs.elo().unwrap();
            e.low <= true_elo && true_elo <= e.high
        })
        .count() as f64
        / runs as f64;
    assert!((0.93..=0.97).contains(&covered), "{covered}");
}
