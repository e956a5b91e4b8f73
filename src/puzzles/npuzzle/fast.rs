//! `fast` mode: a constructive, bounded-suboptimal solver for any board up to 32x32.
//!
//! It peels off one edge line at a time (the longer dimension first, never the line holding the
//! goal's blank): each tile of the line but the last two is brought home by a small A* over
//! (tile, blank) positions that may not disturb finished cells, and the last two go home together
//! (A* over both tiles and the blank, which finds the usual corner manoeuvre by itself). When at
//! most 3x3 cells remain, IDA* with Manhattan + linear conflict finishes optimally. Every stage is
//! optimal for its own sub-goal, so the whole answer is short, though not globally optimal.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::board::{Dir, Shape};
use super::heuristic::ManhattanLc;
use super::idastar::{self, Outcome};
use crate::engine::{SearchContext, SearchControl};

struct Work {
    shape: Shape,
    tiles: Vec<u16>,
    blank: usize,
    /// Cells the current stage may use (inside the unsolved region, not yet finished).
    free: Vec<bool>,
    goal_cell: Vec<usize>,
    moves: Vec<Dir>,
    nodes: u64,
}

impl Work {
    fn play(&mut self, d: Dir) -> Result<(), String> {
        let to = self
            .shape
            .step(self.blank, d)
            .ok_or("internal error: fast mode played off the board")?;
        self.tiles.swap(self.blank, to);
        self.blank = to;
        self.moves.push(d);
        Ok(())
    }

    /// Brings `tiles` (one or two) to their goal cells without touching non-free cells.
    fn place(&mut self, targets: &[usize], control: &SearchControl) -> Result<(), String> {
        let n = targets.len();
        let want: Vec<u16> = targets.iter().map(|&c| self.tiles_goal(c)).collect();
        let mut start = [self.blank as u16, 0, 0];
        for (i, &t) in want.iter().enumerate() {
            let p = self
                .tiles
                .iter()
                .position(|&x| x == t)
                .ok_or("internal error: tile missing")?;
            start[i + 1] = p as u16;
        }
        let shape = self.shape;
        let pack = |s: &[u16; 3]| (s[0] as u64) | ((s[1] as u64) << 16) | ((s[2] as u64) << 32);
        let unpack = |k: u64| [k as u16, (k >> 16) as u16, (k >> 32) as u16];
        let h = |s: &[u16; 3]| -> u32 {
            let mut sum = 0;
            let mut near = u32::MAX;
            for i in 0..n {
                let (p, t) = (s[i + 1] as usize, targets[i]);
                let d = shape.dist(p, t) as u32;
                sum += d;
                if d > 0 {
                    near = near.min(shape.dist(s[0] as usize, p) as u32 - 1);
                }
            }
            if near == u32::MAX {
                0
            } else {
                sum + near
            }
        };
        let done = |s: &[u16; 3]| (0..n).all(|i| s[i + 1] as usize == targets[i]);
        if done(&start) {
            return Ok(());
        }
        let mut parent: HashMap<u64, (u64, u8)> = HashMap::new();
        let mut gbest: HashMap<u64, u32> = HashMap::new();
        let sk = pack(&start);
        gbest.insert(sk, 0);
        let mut open = BinaryHeap::new();
        open.push(Reverse((h(&start), Reverse(0u32), sk)));
        while let Some(Reverse((_, Reverse(g), k))) = open.pop() {
            if gbest.get(&k).is_some_and(|&b| b < g) {
                continue;
            }
            let s = unpack(k);
            self.nodes += 1;
            if done(&s) {
                let mut path = Vec::new();
                let mut cur = k;
                while let Some(&(p, d)) = parent.get(&cur) {
                    path.push(Dir::from_index(d));
                    cur = p;
                }
                for d in path.into_iter().rev() {
                    self.play(d)?;
                }
                return Ok(());
            }
            if self.nodes % 4096 == 0 && control.stopped() {
                return Err("search stopped: no solution found".into());
            }
            for d in Dir::ALL {
                let Some(to) = shape.step(s[0] as usize, d) else {
                    continue;
                };
                if !self.free[to] {
                    continue;
                }
                let mut ns = s;
                ns[0] = to as u16;
                for i in 0..n {
                    if s[i + 1] as usize == to {
                        ns[i + 1] = s[0];
                    }
                }
                let nk = pack(&ns);
                let ng = g + 1;
                if gbest.get(&nk).is_some_and(|&b| b <= ng) {
                    continue;
                }
                gbest.insert(nk, ng);
                parent.insert(nk, (k, d.index()));
                open.push(Reverse((ng + h(&ns), Reverse(ng), nk)));
            }
        }
        Err("internal error: fast mode could not place a tile".into())
    }

