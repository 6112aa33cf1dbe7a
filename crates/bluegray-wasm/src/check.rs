//! `checkPosition`: whether a position code can be played under a variant, with every reason it
//! cannot (the rules core's `validity`), as plain data for the page's board editor.

use bluegray_core::validity::{self, Problem};
use bluegray_core::Setup;
use serde::Serialize;

use crate::error::ApiError;
use crate::session::parse_variant;

/// The answer of `checkPosition`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PositionCheck {
    /// Whether a game can start from the position.
    pub ok: bool,
    /// The code written canonically.
    pub code: String,
    /// Every reason it cannot, in the rules core's order; empty when `ok`.
    pub problems: Vec<ProblemView>,
}

/// One problem: a stable code, its parameters for a sentence in any language, and the English.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PositionProblem"))]
pub struct ProblemView {
    /// The problem's code, e.g. `extra-captains`.
    pub code: &'static str,
    /// What the sentence names.
    pub params: ProblemParams,
    /// The sentence in English.
    pub text: String,
}

/// The parameters a problem's sentence names; each problem has only some of them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
pub struct ProblemParams {
    /// The side, `blue` or `gray`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(as = "Option<crate::ts::Side>"))]
    pub color: Option<&'static str>,
    /// The point, e.g. `e1`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
    /// How many captains or guards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// The leading captain's progress.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ahead: Option<u32>,
    /// The other captain's progress.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub behind: Option<u32>,
    /// The lead that wins, or the plies that end the game: the rules' limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// The no-progress counter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
}

impl ProblemView {
    fn of(problem: &Problem) -> ProblemView {
        let mut params = ProblemParams {
            color: problem.color().map(|c| c.as_str()),
            ..ProblemParams::default()
        };
        match *problem {
            Problem::CaptainOffPath { point, .. }
            | Problem::PrivateOnPromotionRank { point, .. } => {
                params.point = Some(point.to_string());
            }
            Problem::ExtraCaptains { count, .. } | Problem::TooManyGuards { count, .. } => {
                params.count = Some(u32::try_from(count).unwrap_or(u32::MAX));
            }
            Problem::LeadReached {
                ahead,
                behind,
                lead,
                ..
            } => {
                params.ahead = Some(u32::from(ahead));
                params.behind = Some(u32::from(behind));
                params.limit = Some(u32::from(lead));
            }
            Problem::NoProgressLimit { plies, limit } => {
                params.plies = Some(u32::from(plies));
                params.limit = Some(u32::from(limit));
            }
            _ => {}
        }
        ProblemView {
            code: problem.code(),
            params,
            text: problem.to_string(),
        }
    }
}

/// Checks `code` under the variant `spec`. A spec that is no variant is `bad-variant`, and a text
/// that is no position code at all `bad-position`; everything a code can say is answered.
pub fn check_position(spec: &str, code: &str) -> Result<PositionCheck, ApiError> {
    let variant = parse_variant(spec)?;
    let setup: Setup = code.trim().parse()?;
    let problems: Vec<ProblemView> = validity::problems(&setup, variant.rules)
        .iter()
        .map(ProblemView::of)
        .collect();
    Ok(PositionCheck {
        ok: problems.is_empty(),
        code: setup.to_string(),
        problems,
    })
}

/// `checkPosition(spec, code)` for the page, in the teaching module: only the board editor asks
/// it, and the play module, which every first visit fetches, does without its code.
#[cfg(all(target_arch = "wasm32", feature = "teaching"))]
mod export {
    use wasm_bindgen::prelude::*;

    use crate::js::{js_error, spec_and_code, to_js};

    /// Whether a position code can be played under a variant spec, with every reason it
    /// cannot: `{ok, code, problems: [{code, params, text}]}` (see [`super::check_position`]).
    #[wasm_bindgen(js_name = checkPosition)]
    pub fn check_position(spec: JsValue, code: JsValue) -> Result<JsValue, JsValue> {
        const F: &str = "checkPosition";
        let result = spec_and_code(&spec, &code, F)
            .and_then(|(spec, code)| super::check_position(&spec, &code));
        to_js(&result.map_err(js_error)?, F)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn a_playable_code_is_ok_and_canonical() {
        let answer = check_position("", "4c4/9/9/9/9/9/9/9/4C4   G 0 1").unwrap();
        assert!(answer.ok);
        assert_eq!(answer.code, "4c4/9/9/9/9/9/9/9/4C4 g 0 1");
        assert!(answer.problems.is_empty());
    }

    #[test]
    fn problems_carry_code_params_and_english() {
        let answer = check_position("classic", "9/9/9/9/9/9/9/9/C3C4 g 0 1").unwrap();
        assert!(!answer.ok);
        let codes: Vec<&str> = answer.problems.iter().map(|p| p.code).collect();
        assert_eq!(
            codes,
            vec!["extra-captains", "captain-off-path", "no-captain"]
        );
        let extra = &answer.problems[0];
        assert_eq!(extra.params.color, Some("blue"));
        assert_eq!(extra.params.count, Some(2));
        assert!(extra.text.starts_with("two Blue captains"));
        assert_eq!(answer.problems[2].params.color, Some("gray"));
    }

    #[test]
    fn a_lead_names_both_progresses_and_the_rule() {
        let answer = check_position("classic", "4c4/9/9/9/9/9/1C7/9/9 g 0 1").unwrap();
        let lead = &answer.problems[0];
        assert_eq!(lead.code, "lead-reached");
        let p = &lead.params;
        assert_eq!(
            (p.color, p.ahead, p.behind, p.limit),
            (Some("blue"), Some(4), Some(0), Some(3))
        );
        assert_eq!((p.point.as_deref(), p.count, p.plies), (None, None, None));
        assert_eq!(
            lead.text,
            "Blue's captain already leads 4 to 0, and a lead of 3 wins: the game is over"
        );
    }

    #[test]
    fn unreadable_input_is_a_coded_error() {
        assert_eq!(
            check_position("nope", "9/9/9/9/9/9/9/9/9 b 0 1")
                .unwrap_err()
                .code,
            ErrorCode::BadVariant
        );
        assert_eq!(
            check_position("", "hello").unwrap_err().code,
            ErrorCode::BadPosition
        );
    }
}
