// The engine, off the main thread. The page hands over the rules core already compiled, so the
// worker fetches nothing (it may run from a blob: URL or on another origin).
//
// Messages in:  {type: 'init', module}                                   once, first
//               {type: 'think', id, variant, start, moves, level, movetimeMs}
//                                                   the computer's move after a game's line: its
//                                                   variant, the position code it started from
//                                                   and the moves played since
//               {type: 'analyse', id, variant, start, moves, nodes}
//                                                   full-strength analysis of the position after
//                                                   such a line
// Messages out: {id, ok: true, result, ms} or {id, ok: false, error}, where `result` is the rules
//               core's {best, score, mateIn, scoreText, depth, nodes, pv, side}.
// (engine/ai-client.js declares them: WorkerRequest, WorkerReply.) A message is read as if it
// could hold anything: the rules core checks every value it is given.
import { initSync, think, analyse } from './pkg/bluegray_wasm.js';
import { errorText } from './lib/errors.js';

let ready = false;
/** @type {string|null} */
let initError = null;

self.onmessage = (e) => {
  /** @type {Record<string, unknown>} */
  const msg = typeof e.data === 'object' && e.data !== null ? e.data : {};
  if (msg.type === 'init') {
    try {
      // initSync checks that it is given a compiled module (or its bytes).
      initSync({ module: /** @type {WebAssembly.Module} */ (msg.module) });
      ready = true;
    } catch (err) {
      initError = errorText(err);
    }
    return;
  }
  const { id } = msg;
  if (msg.type !== 'think' && msg.type !== 'analyse') return;
  if (!ready) {
    self.postMessage({ id, ok: false, error: initError || 'the AI worker was not given the rules core' });
    return;
  }
  try {
    const t0 = performance.now();
    const { variant, start } = msg;
    // The rules core takes the moves as one text; anything else is its to refuse.
    const moves = Array.isArray(msg.moves) ? msg.moves.join(' ') : msg.moves;
    const result =
      msg.type === 'think'
        ? think(variant, start, moves, msg.level, Number(msg.movetimeMs) > 0 ? msg.movetimeMs : undefined)
        : analyse(variant, start, moves, Number.isInteger(msg.nodes) && Number(msg.nodes) > 0 ? msg.nodes : undefined);
    self.postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id, ok: false, error: errorText(err) });
  }
};
