
// ---- crates/bluegray-wasm/js/game-guard.js, appended by scripts/build-web.sh ----
// Runs in the module scope of wasm-bindgen's glue, where `Game`, `GameFinalization` and `wasm`
// are defined.
//
// wasm-bindgen passes `this.__wbg_ptr` to wasm and checks it there: after free() it is 0 and
// wasm throws. A JS exception thrown from inside wasm skips the code that restores wasm's stack
// pointer, so each such call leaks some of the wasm stack until every call traps; and a `this`
// that is not a Game (or a Proxy that lies about `__wbg_ptr`) could hand wasm any number. So
// the guard keeps each Game's pointer itself, from the moment the glue registers the Game for
// finalization, and every method checks its `this` in JS before anything reaches wasm:
// - a freed Game throws an Error with code `freed`; a second free() does nothing;
// - anything that is not a Game throws an Error with code `bad-argument`;
// - the method then runs on the pointer kept here, never on a `__wbg_ptr` read from `this`.
// free() releases the Game's memory at once, or, when called from inside one of the game's own
// methods (only JS run by the binding, such as a replaced built-in, can do that), as soon as
// that method returns. The codes are documented in crates/bluegray-wasm/src/error.rs.
{
  const { apply, defineProperty, getOwnPropertyDescriptor, ownKeys } = Reflect;
  const ErrorClass = Error;
  const pointers = new WeakMap();
  const { get: pointerGet, set: pointerSet } = WeakMap.prototype;
  const pointerOf = (game) => apply(pointerGet, pointers, [game]);
  const setPointer = (game, ptr) => apply(pointerSet, pointers, [game, ptr]);

  // Defines a plain data property without running setters of Object.prototype.
  const plain = (value) => ({ __proto__: null, value, writable: true, enumerable: false, configurable: true });
  const failure = (code, message) => {
    const e = new ErrorClass(message);
    defineProperty(e, 'code', { __proto__: null, value: code, writable: true, enumerable: true, configurable: true });
    return e;
  };
  // The live pointer of `self`, or throws; `undefined` for a freed Game when `freedOk`.
  const livePointer = (self, name, freedOk) => {
    let ptr;
    try {
      ptr = (typeof self === 'object' || typeof self === 'function') && self !== null ? pointerOf(self) : undefined;
    } catch {
      ptr = undefined;
    }
    if (ptr === 0) {
      if (freedOk) return undefined;
      throw failure('freed', `Game.${name}: this Game was freed (its free() was called)`);
    }
    if (typeof ptr !== 'number') throw failure('bad-argument', `Game.${name}: called on something that is not a Game`);
    return ptr;
  };

  const registry = GameFinalization;
  const { register, unregister } = registry;
  defineProperty(registry, 'register', plain(function (game, ptr, token) {
    setPointer(game, ptr);
    return apply(register, registry, [game, ptr, token]);
  }));

  const proto = Game.prototype;
  for (const name of ownKeys(proto)) {
    const d = getOwnPropertyDescriptor(proto, name);
    if (typeof name !== 'string' || name === 'constructor' || name === 'free' || name.startsWith('__')) continue;
    if (typeof d.value !== 'function') continue;
    const method = d.value;
    const guarded = {
      [name](...args) {
        const ptr = livePointer(this, name, false);
        // The glue's method reads only `__wbg_ptr` of its `this`: it gets the kept pointer.
        return apply(method, { __proto__: null, __wbg_ptr: ptr }, args);
      },
    }[name];
    defineProperty(proto, name, { __proto__: null, ...d, value: guarded });
  }

  const free = function free() {
    const ptr = livePointer(this, 'free', true);
    if (ptr === undefined) return;
    setPointer(this, 0);
    apply(unregister, registry, [this]);
    try {
      this.__wbg_ptr = 0;
    } catch {
      // A frozen Game keeps its stale field; the guard never reads it.
    }
    // 1: should a method of this game be running, the memory goes when it returns.
    wasm.__wbg_game_free(ptr, 1);
  };
  defineProperty(proto, 'free', plain(free));
  if (typeof Symbol.dispose === 'symbol') defineProperty(proto, Symbol.dispose, plain(free));
}
