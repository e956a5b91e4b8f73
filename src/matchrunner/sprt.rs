//! The sequential probability ratio test over game pairs, as fishtest and OpenBench run it:
//! Michel Van den Bergh's generalized SPRT on the pentanomial model.
//!
//! H0 says the first engine is `elo0` stronger than the second, H1 says `elo1`. Each hypothesis
//! is the distribution over the five pair classes that fits the observed frequencies best (the
//! maximum-likelihood estimate) among those whose expected score (logistic model) or t-value
//! (normalized model) is the hypothesis's. The log-likelihood ratio of the counts under the two
//! fits is compared, after every finished pair, with Wald's bounds `ln(beta / (1 - alpha))` and
//! `ln((1 - beta) / alpha)`.
//!
//! References: M. Van den Bergh, "Maximum likelihood estimation for multinomial distributions
//! with a given expected value" (hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf,
//! Proposition 1.1) and "A practical introduction to normalized Elo"
//! (hardy.uhasselt.be/Fishtest/normalized_elo_practical.pdf, section 4.1); fishtest's
//! `stats/LLRcalc.py` implements both.

use super::pentanomial::{moments, Pentanomial, NELO_PER_T, PAIR_SCORES};

/// Default type I error: accepting H1 when H0 holds.
pub const DEFAULT_ALPHA: f64 = 0.05;
/// Default type II error: accepting H0 when H1 holds.
pub const DEFAULT_BETA: f64 = 0.05;
/// Largest Elo bound accepted: beyond it the expected score is 1 to within rounding.
pub const MAX_ELO: f64 = 1000.0;
/// Rounds of the fixed-point iteration for the normalized model's estimate (it converges in a
/// handful; fishtest stops at 10).
const T_VALUE_ROUNDS: usize = 100;
/// The fixed-point iteration stops when no probability moves by more than this.
const T_VALUE_TOLERANCE: f64 = 1e-10;
/// Bisection steps for the secular equation: far more than f64 precision needs.
const BISECTION_STEPS: usize = 200;

/// What the Elo bounds measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Logistic Elo: expected score `1 / (1 + 10^(-elo / 400))`.
    Logistic,
    /// Normalized Elo: the t-value per game times `800 / ln 10`, independent of the draw rate.
    Normalized,
}

/// An SPRT set up from `--sprt`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// Accepted chance of a false H1 verdict.
    pub alpha: f64,
    /// Accepted chance of a false H0 verdict.
    pub beta: f64,
    /// Which Elo model the bounds are in.
    pub model: Model,
}

/// What the test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The null hypothesis (elo0) is accepted.
    H0,
    /// The alternative hypothesis (elo1) is accepted.
    H1,
}

