// The variations in the move list, fetched for the first game that has any (play/navigation.js):
// under the row of each move of the game that other moves were tried instead of, one indented
// line per variation, its moves numbered as the game's and each a button naming its place in the
// game's tree (`data-path`, lib/tree.js), like the game's own moves (play/move-list.js, which
// keeps the focus and the current move for all of them). A variation's own variations follow the
// move they replace in parentheses, as records write them.
import { GAP } from '../lib/moves.js';
/** @import { GameState, TreeNode } from '../core/core-types.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * How the list numbers ply `k` (0: the game's first move): its move number, and whether it is
 * the first player's half of its row. The game's first row says where the numbering starts.
 * @param {GameState} gs
 * @param {number} k
 */
function numberOf(gs, k) {
  const row = gs.moveRows[0];
  const offset = k + (row && !row.first ? 1 : 0);
  return { number: (row ? row.number : gs.moveNumber) + Math.floor(offset / 2), first: offset % 2 === 0 };
}

/**
 * Draws the variations of `gs` (its `tree`) into the move list `list` drawn by renderMoveList.
 * @param {HTMLElement} list
 * @param {GameState} gs
 * @param {Translate} t
 */
export function drawVariations(list, gs, t) {
  if (!gs.tree) return;
  const doc = list.ownerDocument;
  /** @type {TreeNode} */
  let node = gs.tree;
  /** @type {Map<Element, Element>} the last block put under each row, to put the next after */
  const after = new Map();
  for (let k = 0; node.children.length; k++) {
    const row = list.querySelector(`[data-ply="${k + 1}"]`)?.closest('li');
    for (let i = 1; row && i < node.children.length; i++) {
      const block = doc.createElement('li');
      block.className = 'variation';
      // A list item holds the group (a list takes no other children).
      const group = doc.createElement('div');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', t('moves.variation'));
      writeLine(group, gs, node.children[i], [...new Array(k).fill(0), i], k, t);
      block.append(group);
      // After the row and the comment of its last move, if it has one (move-list.js).
      (after.get(row) ?? (row.nextElementSibling?.classList.contains('comment') ? row.nextElementSibling : row)).after(block);
      after.set(row, block);
    }
    node = node.children[0];
  }
}

/**
 * Writes the line that starts at `first` (at `path`, ply `k`) into `into`.
 * @param {Element} into
 * @param {GameState} gs
 * @param {TreeNode} first
 * @param {number[]} path
 * @param {number} k
 * @param {Translate} t
 */
function writeLine(into, gs, first, path, k, t) {
  const doc = into.ownerDocument;
  /** @type {TreeNode|undefined} */
  let node = first;
  /** @type {TreeNode|null} the node before, whose other choices follow this one's move */
  let parent = null;
  let numbered = true;
  for (let at = path, ply = k; node; ply++) {
    const { number, first: firstHalf } = numberOf(gs, ply);
    const label = firstHalf ? `${number}.` : `${number}${GAP}`;
    if (firstHalf || numbered) {
      const num = doc.createElement('span');
      num.className = 'num';
      num.textContent = label;
      into.append(num);
    }
    const cell = doc.createElement('button');
    cell.type = 'button';
    cell.className = 'mv';
    cell.tabIndex = -1;
    cell.dataset.path = at.join('.');
    cell.textContent = node.move;
    cell.setAttribute('aria-label', `${label} ${node.move}`);
    into.append(cell);
    if (node.comments?.length) {
      const note = doc.createElement('span');
      note.className = 'comment';
      note.textContent = node.comments.join(' ');
      into.append(note);
    }
    numbered = false;
    // The other moves tried instead of this one, in parentheses after it (the first move's are
    // the caller's).
    for (let i = 1; parent && i < parent.children.length; i++) {
      const inner = doc.createElement('span');
      inner.className = 'subvariation';
      inner.setAttribute('role', 'group');
      inner.setAttribute('aria-label', t('moves.variation'));
      writeLine(inner, gs, parent.children[i], [...at.slice(0, -1), i], ply, t);
      into.append(inner);
      numbered = true;
    }
    parent = node;
    node = node.children[0];
    at = [...at, 0];
  }
}
