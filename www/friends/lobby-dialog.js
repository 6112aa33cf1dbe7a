// "Open games": the sheet of the lobby on the page's relay (live/lobby.js), fetched with its
// messages at its first opening. It lists the challenges standing, live, newest first and PAGE
// at a time (a "more" button shows the next), each with Play for anyone but its poster: only
// those the page itself could post, whose rules are the New game form's (a named variant of the
// rules core's catalogue, each option at a value the form offers) and whose clock is one of
// LOBBY_CLOCKS (lobby-protocol.js checks that and the rest of their shape); each is shown in the
// page's own words, never the poster's text but its name (lib/player-name.js's rules, shown as
// text), with a count of those listed and the relay's counts of players online and games being
// played. It posts this device's own (rules, a clock, a side or random and a name chosen on the
// sheet, the rules, clock and name kept for next time) or withdraws it. The lobby stays while this device's challenge stands, with the sheet
// closed too; a game it starts opens through the page's one door (play/doors.js) and closes the
// sheet, and a sheet closed with nothing of this device's standing leaves the lobby.
import { el, openSheet } from '../lib/dom.js';
import { otherSide } from '../lib/settings.js';
import { webStorage } from '../lib/web-storage.js';
import { describeSpec } from '../play/rules-words.js';
import { rulesOf } from '../play/variant-picker.js';
import { Lobby } from '../live/lobby.js';
import { LOBBY_CLOCKS } from '../live/lobby-protocol.js';
import { NAME_MAX, keepName, myName } from '../lib/player-name.js';
/**
 * @import { Translate } from '../lib/i18n.js'
 * @import { Catalogue } from '../core/core-types.js'
 * @import { LobbyGame } from '../live/lobby.js'
 * @import { Challenge } from '../live/lobby-protocol.js'
 */

/**
 * What the sheet is given: its `dialog`, the page's `t`, `relay()` (the page's relay, or null),
 * `rules()` and `clock()` (the New game form's rules and time control: the sheet's choice until one is made there), `catalogue()` (the rules core's, to name them),
 * `start(game)` (opens a live game through the page's door; resolves whether it opened),
 * `notify(text)` (the page's notice) and `accepted()` (this device's challenge was accepted: an alert).
 * @typedef {{
 *   dialog: HTMLDialogElement,
 *   t: Translate,
 *   relay: () => string|null,
 *   rules: () => string,
 *   clock: () => string,
 *   catalogue: () => Catalogue|null,
 *   start: (game: LobbyGame) => Promise<boolean>,
 *   notify: (text: string) => void,
 *   accepted?: () => void,
 * }} LobbySheet
 */

/** How many challenges the list shows at first, and how many more each "more" shows. */
const PAGE = 50;
/** How long the list may lag what the lobby heard, so that a burst of challenges is drawn once (ms). */
const DRAW_MS = 50;
/** Where the sheet keeps the clock last chosen on it. */
const CLOCK_KEY = 'bluegray.lobby.clock.v1';
/** Where the sheet keeps the rules last chosen on it. */
const RULES_KEY = 'bluegray.lobby.rules.v1';

/**
 * Whether `spec` names rules the New game form offers: a named variant of the catalogue, with
 * every option at one of the values the form offers for it.
 * @param {Catalogue} catalogue
 * @param {string} spec
 */
export function offeredRules(catalogue, spec) {
  const rules = rulesOf(catalogue, spec);
  return !!rules && catalogue.options.every((o) => o.values.includes(String(rules[o.name])));
}

