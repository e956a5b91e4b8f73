//! The VCF (victory by continuous fours): the attacker plays only fours, the defender only the
//! forced block, so a forced win by fours is proven or ruled out with a handful of nodes. The
//! node search runs a small one at every leaf ([`Searcher::vcf_leaf`]), so forced wins show up
//! as mate scores and the parent avoids the moves that allow them; the root runs a larger one
//! ([`Searcher::vcf_root`]). A "no" only means "not found within the budget".

use super::Searcher;
use crate::games::gomoku::board::Threat;
use crate::games::gomoku::params::threats;

impl Searcher<'_, '_> {
    /// Spends one VCF node: false when the VCF budget is used up or the search was stopped,
    /// so both VCF entry points count and stop alike.
    #[inline]
    fn enter_vcf_node(&mut self) -> bool {
        if self.vcf_left == 0 {
            return false;
        }
        self.vcf_left -= 1;
        self.count_node();
        !self.aborted
    }

    /// Victory by continuous fours for `c`: plies to the five if found within the budget.
    pub fn vcf(&mut self, c: usize, depth: i32, last_block: Option<usize>) -> Option<i32> {
        if !self.enter_vcf_node() {
            return None;
        }
        let fours = self.scratch.fours.pop().unwrap_or_default();
        self.with_vcf_vectors(fours, |s, fours, line| {
            s.vcf_node(c, depth, last_block, fours, line)
        })
    }

    /// [`Self::vcf`] on vectors from the scratch pool: the answer to the last four, the scan
    /// for `c`'s fives and fours, then the fours tried.
    fn vcf_node(
        &mut self,
        c: usize,
        depth: i32,
        last_block: Option<usize>,
        fours: &mut Vec<(usize, Threat)>,
        line: &mut Vec<usize>,
    ) -> Option<i32> {
        let o = 1 - c;
        let mut must = usize::MAX;
        if let Some(q) = last_block {
            // The block's own fours are the only new fives the opponent can have.
            self.b.four_line_points(o, q, line);
            let mut n = 0;
            for &p in line.iter() {
                if self.b.makes_five(o, p) && p != must {
                    must = p;
                    n += 1;
                }
            }
            if n > 1 {
                return None;
            }
        }
        fours.clear();
        let mut cands = std::mem::take(&mut self.cands);
        self.b.four_points(Some(c), &mut cands);
        for &i in &cands {
            let t = self.b.threat(c, i);
            if t.five {
                self.cands = cands;
                return Some(1);
            }
            if t.four() && (must == usize::MAX || must == i) {
                fours.push((i, t));
            }
        }
        self.cands = cands;
        self.try_fours(c, depth, fours, line, must != usize::MAX)
    }

    /// A VCF node at a search leaf, where `generate` has just scanned the candidates: no five
    /// for `c` among them (it would have returned a win) and their fours in `leaf_fours`, so
    /// the scan [`Self::vcf`] opens with is not repeated. Same result, same node count.
    pub(super) fn vcf_leaf(&mut self, c: usize, depth: i32) -> Option<i32> {
        if !self.enter_vcf_node() {
            return None;
        }
        let spare = self.scratch.fours.pop().unwrap_or_default();
        let fours = std::mem::replace(&mut self.leaf_fours, spare);
        self.with_vcf_vectors(fours, |s, fours, line| {
            s.try_fours(c, depth, fours, line, false)
        })
    }

    /// Runs a VCF node's `f` on `fours` and a line vector from the scratch pool, and gives both
    /// back to the pool on every return path.
    fn with_vcf_vectors(
        &mut self,
        mut fours: Vec<(usize, Threat)>,
        f: impl FnOnce(&mut Self, &mut Vec<(usize, Threat)>, &mut Vec<usize>) -> Option<i32>,
    ) -> Option<i32> {
        let mut line = self.scratch.points.pop().unwrap_or_default();
        let r = f(self, &mut fours, &mut line);
        self.scratch.points.push(line);
        self.scratch.fours.push(fours);
        r
    }

