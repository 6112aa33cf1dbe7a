// The New game form: the rules (a named variant, or the rules by ingredients), who plays, the
// side, the computer's level and think time, and whether two players on one device get the
// engine's help. It shows the settings of the game on the board
// whenever another game starts (from any door), says who moves first and how the chosen rules
// lean between strong players, and offers live games only where a relay carries them. Its
// submit is one of the page's doors: it asks for the game it shows.
import { isRemote } from '../lib/settings.js';
import { rulesOf, describeNamed, fittingText, showSpec } from './variant-picker.js';
import { relayOf } from './page-state.js';
import { offers } from '../core/assets.js';
import { onDemand } from '../lib/on-demand.js';
import { notLoaded } from './context.js';

/**
 * @import { PageContext } from './context.js'
 * @import { GameRequest } from './doors.js'
 */

/**
 * The lessons as the rules picker links to them: the lesson that teaches a rule option (once
 * `ready()` has fetched their catalogue), and opening it.
 * @typedef {{lessonFor: (option: string) => ({id: string, title: string}|null), open: (id: string) => void, ready: () => Promise<boolean>}} LessonLinks
 */

/**
 * The form over the page's context. `lessons()` links each rule of the picker to its lesson
 * (null until the lessons are wired); `start(request)` opens the game the form asks for.
 * @param {PageContext} ctx
 * @param {{start: (request: GameRequest) => void, lessons: () => LessonLinks|null}} parts
 */
