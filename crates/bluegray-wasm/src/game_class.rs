//! The `Game` class across the boundary: a game as the page plays it ([`crate::session`]), read
//! from a record and written to one with its variations (`setTree`, `state().tree`,
//! docs/RULES.md R29). The play module's only: the one `Game` of the page, the element, the AI
//! worker and the single file.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::args::{self, Param};
use crate::error::{ApiError, ErrorCode};
use crate::js::{self, js_error, read, spec_and_code, string};
use crate::session::Session;

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

    /// A game replayed from a game record, its variations kept (docs/RULES.md R29).
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

    /// Makes a tree of moves the game's: `lines` holds every line from the start to a last
    /// move, one per text line, moves separated by spaces, the first the game's own (see
    /// `bluegray_wasm::tree`). Throws, changing nothing, when a move cannot be played.
    #[wasm_bindgen(js_name = setTree)]
    pub fn set_tree(&self, lines: JsValue) -> Result<(), JsValue> {
        const F: &str = "Game.setTree";
        let lines = string(&lines, Param::new(F, "lines")).map_err(js_error)?;
        self.with(F, |s| s.set_tree(&lines))
    }

    /// Makes `text` the comment after the move at `path` of the game's tree (its children's
    /// indices joined by dots, as `state().tree` is walked; `""`: before the first move), kept
    /// in the record; an empty text takes it away. At most `variants().maxComment` characters
    /// (see `bluegray_wasm::comment`). Throws, changing nothing, when there is no move there.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&self, path: JsValue, text: JsValue) -> Result<(), JsValue> {
        const F: &str = "Game.setComment";
        let path = string(&path, Param::new(F, "path")).map_err(js_error)?;
        let text = string(&text, Param::new(F, "text")).map_err(js_error)?;
        self.with(F, |s| s.set_comment(&path, &text))
    }
}
