// The AI runs here, off the main thread, on the same wasm module as the page.
// Request:  {id, record, variant, level, movetimeMs}
// Reply:    {id, ok: true, result: {best, score, scoreText, mateIn, depth, nodes, pv, side}, ms}
//        or {id, ok: false, error}
import init, { think } from './pkg/bluegray_wasm.js';

const ready = init();

self.onmessage = async (e) => {
  const { id, record, variant, level, movetimeMs, warmup } = e.data || {};
  try {
    await ready;
    if (warmup) return; // loads the wasm ahead of the first search

    const t0 = performance.now();
    const result = think(String(record ?? ''), String(variant ?? ''), level | 0, movetimeMs > 0 ? movetimeMs : undefined);
    self.postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String((err && err.message) || err) });
  }
};
