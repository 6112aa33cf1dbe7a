//! The board's drawn lines as data: the two captain paths, and the marked diagonals they imply.
//!
//! The path table below is the project's reconstruction of the 1903 board (docs/RULES.md §2). A different
//! reconstruction is a change to [`PATH_POINTS`] alone: the marked diagonal segments, path lookups
//! and everything in move generation are derived from it.

use crate::bitboard::Bitboard;
use crate::point::{Color, Point, NUM_POINTS};

/// Steps from a captain's start to the red dot.
pub const PATH_STEPS: u8 = 17;

/// The two captain paths, index 0 the start, index 17 the red dot: Blue's path, then Gray's.
pub const PATH_POINTS: [[&str; PATH_STEPS as usize + 1]; 2] = [
    [
        "e1", "e2", "d2", "c2", "b3", "b4", "b5", "b6", "c7", "d7", "e7", "f7", "g6", "g5", "g4",
        "f4", "e4", "e5",
    ],
    [
        "e9", "e8", "f8", "g8", "h7", "h6", "h5", "h4", "g3", "f3", "e3", "d3", "c4", "c5", "c6",
        "d6", "e6", "e5",
    ],
];

/// One of the two captain paths, named for the side that walks it in the home start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// Starts at `e1`.
    Blue = 0,
    /// Starts at `e9`.
    Gray = 1,
}

impl Path {
    /// The path a side's captain follows: its own, or the enemy's in the POW start.
    pub const fn of(side: Color, pow: bool) -> Path {
        match (side, pow) {
            (Color::Blue, false) | (Color::Gray, true) => Path::Blue,
            _ => Path::Gray,
        }
    }

    /// The point at `progress` (0..=17) on this path.
    #[inline]
    pub const fn point(self, progress: u8) -> Point {
        PATHS[self as usize][progress as usize]
    }

    /// The progress index of `p` on this path, if it lies on it.
    #[inline]
    pub const fn progress_of(self, p: Point) -> Option<u8> {
        let i = PATH_INDEX[self as usize][p.index()];
        if i == NOT_ON_PATH {
            None
        } else {
            Some(i)
        }
    }

    /// The points of the path after `progress` (0..=17): what a captain there has still to walk.
    #[inline]
    pub fn beyond(self, progress: u8) -> Bitboard {
        PATH_BEYOND[self as usize][progress as usize]
    }

    /// All 18 points of the path in order.
    pub fn points(self) -> &'static [Point; PATH_STEPS as usize + 1] {
        &PATHS[self as usize]
    }
}

const fn parse_point(s: &str) -> Point {
    let b = s.as_bytes();
    match Point::from_coords((b[0] - b'a') as i8, (b[1] - b'1') as i8) {
        Some(p) => p,
        None => panic!("path table names a point off the board"),
    }
}

const fn build_paths() -> [[Point; PATH_STEPS as usize + 1]; 2] {
    let mut out = [[Point::CENTRE; PATH_STEPS as usize + 1]; 2];
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i <= PATH_STEPS as usize {
            out[side][i] = parse_point(PATH_POINTS[side][i]);
            i += 1;
        }
        side += 1;
    }
    out
}

const NOT_ON_PATH: u8 = u8::MAX;

/// The paths as points.
static PATHS: [[Point; PATH_STEPS as usize + 1]; 2] = build_paths();

static PATH_INDEX: [[u8; NUM_POINTS]; 2] = {
    let paths = build_paths();
    let mut idx = [[NOT_ON_PATH; NUM_POINTS]; 2];
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i <= PATH_STEPS as usize {
            idx[side][paths[side][i].index()] = i as u8;
            i += 1;
        }
        side += 1;
    }
    idx
};

static PATH_BEYOND: [[Bitboard; PATH_STEPS as usize + 1]; 2] = {
    let paths = build_paths();
    let mut out = [[Bitboard::EMPTY; PATH_STEPS as usize + 1]; 2];
    let mut side = 0;
    while side < 2 {
        let mut from = PATH_STEPS as usize;
        while from > 0 {
            from -= 1;
            let next = paths[side][from + 1];
            out[side][from] = out[side][from + 1].with(next);
        }
        side += 1;
    }
    out
};

/// A direction on the board as `(file delta, rank delta)`.
pub type Direction = (i8, i8);

