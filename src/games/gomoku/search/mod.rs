//! The gomoku tree search: threat-aware principal-variation alpha-beta with VCF and VCT, on the
//! incremental [`Board`]. Every node first looks for forced facts (a five to make, a five to
//! block, an open four to make, an open three to answer) so the tree only branches where a
//! choice exists; leaves run a small VCF (victory by continuous fours) search so forced wins show
//! up as mate scores and the parent avoids the moves that allow them.
//!
//! One [`Searcher`] per thread. Its work is split by job, one file each, and each file uses only
//! the files listed above it, so no two import each other:
//!
//! - `candidate.rs`: a move-list entry and its static value (patterns, forks, locality).
//! - `mod.rs`, this file: the searcher's state, the state all threads [`Shared`], node counting
//!   and the stop poll, and the units every file counts in (mate scores, plies, table keys).
//! - `movepick.rs`: a node's forced facts and move list, and the order it is tried in (hash move,
//!   killers, counter moves, history), with the history's updates.
//! - `vcf.rs`: the VCF (fours only), at every leaf and at the root.
//! - `vct.rs`: the VCT (fours and threes), at the root and in the safety net.
//! - `node.rs`: where a node is searched: table probe, static cuts, late move pruning and
//!   reductions, extensions, the store.
//! - `root.rs`: the root move list, one iteration over the root moves within a window, and the
//!   principal variation.
//!
//! Iterative deepening, the use of time and the safety net that calls these live in `think.rs`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::board::{Board, Threat};
use super::params::tree;
use super::tt::{Tt, VctEntry};
use crate::base::MateScale;
use crate::search::SearchControl;

mod candidate;
mod movepick;
mod node;
mod root;
mod vcf;
mod vct;

use candidate::Cand;
pub(super) use candidate::{locality_divisor, recent_stones};

/// Score of a five made at the current node; mate in n plies is `MATE - n`.
pub const MATE: i32 = 30000;
/// Scores beyond this are forced results.
pub const MATE_BOUND: i32 = 29000;
const MAX_PLY: usize = tree::MAX_PLY;
/// One ply of depth: the tree counts depth in fractions of a ply.
const ONE_PLY: i32 = tree::ONE_PLY;
/// Poll the stop conditions every this many nodes.
const POLL_MASK: u64 = 1023;

/// State all search threads share.
pub struct Shared<'a> {
    pub tt: &'a Tt,
    pub control: &'a SearchControl,
    pub stop: AtomicBool,
    pub nodes: AtomicU64,
    /// While set, the tree search also stops at `tree_time` / `tree_nodes`, so the checks that
    /// follow it (the safety net) keep part of the budget.
    pub tree_phase: AtomicBool,
    pub tree_time: Option<Duration>,
    pub tree_nodes: Option<u64>,
}

impl<'a> Shared<'a> {
    /// Shared state with no tree limit of its own (only the control's).
    pub fn new(tt: &'a Tt, control: &'a SearchControl) -> Self {
        Shared {
            tt,
            control,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tree_phase: AtomicBool::new(false),
            tree_time: None,
            tree_nodes: None,
        }
    }

    fn tree_over(&self, total: u64) -> bool {
        self.tree_phase.load(Ordering::Relaxed)
            && (self.tree_nodes.is_some_and(|n| total >= n)
                || self.tree_time.is_some_and(|t| self.control.elapsed() >= t))
    }

