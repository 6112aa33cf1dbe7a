// How long a board waits before a move it plays itself in answer to the person's (a lesson's
// reply, a puzzle's defence): long enough to see one's own move land and the position it leaves,
// short enough not to wait. One pace for lessons, the page's puzzles and the element's puzzle mode.

/** Pause before an answering move, in ms. */
export const REPLY_DELAY_MS = 350;
