//! A node's moves and the order they are tried in: [`Searcher::generate`] finds the forced facts
//! (a five to make or block, an open four to make, an open three to answer) and lists the moves
//! worth searching with their static values (`candidate.rs`); the dynamic bonuses (hash move,
//! killers, counter moves, history) are added on top, and what a cutoff or a PV node's best move
//! teaches the history is recorded here too, so the ordering's memory is read and written in one
//! place. The node search (`node.rs`) picks the moves lazily with [`pick`].

use super::candidate::{candidate, locality_divisor, recent_stones, Cand, RecentStones, PRUNED};
use super::{plies, Searcher};
use crate::games::gomoku::params::{order, tree};
use crate::games::Rule;

/// How much of the move list [`Searcher::generate`] builds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Gen {
    /// A leaf: the forced facts, its fours, and whether any other move exists.
    Leaf,
    /// An interior node: the forced facts and the four points; the caller adds the quiet
    /// candidates (`add_quiet`) only if the node is not cut statically first.
    Threats,
    /// Everything (the root).
    All,
}

/// Where a node stands before branching.
pub(super) enum Status {
    /// The side to move wins by force in this many plies, starting with this move.
    Win(i32, usize),
    /// The side to move loses by force in this many plies.
    Loss(i32),
    /// Only the listed moves matter (a five to block, or an open three to answer).
    Forced,
    Normal,
}

impl Searcher<'_, '_> {
    /// Finds the forced facts of the position for side `c` and fills `out` with the moves worth
    /// searching, unsorted: the caller adds its dynamic bonuses and picks in [`order_key`] order.
    /// [`Gen`] says how much of the list the caller needs now.
    pub(super) fn generate(&mut self, c: usize, out: &mut Vec<Cand>, gen: Gen) -> Status {
        let leaf = gen == Gen::Leaf;
        out.clear();
        let o = 1 - c;
        let mut op_five = usize::MAX;
        let mut op_fives = 0;
        let mut op_flex = false;
        let mut my_flex = usize::MAX;
        let mut cands = std::mem::take(&mut self.cands);
        self.leaf_fours.clear();
        // The forced facts (fives, fours, the answers to an open four) all lie on the board's
        // four points, so those are looked at first; the other candidates are only needed at
        // an interior node that turns out not to be forced.
        self.b.four_points(None, &mut cands);
        // A leaf's order values are never used, so it needs no locality either.
        let recent = if leaf {
            [None; order::LOCAL_STONES]
        } else {
            recent_stones(&self.b)
        };
        for &i in &cands {
            let tm = self.b.threat(c, i);
            if tm.five {
                self.cands = cands;
                return Status::Win(1, i);
            }
            if leaf && tm.four() {
                self.leaf_fours.push((i, tm));
            }
            let to = self.b.threat(o, i);
            if to.five {
                op_fives += 1;
                op_five = i;
            }
            if my_flex == usize::MAX && self.b.wins_by_four(c, i, &tm) {
                my_flex = i;
            }
            if self.b.wins_by_four(o, i, &to) {
                op_flex = true;
            }
            if leaf {
                out.push(Cand::bare(i));
            } else {
                let divisor = locality_divisor(&self.b, i, &recent);
                let three = tm.f3 > 0 && !tm.four();
                out.push(candidate::<false>(i, &tm, &to, divisor, three));
            }
        }
        if op_fives > 0 {
            self.cands = cands;
            out.clear();
            let tm = self.b.threat(c, op_five);
            if op_fives > 1 || self.b.forbidden(c, op_five, &tm) {
                return Status::Loss(2);
            }
            out.push(Cand::bare(op_five));
            return Status::Forced;
        }
        if my_flex != usize::MAX {
            self.cands = cands;
            return Status::Win(3, my_flex);
        }
        let forced = op_flex;
        self.cands = cands;
        if self.restricted(c) {
            // The threat moves so far; `add_quiet` leaves out forbidden quiet points itself.
            let b = &self.b;
            out.retain(|m| !b.forbidden(c, m.i(), &b.threat(c, m.i())));
        }
        if !forced {
            if leaf {
                // A quiet point changes no fact a leaf needs: one entry stands for all of them.
                // Also for renju black, whose quiet points would all have to be forbidden to
                // matter; listing and testing them at every leaf cost more than that is worth.
                if self.b.has_quiet_candidate() {
                    out.push(Cand::ANY_QUIET);
                }
            } else if gen == Gen::All {
                self.add_quiet(c, out, &recent);
            }
        }
        if forced {
            Status::Forced
        } else {
            Status::Normal
        }
    }

