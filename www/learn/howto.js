// "How to play": the rules for a new player, one click from the first screen, with diagrams
// drawn by the board's own renderer (draw.js) from positions of the rules core. No images.
import { layout, drawBoard } from '../board/draw.js';
import { loadWasm } from '../core/assets.js';
import { selectionView, movablePoints } from '../board/selection.js';
import { el, sheetHead, openSheet } from '../lib/dom.js';
import { pliesAsMoves } from '../lib/moves.js';

/** @import { Catalogue, GameState } from '../core/core-types.js' */
/** @import { Core } from '../core/core-api.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * A diagram of a section (see SECTIONS): its caption's message key, the position, and what to
 * mark on it.
 * @typedef {{caption: string, variant: string, code?: string, select?: string[], movable?: boolean, winner?: string, blocker?: boolean}} Figure
 */

/**
 * An item of a section's list: a message key, or a message whose parameters come from the rules
 * core's catalogue.
 * @typedef {string|{key: string, params: (catalogue: Catalogue) => import('../lib/i18n.js').MessageParams}} ListItem
 */

/**
 * A section of the sheet: its id (which names its messages), paragraphs, diagrams, more
 * paragraphs and diagrams after them, a list, and whether the variants are listed.
 * @typedef {{id: string, paras?: string[], figs?: Figure[], after?: string[], figs2?: Figure[], list?: ListItem[], variantList?: boolean}} Section
 */

/** Size of a diagram in CSS pixels (fits a 360 px phone with the sheet's padding). */
const DIAGRAM_PX = 240;

/**
 * The sections in order: a heading, paragraphs or a list, and diagrams. A diagram is a
 * position (variant, code) and what to mark on it: `select` (a piece and the points entered so
 * far: its next points are shown), `movable` (the pieces that may move when a capture is
 * compulsory), `winner` (a captain to crown); `blocker` says that its caption names, as
 * `{point}`, the first piece on the path of the captain on `select`, read from the position.
 * A text whose parameters come from the rules core is `{key, params: (catalogue) => params}`.
 * @type {Section[]}
 */
export const SECTIONS = [
  {
    id: 'goal',
    paras: ['howto.goal.text'],
    figs: [{ caption: 'howto.goal.fig', variant: 'sackson' }],
  },
  { id: 'board', paras: ['howto.board.text'] },
  {
    id: 'captain',
    paras: ['howto.captain.text'],
    figs: [{ caption: 'howto.captain.fig', variant: 'sackson', code: '4c4/ssss1ssss/9/9/9/9/9/SSSS1SSSS/4C4 b 0 1', select: ['e1'] }],
    after: ['howto.turbo.text'],
    figs2: [
      {
        caption: 'howto.turbo.fig',
        variant: 'classic-turbo',
        code: 's3c4/9/3s5/9/9/9/9/9/4C4 b 0 1',
        select: ['e1'],
        blocker: true,
      },
    ],
  },
  {
    id: 'sergeant',
    paras: ['howto.sergeant.text'],
    figs: [{ caption: 'howto.sergeant.fig', variant: 'sackson', code: '4c4/9/9/9/9/3S5/9/9/4C4 b 0 1', select: ['d4'] }],
  },
  {
    id: 'private',
    paras: ['howto.private.text'],
    figs: [{ caption: 'howto.private.fig', variant: 'super', code: '4c4/9/9/9/9/3P5/9/9/4C4 b 0 1', select: ['d4'] }],
  },
  {
    id: 'capture',
    paras: ['howto.capture.text'],
    figs: [{ caption: 'howto.capture.fig', variant: 'sackson', code: '4c4/9/9/9/3s5/3S5/9/9/4C4 b 0 1', select: ['d4', 'd6'] }],
  },
  {
    id: 'multi',
    paras: ['howto.multi.text'],
    figs: [{ caption: 'howto.multi.fig', variant: 'sackson', code: '4c4/9/9/9/1s7/2s6/2Ss5/9/4C4 b 0 1', select: ['c3', 'c5', 'a5'] }],
  },
  {
    id: 'compulsory',
    paras: ['howto.compulsory.text'],
    figs: [{ caption: 'howto.compulsory.fig', variant: 'sackson', code: '4c4/9/9/9/9/2s3s2/2S3S2/9/4C4 b 0 1', movable: true }],
  },
  {
    id: 'block',
    paras: ['howto.block.text'],
    figs: [{ caption: 'howto.block.fig', variant: 'sackson', code: '8s/9/9/9/9/5s3/5Sc2/5S3/4C4 g 0 1' }],
  },
  {
    id: 'win',
    list: [
      'howto.win.breakthrough',
      'howto.win.lead',
      // The impasse limit of the default rules, in moves as the move list counts them.
      { key: 'howto.win.impasse', params: (cat) => ({ n: pliesAsMoves(Number(defaultRules(cat).impasse_plies)) }) },
      'howto.win.sackson',
    ],
    figs: [{ caption: 'howto.win.fig', variant: 'sackson', code: '4c4/9/9/9/4C4/9/9/9/9 g 0 1', winner: 'e5' }],
  },
  {
    id: 'variants',
    paras: ['howto.variants.text'],
    list: ['howto.variants.classic', 'howto.variants.super', 'howto.variants.turbo', 'howto.variants.light', 'howto.variants.pow'],
    variantList: true,
  },
];

