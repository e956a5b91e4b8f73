//! The bitboard model: a whole position in one `u64`, for boards whose placements fit 64 bits.
//!
//! Every (shape class, top-left) placement a piece could have gets one bit of the key, class by
//! class, so a position is the set of its pieces' placements. Same-shaped pieces are therefore
//! interchangeable for free, a move is two bit flips, the goal test is one AND, and the key goes
//! straight into the hash table. On the classic 4x5 board the four classes have 12 + 16 + 15 + 20
//! = 63 placements; any board whose classes' placements add up to at most 64 works the same way.
//!
//! Per key bit we precompute what the search needs about that piece (class, top-left, covered
//! cells, neighbouring cells, mirror image, the placement one step away in each direction and the
//! cells that step needs), so move generation is table lookups and mask tests on the key.

use super::grid::MAX_CELLS;
use super::model::{Model, MAX_CLASSES, NONE};

/// How [`BitModel::candidates`] finds the pieces that can move; fixed for a whole search, because
/// the numbers of pieces and of empty cells never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movers {
    /// Count, per direction, the empty cells each placement's edge needs (pieces at most 2x2,
    /// no more empty cells than pieces): the open steps of every piece at once.
    Counted,
    /// Pieces next to an empty cell, found from the empty cells, then tested one by one.
    NearEmpty,
    /// Pieces next to an empty cell, found piece by piece, then tested one by one.
    NearPiece,
}

/// Geometry of one board and piece set in the one-word key form.
pub struct BitModel {
    /// Board width (a vertical step is a shift by this), below 64.
    pub width: u32,
    /// All cells of the board; cells not in the leftmost / rightmost column.
    pub full: u64,
    /// Placements that are not in the leftmost column.
    pub not_left: u64,
    /// Placements that are not in the rightmost column.
    pub not_right: u64,
    /// Merge each position with its mirror image.
    pub mirror_dedup: bool,
    /// The key bit of the goal piece on its target.
    pub goal_bit: u64,
    /// Per class and top-left cell: the key bit index of that placement (valid placements only).
    pub index: [[u8; MAX_CELLS]; MAX_CLASSES],
    /// Per key bit: the class and top-left of the placement.
    pub class_of: [u8; 64],
    /// The top-left cell of each placement bit.
    pub cell_of: [u8; 64],
    /// Per key bit: the cells the piece covers.
    pub covers: [u64; 64],
    /// Per key bit: the cells next to the piece; it can move only if one of them is empty.
    pub halo: [u64; 64],
    /// Per cell: the key bits of every placement next to it (the cell in its halo). ANDed with
    /// a key, it names the pieces beside that cell, so when a board has fewer empty cells than
    /// pieces the pieces that might move are found from the empty cells.
    pub beside: [u64; MAX_CELLS],
    /// Per cell and direction: the key bits of every placement whose step that way needs the
    /// cell (the cell is in its `edge`).
    pub ahead: [[u64; 4]; MAX_CELLS],
    /// Per direction: the key bits of placements whose edge that way is one cell, and two cells.
    pub edge_one: [u64; 4],
    /// Per direction: the key bits of placements whose edge that way is two cells.
    pub edge_two: [u64; 4],
    /// True when no edge is longer than two cells (every piece at most 2x2).
    pub short_edges: bool,
    /// Per key bit: the key bit index of the piece's mirror image.
    pub mirror_of: [u8; 64],
    /// Per key bit and direction (`u d l r`): the key bit of the placement one step away (0 when
    /// that leaves the board) and the cells it newly covers, which must be free.
    pub step_bit: [[u64; 4]; 64],
    /// Per key bit and direction: the cells the step newly covers, which must be empty.
    pub edge: [[u64; 4]; 64],
    /// Per key bit and set of open directions (bit `d` for direction `d`): the union of their
    /// `step_bit`s.
    pub step_sets: [[u64; 16]; 64],
}

