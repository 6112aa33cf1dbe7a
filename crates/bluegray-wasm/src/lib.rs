//! WebAssembly bindings for Blue and Gray: a thin adapter over `bluegray-core` and
//! `bluegray-engine` for the web page (`index.html`, `www/`).
//!
//! The boundary is narrow and coarse: a [`Game`](wasm::Game) class whose `state()` returns one
//! plain object with everything the page draws from (board, legal moves with their point lists,
//! captain progress, paths, result, record), `play`/`playIndex`/`undo`/`redo`, the free functions
//! `variants()` and `think()` (used by the AI Web Worker). Every error becomes a JS exception
//! whose message says what is wrong.
//!
//! All logic lives in [`api`] as plain Rust, tested natively with `cargo test -p bluegray-wasm`;
//! the `#[wasm_bindgen]` wrappers are compiled for `wasm32` only.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod api;

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::cell::RefCell;

    use bluegray_engine::{Clock, Engine};
    use serde::Serialize;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    use crate::api::{self, Session};

    fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
        let ser = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
        value
            .serialize(&ser)
            .map_err(|e| JsError::new(&format!("cannot convert to JS: {e}")))
    }

    fn err(msg: String) -> JsError {
        JsError::new(&msg)
    }

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
        /// A new game of a variant spec (e.g. `classic-turbo,first=gray`) from its start.
        #[wasm_bindgen(constructor)]
        pub fn new(variant: &str) -> Result<Game, JsError> {
            Session::new(variant)
                .map(|inner| Game { inner })
                .map_err(err)
        }

        /// A new game of a variant from a position code.
        #[wasm_bindgen(js_name = fromCode)]
        pub fn from_code(variant: &str, code: &str) -> Result<Game, JsError> {
            Session::from_code(variant, code)
                .map(|inner| Game { inner })
                .map_err(err)
        }

        /// A game replayed from a game record.
        #[wasm_bindgen(js_name = fromRecord)]
        pub fn from_record(record: &str) -> Result<Game, JsError> {
            Session::from_record(record)
                .map(|inner| Game { inner })
                .map_err(err)
        }

        /// Everything the page draws from, as one plain object.
        pub fn state(&self) -> Result<JsValue, JsError> {
            to_js(&self.inner.state())
        }

        /// Plays a move in notation (`d2-d3`, `c3xc5xe5`); returns it normalised.
        pub fn play(&mut self, text: &str) -> Result<String, JsError> {
            self.inner.play(text).map_err(err)
        }

        /// Plays the `index`-th move of `state().moves`; returns its text.
        #[wasm_bindgen(js_name = playIndex)]
        pub fn play_index(&mut self, index: usize) -> Result<String, JsError> {
            self.inner.play_index(index).map_err(err)
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
        pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), JsError> {
            self.inner.set_tag(name, value).map_err(err)
        }

        /// The game record text.
        pub fn record(&self) -> String {
            self.inner.game().record().to_string()
        }

        /// The current position code.
        pub fn code(&self) -> String {
            self.inner.game().position().to_string()
        }
    }

    /// The named variants (name, description) and AI levels (number, name).
    #[wasm_bindgen]
    pub fn variants() -> Result<JsValue, JsError> {
        to_js(&api::catalogue())
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

    /// Searches for the side to move of a game record (or of a position code of `variant`) at
    /// AI `level` (1..=8) and an optional time budget in milliseconds. Returns
    /// `{best, score, mateIn, scoreText, depth, nodes, pv, side}`.
    #[wasm_bindgen]
    pub fn think(
        record_or_code: &str,
        variant: &str,
        level: u8,
        movetime_ms: Option<f64>,
    ) -> Result<JsValue, JsError> {
        let clock = PerfClock::new();
        let seed = (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
        let result = ENGINE.with(|cell| {
            let mut slot = cell
                .try_borrow_mut()
                .map_err(|_| "the AI is already thinking".to_string())?;
            let engine = slot.get_or_insert_with(|| Engine::new(16));
            api::think(
                engine,
                record_or_code,
                variant,
                level,
                movetime_ms,
                seed,
                &clock,
            )
        });
        to_js(&result.map_err(err)?)
    }
}
