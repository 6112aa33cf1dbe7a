//! WebAssembly bindings for Blue and Gray: a thin adapter over `bluegray-core` and
//! `bluegray-engine` for the web page (`index.html`, `www/`).
//!
//! The boundary is narrow and coarse: a `Game` class whose `state()` returns one plain object
//! with everything the page draws from (board, legal moves with their point lists, captain
//! progress, paths, result, record), `play`/`legalMove`/`playIndex`/`undo`/`redo`/`end`/`setTag`/`tag`/`setClock`/`clocks`/`record`/`code`
//! (and wasm-bindgen's `free()`), and the free functions `variants()` (the catalogue: variants,
//! rule options, levels with `minLevel`/`maxLevel`, and `analysisNodes`), `think()` (a move at
//! an AI level) and `analyse()` (a deterministic full-strength judgement of a position), used
//! by the AI Web Worker, the lessons' `lessons()`, `lessonJudge()`, `lessonHint()`, the
//! puzzles' `puzzles()`, `puzzleJudge()`, `puzzleSolution()`, the board editor's
//! `checkPosition()` (whether a set-up position can be played, and why not: [`check`]), and the
//! opening explorer's `explorer()` ([`explorer`]).
//!
//! Every argument is checked: a value of the wrong JS type or out of range throws an `Error`
//! with code `bad-argument` naming the argument and what was expected, never a
//! `WebAssembly.RuntimeError`. Every error is a JS `Error` with a `message` and a stable string
//! `code`; the codes and the extra properties of a refused move (`reason`, `points`) are listed
//! in [`error`].
//!
//! The boundary survives any JS: arguments are read without running their JS (no `toString`,
//! `valueOf`, iterator or getter of theirs is called; an array's elements are read with
//! `Reflect.get`, and a getter or Proxy trap that throws there gives a `js-exception` error),
//! no JS exception ever unwinds through wasm, returned objects are made with `JSON.parse` (no
//! setter of `Object.prototype` runs), and `think`'s seed survives a `Math.random` that throws.
//! A `Game` used after `free()` throws a `freed` error from the glue (`js/game-guard.js`,
//! appended to wasm-bindgen's output by `scripts/build-web.sh`) before the call reaches wasm;
//! a method called on something that is not a `Game` throws `bad-argument` the same way.
//!
//! All logic lives in plain Rust, tested natively with `cargo test -p bluegray-wasm`, in
//! modules that each use only those listed before it, so that none leads back to itself:
//! [`error`] (the codes), [`args`] (argument checks and their messages), [`view`] (the state
//! object), [`session`] (a game as the page plays it), [`search`] (the AI entries) and
//! [`catalogue`] (variants, options, levels, analysis budgets). The `#[wasm_bindgen]` wrappers
//! and `js.rs` (the only code that touches JS values) are compiled for `wasm32` only. The API's
//! reference, and what each crate of the boundary (wasm-bindgen, js-sys, web-sys,
//! serde-wasm-bindgen, console_error_panic_hook) does, are in
//! `docs/WASM-API.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod args;
pub mod catalogue;
pub mod check;
#[cfg(all(target_arch = "wasm32", feature = "play"))]
mod clock;
pub mod error;
#[cfg(feature = "teaching")]
pub mod explorer;
#[cfg(target_arch = "wasm32")]
mod js;
#[cfg(feature = "teaching")]
mod lessons;
#[cfg(feature = "teaching")]
mod puzzles;
pub mod search;
pub mod session;
#[cfg(feature = "variations")]
pub mod tree;
pub mod view;

// The `Game` class is in both modules: the play module's reads past a record's variations
// (`droppedVariations()`), the teaching module's keeps them (`setTree`, `state().tree`), and the
// page moves a game with variations there (docs/RULES.md R29). The catalogue and the AI are the
// play module's only.
#[cfg(all(target_arch = "wasm32", any(feature = "play", feature = "teaching")))]
mod wasm {
    use std::cell::RefCell;

