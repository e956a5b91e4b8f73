//! `fast` mode, the suboptimal solver: a constructive solver for any board up to 32x32, then, on
//! boards up to 25 cells, beam search for a shorter answer, then window smoothing of the best path
//! on every board.
//!
//! The constructive part peels off one edge line at a time (the longer dimension first, never the
//! line holding the goal's blank): each tile of the line but the last two is brought home by a small A* over
//! (tile, blank) positions that may not disturb finished cells, and the last two go home together
//! (A* over both tiles and the blank, which finds the usual corner manoeuvre by itself). When at
//! most 3x3 cells remain, IDA* with Manhattan + linear conflict finishes optimally. Every stage is
//! optimal for its own sub-goal, so the whole answer is short, though not globally optimal.
//! Beam search ([`beam`]) then looks for shorter answers with growing widths, using cached
//! pattern databases when the memory budget selects them (it never builds any: fast mode must
//! answer at once), and [`smooth`] finally shortens the best path by optimal window searches.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::beam;
use super::board::{Dir, Shape};
use super::heuristic::{Heuristic, ManhattanLc};
use super::idastar::{self, Outcome};
use super::packed::MAX_CELLS;
use super::pdb::{self, PdbSet};
use super::smooth;

/// Nodes a 4x4 remainder may spend with pattern databases before fast mode falls back to peeling
/// it down to 3x3 (about 0.4 s at most).
const PDB_NODE_BUDGET: u64 = 2_000_000;
use crate::search::{with_quiet_context, SearchContext, SearchControl};

/// Expanded states after which a windowed placement stage gives up (its caller then widens the
/// window or falls back); unbounded windows have no cap.
const STAGE_NODE_CAP: u64 = 200_000;

/// A stage state (blank, then up to three tiles) as one hash key.
fn pack(s: &[u16; 4]) -> u64 {
    (s[0] as u64) | ((s[1] as u64) << 16) | ((s[2] as u64) << 32) | ((s[3] as u64) << 48)
}

/// The inverse of [`pack`].
fn unpack(k: u64) -> [u16; 4] {
    [
        k as u16,
        (k >> 16) as u16,
        (k >> 32) as u16,
        (k >> 48) as u16,
    ]
}

