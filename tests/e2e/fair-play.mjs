// What a device's page offers of the engine's help (docs/PLAYING.md, "Fair play"): read the same
// way by the tests of games by link and of live games.

/**
 * The engine's help as the page at `page` offers it: the Hint button, the evaluation's and best
 * line's boxes, the Review button, the sentence that says why they are gone, and what the
 * board's own `hint()` answers (its refusal, or null when it gave a hint).
 * @param {import('playwright-core').Page} page
 */
export async function engineHelp(page) {
  return page.evaluate(async () => {
    const el = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
    let refusal = null;
    try {
      await /** @type {any} */ (window).bluegray.element.hint();
    } catch (e) {
      refusal = /** @type {Error} */ (e).message;
    }
    return {
      hint: !el('hint').hidden,
      evaluation: !el('show-eval').disabled && !el('show-line').disabled,
      review: !el('review').disabled,
      saysWhy: !el('fair-play').hidden,
      refusal,
    };
  });
}

/** What engineHelp() reads while a game against a person is under way. */
export const BARRED = { hint: false, evaluation: false, review: false, saysWhy: true, refusal: 'No engine help while a game against a person is under way: hints, the evaluation and the review come back once it is over.' };
