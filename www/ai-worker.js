// The engine, off the main thread. The page hands over the rules core already compiled, so the
// worker fetches nothing (it may run from a blob: URL or on another origin).
//
// Messages in:  {type: 'init', module}                                   once, first
//               {type: 'think', id, record, variant, level, movetimeMs}  the computer's move
//               {type: 'analyse', id, record, ply, nodes}                full-strength analysis of
//                                                                        the position after `ply`
//                                                                        moves of `record`
// Messages out: {id, ok: true, result, ms} or {id, ok: false, error}, where `result` is the rules
//               core's {best, score, mateIn, scoreText, depth, nodes, pv, side}.
// (engine/ai-client.js declares them: WorkerRequest, WorkerReply.) A message is read as if it
// could hold anything: the rules core checks every value it is given.
import { initSync, think, analyse, Game } from './pkg/bluegray_wasm.js';
import { errorText } from './lib/errors.js';

let ready = false;
/** @type {string|null} */
let initError = null;

/**
 * The analysis of the position after `ply` moves of `record` (the moves that led there included).
 * @param {string} record
 * @param {unknown} ply
 * @param {unknown} nodes
 * @returns {unknown}
 */
function analysePly(record, ply, nodes) {
  const game = Game.fromRecord(record);
  try {
    let n = game.state().history.length;
    while (n > Number(ply) && game.undo()) n--;
    return analyse(game.record(), '', Number.isInteger(nodes) && Number(nodes) > 0 ? nodes : undefined);
  } finally {
    game.free();
  }
}

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
    const result =
      msg.type === 'think'
        ? think(String(msg.record ?? ''), String(msg.variant ?? ''), msg.level, Number(msg.movetimeMs) > 0 ? msg.movetimeMs : undefined)
        : analysePly(String(msg.record ?? ''), msg.ply, msg.nodes);
    self.postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id, ok: false, error: errorText(err) });
  }
};
