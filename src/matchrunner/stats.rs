//! Match statistics: W-L-D per engine and per color, score, Elo difference with a 95% interval
//! (per game and per game pair), move times, how many games each engine lost to timeouts, illegal
//! moves, crashes and errors, and the SPRT's log-likelihood ratio when there is one.

use std::fmt::Write;
use std::time::Duration;

use super::pentanomial::{Pentanomial, PAIR_LABELS};
use super::referee::{EndKind, GameRecord};
use super::sprt::{Model, Sprt, Verdict};

/// Wins, losses, draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wld {
    /// Wins.
    pub w: u32,
    /// Losses.
    pub l: u32,
    /// Draws.
    pub d: u32,
}

impl Wld {
    fn add(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.w += 1,
            Some(false) => self.l += 1,
            None => self.d += 1,
        }
    }

    /// Games counted, for totals that must add up.
    pub fn games(&self) -> u32 {
        self.w + self.l + self.d
    }

    /// Points: a win is 1, a draw 1/2.
    pub fn score(&self) -> f64 {
        self.w as f64 + self.d as f64 / 2.0
    }
}

/// One engine's totals.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineStats {
    /// Results over all games.
    pub total: Wld,
    /// Results with black, to see a first-move advantage.
    pub as_black: Wld,
    /// Results with white.
    pub as_white: Wld,
    /// Moves played.
    pub moves: u64,
    /// Thinking time over all moves.
    pub time: Duration,
    /// Longest single move.
    pub longest: Duration,
    /// Games lost on time.
    pub timeouts: u32,
    /// Games lost by an illegal move.
    pub illegal: u32,
    /// Games lost because the engine died.
    pub crashes: u32,
    /// Games lost by an answer that was not a move.
    pub errors: u32,
}

/// Totals of a match so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Per-engine figures, in command-line order.
    pub engines: [EngineStats; 2],
    /// Per-game score of engine 0 (1, 1/2, 0), for the Elo interval.
    results: Vec<f64>,
    /// Finished game pairs, from engine 0's side.
    pub pairs: Pentanomial,
}

impl Stats {
    /// Counts one finished game.
    pub fn add(&mut self, r: &GameRecord) {
        let winner = r.winner();
        for e in 0..2 {
            let s = &mut self.engines[e];
            let won = winner.map(|w| w == e);
            s.total.add(won);
            if r.black == e {
                s.as_black.add(won);
            } else {
                s.as_white.add(won);
            }
            for &t in &r.move_times[e] {
                s.moves += 1;
                s.time += t;
                s.longest = s.longest.max(t);
            }
            if r.ending.loser == Some(e) {
                match r.ending.kind {
                    EndKind::Timeout => s.timeouts += 1,
                    EndKind::Illegal => s.illegal += 1,
                    EndKind::Crash => s.crashes += 1,
                    EndKind::Error => s.errors += 1,
                    EndKind::Line | EndKind::Draw | EndKind::Resign => {}
                }
            }
        }
        self.results.push(first_engine_score(r));
    }

    /// Counts a unit from the scheduler: both games of a pair (and the pair itself), or an odd
    /// last game that has no partner (games only).
    pub fn add_unit(&mut self, unit: &[GameRecord]) {
        for r in unit {
            self.add(r);
        }
        if let [a, b] = unit {
            self.pairs.add(first_engine_score(a), first_engine_score(b));
        }
    }

    /// The SPRT's log-likelihood ratio over the pairs so far and its verdict, if any.
    pub fn sprt(&self, sprt: &Sprt) -> (f64, Option<Verdict>) {
        let llr = sprt.llr(&self.pairs);
        (llr, sprt.verdict(llr))
    }

    /// Games finished so far, for the progress line and the Elo sample size.
    pub fn games(&self) -> usize {
        self.results.len()
    }