export function newGameForm(ctx, { start, lessons }) {
  const { board, $, t } = ctx;
  const select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id));
  /** The ingredient choosers of the rules (ingredients.js), once built. @type {ReturnType<typeof import('./ingredients.js').buildPicker>|null} */
  let picker = null;
  /** The ingredients' box has been opened: its choosers are built (again in another language). */
  let wanted = false;
  const loadPicker = onDemand(() => import('./ingredients.js'));
  /**
   * The code that says rules that change a named variant (rules-words.js), fetched for the
   * first such rules shown or the ingredients' box; until then the menu shows their spec.
   */
  const loadRulesWords = onDemand(() => import('./rules-words.js'));
  /** The rules' words, once fetched. @type {typeof import('./rules-words.js')|null} */
  let rulesWords = null;
  /** The rules' words being fetched, shown in the form once they are there (settled). */
  let saying = /** @type {Promise<void>|null} */ (null);
  /** The board's settings the form last showed (JSON): the form follows a new game. */
  let shownFor = '';

  /** The game the form asks for. @returns {GameRequest} */
  function request() {
    const mode = /** @type {GameRequest['mode']} */ (select('mode').value);
    return {
      from: 'form',
      variant: select('variant').value,
      mode,
      // Only two players on one device choose: against a person elsewhere there is none anyway.
      ...(mode === 'two' && select('help').value === 'none' ? { help: /** @type {const} */ ('none') } : {}),
      side: /** @type {GameRequest['side']} */ (select('side').value),
      level: Number(select('level').value),
      movetime: Number(select('movetime').value),
      clock: select('clock').value,
    };
  }

  /** Shows the settings of the game on the board, once per game (the player's choices made since stay until the next). */
  function follow() {
    const settings = JSON.stringify(board.settings);
    if (settings === shownFor || !board.catalogue) return;
    shownFor = settings;
    sync();
  }

  /** Shows the board's settings in the form. */
  function sync() {
    const s = board.settings;
    if (board.catalogue) showVariant(s.variant);
    select('mode').value = s.mode === 'view' || s.mode === 'analysis' ? 'two' : s.mode;
    select('side').value = s.side;
    select('help').value = s.help;
    select('level').value = String(s.level);
    select('movetime').value = String(s.movetime);
    showClock(s.clock);
    const rules = board.state && board.state.rules;
    if (picker && rules) picker.show(rules);
    updateVisibility();
  }

  /**
   * `spec` in words (a named variant's by variant-picker.js, others by rules-words.js), or null
   * until the words for rules that change a named variant are fetched (asked for now: the form
   * shows them once they are there).
   * @param {import('../core/core-types.js').Catalogue} cat
   * @param {string} spec
   */
  function described(cat, spec) {
    const named = describeNamed(cat, spec, t);
    if (named !== undefined) return named;
    if (rulesWords) return rulesWords.describeSpec(cat, spec, t);
    saying ??= loadRulesWords().then(
      (m) => {
        rulesWords = m;
        showVariant(select('variant').value);
        updateVisibility();
      },
      // Not fetched (offline before the service worker kept it): the spec itself is shown
      // meanwhile, and the next rules shown try again.
      () => {
        saying = null;
      },
    );
    return null;
  }

  /** Resolves once the form says the rules it shows in words (a link's rules that are no named variant: their words fetched). */
  async function settled() {
    await saying;
  }

  /**
   * Shows the rules `spec` in the variant menu: a named variant by its name, any other spec by a
   * name made of its named variant and its changes (as much of it as the menu shows whole).
   * @param {string} spec
   */
  function showVariant(spec) {
    const cat = board.catalogue;
    if (!cat) return;
    const about = described(cat, spec);
    showSpec(select('variant'), cat, spec, about ? fittingText(select('variant'), about.names) : spec);
  }

  /**
   * A time control in the menu's words: none, minutes + seconds, or days a move.
   * @param {string} value
   */
  function clockName(value) {
    if (value === 'none') return t('form.clock.none');
    if (value.endsWith('d')) return t('form.clock.days', { days: Number(value.slice(0, -1)) });
    const [minutes, seconds] = value.split('+');
    return t('form.clock.minutes', { minutes, seconds });
  }

  /**
   * Shows the time control `clock` in the menu, adding it when the menu has no such choice (a
   * link's `0.5+0`).
   * @param {string} clock
   */
  function showClock(clock) {
    const menu = select('clock');
    if (![...menu.options].some((o) => o.value === clock)) menu.add(new Option(clock, clock));
    menu.value = clock;
  }

  /** Shows the rows the chosen mode needs, the rules' descriptions and who moves first. */
  function updateVisibility() {
    // Live games are offered only with a relay to carry them, and where the build can reach one
    // (not the single file: core/assets.js offers).
    const mode = select('mode');
    const live = /** @type {HTMLOptionElement} */ (mode.querySelector('option[value="live"]'));
    live.hidden = live.disabled = !relayOf(ctx.page()) || !offers().live;
    $('open-lobby').hidden = live.disabled;
    if (mode.value === 'live' && live.disabled) mode.value = 'friend';
    const m = mode.value;
    const computer = m === 'ai' || m === 'demo';
    $('side-row').hidden = !(m === 'ai' || isRemote(m));
    $('help-row').hidden = m !== 'two';
    // Against a friend elsewhere the player's name is asked here too (the preferences' field's twin: prefs.js).
    $('name-row').hidden = !isRemote(m);
    $('level-row').hidden = !computer;
    $('movetime-row').hidden = !computer;
    $('clock-row').hidden = !(m === 'ai' || m === 'two' || isRemote(m));
    // Days per move are for games by link, minutes for the modes whose clocks run while the
    // page is open.
    for (const o of select('clock').options) {
      const days = o.value.endsWith('d');
      o.hidden = o.disabled = o.value !== 'none' && days !== (m === 'friend');
      o.textContent = clockName(o.value);
    }
    if (select('clock').selectedOptions[0]?.disabled) select('clock').value = 'none';
    const cat = board.catalogue;
    const spec = select('variant').value;
    // With overrides, the named variant's sentence may no longer hold: say what they change.
    const about = cat && described(cat, spec);
    $('variant-desc').textContent = about ? about.description : '';
    $('variant-balance').textContent = (about && about.balance) || '';
    $('variant-balance').hidden = !(about && about.balance);
    // The side menu says who moves first under these rules.
    const rules = (cat && rulesOf(cat, spec)) || { first: 'blue' };
    for (const o of select('side').options) {
      o.textContent = o.value === rules.first ? t('form.side.first', { side: o.value }) : t(`side.${o.value}`);
    }
  }

  /**
   * Builds the rules by ingredients once the catalogue says what they are and the box has been
   * opened (ingredients.js, fetched then), again in another language; they show the rules the
   * variant menu shows.
   */
  function buildRules() {
    const cat = board.catalogue;
    $('ingredients-box').hidden = !(cat && cat.options);
    if (!cat || !cat.options || !wanted) return;
    Promise.all([loadPicker(), loadRulesWords()]).then(
      ([m, words]) => {
        rulesWords = words;
        picker = m.buildPicker(document, $('ingredients'), cat, t, (/** @type {string|null} */ spec) => {
          if (spec) showVariant(spec);
          updateVisibility();
        }, lessons());
        const rules = rulesOf(cat, select('variant').value) ?? board.state?.rules;
        if (rules) picker.show(rules);
      },
      // Not fetched (offline before the service worker kept it): the next opening tries again.
      (e) => {
        wanted = false;
        ctx.notify(notLoaded('picker.ingredients', e));
      },
    );
  }

  /** Wires the form's controls. */
  function wire() {
    $('new-game-form').addEventListener('submit', (e) => {
      e.preventDefault();
      start(request());
    });
    select('mode').addEventListener('change', updateVisibility);
    $('ingredients-box').addEventListener('toggle', () => {
      if (wanted || !(/** @type {HTMLDetailsElement} */ ($('ingredients-box')).open)) return;
      wanted = true;
      buildRules();
    });
    select('variant').addEventListener('change', () => {
      const cat = board.catalogue;
      const v = cat && cat.variants.find((x) => x.name === select('variant').value);
      if (v && picker) picker.show(v.rules);
      updateVisibility();
    });
    // Level and think time apply at once, to the game in progress too.
    select('level').addEventListener('change', () => board.setAttribute('level', select('level').value));
    select('movetime').addEventListener('change', () => board.setAttribute('movetime', select('movetime').value));
  }

  /** The lessons' catalogue is there: each rule they teach gets its link in the picker, in place. */
  function linkLessons() {
    const links = lessons();
    if (picker && links) picker.linkLessons(links);
  }

  /** Puts the keyboard in the form, to start another game. */
  function focus() {
    $('new-game-form').scrollIntoView({ block: 'nearest' });
    select('variant').focus();
  }

  return { request, follow, settled, sync, updateVisibility, buildRules, linkLessons, wire, focus };
}
