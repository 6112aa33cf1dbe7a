// The game screen measured in the real browser (issue 47, item 4): the board's box, the page's
// bands beside it, what lies over the board's picture (its squares and the point names on its
// frame), the players' strips, the texts shown, and the panel's labels that wrap. Used by
// tests/e2e/game-screen.test.mjs and scripts/measure-screen.mjs, so that the test and the
// figures in a report are the same measurement.

/** @import { Page } from 'playwright-core' */

/**
 * A box in the window's coordinates, rounded to a tenth of a px.
 * @typedef {{ left: number, top: number, width: number, height: number }} Box
 */
/**
 * What measureScreen() finds.
 * @typedef {{
 *   window: { width: number, height: number },
 *   board: Box,
 *   bands: { left: number, right: number, below: number },
 *   panel: Box | null,
 *   over: string[],
 *   strips: { top: { box: Box, text: string } | null, bottom: { box: Box, text: string } | null },
 *   clocks: { part: string, text: string, low: string | undefined, running: string | undefined, background: string, color: string, fontPx: number, box: Box }[],
 *   texts: string[],
 *   wrapped: string[],
 * }} Screen
 */

/**
 * Measures the page's game screen as it stands.
 * @param {Page} page
 * @returns {Promise<Screen>}
 */
export function measureScreen(page) {
  return page.evaluate(() => {
    const host = /** @type {HTMLElement} */ (document.getElementById('game'));
    const root = /** @type {ShadowRoot} */ (host.shadowRoot);
    const round = (/** @type {number} */ n) => Math.round(n * 10) / 10;
    const box = (/** @type {DOMRect} */ r) => ({ left: round(r.left), top: round(r.top), width: round(r.width), height: round(r.height) });
    // Shown to the eye: a box of more than a px each way (a screen reader's text is 1 px square).
    const shown = (/** @type {Element} */ el) => {
      const r = el.getBoundingClientRect();
      return el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && r.width > 1 && r.height > 1;
    };
    const canvas = /** @type {HTMLCanvasElement} */ (root.querySelector('canvas'));
    const b = canvas.getBoundingClientRect();
    const panelEl = document.querySelector('.panel');
    const panel = panelEl && shown(panelEl) ? panelEl.getBoundingClientRect() : null;
    // Beside the board on a wide screen: the window's width the board and the panel leave empty.
    const right = panel && panel.left > b.right ? innerWidth - panel.right : innerWidth - b.right;
    // What lies over the board's picture, from the board's shadow tree and from the page: each
    // shown box that meets the canvas's box by more than a px either way.
    const meets = (/** @type {DOMRect} */ r) => Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1 && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1;
    /** @type {string[]} */
    const over = [];
    const overlays = [...root.querySelectorAll('[part]:not(canvas):not(.frame)')];
    for (const el of overlays) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (meets(r)) over.push(`${el.getAttribute('part')} (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)})`);
    }
    for (const el of document.querySelectorAll('body *')) {
      if (el === host || el.contains(host) || !shown(el)) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Only what is drawn over the board counts, not the boxes it sits in.
      if ((style.position === 'absolute' || style.position === 'fixed') && meets(r)) over.push(`${el.localName}${el.id ? '#' + el.id : ''}`);
    }
    const strip = (/** @type {string} */ sel) => {
      const el = root.querySelector(sel);
      return el && shown(el) ? { box: box(el.getBoundingClientRect()), text: (el.textContent || '').trim() } : null;
    };
    const clocks = [...root.querySelectorAll('.clock')].filter(shown).map((el) => {
      const style = getComputedStyle(el);
      const h = /** @type {HTMLElement} */ (el);
      return {
        part: el.getAttribute('part') || '',
        text: (el.textContent || '').trim(),
        low: h.dataset.low,
        running: h.dataset.running,
        background: style.backgroundColor,
        color: style.color,
        fontPx: parseFloat(style.fontSize),
        box: box(el.getBoundingClientRect()),
      };
    });
    // Every text the reader sees, a block at a time: each shown element's own text (its text
    // nodes, not its children's), in the page and the board's shadow tree.
    /** @type {string[]} */
    const texts = [];
    for (const el of [...document.querySelectorAll('body *'), ...root.querySelectorAll('*')]) {
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
      if (own && shown(el)) texts.push(own);
    }
    // A label of the panel or the viewing bar on more than one line: its text's lines, by their tops.
    /** @type {string[]} */
    const wrapped = [];
    for (const el of document.querySelectorAll('.panel label, .panel .prog label, .panel legend, .panel button, .viewing button')) {
      if (!shown(el) || !(el.textContent || '').trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      const lines = [...tops].sort((x, y) => x - y).filter((t, i, a) => i === 0 || t - a[i - 1] > 4).length;
      if (lines > 1) wrapped.push(`${el.localName}${el.id ? '#' + el.id : ''}: “${(el.textContent || '').trim().replace(/\s+/g, ' ')}” on ${lines} lines`);
    }
    return {
      window: { width: innerWidth, height: innerHeight },
      board: box(b),
      bands: { left: round(b.left), right: round(right), below: round(innerHeight - b.bottom) },
      panel: panel ? box(panel) : null,
      over,
      strips: { top: strip('.player-top'), bottom: strip('.player-bottom') },
      clocks,
      texts,
      wrapped,
    };
  });
}

/**
 * How many of the texts shown say `needle` (a text holds it, case aside).
 * @param {string[]} texts
 * @param {string} needle
 * @returns {number}
 */
export function timesSaid(texts, needle) {
  const n = needle.toLowerCase();
  return texts.filter((t) => t.toLowerCase().includes(n)).length;
}