/// The moves from the stage's start to state `k`, read back through the parent links.
fn path_to(seen: &HashMap<u64, (u32, u64, u8), KeyHash>, k: u64) -> Vec<Dir> {
    let mut path = Vec::new();
    let mut cur = k;
    while let Some(&(_, p, d)) = seen.get(&cur) {
        if d == u8::MAX {
            break;
        }
        path.push(Dir::from_index(d));
        cur = p;
    }
    path.reverse();
    path
}

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

    /// Brings the tiles that belong on `targets` (up to three) home without touching non-free
    /// cells. The search first runs inside the bounding box of the tiles, their targets and the
    /// blank plus a margin, widening it when that fails, so big boards stay fast.
    fn place(&mut self, targets: &[usize], control: &SearchControl) -> Result<(), String> {
        let pairs: Vec<(u16, usize)> = targets.iter().map(|&c| (self.tiles_goal(c), c)).collect();
        self.place_tiles(&pairs, control)
    }

    /// Moves each `(tile, cell)` tile to its cell (up to three at once, jointly).
    fn place_tiles(
        &mut self,
        pairs: &[(u16, usize)],
        control: &SearchControl,
    ) -> Result<(), String> {
        let mut start = [self.blank as u16, 0, 0, 0];
        for (i, &(t, _)) in pairs.iter().enumerate() {
            let p = self
                .tiles
                .iter()
                .position(|&x| x == t)
                .ok_or("internal error: tile missing")?;
            start[i + 1] = p as u16;
        }
        let targets: Vec<usize> = pairs.iter().map(|&(_, c)| c).collect();
        let free_cells = self.free.iter().filter(|&&f| f).count();
        // Exact stages where the board is small (quality), greedier ones where it is big (speed).
        let weight = if free_cells <= 42 { 1 } else { 2 };
        let margins: &[usize] = if targets.len() == 3 {
            &[1, 2]
        } else {
            &[1, 2, 4, usize::MAX]
        };
        for &margin in margins {
            if let Some(path) = self.stage(&targets, start, margin, weight, control)? {
                for d in path {
                    self.play(d)?;
                }
                return Ok(());
            }
        }
        if pairs.len() == 3 {
            // Too costly jointly: first tile alone, then the last two together.
            self.place_tiles(&pairs[..1], control)?;
            self.free[pairs[0].1] = false;
            let r = self.place_tiles(&pairs[1..], control);
            self.free[pairs[0].1] = true;
            return r;
        }
        Err("internal error: fast mode could not place a tile".into())
    }

    /// The free cells of the rectangle around `cells` and `targets`, grown by `margin`: where a
    /// stage's blank and tiles may go.
    fn window(&self, cells: &[u16], targets: &[usize], margin: usize) -> Vec<bool> {
        let shape = self.shape;
        let all = cells
            .iter()
            .map(|&c| c as usize)
            .chain(targets.iter().copied());
        let (mut rmin, mut rmax, mut cmin, mut cmax) = (usize::MAX, 0, usize::MAX, 0);
        for c in all {
            let (r, col) = (c / shape.w, c % shape.w);
            rmin = rmin.min(r);
            rmax = rmax.max(r);
            cmin = cmin.min(col);
            cmax = cmax.max(col);
        }
        let (rmin, cmin) = (rmin.saturating_sub(margin), cmin.saturating_sub(margin));
        let (rmax, cmax) = (rmax.saturating_add(margin), cmax.saturating_add(margin));
        let inside = |c: usize| {
            let (r, col) = (c / shape.w, c % shape.w);
            r >= rmin && r <= rmax && col >= cmin && col <= cmax
        };
        (0..shape.area())
            .map(|c| self.free[c] && inside(c))
            .collect()
    }

    /// One windowed A* (f = g + weight·h) over (blank, tiles) positions; `None` if the window is
    /// too tight or the search too big for it.
    fn stage(
        &mut self,
        targets: &[usize],
        start: [u16; 4],
        margin: usize,
        weight: u32,
        control: &SearchControl,
    ) -> Result<Option<Vec<Dir>>, String> {
        let n = targets.len();
        let shape = self.shape;
        let cap = if margin == usize::MAX {
            u64::MAX
        } else {
            STAGE_NODE_CAP
        };
        // Each tile's exact cost alone (other tiles ignored, same cells allowed) is a lower bound
        // for the joint stage too; far stronger than Manhattan distance, which ignores that the
        // blank must walk round a tile to push it again.
        let allowed = self.window(&start[..=n], targets, margin);
        let singles: Vec<Single> = (0..n)
            .filter_map(|i| Single::new(shape, &allowed, targets[i]))
            .collect();
        let h = |s: &[u16; 4]| -> Option<u32> {
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
            let mut best = if near == u32::MAX { 0 } else { sum + near };
            for (i, single) in singles.iter().enumerate() {
                best = best.max(single.cost(s[i + 1] as usize, s[0] as usize)?);
            }
            Some(best)
        };
        let done = |s: &[u16; 4]| (0..n).all(|i| s[i + 1] as usize == targets[i]);
        if done(&start) {
            return Ok(Some(Vec::new()));
        }
        // Best g, parent key and the move from it, per state reached.
        let mut seen: HashMap<u64, (u32, u64, u8), KeyHash> = HashMap::default();
        let sk = pack(&start);
        let Some(h0) = h(&start) else {
            return Ok(None);
        };
        seen.insert(sk, (0, sk, u8::MAX));
        let mut open = BinaryHeap::new();
        open.push(Reverse((weight * h0, Reverse(0u32), sk)));
        let mut expanded = 0u64;
        while let Some(Reverse((_, Reverse(g), k))) = open.pop() {
            if seen.get(&k).is_some_and(|&(b, _, _)| b < g) {
                continue;
            }
            let s = unpack(k);
            self.nodes += 1;
            expanded += 1;
            if done(&s) {
                return Ok(Some(path_to(&seen, k)));
            }
            if expanded > cap {
                return Ok(None);
            }
            if self.nodes % 4096 == 0 && control.stopped() {
                return Err("search stopped: no solution found".into());
            }
            for d in Dir::ALL {
                let Some(to) = shape.step(s[0] as usize, d) else {
                    continue;
                };
                if !allowed[to] {
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
                if seen.get(&nk).is_some_and(|&(b, _, _)| b <= ng) {
                    continue;
                }
                // No way home for some tile from there (walled off): not worth a node.
                let Some(nh) = h(&ns) else {
                    continue;
                };
                seen.insert(nk, (ng, k, d.index()));
                open.push(Reverse((ng + weight * nh, Reverse(ng), nk)));
            }
        }
        Ok(None)
    }

    fn tiles_goal(&self, cell: usize) -> u16 {
        self.goal_cell.iter().position(|&c| c == cell).unwrap_or(0) as u16
    }
}

