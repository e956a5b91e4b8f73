//! Beam search: breadth-first by depth, keeping only the `width` children with the smallest
//! bound at each depth. Its cost is fixed in advance (width × depth expansions) and it finds
//! solutions far shorter than weighted A* for the same work on the 24-puzzle, because every
//! level keeps a broad front instead of chasing one greedy line.
//!
//! States reached at an earlier depth are never kept again (a global set of packed keys), and
//! children whose admissible `g + h` reaches `upper` (a known solution's length) are pruned.

use super::board::{Dir, Shape};
use super::heuristic::{Heuristic, Parts, MAX_PARTS};
use super::packed::MAX_CELLS;
use crate::search::SearchControl;

/// What one beam search may do.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// States kept per depth.
    pub width: usize,
    /// Only solutions shorter than this are wanted.
    pub upper: usize,
    /// Expansions before giving up.
    pub max_nodes: u64,
}

/// Bytes each state kept in the beam costs for the whole search, to respect `setoption hash`:
/// an 8-byte back pointer per depth, doubled for slack. The rest (two candidate lists of about
/// 2.5 × width children of 48 bytes, and the 1 MiB seen table) does not grow with depth.
pub const BYTES_PER_EXPANSION: usize = 16;

struct Cand {
    key: u128,
    h: u16,
    blank: u8,
    dir: u8,
    parent: u32,
    parts: Parts,
}

/// A solution shorter than `limits.upper` if the beam finds one, and the expansions spent.
pub fn solve(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    h: &dyn Heuristic,
    limits: Limits,
    control: &SearchControl,
) -> (Option<Vec<Dir>>, u64) {
    let area = shape.area();
    if area > MAX_CELLS || start.len() != area || goal.len() != area || limits.width == 0 {
        return (None, 0);
    }
    let pack = |tiles: &[u8]| {
        tiles
            .iter()
            .enumerate()
            .fold(0u128, |k, (i, &t)| k | ((t as u128) << (5 * i)))
    };
    let goal_key = pack(goal);
    let step: Vec<[u8; 4]> = (0..area)
        .map(|c| Dir::ALL.map(|d| shape.step(c, d).map_or(u8::MAX, |x| x as u8)))
        .collect();
    let mut tiles = start.to_vec();
    let mut pos = vec![0u8; area];
    for (c, &t) in tiles.iter().enumerate() {
        pos[t as usize] = c as u8;
    }
    let mut parts: Parts = [0; MAX_PARTS];
    let h0 = h.init(&tiles, &pos, &mut parts);
    // Back pointers per depth: (parent index in the previous depth, move).
    let mut back: Vec<Vec<(u32, u8)>> = vec![vec![(u32::MAX, 4)]];
    let mut beam = vec![Cand {
        key: pack(start),
        h: h0 as u16,
        blank: pos[0],
        dir: 4,
        parent: u32::MAX,
        parts,
    }];
    let mut seen = Seen::new(limits.width.saturating_mul(limits.upper).saturating_mul(3));
    seen.insert(beam[0].key);
    let mut expanded = 0u64;
    let mut next: Vec<Cand> = Vec::new();
    for g in 0..limits.upper.saturating_sub(1) {
        next.clear();
        for (id, node) in beam.iter().enumerate() {
            expanded += 1;
            if expanded >= limits.max_nodes || (expanded % 4096 == 0 && control.stopped()) {
                return (None, expanded);
            }
            let key = node.key;
            for (c, t) in tiles.iter_mut().enumerate() {
                *t = ((key >> (5 * c)) & 31) as u8;
                pos[*t as usize] = c as u8;
            }
            let blank = node.blank as usize;
            for d in Dir::ALL {
                if node.dir < 4 && Dir::from_index(node.dir).opposite() == d {
                    continue;
                }
                let to = step[blank][d.index() as usize];
                if to == u8::MAX {
                    continue;
                }
                let to = to as usize;
                let t = tiles[to];
                tiles[blank] = t;
                tiles[to] = 0;
                pos[t as usize] = blank as u8;
                pos[0] = to as u8;
                let mut np = node.parts;
                let nh = h.update(&tiles, &pos, t, &mut np);
                tiles[to] = t;
                tiles[blank] = 0;
                pos[t as usize] = to as u8;
                pos[0] = blank as u8;
                if g + 1 + nh as usize >= limits.upper {
                    continue;
                }
                let nkey = (key | ((t as u128) << (5 * blank))) & !(31u128 << (5 * to));
                if !seen.insert(nkey) {
                    continue;
                }
                if nkey == goal_key {
                    let mut moves = vec![d];
                    let mut cur = id as u32;
                    let mut depth = g;
                    while depth > 0 {
                        let (p, dir) = back[depth][cur as usize];
                        moves.push(Dir::from_index(dir));
                        cur = p;
                        depth -= 1;
                    }
                    moves.reverse();
                    return (Some(moves), expanded);
                }
                next.push(Cand {
                    key: nkey,
                    h: nh as u16,
                    blank: to as u8,
                    dir: d.index(),
                    parent: id as u32,
                    parts: np,
                });
            }
        }
        if next.len() > limits.width {
            next.select_nth_unstable_by_key(limits.width, |c| c.h);
            next.truncate(limits.width);
        }
        if next.is_empty() {
            return (None, expanded);
        }
        back.push(next.iter().map(|c| (c.parent, c.dir)).collect());
        std::mem::swap(&mut beam, &mut next);
    }
    (None, expanded)
}

/// The seen-table size limit (2^17 slots, 1 MiB): small enough to stay in the cache. Bigger tables
/// remember more but made no shorter answers on the 24-puzzle, only slower ones (every child
/// costs a probe, and a probe outside the cache costs more than the rest of the expansion).
const SEEN_BITS: u32 = 17;

/// States already generated, as 64-bit fingerprints in a direct-mapped table (one cache miss per
/// child, no rehashing). A slot keeps the latest state hashed to it, so an old state may be
/// forgotten and generated again: that only costs a beam slot, never correctness, since paths
/// are rebuilt from back pointers, not from this table.
struct Seen {
    slots: Vec<u64>,
    shift: u32,
}

impl Seen {
    /// A table for about `expected` states, at most 2^[`SEEN_BITS`] slots.
    fn new(expected: usize) -> Seen {
        let bits = expected
            .max(1024)
            .next_power_of_two()
            .trailing_zeros()
            .min(SEEN_BITS);
        Seen {
            slots: vec![0; 1 << bits],
            shift: 64 - bits,
        }
    }

    /// True if `key` was new (and records it).
    fn insert(&mut self, key: u128) -> bool {
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        let fp = (lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .rotate_left(29)
            .wrapping_mul(0xBF58_476D_1CE4_E5B9)
            | 1;
        let slot = &mut self.slots[(fp >> self.shift) as usize];
        if *slot == fp {
            return false;
        }
        *slot = fp;
        true
    }
}
