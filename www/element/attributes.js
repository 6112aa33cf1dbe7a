// The element's attributes as its board lives with them: all read at once (on joining the page,
// and for a new game), one read again when it changes with what that sets going (a new game,
// other players, another mode, relay or language), what they get wrong said in the board's
// language, and the board's own writes (reflection) not read back as changes. Which attributes
// there are and where each lands in the state is config.js's; a change of one that starts a new
// game waits for the rules core, which says what is valid.
import * as B from './board.js';
import { applyAttribute, applyAttributes, startsGame } from './config.js';
import { settingErrorText, limitsOf, NO_LIMITS } from '../lib/setting-reader.js';
import { loadLanguage } from '../lib/i18n.js';
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { BoardState, BoardResources } from './state.js' */
/** @import { SettingError } from '../lib/settings.js' */
/** @import { MessageParams } from '../lib/i18n.js' */

/**
 * What the attributes ask of their board. `newGame()` queues the game the attributes now
 * describe; `nameFriendGame(game)` gives a game with a friend its id; `tagOwnName()` writes the
 * person's name into their side's tag (game-setup.js); `stopComputer()` and
 * `stopPuzzle()` end what the last players had under way; `syncLive()` joins or leaves the relay
 * as the settings now say; `relabel()` and `describe()` say the board again in its language;
 * `consider()` lets the computer move.
 * @typedef {{
 *   host: HTMLElement,
 *   state(): BoardState,
 *   resources(): BoardResources,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   language(): string,
 *   error(message: string): void,
 *   t(key: string, params?: MessageParams): string,
 *   changed(): void,
 *   newGame(): void,
 *   nameFriendGame(game: CoreGame): void,
 *   tagOwnName(): void,
 *   stopComputer(): void,
 *   stopPuzzle(): void,
 *   syncLive(): void,
 *   relabel(): void,
 *   describe(): void,
 *   consider(): void,
 * }} AttributeBoard
 */

export class Attributes {
  /** @private @type {AttributeBoard} */ _board;

  /** @param {AttributeBoard} board */
  constructor(board) {
    this._board = board;
  }

  /**
   * The attribute `name` changed: read again, and what it sets going.
   * @param {string} name
   */
  changed(name) {
    const b = this._board;
    const r = b.resources();
    if (r.reflecting) return;
    const { state, errors } = applyAttribute(b.state(), name, b.host.getAttribute(name), this.limits());
    b.apply(() => state);
    if (!r.core) return; // read again, and reported, once the rules core is there
    this._report(errors);
    if (startsGame(name)) return b.newGame();
    if (name === 'mode' || name === 'side') {
      b.stopComputer();
      b.apply(B.playersChanged);
    }
    if (name === 'mode') {
      b.stopPuzzle();
      b.apply(B.modeChanged);
      if (r.game) {
        b.nameFriendGame(r.game);
        b.apply(B.withGame, r.game.state());
      }
    }
    if (name === 'player-name') b.tagOwnName();
    if (name === 'mode' || name === 'relay' || name === 'player-name') b.syncLive();
    if (name === 'lang') {
      b.relabel();
      // Said in the fallback language until the table is there, then again.
      loadLanguage(b.language()).then(() => {
        b.relabel();
        b.describe();
        b.changed();
      });
    }
    b.changed();
    b.consider();
  }

  /** What the attributes may say, as the rules core's catalogue has it once it is loaded. */
  limits() {
    const catalogue = this._board.resources().catalogue;
    return catalogue ? limitsOf(catalogue) : NO_LIMITS;
  }

  /**
   * Reads every attribute; `report`: and says what they get wrong.
   * @param {boolean} report
   */
  read(report) {
    const b = this._board;
    const { state, errors } = applyAttributes(b.state(), b.host, this.limits());
    b.apply(() => state);
    if (report) this._report(errors);
  }

  /**
   * What the attributes get wrong, in the board's language.
   * @param {SettingError[]} errors
   */
  settingErrors(errors) {
    return errors.map((e) => settingErrorText((key, params) => this._board.t(key, params), e)).join(' ');
  }

  /**
   * Writes attributes without reading them back as changes.
   * @param {() => void} write
   */
  reflect(write) {
    const r = this._board.resources();
    r.reflecting = true;
    try {
      write();
    } finally {
      r.reflecting = false;
    }
  }

  /** @private @param {SettingError[]} errors */
  _report(errors) {
    if (errors.length) this._board.error(this.settingErrors(errors));
  }
}