    #[cfg(feature = "play")]
    use bluegray_engine::{Engine, DEFAULT_HASH_MB};
    use wasm_bindgen::prelude::*;

    use crate::args::{self, Param};
    #[cfg(feature = "play")]
    use crate::clock::{self, JsClock};
    use crate::error::{ApiError, ErrorCode};
    #[cfg(feature = "play")]
    use crate::js::to_js;
    use crate::js::{self, js_error, read, spec_and_code, string};
    use crate::session::Session;
    #[cfg(feature = "play")]
    use crate::{catalogue, search};

    /// Installs the panic hook so that a Rust panic (a bug) is logged with its message.
    #[wasm_bindgen(start)]
    pub fn start() {
        console_error_panic_hook::set_once();
    }

    /// A game: the page's model of the rules.
    ///
    /// Every method takes `&self`, so wasm-bindgen only ever takes shared borrows of it, which
    /// nest; the session is borrowed here with `try_borrow_mut`, so a call from inside another
    /// (possible only through JS the binding runs, such as a replaced built-in) is a `busy`
    /// error, never wasm-bindgen's aliasing trap.
    #[wasm_bindgen]
    pub struct Game {
        inner: RefCell<Session>,
    }

    impl Game {
        fn of(session: Result<Session, ApiError>) -> Result<Game, JsValue> {
            session
                .map(|s| Game {
                    inner: RefCell::new(s),
                })
                .map_err(js_error)
        }

        /// Runs `f` on the session, its arguments already read; the borrow ends before any
        /// error is made in JS.
        fn with<T>(
            &self,
            function: &str,
            f: impl FnOnce(&mut Session) -> Result<T, ApiError>,
        ) -> Result<T, JsValue> {
            let result = match self.inner.try_borrow_mut() {
                Ok(mut session) => f(&mut session),
                Err(_) => Err(ApiError::new(
                    ErrorCode::Busy,
                    format!("{function}: the game is in use by another of its methods"),
                )),
            };
            result.map_err(js_error)
        }
    }

    #[wasm_bindgen]
    impl Game {
        /// A new game of a variant spec (e.g. `classic-turbo,first=gray`) from its start; an
        /// empty spec is `sackson`.
        #[wasm_bindgen(constructor)]
        pub fn new(spec: JsValue) -> Result<Game, JsValue> {
            let spec = string(&spec, Param::new("new Game", "spec"));
            Game::of(spec.and_then(|spec| Session::new(&spec)))
        }

        /// A new game of a variant from a position code.
        #[wasm_bindgen(js_name = fromCode)]
        pub fn from_code(spec: JsValue, code: JsValue) -> Result<Game, JsValue> {
            let session = spec_and_code(&spec, &code, "Game.fromCode")
                .and_then(|(spec, code)| Session::from_code(&spec, &code));
            Game::of(session)
        }

        /// A game replayed from a game record.
        #[wasm_bindgen(js_name = fromRecord)]
        pub fn from_record(text: JsValue) -> Result<Game, JsValue> {
            let text = string(&text, Param::new("Game.fromRecord", "text"));
            Game::of(text.and_then(|text| Session::from_record(&text)))
        }

        /// Everything the page draws from, as one plain object.
        pub fn state(&self) -> Result<JsValue, JsValue> {
            const F: &str = "Game.state";
            let text = self.with(F, |s| js::json(&s.state(), F))?;
            js::parse(&text, F).map_err(js_error)
        }

        /// Plays a move in notation (`d2-d3`, `c3xc5xe5`); returns it normalised.
        pub fn play(&self, text: JsValue) -> Result<String, JsValue> {
            const F: &str = "Game.play";
            let text = string(&text, Param::new(F, "text")).map_err(js_error)?;
            self.with(F, |s| s.play(&text))
        }

        /// The legal move a text describes, normalised, without playing it; throws as `play`
        /// does when there is none.
        #[wasm_bindgen(js_name = legalMove)]
        pub fn legal_move(&self, text: JsValue) -> Result<String, JsValue> {
            const F: &str = "Game.legalMove";
            let text = string(&text, Param::new(F, "text")).map_err(js_error)?;
            self.with(F, |s| s.legal_move(&text))
        }