impl BitModel {
    /// The one-word form of `model`, or `None` when its placements need more than 64 bits or the
    /// board is a single 64-cell row (vertical shifts by the width must stay below 64).
    pub fn new(model: &Model) -> Option<Box<BitModel>> {
        let total: u32 = model.shapes.iter().map(|s| s.placements.count_ones()).sum();
        if total > 64 || model.width >= 64 || model.shapes.len() > MAX_CLASSES {
            return None;
        }
        let mut bm = Box::new(BitModel {
            width: model.width as u32,
            full: model.full,
            not_left: model.not_left,
            not_right: model.not_right,
            mirror_dedup: model.mirror_dedup,
            goal_bit: 0,
            index: [[0; MAX_CELLS]; MAX_CLASSES],
            class_of: [0; 64],
            cell_of: [0; 64],
            covers: [0; 64],
            halo: [0; 64],
            beside: [0; MAX_CELLS],
            ahead: [[0; 4]; MAX_CELLS],
            edge_one: [0; 4],
            edge_two: [0; 4],
            short_edges: model.shapes.iter().all(|s| s.width <= 2 && s.height <= 2),
            mirror_of: [0; 64],
            step_bit: [[0; 4]; 64],
            edge: [[0; 4]; 64],
            step_sets: [[0; 16]; 64],
        });
        let mut next = 0usize;
        for (c, shape) in model.shapes.iter().enumerate() {
            let mut p = shape.placements;
            while p != 0 {
                let t = p.trailing_zeros() as usize;
                p &= p - 1;
                bm.index[c][t] = next as u8;
                bm.class_of[next] = c as u8;
                bm.cell_of[next] = t as u8;
                let cells = shape.cells[t];
                bm.covers[next] = cells;
                bm.halo[next] = bm.neighbours(cells) & !cells;
                let mut h = bm.halo[next];
                while h != 0 {
                    bm.beside[h.trailing_zeros() as usize] |= 1 << next;
                    h &= h - 1;
                }
                next += 1;
            }
        }
        for b in 0..next {
            let (c, t) = (bm.class_of[b] as usize, bm.cell_of[b] as usize);
            let shape = &model.shapes[c];
            bm.mirror_of[b] = bm.index[c][shape.mirror[t] as usize];
            for d in 0..4 {
                let n = shape.step[t][d];
                if n != NONE {
                    bm.step_bit[b][d] = bm.bit(c, n as usize);
                    let edge = shape.cells[n as usize] & !shape.cells[t];
                    bm.edge[b][d] = edge;
                    match edge.count_ones() {
                        1 => bm.edge_one[d] |= 1 << b,
                        2 => bm.edge_two[d] |= 1 << b,
                        _ => {}
                    }
                    let mut e = edge;
                    while e != 0 {
                        bm.ahead[e.trailing_zeros() as usize][d] |= 1 << b;
                        e &= e - 1;
                    }
                }
            }
            for open in 0..16 {
                bm.step_sets[b][open] = (0..4)
                    .filter(|d| open & 1 << d != 0)
                    .fold(0, |set, d| set | bm.step_bit[b][d]);
            }
        }
        bm.goal_bit = 1 << bm.index[0][model.goal_pos as usize];
        Some(bm)
    }

    /// The key bit of class `c`'s piece at top-left `t` (a valid placement).
    #[inline]
    pub fn bit(&self, c: usize, t: usize) -> u64 {
        1 << (self.index[c & (MAX_CLASSES - 1)][t & (MAX_CELLS - 1)] & 63)
    }

    /// The cells one step from `cells` in any of the four directions.
    #[inline]
    pub fn neighbours(&self, cells: u64) -> u64 {
        ((cells & self.not_left) >> 1
            | (cells & self.not_right) << 1
            | cells >> self.width
            | cells << self.width)
            & self.full
    }

    /// The key of a set of pieces given as (class, top-left).
    pub fn key_of(&self, pieces: impl IntoIterator<Item = (usize, usize)>) -> u64 {
        pieces.into_iter().fold(0, |k, (c, t)| k | self.bit(c, t))
    }

    /// The key of the left-right mirror image.
    #[inline]
    pub fn mirror(&self, key: u64) -> u64 {
        let mut m = key;
        let mut image = 0u64;
        while m != 0 {
            image |= 1 << (self.mirror_of[m.trailing_zeros() as usize & 63] & 63);
            m &= m - 1;
        }
        image
    }

    /// The stored form of a position: the smaller of its key and its mirror image's when mirror
    /// images are merged.
    pub fn canonical(&self, key: u64) -> u64 {
        if self.mirror_dedup {
            key.min(self.mirror(key))
        } else {
            key
        }
    }

    /// The occupied cells of a position.
    pub fn occupied(&self, key: u64) -> u64 {
        let mut m = key;
        let mut occ = 0;
        while m != 0 {
            occ |= self.covers[m.trailing_zeros() as usize & 63];
            m &= m - 1;
        }
        occ
    }

    /// The way to find movers for a search starting at `start`.
    pub fn mover_search(&self, start: u64) -> Movers {
        let empties = (self.full & !self.occupied(start)).count_ones();
        match (empties <= start.count_ones(), self.short_edges) {
            (true, true) => Movers::Counted,
            (true, false) => Movers::NearEmpty,
            _ => Movers::NearPiece,
        }
    }