/// Cells a window may have for [`Single`] tables (cells² states each): bigger windows (only the
/// last-resort unbounded one on big boards) use Manhattan distance alone.
const SINGLE_MAX_CELLS: usize = 100;

/// Exact moves to bring one tile to `target` from each (tile, blank) position within a stage's
/// allowed cells, ignoring the other tiles: an admissible bound for any stage moving that tile.
struct Single {
    /// Compact index of each board cell, `u32::MAX` outside the allowed cells.
    index: Vec<u32>,
    cells: usize,
    /// `dist[tile * cells + blank]`, `u32::MAX` where the tile cannot get home.
    dist: Vec<u32>,
}

impl Single {
    /// Backward breadth-first search from every goal state (tile home, blank anywhere else);
    /// `None` if the window is too big for a table.
    fn new(shape: Shape, allowed: &[bool], target: usize) -> Option<Single> {
        let list: Vec<usize> = (0..allowed.len()).filter(|&c| allowed[c]).collect();
        let cells = list.len();
        if cells > SINGLE_MAX_CELLS || !allowed.get(target).copied().unwrap_or(false) {
            return None;
        }
        let mut index = vec![u32::MAX; allowed.len()];
        for (i, &c) in list.iter().enumerate() {
            index[c] = i as u32;
        }
        let mut dist = vec![u32::MAX; cells * cells];
        let mut queue = std::collections::VecDeque::new();
        let t = index[target] as usize;
        for b in 0..cells {
            if b != t {
                dist[t * cells + b] = 0;
                queue.push_back((t, b));
            }
        }
        // Moves are reversible, so forward neighbours are backward ones too.
        while let Some((t, b)) = queue.pop_front() {
            let g = dist[t * cells + b] + 1;
            for d in Dir::ALL {
                let Some(to) = shape.step(list[b], d) else {
                    continue;
                };
                let nb = index[to];
                if nb == u32::MAX {
                    continue;
                }
                let nb = nb as usize;
                let nt = if nb == t { b } else { t };
                let slot = &mut dist[nt * cells + nb];
                if *slot == u32::MAX {
                    *slot = g;
                    queue.push_back((nt, nb));
                }
            }
        }
        Some(Single { index, cells, dist })
    }

    /// The tile's own cost home from `tile` with the blank on `blank`; `None` if it cannot get
    /// there, 0 if either cell is outside the table (no information).
    fn cost(&self, tile: usize, blank: usize) -> Option<u32> {
        let (Some(&t), Some(&b)) = (self.index.get(tile), self.index.get(blank)) else {
            return Some(0);
        };
        if t == u32::MAX || b == u32::MAX {
            return Some(0);
        }
        match self.dist[t as usize * self.cells + b as usize] {
            u32::MAX => None,
            d => Some(d),
        }
    }
}

/// Hashes the A* keys (four packed cells): a multiplicative hash, much cheaper than the default
/// SipHash on these millions of small integer keys, with no untrusted input to defend against.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

type KeyHash = std::hash::BuildHasherDefault<KeyHasher>;

