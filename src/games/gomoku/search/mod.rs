//! Threat-aware principal-variation alpha-beta with VCF, on the incremental [`Board`].
//!
//! Every node first looks for forced facts (a five to make, a five to block, an open four to
//! make, an open three to answer) so the tree only branches where a choice exists; leaves run a
//! small VCF (victory by continuous fours) search so forced wins show up as mate scores and the
//! parent avoids the moves that allow them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::board::{Board, Threat};
use super::params::{eval, threats, tree};
use super::tt::{Entry, Tt, VctEntry, EXACT, LOWER, NO_MOVE, UPPER};
use crate::base::{splitmix64 as splitmix, MateScale};
use crate::search::SearchControl;

mod candidate;
mod movepick;
mod vcf;
mod vct;

pub(super) use candidate::{locality_divisor, recent_stones};
use candidate::{Cand, PRUNED};
use movepick::{order_key, pick, Gen, Status};

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

    fn leaf_eval(&self, c: usize) -> i32 {
        let mut v = self.b.eval(c);
        if let Some(seed) = self.noise {
            v += (splitmix(self.b.hash ^ seed) % (2 * eval::NOISE as u64 + 1)) as i32 - eval::NOISE;
        }
        v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The table's entry for this node, if any, and, in a null-window search, the score when
    /// the stored bound already decides the node.
    fn probe(
        &self,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (Option<Entry>, Option<i32>) {
        let Some(e) = self.shared.tt.probe(key) else {
            return (None, None);
        };
        if e.depth >= depth && beta - alpha == 1 {
            let s = from_tt(e.score, ply);
            let hit = match e.bound {
                EXACT => true,
                LOWER => s >= beta,
                _ => s <= alpha,
            };
            if hit {
                return (Some(e), Some(s));
            }
        }
        (Some(e), None)
    }

    /// Whether the table's move (`tt`) is singular: every other move falls short of the
    /// table's score by a margin in a shallower search without it. Such a move is the only way
    /// to keep the score, and searching it one ply deeper catches the refutations a shallow
    /// search of a one-move position misses. `Err(score)`: even without the move the node fails
    /// high (multi-cut), so it is cut at once.
    ///
    /// Only tried when the entry is worth trusting (deep enough, a lower bound or exact, not a
    /// mate score) and while extensions are allowed at this ply.
    fn singular(
        &mut self,
        c: usize,
        depth: i32,
        beta: i32,
        ply: usize,
        tt: Option<Entry>,
    ) -> Result<bool, i32> {
        let Some(tt) = tt.filter(|e| {
            ply < self.extend_below
                && depth >= tree::SINGULAR_MIN_DEPTH * ONE_PLY
                && e.bound != UPPER
                && e.depth >= depth - tree::SINGULAR_TT_SLACK * ONE_PLY
                && from_tt(e.score, ply).abs() < MATE_BOUND
        }) else {
            return Ok(false);
        };
        let tt_score = from_tt(tt.score, ply);
        let s_beta = tt_score - tree::SINGULAR_MARGIN_PER_PLY * depth / ONE_PLY;
        let s = self.search_without(
            c,
            (plies(depth) - 1) / 2 * ONE_PLY,
            (s_beta - 1, s_beta),
            ply,
            tt.mv as usize,
        );
        if self.aborted {
            return Ok(false);
        }
        if s < s_beta {
            Ok(true)
        } else if s_beta >= beta {
            Err(s_beta)
        } else {
            Ok(false)
        }
    }

    /// The PVS search of the move just made: the first move with the full window, a later one
    /// with a null window (first `reduce` plies shallower), re-searched when it beats alpha.
    fn search_child(
        &mut self,
        c: usize,
        first: bool,
        (new_depth, reduce): (i32, i32),
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> i32 {
        if first {
            return -self.search(1 - c, new_depth, -beta, -alpha, ply + 1);
        }
        let mut s = -self.search(1 - c, new_depth - reduce, -alpha - 1, -alpha, ply + 1);
        if s > alpha && reduce > 0 {
            s = -self.search(1 - c, new_depth, -alpha - 1, -alpha, ply + 1);
        }
        if s > alpha && s < beta {
            s = -self.search(1 - c, new_depth, -beta, -alpha, ply + 1);
        }
        s
    }

    /// Razoring and reverse futility at a non-PV node that faces no threat: when the static
    /// evaluation is far below alpha only the leaf search (VCF) can save the node; when it is far
    /// above beta the opponent is assumed unable to catch up in the plies left.
    fn static_prune(
        &mut self,
        c: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let stat = self.b.eval(c);
        let margin = tree::FUTILITY_MARGIN * depth / ONE_PLY;
        if depth < tree::RAZOR_DEPTH * ONE_PLY && stat + margin <= alpha {
            return Some(self.search(c, 0, alpha, beta, ply));
        }
        if depth < tree::FUTILITY_DEPTH * ONE_PLY && stat - margin >= beta {
            return Some(stat);
        }
        None
    }

    /// Negamax PVS for side `c` to `depth` (in `ONE_PLY`ths of a ply; the node is a leaf
    /// at 0 or less); scores are from `c`'s point of view.
    pub fn search(&mut self, c: usize, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.search_without(c, depth, (alpha, beta), ply, usize::MAX)
    }

    /// [`Searcher::search`] without the move `skip` (`usize::MAX`: none), on a move list from
    /// the scratch pool.
    fn search_without(
        &mut self,
        c: usize,
        depth: i32,
        window: (i32, i32),
        ply: usize,
        skip: usize,
    ) -> i32 {
        let mut moves = self.scratch.moves.pop().unwrap_or_default();
        let s = self.search_node(c, depth, window, ply, &mut moves, skip);
        self.scratch.moves.push(moves);
        s
    }

    /// The node search on the move list `moves`, without the move `skip` (`usize::MAX`: none)
    /// when testing whether that move is singular; such a search neither takes its score from
    /// the table nor stores one.
    fn search_node(
        &mut self,
        c: usize,
        depth: i32,
        (mut alpha, mut beta): (i32, i32),
        ply: usize,
        moves: &mut Vec<Cand>,
        skip: usize,
    ) -> i32 {
        self.count_node();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = node_key(&self.b, c);
        let excluding = skip != usize::MAX;
        let (tt, cut) = self.probe(key, depth, alpha, beta, ply);
        if let Some(s) = cut.filter(|_| !excluding) {
            return s;
        }
        let tt_move = tt.map_or(usize::MAX, |e| e.mv as usize);
        let gen = if depth <= 0 { Gen::Leaf } else { Gen::Threats };
        let status = self.generate(c, moves, gen);
        match status {
            Status::Win(n, _) => return MATE - ply as i32 - n,
            Status::Loss(n) => return -(MATE - ply as i32 - n),
            _ => {}
        }
        // An interior node that faces no threat lists its quiet moves after the static cuts.
        let quiet_later =
            gen == Gen::Threats && matches!(status, Status::Normal) && !self.restricted(c);
        if moves.is_empty() && !(quiet_later && self.b.has_quiet_candidate()) {
            return 0;
        }
        let forced_single = matches!(status, Status::Forced) && moves.len() == 1;
        if ply >= MAX_PLY {
            return self.leaf_eval(c);
        }
        // A leaf is evaluated (after a small VCF) even when it faces an open three: following
        // the answers a few plies deeper (a quiescence search, until 1074685) made each
        // iteration dearer than the plies it bought (SPRT: +86 Elo without it). Only the single
        // answer to a four is still followed, as an extension.
        if depth <= 0 && !forced_single {
            self.vcf_left = threats::LEAF_VCF_NODES;
            if let Some(n) = self.vcf_leaf(c, threats::LEAF_VCF_DEPTH) {
                return MATE - ply as i32 - n;
            }
            return self.leaf_eval(c);
        }
        let forced = matches!(status, Status::Forced);
        let pv_node = beta - alpha > 1;
        if !pv_node && !forced && !excluding {
            if let Some(s) = self.static_prune(c, depth, alpha, beta, ply) {
                return s;
            }
        }
        if quiet_later {
            let recent = recent_stones(&self.b);
            self.add_quiet(c, moves, &recent);
        }
        let prune_after = prune_after(pv_node && ply < tree::PV_LMP_MIN_PLY, forced, depth);
        self.add_dynamic_order(moves, tt_move, c, ply);
        let width = if forced {
            moves.len()
        } else {
            moves.len().min(if depth >= tree::WIDE_DEPTH * ONE_PLY {
                tree::WIDE_WIDTH
            } else {
                tree::NARROW_WIDTH
            })
        };
        // A node with a single forced answer does not count as a ply.
        let new_depth = depth - ONE_PLY * i32::from(!forced_single);
        let orig_alpha = alpha;
        let mut best = -MATE;
        // A placeholder: the first move searched always beats -MATE and replaces it.
        let mut best_move = moves[0].i();
        for n in 0..moves.len() {
            let m = pick(moves, n);
            if m.i() == skip {
                continue;
            }
            // Past the width only while every move tried loses: a loss is a proof only when
            // no move was left out.
            if n >= width && best > -MATE_BOUND {
                break;
            }
            let quiet = m.urgency < tree::LMR_QUIET_BELOW;
            if n >= prune_after && (forced || quiet) && best > -MATE_BOUND {
                moves[n].urgency = PRUNED;
                continue;
            }
            let reduce = if depth < tree::LMR_MIN_DEPTH * ONE_PLY || !quiet || n == 0 {
                0
            } else {
                late_move_reduction(depth, n, pv_node)
            };
            // An open three leaves the opponent a handful of answers: searching it one ply
            // deeper lets the tree follow threat sequences (VCTs) at little cost.
            let mut extend = tree::EXTEND_THREES && m.three && !forced && ply < self.extend_below;
            if !extend && !excluding && !forced_single && m.i() == tt_move {
                match self.singular(c, depth, beta, ply, tt) {
                    Ok(single) => extend = single,
                    Err(s) => return s,
                }
                if self.aborted {
                    return 0;
                }
            }
            let child_depth = new_depth + i32::from(extend) * ONE_PLY;
            self.prefetch_child(m.i(), c);
            self.b.make(m.i(), c);
            let s = self.search_child(c, n == 0, (child_depth, reduce), (alpha, beta), ply);
            self.b.unmake();
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                best_move = m.i();
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                self.note_cutoff(c, (depth, ply), m.i(), &moves[..n], skip);
                break;
            }
        }
        if !excluding {
            self.note_best(c, depth, (best, best_move), (orig_alpha, beta));
            let found = (best, best_move, tt_move);
            self.store(key, found, (orig_alpha, beta), depth, ply);
        }
        best
    }

    /// Starts loading the table slot of the position after `c` plays `i`, so the child's probe
    /// does not wait for memory.
    #[inline]
    fn prefetch_child(&self, i: usize, c: usize) {
        self.shared
            .tt
            .prefetch(side_key(self.b.hash_after(i, c), 1 - c));
    }

    /// Stores a node's result with the bound its window gives it, and its best move `mv`. A
    /// node that failed low proved no move good, and the one that scored least badly is no
    /// guide: it keeps the table's move `tt_move` (likely one that cut here before), or stores
    /// none.
    fn store(
        &self,
        key: u64,
        (best, mv, tt_move): (i32, usize, usize),
        (alpha, beta): (i32, i32),
        depth: i32,
        ply: usize,
    ) {
        let bound = if best >= beta {
            LOWER
        } else if best > alpha {
            EXACT
        } else {
            UPPER
        };
        let mv = if bound == UPPER {
            tt_move.min(usize::from(NO_MOVE))
        } else {
            mv
        };
        self.shared.tt.store(
            key,
            Entry {
                mv: mv as u16,
                score: to_tt(best, ply),
                depth,
                bound,
            },
        );
    }

    /// Root move list for `c` and, when the position is already decided, the decisive facts.
    pub fn root_moves(&mut self, c: usize) -> (Vec<usize>, Option<(i32, usize)>, bool) {
        let mut moves = Vec::new();
        let status = self.generate(c, &mut moves, Gen::All);
        moves.sort_unstable_by_key(order_key);
        let list: Vec<usize> = moves.iter().map(|m| m.i()).collect();
        match status {
            Status::Win(n, i) => (list, Some((n, i)), false),
            Status::Loss(_) => {
                // Lost anyway: block one five at least.
                (list, None, true)
            }
            Status::Forced => (list, None, true),
            Status::Normal => (list, None, false),
        }
    }

    /// All empty near points that `c` may play (used when the threat filter leaves nothing).
    pub fn all_moves(&self, c: usize) -> Vec<usize> {
        let mut v: Vec<usize> = Vec::new();
        for &i in &self.b.points {
            if self.b.is_empty(i) && (self.b.is_near(i) || self.b.stones() == 0) {
                let t = self.b.threat(c, i);
                if !self.b.forbidden(c, i, &t) {
                    v.push(i);
                }
            }
        }
        v
    }

    /// Searches the root moves to `depth` whole plies; returns the best (move, score) found,
    /// and whether the iteration completed. `moves` is reordered best first.
    pub fn root(&mut self, c: usize, depth: i32, moves: &mut [(usize, i32)]) -> (usize, i32, bool) {
        self.root_window(c, depth, moves, (-MATE, MATE))
    }

    /// [`Searcher::root`] within the window `(lo, hi)`: a score at or below `lo` is an upper
    /// bound (every move failed low), one at or above `hi` a lower bound (the search stops at
    /// the first move that reaches it and puts it first).
    pub fn root_window(
        &mut self,
        c: usize,
        depth: i32,
        moves: &mut [(usize, i32)],
        (lo, hi): (i32, i32),
    ) -> (usize, i32, bool) {
        let (mut alpha, beta) = (lo, hi);
        let mut best = (moves[0].0, -MATE);
        self.extend_below = depth.max(1) as usize * tree::EXTEND_PLY_FACTOR;
        for (n, entry) in moves.iter_mut().enumerate() {
            let m = entry.0;
            let five = self.b.makes_five(c, m);
            self.b.make(m, c);
            let s = if five {
                MATE - 1
            } else {
                let reduce = if n > 0 && depth >= tree::LMR_MIN_DEPTH {
                    root_reduction(depth, n) * ONE_PLY
                } else {
                    0
                };
                let child = (depth - 1) * ONE_PLY;
                self.search_child(c, n == 0, (child, reduce), (alpha, beta), 0)
            };
            self.b.unmake();
            if self.aborted {
                return (best.0, best.1, false);
            }
            // Moves that failed low keep their order behind the others at the next iteration.
            entry.1 = if n == 0 || s > alpha {
                s
            } else {
                -MATE - n as i32
            };
            if s > best.1 {
                best = (m, s);
            }
            if s >= beta {
                moves[..=n].rotate_right(1);
                return (m, s, true);
            }
            alpha = alpha.max(s);
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));
        if best.1 <= lo {
            return (best.0, best.1, true);
        }
        let key = node_key(&self.b, c);
        self.shared.tt.store(
            key,
            Entry {
                mv: best.0 as u16,
                score: to_tt(best.1, 0),
                depth: depth * ONE_PLY,
                bound: EXACT,
            },
        );
        (best.0, best.1, true)
    }

    /// The principal variation from the table, starting with `first`.
    pub fn pv(&mut self, c: usize, first: usize, max: usize) -> Vec<usize> {
        let mut pv = vec![first];
        self.b.make(first, c);
        let mut side = 1 - c;
        while pv.len() < max {
            let key = node_key(&self.b, side);
            let Some(e) = self.shared.tt.probe(key) else {
                break;
            };
            let m = e.mv as usize;
            if m >= self.history.len() / 2 || !self.b.is_empty(m) {
                break;
            }
            if !self.b.points.contains(&m) {
                break;
            }
            let won = self.b.makes_five(side, m);
            pv.push(m);
            self.b.make(m, side);
            side = 1 - side;
            if won {
                break;
            }
        }
        for _ in 0..pv.len() {
            self.b.unmake();
        }
        pv
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

/// Depth (in `ONE_PLY`ths of a ply, as `depth` is) taken off the `n`th move (0-based, n >= 1)
/// at `depth`: grows with the logarithms of both, as later moves at deeper nodes are ever less
/// likely to matter. From the `LMR_FIRST_MOVE`th move on at least one ply; the 2nd to 4th move
/// get `round(ln depth ln(n + 1) / EARLY_LMR_DIVISOR)` plies, one less at a PV node, possibly
/// none (before, they were never reduced, so a cut node whose first move did not cut searched
/// three more full-depth subtrees). Whole plies for now: kept in sixteenths, the reductions
/// measured level (docs/strength.md, thirty-ninth session).
fn late_move_reduction(depth: i32, n: usize, pv: bool) -> i32 {
    ONE_PLY * late_move_plies(plies(depth), n, pv)
}

/// [`late_move_reduction`] in whole plies, at a depth of `depth` whole plies.
fn late_move_plies(depth: i32, n: usize, pv: bool) -> i32 {
    static TABLE: OnceLock<Vec<[i8; LMR_MOVES]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..=tree::MAX_DEPTH as usize)
            .map(|d| {
                let ln_d = (d.max(1) as f64).ln();
                let mut row = [1i8; LMR_MOVES];
                for (k, r) in row.iter_mut().enumerate().skip(1) {
                    *r = if k < tree::LMR_FIRST_MOVE {
                        (ln_d * ((k + 1) as f64).ln() / tree::EARLY_LMR_DIVISOR).round() as i8
                    } else {
                        ((tree::LMR_BASE + ln_d * (k as f64).ln() / tree::LMR_DIVISOR) as i8).max(1)
                    };
                }
                row
            })
            .collect()
    });
    let d = depth.clamp(0, tree::MAX_DEPTH as i32) as usize;
    let r = i32::from(table[d][n.min(LMR_MOVES - 1)]);
    if n < tree::LMR_FIRST_MOVE {
        (r - i32::from(pv)).max(0)
    } else {
        r
    }
}

