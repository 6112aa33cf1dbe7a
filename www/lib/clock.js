// Time controls, which games have clocks, and the arithmetic of a game's two clocks (docs/RULES.md
// §5.2, ruling R27), a live game's too: what a device accepts of a move's signed time, when it
// counts each turn as begun (turnStarts: its own measure, the movers' stamps only when they hold)
// and the clocks it makes of them (liveClocks), which its check of a flag claim reads. Pure: every function that needs the time is given it (`now`, milliseconds of
// Date.now()), so that the element, the page and a live game's session share it and tests run it
// without waiting.
//
// A time control is written `none`, `M+S` (minutes for the game, up to three decimals, and whole
// seconds added after each move: `5+3`, `0.05+0`) or `Nd` (days per move); the rules core reads
// the same text (crates/bluegray-core/src/clock.rs) in a record's `TimeControl` tag.
import { otherSide } from './settings.js';
/** @import { Side } from '../core/core-types.js' */

/**
 * A time control read: its text as written canonically, the game's time and the increment in
 * milliseconds, or the days per move (then `baseMs` is a move's whole allowance, `incMs` 0).
 * @typedef {{text: string, baseMs: number, incMs: number, days: number}} TimeControl
 */

/**
 * Two clocks: the time control, each side's time left when its clock last stopped (or at the
 * start), the side whose clock runs (null: none runs, before the first move or once the game is
 * over) and since when (Date.now()).
 * @typedef {{control: TimeControl, blue: number, gray: number, running: Side|null, since: number}} Clocks
 */

/** The modes whose games have clocks: against the computer, two people, a friend by link or live. */
export const CLOCK_MODES = Object.freeze(['ai', 'two', 'friend', 'live']);

/**
 * The time control settings give a new game: the `clock` setting in a mode with clocks; null.
 * @param {{mode: string, clock: string}} settings
 * @returns {TimeControl|null}
 */
export function settingsTimeControl(settings) {
  return (CLOCK_MODES.includes(settings.mode) && parseTimeControl(settings.clock)) || null;
}

/**
 * The time control of `game` on a board with `settings`: its record's (`TimeControl`), else, for
 * a new game, the settings' (settingsTimeControl), which the game then takes into its record
 * (`take`); null for a game without clocks.
 * @param {{tag(name: string): string|undefined|null, clocks(): unknown[], state(): {result?: unknown}}} game
 * @param {{mode: string, clock: string}} settings
 * @returns {{control: TimeControl, take: boolean}|null}
 */
export function gameTimeControl(game, settings) {
  const recorded = parseTimeControl(game.tag('TimeControl') ?? '');
  if (recorded) return { control: recorded, take: false };
  const fresh = game.clocks().length === 0 && !game.state().result;
  const chosen = fresh ? settingsTimeControl(settings) : null;
  return chosen ? { control: chosen, take: true } : null;
}

/** The time controls the page offers, fastest first (and `none`). */
export const TIME_CONTROLS = Object.freeze(['none', '1+0', '3+2', '5+3', '10+5', '15+10', '1d', '3d']);

/** The most minutes, seconds of increment and days a control may give (as the rules core). */
const MAX_MINUTES = 180;
const MAX_INCREMENT = 180;
const MAX_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reads a time control: a TimeControl, null for `none` (or nothing), undefined when the text is
 * not one.
 * @param {unknown} value
 * @returns {TimeControl|null|undefined}
 */
export function parseTimeControl(value) {
  if (typeof value !== 'string') return undefined;
  const t = value.trim().toLowerCase();
  if (t === '' || t === 'none' || t === '-') return null;
  const days = /^(\d{1,3})d$/.exec(t);
  if (days) {
    const d = Number(days[1]);
    return d >= 1 && d <= MAX_DAYS ? { text: `${d}d`, baseMs: d * DAY_MS, incMs: 0, days: d } : undefined;
  }
  const m = /^(\d{0,4})(?:\.(\d{1,3}))?\s*\+\s*(\d{1,3})$/.exec(t);
  if (!m || (m[1] === '' && m[2] === undefined)) return undefined;
  const thousandths = Number((m[2] ?? '').padEnd(3, '0'));
  const baseMs = Number(m[1] || '0') * 60_000 + thousandths * 60;
  const inc = Number(m[3]);
  if (baseMs <= 0 || baseMs > MAX_MINUTES * 60_000 || inc > MAX_INCREMENT) return undefined;
  const whole = Math.floor(baseMs / 60_000);
  const frac = String(Math.round((baseMs % 60_000) / 60)).padStart(3, '0').replace(/0+$/, '');
  return { text: `${whole}${frac ? `.${frac}` : ''}+${inc}`, baseMs, incMs: inc * 1000, days: 0 };
}

