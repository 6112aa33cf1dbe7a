// The "Recent games" view: the games kept in this browser (storage.js), newest first, each with
// its rules, players, length, result and when it last changed, a button that reopens it and one
// that deletes it. The game on the board is marked and cannot be deleted from here.
import { el } from '../lib/dom.js';
import { setIfChanged } from '../lib/dom.js';
import { lastMoveNumber } from '../lib/moves.js';
import { isRemote, SIDES } from '../lib/settings.js';

/** A game's summary for the list, from its settings and the rules core's state. */
export function summarise(settings, gs) {
  return {
    variant: gs ? gs.variant : settings.variant,
    mode: settings.mode,
    side: settings.side,
    level: settings.level,
    plies: gs ? gs.history.length : null,
    // Against a friend elsewhere: the game's id, this device's seat and whose turn it is.
    gameId: settings.gameId || null,
    seat: settings.seat || null,
    turn: gs && !gs.result ? gs.side : null,
    // Said in moves, as the move list and the game-over panel count them.
    moves: gs ? lastMoveNumber(gs) ?? 0 : null,
    result: gs && gs.result ? gs.result.token : null,
  };
}

/** Who plays a summarised game, as a message. */
function playersMessage(s) {
  if (s.mode === 'ai') return { key: 'recent.players.ai', params: { side: s.side, level: s.level, name: { key: `level.${s.level}` } } };
  if (s.mode === 'demo') return { key: 'recent.players.demo' };
  if (s.mode === 'view') return { key: 'recent.players.view' };
  if (isRemote(s.mode)) {
    const as = SIDES.includes(s.seat) ? 'seat' : 'watch';
    return { key: `recent.players.${s.mode}.${as}`, params: { side: s.seat } };
  }
  return { key: 'recent.players.two' };
}

/** How a summarised game in progress stands: against a friend, whose turn it is. */
function progressMessage(s) {
  if (isRemote(s.mode) && s.turn && SIDES.includes(s.seat)) {
    return s.turn === s.seat ? { key: 'recent.yourMove' } : { key: 'recent.waitingFor', params: { side: s.turn } };
  }
  return { key: 'recent.inProgress' };
}

/** The rules of a summarised game, as a message: a named variant's name, or the spec itself. */
function variantMessage(catalogue, spec) {
  const name = typeof spec === 'string' ? spec.split(',')[0] : '';
  const named = catalogue && catalogue.variants.some((v) => v.name === name);
  if (named && spec === name) return { key: `variantName.${name}` };
  return { text: String(spec ?? '') };
}

/** "5 minutes ago" in `lang`, for a time `ms` before `now`. */
export function ago(lang, then, now) {
  const seconds = Math.round((then - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ]) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}

/**
 * Draws the list into `list` (an <ol>): `entries` from storage.js, `current` the id of the game
 * on the board, `say(message)` says a message, `lang` the page's language. Buttons carry
 * `data-open` and `data-delete` with the game's id.
 */
export function renderRecent(list, entries, { current, catalogue, say, lang, now = Date.now() }) {
  const rows = entries.map((e) => {
    const s = e.summary || {};
    const parts = [
      say(variantMessage(catalogue, s.variant)),
      say(playersMessage(s)),
      Number.isInteger(s.moves) ? say({ key: 'recent.moves', params: { n: s.moves } }) : null,
      say(s.result ? { key: 'recent.result', params: { result: s.result } } : progressMessage(s)),
      ago(lang, e.updated, now),
    ].filter(Boolean);
    return { id: e.id, text: parts.join(' · '), here: e.id === current };
  });
  const key = JSON.stringify([rows, say({ key: 'recent.open' })]);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(
    ...rows.map((r) => {
      const open = el('button', { type: 'button', class: 'recent-open', 'data-open': r.id, text: r.text });
      if (r.here) open.setAttribute('aria-current', 'true');
      const del = el('button', {
        type: 'button',
        class: 'recent-delete',
        'data-delete': r.id,
        'aria-label': say({ key: 'recent.delete', params: { game: r.text } }),
        title: say({ key: r.here ? 'recent.onBoard' : 'recent.deleteTitle' }),
        text: '×',
      });
      del.disabled = r.here;
      return el('li', { class: r.here ? 'here' : '' }, [open, del]);
    }),
  );
  if (!rows.length) list.replaceChildren(el('li', { class: 'recent-none', text: say({ key: 'recent.none' }) }));
}

/** Keeps the count shown beside the view's title. */
export function renderRecentCount(summary, n, say) {
  setIfChanged(summary, 'textContent', say({ key: 'recent.title', params: { n } }));
}
