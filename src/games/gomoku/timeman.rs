//! The gomoku time manager: how one turn's budget is shared between the root threat searches,
//! the tree and the safety net, and when iterative deepening starts another iteration.
//!
//! The clock's soft and hard limits come from the session (`search::timemgmt`); everything
//! gomoku-specific about spending them lives here, so the search reports each finished iteration
//! and asks one object whether to go on instead of mixing clock arithmetic into `think`.

use std::time::Duration;

use super::params::time::{
    EXTEND_SHARE, FIRST_CHECK_SHARE, FIXED_START_SHARE, GROWTH_MAX, GROWTH_MIN, ROOT_VCT_SHARE,
    SAFETY_END, SHARP_DROP, TREE_NODE_RESERVE_DIV, TREE_SHARE, VCT_MIN_NODES, VCT_MIN_TURN,
};
use crate::search::timemgmt::hard_limit_of_turn;
use crate::search::SearchControl;

/// One turn's time policy, fed by the iterations as they finish.
pub struct TimeManager<'c> {
    control: &'c SearchControl,
    hard: Option<Duration>,
    /// The root has a single forced reply (or is otherwise decided by a threat): always sharp.
    forced: bool,
    /// The last finished iteration: (depth, move, score).
    last: Option<(u32, usize, i32)>,
    /// The answer moved or the score fell at the last iteration, or the root is forced.
    sharp: bool,
    /// When each finished iteration ended (elapsed time), oldest first.
    ends: Vec<Duration>,
}

impl<'c> TimeManager<'c> {
    /// The policy for a search under `control` (already capped by any strength node limit).
    pub fn new(control: &'c SearchControl, forced: bool) -> Self {
        TimeManager {
            control,
            hard: control.hard_budget(),
            forced,
            last: None,
            sharp: false,
            ends: Vec::new(),
        }
    }

    /// The hard limit of the turn, if there is a clock.
    pub fn hard(&self) -> Option<Duration> {
        self.hard
    }

    /// Whether the turn is long enough (in time and nodes) for the VCT searches. The turn is
    /// compared before the safety margin, as protocol.md states the rule: a turn of
    /// `VCT_MIN_TURN` has the hard limit `hard_limit_of_turn(VCT_MIN_TURN)`, and the margin only
    /// grows with the turn, so comparing hard limits compares turns.
    pub fn vct_allowed(&self) -> bool {
        self.hard
            .is_none_or(|h| h >= hard_limit_of_turn(VCT_MIN_TURN))
            && self.control.max_nodes().is_none_or(|n| n >= VCT_MIN_NODES)
    }

    /// When the root VCT must give up.
    pub fn root_vct_until(&self) -> Option<Duration> {
        self.hard.map(|h| h.mul_f64(ROOT_VCT_SHARE))
    }

    /// When the tree search stops, leaving the rest of the turn to the safety net.
    pub fn tree_time(&self) -> Option<Duration> {
        self.hard.map(|h| h.mul_f64(TREE_SHARE))
    }

    /// The node count at which the tree search stops, under a node limit.
    pub fn tree_nodes(&self) -> Option<u64> {
        self.control
            .max_nodes()
            .map(|n| n - n / TREE_NODE_RESERVE_DIV)
    }

    /// When the safety net must have answered.
    pub fn safety_end(&self) -> Option<Duration> {
        self.hard.map(|h| h.mul_f64(SAFETY_END))
    }

    /// When the safety net's check of the move starting at `now` ends: the first check (the
    /// tree's own choice) gets only part of the time, so another move can still be checked.
    pub fn check_until(&self, now: Duration, first: bool) -> Option<Duration> {
        self.safety_end().map(|e| {
            if first {
                now + (e - now).mul_f64(FIRST_CHECK_SHARE)
            } else {
                e
            }
        })
    }

