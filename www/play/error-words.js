// A rules core's error in every detail for a reader in another language than English. The play
// module, which every first visit fetches, gives its errors their kind (`code`) but not their
// words (`i18n`, crates/bluegray-wasm/src/said.rs, which would cost it 1.8 KB gzip): for a link's
// or a pasted position or variant that the board refused, the page asks the rules core that reads
// records, which has them, the same question again. Fetched for such an error by play/doors.js,
// only for a reader in another language: an English one gets the rules core's own message.
import { loadRecordReader } from '../core/assets.js';
import { DEFAULTS } from '../lib/settings.js';

/**
 * `e`, the board's refusal of a game's `variant` or `position`, with its words when the rules
 * core that reads records can give them; else `e` as it is (another kind of error, words already
 * there, or that core not fetched).
 * @param {unknown} e
 * @param {{variant?: string, position?: string}} asked
 * @returns {Promise<unknown>}
 */
export async function withWords(e, { variant = DEFAULTS.variant, position }) {
  if (typeof e !== 'object' || e === null || 'i18n' in e) return e;
  const { code } = /** @type {{code?: unknown}} */ (e);
  if (code !== 'bad-variant' && (code !== 'bad-position' || position === undefined)) return e;
  try {
    const core = await loadRecordReader();
    const game = position === undefined ? new core.Game(variant) : core.Game.fromCode(variant, position);
    game.free(); // (the same question, answered otherwise: the board's refusal stands as it is)
  } catch (again) {
    const said = /** @type {{code?: unknown, i18n?: unknown}} */ (again);
    if (said && said.code === code && said.i18n) return again;
  }
  return e;
}