/// Which way a beam search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// From the start to the goal (with the goal's pattern databases when cached).
    Forward,
    /// From the goal to the start (Manhattan + LC toward the start), then reversed: it keeps
    /// other states than the forward beam, and the better of the two is often much better.
    Backward,
}

/// Beam searches tried in turn on boards up to 25 cells, each only looking for an answer shorter
/// than the best so far. The narrow ones answer within a few and a few tens of milliseconds on a
/// 24-puzzle (1.24x and 1.18x optimal), so a short `movetime` still gets a good answer; the wide
/// ones bring the quality: one beam each way beats one beam twice as wide (24-puzzle 1.069x
/// against 1.077x optimal in the same time).
pub const BEAMS: [(Way, usize); 4] = [
    (Way::Forward, 250),
    (Way::Forward, 1000),
    (Way::Backward, 8000),
    (Way::Forward, 8000),
];

/// [`smooth::improve`]'s budget on boards up to 25 cells: windows there are cheap, and rarely use
/// more than a tenth of it.
pub const SMOOTH_SMALL: smooth::Budget = smooth::Budget {
    total_nodes: 2_000_000,
    window_nodes: 50_000,
};

/// [`smooth::improve`]'s budget on bigger boards, whose long constructive paths hold thousands of
/// windows: a few tens of milliseconds (10x10 about 25 ms), affordable since the exact single-tile
/// bound made the placements cheap; it buys back what the changed placements cost in length.
pub const SMOOTH_LARGE: smooth::Budget = smooth::Budget {
    total_nodes: 300_000,
    window_nodes: 4_096,
};

/// Solves `start` → `goal`: constructively, then (boards up to 25 cells) by beam searches of
/// growing width for a shorter answer, then smooths the best path by window searches. The caller
/// has checked solvability.
pub fn solve(
    shape: Shape,
    start: &[u16],
    goal: &[u16],
    ctx: &mut SearchContext,
) -> Result<(Vec<Dir>, u64), String> {
    solve_with(shape, start, goal, true, ctx)
}

/// [`solve`] for an optimal search's incumbent: the same, except that a 4x4 remainder is not
/// finished by a database search (the optimal search itself is one).
pub fn incumbent(
    shape: Shape,
    start: &[u16],
    goal: &[u16],
    ctx: &mut SearchContext,
) -> Result<(Vec<Dir>, u64), String> {
    solve_with(shape, start, goal, false, ctx)
}

fn solve_with(
    shape: Shape,
    start: &[u16],
    goal: &[u16],
    pdb_finish: bool,
    ctx: &mut SearchContext,
) -> Result<(Vec<Dir>, u64), String> {
    let control = ctx.control;
    let (mut best, mut nodes) = constructive(shape, start, goal, pdb_finish, ctx)?;
    if shape.area() > MAX_CELLS || shape.w < 2 || shape.h < 2 {
        return Ok(polish(shape, start, best, nodes, ctx));
    }
    let narrow = |t: &[u16]| t.iter().map(|&x| x as u8).collect::<Vec<u8>>();
    let (s8, g8) = (narrow(start), narrow(goal));
    // The strongest bound already at hand: cached pattern databases (never built here), else
    // Manhattan + linear conflict.
    let mdlc = ManhattanLc::new(shape, &g8, true);
    let cached = pdb::Partition::for_board(shape, ctx.options.hash_mib)
        .and_then(|p| pdb::load_cached(p, shape, &g8, ctx.options.data_dir.as_deref()));
    let h: &dyn Heuristic = match &cached {
        Some(set) => set,
        None => &mdlc,
    };
    // A beam keeps about width × length states; keep them within `setoption hash`.
    let memory = ctx.options.hash_mib.saturating_mul(1 << 20) / beam::BYTES_PER_EXPANSION;
    let toward_start = ManhattanLc::new(shape, &s8, true);
    for (way, width) in BEAMS {
        let left = control
            .max_nodes()
            .map_or(u64::MAX, |m| m.saturating_sub(nodes));
        let width = width.min(memory / best.len().max(1));
        if left == 0 || width == 0 || control.stopped() {
            break;
        }
        let limits = beam::Limits {
            width,
            upper: best.len(),
            max_nodes: left,
        };
        let (found, n) = match way {
            Way::Forward => beam::solve(shape, &s8, &g8, h, limits, control),
            Way::Backward => {
                let (found, n) = beam::solve(shape, &g8, &s8, &toward_start, limits, control);
                // Goal → start, played backwards: start → goal.
                let back = found.map(|m| m.iter().rev().map(|d| d.opposite()).collect());
                (back, n)
            }
        };
        nodes += n;
        if let Some(m) = found {
            best = m;
        }
    }
    Ok(polish(shape, start, best, nodes, ctx))
}

