//! IDA*: depth-first iterations with a rising bound on f = g + h; memory is just the path.
//!
//! Works for any board up to 256 cells with any [`Heuristic`]. It never plays the move that undoes
//! the previous one, polls the stop signal every 4096 nodes and reports once per iteration.

use super::board::{Dir, Shape};
use super::heuristic::{Heuristic, Parts, MAX_PARTS};
use crate::search::{Info, SearchContext, SearchControl};

/// How an optimal search ended.
pub enum Outcome {
    /// An optimal move list.
    Solved(Vec<Dir>),
    /// Stopped (signal, time or node limit) before a solution was found.
    Stopped,
    /// Stopped by the memory budget before a solution was found.
    OutOfMemory,
    /// No solution shorter than the given upper bound exists: a known one of that length is
    /// optimal.
    NoneShorter,
}

/// Where an iterative deepening may start and stop.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    /// A proven lower bound on the optimal length (e.g. from an earlier, interrupted search): the
    /// first iteration uses at least this bound.
    pub lower: u32,
    /// The length of a known solution: iterations stop once the bound reaches it.
    pub upper: u32,
    /// Nodes already spent on this request by earlier searches, added to `info` reports so they
    /// count the whole request.
    pub spent: u64,
}

impl Window {
    /// No prior knowledge.
    pub const OPEN: Window = Window {
        lower: 0,
        upper: u32::MAX,
        spent: 0,
    };
}

/// Totals of one search, for `info` lines and the benchmark.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes expanded.
    pub nodes: u64,
}

struct Ida<'a, 'c> {
    ctx: &'a mut SearchContext<'c>,
    bound: u32,
    last_report: std::time::Duration,
    tiles: Vec<u8>,
    pos: Vec<u8>,
    blank: usize,
    h: &'a dyn Heuristic,
    control: &'a SearchControl,
    nodes: u64,
    next_poll: u64,
    stopped: bool,
    path: Vec<Dir>,
    goal: Vec<u8>,
    /// Neighbour cell per (cell, direction), `u16::MAX` when off the board.
    step: Vec<[u16; 4]>,
    /// Added to reported node counts (see [`Window::spent`]).
    spent: u64,
}

const NONE: u16 = u16::MAX;

impl Ida<'_, '_> {
    /// Returns the smallest f above `bound` seen, or `None` when solved (path holds the moves).
    fn dfs(
        &mut self,
        g: u32,
        bound: u32,
        hval: u32,
        parts: &Parts,
        prev: Option<Dir>,
    ) -> Option<u32> {
        self.nodes += 1;
        let f = g + hval;
        if f > bound {
            return Some(f);
        }
        if hval == 0 && self.is_goal() {
            return None;
        }
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + 4096;
            let now = self.control.elapsed();
            if now.saturating_sub(self.last_report) >= std::time::Duration::from_secs(1) {
                self.last_report = now;
                report(self.ctx, self.spent + self.nodes, now, self.bound);
            }
            if self.control.should_stop(self.nodes) {
                self.stopped = true;
            }
        }
        if self.stopped {
            return Some(u32::MAX);
        }
        let mut min = u32::MAX;
        for d in Dir::ALL {
            if prev == Some(d.opposite()) {
                continue;
            }
            let to = self.step[self.blank][d.index() as usize];
            if to == NONE {
                continue;
            }
            let (from, to) = (self.blank, to as usize);
            let t = self.tiles[to];
            self.tiles[from] = t;
            self.tiles[to] = 0;
            self.pos[t as usize] = from as u8;
            self.pos[0] = to as u8;
            self.blank = to;
            let mut np = *parts;
            let nh = self.h.update(&self.tiles, &self.pos, t, &mut np);
            self.path.push(d);
            let v = self.dfs(g + 1, bound, nh, &np, Some(d))?;
            self.path.pop();
            self.tiles[to] = t;
            self.tiles[from] = 0;
            self.pos[t as usize] = to as u8;
            self.pos[0] = from as u8;
            self.blank = from;
            min = min.min(v);
            if self.stopped {
                return Some(u32::MAX);
            }
        }
        Some(min)
    }

    fn is_goal(&self) -> bool {
        self.tiles == self.goal
    }
}

/// Runs IDA* from `start` (cells → tiles, `u8`) to `goal` with bound `h`; `ctx` supplies limits.
pub fn solve(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    h: &dyn Heuristic,
    ctx: &mut SearchContext,
) -> (Outcome, Stats) {
    let (outcome, stats, _) = solve_window(shape, start, goal, h, Window::OPEN, ctx);
    (outcome, stats)
}

/// [`solve`] within a [`Window`]; also returns the proven lower bound on the optimal length when
/// it ended (the bound of the iteration in progress: every smaller one was searched in full).
pub fn solve_window(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    h: &dyn Heuristic,
    window: Window,
    ctx: &mut SearchContext,
) -> (Outcome, Stats, u32) {
    let control = ctx.control;
    let mut pos = vec![0u8; start.len()];
    for (c, &t) in start.iter().enumerate() {
        pos[t as usize] = c as u8;
    }
    let step: Vec<[u16; 4]> = (0..shape.area())
        .map(|c| Dir::ALL.map(|d| shape.step(c, d).map_or(NONE, |x| x as u16)))
        .collect();
    let mut ida = Ida {
        tiles: start.to_vec(),
        pos,
        blank: start.iter().position(|&t| t == 0).unwrap_or(0),
        h,
        control,
        nodes: 0,
        next_poll: 4096,
        ctx,
        bound: 0,
        last_report: std::time::Duration::ZERO,
        stopped: false,
        path: Vec::new(),
        step,
        goal: goal.to_vec(),
        spent: window.spent,
    };
    if start == goal {
        return (Outcome::Solved(Vec::new()), Stats { nodes: 1 }, 0);
    }
    let mut bound = h.estimate(start, &ida.pos).max(window.lower);
    loop {
        let stats = Stats { nodes: ida.nodes };
        if bound >= window.upper {
            return (Outcome::NoneShorter, stats, bound);
        }
        if control.should_stop(ida.nodes) {
            return (Outcome::Stopped, stats, bound);
        }
        let mut parts: Parts = [0; MAX_PARTS];
        let h0 = h.init(&ida.tiles, &ida.pos, &mut parts);
        ida.bound = bound;
        let r = ida.dfs(0, bound, h0, &parts, None);
        ida.last_report = control.elapsed();
        report(ida.ctx, ida.spent + ida.nodes, ida.last_report, bound);
        let stats = Stats { nodes: ida.nodes };
        match r {
            None => return (Outcome::Solved(std::mem::take(&mut ida.path)), stats, bound),
            Some(_) if ida.stopped => return (Outcome::Stopped, stats, bound),
            Some(u32::MAX) => return (Outcome::Stopped, stats, bound),
            Some(next) => bound = next,
        }
    }
}

fn report(ctx: &mut SearchContext, nodes: u64, time: std::time::Duration, bound: u32) {
    ctx.report(&Info {
        depth: Some(bound),
        nodes,
        time,
        extra: vec![("bound".into(), bound.to_string())],
        ..Default::default()
    });
}
