//! Compact state keys for the searches that store states (BFS, bidirectional BFS, A*).
//!
//! A board of up to 25 cells packs into one `u128` at 5 bits per cell, so a stored state costs
//! 16 bytes plus the table's own overhead, and hashing is one integer.

use super::board::{Dir, Shape};

/// Boards larger than this cannot be packed; those searches refuse them.
pub const MAX_CELLS: usize = 25;

/// Packs tiles (cells → tile) into a key.
pub fn pack(tiles: &[u8]) -> u128 {
    tiles
        .iter()
        .enumerate()
        .fold(0u128, |k, (i, &t)| k | ((t as u128) << (5 * i)))
}

/// The tile at `cell` of a packed key.
pub fn tile_at(key: u128, cell: usize) -> u8 {
    ((key >> (5 * cell)) & 31) as u8
}

/// The blank's cell in a packed key.
pub fn blank_of(key: u128, area: usize) -> usize {
    (0..area).find(|&c| tile_at(key, c) == 0).unwrap_or(0)
}

/// The key after the blank moves `d`, if legal.
pub fn apply(shape: Shape, key: u128, blank: usize, d: Dir) -> Option<(u128, usize)> {
    let to = shape.step(blank, d)?;
    let t = tile_at(key, to) as u128;
    // Blank (0) at `blank` becomes t; cell `to` becomes 0.
    let k = (key | (t << (5 * blank))) & !(31u128 << (5 * to));
    Some((k, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_and_move() {
        let s = Shape { w: 2, h: 2 };
        let k = pack(&[1, 2, 3, 0]);
        assert_eq!(blank_of(k, 4), 3);
        let (k2, b) = apply(s, k, 3, Dir::Up).unwrap();
        assert_eq!(b, 1);
        assert_eq!(k2, pack(&[1, 0, 3, 2]));
        assert!(apply(s, k, 3, Dir::Down).is_none());
    }
}
