//! Zobrist keys: the same on every platform and run, drawn from one seeded SplitMix64.
//!
//! The table is filled once, at its first use, instead of being written into the binary: its 361
//! keys are 2.9 KB of random bytes, which no compression shrinks, in every download of the web
//! page's rules core. Computing each key where it is read ([`SplitMix64::nth`]) needed no table
//! at all, but searched 10% slower in WebAssembly (`node scripts/wasm-speed.mjs`); a table
//! lookup is what the search needs. The numbering is the order in which the table was always
//! drawn, so the keys, and every hash, are the ones they were.

use std::sync::LazyLock;

use crate::geometry::PATH_STEPS;
use crate::point::{Color, Point, NUM_POINTS};
use crate::rng::SplitMix64;

/// The keys' generator.
const SEED: SplitMix64 = SplitMix64::new(0x0B1E_A0D6_4A71_1903);

/// Captain keys per side: one per progress step, 0 to 17 inclusive.
const PROGRESS_KEYS: usize = PATH_STEPS as usize + 1;

/// Keys per side: a sergeant's and a private's on each point, then the captain's per progress.
const SIDE_KEYS: usize = 2 * NUM_POINTS + PROGRESS_KEYS;

struct Keys {
    /// `[side][0 sergeant | 1 private][point]`
    guards: [[[u64; NUM_POINTS]; 2]; 2],
    /// `[side][progress]`
    captains: [[u64; PROGRESS_KEYS]; 2],
    gray_to_move: u64,
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let key = |n: usize| SEED.nth(n as u64);
    Keys {
        guards: std::array::from_fn(|s| {
            std::array::from_fn(|k| {
                std::array::from_fn(|p| key(s * SIDE_KEYS + k * NUM_POINTS + p))
            })
        }),
        captains: std::array::from_fn(|s| {
            std::array::from_fn(|i| key(s * SIDE_KEYS + 2 * NUM_POINTS + i))
        }),
        gray_to_move: key(2 * SIDE_KEYS),
    }
});

/// Key of a guard of `side` on `p` (`private` selects the private's key).
#[inline]
pub(crate) fn guard(side: Color, private: bool, p: Point) -> u64 {
    KEYS.guards[side.index()][private as usize][p.index()]
}

/// Key of `side`'s captain at `progress`.
#[inline]
pub(crate) fn captain(side: Color, progress: u8) -> u64 {
    KEYS.captains[side.index()][progress as usize]
}

/// Key toggled when Gray is to move.
#[inline]
pub(crate) fn gray_to_move() -> u64 {
    KEYS.gray_to_move
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_are_the_seeds_outputs_in_their_order_and_all_differ() {
        let mut rng = SEED;
        let mut drawn = Vec::new();
        for side in [Color::Blue, Color::Gray] {
            for private in [false, true] {
                for p in 0..NUM_POINTS {
                    let key = guard(side, private, Point::new(p as u8).unwrap());
                    assert_eq!(key, rng.next_u64());
                    drawn.push(key);
                }
            }
            for progress in 0..=PATH_STEPS {
                let key = captain(side, progress);
                assert_eq!(key, rng.next_u64());
                drawn.push(key);
            }
        }
        assert_eq!(gray_to_move(), rng.next_u64());
        drawn.push(gray_to_move());
        drawn.sort_unstable();
        drawn.dedup();
        assert_eq!(drawn.len(), 361);
    }
}
