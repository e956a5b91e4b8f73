//! Move generation and ordering by line potential.
//!
//! A cell's worth is the sum, over the lines through it, of what a stone there does for the
//! mover (a line free of opposing stones, weighted by the mover's stones on it) and what it
//! takes from the opponent (a line free of the mover's stones, weighted by theirs). Cells on no
//! line either side can still complete are left out: a stone there changes nothing, and in
//! these games an extra stone never hurts, so such a move is never better than a live one.

use super::position::Position;

/// Attack weight by the mover's stones already on a line (index 0..=6, k is at most 6).
const ATTACK: [i32; 7] = [1, 6, 36, 216, 1296, 7776, 46656];
/// Defence weight by the opponent's stones on a line: a little below attack, so with equal
/// lines the mover builds its own.
const DEFEND: [i32; 7] = [1, 5, 30, 180, 1080, 6480, 38880];

/// What one line adds to the worth of each of its cells for colour `c` (its attack value when
/// free of opposing stones, its defence value when free of `c`'s), and whether it is one stone
/// from being a four for `c` (k - 2 of `c`'s stones, none opposing). The position keeps these
/// sums per cell up to date move by move.
#[inline]
pub fn line_worth(counts: [u8; 2], c: usize, k: u8) -> (i32, u8) {
    let (mine, theirs) = (counts[c], counts[1 - c]);
    let mut worth = 0;
    let mut near_four = 0;
    if theirs == 0 {
        worth += ATTACK[mine as usize];
        near_four = (mine + 2 == k) as u8;
    }
    if mine == 0 {
        worth += DEFEND[theirs as usize];
    }
    (worth, near_four)
}

/// Live empty cells for colour `c`, best first, into `out`; the cell `first` (the table's
/// best move) leads when it is among them. Returns a cell making a double threat, if any.
pub fn generate(
    pos: &Position,
    c: usize,
    first: Option<usize>,
    out: &mut Vec<(i32, u16)>,
) -> Option<usize> {
    out.clear();
    let mut double = None;
    for cell in 0..pos.geo.cells() {
        if !pos.is_empty(cell) {
            continue;
        }
        let (mut score, near_fours) = pos.worth(cell, c);
        if score == 0 {
            continue;
        }
        if double.is_none() && near_fours >= 2 && pos.makes_double_threat(c, cell) {
            double = Some(cell);
        }
        if Some(cell) == first {
            score = i32::MAX;
        }
        out.push((score, cell as u16));
    }
    out.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    double
}

#[cfg(test)]
mod tests {
    use super::super::geometry::Geometry;
    use super::*;

    #[test]
    fn dead_cells_are_skipped_and_the_centre_leads() {
        let g = Geometry::new(3, 3, 3);
        let mut p = Position::new(&g);
        let mut out = Vec::new();
        generate(&p, 0, None, &mut out);
        assert_eq!(out.len(), 9);
        assert_eq!(out[0].1, 4);
        // x on 0, 2, 7 and o on 3, 4, 8: every line through the corner 6 holds both colours.
        for (cell, c) in [(0, 0), (3, 1), (2, 0), (4, 1), (7, 0), (8, 1)] {
            p.make(cell, c);
        }
        generate(&p, 0, Some(5), &mut out);
        let cells: Vec<u16> = out.iter().map(|&(_, cell)| cell).collect();
        assert_eq!(cells, vec![5, 1]);
    }
}
