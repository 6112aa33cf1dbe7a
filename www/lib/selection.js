// What a partial move leads to: the legal moves that start with the points entered so far,
// where the piece can go next and what it has captured so far. Pure functions of the rules
// core's legal move list (each move's `points` and `captured`): nothing here knows the rules.
// The board's interaction (element/interaction.js) and the how-to's figures draw from them.

/** The legal moves whose point list starts with `prefix`. */
export function movesWithPrefix(moves, prefix) {
  return moves.filter(
    (m) => m.points.length >= prefix.length && prefix.every((p, i) => m.points[i] === p),
  );
}

/** Points of the pieces that have a legal move. */
export function movablePoints(moves) {
  return [...new Set(moves.map((m) => m.points[0]))];
}

/** Where the piece can go next after the points entered so far. */
export function nextTargets(moves, prefix) {
  const out = new Set();
  for (const m of movesWithPrefix(moves, prefix)) {
    if (m.points.length > prefix.length) out.add(m.points[prefix.length]);
  }
  return [...out];
}

/** The guards captured by the hops entered so far (from the moves' own captured lists). */
export function capturedSoFar(moves, prefix) {
  const m = movesWithPrefix(moves, prefix)[0];
  if (!m || m.kind !== 'capture') return [];
  return m.captured.slice(0, prefix.length - 1);
}

/** The view of the current selection for draw.js, or null. */
export function selectionView(gs, ui) {
  if (!ui.path) return null;
  return {
    path: ui.path,
    targets: nextTargets(gs.moves, ui.path),
    captured: capturedSoFar(gs.moves, ui.path),
  };
}
