//! Exact game-theoretic search: negamax alpha-beta to the end of the game.
//!
//! Values count plies: a win `p` plies from the root scores `WIN - p`, a loss `-(WIN - p)`, a
//! draw 0, so wider windows find the fastest win and the slowest loss, and narrow windows ask
//! yes/no questions ("win within d plies?") that the mate-distance bounds cut off at depth d.
//! Every node first applies the threat facts: an immediate win ends the search, two opposing
//! immediate wins lose, one must be blocked (the only move), a double threat wins in three, and
//! a side with no line left cannot win. Results go to a transposition table keyed by the
//! position's canonical form under the board's symmetries.

use super::order;
use super::position::Position;
use super::tt::{Bound, Table};

/// The score of a win on the spot; larger than any ply count (22 x 22 = 484 cells).
pub const WIN: i32 = 1000;
/// Beyond any score: the initial "best so far".
const INFINITY: i32 = WIN + 1;
/// Keys mixed into the position hash for the side to move.
const SIDE_KEYS: [u64; 2] = [0, 0x5bd1_e995_7f4a_7c15];
/// Nodes between polls of the stop condition (a power of two minus one, used as a mask).
const POLL_MASK: u64 = 4095;
/// The move of a node that names none (decided before any move, or cut by the table).
const NO_MOVE: usize = usize::MAX;

/// One solver run over a position, with its table and stop condition.
pub struct Solver<'g, 'a> {
    pub pos: Position<'g>,
    tt: &'a mut Table,
    pub nodes: u64,
    stop: &'a dyn Fn(u64) -> bool,
    /// Set once the stop condition fired; every value computed after that is meaningless.
    pub stopped: bool,
    /// A node budget checked at every node (the stop condition is polled only now and then).
    node_limit: u64,
    /// Move lists per ply, reused so nodes do not allocate.
    lists: Vec<Vec<(i32, u16)>>,
    wins: Vec<usize>,
}

/// Where won and lost values live: every value past half a win is one.
const SCALE: crate::base::MateScale = crate::base::MateScale {
    mate: WIN,
    bound: WIN / 2 + 1,
};

fn to_tt(v: i32, ply: i32) -> i32 {
    SCALE.to_table(v, ply)
}

fn from_tt(v: i32, ply: i32) -> i32 {
    SCALE.from_table(v, ply)
}

impl<'g, 'a> Solver<'g, 'a> {
    pub fn new(pos: Position<'g>, tt: &'a mut Table, stop: &'a dyn Fn(u64) -> bool) -> Self {
        Solver {
            pos,
            tt,
            nodes: 0,
            stop,
            stopped: false,
            node_limit: u64::MAX,
            lists: Vec::new(),
            wins: Vec::new(),
        }
    }

    /// Stops the search once it has visited `nodes` nodes.
    pub fn with_node_limit(mut self, nodes: Option<u64>) -> Self {
        self.node_limit = nodes.unwrap_or(u64::MAX);
        self
    }

    /// The value of the root for colour `c` to move within the window, fail-soft, and the move
    /// that gave it. The game must not be over.
    pub fn root(&mut self, c: usize, alpha: i32, beta: i32) -> (i32, usize) {
        self.search(c, 0, alpha, beta, true)
    }

