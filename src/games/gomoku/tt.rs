//! A lock-free transposition table shared by all search threads.
//!
//! Each slot is two atomics: the key XOR the data, and the data. A torn write (two threads
//! storing at once) fails the XOR check and reads as a miss, so no lock is needed.
//!
//! A table outlives its game: it waits as the [`Spare`], and the next game [`Tt::renew`]s it
//! (every entry then misses) instead of allocating a fresh one, whose pages the kernel would map
//! one fault at a time inside its first search's clock.
//!
//! The VCT's table entry ([`VctEntry`]) is kept here too: each searcher owns a plain table of
//! them, and the type sits below both the searcher and the VCT so neither imports the other.

use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A table a finished game left for the next game of the process, with the size (MiB) it was
/// asked for. A new table's pages are mapped by the kernel at first touch, 65,536 page faults for
/// 256 MiB, and a game that made its own would take them inside its first search's clock:
/// measured on a 1 s turn, depth 11 instead of 12 (docs/strength.md, forty-sixth session).
/// Managers and the match runner play a process's games one after another, so only its first
/// game pays.
pub struct Spare(parking_lot::Mutex<Option<(Arc<Tt>, usize)>>);

impl Spare {
    /// An empty holder; `const`, so the process's one spare can be a `static`.
    pub const fn new() -> Spare {
        Spare(parking_lot::const_mutex(None))
    }

    /// Keeps `table` for the next game, unless a helper thread of the last search still holds it
    /// (it could write into the next game's entries). One spare at most: an older one is freed.
    pub fn leave(&self, table: Arc<Tt>, asked_mib: usize) {
        let kept = (Arc::strong_count(&table) == 1).then_some((table, asked_mib));
        *self.0.lock() = kept;
    }

    /// The spare, emptied ([`Tt::renew`]), when the size it was asked for lies in `sizes` (MiB,
    /// from what the search wants to `hash`): a bigger one than the search wants costs nothing
    /// more, its pages are mapped already. One outside is freed: over `hash` (`max_memory` may
    /// have lowered it), the process must not hold it; under the wanted size, the caller makes a
    /// bigger one and must not hold both. Returns it with the size it was asked for.
    pub fn take(&self, sizes: RangeInclusive<usize>) -> Option<(Arc<Tt>, usize)> {
        match self.0.lock().take() {
            Some((t, asked)) if sizes.contains(&asked) => {
                t.renew();
                Some((t, asked))
            }
            _ => None,
        }
    }

    /// Frees the spare: the next game does not search with this table.
    pub fn release(&self) {
        *self.0.lock() = None;
    }
}

/// Bound kinds stored with a score.
pub const EXACT: u8 = 0;
pub const LOWER: u8 = 1;
pub const UPPER: u8 = 2;

/// The move of an entry whose node has none to offer: it failed low without a table move, and
/// the move that scored least badly there is no guide to the next search.
pub const NO_MOVE: u16 = u16::MAX;

/// One probe result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: u16,
    pub score: i32,
    /// In fractions of a ply (`params::tree::ONE_PLY` to the ply), as the search counts depth.
    pub depth: i32,
    pub bound: u8,
}

/// The table.
pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    /// Mixed into every key: a new salt makes every stored entry miss, an O(1) clear.
    salt: AtomicU64,
}

impl Tt {
    /// A table of at most `mib` MiB for tests and internal searches; a size that cannot be had is
    /// halved (see [`Tt::new_within`]).
    #[cfg(test)]
    pub fn new(mib: usize) -> Tt {
        match Self::new_within(mib) {
            Some((t, _)) => t,
            None => std::alloc::handle_alloc_error(std::alloc::Layout::new::<[AtomicU64; 2]>()),
        }
    }

    /// A table using at most `mib` MiB (a power of two number of 16-byte slots), or `None` when
    /// the memory cannot be had: the caller tries a smaller one instead of aborting.
    pub fn try_new(mib: usize) -> Option<Tt> {
        let n = Self::slots_for(mib);
        let slots = zeroed_slots(n)?;
        Some(Tt {
            slots,
            mask: n - 1,
            salt: AtomicU64::new(0),
        })
    }

