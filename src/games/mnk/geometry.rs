//! The fixed facts of one m,n,k board: its winning lines and its symmetries.
//!
//! Everything here depends only on (width, height, k), so it is built once per `think` and
//! shared by the solver's position, move ordering and transposition-table keys.

/// Zobrist seed; any fixed value works, a fixed one keeps node counts reproducible.
const ZOBRIST_SEED: u64 = 0x6d6e_6b5f_7a6f_6272;

/// One line direction as (dx, dy): across, down, down-right, up-right.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Lines and symmetries of a `width` x `height` board where `k` in a row wins.
pub struct Geometry {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    /// The cells of every line (every k-window in every direction), `k` per line, flat.
    line_cells: Vec<u16>,
    /// For each cell, the lines through it.
    cell_lines: Vec<Vec<u32>>,
    /// Cell permutations of the board's symmetries, identity first: four on a rectangle,
    /// eight on a square. Positions equal under one share a transposition-table entry.
    pub symmetries: Vec<Vec<u16>>,
    /// The inverse of each permutation, to map a stored best move back.
    pub inverses: Vec<Vec<u16>>,
    /// Random keys per cell and colour for Zobrist hashing.
    pub zobrist: Vec<[u64; 2]>,
}

/// SplitMix64: a cheap, well-mixed sequence for Zobrist keys.
fn splitmix(z: &mut u64) -> u64 {
    *z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut x = *z;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Geometry {
    /// The geometry of a board; the caller checked 1 <= k <= max(width, height) and that the
    /// board has at most 65,535 cells.
    pub fn new(width: usize, height: usize, k: usize) -> Geometry {
        let cells = width * height;
        let mut line_cells = Vec::new();
        let mut cell_lines = vec![Vec::new(); cells];
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                for (dx, dy) in DIRECTIONS {
                    let (ex, ey) = (x + dx * (k as i32 - 1), y + dy * (k as i32 - 1));
                    if ex < 0 || ey < 0 || ex >= width as i32 || ey >= height as i32 {
                        continue;
                    }
                    let line = (line_cells.len() / k) as u32;
                    for i in 0..k as i32 {
                        let cell = ((y + dy * i) as usize) * width + (x + dx * i) as usize;
                        line_cells.push(cell as u16);
                        cell_lines[cell].push(line);
                    }
                }
            }
        }
        let symmetries = symmetries(width, height);
        let inverses = symmetries
            .iter()
            .map(|perm| {
                let mut inv = vec![0u16; cells];
                for (from, &to) in perm.iter().enumerate() {
                    inv[to as usize] = from as u16;
                }
                inv
            })
            .collect();
        let mut seed = ZOBRIST_SEED;
        let zobrist = (0..cells)
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        Geometry {
            width,
            height,
            k,
            line_cells,
            cell_lines,
            symmetries,
            inverses,
            zobrist,
        }
    }

    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    pub fn lines(&self) -> usize {
        self.line_cells.len() / self.k
    }

    /// The cells of line `l`.
    #[inline]
    pub fn line(&self, l: usize) -> &[u16] {
        &self.line_cells[l * self.k..(l + 1) * self.k]
    }

    /// The lines through `cell`.
    #[inline]
    pub fn lines_through(&self, cell: usize) -> &[u32] {
        &self.cell_lines[cell]
    }
}

/// A map of board coordinates onto themselves.
type CoordMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// The cell permutations mapping the board onto itself.
fn symmetries(width: usize, height: usize) -> Vec<Vec<u16>> {
    let (w, h) = (width, height);
    let mut maps: Vec<CoordMap> = vec![
        Box::new(|x, y| (x, y)),
        Box::new(move |x, y| (w - 1 - x, y)),
        Box::new(move |x, y| (x, h - 1 - y)),
        Box::new(move |x, y| (w - 1 - x, h - 1 - y)),
    ];
    if w == h {
        maps.push(Box::new(|x, y| (y, x)));
        maps.push(Box::new(move |x, y| (w - 1 - y, x)));
        maps.push(Box::new(move |x, y| (y, h - 1 - x)));
        maps.push(Box::new(move |x, y| (w - 1 - y, h - 1 - x)));
    }
    maps.iter()
        .map(|f| {
            (0..w * h)
                .map(|c| {
                    let (x, y) = f(c % w, c / w);
                    (y * w + x) as u16
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_counts_match_the_formula() {
        // Rows: h * (w - k + 1); columns: w * (h - k + 1); each diagonal direction:
        // (w - k + 1) * (h - k + 1).
        for (w, h, k) in [(3, 3, 3), (5, 4, 4), (6, 5, 4), (4, 4, 3), (7, 3, 3)] {
            let g = Geometry::new(w, h, k);
            let expected = h * (w - k + 1) + w * (h - k + 1) + 2 * (w - k + 1) * (h - k + 1);
            assert_eq!(g.lines(), expected, "{w}x{h} k={k}");
        }
        assert_eq!(Geometry::new(3, 3, 3).lines(), 8);
    }

    #[test]
    fn symmetries_are_permutations_that_keep_lines() {
        for (w, h, k) in [(5, 4, 4), (4, 4, 3)] {
            let g = Geometry::new(w, h, k);
            assert_eq!(g.symmetries.len(), if w == h { 8 } else { 4 });
            let lines: std::collections::HashSet<Vec<u16>> = (0..g.lines())
                .map(|l| {
                    let mut v = g.line(l).to_vec();
                    v.sort();
                    v
                })
                .collect();
            for (perm, inv) in g.symmetries.iter().zip(&g.inverses) {
                for c in 0..g.cells() {
                    assert_eq!(inv[perm[c] as usize] as usize, c);
                }
                for line in &lines {
                    let mut image: Vec<u16> = line.iter().map(|&c| perm[c as usize]).collect();
                    image.sort();
                    assert!(lines.contains(&image));
                }
            }
        }
    }
}
