//! Path post-optimisation for `fast` mode: shortens a known solution without searching the whole
//! puzzle again.
//!
//! Two steps, both of which only ever shorten the path:
//!
//! 1. [`remove_cycles`]: a state visited twice means the moves between the visits did nothing;
//!    they are cut (this also removes back-and-forth pairs like `UD`).
//! 2. [`improve`]: windows of `k` consecutive moves lead from state `s_i` to state `s_{i+k}`; all
//!    cells that change lie on the blank's track, so the window is a small puzzle on the
//!    rectangle around that track, whose goal is `s_{i+k}`'s arrangement. IDA* with Manhattan +
//!    linear conflict (admissible for any goal) finds an optimal path for it within a node budget;
//!    when it is shorter than `k`, it is spliced in. Sliding, overlapping windows of a few sizes
//!    are swept until a pass finds nothing or the budget is spent.
//!
//! Constructive answers waste moves locally (a tile parked and fetched again, two stages that could
//! share work); short windows see and remove exactly that, cheaply, on any board size, since each
//! window search only sees its own rectangle. Beam answers are nearly locally optimal already:
//! there the windows gain about half a percent.

use super::board::{replay, Dir, Shape};
use super::heuristic::ManhattanLc;
use super::idastar::{self, Outcome, Window};
use crate::base::splitmix64;
use crate::search::SearchContext;

/// What [`improve`] may spend.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// IDA* nodes over all windows (the node limit of the request also applies).
    pub total_nodes: u64,
    /// IDA* nodes one window may spend before it is given up.
    pub window_nodes: u64,
}

/// Window lengths of successive sweeps, and the step between window starts as a divisor of the
/// length: short windows are cheap and remove most of the waste; longer ones then join what
/// the short ones could not.
pub const SWEEPS: [(usize, usize); 4] = [(16, 2), (24, 3), (32, 4), (48, 4)];

/// What one window costs the budget at least (nodes): its setup (rectangle, relabelling, tables)
/// is worth about this many IDA* nodes.
pub const WINDOW_COST: u64 = 64;

/// The largest rectangle a window search may use (cells): bigger ones are shrunk to the blank's
/// own track, and skipped if still bigger.
pub const MAX_WINDOW_CELLS: usize = 64;

/// Cuts every loop (a state visited twice) out of `moves` played from `start`.
///
/// States are recognised by a 128-bit incremental hash; the result is replayed before it is
/// returned, so even a hash collision could only make it keep the original path.
pub fn remove_cycles(shape: Shape, start: &[u16], moves: &[Dir]) -> Vec<Dir> {
    let Some(mut blank) = start.iter().position(|&t| t == 0) else {
        return moves.to_vec();
    };
    let mut tiles = start.to_vec();
    let mut hash = tiles
        .iter()
        .enumerate()
        .fold(0u128, |h, (c, &t)| h ^ zobrist(c, t));
    let mut seen = std::collections::HashMap::with_capacity(moves.len() + 1);
    seen.insert(hash, 0usize);
    // `hashes[j]`: the state after the first j kept moves.
    let mut hashes = vec![hash];
    let mut out: Vec<Dir> = Vec::with_capacity(moves.len());
    for &d in moves {
        let Some(to) = shape.step(blank, d) else {
            return moves.to_vec();
        };
        let t = tiles[to];
        hash ^= zobrist(to, t) ^ zobrist(blank, t) ^ zobrist(blank, 0) ^ zobrist(to, 0);
        tiles.swap(blank, to);
        blank = to;
        if let Some(&j) = seen.get(&hash) {
            for h in hashes.drain(j + 1..) {
                seen.remove(&h);
            }
            out.truncate(j);
        } else {
            out.push(d);
            seen.insert(hash, out.len());
            hashes.push(hash);
        }
    }
    let same_end = replay(shape, start, &super::board::letters(&out)).is_ok_and(|end| end == tiles);
    if same_end {
        out
    } else {
        moves.to_vec()
    }
}

