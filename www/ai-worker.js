// The computer's thinking, off the main thread. The page hands over the rules core already
// compiled, so the worker fetches nothing (it may run from a blob: URL or on another origin).
//
// Messages in:  {type: 'init', module}                          once, first
//               {type: 'think', id, record, variant, level, movetimeMs}
// Messages out: {id, ok: true, result: {best, score, scoreText, mateIn, depth, nodes, pv, side}, ms}
//            or {id, ok: false, error}
import { initSync, think } from './pkg/bluegray_wasm.js';

let ready = false;
let initError = null;

self.onmessage = (e) => {
  const msg = e.data || {};
  if (msg.type === 'init') {
    try {
      initSync({ module: msg.module });
      ready = true;
    } catch (err) {
      initError = String((err && err.message) || err);
    }
    return;
  }
  if (msg.type !== 'think') return;
  const { id, record, variant, level, movetimeMs } = msg;
  if (!ready) {
    self.postMessage({ id, ok: false, error: initError || 'the AI worker was not given the rules core' });
    return;
  }
  try {
    const t0 = performance.now();
    const result = think(String(record ?? ''), String(variant ?? ''), level, movetimeMs > 0 ? movetimeMs : undefined);
    self.postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String((err && err.message) || err) });
  }
};
