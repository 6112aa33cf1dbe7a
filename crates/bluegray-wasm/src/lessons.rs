//! The lessons (crate `bluegray-lessons`) for the page: `lessons()`, `lessonJudge(id, moves)`
//! and `lessonHint(id, moves)`. Every argument is checked; every problem is a JS `Error` with a
//! message and a `code` (`bad-argument`, see [`crate::error`]), never a panic.
#![cfg(target_arch = "wasm32")]

use bluegray_lessons::{catalogue, lesson, Lesson};
use wasm_bindgen::prelude::*;

use crate::error::{ApiError, ErrorCode};
use crate::js::{js_error, string, to_js};

/// The most moves a lesson's game is given (the longest lesson needs eight).
const MAX_MOVES: usize = 64;

/// A `bad-argument` error with this message.
fn bad(message: String) -> JsValue {
    js_error(ApiError::new(ErrorCode::BadArgument, message))
}

fn find(id: &JsValue, function: &str) -> Result<&'static Lesson, JsValue> {
    let id = string(id, function, "id")?;
    lesson(&id).map_err(|e| bad(e.to_string()))
}

fn move_list(moves: JsValue) -> Result<Vec<String>, JsValue> {
    if !js_sys::Array::is_array(&moves) {
        return Err(bad(
            "moves: expected an array of moves in notation, such as [\"e1-e2\"]".into(),
        ));
    }
    // Read by hand rather than by serde: serde's type errors would bring Rust's float
    // formatting (some 20 KB) into the module.
    let array = js_sys::Array::from(&moves);
    if array.length() as usize > MAX_MOVES {
        return Err(bad(format!(
            "moves: at most {MAX_MOVES} moves, not {}",
            array.length()
        )));
    }
    array
        .iter()
        .map(|m| {
            m.as_string()
                .ok_or_else(|| bad("moves: every move must be a string, such as \"e1-e2\"".into()))
        })
        .collect()
}

/// The lessons: `[{id, variant, code, learner, budget}]`, in teaching order.
#[wasm_bindgen]
pub fn lessons() -> Result<JsValue, JsValue> {
    to_js(&catalogue())
}

/// Judges the learner's last move: `moves` is every move from the lesson's start (the
/// opponent's replies included), the last one the learner's. Returns `{status, reply,
/// feedback: {key, params} | null, movesLeft}`, status `done`, `continue` or `wrong`.
#[wasm_bindgen(js_name = lessonJudge)]
pub fn lesson_judge(id: JsValue, moves: JsValue) -> Result<JsValue, JsValue> {
    let l = find(&id, "lessonJudge")?;
    let list = move_list(moves)?;
    let verdict = l.judge(&list).map_err(|e| bad(e.to_string()))?;
    to_js(&verdict)
}

/// A move that reaches the lesson's goal from the position after `moves` (the learner to
/// move), or `undefined` when the goal is out of reach.
#[wasm_bindgen(js_name = lessonHint)]
pub fn lesson_hint(id: JsValue, moves: JsValue) -> Result<Option<String>, JsValue> {
    let l = find(&id, "lessonHint")?;
    let list = move_list(moves)?;
    l.hint(&list).map_err(|e| bad(e.to_string()))
}
