//! The level-by-level breadth-first loop both Klotski search paths share.
//!
//! Levels are index ranges of an arena of stored states (the start is state 0, each level's
//! children are appended after it), so the depth of every state is exact and the first goal
//! generated is at the optimal depth. With `all`, the loop finishes the goal's level (to count
//! every optimal end position) and then the whole reachable component. The two paths differ only
//! in how they store and expand a state ([`Levels`]); polling the stop signal, counting end
//! positions and progress reports live here once.

use std::time::{Duration, Instant};

use super::bfs::Failure;
use super::table::StateId;
use crate::search::{Info, SearchContext};

/// How often (in expanded states) the stop signal is polled.
const POLL_EVERY: u64 = 2048;
/// How often a running search reports progress.
const REPORT_EVERY: Duration = Duration::from_secs(1);

/// One search path's state store and move generation, as the level loop drives it.
pub trait Levels {
    /// States stored so far (ids `0..stored()`).
    fn stored(&self) -> usize;
    /// Whether stored state `id` is a goal.
    fn is_goal(&self, id: usize) -> bool;
    /// Stores the unseen successors of state `id` and returns the first new goal among them;
    /// without `all` it may stop storing at that goal.
    fn expand(&mut self, id: usize, all: bool) -> Result<Option<StateId>, Failure>;
}

/// Where the level loop ended.
pub struct Walk {
    /// The first optimal goal state, or `None` when the goal is unreachable.
    pub goal: Option<StateId>,
    /// Optimal length (meaningful when `goal` is set).
    pub depth: u32,
    /// With `all`: distinct goal states at the optimal depth.
    pub end_positions: u64,
    /// States expanded.
    pub nodes: u64,
}

/// Runs the breadth-first levels from state 0 (already stored) until the goal is found (or,
/// with `all`, the component is exhausted), the store runs out of memory, or `ctx` says stop.
pub fn walk(levels: &mut impl Levels, all: bool, ctx: &mut SearchContext) -> Result<Walk, Failure> {
    let mut walk = Walk {
        goal: None,
        depth: 0,
        end_positions: 0,
        nodes: 0,
    };
    if levels.is_goal(0) {
        walk.goal = Some(0);
        walk.end_positions = 1;
        if !all {
            return Ok(walk);
        }
    }
    let began = Instant::now();
    let mut last_report = began;
    let (mut level_start, mut depth) = (0usize, 0u32);
    let mut counting_level = walk.goal.is_none();
    while level_start < levels.stored() {
        let level_end = levels.stored();
        for id in level_start..level_end {
            walk.nodes += 1;
            if walk.nodes % POLL_EVERY == 0 && ctx.control.should_stop(walk.nodes) {
                return Err(Failure::Stopped {
                    nodes: walk.nodes,
                    depth,
                });
            }
            if let Some(new) = levels.expand(id, all)? {
                if walk.goal.is_none() {
                    walk.goal = Some(new);
                    walk.depth = depth + 1;
                }
                if !all {
                    report(ctx, levels, &walk, depth + 1, began);
                    return Ok(walk);
                }
            }
        }
        depth += 1;
        if counting_level && walk.goal.is_some() {
            // The goal's level is complete: count its goal states once.
            walk.end_positions = (level_end..levels.stored())
                .filter(|&i| levels.is_goal(i))
                .count() as u64;
            counting_level = false;
        }
        level_start = level_end;
        if last_report.elapsed() >= REPORT_EVERY {
            last_report = Instant::now();
            report(ctx, levels, &walk, depth, began);
        }
    }
    report(ctx, levels, &walk, depth, began);
    Ok(walk)
}

fn report(ctx: &mut SearchContext, levels: &impl Levels, walk: &Walk, depth: u32, began: Instant) {
    ctx.report(&Info {
        depth: Some(depth),
        nodes: walk.nodes,
        time: began.elapsed(),
        extra: vec![("states".into(), levels.stored().to_string())],
        ..Info::default()
    });
}
