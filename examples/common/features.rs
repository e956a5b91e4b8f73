//! The evaluation features the fitting examples (`combo_fit`, `teacher_fit`) record per
//! position: both sides' pattern counts and the counts of points that combine patterns.
// Each example uses only some of these.
#![allow(dead_code)]

use gridmind::games::gomoku::{combo_classes, pattern, Gomoku, COMBO_CLASSES};
use gridmind::games::{Color, Point};

/// Pattern codes per side (see `games::gomoku::pattern`).
pub const PATTERNS: usize = 11;
/// The combination classes, per colour (the evaluation's own, `gomoku::combo_classes`).
pub const COMBOS: usize = COMBO_CLASSES;
pub const COMBO_NAMES: [&str; COMBOS] = [
    "three+two",
    "two+two",
    "three+three",
    "four+three",
    "four+two",
    "four+four",
];
/// Features per position: pattern counts, then combination counts, each for both sides.
pub const WIDTH: usize = 2 * PATTERNS + 2 * COMBOS;
/// The logistic scale of the evaluation (docs/strength.md: 0.0015 per unit).
pub const SCALE: f64 = 0.0015;

/// Which combination classes one colour's four line patterns at a point fall in.
pub fn combos(p: [u8; 4]) -> [bool; COMBOS] {
    let n = |f: &dyn Fn(u8) -> bool| p.iter().filter(|&&q| f(q)).count();
    let fours = n(&|q| q == pattern::B4 || q == pattern::F4);
    let threes = n(&|q| q == pattern::F3);
    let twos = n(&|q| q == pattern::F2 || q == pattern::B3);
    combo_classes(fours, threes, twos)
}

/// One position's features: pattern counts (side to move, then waiting), combination counts
/// (side to move, then waiting); `None` when either side can make a five.
pub fn features(g: &Gomoku, c: Color) -> Option<Vec<u32>> {
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

/// Appends the position's ordering line: `chosen;` then per candidate the own and opponent
/// pattern codes of its four directions in hex and its locality divisor.
pub fn order_line(g: &Gomoku, colour: Color, chosen: Point, out: &mut String) {
    let feats = g.order_features(colour);
    let Some(k) = feats.iter().position(|f| f.point == chosen) else {
        return;
    };
    let cells: Vec<String> = feats
        .iter()
        .map(|f| {
            let hex: String = f
                .own
                .iter()
                .chain(&f.opponent)
                .map(|&p| format!("{p:x}"))
                .collect();
            format!("{hex}{}", f.divisor)
        })
        .collect();
    out.push_str(&format!("{k};{}\n", cells.join(" ")));
}
