//! The one pseudo-random generator of the project: SplitMix64 (Steele, Lea and Flood, 2014).
//!
//! It is tiny, fast, passes BigCrush, and is the same on every platform, so the Zobrist keys, the
//! engine's evaluation noise and the openings of a match are all reproducible from their seeds.
//! Any of its outputs can be computed directly ([`SplitMix64::nth`]), which lets the Zobrist keys
//! be drawn at their first use instead of stored in the binary.

/// The generator's increment: 2^64 divided by the golden ratio.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection that scatters related inputs.
const fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Turns related numbers (hashes, seeds, counters) into unrelated ones: the first output of a
/// [`SplitMix64`] seeded with `x`.
#[inline]
pub const fn mix(x: u64) -> u64 {
    finalise(x.wrapping_add(GAMMA))
}

/// A seeded SplitMix64 generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose outputs depend on `seed` alone.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The generator after one step and the number it produced, for `const` contexts (the
    /// Zobrist tables), where `&mut self` methods cannot be called.
    #[must_use]
    pub const fn step(self) -> (SplitMix64, u64) {
        let state = self.state.wrapping_add(GAMMA);
        (SplitMix64 { state }, finalise(state))
    }

    /// The `n`-th number this generator will produce (0: the next), without producing the ones
    /// before it: SplitMix64's state only ever adds [`GAMMA`], so any output is one `finalise`
    /// away.
    #[inline]
    #[must_use]
    pub const fn nth(self, n: u64) -> u64 {
        finalise(
            self.state
                .wrapping_add(n.wrapping_add(1).wrapping_mul(GAMMA)),
        )
    }

    /// The next number.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (next, out) = self.step();
        *self = next;
        out
    }

    /// A number in `0..n`, or 0 when `n` is 0. The modulo bias is below 2^-40 for the small `n`
    /// this project draws from (move lists), so it does not matter here.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_outputs() {
        // The first outputs of SplitMix64 seeded with 1234567, from the reference C code.
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(mix(1_234_567), SplitMix64::new(1_234_567).next_u64());
        assert_eq!(SplitMix64::new(5).below(0), 0);
        let mut r = SplitMix64::new(99);
        let first: Vec<u64> = (0..5).map(|_| r.next_u64()).collect();
        let nth: Vec<u64> = (0..5).map(|n| SplitMix64::new(99).nth(n)).collect();
        assert_eq!(nth, first);
    }
}