/// Shortens `best` by [`smooth::improve`] ([`SMOOTH_SMALL`] or [`SMOOTH_LARGE`], and the
/// request's own limits); `nodes` were already spent on this request.
fn polish(
    shape: Shape,
    start: &[u16],
    best: Vec<Dir>,
    nodes: u64,
    ctx: &mut SearchContext,
) -> (Vec<Dir>, u64) {
    let control = ctx.control;
    let budget = if shape.area() <= MAX_CELLS {
        SMOOTH_SMALL
    } else {
        SMOOTH_LARGE
    };
    let limited = match control.max_nodes() {
        Some(m) => control.clone().with_max_nodes(m.saturating_sub(nodes)),
        None => control.clone(),
    };
    // Quiet: the window searches would otherwise report every IDA* iteration.
    let (moves, n) = with_quiet_context(&limited, ctx.options, |quiet| {
        smooth::improve(shape, start, &best, budget, quiet)
    });
    (moves, nodes + n)
}

/// The constructive solver alone (line by line, see the module comment); `pdb_finish` lets it
/// finish a 4x4 remainder with cached databases.
pub fn constructive(
    shape: Shape,
    start: &[u16],
    goal: &[u16],
    pdb_finish: bool,
    ctx: &mut SearchContext,
) -> Result<(Vec<Dir>, u64), String> {
    let control = ctx.control;
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
    let mut pdb_tried = !pdb_finish;
    while r1 - r0 > 3 || c1 - c0 > 3 {
        if r1 - r0 == 4 && c1 - c0 == 4 && !pdb_tried {
            // A 4x4 remainder: finish optimally with cached pattern databases if they exist.
            pdb_tried = true;
            let cells: Vec<usize> = (r0..r1)
                .flat_map(|r| (c0..c1).map(move |c| r * shape.w + c))
                .collect();
            let (_, sub_goal) = relabel(&work, goal, &cells)?;
            let sub = Shape { w: 4, h: 4 };
            if let Some(set) = pdb::load_cached(
                pdb::Partition::P663,
                sub,
                &sub_goal,
                ctx.options.data_dir.as_deref(),
            ) {
                let region = (r0, r1, c0, c1);
                if finish(&mut work, goal, region, Some((&set, PDB_NODE_BUDGET)), ctx)? {
                    return Ok((work.moves, work.nodes));
                }
            }
        }
        let area_left = (r1 - r0) * (c1 - c0);
        // `inward`: the step from the line toward the rest of the region.
        let (line, inward): (Vec<usize>, isize) = if r1 - r0 >= c1 - c0 {
            let (r, inward) = if gbr == r0 {
                r1 -= 1;
                (r1, -(shape.w as isize))
            } else {
                r0 += 1;
                (r0 - 1, shape.w as isize)
            };
            ((c0..c1).map(|c| r * shape.w + c).collect(), inward)
        } else {
            let (c, inward) = if gbc == c0 {
                c1 -= 1;
                (c1, -1)
            } else {
                c0 += 1;
                (c0 - 1, 1)
            };
            ((r0..r1).map(|r| r * shape.w + c).collect(), inward)
        };
        for chunk in chunks(line.len(), area_left) {
            if chunk.len() == 2 && area_left > 42 {
                // Big region: park the last tile two cells inward from its corner and bring the
                // other home first, so the joint search stays within a small window.
                let (a, b) = (line[chunk.start], line[chunk.start + 1]);
                let park = (b as isize + 2 * inward) as usize;
                let tb = work.tiles_goal(b);
                work.place_tiles(&[(tb, park)], control)?;
                work.place(&[a], control)?;
            }
            work.place(&line[chunk.clone()], control)?;
            for &c in &line[chunk] {
                work.free[c] = false;
            }
        }
    }
    finish(&mut work, goal, (r0, r1, c0, c1), None, ctx)?;
    Ok((work.moves, work.nodes))
}

