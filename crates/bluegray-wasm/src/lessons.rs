//! The lessons (crate `bluegray-lessons`) for the page: `lessons()`, `lessonJudge(id, moves)`
//! and `lessonHint(id, moves)`. Every argument is checked; every problem is a JS `Error` with a
//! message, never a panic.
#![cfg(target_arch = "wasm32")]

use bluegray_lessons::{catalogue, lesson, Lesson};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The most moves a lesson's game is given (the longest lesson needs eight).
const MAX_MOVES: usize = 64;

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let ser = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value
        .serialize(&ser)
        .map_err(|e| JsError::new(&format!("cannot convert to JS: {e}")))
}

fn find(id: &str) -> Result<&'static Lesson, JsError> {
    lesson(id).ok_or_else(|| {
        let known: Vec<&str> = catalogue().iter().map(|l| l.id).collect();
        JsError::new(&format!(
            "unknown lesson '{}': expected one of {}",
            id.chars().take(40).collect::<String>(),
            known.join(", ")
        ))
    })
}

fn move_list(moves: JsValue) -> Result<Vec<String>, JsError> {
    if !js_sys::Array::is_array(&moves) {
        return Err(JsError::new(
            "moves: expected an array of moves in notation, such as [\"e1-e2\"]",
        ));
    }
    let list: Vec<String> = serde_wasm_bindgen::from_value(moves)
        .map_err(|_| JsError::new("moves: every move must be a string, such as \"e1-e2\""))?;
    if list.len() > MAX_MOVES {
        return Err(JsError::new(&format!(
            "moves: at most {MAX_MOVES} moves, not {}",
            list.len()
        )));
    }
    Ok(list)
}

/// The lessons: `[{id, variant, code, learner, budget}]`, in teaching order.
#[wasm_bindgen]
pub fn lessons() -> Result<JsValue, JsError> {
    to_js(&catalogue())
}

/// Judges the learner's last move: `moves` is every move from the lesson's start (the
/// opponent's replies included), the last one the learner's. Returns `{status, reply,
/// feedback: {key, params} | null, movesLeft}`, status `done`, `continue` or `wrong`.
#[wasm_bindgen(js_name = lessonJudge)]
pub fn lesson_judge(id: &str, moves: JsValue) -> Result<JsValue, JsError> {
    let l = find(id)?;
    let list = move_list(moves)?;
    let verdict = l.judge(&list).map_err(|e| JsError::new(&e))?;
    to_js(&verdict)
}

/// A move that reaches the lesson's goal from the position after `moves` (the learner to
/// move), or `undefined` when the goal is out of reach.
#[wasm_bindgen(js_name = lessonHint)]
pub fn lesson_hint(id: &str, moves: JsValue) -> Result<Option<String>, JsError> {
    let l = find(id)?;
    let list = move_list(moves)?;
    l.hint(&list).map_err(|e| JsError::new(&e))
}