/**
 * Fresh clocks for `control`: both sides have the whole time, none runs yet.
 * @param {TimeControl} control
 * @param {number} now
 * @returns {Clocks}
 */
export function newClocks(control, now) {
  return { control, blue: control.baseMs, gray: control.baseMs, running: null, since: now };
}

/**
 * The time `side` has left at `now` (never below 0).
 * @param {Clocks} c
 * @param {Side} side
 * @param {number} now
 * @returns {number}
 */
export function remaining(c, side, now) {
  const left = c[side] - (c.running === side ? Math.max(0, now - c.since) : 0);
  return Math.max(0, left);
}

/**
 * The side whose flag has fallen at `now` (its running clock is at 0), or null.
 * @param {Clocks} c
 * @param {number} now
 * @returns {Side|null}
 */
export function fallen(c, now) {
  return c.running && remaining(c, c.running, now) <= 0 ? c.running : null;
}

/**
 * The clocks with `side`'s clock running from `now` (null: stopped), the other stopped.
 * @param {Clocks} c
 * @param {Side|null} side
 * @param {number} now
 * @returns {Clocks}
 */
export function run(c, side, now) {
  const stopped = c.running ? { ...c, [c.running]: remaining(c, c.running, now) } : { ...c };
  return { ...stopped, running: side, since: now };
}

/**
 * The clocks once `mover` has moved at `now`: its time left, plus the increment (or a whole
 * move's days again), and the other side's clock running. `started`: false for the game's first
 * move, which starts the clocks without costing the first player time.
 * @param {Clocks} c
 * @param {Side} mover
 * @param {number} now
 * @returns {Clocks}
 */
export function afterMove(c, mover, now) {
  const left = remaining(c, mover, now);
  const next = c.control.days ? c.control.baseMs : left + c.control.incMs;
  const other = otherSide(mover);
  return { ...c, [mover]: next, running: other, since: now };
}

/**
 * The clocks of a game from its moves' recorded times: `times[i]` the time the side that made
 * move `i` had left after it (or null), `movers[i]` that side; the side to move's clock runs
 * from `since` unless the game is over (`over`), or no move has been played.
 * @param {TimeControl} control
 * @param {(number|null)[]} times
 * @param {Side[]} movers
 * @param {Side} toMove
 * @param {boolean} over
 * @param {number} since
 * @returns {Clocks}
 */
export function clocksFromTimes(control, times, movers, toMove, over, since) {
  const c = newClocks(control, since);
  movers.forEach((side, i) => {
    const t = times[i];
    if (typeof t === 'number' && Number.isFinite(t)) c[side] = Math.max(0, t);
  });
  return { ...c, running: over || movers.length === 0 ? null : toMove, since };
}

