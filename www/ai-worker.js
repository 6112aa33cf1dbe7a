// The computer's thinking, off the main thread. The page hands over the rules core already
// compiled, so the worker fetches nothing (it may run from a blob: URL or on another origin).
//
// Messages in:  {type: 'init', module}                                   once, first
//               {type: 'think', id, record, variant, level, movetimeMs}  one search
//               {type: 'review', id, record, level}                      a search of every position
// Messages out: {id, ok: true, result, ms} or {id, ok: false, error}, and for a review, before
//               its result, {id, progress: {ply, total, entry}} after each position.
//   think result:  {best, score, scoreText, mateIn, depth, nodes, pv, side}
//   review result: {entries: [{ply, code, side, played, best, score, scoreText, mateIn, pv}]},
//                  one per position from the start to the end (score: for the side to move;
//                  the last position of a finished game has no search and no best move).
import { initSync, think, Game } from './pkg/bluegray_wasm.js';

let ready = false;
let initError = null;

/** A search of `code` of `variant`, as one review entry. */
function reviewEntry(ply, code, variant, level, played, side) {
  const r = think(code, variant, level, undefined);
  return { ply, code, side, played, best: r.best, score: r.score, scoreText: r.scoreText, mateIn: r.mateIn, pv: r.pv };
}

function review(id, record, level) {
  const game = Game.fromRecord(record);
  try {
    const st = game.state();
    const { history, variant } = st;
    while (game.undo()) {
      /* back to the start */
    }
    const entries = [];
    for (let ply = 0; ply <= history.length; ply++) {
      const s = ply === history.length ? st : game.state();
      const entry = s.result
        ? { ply, code: s.code, side: s.side, played: null, best: null, score: null, result: s.result }
        : reviewEntry(ply, s.code, variant, level, history[ply] ?? null, s.side);
      entries.push(entry);
      self.postMessage({ id, progress: { ply, total: history.length, entry } });
      if (ply < history.length) game.redo();
    }
    return { entries };
  } finally {
    game.free();
  }
}

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
  const { id } = msg;
  if (msg.type !== 'think' && msg.type !== 'review') return;
  if (!ready) {
    self.postMessage({ id, ok: false, error: initError || 'the AI worker was not given the rules core' });
    return;
  }
  try {
    const t0 = performance.now();
    const result =
      msg.type === 'think'
        ? think(String(msg.record ?? ''), String(msg.variant ?? ''), msg.level, msg.movetimeMs > 0 ? msg.movetimeMs : undefined)
        : review(id, String(msg.record ?? ''), msg.level);
    self.postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String((err && err.message) || err) });
  }
};