impl Sprt {
    /// Parses `elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=logistic|normalized]` (words may also
    /// come in one string separated by spaces or commas).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta, mut model) = (None, None, None, None, None);
        for word in words
            .iter()
            .flat_map(|w| w.split(|c: char| c == ',' || c.is_whitespace()))
            .filter(|w| !w.is_empty())
        {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--sprt takes KEY=VALUE words, got '{word}'"))?;
            let slot = match key {
                "elo0" => &mut elo0,
                "elo1" => &mut elo1,
                "alpha" => &mut alpha,
                "beta" => &mut beta,
                "model" => {
                    let m = match value {
                        "logistic" => Model::Logistic,
                        "normalized" => Model::Normalized,
                        _ => {
                            return Err(format!(
                                "--sprt model takes logistic or normalized, got '{value}'"
                            ))
                        }
                    };
                    if model.replace(m).is_some() {
                        return Err("--sprt model given twice".into());
                    }
                    continue;
                }
                _ => {
                    return Err(format!(
                        "--sprt takes elo0, elo1, alpha, beta and model, got '{key}'"
                    ))
                }
            };
            let v = value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("--sprt {key} takes a number, got '{value}'"))?;
            if slot.replace(v).is_some() {
                return Err(format!("--sprt {key} given twice"));
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("--sprt needs elo0=E0 and elo1=E1".into());
        };
        let alpha = alpha.unwrap_or(DEFAULT_ALPHA);
        let beta = beta.unwrap_or(DEFAULT_BETA);
        if elo0 >= elo1 {
            return Err(format!(
                "--sprt needs elo0 < elo1, got elo0={elo0} elo1={elo1}"
            ));
        }
        if elo0.abs() > MAX_ELO || elo1.abs() > MAX_ELO {
            return Err(format!("--sprt Elo bounds must lie within +-{MAX_ELO}"));
        }
        if !(alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0) {
            return Err("--sprt needs alpha > 0, beta > 0 and alpha + beta < 1".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model: model.unwrap_or(Model::Logistic),
        })
    }

    /// Wald's bounds: H0 is accepted at or below the first, H1 at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs so far (0 without pairs).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        match self.model {
            Model::Logistic => llr_logistic(self.elo0, self.elo1, pairs),
            Model::Normalized => llr_normalized(self.elo0, self.elo1, pairs),
        }
    }

    /// The decision for a log-likelihood ratio, if it crossed a bound.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// `elo0=0 elo1=10 alpha=0.05 beta=0.05 model=logistic`, for the header and the table.
    pub fn describe(&self) -> String {
        let model = match self.model {
            Model::Logistic => "logistic",
            Model::Normalized => "normalized",
        };
        format!(
            "elo0={} elo1={} alpha={} beta={} model={model}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The expected score of a logistic Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Log-likelihood ratio for logistic Elo bounds: each hypothesis is the maximum-likelihood
/// distribution with expected score `expected_score(elo)`.
pub fn llr_logistic(elo0: f64, elo1: f64, pairs: &Pentanomial) -> f64 {
    llr_with(pairs, |freq| {
        Some((
            mle_with_mean(freq, expected_score(elo0))?,
            mle_with_mean(freq, expected_score(elo1))?,
        ))
    })
}

/// Log-likelihood ratio for normalized Elo bounds: each hypothesis is the maximum-likelihood
/// distribution with t-value `nelo / NELO_PER_T * sqrt(2)` per pair (a pair's deviation is the
/// game's over sqrt(2)).
pub fn llr_normalized(nelo0: f64, nelo1: f64, pairs: &Pentanomial) -> f64 {
    let t = |nelo: f64| nelo / NELO_PER_T * std::f64::consts::SQRT_2;
    llr_with(pairs, |freq| {
        Some((mle_with_t(freq, t(nelo0))?, mle_with_t(freq, t(nelo1))?))
    })
}

/// `N * sum_i f_i ln(p1_i / p0_i)` over the regularized frequencies `f` and their total `N`,
/// with `fits` giving the two hypotheses' distributions (0 when there is nothing to fit).
fn llr_with(pairs: &Pentanomial, fits: impl Fn(&[f64; 5]) -> Option<([f64; 5], [f64; 5])>) -> f64 {
    if pairs.pairs() == 0 {
        return 0.0;
    }
    let (n, freq) = pairs.regularized();
    let Some((p0, p1)) = fits(&freq) else {
        return 0.0;
    };
    n * (0..5).map(|i| freq[i] * (p1[i] / p0[i]).ln()).sum::<f64>()
}

/// The maximum-likelihood distribution with mean `s` for observed frequencies `freq`
/// (Proposition 1.1 of Van den Bergh's note): `p_i = f_i / (1 + x (a_i - s))`, with `x` the root
/// of the secular equation.
pub fn mle_with_mean(freq: &[f64; 5], s: f64) -> Option<[f64; 5]> {
    let shifted = PAIR_SCORES.map(|a| a - s);
    let x = secular(freq, &shifted)?;
    Some(std::array::from_fn(|i| freq[i] / (1.0 + x * shifted[i])))
}

/// The maximum-likelihood distribution with t-value `(mean - 1/2) / deviation = t`, by the
/// fixed-point iteration of the normalized-Elo note (section 4.1): linearize the constraint
/// around the current estimate, solve that as a secular equation, repeat.
pub fn mle_with_t(freq: &[f64; 5], t: f64) -> Option<[f64; 5]> {
    let mut p = [0.2; 5];
    for _ in 0..T_VALUE_ROUNDS {
        let (mu, var) = moments(&p);
        let sigma = var.sqrt();
        let shifted: [f64; 5] = std::array::from_fn(|i| {
            let a = PAIR_SCORES[i];
            a - 0.5 - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0
        });
        let x = secular(freq, &shifted)?;
        let next: [f64; 5] = std::array::from_fn(|i| freq[i] / (1.0 + x * shifted[i]));
        let moved = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if moved < T_VALUE_TOLERANCE {
            break;
        }
    }
    Some(p)
}

/// The root `x` of `sum_i f_i a_i / (1 + x a_i) = 0` that keeps every `1 + x a_i` positive.
/// The sum falls strictly from +inf to -inf over that interval, so bisection finds it; `None`
/// when the `a_i` with weight do not straddle 0 (no such root).
fn secular(freq: &[f64; 5], a: &[f64; 5]) -> Option<f64> {
    let weighted = || (0..5).filter(|&i| freq[i] > 0.0).map(|i| a[i]);
    let lowest = weighted().fold(f64::INFINITY, f64::min);
    let highest = weighted().fold(f64::NEG_INFINITY, f64::max);
    if !(lowest < 0.0 && highest > 0.0) {
        return None;
    }
    let f = |x: f64| {
        (0..5)
            .map(|i| freq[i] * a[i] / (1.0 + x * a[i]))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (-1.0 / highest, -1.0 / lowest);
    for _ in 0..BISECTION_STEPS {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn parses_bounds_and_defaults() {
        let s = Sprt::parse(&words("elo0=0 elo1=10")).unwrap();
        assert_eq!(
            (s.elo0, s.elo1, s.alpha, s.beta, s.model),
            (0.0, 10.0, 0.05, 0.05, Model::Logistic)
        );
        let s =
            Sprt::parse(&["elo0=-5,elo1=5 alpha=0.1 beta=0.2 model=normalized".into()]).unwrap();
        assert_eq!(
            (s.elo0, s.elo1, s.alpha, s.beta, s.model),
            (-5.0, 5.0, 0.1, 0.2, Model::Normalized)
        );
        for bad in [
            "elo0=0",
            "elo0=10 elo1=0",
            "elo0=0 elo1=10 alpha=0",
            "elo0=0 elo1=10 alpha=0.6 beta=0.5",
            "elo0=0 elo1=10 gamma=1",
            "elo0=0 elo1=x",
            "elo0=0 elo1=10 elo1=20",
            "elo0=0 elo1=5000",
            "elo0=0 elo1=10 model=bayes",
            "elo0",
        ] {
            assert!(Sprt::parse(&words(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn wald_bounds() {
        let s = Sprt::parse(&words("elo0=0 elo1=10")).unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-8 && (hi - 2.944_438_979).abs() < 1e-8);
        assert_eq!(s.verdict(3.0), Some(Verdict::H1));
        assert_eq!(s.verdict(-3.0), Some(Verdict::H0));
        assert_eq!(s.verdict(0.0), None);
    }

    #[test]
    fn fits_meet_their_constraints() {
        let pairs = Pentanomial {
            counts: [3, 20, 50, 25, 2],
        };
        let (_, f) = pairs.regularized();
        for s in [0.45, 0.5, 0.6] {
            let p = mle_with_mean(&f, s).unwrap();
            let (mu, _) = moments(&p);
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!((mu - s).abs() < 1e-9, "{s}: {mu}");
        }
        for t in [-0.2, 0.0, 0.15] {
            let p = mle_with_t(&f, t).unwrap();
            let (mu, var) = moments(&p);
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(((mu - 0.5) / var.sqrt() - t).abs() < 1e-9, "{t}");
        }
    }

    #[test]
    fn no_pairs_no_evidence() {
        let s = Sprt::parse(&words("elo0=0 elo1=10")).unwrap();
        assert_eq!(s.llr(&Pentanomial::default()), 0.0);
    }
}
