// English: the keyboard shortcuts' list, each shortcut's keys and what it does, fetched when its
// sheet first opens (play/tools.js); its button and title are the page's.
export default {
  messages: {
    'shortcut.undo': 'Take back a move',
    'shortcut.redo': 'Replay a move taken back',
    'shortcut.history': 'Step through the moves played',
    'shortcut.ends': 'Go to the start or the last move',
    'shortcut.variations': 'Go to the previous or next variation',
    'shortcut.flip': 'Turn the board around',
    'shortcut.new': 'Start a new game',
    'shortcut.hint': 'Ask for a hint',
    'shortcut.help': 'Show this list',
    'keys.undo': 'Ctrl+Z',
    'keys.redo': 'Ctrl+Shift+Z or Ctrl+Y',
    'keys.history': '← →',
    'keys.variations': '↑ ↓',
    'keys.ends': 'Home End',
    'keys.flip': 'F',
    'keys.new': 'N',
    'keys.hint': 'H',
    'keys.help': '?',
  },
};
