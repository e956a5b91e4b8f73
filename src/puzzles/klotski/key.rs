//! Packed state keys: the per-class masks laid end to end in as few words as the board allows.
//!
//! Class `c` occupies bits `c * cells .. (c + 1) * cells`, so a move is two bit flips on the key.
//! The classic board (4 classes x 20 cells) fits a `u128`, where a flip, a compare and a hash are a
//! few instructions; bigger models use `[u64; N]`. Class 0, the goal piece, always sits in the
//! lowest bits, which makes the goal test one mask and compare.

/// A packed state. `Ord` picks the representative of a position and its mirror image.
pub trait PackedKey: Copy + Eq + Ord {
    /// The empty key.
    fn zero() -> Self;
    /// Toggles one bit.
    fn flip(&mut self, bit: usize);
    /// Bitwise exclusive or: applies a precomputed move delta.
    fn xor(self, other: Self) -> Self;
    /// The key with only bit `bit` set.
    fn bit(bit: usize) -> Self {
        let mut k = Self::zero();
        k.flip(bit);
        k
    }
    /// `cells` bits starting at bit `offset` (never crossing the key's end).
    fn extract(&self, offset: usize, cells: usize) -> u64;
    /// A well-mixed hash for the visited table.
    fn hash(&self) -> u64;

    /// Packs per-class masks of `cells` bits each.
    fn pack(masks: &[u64], cells: usize) -> Self {
        let mut key = Self::zero();
        for (c, &mask) in masks.iter().enumerate() {
            let mut m = mask;
            while m != 0 {
                key.flip(c * cells + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
        key
    }

    /// Unpacks into `out.len()` per-class masks of `cells` bits each.
    #[inline]
    fn unpack(&self, cells: usize, out: &mut [u64]) {
        for (c, slot) in out.iter_mut().enumerate() {
            *slot = self.extract(c * cells, cells);
        }
    }
}

#[inline]
fn low_bits(cells: usize) -> u64 {
    if cells >= 64 {
        u64::MAX
    } else {
        (1u64 << cells) - 1
    }
}

#[inline]
fn mix(x: u64) -> u64 {
    let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 29)
}

impl PackedKey for u64 {
    fn zero() -> Self {
        0
    }
    #[inline]
    fn flip(&mut self, bit: usize) {
        *self ^= 1u64 << bit;
    }
    #[inline]
    fn xor(self, other: Self) -> Self {
        self ^ other
    }
    #[inline]
    fn extract(&self, offset: usize, cells: usize) -> u64 {
        (self >> offset) & low_bits(cells)
    }
    #[inline]
    fn hash(&self) -> u64 {
        mix(*self)
    }
}

impl PackedKey for u128 {
    fn zero() -> Self {
        0
    }
    #[inline]
    fn flip(&mut self, bit: usize) {
        *self ^= 1u128 << bit;
    }
    #[inline]
    fn xor(self, other: Self) -> Self {
        self ^ other
    }
    #[inline]
    fn extract(&self, offset: usize, cells: usize) -> u64 {
        (self >> offset) as u64 & low_bits(cells)
    }
    #[inline]
    fn hash(&self) -> u64 {
        mix(*self as u64 ^ mix((*self >> 64) as u64))
    }
}

impl<const N: usize> PackedKey for [u64; N] {
    fn zero() -> Self {
        [0; N]
    }
    #[inline]
    fn flip(&mut self, bit: usize) {
        self[bit / 64] ^= 1u64 << (bit % 64);
    }
    #[inline]
    fn xor(mut self, other: Self) -> Self {
        for (a, b) in self.iter_mut().zip(other) {
            *a ^= b;
        }
        self
    }
    #[inline]
    fn extract(&self, offset: usize, cells: usize) -> u64 {
        let (w, sh) = (offset / 64, offset % 64);
        let mut m = self[w] >> sh;
        if sh + cells > 64 {
            m |= self[w + 1] << (64 - sh);
        }
        m & low_bits(cells)
    }
    #[inline]
    fn hash(&self) -> u64 {
        self.iter().fold(0x243F_6A88_85A3_08D3, |h, &w| mix(h ^ w))
    }
}

/// 64-bit words needed for `classes` masks of `cells` bits (1, 2, 4, 8 or 16: the sizes we build).
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

    fn round_trip<K: PackedKey>(masks: &[u64], cells: usize) {
        let key = K::pack(masks, cells);
        let mut back = vec![0u64; masks.len()];
        key.unpack(cells, &mut back);
        assert_eq!(back, masks);
        let mut moved = key;
        let last = masks.len() - 1;
        moved.flip(last * cells + masks[last].trailing_zeros() as usize);
        moved.flip(last * cells + cells - 1);
        moved.unpack(cells, &mut back);
        assert_eq!(
            back[last],
            (masks[last] & (masks[last] - 1)) | 1 << (cells - 1)
        );
    }

    #[test]
    fn pack_round_trips_across_word_edges() {
        round_trip::<u64>(&[0b1011, 1 << 3, 0x1F], 20);
        round_trip::<u128>(&[0b1011, (1 << 19) | 1, 0xF_FFF, 1 << 7], 20);
        round_trip::<[u64; 4]>(&[1, 1 << 35, u64::MAX >> 28, 0b110, 1 << 4], 36);
        round_trip::<[u64; 16]>(&[1, u64::MAX >> 1, 1 << 62], 64);
        assert_eq!(words_for(4, 20), 2);
        assert_eq!(words_for(16, 64), 16);
    }
}
