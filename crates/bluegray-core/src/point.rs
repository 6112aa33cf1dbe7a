//! Points of the 9 × 9 board and the two sides.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::text::excerpt;

/// Number of points on the board.
pub const NUM_POINTS: usize = 81;

/// One of the 81 points, numbered `rank_index * 9 + file_index` from `a1` (0) to `i9` (80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

impl Point {
    /// The red dot in the centre, `e5`.
    pub const CENTRE: Point = Point(40);

    /// The point with this index (0..81), or `None`.
    pub const fn new(index: u8) -> Option<Point> {
        if (index as usize) < NUM_POINTS {
            Some(Point(index))
        } else {
            None
        }
    }

    /// The point at `file` (0 = `a`) and `rank` (0 = rank 1), or `None` off the board.
    pub const fn from_coords(file: i8, rank: i8) -> Option<Point> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
            Some(Point((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// Like [`Point::new`] for indices already known to be on the board (tables, bit scans).
    pub(crate) const fn from_index_unchecked(index: u8) -> Point {
        debug_assert!((index as usize) < NUM_POINTS);
        Point(index)
    }

    /// Index 0..81.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (`a` = 0).
    #[inline]
    pub const fn file(self) -> i8 {
        (self.0 % 9) as i8
    }

    /// Rank 0..9 (rank 1 = 0).
    #[inline]
    pub const fn rank(self) -> i8 {
        (self.0 / 9) as i8
    }

    /// The point `(df, dr)` away, or `None` off the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Point> {
        Point::from_coords(self.file() + df, self.rank() + dr)
    }

    /// All 81 points from `a1` to `i9`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..NUM_POINTS as u8).map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// Why a text is not a point.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "'{}' is not a point: expected a file a-i followed by a rank 1-9, like e5",
    excerpt(text)
)]
pub struct ParsePointError {
    /// The text that was rejected.
    pub text: String,
}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError {
            text: s.to_string(),
        };
        let t = s.trim().as_bytes();
        if t.len() != 2 {
            return Err(err());
        }
        let file = t[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = t[1].wrapping_sub(b'1');
        if file < 9 && rank < 9 {
            Ok(Point(rank * 9 + file))
        } else {
            Err(err())
        }
    }
}

/// A side: Blue (uppercase in position codes, moves first by default) or Gray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that starts on ranks 1–2.
    Blue = 0,
    /// The side that starts on ranks 8–9.
    Gray = 1,
}

impl Color {
    /// Both sides, Blue first.
    pub const BOTH: [Color; 2] = [Color::Blue, Color::Gray];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Blue => Color::Gray,
            Color::Gray => Color::Blue,
        }
    }

    /// 0 for Blue, 1 for Gray: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank direction this side's privates advance in (+1 for Blue, -1 for Gray).
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::Blue => 1,
            Color::Gray => -1,
        }
    }

    /// The rank index (0..9) of the enemy's first rank, where this side's privates promote.
    #[inline]
    pub const fn promotion_rank(self) -> i8 {
        match self {
            Color::Blue => 8,
            Color::Gray => 0,
        }
    }

    /// The one-letter code: `b` or `g`.
    pub const fn letter(self) -> char {
        match self {
            Color::Blue => 'b',
            Color::Gray => 'g',
        }
    }

    /// `"Blue"` or `"Gray"`: the side in sentences, as [`Color`]'s `Display` writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Blue => "Blue",
            Color::Gray => "Gray",
        }
    }

    /// `"blue"` or `"gray"`: the side as a word of data, as variant specs (`first=gray`), the
    /// page and the lessons' and puzzles' catalogues write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Gray => "gray",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_round_trip() {
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
        }
        assert_eq!("E5".parse::<Point>().unwrap(), Point::CENTRE);
        assert_eq!(" a1 ".parse::<Point>().unwrap().index(), 0);
    }

    #[test]
    fn a_side_has_a_name_for_sentences_and_a_word_for_data() {
        assert_eq!(Color::Blue.to_string(), "Blue");
        assert_eq!(Color::Gray.name(), "Gray");
        assert_eq!(Color::BOTH.map(Color::as_str), ["blue", "gray"]);
        for c in Color::BOTH {
            assert_eq!(c.as_str(), c.name().to_lowercase());
        }
    }

    #[test]
    fn bad_points_are_rejected() {
        for bad in ["", "j1", "a0", "a10", "11", "é5", "e"] {
            let e = bad.parse::<Point>().unwrap_err();
            assert!(e.to_string().contains("is not a point"), "{e}");
        }
    }
}
