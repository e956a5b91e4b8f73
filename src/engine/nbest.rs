//! The n best moves of a position, ranked by score: Gomocup `YXNBEST` and the GTP candidate-move
//! overlay. Built on [`Game::think_excluding`](crate::games::Game::think_excluding) (search the
//! position without the moves already ranked), so no game needs a multi-PV search of its own.
//!
//! To make the scores comparable, every candidate gets the same share of the time (hard and
//! soft) and of the node limit, and no candidate searches deeper than the first one reached.
//! The list is then sorted by score, so ranks never contradict their scores.

use std::sync::Arc;

use super::Session;
use crate::games::{Color, Point, ThinkError, Thought};
use crate::search::{Info, Score, SearchContext, SearchControl, StopSignal};

/// Orders scores from best to worst for the side searched: the fastest win first, then
/// evaluations (a proven draw counts as 0), then the slowest loss.
pub fn score_key(s: Score) -> i64 {
    const FORCED: i64 = 1 << 40;
    match s {
        Score::Win(n) => FORCED - i64::from(n),
        Score::Loss(n) => -FORCED + i64::from(n),
        Score::Draw => 0,
        Score::Cp(v) => i64::from(v),
    }
}

/// The limits of one candidate's search: an equal share of `base`'s time and nodes, capped at
/// `depth` when the first candidate has set it.
fn share(
    base: &SearchControl,
    n: usize,
    depth: Option<u32>,
    signal: &Arc<StopSignal>,
    seq: u64,
) -> SearchControl {
    let parts = n.max(1) as u32;
    let mut c = SearchControl::new(signal.clone(), seq);
    if let Some(h) = base.hard_budget() {
        c = c.with_movetime(h / parts);
        if let Some(s) = base.soft_budget() {
            c = c.with_soft_budget(s / parts);
        }
    }
    if let Some(nodes) = base.max_nodes() {
        c = c.with_max_nodes((nodes / u64::from(parts)).max(1));
    }
    if base.is_infinite() {
        c = c.with_infinite();
    }
    match (base.max_depth(), depth) {
        (Some(a), Some(b)) => c.with_max_depth(a.min(b)),
        (Some(d), None) | (None, Some(d)) => c.with_max_depth(d),
        (None, None) => c,
    }
}

/// Searches up to `n` distinct root moves for `color` (fewer when the board has fewer empty
/// points or a stop arrives) and returns them best first. Errors only when not even the first
/// search could run (game over, unsupported game).
#[allow(clippy::too_many_arguments)]
pub fn nbest(
    session: &mut Session,
    color: Color,
    n: usize,
    base: &SearchControl,
    signal: &Arc<StopSignal>,
    seq: u64,
    reporter: &mut dyn FnMut(&Info),
    namer: &dyn Fn(Point) -> String,
) -> Result<Vec<Thought>, ThinkError> {
    let options = session.options.clone();
    let mut found: Vec<Thought> = Vec::new();
    let mut depth = None;
    for k in 0..n {
        let control = share(base, n, depth, signal, seq);
        let exclude: Vec<Point> = found.iter().map(|t| t.point).collect();
        let mut ctx = SearchContext::new(&control, &options, reporter, namer);
        match session
            .game_mut()
            .think_excluding(color, &exclude, &mut ctx)
        {
            Ok(t) => {
                depth = depth.or(Some(t.depth.max(1)));
                found.push(t);
            }
            Err(e) if k == 0 => return Err(e),
            Err(_) => break,
        }
        if SearchControl::new(signal.clone(), seq).stopped() {
            break; // stopped from outside: answer with what we have
        }
    }
    found.sort_by_key(|t| std::cmp::Reverse(score_key(t.score)));
    Ok(found)
}