/// From which move index a node may skip moves: never at a principal-variation node next to
/// the root (`exempt`); at a forced node any answer past `FORCED_LMP_BASE * sqrt(depth) -
/// FORCED_LMP_OFFSET` (at most `FORCED_LMP_MAX`), elsewhere quiet moves past `LMP_BASE *
/// sqrt(depth) - LMP_OFFSET`.
fn prune_after(exempt: bool, forced: bool, depth: i32) -> usize {
    if exempt {
        return usize::MAX;
    }
    let root = f64::from(plies(depth).max(1)).sqrt();
    let count = if forced {
        (tree::FORCED_LMP_BASE * root - tree::FORCED_LMP_OFFSET)
            .round()
            .min(tree::FORCED_LMP_MAX)
    } else {
        (tree::LMP_BASE * root - tree::LMP_OFFSET).round()
    };
    count.max(1.0) as usize
}

/// Plies taken off the `n`th root move (0-based, n >= 1) at `depth`. Every root move used to get
/// a full-depth search, so a root of 40-60 candidates cost as many full subtrees; reduced, a
/// late move gets the full depth only when it beats the best so far. Never leaves less than
/// one ply.
fn root_reduction(depth: i32, n: usize) -> i32 {
    let r = f64::from(depth).ln() * ((n + 1) as f64).ln() / tree::ROOT_LMR_DIVISOR;
    (r.round() as i32 - tree::ROOT_LMR_DISCOUNT).clamp(0, depth - 2)
}

