//! The errors the binding throws, as plain Rust: a stable [`ErrorCode`], an English message, and
//! for a refused move the rule and the points involved. `js.rs` turns an [`ApiError`] into a JS
//! `Error` with these as properties, so a page can explain an error in any language by its
//! `code` (and `reason`) instead of parsing the message.
//!
//! | `code` | thrown when |
//! | --- | --- |
//! | `bad-argument` | an argument has the wrong JS type or is out of range (the message names the argument and what was expected), `playIndex` is given an index with no move, a lesson id is unknown or a lesson's moves do not fit it (too many, none to judge, not the learner's turn), or a `Game` method is called on something that is not a `Game` |
//! | `bad-variant` | a variant spec is not one |
//! | `bad-position` | a position code is not one, or not valid under the variant |
//! | `bad-record` | a game record cannot be read or replayed |
//! | `bad-move-text` | a move's text is not a move (`play('zz')`) |
//! | `illegal-move` | a well-formed move the rules refuse; see `reason` and `points` |
//! | `game-over` | a move, or a search, asked for in a finished game, or a finished game ended again (`end`) |
//! | `too-late` | `end('abort')` once both sides have moved |
//! | `bad-tag` | `setTag` with a bad or reserved tag name |
//! | `bad-puzzle` | a puzzle's goal does not hold in its position (`puzzleJudge`, `puzzleSolution`), or proving it needs more than the proof search's node limit |
//! | `bad-data` | the opening explorer's games (`explorer`) or a puzzle set (`puzzles`) do not read; the message names the line |
//! | `busy` | `think` or `analyse` called while a search is running, a `Game` method called from inside another of the same game's (only JS run by the binding itself, such as a replaced built-in, can do that), or `free()` called then |
//! | `js-exception` | reading an argument ran JS that threw (a getter, an iterator, a Proxy's trap), or a JS built-in the binding calls threw; the message names the argument; the module and every `Game` go on working |
//! | `freed` | a method of a `Game` called after its `free()` (thrown by the glue before the call reaches wasm; a second `free()` does nothing) |
//! | `internal` | a bug: a value could not be converted for JS |
//!
//! An error made from one of the rules core's (a position code, a variant spec, a move, a record,
//! a tag, an ending) also has `i18n`, the error as a message of the page's tables, `{key,
//! params}` (`said.rs`), for saying it in the reader's language; its English is the message.
//!
//! An `illegal-move` error (and a `bad-record` error caused by an illegal move) also has
//! `reason`, one of the codes of [`bluegray_core::IllegalMove::code`] (e.g. `captain-blocked`),
//! and `points`, an array of point names (e.g. `['e2']`) in the order that
//! [`bluegray_core::IllegalMove::points`] documents for each reason.

use std::fmt;

use bluegray_core::{
    EndError, IllegalMove, MoveError, PositionCodeError, RecordError, ReplayError, TagError,
    VariantError,
};
#[cfg(feature = "teaching")]
use bluegray_lessons::LessonError;
#[cfg(feature = "teaching")]
use bluegray_puzzles::PuzzleError;

use crate::said::{self, Said};

/// What kind of error; its [`ErrorCode::as_str`] is the JS `code` property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename_all = "kebab-case"))]
pub enum ErrorCode {
    /// `bad-argument`.
    BadArgument,
    /// `bad-variant`.
    BadVariant,
    /// `bad-position`.
    BadPosition,
    /// `bad-record`.
    BadRecord,
    /// `bad-move-text`.
    BadMoveText,
    /// `illegal-move`.
    IllegalMove,
    /// `game-over`.
    GameOver,
    /// `too-late`: a game aborted once both sides have moved.
    TooLate,
    /// `bad-tag`.
    BadTag,
    /// `bad-puzzle`.
    BadPuzzle,
    /// `bad-data`: data the page fetched (the opening explorer's games, the puzzle set) does not read.
    BadData,
    /// `busy`.
    Busy,
    /// `js-exception`.
    JsException,
    /// `freed`: thrown by the JS glue (`js/game-guard.js`), never by Rust.
    Freed,
    /// `internal`.
    Internal,
}

impl ErrorCode {
    /// The stable text of the code.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadArgument => "bad-argument",
            ErrorCode::BadVariant => "bad-variant",
            ErrorCode::BadPosition => "bad-position",
            ErrorCode::BadRecord => "bad-record",
            ErrorCode::BadMoveText => "bad-move-text",
            ErrorCode::IllegalMove => "illegal-move",
            ErrorCode::GameOver => "game-over",
            ErrorCode::TooLate => "too-late",
            ErrorCode::BadTag => "bad-tag",
            ErrorCode::BadPuzzle => "bad-puzzle",
            ErrorCode::BadData => "bad-data",
            ErrorCode::Busy => "busy",
            ErrorCode::JsException => "js-exception",
            ErrorCode::Freed => "freed",
            ErrorCode::Internal => "internal",
        }
    }
}