    /// The branching part of a VCF node: tries `c`'s fours (best value first). A four that
    /// makes no three in another line is skipped unless it also blocks the opponent's four
    /// (`blocking`): after the forced block `c` would have no four it did not have before, and
    /// the others are tried anyway. (Such a four can matter by taking a point the opponent's
    /// later blocks would use; the VCF gives that up, and stays sound: it only finds less.)
    fn try_fours(
        &mut self,
        c: usize,
        depth: i32,
        fours: &mut [(usize, Threat)],
        line: &mut Vec<usize>,
        blocking: bool,
    ) -> Option<i32> {
        let o = 1 - c;
        if depth <= 0 {
            return None;
        }
        fours.sort_unstable_by_key(|f| std::cmp::Reverse(f.1.value));
        for &(m, t) in fours.iter() {
            if self.b.forbidden(c, m, &t) {
                continue;
            }
            if t.flex4() {
                return Some(3);
            }
            if !blocking && t.f3 + t.b3 == 0 {
                continue;
            }
            self.b.make(m, c);
            // The five the four threatens lies on a line in which `m` made a four.
            self.b.four_line_points(c, m, line);
            let reply = line.iter().copied().find(|&q| self.b.makes_five(c, q));
            let result = match reply {
                None => None,
                Some(q) => {
                    let to = self.b.threat(o, q);
                    if self.b.forbidden(o, q, &to) {
                        Some(3)
                    } else {
                        self.b.make(q, o);
                        let r = self.vcf(c, depth - 1, Some(q));
                        self.b.unmake();
                        r.map(|n| n + 2)
                    }
                }
            };
            self.b.unmake();
            if result.is_some() || self.aborted {
                return result;
            }
        }
        None
    }

    /// Finds the first move of a VCF for `c` (root use): returns (move, plies).
    pub fn vcf_root(&mut self, c: usize, budget: u32) -> Option<(usize, i32)> {
        self.vcf_left = budget;
        let mut fours = Vec::new();
        let mut op_five = false;
        let mut cands = std::mem::take(&mut self.cands);
        self.b.four_points(None, &mut cands);
        for &i in &cands {
            {
                let t = self.b.threat(c, i);
                if t.five {
                    return Some((i, 1));
                }
                op_five |= self.b.makes_five(1 - c, i);
                if t.four() && !self.b.forbidden(c, i, &t) {
                    fours.push((i, t));
                }
            }
        }
        self.cands = cands;
        if op_five {
            // The opponent's five must be blocked first; the tree search handles that.
            return None;
        }
        fours.sort_unstable_by_key(|f| std::cmp::Reverse(f.1.value));
        let mut line = Vec::new();
        for (m, t) in fours {
            if t.flex4() {
                return Some((m, 3));
            }
            if let Some(n) = self.root_four(c, m, &mut line) {
                return Some((m, n));
            }
            if self.aborted || self.vcf_left == 0 {
                break;
            }
        }
        None
    }

    /// The VCF of a root whose only move is `m`, the block of the opponent's five (which
    /// [`Self::vcf_root`] leaves to the tree): plies to `c`'s five when `m` is also a four of
    /// `c`'s that starts a VCF found within `budget` nodes. A forced reply inside a VCF is such
    /// a block (the opponent's block of a four made a four of its own), and without this its
    /// turn reported the tree's evaluation instead of the win the turn before had announced.
    pub fn vcf_through(&mut self, c: usize, m: usize, budget: u32) -> Option<i32> {
        let t = self.b.threat(c, m);
        if t.five {
            return Some(1);
        }
        if !t.four() || self.b.forbidden(c, m, &t) {
            return None;
        }
        if t.flex4() {
            return Some(3);
        }
        self.vcf_left = budget;
        let mut line = Vec::new();
        self.root_four(c, m, &mut line)
    }

