//! Position codes (docs/RULES.md §6): the text form of a board, side to move and counters.
//!
//! [`Setup`] is the code's syntax only; [`crate::Position::from_setup`] checks it against the rules
//! (captains on their paths, counts), as a chess library separates FEN parsing from legality.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::point::{Color, Point, NUM_POINTS};
use crate::text::excerpt;

/// What stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// The captain, `C`.
    Captain,
    /// A sergeant, `S`.
    Sergeant,
    /// A private, `P`.
    Private,
}

/// A piece of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// The code letter: uppercase for Blue, lowercase for Gray.
    pub fn letter(self) -> char {
        let c = match self.kind {
            PieceKind::Captain => 'C',
            PieceKind::Sergeant => 'S',
            PieceKind::Private => 'P',
        };
        match self.color {
            Color::Blue => c,
            Color::Gray => c.to_ascii_lowercase(),
        }
    }

    fn from_letter(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Blue
        } else {
            Color::Gray
        };
        let kind = match c.to_ascii_uppercase() {
            'C' => PieceKind::Captain,
            'S' => PieceKind::Sergeant,
            'P' => PieceKind::Private,
            _ => return None,
        };
        Some(Piece { color, kind })
    }
}

/// Why a position code was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionCodeError {
    /// Not board, side, counter and move number.
    #[error("a position code has 4 fields (board, side to move, no-progress counter, move number), found {0}")]
    FieldCount(usize),
    /// Not nine ranks.
    #[error("the board has {0} ranks separated by '/', expected 9")]
    RankCount(usize),
    /// A rank does not describe nine points.
    #[error("rank {rank} describes {points} points, expected 9")]
    RankLength {
        /// The rank, 1–9.
        rank: u8,
        /// How many points it described.
        points: usize,
    },
    /// A character that is no piece letter or digit.
    #[error("rank {rank}: '{found}' is not a piece (C, S, P, lowercase for Gray) or a digit 1-9")]
    BadChar {
        /// The rank, 1–9.
        rank: u8,
        /// The character.
        found: char,
    },
    /// The side field is not `b` or `g`.
    #[error("side to move '{}' must be b (Blue) or g (Gray)", excerpt(.0))]
    BadSide(String),
    /// A counter is not a number in range.
    #[error("{field} '{}' is not valid: expected {expected}", excerpt(value))]
    BadCounter {
        /// Which counter.
        field: &'static str,
        /// The text found.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// Not exactly one captain of a side.
    #[error("{color} has {count} captains, expected exactly 1")]
    CaptainCount {
        /// The side.
        color: Color,
        /// How many.
        count: usize,
    },
    /// A captain off the path it follows in this variant.
    #[error("{color}'s captain on {point} is not on the path it follows in this variant")]
    CaptainOffPath {
        /// The side.
        color: Color,
        /// Where it stands.
        point: Point,
    },
    /// A guard on the red dot.
    #[error("a guard stands on the red dot e5, where only a captain may stand")]
    GuardOnRedDot,
    /// A private on the rank where it would have promoted.
    #[error("{color} private on {point} stands on the rank where it would already have promoted")]
    UnpromotedPrivate {
        /// The side.
        color: Color,
        /// Where it stands.
        point: Point,
    },
    /// More guards than an army has.
    #[error("{color} has {count} guards, at most 17 allowed")]
    TooManyGuards {
        /// The side.
        color: Color,
        /// How many.
        count: usize,
    },
}

/// A parsed position code, not yet checked against any rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// What stands on each point, by point index.
    pub board: [Option<Piece>; NUM_POINTS],
    /// The side to move.
    pub side: Color,
    /// Plies since the last capture or captain move.
    pub no_progress: u16,
    /// The move number, from 1.
    pub move_number: u16,
}

impl FromStr for Setup {
    type Err = PositionCodeError;

    fn from_str(s: &str) -> Result<Setup, PositionCodeError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(PositionCodeError::FieldCount(fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 9 {
            return Err(PositionCodeError::RankCount(ranks.len()));
        }
        let mut board = [None; NUM_POINTS];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 8 - i as i8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += d as usize;
                } else if let Some(piece) = Piece::from_letter(c) {
                    if let Some(p) = Point::from_coords(file as i8, rank) {
                        board[p.index()] = Some(piece);
                    }
                    file += 1;
                } else {
                    return Err(PositionCodeError::BadChar {
                        rank: rank as u8 + 1,
                        found: c,
                    });
                }
            }
            if file != 9 {
                return Err(PositionCodeError::RankLength {
                    rank: rank as u8 + 1,
                    points: file,
                });
            }
        }
        let side = match fields[1] {
            "b" | "B" => Color::Blue,
            "g" | "G" => Color::Gray,
            other => return Err(PositionCodeError::BadSide(other.to_string())),
        };
        let no_progress = fields[2]
            .parse::<u16>()
            .map_err(|_| PositionCodeError::BadCounter {
                field: "no-progress counter",
                value: fields[2].to_string(),
                expected: "a number of plies from 0 to 65535",
            })?;
        let move_number = fields[3]
            .parse::<u16>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| PositionCodeError::BadCounter {
                field: "move number",
                value: fields[3].to_string(),
                expected: "a number from 1 to 65535",
            })?;
        Ok(Setup {
            board,
            side,
            no_progress,
            move_number,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9i8).rev() {
            let mut empty = 0;
            for file in 0..9i8 {
                let piece = Point::from_coords(file, rank).and_then(|p| self.board[p.index()]);
                match piece {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.side.letter(),
            self.no_progress,
            self.move_number
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1";

    #[test]
    fn start_code_round_trips() {
        let s: Setup = START.parse().unwrap();
        assert_eq!(s.to_string(), START);
        let e1: Point = "e1".parse().unwrap();
        assert_eq!(
            s.board[e1.index()],
            Some(Piece {
                color: Color::Blue,
                kind: PieceKind::Captain
            })
        );
    }

    #[test]
    fn syntax_errors_say_what_is_wrong() {
        let msg = |s: &str| s.parse::<Setup>().unwrap_err().to_string();
        assert!(msg("").contains("4 fields"));
        assert!(msg("9/9 b 0 1").contains("2 ranks"));
        assert!(
            msg("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSS b 0 1")
                .contains("rank 1 describes 8")
        );
        assert!(msg("sssscssss/sssssssss/9/9/9/9/8Q/SSSSSSSSS/SSSSCSSSS b 0 1").contains("'Q'"));
        assert!(msg("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS w 0 1").contains("'w'"));
        assert!(
            msg("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b -1 1").contains("no-progress")
        );
        assert!(
            msg("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 0").contains("move number")
        );
        assert!(msg("sssscssss/sssssssss/0/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1").contains("'0'"));
    }
}
