// Hand-made games shaped like the rules core's state(), for the unit tests of the board's pure
// modules (tests/unit/): moves, pieces, and a small game to change.

/** A plain move from `from` to `to`. */
export const step = (from, to) => ({ text: `${from}-${to}`, points: [from, to], captured: [], kind: 'step' });
/** A capture through `points`, taking the pieces on `captured`. */
export const capture = (points, captured) => ({ text: points.join('x'), points, captured, kind: 'capture' });
/** Pieces of one colour and kind, one on each of `points`. */
export const pieces = (color, kind, ...points) => points.map((point) => ({ point, color, kind }));

/** Blue to move: a sergeant on d2, the captains on e1 and e9, the one move d2-d3; `over` changes it. */
export function game(over = {}) {
  return {
    code: 'start',
    ply: 0,
    side: 'blue',
    captureRequired: false,
    result: null,
    moves: [step('d2', 'd3')],
    board: [...pieces('blue', 'sergeant', 'd2'), ...pieces('blue', 'captain', 'e1'), ...pieces('gray', 'captain', 'e9')],
    lastMove: null,
    ...over,
  };
}