    /// Whether `c` has forbidden points (renju black), which its move lists leave out: the
    /// threat moves at the end of [`Self::generate`], the quiet ones in [`Self::add_quiet`].
    pub(super) fn restricted(&self, c: usize) -> bool {
        c == 0 && self.b.rule == Rule::Renju
    }

    /// Adds the quiet candidates of `c` (every candidate that is not a four point) to `out`, the
    /// part of [`Self::generate`] that [`Gen::Threats`] leaves for later: most nodes near the
    /// leaves end in a static cut before they would look at them.
    pub(super) fn add_quiet(&mut self, c: usize, out: &mut Vec<Cand>, recent: &RecentStones) {
        let o = 1 - c;
        let restricted = self.restricted(c);
        let mut cands = std::mem::take(&mut self.cands);
        self.b.quiet_candidates(&mut cands);
        for &i in &cands {
            let tm = self.b.threat(c, i);
            if restricted && self.b.forbidden(c, i, &tm) {
                continue;
            }
            let to = self.b.threat(o, i);
            let divisor = locality_divisor(&self.b, i, recent);
            out.push(candidate::<true>(i, &tm, &to, divisor, tm.f3 > 0));
        }
        self.cands = cands;
    }

    /// Adds the dynamic ordering bonuses to the static values: hash move, killers, history.
    pub(super) fn add_dynamic_order(
        &self,
        moves: &mut [Cand],
        tt_move: usize,
        c: usize,
        ply: usize,
    ) {
        let counter = self
            .counter_slot(c)
            .map_or(usize::MAX, |k| self.counters[k]);
        for m in moves.iter_mut() {
            // Within the cap already: [`gravity`] keeps it there.
            let mut bonus = self.history[m.i() * 2 + c];
            if m.i() == tt_move {
                bonus += order::HASH_MOVE;
            } else if self.killers[ply].contains(&m.i()) || m.i() == counter {
                bonus += order::KILLER;
            }
            m.score += bonus;
            m.urgency += bonus;
        }
    }

    /// Where the counter move of `c` to the opponent's last stone is kept (none at the start).
    fn counter_slot(&self, c: usize) -> Option<usize> {
        self.b.stack.last().map(|&last| last * 2 + c)
    }

    /// Remembers the move `mv` of `c` that cut at this node, for the ordering of the nodes to
    /// come: as a killer of its ply, as the counter to the opponent's last stone, and in the
    /// history, which also marks down the moves `tried` before it (except `skip` and the ones
    /// late move pruning skipped, which were not searched) so that a move which keeps failing
    /// sinks below the ones that work. Both go through [`gravity`].
    pub(super) fn note_cutoff(
        &mut self,
        c: usize,
        (depth, ply): (i32, usize),
        mv: usize,
        tried: &[Cand],
        skip: usize,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        let bonus = history_bonus(depth);
        gravity(&mut self.history[mv * 2 + c], bonus);
        for t in tried
            .iter()
            .filter(|t| t.i() != skip && t.urgency != PRUNED)
        {
            gravity(&mut self.history[t.i() * 2 + c], -bonus);
        }
        if let Some(k) = self.counter_slot(c) {
            self.counters[k] = mv;
        }
    }

    /// Credits the move that proved best inside the window `(alpha, beta)` of a
    /// principal-variation node (an exact score, no cut) with the same history bonus as a cut.
    /// Cuts alone credit only the refutations off the main line; the main line's own moves, the
    /// ones the next iteration most needs first, earned nothing. Unlike a cut, the other moves
    /// tried are not marked down: they were searched with a null window and only shown to be no
    /// better.
    pub(super) fn note_best(
        &mut self,
        c: usize,
        depth: i32,
        (best, mv): (i32, usize),
        window: (i32, i32),
    ) {
        if window.0 < best && best < window.1 {
            gravity(&mut self.history[mv * 2 + c], history_bonus(depth));
        }
    }
}

/// The order moves are tried in: higher score first, ties by board index, so any sort (or a
/// lazy pick) yields the same sequence.
pub(super) fn order_key(m: &Cand) -> (std::cmp::Reverse<i32>, u16) {
    (std::cmp::Reverse(m.score), m.at)
}

