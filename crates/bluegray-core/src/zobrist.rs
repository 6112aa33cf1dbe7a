//! Zobrist keys, fixed at compile time so hashes are the same on every platform and run.

use crate::point::{Color, Point};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

struct Keys {
    /// `[side][0 sergeant | 1 private][point]`
    guards: [[[u64; 81]; 2]; 2],
    /// `[side][progress]`
    captains: [[u64; 18]; 2],
    gray_to_move: u64,
}

static KEYS: Keys = {
    let mut state = 0x0B1E_A0D6_4A71_1903u64;
    let mut guards = [[[0u64; 81]; 2]; 2];
    let mut captains = [[0u64; 18]; 2];
    let mut s = 0;
    while s < 2 {
        let mut k = 0;
        while k < 2 {
            let mut p = 0;
            while p < 81 {
                let (ns, v) = splitmix(state);
                state = ns;
                guards[s][k][p] = v;
                p += 1;
            }
            k += 1;
        }
        let mut i = 0;
        while i < 18 {
            let (ns, v) = splitmix(state);
            state = ns;
            captains[s][i] = v;
            i += 1;
        }
        s += 1;
    }
    let (_, gray_to_move) = splitmix(state);
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
