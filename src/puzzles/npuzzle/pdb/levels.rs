//! The large-table builder (7- and 8-tile patterns on 4x4, 6-tile ones on 5x5): level-synchronous,
//! on all cores.
//!
//! Same costs as [`super::build`] (only pattern-tile moves cost 1, the blank roams its empty
//! region for free, an entry is the minimum over blank positions), but instead of queues of
//! states it keeps three arrays of 16-bit blank-cell masks indexed by placement rank: `seen`
//! (regions reached so far), `cur` (regions first reached at this depth) and `next`. A level scans
//! `cur` in chunks handed out to worker threads; `fetch_or` on `seen` decides which thread claims
//! a newly reached (placement, region) pair, so the result does not depend on thread timing. For
//! 8 tiles on 16 cells that is 3 × 1 GiB of masks plus the 519 MB table during the build. Boards
//! above 16 cells (up to 31) use 32-bit masks: 6 tiles on 25 cells is 3 × 510 MB plus 127.5 MB.

use std::sync::atomic::{
    AtomicBool, AtomicU16, AtomicU32, AtomicU8, AtomicUsize, Ordering::Relaxed,
};

use super::build::{Geometry, UNSET};
use super::{rank, table_len};
use crate::puzzles::npuzzle::board::Shape;
use crate::search::SearchControl;

/// Placements per work unit handed to a thread.
const CHUNK: usize = 1 << 15;

/// A per-placement set of blank cells: 16 bits where they suffice (half the memory), else 32.
trait Mask: Sync + Sized {
    /// `n` zeroed masks, or `None` when the memory cannot be had.
    fn zeroed(n: usize) -> Option<Vec<Self>>;
    fn get(&self) -> u32;
    fn set(&self, v: u32);
    fn or(&self, v: u32) -> u32;
}

impl Mask for AtomicU16 {
    fn zeroed(n: usize) -> Option<Vec<Self>> {
        super::try_collect(n, |_| AtomicU16::new(0))
    }
    fn get(&self) -> u32 {
        self.load(Relaxed) as u32
    }
    fn set(&self, v: u32) {
        self.store(v as u16, Relaxed)
    }
    fn or(&self, v: u32) -> u32 {
        self.fetch_or(v as u16, Relaxed) as u32
    }
}

impl Mask for AtomicU32 {
    fn zeroed(n: usize) -> Option<Vec<Self>> {
        super::try_collect(n, |_| AtomicU32::new(0))
    }
    fn get(&self) -> u32 {
        self.load(Relaxed)
    }
    fn set(&self, v: u32) {
        self.store(v, Relaxed)
    }
    fn or(&self, v: u32) -> u32 {
        self.fetch_or(v, Relaxed)
    }
}

/// Builds the table for the tiles whose goal cells are `cells`, goal blank at `blank`, using
/// `threads` workers. `None` when `control` stops it or the sizes are out of range (boards up
/// to 31 cells, patterns up to 8 tiles).
pub fn build(
    shape: Shape,
    cells: &[u8],
    blank: usize,
    threads: usize,
    control: &SearchControl,
) -> Option<Vec<u8>> {
    if shape.area() <= 16 {
        build_with::<AtomicU16>(shape, cells, blank, threads, control)
    } else {
        build_with::<AtomicU32>(shape, cells, blank, threads, control)
    }
}

fn build_with<M: Mask>(
    shape: Shape,
    cells: &[u8],
    blank: usize,
    threads: usize,
    control: &SearchControl,
) -> Option<Vec<u8>> {
    let geo = Geometry::new(shape);
    let (area, k) = (geo.area, cells.len());
    if area > 31 || k == 0 || k > 8 || blank >= area || cells.iter().any(|&c| c as usize >= area) {
        return None;
    }
    let full = (1u32 << area) - 1;
    let n = table_len(area, k);
    let table: Vec<AtomicU8> = super::try_collect(n, |_| AtomicU8::new(UNSET))?;
    let seen = M::zeroed(n)?;
    let mut cur = M::zeroed(n)?;
    let mut next = M::zeroed(n)?;
    let start = rank(cells, area);
    let occ0 = cells.iter().fold(0u32, |m, &c| m | (1 << c));
    let region0 = geo.flood(blank, full & !occ0);
    seen[start].set(region0);
    cur[start].set(region0);
    let mut depth = 0u8;
    loop {
        let counter = AtomicUsize::new(0);
        let any = AtomicBool::new(false);
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            for _ in 0..threads.max(1) {
                s.spawn(|| {
                    let mut p = [0u8; 16];
                    let mut found = false;
                    loop {
                        let lo = counter.fetch_add(CHUNK, Relaxed);
                        if lo >= n || stop.load(Relaxed) {
                            break;
                        }
                        if control.stopped() {
                            stop.store(true, Relaxed);
                            break;
                        }
                        for idx in lo..(lo + CHUNK).min(n) {
                            let mut m = cur[idx].get();
                            if m == 0 {
                                continue;
                            }
                            cur[idx].set(0);
                            if table[idx].load(Relaxed) == UNSET {
                                table[idx].store(depth, Relaxed);
                            }
                            geo.unrank(idx, k, &mut p);
                            let occ = p[..k].iter().fold(0u32, |a, &c| a | (1 << c));
                            while m != 0 {
                                let b = m.trailing_zeros() as usize;
                                let region = geo.flood(b, full & !occ);
                                m &= !region;
                                geo.region_moves(&mut p, k, occ, region, |nidx, from, nocc| {
                                    if seen[nidx].get() & (1 << from) != 0 {
                                        return;
                                    }
                                    let nregion = geo.flood(from as usize, full & !nocc);
                                    let old = seen[nidx].or(nregion);
                                    if old & (1 << from) == 0 {
                                        next[nidx].or(nregion);
                                        found = true;
                                    }
                                });
                            }
                        }
                    }
                    if found {
                        any.store(true, Relaxed);
                    }
                });
            }
        });
        if stop.load(Relaxed) {
            return None;
        }
        if !any.load(Relaxed) {
            break;
        }
        std::mem::swap(&mut cur, &mut next);
        depth = depth.checked_add(1).filter(|&d| d < UNSET)?;
    }
    drop((seen, cur, next));
    Some(table.into_iter().map(AtomicU8::into_inner).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_queue_builder() {
        let control = SearchControl::unlimited();
        for (shape, cells, blank) in [
            (Shape { w: 3, h: 3 }, vec![1u8, 2, 3, 4], 0usize),
            (Shape { w: 3, h: 3 }, vec![0u8, 4, 8], 6),
            (Shape { w: 4, h: 4 }, vec![1u8, 2, 3], 0),
            (Shape { w: 4, h: 3 }, vec![11u8, 5, 6, 0], 3),
        ] {
            let a = super::super::build::build(shape, &cells, blank, &control).unwrap();
            let b = build(shape, &cells, blank, 2, &control).unwrap();
            assert_eq!(a, b, "{cells:?}");
            assert!(b.iter().all(|&v| v != UNSET));
        }
    }
}
