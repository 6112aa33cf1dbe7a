// Short sounds for a move, a capture, the end of a game and an alert (play/alerts.js), made with the Web Audio API (no
// audio files). Silent until the reader's first gesture on the page, as browsers require, and
// whenever muted.

/**
 * A sound's name.
 * @typedef {'move'|'capture'|'end'|'alert'} SoundName
 */

/**
 * Each sound: notes of [frequency Hz, start s, length s, type], played at `gain`.
 * @type {Readonly<Record<SoundName, {gain: number, notes: [number, number, number, OscillatorType][]}>>}
 */
const SOUNDS = {
  move: { gain: 0.18, notes: [[520, 0, 0.07, 'triangle']] },
  capture: { gain: 0.2, notes: [[330, 0, 0.06, 'square'], [247, 0.07, 0.09, 'square']] },
  end: { gain: 0.16, notes: [[392, 0, 0.12, 'sine'], [494, 0.12, 0.12, 'sine'], [587, 0.24, 0.28, 'sine']] },
  // Two high notes, unlike any move's: heard from another tab, it says the game wants the player.
  alert: { gain: 0.2, notes: [[880, 0, 0.12, 'sine'], [1175, 0.14, 0.2, 'sine']] },
};

export class Sound {
  /**
   * The audio context, made once (undefined where the browser has none or refuses it).
   * @returns {AudioContext|undefined}
   * @private
   */
  _context() {
    if (this._ctx === null) {
      // Older Safari has it only under its prefixed name.
      const AC = globalThis.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (globalThis).webkitAudioContext;
      try {
        this._ctx = AC ? new AC() : undefined;
      } catch {
        this._ctx = undefined;
      }
    }
    return this._ctx;
  }

  /**
   * The audio context; null before it is made, undefined where none can be.
   * @type {AudioContext|null|undefined}
   * @private
   */
  _ctx = null;
  /** @private */ _armed = false;
  muted = false;

  /**
   * Starts listening for the first gesture, after which sounds may play. The audio context is
   * made in that gesture: making it can hold the main thread for a tenth of a second, which must
   * not happen later, as a move is played and the computer starts to think.
   * @param {Document} doc
   */
  arm(doc) {
    const unlock = () => {
      this._armed = true;
      doc.removeEventListener('pointerdown', unlock, true);
      doc.removeEventListener('keydown', unlock, true);
      if (!this.muted) this._context();
    };
    doc.addEventListener('pointerdown', unlock, true);
    doc.addEventListener('keydown', unlock, true);
  }

  /**
   * Plays `name` (move, capture, end or alert) unless muted or before the first gesture.
   * @param {SoundName} name
   */
  play(name) {
    const sound = SOUNDS[name];
    if (!sound || this.muted || !this._armed) return;
    const ctx = this._context();
    if (!ctx) return;
    try {
      const t0 = ctx.currentTime + 0.01;
      for (const [freq, start, length, type] of sound.notes) {
        const osc = ctx.createOscillator();
        const env = ctx.createGain();
        osc.type = type;
        osc.frequency.value = freq;
        env.gain.setValueAtTime(0, t0 + start);
        env.gain.linearRampToValueAtTime(sound.gain, t0 + start + 0.01);
        env.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
        osc.connect(env).connect(ctx.destination);
        osc.start(t0 + start);
        osc.stop(t0 + start + length + 0.02);
      }
    } catch {
      /* sound is a nicety: a browser without it plays silently */
    }
  }
}
