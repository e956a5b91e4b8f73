//! Game-pair statistics: a pair is one opening played twice with colors swapped, and its result
//! (the first engine's points over both games: 0, 1/2, 1, 3/2 or 2) falls into one of five
//! classes, LL, LD, DD/WL, WD, WW. Counting pairs rather than games removes the opening's bias
//! from the variance (a lopsided opening gives WL, not W and L), which makes intervals honest and
//! SPRTs shorter; fishtest, OpenBench and fastchess all work this way.

use super::stats::{elo_of, score_interval, EloEstimate};

/// The five pair classes' scores per game (the pair's points divided by 2), in count order.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Labels of the five classes, from the first engine's side, for the results table.
pub const PAIR_LABELS: [&str; 5] = ["LL", "LD", "DD/WL", "WD", "WW"];

/// Stand-in count for a class never seen, so likelihoods stay defined (every outcome keeps a
/// little mass) without moving the estimates noticeably: fishtest's `regularize` uses the same.
pub const EMPTY_CLASS_COUNT: f64 = 1e-3;

/// Normalized Elo per unit of t-value (mean score minus 1/2, over the per-game standard
/// deviation): `800 / ln 10`, so that a small logistic Elo and the normalized Elo of a
/// drawless, unpaired match agree.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Counts of finished pairs per class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs in which the first engine scored 0, 0.5, 1, 1.5 and 2 points (of 2), in that order.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts one pair from the first engine's two game scores (each 0, 1/2 or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        let class = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[class] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Mean per-game score and the variance of a pair's per-game score, from the counts as
    /// they are; `None` without pairs.
    pub fn mean_var(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let freq = self.counts.map(|c| c as f64 / n);
        Some(moments(&freq))
    }

    /// The empirical distribution the likelihood ratio works on: total weight and frequencies,
    /// an empty class counting [`EMPTY_CLASS_COUNT`].
    pub fn regularized(&self) -> (f64, [f64; 5]) {
        let counts = self
            .counts
            .map(|c| if c == 0 { EMPTY_CLASS_COUNT } else { c as f64 });
        let n: f64 = counts.iter().sum();
        (n, counts.map(|c| c / n))
    }

    /// Logistic Elo of the first engine with a 95% interval: the mean score plus or minus 1.96
    /// standard errors of the pair mean (pair variance over the number of pairs), each mapped
    /// to Elo. When every pair ended alike the variance says nothing, and the interval is the
    /// Wilson interval with the pairs as trials, as for games in the trinomial table.
    pub fn elo(&self) -> Option<EloEstimate> {
        let (mean, var) = self.mean_var()?;
        let (low, high) = score_interval(mean, var, self.pairs() as f64);
        Some(EloEstimate {
            diff: elo_of(mean),
            low: elo_of(low),
            high: elo_of(high),
        })
    }

    /// Normalized Elo (`NELO_PER_T` times the t-value per game, the per-game deviation taken as
    /// sqrt(2) times the pair deviation) with the interval of the mean score mapped the same
    /// way; `None` without pairs or when every pair ended alike (no deviation to divide by).
    pub fn normalized_elo(&self) -> Option<EloEstimate> {
        let (mean, var) = self.mean_var()?;
        if var <= 0.0 {
            return None;
        }
        let sigma_game = (2.0 * var).sqrt();
        let (low, high) = score_interval(mean, var, self.pairs() as f64);
        let nelo = |s: f64| (s - 0.5) / sigma_game * NELO_PER_T;
        Some(EloEstimate {
            diff: nelo(mean),
            low: nelo(low),
            high: nelo(high),
        })
    }
}

/// Mean and variance of the pair scores under frequencies `freq`.
pub fn moments(freq: &[f64; 5]) -> (f64, f64) {
    let mean: f64 = freq.iter().zip(PAIR_SCORES).map(|(p, x)| p * x).sum();
    let var = freq
        .iter()
        .zip(PAIR_SCORES)
        .map(|(p, x)| p * (x - mean).powi(2))
        .sum();
    (mean, var)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_fall_into_their_class() {
        let mut p = Pentanomial::default();
        p.add(1.0, 1.0);
        p.add(1.0, 0.0);
        p.add(0.5, 0.5);
        p.add(0.0, 0.5);
        p.add(0.5, 1.0);
        p.add(0.0, 0.0);
        assert_eq!(p.counts, [1, 1, 2, 1, 1]);
        assert_eq!(p.pairs(), 6);
    }

    #[test]
    fn empty_classes_get_a_little_weight() {
        let p = Pentanomial {
            counts: [0, 0, 0, 0, 10],
        };
        let (n, f) = p.regularized();
        assert!((n - 10.004).abs() < 1e-12);
        assert!((f.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(f[0] > 0.0 && f[0] < 1e-3);
        assert_eq!(p.mean_var(), Some((1.0, 0.0)));
        assert!(p.normalized_elo().is_none());
        let e = p.elo().unwrap();
        assert_eq!(e.diff, f64::INFINITY);
        assert!(e.low > 100.0 && e.low.is_finite(), "{e:?}");
    }
}
