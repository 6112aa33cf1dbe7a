//! The typed error of the lessons: what a caller gave that a lesson cannot judge or hint from.

use bluegray_core::{excerpt, Color, IllegalMove, MoveError, Outcome, ParseMoveError};
use thiserror::Error;

use crate::catalogue::LESSONS;
use crate::MAX_MOVES;

/// Why a lesson cannot judge or hint from what it was given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LessonError {
    /// No lesson has this id.
    #[error("unknown lesson '{}': expected one of {}", excerpt(id), lesson_ids())]
    UnknownLesson {
        /// The id asked for.
        id: String,
    },
    /// More moves than [`MAX_MOVES`].
    #[error("at most {MAX_MOVES} moves, not {count}")]
    TooManyMoves {
        /// How many were given.
        count: usize,
    },
    /// A move's text is not a move at all.
    #[error("move {number}: {source}")]
    BadMoveText {
        /// Its number in the list, from 1.
        number: usize,
        /// Why the text is not a move.
        source: ParseMoveError,
    },
    /// A well-formed move the rules refuse in the lesson's game.
    #[error("move {number}: illegal move {}: {reason}", excerpt(text))]
    IllegalMove {
        /// Its number in the list, from 1.
        number: usize,
        /// The move, normalised.
        text: String,
        /// The rule that refuses it.
        reason: IllegalMove,
    },
    /// A move after the lesson's game has ended.
    #[error(
        "move {number} ({}): the game is already over: {outcome}",
        excerpt(text)
    )]
    GameOver {
        /// Its number in the list, from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
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
    /// A lesson's own variant or position does not read: a bug in [`LESSONS`].
    #[error("lesson '{id}' does not set up: {reason}")]
    Setup {
        /// The lesson.
        id: &'static str,
        /// What the rules core said.
        reason: String,
    },
}

impl LessonError {
    /// The error of the `number`-th move (from 1), `text`, refused with `e`.
    pub(crate) fn of_move(number: usize, text: &str, e: MoveError) -> LessonError {
        match e {
            MoveError::Parse(source) => LessonError::BadMoveText { number, source },
            MoveError::Illegal { text, reason } => LessonError::IllegalMove {
                number,
                text,
                reason,
            },
            MoveError::GameOver(outcome) => LessonError::GameOver {
                number,
                text: text.to_string(),
                outcome,
            },
        }
    }
}

/// The ids of every lesson, for an error message.
fn lesson_ids() -> String {
    LESSONS.iter().map(|l| l.id).collect::<Vec<_>>().join(", ")
}
