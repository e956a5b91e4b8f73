//! The general path's breadth-first search over canonical states, driven level by level by
//! [`levels::walk`] over the [`StateTable`] arena.
//!
//! Each expanded state is unpacked once; every move is then two bit flips on its packed key, and
//! when mirror images are merged two more flips on the packed mirror image, so a successor's
//! canonical key costs a handful of instructions whatever the number of pieces.

use super::grid::MAX_CELLS;
use super::key::PackedKey;
use super::levels::{self, Levels};
use super::model::{Metric, Model, MAX_CLASSES, NONE};
use super::moves::{expand, Step};
use super::table::{OutOfMemory, StateId, StateTable};
use crate::search::SearchContext;

/// "No last move" in the per-state last-moved-piece list.
const NO_LAST: u16 = u16::MAX;

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
    /// `stop` or a limit ended the search.
    Stopped {
        /// States expanded.
        nodes: u64,
        /// Levels proven to hold no goal.
        depth: u32,
    },
    /// The `hash` budget would be exceeded.
    OutOfMemory {
        /// States stored when the budget ran out.
        states: usize,
    },
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
    let budget = ctx.options.hash_mib.saturating_mul(1 << 20);
    let mut general = General::new(model, metric, budget);
    let mut masks = [0u64; MAX_CLASSES];
    model.masks_of(&model.pieces, &mut masks[..general.k]);
    let start: K = model.canonical_key(&masks[..general.k]);
    general.table.insert(&start, 0)?;
    let walk = levels::walk(&mut general, all, ctx)?;
    Ok(Found {
        table: general.table,
        goal: walk.goal,
        depth: walk.depth,
        end_positions: walk.end_positions,
        nodes: walk.nodes,
    })
}

/// The general path's store and move generation: packed multi-word keys, unpacked once per
/// expanded state.
struct General<'m, K> {
    model: &'m Model,
    metric: Metric,
    table: StateTable<K>,
    /// Shape classes in the model.
    k: usize,
    /// Board cells.
    cells: usize,
    /// bits[c][t]: the key bit of class c's piece at top-left t (a shift of a u128 by a variable
    /// amount is slow; a table load is not). Fixed-size rows indexed with `& 63` need no bounds
    /// checks on the cell.
    bits: Vec<[K; MAX_CELLS]>,
    /// mirror_bits[c][t]: the key bit of the mirror image of that piece.
    mirror_bits: Vec<[K; MAX_CELLS]>,
    /// Scratch: the moves of the state being expanded.
    steps: Vec<Step>,
    /// Scratch: the per-class cell masks of the state being expanded.
    masks: [u64; MAX_CLASSES],
    /// Under `moves`: per state, the piece that moved last (class << 6 | top-left, in the stored
    /// orientation), or NO_LAST for the start; empty under the other metrics.
    last: Vec<u16>,
}

impl<'m, K: PackedKey> General<'m, K> {
    fn new(model: &'m Model, metric: Metric, budget: usize) -> Self {
        let k = model.classes();
        let cells = model.cells();
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
        let last = if metric == Metric::Moves {
            vec![NO_LAST]
        } else {
            Vec::new()
        };
        General {
            model,
            metric,
            table: StateTable::new(budget),
            k,
            cells,
            bits,
            mirror_bits,
            steps: Vec::with_capacity(256),
            masks: [0; MAX_CLASSES],
            last,
        }
    }
}

impl<K: PackedKey> Levels for General<'_, K> {
    fn stored(&self) -> usize {
        self.table.len()
    }

    fn is_goal(&self, id: usize) -> bool {
        self.model.is_goal(self.table.state(id as StateId))
    }

    fn expand(&mut self, id: usize, all: bool) -> Result<Option<StateId>, Failure> {
        // Fields as separate locals: the compiler then knows the tables do not alias.
        let General {
            model,
            metric,
            table,
            k,
            cells,
            bits,
            mirror_bits,
            steps,
            masks,
            last,
        } = self;
        let (model, metric, k) = (*model, *metric, *k);
        let track_last = metric == Metric::Moves;
        // One pass over the pieces: masks, occupied cells and the packed mirror image.
        let key = *table.state(id as StateId);
        key.unpack(*cells, &mut masks[..k]);
        let mut occupied = 0u64;
        let mut mirror_key = K::zero();
        let per_class = model.shapes.iter().zip(&masks[..k]).zip(mirror_bits.iter());
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
            steps,
        );
        let mut hit = None;
        for &(c, from, to) in steps.iter() {
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
            if let Some(new) = table.insert(&next, id as StateId)? {
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
        Ok(hit)
    }
}
