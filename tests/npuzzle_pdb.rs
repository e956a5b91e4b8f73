//! Pattern databases are admissible and give the same optimal lengths as Manhattan + LC.
//!
//! Uses a 3x3 board (the builder is generic up to 16 cells; its 4-2-2 split builds in
//! milliseconds) with two different goals, so the test stays fast and covers the build, the disk
//! cache and the diagonal reflection.

use gridmind::engine::{with_quiet_context, EngineOptions, SearchControl};
use gridmind::puzzles::npuzzle::board::{Dir, Shape};
use gridmind::puzzles::npuzzle::heuristic::{Heuristic, ManhattanLc};
use gridmind::puzzles::npuzzle::idastar::{self, Outcome};
use gridmind::puzzles::npuzzle::pdb;

fn scramble(shape: Shape, goal: &[u8], steps: usize, seed: u64) -> Vec<u8> {
    let mut t = goal.to_vec();
    let mut blank = t.iter().position(|&x| x == 0).unwrap();
    let mut s = seed;
    for _ in 0..steps {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if let Some(to) = shape.step(blank, Dir::ALL[(s >> 33) as usize % 4]) {
            t.swap(blank, to);
            blank = to;
        }
    }
    t
}

fn optimal(shape: Shape, start: &[u8], goal: &[u8], h: &dyn Heuristic) -> usize {
    let control = SearchControl::unlimited();
    let (out, _) = with_quiet_context(&control, &EngineOptions::default(), |ctx| {
        idastar::solve(shape, start, goal, h, &control, ctx)
    });
    match out {
        Outcome::Solved(m) => m.len(),
        _ => panic!("not solved"),
    }
}

#[test]
fn databases_are_admissible_and_exact_searches_agree() {
    let dir = std::env::temp_dir().join(format!("gridmind-npuzzle-pdb-{}", std::process::id()));
    let shape = Shape { w: 3, h: 3 };
    for goal in [
        vec![1u8, 2, 3, 4, 5, 6, 7, 8, 0],
        vec![0, 1, 2, 3, 4, 5, 6, 7, 8],
    ] {
        let control = SearchControl::unlimited();
        let (set, stats) = pdb::load_or_build(shape, &goal, Some(&dir), &control).unwrap();
        assert!(stats.bytes > 0);
        // Second load comes from memory or disk, not a rebuild.
        let (_, again) = pdb::load_or_build(shape, &goal, Some(&dir), &control).unwrap();
        assert_eq!(again.built_ms, 0);
        let mdlc = ManhattanLc::new(shape, &goal, true);
        let mut pos = vec![0u8; 9];
        for seed in 0..40 {
            let start = scramble(shape, &goal, 200, seed);
            for (c, &t) in start.iter().enumerate() {
                pos[t as usize] = c as u8;
            }
            let exact = optimal(shape, &start, &goal, &mdlc);
            assert!(
                set.estimate(&start, &pos) as usize <= exact,
                "admissible: {start:?}"
            );
            assert_eq!(optimal(shape, &start, &goal, &set), exact, "{start:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