/// Towards rank 9: Blue's forward.
pub const NORTH: Direction = (0, 1);
/// Towards rank 1: Gray's forward.
pub const SOUTH: Direction = (0, -1);
/// Towards file i.
pub const EAST: Direction = (1, 0);
/// Towards file a.
pub const WEST: Direction = (-1, 0);

/// The four orthogonal directions, each next to its opposite.
pub const ORTHOGONAL: [Direction; 4] = [NORTH, SOUTH, EAST, WEST];

/// The four diagonal directions, each next to its opposite.
pub const DIAGONAL: [Direction; 4] = [(1, 1), (-1, -1), (-1, 1), (1, -1)];

/// For each direction of [`DIAGONAL`], the points from which one step that way runs along a marked
/// diagonal segment. The marked segments are the diagonal steps of the captain paths.
pub static MARKED_FROM: [Bitboard; 4] = {
    let paths = build_paths();
    let mut out = [Bitboard::EMPTY; 4];
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i < PATH_STEPS as usize {
            let a = paths[side][i];
            let b = paths[side][i + 1];
            let df = b.file() - a.file();
            let dr = b.rank() - a.rank();
            if df != 0 && dr != 0 {
                let mut d = 0;
                while d < 4 {
                    if DIAGONAL[d].0 == df && DIAGONAL[d].1 == dr {
                        out[d] = out[d].with(a);
                    }
                    if DIAGONAL[d].0 == -df && DIAGONAL[d].1 == -dr {
                        out[d] = out[d].with(b);
                    }
                    d += 1;
                }
            }
            i += 1;
        }
        side += 1;
    }
    out
};

/// The marked diagonal segments, each as its two end points.
pub fn marked_diagonals() -> Vec<(Point, Point)> {
    let mut out = Vec::new();
    for (d, from) in MARKED_FROM.iter().enumerate() {
        let (df, dr) = DIAGONAL[d];
        // Each segment is stored in both directions; keep the one pointing north.
        if dr > 0 {
            for p in *from {
                if let Some(q) = p.offset(df, dr) {
                    out.push((p, q));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn beyond_is_the_rest_of_the_path() {
        for path in [Path::Blue, Path::Gray] {
            for k in 0..=PATH_STEPS {
                let rest: Bitboard = path.points()[k as usize + 1..].iter().copied().collect();
                assert_eq!(path.beyond(k), rest, "{path:?} after {k}");
            }
        }
        assert_eq!(Path::Blue.beyond(0).count(), 17);
        assert!(Path::Gray.beyond(PATH_STEPS).is_empty());
    }

    #[test]
    fn paths_are_17_adjacent_steps_to_the_red_dot() {
        for path in [Path::Blue, Path::Gray] {
            let pts = path.points();
            assert_eq!(pts[17], Point::CENTRE);
            for w in pts.windows(2) {
                let (df, dr) = (w[1].file() - w[0].file(), w[1].rank() - w[0].rank());
                assert!(df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0));
            }
            for (i, p) in pts.iter().enumerate() {
                assert_eq!(path.progress_of(*p), Some(i as u8));
            }
        }
    }

    #[test]
    fn paths_are_rotations_sharing_only_the_centre() {
        for i in 0..=17u8 {
            let b = Path::Blue.point(i);
            let g = Path::Gray.point(i);
            assert_eq!((g.file(), g.rank()), (8 - b.file(), 8 - b.rank()));
            if i < 17 {
                assert_eq!(Path::Gray.progress_of(b), None);
            }
        }
    }

    #[test]
    fn six_marked_diagonals_as_in_the_rules() {
        let mut got: Vec<String> = marked_diagonals()
            .into_iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        got.sort();
        let mut want = vec!["c2-b3", "b6-c7", "g6-f7", "h7-g8", "g3-h4", "d3-c4"];
        want.sort();
        assert_eq!(got, want);
        assert!(MARKED_FROM[0].contains(pt("b6")) || MARKED_FROM[1].contains(pt("b6")));
    }

    #[test]
    fn pow_swaps_paths() {
        assert_eq!(Path::of(Color::Blue, false), Path::Blue);
        assert_eq!(Path::of(Color::Blue, true), Path::Gray);
        assert_eq!(Path::of(Color::Gray, true), Path::Blue);
    }
}