    /// True once any limit or an outside stop ends the search.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// One thread's search.
pub struct Searcher<'a, 's> {
    pub b: Board,
    shared: &'s Shared<'a>,
    pub nodes: u64,
    flushed: u64,
    killers: [[usize; 2]; MAX_PLY + 2],
    history: Vec<i32>,
    /// `counters[last * 2 + c]`: the move of `c` that last refuted the opponent's `last`.
    counters: Vec<usize>,
    pub aborted: bool,
    noise: Option<u64>,
    pub(super) vcf_left: u32,
    /// VCT searches end (as "not found") at this elapsed time.
    pub vct_until: Option<Duration>,
    /// Proven VCT results of attacker nodes, allocated on the first VCT search.
    pub(super) vct_tt: Vec<VctEntry>,
    cands: Vec<usize>,
    /// The mover's fours found by the last leaf `generate`, for [`Self::vcf_leaf`].
    leaf_fours: Vec<(usize, Threat)>,
    scratch: Scratch,
    pub seldepth: u32,
    /// Extensions stop at this ply (a multiple of the iteration's depth).
    extend_below: usize,
    /// Called on the main thread about once per second with (nodes, seldepth).
    pub on_tick: Option<&'s mut dyn FnMut(u64, u32)>,
    last_tick: Instant,
    main: bool,
}

/// Vectors reused from node to node: a move list, or a VCF node's line points and fours,
/// allocated afresh at every node cost a `malloc` and a `free` each (callgrind: 2.3% of the
/// instructions of `bench gomoku --depth 8`).
#[derive(Default)]
struct Scratch {
    moves: Vec<Vec<Cand>>,
    points: Vec<Vec<usize>>,
    fours: Vec<Vec<(usize, Threat)>>,
}

impl<'a, 's> Searcher<'a, 's> {
    /// A searcher on its own copy of the board.
    pub fn new(b: Board, shared: &'s Shared<'a>, noise: Option<u64>, main: bool) -> Self {
        let n = b.stride * (b.height + 8);
        Searcher {
            b,
            shared,
            nodes: 0,
            flushed: 0,
            killers: [[usize::MAX; 2]; MAX_PLY + 2],
            history: vec![0; n * 2],
            counters: vec![usize::MAX; n * 2],
            aborted: false,
            noise,
            vcf_left: 0,
            vct_until: None,
            vct_tt: Vec::new(),
            cands: Vec::with_capacity(512),
            leaf_fours: Vec::with_capacity(32),
            scratch: Scratch::default(),
            seldepth: 0,
            extend_below: 0,
            on_tick: None,
            last_tick: Instant::now(),
            main,
        }
    }

    fn poll(&mut self) {
        let delta = self.nodes - self.flushed;
        self.flushed = self.nodes;
        let total = self.shared.nodes.fetch_add(delta, Ordering::Relaxed) + delta;
        if self.shared.stopped() {
            self.aborted = true;
            return;
        }
        if self.main && (self.shared.control.should_stop(total) || self.shared.tree_over(total)) {
            self.shared.stop.store(true, Ordering::Relaxed);
            self.aborted = true;
            return;
        }
        if self.main && self.last_tick.elapsed() >= Duration::from_millis(1000) {
            self.last_tick = Instant::now();
            let sd = self.seldepth;
            if let Some(f) = self.on_tick.as_mut() {
                f(total, sd);
            }
        }
    }

    /// Adds the last nodes to the shared count.
    pub fn flush(&mut self) {
        let delta = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.shared.nodes.fetch_add(delta, Ordering::Relaxed);
    }

    /// Time since the search started.
    pub(super) fn shared_control_elapsed(&self) -> Duration {
        self.shared.control.elapsed()
    }

    #[inline]
    pub(super) fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & POLL_MASK == 0 {
            self.poll();
        }
    }
}

/// The table key of the position with `c` to move: the stones' hash alone does not say whose
/// turn it is.
fn node_key(b: &Board, c: usize) -> u64 {
    side_key(b.hash, c)
}

/// The table key of stones hashing to `hash` with `c` to move.
#[inline]
fn side_key(hash: u64, c: usize) -> u64 {
    hash ^ (c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The whole plies in `depth` (rounded down).
#[inline]
fn plies(depth: i32) -> i32 {
    depth.div_euclid(ONE_PLY)
}

/// Where forced results live in the search's scores.
pub const MATE_SCALE: MateScale = MateScale {
    mate: MATE,
    bound: MATE_BOUND,
};

fn to_tt(s: i32, ply: usize) -> i32 {
    MATE_SCALE.to_table(s, ply as i32)
}

fn from_tt(s: i32, ply: usize) -> i32 {
    MATE_SCALE.from_table(s, ply as i32)
}

/// Positions and the set-up that the tests of the node search and of the root share.
#[cfg(test)]
mod fixtures {
    use super::*;
    use crate::games::Rule;

    /// A 15x15 freestyle board after `stones`, played in that order, Black first.
    pub(super) fn played(stones: &[(usize, usize)]) -> Board {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (n, &(x, y)) in stones.iter().enumerate() {
            b.make(b.index(x, y), n % 2);
        }
        b
    }

    /// A quiet middle-game position, White to move, for the tests that need an exact score.
    pub(super) const QUIET_STONES: [(usize, usize); 7] =
        [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9), (6, 6)];

    /// Runs `f` on a main searcher of `b` with a fresh 1 MiB table (also given to `f`) and no
    /// limits: the setup every test of a single node's search shares.
    pub(super) fn with_searcher<R>(b: Board, f: impl FnOnce(&mut Searcher, &Tt) -> R) -> R {
        let control = SearchControl::unlimited();
        let tt = Tt::new(1);
        let shared = Shared::new(&tt, &control);
        let mut s = Searcher::new(b, &shared, None, true);
        f(&mut s, &tt)
    }
}