    /// Plays the four `m` of `c`'s (a root move, no open four), the opponent's forced block,
    /// and the VCF after it: plies from `m` to the five, if found.
    fn root_four(&mut self, c: usize, m: usize, line: &mut Vec<usize>) -> Option<i32> {
        self.b.make(m, c);
        self.b.four_line_points(c, m, line);
        let reply = line.iter().copied().find(|&q| self.b.makes_five(c, q));
        let result = reply.and_then(|q| {
            let to = self.b.threat(1 - c, q);
            if self.b.forbidden(1 - c, q, &to) {
                return Some(3);
            }
            self.b.make(q, 1 - c);
            let r = self.vcf(c, threats::ROOT_VCF_DEPTH, Some(q));
            self.b.unmake();
            r.map(|n| n + 2)
        });
        self.b.unmake();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::super::Shared;
    use super::*;
    use crate::games::gomoku::board::Board;
    use crate::games::gomoku::tt::Tt;
    use crate::games::Rule;
    use crate::search::SearchControl;

    /// A 15x15 freestyle board with `black`'s and `white`'s stones, for the VCF tests (the
    /// VCF does not depend on the order the stones went on).
    fn vcf_board(black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (colour, stones) in [black, white].into_iter().enumerate() {
            for &(x, y) in stones {
                b.make(b.index(x, y), colour);
            }
        }
        b
    }

    /// Black has three closed threes far apart, so six fours, none of which makes anything in
    /// another line. Fours alone cannot win, and the VCF must see that after one four each:
    /// every four below the first is skipped instead of tried in every order.
    #[test]
    fn vcf_skips_fours_that_make_nothing_new() {
        let control = SearchControl::unlimited();
        let tt = Tt::new(1);
        let shared = Shared::new(&tt, &control);
        let b = vcf_board(
            &[
                (2, 2),
                (3, 2),
                (4, 2),
                (2, 10),
                (3, 10),
                (4, 10),
                (12, 6),
                (12, 7),
                (12, 8),
            ],
            &[
                (1, 2),
                (1, 10),
                (12, 5),
                (0, 14),
                (14, 0),
                (14, 14),
                (7, 14),
                (9, 14),
            ],
        );
        let mut s = Searcher::new(b, &shared, None, true);
        assert_eq!(s.vcf_root(0, 100_000), None);
        // One node per first four (the root's six fours are each tried once); without the
        // skip every order of the fours would be searched.
        assert!(s.nodes <= 6, "{} nodes", s.nodes);
    }

    /// White's four down column 7 must be blocked at (7,7), which is also a black four on row
    /// 7: after white's forced block at (8,7), black's double four at (11,3) wins. The root
    /// VCF leaves a position that must block first to the tree; through the block it is a win
    /// whose five comes on ply 5. A block that makes no four starts no VCF.
    #[test]
    fn a_vcf_through_the_forced_block() {
        let control = SearchControl::unlimited();
        let tt = Tt::new(1);
        let shared = Shared::new(&tt, &control);
        let black = [
            (4, 7),
            (5, 7),
            (6, 7),
            (7, 2),
            (8, 3),
            (9, 3),
            (10, 3),
            (11, 4),
            (11, 5),
            (11, 6),
        ];
        let white = [(3, 7), (7, 3), (7, 4), (7, 5), (7, 6), (11, 7), (0, 14)];
        let b = vcf_board(&black, &white);
        let block = b.index(7, 7);
        let mut s = Searcher::new(b, &shared, None, true);
        assert!(s.b.makes_five(1, block));
        assert_eq!(s.vcf_root(0, 100_000), None);
        assert_eq!(s.vcf_through(0, block, 100_000), Some(5));
        // Without black's row 7 the block is no four.
        let b = vcf_board(&black[3..], &white);
        let mut s = Searcher::new(b, &shared, None, true);
        assert!(s.b.makes_five(1, block));
        assert_eq!(s.vcf_through(0, block, 100_000), None);
    }

    /// A four that makes a closed three in another line is still tried, below the root too:
    /// black's (8,5) is a four on row 5 and makes a three on column 8 that (8,6) turns into a
    /// four while making another on the diagonal: a double four, a win in five plies.
    #[test]
    fn vcf_still_plays_a_four_that_makes_a_three() {
        let control = SearchControl::unlimited();
        let tt = Tt::new(1);
        let shared = Shared::new(&tt, &control);
        let b = vcf_board(
            &[(5, 5), (6, 5), (7, 5), (8, 7), (8, 8), (9, 7), (10, 8)],
            &[(4, 5), (8, 9), (11, 9), (0, 14), (1, 12), (14, 0), (13, 2)],
        );
        let (four, lone_four) = (b.index(8, 5), b.index(9, 5));
        let mut s = Searcher::new(b, &shared, None, true);
        let t = s.b.threat(0, four);
        assert!(t.four() && !t.flex4() && t.b3 > 0, "{t:?}");
        let t = s.b.threat(0, lone_four);
        assert!(t.four() && t.b3 + t.f3 == 0, "{t:?}");
        s.vcf_left = 100_000;
        assert_eq!(s.vcf(0, 8, None), Some(5));
    }
}
