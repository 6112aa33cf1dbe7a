//! What the binding decides about a JS argument, in plain Rust tested natively: a JS value is
//! first described as a [`JsArg`] (by `js.rs`, the only code that touches a `JsValue`), then
//! checked here, and a wrong one becomes a `bad-argument` [`ApiError`] naming the function, the
//! argument, what was expected and what was given.
//!
//! Numbers are written in messages with whole-number arithmetic only: Rust's float formatting
//! would add its large tables to the wasm module for the sake of error messages.

use bluegray_core::{excerpt, Color};
use bluegray_engine::Level;

use crate::error::{ApiError, ErrorCode};

/// A JS value as the binding sees it: its type, and the contents of the primitives it reads.
/// Objects, arrays and functions are not looked into here (reading them can run JS).
#[derive(Clone, Debug, PartialEq)]
pub enum JsArg {
    /// `undefined` (also a missing argument).
    Undefined,
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number (`NaN` and the infinities included).
    Number(f64),
    /// A string.
    String(String),
    /// A symbol.
    Symbol,
    /// A bigint.
    BigInt,
    /// An array (`Array.isArray`), a Proxy of one included.
    Array,
    /// A function.
    Function,
    /// Any other object.
    Object,
}

impl JsArg {
    /// How an error message names the value, e.g. `a string`, `the number 2.5`, `null`.
    pub fn describe(&self) -> String {
        match self {
            JsArg::Undefined => "undefined".into(),
            JsArg::Null => "null".into(),
            JsArg::Bool(_) => "a boolean".into(),
            JsArg::Number(n) => describe_number(*n),
            JsArg::String(_) => "a string".into(),
            JsArg::Symbol => "a symbol".into(),
            JsArg::BigInt => "a bigint".into(),
            JsArg::Array => "an array".into(),
            JsArg::Function => "a function".into(),
            JsArg::Object => "an object".into(),
        }
    }
}

/// An argument of an exported function, as messages name it: `think`'s `level`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    /// The function as JS calls it, e.g. `Game.playIndex`.
    pub function: &'a str,
    /// The argument's name, e.g. `index`.
    pub name: &'a str,
}

impl<'a> Param<'a> {
    /// The argument `name` of `function`.
    pub const fn new(function: &'a str, name: &'a str) -> Param<'a> {
        Param { function, name }
    }

    /// A `bad-argument` error: this argument must be `expected`, and was `got`. Out of line:
    /// every check calls it, and one copy of its formatting serves them all.
    #[inline(never)]
    pub fn bad(self, expected: &str, got: &JsArg) -> ApiError {
        ApiError::new(
            ErrorCode::BadArgument,
            format!(
                "{}: {} must be {expected}, not {}",
                self.function,
                self.name,
                got.describe()
            ),
        )
    }

    /// A `js-exception` error: reading this argument ran JS (a getter, a Proxy's trap) that
    /// threw.
    pub fn js_exception(self) -> ApiError {
        ApiError::new(
            ErrorCode::JsException,
            format!(
                "{}: reading {} threw a JS exception (a getter or a Proxy of it threw)",
                self.function, self.name
            ),
        )
    }
}

/// A string argument.
pub fn string(arg: JsArg, p: Param) -> Result<String, ApiError> {
    match arg {
        JsArg::String(s) => Ok(s),
        other => Err(p.bad("a string", &other)),
    }
}

/// A number argument that must be a whole number from `min` to `max`.
pub fn whole_number(arg: &JsArg, min: u64, max: u64, p: Param) -> Result<u64, ApiError> {
    let expected = || format!("a whole number from {min} to {max}");
    let JsArg::Number(value) = *arg else {
        return Err(p.bad(&expected(), arg));
    };
    // A fraction fails `fract() == 0`; NaN and the infinities fail `is_finite`.
    let whole = value.is_finite() && value.fract() == 0.0;
    if whole && value >= min as f64 && value <= max as f64 {
        Ok(value as u64)
    } else {
        Err(p.bad(&expected(), arg))
    }
}