    /// Elo difference of engine 0 over engine 1 and its 95% interval, from the mean per-game score
    /// and its standard error. Infinite when one side scored everything.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = self.results.len() as f64;
        if n == 0.0 {
            return None;
        }
        let mean = self.results.iter().sum::<f64>() / n;
        let var = self.results.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n;
        let (low, high) = score_interval(mean, var, n);
        Some(EloEstimate {
            diff: elo_of(mean),
            low: elo_of(low),
            high: elo_of(high),
        })
    }

    /// `[12/24] A 7.5 - 4.5 B` for the live progress line, with `LLR 1.23 (-2.94 .. 2.94)`
    /// under an SPRT.
    pub fn progress(&self, names: &[String; 2], total: usize, sprt: Option<&Sprt>) -> String {
        let mut line = format!(
            "[{}/{}] {} {} - {} {}",
            self.games(),
            total,
            names[0],
            self.engines[0].total.score(),
            self.engines[1].total.score(),
            names[1]
        );
        if let Some(s) = sprt {
            let (lower, upper) = s.bounds();
            let (llr, _) = self.sprt(s);
            let _ = write!(line, " LLR {} ({lower:.2} .. {upper:.2})", fmt_llr(llr));
        }
        line
    }

    /// The final results table.
    pub fn table(&self, names: &[String; 2], sprt: Option<&Sprt>) -> String {
        let width = names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:width$}  games  W-L-D       score  black W-L-D  white W-L-D  avg ms  max ms  timeouts  illegal  crashes  errors",
            "engine"
        );
        for (name, s) in names.iter().zip(&self.engines) {
            let wld = |w: Wld| format!("{}-{}-{}", w.w, w.l, w.d);
            let avg = if s.moves > 0 {
                s.time.as_secs_f64() * 1000.0 / s.moves as f64
            } else {
                0.0
            };
            let _ = writeln!(
                out,
                "{name:width$}  {:5}  {:10}  {:5.1}  {:11}  {:11}  {:6.1}  {:6.1}  {:8}  {:7}  {:7}  {:6}",
                s.total.games(),
                wld(s.total),
                s.total.score(),
                wld(s.as_black),
                wld(s.as_white),
                avg,
                s.longest.as_secs_f64() * 1000.0,
                s.timeouts,
                s.illegal,
                s.crashes,
                s.errors
            );
        }
        if let Some(e) = self.elo() {
            let n = self.games() as f64;
            let _ = writeln!(
                out,
                "score {} {:.1}% over {} games; Elo difference {}: {} (95% interval {} .. {})",
                names[0],
                self.engines[0].total.score() / n * 100.0,
                self.games(),
                names[0],
                fmt_elo(e.diff),
                fmt_elo(e.low),
                fmt_elo(e.high)
            );
        }
        if let Some(e) = self.pairs.elo() {
            let counts: Vec<String> = PAIR_LABELS
                .iter()
                .zip(self.pairs.counts)
                .map(|(l, c)| format!("{l} {c}"))
                .collect();
            let _ = write!(
                out,
                "pairs {}: {}; Elo difference {}: {} (95% interval {} .. {}, pentanomial)",
                self.pairs.pairs(),
                counts.join(", "),
                names[0],
                fmt_elo(e.diff),
                fmt_elo(e.low),
                fmt_elo(e.high)
            );
            if let Some(n) = sprt
                .filter(|s| s.model == Model::Normalized)
                .and_then(|_| self.pairs.normalized_elo())
            {
                let _ = write!(
                    out,
                    "; normalized Elo {} (95% interval {} .. {})",
                    fmt_elo(n.diff),
                    fmt_elo(n.low),
                    fmt_elo(n.high)
                );
            }
            out.push('\n');
        }
        if let Some(s) = sprt {
            let (lower, upper) = s.bounds();
            let (llr, verdict) = self.sprt(s);
            let verdict = match verdict {
                Some(Verdict::H1) => "H1 accepted",
                Some(Verdict::H0) => "H0 accepted",
                None => "inconclusive",
            };
            let _ = writeln!(
                out,
                "sprt {}: LLR {} (bounds {lower:.2} .. {upper:.2}); {verdict} after {} pairs",
                s.describe(),
                fmt_llr(llr),
                self.pairs.pairs()
            );
        }
        out
    }
}

/// Engine 0's points in a game: 1, 1/2 or 0.
fn first_engine_score(r: &GameRecord) -> f64 {
    match r.winner() {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.96;

/// A 95% interval for a mean score from `n` trials with per-trial variance `var`: the mean plus
/// or minus 1.96 standard errors. When every trial ended alike (`var` 0: all wins, all draws)
/// the sample variance says nothing, so it is the Wilson interval of a win/loss proportion,
/// which is never narrower.
pub fn score_interval(mean: f64, var: f64, n: f64) -> (f64, f64) {
    if var > 0.0 {
        let se = (var / n).sqrt();
        (mean - Z95 * se, mean + Z95 * se)
    } else {
        let z2 = Z95 * Z95;
        let centre = (mean + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (mean * (1.0 - mean) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        (centre - half, centre + half)
    }
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Elo difference estimate.
    pub diff: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// The Elo difference that makes `score` (0..1) the expected score.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An LLR to two decimals, without a minus sign on a value that rounds to zero.
fn fmt_llr(v: f64) -> String {
    if v.abs() < 0.005 {
        "0.00".into()
    } else {
        format!("{v:.2}")
    }
}

fn fmt_elo(v: f64) -> String {
    if v == f64::INFINITY {
        "+inf".into()
    } else if v == f64::NEG_INFINITY {
        "-inf".into()
    } else if v.abs() < 0.5 {
        "0".into()
    } else {
        format!("{v:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_of(0.5), 0.0);
        assert!((elo_of(0.75) - 190.85).abs() < 0.1);
        assert!((elo_of(0.25) + 190.85).abs() < 0.1);
        assert_eq!(elo_of(1.0), f64::INFINITY);
    }

    #[test]
    fn interval_brackets_the_estimate() {
        let mut s = Stats {
            results: vec![1.0, 1.0, 0.5, 0.0, 1.0, 0.5, 1.0, 0.0],
            ..Stats::default()
        };
        let e = s.elo().unwrap();
        assert!(e.low < e.diff && e.diff < e.high, "{e:?}");
        assert!((e.diff - elo_of(5.0 / 8.0)).abs() < 1e-9);
        // All draws, all wins: the interval stays open around the estimate, never degenerate.
        s.results = vec![0.5; 4];
        let e = s.elo().unwrap();
        assert_eq!(e.diff, 0.0);
        assert!(
            e.low < -100.0 && e.high > 100.0 && (e.low + e.high).abs() < 1e-9,
            "{e:?}"
        );
        s.results = vec![1.0; 24];
        let e = s.elo().unwrap();
        assert_eq!((e.diff, e.high), (f64::INFINITY, f64::INFINITY));
        // Wilson lower bound for 24/24: p > 0.862, i.e. about +318 Elo.
        assert!((e.low - 318.0).abs() < 5.0, "{e:?}");
    }
}