/**
 * A clock's time for people: `4:57`, `1:02:03`, and tenths under 10 seconds (`0:07.3`); days
 * and hours for days per move (`2d 03:00`).
 * @param {number} ms
 * @returns {string}
 */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t >= DAY_MS) {
    const d = Math.floor(t / DAY_MS);
    const h = Math.floor((t % DAY_MS) / 3_600_000);
    const m = Math.floor((t % 3_600_000) / 60_000);
    return `${d}d ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  }
  const s = Math.floor(t / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  if (hh) return `${hh}:${String(mm).padStart(2, '0')}:${ss}`;
  if (t < 10_000) return `${mm}:${ss}.${Math.floor((t % 1000) / 100)}`;
  return `${mm}:${ss}`;
}

/** The lag a live move's claimed time is allowed, at most, over what the receiver measured. */
export const LAG_ALLOWANCE = 1000;

/**
 * The time a live move's mover had left after it, as the receiving device accepts it: the
 * mover's own claim, when it is no more than the receiver's measure (the time the mover had when
 * its turn began, `before`, less the turn's time as the receiver saw it, `elapsed`, plus the
 * increment) with `lag` of allowance for the network; otherwise the receiver's own measure, so
 * that neither side can give itself time. With days per move the measure is a whole move's
 * allowance, if the move came in time.
 * @param {{claimed: number, before: number, elapsed: number, control: TimeControl, lag?: number}} move
 * @returns {number}
 */
export function acceptedTime({ claimed, before, elapsed, control, lag = LAG_ALLOWANCE }) {
  const spent = Math.max(0, elapsed);
  const measured = control.days ? (before - spent > 0 ? control.baseMs : 0) : Math.max(0, before - spent) + control.incMs;
  if (Number.isFinite(claimed) && claimed >= 0 && claimed <= measured + lag) return Math.round(claimed);
  return Math.round(measured);
}

/**
 * A live move's signed time as a device takes it: what the mover signed (its time left, and its
 * device's Date.now() when it moved), and whether this device saw it arrive (`live`: its arrival
 * is now, its turn as long as this device saw it) or is catching up (its arrival is `at`, at most
 * now, and its turn the time from `prevAt`): `at` and `prevAt` are then when this device counts
 * the move's turn as ended and as begun (turnStarts), never a stamp it did not check.
 * @typedef {{claimed?: number, at?: number, prevAt?: number, live: boolean}} LiveClaim
 */

/**
 * The clocks once the other seat's live move by `mover` has come at `now`: the mover's time
 * accepted within this device's measure (acceptedTime; the first move starts the clocks and
 * costs nothing), the other side's clock running from the move's arrival.
 * @param {Clocks} c
 * @param {Side} mover
 * @param {LiveClaim} claim
 * @param {number} now
 * @returns {Clocks}
 */
export function afterLiveMove(c, mover, claim, now) {
  const stamped = !claim.live && typeof claim.at === 'number';
  const arrival = stamped ? Math.min(now, /** @type {number} */ (claim.at)) : now;
  const elapsed = stamped ? (typeof claim.prevAt === 'number' ? Math.max(0, arrival - claim.prevAt) : 0) : now - c.since;
  const first = c.running === null;
  const before = c[mover];
  const kept = first ? before + c.control.incMs : acceptedTime({ claimed: claim.claimed ?? -1, before, elapsed, control: c.control });
  const time = first && typeof claim.claimed === 'number' ? Math.min(kept, Math.max(0, claim.claimed)) : kept;
  return { ...c, [mover]: time, running: otherSide(mover), since: arrival };
}

/**
 * When a live game's turns began by this device's clock: `starts[0]` when it first had the game,
 * `starts[i + 1]` when move `i` ended its mover's turn. `kept`: those it has already (of the
 * moves it had; none: it first has the game `now`), `moves` how many the game has now, `at` their
 * signed stamps (a game without a clock has none). A move heard `live` (the only new one, while
 * this device follows the game) ended its turn on arrival, `now`. A device catching up takes a
 * move's stamp only when it holds: not before an earlier move's stamp (the first move's: not
 * before this device had the game) and not later than now and `lag`; any other, back-dated or
 * in the future, is its mover's word only and charges no one: that turn ends on arrival here.
 * @param {{kept: number[], moves: number, at?: number[], live: boolean, now: number, lag?: number}} game
 * @returns {number[]}
 */
export function turnStarts({ kept, moves, at, live, now, lag = LAG_ALLOWANCE }) {
  const starts = kept.length ? kept.slice(0, moves + 1) : [now];
  // The latest stamp before move i that was not in the future: no stamp may come before it.
  let floor = starts[0];
  for (let i = 0; i < starts.length - 1; i++) if (at && at[i] <= now + lag) floor = i ? Math.max(floor, at[i]) : at[i];
  for (let i = starts.length - 1; i < moves; i++) {
    const stamp = at?.[i];
    const holds = typeof stamp === 'number' && stamp >= floor && stamp <= now + lag;
    starts.push(live && i === moves - 1 ? now : holds ? Math.min(stamp, now) : now);
    if (typeof stamp === 'number' && stamp <= now + lag) floor = i ? Math.max(floor, stamp) : stamp;
  }
  return starts;
}

/**
 * A live game's clocks by this device's measure: each move's signed time (`times`, its mover
 * `movers[i]`) taken as afterLiveMove takes it, its turn from `starts` (turnStarts); the side to
 * move's clock running since its turn began.
 * @param {TimeControl} control
 * @param {(number|undefined)[]} times
 * @param {Side[]} movers
 * @param {number[]} starts
 * @returns {Clocks}
 */
export function liveClocks(control, times, movers, starts) {
  return movers.reduce(
    (c, mover, i) => afterLiveMove(c, mover, { claimed: times[i], at: starts[i + 1], prevAt: starts[i], live: false }, starts[i + 1]),
    newClocks(control, starts[0]),
  );
}

// A game by link's clock (docs/RULES.md ruling R37): the device that makes a move stamps it in
// the record the link carries, `[MoveStamp "<ply> <UTC ISO time>"]`, and the friend's turn
// begins then, not when the link is opened. The stamp is the sender's word: the receiver takes
// it only when it holds (docs/LIVE-PROTOCOL.md, Games by link). The tag also keeps, after a
// space, when the move before it ended as this device counts it (its own stamp, or the one it
// took): a takeback (ruling R38) puts the game back there, and the turn then runs from that.

/** The record tag that holds the stamp of a game by link's last move. */
export const MOVE_STAMP_TAG = 'MoveStamp';

/** How far ahead of this device's clock a link's stamp may be (the sender's clock runs fast): it is taken as now. */
export const LINK_SKEW = 10 * 60 * 1000;

/**
 * A move's stamp: the ply it ended (from 1) and when (ms since 1970), and when the move before it
 * ended (`before`), where the tag keeps it.
 * @typedef {{ply: number, at: number, before?: number}} MoveStamp
 */

/** A UTC time as a stamp writes it (toISOString, to the millisecond). */
const STAMP_TIME = '(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,3})?Z)';
const STAMP = new RegExp(`^(\\d{1,6}) ${STAMP_TIME}(?: ${STAMP_TIME})?$`);

/**
 * The `MoveStamp` tag's value for the move that made ply `ply` at `at`, the move before it
 * having ended at `before` (left out when not known).
 * @param {number} ply
 * @param {number} at
 * @param {number} [before]
 * @returns {string}
 */
export function formatMoveStamp(ply, at, before) {
  return `${ply} ${new Date(at).toISOString()}${before === undefined ? '' : ` ${new Date(before).toISOString()}`}`;
}

/**
 * Reads a `MoveStamp` tag's value: the stamp, null for none (nothing written), undefined when
 * the text is not one (a ply from 1 and one or two UTC times as toISOString writes them). Never
 * throws.
 * @param {unknown} value
 * @returns {MoveStamp|null|undefined}
 */
export function parseMoveStamp(value) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  if (t === '') return null;
  const m = STAMP.exec(t);
  if (!m) return undefined;
  const ply = Number(m[1]);
  // Date.parse takes 2026-02-30 as March 2nd: only a time that writes back as it was read holds.
  const time = (/** @type {string} */ text) => {
    const at = Date.parse(text);
    return Number.isFinite(at) && new Date(at).toISOString().slice(0, 19) === text.slice(0, 19) ? at : undefined;
  };
  const at = time(m[2]);
  const before = m[3] === undefined ? undefined : time(m[3]);
  if (ply < 1 || at === undefined || (m[3] !== undefined && before === undefined)) return undefined;
  return before === undefined ? { ply, at } : { ply, at, before };
}

/**
 * The `MoveStamp` tag's value once this device has made, or taken, the move of ply `ply` at
 * `at`: the move before's end kept from the stamp `kept` this game had (its own measure, never
 * the link's), when that was the move before's.
 * @param {unknown} kept the game's `MoveStamp` before the move
 * @param {number} ply
 * @param {number} at
 * @returns {string}
 */
export function nextMoveStamp(kept, ply, at) {
  const was = parseMoveStamp(kept);
  return formatMoveStamp(ply, at, was && was.ply === ply - 1 ? was.at : undefined);
}

/**
 * A game by link whose last move was just taken back (ruling R38; `game` at the ply before it):
 * its `MoveStamp` becomes the stamp of the move before, so that the turn that runs again counts
 * from when it began. Changes nothing when the tag does not know it.
 * @param {{tag(name: string): string|undefined|null, setTag(name: string, value: string): void, state(): {ply: number}}} game
 */
export function stampTakenBack(game) {
  const s = parseMoveStamp(game.tag(MOVE_STAMP_TAG));
  const ply = game.state().ply;
  if (s && s.ply === ply + 1 && s.before !== undefined && ply >= 1) game.setTag(MOVE_STAMP_TAG, formatMoveStamp(ply, s.before));
}

/**
 * When the turn a link brings began, by this device's measure: the stamp of the link's last move
 * (`text`, its `MoveStamp` tag; `ply` the link's moves) when it holds; otherwise now, as the
 * turn of a link without a stamp always began, and `refused` says why: `none` (no stamp of
 * that move: a link from before stamps), `unreadable`, `before` (earlier than `floor`, the
 * stamp of the move before, which this device made or took: a back-dated stamp would charge
 * this device's player with time the sender spent) or `future` (more than `skew` ahead of now).
 * A stamp up to `skew` ahead is taken as now.
 * @param {{text: unknown, ply: number, floor: number|null, now: number, skew?: number}} link
 * @returns {{at: number, refused: null|'none'|'unreadable'|'before'|'future'}}
 */
export function linkTurnStart({ text, ply, floor, now, skew = LINK_SKEW }) {
  const stamp = parseMoveStamp(text);
  if (stamp === undefined) return { at: now, refused: 'unreadable' };
  if (stamp === null || stamp.ply !== ply) return { at: now, refused: 'none' };
  if (floor !== null && stamp.at < floor) return { at: now, refused: 'before' };
  if (stamp.at > now + skew) return { at: now, refused: 'future' };
  return { at: Math.min(stamp.at, now), refused: null };
}

/**
 * Whether the friend's move that a link brings (its last, making ply `ply`) came after their
 * clock ran out on this device (ruling R37): a move counts as made at its stamp when that holds
 * (linkTurnStart, against `floor`, this device's stamp of the move before), else when its link is
 * opened (`now`), and `flagAt` is when the friend's clock, running on their turn here, reached 0
 * (flagFallsAt; null when it does not run). Such a move is not played: the turn had already been
 * lost on time, which this device's player may claim.
 * @param {{text: unknown, ply: number, floor: number|null, now: number, flagAt: number|null}} link
 * @returns {boolean}
 */
export function linkMoveLate({ text, ply, floor, now, flagAt }) {
  return flagAt !== null && linkTurnStart({ text, ply, floor, now }).at > flagAt;
}

/**
 * When the running clock reaches 0 (ms since 1970), or null when none runs: a game by link's
 * friend may be claimed on time from then (ruling R37).
 * @param {Clocks} c
 * @returns {number|null}
 */
export function flagFallsAt(c) {
  return c.running ? c.since + c[c.running] : null;
}

/**
 * Takes a friend's link's stamp into `game`, which has just gone on with the link's moves: the
 * turn they bring begins with it when it holds (linkTurnStart, not before the stamp `game` had),
 * else now, and the record keeps when it began. Returns why the stamp was not taken, or null.
 * @param {{tag(name: string): string|undefined|null, setTag(name: string, value: string): void, state(): {ply: number}}} game
 * @param {unknown} text the link's `MoveStamp`
 * @param {number} now
 * @returns {ReturnType<typeof linkTurnStart>['refused']}
 */
export function takeLinkStamp(game, text, now) {
  const tag = game.tag(MOVE_STAMP_TAG);
  const kept = parseMoveStamp(tag);
  const ply = game.state().ply;
  const start = linkTurnStart({ text, ply, floor: kept ? kept.at : null, now });
  game.setTag(MOVE_STAMP_TAG, nextMoveStamp(tag, ply, start.at));
  return start.refused;
}
