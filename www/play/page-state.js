// The page's own state, declared once with its defaults, beside the board's (state.js): the
// reader's preferences, the page's messages, the hint line, the review, and where the game came
// from. Every control of the panel is drawn from this state and changes it through the
// functions below; none is read back as state. What the panel shows about the game is derived
// here from the board's current game, so nothing is left over from an earlier position.
import { isRemote } from '../lib/settings.js';
import { readSettings } from '../lib/setting-reader.js';
/** @import { GameState, PerSide, Result, SearchResult, Side } from '../core/core-types.js' */
/** @import { GameEntry, SaveOutcome } from './storage.js' */
/** @import { Message } from '../lib/i18n.js' */

/** @import { ReviewEntry, Mark, MarkedMove } from '../engine/evaluation.js' */
/** @import { MarkCount } from '../engine/mistakes.js' */

/** The strongest computer level at which the jump warning is on unless the reader chose. */
export const WARN_UP_TO_LEVEL = 3;

/**
 * The reader's preferences, as kept across visits (storage.js); defaultPrefs says each.
 * @typedef {{
 *   lang: string|null,
 *   theme: 'wood'|'dark'|'contrast'|null,
 *   muted: boolean,
 *   warn: boolean|null,
 *   showEval: boolean,
 *   showLine: boolean,
 *   relay: string|null,
 * }} Prefs
 */

/**
 * The reader's preferences, as kept across visits (storage.js), before any is chosen.
 * @returns {Prefs}
 */
export function defaultPrefs() {
  return {
    /** The page's language, or null: the browser's. */
    lang: null,
    /** 'wood', 'dark' or 'contrast', or null: dark where the system prefers it, else wood. */
    theme: null,
    /** Sounds off. */
    muted: false,
    /** The jump warning on or off, or null: on against the weaker levels and two people. */
    warn: null,
    /** The evaluation bar and its sentence. */
    showEval: false,
    /** The engine's best line under the evaluation. */
    showLine: false,
    /** The relay for live games (a WebSocket address), or null: live games are offered only with one. */
    relay: null,
  };
}

/**
 * A message of the page, and with `game` the game line it is about (gameKey).
 * @typedef {Message & {game?: string}} Notice
 */

/**
 * A review of the game line `key` (gameKey): `total` positions, the `entries` analysed so far,
 * whether it runs, what stopped it, and once done the marks, the turning points, each side's
 * accuracy and the count of each mark.
 * @typedef {{
 *   key: string,
 *   total: number,
 *   entries: ReviewEntry[],
 *   running: boolean,
 *   error: Message|null,
 *   marks: MarkedMove[]|null,
 *   points: MarkedMove[],
 *   accuracy?: PerSide<number|null>,
 *   counts?: PerSide<MarkCount>,
 * }} Review
 */

/**
 * The page's own state; defaultPageState says each part.
 * @typedef {{
 *   lang: string,
 *   prefs: Prefs,
 *   notice: Notice|null,
 *   hint: {key: string, message: Message}|null,
 *   evaluation: {key: string, result: SearchResult}|null,
 *   review: Review|null,
 *   gameId: string|null,
 *   recent: GameEntry[],
 *   saving: 'ok'|'failed'|'too-large'|'full',
 *   started: boolean,
 *   updateReady: boolean,
 *   relay: string|null,
 *   siteRelay: string|null,
 *   confirming: {ending: 'resign'|'draw'|'abort', game: string}|null,
 *   analysing: {variant: string, start: string}|null,
 * }} PageState
 */

/**
 * The whole page state before the page has started.
 * @returns {PageState}
 */
