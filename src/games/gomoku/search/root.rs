//! The root of a gomoku search and its principal variation: the root move list with the facts
//! that decide the position outright, what the table proves about a single-move root, one
//! iteration over the root moves within an aspiration window (each move searched by `node.rs`),
//! and the main line read back from the table. The iterative deepening that calls these lives in
//! `think.rs`.

use super::movepick::{order_key, Gen, Status};
use super::{from_tt, node_key, to_tt, Searcher, MATE, MATE_BOUND, ONE_PLY};
use crate::games::gomoku::params::tree;
use crate::games::gomoku::tt::{Entry, EXACT, LOWER, UPPER};

impl Searcher<'_, '_> {
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

    /// What the table proves about a root where `c` has the single move `m` (the caller's
    /// word): the mate score, root-relative, of an entry for the root or for the position after
    /// `m` that is a proof (exact, or a bound on the proven side). The turns before leave them:
    /// a forced reply is answered without deepening (one move, nothing to choose), and the
    /// one-ply search it gets sees an evaluation where the last turn's search had proven the
    /// result.
    pub fn proven(&mut self, c: usize, m: usize) -> Option<i32> {
        let proof = |e: Option<Entry>, ply: usize| {
            e.and_then(|e| {
                let s = from_tt(e.score, ply);
                let win = s >= MATE_BOUND && e.bound != UPPER;
                let loss = s <= -MATE_BOUND && e.bound != LOWER;
                (win || loss).then_some(s)
            })
        };
        let tt = self.shared.tt;
        if let Some(s) = proof(tt.probe(node_key(&self.b, c)), 0) {
            return Some(s);
        }
        self.b.make(m, c);
        let after = proof(tt.probe(node_key(&self.b, 1 - c)), 1);
        self.b.unmake();
        after.map(|s| -s)
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

/// Plies taken off the `n`th root move (0-based, n >= 1) at `depth`. Every root move used to get
/// a full-depth search, so a root of 40-60 candidates cost as many full subtrees; reduced, a
/// late move gets the full depth only when it beats the best so far. Never leaves less than
/// one ply.
fn root_reduction(depth: i32, n: usize) -> i32 {
    let r = f64::from(depth).ln() * ((n + 1) as f64).ln() / tree::ROOT_LMR_DIVISOR;
    (r.round() as i32 - tree::ROOT_LMR_DISCOUNT).clamp(0, depth - 2)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{played, with_searcher, QUIET_STONES};
    use super::super::Shared;
    use super::*;
    use crate::games::gomoku::tt::{Tt, NO_MOVE};
    use crate::search::SearchControl;

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

    /// What the table proves about a root with a single move: a mate score stored for the root
    /// (exact, or a bound on the proven side) or for the position after the move (the
    /// opponent's view, negated), with its distance from the root; a bound on the other side of
    /// a mate score proves nothing, and neither does an evaluation.
    #[test]
    fn the_table_proves_a_single_moves_result() {
        with_searcher(played(&QUIET_STONES), |s, tt| {
            let c = 1;
            let m = s.b.index(4, 10);
            assert!(s.b.is_empty(m));
            let root = node_key(&s.b, c);
            s.b.make(m, c);
            let after = node_key(&s.b, 1 - c);
            s.b.unmake();
            let put = |key: u64, score: i32, bound: u8| {
                let e = Entry {
                    mv: NO_MOVE,
                    score,
                    depth: ONE_PLY,
                    bound,
                };
                tt.store(key, e);
            };
            assert_eq!(s.proven(c, m), None);
            // After the move the opponent is mated on its ply 4: our five comes on ply 5.
            let mated = to_tt(-(MATE - 1 - 4), 1);
            put(after, mated, EXACT);
            assert_eq!(s.proven(c, m), Some(MATE - 5));
            put(after, mated, UPPER);
            assert_eq!(s.proven(c, m), Some(MATE - 5));
            put(after, mated, LOWER);
            assert_eq!(s.proven(c, m), None);
            // The opponent wins on its ply 2 after the move: our loss on ply 3.
            put(after, to_tt(MATE - 1 - 2, 1), LOWER);
            assert_eq!(s.proven(c, m), Some(-(MATE - 3)));
            put(after, 250, EXACT);
            assert_eq!(s.proven(c, m), None);
            // The root's own entry comes first.
            put(root, to_tt(MATE - 7, 0), LOWER);
            assert_eq!(s.proven(c, m), Some(MATE - 7));
            put(root, to_tt(MATE - 7, 0), UPPER);
            assert_eq!(s.proven(c, m), None);
            put(root, to_tt(-(MATE - 6), 0), EXACT);
            assert_eq!(s.proven(c, m), Some(-(MATE - 6)));
        });
    }
}
