// Reading the page like a reader: its texts (into shadow trees too), texts cut short, links the
// page copies, and what axe-core finds for a screen-reader's user.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './browser.mjs';

/**
 * @import { Page } from 'playwright-core'
 * @import AxeCore from 'axe-core'
 */
/**
 * The page's window as seriousA11y's code in it sees it: axe-core's, once evaluated there.
 * @typedef {Window & { axe?: typeof AxeCore }} AxeWindow
 */

/**
 * A query string of `params` (each value as its text).
 * @param {Record<string, string | number | boolean>} params
 * @returns {string}
 */
export const q = (params) => '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/**
 * `s` as a RegExp that matches it literally.
 * @param {string} s
 * @returns {string}
 */
export function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The page's status line.
 * @param {Page} page
 * @returns {Promise<string | null>}
 */
export const status = (page) => page.textContent('#status');

/**
 * Waits until the text of `selector` matches `re` (the page renders on the next frame). A
 * selector may reach into a board's shadow tree: `#game >>> .notice`.
 * @param {Page} page
 * @param {string} selector
 * @param {RegExp} re
 * @param {number} [timeout] ms
 * @returns {Promise<void>}
 */
export async function waitText(page, selector, re, timeout = 10000) {
  try {
    await page.waitForFunction(
      ([sel, src, flags]) => {
        let node = /** @type {Document | Element | null} */ (document);
        for (const part of sel.split(' >>> ')) node = node && ((node instanceof Element && node.shadowRoot) || node).querySelector(part);
        return new RegExp(src, flags).test(node ? (node.textContent ?? '') : '');
      },
      [selector, re.source, re.flags],
      { timeout },
    );
  } catch {
    throw new Error(`${selector} never matched ${re}: it says "${await deepText(page, selector)}"`);
  }
}

/**
 * The text of `selector`, which may reach into a shadow tree as in waitText (null: nothing there).
 * @param {Page} page
 * @param {string} selector
 * @returns {Promise<string | null>}
 */
export function deepText(page, selector) {
  return page.evaluate((sel) => {
    let node = /** @type {Document | Element | null} */ (document);
    for (const part of sel.split(' >>> ')) node = node && ((node instanceof Element && node.shadowRoot) || node).querySelector(part);
    return node ? node.textContent : null;
  }, selector);
}

/**
 * Clicks a button that copies a link and returns the link, once the page says `said` (it copied it).
 * @param {Page} page
 * @param {string} button its selector
 * @param {RegExp} [said]
 * @returns {Promise<string>}
 */
export async function copyLink(page, button, said = /Link copied/) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click(button);
  await waitText(page, '#notice', said);
  return page.evaluate(() => navigator.clipboard.readText());
}

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');

/**
 * What axe-core finds serious or critical in `page` (in the element `selector` finds, or the whole
 * document), one line a fault: the rule, the element and what to fix. axe is evaluated, not added
 * as a script tag: the page's CSP allows no inline script (nor axe's own inline styles, whose
 * refusals it logs and which are no fault of the page: read a page's problems before this).
 * @param {Page} page
 * @param {string | null} [selector]
 * @returns {Promise<string[]>}
 */
export async function seriousA11y(page, selector = null) {
  if (!(await page.evaluate(() => !!(/** @type {AxeWindow} */ (window).axe)))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  return page.evaluate(async (sel) => {
    const axe = /** @type {AxeWindow} */ (window).axe;
    if (!axe) throw new Error('axe-core is not in the page');
    const root = sel ? document.querySelector(sel) : document;
    if (!root) throw new Error(`no ${sel} to check`);
    const result = await axe.run(root, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map((n) => {
          const why = (n.failureSummary || '').replace(/\s+/g, ' ').replace(/^Fix any of the following: /, '');
          return `${v.id} ${n.target.join(' ')}: ${why}`;
        }),
      );
  }, selector);
}

/**
 * The texts the page shows cut short: a menu's choice wider than its box's room for text (any
 * choice, not only the chosen one: each may be chosen), a label, button, legend or summary whose
 * content is wider than its box, and a page or anything on it wider than the window. An inline
 * box wraps and has no width of its own, so only boxes are measured.
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
export function cutOff(page) {
  return page.evaluate(() => {
    /** @type {string[]} */
    const out = [];
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no 2d canvas to measure texts with');
    const name = (/** @type {Element} */ el) => `${el.localName}${el.id ? '#' + el.id : ''}`;
    for (const el of document.querySelectorAll('select, label, button, legend, summary')) {
      if (!el.checkVisibility()) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline') continue;
      if (el instanceof HTMLSelectElement) {
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        for (const o of el.options) {
          const w = ctx.measureText(o.textContent).width;
          if (w > room + 0.5) out.push(`${name(el)}: “${o.textContent}” is ${Math.ceil(w)} px in ${Math.floor(room)}`);
        }
      } else if (el.scrollWidth > el.clientWidth + 1) {
        out.push(`${name(el)}: “${el.textContent.trim()}” is ${el.scrollWidth} px in ${el.clientWidth}`);
      }
    }
    const wide = document.documentElement.scrollWidth;
    if (wide > innerWidth) out.push(`the page is ${wide} px wide in ${innerWidth}`);
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > innerWidth + 0.5 || r.left < -0.5) && el.checkVisibility()) {
        out.push(`${name(el)}.${el.className} sticks out of the window (${Math.round(r.left)}..${Math.round(r.right)})`);
      }
    }
    return out;
  });
}
