//! Zobrist keys, fixed at compile time so hashes are the same on every platform and run.

use crate::geometry::PATH_STEPS;
use crate::point::{Color, Point, NUM_POINTS};
use crate::rng::SplitMix64;

/// Captain keys per side: one per progress step, 0 to 17 inclusive.
const PROGRESS_KEYS: usize = PATH_STEPS as usize + 1;

struct Keys {
    /// `[side][0 sergeant | 1 private][point]`
    guards: [[[u64; NUM_POINTS]; 2]; 2],
    /// `[side][progress]`
    captains: [[u64; PROGRESS_KEYS]; 2],
    gray_to_move: u64,
}

static KEYS: Keys = {
    let mut rng = SplitMix64::new(0x0B1E_A0D6_4A71_1903);
    let mut guards = [[[0u64; NUM_POINTS]; 2]; 2];
    let mut captains = [[0u64; PROGRESS_KEYS]; 2];
    let mut s = 0;
    while s < 2 {
        let mut k = 0;
        while k < 2 {
            let mut p = 0;
            while p < NUM_POINTS {
                let (next, v) = rng.step();
                rng = next;
                guards[s][k][p] = v;
                p += 1;
            }
            k += 1;
        }
        let mut i = 0;
        while i < PROGRESS_KEYS {
            let (next, v) = rng.step();
            rng = next;
            captains[s][i] = v;
            i += 1;
        }
        s += 1;
    }
    let (_, gray_to_move) = rng.step();
    Keys {
        guards,
        captains,
        gray_to_move,
    }
};

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
