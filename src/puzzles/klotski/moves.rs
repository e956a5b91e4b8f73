//! Successor generation under each metric.
//!
//! [`expand`] is the hot loop of the search: it works on masks only and lists each move (class,
//! from, to) in a buffer; the search turns each into two bit flips on a packed key. [`destinations`] is the slow twin used to rebuild
//! the answer: same moves, plus the cell-by-cell directions of each.

use super::grid::MAX_CELLS;
use super::model::{Metric, Model, Shape, DIRS, NONE};

/// One successor in the hot loop: (class, from top-left, to top-left).
pub type Step = (u8, u8, u8);

/// Fills `out` with every move from the position with per-class masks `state` and empty cells
/// `empty` under `metric`: the piece of `class` with top-left `from` goes to top-left `to`. A
/// buffer reused across states (rather than a callback) keeps this loop and the caller's
/// insertion loop each tight, with no allocation once the buffer has grown. The piece of class
/// `skip.0` at top-left `skip.1` is left out (pass `(usize::MAX, 0)` to keep every piece).
#[inline]
pub fn expand(
    model: &Model,
    metric: Metric,
    state: &[u64],
    empty: u64,
    skip: (usize, usize),
    out: &mut Vec<Step>,
) {
    out.clear();
    if empty == 0 {
        return;
    }
    // A piece can move only if one of its cells is next to an empty cell: find those pieces for
    // a whole class with a few shifts, rather than a hard-to-predict branch per piece.
    let w = model.width as u32;
    let near_empty = ((empty & model.not_left) >> 1
        | (empty & model.not_right) << 1
        | empty >> w.min(63)
        | empty.checked_shl(w).unwrap_or(0))
        & model.full;
    for (c, shape) in model.shapes.iter().enumerate() {
        let mut pieces = state[c] & touching(shape, w, near_empty);
        if c == skip.0 {
            pieces &= !(1u64 << (skip.1 & (MAX_CELLS - 1)));
        }
        while pieces != 0 {
            let t = pieces.trailing_zeros() as usize & (MAX_CELLS - 1);
            pieces &= pieces - 1;
            let blocked = !(empty | shape.cells[t]);
            let mut emit_at = |n: u8| out.push((c as u8, t as u8, n));
            match metric {
                Metric::Steps => {
                    for &n in &shape.step[t] {
                        if n != NONE && shape.cells[n as usize & (MAX_CELLS - 1)] & blocked == 0 {
                            emit_at(n);
                        }
                    }
                }
                Metric::Slides => {
                    for d in 0..4 {
                        let mut p = t;
                        loop {
                            let n = shape.step[p][d];
                            if n == NONE || shape.cells[n as usize & (MAX_CELLS - 1)] & blocked != 0
                            {
                                break;
                            }
                            emit_at(n);
                            p = n as usize & (MAX_CELLS - 1);
                        }
                    }
                }
                Metric::Moves => {
                    let region = region(model, shape, t, empty | shape.cells[t]);
                    let mut dests = region & !(1u64 << t);
                    while dests != 0 {
                        emit_at(dests.trailing_zeros() as u8);
                        dests &= dests - 1;
                    }
                }
            }
        }
    }
}

/// The top-lefts `t` (among valid placements) where a piece of `shape` covers a cell of `cells`:
/// the union of `cells` shifted back over the piece's width and height.
#[inline]
fn touching(shape: &Shape, w: u32, cells: u64) -> u64 {
    let mut row = cells;
    let mut shifted = cells;
    let mut dc = 1;
    while dc < shape.width {
        shifted >>= 1;
        row |= shifted;
        dc += 1;
    }
    let mut all = row;
    let mut dr = 1;
    while dr < shape.height {
        row = row.checked_shr(w).unwrap_or(0);
        all |= row;
        dr += 1;
    }
    all
}

/// Every top-left the piece at `t` can reach through cells in `free` (which holds its own
/// cells), `t` included. Pure bit arithmetic, no data-dependent branches but the loop: the set of
/// fitting placements is the free cells shifted over the piece's width and height, and the region
/// grows one step in all four directions per round.
#[inline]
fn region(model: &Model, shape: &Shape, t: usize, free: u64) -> u64 {
    let w = model.width as u32;
    // Plain loops with the shift carried along: range iterators here were the costliest lines.
    let mut fits = free;
    let mut shifted = free;
    let mut dc = 1;
    while dc < shape.width {
        shifted >>= 1;
        fits &= shifted;
        dc += 1;
    }
    let mut row_fits = fits;
    let mut dr = 1;
    while dr < shape.height {
        row_fits = row_fits.checked_shr(w).unwrap_or(0);
        fits &= row_fits;
        dr += 1;
    }
    fits &= shape.placements;
    let mut reached = 1u64 << t;
    loop {
        let grown = (reached
            | (reached & model.not_left) >> 1
            | (reached & model.not_right) << 1
            | reached.checked_shr(w).unwrap_or(0)
            | reached.checked_shl(w).unwrap_or(0))
            & fits;
        if grown == reached {
            return reached;
        }
        reached = grown;
    }
}