/**
 * The "How to play" sheet over `dialog` (a <dialog>), with `t(key, params)`, which says a message
 * in the page's language at the time of the call: `open()` draws it afresh (its messages fetched
 * first) and shows it.
 * @param {{dialog: HTMLDialogElement, t: Translate}} parts
 * @returns {{open(): Promise<void>}}
 */
export function howTo({ dialog, t }) {
  async function open() {
    // Without the rules core, the text is there without the diagrams (its words came with this
    // module: lib/on-demand.js feature).
    const core = await loadWasm().catch(() => /** @type {Core|null} */ (null));
    render(dialog, t, core);
    await openSheet(dialog);
    dialog.scrollTop = 0;
  }
  // A click on the backdrop (outside the sheet's box) closes it, as Escape does.
  dialog.addEventListener('click', (e) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) dialog.close();
  });
  return { open };
}

/**
 * The rules of the default variant, from the rules core's catalogue.
 * @param {Catalogue} catalogue
 */
function defaultRules(catalogue) {
  const variant = catalogue.variants.find((v) => v.name === catalogue.defaultVariant);
  if (!variant) throw new Error(`the catalogue has no default variant ${catalogue.defaultVariant}`);
  return variant.rules;
}

/**
 * A text element that follows the page's language: panel.js localisePage says `data-i18n` again
 * with the parameters in `data-i18n-params`.
 * @param {keyof HTMLElementTagNameMap} tag
 * @param {string} key
 * @param {Translate} t
 * @param {Record<string, string>} [props]
 * @param {import('../lib/i18n.js').MessageParams} [params]
 */
function said(tag, key, t, props = {}, params = undefined) {
  /** @type {Record<string, string>} */
  const attrs = params ? { 'data-i18n-params': JSON.stringify(params) } : {};
  return el(tag, { ...props, ...attrs, 'data-i18n': key, text: t(key, params) });
}

/**
 * An item of a section's list: a key, or `{key, params}` said only when the catalogue is there.
 * @param {ListItem} item
 * @param {Translate} t
 * @param {Catalogue|null} catalogue
 */
function listItem(item, t, catalogue) {
  if (typeof item === 'string') return said('li', item, t);
  return catalogue ? said('li', item.key, t, {}, item.params(catalogue)) : null;
}

/**
 * Builds the sheet's content in the current language.
 * @param {HTMLDialogElement} dialog
 * @param {Translate} t
 * @param {Core|null} core
 */
