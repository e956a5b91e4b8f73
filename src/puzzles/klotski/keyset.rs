//! The visited set of the bitboard path: one-word keys stored directly in an open-addressing
//! table, plus the discovery-order arena that doubles as the breadth-first queue.
//!
//! Keeping the key itself in the slot (rather than an index into the arena, as the general
//! [`super::table::StateTable`] must for wide keys) makes a probe one load and one compare, with
//! no second cache miss. A key is never 0 (the goal piece is always on the board), so 0 marks an
//! empty slot.

use super::table::{OutOfMemory, StateId};

/// Slots to start with (512 KiB): a 4x5 search (up to ~32k positions) never rehashes, and the
/// table stays at most half full, so probes are short. Measured on the 62 named layouts:
/// 2^15 slots cost ~10% more in total, 2^17 gained nothing.
const INITIAL_SLOTS: usize = 1 << 16;

/// One stored position: its key plus what expanding it needs, so a position is never decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The stored (canonical) key.
    pub key: u64,
    /// The key of its mirror image.
    pub mirror: u64,
    /// Occupied cells, and the occupied cells of the mirror image.
    pub occupied: u64,
    /// The mirror image's occupied cells, so its successors need no decoding either.
    pub mirror_occupied: u64,
    /// The state it was reached from (the start is its own parent).
    pub parent: StateId,
    /// The key bit of the piece that moved last, or 64 for none.
    pub last: u8,
}

const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// Visited keys, their discovery order and parent links; refuses to grow past its budget.
pub struct KeyTable {
    slots: Vec<u64>,
    /// 64 minus log2 of the slot count: the hash keeps its top bits.
    shift: u32,
    nodes: Vec<Node>,
    budget_bytes: usize,
}

impl KeyTable {
    /// An empty table using at most `budget_bytes`.
    pub fn new(budget_bytes: usize) -> KeyTable {
        let mut slots = INITIAL_SLOTS;
        while slots > 16 && slots * 32 > budget_bytes {
            slots /= 2;
        }
        KeyTable {
            slots: vec![0; slots],
            shift: 64 - slots.trailing_zeros(),
            nodes: Vec::new(),
            budget_bytes,
        }
    }

    /// Number of stored keys.
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The position with id `id`.
    #[inline]
    pub fn node(&self, id: usize) -> &Node {
        &self.nodes[id]
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        ((key ^ key >> 31).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Stores `node` (whose key is never 0) unless its key is present; true when it is new.
    #[inline(always)]
    pub fn insert(&mut self, node: Node) -> Result<bool, OutOfMemory> {
        let key = node.key;
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s == 0 {
                break;
            }
            if s == key {
                return Ok(false);
            }
            i = (i + 1) & mask;
        }
        if self.nodes.len() == self.nodes.capacity() {
            self.reserve()?;
        }
        self.slots[i] = key;
        self.nodes.push(node);
        if self.nodes.len() * 2 > self.slots.len() {
            self.grow()?;
        }
        Ok(true)
    }

    fn bytes_for(&self, states: usize, slots: usize) -> usize {
        states * NODE_BYTES + slots * 8
    }

    /// Room for more states within the budget (up to the next rehash, or half the current
    /// count, less near the limit), leaving room for the slots to double once more. Memory
    /// that is reserved but never used is never touched, so this costs nothing up front.
    fn reserve(&mut self) -> Result<(), OutOfMemory> {
        let states = self.nodes.len();
        let out = OutOfMemory { states };
        let used = self.bytes_for(states, self.slots.len() * 2);
        let room = self.budget_bytes.checked_sub(used).ok_or(out)? / NODE_BYTES;
        let extra = (states / 2)
            .max(self.slots.len() / 2 + 1 - states.min(self.slots.len() / 2))
            .min(room)
            .min(StateId::MAX as usize - 1 - states);
        if extra == 0 {
            return Err(out);
        }
        self.nodes.try_reserve_exact(extra).map_err(|_| out)
    }

    /// Doubles the slots and re-inserts every key. The old slots are alive until the new ones
    /// exist, so both count.
    fn grow(&mut self) -> Result<(), OutOfMemory> {
        let size = self.slots.len() * 2;
        let out = OutOfMemory {
            states: self.nodes.len(),
        };
        let old = self.slots.len() * 8;
        if self.bytes_for(self.nodes.capacity(), size) + old > self.budget_bytes {
            return Err(out);
        }
        self.slots = super::table::try_filled(size, 0).ok_or(out)?;
        self.shift -= 1;
        let mask = size - 1;
        for id in 0..self.nodes.len() {
            let key = self.nodes[id].key;
            let mut i = self.home(key);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(key: u64, parent: u64) -> Node {
        Node {
            key,
            mirror: 0,
            occupied: 0,
            mirror_occupied: 0,
            parent: parent as StateId,
            last: 64,
        }
    }

    #[test]
    fn insert_dedups_keeps_order_and_survives_growth() {
        let mut t = KeyTable::new(1 << 24);
        for i in 1..100_000u64 {
            assert!(t.insert(node(i * 0x1_0001, i - 1)).unwrap());
        }
        assert!(!t.insert(node(1234 * 0x1_0001, 7)).unwrap());
        assert_eq!(t.len(), 99_999);
        assert_eq!(t.node(1233).key, 1234 * 0x1_0001);
        assert_eq!(t.node(1233).parent, 1233);
    }

    #[test]
    fn budget_is_enforced() {
        let mut t = KeyTable::new(64 * 1024);
        let err = (1..100_000u64).find_map(|i| t.insert(node(i, 0)).err());
        assert!(err.is_some_and(|e| e.states > 100 && e.states < 2000));
    }
}
