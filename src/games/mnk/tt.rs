//! The solver's transposition table: exact game-theoretic bounds keyed by the canonical hash.
//!
//! Solver values never depend on a search depth (every search runs to the end of the game,
//! bounded only by its window), so an entry is valid for any later probe of the same position.
//! Two slots per bucket: one keeps the entry nearest the root (most empty cells: the costliest
//! to recompute), the other always takes the newest.

/// Bytes per entry (key, value, bound, empties, best move).
const ENTRY_BYTES: usize = 16;
/// Entries per bucket.
const WAYS: usize = 2;

/// How a stored value bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One slot: the key, then the data packed in a second word.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    data: u64,
}

impl Entry {
    /// Packs the value (low 16 bits), the bound (0 empty slot, 1 exact, 2 lower, 3 upper), the
    /// empty cells and the best move in canonical orientation plus one (0: none).
    fn pack(value: i32, bound: u8, empties: u8, best: u16) -> u64 {
        (value as i16 as u16 as u64)
            | (bound as u64) << 16
            | (empties as u64) << 24
            | (best as u64) << 32
    }
    fn value(self) -> i32 {
        self.data as u16 as i16 as i32
    }
    fn bound(self) -> u8 {
        (self.data >> 16) as u8
    }
    fn empties(self) -> u8 {
        (self.data >> 24) as u8
    }
    fn best(self) -> u16 {
        (self.data >> 32) as u16
    }
}

/// What a probe finds.
pub struct Hit {
    pub value: i32,
    pub bound: Bound,
    /// The best move in canonical orientation, if one was stored.
    pub best: Option<usize>,
}

/// A fixed-size table, sized in MiB at creation.
pub struct Table {
    /// Entries as `[key, data]`, so a new table is a zeroed allocation.
    entries: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of at most `mib` MiB (a power of two of buckets, at least one), or `None` when
    /// the allocator refuses: never an abort.
    pub fn try_new(mib: usize) -> Option<Table> {
        let want = (mib.clamp(1, 1 << 20) << 20) / (ENTRY_BYTES * WAYS);
        let buckets = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        }
        .max(1);
        Some(Table {
            entries: zeroed(buckets * WAYS)?,
            mask: buckets - 1,
        })
    }

    /// The biggest table of at most `mib` MiB that can be had, halving; `None` if not even
    /// 1 MiB can.
    pub fn new_within(mib: usize) -> Option<Table> {
        let mut mib = mib.max(1);
        loop {
            if let Some(t) = Table::try_new(mib) {
                return Some(t);
            }
            if mib == 1 {
                return None;
            }
            mib /= 2;
        }
    }

    /// A table of `mib` MiB, or the biggest that can be had (tests and benchmarks).
    pub fn new(mib: usize) -> Table {
        Table::new_within(mib).unwrap_or(Table {
            entries: vec![[0; 2]; WAYS],
            mask: 0,
        })
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * WAYS
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        let e = self.entries[b..b + WAYS]
            .iter()
            .map(|&[key, data]| Entry { key, data })
            .find(|e| e.bound() != 0 && e.key == key)?;
        Some(Hit {
            value: e.value(),
            bound: match e.bound() {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (e.best() > 0).then(|| e.best() as usize - 1),
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        value: i32,
        bound: Bound,
        empties: usize,
        best: Option<usize>,
    ) {
        let b = self.bucket(key);
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let empties = empties.min(u8::MAX as usize) as u8;
        let best = best.map_or(0, |m| m as u16 + 1);
        let entry = Entry {
            key,
            data: Entry::pack(value, bound, empties, best),
        };
        let [keep_key, keep_data] = self.entries[b];
        let keep = Entry {
            key: keep_key,
            data: keep_data,
        };
        let slot = if keep.bound() == 0 || keep.key == key || empties >= keep.empties() {
            b
        } else {
            b + 1
        };
        self.entries[slot] = [entry.key, entry.data];
    }
}

/// `n` zeroed entries from one zeroed allocation: the operating system maps zero pages lazily,
/// so a big table costs nothing until used. `None` when the allocator refuses (never an abort).
/// The same construction as the gomoku table's.
fn zeroed(n: usize) -> Option<Vec<[u64; 2]>> {
    let layout = std::alloc::Layout::array::<[u64; 2]>(n).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a non-zero size (checked above).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` is a fresh allocation made with exactly the layout of `n` `[u64; 2]` (the
    // global allocator, as `Vec` uses), all-zero bits are valid integers, and the Vec takes
    // ownership with length and capacity `n`, so it frees it with the same layout.
    Some(unsafe { Vec::from_raw_parts(ptr.cast::<[u64; 2]>(), n, n) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_with_the_deeper_entry_kept() {
        assert!(zeroed(usize::MAX / 8).is_none());
        let mut t = Table::new(1);
        let stride = (t.mask as u64) + 1;
        t.store(7, 5, Bound::Lower, 10, Some(3));
        // Same bucket, fewer empties: goes to the second slot and keeps the first.
        t.store(7 + stride, -2, Bound::Upper, 4, None);
        let hit = t.probe(7).unwrap();
        assert_eq!((hit.value, hit.bound, hit.best), (5, Bound::Lower, Some(3)));
        let hit = t.probe(7 + stride).unwrap();
        assert_eq!((hit.value, hit.bound, hit.best), (-2, Bound::Upper, None));
        assert!(t.probe(8).is_none());
    }
}