/// A pseudo-random 128-bit key for tile `t` on cell `c` (splitmix64 twice), computed on the fly
/// so that even 32x32 boards need no table.
fn zobrist(c: usize, t: u16) -> u128 {
    let x = ((c as u64) << 16) | t as u64;
    let a = splitmix64(x);
    let b = splitmix64(x ^ 0x5851_F42D_4C95_7F2D ^ a);
    ((a as u128) << 64) | b as u128
}

/// Shortens `moves` (a solution played from `start`) by loop cutting and optimal window searches
/// within `budget`; returns the new moves (never longer, same end state) and the nodes spent.
/// Stops early when `ctx.control` says so; whatever it has then is still valid.
pub fn improve(
    shape: Shape,
    start: &[u16],
    moves: &[Dir],
    budget: Budget,
    ctx: &mut SearchContext,
) -> (Vec<Dir>, u64) {
    let control = ctx.control;
    let mut best = remove_cycles(shape, start, moves);
    let mut nodes = 0u64;
    // Nodes charged to the budget: at least [`WINDOW_COST`] per window, so that many cheap
    // windows on a long path cannot add up to a slow answer.
    let mut charged = 0u64;
    if shape.w < 2 || shape.h < 2 {
        return (best, nodes);
    }
    loop {
        let before = best.len();
        for (k, div) in SWEEPS {
            let step = (k / div).max(1);
            let mut tiles = start.to_vec();
            let mut blank = start.iter().position(|&t| t == 0).unwrap_or(0);
            let mut i = 0;
            while i < best.len() {
                let left = budget.total_nodes.saturating_sub(charged);
                let left = match control.max_nodes() {
                    Some(m) => left.min(m.saturating_sub(nodes)),
                    None => left,
                };
                if left == 0 || control.stopped() {
                    return (remove_cycles(shape, start, &best), nodes);
                }
                let end = (i + k).min(best.len());
                let last = end == best.len();
                // Shorter windows could only hold a back-and-forth pair, already cut.
                if end - i >= 4 {
                    let cap = budget.window_nodes.min(left);
                    let (found, n) = window(shape, &tiles, blank, &best[i..end], cap, ctx);
                    nodes += n;
                    charged += n.max(WINDOW_COST);
                    if let Some(path) = found {
                        best.splice(i..end, path);
                    }
                }
                if last {
                    break;
                }
                let next = (i + step).min(best.len());
                for &d in &best[i..next] {
                    if let Some(to) = shape.step(blank, d) {
                        tiles.swap(blank, to);
                        blank = to;
                    }
                }
                i = next;
            }
            best = remove_cycles(shape, start, &best);
        }
        if best.len() >= before {
            return (best, nodes);
        }
    }
}

