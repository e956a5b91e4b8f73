//! The opening sets of `tests/data/gomoku/openings/`: every opening is legal and unfinished under
//! the rule it was made for, each set has the size its README gives, and no validation opening
//! appears, in any of the board's eight symmetries, in a tuning set or in the older shared sets
//! that every fit and SPRT so far has used. A validation set that tuning has touched would
//! report a gain that only exists on the openings it was fitted to.

use std::collections::HashSet;
use std::path::Path;

use gridmind::games::{GameSpec, Point, Rule};
use gridmind::matchrunner::openings::parse;

const SIZE: usize = 15;

fn load(file: &str, rule: Rule) -> Vec<Vec<Point>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/gomoku")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let spec = GameSpec::Gomoku {
        width: SIZE,
        height: SIZE,
        rule,
    };
    parse(&text, spec).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The opening as a set of (x, y, colour) under symmetry `s` (0..8) of the 15x15 board.
fn shape(opening: &[Point], s: usize) -> Vec<(usize, usize, usize)> {
    let n = SIZE - 1;
    let mut v: Vec<_> = opening
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (x, y) = (p.x as usize, p.y as usize);
            let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
            let x = if s & 1 != 0 { n - x } else { x };
            let y = if s & 2 != 0 { n - y } else { y };
            (x, y, i % 2)
        })
        .collect();
    v.sort_unstable();
    v
}

/// One key per opening that is the same for all eight of its symmetric images.
fn canonical(opening: &[Point]) -> Vec<(usize, usize, usize)> {
    (0..8)
        .map(|s| shape(opening, s))
        .min()
        .expect("eight symmetries")
}

const SETS: [(&str, Rule, usize); 6] = [
    ("openings/tune-freestyle-15.txt", Rule::Freestyle, 64),
    ("openings/valid-freestyle-15.txt", Rule::Freestyle, 64),
    ("openings/tune-renju-15.txt", Rule::Renju, 32),
    ("openings/valid-renju-15.txt", Rule::Renju, 64),
    ("openings/tune-standard-15.txt", Rule::Standard, 16),
    ("openings/valid-standard-15.txt", Rule::Standard, 32),
];

#[test]
fn every_set_is_legal_under_its_rule_and_as_large_as_documented() {
    for (file, rule, size) in SETS {
        let openings = load(file, rule);
        assert_eq!(openings.len(), size, "{file}");
        let distinct: HashSet<_> = openings.iter().map(|o| canonical(o)).collect();
        assert_eq!(distinct.len(), size, "{file} repeats an opening");
    }
}

#[test]
fn no_validation_opening_was_ever_tuned_on() {
    let mut seen = HashSet::new();
    let older = [
        "gomocup-2025-freestyle15.txt",
        "gomocup-2026-freestyle15.txt",
        "piskvork-openings-15.txt",
    ];
    for file in older {
        seen.extend(load(file, Rule::Freestyle).iter().map(|o| canonical(o)));
    }
    for (file, rule, _) in SETS.iter().filter(|s| s.0.contains("tune-")) {
        seen.extend(load(file, *rule).iter().map(|o| canonical(o)));
    }
    for (file, rule, _) in SETS.iter().filter(|s| s.0.contains("valid-")) {
        for (i, o) in load(file, *rule).iter().enumerate() {
            assert!(
                !seen.contains(&canonical(o)),
                "{file} opening {} is also a tuning or older opening",
                i + 1
            );
        }
    }
}

#[test]
fn symmetry_keys_see_through_reflections_and_tell_colours_apart() {
    let p = |x, y| Point::new(x, y);
    let a = [p(7, 7), p(8, 7), p(9, 9)];
    let mirrored = [p(7, 7), p(6, 7), p(5, 9)];
    let transposed = [p(7, 7), p(7, 8), p(9, 9)];
    assert_eq!(canonical(&a), canonical(&mirrored));
    assert_eq!(canonical(&a), canonical(&transposed));
    let colours_swapped = [p(8, 7), p(7, 7), p(9, 9)];
    assert_ne!(canonical(&a), canonical(&colours_swapped));
}
