//! The typed error of the lessons: what a caller gave that a lesson cannot judge or hint from.
//! A leaf: each variant carries all its message says (the known ids of an unknown lesson, the
//! most moves allowed), so that this module reads no table of the crate.

use bluegray_core::{excerpt, Color, ReplayError};
use thiserror::Error;

/// Why a lesson cannot judge or hint from what it was given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LessonError {
    /// No lesson has this id.
    #[error("unknown lesson '{}': expected one of {}", excerpt(id), known.join(", "))]
    UnknownLesson {
        /// The id asked for.
        id: String,
        /// The id of every lesson, in teaching order.
        known: Vec<&'static str>,
    },
    /// More moves than a lesson's game is given.
    #[error("at most {max} moves, not {count}")]
    TooManyMoves {
        /// How many were given.
        count: usize,
        /// The most allowed, [`MAX_MOVES`](crate::MAX_MOVES).
        max: usize,
    },
    /// A move of the list cannot be played in the lesson's game: its text is not a move, the
    /// rules refuse it, or the game has already ended.
    #[error(transparent)]
    Move(#[from] ReplayError),
    /// [`Lesson::judge`](crate::Lesson::judge) was given no move.
    #[error("no move to judge: the list of moves is empty")]
    NoMove,
    /// [`Lesson::judge`](crate::Lesson::judge) was given a list whose last move is the
    /// opponent's.
    #[error("the last move is not the learner's: the learner plays {learner}")]
    NotLearnersMove {
        /// The learner's side.
        learner: Color,
    },
    /// [`Lesson::hint`](crate::Lesson::hint) was asked in a position where the opponent is to
    /// move.
    #[error("it is not the learner's turn: the learner plays {learner}")]
    NotLearnersTurn {
        /// The learner's side.
        learner: Color,
    },
    /// A lesson's own variant or position does not read: a bug in [`LESSONS`](crate::LESSONS).
    #[error("lesson '{id}' does not set up: {reason}")]
    Setup {
        /// The lesson.
        id: &'static str,
        /// What the rules core said.
        reason: String,
    },
}
