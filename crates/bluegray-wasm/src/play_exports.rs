//! The play module's free functions: the catalogue (`variants()`) and the AI (`think`,
//! `analyse`), whose logic is plain Rust in [`crate::catalogue`] and [`crate::search`].

use std::cell::RefCell;

use bluegray_engine::{Engine, DEFAULT_HASH_MB};
use wasm_bindgen::prelude::*;

use crate::args::{self, Param};
use crate::clock::{self, JsClock};
use crate::error::{ApiError, ErrorCode};
use crate::js::{self, js_error, read, string, to_js};
use crate::{catalogue, search};

/// The catalogue: named variants, rule options, AI levels with the level range, and the
/// analysis node budgets (see [`catalogue::Catalogue`]).
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsValue> {
    js::parse(catalogue::CATALOGUE_JSON, "variants").map_err(js_error)
}

thread_local! {
    /// The one engine of `think` and `analyse`: its transposition table (16 MB) is made at
    /// the first search.
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// Runs `f` with the engine, every argument already read; `busy` when a search is running
/// (a call from inside one, through JS the search ran).
fn with_engine<T>(
    function: &str,
    f: impl FnOnce(&mut Engine) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    ENGINE.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| {
            ApiError::new(
                ErrorCode::Busy,
                format!("{function}: the AI is already thinking"),
            )
        })?;
        f(slot.get_or_insert_with(|| Engine::new(DEFAULT_HASH_MB)))
    })
}

/// The arguments `spec`, `start` and `moves` of a search: a game's line, the variant, the
/// position code it started from (empty: the variant's start) and the moves played since, in
/// notation, separated by spaces (one string: a list would need a reader of JS arrays that the
/// play module has no other use for).
fn line(
    spec: &JsValue,
    start: &JsValue,
    moves: &JsValue,
    function: &str,
) -> Result<(String, String, Vec<String>), ApiError> {
    let spec = string(spec, Param::new(function, "spec"))?;
    let start = string(start, Param::new(function, "start"))?;
    let moves = string(moves, Param::new(function, "moves"))?;
    let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
    if moves.len() > search::MAX_LINE {
        return Err(ApiError::new(
            ErrorCode::BadArgument,
            format!(
                "{function}: {} moves, more than {}",
                moves.len(),
                search::MAX_LINE
            ),
        ));
    }
    Ok((spec, start, moves))
}

/// Searches for the side to move after a game's line (the variant `spec`, the position code
/// `start` it began from, empty for the variant's start, and the `moves` played since, such as
/// `"e2-e3 e8-e7"`) at AI `level` (a whole number from 1 to 8) with an optional time budget in
/// milliseconds (`undefined`, `null` or 0 for the level's own budget). Returns
/// `{best, score, mateIn, scoreText, depth, nodes, pv, side}`.
#[wasm_bindgen]
pub fn think(
    spec: JsValue,
    start: JsValue,
    moves: JsValue,
    level: JsValue,
    movetime_ms: JsValue,
) -> Result<JsValue, JsValue> {
    const F: &str = "think";
    let read_all = || {
        let line = line(&spec, &start, &moves, F)?;
        let p = Param::new(F, "level");
        let level = args::level(&read(&level, p)?, p)?;
        let p = Param::new(F, "movetimeMs");
        let movetime = args::time_budget(&read(&movetime_ms, p)?, p)?;
        Ok((line, level, movetime))
    };
    let result = read_all().and_then(|((spec, start, moves), level, movetime)| {
        let seed = clock::seed();
        with_engine(F, |engine| {
            search::think(
                engine,
                (&spec, &start, &moves),
                level,
                movetime,
                seed,
                &JsClock,
            )
        })
    });
    to_js(&result.map_err(js_error)?, F)
}

/// Analyses the position after a game's line (as `think` takes it) for the side to move at
/// full strength within `nodes` nodes (`undefined` or `null`: the catalogue's
/// `analysisNodes`). Deterministic: no noise, no clock, and nothing kept from earlier
/// searches, so the same position always gives the same answer. Returns the same object
/// as `think`.
#[wasm_bindgen]
pub fn analyse(
    spec: JsValue,
    start: JsValue,
    moves: JsValue,
    nodes: JsValue,
) -> Result<JsValue, JsValue> {
    const F: &str = "analyse";
    let read_all = || {
        let line = line(&spec, &start, &moves, F)?;
        let p = Param::new(F, "nodes");
        let nodes = args::optional_count(
            &read(&nodes, p)?,
            search::ANALYSIS_NODES,
            search::MAX_ANALYSIS_NODES,
            p,
        )?;
        Ok((line, nodes))
    };
    let result = read_all().and_then(|((spec, start, moves), nodes)| {
        with_engine(F, |engine| {
            search::analyse(engine, (&spec, &start, &moves), nodes)
        })
    });
    to_js(&result.map_err(js_error)?, F)
}
