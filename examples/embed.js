// The example's own script: it drives the boards through their public API and logs every
// event they send (events bubble out of the boards and are composed, so the document hears them).
const play = document.getElementById('play');
const replay = document.getElementById('replay');
const log = document.getElementById('log');

function note(board, type, detail) {
  const li = document.createElement('li');
  li.textContent = `${board.id}: ${type} ${JSON.stringify(detail, (k, v) => (k === 'record' ? undefined : v))}`;
  log.prepend(li);
}

for (const type of ['ready', 'move', 'gameover', 'error', 'thinking', 'puzzle-solved', 'puzzle-failed']) {
  document.addEventListener(type, (e) => {
    if (e.target.localName === 'blue-gray-game') note(e.target, type, e.detail);
  });
}

document.getElementById('new').addEventListener('click', () => play.newGame({ mode: 'ai', side: 'blue', level: 2 }));
document.getElementById('flip').addEventListener('click', () => play.flip());
document.getElementById('undo').addEventListener('click', () => play.undo());
document.getElementById('back').addEventListener('click', () => replay.undo());
document.getElementById('forward').addEventListener('click', () => replay.redo());
const puzzle = document.getElementById('puzzle');
document.getElementById('puzzle-again').addEventListener('click', () =>
  puzzle.newGame({ variant: puzzle.variant, position: puzzle.position, mode: 'puzzle' }),
);
