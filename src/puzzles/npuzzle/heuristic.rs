//! Admissible lower bounds for the optimal searches: Manhattan distance plus linear conflict.
//!
//! Pattern databases (see `pdb`) plug into the same [`Heuristic`] trait, so IDA* never knows which
//! bound it is using.

use super::board::Shape;

/// Per-node partial sums a heuristic keeps so that a move updates only what it changed.
pub type Parts = [u16; MAX_PARTS];

/// Room for five pattern databases and their mirrored lookups.
pub const MAX_PARTS: usize = 10;

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
    /// [`ManhattanLc::digit`] precomputed: tile `t`'s digit in row `r` at `t * (h + w) + r`, in
    /// column `c` at `t * (h + w) + h + c` (the conflict tables' hot loop reads only this).
    digits: Vec<u8>,
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
        let lines = shape.h + shape.w;
        let mut digits = vec![NOT_HOME as u8; goal.len() * lines];
        for t in 1..goal.len() {
            digits[t * lines + goal_row[t] as usize] = goal_col[t];
            digits[t * lines + shape.h + goal_col[t] as usize] = goal_row[t];
        }
        ManhattanLc {
            shape,
            goal_row,
            goal_col,
            conflicts,
            digits,
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
        let rows: u32 = (0..h).map(|r| self.line(tiles, true, r, None)).sum();
        let cols: u32 = (0..w).map(|c| self.line(tiles, false, c, None)).sum();
        rows + cols
    }

    /// The table digit of tile `t` in row (`row` true) or column `index`: its goal place along
    /// the line if the line is its goal line, else [`NOT_HOME`] (also for the blank).
    fn digit(&self, t: usize, row: bool, index: usize) -> usize {
        let line = if row { index } else { self.shape.h + index };
        self.digits[t * (self.shape.h + self.shape.w) + line] as usize
    }

    /// The table index of a line (see [`conflict_table`]); only for lines up to
    /// [`TABLE_MAX_LEN`] cells.
    fn code(&self, tiles: &[u8], row: bool, index: usize) -> usize {
        let Shape { w, h } = self.shape;
        let (len, first, stride, line) = if row {
            (w, index * w, 1, index)
        } else {
            (h, index, w, h + index)
        };
        let digits = &self.digits[line..];
        (0..len).rev().fold(0, |code, i| {
            code * 8 + digits[tiles[first + i * stride] as usize * (h + w)] as usize
        })
    }

    /// The conflict term of one row (`row` true) or column; `swap` reads `tiles` with two cells
    /// exchanged (the position before a move), so updates need no copy. Lines of up to
    /// [`TABLE_MAX_LEN`] cells read a precomputed table (the searches' hottest spot; updates
    /// then use [`ManhattanLc::code`] directly), longer ones compute the longest increasing run.
    fn line(&self, tiles: &[u8], row: bool, index: usize, swap: Option<(usize, usize)>) -> u32 {
        let Shape { w, h } = self.shape;
        let (len, first, stride) = if row {
            (w, index * w, 1)
        } else {
            (h, index, w)
        };
        if let (None, Some(table)) = (swap, conflict_table(len)) {
            return table[self.code(tiles, row, index)] as u32;
        }
        let mut keys = [0u8; 64];
        let mut k = 0;
        for i in 0..len.min(64) {
            let mut cell = first + i * stride;
            if let Some((a, b)) = swap {
                if cell == a {
                    cell = b;
                } else if cell == b {
                    cell = a;
                }
            }
            let t = tiles[cell] as usize;
            if t == 0 {
                continue;
            }
            let (home_line, key) = if row {
                (self.goal_row[t], self.goal_col[t])
            } else {
                (self.goal_col[t], self.goal_row[t])
            };
            if home_line as usize == index {
                keys[k] = key;
                k += 1;
            }
        }
        2 * (k - lis(&keys[..k])) as u32
    }
}

/// Lines up to this many cells use a conflict table (8^len entries: 256 KiB at 6).
pub const TABLE_MAX_LEN: usize = 6;

/// Table digit of a cell whose tile does not belong to the line (or is the blank).
const NOT_HOME: usize = 7;

