//! The search board: padded cells, incremental per-direction pattern keys, Zobrist hash and a
//! running evaluation sum, all updated in O(1) per move so a node costs little.

use super::pattern::{self, Tables, B4, F3, F4, FIVE, OVERLINE, WALL};
use super::rules::{self, Grid};
use crate::base::splitmix64 as splitmix;
use crate::games::{Color, Rule};

/// Padding around the board: a window reaches four cells out.
pub const PAD: usize = 4;

use super::params::eval::{OPPONENT_WEIGHT, OWN_WEIGHT};
use super::params::order::POINT_WEIGHT as WEIGHT;

/// Per pattern, what [`Board::threat`] counts, packed in one word so that four directions
/// add up without branches: fives in bits 0..8, open fours 8..16, closed fours 16..24, open
/// threes 24..32, overlines 32..40, the weight from bit 40.
const PACKED: [u64; 11] = {
    let mut t = [0u64; 11];
    let mut p = 0;
    while p < 11 {
        let flag = match p as u8 {
            FIVE => 1,
            F4 => 1 << 8,
            B4 => 1 << 16,
            F3 => 1 << 24,
            OVERLINE => 1 << 32,
            _ => 0,
        };
        t[p] = flag | (WEIGHT[p] as u64) << 40;
        p += 1;
    }
    t
};

/// What one colour can make at one empty point, summed over the four directions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threat {
    pub five: bool,
    pub f4: u8,
    pub b4: u8,
    pub f3: u8,
    pub overline: bool,
    /// Ordering/eval value of the point.
    pub value: i32,
}

impl Threat {
    /// Wins next move by force (open four, or two fours) unless the opponent has a five.
    pub fn flex4(&self) -> bool {
        self.f4 > 0 || self.b4 >= 2
    }
    /// Makes any four.
    pub fn four(&self) -> bool {
        self.f4 > 0 || self.b4 > 0
    }
}

/// Board state owned by one search thread.
#[derive(Clone)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    pub stride: usize,
    pub rule: Rule,
    cells: Vec<u8>,
    keys: Vec<[u16; 4]>,
    pats: [Vec<[u8; 4]>; 2],
    near: Vec<u8>,
    /// Per colour, its patterns summed with the weights of the side to move and of the side
    /// waiting: the evaluation needs one of each.
    sums: [[i32; 2]; 2],
    pub hash: u64,
    zobrist: Vec<[u64; 2]>,
    grid: Grid,
    /// Indices of on-board points, row-major.
    pub points: Vec<usize>,
    /// Stones in the order placed.
    pub stack: Vec<usize>,
    deltas: [isize; 4],
    tables: &'static Tables,
    /// Bounding rectangles (x0, y0, x1, y1) of the stones, one per stack height.
    rects: Vec<(usize, usize, usize, usize)>,
}

thread_local! {
    /// The line length boards made on this thread play to: 5 (gomoku) except inside
    /// [`with_line_length`].
    static LINE_LENGTH: std::cell::Cell<usize> = const { std::cell::Cell::new(pattern::FIVE_LENGTH) };
}

/// Runs `f` with every board it creates on this thread playing k in a row (m,n,k games with
/// k <= 5 reuse the gomoku search unchanged: `think` builds its board with [`Board::new`], and
/// helper threads clone that board). The previous length is restored even if `f` panics.
pub fn with_line_length<R>(k: usize, f: impl FnOnce() -> R) -> R {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            LINE_LENGTH.with(|l| l.set(self.0));
        }
    }
    let _restore = Restore(LINE_LENGTH.with(|l| l.replace(k)));
    f()
}

