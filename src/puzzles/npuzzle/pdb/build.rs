//! Building one pattern database by breadth-first search backward from the goal.
//!
//! A search state is (cells of the pattern's tiles, the blank's cell), but every blank cell of one
//! connected empty region is equivalent (the blank moves there for free), so on reaching a state the
//! whole region is marked at once in a 16-bit mask per placement. Only moves of pattern tiles
//! cost 1; the BFS is by layers of that cost, and a placement's entry is the first layer reaching
//! it with any blank region, i.e. the minimum over blank positions.

use super::{rank, table_len};
use crate::puzzles::npuzzle::board::{Dir, Shape};
use crate::search::SearchControl;

/// Marks unreached entries during the build; never left in a finished table.
pub const UNSET: u8 = u8::MAX;

/// Cell adjacency as bit masks, shared with the large-table builder.
pub(super) struct Geometry {
    pub(super) area: usize,
    pub(super) nbr: Vec<u32>,
}

impl Geometry {
    pub(super) fn new(shape: Shape) -> Geometry {
        let nbr = (0..shape.area())
            .map(|c| {
                Dir::ALL
                    .iter()
                    .filter_map(|&d| shape.step(c, d))
                    .fold(0u32, |m, n| m | (1 << n))
            })
            .collect();
        Geometry {
            area: shape.area(),
            nbr,
        }
    }

    /// Every move of one tile of placement `p[..k]` (occupied cells `occ`) into the blank's
    /// `region`, as both builders make them: calls `visit(nidx, from, nocc)` with the target
    /// placement's rank, the moved tile's old cell (where the blank now is) and the occupied
    /// cells after the move. `p` is left as it was.
    pub(super) fn region_moves(
        &self,
        p: &mut [u8; 16],
        k: usize,
        occ: u32,
        region: u32,
        mut visit: impl FnMut(usize, u8, u32),
    ) {
        for i in 0..k {
            let from = p[i];
            let mut targets = self.nbr[from as usize] & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                p[i] = to;
                let nidx = rank(&p[..k], self.area);
                p[i] = from;
                visit(nidx, from, (occ & !(1 << from)) | (1 << to));
            }
        }
    }

    /// Cells reachable from `from` through `empty` cells (bit masks).
    pub(super) fn flood(&self, from: usize, empty: u32) -> u32 {
        let mut region = 1u32 << from;
        let mut frontier = region;
        while frontier != 0 {
            let mut grow = 0;
            let mut f = frontier;
            while f != 0 {
                let c = f.trailing_zeros() as usize;
                f &= f - 1;
                grow |= self.nbr[c];
            }
            frontier = grow & empty & !region;
            region |= frontier;
        }
        region
    }

    /// Inverse of [`rank`]: the `k` cells of placement `r`.
    pub(super) fn unrank(&self, mut r: usize, k: usize, out: &mut [u8]) {
        let mut digits = [0usize; 16];
        for i in (0..k).rev() {
            let base = self.area - i;
            digits[i] = r % base;
            r /= base;
        }
        let mut used = 0u32;
        for i in 0..k {
            // The digits[i]-th free cell in increasing order.
            let mut free = !used & ((1u32 << self.area) - 1);
            for _ in 0..digits[i] {
                free &= free - 1;
            }
            let c = free.trailing_zeros();
            out[i] = c as u8;
            used |= 1 << c;
        }
    }
}

/// Builds the table for the tiles whose goal cells are `cells`, goal blank at `blank`.
/// `None` when `control` stops it or the memory cannot be had. Boards up to 16 cells.
pub fn build(shape: Shape, cells: &[u8], blank: usize, control: &SearchControl) -> Option<Vec<u8>> {
    let geo = Geometry::new(shape);
    let (area, k) = (geo.area, cells.len());
    if area > 16 || k == 0 || k > 8 {
        return None;
    }
    let full = (1u32 << area) - 1;
    let n = table_len(area, k);
    let mut table = super::try_collect(n, |_| UNSET)?;
    let mut seen = super::try_collect(n, |_| 0u16)?;
    let start = rank(cells, area);
    let occ0 = cells.iter().fold(0u32, |m, &c| m | (1 << c));
    seen[start] = geo.flood(blank, full & !occ0) as u16;
    table[start] = 0;
    let mut layer: Vec<u32> = vec![((start as u32) << 4) | blank as u32];
    let mut depth = 0u8;
    let mut p = [0u8; 16];
    let mut work = 0usize;
    while !layer.is_empty() {
        let mut next = Vec::new();
        for &code in &layer {
            work += 1;
            if work % 65536 == 0 && control.stopped() {
                return None;
            }
            let (idx, b) = ((code >> 4) as usize, (code & 15) as usize);
            geo.unrank(idx, k, &mut p);
            let occ = p[..k].iter().fold(0u32, |m, &c| m | (1 << c));
            let region = geo.flood(b, full & !occ);
            geo.region_moves(&mut p, k, occ, region, |nidx, from, nocc| {
                if seen[nidx] & (1 << from) != 0 {
                    return;
                }
                seen[nidx] |= geo.flood(from as usize, full & !nocc) as u16;
                if table[nidx] == UNSET {
                    table[nidx] = depth + 1;
                }
                next.push(((nidx as u32) << 4) | from as u32);
            });
        }
        depth += 1;
        layer = next;
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_unrank_roundtrip() {
        let geo = Geometry::new(Shape { w: 4, h: 4 });
        let cells = [5u8, 0, 15, 7];
        let r = rank(&cells, 16);
        let mut out = [0u8; 16];
        geo.unrank(r, 4, &mut out);
        assert_eq!(&out[..4], &cells);
        assert!(r < table_len(16, 4));
    }

    #[test]
    fn one_tile_database_is_manhattan_or_more() {
        // A single tile on 2x2: the table is the tile's true move count, blank minimized.
        let s = Shape { w: 2, h: 2 };
        let t = build(s, &[0], 3, &SearchControl::unlimited()).unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t[rank(&[0], 4)], 0);
        assert_eq!(t[rank(&[1], 4)], 1);
        assert_eq!(t[rank(&[3], 4)], 2);
        assert!(t.iter().all(|&v| v != UNSET));
    }
}