    /// The pieces of `key` (but `skip`) that might move, with no branch per piece (whether a
    /// piece can move is a coin toss for the branch predictor). With [`Movers::Counted`] they
    /// are exactly the pieces with an open step, and the second value holds, per direction, the
    /// pieces whose step that way is open; otherwise they are the pieces next to an empty cell.
    #[inline(always)]
    pub fn candidates(&self, key: u64, empty: u64, skip: u64, way: Movers) -> (u64, [u64; 4]) {
        let mut open = [0u64; 4];
        let mut near = 0u64;
        match way {
            Movers::Counted => {
                // Per direction, bit-sliced counts (ones, twos) of the empty cells ahead of
                // each placement; an edge of one cell needs one, of two cells two.
                let (mut ones, mut twos) = ([0u64; 4], [0u64; 4]);
                let mut e = empty;
                while e != 0 {
                    let ahead = &self.ahead[e.trailing_zeros() as usize & (MAX_CELLS - 1)];
                    e &= e - 1;
                    for d in 0..4 {
                        twos[d] |= ones[d] & ahead[d];
                        ones[d] ^= ahead[d];
                    }
                }
                for d in 0..4 {
                    open[d] = key & (ones[d] & self.edge_one[d] | twos[d] & self.edge_two[d]);
                    near |= open[d];
                }
            }
            Movers::NearEmpty => {
                let mut e = empty;
                while e != 0 {
                    near |= key & self.beside[e.trailing_zeros() as usize & 63];
                    e &= e - 1;
                }
            }
            Movers::NearPiece => {
                let mut m = key;
                while m != 0 {
                    let b = m.trailing_zeros() as usize & 63;
                    m &= m - 1;
                    near |= u64::from(self.halo[b] & empty != 0) << b;
                }
            }
        }
        (near & !skip, open)
    }

    /// The one-step placements of candidate `b` from [`BitModel::candidates`] (0 when it cannot
    /// move after all).
    #[inline(always)]
    pub fn first_steps(&self, b: usize, empty: u64, way: Movers, open: &[u64; 4]) -> u64 {
        if way == Movers::Counted {
            let code = (open[0] >> b & 1)
                | (open[1] >> b & 1) << 1
                | (open[2] >> b & 1) << 2
                | (open[3] >> b & 1) << 3;
            self.step_sets[b & 63][code as usize & 15]
        } else {
            self.steps(b, empty)
        }
    }

    /// Key bits of the placements one step (in any direction) from the piece with key bit `b`
    /// whose newly covered cells are all in `free`. Four mask tests give a 4-bit code of the
    /// open directions, which looks up the answer: no branches, because whether a direction is
    /// open is a coin toss the branch predictor loses (the compiler turned a masked OR per
    /// direction into branches, which cost a third of the search time in mispredictions).
    #[inline]
    pub fn steps(&self, b: usize, free: u64) -> u64 {
        let b = b & 63;
        let e = &self.edge[b];
        let open = usize::from(e[0] & !free == 0)
            | usize::from(e[1] & !free == 0) << 1
            | usize::from(e[2] & !free == 0) << 2
            | usize::from(e[3] & !free == 0) << 3;
        self.step_sets[b][open & 15]
    }

    /// Key bits of the placements the piece with key bit `b` reaches by one straight slide
    /// through `free`, given its one-step placements `first`: each slide starts with one of them
    /// and goes on the same way, so closed directions cost nothing.
    #[inline]
    pub fn slides(&self, b: usize, free: u64, first: u64) -> u64 {
        let sb = &self.step_bit[b & 63];
        let mut out = first;
        let mut starts = first;
        while starts != 0 {
            let x = starts & starts.wrapping_neg();
            starts &= starts - 1;
            // The direction of this first step, without a branch.
            let d =
                usize::from(sb[1] == x) + 2 * usize::from(sb[2] == x) + 3 * usize::from(sb[3] == x);
            let mut p = x.trailing_zeros() as usize & 63;
            while self.step_bit[p][d] != 0 && self.edge[p][d] & !free == 0 {
                out |= self.step_bit[p][d];
                p = self.step_bit[p][d].trailing_zeros() as usize & 63;
            }
        }
        out
    }

    /// Key bits of every placement the piece with key bit `b` reaches along any path, given
    /// the empty cells `empty` (its own cells become free as it leaves), `b` excluded. `first`
    /// is `steps(b, empty)`, which the caller already has. A flood over placements: regions on
    /// a crowded board are a handful of placements.
    #[inline]
    pub fn region(&self, b: usize, empty: u64, first: u64) -> u64 {
        let free = empty | self.covers[b & 63];
        let mut reached = first | 1 << (b & 63);
        let mut frontier = first;
        while frontier != 0 {
            let x = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.steps(x, free) & !reached;
            reached |= new;
            frontier |= new;
        }
        reached & !(1 << (b & 63))
    }
}
