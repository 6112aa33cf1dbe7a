// The "Recent games" box under the panel's buttons: the games kept in this browser (storage.js),
// newest first, each with its rules, players (a friend by their name, when they gave one), length,
// result and when it last changed (the summary games.js keeps), a button that reopens it and one
// that deletes it, the count beside the box's title, and the list following other tabs. The game on the board is marked and
// cannot be deleted from here.
import { el, setIfChanged } from '../lib/dom.js';
import { isRemote, SIDES } from '../lib/settings.js';
import { Games } from './games.js';
import { isName } from '../lib/player-name.js';
/** @import { PageContext } from './context.js' */
/** @import { PageState } from './page-state.js' */
/** @import { GameRequest } from './doors.js' */
/** @import { Catalogue, GameState, Result, Side } from '../core/core-types.js' */
/** @import { GameEntry } from './storage.js' */
/** @import { Message } from '../lib/i18n.js' */

/**
 * A summary as the list reads it back from storage, which may hold anything: each part as
 * summarise wrote it, or null where storage holds something else (the variant as it is:
 * variantMessage reads it).
 * @typedef {{variant: unknown, mode: string|null, side: string|null, level: number|null, seat: string|null, turn: string|null, moves: number|null, result: string|null, reason: string|null, clock: string|null, opponent: string|null}} StoredSummary
 */

/**
 * The summary `s` of a list entry, read back.
 * @param {Record<string, unknown>} s
 * @returns {StoredSummary}
 */
function readSummary(s) {
  /** @param {unknown} x */
  const text = (x) => (typeof x === 'string' ? x : null);
  /** @param {unknown} x */
  const number = (x) => (typeof x === 'number' ? x : null);
  return {
    variant: s.variant,
    mode: text(s.mode),
    side: text(s.side),
    level: number(s.level),
    seat: text(s.seat),
    turn: text(s.turn),
    moves: number(s.moves),
    result: text(s.result),
    reason: text(s.reason),
    clock: text(s.clock),
    // The friend's name as storage has it: shown only when it is one under the rules.
    opponent: isName(s.opponent) && s.opponent ? /** @type {string} */ (s.opponent) : null,
  };
}

/**
 * Whether `x` is a side (a seat of a summary may also be 'watch', or junk from storage).
 * @param {unknown} x
 * @returns {x is Side}
 */
function isSide(x) {
  return /** @type {readonly unknown[]} */ (SIDES).includes(x);
}

/**
 * Who plays a summarised game, as a message.
 * @param {StoredSummary} s
 * @returns {Message}
 */
function playersMessage(s) {
  if (s.mode === 'ai') return { key: 'recent.players.ai', params: { side: s.side, level: s.level, name: { key: `level.${s.level}` } } };
  if (s.mode === 'demo') return { key: 'recent.players.demo' };
  if (s.mode === 'view') return { key: 'recent.players.view' };
  if (s.mode === 'analysis') return { key: 'recent.players.analysis' };
  if (s.mode !== null && isRemote(s.mode)) {
    const as = isSide(s.seat) ? 'seat' : 'watch';
    return { key: `recent.players.${s.mode}.${as}`, params: { side: s.seat } };
  }
  return { key: 'recent.players.two' };
}

/**
 * How a summarised game in progress stands: against a friend, whose turn it is.
 * @param {StoredSummary} s
 * @returns {Message}
 */
function progressMessage(s) {
  if (s.mode !== null && isRemote(s.mode) && s.turn && isSide(s.seat)) {
    return s.turn === s.seat ? { key: 'recent.yourMove' } : { key: 'recent.waitingFor', params: { side: s.turn } };
  }
  return { key: 'recent.inProgress' };
}

/** The endings by the players' word, which the list names (docs/RULES.md §5.1). */
const BY_PLAYERS = ['resignation', 'agreement', 'aborted', 'time', 'abandoned'];

/**
 * The result of a summarised finished game, as a message: its token, and how the players ended it.
 * @param {StoredSummary} s
 * @returns {Message}
 */
function resultMessage(s) {
  const how = s.reason !== null && BY_PLAYERS.includes(s.reason) ? s.reason : null;
  return { key: how ? `recent.ended.${how}` : 'recent.result', params: { result: s.result } };
}

/**
 * The rules of a summarised game, as a message: a named variant's name, or the spec itself.
 * @param {Catalogue|null} catalogue
 * @param {unknown} spec
 * @returns {Message}
 */
