//! WebAssembly bindings for Blue and Gray: a thin adapter over `bluegray-core` and
//! `bluegray-engine` for the web page (`index.html`, `www/`).
//!
//! The boundary is narrow and coarse: a `Game` class whose `state()` returns one plain object
//! with everything the page draws from (board, legal moves with their point lists, captain
//! progress, paths, result, record, variations), `fromRecord`/`setTree`/`setComment`/`play`/`legalMove`/`playIndex`/`undo`/`redo`/`end`/`setTag`/`tag`/`setClock`/`clocks`/`record`/`code`
//! (and wasm-bindgen's `free()`), and the free functions `variants()` (the catalogue: variants,
//! rule options, levels with `minLevel`/`maxLevel`, `analysisNodes` and `maxComment`), `think()` (a move at
//! an AI level) and `analyse()` (a deterministic full-strength judgement of a position), used
//! by the AI Web Worker, the lessons' `lessons()`, `lessonJudge()`, `lessonHint()`, the
//! puzzles' `puzzles(set)`, `puzzleJudge()`, `puzzleSolution()`, the board editor's
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
//! object), [`comment`] (a player's comment), [`session`] (a game as the page plays it),
//! [`search`] (the AI entries) and [`catalogue`] (variants, options, levels, analysis budgets,
//! the longest comment). The `#[wasm_bindgen]` wrappers
//! and `js.rs` (the only code that touches JS values) are compiled for `wasm32` only. The API's
//! reference, and what each crate of the boundary (wasm-bindgen, js-sys, web-sys,
//! serde-wasm-bindgen, console_error_panic_hook) does, are in
//! `docs/WASM-API.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// Which export is in which module (Cargo.toml has the table), and the cfg's follow it: `play`
// has `Game` (`game_class`, its variations in `tree`), `variants`, `think` and `analyse`
// (`play_exports`); `teaching` has the lessons, the puzzles, `checkPosition` (`check`) and
// `explorer`. The plain-Rust modules are tested natively, with both.
pub mod args;
pub mod catalogue;
pub mod check;
pub mod comment;
pub mod error;
#[cfg(feature = "teaching")]
pub mod explorer;
pub mod said;
pub mod search;
pub mod session;
#[cfg(feature = "play")]
pub mod tree;
#[cfg(test)]
mod ts;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod js;

#[cfg(all(target_arch = "wasm32", feature = "play"))]
mod clock;
#[cfg(all(target_arch = "wasm32", feature = "play"))]
mod game_class;
#[cfg(all(target_arch = "wasm32", feature = "play"))]
mod play_exports;

#[cfg(feature = "teaching")]
mod lessons;
#[cfg(feature = "teaching")]
mod puzzles;

/// Every module's allocator (Cargo.toml says why this one). Locked, not assumed single-threaded:
/// that would take `unsafe`, and the lock costs nothing measurable.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::LockedAllocator<lol_alloc::FreeListAllocator> =
    lol_alloc::LockedAllocator::new(lol_alloc::FreeListAllocator::new());

// What every module has: the panic hook.
#[cfg(target_arch = "wasm32")]
mod wasm {
    use wasm_bindgen::prelude::*;

    /// Installs the panic hook so that a Rust panic (a bug) is logged with its message.
    #[wasm_bindgen(start)]
    pub fn start() {
        console_error_panic_hook::set_once();
    }
}
