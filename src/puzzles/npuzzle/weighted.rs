//! Weighted A* (priority g + w·h) under a node budget: the quality half of `fast` mode.
//!
//! With an admissible `h` (Manhattan + linear conflict, or pattern databases when cached) the
//! answer is at most `w` times optimal, and in practice far closer. States are packed into one
//! `u128` (boards up to 25 cells); the open list is a bucket queue on the integer priority
//! `4g + 4w·h`, last in first out within a bucket (deeper nodes first). A state reached again with
//! a smaller g is reopened. Nodes whose admissible `g + h` reaches the `upper` bound (a solution
//! already known) are pruned, since they cannot lead to a shorter one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Dir, Shape};
use super::heuristic::{Heuristic, Parts, MAX_PARTS};
use super::packed::MAX_CELLS;
use crate::engine::SearchControl;

/// A multiply-xorshift hasher for packed keys: the std SipHash costs more than the expansion.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 31;
        x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^ (x >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, k: u128) {
        let (lo, hi) = (k as u64, (k >> 64) as u64);
        self.0 = lo.wrapping_mul(0xff51_afd7_ed55_8ccd) ^ hi.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    }
}

type KeyMap = HashMap<u128, u32, BuildHasherDefault<KeyHasher>>;

struct Node {
    key: u128,
    parent: u32,
    g: u16,
    blank: u8,
    /// Move that reached this node (4 = root).
    dir: u8,
    parts: Parts,
}

/// Bytes one expansion costs, to respect `setoption hash`: about 2.5 new nodes, each a 48-byte
/// arena entry, a ~40-byte map slot and a 4-byte open-list entry, rounded up.
pub const BYTES_PER_EXPANSION: usize = 256;

/// What one weighted search may do.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The weight in quarters (4 = plain A*, 6 = 1.5).
    pub weight_quarters: u32,
    /// Expansions before giving up.
    pub max_nodes: u64,
    /// Only solutions shorter than this are wanted.
    pub upper: usize,
}

/// The result: a solution if one shorter than `upper` was found within the budget, and the
/// expansions spent.
pub fn solve(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    h: &dyn Heuristic,
    limits: Limits,
    control: &SearchControl,
) -> (Option<Vec<Dir>>, u64) {
    let area = shape.area();
    if area > MAX_CELLS || start.len() != area || goal.len() != area {
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
    let wq = limits.weight_quarters.max(4);
    let prio = |g: u32, hv: u32| (4 * g + wq * hv) as usize;
    let mut nodes: Vec<Node> = vec![Node {
        key: pack(start),
        parent: u32::MAX,
        g: 0,
        blank: pos[0],
        dir: 4,
        parts,
    }];
    let mut seen = KeyMap::default();
    seen.insert(nodes[0].key, 0);
    let mut open: Vec<Vec<u32>> = vec![Vec::new(); prio(0, h0) + 1];
    open[prio(0, h0)].push(0);
    let mut low = prio(0, h0);
    let mut expanded = 0u64;
    loop {
        while low < open.len() && open[low].is_empty() {
            low += 1;
        }
        let Some(id) = open.get_mut(low).and_then(Vec::pop) else {
            return (None, expanded);
        };
        let id = id as usize;
        let (key, g, blank, dir, parts) = {
            let n = &nodes[id];
            (n.key, n.g as u32, n.blank as usize, n.dir, n.parts)
        };
        if seen.get(&key) != Some(&(id as u32)) {
            continue; // superseded by a cheaper copy
        }
        if key == goal_key {
            let mut moves = Vec::with_capacity(g as usize);
            let mut cur = id;
            while nodes[cur].dir < 4 {
                moves.push(Dir::from_index(nodes[cur].dir));
                cur = nodes[cur].parent as usize;
            }
            moves.reverse();
            return (Some(moves), expanded);
        }
        expanded += 1;
        if expanded >= limits.max_nodes || (expanded % 4096 == 0 && control.stopped()) {
            return (None, expanded);
        }
        for (c, t) in tiles.iter_mut().enumerate() {
            *t = ((key >> (5 * c)) & 31) as u8;
            pos[*t as usize] = c as u8;
        }
        for d in Dir::ALL {
            if dir < 4 && Dir::from_index(dir).opposite() == d {
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
            let mut np = parts;
            let nh = h.update(&tiles, &pos, t, &mut np);
            tiles[to] = t;
            tiles[blank] = 0;
            pos[t as usize] = to as u8;
            pos[0] = blank as u8;
            let ng = g + 1;
            if (ng + nh) as usize >= limits.upper {
                continue;
            }
            let nkey = (key | ((t as u128) << (5 * blank))) & !(31u128 << (5 * to));
            let nid = nodes.len() as u32;
            match seen.entry(nkey) {
                std::collections::hash_map::Entry::Occupied(mut e) => {
                    if nodes[*e.get() as usize].g as u32 <= ng {
                        continue;
                    }
                    e.insert(nid);
                }
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(nid);
                }
            }
            nodes.push(Node {
                key: nkey,
                parent: id as u32,
                g: ng as u16,
                blank: to as u8,
                dir: d.index(),
                parts: np,
            });
            let p = prio(ng, nh);
            if p >= open.len() {
                open.resize_with(p + 1, Vec::new);
            }
            open[p].push(nid);
            low = low.min(p);
        }
    }
}