/// The whole plies in `depth` (rounded down).
#[inline]
fn plies(depth: i32) -> i32 {
    depth.div_euclid(ONE_PLY)
}

/// Move indices the reduction table distinguishes (later moves share the last entry).
const LMR_MOVES: usize = 64;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rule;

    /// A 15x15 freestyle board after `stones`, played in that order, Black first.
    fn played(stones: &[(usize, usize)]) -> Board {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (n, &(x, y)) in stones.iter().enumerate() {
            b.make(b.index(x, y), n % 2);
        }
        b
    }

    /// A quiet middle-game position, White to move, for the tests that need an exact score.
    const QUIET_STONES: [(usize, usize); 7] =
        [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9), (6, 6)];

    /// Runs `f` on a main searcher of `b` with a fresh 1 MiB table (also given to `f`) and no
    /// limits: the setup every test of a single node's search shares.
    fn with_searcher<R>(b: Board, f: impl FnOnce(&mut Searcher, &Tt) -> R) -> R {
        let control = SearchControl::unlimited();
        let tt = Tt::new(1);
        let shared = Shared::new(&tt, &control);
        let mut s = Searcher::new(b, &shared, None, true);
        f(&mut s, &tt)
    }

    /// The singular-extension test searches a node without one move: that move must not be
    /// played (here the only block of a four, so the node is lost without it), and such a search
    /// must leave the node's table entry as the full search stored it.
    #[test]
    fn a_search_without_a_move_never_plays_it_nor_stores_its_score() {
        // Black's four on row 7 closed at 6,7: White (to move) must block at 11,7.
        let b = played(&[(7, 7), (6, 7), (8, 7), (0, 0), (9, 7), (0, 14), (10, 7)]);
        let block = b.index(11, 7);
        with_searcher(b, |s, tt| {
            let full = s.search(1, 4 * ONE_PLY, -MATE, MATE, 1);
            assert!(full > -MATE_BOUND, "blocking holds: {full}");
            let key = node_key(&s.b, 1);
            let before = tt.probe(key).map(|e| (e.mv, e.score, e.depth, e.bound));
            assert_eq!(before.map(|e| e.0 as usize), Some(block));
            let without = s.search_without(1, 4 * ONE_PLY, (-MATE, MATE), 1, block);
            assert!(without <= -MATE_BOUND, "lost without the block: {without}");
            let after = tt.probe(key).map(|e| (e.mv, e.score, e.depth, e.bound));
            assert_eq!(before, after);
        });
    }

    /// The aspiration windows rely on the root's bounds: a window above the true score must
    /// come back at or below its lower edge, a window below it at or above its upper edge
    /// (with the move that got there first), and a window around it an exact score inside it.
    #[test]
    fn root_window_scores_are_bounds_outside_and_exact_inside() {
        let control = SearchControl::unlimited();
        let depth = 4;
        let fresh = |window: Option<(i32, i32)>| {
            let tt = Tt::new(1);
            let shared = Shared::new(&tt, &control);
            let mut s = Searcher::new(played(&QUIET_STONES), &shared, None, true);
            let (list, _, _) = s.root_moves(1);
            let mut moves: Vec<(usize, i32)> = list.into_iter().map(|i| (i, 0)).collect();
            let (m, score, complete) = match window {
                None => s.root(1, depth, &mut moves),
                Some(w) => s.root_window(1, depth, &mut moves, w),
            };
            assert!(complete);
            (m, score, moves[0].0, s.nodes)
        };
        let (_, exact, _, all) = fresh(None);
        assert!(exact.abs() < MATE_BOUND, "a quiet position: {exact}");
        // A bound is settled with less work than the exact score. Pruning depends on the
        // window (reverse futility and razoring compare the evaluation with it, late-move
        // pruning reaches PV nodes), so one move's score at this depth moved by up to about 230
        // between windows in this position: the windows that must fail stay `FAR` away.
        const FAR: i32 = 400;
        let (_, low, _, nodes) = fresh(Some((exact + FAR, exact + FAR + 100)));
        assert!(low <= exact + FAR, "fail low: {low} for {exact}");
        assert!(nodes < all, "fail low: {nodes} nodes, full window {all}");
        let (m, high, first, nodes) = fresh(Some((exact - FAR - 100, exact - FAR)));
        assert!(high >= exact - FAR, "fail high: {high} for {exact}");
        assert_eq!(m, first, "the move that failed high goes first");
        assert!(nodes < all, "fail high: {nodes} nodes, full window {all}");
        // A window around the score may settle inside it or fail either way; a score that is
        // not a fail low has its move first.
        let (lo, hi) = (exact - 100, exact + 100);
        let (m, near, first, _) = fresh(Some((lo, hi)));
        if near > lo {
            assert_eq!(m, first, "{near} in or above ({lo}, {hi})");
        }
        // With the full window it is the exact search.
        let (m, full, first, _) = fresh(Some((-MATE, MATE)));
        assert_eq!(full, exact);
        assert_eq!(m, first);
    }

    /// A principal-variation node that settles on an exact score credits its best move in the
    /// history and leaves the other moves it tried alone. At depth 2 only that node plays
    /// White's moves (the children play Black's, the grandchildren are leaves), so it is the
    /// only source of White's history.
    #[test]
    fn an_exact_pv_node_credits_its_best_move_only() {
        with_searcher(played(&QUIET_STONES), |s, tt| {
            let depth = 2;
            let score = s.search(1, depth * ONE_PLY, -MATE, MATE, 1);
            assert!(score.abs() < MATE_BOUND, "a quiet position: {score}");
            let entry = tt
                .probe(node_key(&s.b, 1))
                .expect("the node stored its result");
            assert_eq!(entry.bound, EXACT);
            let credited: Vec<(usize, i32)> = (0..s.history.len() / 2)
                .map(|i| (i, s.history[i * 2 + 1]))
                .filter(|&(_, h)| h != 0)
                .collect();
            assert_eq!(credited, vec![(entry.mv as usize, depth * depth)]);
        });
    }

    /// A node that fails low keeps the table's move, or stores none: none of its moves reached
    /// alpha, so the one that scored least badly is no better a first guess than the move the
    /// table had.
    #[test]
    fn a_node_that_fails_low_keeps_the_tables_move_or_stores_none() {
        with_searcher(played(&QUIET_STONES), |s, tt| {
            let depth = 3;
            let key = node_key(&s.b, 1);
            // First with an empty table and a window high above any quiet score.
            let low = s.search(1, depth * ONE_PLY, MATE_BOUND - 100, MATE_BOUND, 1);
            assert!(low <= MATE_BOUND - 100, "fails low: {low}");
            let entry = tt.probe(key).expect("the node stored its result");
            assert_eq!((entry.bound, entry.mv), (UPPER, NO_MOVE));
            let exact = s.search(1, depth * ONE_PLY, -MATE, MATE, 1);
            assert!(exact.abs() < MATE_BOUND, "a quiet position: {exact}");
            // A move at the edge of the fight, which would not score best, planted as the table's
            // (as deep as the search, or the table would keep the exact entry it has).
            let planted = s.b.index(4, 10);
            assert!(s.b.is_empty(planted));
            let mut all = Vec::new();
            assert!(!matches!(
                s.generate(1, &mut all, Gen::All),
                Status::Win(..)
            ));
            assert!(all.iter().any(|m| m.i() == planted), "a candidate");
            tt.store(
                key,
                Entry {
                    mv: planted as u16,
                    score: 0,
                    depth: depth * ONE_PLY,
                    bound: LOWER,
                },
            );
            let low = s.search(1, depth * ONE_PLY, exact + 200, exact + 300, 1);
            assert!(low <= exact + 200, "fails low: {low} for {exact}");
            let entry = tt.probe(key).expect("the node stored its result");
            assert_eq!((entry.bound, entry.mv as usize), (UPPER, planted));
        });
    }
}