function variantMessage(catalogue, spec) {
  const name = typeof spec === 'string' ? spec.split(',')[0] : '';
  const named = catalogue && catalogue.variants.some((v) => v.name === name);
  if (named && spec === name) return { key: `variantName.${name}` };
  return { text: String(spec ?? '') };
}

/**
 * The units a time ago is said in, largest first, with their length in seconds.
 * @type {readonly [Intl.RelativeTimeFormatUnit, number][]}
 */
const UNITS = [
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "5 minutes ago" in `lang`, for a time `then` before `now` (both in ms).
 * @param {string} lang
 * @param {number} then
 * @param {number} now
 * @returns {string}
 */
export function ago(lang, then, now) {
  const seconds = Math.round((then - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}

/**
 * Draws the list into `list` (an <ol>): `entries` from storage.js, `current` the id of the game
 * on the board, `say(message)` says a message, `lang` the page's language. Buttons carry
 * `data-open` and `data-delete` with the game's id.
 * @param {HTMLElement} list
 * @param {GameEntry[]} entries
 * @param {{current: string|null, catalogue: Catalogue|null, say: (message: Message) => string, lang: string, now?: number}} options
 */
export function renderRecent(list, entries, { current, catalogue, say, lang, now = Date.now() }) {
  const rows = entries.map((e) => {
    const s = readSummary(e.summary || {});
    const parts = [
      say(variantMessage(catalogue, s.variant)),
      say(playersMessage(s)),
      s.opponent ? say({ key: 'recent.vs', params: { name: s.opponent } }) : null,
      s.clock ? say({ key: 'recent.clock', params: { clock: s.clock } }) : null,
      Number.isInteger(s.moves) ? say({ key: 'recent.moves', params: { n: s.moves } }) : null,
      say(s.result ? resultMessage(s) : progressMessage(s)),
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
      const del = /** @type {HTMLButtonElement} */ (el('button', {
        type: 'button',
        class: 'recent-delete',
        'data-delete': r.id,
        'aria-label': say({ key: 'recent.delete', params: { game: r.text } }),
        title: say({ key: r.here ? 'recent.onBoard' : 'recent.deleteTitle' }),
        text: '×',
      }));
      del.disabled = r.here;
      return el('li', { class: r.here ? 'here' : '' }, [open, del]);
    }),
  );
  if (!rows.length) list.replaceChildren(el('li', { class: 'recent-none', text: say({ key: 'recent.none' }) }));
}

/**
 * @param {PageContext} ctx
 * @param {{games: Games, start: (request: GameRequest) => unknown}} parts the kept games, and the page's door
 */
export function recentBox(ctx, { games, start }) {
  const { $, board } = ctx;
  /**
   * Deletes kept game `id`, once the player says so.
   * @param {string} id
   */
  function deleteKept(id) {
    const page = ctx.page();
    if (!page.recent.some((e) => e.id === id) || id === page.gameId) return;
    if (!confirm(ctx.t('recent.confirmDelete'))) return;
    games.remove(id, page.gameId);
    ctx.update((p) => ({ ...p, recent: games.list() }));
  }

  function wire() {
    $('recent-list').addEventListener('click', (e) => {
      const target = /** @type {HTMLElement} */ (e.target);
      const open = target.closest('[data-open]');
      const del = target.closest('[data-delete]');
      if (open instanceof HTMLElement && open.dataset.open && open.dataset.open !== ctx.page().gameId) start({ from: 'recent', kept: open.dataset.open });
      else if (del instanceof HTMLElement && del.dataset.delete) deleteKept(del.dataset.delete);
    });
    // Another tab kept, changed or deleted a game: the list follows (this tab's own game is never
    // written over: a change made elsewhere turns this tab's next save into a game of its own).
    window.addEventListener('storage', (e) => {
      if (Games.listChanged(e)) ctx.update((p) => ({ ...p, recent: games.list() }));
    });
  }

  /**
   * Draws the box from the page state.
   * @param {PageState} page
   */
  function render(page) {
    setIfChanged($('recent-summary'), 'textContent', ctx.say({ key: 'recent.title', params: { n: page.recent.length } }));
    renderRecent($('recent-list'), page.recent, { current: page.gameId, catalogue: board.catalogue, say: ctx.say, lang: page.lang });
  }

  return { wire, render };
}
