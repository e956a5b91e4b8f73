//! A candidate move before the search has learnt anything about it: the move-list entry
//! ([`Cand`]) and its static place in the order, from the patterns and forks each side would make
//! at the point and how far it lies from the last stones. It sits below the [`super::Searcher`],
//! which keeps lists of these in its scratch pool; `movepick.rs` builds the lists and adds what
//! the search has learnt.

use crate::games::gomoku::board::{Board, Threat, MAX_POINTS};
use crate::games::gomoku::params::order;

/// A scored move list entry.
#[derive(Clone, Copy)]
pub(super) struct Cand {
    /// The point, as a board index (boards are far smaller than `u16::MAX` points): a short
    /// entry makes the lists cheaper to sort.
    pub(super) at: u16,
    /// Where the move goes in the order (higher first).
    pub(super) score: i32,
    /// How urgent the move is: at or above `tree::LMR_QUIET_BELOW` it is never reduced or
    /// pruned ([`PRUNED`] once skipped by late move pruning).
    pub(super) urgency: i32,
    /// Makes an open three (and no four): the opponent must answer, so the move may be extended.
    pub(super) three: bool,
}

// Every board index, and the placeholder `u16::MAX`, fits a `Cand`'s point.
const _: () = assert!(MAX_POINTS < u16::MAX as usize);

impl Cand {
    /// The one entry that stands for all of a leaf's quiet points: the list must only be
    /// non-empty, and its point (no board index) is never played.
    pub(super) const ANY_QUIET: Cand = Cand {
        at: u16::MAX,
        score: 0,
        urgency: 0,
        three: false,
    };

    /// An entry without order values, for lists whose order is never used: a leaf's, which
    /// only asks whether it is forced and how many answers it has, or a single forced answer.
    pub(super) fn bare(i: usize) -> Cand {
        Cand {
            at: i as u16,
            score: 0,
            urgency: 0,
            three: false,
        }
    }

    /// The point as a board index.
    #[inline]
    pub(super) fn i(self) -> usize {
        usize::from(self.at)
    }
}

/// Coordinates of the last `order::LOCAL_STONES` stones, newest first (`None` before there
/// are that many), worked out once per node rather than once per candidate.
pub(super) type RecentStones = [Option<(usize, usize)>; 4];
const _: () = assert!(
    order::LOCAL_STONES == 4,
    "locality_divisor reads four stones"
);

pub(in crate::games::gomoku) fn recent_stones(b: &Board) -> RecentStones {
    let mut out = [None; order::LOCAL_STONES];
    for (o, &i) in out.iter_mut().zip(b.stack.iter().rev()) {
        *o = Some(b.coords(i));
    }
    out
}

/// How much a point's static order value is divided by for lying far from the last stones:
/// play in gomoku is local, so a point far from both sides' last moves is rarely the move.
#[inline]
pub(in crate::games::gomoku) fn locality_divisor(
    b: &Board,
    i: usize,
    recent: &RecentStones,
) -> i32 {
    let (x, y) = b.coords(i);
    let near = |r: Option<(usize, usize)>| {
        r.is_some_and(|(a, c)| {
            x.abs_diff(a) <= order::LOCAL_DISTANCE && y.abs_diff(c) <= order::LOCAL_DISTANCE
        })
    };
    if near(recent[0]) || near(recent[1]) {
        1
    } else if near(recent[2]) || near(recent[3]) {
        order::FAR_FROM_LAST_DIVISOR
    } else {
        order::FAR_FROM_ALL_DIVISOR
    }
}

/// A point's static order value with its locality (`divisor` from [`locality_divisor`]):
/// divided by constants, so no division instruction is spent on every candidate.
#[inline]
fn local_value(value: i32, divisor: i32) -> i32 {
    match divisor {
        1 => value,
        order::FAR_FROM_LAST_DIVISOR => value / order::FAR_FROM_LAST_DIVISOR,
        _ => value / order::FAR_FROM_ALL_DIVISOR,
    }
}

/// The candidate `i` with its place in the order and its urgency, from what each side makes
/// there and how far it lies from the last stones: the order from the fitted weights and
/// bonuses, the urgency (whether a move may be reduced or pruned) from the hand-set ones.
/// `QUIET`: the point is no four point of either side (no four, and a fork is a double three),
/// which spares the four tests on the points most lists are made of.
#[inline(always)]
pub(super) fn candidate<const QUIET: bool>(
    i: usize,
    tm: &Threat,
    to: &Threat,
    divisor: i32,
    three: bool,
) -> Cand {
    debug_assert!(
        !QUIET || !(tm.four() || to.four()),
        "a quiet point makes no four"
    );
    let fork = |t: &Threat| if QUIET { t.f3 >= 2 } else { t.fork() };
    let made = Made {
        own_fork: fork(tm),
        own_four: !QUIET && tm.four(),
        opponent_fork: fork(to),
    };
    let order = static_value(
        tm.own_order + to.block_order,
        made,
        [
            order::ORDER_OWN_FORK,
            order::ORDER_OWN_FOUR,
            order::ORDER_OPPONENT_FORK,
        ],
    );
    let urgency = static_value(
        tm.value + to.value,
        made,
        [order::OWN_FORK, order::OWN_FOUR, order::OPPONENT_FORK],
    );
    Cand {
        at: i as u16,
        score: local_value(order, divisor),
        urgency: local_value(urgency, divisor),
        three,
    }
}

/// The forks and fours a stone at a point makes, worked out once for both of its values.
#[derive(Clone, Copy)]
struct Made {
    own_fork: bool,
    own_four: bool,
    opponent_fork: bool,
}

/// A move's static value before locality: `patterns`, the weights of the patterns both sides
/// would make at the point summed over the four directions (kept in the board's threat
/// summaries), plus the bonus for a fork of the side to move, else for its four, and the bonus
/// for the opponent's fork.
#[inline(always)]
fn static_value(patterns: i32, made: Made, [own_fork, own_four, opponent_fork]: [i32; 3]) -> i32 {
    let mut v = patterns;
    if made.own_fork {
        v += own_fork;
    } else if made.own_four {
        v += own_four;
    }
    if made.opponent_fork {
        v += opponent_fork;
    }
    v
}

/// The urgency a skipped move is marked with: a quiet move can be skipped and a more urgent
/// one after it searched and cut, and the cut must not mark down a move never searched.
pub(super) const PRUNED: i32 = i32::MIN;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rule;

    #[test]
    fn locality_orders_far_points_later() {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        // Oldest first: two stones in the top-left corner, then two in the bottom-right.
        for (n, (x, y)) in [(1, 1), (2, 2), (12, 12), (13, 13)].into_iter().enumerate() {
            b.make(b.index(x, y), n % 2);
        }
        let recent = recent_stones(&b);
        let near_last = b.index(10, 9);
        let near_older = b.index(4, 5);
        let far_from_all = b.index(7, 0);
        assert_eq!(locality_divisor(&b, near_last, &recent), 1);
        assert_eq!(
            locality_divisor(&b, near_older, &recent),
            order::FAR_FROM_LAST_DIVISOR
        );
        assert_eq!(
            locality_divisor(&b, far_from_all, &recent),
            order::FAR_FROM_ALL_DIVISOR
        );
    }
}
