//! Packed state keys: the per-class masks laid end to end in `N` words.
//!
//! Class `c` occupies bits `c * cells .. (c + 1) * cells`, so a move is two bit flips on the key and
//! the stored form is as small as the board allows (two words for the classic board). Class 0,
//! the goal piece, always sits in word 0, which makes the goal test one mask and compare.

/// A packed state of `N` words; ordered lexicographically (used to pick a mirror representative).
pub type Key<const N: usize> = [u64; N];

/// Packs per-class masks of `cells` bits each.
#[inline]
pub fn pack<const N: usize>(masks: &[u64], cells: usize) -> Key<N> {
    let mut key = [0u64; N];
    for (c, &m) in masks.iter().enumerate() {
        let o = c * cells;
        let (w, sh) = (o / 64, o % 64);
        key[w] |= m << sh;
        if sh + cells > 64 {
            key[w + 1] |= m >> (64 - sh);
        }
    }
    key
}

/// Unpacks a key into `out.len()` per-class masks of `cells` bits each.
#[inline]
pub fn unpack<const N: usize>(key: &Key<N>, cells: usize, out: &mut [u64]) {
    let low = if cells == 64 {
        u64::MAX
    } else {
        (1u64 << cells) - 1
    };
    for (c, slot) in out.iter_mut().enumerate() {
        let o = c * cells;
        let (w, sh) = (o / 64, o % 64);
        let mut m = key[w] >> sh;
        if sh + cells > 64 {
            m |= key[w + 1] << (64 - sh);
        }
        *slot = m & low;
    }
}

/// Toggles one bit of a key.
#[inline]
pub fn flip<const N: usize>(key: &mut Key<N>, bit: usize) {
    key[bit / 64] ^= 1u64 << (bit % 64);
}

/// Words needed for `classes` masks of `cells` bits, rounded up to a size we instantiate.
pub fn words_for(classes: usize, cells: usize) -> usize {
    match (classes * cells).div_ceil(64) {
        0 | 1 => 1,
        2 => 2,
        3 | 4 => 4,
        5..=8 => 8,
        _ => 16,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trips_across_word_edges() {
        let masks = [0b1011, (1 << 19) | 1, 0xF_FFFF, 1 << 7];
        let key: Key<2> = pack(&masks, 20);
        let mut back = [0u64; 4];
        unpack(&key, 20, &mut back);
        assert_eq!(back, masks);
        let mut k2 = key;
        flip(&mut k2, 3 * 20 + 7);
        flip(&mut k2, 3 * 20 + 9);
        unpack(&k2, 20, &mut back);
        assert_eq!(back[3], 1 << 9);
        assert_eq!(words_for(4, 20), 2);
        assert_eq!(words_for(16, 64), 16);
    }
}