/// One window: an optimal path from `tiles` to the state after `moves`, inside the rectangle
/// around the blank's track (one cell of margin when it fits [`MAX_WINDOW_CELLS`]), if it is
/// shorter than `moves`. Returns it and the nodes spent.
fn window(
    shape: Shape,
    tiles: &[u16],
    blank: usize,
    moves: &[Dir],
    max_nodes: u64,
    ctx: &mut SearchContext,
) -> (Option<Vec<Dir>>, u64) {
    let control = ctx.control;
    let (mut r0, mut r1, mut c0, mut c1) = (shape.h, 0, shape.w, 0);
    let mut b = blank;
    let mut track = |cell: usize| {
        r0 = r0.min(cell / shape.w);
        r1 = r1.max(cell / shape.w);
        c0 = c0.min(cell % shape.w);
        c1 = c1.max(cell % shape.w);
    };
    track(b);
    for &d in moves {
        match shape.step(b, d) {
            Some(to) => b = to,
            None => return (None, 0),
        }
        track(b);
    }
    let (tr, tc) = (r1 - r0 + 1, c1 - c0 + 1);
    // One cell of margin where the board and the size limit allow it.
    let (mr0, mr1) = (r0.saturating_sub(1), (r1 + 1).min(shape.h - 1));
    let (mc0, mc1) = (c0.saturating_sub(1), (c1 + 1).min(shape.w - 1));
    let (r0, r1, c0, c1) = if (mr1 - mr0 + 1) * (mc1 - mc0 + 1) <= MAX_WINDOW_CELLS {
        (mr0, mr1, mc0, mc1)
    } else if tr * tc <= MAX_WINDOW_CELLS && tr >= 2 && tc >= 2 {
        (r0, r1, c0, c1)
    } else {
        return (None, 0);
    };
    let sub = Shape {
        w: c1 - c0 + 1,
        h: r1 - r0 + 1,
    };
    if sub.w < 2 || sub.h < 2 {
        return (None, 0);
    }
    // The sub-board: start = current tiles in the rectangle; goal = after the window's moves.
    let cells: Vec<usize> = (r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| r * shape.w + c))
        .collect();
    let local = |cell: usize| (cell / shape.w - r0) * sub.w + (cell % shape.w - c0);
    let mut end: Vec<u16> = cells.iter().map(|&c| tiles[c]).collect();
    let mut lb = local(blank);
    for &d in moves {
        let Some(to) = sub.step(lb, d) else {
            return (None, 0);
        };
        end.swap(lb, to);
        lb = to;
    }
    // Relabel: the goal's tiles become 1.. in cell order, the blank 0.
    let mut goal = vec![0u8; sub.area()];
    let mut next = 1u8;
    for (g, &t) in goal.iter_mut().zip(&end) {
        if t != 0 {
            *g = next;
            next += 1;
        }
    }
    let label = |t: u16| -> Option<u8> {
        if t == 0 {
            return Some(0);
        }
        end.iter().position(|&x| x == t).map(|i| goal[i])
    };
    let mut begin = Vec::with_capacity(sub.area());
    for &c in &cells {
        match label(tiles[c]) {
            Some(l) => begin.push(l),
            None => return (None, 0),
        }
    }
    let h = ManhattanLc::new(sub, &goal, true);
    let limited = control.clone().with_max_nodes(max_nodes);
    let win = Window {
        lower: 0,
        upper: moves.len() as u32,
        spent: 0,
    };
    let (outcome, stats, _) =
        idastar::solve_window(sub, &begin, &goal, &h, win, &mut ctx.with_control(&limited));
    match outcome {
        Outcome::Solved(path) if path.len() < moves.len() => (Some(path), stats.nodes),
        _ => (None, stats.nodes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{with_quiet_context, EngineOptions, SearchControl};

    fn parse(s: &str) -> Vec<Dir> {
        s.chars().filter_map(Dir::from_letter).collect()
    }

    #[test]
    fn cycles_and_back_and_forth_are_cut() {
        let shape = Shape { w: 3, h: 3 };
        let start: Vec<u16> = vec![1, 2, 3, 4, 5, 6, 7, 8, 0];
        // "UD" does nothing; "ULDR" ×3 comes back to the start after 12 moves.
        let moves = parse("UDULDRULDRULDRUL");
        let out = remove_cycles(shape, &start, &moves);
        assert_eq!(super::super::board::letters(&out), "UL");
    }

    #[test]
    fn windows_shorten_a_detour_and_keep_the_end_state() {
        let shape = Shape { w: 4, h: 4 };
        let start: Vec<u16> = (1..16).chain([0]).collect();
        // Circling a 2x2 block turns its three tiles a third of a turn; twice round (8 moves)
        // equals once round the other way (4 moves). No state repeats, so only a window search
        // can see it.
        let moves = parse("ULDRULDR");
        assert_eq!(remove_cycles(shape, &start, &moves).len(), 8);
        let end = replay(shape, &start, "ULDRULDR").unwrap();
        let control = SearchControl::unlimited();
        let budget = Budget {
            total_nodes: 1_000_000,
            window_nodes: 100_000,
        };
        let (out, _) = with_quiet_context(&control, &EngineOptions::default(), |ctx| {
            improve(shape, &start, &moves, budget, ctx)
        });
        let got = replay(shape, &start, &super::super::board::letters(&out)).unwrap();
        assert_eq!(got, end);
        assert_eq!(out.len(), 4);
    }
}
