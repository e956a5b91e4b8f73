//! The one integer mixer every pseudo-random key in the crate is drawn from.

/// splitmix64's output function: a fast bijective mix of a 64-bit word.
///
/// Zobrist keys, per-thread noise and hashed puzzle keys all need "random-looking but
/// reproducible" numbers from a counter; one shared definition keeps them identical across
/// modules (the bench node count depends on the exact bits).
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // First outputs of the reference splitmix64 generator seeded with 0 (Vigna's splitmix64.c
        // adds the constant before mixing, as this function does with a zero state).
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(0x9E37_79B9_7F4A_7C15), 0x6E78_9E6A_A1B9_65F4);
    }
}
