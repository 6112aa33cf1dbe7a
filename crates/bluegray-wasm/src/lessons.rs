//! The lessons (crate `bluegray-lessons`) for the page: `lessons()`, `lessonJudge(id, moves)`
//! and `lessonHint(id, moves)`. Every argument is checked, without running any JS of it that
//! could throw unseen; every problem is a JS `Error` with a message and a `code` (see
//! [`crate::error`]), never a panic.
#![cfg(target_arch = "wasm32")]

use bluegray_lessons::{catalogue, lesson, Lesson, LessonError, MAX_MOVES};
use wasm_bindgen::prelude::*;

use crate::args::Param;
use crate::error::ApiError;
use crate::js::{js_error, string, strings, to_js};

/// The lesson named by the argument `id` of `function`.
fn find(id: &JsValue, function: &str) -> Result<&'static Lesson, ApiError> {
    let id = string(id, Param::new(function, "id"))?;
    Ok(lesson(&id)?)
}

/// The argument `moves` of `function`: an array of at most [`MAX_MOVES`] strings, read as
/// [`strings`] reads one.
fn move_list(moves: &JsValue, function: &str) -> Result<Vec<String>, ApiError> {
    let too_long = |count| {
        ApiError::from(LessonError::TooManyMoves {
            count,
            max: MAX_MOVES,
        })
    };
    strings(moves, MAX_MOVES, too_long, Param::new(function, "moves"))
}

/// The lessons: `[{id, variant, code, learner, budget, kind, teaches}]`, in teaching order;
/// `kind` is `rules` or `strategy`, `teaches` the rules option a lesson teaches (`captain`,
/// `guards`, `start`, `lead`, `impasse_plies`, `jumps`) or `null`.
#[wasm_bindgen]
pub fn lessons() -> Result<JsValue, JsValue> {
    to_js(&catalogue(), "lessons")
}

/// Judges the learner's last move: `moves` is every move from the lesson's start (the
/// opponent's replies included), the last one the learner's. Returns `{status, reply,
/// feedback: {key, params} | null, movesLeft}`, status `done`, `continue` or `wrong`; `reply`
/// is `null` when there is none.
#[wasm_bindgen(js_name = lessonJudge)]
pub fn lesson_judge(id: JsValue, moves: JsValue) -> Result<JsValue, JsValue> {
    const F: &str = "lessonJudge";
    let judged = find(&id, F).and_then(|l| Ok(l.judge(&move_list(&moves, F)?)?));
    to_js(&judged.map_err(js_error)?, F)
}

/// A move that reaches the lesson's goal from the position after `moves` (the learner to
/// move), or `undefined` when the goal is out of reach.
#[wasm_bindgen(js_name = lessonHint)]
pub fn lesson_hint(id: JsValue, moves: JsValue) -> Result<Option<String>, JsValue> {
    const F: &str = "lessonHint";
    let hint = find(&id, F).and_then(|l| Ok(l.hint(&move_list(&moves, F)?)?));
    hint.map_err(js_error)
}