    fn search(&mut self, c: usize, ply: usize, alpha: i32, beta: i32, root: bool) -> (i32, usize) {
        if self.lists.len() <= ply {
            self.lists.push(Vec::new());
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let r = self.node(c, ply, alpha, beta, root, &mut list);
        self.lists[ply] = list;
        r
    }

    /// A side with no line left cannot win: the value is at most (or at least) a draw. Narrows
    /// the window accordingly; true when that already decides the node as a draw.
    fn draw_bounds(&self, c: usize, alpha: &mut i32, beta: &mut i32) -> bool {
        let (live_c, live_o) = (self.pos.live(c) > 0, self.pos.live(1 - c) > 0);
        if (!live_c && (!live_o || *alpha >= 0)) || (!live_o && *beta <= 0) {
            return true;
        }
        if !live_c {
            *beta = (*beta).min(1);
        }
        if !live_o {
            *alpha = (*alpha).max(-1);
        }
        false
    }

    /// One node. `root` skips the table cut-off so the root always names a move.
    fn node(
        &mut self,
        c: usize,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        root: bool,
        list: &mut Vec<(i32, u16)>,
    ) -> (i32, usize) {
        if !self.enter_node() {
            return (0, NO_MOVE);
        }
        let p = ply as i32;
        let forced = match self.threat_facts(c, p) {
            Ok(forced) => forced,
            Err(decided) => return decided,
        };
        // No win on this move: the best is a win two moves on, the worst a loss next move.
        let (lo, hi) = (-(WIN - (p + 2)), WIN - (p + 3));
        if !root {
            if hi <= alpha {
                return (hi, NO_MOVE);
            }
            if lo >= beta {
                return (lo, NO_MOVE);
            }
        }
        // Narrow the window to what is possible; one past each end keeps exact values exact.
        alpha = alpha.max(lo - 1);
        beta = beta.min(hi + 1).max(alpha + 1);
        if !root && self.draw_bounds(c, &mut alpha, &mut beta) {
            return (0, NO_MOVE);
        }
        // The side to move is part of the key: GTP sets up positions in any order, so the same
        // stones can come with either side to move, and the table outlives one search.
        let (key, sym) = self.pos.canonical();
        let key = key ^ SIDE_KEYS[c];
        let tt_move = match self.probe(key, sym, p, root, (&mut alpha, &mut beta)) {
            Ok(tt_move) => tt_move,
            Err(cut) => return cut,
        };
        if let Some(cell) = self.list_moves(c, forced, tt_move, list) {
            let v = WIN - (p + 3);
            self.store(key, sym, v, Bound::Exact, cell, p);
            return (v, cell);
        }
        if list.is_empty() {
            // No cell lies on a line either side can complete: a draw, whatever is played.
            let any = (0..self.pos.geo.cells()).find(|&q| self.pos.is_empty(q));
            return (0, any.unwrap_or(NO_MOVE));
        }
        let Some(best) = self.search_moves(c, ply, list, (alpha, beta)) else {
            return (0, NO_MOVE);
        };
        let bound = if best.0 <= alpha {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(key, sym, best.0, bound, best.1, p);
        best
    }

    /// Counts a node against the node budget and, now and then, polls the stop condition: false
    /// once the search is stopped, when nothing it computes means anything any more.
    fn enter_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit || (self.nodes & POLL_MASK == 0 && (self.stop)(self.nodes))
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// The facts that decide a node at `p` plies before any move is tried, as `Err(value, move)`:
    /// the game is over (lost or drawn), `c` completes a line, or the opponent has two cells to
    /// complete one. Otherwise `Ok` with the one cell `c` must block, if any.
    fn threat_facts(&mut self, c: usize, p: i32) -> Result<Option<usize>, (i32, usize)> {
        let o = 1 - c;
        if self.pos.won() {
            return Err((-(WIN - p), NO_MOVE));
        }
        if self.pos.empties() == 0 {
            return Err((0, NO_MOVE));
        }
        if self.pos.has_four(c) {
            self.pos.winning_cells(c, &mut self.wins);
            if let Some(&cell) = self.wins.first() {
                return Err((WIN - (p + 1), cell));
            }
        }
        let mut forced = None;
        if self.pos.has_four(o) {
            self.pos.winning_cells(o, &mut self.wins);
            if self.wins.len() >= 2 {
                return Err((-(WIN - (p + 2)), self.wins[0]));
            }
            forced = self.wins.first().copied();
        }
        Ok(forced)
    }

    /// The table's word on the node `key` (in symmetry `sym`) at `p` plies: `Err` with the value
    /// when its bound settles the window (never at the `root`, which must name a move), else the
    /// window narrowed by the bound and `Ok` with the stored best move, mapped back to this
    /// board's orientation.
    fn probe(
        &self,
        key: u64,
        sym: usize,
        p: i32,
        root: bool,
        (alpha, beta): (&mut i32, &mut i32),
    ) -> Result<Option<usize>, (i32, usize)> {
        let Some(hit) = self.tt.probe(key) else {
            return Ok(None);
        };
        let v = from_tt(hit.value, p);
        if !root {
            match hit.bound {
                Bound::Exact => return Err((v, NO_MOVE)),
                Bound::Lower if v >= *beta => return Err((v, NO_MOVE)),
                Bound::Upper if v <= *alpha => return Err((v, NO_MOVE)),
                Bound::Lower => *alpha = (*alpha).max(v),
                Bound::Upper => *beta = (*beta).min(v),
            }
        }
        Ok(hit.best.map(|m| self.pos.geo.inverses[sym][m] as usize))
    }

    /// Fills `list` with the moves of `c` to try: the `forced` block alone, or the ordered
    /// candidates (`tt_move` first). Returns the cell of a double threat instead, a win in three.
    fn list_moves(
        &mut self,
        c: usize,
        forced: Option<usize>,
        tt_move: Option<usize>,
        list: &mut Vec<(i32, u16)>,
    ) -> Option<usize> {
        match forced {
            Some(cell) => {
                list.clear();
                list.push((0, cell as u16));
                None
            }
            None => order::generate(&self.pos, c, tt_move, list),
        }
    }

    /// Searches the moves of `list` in order within `(alpha, beta)`, fail-soft, until one cuts:
    /// the best (value, move), or `None` once the search is stopped.
    fn search_moves(
        &mut self,
        c: usize,
        ply: usize,
        list: &[(i32, u16)],
        (mut alpha, beta): (i32, i32),
    ) -> Option<(i32, usize)> {
        let mut best = (-INFINITY, list[0].1 as usize);
        for &(_, m) in list.iter() {
            let m = m as usize;
            self.pos.make(m, c);
            let (v, _) = self.search(1 - c, ply + 1, -beta, -alpha, false);
            self.pos.unmake();
            if self.stopped {
                return None;
            }
            let v = -v;
            if v > best.0 {
                best = (v, m);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Some(best)
    }

    fn store(&mut self, key: u64, sym: usize, v: i32, bound: Bound, m: usize, ply: i32) {
        let canonical = self.pos.geo.symmetries[sym][m] as usize;
        self.tt.store(
            key,
            to_tt(v, ply),
            bound,
            self.pos.empties(),
            Some(canonical),
        );
    }
}
