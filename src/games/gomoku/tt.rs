//! A lock-free transposition table shared by all search threads.
//!
//! Each slot is two atomics: the key XOR the data, and the data. A torn write (two threads
//! storing at once) fails the XOR check and reads as a miss, so no lock is needed.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bound kinds stored with a score.
pub const EXACT: u8 = 0;
pub const LOWER: u8 = 1;
pub const UPPER: u8 = 2;

/// One probe result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: u16,
    pub score: i32,
    pub depth: i32,
    pub bound: u8,
}

/// The table.
pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Tt {
    /// A table using at most `mib` MiB (a power of two number of 16-byte slots).
    pub fn new(mib: usize) -> Tt {
        let n = Self::slots_for(mib);
        let slots = zeroed_slots(n);
        Tt { slots, mask: n - 1 }
    }

    fn slots_for(mib: usize) -> usize {
        let bytes = mib.clamp(1, 1 << 20) << 20;
        let mut n = 1usize;
        while n * 2 * 16 <= bytes {
            n *= 2;
        }
        n
    }

    /// The size in MiB a table made with `mib` would report by [`Tt::mib`].
    pub fn new_size_mib(mib: usize) -> usize {
        (Self::slots_for(mib) * 16) >> 20
    }

    /// Size in MiB, rounded down; lets the game reuse a table of the right size.
    pub fn mib(&self) -> usize {
        (self.slots.len() * 16) >> 20
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[key as usize & self.mask];
        let data = s[1].load(Ordering::Relaxed);
        if s[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        Some(Entry {
            mv: data as u16,
            score: (data >> 16) as u16 as i16 as i32,
            depth: (data >> 32) as u8 as i8 as i32,
            bound: (data >> 40) as u8,
        })
    }

    pub fn store(&self, key: u64, e: Entry) {
        let s = &self.slots[key as usize & self.mask];
        let old = s[1].load(Ordering::Relaxed);
        let old_key = s[0].load(Ordering::Relaxed) ^ old;
        // Keep a deeper entry of the same position unless this one is exact.
        if old_key == key && ((old >> 32) as u8 as i8 as i32) > e.depth && e.bound != EXACT {
            return;
        }
        let data = e.mv as u64
            | ((e.score.clamp(-32000, 32000) as i16 as u16 as u64) << 16)
            | ((e.depth.clamp(-100, 127) as i8 as u8 as u64) << 32)
            | ((e.bound as u64) << 40)
            | (1 << 48);
        s[0].store(key ^ data, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }
}

/// `n` zeroed slots from one zeroed allocation, so a large table costs no up-front writes (the
/// operating system maps zero pages lazily) and `think` starts searching at once.
fn zeroed_slots(n: usize) -> Vec<[AtomicU64; 2]> {
    let same_layout = std::mem::size_of::<[AtomicU64; 2]>() == 2 * std::mem::size_of::<u64>()
        && std::mem::align_of::<[AtomicU64; 2]>() == std::mem::align_of::<u64>();
    let raw = vec![0u64; 2 * n];
    if !same_layout || raw.capacity() != 2 * n {
        return (0..n)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
    }
    let mut raw = std::mem::ManuallyDrop::new(raw);
    let ptr = raw.as_mut_ptr();
    // SAFETY: `[AtomicU64; 2]` has exactly the size and alignment of two `u64`s (checked above),
    // all-zero bits are valid atomics, and the allocation (2n u64s, capacity exactly 2n) is handed
    // over whole with the same layout, so the new Vec owns and frees it correctly.
    unsafe { Vec::from_raw_parts(ptr.cast::<[AtomicU64; 2]>(), n, n) }
}
