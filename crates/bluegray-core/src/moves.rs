//! Moves: a step, a captain move, or a whole capture sequence, and their text form (docs/RULES.md §6).

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use thiserror::Error;

use crate::geometry::{Direction, DIAGONAL, ORTHOGONAL};
use crate::point::{ParsePointError, Point};
use crate::text::excerpt;

/// The eight directions in the order capture paths encode them: orthogonal first, then diagonal,
/// each next to its opposite (`d ^ 1`).
pub(crate) const DIRECTIONS: [Direction; 8] = {
    let mut all = [(0, 0); 8];
    let mut i = 0;
    while i < 4 {
        all[i] = ORTHOGONAL[i];
        all[i + 4] = DIAGONAL[i];
        i += 1;
    }
    all
};

/// The most jumps one capture sequence can make: one per enemy guard.
pub const MAX_JUMPS: usize = 17;

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A guard steps to a neighbouring point.
    Step,
    /// The captain moves forward along its path (one step, or a turbo slide).
    Captain,
    /// A guard makes a sequence of one or more jumps.
    Capture,
}

/// A legal move of some position. Small and `Copy`: a capture stores its start point and the
/// direction of each jump, from which its landing and captured points follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Point,
    to: Point,
    kind: MoveKind,
    jumps: u8,
    /// Three bits per jump: an index into [`DIRECTIONS`].
    dirs: u64,
}

impl Move {
    pub(crate) const fn step(from: Point, to: Point) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Step,
            jumps: 0,
            dirs: 0,
        }
    }

    pub(crate) const fn captain(from: Point, to: Point) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Captain,
            jumps: 0,
            dirs: 0,
        }
    }

    pub(crate) const fn capture(from: Point, to: Point, jumps: u8, dirs: u64) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Capture,
            jumps,
            dirs,
        }
    }

    /// The point the moving piece leaves.
    #[inline]
    pub const fn from(&self) -> Point {
        self.from
    }

    /// The point where the moving piece ends.
    #[inline]
    pub const fn to(&self) -> Point {
        self.to
    }

    /// Step, captain move or capture.
    #[inline]
    pub const fn kind(&self) -> MoveKind {
        self.kind
    }

    /// Whether this is a capture sequence.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        matches!(self.kind, MoveKind::Capture)
    }

    /// Number of enemy guards this move captures.
    #[inline]
    pub const fn capture_count(&self) -> usize {
        self.jumps as usize
    }

    fn jump_dir(&self, i: usize) -> (i8, i8) {
        DIRECTIONS[(self.dirs >> (3 * i) & 7) as usize]
    }

    /// Every point the move visits: the start, then each landing point.
    pub fn points(&self) -> PointList {
        let mut out = PointList::new(self.from);
        match self.kind {
            MoveKind::Step | MoveKind::Captain => out.push(self.to),
            MoveKind::Capture => {
                let mut at = self.from;
                for i in 0..self.jumps as usize {
                    let (df, dr) = self.jump_dir(i);
                    // Encoded jumps were generated on the board, so they stay on it.
                    at = at.offset(2 * df, 2 * dr).unwrap_or(at);
                    out.push(at);
                }
            }
        }
        out
    }

    /// The enemy guards this move captures, in jump order.
    pub fn captured(&self) -> PointList {
        let mut out = PointList::empty();
        let mut at = self.from;
        for i in 0..self.jumps as usize {
            let (df, dr) = self.jump_dir(i);
            out.push(at.offset(df, dr).unwrap_or(at));
            at = at.offset(2 * df, 2 * dr).unwrap_or(at);
        }
        out
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { "x" } else { "-" };
        for (i, p) in self.points().iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Up to 18 points, without allocating: the points of one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointList {
    len: u8,
    points: [Point; MAX_JUMPS + 1],
}

impl PointList {
    fn empty() -> PointList {
        PointList {
            len: 0,
            points: [Point::CENTRE; MAX_JUMPS + 1],
        }
    }

    fn new(first: Point) -> PointList {
        let mut l = PointList::empty();
        l.push(first);
        l
    }

    fn push(&mut self, p: Point) {
        if (self.len as usize) < self.points.len() {
            self.points[self.len as usize] = p;
            self.len += 1;
        }
    }
}

impl Deref for PointList {
    type Target = [Point];
    fn deref(&self) -> &[Point] {
        &self.points[..self.len as usize]
    }
}

impl fmt::Debug for PointList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|p| p.to_string()))
            .finish()
    }
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Nothing to parse.
    #[error("empty move: expected points joined by '-' or 'x', like d2-d3 or c3xc5")]
    Empty,
    /// A part between separators is not a point.
    #[error("bad move '{}': {source}", excerpt(text))]
    BadPoint {
        /// The whole move text.
        text: String,
        /// Why the part is not a point.
        source: ParsePointError,
    },
    /// Spaces inside the move.
    #[error("bad move '{}': write the points and separators without spaces, like d2-d3", excerpt(.0))]
    Spaces(String),
    /// A single point, with no destination.
    #[error("bad move '{}': a move needs at least two points, like d2-d3", excerpt(.0))]
    TooShort(String),
    /// `-` and `x` mixed.
    #[error("bad move '{}': use '-' for a step and 'x' for every jump of a capture, not both", excerpt(.0))]
    MixedSeparators(String),
    /// A `-` move with more than two points.
    #[error("bad move '{}': a step or captain move has exactly two points", excerpt(.0))]
    LongStep(String),
    /// More points than any capture can have.
    #[error("bad move '{}': a capture has at most 17 jumps", excerpt(.0))]
    TooLong(String),
}

