//! The solver's board: stones plus per-line stone counts kept up to date move by move.
//!
//! Counting stones per line makes the questions the solver asks at every node cheap: did the
//! last move make k in a row, does a side have a line one stone short (an immediate win), can a
//! side still make any line at all. Hashes under every board symmetry are updated alongside so
//! the canonical transposition key costs a few XORs and a minimum.

use super::geometry::Geometry;
use super::order::line_worth;

/// Most symmetries a board has (a square: four rotations times a reflection).
const MAX_SYMMETRIES: usize = 8;

/// A position on a fixed geometry. Colours are 0 (first player) and 1.
#[derive(Clone)]
pub struct Position<'g> {
    pub geo: &'g Geometry,
    /// 0 empty, 1 + colour otherwise.
    cells: Vec<u8>,
    /// Stones of each colour on each line.
    counts: Vec<[u8; 2]>,
    /// Lines colour c can still complete (no opposing stone on them).
    live: [u32; 2],
    /// Lines where colour c has k - 1 stones and no opposing one: each is an immediate win.
    fours: [u32; 2],
    /// Zobrist hash of the position seen through each symmetry.
    hashes: [u64; MAX_SYMMETRIES],
    /// Stones placed, in order.
    stack: Vec<u16>,
    /// True when the last stone made k in a row.
    won: bool,
    /// Per cell and colour: the move-ordering worth (sum of [`line_worth`] over its lines) and
    /// how many of its lines are one stone from a four.
    worth: Vec<[(i32, u8); 2]>,
}

