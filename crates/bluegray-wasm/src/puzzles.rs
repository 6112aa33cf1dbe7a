//! The puzzles (crate `bluegray-puzzles`) for the page: `puzzles(set)`, `puzzleJudge(variant,
//! code, goal, moves)` and `puzzleSolution(variant, code, goal, moves)`. Every argument is
//! checked, without running any JS of it that could throw unseen; every problem is a JS
//! `Error` with a message and a `code` (see [`crate::error`]), never a panic.
#![cfg(target_arch = "wasm32")]

use bluegray_puzzles::{catalogue_of, Goal, Problem, PuzzleError};
use wasm_bindgen::prelude::*;

use crate::args::Param;
use crate::error::ApiError;
use crate::js::{js_error, string, strings, to_js};

/// The arguments `variant`, `code`, `goal` and `moves` of `function`, as a problem to search
/// and the moves. `moves` is an array of at most the goal's line of strings, read as
/// [`strings`] reads one.
fn read_all(
    variant: &JsValue,
    code: &JsValue,
    goal: &JsValue,
    moves: &JsValue,
    function: &str,
) -> Result<(Problem, Vec<String>), ApiError> {
    let variant = string(variant, Param::new(function, "variant"))?;
    let code = string(code, Param::new(function, "code"))?;
    let goal: Goal = string(goal, Param::new(function, "goal"))?.parse()?;
    let max = goal.max_line();
    let too_long = |count| ApiError::from(PuzzleError::TooManyMoves { count, max, goal });
    let moves = strings(moves, max, too_long, Param::new(function, "moves"))?;
    Ok((Problem::new(&variant, &code, goal)?, moves))
}

/// The puzzle set `set`, the text of a set file (the committed one is
/// crates/bluegray-puzzles/puzzles.txt, which the page fetches as data: dist/puzzles.txt), in the
/// page's mixed order (`bluegray_puzzles::order::mixed`):
/// `[{id, variant, code, side, goal, length, theme}]`, `side` the
/// solver (`blue` or `gray`), `goal` `win2`, `win3` or `stop`, `length` the solver's moves in
/// the solution, `theme` the idea of the solution (`breakthrough`, `lead`, `sacrifice`,
/// `capture-chain`, `block`, `race` or `stop`).
/// A set with a bad line is a `bad-puzzle` error that says which line and why.
#[wasm_bindgen]
pub fn puzzles(set: JsValue) -> Result<JsValue, JsValue> {
    const F: &str = "puzzles";
    let set = string(&set, Param::new(F, "set")).map_err(js_error)?;
    let list = catalogue_of(&set).map_err(|e| js_error(ApiError::from(e)))?;
    to_js(&list, F)
}

/// Judges the solver's last move of a puzzle (any position and goal, in the set or not):
/// `moves` is every move from the start (the defender's replies included), the last one the
/// solver's. Returns `{status, reply, refutation, ending, why, line}`: status `solved`, `continue`, `wrong` or
/// `slower` (the move still wins by force, but not within the moves the puzzle asks: no
/// refutation, the player takes it back); `reply` the defender's answer to a correct move that
/// does not finish (else `null`); `refutation` the defence that beats a wrong move, after which
/// the solver cannot win within two more moves than it had either (for `stop`, the opponent's
/// winning move); `ending`, once solved, how: `{reason: 'breakthrough'}`, `{reason: 'lead',
/// point, ours, theirs, needed}` (the solver's captain's point, both captains' progress, the
/// lead the rules ask for) or `{reason: 'stopped'}`, else `null`; `why` the decisive reason
/// at the end of `line` (the moves after the judged one to show on the board): `{winner, how,
/// blue, gray, lead, within}`, `how` `breakthrough`, `lead`, `impasse` or `held` (the solver
/// can no longer win within `within` moves), else `null`.
/// A puzzle whose goal does not hold is a `bad-puzzle` error.
#[wasm_bindgen(js_name = puzzleJudge)]
pub fn puzzle_judge(
    variant: JsValue,
    code: JsValue,
    goal: JsValue,
    moves: JsValue,
) -> Result<JsValue, JsValue> {
    const F: &str = "puzzleJudge";
    let judged =
        read_all(&variant, &code, &goal, &moves, F).and_then(|(p, moves)| Ok(p.judge(&moves)?));
    to_js(&judged.map_err(js_error)?, F)
}

/// The rest of a puzzle's solution line after `moves` (from the start): `[0]` is the hint when
/// the solver is to move. Empty when the goal can no longer be reached.
#[wasm_bindgen(js_name = puzzleSolution)]
pub fn puzzle_solution(
    variant: JsValue,
    code: JsValue,
    goal: JsValue,
    moves: JsValue,
) -> Result<JsValue, JsValue> {
    const F: &str = "puzzleSolution";
    let line =
        read_all(&variant, &code, &goal, &moves, F).and_then(|(p, moves)| Ok(p.solution(&moves)?));
    to_js(&line.map_err(js_error)?, F)
}
