//! Admissible lower bounds for the optimal searches: Manhattan distance plus linear conflict.
//!
//! Pattern databases (see `pdb`) plug into the same [`Heuristic`] trait, so IDA* never knows which
//! bound it is using.

use super::board::Shape;

/// Per-node partial sums a heuristic keeps so that a move updates only what it changed.
pub type Parts = [u16; 8];

/// A lower bound on the moves left, computed from the tile at each cell and the cell of each tile.
pub trait Heuristic: Sync {
    /// `tiles[cell]` is the tile there (0 = blank); `pos[tile]` is its cell.
    fn estimate(&self, tiles: &[u8], pos: &[u8]) -> u32;

    /// Full evaluation that also fills `parts` for later [`Heuristic::update`] calls.
    fn init(&self, tiles: &[u8], pos: &[u8], parts: &mut Parts) -> u32 {
        let _ = parts;
        self.estimate(tiles, pos)
    }

    /// The bound after `tile` moved into the blank's old cell (now `tiles`/`pos` are updated and
    /// `pos[0]` is the tile's old cell); `parts` holds the parent's partial sums.
    fn update(&self, tiles: &[u8], pos: &[u8], tile: u8, parts: &mut Parts) -> u32 {
        let _ = tile;
        self.init(tiles, pos, parts)
    }
}

/// Manhattan distance, optionally plus linear conflict: works for every board and goal.
pub struct ManhattanLc {
    shape: Shape,
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
    conflicts: bool,
}

impl ManhattanLc {
    /// Tables for `goal`; `conflicts` adds the linear-conflict term (2 moves per tile that must
    /// leave its goal row or column to let another pass).
    pub fn new(shape: Shape, goal: &[u8], conflicts: bool) -> ManhattanLc {
        let mut goal_row = vec![0; goal.len()];
        let mut goal_col = vec![0; goal.len()];
        for (cell, &t) in goal.iter().enumerate() {
            goal_row[t as usize] = (cell / shape.w) as u8;
            goal_col[t as usize] = (cell % shape.w) as u8;
        }
        ManhattanLc {
            shape,
            goal_row,
            goal_col,
            conflicts,
        }
    }

    /// Sum of Manhattan distances of all tiles (blank excluded).
    pub fn manhattan(&self, pos: &[u8]) -> u32 {
        let w = self.shape.w;
        (1..pos.len())
            .map(|t| self.tile_distance(t, pos[t] as usize, w))
            .sum()
    }

    fn tile_distance(&self, t: usize, p: usize, w: usize) -> u32 {
        (p / w).abs_diff(self.goal_row[t] as usize) as u32
            + (p % w).abs_diff(self.goal_col[t] as usize) as u32
    }

    /// 2 × (tiles in the line minus the longest run already in goal order), over all rows and
    /// columns: the fewest tiles that must step out of their line.
    pub fn linear_conflict(&self, tiles: &[u8]) -> u32 {
        let Shape { w, h } = self.shape;
        let mut extra = 0u32;
        let mut keys: Vec<u8> = Vec::with_capacity(w.max(h));
        for r in 0..h {
            keys.clear();
            for c in 0..w {
                let t = tiles[r * w + c] as usize;
                if t != 0 && self.goal_row[t] as usize == r {
                    keys.push(self.goal_col[t]);
                }
            }
            extra += 2 * (keys.len() - lis(&keys)) as u32;
        }
        for c in 0..w {
            keys.clear();
            for r in 0..h {
                let t = tiles[r * w + c] as usize;
                if t != 0 && self.goal_col[t] as usize == c {
                    keys.push(self.goal_row[t]);
                }
            }
            extra += 2 * (keys.len() - lis(&keys)) as u32;
        }
        extra
    }
}

/// Length of the longest strictly increasing subsequence (lines are short: O(k²) is fastest).
fn lis(keys: &[u8]) -> usize {
    if keys.len() < 2 {
        return keys.len();
    }
    let mut best = [1u8; 64];
    let mut top = 0;
    for i in 0..keys.len().min(64) {
        let mut b = 1;
        for j in 0..i {
            if keys[j] < keys[i] && best[j] + 1 > b {
                b = best[j] + 1;
            }
        }
        best[i] = b;
        top = top.max(b as usize);
    }
    top
}

impl Heuristic for ManhattanLc {
    fn estimate(&self, tiles: &[u8], pos: &[u8]) -> u32 {
        let md = self.manhattan(pos);
        if self.conflicts {
            md + self.linear_conflict(tiles)
        } else {
            md
        }
    }

    fn init(&self, tiles: &[u8], pos: &[u8], parts: &mut Parts) -> u32 {
        let md = self.manhattan(pos);
        parts[0] = md as u16;
        if self.conflicts {
            md + self.linear_conflict(tiles)
        } else {
            md
        }
    }

    fn update(&self, tiles: &[u8], pos: &[u8], tile: u8, parts: &mut Parts) -> u32 {
        let w = self.shape.w;
        let t = tile as usize;
        let md = parts[0] as u32 + self.tile_distance(t, pos[t] as usize, w)
            - self.tile_distance(t, pos[0] as usize, w);
        parts[0] = md as u16;
        if self.conflicts {
            md + self.linear_conflict(tiles)
        } else {
            md
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos_of(tiles: &[u8]) -> Vec<u8> {
        let mut pos = vec![0; tiles.len()];
        for (c, &t) in tiles.iter().enumerate() {
            pos[t as usize] = c as u8;
        }
        pos
    }

    #[test]
    fn manhattan_and_conflict() {
        let s = Shape { w: 3, h: 3 };
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let h = ManhattanLc::new(s, &goal, true);
        assert_eq!(h.estimate(&goal, &pos_of(&goal)), 0);
        // 2 and 1 swapped in their goal row: MD 2, one conflict adds 2.
        let t = [2, 1, 3, 4, 5, 6, 7, 8, 0];
        assert_eq!(h.manhattan(&pos_of(&t)), 2);
        assert_eq!(h.estimate(&t, &pos_of(&t)), 4);
        // 3 2 1 in a row: two tiles must leave.
        let t = [3, 2, 1, 4, 5, 6, 7, 8, 0];
        assert_eq!(h.linear_conflict(&t), 4);
    }
}
