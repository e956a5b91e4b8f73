//! The search model: pieces grouped into shape classes, states as per-class bitmasks.
//!
//! A state is one `u64` per class: the set of top-left cells of that class's pieces. Pieces of the
//! same shape are therefore interchangeable for free (swapping two soldiers gives the same state),
//! which is what makes equivalent layouts merge. Class 0 is always the goal piece on its own, so the
//! goal test is one comparison. Per-shape tables (cells covered, neighbour placement, mirror image)
//! are computed once per request so move generation is only mask arithmetic.

use super::grid::{Layout, MAX_CELLS};
use super::key::PackedKey;

/// Upper bound on shape classes: keeps the per-state scratch buffers on the stack.
pub const MAX_CLASSES: usize = 16;
/// "No placement" in the neighbour tables.
pub const NONE: u8 = u8::MAX;
/// Direction letters, indexed like [`Shape::step`].
pub const DIRS: [u8; 4] = [b'u', b'd', b'l', b'r'];

/// How moves are counted; see protocol.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// One piece to any cell it can reach along any path: one move.
    Moves,
    /// One straight slide of any length: one move.
    Slides,
    /// One one-cell shift: one move.
    Steps,
}

impl Metric {
    /// The metric's name in the protocol.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Moves => "moves",
            Metric::Slides => "slides",
            Metric::Steps => "steps",
        }
    }
}

/// Precomputed geometry of one piece shape on one board, indexed by top-left cell.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Rows covered.
    pub height: usize,
    /// Columns covered.
    pub width: usize,
    /// Cells covered when placed at top-left `t`; 0 when the piece would stick out of the board.
    pub cells: [u64; MAX_CELLS],
    /// Top-left after one step in each of [`DIRS`], or [`NONE`] when that leaves the board.
    pub step: [[u8; 4]; MAX_CELLS],
    /// Top-left of the left-right mirror image of the piece at `t`.
    pub mirror: [u8; MAX_CELLS],
    /// Every top-left where the piece fits on the board.
    pub placements: u64,
}

impl Shape {
    fn new(height: usize, width: usize, bw: usize, bh: usize) -> Shape {
        let mut s = Shape {
            height,
            width,
            cells: [0; MAX_CELLS],
            step: [[NONE; 4]; MAX_CELLS],
            mirror: [NONE; MAX_CELLS],
            placements: 0,
        };
        let fits = |r: usize, c: usize| r + height <= bh && c + width <= bw;
        for r in 0..bh {
            for c in 0..bw {
                if !fits(r, c) {
                    continue;
                }
                let t = r * bw + c;
                let mut m = 0u64;
                for rr in r..r + height {
                    for cc in c..c + width {
                        m |= 1 << (rr * bw + cc);
                    }
                }
                s.cells[t] = m;
                s.placements |= 1 << t;
                s.mirror[t] = (r * bw + (bw - c - width)) as u8;
                let moves = [
                    (r.checked_sub(1), Some(c)),
                    (Some(r + 1), Some(c)),
                    (Some(r), c.checked_sub(1)),
                    (Some(r), Some(c + 1)),
                ];
                for (d, mv) in moves.iter().enumerate() {
                    if let (Some(nr), Some(nc)) = *mv {
                        if fits(nr, nc) {
                            s.step[t][d] = (nr * bw + nc) as u8;
                        }
                    }
                }
            }
        }
        s
    }
}

/// One actual piece, for rebuilding moves with real letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tracked {
    /// The letter the user wrote.
    pub letter: u8,
    /// Its shape class.
    pub class: usize,
    /// Its top-left cell.
    pub pos: u8,
}

/// Everything the search needs about one request.
#[derive(Clone, Debug)]
pub struct Model {
    /// Board columns.
    pub width: usize,
    /// Board rows.
    pub height: usize,
    /// Shape of each class; class 0 is the goal piece alone.
    pub shapes: Vec<Shape>,
    /// Where the goal piece's top-left must end up.
    pub goal_pos: u8,
    /// Merge each state with its left-right mirror image (only sound when the goal is symmetric).
    pub mirror_dedup: bool,
    /// All cells of the board.
    pub full: u64,
    /// Cells not in the leftmost column (those that can shift left), and not in the rightmost.
    pub not_left: u64,
    /// Cells not in the rightmost column.
    pub not_right: u64,
    /// The start position's pieces.
    pub pieces: Vec<Tracked>,
}