impl<'g> Position<'g> {
    /// The empty board.
    pub fn new(geo: &'g Geometry) -> Position<'g> {
        let k = geo.k as u8;
        let mut worth = vec![[(0, 0); 2]; geo.cells()];
        for l in 0..geo.lines() {
            for &q in geo.line(l) {
                for (c, w) in worth[q as usize].iter_mut().enumerate() {
                    let (a, n) = line_worth([0, 0], c, k);
                    w.0 += a;
                    w.1 += n;
                }
            }
        }
        Position {
            worth,
            geo,
            cells: vec![0; geo.cells()],
            counts: vec![[0; 2]; geo.lines()],
            live: [geo.lines() as u32; 2],
            fours: [0; 2],
            hashes: [0; MAX_SYMMETRIES],
            stack: Vec::new(),
            won: false,
        }
    }

    pub fn is_empty(&self, cell: usize) -> bool {
        self.cells[cell] == 0
    }

    pub fn empties(&self) -> usize {
        self.cells.len() - self.stack.len()
    }

    pub fn stones(&self) -> usize {
        self.stack.len()
    }

    /// True when the last stone completed k in a row.
    pub fn won(&self) -> bool {
        self.won
    }

    /// Lines colour `c` can still complete.
    pub fn live(&self, c: usize) -> u32 {
        self.live[c]
    }

    /// Whether colour `c` can win with its next stone.
    pub fn has_four(&self, c: usize) -> bool {
        self.fours[c] > 0
    }

    /// Stones of each colour on line `l`.
    #[inline]
    pub fn count(&self, l: usize) -> [u8; 2] {
        self.counts[l]
    }

    /// Places a stone of colour `c` on the empty `cell`.
    pub fn make(&mut self, cell: usize, c: usize) {
        let k = self.geo.k as u8;
        let o = 1 - c;
        for &l in self.geo.lines_through(cell) {
            let before = self.counts[l as usize];
            let mut after = before;
            after[c] += 1;
            self.reworth(l as usize, before, after);
            let [mine, theirs] = pair(self.counts[l as usize], c);
            if theirs == 0 {
                if mine + 1 == k {
                    self.won = true;
                    self.fours[c] -= 1;
                } else if mine + 2 == k {
                    self.fours[c] += 1;
                }
            }
            if mine == 0 {
                self.live[o] -= 1;
                if theirs + 1 == k {
                    self.fours[o] -= 1;
                }
            }
            self.counts[l as usize][c] += 1;
        }
        self.cells[cell] = c as u8 + 1;
        for (s, perm) in self.geo.symmetries.iter().enumerate() {
            self.hashes[s] ^= self.geo.zobrist[perm[cell] as usize][c];
        }
        self.stack.push(cell as u16);
    }

    /// Takes back the last stone.
    pub fn unmake(&mut self) {
        let Some(cell) = self.stack.pop() else { return };
        let cell = cell as usize;
        let c = self.cells[cell] as usize - 1;
        let o = 1 - c;
        let k = self.geo.k as u8;
        self.won = false;
        for &l in self.geo.lines_through(cell) {
            let before = self.counts[l as usize];
            let mut after = before;
            after[c] -= 1;
            self.reworth(l as usize, before, after);
            self.counts[l as usize][c] -= 1;
            let [mine, theirs] = pair(self.counts[l as usize], c);
            if theirs == 0 {
                if mine + 1 == k {
                    self.fours[c] += 1;
                } else if mine + 2 == k {
                    self.fours[c] -= 1;
                }
            }
            if mine == 0 {
                self.live[o] += 1;
                if theirs + 1 == k {
                    self.fours[o] += 1;
                }
            }
        }
        self.cells[cell] = 0;
        for (s, perm) in self.geo.symmetries.iter().enumerate() {
            self.hashes[s] ^= self.geo.zobrist[perm[cell] as usize][c];
        }
    }

    /// Moves line `l`'s share of its cells' worth from its `before` counts to its `after` ones.
    #[inline]
    fn reworth(&mut self, l: usize, before: [u8; 2], after: [u8; 2]) {
        let k = self.geo.k as u8;
        for c in 0..2 {
            let (a0, n0) = line_worth(before, c, k);
            let (a1, n1) = line_worth(after, c, k);
            if (a0, n0) == (a1, n1) {
                continue;
            }
            for &q in self.geo.line(l) {
                let w = &mut self.worth[q as usize][c];
                w.0 += a1 - a0;
                w.1 = w.1.wrapping_add(n1).wrapping_sub(n0);
            }
        }
    }

    /// Colour `c`'s move-ordering worth of `cell` and its lines one stone from a four.
    #[inline]
    pub fn worth(&self, cell: usize, c: usize) -> (i32, u8) {
        self.worth[cell][c]
    }

    /// The transposition key: the smallest hash over the symmetries, and which symmetry gave it
    /// (to map a stored best move between orientations).
    pub fn canonical(&self) -> (u64, usize) {
        let n = self.geo.symmetries.len();
        let mut best = (self.hashes[0], 0);
        for s in 1..n {
            if self.hashes[s] < best.0 {
                best = (self.hashes[s], s);
            }
        }
        best
    }

    /// The cells where colour `c` completes a line with one stone, without repeats, into `out`.
    pub fn winning_cells(&self, c: usize, out: &mut Vec<usize>) {
        out.clear();
        if self.fours[c] == 0 {
            return;
        }
        let k = self.geo.k as u8;
        for l in 0..self.counts.len() {
            let [mine, theirs] = pair(self.counts[l], c);
            if mine + 1 == k && theirs == 0 {
                if let Some(&cell) = self
                    .geo
                    .line(l)
                    .iter()
                    .find(|&&q| self.cells[q as usize] == 0)
                {
                    if !out.contains(&(cell as usize)) {
                        out.push(cell as usize);
                    }
                }
            }
        }
    }

    /// Whether a stone of colour `c` on the empty `cell` leaves two or more distinct cells
    /// where `c` then wins: a double threat, which wins unless the opponent wins first.
    pub fn makes_double_threat(&self, c: usize, cell: usize) -> bool {
        let k = self.geo.k as u8;
        let mut first: Option<u16> = None;
        for &l in self.geo.lines_through(cell) {
            let [mine, theirs] = pair(self.counts[l as usize], c);
            if theirs != 0 || mine + 2 != k {
                continue;
            }
            let completion = self
                .geo
                .line(l as usize)
                .iter()
                .copied()
                .find(|&q| q as usize != cell && self.cells[q as usize] == 0);
            match (first, completion) {
                (_, None) => {}
                (None, Some(q)) => first = Some(q),
                (Some(f), Some(q)) if f != q => return true,
                _ => {}
            }
        }
        false
    }

    /// The stone on a cell: `None` when empty, else the colour.
    pub fn stone(&self, cell: usize) -> Option<usize> {
        (self.cells[cell] != 0).then(|| self.cells[cell] as usize - 1)
    }
}

/// A line's counts as (colour c's, the opponent's).
#[inline(always)]
fn pair(counts: [u8; 2], c: usize) -> [u8; 2] {
    [counts[c], counts[1 - c]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_follow_make_and_unmake() {
        let g = Geometry::new(4, 4, 3);
        let mut p = Position::new(&g);
        let start = (p.live, p.fours, p.hashes);
        p.make(5, 0);
        p.make(6, 0);
        assert!(p.has_four(0));
        let mut wins = Vec::new();
        p.winning_cells(0, &mut wins);
        wins.sort();
        assert_eq!(wins, vec![4, 7]);
        p.make(4, 1);
        p.winning_cells(0, &mut wins);
        assert_eq!(wins, vec![7]);
        p.make(7, 0);
        assert!(p.won());
        for _ in 0..4 {
            p.unmake();
        }
        assert!(!p.won());
        assert_eq!((p.live, p.fours, p.hashes), start);
    }

    /// The incrementally kept worths equal a fresh sum over the lines, through a game and
    /// back.
    #[test]
    fn worths_follow_make_and_unmake() {
        let g = Geometry::new(6, 5, 4);
        let mut p = Position::new(&g);
        let check = |p: &Position| {
            for cell in 0..g.cells() {
                for c in 0..2 {
                    let mut sum = (0, 0);
                    for &l in g.lines_through(cell) {
                        let (a, n) = line_worth(p.count(l as usize), c, 4);
                        sum = (sum.0 + a, sum.1 + n);
                    }
                    assert_eq!(p.worth(cell, c), sum, "cell {cell} colour {c}");
                }
            }
        };
        let start = p.worth.clone();
        for (i, cell) in [14, 15, 8, 20, 9, 3, 21, 27, 2].into_iter().enumerate() {
            p.make(cell, i % 2);
            check(&p);
        }
        while p.stones() > 0 {
            p.unmake();
            check(&p);
        }
        assert_eq!(p.worth, start);
    }

    #[test]
    fn mirrored_positions_share_a_key() {
        let g = Geometry::new(5, 4, 4);
        let mut a = Position::new(&g);
        let mut b = Position::new(&g);
        a.make(0, 0);
        a.make(6, 1);
        // The same stones mirrored left to right.
        b.make(4, 0);
        b.make(8, 1);
        assert_eq!(a.canonical().0, b.canonical().0);
        b.unmake();
        b.make(7, 1);
        assert_ne!(a.canonical().0, b.canonical().0);
    }

    #[test]
    fn double_threats_need_two_distinct_cells() {
        let g = Geometry::new(5, 5, 3);
        let mut p = Position::new(&g);
        // x at (1,1) and (3,1) threaten (2,1); o blocks it.
        p.make(6, 0);
        p.make(8, 0);
        assert!(p.has_four(0));
        p.make(7, 1);
        // x at (1,3) then threatens (1,2) (the column) and (2,2) (the diagonal to (3,1)).
        assert!(p.makes_double_threat(0, 16));
        assert!(!p.makes_double_threat(0, 24));
    }
}
