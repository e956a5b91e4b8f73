//! The visited set: states stored once, in discovery order, with a parent link each.
//!
//! Because a breadth-first search discovers states level by level, the arena itself is the BFS
//! queue: each level is a contiguous index range. An open-addressing table of `u32` indices over
//! the arena avoids storing keys twice. Nothing here is Klotski-specific: any puzzle whose states
//! are a few `u64` words could use it.

use super::key::Key;

/// Index of a state in the arena.
pub type StateId = u32;
const EMPTY: u32 = u32::MAX;

/// Arena of fixed-width states plus a hash index; refuses to grow past its memory budget.
pub struct StateTable<const N: usize> {
    keys: Vec<Key<N>>,
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

#[inline]
fn hash<const N: usize>(key: &Key<N>) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 32;
    }
    h
}

impl<const N: usize> StateTable<N> {
    /// An empty table using at most `budget_bytes`.
    pub fn new(budget_bytes: usize) -> StateTable<N> {
        StateTable {
            keys: Vec::new(),
            parents: Vec::new(),
            slots: vec![EMPTY; 1 << 12],
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
    pub fn state(&self, id: StateId) -> &Key<N> {
        &self.keys[id as usize]
    }

    /// The state `id` was reached from (the start state is its own parent).
    pub fn parent(&self, id: StateId) -> StateId {
        self.parents[id as usize]
    }

    /// Bytes used by a table holding `states` states with `slots` index slots.
    fn bytes_for(&self, states: usize, slots: usize) -> usize {
        states * (N * 8 + 4) + slots * 4
    }

    /// Stores `key` unless present; returns its new id, or `None` when it was already there.
    #[inline]
    pub fn insert(
        &mut self,
        key: &Key<N>,
        parent: StateId,
    ) -> Result<Option<StateId>, OutOfMemory> {
        let mask = self.slots.len() - 1;
        let mut i = hash(key) as usize & mask;
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
        let id = self.parents.len();
        if self.bytes_for(id + 1, self.slots.len()) > self.budget_bytes || id >= EMPTY as usize - 1
        {
            return Err(OutOfMemory { states: id });
        }
        if self.keys.len() == self.keys.capacity() {
            // Grow by half rather than double near the budget, so the last steps still fit.
            let room = self
                .budget_bytes
                .saturating_sub(self.bytes_for(id, self.slots.len() * 2));
            let max_states = room / (N * 8 + 4);
            let extra = (id / 2).max(1024).min(max_states.max(1));
            self.keys.reserve_exact(extra);
            self.parents.reserve_exact(extra);
        }
        self.slots[i] = id as u32;
        self.keys.push(*key);
        self.parents.push(parent);
        if (id + 1) * 2 > self.slots.len() {
            self.grow(id + 1)?;
        }
        Ok(Some(id as u32))
    }

    /// Doubles the index and re-inserts every state.
    fn grow(&mut self, states: usize) -> Result<(), OutOfMemory> {
        let size = self.slots.len() * 2;
        if self.bytes_for(states, size) > self.budget_bytes {
            return Err(OutOfMemory { states });
        }
        let mask = size - 1;
        let mut slots = vec![EMPTY; size];
        for id in 0..states {
            let mut i = hash(self.state(id as u32)) as usize & mask;
            while slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            slots[i] = id as u32;
        }
        self.slots = slots;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_dedups_and_keeps_order() {
        let mut t = StateTable::<2>::new(1 << 20);
        for i in 0..10_000u64 {
            assert_eq!(t.insert(&[i, i * 7], 0).unwrap(), Some(i as u32));
        }
        assert_eq!(t.insert(&[5, 35], 3).unwrap(), None);
        assert_eq!(t.len(), 10_000);
        assert_eq!(t.state(1234), &[1234, 1234 * 7]);
    }

    #[test]
    fn budget_is_enforced() {
        let mut t = StateTable::<4>::new(64 * 1024);
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
