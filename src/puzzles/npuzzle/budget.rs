//! The memory budget of the searches that store states (BFS, bidirectional BFS, A*), counted in
//! the bytes the allocator really hands out, so that it bounds the peak resident size.
//!
//! A hash map or a vector grows by doubling, and while it grows the old and the new allocation
//! are alive together: a search that counted only stored states peaked at 1.7-1.8 times its
//! budget (issue 13). Here every container is grown explicitly, fallibly, and only when the old
//! and new allocations together with everything else the search holds fit the budget; otherwise
//! the search stops with its out-of-memory answer.

use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasher, Hash};

/// Control bytes a hash table allocates past its buckets (one SIMD group).
const MAP_TAIL_BYTES: usize = 16;

/// A memory limit in bytes.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    limit: usize,
}

impl Budget {
    /// The `hash` option's budget.
    pub fn from_mib(mib: usize) -> Budget {
        Budget {
            limit: mib.saturating_mul(1 << 20),
        }
    }

    /// Makes room for one more entry in `map`, growing it if full, provided the old table, the
    /// new one and `others` bytes fit together; `false` when they do not (or the allocator
    /// refuses), leaving `map` as it was.
    pub fn room_in_map<K: Eq + Hash, V, S: BuildHasher>(
        &self,
        map: &mut HashMap<K, V, S>,
        others: usize,
    ) -> bool {
        if map.len() < map.capacity() {
            return true;
        }
        let now = map_bytes::<K, V>(map.capacity());
        let grown = map_bytes::<K, V>(map.capacity() + 1);
        others.saturating_add(now).saturating_add(grown) <= self.limit && map.try_reserve(1).is_ok()
    }

    /// Makes room for one more element in `v`, doubling it if full, under the same rule.
    pub fn room_in_vec<T>(&self, v: &mut Vec<T>, others: usize) -> bool {
        match self.vec_growth::<T>(v.len(), v.capacity(), others) {
            None => true,
            Some(extra) => extra > 0 && v.try_reserve_exact(extra).is_ok(),
        }
    }

    /// The same for a binary heap (a vector inside).
    pub fn room_in_heap<T: Ord>(&self, h: &mut BinaryHeap<T>, others: usize) -> bool {
        match self.vec_growth::<T>(h.len(), h.capacity(), others) {
            None => true,
            Some(extra) => extra > 0 && h.try_reserve_exact(extra).is_ok(),
        }
    }

    /// `None` when a vector has room; else how much to grow it by (0: not within the budget).
    fn vec_growth<T>(&self, len: usize, capacity: usize, others: usize) -> Option<usize> {
        if len < capacity {
            return None;
        }
        let extra = capacity.max(MIN_VEC_GROWTH);
        let now = vec_bytes::<T>(capacity);
        let grown = vec_bytes::<T>(capacity + extra);
        let fits = others.saturating_add(now).saturating_add(grown) <= self.limit;
        Some(if fits { extra } else { 0 })
    }
}

/// The smallest growth of a vector, so that small ones do not reallocate at every push.
const MIN_VEC_GROWTH: usize = 64;

/// Bytes of a hash table with room for `capacity` entries: buckets are a power of two at most
/// 7/8 full, each with its entry and one control byte.
pub fn map_bytes<K, V>(capacity: usize) -> usize {
    let buckets = if capacity < 8 {
        if capacity < 4 {
            4
        } else {
            8
        }
    } else {
        (capacity.saturating_mul(8) / 7).next_power_of_two()
    };
    buckets * (std::mem::size_of::<(K, V)>() + 1) + MAP_TAIL_BYTES
}

/// Bytes of a map's current table.
pub fn map_now<K, V, S>(map: &HashMap<K, V, S>) -> usize {
    map_bytes::<K, V>(map.capacity())
}

/// Bytes of a vector with room for `capacity` elements.
pub fn vec_bytes<T>(capacity: usize) -> usize {
    capacity.saturating_mul(std::mem::size_of::<T>())
}

/// Bytes of a vector's current allocation.
pub fn vec_now<T>(v: &Vec<T>) -> usize {
    vec_bytes::<T>(v.capacity())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_bytes_matches_the_tables_growth() {
        let mut m: HashMap<u128, u32> = HashMap::new();
        m.insert(1, 1);
        let b = Budget::from_mib(4);
        let mut grew_past = 0;
        for k in 2..20_000u128 {
            let cap = m.capacity();
            assert!(b.room_in_map(&mut m, 0));
            if m.capacity() != cap {
                // One growth: the new table is twice the buckets of the old.
                assert_eq!(
                    map_bytes::<u128, u32>(m.capacity()) - MAP_TAIL_BYTES,
                    2 * (map_bytes::<u128, u32>(cap) - MAP_TAIL_BYTES)
                );
                grew_past = cap;
            }
            m.insert(k, 0);
        }
        assert!(grew_past > 8_000);
    }

    #[test]
    fn growth_stops_at_the_budget() {
        let b = Budget::from_mib(1);
        let mut m: HashMap<u128, u32> = HashMap::new();
        let mut k = 0u128;
        while b.room_in_map(&mut m, 0) {
            m.insert(k, 0);
            k += 1;
        }
        // Old and new table (33 bytes a bucket) never passed 1 MiB together.
        assert!(3 * map_now(&m) / 2 <= 1 << 20, "{} bytes", map_now(&m));
        assert!(map_now(&m) > (1 << 20) / 4, "{} bytes", map_now(&m));
        let mut v: Vec<u128> = Vec::new();
        while b.room_in_vec(&mut v, 1 << 19) {
            v.push(0);
        }
        assert!(vec_bytes::<u128>(v.capacity()) <= 1 << 19);
        assert!(v.len() > 1000);
    }
}
