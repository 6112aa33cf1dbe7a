// What the board shows, as a pure function of its state (state.js): the picture for draw.js,
// the line of text under it, and a key that changes exactly when the picture does. render.js
// puts it on the page; tests/unit/view.test.mjs checks it in node.
import * as Sel from '../board/selection.js';
import { layout } from '../board/draw.js';
import { glideAt } from '../board/anim.js';
import { shownGame, canHumanMove, canExplore, bottomSide, resultShown, seatOf } from './state.js';
import { computerPlays } from './players.js';
import { resultMessage } from '../lib/result.js';
import { remaining, formatClock } from '../lib/clock.js';
/** @import { DrawView } from '../board/draw.js' */
/** @import { Layout } from '../board/draw-layout.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */

/** The smallest board drawn, in CSS px: a board laid out while hidden still has a usable size. */
export const MIN_BOARD_PX = 120;

/**
 * The board's picture in state `s`, for a board `size` CSS px wide at `dpr` device pixels per
 * CSS px, at time `now` (performance.now(), for the computer's move gliding into place).
 * Returns `{draw, key, animating}`: `draw` is the view draw.js paints (with its `layout`), `key`
 * changes exactly when the picture does, and `animating` asks for another frame.
 * @param {BoardState} s
 * @param {{size: number, dpr: number, now: number}} frame
 * @returns {{draw: DrawView & {layout: Layout}, key: string, animating: boolean}}
 */
export function boardView(s, { size, dpr, now }) {
  const px = Math.round(size * dpr);
  const flipped = bottomSide(s) === 'gray';
  const gs = shownGame(s);
  const humanTurn = canHumanMove(s) || canExplore(s);
  const winner = gs && gs.result ? gs.result.winner : undefined;
  const captain = gs && winner ? gs.board.find((p) => p.kind === 'captain' && p.color === winner) : undefined;
  const winnerCaptain = (captain && captain.point) || null;
  const glide = glideAt(s.glide, gs && gs.code, now);
  // A finished game's hint is gone: no move is to be played there.
  const hint = s.hint && !s.view && s.gs && !s.gs.result && s.hint.code === s.gs.code ? s.hint.points : null;
  const mistake = mistakeShown(s);
  const draw = {
    gs,
    layout: layout(size, flipped),
    arrows: hint ? [hint] : [],
    mistakes: mistake ? [mistake] : [],
    theme: s.theme,
    selection: gs && humanTurn ? Sel.selectionView(gs, s.ui) : null,
    movable: gs && humanTurn && gs.captureRequired && !s.ui.path ? Sel.movablePoints(gs.moves) : [],
    drag: humanTurn ? s.ui.drag : null,
    cursor: s.focused ? s.ui.cursor : null,
    winnerCaptain,
    coordinates: s.coordinates,
    dpr,
    anim: glide,
  };
  // Everything the picture depends on, and nothing else: a status-only change must not redraw
  // (re-uploading a large canvas is slow where the browser rasterises on the CPU).
  const key = JSON.stringify([
    gs && gs.code,
    gs && gs.ply,
    gs && gs.lastMove,
    draw.selection,
    draw.movable,
    draw.drag,
    draw.cursor,
    winnerCaptain,
    hint,
    mistake,
    s.theme,
    glide && glide.t,
    size,
    flipped,
    s.coordinates,
    px,
  ]);
  return { draw, key, animating: !!glide };
}

/**
 * The points of the move marked as a mistake, while the game shown holds it where it was played; else null.
 * @param {BoardState} s
 * @returns {string[]|null}
 */
export function mistakeShown(s) {
  const m = s.mistake;
  const gs = shownGame(s);
  return m && gs && gs.history[m.ply] === m.text ? m.points : null;
}

/**
 * The message shown under the board, or null: why the last press did nothing, else the board's
 * notice while it is about the position on the board.
 * @param {BoardState} s
 * @returns {Message|null}
 */
export function noticeMessage(s) {
  if (s.ui.notice) return s.ui.notice;
  const n = s.notice;
  if (!n) return null;
  if (n.code !== undefined && n.code !== null && (!s.gs || n.code !== s.gs.code)) return null;
  return n;
}

/**
 * The result shown over the board once the game is over (the board's `resultText`), as a
 * message, or null: while the game goes on, while an earlier position is looked at, and once
 * the player has closed it for this position.
 * @param {BoardState} s
 * @returns {Message|null}
 */
export function resultOverlay(s) {
  return resultShown(s) ? resultMessage(s.gs) : null;
}

/**
 * The board's size in CSS px for a frame `width` CSS px wide.
 * @param {number} width
 * @returns {number}
 */
export function boardSize(width) {
  return Math.max(MIN_BOARD_PX, Math.floor(width));
}

/** A clock under this many ms is low: shown red, running or fallen. */
export const LOW_CLOCK_MS = 10_000;

/**
 * The two clocks as the board shows them at `now` (Date.now()), the top side's and the bottom
 * side's: the side, its time as text, whether it runs, and whether it is low (under
 * LOW_CLOCK_MS, a fallen flag's 0:00 among them); null in a game without clocks.
 * @param {BoardState} s
 * @param {number} now
 * @returns {{top: ClockFace, bottom: ClockFace}|null}
 */
export function clockView(s, now) {
  const c = s.clocks;
  if (!c) return null;
  const bottom = bottomSide(s);
  const top = bottom === 'blue' ? 'gray' : 'blue';
  /** @param {'blue'|'gray'} side @returns {ClockFace} */
  const face = (side) => {
    const ms = remaining(c, side, now);
    return { side, text: formatClock(ms), running: c.running === side, low: ms < LOW_CLOCK_MS };
  };
  return { top: face(top), bottom: face(bottom) };
}

/** @typedef {{side: 'blue'|'gray', text: string, running: boolean, low: boolean}} ClockFace */

/**
 * Who plays `side`, as the players' strips beside the board say it under the side's name: the
 * computer with its level, "you" where the person at this board plays it against the computer
 * or a friend, the friend (by their name when they gave one; to a live game's watcher, each
 * seat's name), or null where the side's name says all (two people at one board, a game shown,
 * a puzzle).
 * @param {BoardState} s
 * @param {'blue'|'gray'} side
 * @returns {Message|null}
 */
export function playerMessage(s, side) {
  const settings = s.settings;
  if (computerPlays(settings, side)) return { key: 'player.computer', params: { level: settings.level, name: { key: `level.${settings.level}` } } };
  if (settings.mode === 'ai') return { key: 'player.you' };
  const seat = seatOf(s);
  // A player's name is text of theirs (checked by lib/player-name.js's rules where it came in),
  // never a message of the tables: render.js puts it in as textContent.
  const name = s.names[side];
  if (seat === null) return null;
  if (seat === 'watch') return name ? { text: name } : null;
  if (seat === side) return { key: 'player.you' };
  return name ? { text: name } : { key: 'player.friend' };
}

/**
 * The players' strips, the top side's and the bottom side's: the side and who plays it.
 * @param {BoardState} s
 * @returns {{top: PlayerStrip, bottom: PlayerStrip}}
 */
export function playersView(s) {
  const bottom = bottomSide(s);
  const top = bottom === 'blue' ? 'gray' : 'blue';
  return { top: { side: top, who: playerMessage(s, top) }, bottom: { side: bottom, who: playerMessage(s, bottom) } };
}

/** @typedef {{side: 'blue'|'gray', who: Message|null}} PlayerStrip */
