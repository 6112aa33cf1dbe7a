// The opening explorer beside the board: for the position shown (the moves played so far from the
// start of a named variant), each move the engine's games played there (`bluegray explorer`),
// with its games and its shares of wins, draws and losses for the side that played it, most
// played first. A variant's games are a file of its own (dist/explorer/<variant>.txt), fetched at
// the first look at that variant; the teaching module's `explorer` reads it and counts, so that
// no number shown is counted here. A move chosen (click, or Enter on its button) is played where
// the person may move, tried at a position looked at as a move on the board there is (a
// variation), else drawn as an arrow. Fetched, with its messages, at the first opening.
import { loadTeaching, dataFile } from '../core/assets.js';
import { el, button } from '../lib/dom.js';
import { errorText } from '../lib/errors.js';
import { groupDigits } from '../lib/i18n.js';
import { isHuman } from '../lib/settings.js';
import { engineHelpBarred } from '../lib/fair-play.js';
/** @import { PageContext } from '../play/context.js' */
/** @import { ExplorerMove } from '../core/core-types.js' */

/**
 * The explorer's question: the variant's file, the game's start code and the moves to the
 * position shown; or why there is none (a message key).
 * @typedef {{variant: string, start: string, moves: string[]}|{none: string}} Question
 */

/**
 * The explorer's box (`box`, index.html's #explorer-box): `open()` shows it, `render()` follows
 * the board and the language (called with every frame of the panel; it does nothing while
 * neither changed).
 * @param {PageContext} ctx
 * @param {{box: HTMLElement}} parts
 */
export function openingExplorer(ctx, { box }) {
  const { board, t } = ctx;
  const heading = el('h2', { id: 'explorer-title', tabindex: '-1', text: t('explorer.title') });
  const about = el('p', { class: 'desc small', text: t('explorer.about') });
  const status = el('p', { id: 'explorer-status', class: 'desc', 'aria-live': 'polite' });
  const table = el('table', { id: 'explorer-moves', class: 'explorer-moves', 'aria-labelledby': 'explorer-title' });
  const close = button('explorer.close', t);
  box.replaceChildren(heading, about, status, table, close);
  close.addEventListener('click', () => {
    box.hidden = true;
    document.getElementById('open-explorer')?.focus();
  });
  /** What is shown, as a key of the question and the language: '' forces a new look. */
  let shown = '';
  /** Counts the looks, so that an answer that comes after a newer question is dropped. */
  let looks = 0;

  /** @returns {Question} */
  function question() {
    const gs = board.state;
    if (!gs) return { none: 'explorer.loading' };
    if (engineHelpBarred(board.settings, gs)) return { none: 'explorer.barred' };
    const named = board.catalogue?.variants.some((v) => v.name === gs.variant);
    if (!named) return { none: 'explorer.unnamed' };
    // The position on the board: the game's, or one looked at, in the game or in a variation.
    const here = board.shownState ?? gs;
    return { variant: gs.variant, start: gs.start, moves: here.history };
  }

  /** Looks again if the question or the language changed. */
  async function render() {
    if (box.hidden) return;
    const q = question();
    const key = JSON.stringify([ctx.page().lang, q]);
    if (key === shown) return;
    shown = key;
    const look = ++looks;
    heading.textContent = t('explorer.title');
    about.textContent = t('explorer.about');
    close.textContent = t('explorer.close');
    if ('none' in q) return show(null, q.none);
    status.textContent = t('explorer.loading');
    try {
      const teaching = await loadTeaching();
      const text = await dataFile(`explorer/${q.variant}.txt`);
      if (look !== looks) return;
      const moves = teaching.explorer(text, q.start, q.moves);
      if (moves === null) return show(null, 'explorer.unnamed');
      show(moves, moves.length ? (q.moves.length ? 'explorer.after' : 'explorer.atStart') : 'explorer.noGames');
    } catch (e) {
      if (look !== looks) return;
      // A failure (offline before the files were kept) is tried again at the next look; the
      // single file, which leaves the teaching module out, offers no door to the explorer.
      show(null, null);
      shown = '';
      status.textContent = t('explorer.failed', { error: errorText(e, t) });
    }
  }

  /**
   * Shows the moves (none: an empty table, hidden) and the status line `key`.
   * @param {ExplorerMove[]|null} moves
   * @param {string|null} key
   */
  function show(moves, key) {
    // A move played from the table rebuilds it: the focus goes on to the new first move.
    const hadFocus = table.contains(document.activeElement);
    status.textContent = key ? t(key) : '';
    table.hidden = !moves?.length;
    table.replaceChildren();
    if (!moves?.length) {
      if (hadFocus) heading.focus();
      return;
    }
    const lang = ctx.page().lang;
    const pct = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
    const head = el('tr', {}, [
      el('th', { scope: 'col', text: t('explorer.move') }),
      el('th', { scope: 'col', text: t('explorer.games') }),
      el('th', { scope: 'col', text: t('explorer.results') }),
    ]);
    table.append(el('thead', {}, [head]));
    const body = el('tbody');
    for (const m of moves) {
      const shares = [m.wins, m.draws, m.losses].map((n) => pct.format(n / m.games));
      const said = t('explorer.shares', { wins: shares[0], draws: shares[1], losses: shares[2] });
      const play = el('button', { type: 'button', class: 'explorer-move', 'data-move': m.move, text: m.move });
      play.setAttribute('aria-label', t('explorer.playMove', { move: m.move }));
      play.addEventListener('click', () => choose(m.move));
      const bar = el('span', { class: 'explorer-bar', 'aria-hidden': 'true' }, [
        part('win', m.wins),
        part('draw', m.draws),
        part('loss', m.losses),
      ]);
      body.append(
        el('tr', {}, [
          el('th', { scope: 'row' }, [play]),
          el('td', { class: 'explorer-games', text: groupDigits(lang, m.games) }),
          el('td', {}, [bar, el('span', { class: 'explorer-shares', text: said })]),
        ]),
      );
    }
    table.append(body);
    if (hadFocus) table.querySelector('button')?.focus();
  }

  /**
   * One part of a move's bar, as wide as its share (a style set from script: the CSP allows it).
   * @param {'win'|'draw'|'loss'} kind
   * @param {number} n
   */
  function part(kind, n) {
    const s = el('span', { class: `explorer-${kind}` });
    s.style.flexGrow = String(n);
    return s;
  }

  /**
   * Plays `move` where the person may move now; at a position looked at (earlier, or in a
   * variation), tries it there as a move on the board does (a variation, the game unchanged:
   * docs/RULES.md R28); else shows it as an arrow.
   * @param {string} move
   */
  function choose(move) {
    const gs = board.state;
    if (!gs) return;
    try {
      if (board.viewPath !== null) {
        status.textContent = t(board.explore(move) ? 'explorer.tried' : 'explorer.notHere', { move });
      } else if (!gs.result && isHuman(board.settings, gs.side) && !board.thinking) {
        board.play(move);
        status.textContent = t('explorer.played', { move });
      } else if (!gs.result) {
        board.showHint(move);
        status.textContent = t('explorer.shown', { move });
      } else {
        status.textContent = t('explorer.notHere', { move });
      }
    } catch (e) {
      status.textContent = t('explorer.failed', { error: errorText(e, t) });
    }
  }

  return {
    /** Shows the box and looks at the position on the board. */
    open() {
      box.hidden = false;
      shown = '';
      heading.focus();
      return render();
    },
    render,
  };
}
