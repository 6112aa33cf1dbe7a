// Building small pieces of the page from script (no HTML strings: nothing to escape, nothing a
// strict CSP would refuse), and opening a sheet (a dialog) with its stylesheet fetched first.

/**
 * Sets a DOM property only when it changes: an unchanged page needs no repaint.
 * @template {object} T
 * @template {keyof T} K
 * @param {T} obj
 * @param {K} prop
 * @param {T[K]} value
 * @returns {void}
 */
export function setIfChanged(obj, prop, value) {
  if (obj[prop] !== value) obj[prop] = value;
}

/**
 * A new element: `props` set its attributes, except `class` (its class name) and `text` (its
 * text); `children` are appended, falsy ones skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Readonly<Record<string, string>>} [props]
 * @param {readonly (Node|null|undefined|false)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.appendChild(c);
  return node;
}

/**
 * Makes sure `select` offers `value` (shown as `text`, the value itself by default), adding it
 * at the end when missing: a menu must show a value that came from elsewhere (a link, a game).
 * @param {HTMLSelectElement} select
 * @param {string} value
 * @param {string} [text]
 * @returns {void}
 */
export function ensureOption(select, value, text = value) {
  if ([...select.options].some((o) => o.value === value)) return;
  select.appendChild(el('option', { value, text }));
}

/**
 * The × button that closes the sheet `dialog`, labelled by the message `key` (`t` says it).
 * @param {HTMLDialogElement} dialog
 * @param {(key: string) => string} t
 * @param {string} key
 * @returns {HTMLButtonElement}
 */
function closeButton(dialog, t, key) {
  const b = el('button', { type: 'button', class: 'sheet-close', 'aria-label': t(key), 'data-i18n-aria-label': key, text: '×' });
  b.addEventListener('click', () => dialog.close());
  return b;
}

/**
 * A sheet's head: its title, the message `${name}.title` (following the page's language), and its
 * close button (`${name}.close`); the dialog is labelled by the title.
 * @param {HTMLDialogElement} dialog
 * @param {(key: string) => string} t
 * @param {string} name
 * @returns {{head: HTMLDivElement, close: HTMLButtonElement}}
 */
export function sheetHead(dialog, t, name) {
  const id = `${name}-title`;
  const close = closeButton(dialog, t, `${name}.close`);
  dialog.setAttribute('aria-labelledby', id);
  const head = /** @type {HTMLDivElement} */ (el('div', { class: 'sheet-head' }, [el('h2', { id, 'data-i18n': `${name}.title`, text: t(`${name}.title`) }), close]));
  return { head, close };
}

/** The later parts' stylesheet, once asked for: settles when it applies (or could not load). */
let laterStyle = /** @type {Promise<void>|null} */ (null);

/**
 * The stylesheet of the packages the page fetches later (later.css: lib's sheets, learn's,
 * friends' and review's styles), fetched at the first of them; settles when it
 * applies, or could not load (the part then shows unstyled, not never). A page that has it
 * already (the single file, inline; the unbuilt page, linked) does not fetch it again.
 * @returns {Promise<void>}
 */
export function laterStyles() {
  laterStyle ??= new Promise((resolve) => {
    if (document.documentElement.dataset.singleFile === 'true' || document.querySelector('link[rel="stylesheet"][href$="later.css"]')) return resolve();
    // Beside the page, as its own stylesheet is.
    const link = el('link', { rel: 'stylesheet', href: 'later.css' });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
  return laterStyle;
}

/**
 * Shows the sheet `dialog` (modal) once its stylesheet (laterStyles) is there: no visit fetches
 * it before it opens a sheet or another part fetched later.
 * @param {HTMLDialogElement} dialog
 * @returns {Promise<void>}
 */
export async function openSheet(dialog) {
  await laterStyles();
  if (!dialog.open) dialog.showModal();
}

/**
 * A button labelled by the message `key` (`t` says it), which follows the page's language
 * (`data-i18n`); `cls` its class.
 * @param {string} key
 * @param {(key: string) => string} t
 * @param {string} [cls]
 * @returns {HTMLButtonElement}
 */
export function button(key, t, cls = '') {
  return el('button', { type: 'button', class: cls, 'data-i18n': key, text: t(key) });
}