/// A move as written: its points and whether it was written as a capture. It still has to be
/// matched against a position's legal moves (see [`MoveText::to_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The points in order.
    pub points: Vec<Point>,
    /// Written with `x`.
    pub capture: bool,
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let text = s.trim();
        if text.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if text.contains(char::is_whitespace) {
            return Err(ParseMoveError::Spaces(text.to_string()));
        }
        let lower = text.to_ascii_lowercase();
        let has_dash = lower.contains('-');
        let has_x = lower.contains('x');
        if has_dash && has_x {
            return Err(ParseMoveError::MixedSeparators(text.to_string()));
        }
        let sep = if has_x { 'x' } else { '-' };
        let points = lower
            .split(sep)
            .map(|part| {
                part.parse::<Point>()
                    .map_err(|source| ParseMoveError::BadPoint {
                        text: text.to_string(),
                        source,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if points.len() < 2 {
            return Err(ParseMoveError::TooShort(text.to_string()));
        }
        if !has_x && points.len() > 2 {
            return Err(ParseMoveError::LongStep(text.to_string()));
        }
        if points.len() > MAX_JUMPS + 1 {
            return Err(ParseMoveError::TooLong(text.to_string()));
        }
        Ok(MoveText {
            points,
            capture: has_x,
        })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { "x" } else { "-" };
        let parts: Vec<String> = self.points.iter().map(Point::to_string).collect();
        f.write_str(&parts.join(sep))
    }
}

impl From<&Move> for MoveText {
    /// How `m` is written.
    fn from(m: &Move) -> MoveText {
        MoveText {
            points: m.points().to_vec(),
            capture: m.is_capture(),
        }
    }
}

impl MoveText {
    /// Whether `m` is the move this text describes.
    pub fn matches(&self, m: &Move) -> bool {
        self.capture == m.is_capture() && *self.points == *m.points()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_texts_parse_leniently_and_print_canonically() {
        let t: MoveText = "  C3XC5xE5 ".parse().unwrap();
        assert!(t.capture);
        assert_eq!(t.to_string(), "c3xc5xe5");
        assert_eq!("e2-b4".parse::<MoveText>().unwrap().to_string(), "e2-b4");
    }

    #[test]
    fn bad_move_texts_say_why() {
        let msg = |s: &str| s.parse::<MoveText>().unwrap_err().to_string();
        assert!(msg("").contains("empty"));
        assert!(msg("d2").contains("at least two"));
        assert!(msg("d2-d3xd5").contains("not both"));
        assert!(msg("d2-d3-d4").contains("exactly two"));
        assert!(msg("d2-z9").contains("'z9' is not a point"));
        assert!(msg("d2--d3").contains("is not a point"));
        assert!(msg("d2 - d3").contains("without spaces"));
    }

    #[test]
    fn capture_points_follow_from_directions() {
        let a: Point = "c3".parse().unwrap();
        // North (0) then east (2).
        let m = Move::capture(a, "e5".parse().unwrap(), 2, 2 << 3);
        assert_eq!(m.to_string(), "c3xc5xe5");
        let caught: Vec<String> = m.captured().iter().map(|p| p.to_string()).collect();
        assert_eq!(caught, ["c4", "d5"]);
    }
}