impl Board {
    /// An empty board.
    pub fn new(width: usize, height: usize, rule: Rule) -> Board {
        let stride = width + 2 * PAD;
        let size = stride * (height + 2 * PAD);
        let mut cells = vec![WALL; size];
        let mut points = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let i = (y + PAD) * stride + x + PAD;
                cells[i] = 0;
                points.push(i);
            }
        }
        let deltas = [
            1isize,
            stride as isize,
            stride as isize + 1,
            1 - stride as isize,
        ];
        let zobrist = (0..size)
            .map(|i| {
                [
                    splitmix(i as u64 * 2 + 1),
                    splitmix(i as u64 * 2 + 0x0001_2345_6789),
                ]
            })
            .collect();
        let mut b = Board {
            width,
            height,
            stride,
            rule,
            cells,
            keys: vec![[0; 4]; size],
            pats: [vec![[0; 4]; size], vec![[0; 4]; size]],
            near: vec![0; size],
            sums: [[0; 2]; 2],
            hash: 0,
            zobrist,
            grid: Grid::new(width, height),
            points,
            stack: Vec::new(),
            deltas,
            tables: pattern::tables_for(LINE_LENGTH.with(|l| l.get())),
            rects: Vec::new(),
        };
        b.rebuild();
        b
    }

    fn exact(&self, colour: usize) -> bool {
        match self.rule {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => colour == 0,
        }
    }

    /// Recomputes every key and pattern from the cells (used once at creation).
    fn rebuild(&mut self) {
        self.sums = [[0; 2]; 2];
        for idx in 0..self.points.len() {
            let i = self.points[idx];
            for d in 0..4 {
                let mut key = 0u16;
                for k in -4i32..=4 {
                    if k == 0 {
                        continue;
                    }
                    let q = (i as isize + self.deltas[d] * k as isize) as usize;
                    key |= (self.cells[q] as u16) << (2 * pattern::slot(k));
                }
                self.keys[i][d] = key;
                for c in 0..2 {
                    let p = self.tables.get(self.exact(c), c, key);
                    self.pats[c][i][d] = p;
                    self.add(c, p, 1);
                }
            }
        }
    }

    /// The padded index of `(x, y)`.
    #[inline]
    pub fn index(&self, x: usize, y: usize) -> usize {
        (y + PAD) * self.stride + x + PAD
    }

    /// `(x, y)` of a padded index.
    #[inline]
    pub fn coords(&self, i: usize) -> (usize, usize) {
        (i % self.stride - PAD, i / self.stride - PAD)
    }

    #[inline]
    pub fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == 0
    }

    /// True when some stone lies within two points of `i`.
    #[inline]
    pub fn is_near(&self, i: usize) -> bool {
        self.near[i] > 0
    }

    pub fn stones(&self) -> usize {
        self.stack.len()
    }

    /// Places a stone of colour `c` (0/1) on the empty point `i`.
    pub fn make(&mut self, i: usize, c: usize) {
        for cc in 0..2 {
            for d in 0..4 {
                self.add(cc, self.pats[cc][i][d], -1);
            }
        }
        let code = c as u16 + 1;
        self.cells[i] = code as u8;
        self.hash ^= self.zobrist[i][c];
        let (x, y) = self.coords(i);
        self.grid
            .set(x, y, Some(if c == 0 { Color::Black } else { Color::White }));
        self.stack.push(i);
        let r = match self.rects.last() {
            Some(&(x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            None => (x, y, x, y),
        };
        self.rects.push(r);
        for d in 0..4 {
            let delta = self.deltas[d];
            for k in -4i32..=4 {
                if k == 0 {
                    continue;
                }
                let q = (i as isize + delta * k as isize) as usize;
                // q sees i at offset -k.
                self.keys[q][d] |= code << (2 * pattern::slot(-k));
                if self.cells[q] == 0 {
                    self.refresh(q, d);
                }
            }
        }
        self.touch_near(i, 1);
    }

    /// Takes back the last stone.
    pub fn unmake(&mut self) {
        let Some(i) = self.stack.pop() else { return };
        self.rects.pop();
        let c = self.cells[i] as usize - 1;
        self.cells[i] = 0;
        self.hash ^= self.zobrist[i][c];
        let (x, y) = self.coords(i);
        self.grid.set(x, y, None);
        for d in 0..4 {
            let delta = self.deltas[d];
            for k in -4i32..=4 {
                if k == 0 {
                    continue;
                }
                let q = (i as isize + delta * k as isize) as usize;
                self.keys[q][d] &= !(3 << (2 * pattern::slot(-k)));
                if self.cells[q] == 0 {
                    self.refresh(q, d);
                }
            }
        }
        for cc in 0..2 {
            for d in 0..4 {
                self.add(cc, self.pats[cc][i][d], 1);
            }
        }
        self.touch_near(i, -1);
    }

    /// Adds (`sign` 1) or removes (-1) one pattern of colour `c` to the evaluation sums.
    #[inline(always)]
    fn add(&mut self, c: usize, p: u8, sign: i32) {
        self.sums[c][0] += sign * OWN_WEIGHT[p as usize];
        self.sums[c][1] += sign * OPPONENT_WEIGHT[p as usize];
    }

    #[inline]
    fn refresh(&mut self, q: usize, d: usize) {
        let key = self.keys[q][d];
        for c in 0..2 {
            let old = self.pats[c][q][d];
            let new = self.tables.get(self.exact(c), c, key);
            self.pats[c][q][d] = new;
            self.add(c, old, -1);
            self.add(c, new, 1);
        }
    }

    fn touch_near(&mut self, i: usize, by: i32) {
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let q = (i as isize + dy * self.stride as isize + dx) as usize;
                self.near[q] = (self.near[q] as i32 + by) as u8;
            }
        }
    }

    /// How many (empty point, direction) pairs hold each line pattern for colour `c`: the
    /// features the evaluation weighs, for tuning the weights against game results.
    pub fn pattern_counts(&self, c: usize) -> [u32; 11] {
        let mut n = [0u32; 11];
        for &i in &self.points {
            if self.cells[i] == 0 {
                for p in self.pats[c][i] {
                    n[p as usize] += 1;
                }
            }
        }
        n
    }

    /// What colour `c` makes by playing the empty point `i`.
    #[inline]
    pub fn threat(&self, c: usize, i: usize) -> Threat {
        // Branch-free: the four directions' packed counts add up without carries (at most 4
        // per byte field, at most 8,000 in the value field).
        let [a, b, d, e] = self.pats[c][i];
        let sum = PACKED[a as usize] + PACKED[b as usize] + PACKED[d as usize] + PACKED[e as usize];
        Threat {
            five: sum & 0xff != 0,
            f4: (sum >> 8) as u8,
            b4: (sum >> 16) as u8,
            f3: (sum >> 24) as u8,
            overline: (sum >> 32) & 0xff != 0,
            value: (sum >> 40) as i32,
        }
    }

    /// True when colour `c` makes nothing at `i` that [`Board::threat`] counts as a four or a
    /// five in any direction: each direction's pattern is below `B4` (B4, F4 and FIVE, 8..=10,
    /// are the only patterns with bit 3 set), tested on all four at once.
    #[inline]
    pub fn no_four(&self, c: usize, i: usize) -> bool {
        const _: () = assert!(B4 == 8 && F4 == 9 && FIVE == 10 && F3 < 8 && OVERLINE < 8);
        u32::from_ne_bytes(self.pats[c][i]) & 0x0808_0808 == 0
    }

    /// True when colour `c` makes a five at `i`.
    #[inline]
    pub fn makes_five(&self, c: usize, i: usize) -> bool {
        self.pats[c][i].contains(&FIVE)
    }

    /// Whether black may not play `i` under renju (the referee's exact test, called only on
    /// points whose patterns make it possible).
    pub fn forbidden(&self, c: usize, i: usize, t: &Threat) -> bool {
        if c != 0 || self.rule != Rule::Renju || t.five {
            return false;
        }
        if !(t.overline || t.f4 > 0 || t.b4 + t.f4 >= 2 || t.f3 >= 2) {
            return false;
        }
        let (x, y) = self.coords(i);
        rules::forbidden(&self.grid, x, y).is_some()
    }

    /// Static evaluation for the side `c` to move.
    pub fn eval(&self, c: usize) -> i32 {
        self.sums[c][0] - self.sums[1 - c][1]
    }

    /// Empty points within two of a stone, row-major, into `out`.
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        let Some(&(x0, y0, x1, y1)) = self.rects.last() else {
            return;
        };
        let (x0, y0) = (x0.saturating_sub(2), y0.saturating_sub(2));
        let (x1, y1) = ((x1 + 2).min(self.width - 1), (y1 + 2).min(self.height - 1));
        for y in y0..=y1 {
            let row = (y + PAD) * self.stride + PAD;
            for i in row + x0..=row + x1 {
                if self.cells[i] == 0 && self.near[i] > 0 {
                    out.push(i);
                }
            }
        }
    }

    /// Empty points (distance 1..=4) along the lines through `i` in which colour `c` makes a
    /// four at `i`: the only places a stone can stop that four (besides `i` itself).
    pub fn four_line_points(&self, c: usize, i: usize, out: &mut Vec<usize>) {
        out.clear();
        for d in 0..4 {
            let p = self.pats[c][i][d];
            if p != F4 && p != B4 {
                continue;
            }
            for k in -4i32..=4 {
                if k == 0 {
                    continue;
                }
                let q = (i as isize + self.deltas[d] * k as isize) as usize;
                if self.cells[q] == 0 {
                    out.push(q);
                }
            }
        }
    }

    /// Points along the four lines through `i` (distance 1..=4) that are empty and on the board.
    pub fn line_points(&self, i: usize, out: &mut Vec<usize>) {
        out.clear();
        for d in 0..4 {
            for k in -4i32..=4 {
                if k == 0 {
                    continue;
                }
                let q = (i as isize + self.deltas[d] * k as isize) as usize;
                if self.cells[q] == 0 {
                    out.push(q);
                }
            }
        }
    }
}
