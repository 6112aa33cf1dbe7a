// The chat box of a live game, for the two players only: the lines both seats wrote (the board's
// `chat`, each checked against its seat's key by live/live-chat.js), a field to write one, a
// setting that turns chat off on this device (remembered; then nothing is shown and nothing is
// sent) and a mute of the other player in this game (remembered with the game). A watcher's board
// hands on no chat, and the box is not shown to it. A line is a stranger's text: it is shown with
// textContent only. Fetched with the friend part (friends/friends.js), which builds it in the
// friend box; it draws itself from the board's events.
import { el, button, setIfChanged } from '../lib/dom.js';
import { say } from '../lib/i18n.js';
import { webStorage } from '../lib/web-storage.js';
import { byId } from '../play/page-elements.js';
import { MAX_CHAT_TEXT } from '../live/live-chat.js';
/** @import { BlueGrayGameElement } from '../blue-gray-game.js' */

/** Where the page remembers that chat is off (any value), and a game's mute (after its id). */
export const CHAT_OFF_KEY = 'bluegray.chat.off';
export const CHAT_MUTE_PREFIX = 'bluegray.chat.mute.';

/**
 * Builds the chat box at the end of `#friend-box` and keeps it drawn from `board`'s events.
 * @param {Document} doc
 * @param {BlueGrayGameElement} board
 * @param {(key: string) => string} t
 * @param {() => string} lang the page's language
 */
export function buildChat(doc, board, t, lang) {
  const storage = webStorage('localStorage');
  const list = el('ol', { id: 'chat-lines', class: 'chat-lines', 'aria-live': 'polite', 'data-i18n-aria-label': 'friend.chat.lines', 'aria-label': t('friend.chat.lines') });
  const input = el('input', { id: 'chat-input', type: 'text', maxlength: String(MAX_CHAT_TEXT), autocomplete: 'off', 'data-i18n-placeholder': 'friend.chat.placeholder', placeholder: t('friend.chat.placeholder') });
  const label = el('label', { for: 'chat-input', class: 'visually-hidden', 'data-i18n': 'friend.chat.write', text: t('friend.chat.write') });
  const send = el('button', { type: 'submit', id: 'chat-send', 'data-i18n': 'friend.chat.send', text: t('friend.chat.send') });
  const form = el('form', { id: 'chat-form', class: 'chat-form' }, [label, input, send]);
  const off = el('input', { type: 'checkbox', id: 'chat-on' });
  const offLabel = el('label', { class: 'chat-setting' }, [off, el('span', { 'data-i18n': 'friend.chat.on', text: t('friend.chat.on') })]);
  const mute = button('friend.chat.mute', t, 'chat-mute');
  mute.id = 'chat-mute';
  const box = el('section', { id: 'chat-box', class: 'chat-box', hidden: '', 'aria-labelledby': 'chat-title' }, [
    el('h3', { id: 'chat-title', 'data-i18n': 'friend.chat.title', text: t('friend.chat.title') }),
    list,
    form,
    el('div', { class: 'chat-controls' }, [offLabel, mute]),
  ]);
  byId(doc, 'friend-box').append(box);

  const isOff = () => storage.getItem(CHAT_OFF_KEY) !== null;
  const muteKey = () => CHAT_MUTE_PREFIX + (board.gameId ?? '');
  const muted = () => !!board.gameId && storage.getItem(muteKey()) !== null;

  function render() {
    const seat = board.seat;
    const playing = board.settings.mode === 'live' && (seat === 'blue' || seat === 'gray');
    setIfChanged(box, 'hidden', !playing);
    if (!playing) return;
    const on = !isOff();
    setIfChanged(off, 'checked', on);
    setIfChanged(list, 'hidden', !on);
    setIfChanged(form, 'hidden', !on);
    setIfChanged(mute, 'hidden', !on);
    const quiet = muted();
    setIfChanged(mute, 'textContent', say(lang(), { key: quiet ? 'friend.chat.unmute' : 'friend.chat.mute' }));
    setIfChanged(mute.dataset, 'i18n', quiet ? 'friend.chat.unmute' : 'friend.chat.mute');
    mute.setAttribute('aria-pressed', String(quiet));
    const lines = on ? board.chat.filter((l) => !(quiet && l.seat !== seat)) : [];
    // Drawn again only when the lines or the language changed (`change` comes with every move).
    const drawn = JSON.stringify([lang(), seat, lines]);
    if (list.dataset.drawn === drawn) return;
    list.dataset.drawn = drawn;
    list.replaceChildren(
      ...lines.map((l) => {
        const who = el('span', { class: 'chat-seat' });
        who.textContent = say(lang(), { key: l.seat === seat ? 'friend.chat.you' : 'friend.chat.them', params: { side: l.seat } });
        const text = el('span', { class: 'chat-text' });
        text.textContent = l.text;
        return el('li', { class: `chat-line ${l.seat}` }, [who, text]);
      }),
    );
    list.scrollTop = list.scrollHeight;
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (isOff() || !input.value.trim()) return;
    board.say(input.value).then((sent) => {
      if (sent) input.value = '';
    }, () => {});
  });
  off.addEventListener('change', () => {
    if (off.checked) storage.removeItem(CHAT_OFF_KEY);
    else storage.setItem(CHAT_OFF_KEY, '1');
    render();
  });
  mute.addEventListener('click', () => {
    if (!board.gameId) return;
    if (muted()) storage.removeItem(muteKey());
    else storage.setItem(muteKey(), '1');
    render();
  });
  for (const type of ['chat', 'presence', 'change']) board.addEventListener(type, render);
  render();
}