impl Model {
    /// Groups the layout's pieces into classes (goal piece first, then by shape) and precomputes
    /// the geometry. `goal` is the goal piece's letter and target top-left (row, col).
    pub fn new(
        layout: &Layout,
        goal: (u8, usize, usize),
        allow_mirror: bool,
    ) -> Result<Model, String> {
        let (letter, row, col) = goal;
        let (bw, bh) = (layout.width, layout.height);
        let gp = layout
            .piece(letter)
            .ok_or_else(|| format!("bad goal: no piece {} in the grid", letter as char))?;
        if row.saturating_add(gp.height) > bh || col.saturating_add(gp.width) > bw {
            return Err(format!(
                "bad goal: piece {} ({}x{}) does not fit at row {row} col {col} on a {bw}x{bh} board",
                letter as char, gp.height, gp.width
            ));
        }
        let mut dims: Vec<(usize, usize)> = vec![(gp.height, gp.width)];
        let mut pieces = Vec::with_capacity(layout.pieces.len());
        for p in &layout.pieces {
            let class = if p.letter == letter {
                0
            } else if let Some(i) = dims.iter().skip(1).position(|&d| d == (p.height, p.width)) {
                i + 1
            } else {
                dims.push((p.height, p.width));
                dims.len() - 1
            };
            pieces.push(Tracked {
                letter: p.letter,
                class,
                pos: (p.row * bw + p.col) as u8,
            });
        }
        if dims.len() > MAX_CLASSES {
            return Err(format!(
                "bad grid: {} different piece shapes (at most {} supported)",
                dims.len() - 1,
                MAX_CLASSES - 1
            ));
        }
        let shapes = dims
            .iter()
            .map(|&(h, w)| Shape::new(h, w, bw, bh))
            .collect();
        let cells = bw * bh;
        Ok(Model {
            width: bw,
            height: bh,
            shapes,
            goal_pos: (row * bw + col) as u8,
            mirror_dedup: allow_mirror && col == bw - col - gp.width,
            full: if cells == 64 {
                u64::MAX
            } else {
                (1u64 << cells) - 1
            },
            not_left: (0..cells)
                .filter(|i| i % bw != 0)
                .fold(0, |m, i| m | 1 << i),
            not_right: (0..cells)
                .filter(|i| i % bw != bw - 1)
                .fold(0, |m, i| m | 1 << i),
            pieces,
        })
    }

    /// Words per state.
    pub fn classes(&self) -> usize {
        self.shapes.len()
    }

    /// Cells on the board.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Bit offset of class `c` in a packed key.
    #[inline]
    pub fn offset(&self, c: usize) -> usize {
        c * self.cells()
    }

    /// Per-class masks of a set of tracked pieces.
    pub fn masks_of(&self, pieces: &[Tracked], out: &mut [u64]) {
        out.fill(0);
        for p in pieces {
            out[p.class] |= 1 << p.pos;
        }
    }

    /// The left-right mirror image of per-class masks.
    #[inline]
    pub fn mirror_masks(&self, masks: &[u64], out: &mut [u64]) {
        for ((shape, &mask), slot) in self.shapes.iter().zip(masks).zip(out.iter_mut()) {
            let mut m = mask;
            let mut image = 0u64;
            while m != 0 {
                image |= 1 << shape.mirror[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            *slot = image;
        }
    }

    /// The stored form of a position: its packed key, or the smaller of it and its mirror image's
    /// when mirror images are merged.
    pub fn canonical_key<K: PackedKey>(&self, masks: &[u64]) -> K {
        let key = K::pack(masks, self.cells());
        if !self.mirror_dedup {
            return key;
        }
        let mut mirrored = [0u64; MAX_CLASSES];
        self.mirror_masks(masks, &mut mirrored[..masks.len()]);
        key.min(K::pack(&mirrored[..masks.len()], self.cells()))
    }

    /// True when the goal piece sits on its target (mirror-invariant whenever dedup is on).
    #[inline]
    pub fn is_goal<K: PackedKey>(&self, key: &K) -> bool {
        key.extract(0, self.cells()) == 1 << self.goal_pos
    }

    /// The occupied cells of a state.
    #[inline]
    pub fn occupied(&self, state: &[u64]) -> u64 {
        let mut occ = 0;
        for (shape, &mask) in self.shapes.iter().zip(state) {
            let mut m = mask;
            while m != 0 {
                occ |= shape.cells[m.trailing_zeros() as usize];
                m &= m - 1;
            }
        }
        occ
    }
}
