//! Strength 0: the seed article's greedy "win-ways" scorer, the casual level and the baseline
//! opponent of our tests.
//!
//! Every empty point scores the sum, over the still-open five-point windows ("ways") through it, of
//! an attack weight when only our stones lie in the way and a defence weight when only the
//! opponent's do, indexed by how many stones the way already holds. The highest score is played;
//! ties go to the first point in row-major order, or to a seeded random one.

use rand::{Rng, SeedableRng};

use super::rules::Grid;
use crate::games::{Color, Point};

const ATTACK: [u32; 5] = [0, 220, 420, 2100, 20000];
const DEFENCE: [u32; 5] = [0, 200, 400, 2000, 10000];

/// The greedy choice for `me` on `grid`; `allowed` filters points (renju forbidden points).
pub fn choose(
    grid: &Grid,
    me: Color,
    seed: Option<u64>,
    allowed: impl Fn(usize, usize) -> bool,
) -> Option<Point> {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let mut best: Vec<Point> = Vec::new();
    let mut best_value = 0u32;
    let mut any = false;
    for y in 0..h {
        for x in 0..w {
            if grid.get(x, y).is_some() || !allowed(x as usize, y as usize) {
                continue;
            }
            let mut v = 0u32;
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                // The five windows along this line that contain (x, y).
                for start in -4..=0 {
                    let (sx, sy) = (x + dx * start, y + dy * start);
                    let (ex, ey) = (sx + dx * 4, sy + dy * 4);
                    if !grid.on_board(sx, sy) || !grid.on_board(ex, ey) {
                        continue;
                    }
                    let (mut mine, mut his) = (0usize, 0usize);
                    for k in 0..5 {
                        match grid.get(sx + dx * k, sy + dy * k) {
                            Some(c) if c == me => mine += 1,
                            Some(_) => his += 1,
                            None => {}
                        }
                    }
                    if his == 0 && mine > 0 {
                        v += ATTACK[mine.min(4)];
                    }
                    if mine == 0 && his > 0 {
                        v += DEFENCE[his.min(4)];
                    }
                }
            }
            let p = Point::new(x as usize, y as usize);
            if !any || v > best_value {
                best.clear();
                best.push(p);
                best_value = v;
                any = true;
            } else if v == best_value {
                best.push(p);
            }
        }
    }
    if !any {
        return None;
    }
    if best_value == 0 {
        let c = Point::new(w as usize / 2, h as usize / 2);
        if grid.get(c.x as i32, c.y as i32).is_none() && allowed(c.x as usize, c.y as usize) {
            return Some(c);
        }
    }
    match seed {
        Some(s) => {
            let mut rng = rand::rngs::StdRng::seed_from_u64(s);
            let k = rng.gen_range(0..best.len());
            best.get(k).copied()
        }
        None => best.first().copied(),
    }
}