/// How `Game.end` ends a game (docs/RULES.md §5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `end('resign', side)`: `side` resigns.
    Resign(Color),
    /// `end('draw')`: a draw by agreement.
    Draw,
    /// `end('abort')`: called off, no result.
    Abort,
    /// `end('time', side)`: `side`'s flag fell (its clock ran out).
    Time(Color),
    /// `end('claim', side)`: the other player left and `side` claims the win.
    ClaimWin(Color),
    /// `end('claim-draw')`: the other player left and the one present claims a draw.
    ClaimDraw,
}

/// `Game.end`'s arguments: `how` one of `resign`, `draw`, `abort`, `time`, `claim`,
/// `claim-draw`, and `side` (`blue` or `gray`) for a resignation, a flag fall or a claimed win
/// only, `undefined` otherwise, so that a side given to a draw is not silently dropped.
pub fn ending(how: &JsArg, side: &JsArg, ph: Param, ps: Param) -> Result<Ending, ApiError> {
    let side_of = |arg: &JsArg| match arg {
        JsArg::String(s) if s == "blue" => Ok(Color::Blue),
        JsArg::String(s) if s == "gray" => Ok(Color::Gray),
        _ => Err(ps.bad(
            "'blue' or 'gray' (the side that resigns, whose flag fell, or that claims)",
            arg,
        )),
    };
    let none = |e: Ending| match side {
        JsArg::Undefined => Ok(e),
        _ => Err(ps.bad("undefined for a draw, an abort or a claimed draw", side)),
    };
    match how {
        JsArg::String(s) if s == "resign" => side_of(side).map(Ending::Resign),
        JsArg::String(s) if s == "draw" => none(Ending::Draw),
        JsArg::String(s) if s == "abort" => none(Ending::Abort),
        JsArg::String(s) if s == "time" => side_of(side).map(Ending::Time),
        JsArg::String(s) if s == "claim" => side_of(side).map(Ending::ClaimWin),
        JsArg::String(s) if s == "claim-draw" => none(Ending::ClaimDraw),
        JsArg::String(s) => Err(ApiError::new(
            ErrorCode::BadArgument,
            format!(
                "{}: {} must be 'resign', 'draw', 'abort', 'time', 'claim' or 'claim-draw', not '{}'",
                ph.function,
                ph.name,
                excerpt(s)
            ),
        )),
        other => Err(ph.bad("'resign', 'draw', 'abort', 'time', 'claim' or 'claim-draw'", other)),
    }
}

/// The largest whole number a JS number holds exactly, 2^53 - 1.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// An index into a list: a whole number from 0 to 2^53 - 1 (whether the list has that many
/// entries is for the caller to say).
pub fn index(arg: &JsArg, p: Param) -> Result<u64, ApiError> {
    whole_number(arg, 0, MAX_SAFE_INTEGER, p)
}

/// An AI level: a whole number from [`Level::MIN`] to [`Level::MAX`].
pub fn level(arg: &JsArg, p: Param) -> Result<Level, ApiError> {
    let min = u64::from(Level::MIN.number());
    let max = u64::from(Level::MAX.number());
    let n = whole_number(arg, min, max, p)?;
    // In range by the check above; the fallback is never taken.
    Ok(Level::try_from(n).unwrap_or(Level::MAX))
}

/// An optional time budget in milliseconds: `undefined` or `null` for none, else a number 0 or
/// more (0 means none as well).
pub fn time_budget(arg: &JsArg, p: Param) -> Result<Option<f64>, ApiError> {
    match *arg {
        JsArg::Undefined | JsArg::Null => Ok(None),
        JsArg::Number(t) if t.is_finite() && t >= 0.0 => Ok(Some(t)),
        _ => Err(p.bad("a number of milliseconds, 0 or more, or undefined", arg)),
    }
}

/// An optional count from 1 to `max`: `undefined` or `null` give `default`.
pub fn optional_count(arg: &JsArg, default: u64, max: u64, p: Param) -> Result<u64, ApiError> {
    match arg {
        JsArg::Undefined | JsArg::Null => Ok(default),
        _ => whole_number(arg, 1, max, p).map_err(|_| {
            p.bad(
                &format!("a whole number from 1 to {max}, or undefined for {default}"),
                arg,
            )
        }),
    }
}

