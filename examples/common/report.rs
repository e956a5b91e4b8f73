//! The evaluation fits' shared report (`combo_fit`, `teacher_fit`): the pattern weights fitted
//! without and with the combination features, printed in evaluation units beside their losses.

use super::features::{COMBOS, COMBO_NAMES, PATTERNS, SCALE, WIDTH};
use super::logistic::{fit, loss, Sample};

/// Prints the combination weights stored from `w[base]` on: side to move, then waiting (shown
/// with the evaluation's sign, as a penalty).
pub fn print_combos(w: &[f64], base: usize) {
    for k in 0..COMBOS {
        println!(
            "  {:12} own {:6.0}  opp {:6.0}",
            COMBO_NAMES[k],
            w[base + k] / SCALE,
            -w[base + COMBOS + k] / SCALE
        );
    }
}

/// Fits the pattern features alone, then with the combinations, and prints each fit's losses
/// and weights (the logistic scale turns them back into evaluation units).
pub fn print_pattern_fits(train: &[Sample], test: &[Sample]) {
    let shown = |w: &[f64], range: std::ops::Range<usize>, sign: f64| -> String {
        range
            .map(|j| format!("{:.0}", sign * w[j] / SCALE))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for dims in [2 * PATTERNS, WIDTH] {
        let w = fit(train, dims);
        println!(
            "{dims} features: train loss {:.5}, held-out loss {:.5}",
            loss(train, &w),
            loss(test, &w)
        );
        println!("  own  [{}]", shown(&w, 0..PATTERNS, 1.0));
        println!("  opp  [{}]", shown(&w, PATTERNS..2 * PATTERNS, -1.0));
        if dims == WIDTH {
            print_combos(&w, 2 * PATTERNS);
        }
    }
}