    /// The biggest table of at most `mib` MiB that can be allocated, halving the size until one
    /// can (a 1 MiB table always can, or the process could not run at all); with the size in MiB
    /// it ended up with, so the caller can say when that is less than asked.
    pub fn new_within(mib: usize) -> Option<(Tt, usize)> {
        let mut size = Self::new_size_mib(mib).max(1);
        loop {
            if let Some(t) = Self::try_new(size) {
                return Some((t, size));
            }
            if size == 1 {
                return None;
            }
            size /= 2;
        }
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

    /// Size in MiB, rounded down.
    #[cfg(test)]
    pub fn mib(&self) -> usize {
        (self.slots.len() * 16) >> 20
    }

    /// Forgets every entry at once: later probes miss whatever the slots hold, and stores
    /// overwrite them (a different key never keeps its slot). For a new game in the same table.
    pub fn renew(&self) {
        let old = self.salt.load(Ordering::Relaxed);
        self.salt.store(
            crate::base::splitmix64(old ^ 0x9E37_79B9_7F4A_7C15),
            Ordering::Relaxed,
        );
    }

    #[inline]
    fn salted(&self, key: u64) -> u64 {
        key ^ self.salt.load(Ordering::Relaxed)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let key = self.salted(key);
        let s = &self.slots[key as usize & self.mask];
        let data = s[1].load(Ordering::Relaxed);
        if s[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        Some(Entry {
            mv: data as u16,
            score: (data >> 16) as u16 as i16 as i32,
            depth: stored_depth(data),
            bound: (data >> 48) as u8,
        })
    }

    /// Asks the CPU to load `key`'s slot into the cache: the table is far larger than the
    /// cache, so each probe is a memory miss, which the search can overlap with making the
    /// move that leads there.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let s = &self.slots[self.salted(key) as usize & self.mask];
            // SAFETY: a prefetch is only a hint; the address is of a live slot.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    (s as *const [AtomicU64; 2]).cast::<i8>(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn store(&self, key: u64, e: Entry) {
        let key = self.salted(key);
        let s = &self.slots[key as usize & self.mask];
        let old = s[1].load(Ordering::Relaxed);
        let old_key = s[0].load(Ordering::Relaxed) ^ old;
        // Keep a deeper entry of the same position unless this one is exact.
        if old_key == key && stored_depth(old) > e.depth && e.bound != EXACT {
            return;
        }
        let data = e.mv as u64
            | ((e.score.clamp(-32000, 32000) as i16 as u16 as u64) << 16)
            | ((e.depth.clamp(-30000, 30000) as i16 as u16 as u64) << 32)
            | ((e.bound as u64) << 48)
            | (1 << 56);
        s[0].store(key ^ data, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }
}

/// The depth field of a slot's data (bits 32-47, signed), read by both probe and store.
#[inline]
fn stored_depth(data: u64) -> i32 {
    i32::from((data >> 32) as u16 as i16)
}

/// `n` zeroed slots from one zeroed allocation, so a large table costs no up-front writes (the
/// operating system maps zero pages lazily) and `think` starts searching at once. `None` when the
/// allocator refuses (never an abort).
fn zeroed_slots(n: usize) -> Option<Vec<[AtomicU64; 2]>> {
    let layout = std::alloc::Layout::array::<[AtomicU64; 2]>(n).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a non-zero size (checked above).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` is a fresh allocation made with exactly the layout of `n` `[AtomicU64; 2]`
    // (the global allocator, as `Vec` uses), all-zero bits are valid atomics, and the Vec takes
    // ownership with length and capacity `n`, so it frees it with the same layout.
    Some(unsafe { Vec::from_raw_parts(ptr.cast::<[AtomicU64; 2]>(), n, n) })
}

/// What is proven about one attacker node of the VCT (`search/vct.rs`): a win within `win`
/// attacker moves (`i8::MAX`: none), no win within `fail` (-1: none). Only results found without
/// hitting the budget are stored, so an entry is true whatever budget a later search has. Each
/// searcher owns its table of these (no atomics); the type lives here, below both the searcher
/// that holds the table and the VCT that fills it.
#[derive(Clone, Copy)]
pub struct VctEntry {
    pub(super) key: u64,
    pub(super) win: i8,
    pub(super) fail: i8,
}

impl VctEntry {
    /// A slot that proves nothing.
    pub(super) const EMPTY: VctEntry = VctEntry {
        key: 0,
        win: i8::MAX,
        fail: -1,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spare_is_taken_once_emptied_and_only_within_the_wanted_sizes() {
        let spare = Spare::new();
        let t = Arc::new(Tt::new(1));
        t.store(
            99,
            Entry {
                mv: 1,
                score: 5,
                depth: 8,
                bound: EXACT,
            },
        );
        spare.leave(t.clone(), 1);
        assert!(
            spare.take(1..=1).is_none(),
            "a table still shared is not kept"
        );
        let ptr = Arc::as_ptr(&t);
        spare.leave(t, 1);
        let (again, asked) = spare.take(1..=1).expect("kept for a game of the same hash");
        assert_eq!(asked, 1);
        assert_eq!(Arc::as_ptr(&again), ptr);
        assert!(again.probe(99).is_none(), "emptied for the new game");
        assert!(spare.take(1..=1).is_none(), "taken once");
        spare.leave(again, 1);
        assert!(
            spare.take(2..=2).is_none(),
            "a search wanting more frees it"
        );
        assert!(spare.take(1..=1).is_none(), "freed, not kept");
        spare.leave(Arc::new(Tt::new(2)), 2);
        assert!(
            spare.take(1..=1).is_none(),
            "a hash lowered below it frees it"
        );
        assert!(spare.take(1..=2).is_none(), "freed, not kept");
        spare.leave(Arc::new(Tt::new(2)), 2);
        let (bigger, asked) = spare
            .take(1..=4)
            .expect("a bigger table than wanted is taken");
        assert_eq!((bigger.mib(), asked), (2, 2));
        spare.leave(bigger, 2);
        spare.release();
        assert!(spare.take(1..=4).is_none());
    }

    #[test]
    fn a_renewed_table_misses_every_old_entry_and_keeps_new_ones() {
        let t = Tt::new(1);
        let e = Entry {
            mv: 7,
            score: 42,
            depth: 32,
            bound: EXACT,
        };
        t.store(12_345, e);
        assert_eq!(t.probe(12_345).map(|f| f.score), Some(42));
        t.renew();
        assert!(t.probe(12_345).is_none());
        t.store(12_345, Entry { score: 7, ..e });
        assert_eq!(t.probe(12_345).map(|f| f.score), Some(7));
    }

    #[test]
    fn an_impossible_table_is_refused_and_a_smaller_one_found() {
        // More than the address space can hold: refused, not an abort.
        assert!(zeroed_slots(usize::MAX / 8).is_none());
        assert!(zeroed_slots(1 << 59).is_none());
        let (t, mib) = Tt::new_within(4).expect("a 4 MiB table");
        assert_eq!(mib, 4);
        assert_eq!(t.mib(), 4);
        t.store(
            99,
            Entry {
                mv: 3,
                score: 5,
                depth: 2,
                bound: EXACT,
            },
        );
        assert_eq!(t.probe(99).map(|e| (e.mv, e.score)), Some((3, 5)));
    }

    /// The search stores depth in sixteenths of a ply, so an iteration of 60 plies with its
    /// extensions needs far more than a byte; a fraction and a negative depth come back whole,
    /// and the deeper entry of a position still wins over a shallower bound.
    #[test]
    fn fractional_and_deep_depths_round_trip() {
        use crate::games::gomoku::params::tree::ONE_PLY;
        let t = Tt::new(1);
        for depth in [0, 5, -ONE_PLY * 3 - 7, ONE_PLY * 120 + 9] {
            let e = Entry {
                mv: 7,
                score: -40,
                depth,
                bound: EXACT,
            };
            t.store(1234, e);
            let got = t.probe(1234).expect("stored");
            assert_eq!(
                (got.mv, got.score, got.depth, got.bound),
                (7, -40, depth, EXACT)
            );
        }
        let shallow = Entry {
            mv: 8,
            score: 1,
            depth: ONE_PLY * 120,
            bound: LOWER,
        };
        t.store(1234, shallow);
        assert_eq!(t.probe(1234).map(|e| e.mv), Some(7));
    }
}
