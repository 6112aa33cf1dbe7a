//! The host's clock and the seed of the weaker levels' noise, for `think` (the play module
//! only): `performance.now()` of whichever global scope runs the module (a window, a worker, or
//! node), read through web-sys's `Performance`, else `Date.now()`, and `Math.random()` mixed with
//! a count of calls and the clock. Like every import of `js.rs`, each call here catches and
//! answers a plain `JsValue`, so that a page that replaced a built-in cannot throw into wasm.

use std::cell::Cell;

use bluegray_core::rng::mix;
use bluegray_engine::Clock;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Performance;

#[wasm_bindgen]
extern "C" {
    // js-sys's `Math::random` and `Date::now` neither catch nor answer a plain `JsValue` (wasm
    // would convert a replacement's answer after the call: `valueOf` again).
    #[wasm_bindgen(catch, js_namespace = Math, js_name = random)]
    fn math_random() -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Date, js_name = now)]
    fn date_now() -> Result<JsValue, JsValue>;
    // web-sys reads `performance` as an attribute of a `Window` or a `WorkerGlobalScope`
    // instance, without catching a getter that throws (a page may make it one), and finding
    // that instance takes js-sys's `global()`, whose lookups of `self` and `window` do not catch
    // either: this reads `globalThis.performance` of whichever scope runs the module, caught.
    type GlobalScope;
    #[wasm_bindgen(catch, static_method_of = GlobalScope, js_class = "globalThis", getter)]
    fn performance() -> Result<Performance, JsValue>;
    // web-sys's `Performance::now` neither catches nor answers a plain `JsValue`, and a method
    // can be bound only on a type of this crate: `Timing` is web-sys's `Performance` with a
    // `now` that does. Called as a method of whatever the global `performance` is, as a page's
    // own `performance.now()` is.
    #[wasm_bindgen(extends = Performance)]
    type Timing;
    #[wasm_bindgen(catch, method)]
    fn now(this: &Timing) -> Result<JsValue, JsValue>;
}

/// `performance.now()` of the global scope (a window, a worker, or node), else `Date.now()`.
/// When neither answers with a number (replaced by a page), the time is infinite: a search with
/// a time budget then stops after its first iteration rather than never.
pub(crate) struct JsClock;

impl Clock for JsClock {
    fn now_ms(&self) -> f64 {
        let reading = |r: Result<JsValue, JsValue>| r.ok()?.as_f64().filter(|t| t.is_finite());
        let performance = GlobalScope::performance().ok().filter(|p| p.is_object());
        performance
            .and_then(|p| reading(p.unchecked_into::<Timing>().now()))
            .or_else(|| reading(date_now()))
            .unwrap_or(f64::INFINITY)
    }
}

/// A seed for the weaker levels' noise, different at every call: `Math.random()` mixed with a
/// count of calls and the clock, so that a `Math.random` that throws or answers nonsense only
/// takes its share away.
pub(crate) fn seed() -> u64 {
    thread_local! {
        static CALLS: Cell<u64> = const { Cell::new(0) };
    }
    let calls = CALLS.with(|c| {
        let n = c.get().wrapping_add(1);
        c.set(n);
        n
    });
    let random = math_random()
        .ok()
        .and_then(|v| v.as_f64())
        .filter(|r| (0.0..1.0).contains(r))
        // 53 bits: every bit of a double in [0, 1).
        .map_or(0, |r| (r * 9_007_199_254_740_992.0) as u64);
    mix(mix(calls ^ JsClock.now_ms().to_bits()) ^ random)
}