    /// Whether iteration `depth` should start.
    pub fn start_iteration(&self, depth: u32) -> bool {
        let c = self.control;
        if depth > 1 && c.soft_expired() && !(self.sharp && self.may_extend()) {
            return false;
        }
        if depth > 2 {
            if let (Some(soft), Some(hard)) = (c.soft_budget(), c.hard_budget()) {
                // With a fixed movetime (soft = hard) do not start what cannot finish; a clock's
                // soft budget already says when to stop starting.
                let now = c.elapsed();
                if soft >= hard && now > hard.mul_f64(FIXED_START_SHARE) && !self.next_fits(now) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the next iteration, started at `now`, should end before the tree's stop, judging
    /// by the last two iterations' cost and its growth between them: a late start that
    /// finishes is a deeper answer, where one that does not seldom pays for its time.
    fn next_fits(&self, now: Duration) -> bool {
        let (Some(stop), [.., a, b, c]) = (self.tree_time(), &self.ends[..]) else {
            return false;
        };
        let (before, last) = ((*b - *a).as_secs_f64(), (*c - *b).as_secs_f64());
        if before <= 0.0 {
            return false;
        }
        let growth = (last / before).clamp(GROWTH_MIN, GROWTH_MAX);
        let end = now.as_secs_f64() + last * growth;
        end <= stop.as_secs_f64()
    }

    /// Records a finished iteration: a changed answer or a falling score makes the position
    /// sharp, which lets the next iteration start past the soft budget.
    pub fn finished_iteration(&mut self, depth: u32, best: usize, score: i32) {
        self.sharp = self.forced
            || match self.last {
                Some((_, m, s)) if depth > 1 => best != m || score < s - SHARP_DROP,
                _ => false,
            };
        self.last = Some((depth, best, score));
        self.ends.push(self.control.elapsed());
    }

    /// Whether a sharp position may start another iteration past the soft budget: up to
    /// `EXTEND_SHARE` of the hard limit (the tree stops at `TREE_SHARE` of it, so the iteration
    /// still has a chance to finish).
    fn may_extend(&self) -> bool {
        let c = self.control;
        match (c.soft_budget(), c.hard_budget()) {
            (Some(soft), Some(hard)) if soft < hard && !c.stopped() => {
                c.elapsed() < hard.mul_f64(EXTEND_SHARE)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: &[u64]) -> Vec<Duration> {
        s.iter().map(|&s| Duration::from_secs(s)).collect()
    }

    /// protocol.md: the VCT runs "when the turn is 150 ms or longer, or no clock limits it".
    /// The turn is what the user gave (Gomocup `timeout_turn`, GTP `movetime`), before the
    /// engine keeps its safety margin back; the figures are the document's, not the code's
    /// constant. Turns of 150-199 ms have hard limits of 100-149 ms, so a check against the
    /// hard limit instead of the turn fails here.
    #[test]
    fn the_vct_runs_from_turns_of_150_ms_as_protocol_md_says() {
        use crate::search::timemgmt::{movetime_budget, Clock};
        let ms = Duration::from_millis;
        for (turn, allowed) in [(50, false), (120, false), (149, false), (150, true)]
            .into_iter()
            .chain([(170, true), (199, true), (200, true), (1000, true)])
        {
            let per_move = Clock {
                per_move: Some(ms(turn)),
                remaining: None,
            }
            .budget()
            .expect("a per-move limit gives a budget");
            for (what, b) in [
                ("timeout_turn", per_move),
                ("movetime", movetime_budget(ms(turn))),
            ] {
                let control = SearchControl::unlimited()
                    .with_movetime(b.hard)
                    .with_soft_budget(b.soft);
                let tm = TimeManager::new(&control, false);
                assert_eq!(tm.vct_allowed(), allowed, "{what} {turn} ms");
            }
        }
        let unlimited = SearchControl::unlimited();
        assert!(
            TimeManager::new(&unlimited, false).vct_allowed(),
            "no clock"
        );
    }

    #[test]
    fn a_late_iteration_starts_only_when_its_guessed_cost_fits_before_the_trees_stop() {
        let control = SearchControl::unlimited().with_movetime(Duration::from_secs(100));
        let mut tm = TimeManager::new(&control, false);
        let now = Duration::from_secs(50);
        // The tree stops at 88 s. Costs 5 then 5: growth at least 1.5, so 7.5 s, ending at 57.5.
        tm.ends = secs(&[30, 35, 40]);
        assert!(tm.next_fits(now));
        // Costs 10 then 20: twice as dear again, 40 s, ending at 90, past the stop.
        tm.ends = secs(&[10, 20, 40]);
        assert!(!tm.next_fits(now));
        // Costs 1 then 9, at 10 s: the growth of 9 is capped at 8, so 72 s, ending at 82.
        tm.ends = secs(&[0, 1, 10]);
        assert!(tm.next_fits(Duration::from_secs(10)));
        // Two finished iterations give no growth to go by.
        tm.ends = secs(&[20, 40]);
        assert!(!tm.next_fits(now));
    }
}
