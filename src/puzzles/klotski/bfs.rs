//! Level-by-level breadth-first search over canonical states.
//!
//! Levels are index ranges of the [`StateTable`] arena, so the depth of every state is exact and
//! the first goal state generated is at the optimal depth. With `all`, the search finishes the
//! goal's level (to count every optimal end position) and then the whole reachable component.
//!
//! Each expanded state is unpacked once; every move is then two bit flips on its packed key, and
//! when mirror images are merged two more flips on the packed mirror image, so a successor's
//! canonical key costs a handful of instructions whatever the number of pieces.

use std::time::{Duration, Instant};

use super::grid::MAX_CELLS;
use super::key::PackedKey;
use super::model::{Metric, Model, MAX_CLASSES, NONE};
use super::moves::{expand, Step};
use super::table::{OutOfMemory, StateId, StateTable};
use crate::search::{Info, SearchContext};

/// "No last move" in the per-state last-moved-piece list.
const NO_LAST: u16 = u16::MAX;

/// How often (in expanded states) the stop signal is polled.
const POLL_EVERY: u64 = 2048;

/// What the search found.
pub struct Found<K> {
    /// The visited states with parent links.
    pub table: StateTable<K>,
    /// The first optimal goal state, or `None` when the goal is unreachable.
    pub goal: Option<StateId>,
    /// Optimal length (meaningful when `goal` is set).
    pub depth: u32,
    /// With `all`: distinct goal states at the optimal depth.
    pub end_positions: u64,
    /// States expanded.
    pub nodes: u64,
}

/// Why a search ended without an answer.
pub enum Failure {
    Stopped { nodes: u64, depth: u32 },
    OutOfMemory { states: usize },
}

impl From<OutOfMemory> for Failure {
    fn from(e: OutOfMemory) -> Failure {
        Failure::OutOfMemory { states: e.states }
    }
}