export function defaultPageState() {
  return {
    /** The language the page speaks now. */
    lang: 'en',
    /** The reader's preferences (defaultPrefs). */
    prefs: defaultPrefs(),
    /**
     * A message of the page ({key, params} or {text}): a bad link, a file that could not be
     * opened, a link copied. With `game`, the game line it is about (gameKey): it goes when
     * that game does.
     */
    notice: null,
    /** The hint line: {key (the position's analysis key), message}, shown for that position only. */
    hint: null,
    /** The engine's judgement of a position: {key (its analysis key), result}, shown for that position only. */
    evaluation: null,
    /**
     * The review: {key (gameKey of the game reviewed), total (positions), entries (analysed so
     * far), running, error (a message), marks, points, and once done accuracy and counts}
     * (evaluation.js, mistakes.js), or null.
     */
    review: null,
    /** The id of the game on the board among the kept games (storage.js), or null: not kept yet. */
    gameId: null,
    /** The kept games, newest first (storage.js `list()`), for the Recent games view. */
    recent: [],
    /**
     * How saving the game goes: 'ok', 'failed' (storage full or refused), 'too-large', or 'full'
     * (every kept game is in progress: this one is kept once the player deletes one).
     */
    saving: 'ok',
    /** The page has started (the board is ready and the panel filled). */
    started: false,
    /** A new version of the page is installed and waits for the player's word to take over. */
    updateReady: false,
    /** The relay the address names (`relay=`), which goes before the reader's own, or null. */
    relay: null,
    /**
     * The relay the site's host set for every visitor (`siteRelay`: the page's
     * `<meta name="bluegray-relay">`, which `build-dist.mjs --relay` writes), or null. The
     * reader's own and an address's go before it.
     */
    siteRelay: null,
    /**
     * The ending by the player's word that waits for their yes (play/endings.js), with the game
     * line it is about (gameKey): another line on the board drops the question. Or null.
     */
    confirming: null,
    /**
     * The game the board editor opened for analysis ("Analyse"), by its rules and start (a
     * position code): while a game from there is on the board, it offers no ending by the
     * players' word (analysingGame); its evaluation and best line follow the reader's boxes as
     * any game's do. Or null.
     */
    analysing: null,
  };
}

/**
 * Which of the engine's judgements the page shows: those the reader's two boxes ask for (Show
 * evaluation, Show the best line), and nothing else, a game opened for analysis included.
 * @param {PageState} p
 * @returns {{showEval: boolean, showLine: boolean}}
 */
export function adviceShown(p) {
  return { showEval: p.prefs.showEval, showLine: p.prefs.showLine };
}

/**
 * Whether the game on the board (`gs`) is one the board editor opened for analysis (the page
 * state's `analysing`): nobody plays it to a result, so it offers no Resign, draw or Abort.
 * @param {PageState} p
 * @param {GameState|null|undefined} gs
 */
export function analysingGame(p, gs) {
  const a = p.analysing;
  return !!a && !!gs && gs.variant === a.variant && gs.start === a.start;
}

/**
 * The reader's preferences from what storage kept (anything unreadable is left at its default).
 * @param {unknown} stored
 * @returns {Prefs}
 */
export function prefsFrom(stored) {
  const prefs = defaultPrefs();
  if (!stored || typeof stored !== 'object') return prefs;
  const kept = /** @type {Record<string, unknown>} */ (stored);
  const { settings } = readSettings({ lang: kept.lang, theme: kept.theme, relay: kept.relay }, ['lang', 'theme', 'relay']);
  // What readSettings gives has passed its checks: a language tag, a theme, a WebSocket address.
  const valid = /** @type {{lang?: string, theme?: Prefs['theme'], relay?: string}} */ (settings);
  if (valid.lang) prefs.lang = valid.lang;
  if (valid.theme) prefs.theme = valid.theme;
  if (valid.relay) prefs.relay = valid.relay;
  for (const k of /** @type {const} */ (['muted', 'warn', 'showEval', 'showLine'])) {
    const value = kept[k];
    if (typeof value === 'boolean') prefs[k] = value;
  }
  return prefs;
}

/**
 * The page with preference `name` set to `value`.
 * @template {keyof Prefs} K
 * @param {PageState} p
 * @param {K} name
 * @param {Prefs[K]} value
 * @returns {PageState}
 */
export function withPref(p, name, value) {
  return { ...p, prefs: { ...p.prefs, [name]: value } };
}

/**
 * The theme in force: the reader's, else the system's.
 * @param {Prefs} prefs
 * @param {boolean} systemPrefersDark
 * @returns {'wood'|'dark'|'contrast'}
 */
export function themeOf(prefs, systemPrefersDark) {
  return prefs.theme || (systemPrefersDark ? 'dark' : 'wood');
}

/**
 * The relay live games go through: the address's, else the reader's, else the site's, or null
 * (no live games).
 * @param {PageState} p
 * @returns {string|null}
 */
