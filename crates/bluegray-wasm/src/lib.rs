//! WebAssembly bindings for Blue and Gray: a thin adapter over `bluegray-core` and
//! `bluegray-engine` for the web page (`index.html`, `www/`).
//!
//! The boundary is narrow and coarse: a `Game` class whose `state()` returns one plain object
//! with everything the page draws from (board, legal moves with their point lists, captain
//! progress, paths, result, record), `play`/`legalMove`/`playIndex`/`undo`/`redo`/`setTag`/`tag`/`record`/`code`,
//! and the free functions `variants()` and `think()` (used by the AI Web Worker).
//!
//! Every argument is checked: a value of the wrong JS type or out of range throws an `Error`
//! with code `bad-argument` naming the argument and what was expected, never a
//! `WebAssembly.RuntimeError`. Every error is a JS `Error` with a `message` and a stable string
//! `code`; the codes and the extra properties of a refused move (`reason`, `points`) are listed
//! in [`error`].
//!
//! All logic lives in plain Rust, tested natively with `cargo test -p bluegray-wasm`:
//! [`view`] (the state object and catalogue), [`session`] (a game as the page plays it),
//! [`search`] (the AI entry) and [`error`]. The `#[wasm_bindgen]` wrappers are compiled for
//! `wasm32` only.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod error;
#[cfg(target_arch = "wasm32")]
mod js;
mod lessons;
pub mod search;
pub mod session;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::cell::RefCell;

    use bluegray_engine::{Clock, Engine, Level, DEFAULT_HASH_MB};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    use crate::error::{ApiError, ErrorCode};
    use crate::js::{describe, js_error, number, string, to_js};
    use crate::session::Session;
    use crate::{search, view};

    /// Installs the panic hook so that a Rust panic (a bug) is logged with its message.
    #[wasm_bindgen(start)]
    pub fn start() {
        console_error_panic_hook::set_once();
    }

    /// A game: the page's model of the rules.
    #[wasm_bindgen]
    pub struct Game {
        inner: Session,
    }

    #[wasm_bindgen]
    impl Game {
        /// A new game of a variant spec (e.g. `classic-turbo,first=gray`) from its start; an
        /// empty spec is `sackson`.
        #[wasm_bindgen(constructor)]
        pub fn new(spec: JsValue) -> Result<Game, JsValue> {
            let spec = string(&spec, "new Game", "spec")?;
            Session::new(&spec)
                .map(|inner| Game { inner })
                .map_err(js_error)
        }

        /// A new game of a variant from a position code.
        #[wasm_bindgen(js_name = fromCode)]
        pub fn from_code(spec: JsValue, code: JsValue) -> Result<Game, JsValue> {
            let spec = string(&spec, "Game.fromCode", "spec")?;
            let code = string(&code, "Game.fromCode", "code")?;
            Session::from_code(&spec, &code)
                .map(|inner| Game { inner })
                .map_err(js_error)
        }

        /// A game replayed from a game record.
        #[wasm_bindgen(js_name = fromRecord)]
        pub fn from_record(text: JsValue) -> Result<Game, JsValue> {
            let text = string(&text, "Game.fromRecord", "text")?;
            Session::from_record(&text)
                .map(|inner| Game { inner })
                .map_err(js_error)
        }

        /// Everything the page draws from, as one plain object.
        pub fn state(&self) -> Result<JsValue, JsValue> {
            to_js(&self.inner.state())
        }

        /// Plays a move in notation (`d2-d3`, `c3xc5xe5`); returns it normalised.
        pub fn play(&mut self, text: JsValue) -> Result<String, JsValue> {
            let text = string(&text, "Game.play", "text")?;
            self.inner.play(&text).map_err(js_error)
        }

        /// The legal move a text describes, normalised, without playing it; throws as `play`
        /// does when there is none.
        #[wasm_bindgen(js_name = legalMove)]
        pub fn legal_move(&self, text: JsValue) -> Result<String, JsValue> {
            let text = string(&text, "Game.legalMove", "text")?;
            self.inner.legal_move(&text).map_err(js_error)
        }

        /// Plays the `index`-th move of `state().moves`; returns its text.
        #[wasm_bindgen(js_name = playIndex)]
        pub fn play_index(&mut self, index: JsValue) -> Result<String, JsValue> {
            // 2^53 - 1: the largest whole number a JS number holds exactly.
            let index = number(&index, 0, (1 << 53) - 1, "Game.playIndex", "index")?;
            let index = usize::try_from(index).unwrap_or(usize::MAX);
            self.inner.play_index(index).map_err(js_error)
        }

        /// Takes back the last move; returns it, or `undefined` at the start.
        pub fn undo(&mut self) -> Option<String> {
            self.inner.undo()
        }

        /// Replays the last move taken back; returns it, or `undefined`.
        pub fn redo(&mut self) -> Option<String> {
            self.inner.redo()
        }

        /// Sets a record tag such as `Blue` or `Gray`.
        #[wasm_bindgen(js_name = setTag)]
        pub fn set_tag(&mut self, name: JsValue, value: JsValue) -> Result<(), JsValue> {
            let name = string(&name, "Game.setTag", "name")?;
            let value = string(&value, "Game.setTag", "value")?;
            self.inner.set_tag(&name, &value).map_err(js_error)
        }

        /// The value of a tag such as `Blue` (names compare without case), or `undefined`.
        pub fn tag(&self, name: JsValue) -> Result<Option<String>, JsValue> {
            let name = string(&name, "Game.tag", "name")?;
            Ok(self.inner.tag(&name))
        }

        /// The game record text.
        pub fn record(&self) -> String {
            self.inner.record()
        }

        /// The current position code.
        pub fn code(&self) -> String {
            self.inner.code()
        }
    }

    /// The named variants (name, description) and AI levels (number, name).
    #[wasm_bindgen]
    pub fn variants() -> Result<JsValue, JsValue> {
        to_js(&view::catalogue())
    }

    /// `performance.now()` of the global scope (a window or a worker).
    struct PerfClock(Option<web_sys::Performance>);

    impl PerfClock {
        fn new() -> PerfClock {
            let perf = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
                .ok()
                .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
            PerfClock(perf)
        }
    }

    impl Clock for PerfClock {
        fn now_ms(&self) -> f64 {
            match &self.0 {
                Some(p) => p.now(),
                None => js_sys::Date::now(),
            }
        }
    }

    thread_local! {
        static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    }

    /// Searches for the side to move of a game record (or of a position code of `spec`) at AI
    /// `level` (a whole number from 1 to 8) with an optional time budget in milliseconds
    /// (`undefined`, `null` or 0 for the level's own budget). Returns
    /// `{best, score, mateIn, scoreText, depth, nodes, pv, side}`.
    #[wasm_bindgen]
    pub fn think(
        record_or_code: JsValue,
        spec: JsValue,
        level: JsValue,
        movetime_ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        let text = string(&record_or_code, "think", "recordOrCode")?;
        let spec = string(&spec, "think", "spec")?;
        let max = u64::from(Level::MAX.number());
        let level = number(&level, 1, max, "think", "level")?;
        let level = u8::try_from(level)
            .ok()
            .and_then(|n| Level::try_from(n).ok())
            .unwrap_or(Level::MAX);
        let movetime = if movetime_ms.is_undefined() || movetime_ms.is_null() {
            None
        } else {
            match movetime_ms.as_f64() {
                Some(t) if t.is_finite() && t >= 0.0 => Some(t),
                _ => {
                    return Err(js_error(ApiError::bad_argument(
                        "think",
                        "movetimeMs",
                        "a number of milliseconds, 0 or more, or undefined",
                        &describe(&movetime_ms),
                    )))
                }
            }
        };
        let clock = PerfClock::new();
        let seed = (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
        let result = ENGINE.with(|cell| {
            let mut slot = cell
                .try_borrow_mut()
                .map_err(|_| ApiError::new(ErrorCode::Busy, "the AI is already thinking"))?;
            let engine = slot.get_or_insert_with(|| Engine::new(DEFAULT_HASH_MB));
            search::think(engine, &text, &spec, level, movetime, seed, &clock)
        });
        to_js(&result.map_err(js_error)?)
    }
}