/// Searches from the model's start position; `all` explores the whole component.
pub fn search<K: PackedKey>(
    model: &Model,
    metric: Metric,
    all: bool,
    ctx: &mut SearchContext,
) -> Result<Found<K>, Failure> {
    let k = model.classes();
    let cells = model.cells();
    let budget = ctx.options.hash_mib.saturating_mul(1 << 20);
    let mut masks = [0u64; MAX_CLASSES];
    model.masks_of(&model.pieces, &mut masks[..k]);
    let start: K = model.canonical_key(&masks[..k]);
    let mut found = Found {
        table: StateTable::new(budget),
        goal: None,
        depth: 0,
        end_positions: 0,
        nodes: 0,
    };
    found.table.insert(&start, 0)?;
    if model.is_goal(&start) {
        found.goal = Some(0);
        found.end_positions = 1;
        if !all {
            return Ok(found);
        }
    }
    // bits[c][t]: the key bit of class c's piece at top-left t (a shift of a u128 by a variable
    // amount is slow; a table load is not), and mirror_bits[c][t] the key bit of its mirror
    // image. Fixed-size rows indexed with `& 63` need no bounds checks on the cell.
    let mut bits = vec![[K::zero(); MAX_CELLS]; k];
    let mut mirror_bits = bits.clone();
    for (c, shape) in model.shapes.iter().enumerate() {
        for t in 0..cells {
            bits[c][t] = K::bit(c * cells + t);
            if shape.mirror[t] != NONE {
                mirror_bits[c][t] = K::bit(c * cells + shape.mirror[t] as usize);
            }
        }
    }
    let mut steps: Vec<Step> = Vec::with_capacity(256);
    // Under `moves`: per state, the piece that moved last (class << 6 | top-left, in the stored
    // orientation), or NO_LAST for the start.
    let track_last = metric == Metric::Moves;
    let mut last: Vec<u16> = Vec::new();
    if track_last {
        last.push(NO_LAST);
    }
    let began = Instant::now();
    let mut last_report = began;
    let (mut level_start, mut depth) = (0usize, 0u32);
    let mut counting_level = found.goal.is_none();
    while level_start < found.table.len() {
        let level_end = found.table.len();
        for id in level_start..level_end {
            found.nodes += 1;
            if found.nodes % POLL_EVERY == 0 && ctx.control.should_stop(found.nodes) {
                return Err(Failure::Stopped {
                    nodes: found.nodes,
                    depth,
                });
            }
            // One pass over the pieces: masks, occupied cells and the packed mirror image.
            let key = *found.table.state(id as StateId);
            key.unpack(cells, &mut masks[..k]);
            let mut occupied = 0u64;
            let mut mirror_key = K::zero();
            let per_class = model.shapes.iter().zip(&masks[..k]).zip(&mirror_bits);
            if model.mirror_dedup {
                for ((shape, &mask), mirror_of) in per_class {
                    let mut m = mask;
                    while m != 0 {
                        let t = m.trailing_zeros() as usize & (MAX_CELLS - 1);
                        m &= m - 1;
                        occupied |= shape.cells[t];
                        mirror_key = mirror_key.xor(mirror_of[t]);
                    }
                }
            } else {
                for ((shape, &mask), _) in per_class {
                    let mut m = mask;
                    while m != 0 {
                        occupied |= shape.cells[m.trailing_zeros() as usize & (MAX_CELLS - 1)];
                        m &= m - 1;
                    }
                }
            }
            // Under `moves`, moving the piece that just moved again only reaches states one move
            // from the parent, all already stored: skip that piece.
            let skip = match last.get(id) {
                Some(&l) if l != NO_LAST => ((l >> 6) as usize, (l & 63) as usize),
                _ => (usize::MAX, 0),
            };
            expand(
                model,
                metric,
                &masks[..k],
                model.full & !occupied,
                skip,
                &mut steps,
            );
            let mut hit = None;
            for &(c, from, to) in &steps {
                let c = c as usize;
                let (from, to) = (
                    from as usize & (MAX_CELLS - 1),
                    to as usize & (MAX_CELLS - 1),
                );
                let mut next = key.xor(bits[c][from]).xor(bits[c][to]);
                let mut moved = to;
                if model.mirror_dedup {
                    let image = mirror_key.xor(mirror_bits[c][from]).xor(mirror_bits[c][to]);
                    if image < next {
                        next = image;
                        moved = model.shapes[c].mirror[to] as usize;
                    }
                }
                if let Some(new) = found.table.insert(&next, id as StateId)? {
                    if track_last {
                        last.push((c as u16) << 6 | moved as u16);
                    }
                    if model.is_goal(&next) {
                        hit.get_or_insert(new);
                        if !all {
                            break;
                        }
                    }
                }
            }
            if let Some(new) = hit {
                if found.goal.is_none() {
                    found.goal = Some(new);
                    found.depth = depth + 1;
                }
                if !all {
                    report(ctx, &found, depth + 1, began);
                    return Ok(found);
                }
            }
        }
        depth += 1;
        if counting_level && found.goal.is_some() {
            // The goal's level is complete: count its goal states once.
            found.end_positions = (level_end..found.table.len())
                .filter(|&i| model.is_goal(found.table.state(i as StateId)))
                .count() as u64;
            counting_level = false;
        }
        level_start = level_end;
        if last_report.elapsed() >= Duration::from_secs(1) {
            last_report = Instant::now();
            report(ctx, &found, depth, began);
        }
    }
    report(ctx, &found, depth, began);
    Ok(found)
}

fn report<K: PackedKey>(ctx: &mut SearchContext, found: &Found<K>, depth: u32, began: Instant) {
    ctx.report(&Info {
        depth: Some(depth),
        nodes: found.nodes,
        time: began.elapsed(),
        extra: vec![("states".into(), found.table.len().to_string())],
        ..Info::default()
    });
}