        /// Plays the `index`-th move of `state().moves`; returns its text.
        #[wasm_bindgen(js_name = playIndex)]
        pub fn play_index(&self, index: JsValue) -> Result<String, JsValue> {
            const F: &str = "Game.playIndex";
            let p = Param::new(F, "index");
            let index = read(&index, p)
                .and_then(|i| args::index(&i, p))
                .map_err(js_error)?;
            self.with(F, |s| s.play_index(index))
        }

        /// Takes back the last move; returns it, or `undefined` at the start.
        pub fn undo(&self) -> Result<Option<String>, JsValue> {
            self.with("Game.undo", |s| Ok(s.undo()))
        }

        /// Replays the last move taken back; returns it, or `undefined`.
        pub fn redo(&self) -> Result<Option<String>, JsValue> {
            self.with("Game.redo", |s| Ok(s.redo()))
        }

        /// Ends the game by the players' word: `end('resign', side)`, `end('draw')` or
        /// `end('abort')`, or by a flag fall, `end('time', side)` with the side whose clock ran
        /// out; returns the result as `state().result` shows it.
        pub fn end(&self, how: JsValue, side: JsValue) -> Result<JsValue, JsValue> {
            const F: &str = "Game.end";
            let (ph, ps) = (Param::new(F, "how"), Param::new(F, "side"));
            let ending = read(&how, ph)
                .and_then(|how| Ok((how, read(&side, ps)?)))
                .and_then(|(how, side)| args::ending(&how, &side, ph, ps))
                .map_err(js_error)?;
            let text = self.with(F, |s| s.end(ending).and_then(|r| js::json(&r, F)))?;
            js::parse(&text, F).map_err(js_error)
        }

        /// Sets a record tag such as `Blue` or `Gray`.
        #[wasm_bindgen(js_name = setTag)]
        pub fn set_tag(&self, name: JsValue, value: JsValue) -> Result<(), JsValue> {
            const F: &str = "Game.setTag";
            let name = string(&name, Param::new(F, "name")).map_err(js_error)?;
            let value = string(&value, Param::new(F, "value")).map_err(js_error)?;
            self.with(F, |s| s.set_tag(&name, &value))
        }

        /// The value of a tag such as `Blue` (names compare without case), or `undefined`.
        pub fn tag(&self, name: JsValue) -> Result<Option<String>, JsValue> {
            const F: &str = "Game.tag";
            let name = string(&name, Param::new(F, "name")).map_err(js_error)?;
            self.with(F, |s| Ok(s.tag(&name)))
        }

        /// Keeps `ms`, the milliseconds the last move's side had left after it, in a clock
        /// comment after that move (`{[%clk 0:04:57]}`, docs/RULES.md §6.4); nothing before
        /// any move.
        #[wasm_bindgen(js_name = setClock)]
        pub fn set_clock(&self, ms: JsValue) -> Result<(), JsValue> {
            const F: &str = "Game.setClock";
            let p = Param::new(F, "ms");
            let ms = read(&ms, p)
                .and_then(|m| args::whole_number(&m, 0, args::MAX_SAFE_INTEGER, p))
                .map_err(js_error)?;
            self.with(F, |s| {
                s.set_clock(ms);
                Ok(())
            })
        }

        /// The milliseconds each move's side had left after it, from the clock comments: an
        /// array with one entry per move played, `null` for a move without one.
        pub fn clocks(&self) -> Result<Vec<JsValue>, JsValue> {
            self.with("Game.clocks", |s| {
                Ok(s.clocks()
                    .into_iter()
                    .map(|c| c.map_or(JsValue::NULL, |ms| JsValue::from_f64(ms as f64)))
                    .collect())
            })
        }

        /// The game record text.
        pub fn record(&self) -> Result<String, JsValue> {
            self.with("Game.record", |s| Ok(s.record()))
        }

        /// The current position code.
        pub fn code(&self) -> Result<String, JsValue> {
            self.with("Game.code", |s| Ok(s.code()))
        }

