//! Zobrist keys: the same on every platform and run, drawn from one seeded SplitMix64.
//!
//! Each key is computed where it is read ([`SplitMix64::nth`]: three multiplications) instead of
//! being looked up in a table: the 361 keys are 2.9 KB of random bytes, which no compression
//! shrinks, in every download of the web page's rules core, and computing them measures as fast
//! as loading them (`bluegray bench`). The numbering is the order in which the table used to be
//! drawn, so the keys, and every hash, are the ones they were.

use crate::geometry::PATH_STEPS;
use crate::point::{Color, Point, NUM_POINTS};
use crate::rng::SplitMix64;

/// The keys' generator.
const KEYS: SplitMix64 = SplitMix64::new(0x0B1E_A0D6_4A71_1903);

/// Captain keys per side: one per progress step, 0 to 17 inclusive.
const PROGRESS_KEYS: u64 = PATH_STEPS as u64 + 1;

/// Keys per side: a sergeant's and a private's on each point, then the captain's per progress.
const SIDE_KEYS: u64 = 2 * NUM_POINTS as u64 + PROGRESS_KEYS;

/// Key of a guard of `side` on `p` (`private` selects the private's key).
#[inline]
pub(crate) fn guard(side: Color, private: bool, p: Point) -> u64 {
    KEYS.nth(
        side.index() as u64 * SIDE_KEYS + private as u64 * NUM_POINTS as u64 + p.index() as u64,
    )
}

/// Key of `side`'s captain at `progress`.
#[inline]
pub(crate) fn captain(side: Color, progress: u8) -> u64 {
    KEYS.nth(side.index() as u64 * SIDE_KEYS + 2 * NUM_POINTS as u64 + u64::from(progress))
}

/// Key toggled when Gray is to move.
#[inline]
pub(crate) fn gray_to_move() -> u64 {
    KEYS.nth(2 * SIDE_KEYS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_are_the_seeds_outputs_in_their_order_and_all_differ() {
        let mut rng = KEYS;
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