export function relayOf(p) {
  return p.relay || p.prefs.relay || p.siteRelay || null;
}

/**
 * The relay a page's host set for every visitor of the site: the `<meta name="bluegray-relay">`
 * of `doc` (written by `build-dist.mjs --relay`), if it is a WebSocket address; else null.
 * @param {Document} doc
 * @returns {string|null}
 */
export function siteRelay(doc) {
  const meta = doc.querySelector('meta[name="bluegray-relay"]');
  const { settings } = readSettings({ relay: meta?.getAttribute('content') ?? '' }, ['relay']);
  return typeof settings.relay === 'string' ? settings.relay : null;
}

/**
 * Whether the jump warning is on: as chosen, else against the weaker levels and two people.
 * @param {Prefs} prefs
 * @param {{mode: string, level: number}} settings the board's
 * @returns {boolean}
 */
export function warnOn(prefs, settings) {
  if (typeof prefs.warn === 'boolean') return prefs.warn;
  return settings.mode === 'two' || (settings.mode === 'ai' && settings.level <= WARN_UP_TO_LEVEL);
}

/**
 * Which game line a review or a notice is about: the variant, the start and every move played.
 * Moves taken back or tags written do not change it; a move played does.
 * @param {GameState} gs
 * @returns {string}
 */
export function gameKey(gs) {
  return [gs.variant, gs.start ?? '', ...gs.history].join(' ');
}

/**
 * The jump warning for the game `gs` as it stands, or null: a person's guard that the side to
 * move can jump now, and from where (from the rules core's legal moves). Only while a person
 * waits for the other side (the computer, or the other person) and the board shows the game.
 * @param {GameState|null} gs
 * @param {{mode: string, side: Side}} settings the board's
 * @param {boolean} viewing the board shows an earlier position
 * @returns {Message|null}
 */
export function jumpWarning(gs, settings, viewing) {
  if (!gs || gs.result || viewing) return null;
  const seated = settings.mode === 'ai' || isRemote(settings.mode);
  const waiting = settings.mode === 'two' || (seated && gs.side !== settings.side);
  if (!waiting) return null;
  const threat = gs.moves.find((m) => m.kind === 'capture');
  if (!threat) return null;
  return { key: 'warn.jumpable', params: { point: threat.captured[0], from: threat.points[0] } };
}

/**
 * The page's notice while it holds: one about a game goes when the board shows another.
 * @param {PageState} p
 * @param {GameState|null} gs
 * @returns {Notice|null}
 */
export function currentNotice(p, gs) {
  const n = p.notice;
  if (!n) return null;
  if (n.game !== undefined && (!gs || n.game !== gameKey(gs))) return null;
  return n;
}

/**
 * The page after a save (storage.js's outcome `r`) of the game line `game` (gameKey): the
 * saving status, and a notice about that line when saving works again after failing or when
 * another tab had changed this game (kept apart).
 * @param {PageState} p
 * @param {SaveOutcome|null} r
 * @param {string} game
 * @returns {PageState}
 */
export function afterSave(p, r, game) {
  if (!r || r.status === 'unchanged') return p;
  if (r.status === 'failed') return { ...p, saving: 'failed' };
  if (r.status === 'too-large') return { ...p, saving: 'too-large' };
  if (r.status === 'full') return { ...p, saving: 'full' };
  if (r.forked) return { ...p, saving: 'ok', notice: { key: 'notice.forked', game } };
  if (p.saving === 'failed') return { ...p, saving: 'ok', notice: { key: 'notice.savingAgain', game } };
  return p.saving === 'ok' ? p : { ...p, saving: 'ok' };
}

/**
 * What the saving status says, as a message, or null when all is well.
 * @param {PageState} p
 * @returns {Message|null}
 */
export function savingMessage(p) {
  if (p.saving === 'failed') return { key: 'notice.notSaving' };
  if (p.saving === 'too-large') return { key: 'notice.tooLargeToSave' };
  if (p.saving === 'full') return { key: 'notice.keptFull' };
  return null;
}

/**
 * The review while it is about the game on the board (a move played since makes it stale), or null.
 * @param {PageState} p
 * @param {GameState|null} gs
 * @returns {Review|null}
 */
export function currentReview(p, gs) {
  return p.review && gs && p.review.key === gameKey(gs) ? p.review : null;
}