        /// Whether the record the game was read from had variations this module read past (the
        /// play module: its moves and comments are the record's; the teaching module's `Game`
        /// keeps variations, and there this is always false).
        #[wasm_bindgen(js_name = droppedVariations)]
        pub fn dropped_variations(&self) -> Result<bool, JsValue> {
            self.with("Game.droppedVariations", |s| Ok(s.dropped_variations()))
        }

        /// Makes a tree of moves the game's: `lines` holds every line from the start to a last
        /// move, one per text line, moves separated by spaces, the first the game's own (see
        /// `bluegray_wasm::tree`). Throws, changing nothing, when a move cannot be played.
        #[cfg(feature = "variations")]
        #[wasm_bindgen(js_name = setTree)]
        pub fn set_tree(&self, lines: JsValue) -> Result<(), JsValue> {
            const F: &str = "Game.setTree";
            let lines = string(&lines, Param::new(F, "lines")).map_err(js_error)?;
            self.with(F, |s| s.set_tree(&lines))
        }
    }

    #[cfg(feature = "play")]
    /// The catalogue: named variants, rule options, AI levels with the level range, and the
    /// analysis node budgets (see [`catalogue::Catalogue`]).
    #[wasm_bindgen]
    pub fn variants() -> Result<JsValue, JsValue> {
        js::parse(catalogue::CATALOGUE_JSON, "variants").map_err(js_error)
    }

    #[cfg(feature = "play")]
    thread_local! {
        /// The one engine of `think` and `analyse`: its transposition table (16 MB) is made at
        /// the first search.
        static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    }

    #[cfg(feature = "play")]
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

    #[cfg(feature = "play")]
    /// The arguments `recordOrCode` and `spec` of a search, naming the position to search.
    fn position(
        record_or_code: &JsValue,
        spec: &JsValue,
        function: &str,
    ) -> Result<(String, String), ApiError> {
        let text = string(record_or_code, Param::new(function, "recordOrCode"))?;
        Ok((text, string(spec, Param::new(function, "spec"))?))
    }

    #[cfg(feature = "play")]
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
        const F: &str = "think";
        let read_all = || {
            let (text, spec) = position(&record_or_code, &spec, F)?;
            let p = Param::new(F, "level");
            let level = args::level(&read(&level, p)?, p)?;
            let p = Param::new(F, "movetimeMs");
            let movetime = args::time_budget(&read(&movetime_ms, p)?, p)?;
            Ok((text, spec, level, movetime))
        };
        let result = read_all().and_then(|(text, spec, level, movetime)| {
            let seed = clock::seed();
            with_engine(F, |engine| {
                search::think(engine, &text, &spec, level, movetime, seed, &JsClock)
            })
        });
        to_js(&result.map_err(js_error)?, F)
    }

    #[cfg(feature = "play")]
    /// Analyses the position of a game record (or of a position code of `spec`) for the side
    /// to move at full strength within `nodes` nodes (`undefined` or `null`: the catalogue's
    /// `analysisNodes`). Deterministic: no noise, no clock, and nothing kept from earlier
    /// searches, so the same position always gives the same answer. Returns the same object
    /// as `think`.
    #[wasm_bindgen]
    pub fn analyse(
        record_or_code: JsValue,
        spec: JsValue,
        nodes: JsValue,
    ) -> Result<JsValue, JsValue> {
        const F: &str = "analyse";
        let read_all = || {
            let (text, spec) = position(&record_or_code, &spec, F)?;
            let p = Param::new(F, "nodes");
            let nodes = args::optional_count(
                &read(&nodes, p)?,
                search::ANALYSIS_NODES,
                search::MAX_ANALYSIS_NODES,
                p,
            )?;
            Ok((text, spec, nodes))
        };
        let result = read_all().and_then(|(text, spec, nodes)| {
            with_engine(F, |engine| search::analyse(engine, &text, &spec, nodes))
        });
        to_js(&result.map_err(js_error)?, F)
    }
}