/// Every destination of the piece of class `class` at `t` under `metric`, with the directions it
/// travels (shortest cell path for `moves`).
pub fn destinations(
    model: &Model,
    metric: Metric,
    occupied: u64,
    class: usize,
    t: usize,
) -> Vec<(u8, String)> {
    let shape = &model.shapes[class];
    let blocked = !((model.full & !occupied) | shape.cells[t]);
    let ok = |n: u8| n != NONE && shape.cells[n as usize] & blocked == 0;
    let mut out = Vec::new();
    match metric {
        Metric::Steps => {
            for (d, &n) in shape.step[t].iter().enumerate() {
                if ok(n) {
                    out.push((n, (DIRS[d] as char).to_string()));
                }
            }
        }
        Metric::Slides => {
            for (d, &dir) in DIRS.iter().enumerate() {
                let mut p = t;
                let mut path = String::new();
                while ok(shape.step[p][d]) {
                    p = shape.step[p][d] as usize;
                    path.push(dir as char);
                    out.push((p as u8, path.clone()));
                }
            }
        }
        Metric::Moves => {
            // Breadth-first so each destination gets a shortest path.
            let mut paths: Vec<(u8, String)> = vec![(t as u8, String::new())];
            let mut i = 0;
            while i < paths.len() {
                let (p, path) = paths[i].clone();
                i += 1;
                for (d, &n) in shape.step[p as usize].iter().enumerate() {
                    if ok(n) && !paths.iter().any(|q| q.0 == n) {
                        let mut longer = path.clone();
                        longer.push(DIRS[d] as char);
                        paths.push((n, longer));
                    }
                }
            }
            out.extend(paths.into_iter().skip(1));
        }
    }
    out
}

/// The directions the piece of class `class` at `t` travels to reach `to` in one move under
/// `metric` (a shortest cell path for `moves`), or `None` when that is not one move. The
/// cheap twin of [`destinations`] for when the destination is already known: no string per
/// destination, just one breadth-first pass with parent links.
pub fn route(
    model: &Model,
    metric: Metric,
    occupied: u64,
    class: usize,
    t: usize,
    to: usize,
) -> Option<String> {
    let shape = &model.shapes[class];
    let blocked = !((model.full & !occupied) | shape.cells[t]);
    let ok = |n: u8| n != NONE && shape.cells[n as usize] & blocked == 0;
    match metric {
        Metric::Steps => (0..4)
            .find(|&d| shape.step[t][d] as usize == to && ok(shape.step[t][d]))
            .map(|d| (DIRS[d] as char).to_string()),
        Metric::Slides => (0..4).find_map(|d| {
            let mut p = t;
            let mut cells = 0;
            while ok(shape.step[p][d]) {
                p = shape.step[p][d] as usize;
                cells += 1;
                if p == to {
                    return Some((DIRS[d] as char).to_string().repeat(cells));
                }
            }
            None
        }),
        Metric::Moves => {
            // parent[p] = (previous top-left, direction), filled breadth-first.
            let mut parent = [(NONE, 0u8); MAX_CELLS];
            parent[t] = (t as u8, 0);
            let mut queue = [0u8; MAX_CELLS];
            queue[0] = t as u8;
            let (mut head, mut tail) = (0, 1);
            while head < tail && parent[to].0 == NONE {
                let p = queue[head] as usize;
                head += 1;
                for (d, &n) in shape.step[p].iter().enumerate() {
                    if ok(n) && parent[n as usize].0 == NONE {
                        parent[n as usize] = (p as u8, DIRS[d]);
                        queue[tail] = n;
                        tail += 1;
                    }
                }
            }
            if to == t || parent[to].0 == NONE {
                return None;
            }
            let mut dirs = Vec::new();
            let mut p = to;
            while p != t {
                dirs.push(parent[p].1);
                p = parent[p].0 as usize;
            }
            dirs.reverse();
            String::from_utf8(dirs).ok()
        }
    }
}