/** @param {LobbySheet} o */
export function lobbyDialog({ dialog, t, relay, rules, clock, catalogue, start, notify, accepted }) {
  /** @type {Lobby|null} */
  let lobby = null;
  /** What the lobby last said happened (a challenge taken by someone else…): shown until the player acts. */
  let said = '';
  /** How many challenges the list shows now. */
  let shown = PAGE;
  /** A draw is due (DRAW_MS). */
  let due = false;
  const status = el('p', { id: 'lobby-status', class: 'desc', role: 'status' });
  const list = el('ul', { id: 'lobby-list', class: 'lobby-list' });
  const rulesPick = /** @type {HTMLSelectElement} */ (el('select', { id: 'lobby-rules' }));
  const side = /** @type {HTMLSelectElement} */ (el('select', { id: 'lobby-side' }));
  const post = el('button', { id: 'lobby-post', type: 'button', class: 'primary' });
  const withdraw = el('button', { id: 'lobby-withdraw', type: 'button', hidden: '' });
  const more = el('button', { id: 'lobby-more', type: 'button', hidden: '' });
  const clockPick = /** @type {HTMLSelectElement} */ (el('select', { id: 'lobby-clock' }));
  for (const value of LOBBY_CLOCKS) clockPick.append(el('option', { value }));
  const nameField = /** @type {HTMLInputElement} */ (el('input', { id: 'lobby-name', type: 'text', autocomplete: 'nickname', maxlength: String(NAME_MAX * 2) }));
  const count = el('p', { id: 'lobby-count', class: 'desc' });
  const online = el('p', { id: 'lobby-online', class: 'desc' });
  const storage = webStorage('localStorage');
  const posting = el('div', {}, [
    el('div', { class: 'row' }, [el('label', { for: 'lobby-rules', 'data-key': 'lobby.rulesChoice' }), rulesPick]),
    el('div', { class: 'row' }, [el('label', { for: 'lobby-side', 'data-key': 'lobby.side' }), side]),
    el('div', { class: 'row' }, [el('label', { for: 'lobby-clock', 'data-key': 'lobby.clock' }), clockPick]),
    el('div', { class: 'row' }, [el('label', { for: 'lobby-name', 'data-key': 'lobby.name' }), nameField]),
  ]);
  /** The clock chosen on the sheet: the one last chosen there, else the New game form's. */
  const chosenClock = () => clockPick.value;
  /** Keeps `pick`'s choice under `key` for the next opening, and draws the sheet. @param {HTMLSelectElement} pick @param {string} key */
  const remember = (pick, key) =>
    pick.addEventListener('change', () => {
      try {
        storage.setItem(key, pick.value);
      } catch {
        // Not kept: the sheet offers the New game form's choice next time.
      }
      render();
    });
  remember(clockPick, CLOCK_KEY);
  remember(rulesPick, RULES_KEY);
  const heading = el('h2', { 'data-key': 'lobby.title' });
  const about = el('p', { class: 'desc', 'data-key': 'lobby.about' });
  const close = el('form', { method: 'dialog' }, [el('button', { type: 'submit', 'data-key': 'dialog.close' })]);
  dialog.replaceChildren(heading, about, status, count, online, list, more, el('div', { class: 'lobby-post' }, [posting, el('div', { class: 'buttons' }, [post, withdraw])]), close);
  for (const value of ['random', 'blue', 'gray']) side.append(el('option', { value }));

  /**
   * Fills the rules menu: every named variant, and the New game form's rules when they are others
   * the page offers; chosen, the rules last chosen on the sheet, else the form's, else the first.
   */
  function offerRules() {
    const cat = catalogue();
    if (!cat) return;
    const specs = cat.variants.map((v) => v.name).filter((name) => offeredRules(cat, name));
    const form = rules();
    if (offeredRules(cat, form) && !specs.includes(form)) specs.push(form);
    rulesPick.replaceChildren(...specs.map((value) => el('option', { value })));
    const remembered = storage.getItem(RULES_KEY) ?? '';
    rulesPick.value = specs.includes(remembered) ? remembered : specs.includes(form) ? form : specs[0] ?? '';
  }

  /** The rules `spec` by their name in the page's language (the New game form's rules: the page's words). @param {string} spec */
  const rulesName = (spec) => {
    const cat = catalogue();
    const described = cat && describeSpec(cat, spec, t);
    return described ? described.names[0] : spec;
  };

  /** Whether the page could post a game of rules `spec` and clock `control`. @param {string} spec @param {string} control */
  const postable = (spec, control) => {
    const cat = catalogue();
    return !!cat && offeredRules(cat, spec) && LOBBY_CLOCKS.includes(control);
  };

  /** The rules `spec` by their name, with the time control `control` when there is one. @param {string} spec @param {string} control */
  const gameName = (spec, control) => (control && control !== 'none' ? t('lobby.withClock', { rules: rulesName(spec), clock: control }) : rulesName(spec));

  /** The line of a challenge in the list, as whoever sees it would play it. @param {Challenge} c @param {boolean} mine */
  const line = (c, mine) => {
    const name = gameName(c.variant, c.clock);
    if (mine) return t('lobby.yours', { rules: name });
    const entry = c.side === 'random' ? t('lobby.entryRandom', { rules: name }) : t('lobby.entry', { rules: name, side: otherSide(c.side) });
    // The poster's name is put in as text (the list is drawn with textContent), under its rules.
    return c.name ? t('lobby.by', { name: c.name, entry }) : entry;
  };

  /** Draws the sheet from the lobby. */
  function render() {
    for (const node of dialog.querySelectorAll('[data-key]')) node.textContent = t(/** @type {HTMLElement} */ (node).dataset.key ?? '');
    for (const o of side.options) o.textContent = o.value === 'random' ? t('lobby.random') : t(`side.${o.value}`);
    post.textContent = t('lobby.post');
    withdraw.textContent = t('lobby.withdraw');
    if (!rulesPick.options.length) offerRules();
    const l = lobby;
    if (!l) return;
    const mine = l.mine;
    const all = l.challenges.filter((c) => postable(c.variant, c.clock));
    status.textContent =
      said ? said
      : l.state === 'unreachable' ? t('lobby.unreachable', { relay: l.relay })
      : l.state === 'connecting' ? t('lobby.connecting')
      : l.accepting ? t('lobby.accepting')
      : mine ? t('lobby.posted')
      : all.length ? '' : t('lobby.empty');
    status.hidden = !status.textContent;
    // Counted from the retained challenges the relay carries on the lobby's topics (LIVE-PROTOCOL.md).
    count.textContent = l.state === 'connected' ? t('lobby.count', { n: all.length }) : '';
    count.hidden = !count.textContent;
    // The relay's own counts (relay/counts.mjs), once it has said them.
    const relayCounts = l.state === 'connected' ? l.counts : null;
    online.textContent = relayCounts ? t('lobby.online', relayCounts) : '';
    online.hidden = !online.textContent;
    list.replaceChildren(
      ...all.slice(0, shown).map((c) => {
        const own = !!mine && c.game === mine.game;
        const item = el('li', { 'data-poster': c.id, 'data-game': c.game }, [el('span', { text: line(c, own) })]);
        if (!own) {
          const play = el('button', { type: 'button', 'data-accept': c.id, text: t('lobby.accept') });
          /** @type {HTMLButtonElement} */ (play).disabled = !!l.accepting || l.state !== 'connected';
          item.append(play);
        }
        return item;
      }),
    );
    more.hidden = all.length <= shown;
    more.textContent = t('lobby.more', { n: all.length - shown });
    for (const o of rulesPick.options) o.textContent = rulesName(o.value);
    const can = postable(rulesPick.value, chosenClock());
    post.hidden = posting.hidden = !!mine;
    withdraw.hidden = !mine;
    /** @type {HTMLButtonElement} */ (post).disabled = l.state !== 'connected' || !!l.accepting || !can;
  }

  /** Draws the sheet soon: what the lobby hears in a burst is drawn once. */
  function changed() {
    if (due) return;
    due = true;
    setTimeout(() => {
      due = false;
      render();
    }, DRAW_MS);
  }

  /** The lobby on the page's relay (a new one when the relay changed or it was left). */
  function ensureLobby() {
    const r = relay();
    if (lobby && !lobby.closed && lobby.relay === r) return lobby;
    lobby?.close();
    lobby = r
      ? new Lobby({
          relay: r,
          storage: webStorage('localStorage'),
          changed,
          accepted,
          started: (game) => {
            start(game).then(() => (dialog.open ? dialog.close() : leave()));
          },
          notice: (key, params) => {
            said = t(key, params);
            render();
            if (!dialog.open) notify(said);
          },
        })
      : null;
    return lobby;
  }

  post.addEventListener('click', () => {
    said = '';
    const v = /** @type {'random'|'blue'|'gray'} */ (side.value);
    let name;
    try {
      const kept = keepName(nameField.value, storage);
      if (kept.error) {
        said = t(kept.error === 'tooLong' ? 'lobby.nameTooLong' : 'lobby.nameRefused', { max: NAME_MAX });
        render();
        return;
      }
      name = kept.name;
    } catch {
      // Not kept on this device: the name still goes with this challenge.
      name = nameField.value.trim();
    }
    lobby?.post({ variant: rulesPick.value, side: v, clock: chosenClock(), name }).catch((e) => notify(String(e)));
  });
  more.addEventListener('click', () => {
    shown += PAGE;
    render();
  });
  withdraw.addEventListener('click', () => {
    said = '';
    lobby?.withdraw();
  });
  list.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('[data-accept]');
    if (!(b instanceof HTMLElement) || !b.dataset.accept) return;
    said = '';
    lobby?.accept(b.dataset.accept).catch((err) => notify(String(err)));
  });
  /** Leaves the lobby unless something of this device's stands there. */
  function leave() {
    if (lobby && !lobby.busy) {
      lobby.close();
      lobby = null;
    }
  }
  dialog.addEventListener('close', leave);

  async function open() {
    // What was said while the sheet was closed went to the page's notice.
    said = '';
    shown = PAGE;
    const remembered = storage.getItem(CLOCK_KEY) ?? '';
    clockPick.value = LOBBY_CLOCKS.includes(remembered) ? remembered : LOBBY_CLOCKS.includes(clock()) ? clock() : 'none';
    offerRules();
    nameField.value = myName(storage);
    ensureLobby();
    render();
    await openSheet(dialog);
  }

  return { open };
}
