// The puzzle view's theme chooser: a labelled menu of every puzzle or one theme of those the set
// has (the rules core derives each puzzle's theme from its solution), so that a player can
// practise one idea. puzzle-dialog.js puts it above the puzzle and draws it from the session.
import { el } from '../lib/dom.js';
import * as P from './puzzle-session.js';
import { themeKey } from './puzzle-words.js';
/** @import { Translate } from '../lib/i18n.js' */
/** @import { PuzzleSession } from './puzzle-session.js' */

/**
 * The chooser: `t` says its words, `choose(theme)` is called with the theme the player picks
 * (null: every puzzle). Returns `{box, render(session)}`: the element to put in the view, and
 * the chooser drawn from the session (its words again in the page's language).
 * @param {Translate} t
 * @param {(theme: string|null) => void} choose
 */
export function themeChooser(t, choose) {
  const select = el('select', { id: 'puzzle-theme-choice', class: 'puzzle-theme-choice' });
  const label = el('label', { for: 'puzzle-theme-choice' });
  const box = el('p', { class: 'puzzle-themes' }, [label, select]);
  select.addEventListener('change', () => choose(select.value || null));
  /** What the menu was last drawn from: options are rebuilt only when it changes, keeping focus. */
  let drawn = '';

  return {
    box,
    /** @param {PuzzleSession} session */
    render(session) {
      label.textContent = t('puzzles.themeChoice');
      const options = [
        { value: '', text: t('puzzles.themeAll', { n: session.puzzles.length }) },
        ...P.themes(session).map(({ theme, count }) => ({ value: theme, text: t('puzzles.themeCount', { name: t(themeKey(theme)), n: count }) })),
      ];
      const now = JSON.stringify(options);
      if (now !== drawn) {
        drawn = now;
        select.replaceChildren(...options.map((o) => el('option', { value: o.value, text: o.text })));
      }
      select.value = session.theme || '';
      // One theme (or none) is no choice.
      box.hidden = options.length < 3;
    },
  };
}
