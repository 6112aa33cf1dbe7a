//! Sets of points as 81-bit masks in a `u128`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::point::{Point, NUM_POINTS};

/// A set of points, one bit per point index.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

const ALL_BITS: u128 = (1u128 << NUM_POINTS) - 1;

const fn file_mask(file: u32) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1u128 << (r * 9 + file);
        r += 1;
    }
    m
}

const fn rank_mask(rank: u32) -> u128 {
    0x1FFu128 << (rank * 9)
}

/// The one-point sets by point index, for every index a `u8` can hold (none past the board's
/// 81), so that indexing by a point needs no bounds check. WebAssembly has no 128-bit shift:
/// `1u128 << i` with a variable `i` becomes a call to a helper there, which made the engine's
/// hot loop about a third slower than natively; a table read is two 64-bit loads everywhere.
const BITS: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut i = 0;
    while i < NUM_POINTS {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The bit of point `p`.
#[inline(always)]
const fn bit(p: Point) -> u128 {
    BITS[p.index()]
}

impl Bitboard {
    /// No points.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 points.
    pub const ALL: Bitboard = Bitboard(ALL_BITS);
    /// File `a`.
    pub const FILE_A: Bitboard = Bitboard(file_mask(0));
    /// File `i`.
    pub const FILE_I: Bitboard = Bitboard(file_mask(8));

    /// The set holding just `p`.
    #[inline]
    pub const fn from_point(p: Point) -> Bitboard {
        Bitboard(bit(p))
    }

    /// The points of rank index `rank` (0 = rank 1).
    pub const fn rank(rank: u32) -> Bitboard {
        Bitboard(rank_mask(rank))
    }

    /// Whether `p` is in the set.
    #[inline]
    pub const fn contains(self, p: Point) -> bool {
        self.0 & bit(p) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has a point.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of points in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `p` added.
    #[inline]
    pub const fn with(self, p: Point) -> Bitboard {
        Bitboard(self.0 | bit(p))
    }

    /// The set with `p` removed.
    #[inline]
    pub const fn without(self, p: Point) -> Bitboard {
        Bitboard(self.0 & !bit(p))
    }

    /// Every point moved by `(df, dr)`, dropping those that leave the board.
    /// `df` and `dr` are each -1, 0 or 1 (or ±2 for jumps, applied as two single shifts).
    #[inline]
    pub const fn shift(self, df: i8, dr: i8) -> Bitboard {
        let mut b = self.0;
        // Masking the file that would wrap before shifting keeps pieces from crossing the edge.
        if df > 0 {
            b = (b & !file_mask(8)) << 1;
        } else if df < 0 {
            b = (b & !file_mask(0)) >> 1;
        }
        if dr > 0 {
            b <<= 9;
        } else if dr < 0 {
            b >>= 9;
        }
        Bitboard(b & ALL_BITS)
    }

    /// The lowest point of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Some(Point::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }
}

impl Iterator for Bitboard {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        let p = self.first()?;
        self.0 &= self.0 - 1;
        Some(p)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_never_wrap_or_leave_the_board() {
        for p in Point::all() {
            for df in -1..=1 {
                for dr in -1..=1 {
                    let shifted = Bitboard::from_point(p).shift(df, dr);
                    assert_eq!(shifted.first(), p.offset(df, dr), "{p} by {df},{dr}");
                }
            }
        }
    }

    #[test]
    fn iterates_in_index_order() {
        let b: Bitboard = ["i9", "a1", "e5"]
            .iter()
            .map(|s| s.parse::<Point>().unwrap())
            .collect();
        let v: Vec<String> = b.map(|p| p.to_string()).collect();
        assert_eq!(v, ["a1", "e5", "i9"]);
        assert_eq!((!Bitboard::EMPTY).count(), 81);
    }
}