/// The conflict term of every line of `len` cells, indexed by one octal digit per cell (first
/// cell lowest): the tile's goal position along the line, or [`NOT_HOME`]. Built once per length.
fn conflict_table(len: usize) -> Option<&'static [u8]> {
    static TABLES: [std::sync::OnceLock<Vec<u8>>; TABLE_MAX_LEN + 1] =
        [const { std::sync::OnceLock::new() }; TABLE_MAX_LEN + 1];
    if len > TABLE_MAX_LEN {
        return None;
    }
    let table = TABLES[len].get_or_init(|| {
        (0..1usize << (3 * len))
            .map(|code| {
                let mut keys = [0u8; TABLE_MAX_LEN];
                let mut k = 0;
                for i in 0..len {
                    let digit = (code >> (3 * i)) & 7;
                    if digit != NOT_HOME {
                        keys[k] = digit as u8;
                        k += 1;
                    }
                }
                (2 * (k - lis(&keys[..k]))) as u8
            })
            .collect()
    });
    Some(table)
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
        let lc = if self.conflicts {
            self.linear_conflict(tiles)
        } else {
            0
        };
        parts[1] = lc as u16;
        md + lc
    }

    /// Incremental: the tile's Manhattan term, and the conflicts of the two lines it left and
    /// entered (a sideways move changes two columns, a vertical one two rows).
    fn update(&self, tiles: &[u8], pos: &[u8], tile: u8, parts: &mut Parts) -> u32 {
        let w = self.shape.w;
        let t = tile as usize;
        let (from, to) = (pos[0] as usize, pos[t] as usize);
        let md = parts[0] as u32 + self.tile_distance(t, to, w) - self.tile_distance(t, from, w);
        parts[0] = md as u16;
        if !self.conflicts {
            return md;
        }
        let sideways = from / w == to / w;
        let (a, b) = if sideways {
            (from % w, to % w)
        } else {
            (from / w, to / w)
        };
        let row = !sideways;
        if let Some(table) = conflict_table(if row { w } else { self.shape.h }) {
            // Both lines differ from before in one digit only, at the moving tile's place along
            // them: line `a` had the tile and now has the blank, line `b` the other way round.
            let (after_a, after_b) = (self.code(tiles, row, a), self.code(tiles, row, b));
            let shift = 3 * if row { from % w } else { from / w };
            let digit = |line: usize| self.digit(t, row, line) << shift;
            let not_home = NOT_HOME << shift;
            let before_a = after_a - not_home + digit(a);
            let before_b = after_b - digit(b) + not_home;
            let lc = parts[1] as u32 + table[after_a] as u32 + table[after_b] as u32
                - table[before_a] as u32
                - table[before_b] as u32;
            parts[1] = lc as u16;
            return md + lc;
        }
        let after = self.line(tiles, row, a, None) + self.line(tiles, row, b, None);
        let before =
            self.line(tiles, row, a, Some((from, to))) + self.line(tiles, row, b, Some((from, to)));
        let lc = parts[1] as u32 + after - before;
        parts[1] = lc as u16;
        md + lc
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

    #[test]
    fn conflict_tables_match_the_direct_count() {
        // 3 1 2 in one goal row: one tile (3) must leave, 2 moves; with foreign tiles between.
        let t = conflict_table(5).unwrap();
        let code = |d: [usize; 5]| d.iter().rev().fold(0, |c, &x| c * 8 + x);
        assert_eq!(t[code([2, 0, 1, NOT_HOME, NOT_HOME])], 2);
        assert_eq!(t[code([4, NOT_HOME, 3, 2, 1])], 6);
        assert_eq!(t[code([0, NOT_HOME, 1, 2, 4])], 0);
        // 7x7 rows are longer than the tables (direct count): 3 2 1 4 5 6 needs two to leave.
        let s = Shape { w: 7, h: 7 };
        let goal: Vec<u8> = (0..49).collect();
        let h = ManhattanLc::new(s, &goal, true);
        let mut tiles = goal.clone();
        tiles.swap(1, 3);
        assert_eq!(h.linear_conflict(&tiles), 4);
    }

    #[test]
    fn incremental_update_matches_full_evaluation() {
        use crate::puzzles::npuzzle::board::Dir;
        for (w, h) in [(5, 5), (4, 3), (2, 6), (7, 8), (3, 9)] {
            let s = Shape { w, h };
            let goal: Vec<u8> = (0..(w * h) as u8).collect();
            let hr = ManhattanLc::new(s, &goal, true);
            let mut tiles = goal.clone();
            let mut pos = pos_of(&tiles);
            let mut parts = [0; MAX_PARTS];
            hr.init(&tiles, &pos, &mut parts);
            let mut seed = 7u64;
            for _ in 0..3000 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                let b = pos[0] as usize;
                let Some(to) = s.step(b, Dir::ALL[(seed >> 33) as usize % 4]) else {
                    continue;
                };
                let t = tiles[to];
                tiles.swap(b, to);
                pos = pos_of(&tiles);
                let inc = hr.update(&tiles, &pos, t, &mut parts);
                assert_eq!(inc, hr.estimate(&tiles, &pos), "{tiles:?}");
            }
        }
    }
}