    fn tiles_goal(&self, cell: usize) -> u16 {
        self.goal_cell.iter().position(|&c| c == cell).unwrap_or(0) as u16
    }
}

/// Solves `start` → `goal` constructively; the caller has checked solvability.
pub fn solve(
    shape: Shape,
    start: &[u16],
    goal: &[u16],
    control: &SearchControl,
    ctx: &mut SearchContext,
) -> Result<(Vec<Dir>, u64), String> {
    let area = shape.area();
    let mut goal_cell = vec![0usize; area];
    for (c, &t) in goal.iter().enumerate() {
        goal_cell[t as usize] = c;
    }
    let blank = start.iter().position(|&t| t == 0).unwrap_or(0);
    let mut work = Work {
        shape,
        tiles: start.to_vec(),
        blank,
        free: vec![true; area],
        goal_cell,
        moves: Vec::new(),
        nodes: 0,
    };
    let goal_blank = work.goal_cell[0];
    if shape.w == 1 || shape.h == 1 {
        // Tiles keep their order: walk the blank straight to its goal cell.
        while work.blank != goal_blank {
            let d = match (shape.w == 1, work.blank < goal_blank) {
                (true, true) => Dir::Down,
                (true, false) => Dir::Up,
                (false, true) => Dir::Right,
                (false, false) => Dir::Left,
            };
            work.play(d)?;
        }
        return Ok((work.moves, work.nodes));
    }
    let (mut r0, mut r1, mut c0, mut c1) = (0, shape.h, 0, shape.w);
    let (gbr, gbc) = (goal_blank / shape.w, goal_blank % shape.w);
    while r1 - r0 > 3 || c1 - c0 > 3 {
        let line: Vec<usize> = if r1 - r0 >= c1 - c0 {
            let r = if gbr == r0 {
                r1 -= 1;
                r1
            } else {
                r0 += 1;
                r0 - 1
            };
            (c0..c1).map(|c| r * shape.w + c).collect()
        } else {
            let c = if gbc == c0 {
                c1 -= 1;
                c1
            } else {
                c0 += 1;
                c0 - 1
            };
            (r0..r1).map(|r| r * shape.w + c).collect()
        };
        let k = line.len();
        for i in 0..k.saturating_sub(2) {
            work.place(&line[i..=i], control)?;
            work.free[line[i]] = false;
        }
        work.place(&line[k.saturating_sub(2)..], control)?;
        for &c in &line {
            work.free[c] = false;
        }
    }
    // Finish the last small region optimally.
    let sub = Shape {
        w: c1 - c0,
        h: r1 - r0,
    };
    let cells: Vec<usize> = (r0..r1)
        .flat_map(|r| (c0..c1).map(move |c| r * shape.w + c))
        .collect();
    let mut label = HashMap::new();
    let mut sub_goal = Vec::with_capacity(cells.len());
    let mut next = 1u8;
    for &c in &cells {
        let t = goal[c];
        let l = if t == 0 {
            0
        } else {
            next += 1;
            next - 1
        };
        label.insert(t, l);
        sub_goal.push(l);
    }
    let mut sub_start = Vec::with_capacity(cells.len());
    for &c in &cells {
        let l = label
            .get(&work.tiles[c])
            .ok_or("internal error: fast mode left a tile outside its region")?;
        sub_start.push(*l);
    }
    let h = ManhattanLc::new(sub, &sub_goal, true);
    let (outcome, stats) = idastar::solve(sub, &sub_start, &sub_goal, &h, control, ctx);
    work.nodes += stats.nodes;
    match outcome {
        Outcome::Solved(moves) => {
            for d in moves {
                work.play(d)?;
            }
            Ok((work.moves, work.nodes))
        }
        _ => Err("search stopped: no solution found".into()),
    }
}
