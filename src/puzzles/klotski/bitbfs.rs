//! Level-by-level breadth-first search on one-word keys (the bitboard path).
//!
//! Same level loop as [`super::bfs`] ([`levels::walk`]: the first goal found is optimal; `all`
//! finishes the goal's level and then the component), but every position is a
//! `u64` of [`BitModel`] placement bits, stored with its mirror image's key and both occupancy
//! masks so it is never decoded: a successor is two bit flips on each (the moved piece's old and
//! new placement), and the table compares keys in place. The metric is a const parameter so the
//! inner loop has no metric branch.

use super::bfs::Failure;
use super::bitboard::{BitModel, Movers};
use super::keyset::{KeyTable, Node};
use super::levels::{self, Levels};
use super::model::Metric;
use super::table::StateId;
use crate::search::SearchContext;

/// "No last move" in the per-state last-moved-piece list.
const NO_LAST: u8 = 64;

const STEPS: u8 = 0;
const SLIDES: u8 = 1;
const MOVES: u8 = 2;

/// What the search found.
pub struct BitFound {
    /// The visited keys with parent links.
    pub table: KeyTable,
    /// The first optimal goal state, or `None` when the goal is unreachable.
    pub goal: Option<StateId>,
    /// With `all`: distinct goal states at the optimal depth.
    pub end_positions: u64,
    /// States expanded.
    pub nodes: u64,
}

/// Searches from the canonical key `start`; `all` explores the whole component.
pub fn search(
    bm: &BitModel,
    start: u64,
    metric: Metric,
    all: bool,
    ctx: &mut SearchContext,
) -> Result<BitFound, Failure> {
    match metric {
        Metric::Steps => search_with::<STEPS>(bm, start, all, ctx),
        Metric::Slides => search_with::<SLIDES>(bm, start, all, ctx),
        Metric::Moves => search_with::<MOVES>(bm, start, all, ctx),
    }
}

fn search_with<const METRIC: u8>(
    bm: &BitModel,
    start: u64,
    all: bool,
    ctx: &mut SearchContext,
) -> Result<BitFound, Failure> {
    let budget = ctx.options.hash_mib.saturating_mul(1 << 20);
    let mut table = KeyTable::new(budget);
    let mirror = bm.mirror(start);
    table.insert(Node {
        key: start,
        mirror,
        occupied: bm.occupied(start),
        mirror_occupied: bm.occupied(mirror),
        parent: 0,
        last: NO_LAST,
    })?;
    let mut bits = Bits::<METRIC> {
        bm,
        table,
        way: bm.mover_search(start),
    };
    let walk = levels::walk(&mut bits, all, ctx)?;
    Ok(BitFound {
        table: bits.table,
        goal: walk.goal,
        end_positions: walk.end_positions,
        nodes: walk.nodes,
    })
}

/// The bitboard path's store and move generation; the metric is a const parameter so the inner
/// loop has no metric branch.
struct Bits<'m, const METRIC: u8> {
    bm: &'m BitModel,
    table: KeyTable,
    /// How movable pieces are found on this board (see [`BitModel::mover_search`]).
    way: Movers,
}

impl<const METRIC: u8> Levels for Bits<'_, METRIC> {
    fn stored(&self) -> usize {
        self.table.len()
    }

    fn is_goal(&self, id: usize) -> bool {
        self.table.node(id).key & self.bm.goal_bit != 0
    }

    fn expand(&mut self, id: usize, _all: bool) -> Result<Option<StateId>, Failure> {
        let (bm, way) = (self.bm, self.way);
        let node = *self.table.node(id);
        let key = node.key;
        let empty = bm.full & !node.occupied;
        // Under `moves`, moving the piece that moved last again only reaches states one move
        // from the parent, all already stored: leave it out.
        let skip = if METRIC == MOVES {
            1u64.checked_shl(u32::from(node.last)).unwrap_or(0)
        } else {
            0
        };
        let (mut candidates, open) = bm.candidates(key, empty, skip, way);
        let mut hit = None;
        while candidates != 0 {
            let b = candidates.trailing_zeros() as usize & 63;
            candidates &= candidates - 1;
            let first = bm.first_steps(b, empty, way, &open);
            // Never taken when every candidate is known to move (the classic board), so
            // the predictor learns it.
            if first == 0 {
                continue;
            }
            let mut dests = match METRIC {
                STEPS => first,
                SLIDES => bm.slides(b, empty, first),
                _ => bm.region(b, empty, first),
            };
            let mb = bm.mirror_of[b] as usize & 63;
            let base = Node {
                key: key ^ 1 << b,
                mirror: node.mirror ^ 1 << mb,
                occupied: node.occupied ^ bm.covers[b],
                mirror_occupied: node.mirror_occupied ^ bm.covers[mb],
                parent: id as StateId,
                last: 0,
            };
            while dests != 0 {
                let j = dests.trailing_zeros() as usize & 63;
                dests &= dests - 1;
                let mj = bm.mirror_of[j] as usize & 63;
                let next = base.key | 1 << j;
                let image = base.mirror | 1 << mj;
                let child = if bm.mirror_dedup && image < next {
                    Node {
                        key: image,
                        mirror: next,
                        occupied: base.mirror_occupied | bm.covers[mj],
                        mirror_occupied: base.occupied | bm.covers[j],
                        parent: base.parent,
                        last: mj as u8,
                    }
                } else {
                    Node {
                        key: next,
                        mirror: image,
                        occupied: base.occupied | bm.covers[j],
                        mirror_occupied: base.mirror_occupied | bm.covers[mj],
                        parent: base.parent,
                        last: j as u8,
                    }
                };
                if self.table.insert(child)? && child.key & bm.goal_bit != 0 {
                    hit.get_or_insert(self.table.len() as StateId - 1);
                }
            }
        }
        Ok(hit)
    }
}
