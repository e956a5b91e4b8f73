//! The visited set: states stored once, in discovery order, with a parent link each.
//!
//! Because a breadth-first search discovers states level by level, the arena itself is the BFS
//! queue: each level is a contiguous index range. An open-addressing table of `u32` indices over
//! the arena avoids storing keys twice. Nothing here is Klotski-specific: any puzzle whose states
//! are a few `u64` words could use it.

use super::key::PackedKey;

/// Index of a state in the arena.
pub type StateId = u32;
const EMPTY: u32 = u32::MAX;

/// Arena of fixed-width states plus a hash index; refuses to grow past its memory budget.
pub struct StateTable<K> {
    keys: Vec<K>,
    parents: Vec<StateId>,
    slots: Vec<u32>,
    budget_bytes: usize,
}

/// The table would exceed its memory budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfMemory {
    /// States stored when the limit was hit.
    pub states: usize,
}

impl<K: PackedKey> StateTable<K> {
    /// An empty table using at most `budget_bytes`.
    pub fn new(budget_bytes: usize) -> StateTable<K> {
        // Big enough that typical 4x5 searches never rehash, small next to a tiny budget.
        let mut slots = 1usize << 15;
        while slots > 16 && slots * 16 > budget_bytes {
            slots /= 2;
        }
        StateTable {
            keys: Vec::new(),
            parents: Vec::new(),
            slots: vec![EMPTY; slots],
            budget_bytes,
        }
    }

    /// Number of stored states.
    pub fn len(&self) -> usize {
        self.parents.len()
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    /// The state with id `id`.
    #[inline]
    pub fn state(&self, id: StateId) -> &K {
        &self.keys[id as usize]
    }

    /// The state `id` was reached from (the start state is its own parent).
    pub fn parent(&self, id: StateId) -> StateId {
        self.parents[id as usize]
    }

    /// Bytes held by a table with these capacities.
    fn bytes_for(states: usize, slots: usize) -> usize {
        states * (std::mem::size_of::<K>() + 4) + slots * 4
    }

    /// Stores `key` unless present; returns its new id, or `None` when it was already there.
    #[inline(always)]
    pub fn insert(&mut self, key: &K, parent: StateId) -> Result<Option<StateId>, OutOfMemory> {
        let mask = self.slots.len() - 1;
        let mut i = key.hash() as usize & mask;
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                break;
            }
            if self.keys[s as usize] == *key {
                return Ok(None);
            }
            i = (i + 1) & mask;
        }
        let id = self.keys.len();
        if id == self.keys.capacity() {
            self.reserve()?;
        }
        self.slots[i] = id as u32;
        self.keys.push(*key);
        self.parents.push(parent);
        if (id + 1) * 2 > self.slots.len() {
            self.grow()?;
        }
        Ok(Some(id as u32))
    }

    /// Makes room for more states within the budget (by half the current count, at least 8192,
    /// less near the limit so the last states still fit).
    fn reserve(&mut self) -> Result<(), OutOfMemory> {
        let states = self.keys.len();
        let out = OutOfMemory { states };
        // Leave room for the index to double once more.
        let used = Self::bytes_for(states, self.slots.len() * 2);
        let room = self.budget_bytes.checked_sub(used).ok_or(out)? / (std::mem::size_of::<K>() + 4);
        let extra = (states / 2)
            .max(8192)
            .min(room)
            .min(EMPTY as usize - 1 - states);
        if extra == 0 {
            return Err(out);
        }
        self.keys.try_reserve_exact(extra).map_err(|_| out)?;
        self.parents.try_reserve_exact(extra).map_err(|_| out)
    }

    /// Doubles the index and re-inserts every state. The old index is alive until the new one
    /// exists, so both count.
    fn grow(&mut self) -> Result<(), OutOfMemory> {
        let states = self.keys.len();
        let size = self.slots.len() * 2;
        let old = self.slots.len() * 4;
        if Self::bytes_for(self.keys.capacity(), size) + old > self.budget_bytes {
            return Err(OutOfMemory { states });
        }
        let mask = size - 1;
        let mut slots = try_filled(size, EMPTY).ok_or(OutOfMemory { states })?;
        for (id, key) in self.keys.iter().enumerate() {
            let mut i = key.hash() as usize & mask;
            while slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            slots[i] = id as u32;
        }
        self.slots = slots;
        Ok(())
    }
}

/// `n` copies of `value`, or `None` when the allocator refuses (a search then reports that it
/// is out of memory instead of aborting the process).
pub fn try_filled<T: Copy>(n: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    v.resize(n, value);
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_dedups_and_keeps_order() {
        let mut t = StateTable::<[u64; 2]>::new(1 << 20);
        for i in 0..10_000u64 {
            assert_eq!(t.insert(&[i, i * 7], 0).unwrap(), Some(i as u32));
        }
        assert_eq!(t.insert(&[5, 35], 3).unwrap(), None);
        assert_eq!(t.len(), 10_000);
        assert_eq!(t.state(1234), &[1234, 1234 * 7]);
    }

    #[test]
    fn budget_is_enforced() {
        let mut t = StateTable::<[u64; 4]>::new(64 * 1024);
        let mut err = None;
        for i in 0..100_000u64 {
            if let Err(e) = t.insert(&[i, 0, 0, 0], 0) {
                err = Some(e);
                break;
            }
        }
        assert!(err.is_some_and(|e| e.states > 100 && e.states < 2000));
    }
}
