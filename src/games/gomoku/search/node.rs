//! Where a gomoku node is searched: negamax PVS ([`Searcher::search`]) with everything that
//! decides how much of a node's tree is looked at. A node first probes the table and lists its
//! forced facts (`movepick.rs`); a leaf runs a small VCF (`vcf.rs`) and is evaluated; an interior
//! node may be cut statically (razoring, reverse futility), then searches its moves in order with
//! late move pruning and reductions, singular and three extensions, and stores its result.

use std::sync::OnceLock;

use super::candidate::{recent_stones, Cand, PRUNED};
use super::movepick::{pick, Gen, Status};
use super::{from_tt, node_key, plies, side_key, to_tt, Searcher};
use super::{MATE, MATE_BOUND, MAX_PLY, ONE_PLY};
use crate::base::splitmix64 as splitmix;
use crate::games::gomoku::params::{eval, threats, tree};
use crate::games::gomoku::tt::{Entry, EXACT, LOWER, NO_MOVE, UPPER};

impl Searcher<'_, '_> {
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
    pub(super) fn search_child(
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
    /// the table nor stores one. Settles what it can before branching (the window, the table,
    /// the forced facts, a leaf, the static cuts), then searches the moves
    /// ([`Self::search_moves`]) and stores the result.
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
        // An interior node that faces no threat lists its quiet moves after the static cuts
        // (renju black's too: `add_quiet` leaves out its forbidden points).
        let quiet_later = gen == Gen::Threats && matches!(status, Status::Normal);
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
            return self.leaf(c, ply);
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
            if moves.is_empty() {
                return 0; // renju black with every point forbidden: no move, a draw
            }
        }
        let prune_after = prune_after(pv_node && ply < tree::PV_LMP_MIN_PLY, forced, depth);
        self.add_dynamic_order(moves, tt_move, c, ply);
        let node = Node {
            depth,
            // A node with a single forced answer does not count as a ply.
            new_depth: depth - ONE_PLY * i32::from(!forced_single),
            ply,
            skip,
            excluding,
            tt,
            tt_move,
            pv_node,
            forced,
            forced_single,
            prune_after,
            width: width(forced, depth, moves.len()),
        };
        let found = match self.search_moves(c, &node, moves, (alpha, beta)) {
            Ok(found) => found,
            Err(s) => return s,
        };
        if !excluding {
            self.note_best(c, depth, found, (alpha, beta));
            self.store(key, (found.0, found.1, tt_move), (alpha, beta), depth, ply);
        }
        found.0
    }

    /// A leaf's score: a win by fours when a small VCF finds one, else the evaluation.
    fn leaf(&mut self, c: usize, ply: usize) -> i32 {
        self.vcf_left = threats::LEAF_VCF_NODES;
        if let Some(n) = self.vcf_leaf(c, threats::LEAF_VCF_DEPTH) {
            return MATE - ply as i32 - n;
        }
        self.leaf_eval(c)
    }

    /// The move loop of [`Self::search_node`]: tries the `moves` in order ([`pick`]) within
    /// `(alpha, beta)` until one cuts, leaving out, reducing and extending moves as `node` says.
    /// The best score and its move, or `Err` with the node's score when the node ends early (a
    /// multi-cut, or a stop). Inlined into its one caller, as it was written before it was split
    /// out: called apart, it cost 0.24% more instructions (callgrind, `bench gomoku --depth 10`).
    #[inline(always)]
    fn search_moves(
        &mut self,
        c: usize,
        node: &Node,
        moves: &mut [Cand],
        (mut alpha, beta): (i32, i32),
    ) -> Result<(i32, usize), i32> {
        let mut best = -MATE;
        // A placeholder: the first move searched always beats -MATE and replaces it.
        let mut best_move = moves[0].i();
        for n in 0..moves.len() {
            let m = pick(moves, n);
            if m.i() == node.skip {
                continue;
            }
            // Past the width only while every move tried loses: a loss is a proof only when
            // no move was left out.
            if n >= node.width && best > -MATE_BOUND {
                break;
            }
            let quiet = m.urgency < tree::LMR_QUIET_BELOW;
            if n >= node.prune_after && (node.forced || quiet) && best > -MATE_BOUND {
                moves[n].urgency = PRUNED;
                continue;
            }
            let reduce = if node.depth < tree::LMR_MIN_DEPTH * ONE_PLY || !quiet || n == 0 {
                0
            } else {
                late_move_reduction(node.depth, n, node.pv_node)
            };
            let extend = self.extension(c, node, m, beta)?;
            let child_depth = node.new_depth + i32::from(extend) * ONE_PLY;
            self.prefetch_child(m.i(), c);
            self.b.make(m.i(), c);
            let s = self.search_child(c, n == 0, (child_depth, reduce), (alpha, beta), node.ply);
            self.b.unmake();
            if self.aborted {
                return Err(0);
            }
            if s > best {
                best = s;
                best_move = m.i();
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                self.note_cutoff(c, (node.depth, node.ply), m.i(), &moves[..n], node.skip);
                break;
            }
        }
        Ok((best, best_move))
    }

    /// Whether the move `m` is searched one ply deeper: an open three, or the table's move when
    /// it is singular. `Err` with the node's score when the singular test ends the node (a
    /// multi-cut, or a stop).
    fn extension(&mut self, c: usize, node: &Node, m: Cand, beta: i32) -> Result<bool, i32> {
        // An open three leaves the opponent a handful of answers: searching it one ply
        // deeper lets the tree follow threat sequences (VCTs) at little cost.
        let mut extend =
            tree::EXTEND_THREES && m.three && !node.forced && node.ply < self.extend_below;
        if !extend && !node.excluding && !node.forced_single && m.i() == node.tt_move {
            match self.singular(c, node.depth, beta, node.ply, node.tt) {
                Ok(single) => extend = single,
                Err(s) => return Err(s),
            }
            if self.aborted {
                return Err(0);
            }
        }
        Ok(extend)
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
}

/// What a node settled before its move loop ([`Searcher::search_moves`]).
struct Node {
    /// The node's depth, in `ONE_PLY`ths of a ply.
    depth: i32,
    /// The children's depth before extensions and reductions.
    new_depth: i32,
    ply: usize,
    /// The move left out (`usize::MAX`: none) by a singular test, `excluding` when there is one.
    skip: usize,
    excluding: bool,
    /// The table's entry, and its move (`usize::MAX`: none).
    tt: Option<Entry>,
    tt_move: usize,
    pv_node: bool,
    /// Only the listed moves matter; `forced_single`: there is one.
    forced: bool,
    forced_single: bool,
    /// From this move index on, moves may be skipped ([`prune_after`]).
    prune_after: usize,
    /// From this move index on, moves are searched only while every move tried loses ([`width`]).
    width: usize,
}

/// How many of a node's `len` moves are searched while one of them holds: a loss is a proof
/// only when no move was left out, but past the first few a good move is rare. All of them at a
/// forced node.
fn width(forced: bool, depth: i32, len: usize) -> usize {
    if forced {
        len
    } else {
        len.min(if depth >= tree::WIDE_DEPTH * ONE_PLY {
            tree::WIDE_WIDTH
        } else {
            tree::NARROW_WIDTH
        })
    }
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

/// Move indices the reduction table distinguishes (later moves share the last entry).
const LMR_MOVES: usize = 64;

#[cfg(test)]
mod tests {
    use super::super::fixtures::{played, with_searcher, QUIET_STONES};
    use super::*;

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