function render(dialog, t, core) {
  dialog.replaceChildren();
  const { head } = sheetHead(dialog, t, 'howto');
  const body = el('div', { class: 'sheet-body' }, [said('p', 'howto.intro', t, { class: 'lead' })]);
  /** @type {Catalogue|null} */
  let catalogue = null;
  try {
    catalogue = core ? core.variants() : null;
  } catch {
    catalogue = null;
  }
  for (const s of SECTIONS) {
    const section = el('section', { class: 'howto-section', id: `howto-${s.id}`, 'aria-labelledby': `howto-${s.id}-h` });
    section.appendChild(said('h3', `howto.${s.id}.title`, t, { id: `howto-${s.id}-h` }));
    for (const key of s.paras || []) section.appendChild(said('p', key, t));
    section.append(...(s.figs || []).map((fig) => diagram(fig, t, core)).filter((f) => f !== null));
    for (const key of s.after || []) section.appendChild(said('p', key, t));
    section.append(...(s.figs2 || []).map((fig) => diagram(fig, t, core)).filter((f) => f !== null));
    if (s.list) section.appendChild(el('ul', {}, s.list.map((item) => listItem(item, t, catalogue))));
    if (s.variantList && catalogue) section.appendChild(variantList(t, catalogue));
    body.appendChild(section);
  }
  const lessonsButton = document.getElementById('open-lessons');
  if (lessonsButton) {
    const go = el('button', { type: 'button', class: 'primary', 'data-i18n': 'howto.openLessons', text: t('howto.openLessons') });
    go.addEventListener('click', () => {
      dialog.close();
      lessonsButton.click();
    });
    body.appendChild(el('p', { class: 'howto-more' }, [said('span', 'howto.more', t), document.createTextNode(' '), go]));
  }
  dialog.append(head, body);
}

/**
 * @param {Translate} t
 * @param {Catalogue} catalogue
 */
function variantList(t, catalogue) {
  const names = catalogue.variants.map((v) => v.name);
  const list = el(
    'ul',
    { class: 'variant-list' },
    names.map((name) => {
      const li = el('li');
      li.append(el('strong', { text: t(`variantName.${name}`) }), document.createTextNode(' '));
      li.append(el('code', { text: name }), document.createTextNode(' — '), el('span', { text: t(`variant.${name}`) }));
      return li;
    }),
  );
  return el('div', {}, [said('p', 'howto.variants.list', t), list]);
}

/**
 * The first point after `from` on the path of the captain standing on `from` that holds a piece,
 * in the position `gs`; null when the path is free to the end.
 * @param {GameState} gs
 * @param {string} from
 * @returns {string|null}
 */
export function firstBlocker(gs, from) {
  const captain = gs.board.find((p) => p.point === from && p.kind === 'captain');
  if (!captain) return null;
  const path = gs.paths[captain.color];
  const occupied = new Set(gs.board.map((p) => p.point));
  return path.slice(path.indexOf(from) + 1).find((point) => occupied.has(point)) || null;
}

/**
 * A figure: the position drawn on a small canvas by the board's renderer, and its caption; the
 * caption alone without the rules core, and nothing when the caption needs the position.
 * @param {Figure} fig
 * @param {Translate} t
 * @param {Core|null} core
 */
function diagram(fig, t, core) {
  const gs = figurePosition(fig, core);
  const blocker = gs && fig.blocker && fig.select ? firstBlocker(gs, fig.select[0]) : null;
  if (fig.blocker && !blocker) return null;
  const canvas = el('canvas', { class: 'diagram', 'aria-hidden': 'true' });
  const caption = said('figcaption', fig.caption, t, {}, blocker ? { point: blocker } : undefined);
  const figure = el('figure', { class: 'howto-fig' }, [canvas, caption]);
  if (!gs) return figure;
  const dpr = window.devicePixelRatio || 1;
  const size = DIAGRAM_PX;
  canvas.width = Math.round(size * dpr);
  canvas.height = Math.round(size * dpr);
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  const view = {
    gs,
    layout: layout(size, false),
    selection: fig.select ? selectionView(gs, { path: fig.select }) : null,
    movable: fig.movable ? movablePoints(gs.moves) : [],
    drag: null,
    cursor: null,
    winnerCaptain: fig.winner || null,
    coordinates: true,
    dpr,
    anim: null,
  };
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBoard(ctx, view);
  }
  return figure;
}

/**
 * The position of figure `fig`, from the rules core; null without it or when it refuses.
 * @param {Figure} fig
 * @param {Core|null} core
 * @returns {GameState|null}
 */
function figurePosition(fig, core) {
  if (!core) return null;
  try {
    const game = fig.code ? core.Game.fromCode(fig.variant, fig.code) : new core.Game(fig.variant);
    const gs = game.state();
    game.free();
    return gs;
  } catch {
    return null;
  }
}
