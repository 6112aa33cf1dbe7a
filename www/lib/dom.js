// Building small pieces of the page from script (no HTML strings: nothing to escape, nothing a
// strict CSP would refuse).

/** Sets a DOM property only when it changes: an unchanged page needs no repaint. */
export function setIfChanged(obj, prop, value) {
  if (obj[prop] !== value) obj[prop] = value;
}

/**
 * A new element: `props` set its attributes, except `class` (its class name) and `text` (its
 * text); `children` are appended, falsy ones skipped.
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
 */
export function ensureOption(select, value, text = value) {
  if ([...select.options].some((o) => o.value === value)) return;
  select.appendChild(el('option', { value, text }));
}

/**
 * A board for an exercise in a dialog (a lesson, a puzzle, a mistake to retry): one
 * `<blue-gray-game>` for two players on one board, coordinates shown, locked until the exercise
 * lets the player move; and the box of class `boxClass` that holds it. Returns `{box, board}`.
 */
export function exerciseBoard(boxClass) {
  const board = document.createElement('blue-gray-game');
  board.setAttribute('mode', 'two');
  board.setAttribute('coordinates', 'on');
  board.setAttribute('locked', '');
  return { box: el('div', { class: boxClass }, [board]), board };
}

/** The × button that closes the sheet `dialog`, labelled by the message `key` (`t` says it). */
export function closeButton(dialog, t, key) {
  const b = el('button', { type: 'button', class: 'sheet-close', 'aria-label': t(key), 'data-i18n-aria-label': key, text: '×' });
  b.addEventListener('click', () => dialog.close());
  return b;
}
