//! The errors the binding throws, as plain Rust: a stable [`ErrorCode`], an English message, and
//! for a refused move the rule and the points involved. `lib.rs` turns an [`ApiError`] into a JS
//! `Error` with these as properties, so a page can explain an error in any language by its
//! `code` (and `reason`) instead of parsing the message.
//!
//! | `code` | thrown when |
//! | --- | --- |
//! | `bad-argument` | an argument has the wrong JS type or is out of range (the message names the argument and what was expected), or `playIndex` is given an index with no move |
//! | `bad-variant` | a variant spec is not one |
//! | `bad-position` | a position code is not one, or not valid under the variant |
//! | `bad-record` | a game record cannot be read or replayed |
//! | `bad-move-text` | a move's text is not a move (`play('zz')`) |
//! | `illegal-move` | a well-formed move the rules refuse; see `reason` and `points` |
//! | `game-over` | a move, or a search, asked for in a finished game |
//! | `bad-tag` | `setTag` with a bad or reserved tag name |
//! | `busy` | `think` called while a search is running |
//! | `internal` | a bug: a value could not be converted for JS |
//!
//! An `illegal-move` error (and a `bad-record` error caused by an illegal move) also has
//! `reason`, one of the codes of [`bluegray_core::IllegalMove::code`] (e.g. `captain-blocked`),
//! and `points`, an array of point names (e.g. `['e2']`) in the order that
//! [`bluegray_core::IllegalMove::points`] documents for each reason.

use std::fmt;

use bluegray_core::{excerpt, MoveError, PositionCodeError, RecordError, TagError, VariantError};

/// What kind of error; its [`ErrorCode::as_str`] is the JS `code` property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// `bad-tag`.
    BadTag,
    /// `busy`.
    Busy,
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
            ErrorCode::BadTag => "bad-tag",
            ErrorCode::Busy => "busy",
            ErrorCode::Internal => "internal",
        }
    }
}

/// An error for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// What kind of error.
    pub code: ErrorCode,
    /// What is wrong, in English.
    pub message: String,
    /// For a refused move: the rule, e.g. `captain-blocked`.
    pub reason: Option<&'static str>,
    /// For a refused move: the points involved, e.g. `["e2"]`.
    pub points: Vec<String>,
}

impl ApiError {
    /// An error with a code and a message only.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            reason: None,
            points: Vec::new(),
        }
    }

    /// A wrong argument: `function`'s `argument` must be `expected`, and was `got`.
    pub fn bad_argument(function: &str, argument: &str, expected: &str, got: &str) -> ApiError {
        ApiError::new(
            ErrorCode::BadArgument,
            format!("{function}: {argument} must be {expected}, not {got}"),
        )
    }

    /// A move error, with `context` before its message (e.g. `bad game record: move 3`).
    fn from_move(e: &MoveError, code_if_illegal: ErrorCode, context: &str) -> ApiError {
        let (code, reason, points) = match e {
            MoveError::Parse(_) => (ErrorCode::BadMoveText, None, Vec::new()),
            MoveError::GameOver(_) => (ErrorCode::GameOver, None, Vec::new()),
            MoveError::Illegal { reason, .. } => (
                code_if_illegal,
                Some(reason.code()),
                reason.points().iter().map(ToString::to_string).collect(),
            ),
        };
        // Errors inside a record are the record's fault, whatever the move's problem.
        let code = if code_if_illegal == ErrorCode::BadRecord {
            ErrorCode::BadRecord
        } else {
            code
        };
        ApiError {
            code,
            message: format!("{context}{e}"),
            reason,
            points,
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
        ApiError::new(ErrorCode::BadVariant, e.to_string())
    }
}

impl From<PositionCodeError> for ApiError {
    fn from(e: PositionCodeError) -> ApiError {
        ApiError::new(ErrorCode::BadPosition, format!("bad position code: {e}"))
    }
}

impl From<RecordError> for ApiError {
    fn from(e: RecordError) -> ApiError {
        match &e {
            RecordError::Move {
                number,
                side,
                source,
            } => ApiError::from_move(
                source,
                ErrorCode::BadRecord,
                &format!("bad game record: move {number} ({side}): "),
            ),
            _ => ApiError::new(ErrorCode::BadRecord, format!("bad game record: {e}")),
        }
    }
}

impl From<MoveError> for ApiError {
    fn from(e: MoveError) -> ApiError {
        ApiError::from_move(&e, ErrorCode::IllegalMove, "")
    }
}

impl From<TagError> for ApiError {
    fn from(e: TagError) -> ApiError {
        ApiError::new(ErrorCode::BadTag, e.to_string())
    }
}

/// Checks a JS number that must be a whole number from `min` to `max`, for `function`'s
/// `argument`.
pub fn whole_number(
    value: f64,
    min: u64,
    max: u64,
    function: &str,
    argument: &str,
) -> Result<u64, ApiError> {
    let whole = value.is_finite() && value.fract() == 0.0;
    if whole && value >= min as f64 && value <= max as f64 {
        Ok(value as u64)
    } else {
        Err(ApiError::bad_argument(
            function,
            argument,
            &format!("a whole number from {min} to {max}"),
            &describe_number(value),
        ))
    }
}

/// A JS number as an error message shows it.
pub fn describe_number(value: f64) -> String {
    if value.is_nan() {
        "NaN".into()
    } else {
        format!("the number {}", excerpt(&number_text(value)))
    }
}

/// A number in decimals, to six places at most, with whole-number arithmetic: Rust's float
/// formatting would add its large tables to the wasm module for the sake of error messages.
fn number_text(value: f64) -> String {
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    let abs = value.abs();
    if abs >= 1e15 {
        // Beyond exact whole numbers: the magnitude is what matters in a message.
        return format!("{sign}1e15 or more");
    }
    let millionths = (abs * 1e6).round() as u64;
    let (whole, frac) = (millionths / 1_000_000, millionths % 1_000_000);
    if frac == 0 {
        format!("{sign}{whole}")
    } else {
        let digits = format!("{frac:06}");
        format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_without_float_formatting() {
        assert_eq!(number_text(256.0), "256");
        assert_eq!(number_text(-1.0), "-1");
        assert_eq!(number_text(2.5), "2.5");
        assert_eq!(number_text(0.125), "0.125");
        assert_eq!(number_text(f64::INFINITY), "Infinity");
        assert_eq!(number_text(-1e300), "-1e15 or more");
        assert_eq!(describe_number(f64::NAN), "NaN");
    }

    #[test]
    fn whole_numbers_in_range_only() {
        assert_eq!(whole_number(3.0, 1, 8, "think", "level"), Ok(3));
        for bad in [0.0, 9.0, 2.5, f64::NAN, f64::INFINITY, -1.0, 256.0] {
            let e = whole_number(bad, 1, 8, "think", "level").unwrap_err();
            assert_eq!(e.code, ErrorCode::BadArgument);
            assert!(e
                .message
                .starts_with("think: level must be a whole number from 1 to 8, not"));
        }
        assert!(whole_number(f64::NAN, 1, 8, "think", "level")
            .unwrap_err()
            .message
            .ends_with("not NaN"));
    }
}
