// A game and its analysis are two things, as on lichess (docs/RULES.md R28): once a game is over,
// or in a game against a person while it goes on, "Analysis board" opens a copy of it (its record,
// variations and all) on the same board in mode `analysis`, kept as a game of its own in Recent
// games, where moves are tried, taken back and made the line, and the engine helps; the game it
// came from never changes. "Back to the game" reopens that game. A copy of a game against a
// person taken while it was under way keeps the engine out for good (lib/fair-play.js).
import { isRemote } from '../lib/settings.js';
import { underWayAgainstPerson } from '../lib/fair-play.js';
import { setIfChanged } from '../lib/dom.js';
import { button } from './page-elements.js';
/** @import { PageContext } from './context.js' */
/** @import { PageState } from './page-state.js' */
/** @import { GameRequest } from './doors.js' */
/** @import { BoardSnapshot } from './panel.js' */

/**
 * Whether the game on a board of `settings` whose state is `gs` has an analysis board to open:
 * one that is over, or one against a person (two on one device, a friend elsewhere) under way.
 * @param {{mode: string}} settings
 * @param {{result?: unknown}|null} gs
 */
export function analysable(settings, gs) {
  const { mode } = settings;
  if (!gs || mode === 'analysis' || mode === 'puzzle' || mode === 'edit') return false;
  return !!gs.result || mode === 'two' || isRemote(mode);
}

/**
 * The game an analysis board on the page was opened from, while it is still kept: its id, or null.
 * @param {PageState} page
 * @param {{mode: string}} settings the board's
 * @returns {string|null}
 */
export function analysisSource(page, settings) {
  if (settings.mode !== 'analysis') return null;
  const from = page.recent.find((e) => e.id === page.gameId)?.summary.analysisOf;
  return typeof from === 'string' && page.recent.some((e) => e.id === from) ? from : null;
}

/**
 * The page's analysis board: `start` opens a game through the page's door (app.js).
 * @param {PageContext} ctx
 * @param {{start: (request: GameRequest) => Promise<boolean>}} parts
 */
export function pageAnalysis(ctx, { start }) {
  const { board, $ } = ctx;

  /** The request that opens the game on the board on an analysis board, or null. */
  function request() {
    const gs = board.state;
    const settings = board.settings;
    if (!gs || !analysable(settings, gs)) return null;
    const { variant, side, level, movetime } = settings;
    /** @type {GameRequest} */
    const r = { from: 'analysis', mode: 'analysis', variant, side, level, movetime, record: board.record ?? gs.record };
    if (underWayAgainstPerson(settings, gs)) r.help = 'none';
    const id = ctx.page().gameId;
    if (id) r.analysisOf = id;
    return r;
  }

  function open() {
    const r = request();
    if (r) void start(r);
  }

  function back() {
    const id = analysisSource(ctx.page(), board.settings);
    if (id) void start({ from: 'recent', kept: id });
  }

  function wire() {
    $('analysis-board').addEventListener('click', open);
    $('analysis-back').addEventListener('click', back);
  }

  /**
   * @param {Document} doc
   * @param {PageState} page
   * @param {BoardSnapshot} b
   */
  function render(doc, page, b) {
    setIfChanged(button(doc, 'analysis-board'), 'hidden', !analysable(b.settings, b.gs));
    setIfChanged(button(doc, 'analysis-back'), 'hidden', !analysisSource(page, b.settings));
  }

  return { wire, render };
}