/// The length of an array argument, as read from its `length` (a Proxy may say anything).
pub fn array_length(length: &JsArg, p: Param) -> Result<usize, ApiError> {
    let n = whole_number(length, 0, u64::from(u32::MAX), p).map_err(|_| {
        ApiError::new(
            ErrorCode::BadArgument,
            format!(
                "{}: {} must be an array with a whole-number length, not one whose length is {}",
                p.function,
                p.name,
                length.describe()
            ),
        )
    })?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

/// A JS number as an error message shows it.
fn describe_number(value: f64) -> String {
    if value.is_nan() {
        "NaN".into()
    } else {
        format!("the number {}", excerpt(&number_text(value)))
    }
}

/// Significant digits shown of a number with a fraction: as many as a double holds exactly.
const SIGNIFICANT: u32 = 15;

/// A number in decimals: whole numbers exactly (below 10^19, far beyond the exact ones), others
/// to 15 significant digits, rounded, but cut where rounding would make a number just short of
/// a whole one read as whole.
fn number_text(value: f64) -> String {
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    let abs = value.abs();
    if abs >= 1e19 {
        return if value > 0.0 {
            "1e19 or more"
        } else {
            "-1e19 or less"
        }
        .into();
    }
    let whole = abs.trunc();
    // Exact: a double below 10^19 < 2^64 has a whole part that fits.
    let int = whole as u64;
    let frac = abs - whole;
    if frac == 0.0 {
        return format!("{sign}{int}");
    }
    let int_digits = int.checked_ilog10().map_or(0, |d| d + 1);
    let places = SIGNIFICANT.saturating_sub(int_digits).max(1);
    let scale = 10f64.powi(places as i32);
    // Rounded, unless rounding would carry into the whole part: then cut.
    let rounded = (frac * scale).round();
    let scaled = if rounded < scale {
        rounded as u64
    } else {
        (frac * scale).trunc() as u64
    };
    let digits = format!("{scaled:0width$}", width = places as usize);
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        // A fraction too small to show beside a large whole part.
        format!("{sign}{int}.000…")
    } else {
        format!("{sign}{int}.{digits}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: Param = Param::new("think", "level");

    #[test]
    fn values_are_described_by_type_and_numbers_by_value() {
        let cases = [
            (JsArg::Undefined, "undefined"),
            (JsArg::Null, "null"),
            (JsArg::Bool(true), "a boolean"),
            (JsArg::String("x".into()), "a string"),
            (JsArg::Symbol, "a symbol"),
            (JsArg::BigInt, "a bigint"),
            (JsArg::Array, "an array"),
            (JsArg::Function, "a function"),
            (JsArg::Object, "an object"),
            (JsArg::Number(f64::NAN), "NaN"),
            (JsArg::Number(2.5), "the number 2.5"),
        ];
        for (arg, text) in cases {
            assert_eq!(arg.describe(), text);
        }
    }

    #[test]
    fn numbers_are_written_without_float_formatting() {
        assert_eq!(number_text(256.0), "256");
        assert_eq!(number_text(-1.0), "-1");
        assert_eq!(number_text(2.5), "2.5");
        assert_eq!(number_text(0.125), "0.125");
        assert_eq!(number_text(0.1), "0.1");
        assert_eq!(number_text(8.0000001), "8.0000001");
        assert_eq!(number_text(-0.5), "-0.5");
        assert_eq!(number_text(f64::INFINITY), "Infinity");
        assert_eq!(number_text(-1e300), "-1e19 or less");
        assert_eq!(number_text(1e19), "1e19 or more");
        assert_eq!(number_text(9_007_199_254_740_991.0), "9007199254740991");
        assert_eq!(number_text(2f64.powi(63)), "9223372036854775808");
        // Just short of a whole number: never shown as one.
        assert_eq!(number_text(8.0 - f64::EPSILON * 4.0), "7.99999999999999");
        assert_eq!(number_text(1e14 + 0.5), "100000000000000.5");
        assert_eq!(number_text(4e15 + 0.5), "4000000000000000.5");
    }

    #[test]
    fn strings_only() {
        assert_eq!(string(JsArg::String("e2-e3".into()), P), Ok("e2-e3".into()));
        let e = string(JsArg::Number(12.0), Param::new("Game.play", "text")).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadArgument);
        assert_eq!(
            e.message,
            "Game.play: text must be a string, not the number 12"
        );
        let e = string(JsArg::Undefined, Param::new("new Game", "spec")).unwrap_err();
        assert_eq!(e.message, "new Game: spec must be a string, not undefined");
    }

    #[test]
    fn whole_numbers_in_range_only() {
        assert_eq!(whole_number(&JsArg::Number(3.0), 1, 8, P), Ok(3));
        for bad in [0.0, 9.0, 2.5, f64::NAN, f64::INFINITY, -1.0, 256.0, -0.5] {
            let e = whole_number(&JsArg::Number(bad), 1, 8, P).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadArgument);
            assert!(
                e.message
                    .starts_with("think: level must be a whole number from 1 to 8, not"),
                "{}",
                e.message
            );
        }
        let e = whole_number(&JsArg::String("3".into()), 1, 8, P).unwrap_err();
        assert!(e.message.ends_with("not a string"), "{}", e.message);
    }

    #[test]
    fn a_level_with_a_fraction_is_not_a_whole_number() {
        let e = level(&JsArg::Number(8.0000001), P).unwrap_err();
        assert_eq!(
            e.message,
            "think: level must be a whole number from 1 to 8, not the number 8.0000001"
        );
        assert_eq!(level(&JsArg::Number(8.0), P), Ok(Level::MAX));
        assert_eq!(level(&JsArg::Number(1.0), P), Ok(Level::MIN));
        assert!(level(&JsArg::Number(-0.0), P).is_err());
    }

    #[test]
    fn indices_up_to_the_largest_exact_number() {
        let p = Param::new("Game.playIndex", "index");
        assert_eq!(
            index(&JsArg::Number(9_007_199_254_740_991.0), p),
            Ok(MAX_SAFE_INTEGER)
        );
        assert_eq!(index(&JsArg::Number(0.0), p), Ok(0));
        let e = index(&JsArg::Number(9_007_199_254_740_992.0), p).unwrap_err();
        assert!(
            e.message.ends_with("not the number 9007199254740992"),
            "{}",
            e.message
        );
    }

    #[test]
    fn time_budgets_are_optional_and_not_negative() {
        let p = Param::new("think", "movetimeMs");
        assert_eq!(time_budget(&JsArg::Undefined, p), Ok(None));
        assert_eq!(time_budget(&JsArg::Null, p), Ok(None));
        assert_eq!(time_budget(&JsArg::Number(0.0), p), Ok(Some(0.0)));
        assert_eq!(time_budget(&JsArg::Number(250.5), p), Ok(Some(250.5)));
        for bad in [
            JsArg::Number(-5.0),
            JsArg::Number(f64::NAN),
            JsArg::Number(f64::INFINITY),
            JsArg::String("5".into()),
            JsArg::Object,
        ] {
            let e = time_budget(&bad, p).unwrap_err();
            assert!(e
                .message
                .starts_with("think: movetimeMs must be a number of milliseconds"));
        }
    }

    #[test]
    fn optional_counts_default_when_absent() {
        let p = Param::new("analyse", "nodes");
        assert_eq!(optional_count(&JsArg::Undefined, 500, 1000, p), Ok(500));
        assert_eq!(optional_count(&JsArg::Null, 500, 1000, p), Ok(500));
        assert_eq!(optional_count(&JsArg::Number(7.0), 500, 1000, p), Ok(7));
        let e = optional_count(&JsArg::Number(0.0), 500, 1000, p).unwrap_err();
        assert_eq!(
            e.message,
            "analyse: nodes must be a whole number from 1 to 1000, or undefined for 500, not the number 0"
        );
    }

    #[test]
    fn array_lengths_are_whole_numbers() {
        let p = Param::new("lessonJudge", "moves");
        assert_eq!(array_length(&JsArg::Number(3.0), p), Ok(3));
        for bad in [JsArg::Number(-1.0), JsArg::Number(1.5), JsArg::Undefined] {
            let e = array_length(&bad, p).unwrap_err();
            assert!(e.message.contains("whole-number length"), "{}", e.message);
        }
    }

    #[test]
    fn an_exception_names_the_argument() {
        let e = Param::new("lessonJudge", "moves").js_exception();
        assert_eq!(e.code, ErrorCode::JsException);
        assert!(e.message.starts_with("lessonJudge: reading moves threw"));
    }
}