/// Splits a line of `k` cells into groups placed jointly: bigger groups give shorter solutions
/// but cost more search, so they shrink as the region grows; the last group always has two cells
/// (or three), which is what lets a line's last tile reach its corner.
fn chunks(k: usize, region_area: usize) -> Vec<std::ops::Range<usize>> {
    let size = if region_area <= 30 { 3 } else { 1 };
    let mut out = Vec::new();
    let mut i = 0;
    while i < k {
        let left = k - i;
        let take = if left <= 2 || (left == 3 && size >= 2) {
            left
        } else {
            size.min(left - 2)
        };
        out.push(i..i + take);
        i += take;
    }
    out
}

/// Solves the rectangle `r0..r1` × `c0..c1` optimally (relabelled as a small board); with `pdbs`
/// the search may give up after `budget` nodes and leave the board untouched (`Ok(false)`).
fn finish(
    work: &mut Work,
    goal: &[u16],
    (r0, r1, c0, c1): (usize, usize, usize, usize),
    pdbs: Option<(&PdbSet, u64)>,
    ctx: &mut SearchContext,
) -> Result<bool, String> {
    let control = ctx.control;
    let w = work.shape.w;
    let sub = Shape {
        w: c1 - c0,
        h: r1 - r0,
    };
    let cells: Vec<usize> = (r0..r1)
        .flat_map(|r| (c0..c1).map(move |c| r * w + c))
        .collect();
    let (sub_start, sub_goal) = relabel(work, goal, &cells)?;
    let (outcome, stats) = match pdbs {
        Some((set, budget)) => {
            let limited = control.clone().with_max_nodes(budget);
            idastar::solve(
                sub,
                &sub_start,
                &sub_goal,
                set,
                &mut ctx.with_control(&limited),
            )
        }
        None => {
            let h = ManhattanLc::new(sub, &sub_goal, true);
            idastar::solve(sub, &sub_start, &sub_goal, &h, ctx)
        }
    };
    work.nodes += stats.nodes;
    match outcome {
        Outcome::Solved(moves) => {
            for d in moves {
                work.play(d)?;
            }
            Ok(true)
        }
        _ if pdbs.is_some() && !control.stopped() => Ok(false),
        _ => Err("search stopped: no solution found".into()),
    }
}

/// The region's current tiles and goal as a small board numbered `0..cells` in goal order.
fn relabel(work: &Work, goal: &[u16], cells: &[usize]) -> Result<(Vec<u8>, Vec<u8>), String> {
    let mut label = HashMap::new();
    let mut sub_goal = Vec::with_capacity(cells.len());
    let mut next = 1u8;
    for &c in cells {
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
    for &c in cells {
        let l = label
            .get(&work.tiles[c])
            .ok_or("internal error: fast mode left a tile outside its region")?;
        sub_start.push(*l);
    }
    Ok((sub_start, sub_goal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_tile_tables_are_exact_and_see_walls() {
        let shape = Shape { w: 3, h: 3 };
        let all = vec![true; 9];
        let single = Single::new(shape, &all, 0).expect("a 3x3 window gets a table");
        // Tile next to its home, blank on the far side: the blank walks round it (4) and pushes (1).
        assert_eq!(single.cost(1, 2), Some(5));
        assert_eq!(single.cost(1, 0), Some(1));
        assert_eq!(single.cost(0, 4), Some(0));
        // Only the top row allowed: the blank can never get past the tile.
        let row: Vec<bool> = (0..9).map(|c| c < 3).collect();
        let walled = Single::new(shape, &row, 0).expect("a 3-cell window gets a table");
        assert_eq!(walled.cost(1, 2), None);
        assert_eq!(walled.cost(1, 0), Some(1));
    }
}