/// The `n`th move to try, with `moves[..n]` already tried: the first `tree::LAZY_PICKS` are
/// picked one at a time (many nodes cut on their first move, so sorting the whole list first
/// wasted time), then the rest is sorted once. Same sequence as a full sort by [`order_key`].
pub(super) fn pick(moves: &mut [Cand], n: usize) -> Cand {
    if n < tree::LAZY_PICKS {
        let rest = &mut moves[n..];
        let mut best = 0;
        for k in 1..rest.len() {
            if order_key(&rest[k]) < order_key(&rest[best]) {
                best = k;
            }
        }
        rest.swap(0, best);
    } else if n == tree::LAZY_PICKS {
        moves[n..].sort_unstable_by_key(order_key);
    }
    moves[n]
}

/// History update that pulls the entry towards the bonus's sign in proportion to the room
/// left, so entries stay within the cap and recent cuts outweigh old ones. The bonus is capped
/// first: that is what keeps an entry inside `±HISTORY_CAP`, so readers need no clamp.
fn gravity(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-order::HISTORY_CAP, order::HISTORY_CAP);
    *h += bonus - *h * bonus.abs() / order::HISTORY_CAP;
}

/// What a cut or a PV node's best move at `depth` adds to its history: the whole plies
/// squared, so deeper (costlier, more reliable) results weigh more.
#[inline]
fn history_bonus(depth: i32) -> i32 {
    plies(depth) * plies(depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::board::Board;
    use crate::games::gomoku::search::Shared;
    use crate::games::gomoku::tt::Tt;
    use crate::search::SearchControl;

    /// Renju: black's open three on row 7 has both its straight-four points, (4,7) and (8,7),
    /// forbidden (each would also make a four up its column: a double four). It threatens
    /// nothing, so white to move is not forced to answer it. Treating it as a threat limited
    /// white to blocks and counter-fours, and a node whose blocks all lost claimed a proven
    /// loss that a quiet move refuted (a renju game of issue #72 where both engines disagreed).
    #[test]
    fn a_renju_three_whose_four_points_are_forbidden_forces_nothing() {
        let mut b = Board::new(15, 15, Rule::Renju);
        let black = [
            (5, 7),
            (6, 7),
            (7, 7),
            (8, 4),
            (8, 5),
            (8, 6),
            (4, 4),
            (4, 5),
            (4, 6),
        ];
        let white = [(8, 3), (4, 3), (14, 14), (0, 14)];
        for (x, y) in black {
            b.make(b.index(x, y), 0);
        }
        for (x, y) in white {
            b.make(b.index(x, y), 1);
        }
        for end in [(4, 7), (8, 7)] {
            let i = b.index(end.0, end.1);
            let t = b.threat(0, i);
            assert!(t.flex4(), "{end:?} makes black's straight four");
            assert!(b.forbidden(0, i, &t), "{end:?} is a double four");
        }
        let tt = Tt::new(1);
        let control = SearchControl::unlimited();
        let shared = Shared::new(&tt, &control);
        let mut s = Searcher::new(b, &shared, None, true);
        let mut moves = Vec::new();
        let status = s.generate(1, &mut moves, Gen::All);
        assert!(matches!(status, Status::Normal), "white is not forced");
        let quiet = |i: usize| !s.b.threat(0, i).four() && !s.b.threat(1, i).four();
        assert!(
            moves.iter().any(|m| quiet(m.i())),
            "white's quiet moves are listed"
        );
    }

    /// History gravity keeps every score within the cap however many cuts pile up, and a few
    /// recent failures outweigh many old successes (plain sums needed as many failures).
    #[test]
    fn history_gravity_stays_within_the_cap_and_favours_recent_cuts() {
        let cap = order::HISTORY_CAP;
        let mut h = 0;
        for d in (1..40).cycle().take(500) {
            gravity(&mut h, (d * d).min(cap));
            assert!((-cap..=cap).contains(&h), "{h}");
        }
        assert!(h > cap * 9 / 10, "{h}");
        for _ in 0..3 {
            gravity(&mut h, -(cap / 3));
        }
        assert!(h < 0, "{h}");
        let mut mixed = 0;
        for k in 0..1000 {
            let bonus = ((k * 7919) % 601) - cap;
            gravity(&mut mixed, bonus);
            assert!((-cap..=cap).contains(&mixed), "{mixed} after {bonus}");
        }
    }
}