/// An error for the page: its fields are the JS `Error`'s properties (`js.rs`), `said` as `i18n`,
/// `reason` and `points` only for a refused move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(rename = "CoreErrorFields", optional_fields)
)]
pub struct ApiError {
    /// What kind of error.
    pub code: ErrorCode,
    /// What is wrong, in English.
    pub message: String,
    /// For a refused move: the rule, e.g. `captain-blocked`.
    pub reason: Option<&'static str>,
    /// For a refused move: the points involved, e.g. `["e2"]`.
    #[cfg_attr(test, ts(as = "Option<_>"))]
    pub points: Vec<String>,
    /// For an error of the rules core's: it as a message of the page's tables.
    #[cfg_attr(test, ts(rename = "i18n"))]
    pub said: Option<Said>,
}

impl ApiError {
    /// An error with a code and a message only.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            reason: None,
            points: Vec::new(),
            said: None,
        }
    }

    /// The same error, said as `said` in the page's tables.
    fn saying(self, said: Said) -> ApiError {
        ApiError {
            said: Some(said),
            ..self
        }
    }

    /// A move refused by the rules for `reason`, with code `code`.
    fn refused(code: ErrorCode, message: String, reason: &IllegalMove) -> ApiError {
        ApiError {
            code,
            message,
            reason: Some(reason.code()),
            points: reason.points().iter().map(ToString::to_string).collect(),
            said: None,
        }
    }

    /// A move error, with `context` before its message (e.g. `bad game record: move 3`).
    fn from_move(e: &MoveError, code_if_illegal: ErrorCode, context: &str) -> ApiError {
        let message = format!("{context}{e}");
        // Errors inside a record are the record's fault, whatever the move's problem.
        let in_record = code_if_illegal == ErrorCode::BadRecord;
        match e {
            MoveError::Illegal { reason, .. } => {
                ApiError::refused(code_if_illegal, message, reason)
            }
            _ if in_record => ApiError::new(ErrorCode::BadRecord, message),
            MoveError::Parse(_) => ApiError::new(ErrorCode::BadMoveText, message),
            MoveError::GameOver(_) => ApiError::new(ErrorCode::GameOver, message),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

impl From<VariantError> for ApiError {
    fn from(e: VariantError) -> ApiError {
        ApiError::new(ErrorCode::BadVariant, e.to_string()).saying(said::variant(&e))
    }
}

impl From<EndError> for ApiError {
    fn from(e: EndError) -> ApiError {
        let code = match e {
            EndError::GameOver(_) => ErrorCode::GameOver,
            EndError::TooLateToAbort { .. } => ErrorCode::TooLate,
        };
        ApiError::new(code, format!("Game.end: {e}")).saying(said::end(&e))
    }
}

impl From<PositionCodeError> for ApiError {
    fn from(e: PositionCodeError) -> ApiError {
        ApiError::new(ErrorCode::BadPosition, format!("bad position code: {e}"))
            .saying(said::bad_position(&e))
    }
}

impl From<RecordError> for ApiError {
    fn from(e: RecordError) -> ApiError {
        let error = match &e {
            RecordError::Move {
                number,
                side,
                source,
            } => ApiError::from_move(
                source,
                ErrorCode::BadRecord,
                &format!("bad game record: move {number} ({side}): "),
            ),
            RecordError::VariationMove {
                number,
                side,
                source,
            } => ApiError::from_move(
                source,
                ErrorCode::BadRecord,
                &format!("bad game record: variation, move {number} ({side}): "),
            ),
            _ => ApiError::new(ErrorCode::BadRecord, format!("bad game record: {e}")),
        };
        error.saying(said::bad_record(&e))
    }
}

impl From<MoveError> for ApiError {
    fn from(e: MoveError) -> ApiError {
        ApiError::from_move(&e, ErrorCode::IllegalMove, "").saying(said::move_error(&e))
    }
}

impl From<TagError> for ApiError {
    fn from(e: TagError) -> ApiError {
        ApiError::new(ErrorCode::BadTag, e.to_string()).saying(said::tag(&e))
    }
}

impl From<&ReplayError> for ApiError {
    fn from(e: &ReplayError) -> ApiError {
        let message = e.to_string();
        let error = match e {
            ReplayError::IllegalMove { reason, .. } => {
                ApiError::refused(ErrorCode::IllegalMove, message, reason)
            }
            ReplayError::BadMoveText { .. } => ApiError::new(ErrorCode::BadMoveText, message),
            ReplayError::GameOver { .. } => ApiError::new(ErrorCode::GameOver, message),
        };
        error.saying(said::replay(e))
    }
}

#[cfg(feature = "teaching")]
impl From<LessonError> for ApiError {
    fn from(e: LessonError) -> ApiError {
        let message = e.to_string();
        match &e {
            LessonError::Move(m) => ApiError::from(m),
            LessonError::Setup { .. } => ApiError::new(ErrorCode::Internal, message),
            LessonError::UnknownLesson { .. }
            | LessonError::TooManyMoves { .. }
            | LessonError::NoMove
            | LessonError::NotLearnersMove { .. }
            | LessonError::NotLearnersTurn { .. } => ApiError::new(ErrorCode::BadArgument, message),
        }
    }
}

#[cfg(feature = "teaching")]
impl From<PuzzleError> for ApiError {
    fn from(e: PuzzleError) -> ApiError {
        let message = e.to_string();
        match &e {
            PuzzleError::Move(m) => ApiError::from(m),
            // Said as the rules core's own, as everywhere else.
            PuzzleError::BadVariant(v) => ApiError::from(v.clone()),
            PuzzleError::BadPosition(p) => ApiError::from(p.clone()),
            PuzzleError::GoalDoesNotHold { .. }
            | PuzzleError::NotUnique { .. }
            | PuzzleError::TooEasy { .. }
            | PuzzleError::SearchLimit => ApiError::new(ErrorCode::BadPuzzle, message),
            PuzzleError::BadLine { .. } => ApiError::new(ErrorCode::BadData, message),
            PuzzleError::BadGoal { .. }
            | PuzzleError::TooManyMoves { .. }
            | PuzzleError::NoMove
            | PuzzleError::NotSolversMove { .. } => ApiError::new(ErrorCode::BadArgument, message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bluegray_lessons::lesson;

    #[test]
    fn lesson_errors_keep_their_kind_and_a_refused_moves_rule() {
        let l = lesson("walk").unwrap();
        let e = ApiError::from(l.judge(&["e1-e3"]).unwrap_err());
        assert_eq!(e.code, ErrorCode::IllegalMove);
        assert_eq!(e.reason, Some("not-along-path"));
        assert!(!e.points.is_empty());
        assert!(
            e.message.starts_with("move 1: illegal move e1-e3"),
            "{}",
            e.message
        );
        let e = ApiError::from(l.judge(&["zz"]).unwrap_err());
        assert_eq!(e.code, ErrorCode::BadMoveText);
        let e = ApiError::from(l.judge::<&str>(&[]).unwrap_err());
        assert_eq!(e.code, ErrorCode::BadArgument);
        let e = ApiError::from(lesson("nope").unwrap_err());
        assert_eq!((e.code, e.reason), (ErrorCode::BadArgument, None));
    }

    #[test]
    fn puzzle_errors_keep_their_kind() {
        use bluegray_puzzles::{Goal, Problem};
        let win2 = "s3c4/9/9/9/9/5C3/9/9/9 b 0 1";
        let p = Problem::new("sackson", win2, Goal::Win2).unwrap();
        let e = ApiError::from(p.judge(&["f4-f5"]).unwrap_err());
        assert_eq!(e.code, ErrorCode::IllegalMove);
        assert!(e.reason.is_some() && e.message.starts_with("move 1: illegal move f4-f5"));
        fn code<T: std::fmt::Debug>(r: Result<T, PuzzleError>) -> ErrorCode {
            ApiError::from(r.unwrap_err()).code
        }
        assert_eq!(code(p.judge(&["zz"])), ErrorCode::BadMoveText);
        assert_eq!(code(p.judge::<&str>(&[])), ErrorCode::BadArgument);
        assert_eq!(code("win9".parse::<Goal>()), ErrorCode::BadArgument);
        assert_eq!(
            code(Problem::parse("chess", win2, "win2")),
            ErrorCode::BadVariant
        );
        assert_eq!(
            code(Problem::parse("sackson", "x", "win2")),
            ErrorCode::BadPosition
        );
        // Said in the page's tables too, as the rules core's errors are everywhere.
        let said = |r: Result<Problem, PuzzleError>| ApiError::from(r.unwrap_err()).said.is_some();
        assert!(said(Problem::parse("chess", win2, "win2")));
        assert!(said(Problem::parse("sackson", "x", "win2")));
        let start = "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1";
        let impossible = Problem::new("sackson", start, Goal::Stop).unwrap();
        assert_eq!(code(impossible.solution::<&str>(&[])), ErrorCode::BadPuzzle);
    }

    #[test]
    fn codes_are_distinct_kebab_case_words() {
        let all = [
            ErrorCode::BadArgument,
            ErrorCode::BadVariant,
            ErrorCode::BadPosition,
            ErrorCode::BadRecord,
            ErrorCode::BadMoveText,
            ErrorCode::IllegalMove,
            ErrorCode::GameOver,
            ErrorCode::TooLate,
            ErrorCode::BadTag,
            ErrorCode::BadPuzzle,
            ErrorCode::Busy,
            ErrorCode::JsException,
            ErrorCode::Freed,
            ErrorCode::Internal,
        ];
        let texts: std::collections::BTreeSet<&str> = all.iter().map(|c| c.as_str()).collect();
        assert_eq!(texts.len(), all.len());
        for t in texts {
            assert!(
                t.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{t}"
            );
            // Every code is in the table of the module's documentation.
            assert!(
                include_str!("error.rs").contains(&format!("//! | `{t}` |")),
                "{t}"
            );
        }
    }

    #[test]
    fn the_glue_guard_throws_these_codes() {
        let guard = include_str!("../js/game-guard.js");
        for code in [ErrorCode::Freed, ErrorCode::BadArgument] {
            assert!(
                guard.contains(&format!("failure('{}'", code.as_str())),
                "{code:?}"
            );
        }
    }
}
