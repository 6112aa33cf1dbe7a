// Interactive lessons: a position with a goal, checked by the rules core.

/**
 * Wires the lessons: `dialog` (a <dialog>), `openButton`, `offer` (a banner for a first-time
 * visitor), `t(key, params)` (a message in the page's current language) and `storage` (a Web
 * Storage object for remembering progress).
 */
export function initLessons({ dialog, openButton, offer, t, storage }) {
  void offer;
  void storage;
  openButton.addEventListener('click', () => {
    dialog.textContent = t('lessons.title');
    dialog.showModal();
  });
}
